"""Server errors reach the club without a secret: a mail to ADMINS (DEBUG off), and, when
SENTRY_DSN is set, an event for the error tracker that names no member and carries no cookie,
Authorization header, password or token."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import sentry_sdk
from django.core import mail
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import RequestFactory
from sentry_sdk.transport import Transport

from club.error_reports import sentry_init

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.club.error_urls")]

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "Tr0ub4dor-and-3"
PATH_TOKEN = "path-secret-9f3a7c"
QUERY_TOKEN = "query-secret-51be02"
API_TOKEN = "api-secret-0c7d41"
CODE = "918273"
CSRF = "csrfSecret0123456789abcdefABCDEF"


def fail(client, member):
    """A member's failing POST that carries every kind of secret, through the WSGI handler that
    serves the site (and that the error tracker watches)."""
    client.force_login(member.user)
    session = client.cookies["sessionid"].value
    environ = RequestFactory().post(
        f"/failing/{PATH_TOKEN}/?token={QUERY_TOKEN}&page=2",
        {"password": PASSWORD, "recovery_code": CODE, "note": "a plain note"},
        HTTP_AUTHORIZATION=f"Token {API_TOKEN}", HTTP_COOKIE=f"sessionid={session}; csrftoken={CSRF}",
        HTTP_REFERER=f"https://club.example.org/invitations/{PATH_TOKEN}/").environ
    status = []
    # As the test client does: the test's own database connection stays open across the request.
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    try:
        b"".join(WSGIHandler()(environ, lambda line, headers, exc_info=None: status.append(line)))
    finally:
        for signal in (request_started, request_finished):
            signal.connect(close_old_connections)
    assert status == ["500 Internal Server Error"]
    return [PASSWORD, PATH_TOKEN, QUERY_TOKEN, API_TOKEN, CODE, CSRF, session]


def test_a_server_error_mails_the_admins_once_without_a_secret(client, plain_member, settings):
    settings.ADMINS = [("Anna Petrova", "anna@example.org")]
    settings.SERVER_EMAIL = "errors@example.org"
    secrets = fail(client, plain_member)
    [message] = mail.outbox
    assert message.to == ["anna@example.org"] and message.from_email == "errors@example.org"
    report = message.subject + "\n" + message.body
    # The report says what failed, where, and what was posted besides the secrets.
    assert "RuntimeError" in report and "the dealer dropped the deck" in report
    assert "/failing/[secret]/" in message.subject and "a plain note" in report and "page" in report
    for secret in secrets:
        assert secret not in report, secret


def test_no_admins_no_mail(client, plain_member, settings):
    settings.ADMINS = []
    fail(client, plain_member)
    assert mail.outbox == []


class Captured(Transport):
    """The tracker's transport in tests: keeps the events instead of sending them."""

    events: list[dict] = []

    def capture_envelope(self, envelope):
        for item in envelope.items:
            event = item.get_event()
            if event is not None:
                self.events.append(event)


@pytest.fixture
def tracker():
    Captured.events = []
    sentry_init(dsn="https://public@sentry.invalid/1", environment="test", transport=Captured)
    yield Captured.events
    sentry_sdk.get_client().close()
    sentry_sdk.init()  # no DSN: the tracker is off again for the tests that follow


def test_the_trackers_event_names_no_member_and_carries_no_secret(client, plain_member, tracker):
    sentry_sdk.set_user({"id": plain_member.user.pk, "email": plain_member.user.email,
                         "username": plain_member.user.username})
    secrets = fail(client, plain_member)
    sentry_sdk.flush()
    errors = [event for event in tracker if event.get("exception")]
    assert errors, "no error event was captured"
    event = errors[0]
    assert event["exception"]["values"][-1]["value"] == "the dealer dropped the deck"
    assert event["environment"] == "test"
    assert event["user"] == {"id": plain_member.user.pk}
    request = event["request"]
    assert "cookies" not in request and "data" not in request
    assert not {"authorization", "cookie", "x-csrftoken"} & {name.lower() for name in request.get("headers", {})}
    assert "/failing/[secret]/" in request["url"]
    sent = json.dumps(tracker)
    for secret in [*secrets, plain_member.user.email, plain_member.user.username]:
        assert secret not in sent, secret
    assert "@example.org" not in sent


def test_the_tracker_starts_only_with_a_dsn(tmp_path):
    read = ("import django; django.setup(); import sentry_sdk; client = sentry_sdk.get_client(); "
            "print(client.is_active(), client.options['send_default_pii'], client.options['environment'])")
    env = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "club.settings", "SECRET_KEY": "k" * 50,
           "SQLITE_PATH": str(tmp_path / "club.sqlite3")}
    runs = {}
    for name, extra in {"without": {}, "with": {"SENTRY_DSN": "https://public@sentry.invalid/1",
                                                "SENTRY_ENVIRONMENT": "club-staging"}}.items():
        done = subprocess.run([sys.executable, "-c", read], cwd=ROOT, env={**env, **extra}, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        runs[name] = done.stdout.split()
    assert runs["without"][0] == "False"
    assert runs["with"] == ["True", "False", "club-staging"]
