"""A member reads the club's ratings on a phone, in English and in Russian: the all-rounder
ranking with its rule, a game's tab, and on a member's statistics page his rating history drawn
per game and his bidding in the trick game."""

from __future__ import annotations

import pytest

from club.models import Member
from tests.e2e.conftest import phone_as

WORDS = {
    "en": {"title": "Ratings", "all": "All-rounder", "tricks": "The 30-round trick game", "rule": "mean of their",
           "bidding": "Bidding in the trick game", "accuracy": "Bid accuracy"},
    "ru": {"title": "Рейтинги", "all": "Всесторонний рейтинг", "tricks": "Игра на взятки в 30 конов", "rule": "по среднему",
           "bidding": "Заказы во взяточной игре", "accuracy": "Точность заказов"},
}


def _load_demo():
    """The demo club's members and every game they played (the rules archive's demo, which no
    rating reads, is left out: a second of loading per test)."""
    from club import demo
    from games import demo as games_demo
    from games.tables import demo as tables_demo
    from games.tournaments import demo as tournaments_demo

    demo.load()
    games_demo.load()
    tables_demo.load()
    tournaments_demo.load()


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_member_reads_the_ratings_and_his_rating_history_on_a_phone(live_server, browser, lang):
    from games import selectors

    words = WORDS[lang]
    _load_demo()
    reader = Member.objects.get(display_name="Vic")             # a plain member, no relation to the top player
    page = phone_as(browser, live_server, reader, lang)

    page.goto(live_server.url + "/games/ratings/")
    page.wait_for_selector(f"html[lang='{lang}']")
    assert words["title"] in page.inner_text("h1")
    assert page.inner_text("nav.rating-tabs a[aria-current='page']") == words["all"]
    assert words["rule"] in page.inner_text("#rating-rule")
    first = selectors.ratings_board("all")[0]["member"].display_name
    assert page.inner_text("#ratings tbody tr:first-child td:nth-child(2)") == first
    # Nothing sticks out sideways on a phone.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=f"/tmp/ratings-all-{lang}.png", full_page=True)

    page.get_by_role("link", name=words["tricks"]).first.tap()
    page.wait_for_url("**/games/ratings/?game=tricks")
    top = selectors.ratings_board("tricks")[0]
    assert page.inner_text("#ratings tbody tr:first-child td:nth-child(2)") == top["member"].display_name
    page.screenshot(path=f"/tmp/ratings-tricks-{lang}.png", full_page=True)

    page.locator("#ratings tbody tr:first-child td:nth-child(2) a").tap()
    page.wait_for_url(f"**/games/stats/{top['member'].pk}/")
    assert page.locator("#rating-tricks svg polyline").count() == 1
    assert words["bidding"] in page.inner_text("body") and words["accuracy"] in page.inner_text("#bid-record")
    assert page.inner_text("#bid-accuracy").endswith("%")
    assert page.locator("#balance").count() == 0                 # ratings are public, chips are not
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=f"/tmp/ratings-stats-{lang}.png", full_page=True)
    page.evaluate("document.getElementById('ratings-heading').scrollIntoView()")
    page.screenshot(path=f"/tmp/ratings-stats-view-{lang}.png")
