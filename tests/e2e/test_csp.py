"""The pages run under the Content-Security-Policy in a real browser: headless Chromium at phone
size reports no violation of the policy while a member uses the card picker, switches the
language and opens the tables and the API documentation."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from club import services as club_services
from club.models import Member
from games import services
from tests import factories
from tests.e2e.conftest import PHONE


class _Watched:
    """A phone-sized page logged in as a member, which keeps what the browser says about the
    policy: Chromium logs every blocked script, style, image or connection to the console, and
    fires a securitypolicyviolation event."""

    def __init__(self, browser, live_server, member):
        client = Client()
        client.force_login(member.user)
        self.context = browser.new_context(**PHONE)
        self.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME,
                                   "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                                   "url": live_server.url}])
        # Injected by the browser's debugging protocol, so the policy does not apply to it.
        self.context.add_init_script(
            "document.addEventListener('securitypolicyviolation', e => "
            "console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));")
        self.page = self.context.new_page()
        self.violations: list[str] = []
        self.errors: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _console(self, message):
        text = message.text
        if "Content Security Policy" in text or "CSP violation" in text:
            self.violations.append(f"{self.page.url}: {text}")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_pages_run_under_the_policy_with_no_violation(live_server, browser, settings):
    settings.GAMES_ADVISE_AFTER_SUBMIT = False
    croupier = factories.member(Member.Role.CROUPIER, password=None)
    skeeve = factories.member(display_name="Skeeve", password=None)
    tananda = factories.member(display_name="Tananda", password=None)
    session = factories.session(actor=croupier, days=0)
    club_services.seating_set(session=session, actor=croupier, assignments={skeeve.pk: "N", tananda.pk: "S"})
    game = services.game_start(session=session, actor=croupier)

    watched = _Watched(browser, live_server, skeeve)
    page = watched.page

    # The card picker: a new deal, then two cards by taps (htmx swaps the recorder each time).
    page.goto(live_server.url + game.get_absolute_url())
    page.locator("#new-deal").tap()
    page.wait_for_selector("#next-circle")
    for _ in range(2):
        pick = page.locator(".card-picker button:not([disabled])").first
        token = pick.get_attribute("data-card")
        pick.tap()
        page.wait_for_selector(f'.card-picker button[data-card="{token}"][disabled]')
    assert watched.violations == []
    # The picker is laid out by its stylesheet (a grid), not as a column of default buttons.
    assert page.eval_on_selector(".card-picker", "e => getComputedStyle(e).display") == "grid"

    # The language switch: a form, no script.
    page.locator(".lang-switch button[value='ru']").tap()
    page.wait_for_selector("html[lang='ru']")
    page.locator(".lang-switch button[value='en']").tap()
    page.wait_for_selector("html[lang='en']")

    # A tables page (its own stylesheet) and the API documentation (Swagger UI from files).
    page.goto(live_server.url + reverse("tables:draker"))
    page.goto(live_server.url + reverse("api_docs"))
    page.wait_for_selector(".swagger-ui .info .title", timeout=20_000)
    page.wait_for_selector(".opblock-tag", timeout=20_000)

    assert watched.violations == []
    assert watched.errors == []
    watched.context.close()
