"""Every way in shares one limit on failed sign-ins: the login form, the API token, the admin login,
password reset and invitations count against the same account and the same address, and an
account locked on one is locked on all."""

import re

import pytest
from django.conf import settings
from django.core import mail
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from club import services
from club.models import Member
from tests import factories

pytestmark = pytest.mark.django_db

PASSWORD = "pw-12345678"
PER_ACCOUNT = "100/m/ip,3/5m/key"
PER_ADDRESS = "3/m/ip,100/5m/key"
LOCKED = "Too many failed sign-in attempts"


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def token(client, login, password, ip="10.0.0.1"):
    return client.post("/api/token/", {"username": login, "password": password}, format="json", REMOTE_ADDR=ip)


def form_login(client, email, password, ip="10.0.0.1"):
    return client.post(reverse("account_login"), {"login": email, "password": password}, REMOTE_ADDR=ip)


def admin_login(client, login, password, ip="10.0.0.1"):
    return client.post("/admin/login/", {"username": login, "password": password, "next": "/admin/"},
                       REMOTE_ADDR=ip)


@override_settings(LOGIN_RATE_LIMIT=PER_ACCOUNT)
def test_the_right_password_still_gets_a_token_under_the_limit(plain_member):
    api = APIClient()
    for _ in range(2):
        assert token(api, plain_member.user.email, "wrong").status_code == 400
    response = token(api, plain_member.user.email, PASSWORD)
    assert response.status_code == 200 and len(response.json()["token"]) == 64
    # A success does not count against the limit...
    assert token(api, plain_member.user.username, PASSWORD).status_code == 200
    # ...nor wipe the failures before it, so guesses between successes still add up.
    token(api, plain_member.user.username, "wrong")
    assert token(api, plain_member.user.username, PASSWORD).status_code == 429


@override_settings(LOGIN_RATE_LIMIT=PER_ACCOUNT)
def test_api_token_guessing_locks_the_account_from_every_address(plain_member):
    api = APIClient()
    for _ in range(3):
        response = token(api, plain_member.user.email, "guess-0x1f")
        assert response.status_code == 400
        assert "guess-0x1f" not in response.content.decode()
    # The right password from another address: the account is locked.
    response = token(api, plain_member.user.email, PASSWORD, ip="10.0.0.9")
    assert response.status_code == 429
    body = response.json()
    assert set(body) == {"message", "extra"} and body["message"].startswith(LOCKED)
    assert "token" not in body["extra"]
    # The username names the same account as the email.
    assert token(api, plain_member.user.username, PASSWORD, ip="10.0.0.8").status_code == 429
    # Another account from the guessing address is not locked.
    other = factories.member()
    assert token(api, other.user.email, PASSWORD).status_code == 200


@override_settings(LOGIN_RATE_LIMIT=PER_ADDRESS)
def test_api_token_guessing_locks_the_address_for_every_account(plain_member):
    api = APIClient()
    others = [factories.member() for _ in range(3)]
    for other in others:
        assert token(api, other.user.email, "wrong").status_code == 400
    assert token(api, plain_member.user.email, PASSWORD).status_code == 429
    # From another address the same account gets its token.
    assert token(api, plain_member.user.email, PASSWORD, ip="10.0.0.2").status_code == 200


@override_settings(LOGIN_RATE_LIMIT=PER_ACCOUNT)
def test_an_account_locked_on_the_login_form_gets_no_token(client, plain_member):
    for _ in range(3):
        form_login(client, plain_member.user.email, "wrong")
    assert "_auth_user_id" not in client.session
    response = token(APIClient(), plain_member.user.username, PASSWORD, ip="10.0.0.5")
    assert response.status_code == 429
    assert response.json()["message"].startswith(LOCKED)


@override_settings(LOGIN_RATE_LIMIT=PER_ACCOUNT)
def test_api_token_guessing_locks_the_login_form(client, plain_member):
    api = APIClient()
    for _ in range(3):
        token(api, plain_member.user.email, "wrong")
    response = form_login(client, plain_member.user.email, PASSWORD, ip="10.0.0.7")
    assert "Too many failed login attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


