"""Accounts: email login, private club (signup by invitation only), rate-limited logins,
password reset, and production settings that pass Django's deploy checks."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse

from club import services
from club.models import Member
from tests import factories

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def test_login_with_email(client, plain_member):
    response = client.post(reverse("account_login"), {"login": plain_member.user.email, "password": "pw-12345678"})
    assert response.status_code == 302
    assert client.get(reverse("club:member_list")).status_code == 200


def test_signup_is_closed_without_an_invitation(client):
    response = client.get(reverse("account_signup"))
    assert "closed" in response.content.decode().lower()
    response = client.post(reverse("account_signup"), {"email": "x@example.org", "password1": "Zx9!long-pass",
                                                       "password2": "Zx9!long-pass"})
    assert not Member.objects.filter(user__email="x@example.org").exists()


def test_invitation_opens_signup_and_makes_a_member(client, admin_member):
    dim = factories.dimension()
    invitation = services.invitation_create(actor=admin_member, email="gleep@example.org", display_name="Gleep",
                                            dimension=dim, role="croupier")
    response = client.get(reverse("club:invitation_open", args=[invitation.token]))
    assert response.status_code == 302
    response = client.post(reverse("account_signup"), {"email": "gleep@example.org", "password1": "Zx9!long-pass",
                                                       "password2": "Zx9!long-pass"})
    assert response.status_code == 302, response.content.decode()[:2000]
    member = Member.objects.get(user__email="gleep@example.org")
    assert member.display_name == "Gleep" and member.role == "croupier" and member.dimension == dim
    invitation.refresh_from_db()
    assert invitation.accepted_at is not None
    # The invitation is spent.
    assert client.get(reverse("club:invitation_open", args=[invitation.token])).status_code == 404


def test_only_admins_invite(croupier):
    with pytest.raises(services.Forbidden):
        services.invitation_create(actor=croupier, email="a@example.org", display_name="A",
                                   dimension=factories.dimension())


@override_settings(OPEN_SIGNUP=True)
def test_open_signup_setting(client):
    factories.dimension()
    client.post(reverse("account_signup"), {"email": "open@example.org", "password1": "Zx9!long-pass",
                                            "password2": "Zx9!long-pass"})
    assert Member.objects.filter(user__email="open@example.org", role="member").exists()


@override_settings(LOGIN_RATE_LIMIT="3/m/ip")
def test_failed_logins_are_rate_limited(client, plain_member):
    cache.clear()
    for _ in range(3):
        response = client.post(reverse("account_login"), {"login": plain_member.user.email, "password": "wrong"})
        assert "Too many failed login attempts" not in response.content.decode()
    # Even the right password is refused until the limit has passed.
    response = client.post(reverse("account_login"), {"login": plain_member.user.email, "password": "pw-12345678"})
    assert "Too many failed login attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session
    cache.clear()


def test_password_reset_sends_a_mail(client, plain_member):
    response = client.post(reverse("account_reset_password"), {"email": plain_member.user.email})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and plain_member.user.email in mail.outbox[0].to


def test_check_deploy_is_clean_with_production_variables(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "TESTING", "SECURE_SSL_REDIRECT")}
    env.update({"SECRET_KEY": "x" * 60 + "production-only-secret-0123456789", "ALLOWED_HOSTS": "club.example.org",
                "DEBUG": "0", "SQLITE_PATH": str(tmp_path / "deploy.sqlite3")})
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_secret_key_is_required_when_debug_is_off(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    env["SQLITE_PATH"] = str(tmp_path / "x.sqlite3")
    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
