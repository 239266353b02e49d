"""Logs for running the site for real: one JSON object per line (``LOG_FORMAT=json``, the default
with DEBUG off) or plain text, and one line per request with its method, path, status and duration.

A log shipper reads the JSON lines as they are; the request line is what an access log would say,
written from inside Django so it is the same under gunicorn, runserver or any other server, and
carries the member's user id.
"""

from __future__ import annotations

import logging
import time

request_logger = logging.getLogger("club.request")


def formatters() -> dict:
    """The two formatters both Django's LOGGING and gunicorn's log config use."""
    return {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(levelname)s %(name)s %(message)s",
            "rename_fields": {"levelname": "level", "name": "logger"},
            "timestamp": "time",
        },
        "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    }


class RequestLogMiddleware:
    """Logs every request once it is answered: ``GET /sessions/ 200 12.3ms`` plus the fields
    ``method``, ``path``, ``status``, ``duration_ms``, ``cpu_ms`` (the processor time of the
    request's thread), ``user`` (an id, or null) and ``page_cache`` (``hit`` when the answer came
    from club.page_cache, ``miss`` when it was made and offered to it, null when not). The query
    string is left out: invitation and reset links carry secrets."""

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
            request_logger.log(
                logging.ERROR if status >= 500 else logging.INFO,
                "%s %s %s %.1fms", request.method, request.path, status, duration_ms,
                extra={"method": request.method, "path": request.path, "status": status,
                       "duration_ms": duration_ms, "cpu_ms": cpu_ms,
                       "user": user.pk if user is not None and user.is_authenticated else None,
                       "page_cache": getattr(request, "page_cache", None)},
            )
        return response