@override_settings(LOGIN_RATE_LIMIT=PER_ACCOUNT)
def test_admin_login_is_limited_and_shares_the_lock(client, admin_member):
    user = admin_member.user
    # Under the limit the right password still works.
    for _ in range(2):
        response = admin_login(client, user.username, "wrong")
        assert response.status_code == 200 and "_auth_user_id" not in client.session
    response = admin_login(client, user.username, PASSWORD)
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(user.pk)
    client.logout()
    for _ in range(3):
        admin_login(client, user.username, "wrong")
    # Locked: a form error with status 429 (not a 500), and no session.
    response = admin_login(client, user.username, PASSWORD, ip="10.0.0.3")
    assert response.status_code == 429
    assert LOCKED in response.content.decode() and "<form" in response.content.decode()
    assert "_auth_user_id" not in client.session
    # The email names the same account; the API is locked too.
    assert admin_login(client, user.email, PASSWORD, ip="10.0.0.4").status_code == 429
    assert token(APIClient(), user.email, PASSWORD, ip="10.0.0.4").status_code == 429


@override_settings(LOGIN_RATE_LIMIT=PER_ACCOUNT)
def test_an_account_locked_through_the_api_is_locked_on_the_admin_login(client, admin_member):
    for _ in range(3):
        token(APIClient(), admin_member.user.email, "wrong")
    response = admin_login(client, admin_member.user.username, PASSWORD, ip="10.0.0.6")
    assert response.status_code == 429 and "_auth_user_id" not in client.session


@override_settings(LOGIN_RATE_LIMIT=PER_ADDRESS)
def test_admin_login_guessing_locks_the_address(client, admin_member):
    for _ in range(3):
        admin_login(client, f"nobody{_}@example.org", "wrong")
    assert admin_login(client, admin_member.user.username, PASSWORD).status_code == 429
    assert admin_login(client, admin_member.user.username, PASSWORD, ip="10.0.0.2").status_code == 302


@override_settings(LOGIN_RATE_LIMIT=PER_ACCOUNT,
                   ACCOUNT_RATE_LIMITS={**settings.ACCOUNT_RATE_LIMITS, "reset_password": "100/m/ip,2/m/key"})
def test_password_reset_requests_are_limited_per_account(client, plain_member):
    for _ in range(2):
        response = client.post(reverse("account_reset_password"), {"email": plain_member.user.email})
        assert response.status_code == 302
    response = client.post(reverse("account_reset_password"), {"email": plain_member.user.email},
                           REMOTE_ADDR="10.0.0.2")
    assert response.status_code == 429
    assert len(mail.outbox) == 2


@override_settings(LOGIN_RATE_LIMIT=PER_ACCOUNT)
def test_a_password_reset_lifts_the_lock_everywhere(client, plain_member):
    api = APIClient()
    for _ in range(3):
        token(api, plain_member.user.email, "wrong")
    assert token(api, plain_member.user.email, PASSWORD).status_code == 429
    client.post(reverse("account_reset_password"), {"email": plain_member.user.email})
    link = re.search(r"https?://\S+/password/reset/key/\S+", mail.outbox[-1].body).group(0)
    response = client.get(link, follow=True)
    response = client.post(response.redirect_chain[-1][0], {"password1": "New-pass-9876", "password2": "New-pass-9876"})
    assert response.status_code == 302
    assert token(api, plain_member.user.email, "New-pass-9876").status_code == 200


@override_settings(LOGIN_RATE_LIMIT=PER_ADDRESS)
def test_guessing_invitations_locks_the_address(client, admin_member):
    invitation = services.invitation_create(actor=admin_member, email="gleep@example.org", display_name="Gleep",
                                            dimension=factories.dimension())
    for n in range(3):
        assert client.get(reverse("club:invitation_open", args=[f"guess-{n}"])).status_code == 404
    response = client.get(reverse("club:invitation_open", args=[invitation.token]))
    assert response.status_code == 429 and LOCKED in response.content.decode()
    # The address that guessed is locked for sign-ins too.
    assert token(APIClient(), admin_member.user.email, PASSWORD, ip="127.0.0.1").status_code == 429
    # From another address the invitation opens.
    other = client.__class__()
    assert other.get(reverse("club:invitation_open", args=[invitation.token]),
                     REMOTE_ADDR="10.0.0.2").status_code == 302


@override_settings(LOGIN_RATE_LIMIT=PER_ADDRESS)
def test_an_address_locked_by_sign_ins_cannot_accept_invitations(client, admin_member, plain_member):
    invitation = services.invitation_create(actor=admin_member, email="tanda@example.org", display_name="Tanda",
                                            dimension=factories.dimension())
    api = APIClient()
    for _ in range(3):
        token(api, plain_member.user.email, "wrong", ip="127.0.0.1")
    assert client.get(reverse("club:invitation_open", args=[invitation.token])).status_code == 429
    assert not Member.objects.filter(user__email="tanda@example.org").exists()


def test_an_invitation_token_with_a_nul_byte_is_refused_not_a_server_error(client):
    assert client.get("/invitations/ab%00cd/").status_code in (400, 404)
