"""The browser tests drive Debian's Chromium (headless, phone-sized) with Playwright.

Where Chromium is missing they are skipped, and the run says so in one line with how to install
it; in CI (``CI`` set) a missing browser fails them instead, so CI never passes without them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
MISSING = f"Chromium is not installed at {CHROMIUM}: the browser tests are skipped (apt-get install -y chromium)"

_skipped: list[str] = []


@pytest.fixture
def browser(monkeypatch):
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is required in CI: {CHROMIUM} is missing")
        _skipped.append(MISSING)
        pytest.skip(MISSING)
    sync_api = pytest.importorskip("playwright.sync_api")
    # Playwright's sync API keeps an event loop in this thread; the test's own ORM calls are
    # still synchronous.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    monkeypatch.setattr(sync_api.Page, "screenshot", _settled_screenshot(sync_api.Page.screenshot, sync_api.Error))
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def _settled_screenshot(screenshot, error):
    """A screenshot is what a person looks at after the walk, not a step of it: one taken while the
    page is between two documents is taken again once the new one has loaded."""

    def settled(page, *args, **kwargs):
        try:
            return screenshot(page, *args, **kwargs)
        except error as failed:
            if "Unable to capture screenshot" not in str(failed):
                raise
            page.wait_for_load_state("load")
            return screenshot(page, *args, **kwargs)

    return settled


def phone_as(browser, live_server, member, lang: str = "en", *, confirm: bool = False):
    """A phone-sized page logged in as ``member`` (the session cookie of a forced login), in
    ``lang`` (the cookie the site's language switch sets, and the browser's own language);
    ``confirm`` answers yes to every "are you sure?" the page asks."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(member.user)
    context = browser.new_context(**PHONE, locale=lang, extra_http_headers={"Accept-Language": lang})
    context.add_cookies([
        {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
         "url": live_server.url},
        {"name": settings.LANGUAGE_COOKIE_NAME, "value": lang, "url": live_server.url}])
    page = context.new_page()
    if confirm:
        page.on("dialog", lambda dialog: dialog.accept())
    return page


def pytest_terminal_summary(terminalreporter):
    if _skipped:
        terminalreporter.write_line(MISSING, yellow=True)


def two_at_a_table():
    """Garkin the croupier, Skeeve (North) and Tananda (South) seated at today's session, their
    Game started: (croupier, skeeve, tananda, game)."""
    from club import services as club_services
    from club.models import Member
    from games import services
    from tests import factories

    croupier = factories.member(Member.Role.CROUPIER, display_name="Garkin", password=None)
    skeeve = factories.member(display_name="Skeeve", password=None)
    tananda = factories.member(display_name="Tananda", password=None)
    session = factories.session(actor=croupier, days=0)
    club_services.seating_set(session=session, actor=croupier, assignments={skeeve.pk: "N", tananda.pk: "S"})
    return croupier, skeeve, tananda, services.game_start(session=session, actor=croupier)
