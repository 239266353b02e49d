"""The browser tests drive Debian's Chromium (headless, phone-sized) with Playwright.

They run in Chromium's headless shell where it is installed (Debian's ``chromium-headless-shell``:
the same Chromium, its engine without the browser's windows around it), which takes about a third
of the full browser's processor time for a page; otherwise in the full ``chromium``, and the run
says in one line that the shell would be faster.

One Chromium is started per test process, at the first browser test, and each test gets fresh
contexts of it (cookies, storage and service workers of its own), closed after the test.

Screenshots are taken only when asked for (``E2E_SCREENSHOTS=1``): each ``screenshot(path=...)``
of a walk is then written into ``E2E_SHOTS_DIR`` (default ``/tmp/e2e-shots``) under its file's
name, for a person to look at. Otherwise a page's screenshot is not taken and an element's only
waits for the element to be shown, as taking it would. A failing test's open pages are always
captured there, as ``<test>-<n>.png``.

The pages' live parts poll every ``LIVE_POLL_SECONDS`` (3 s on the site); a walk polls every
1 s, so a test waits a second for the next poll, not three; a faster poll swapped the recorder
under a card being typed.

Where Chromium is missing they are skipped, and the run says so in one line with how to install
it; in CI (``CI`` set) a missing browser fails them instead, so CI never passes without them.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
MISSING = f"Chromium is not installed at {CHROMIUM}: the browser tests are skipped (apt-get install -y chromium)"
NO_SHELL = (f"Chromium's headless shell is not installed at {HEADLESS_SHELL}: the browser tests ran in the full "
            "browser, at about three times the processor time (apt-get install -y chromium-headless-shell)")
SCREENSHOTS = os.environ.get("E2E_SCREENSHOTS") == "1"
SHOTS_DIR = Path(os.environ.get("E2E_SHOTS_DIR") or "/tmp/e2e-shots")
LIVE_POLL_SECONDS = 1.0
# Drawn at a phone's density only when a person will look at the screenshots: four times the pixels
# to draw for every page otherwise.
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2 if SCREENSHOTS else 1}


def _executable() -> Path | None:
    """The browser the tests run in: the headless shell, else the full Chromium, else none."""
    return next((path for path in (HEADLESS_SHELL, CHROMIUM) if path.exists()), None)


@pytest.fixture(scope="session")
def chromium():
    """The run's one Chromium (per test process)."""
    executable = _executable()
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is required in CI: {CHROMIUM} is missing")
        pytest.skip(MISSING)
    sync_api = pytest.importorskip("playwright.sync_api")
    # Playwright's sync API keeps an event loop running in this thread from here on; the tests' own
    # ORM calls are still synchronous. The browser tests run last in each process (tests/conftest.py).
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sync_api.Page, "screenshot", _page_screenshot(sync_api.Page.screenshot, sync_api.Error))
        patch.setattr(sync_api.Locator, "screenshot", _element_screenshot(sync_api.Locator.screenshot))
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS)
            yield browser
            browser.close()


class TestBrowser:
    """The run's Chromium as one test sees it: the contexts it opens are its own and closed after it."""

    __test__ = False

    def __init__(self, browser):
        self.browser = browser
        self.contexts = []

    def new_context(self, **options):
        context = self.browser.new_context(**options)
        self.contexts.append(context)
        return context

    def new_page(self, **options):
        return self.new_context(**options).new_page()

    def close(self, name: str | None) -> None:
        """Close the test's contexts; ``name``: the failed test's, whose open pages are captured first."""
        shot = 0
        for context in self.contexts:
            for page in context.pages if name else ():
                shot += 1
                try:
                    SHOTS_DIR.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(SHOTS_DIR / f"{name}-{shot}.png"), full_page=True, force=True)
                except Exception:  # noqa: BLE001 - a page that cannot be drawn must not hide the failure
                    pass
            context.close()


@pytest.fixture
def browser(chromium, request, settings):
    settings.LIVE_POLL_SECONDS = LIVE_POLL_SECONDS
    test_browser = TestBrowser(chromium)
    yield test_browser
    report = getattr(request.node, "e2e_call_report", None)
    failed = report is not None and report.failed
    test_browser.close(re.sub(r"[^\w.-]+", "-", request.node.name) if failed else None)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.e2e_call_report = report
    return report


def _page_screenshot(screenshot, error):
    """A page's screenshot when asked for (module docstring). One taken while the page is between
    two documents is taken again once the new one has loaded."""

    def taken(page, *args, force: bool = False, **kwargs):
        if not (SCREENSHOTS or force):
            return b""
        if not force and kwargs.get("path"):
            SHOTS_DIR.mkdir(parents=True, exist_ok=True)
            kwargs["path"] = str(SHOTS_DIR / Path(kwargs["path"]).name)
        try:
            return screenshot(page, *args, **kwargs)
        except error as failed:
            if "Unable to capture screenshot" not in str(failed):
                raise
            page.wait_for_load_state("load")
            return screenshot(page, *args, **kwargs)

    return taken


def _element_screenshot(screenshot):
    """An element's screenshot when asked for; otherwise the wait for the element to be shown that
    taking it would have made."""

    def taken(locator, *args, **kwargs):
        if not SCREENSHOTS:
            locator.wait_for(state="visible", timeout=kwargs.get("timeout"))
            return b""
        if kwargs.get("path"):
            SHOTS_DIR.mkdir(parents=True, exist_ok=True)
            kwargs["path"] = str(SHOTS_DIR / Path(kwargs["path"]).name)
        return screenshot(locator, *args, **kwargs)

    return taken


def pytest_terminal_summary(terminalreporter):
    """The one line on the browser a run's browser tests lacked (in the process that reports, which
    under xdist is not the one that ran them)."""
    e2e = f"{Path(__file__).parent.relative_to(terminalreporter.config.rootpath).as_posix()}/"
    ran = any(getattr(report, "nodeid", "").startswith(e2e)
              for reports in terminalreporter.stats.values() for report in reports)
    if ran and _executable() != HEADLESS_SHELL:
        terminalreporter.write_line(MISSING if _executable() is None else NO_SHELL, yellow=True)


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
