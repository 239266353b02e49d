"""The transactional outbox: work for the broker is a row written in the caller's transaction.

:func:`enqueue` writes an :class:`~club.models.OutboxMessage` in the same transaction as the change
that asks for the task, so the task exists exactly when the change does (a rollback leaves neither).
After the commit a short-lived daemon thread tries to publish that row with a short broker
timeout, so a request never waits on the broker; :func:`relay` publishes whatever is still unsent
and is the guarantee (a periodic Celery beat task, and ``manage.py outbox_relay``). Delivery is at
least once (a row published just before a crash is published again), which is why every task is
idempotent.

Without a broker (``CELERY_TASK_ALWAYS_EAGER``) the task runs in-process right after the commit,
as ``delay_on_commit`` did, and its row is marked sent.

A message that fails ``OUTBOX_MAX_ATTEMPTS`` times is dead (a dead letter): the relay no longer
tries it and goes on with the rows after it; ``/ready/`` counts the dead and the admin sends them
again (:func:`outbox_retry`). Sent rows are forgotten after ``OUTBOX_RETENTION_DAYS`` days
(:func:`outbox_prune`, run by beat).
"""

from __future__ import annotations

import json
import logging
import threading
import uuid
from collections.abc import Sequence
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import connections, transaction
from django.db.models import Case, F, Value, When
from django.utils import timezone

from . import access
from .celery import app
from .models import Member, OutboxMessage

logger = logging.getLogger(__name__)

BATCH = 100


def enqueue(task, *args, **kwargs) -> str:
    """Ask for ``task(*args, **kwargs)`` once the current transaction commits; returns the id the
    task will run under. Arguments must be JSON (ids, strings, numbers)."""
    name = task if isinstance(task, str) else task.name
    # Refused here, before the caller's transaction is touched, rather than by the INSERT.
    json.dumps([args, kwargs])
    message = OutboxMessage.objects.create(task=name, task_id=uuid.uuid4(), args=list(args), kwargs=dict(kwargs))
    transaction.on_commit(partial(_after_commit, message.pk, None if isinstance(task, str) else task))
    return str(message.task_id)


def _eager() -> bool:
    return bool(app.conf.task_always_eager)


def _after_commit(pk: int, task) -> None:
    if _eager():
        message = OutboxMessage.objects.get(pk=pk)
        _run_in_process(message, task)
        return
    # Publishing may meet a broker that is down or unreachable; a thread keeps that off the
    # request (or the task) that committed. If the process dies first, the relay sends the row.
    threading.Thread(target=_publish_in_background, args=(pk,), name=f"outbox-{pk}", daemon=True).start()


def _publish_in_background(pk: int) -> None:
    try:
        relay(pks=[pk])
    except Exception:  # the relay will try again; a background thread has no one to report to
        logger.exception("outbox: publishing message %s failed", pk)
    finally:
        connections.close_all()


def _run_in_process(message: OutboxMessage, task=None) -> None:
    """Run the task here (no broker), as ``delay_on_commit`` did: a failing task raises to the
    caller; its row stays unsent with the error."""
    task = task or _task(message.task)
    try:
        task.apply_async(args=message.args, kwargs=message.kwargs, task_id=str(message.task_id))
    except Exception as error:
        _failed(message.pk, error)
        raise
    OutboxMessage.objects.filter(pk=message.pk).update(sent_at=timezone.now(), attempts=F("attempts") + 1)


def _task(name: str):
    if name not in app.tasks:
        app.loader.import_default_modules()
    return app.tasks[name]


def _to_send():
    return OutboxMessage.objects.filter(sent_at__isnull=True, dead_at__isnull=True)


def _failed(pk: int, error: BaseException, *, tried: bool = True) -> None:
    """Record why ``pk`` was not sent; a message that was ``tried`` counts an attempt, and the
    attempt that reaches ``OUTBOX_MAX_ATTEMPTS`` makes it dead."""
    changes = {"last_error": f"{type(error).__name__}: {error}"[:2000]}
    if tried:
        # The condition reads the attempts before this update, in the same statement.
        changes.update(attempts=F("attempts") + 1,
                       dead_at=Case(When(attempts__gte=settings.OUTBOX_MAX_ATTEMPTS - 1, then=Value(timezone.now())),
                                    default=F("dead_at")))
    OutboxMessage.objects.filter(pk=pk).update(**changes)


