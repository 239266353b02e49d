"""Celery tasks of the tournaments: thin interfaces over the services.

Each takes ids, is idempotent (recomputes from the rows, never increments), acknowledges late
and retries database errors with backoff. Without a broker they run in-process.
"""

from __future__ import annotations

from celery import chord, shared_task
from django.db import InterfaceError, OperationalError

from club import outbox
from club.models import Member

from . import services, task_names
from .models import Table, Tournament

RETRY = {"acks_late": True, "autoretry_for": (OperationalError, InterfaceError), "retry_backoff": True,
         "retry_backoff_max": 30, "retry_jitter": True, "max_retries": 8}


@shared_task(name=task_names.TABLE_RESCORE, **RETRY)
def table_rescore(table_id: int, full: bool = False, then_standings: bool = True) -> int:
    """Rescore one table, then (unless part of a full rescore) the standings of its tournament.

    The standings follow in the same task, each step its own transaction: a round's way to the
    standings takes no second trip through the queue, and a retry repeats both, which is safe as
    both recompute from the rows."""
    rows = services.table_rescore(table_id=table_id, full=full)
    if then_standings:
        tournament_id = Table.objects.filter(pk=table_id).values_list("stage__tournament_id", flat=True).first()
        if tournament_id is not None:
            services.standings_recompute(tournament_id=tournament_id)
    return len(rows)


@shared_task(name=task_names.STANDINGS_RECOMPUTE, **RETRY)
def standings_recompute(tournament_id: int, token: str = "") -> int:
    return len(services.standings_recompute(tournament_id=tournament_id, token=token))


@shared_task(name=task_names.TOURNAMENT_RESCORE, **RETRY)
def tournament_rescore(tournament_id: int, token: str = "") -> str:
    """A full rescore: every table (judging all card play again) in parallel, then the standings,
    which record ``token``. Returns the id of the standings task, so a caller can wait for it."""
    table_ids = list(Table.objects.filter(stage__tournament_id=tournament_id).order_by("pk")
                     .values_list("pk", flat=True))
    after = standings_recompute.si(tournament_id, token)
    if not table_ids:
        return outbox.enqueue(standings_recompute, tournament_id, token)
    return chord([table_rescore.si(pk, True, False) for pk in table_ids])(after).id


@shared_task(name=task_names.STAGE_SEAT, **RETRY)
def stage_seat(tournament_id: int, number: int, method: str, actor_id: int) -> int:
    stage = services.stage_seat(actor=Member.objects.get(pk=actor_id),
                                tournament=Tournament.objects.get(pk=tournament_id), method=method, number=number)
    return stage.pk


@shared_task(name=task_names.RATINGS_RECOMPUTE, **RETRY)
def ratings_recompute() -> int:
    return services.ratings_recompute()


@shared_task(name=task_names.TOURNAMENT_REPORT, **RETRY)
def tournament_report(tournament_id: int) -> int:
    return services.report_generate(tournament_id=tournament_id).pk
