"""Logs for running the site for real: one JSON object per line (``LOG_FORMAT=json``, the default
with DEBUG off) or plain text, and one line per request with its method, path, status and duration.

A log shipper reads the JSON lines as they are; the request line is what an access log would say,
written from inside Django so it is the same under gunicorn, runserver or any other server, and
carries the member's user id.
"""

from __future__ import annotations

import logging
import time

from pythonjsonlogger.core import RESERVED_ATTRS

from .redaction import request_path

request_logger = logging.getLogger("club.request")

# Django's loggers whose lines name a request's path (its refusals and errors, "Not Found:
# /calendar/member/….ics", and its CSRF refusals): each gets a SecretsFilter in LOGGING. The
# site's own request line (below) leaves the secrets out itself.
PATH_LOGGERS = ("django.request", "django.security.csrf")


def formatters() -> dict:
    """The two formatters both Django's LOGGING and gunicorn's log config use."""
    return {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(levelname)s %(name)s %(message)s",
            "rename_fields": {"levelname": "level", "name": "logger"},
            "timestamp": "time",
            # Django hands its request object to its log lines; written out, it is the full path
            # with the query, secrets and all. The line's message names the path without them.
            "reserved_attrs": [*RESERVED_ATTRS, "request"],
        },
        "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    }


class SecretsFilter(logging.Filter):
    """Writes the secret a request's address carries (an invitation's, a calendar feed's token, a
    password-reset key) as ``[secret]`` in the lines of the loggers that name a path: on those
    loggers, so every handler (and a test's capture) sees the record without it."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        path = getattr(request, "path", None)
        if isinstance(path, str):
            shown = request_path(request)
            if shown != path:
                # Django writes a path's control characters as escapes (\x01) in its lines.
                pairs = {path: shown, _escaped(path): _escaped(shown)}

                def without(text: str) -> str:
                    for secret, hidden in pairs.items():
                        text = text.replace(secret, hidden)
                    return text

                record.msg = without(str(record.msg))
                if isinstance(record.args, tuple):
                    record.args = tuple(without(arg) if isinstance(arg, str) else arg for arg in record.args)
        return True


def _escaped(text: str) -> str:
    return text.encode("unicode_escape").decode("ascii")


class RequestLogMiddleware:
    """Logs every request once it is answered: ``GET /sessions/ 200 12.3ms`` plus the fields
    ``method``, ``path``, ``status``, ``duration_ms``, ``cpu_ms`` (the processor time of the
    request's thread) and ``user`` (an id, or null). The query string is left out, and the secret
    in an invitation's, a calendar feed's or a reset link's path is written as ``[secret]``
    (club.redaction)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started, started_cpu = time.perf_counter(), time.thread_time()
        response = self.get_response(request)
        duration_ms = round((time.perf_counter() - started) * 1000, 1)
        # The processor time this request's thread used: unlike the duration, it does not grow
        # while the thread waits for the database, another thread or a busy machine.
        cpu_ms = round((time.thread_time() - started_cpu) * 1000, 1)
        if request_logger.isEnabledFor(logging.INFO):
            user = getattr(request, "user", None)
            status = response.status_code
            path = request_path(request)
            request_logger.log(
                logging.ERROR if status >= 500 else logging.INFO,
                "%s %s %s %.1fms", request.method, path, status, duration_ms,
                extra={"method": request.method, "path": path, "status": status,
                       "duration_ms": duration_ms, "cpu_ms": cpu_ms,
                       "user": user.pk if user is not None and user.is_authenticated else None},
            )
        return response
