"""The names the club's Celery tasks (:mod:`club.tasks`) are registered under.

The services enqueue a task by its name (:func:`club.outbox.enqueue` takes one): the tasks import
the services, so the services must not import the tasks. The names are those Celery gave the tasks
from their module (``club.tasks.<function>``): rows already in the outbox keep working.
"""

INVITATION_SEND = "club.tasks.invitation_send"
REMINDER_WAITLIST_PLACE = "club.tasks.reminder_waitlist_place"
