"""On paper: a tournament's score sheets and table cards and a member's statement print black on
white without the site's navigation, buttons or forms, one score sheet (or table card) to a sheet
of A4; the "Print" button opens the print dialog through the static script (no inline script)."""

from __future__ import annotations

import pytest

from club.models import Member
from games.tables import services as table_services
from tests import factories
from tests.e2e.conftest import phone_as
from tests.tournaments.conftest import make_tournament, play_table

A4 = {"width": 794, "height": 1123}
WORDS = {"en": {"print": "Print", "sheets": "Score sheets", "table": "Table 1", "chips": "My chips"},
         "ru": {"print": "Печать", "sheets": "Листы записи", "table": "Стол 1", "chips": "Мои фишки"}}


def _watch_policy(page) -> list[str]:
    """What the browser says about the Content-Security-Policy on this page (nothing, it should)."""
    said: list[str] = []
    page.context.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => console.error('CSP violation: ' + e.blockedURI));")
    page.on("console", lambda m: said.append(m.text) if "Content Security Policy" in m.text
            or "CSP violation" in m.text else None)
    return said


def _hidden(page, selector: str) -> bool:
    return page.evaluate("""(sel) => [...document.querySelectorAll(sel)].every(
        el => getComputedStyle(el).display === 'none' || el.offsetParent === null)""", selector)


def _colours(page, selector: str) -> tuple[str, str]:
    return page.evaluate("""(sel) => { const el = document.querySelector(sel); const s = getComputedStyle(el);
        return [s.color, getComputedStyle(document.body).backgroundColor]; }""", selector)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_tournaments_score_sheets_and_table_cards_print(live_server, browser, lang):
    words = WORDS[lang]
    croupier = factories.member(Member.Role.CROUPIER, password=None)
    tournament = make_tournament(croupier, players=8, seed=f"print-{lang}")
    first = tournament.stages.get().tables.order_by("number").first()
    play_table(croupier, first, "print", through=5, rescore=False)

    page = phone_as(browser, live_server, croupier, lang)
    violations = _watch_policy(page)
    page.goto(f"{live_server.url}/tournaments/{tournament.slug}/")
    page.locator("#print-sheets-link").click()
    page.wait_for_selector("#print-button")
    assert page.inner_text("#print-button") == words["print"]
    assert page.locator(".printed-sheet").count() == 2
    page.screenshot(path=f"/tmp/print-sheets-{lang}-screen.png", full_page=True)
    # The button asks the browser to print (the script stands in for the dialog here).
    page.evaluate("() => { window.__printed = 0; window.print = () => { window.__printed += 1; }; }")
    page.locator("#print-button").click()
    assert page.evaluate("window.__printed") == 1

    page.set_viewport_size(A4)
    page.emulate_media(media="print")
    assert _hidden(page, "body > header") and _hidden(page, "body > footer") and _hidden(page, "nav")
    assert _hidden(page, "button") and _hidden(page, "form")
    seated = first.seats.select_related("entry__member").order_by("position").first().entry.member.display_name
    assert page.locator("#sheet-1").is_visible() and seated in page.inner_text("#sheet-1")
    color, background = _colours(page, "#sheet-1 td")
    assert color == "rgb(0, 0, 0)" and background == "rgb(255, 255, 255)"
    breaks = page.evaluate("[...document.querySelectorAll('.printed-sheet')].map(e => getComputedStyle(e).breakAfter)")
    assert breaks == ["page", "auto"]
    page.screenshot(path=f"/tmp/print-sheets-{lang}-paper.png", full_page=True)
    page.pdf(path=f"/tmp/print-sheets-{lang}.pdf", format="A4")
    # Two tables, one sheet of paper each (a sheet of 30 rounds fits one A4).
    assert _pdf_pages(f"/tmp/print-sheets-{lang}.pdf") == 2

    page.emulate_media(media="screen")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/tournaments/{tournament.slug}/cards/")
    assert page.locator(".table-card").count() == 2
    page.screenshot(path=f"/tmp/print-cards-{lang}-screen.png", full_page=True)
    page.set_viewport_size(A4)
    page.emulate_media(media="print")
    assert _hidden(page, "body > header") and _hidden(page, "#print-button")
    assert words["table"] in page.inner_text("#card-1")
    page.screenshot(path=f"/tmp/print-cards-{lang}-paper.png", full_page=True)
    page.pdf(path=f"/tmp/print-cards-{lang}.pdf", format="A4")
    assert _pdf_pages(f"/tmp/print-cards-{lang}.pdf") == 2
    assert violations == []


def _pdf_pages(path: str) -> int:
    import re

    with open(path, "rb") as f:
        return len(re.findall(rb"/Type\s*/Page[^s]", f.read()))


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_members_statement_prints_without_the_site_around_it(live_server, browser, lang):
    words = WORDS[lang]
    croupier = factories.member(Member.Role.CROUPIER, password=None)
    skeeve, massha = (factories.member(display_name=name, password=None) for name in ("Skeeve", "Massha"))
    table_services.dice_match_create(actor=croupier, first=skeeve, second=massha, stake=3)

    page = phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + "/games/statement/")
    assert words["chips"] in page.inner_text("h1")
    assert page.locator("#print-button").is_visible() and not page.locator("#statement-of").is_visible()
    page.screenshot(path=f"/tmp/print-statement-{lang}-screen.png", full_page=True)

    page.set_viewport_size(A4)
    page.emulate_media(media="print")
    assert _hidden(page, "body > header") and _hidden(page, "nav") and _hidden(page, "#print-button")
    assert _hidden(page, ".downloads") and page.locator("#balance").is_visible()
    # On paper the statement says whose it is.
    assert page.locator("#statement-of").is_visible() and "Skeeve" in page.inner_text("#statement-of")
    color, background = _colours(page, "table td")
    assert color == "rgb(0, 0, 0)" and background == "rgb(255, 255, 255)"
    page.screenshot(path=f"/tmp/print-statement-{lang}-paper.png", full_page=True)
    page.pdf(path=f"/tmp/print-statement-{lang}.pdf", format="A4")
    assert _pdf_pages(f"/tmp/print-statement-{lang}.pdf") == 1
