"""A season on a phone, in English and in Russian: a croupier puts the season together (a bad
placing table is named beside its field), reads the standings with the qualifiers marked and
schedules the championship for them; a member reads the standings, follows a row to the
member's statistics and downloads the file."""

from __future__ import annotations

import csv
import io

import pytest

from games.seasons.models import Season
from tests.e2e.conftest import phone_as
from tests.seasons.conftest import played  # noqa: F401 (the season's evenings, played through the services)

WORDS = {
    "en": {"new": "New season", "error": "not “x”", "qualifies": "Qualifies", "create": "Create the championship session",
           "going": "Going", "title": "Seasons", "rank": "Rank"},
    "ru": {"new": "Новый сезон", "error": "а не «x»", "qualifies": "Допущен", "create": "Назначить чемпионат",
           "going": "Идёт", "title": "Сезоны", "rank": "Место"},
}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_season_from_the_formula_to_the_championship(live_server, browser, played, lang):  # noqa: F811
    words = WORDS[lang]
    page = phone_as(browser, live_server, played["croupier"], lang)
    page.goto(live_server.url + "/")
    page.locator("nav a[href='/seasons/']").first.dispatch_event("click")
    page.wait_for_url("**/seasons/")
    assert words["title"] in page.inner_text("h1")
    page.get_by_role("link", name=words["new"]).tap()
    page.fill("#id_name", "Winter")
    page.fill("#id_start_date", played["start"].isoformat())
    page.fill("#id_end_date", played["end"].isoformat())
    page.fill("#id_placing", "10, x, 5")
    page.fill("#id_deal_won", "2")
    page.fill("#id_attendance", "1")
    page.fill("#id_min_evenings", "2")
    page.fill("#id_championship_size", "2")
    page.locator("main form button[type=submit]").last.tap()
    error = page.locator("#id_placing_error")
    assert words["error"] in error.inner_text()
    page.screenshot(path=f"/tmp/seasons-form-error-{lang}.png", full_page=True)
    assert not Season.objects.exists()

    page.fill("#id_placing", "10, 7, 5")
    page.locator("main form button[type=submit]").last.tap()
    page.wait_for_selector("#season-standings")
    rows = page.locator("#season-standings tbody tr")
    assert rows.count() == 4
    first = rows.nth(0).locator("td")
    assert [first.nth(0).inner_text(), first.nth(1).locator("a").inner_text(), first.nth(2).inner_text()] == [
        "1", "Ann", "23"]
    assert page.locator("#season-standings tr.qualifier").count() == 2
    assert words["qualifies"] in rows.nth(1).inner_text() and words["qualifies"] not in rows.nth(2).inner_text()
    page.screenshot(path=f"/tmp/seasons-standings-croupier-{lang}.png", full_page=True)

    assert page.input_value("#id_venue") == str(played["venue"].pk)
    page.fill("#id_starts_at", "2030-01-04T19:00")
    page.fill("#id_ends_at", "2030-01-04T23:00")
    page.get_by_role("button", name=words["create"]).tap()
    page.wait_for_url("**/sessions/*/")
    body = page.inner_text("main")
    assert "Ann" in body and "Bob" in body and "Dan" not in body
    page.screenshot(path=f"/tmp/seasons-championship-{lang}.png", full_page=True)
    season = Season.objects.get()
    assert sorted(season.championship.rsvps.values_list("member__display_name", flat=True)) == ["Ann", "Bob"]

    member = phone_as(browser, live_server, played["eve"], lang)
    member.goto(live_server.url + season.get_absolute_url())
    assert member.get_by_role("button", name=words["create"]).count() == 0
    assert member.locator("#championship a").inner_text() == season.championship.title
    member.screenshot(path=f"/tmp/seasons-standings-member-{lang}.png", full_page=True)
    response = member.request.get(live_server.url + f"/seasons/{season.pk}/export/?format=csv")
    table = list(csv.reader(io.StringIO(response.text())))
    assert table[0][0] == words["rank"] and table[1][:3] == ["1", "Ann", "23"]
    member.goto(live_server.url + "/seasons/")
    assert member.get_by_role("link", name=words["new"]).count() == 0
    member.screenshot(path=f"/tmp/seasons-list-member-{lang}.png", full_page=True)
    member.get_by_role("link", name="Winter", exact=True).tap()
    member.locator("#season-standings a", has_text="Ann").tap()
    member.wait_for_url(f"**/games/stats/{played['ann'].pk}/")
    assert "Ann" in member.inner_text("h1")


