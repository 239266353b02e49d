"""Mail configured from the environment: EMAIL_URL names the club's mail server, DEFAULT_FROM_EMAIL
and SERVER_EMAIL its senders, ADMINS who hears of server errors. Each case starts the settings
module afresh in its own process, with only the variables it names."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SMTP = "django.core.mail.backends.smtp.EmailBackend"
CONSOLE = "django.core.mail.backends.console.EmailBackend"
SHOWN = ("EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD", "EMAIL_USE_TLS",
         "EMAIL_USE_SSL", "EMAIL_TIMEOUT", "DEFAULT_FROM_EMAIL", "SERVER_EMAIL", "ADMINS")
READ = ("from django.conf import settings; import json; "
        f"print(json.dumps({{name: getattr(settings, name) for name in {SHOWN!r}}}))")


def start(tmp_path, **variables: str) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "club.settings", "SECRET_KEY": "k" * 50,
           "SQLITE_PATH": str(tmp_path / "club.sqlite3"), **variables}
    return subprocess.run([sys.executable, "-c", READ], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def settings_with(tmp_path, **variables: str) -> dict:
    done = start(tmp_path, **variables)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_nothing_set_prints_mails_on_the_console(tmp_path):
    found = settings_with(tmp_path)
    assert found["EMAIL_BACKEND"] == CONSOLE
    assert found["DEFAULT_FROM_EMAIL"] == found["SERVER_EMAIL"] == "croupier@yellow-crescent.club"
    assert found["ADMINS"] == []


@pytest.mark.parametrize(("url", "expected"), [
    # STARTTLS on the submission port; a password with "/" and "@" written %-encoded.
    ("smtp+tls://club%40example.org:p%2Fss%40w0rd@mail.example.org:587",
     {"EMAIL_BACKEND": SMTP, "EMAIL_HOST": "mail.example.org", "EMAIL_PORT": 587, "EMAIL_HOST_USER": "club@example.org",
      "EMAIL_HOST_PASSWORD": "p/ss@w0rd", "EMAIL_USE_TLS": True, "EMAIL_USE_SSL": False}),
    # TLS from the first byte; no port named: 465.
    ("smtp+ssl://robot:hunter2@smtp.example.org",
     {"EMAIL_BACKEND": SMTP, "EMAIL_HOST": "smtp.example.org", "EMAIL_PORT": 465, "EMAIL_HOST_USER": "robot",
      "EMAIL_HOST_PASSWORD": "hunter2", "EMAIL_USE_TLS": False, "EMAIL_USE_SSL": True}),
    # django-environ's smtps:// is STARTTLS (port 587 when none is named).
    ("smtps://robot:hunter2@smtp.example.org?timeout=5",
     {"EMAIL_BACKEND": SMTP, "EMAIL_PORT": 587, "EMAIL_USE_TLS": True, "EMAIL_USE_SSL": False, "EMAIL_TIMEOUT": 5}),
    # A relay on the machine itself, without a password.
    ("smtp://127.0.0.1:2525",
     {"EMAIL_BACKEND": SMTP, "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": 2525, "EMAIL_HOST_USER": "",
      "EMAIL_HOST_PASSWORD": "", "EMAIL_USE_TLS": False, "EMAIL_USE_SSL": False, "EMAIL_TIMEOUT": 30}),
    ("consolemail://", {"EMAIL_BACKEND": CONSOLE}),
])
def test_email_url_names_the_mail_server(tmp_path, url, expected):
    found = settings_with(tmp_path, EMAIL_URL=url)
    assert {name: found[name] for name in expected} == expected


def test_email_backend_still_names_the_backend(tmp_path):
    custom = "django.core.mail.backends.filebased.EmailBackend"
    assert settings_with(tmp_path, EMAIL_BACKEND=custom)["EMAIL_BACKEND"] == custom
    found = settings_with(tmp_path, EMAIL_BACKEND=custom, EMAIL_URL="smtp+tls://u:pw@mail.example.org")
    assert (found["EMAIL_BACKEND"], found["EMAIL_HOST"], found["EMAIL_USE_TLS"]) == (custom, "mail.example.org", True)


def test_senders_and_admins(tmp_path):
    found = settings_with(tmp_path, DEFAULT_FROM_EMAIL="Yellow Crescent <club@example.org>",
                          SERVER_EMAIL="errors@example.org",
                          ADMINS="Anna Petrova <anna@example.org>, boris@example.org")
    assert found["DEFAULT_FROM_EMAIL"] == "Yellow Crescent <club@example.org>"
    assert found["SERVER_EMAIL"] == "errors@example.org"
    assert found["ADMINS"] == [["Anna Petrova", "anna@example.org"], ["boris@example.org", "boris@example.org"]]
    # Without SERVER_EMAIL the error mails come from the club's address.
    assert settings_with(tmp_path, DEFAULT_FROM_EMAIL="club@example.org")["SERVER_EMAIL"] == "club@example.org"


@pytest.mark.parametrize(("url", "reason"), [
    ("smpt://robot:Sup3r-s3cret-pw@mail.example.org:587", "its scheme is not one of"),
    # An unencoded "/" in the password: what follows the ":" is no port, and is not repeated.
    ("smtp+tls://robot:Sup3r/s3cret-pw@mail.example.org:587", "its port is not a number"),
    ("smtp+tls://robot:Sup3r-s3cret-pw@:587", "it names no host"),
    ("smtp+ssl://robot:Sup3r-s3cret-pw@mail.example.org?use_tls=1", "both STARTTLS and TLS"),
    ("smtp://robot:Sup3r-s3cret-pw@mail.example.org?timeuot=5", "an option this site does not know"),
    ("mail.example.org", "its scheme is not one of"),
])
def test_a_bad_email_url_stops_the_start_without_repeating_the_password(tmp_path, url, reason):
    done = start(tmp_path, EMAIL_URL=url)
    assert done.returncode != 0
    assert "ImproperlyConfigured: EMAIL_URL is not a mail server address" in done.stderr
    assert reason in done.stderr
    assert "s3cret" not in done.stderr + done.stdout and "Sup3r" not in done.stderr + done.stdout


def test_a_bad_admins_address_stops_the_start(tmp_path):
    done = start(tmp_path, ADMINS="Anna <anna@example.org>, nobody-at-example")
    assert done.returncode != 0
    assert "ADMINS: 'nobody-at-example' is not a mail address" in done.stderr
