"""On a phone, in Russian and in English: a visitor follows a search of the precedent archive and is
shown the secret address that is his only way back; a member follows one, finds it under "My
followed searches", turns its mail off and stops following it; a precedent's page says who
overruled it and links to the citations around it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.conf import settings

from club.models import Member
from rules import services
from rules.models import SavedSearch
from tests import factories
from tests.e2e.conftest import PHONE, phone_as

WORDS = {
    "en": {"follow": "Follow this search", "mine": "My followed searches", "overruled": "Overruled by",
           "badge": "Overruled", "mail_on": "Mail it to me daily"},
    "ru": {"follow": "Отслеживать этот поиск", "mine": "Мои отслеживаемые поиски",
           "overruled": "Отменён прецедентом", "badge": "Отменён", "mail_on": "Присылать мне ежедневно"},
}


def _visitor(browser, live_server, lang: str):
    context = browser.new_context(**PHONE, locale=lang, extra_http_headers={"Accept-Language": lang})
    context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": lang, "url": live_server.url}])
    return context.new_page()


def _archive():
    croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
    text = {"situation": "An Ace of hearts won; Skeeve claimed his Ace of spades wild.",
            "question": "Is every Ace wild?"}
    first = services.precedent_file(actor=croupier, title="Wild cards: the whole rank", status="binding",
                                    ruled_on=dt.date(2015, 3, 14), ruling="Every Ace is wild.", **text)
    later = services.precedent_file(actor=croupier, title="Wild cards: the card itself", status="binding",
                                    ruled_on=dt.date(2021, 9, 4), ruling="Only the Ace of hearts is wild.",
                                    cites_precedents={first.permanent_id: "overrules"}, **text)
    return first, later


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_following_searches_and_reading_a_precedents_standing(live_server, browser, lang):
    words = WORDS[lang]
    first, later = _archive()

    # A visitor follows a search: the page he lands on is his only way back.
    page = _visitor(browser, live_server, lang)
    page.goto(live_server.url + "/rules/precedents/?q=wild")
    assert page.locator("#follow-search").inner_text() == words["follow"]
    assert words["badge"] in page.locator("table").inner_text()
    page.screenshot(path=f"/tmp/followed-list-{lang}.png", full_page=True)
    page.locator("#follow-search").tap()
    page.wait_for_url("**/rules/precedents/followed/*/")
    saved = SavedSearch.objects.get()
    assert page.url == live_server.url + f"/rules/precedents/followed/{saved.token}/"
    assert page.locator("#keep-address").is_visible()
    assert page.locator("#page-url").input_value() == page.url
    feed_url = page.locator("#feed-url").input_value()
    assert feed_url.endswith(f"/rules/precedents/followed/{saved.token}/feed/")
    page.screenshot(path=f"/tmp/followed-visitor-{lang}.png", full_page=True)
    feed = page.request.get(feed_url)
    assert feed.ok and first.permanent_id in feed.text() and later.permanent_id in feed.text()

    # A member follows the same search and manages it from his list.
    member = factories.member(display_name="Skeeve", password=None)
    page = phone_as(browser, live_server, member, lang)
    page.goto(live_server.url + "/rules/precedents/?q=wild")
    page.locator("#follow-search").tap()
    page.wait_for_url("**/rules/precedents/followed/*/")
    mine = SavedSearch.objects.get(owner=member)
    assert page.url.endswith(f"/rules/precedents/followed/{mine.token}/")
    assert page.locator("#keep-address").count() == 0
    page.get_by_role("link", name=words["mine"]).first.tap()
    page.wait_for_url("**/rules/precedents/followed/")
    assert page.inner_text("h1") == words["mine"]
    assert "“wild”" in page.locator("article.followed-search").inner_text()
    with page.expect_navigation():
        page.locator("article.followed-search button[name=on]").tap()
    mine.refresh_from_db()
    assert mine.digest is False
    assert page.locator("article.followed-search button[name=on]").inner_text() == words["mail_on"]
    page.screenshot(path=f"/tmp/followed-mine-{lang}.png", full_page=True)
    page.locator("article.followed-search summary").tap()
    with page.expect_navigation():
        page.locator("article.followed-search form[action$='/delete/'] button").tap()
    assert not SavedSearch.objects.filter(owner=member).exists()
    assert page.locator("article.followed-search").count() == 0

    # The overruled precedent says so, links to who overruled it and to the citations around it.
    page.goto(live_server.url + first.get_absolute_url())
    standing = page.locator("#standing")
    assert words["overruled"] in standing.inner_text()
    assert standing.get_by_role("link", name=later.permanent_id).is_visible()
    page.screenshot(path=f"/tmp/followed-standing-{lang}.png", full_page=True)
    page.locator("#graph-link").tap()
    page.wait_for_url("**/graph/")
    assert page.url.endswith(f"/rules/precedents/{first.permanent_id}/graph/")
    assert later.permanent_id in page.locator("table").inner_text()
    page.screenshot(path=f"/tmp/followed-graph-{lang}.png", full_page=True)
    # Nothing is wider than the phone but the drawing, which scrolls in its own box.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
