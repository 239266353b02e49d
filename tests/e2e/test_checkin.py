"""At the door, on a phone, in English and in Russian: a member shows the QR pass on his profile;
the croupier opens the session's check-in page, types the member's code and sees him checked in,
then sees who came against who said they would."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client

from club import services
from club.models import CheckIn, Member
from tests import factories
from tests.e2e.conftest import PHONE

WORDS = {
    "en": {"pass": "My check-in code", "title": "Check-in", "done": "{name} is checked in.",
           "again": "{name} is already checked in", "counts": "1 came · 2 said they would come",
           "unknown": "No member has the check-in code", "missing": "Said they would come, not here yet"},
    "ru": {"pass": "Мой код для входа", "title": "Вход", "done": "{name} отмечен как пришедший.",
           "again": "{name} уже отмечен", "counts": "Пришёл 1 · обещали прийти 2",
           "unknown": "Ни у кого из участников нет кода для входа", "missing": "Обещали прийти, но ещё нет"},
}


def _phone_as(browser, live_server, member, language, problems=None):
    client = Client()
    client.force_login(member.user)
    context = browser.new_context(**PHONE)
    context.add_cookies([
        {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
         "url": live_server.url},
        {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url},
    ])
    # Injected by the browser's debugging protocol, so the policy does not apply to it.
    context.add_init_script("document.addEventListener('securitypolicyviolation', e => "
                            "console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));")
    page = context.new_page()
    if problems is not None:
        page.on("console", lambda m: problems.append(m.text) if "CSP violation" in m.text
                or "Content Security Policy" in m.text else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
    return page


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_croupier_checks_a_member_in_by_his_code(live_server, browser, language):
    words = WORDS[language]
    croupier = factories.member(Member.Role.CROUPIER, display_name=f"Tananda-{language}", password=None)
    skeeve = factories.member(display_name=f"Skeeve-{language}", password=None)
    aahz = factories.member(display_name=f"Aahz-{language}", password=None)
    session = factories.session(actor=croupier, title=f"Door night {language}")
    for member in (skeeve, aahz):
        services.rsvp_set(session=session, member=member, actor=member, answer="going")

    # The member's pass: a QR code with his code written under it.
    problems: list[str] = []
    member_page = _phone_as(browser, live_server, skeeve, language, problems)
    member_page.goto(live_server.url + "/profile/")
    member_page.wait_for_selector(f"html[lang='{language}']")
    assert words["pass"] in member_page.inner_text("#checkin-pass h2")
    assert member_page.inner_text("#checkin-code-text") == skeeve.checkin_code
    assert member_page.locator("#checkin-pass svg.qr").bounding_box()["width"] > 150
    member_page.locator("#checkin-pass").screenshot(path=f"/tmp/checkin-pass-{language}.png")

    page = _phone_as(browser, live_server, croupier, language, problems)
    page.goto(live_server.url + session.get_absolute_url())
    page.locator("#open-checkin").tap()
    page.wait_for_selector("#checkin-code")
    assert page.inner_text("h1") == words["title"]
    # Headless Chromium has no camera scanner: the typed-code form is all there is.
    assert page.locator("[data-scan]").is_hidden()

    page.fill("#checkin-code", "nobody-here")
    page.locator("#checkin-submit").tap()
    page.wait_for_selector("#checkin-error")
    assert words["unknown"] in page.inner_text("#checkin-error") and "nobody-here" in page.inner_text("#checkin-error")
    page.screenshot(path=f"/tmp/checkin-refused-{language}.png", full_page=True)

    # Typed as heard, in lower case: it is the same code.
    page.fill("#checkin-code", skeeve.checkin_code.lower())
    page.locator("#checkin-submit").tap()
    page.wait_for_selector(".message.success")
    assert words["done"].format(name=skeeve.display_name) in page.inner_text(".messages")
    assert re.sub(r"\s+", " ", page.inner_text("#attendance-counts")) == words["counts"]
    assert skeeve.display_name in page.inner_text("#attendance-came")
    assert aahz.display_name in page.inner_text("#attendance-missing")
    assert words["missing"] in page.inner_text("#attendance")
    page.screenshot(path=f"/tmp/checkin-done-{language}.png", full_page=True)

    page.fill("#checkin-code", skeeve.checkin_code)
    page.locator("#checkin-submit").tap()
    page.wait_for_selector(".message.info")
    assert words["again"].format(name=skeeve.display_name) in page.inner_text(".messages")
    assert CheckIn.objects.filter(session=session).count() == 1

    page.goto(live_server.url + session.get_absolute_url())
    assert re.sub(r"\s+", " ", page.inner_text("#attendance-counts")) == words["counts"]
    page.screenshot(path=f"/tmp/checkin-session-{language}.png", full_page=True)
    assert problems == []


# A phone whose browser reads QR codes: BarcodeDetector finds the member's code in what the camera
# (here a drawn canvas) shows.
SCANNER = """
window.BarcodeDetector = class {
  static getSupportedFormats() { return Promise.resolve(["qr_code"]); }
  detect() { return Promise.resolve([{ rawValue: %(code)s, format: "qr_code" }]); }
};
navigator.mediaDevices.getUserMedia = function () {
  var canvas = document.createElement("canvas");
  canvas.width = 16; canvas.height = 16;
  canvas.getContext("2d").fillRect(0, 0, 16, 16);
  return Promise.resolve(canvas.captureStream());
};
"""


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_phone_that_reads_qr_codes_checks_in_by_the_camera(live_server, browser):
    croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
    skeeve = factories.member(display_name="Skeeve", password=None)
    session = factories.session(actor=croupier, title="Scan night")
    problems: list[str] = []
    page = _phone_as(browser, live_server, croupier, "en", problems)
    page.add_init_script(SCANNER % {"code": f'"{skeeve.checkin_code}"'})
    page.goto(live_server.url + f"/sessions/{session.pk}/checkin/")
    page.locator("#checkin-scan").tap()
    page.wait_for_selector(".message.success")
    assert "Skeeve is checked in." in page.inner_text(".messages")
    assert CheckIn.objects.filter(session=session, member=skeeve, by=croupier).exists()
    page.screenshot(path="/tmp/checkin-scanned-en.png", full_page=True)
    assert problems == []
