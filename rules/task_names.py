"""The names the archive's Celery tasks (:mod:`rules.tasks`) are registered under.

The services enqueue a task by its name (:func:`club.outbox.enqueue` takes one): the tasks import
the services, so the services must not import the tasks. The names are those Celery gave the tasks
from their module (``rules.tasks.<function>``): rows already in the outbox keep working.
"""

PRECEDENT_WHATIF = "rules.tasks.precedent_whatif"
