"""Pages kept between writes.

A member's page or API list is the same answer until something is written or a few seconds pass,
and members look again far more often than anyone writes. ``PageCacheMiddleware`` keeps each GET
answer in the shared cache under everything the answer may depend on: the data's *generation*,
the member and his session, the language and time zone, the host, the path with its query, the
CSRF cookie, the ``Accept`` and htmx headers, and the time in steps of ``PAGE_CACHE_SECONDS``.

The generation is a counter in the shared cache that every write moves on. Each database
connection runs its statements through ``_watch``; one that writes (INSERT, UPDATE or DELETE on
any table but the sessions' and the database cache's, or any change of schema) moves the
generation at once when it is committed at once, and otherwise marks the connection: its own next
page moves the generation before it looks (that thread sees its own uncommitted rows), and the
commit moves it again once the rows are visible to everyone. A page read between the first move and the commit
is kept under a generation nobody asks for after the commit. What no write announces (the clock,
the shared cache) is bounded by ``PAGE_CACHE_SECONDS``, which is also how long an entry lives.

Only what is safe to replay is kept: GET answers of 200 with HTML or JSON that set no cookie,
changed no session, carry no ``no-store`` and queued no message, for a signed-in member whose
request brings no message to show and no ``Authorization`` header (the API's token is read by the
view, after this middleware). Visitors who are not signed in are answered afresh, and the sign-in
pages, the admin, the health and readiness checks are never kept.
``PAGE_CACHE_SECONDS=0`` turns it off.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time

from django.conf import settings
from django.contrib import messages
from django.core.cache import caches
from django.core.signals import setting_changed
from django.db import connections
from django.db.backends.signals import connection_created
from django.dispatch import receiver
from django.http import HttpResponse
from django.utils import timezone, translation

logger = logging.getLogger(__name__)

GENERATION_KEY = "page-cache:generation"

# Tables whose rows no page shows: the sessions and the database cache (which keeps these pages
# on SQLite). Writing them moves no generation. (The outbox's rows are shown: a tournament's page
# says whether its report is still waiting for the worker.)
QUIET_TABLES = frozenset({"django_session", "club_cache"})

_ROW_WRITE = re.compile(r'\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM|REPLACE\s+INTO)\s+"?([\w.]+)',
                        re.IGNORECASE)
_SCHEMA_WRITE = re.compile(r"\s*(?:TRUNCATE|CREATE|ALTER|DROP)\b", re.IGNORECASE)

KEPT_TYPES = ("text/html", "application/json")


def _shared():
    return caches["default"]


def generation() -> int:
    """The data's generation now (a new one, never used before, when the cache lost it)."""
    cache = _shared()
    value = cache.get(GENERATION_KEY)
    if value is None:
        # Nanoseconds: greater than any generation kept before the counter was lost.
        cache.add(GENERATION_KEY, time.time_ns(), None)
        value = cache.get(GENERATION_KEY)
    return int(value)


_failing = False


def bump() -> None:
    """Moves the generation on: every page kept so far is asked for no more."""
    global _failing
    if settings.PAGE_CACHE_SECONDS <= 0:  # nothing is kept: nothing to move on
        return
    cache = _shared()
    try:
        try:
            cache.incr(GENERATION_KEY)
        except ValueError:  # lost by the cache: start beyond every value it had
            cache.set(GENERATION_KEY, time.time_ns(), None)
    except Exception:  # noqa: BLE001 - a cache that is down (or not made yet) keeps nothing either
        if not _failing:  # said once until it works again (and /ready/ reports the cache)
            logger.info("the page cache's generation could not be moved on", exc_info=True)
        _failing = True
    else:
        _failing = False


def writes(sql: str) -> bool:
    """Whether the statement changes what a page may show."""
    found = _ROW_WRITE.match(sql)
    if found:
        return found.group(1).strip('"').split(".")[-1] not in QUIET_TABLES
    return _SCHEMA_WRITE.match(sql) is not None


