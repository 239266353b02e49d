"""A club evening run from phones, in English and in Russian: the croupier schedules a tournament
session, members answer, the tournament registers them in one step; a tables session opens the
tables; a casino stake beyond the member's chips is refused beside the field."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club import services as club_services
from club.models import Member, ScheduledSession
from games.tables.models import CasinoHand
from games.tournaments.models import Tournament
from tests import factories
from tests.e2e.conftest import phone_as

# What each language shows, read from the page (the words are the page's own).
WORDS = {
    "en": {"scheduled": "is scheduled as a trick game tournament", "going": "You are coming to",
           "registered": "4 players registered in", "kind": "Trick game tournament", "report": "The report is ready.",
           "means": "A stake of 50 chips is more than Skeeve can cover: 10 at most"},
    "ru": {"scheduled": "запланирована, вид: турнир игры на взятки", "going": "Вы идёте на встречу",
           "registered": "4 игрока записаны в турнир", "kind": "Турнир игры на взятки", "report": "Отчёт готов.",
           "means": "Это больше, чем может покрыть Skeeve: ставка в фишках — 50, а можно не больше 10"},
}


def _no_codes(page):
    text = page.inner_text("main")
    for code in ("tournament_for_session", "None", "snake_case", "kind_of", "<Member", "ScheduledSession"):
        assert code not in text, code


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_tournament_session_from_scheduling_to_registered_players(live_server, browser, lang):
    words = WORDS[lang]
    croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
    players = [factories.member(display_name=name, password=None) for name in ("Skeeve", "Chumley", "Massha", "Bunny")]
    venue = factories.venue()

    page = phone_as(browser, live_server, croupier, lang)
    page.goto(live_server.url + reverse("club:session_create"))
    page.fill("#id_title", "Trick Cup")
    page.select_option("#id_venue", str(venue.pk))
    page.fill("#id_starts_at", "2031-05-03T19:00")
    page.fill("#id_ends_at", "2031-05-03T23:00")
    page.select_option("#id_kind", "tournament")
    page.locator("main form button[type=submit]").tap()
    page.wait_for_selector("#session-kind")
    assert words["scheduled"] in page.inner_text(".messages")
    assert page.inner_text("#session-kind") == words["kind"]
    page.locator("button[name=to][value=open]").tap()
    page.wait_for_selector("#start-play")
    page.screenshot(path=f"/tmp/sessions-{lang}-1-scheduled.png", full_page=True)
    session = ScheduledSession.objects.get(title="Trick Cup")
    assert session.kind == "tournament" and session.status == "open"

    for i, member in enumerate(players):
        phone = phone_as(browser, live_server, member, lang)
        phone.goto(live_server.url + session.get_absolute_url())
        phone.locator("button[name=answer][value=going]").tap()
        phone.wait_for_selector(".messages")
        assert words["going"] in phone.inner_text(".messages")
        if i == 0:
            phone.screenshot(path=f"/tmp/sessions-{lang}-2-rsvp.png", full_page=True)
        phone.context.close()

    page.goto(live_server.url + session.get_absolute_url())
    page.locator("#start-play").tap()
    page.wait_for_selector("#tournament-status")
    assert words["registered"] in page.inner_text(".messages")
    _no_codes(page)
    page.screenshot(path=f"/tmp/sessions-{lang}-3-tournament.png", full_page=True)
    tournament = Tournament.objects.get(session=session)
    assert sorted(tournament.entries.values_list("member__display_name", flat=True)) == sorted(
        m.display_name for m in players)

    # The report is made on the worker (in-process here): the status line links to it when ready.
    page.locator("button[name=action][value=report]").tap()
    page.wait_for_selector("#work-status.done a")
    assert words["report"] in page.inner_text("#work-status")
    page.screenshot(path=f"/tmp/sessions-{lang}-6-report-ready.png", full_page=False)
    page.locator("#work-status a").tap()
    page.wait_for_selector("main h1")
    assert page.url.endswith(f"/tournaments/{tournament.slug}/report/")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_tables_session_opens_the_tables_and_a_stake_beyond_the_chips_is_refused(live_server, browser, settings,
                                                                                  lang):
    settings.CLUB_CREDIT_LIMIT = 10
    croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
    skeeve = factories.member(display_name="Skeeve", password=None)
    session = factories.session(actor=croupier, kind="tables", game="casino", title="Casino night")
    club_services.rsvp_set(session=session, member=skeeve, actor=skeeve, answer="going")

    page = phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + session.get_absolute_url())
    page.locator("#start-play").tap()
    page.wait_for_selector("#tables-session")
    assert "Casino night" in page.inner_text("#tables-session")
    page.screenshot(path=f"/tmp/sessions-{lang}-4-tables.png", full_page=True)

    page.goto(live_server.url + reverse("tables:casino"))
    page.fill("#id_stake", "50")
    page.locator("main form button[type=submit]").tap()
    page.wait_for_selector("#id_stake_error")
    assert words_in(page.inner_text("#id_stake_error"), WORDS[lang]["means"])
    # The refusal stands under the stake's input, not at the top of the page.
    stake_box = page.locator("#id_stake").bounding_box()
    error_box = page.locator("#id_stake_error").bounding_box()
    assert error_box["y"] >= stake_box["y"] + stake_box["height"] - 1
    _no_codes(page)
    page.screenshot(path=f"/tmp/sessions-{lang}-5-stake-refused.png", full_page=True)
    assert not CasinoHand.objects.exists()


def words_in(text: str, expected: str) -> bool:
    return expected in " ".join(text.split())
