"""Two-factor sign-in (allauth.mfa): a member turns an authenticator app on from the pages, signing in
then asks for its code, a wrong code is refused and counts against the sign-in limit, a recovery
code works once; /api/token/ is no way around it; croupiers and admins are asked to turn it on and,
with CLUB_REQUIRE_MFA_FOR_STAFF, sent to set it up."""

import re
import time

import pytest
from allauth.mfa.models import Authenticator
from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes
from allauth.mfa.totp.internal.auth import TOTP, format_hotp_value, generate_totp_secret, hotp_value
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from club.models import Member

pytestmark = pytest.mark.django_db

PASSWORD = "pw-12345678"
PER_ACCOUNT = "100/m/ip,3/5m/key"
# An inline script: a <script> with no src that is not a JSON data block.
INLINE_SCRIPT = re.compile(r'<script(?![^>]*\b(?:src=|type="application/json"))[^>]*>', re.I)


@pytest.fixture(autouse=True)
def _empty_cache():
    # The login limits and the used TOTP codes live in the cache.
    cache.clear()
    yield
    cache.clear()


def totp_code(secret: str) -> str:
    """The code an authenticator app shows now for ``secret`` (RFC 6238, as allauth checks it)."""
    return format_hotp_value(hotp_value(secret, int(time.time()) // 30))


def with_totp(member: Member) -> str:
    secret = generate_totp_secret()
    TOTP.activate(member.user, secret)
    RecoveryCodes.activate(member.user)
    return secret


def sign_in(client: Client, member: Member, password: str = PASSWORD):
    return client.post(reverse("account_login"), {"login": member.user.email, "password": password})


def signed_in_user(client: Client):
    return client.get(reverse("club:dashboard")).wsgi_request.user


def turn_on_totp(client: Client) -> str:
    """Through the pages: confirm the password, read the secret the page shows, send its code."""
    activate = reverse("mfa_activate_totp")
    response = client.get(activate)
    assert response.status_code == 302 and response["Location"].startswith(reverse("account_reauthenticate"))
    response = client.post(reverse("account_reauthenticate"), {"password": PASSWORD, "next": activate})
    assert response["Location"] == activate
    page = client.get(activate)
    html = page.content.decode()
    secret = re.search(r'id="authenticator_secret"\s+value="([A-Z2-7]+)"', html).group(1)
    assert 'src="data:image/svg+xml;base64,' in html  # the QR code needs no request and no script
    response = client.post(activate, {"code": totp_code(secret)})
    assert response.status_code == 302, response.content.decode()[:500]
    return secret


# --- turning it on and signing in ---------------------------------------------------------------------

def test_a_member_turns_on_totp_from_his_profile_and_sign_in_then_asks_for_the_code(plain_member):
    client = Client()
    sign_in(client, plain_member)
    profile = client.get(reverse("club:profile_edit")).content.decode()
    assert f'href="{reverse("mfa_index")}"' in profile and "Two-factor sign-in is off" in profile

    secret = turn_on_totp(client)
    assert Authenticator.objects.filter(user=plain_member.user, type=Authenticator.Type.TOTP).exists()
    # Recovery codes come with it, for a lost phone.
    assert Authenticator.objects.filter(user=plain_member.user, type=Authenticator.Type.RECOVERY_CODES).exists()
    assert "Two-factor sign-in is on" in client.get(reverse("club:profile_edit")).content.decode()

    client.post(reverse("account_logout"))
    response = sign_in(client, plain_member)
    assert response["Location"] == reverse("mfa_authenticate")
    assert not signed_in_user(client).is_authenticated  # the password alone is not enough
    cache.clear()  # the code used to turn it on was not spent; a fresh window for the sign-in
    response = client.post(reverse("mfa_authenticate"), {"code": totp_code(secret)})
    assert response.status_code == 302
    assert signed_in_user(client) == plain_member.user


def test_a_wrong_activation_code_leaves_two_factor_off(plain_member):
    client = Client()
    sign_in(client, plain_member)
    activate = reverse("mfa_activate_totp")
    client.post(reverse("account_reauthenticate"), {"password": PASSWORD, "next": activate})
    client.get(activate)
    response = client.post(activate, {"code": "000000"})
    assert response.status_code == 200 and "Incorrect code" in response.content.decode()
    assert not Authenticator.objects.filter(user=plain_member.user).exists()


def test_a_wrong_code_is_refused_at_sign_in(plain_member):
    secret = with_totp(plain_member)
    client = Client()
    sign_in(client, plain_member)
    wrong = f"{(int(totp_code(secret)) + 1) % 1_000_000:06d}"
    response = client.post(reverse("mfa_authenticate"), {"code": wrong})
    assert response.status_code == 200 and "Incorrect code" in response.content.decode()
    assert not signed_in_user(client).is_authenticated


@override_settings(LOGIN_RATE_LIMIT=PER_ACCOUNT)
def test_wrong_codes_count_against_the_accounts_sign_in_limit(plain_member):
    secret = with_totp(plain_member)
    client = Client()
    sign_in(client, plain_member)
    for _ in range(3):
        client.post(reverse("mfa_authenticate"), {"code": "000000"})
    # Guessing codes locked the account on every way in, the API token with the right code too.
    response = APIClient().post("/api/token/", {"username": plain_member.user.email, "password": PASSWORD,
                                                "otp": totp_code(secret)}, format="json")
    assert response.status_code == 429


@override_settings(LOGIN_RATE_LIMIT=PER_ACCOUNT)
def test_a_locked_account_is_refused_on_the_code_page_even_with_the_right_code(plain_member):
    secret = with_totp(plain_member)
    client = Client()
    sign_in(client, plain_member)
    for _ in range(3):
        client.post(reverse("mfa_authenticate"), {"code": "000000"})
    response = client.post(reverse("mfa_authenticate"), {"code": totp_code(secret)})
    assert response.status_code == 200 and "Too many failed login attempts" in response.content.decode()
    assert not signed_in_user(client).is_authenticated


@override_settings(LOGIN_RATE_LIMIT=PER_ACCOUNT)
def test_wrong_codes_when_a_member_confirms_himself_count_against_the_limit_too(plain_member):
    secret = with_totp(plain_member)
    client = Client()
    client.force_login(plain_member.user)
    for _ in range(3):
        response = client.post(reverse("mfa_reauthenticate"), {"code": "000000"})
        assert "Incorrect code" in response.content.decode()
    response = client.post(reverse("mfa_reauthenticate"), {"code": totp_code(secret)})
    assert response.status_code == 200 and "Too many failed login attempts" in response.content.decode()
    assert APIClient().post("/api/token/", {"username": plain_member.user.email, "password": PASSWORD},
                            format="json").status_code == 429


def test_a_recovery_code_signs_in_once(plain_member):
    with_totp(plain_member)
    code = RecoveryCodes(Authenticator.objects.get(user=plain_member.user,
                                                   type=Authenticator.Type.RECOVERY_CODES)).get_unused_codes()[0]
    client = Client()
    sign_in(client, plain_member)
    assert client.post(reverse("mfa_authenticate"), {"code": code}).status_code == 302
    assert signed_in_user(client) == plain_member.user

    client.post(reverse("account_logout"))
    sign_in(client, plain_member)
    response = client.post(reverse("mfa_authenticate"), {"code": code})
    assert response.status_code == 200 and "Incorrect code" in response.content.decode()
    assert not signed_in_user(client).is_authenticated


# --- the pages look like the site -------------------------------------------------------------------

@pytest.mark.parametrize(("language", "heading"), [("en", "Two-factor sign-in"),
                                                   ("ru", "Вход с двумя факторами")])
def test_the_two_factor_pages_are_in_the_site_layout_in_both_languages_without_inline_scripts(
        plain_member, language, heading):
    with_totp(plain_member)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    sign_in(client, plain_member)
    stage = client.get(reverse("mfa_authenticate"))
    client.force_login(plain_member.user)
    reauthenticate = client.get(reverse("account_reauthenticate"))
    client.post(reverse("account_reauthenticate"), {"password": PASSWORD})
    pages = [stage, client.get(reverse("mfa_index")), client.get(reverse("mfa_view_recovery_codes")),
             reauthenticate, client.get(reverse("mfa_deactivate_totp"))]
    for page in pages:
        html = page.content.decode()
        assert page.status_code == 200, page.request["PATH_INFO"]
        assert 'class="container"' in html and "css/club.css" in html  # the site's base layout
        assert f'<html lang="{language}">' in html
        assert not INLINE_SCRIPT.search(html) and "style=" not in html, page.request["PATH_INFO"]
    assert heading in pages[0].content.decode() and heading in pages[1].content.decode()


def test_the_profile_link_reads_in_russian(plain_member):
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(plain_member.user)
    html = client.get(reverse("club:profile_edit")).content.decode()
    assert "Вход с двумя факторами" in html and "Two-factor" not in html


# --- the API token --------------------------------------------------------------------------------

def token(login, password, **extra):
    return APIClient().post("/api/token/", {"username": login, "password": password, **extra}, format="json")


def test_a_member_without_two_factor_gets_his_token_with_the_password(plain_member):
    response = token(plain_member.user.email, PASSWORD)
    assert response.status_code == 200 and len(response.json()["token"]) == 64


def test_the_api_token_needs_the_code_when_two_factor_is_on(plain_member):
    secret = with_totp(plain_member)
    response = token(plain_member.user.email, PASSWORD)
    assert response.status_code == 403
    assert response.json()["message"].startswith("Two-factor sign-in is on for this account")
    assert response.json()["extra"] == {"field": "otp"}

    response = token(plain_member.user.email, PASSWORD, otp="12345x")
    assert response.status_code == 403 and "code from the authenticator app is wrong" in response.json()["message"]
    assert "12345x" not in response.content.decode()  # a credential is never repeated
    # Nor is a code too long for the field, refused before it is checked.
    response = token(plain_member.user.email, PASSWORD, otp="9" * 70)
    assert response.status_code == 400 and "9" * 40 not in response.content.decode()

    response = token(plain_member.user.email, PASSWORD, otp=totp_code(secret))
    assert response.status_code == 200 and len(response.json()["token"]) == 64
    # A code is good once: replaying it is refused.
    assert token(plain_member.user.email, PASSWORD, otp=totp_code(secret)).status_code == 403


def test_the_code_does_not_stand_in_for_the_password(plain_member):
    secret = with_totp(plain_member)
    response = token(plain_member.user.email, "wrong", otp=totp_code(secret))
    assert response.status_code == 400 and "password is wrong" in response.json()["message"]


def test_a_recovery_code_is_no_api_code(plain_member):
    with_totp(plain_member)
    code = RecoveryCodes(Authenticator.objects.get(user=plain_member.user,
                                                   type=Authenticator.Type.RECOVERY_CODES)).get_unused_codes()[0]
    assert token(plain_member.user.email, PASSWORD, otp=code).status_code == 403


@override_settings(LOGIN_RATE_LIMIT=PER_ACCOUNT)
def test_wrong_api_codes_count_against_the_sign_in_limit(plain_member):
    secret = with_totp(plain_member)
    for _ in range(3):
        assert token(plain_member.user.email, PASSWORD, otp="000000").status_code == 403
    # Locked now, on the API and on the sign-in page alike, even with the right code.
    response = token(plain_member.user.email, PASSWORD, otp=totp_code(secret))
    assert response.status_code == 429 and "Too many failed sign-in attempts" in response.json()["message"]
    assert "Too many failed login attempts" in sign_in(Client(), plain_member).content.decode()


def test_the_api_message_is_in_russian(plain_member):
    with_totp(plain_member)
    response = APIClient().post("/api/token/", {"username": plain_member.user.email, "password": PASSWORD},
                                format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 403 and "приложения-аутентификатора" in response.json()["message"]


# --- croupiers and admins ---------------------------------------------------------------------------

def test_staff_without_two_factor_see_a_notice_on_the_dashboard(croupier, admin_member, plain_member):
    client = Client()
    for member, nudged in ((croupier, True), (admin_member, True), (plain_member, False)):
        client.force_login(member.user)
        html = client.get(reverse("club:dashboard")).content.decode()
        assert ('id="two-factor-nudge"' in html) is nudged, member.role
    with_totp(croupier)
    client.force_login(croupier.user)
    assert 'id="two-factor-nudge"' not in client.get(reverse("club:dashboard")).content.decode()


def test_staff_sign_in_normally_while_the_setting_is_off(settings, croupier):
    settings.CLUB_REQUIRE_MFA_FOR_STAFF = False
    client = Client()
    response = sign_in(client, croupier)
    assert response["Location"] == reverse("club:dashboard")
    assert client.get(reverse("club:dashboard")).status_code == 200


def test_staff_without_two_factor_are_sent_to_set_it_up_when_required(settings, croupier, admin_member):
    settings.CLUB_REQUIRE_MFA_FOR_STAFF = True
    for member in (croupier, admin_member):
        client = Client()
        response = sign_in(client, member)
        response = client.get(response["Location"])
        assert response.status_code == 302 and response["Location"] == reverse("mfa_activate_totp")
        assert client.get(reverse("club:session_list")).status_code == 302
        # The way to set it up stays open, and once it is on the site opens again.
        turn_on_totp(client)
        assert client.get(reverse("club:dashboard")).status_code == 200


def test_a_fetch_in_the_background_is_refused_and_leaves_the_word_for_the_page_opened(settings, croupier):
    """The service worker fetches a page again to keep it: refused where it stands, it neither
    leaves the word behind nor follows the way to the set-up pages and draws them (which would
    spend the word left for the page the member opens)."""
    settings.CLUB_REQUIRE_MFA_FOR_STAFF = True
    why = "Croupiers and admins sign in with two factors here: set up an authenticator app to go on."
    client = Client()
    sign_in(client, croupier)
    background = client.get(reverse("club:dashboard"), headers={"Sec-Fetch-Mode": "cors"})
    assert background.status_code == 403 and background.content.decode() == why
    assert why not in [str(m) for m in get_messages(background.wsgi_request)]
    opened = client.get(reverse("club:session_list"), headers={"Sec-Fetch-Mode": "navigate"})
    assert opened.status_code == 302
    assert why in [str(m) for m in get_messages(opened.wsgi_request)]


def test_the_service_worker_and_the_manifest_stay_reachable_before_two_factor(settings, croupier):
    settings.CLUB_REQUIRE_MFA_FOR_STAFF = True
    client = Client()
    client.get(sign_in(client, croupier)["Location"])
    assert client.get(reverse("service_worker")).status_code == 200
    assert client.get(reverse("web_manifest")).status_code == 200
    assert client.get(reverse("club:dashboard")).status_code == 302


def test_the_requirement_leaves_members_and_staff_with_two_factor_alone(settings, croupier, plain_member):
    settings.CLUB_REQUIRE_MFA_FOR_STAFF = True
    client = Client()
    sign_in(client, plain_member)
    assert client.get(reverse("club:dashboard")).status_code == 200
    secret = with_totp(croupier)
    client = Client()
    sign_in(client, croupier)
    client.post(reverse("mfa_authenticate"), {"code": totp_code(secret)})
    assert client.get(reverse("club:dashboard")).status_code == 200


def test_the_admin_login_is_no_way_around_two_factor(admin_member):
    secret = with_totp(admin_member)
    client = Client()
    response = client.post("/admin/login/", {"username": admin_member.user.email, "password": PASSWORD,
                                             "next": "/admin/"})
    assert response.status_code == 200 and "Two-factor sign-in is on for this account" in response.content.decode()
    assert not signed_in_user(client).is_authenticated
    # Signed in on the site's page with the code, the admin opens.
    sign_in(client, admin_member)
    client.post(reverse("mfa_authenticate"), {"code": totp_code(secret)})
    assert client.get("/admin/").status_code == 200


def test_the_admin_login_still_takes_a_password_without_two_factor(admin_member):
    client = Client()
    response = client.post("/admin/login/", {"username": admin_member.user.email, "password": PASSWORD,
                                             "next": "/admin/"})
    assert response.status_code == 302 and client.get("/admin/").status_code == 200


def test_a_member_turns_two_factor_off_from_the_pages(plain_member):
    with_totp(plain_member)
    client = Client()
    client.force_login(plain_member.user)
    client.post(reverse("account_reauthenticate"), {"password": PASSWORD})
    page = client.get(reverse("mfa_deactivate_totp")).content.decode()
    assert "data-confirm=" in page  # asks once more
    response = client.post(reverse("mfa_deactivate_totp"))
    assert response.status_code == 302
    assert not Authenticator.objects.filter(user=plain_member.user).exists()
    # Signing in takes the password alone again.
    client = Client()
    assert sign_in(client, plain_member)["Location"] == reverse("club:dashboard")


def test_the_authenticator_app_shows_the_clubs_name(settings, plain_member):
    from urllib.parse import quote

    from allauth.mfa.adapter import get_adapter

    assert settings.MFA_TOTP_ISSUER == settings.CLUB_NAME
    url = get_adapter().build_totp_url(plain_member.user, generate_totp_secret())
    assert url.startswith("otpauth://totp/") and f"issuer={quote(settings.CLUB_NAME)}" in url


def test_a_code_of_the_neighbouring_step_is_taken_and_one_two_steps_away_is_not(plain_member):
    """MFA_TOTP_TOLERANCE = 1: a phone whose clock is up to one 30-second step off still signs in;
    a code two steps old is refused."""
    from allauth.mfa.totp.internal.auth import validate_totp_code

    secret = generate_totp_secret()
    step = int(time.time()) // 30

    def code(offset: int) -> str:
        return format_hotp_value(hotp_value(secret, step + offset))

    with mock_time(step * 30 + 15):
        assert validate_totp_code(secret, code(-1)) and validate_totp_code(secret, code(1))
        assert validate_totp_code(secret, code(0))
        assert not validate_totp_code(secret, code(-2)) and not validate_totp_code(secret, code(2))


def mock_time(at: float):
    from unittest import mock

    return mock.patch("allauth.mfa.totp.internal.auth.time.time", return_value=at)
