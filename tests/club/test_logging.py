"""Structured logs: every request leaves one line with its method, path, status and duration, and
with LOG_FORMAT=json each record is one JSON object on one line."""

from __future__ import annotations

import io
import json
import logging
import logging.config

import pytest
from django.conf import settings

from club.logging import formatters


@pytest.fixture
def request_log(caplog):
    caplog.set_level(logging.INFO, logger="club.request")
    return caplog


def request_records(caplog):
    return [r for r in caplog.records if r.name == "club.request"]


def test_a_request_is_logged_with_method_path_status_and_duration(client, plain_member, request_log):
    client.force_login(plain_member.user)
    response = client.get("/sessions/?token=secret-in-the-query")
    assert response.status_code == 200
    (record,) = request_records(request_log)
    assert (record.method, record.path, record.status) == ("GET", "/sessions/", 200)
    assert isinstance(record.duration_ms, float) and record.duration_ms >= 0
    assert isinstance(record.cpu_ms, float) and 0 <= record.cpu_ms <= record.duration_ms + 1
    assert record.user == plain_member.user.pk
    assert record.levelno == logging.INFO
    # Invitation and reset links carry secrets in the query: never logged.
    assert "secret-in-the-query" not in record.getMessage()


def test_an_anonymous_request_and_a_miss_are_logged_too(client, db, request_log):
    client.get("/no-such-page/")
    (record,) = request_records(request_log)
    assert (record.path, record.status, record.user) == ("/no-such-page/", 404, None)


def test_the_json_format_writes_one_object_per_line():
    stream = io.StringIO()
    logging.config.dictConfig({
        "version": 1, "disable_existing_loggers": False, "formatters": formatters(),
        "handlers": {"memory": {"class": "logging.StreamHandler", "stream": stream, "formatter": "json"}},
        "loggers": {"club.test_json": {"handlers": ["memory"], "level": "INFO", "propagate": False}},
    })
    logger = logging.getLogger("club.test_json")
    logger.info("GET %s %s", "/rules/", 200, extra={"method": "GET", "status": 200, "duration_ms": 1.5})
    try:
        raise ValueError("boom\nsecond line")
    except ValueError:
        logger.exception("failed")
    lines = stream.getvalue().splitlines()
    assert len(lines) == 2
    first, second = (json.loads(line) for line in lines)
    assert first["message"] == "GET /rules/ 200"
    assert (first["level"], first["logger"], first["status"], first["duration_ms"]) == (
        "INFO", "club.test_json", 200, 1.5)
    assert "time" in first
    assert second["level"] == "ERROR" and "ValueError: boom" in second["exc_info"]


def test_production_logs_are_json_and_the_request_log_comes_first():
    # The test suite runs with DEBUG off, as production does.
    assert settings.LOG_FORMAT == "json"
    assert settings.LOGGING["handlers"]["console"]["formatter"] == "json"
    assert settings.MIDDLEWARE[0] == "club.logging.RequestLogMiddleware"
