"""No error message, log line or API answer repeats a secret: bad passwords, tokens, one-time and
recovery codes and the secrets in calendar, invitation, unsubscribe and reset links are refused
with the field named, in the member's language, and the value nowhere in the answer or the logs."""

import logging
import time

import pytest
from allauth.mfa.models import Authenticator
from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes
from allauth.mfa.totp.internal.auth import TOTP, format_hotp_value, generate_totp_secret, hotp_value
from django import forms
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from pythonjsonlogger.json import JsonFormatter
from rest_framework.test import APIClient

from club import accounts
from club.logging import formatters

pytestmark = pytest.mark.django_db

# What each test sends as a secret: its core must appear nowhere, whatever is added around it.
CORE = "open-sesame-7f3a9c"
BAD_SECRETS = {
    "control character": CORE + "\x01",
    "NUL": CORE + "\x00",
    "escape": "\x1b" + CORE,
    "over-long": CORE + "x" * 5000,
}
EN_ERROR = "contains a control character"
RU_ERROR = "содержит управляющий символ"


@pytest.fixture(autouse=True)
def _fresh_limits():
    # The sign-in limits and the used two-factor codes live in the cache.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def logs(caplog):
    """Every line the site logs during the test, as the site writes it (JSON and text) and as a
    handler reads the record; the site's request line included."""
    caplog.set_level(logging.INFO)
    caplog.set_level(logging.INFO, logger="club.request")
    site = formatters()
    json_format = JsonFormatter(**{k: v for k, v in site["json"].items() if k != "()"})
    text_format = logging.Formatter(site["text"]["format"])

    def text() -> str:
        lines = []
        for record in caplog.records:
            lines += [record.getMessage(), json_format.format(record), text_format.format(record)]
            lines += [str(value) for key, value in vars(record).items() if key not in ("request", "msg", "args")]
        return "\n".join(lines)
    return text


def assert_not_repeated(secret: str, *texts: str) -> None:
    for text in texts:
        assert CORE not in text
        assert secret not in text and repr(secret)[1:-1] not in text


