"""Readiness: can this instance do its work now? The database, the cache, the broker and a live
worker, each checked with a short timeout (a probe must never hang on what it probes).

``/health/`` stays liveness (the process answers); ``/ready/`` is this.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection

from . import outbox
from .celery import HEARTBEAT_KEY, app

PROBE_TIMEOUT = 1.0


def _probe(check: Callable[[], dict[str, Any] | None]) -> dict[str, Any]:
    """Run one check; ``age`` is how old the fact reported is (0 for what was just tried)."""
    start = time.monotonic()
    try:
        extra = check() or {}
    except Exception as error:  # a probe reports every failure, it never raises
        return {"ok": False, "age": 0.0, "error": f"{type(error).__name__}: {error}"[:300]}
    return {"ok": True, "age": 0.0, "latency_ms": round((time.monotonic() - start) * 1000, 1), **extra}


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _cache() -> None:
    key, value = "club:ready-probe", uuid.uuid4().hex
    cache.set(key, value, timeout=30)
    if cache.get(key) != value:
        raise RuntimeError("the cache did not return what was written")


def _broker() -> dict[str, Any] | None:
    if app.conf.task_always_eager:
        return {"in_process": True}
    with app.connection_for_write(connect_timeout=PROBE_TIMEOUT) as conn:
        conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=PROBE_TIMEOUT)
    return None


def _worker() -> dict[str, Any]:
    if app.conf.task_always_eager:
        return {"ok": True, "age": 0.0, "in_process": True}
    try:
        beat = cache.get(HEARTBEAT_KEY)
    except Exception as error:
        return {"ok": False, "age": None, "error": f"{type(error).__name__}: {error}"[:300]}
    if beat is None:
        return {"ok": False, "age": None, "error": "no worker heartbeat"}
    age = round(max(0.0, time.time() - float(beat)), 1)
    return {"ok": age <= settings.WORKER_HEARTBEAT_MAX_AGE, "age": age}


def readiness() -> tuple[bool, dict[str, Any]]:
    checks = {"database": _probe(_database), "cache": _probe(_cache), "broker": _probe(_broker),
              "worker": _worker()}
    ready = all(check["ok"] for check in checks.values())
    if checks["database"]["ok"]:
        # Reported, not judged: a backlog says the relay or the broker lags, and dead messages wait
        # for an admin (Outbox messages in the admin); taking this instance out of service would
        # help neither.
        try:
            waiting, oldest = outbox.backlog()
            checks["outbox"] = {"unsent": waiting, "age": None if oldest is None else round(oldest, 1),
                                "dead": outbox.dead_count()}
        except Exception as error:
            checks["outbox"] = {"error": f"{type(error).__name__}: {error}"[:300]}
    return ready, checks
