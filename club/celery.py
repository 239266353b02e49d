"""The Celery app. Without a broker configured, tasks run in-process (eager)."""

import logging
import os
import time

from celery import Celery, bootsteps
from django.conf import settings
from django.core.cache import cache

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")

app = Celery("club")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

HEARTBEAT_KEY = "club:worker-heartbeat"
logger = logging.getLogger(__name__)


class WorkerHeartbeat(bootsteps.StartStopStep):
    """Writes the time in the cache every few seconds while the worker is connected to the broker
    (a consumer step: it stops when the connection is lost and starts again with it), so /ready/
    can tell a live worker from none."""

    requires = {"celery.worker.consumer.tasks:Tasks"}

    def __init__(self, parent, **kwargs):
        super().__init__(parent, **kwargs)
        self.tref = None

    def start(self, parent):
        self.beat()
        self.tref = parent.timer.call_repeatedly(settings.WORKER_HEARTBEAT_INTERVAL, self.beat, priority=10)

    def stop(self, parent):
        if self.tref is not None:
            self.tref.cancel()
            self.tref = None

    shutdown = stop

    @staticmethod
    def beat():
        try:
            cache.set(HEARTBEAT_KEY, time.time(), timeout=None)
        except Exception:  # a cache outage must not stop the worker; /ready/ reports the cache
            logger.warning("the worker heartbeat could not be written", exc_info=True)


app.steps["consumer"].add(WorkerHeartbeat)
