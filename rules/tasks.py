"""Celery tasks of the precedent archive: thin interfaces over the services.

The services enqueue them by name (:mod:`rules.task_names`, through :mod:`club.outbox`): the tasks
import the services, never the other way round."""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError

from . import following, services, task_names
from .models import Precedent


@shared_task(name=task_names.PRECEDENT_WHATIF, acks_late=True, autoretry_for=(OperationalError, InterfaceError),
             retry_backoff=True, max_retries=5)
def precedent_whatif(precedent_id: int) -> int:
    """List the past deals a binding precedent would judge differently; returns their number.
    Idempotent: the service replaces the precedent's impact rows."""
    precedent = Precedent.objects.filter(pk=precedent_id).first()
    if precedent is None:
        return 0
    return len(services.precedent_whatif_compute(precedent=precedent))


@shared_task(name="rules.followed_digests", acks_late=True, autoretry_for=(OperationalError, InterfaceError),
             retry_backoff=True, max_retries=3)
def followed_digests() -> int:
    """Beat's daily mail of followed searches (rules.following); each member's goes out once a
    day, however often it runs."""
    return following.digests_send_due()