OTHER_GAMES = {
    "en": {"counts": "Counts for the evening", "gives": "What each game gives:", "tourn": "Tourn.",
           "standings": "final standings", "none": "tied to no session"},
    "ru": {"counts": "Засчитывается за вечер", "gives": "Что даёт каждая игра:", "tourn": "Турн.",
           "standings": "итоговой турнирной таблице", "none": "партия без встречи"},
}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_season_of_the_casino_night_and_the_trick_cup(live_server, browser, played, settings, lang):  # noqa: F811
    """A croupier puts together a season of the casino and the trick game; Dan, going to the
    casino night in progress, sits down at the casino table with the night proposed, folds his
    hand, and reads the season: his casino night and the cup both count."""
    import datetime as dt

    from django.utils import timezone

    from club import services as club_services
    from games.tournaments.models import Standing
    from tests import factories
    from tests.seasons.conftest import play_tournament

    settings.CLUB_CREDIT_LIMIT = 100
    words = OTHER_GAMES[lang]
    croupier, dan = played["croupier"], played["dan"]
    now = timezone.now()
    night = factories.session(actor=croupier, venue_=played["venue"], title="Casino night", kind="tables",
                              game="casino", starts_at=now - dt.timedelta(hours=1), ends_at=now + dt.timedelta(hours=3))
    club_services.rsvp_set(session=night, member=dan, actor=dan, answer="going")
    cup = play_tournament(croupier=croupier, venue=played["venue"], seed="e2e-cup",
                          players=[played[n] for n in ("ann", "bob", "dan", "eve")], days=-8)

    page = phone_as(browser, live_server, croupier, lang)
    page.goto(live_server.url + "/seasons/new/")
    page.fill("#id_name", "Cups and cards")
    page.fill("#id_start_date", played["start"].isoformat())
    page.fill("#id_end_date", played["end"].isoformat())
    page.uncheck("input[name=games][value=dragon]")
    page.check("input[name=games][value=casino]")
    page.check("input[name=games][value=tricks]")
    page.fill("#id_placing", "10, 7, 5")
    page.fill("#id_attendance", "1")
    page.screenshot(path=f"/tmp/seasons-games-form-{lang}.png", full_page=True)
    page.locator("main form button[type=submit]").last.tap()
    page.wait_for_selector("#season-standings")
    season = Season.objects.get()
    assert season.games == ["casino", "tricks"]

    member = phone_as(browser, live_server, dan, lang)
    member.goto(live_server.url + "/tables/casino/")
    assert member.input_value("#id_session") == str(night.pk)
    assert "Casino night" in member.locator("#id_session option:checked").inner_text()
    member.screenshot(path=f"/tmp/seasons-casino-start-{lang}.png", full_page=True)
    member.locator("main form button[type=submit]").last.tap()
    member.wait_for_selector("#hand-session")
    assert words["counts"] in member.inner_text("#hand-session")
    assert "Casino night" in member.inner_text("#hand-session")
    with member.expect_navigation():
        member.locator("button[name=action][value=fold]").tap()
    member.screenshot(path=f"/tmp/seasons-casino-hand-{lang}.png", full_page=True)

    member.goto(live_server.url + season.get_absolute_url())
    member.locator("#season-formula summary").tap()
    gives = member.inner_text("#season-formula")
    assert words["gives"] in gives and words["standings"] in gives and words["none"] in gives
    assert words["tourn"] in member.inner_text("#season-standings thead")
    text = member.inner_text("main")
    for code in ("tricks", "dragon", "None", "['"):
        assert code not in text
    # Dan: first at the casino night (the only one who played there), 10 + 1; the cup by his place.
    rank = Standing.objects.get(tournament=cup, entry__member=dan).rank
    expected = 10 + 1 + {1: 10, 2: 7, 3: 5}.get(rank, 0) + 1
    row = member.locator("#season-standings tbody tr", has_text="Dan")
    cells = row.locator("td")
    assert cells.nth(2).inner_text() == str(expected) and cells.nth(4).inner_text() == "1"
    member.screenshot(path=f"/tmp/seasons-other-games-{lang}.png", full_page=True)
