"""The names the games' Celery tasks (:mod:`games.tasks`) are registered under.

The services enqueue a task by its name (:func:`club.outbox.enqueue` takes one): the tasks import
the services, so the services must not import the tasks. The names are those Celery gave the tasks
from their module (``games.tasks.<function>``): rows already in the outbox keep working.
"""

RESULT_ADVISE = "games.tasks.result_advise_task"
