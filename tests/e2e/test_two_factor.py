"""A member turns two-factor sign-in on from his profile on a phone, then signs in with his password
and the code of his authenticator app, in English and in Russian, with no page blocked by the
site's content policy."""

from __future__ import annotations

import time

import pytest
from allauth.mfa.models import Authenticator
from allauth.mfa.totp.internal.auth import format_hotp_value, hotp_value
from django.urls import reverse

from club.models import Member
from tests import factories
from tests.e2e.conftest import PHONE

PASSWORD = "pw-12345678"
WORDS = {
    "en": {"link": "Two-factor sign-in", "activate": "Turn on two-factor sign-in", "codes": "Recovery codes",
           "stage": "Two-factor sign-in", "other": "Вход"},
    "ru": {"link": "Вход с двумя факторами", "activate": "Включить вход с двумя факторами",
           "codes": "Коды восстановления", "stage": "Вход с двумя факторами", "other": "Two-factor"},
}


def totp_code(secret: str) -> str:
    return format_hotp_value(hotp_value(secret, int(time.time()) // 30))


def submit(page) -> None:
    with page.expect_navigation():
        page.locator("main form button[type=submit]").first.tap()


def sign_in_with_password(page, base: str, email: str) -> None:
    page.goto(base + reverse("account_login"))
    page.fill("input[name=login]", email)
    page.fill("input[name=password]", PASSWORD)
    submit(page)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_member_turns_on_two_factor_and_signs_in_with_a_code(live_server, browser, lang):
    words = WORDS[lang]
    member = factories.member(display_name=f"Hugh {lang}")
    context = browser.new_context(**PHONE, locale=lang)
    page = context.new_page()
    blocked: list[str] = []
    page.on("console", lambda message: blocked.append(message.text)
            if "Content Security Policy" in message.text else None)

    sign_in_with_password(page, live_server.url, member.user.email)
    page.screenshot(path=f"/tmp/twofactor-{lang}-0-signed-in.png", full_page=True)
    page.goto(live_server.url + reverse("club:profile_edit"))
    page.locator("#two-factor-link").tap()
    page.wait_for_url(f"**{reverse('mfa_index')}")
    page.screenshot(path=f"/tmp/twofactor-{lang}-1-index.png", full_page=True)
    page.locator(f"main a[href='{reverse('mfa_activate_totp')}']").tap()
    # allauth asks for the password again before a new authenticator is added.
    page.wait_for_url("**/reauthenticate/**")
    page.fill("input[name=password]", PASSWORD)
    submit(page)
    page.wait_for_url(f"**{reverse('mfa_activate_totp')}")
    assert words["activate"] in page.inner_text("h1")
    secret = page.input_value("#authenticator_secret")
    assert page.locator("main img[src^='data:image/svg+xml']").is_visible()
    page.screenshot(path=f"/tmp/twofactor-{lang}-2-activate.png", full_page=True)
    page.fill("input[name=code]", totp_code(secret))
    submit(page)
    page.wait_for_url(f"**{reverse('mfa_view_recovery_codes')}")
    assert words["codes"] in page.inner_text("h1")
    page.screenshot(path=f"/tmp/twofactor-{lang}-3-codes.png", full_page=True)
    assert Authenticator.objects.filter(user=member.user, type=Authenticator.Type.TOTP).exists()

    page.goto(live_server.url + reverse("club:profile_edit"))
    assert words["link"] in page.inner_text("#two-factor")
    page.locator("#two-factor").screenshot(path=f"/tmp/twofactor-{lang}-3b-profile.png")
    with page.expect_navigation():
        page.locator("header form[action$='/logout/'] button").tap()

    sign_in_with_password(page, live_server.url, member.user.email)
    page.wait_for_url(f"**{reverse('mfa_authenticate')}")
    assert words["stage"] in page.inner_text("h1")
    assert words["other"] not in page.inner_text("main")
    wrong = "000000" if totp_code(secret) != "000000" else "111111"
    page.fill("input[name=code]", wrong)
    submit(page)
    # The refusal is said beside the box; the code typed is a secret, repeated nowhere on the page.
    assert page.inner_text("#code-error").strip()
    assert wrong not in page.content() and page.input_value("input[name=code]") == ""
    page.screenshot(path=f"/tmp/twofactor-{lang}-4-wrong-code.png", full_page=True)
    page.fill("input[name=code]", totp_code(secret))
    submit(page)
    page.wait_for_url(live_server.url + reverse("club:dashboard"))
    assert page.locator("header form[action$='/logout/']").count() == 1
    page.screenshot(path=f"/tmp/twofactor-{lang}-5-signed-in.png", full_page=True)
    assert blocked == []
    context.close()


STAFF_WORDS = {"en": ("turn two-factor sign-in on", "set up an authenticator app"),
               "ru": ("включите вход с двумя факторами", "подключите приложение-аутентификатор")}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_croupier_is_nudged_and_when_required_sent_to_set_it_up(live_server, browser, settings, lang):
    croupier = factories.member(Member.Role.CROUPIER, display_name=f"Aahz {lang}")
    nudge, required = STAFF_WORDS[lang]
    page = browser.new_context(**PHONE, locale=lang).new_page()
    sign_in_with_password(page, live_server.url, croupier.user.email)
    assert nudge in page.inner_text("#two-factor-nudge")
    page.screenshot(path=f"/tmp/twofactor-{lang}-6-nudge.png", full_page=True)

    settings.CLUB_REQUIRE_MFA_FOR_STAFF = True
    page.goto(live_server.url + reverse("club:session_list"))
    # Sent to set it up; allauth first asks for the password again.
    page.wait_for_url("**/reauthenticate/**")
    assert required in page.inner_text("main .messages")
    page.screenshot(path=f"/tmp/twofactor-{lang}-7-required.png", full_page=True)
    page.fill("input[name=password]", PASSWORD)
    submit(page)
    page.wait_for_url(f"**{reverse('mfa_activate_totp')}")
    page.fill("input[name=code]", totp_code(page.input_value("#authenticator_secret")))
    submit(page)
    page.goto(live_server.url + reverse("club:session_list"))
    assert page.url == live_server.url + reverse("club:session_list")