def _written(connection) -> None:
    if not connection.in_atomic_block:
        bump()
        return
    connection.page_cache_dirty = True
    if not any(func is bump for _sids, func, _robust in connection.run_on_commit):
        connection.on_commit(bump, robust=True)


def _watch(execute, sql, params, many, context):
    result = execute(sql, params, many, context)
    if isinstance(sql, str) and writes(sql):
        _written(context["connection"])
    return result


@receiver(connection_created)
def watch_connection(sender, connection, **kwargs) -> None:
    if _watch not in connection.execute_wrappers:
        connection.execute_wrappers.append(_watch)


@receiver(setting_changed)
def settings_changed(**kwargs) -> None:
    bump()


def _own_writes_seen() -> None:
    """This thread's uncommitted writes, which its own reads see: a new generation first. (Once
    their transaction has ended, the commit moved the generation, or a rollback left nothing.)"""
    for connection in connections.all(initialized_only=True):
        if getattr(connection, "page_cache_dirty", False):
            connection.page_cache_dirty = False
            if connection.in_atomic_block:
                bump()


class PageCacheMiddleware:
    """Answers a GET from the shared cache when nothing it depends on has changed (see the module's
    text); last in ``MIDDLEWARE``, so every other middleware still sees each request and answer."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        key = self.key(request)
        if key is None:
            return self.get_response(request)
        cache = _shared()
        try:
            kept = cache.get(key)
        except Exception:  # noqa: BLE001 - the shared cache is down: answer without it
            logger.warning("the page cache could not be read", exc_info=True)
            return self.get_response(request)
        if kept is not None:
            request.page_cache = "hit"
            status, headers, content = kept
            return HttpResponse(content, status=status, headers=headers)
        response = self.get_response(request)
        request.page_cache = "miss"
        if self.keepable(request, response):
            try:
                cache.set(key, (response.status_code, list(response.items()), response.content),
                          settings.PAGE_CACHE_SECONDS)
            except Exception:  # noqa: BLE001
                logger.warning("the page cache could not be written", exc_info=True)
        return response

    def key(self, request) -> str | None:
        seconds = settings.PAGE_CACHE_SECONDS
        if seconds <= 0 or request.method != "GET" or "HTTP_AUTHORIZATION" in request.META:
            return None
        if request.path_info.startswith(settings.PAGE_CACHE_SKIP):
            return None
        user = request.user
        if not user.is_authenticated or len(messages.get_messages(request)):
            return None
        _own_writes_seen()
        try:
            current = generation()
        except Exception:  # noqa: BLE001
            logger.warning("the page cache's generation could not be read", exc_info=True)
            return None
        session = getattr(request, "session", None)
        meta = request.META
        parts = [
            int(timezone.now().timestamp() // seconds),
            user.pk,
            json.dumps(dict(session.items()) if session is not None else {}, sort_keys=True, default=str),
            translation.get_language(), timezone.get_current_timezone_name(),
            request.scheme, request.get_host(), request.get_full_path(),
            request.COOKIES.get(settings.CSRF_COOKIE_NAME, ""),
            meta.get("HTTP_ACCEPT", ""),
            sorted((name, value) for name, value in meta.items() if name.startswith("HTTP_HX_")),
        ]
        digest = hashlib.blake2b(json.dumps(parts, default=str).encode(), digest_size=20).hexdigest()
        return f"page:{current}:{digest}"

    @staticmethod
    def keepable(request, response) -> bool:
        if response.status_code != 200 or response.streaming or response.cookies:
            return False
        if not response.get("Content-Type", "").startswith(KEPT_TYPES):
            return False
        if "no-store" in response.get("Cache-Control", ""):
            return False
        session = getattr(request, "session", None)
        if session is not None and session.modified:
            return False
        storage = getattr(request, "_messages", None)
        return not (storage is not None and len(storage))