def totp_code(secret: str, step: int = 0) -> str:
    return format_hotp_value(hotp_value(secret, int(time.time()) // 30 + step))


def with_totp(member) -> str:
    secret = generate_totp_secret()
    TOTP.activate(member.user, secret)
    RecoveryCodes.activate(member.user)
    return secret


# --- the API token ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["control character", "NUL", "escape"])
@pytest.mark.parametrize("lang,words", [("en", EN_ERROR), ("ru", RU_ERROR)])
def test_a_password_with_a_control_character_is_named_not_repeated(plain_member, logs, kind, lang, words):
    secret = BAD_SECRETS[kind]
    response = APIClient().post("/api/token/", {"username": plain_member.user.email, "password": secret},
                                format="json", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    body = response.json()
    assert body["message"].startswith("password ") and words in body["message"]
    # Beside its field, as a serializer's refusal is, with no value.
    assert body["extra"]["field"] == "password"
    assert body["extra"]["fields"] == {"password": {"errors": [body["message"]]}}
    assert_not_repeated(secret, response.content.decode(), logs())


@pytest.mark.parametrize("field", ["password", "otp"])
def test_an_over_long_secret_is_refused_without_it(plain_member, logs, field):
    secret = BAD_SECRETS["over-long"]
    payload = {"username": plain_member.user.email, "password": "pw-12345678", field: secret}
    response = APIClient().post("/api/token/", payload, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["extra"]["fields"][field]["errors"] and "value" not in body["extra"]["fields"][field]
    assert_not_repeated(secret, response.content.decode(), logs())


def test_an_authenticator_code_with_a_control_character_is_named_not_repeated(plain_member, logs):
    secret = "48\x0291" + CORE
    response = APIClient().post("/api/token/", {"username": plain_member.user.email, "password": "pw-12345678",
                                                "otp": secret}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["extra"]["field"] == "otp" and EN_ERROR in body["message"]
    assert_not_repeated(secret, response.content.decode(), logs())


def test_a_wrong_authenticator_code_is_not_repeated(plain_member, logs):
    secret = with_totp(plain_member)
    wrong = totp_code(secret, step=5)
    response = APIClient().post("/api/token/", {"username": plain_member.user.email, "password": "pw-12345678",
                                                "otp": wrong}, format="json")
    assert response.status_code == 403
    assert response.json()["extra"] == {"field": "otp"}
    assert wrong not in response.content.decode() and wrong not in logs()


def test_an_api_password_field_with_a_control_character_is_named_not_repeated(api_as, admin_member, logs):
    secret = BAD_SECRETS["control character"]
    payload = {"display_name": "Newcomer", "dimension": admin_member.dimension.slug, "sex": "m",
               "email": "new@example.org", "password": secret}
    response = api_as(admin_member).post("/api/members/", payload, format="json")
    assert response.status_code == 400
    assert response.json()["extra"]["fields"]["password"]["errors"]
    assert_not_repeated(secret, response.content.decode(), logs())


def test_a_nested_secret_is_judged_by_its_own_name(api_as, admin_member):
    secret = BAD_SECRETS["control character"]
    payload = {"slug": "calm", "name_en": "x", "name_ru": "x", "phonetic": "x", "auth": {"api_key": secret}}
    response = api_as(admin_member).post("/api/dimensions/", payload, format="json")
    assert response.status_code == 400 and response.json()["extra"]["field"] == "auth.api_key"
    assert_not_repeated(secret, response.content.decode())


def test_a_token_in_the_authorization_header_is_not_repeated(logs):
    secret = "Token " + BAD_SECRETS["control character"]
    response = APIClient().get("/api/sessions/", HTTP_AUTHORIZATION=secret)
    assert response.status_code == 400
    assert response.json()["extra"]["field"] == "Authorization"
    assert_not_repeated(secret, response.content.decode(), logs())


def test_another_members_token_is_not_repeated_when_revoking_it(api_as, plain_member, croupier, logs):
    key = accounts.token_issue(user=croupier.user).key
    response = api_as(plain_member).delete(f"/api/tokens/{key}/")
    assert response.status_code == 404
    body = response.content.decode()
    # The first characters are what the site shows of a token anyway; no more of it.
    assert key[:12] not in body and key[:12] not in logs()


# --- the sign-in, sign-up and password pages -----------------------------------------------------

@pytest.mark.parametrize("lang,words", [("en", EN_ERROR), ("ru", RU_ERROR)])
def test_the_login_page_names_a_bad_password_without_it(plain_member, logs, lang, words):
    secret = BAD_SECRETS["control character"]
    response = Client().post(reverse("account_login"), {"login": plain_member.user.email, "password": secret},
                             HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    page = response.content.decode()
    assert f"password {words}" in page
    assert_not_repeated(secret, page, logs())


def test_an_over_long_password_on_the_login_page_is_not_repeated(plain_member, logs):
    secret = BAD_SECRETS["over-long"]
    response = Client().post(reverse("account_login"), {"login": plain_member.user.email, "password": secret})
    assert response.status_code == 200 and response.context["form"].errors
    assert_not_repeated(secret, response.content.decode(), logs())


@pytest.mark.parametrize("field", ["password1", "password2"])
def test_the_signup_page_names_a_bad_password_without_it(settings, logs, field):
    settings.OPEN_SIGNUP = True
    secret = BAD_SECRETS["control character"]
    data = {"email": "new@example.org", "password1": "pw-12345678", "password2": "pw-12345678", field: secret}
    response = Client().post(reverse("account_signup"), data)
    assert response.status_code == 400 and f"{field} {EN_ERROR}" in response.content.decode()
    assert_not_repeated(secret, response.content.decode(), logs())


@pytest.mark.parametrize("field", ["oldpassword", "password1"])
def test_the_password_change_page_names_a_bad_password_without_it(client_as, plain_member, logs, field):
    secret = BAD_SECRETS["escape"]
    data = {"oldpassword": "pw-12345678", "password1": "pw-new-12345", "password2": "pw-new-12345", field: secret}
    response = client_as(plain_member).post(reverse("account_change_password"), data)
    assert response.status_code == 400 and f"{field} {EN_ERROR}" in response.content.decode()
    assert_not_repeated(secret, response.content.decode(), logs())


def test_a_password_reset_link_with_a_wrong_key_is_not_repeated(plain_member, logs):
    path = f"/accounts/password/reset/key/1-{CORE}/"
    response = Client().get(path)
    assert_not_repeated(CORE, response.content.decode(), logs())


# --- two-factor and recovery codes ----------------------------------------------------------------

def _at_the_code_stage(member) -> Client:
    client = Client()
    response = client.post(reverse("account_login"), {"login": member.user.email, "password": "pw-12345678"})
    assert response["Location"] == reverse("mfa_authenticate")
    return client


@pytest.mark.parametrize("lang,words", [("en", "The code was refused:"), ("ru", "Код не принят:")])
def test_a_wrong_authenticator_code_on_the_page_is_named_not_repeated(plain_member, logs, lang, words):
    secret = with_totp(plain_member)
    wrong = totp_code(secret, step=7)
    client = _at_the_code_stage(plain_member)
    response = client.post(reverse("mfa_authenticate"), {"code": wrong}, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    page = response.content.decode()
    assert words in page and 'id="code-error"' in page
    assert wrong not in page and wrong not in logs()


def test_a_wrong_recovery_code_is_named_not_repeated(plain_member, logs):
    with_totp(plain_member)
    authenticator = Authenticator.objects.get(user=plain_member.user, type=Authenticator.Type.RECOVERY_CODES)
    real = RecoveryCodes(authenticator).get_unused_codes()[0]
    wrong = real[::-1] if real[::-1] != real else real + "0"
    client = _at_the_code_stage(plain_member)
    response = client.post(reverse("mfa_authenticate"), {"code": wrong})
    page = response.content.decode()
    assert "The code was refused:" in page
    assert wrong not in page and wrong not in logs()


def test_a_code_with_a_control_character_is_named_not_repeated(plain_member, logs):
    with_totp(plain_member)
    client = _at_the_code_stage(plain_member)
    secret = "12\x0134" + CORE
    response = client.post(reverse("mfa_authenticate"), {"code": secret})
    assert response.status_code == 400 and f"code {EN_ERROR}" in response.content.decode()
    assert_not_repeated(secret, response.content.decode(), logs())


class CodeForm(forms.Form):
    """A form as allauth's reauthentication and sign-in-by-code forms are: a code in a text box."""

    code = forms.CharField(max_length=64)
    note = forms.CharField(max_length=64)

    def clean(self):
        raise forms.ValidationError({"code": "This code is wrong.", "note": "This note is wrong."})


def test_a_refused_code_is_neither_quoted_nor_drawn_back_into_its_box():
    form = CodeForm(data={"code": "135790", "note": "plain words"})
    assert not form.is_valid()
    page = form.as_div()
    assert "This code is wrong." in page and 'name="code"' in page
    assert "135790" not in page
    # Other fields still show what was typed.
    assert page.count("plain words") == 2


# --- the secrets in addresses -----------------------------------------------------------------------

SECRET_ADDRESSES = [
    f"/calendar/member/{CORE}.ics",
    f"/invitations/{CORE}/",
    f"/mails/unsubscribe/{CORE}/",
    f"/rules/precedents/followed/{CORE}/feed/",
    f"/accounts/confirm-email/{CORE}/",
]


@pytest.mark.parametrize("path", SECRET_ADDRESSES)
def test_a_wrong_secret_address_is_answered_and_logged_without_its_secret(logs, path):
    response = Client().get(path + "?next=/sessions/")
    assert response.status_code in (200, 404)
    assert_not_repeated(CORE, response.content.decode(), logs())
    # The site's own request line still names the address, with the secret written as [secret].
    assert "[secret]" in logs()


@pytest.mark.parametrize("path", SECRET_ADDRESSES[:3])
@pytest.mark.parametrize("lang,words", [("en", EN_ERROR), ("ru", RU_ERROR)])
def test_a_secret_address_with_a_control_character_is_refused_without_its_secret(logs, path, lang, words):
    bad = path.replace(CORE, CORE + "\x01")
    response = Client().get(bad, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    page = response.content.decode()
    assert "path" in page and words in page and "[secret]" in page
    assert_not_repeated(CORE, page, logs())


def test_the_calendar_feed_of_a_member_still_answers_and_logs_without_its_secret(plain_member, logs):
    token = plain_member.calendar_token
    response = Client().get(f"/calendar/member/{token}.ics")
    assert response.status_code == 200 and b"BEGIN:VCALENDAR" in response.content
    assert token not in logs() and "/calendar/member/[secret].ics" in logs()


def test_a_secret_in_the_referer_is_not_repeated(logs):
    # Short enough that the 40 characters a refusal may quote would hold it.
    response = Client().get("/sessions/", HTTP_REFERER="http://t/invitations/k9sesame\x01/?a=b")
    page = response.content.decode()
    assert response.status_code == 400 and "Referer" in page and "http://t/invitations/[secret]/" in page
    assert "k9sesame" not in page and "k9sesame" not in logs()


def test_the_language_switch_still_comes_back_to_an_ordinary_page(client):
    page = client.get("/sessions/?kind=evening").content.decode()
    assert 'name="next" type="hidden" value="/sessions/?kind=evening"' in page


def test_a_path_without_secrets_keeps_the_rulebooks_keys(plain_member):
    from club.redaction import path_without_secrets

    assert path_without_secrets("/rules/some-entry/") == "/rules/some-entry/"
    assert path_without_secrets(f"/calendar/member/{CORE}.ics") == "/calendar/member/[secret].ics"
    assert path_without_secrets(f"/accounts/password/reset/key/1-{CORE}/") == "/accounts/password/reset/key/1-[secret]/"

