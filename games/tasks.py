"""Celery tasks of the games app: interfaces that take ids and call a service.

The services enqueue them by name (:mod:`games.task_names`, through :mod:`club.outbox`): the tasks
import the services, never the other way round."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from club.errors import ApplicationError
from club.models import Member

from . import services, task_names
from .models import Deal, Result


@shared_task(acks_late=True, autoretry_for=(OperationalError, InterfaceError), retry_backoff=True, max_retries=5)
def judge_and_submit(deal_id: int, member_id: int, idempotency_key: str) -> dict:
    """Judge a dealt deal and submit the judgement as a draft in the member's name. The
    idempotency key makes a second run return the first submission instead of a duplicate."""
    deal = Deal.objects.select_related("game").get(pk=deal_id)
    member = Member.objects.get(pk=member_id)
    try:
        result = services.result_submit(deal=deal, actor=member, idempotency_key=idempotency_key)
    except ApplicationError as exc:
        # A refusal (a live version, a short deal, no judge) is an answer, not a failure to retry.
        return {"ok": False, "message": exc.message, "extra": exc.extra}
    return {"ok": True, "result": result.pk, "version": result.version}


@shared_task(name=task_names.RESULT_ADVISE, acks_late=True, autoretry_for=(OperationalError, InterfaceError),
             retry_backoff=True, max_retries=5)
def result_advise_task(result_id: int) -> bool:
    """Attach the advisor's suggestions to a judged result (idempotent: stored once)."""
    result = Result.objects.filter(pk=result_id).first()
    if result is None:
        return False
    return services.result_advise(result=result).advice is not None


@shared_task(name="games.receipts_prune", acks_late=True, autoretry_for=(OperationalError, InterfaceError),
             retry_backoff=True, max_retries=5)
def receipts_prune() -> int:
    """Beat, daily: forget the answers to offline taps older than ACTION_RECEIPT_DAYS."""
    return services.receipts_prune(kept_days=settings.ACTION_RECEIPT_DAYS)