def relay(*, pks: Sequence[int] | None = None, limit: int = BATCH) -> int:
    """Publish the messages to send (only ``pks`` when given), oldest first; returns how many were
    sent. Stops at the first failure, recording it on that row: the rest would most likely fail the
    same way, and the next run starts again from the oldest. A broker that cannot be reached costs
    the row no attempt; a message the broker refused does, until it is dead and skipped."""
    if _eager():
        return _relay_in_process(pks, limit)
    sent = 0
    while True:
        with transaction.atomic():
            # Rows another relay (or a publishing thread) holds are skipped, not waited for.
            unsent = _to_send().select_for_update(skip_locked=True)
            if pks is not None:
                unsent = unsent.filter(pk__in=pks)
            batch = list(unsent.order_by("pk")[:limit])
            if not batch:
                return sent
            published, error, reached = _publish(batch)
            if published:
                OutboxMessage.objects.filter(pk__in=[m.pk for m in published]).update(
                    sent_at=timezone.now(), attempts=F("attempts") + 1)
            if error is not None:
                _failed(batch[len(published)].pk, error, tried=reached)
        sent += len(published)
        if error is not None:
            logger.warning("outbox: the broker is unreachable (%s); %s message(s) sent", error, sent)
            return sent
        if len(batch) < limit:
            return sent


def _relay_in_process(pks, limit: int) -> int:
    """Without a broker: run each unsent task here, one by one (no lock held while it runs, as the
    task makes its own transactions); a failing task is recorded and the next one runs."""
    unsent = _to_send().order_by("pk")
    if pks is not None:
        unsent = unsent.filter(pk__in=pks)
    sent = 0
    for message in list(unsent[:limit]):
        try:
            _run_in_process(message)
        except Exception:
            logger.exception("outbox: task %s failed in-process", message.task)
            continue
        sent += 1
    return sent


def _publish(batch: Sequence[OutboxMessage]) -> tuple[list[OutboxMessage], BaseException | None, bool]:
    """Publish ``batch`` over one broker connection with a short timeout and no retry (the relay is
    the retry); returns those published, the error that stopped it, if any, and whether the broker
    was reached at all.

    The message is built and sent without ``send_task``: that would first subscribe to the result
    backend, which, with Redis down, retries for about 20 s and then leaves the process's result
    consumer unusable."""
    published: list[OutboxMessage] = []
    reached = False
    try:
        with app.connection_for_write(connect_timeout=settings.OUTBOX_PUBLISH_TIMEOUT) as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0,
                                   timeout=settings.OUTBOX_PUBLISH_TIMEOUT)
            reached = True
            producer = app.amqp.Producer(conn, auto_declare=False)
            for message in batch:
                task_id = str(message.task_id)
                options = app.amqp.router.route({}, message.task, message.args, message.kwargs)
                body = app.amqp.create_task_message(task_id, message.task, message.args, message.kwargs)
                app.amqp.send_task_message(producer, message.task, body, retry=False,
                                           timeout=settings.OUTBOX_PUBLISH_TIMEOUT, **options)
                published.append(message)
    except Exception as error:  # any failure to reach or write to the broker
        return published, error, reached
    return published, None, True


def backlog() -> tuple[int, float | None]:
    """How many messages wait to be sent (the dead do not), and the age in seconds of the oldest."""
    unsent = _to_send()
    oldest = unsent.order_by("pk").values_list("created_at", flat=True).first()
    return unsent.count(), None if oldest is None else (timezone.now() - oldest).total_seconds()


def dead_count() -> int:
    """How many messages were given up after ``OUTBOX_MAX_ATTEMPTS`` failures and wait for an admin."""
    return OutboxMessage.objects.filter(sent_at__isnull=True, dead_at__isnull=False).count()


def outbox_retry(*, actor: Member | None, pks: Sequence[int]) -> int:
    """An admin sends dead messages again: each gets ``OUTBOX_MAX_ATTEMPTS`` new attempts, and the
    relay publishes it on its next run. Returns how many were revived (rows not dead are left)."""
    access.check_admin(actor)
    with transaction.atomic():
        return OutboxMessage.objects.filter(pk__in=list(pks), sent_at__isnull=True, dead_at__isnull=False).update(
            dead_at=None, attempts=0)


def outbox_prune(*, kept_days: int) -> int:
    """Forget the messages sent more than ``kept_days`` days ago; unsent and dead ones stay.
    Returns how many were deleted."""
    cutoff = timezone.now() - timedelta(days=kept_days)
    return OutboxMessage.objects.filter(sent_at__lt=cutoff).delete()[0]
