"""Celery tasks of the club app: interfaces that take ids and call a service.

The services enqueue them by name (:mod:`club.task_names`, through :mod:`club.outbox`): the tasks
import the services, never the other way round."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from . import outbox, reminders, services, task_names


@shared_task(name=task_names.INVITATION_SEND, acks_late=True, autoretry_for=(OperationalError, InterfaceError),
             retry_backoff=True, max_retries=5)
def invitation_send(invitation_id: int, site_url: str = "") -> bool:
    """Mail an invitation once; running it again sends nothing more."""
    return services.invitation_mail(invitation_id=invitation_id, site_url=site_url)


@shared_task(name="club.outbox_relay", ignore_result=True, acks_late=False)
def outbox_relay() -> int:
    """Publish the outbox messages a commit's own attempt could not (club.outbox)."""
    return outbox.relay()


@shared_task(name="club.outbox_prune", ignore_result=True, acks_late=True,
             autoretry_for=(OperationalError, InterfaceError), retry_backoff=True, max_retries=3)
def outbox_prune() -> int:
    """Beat, daily: forget the outbox messages sent more than OUTBOX_RETENTION_DAYS days ago."""
    return outbox.outbox_prune(kept_days=settings.OUTBOX_RETENTION_DAYS)


@shared_task(name="club.reminders_due", acks_late=True, autoretry_for=(OperationalError, InterfaceError),
             retry_backoff=True, max_retries=3)
def reminders_due() -> int:
    """Beat's search for the reminders that are due (club.reminders); each goes out once."""
    return reminders.reminders_send_due()


@shared_task(name=task_names.REMINDER_WAITLIST_PLACE, acks_late=True,
             autoretry_for=(OperationalError, InterfaceError), retry_backoff=True, max_retries=5)
def reminder_waitlist_place(rsvp_id: int) -> bool:
    """Tell a member promoted from the waitlist that he has a place; once."""
    return reminders.waitlist_place_send(rsvp_id=rsvp_id)
