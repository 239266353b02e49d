"""Seasons through their services, on play recorded through the games' services."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from club.errors import Conflict, Forbidden, InvalidInput
from club.models import RSVP
from games.seasons import selectors, services
from games.seasons.models import Season
from tests import factories


def _table(season):
    return {row.member.display_name: (row.line.rank, row.line.points, row.line.evenings, row.line.wins,
                                      row.line.qualified, row.line.invited)
            for row in selectors.standings(season).rows}


def test_standings_from_the_ledger_results_and_check_ins(season):
    # Evening 1: Ann 10 (1st) + 2*2 (deals) + 1 = 15; Bob and Dan share the 2nd place: 7 + 1 = 8;
    #            Eve came: 1.
    # Evening 2: Bob 10 + 2 + 1 = 13; Ann and Dan share the 2nd place: 7 + 1 = 8.
    # The evening 40 days ago is outside the season.
    assert _table(season) == {
        "Ann": (1, 23, 2, 2, True, True),
        "Bob": (2, 21, 2, 1, True, True),
        "Dan": (3, 16, 2, 0, True, False),
        "Eve": (4, 1, 1, 0, False, False),
    }
    assert len(selectors.standings(season).sessions) == 2


def test_best_evening_only(season, played):
    season = services.season_update(season=season, actor=played["croupier"], best_of=1, min_evenings=0)
    assert {name: row[1] for name, row in _table(season).items()} == {"Ann": 15, "Bob": 13, "Dan": 8, "Eve": 1}


def test_games_that_do_not_count_give_only_attendance(season, played):
    season = services.season_update(season=season, actor=played["croupier"], games=["dice"])
    assert _table(season) == {"Eve": (1, 1, 1, 0, False, False)}


def test_a_cancelled_evening_does_not_count(season, played):
    from club import services as club_services

    extra = factories.session(actor=played["croupier"], venue_=played["venue"], days=-3)
    club_services.checkin_record(session=extra, actor=played["croupier"], code=played["eve"].checkin_code)
    assert _table(season)["Eve"][2] == 2
    club_services.session_transition(session=extra, actor=played["croupier"], to="cancelled")
    assert _table(season)["Eve"][2] == 1


def test_the_championship_invites_the_top_qualifiers(season, played):
    starts = timezone.now() + dt.timedelta(days=10)
    session = services.championship_create(season=season, actor=played["croupier"], venue=played["venue"],
                                           starts_at=starts, ends_at=starts + dt.timedelta(hours=4))
    assert session.title == "Winter: championship"
    assert {(r.member.display_name, r.answer) for r in session.rsvps.select_related("member")} == {
        ("Ann", RSVP.Answer.GOING), ("Bob", RSVP.Answer.GOING)}
    season.refresh_from_db()
    assert season.championship == session
    # The championship is not an evening of the season, and it is called once.
    assert len(selectors.evening_sessions(season)) == 2
    with pytest.raises(Conflict):
        services.championship_create(season=season, actor=played["croupier"], venue=played["venue"],
                                     starts_at=starts, ends_at=starts + dt.timedelta(hours=4))


def test_no_championship_without_two_qualifiers(season, played):
    season = services.season_update(season=season, actor=played["croupier"], min_evenings=9)
    starts = timezone.now() + dt.timedelta(days=10)
    with pytest.raises(InvalidInput):
        services.championship_create(season=season, actor=played["croupier"], venue=played["venue"],
                                     starts_at=starts, ends_at=starts + dt.timedelta(hours=4))
    season.refresh_from_db()
    assert season.championship is None


def test_a_member_may_not_create_edit_or_call_the_championship(season, played):
    ann = played["ann"]
    with pytest.raises(Forbidden):
        services.season_create(actor=ann, name="Mine", start_date=played["start"], end_date=played["end"],
                               games=["dragon"], parts={"attendance": {"points": 1}})
    with pytest.raises(Forbidden):
        services.season_update(season=season, actor=ann, name="Mine")
    starts = timezone.now() + dt.timedelta(days=10)
    with pytest.raises(Forbidden):
        services.championship_create(season=season, actor=ann, venue=played["venue"], starts_at=starts,
                                     ends_at=starts + dt.timedelta(hours=4))
    assert Season.objects.get().name == "Winter"


@pytest.mark.parametrize(("changes", "field"), [
    ({"name": "  "}, "name"),
    ({"end_date": dt.date(2000, 1, 1)}, "end_date"),
    ({"start_date": dt.date(1899, 12, 31)}, "start_date"),
    ({"end_date": dt.date(2201, 1, 1)}, "end_date"),
    ({"games": ["draker"]}, "games"),
    ({"games": []}, "games"),
    ({"parts": {"placing": {"table": [1, -2]}}}, "placing"),
    ({"parts": {}}, "parts"),
    ({"championship_size": 9}, "championship_size"),
    ({"best_of": -1}, "best_of"),
    ({"min_evenings": 400}, "min_evenings"),
    ({"championship": None}, "championship"),
])
def test_bad_input_names_its_field_and_saves_nothing(season, played, changes, field):
    with pytest.raises(InvalidInput) as caught:
        services.season_update(season=season, actor=played["croupier"], **changes)
    assert caught.value.extra["field"] == field
    fresh = Season.objects.get(pk=season.pk)
    assert (fresh.name, fresh.games, fresh.championship_size) == ("Winter", ["dragon"], 2)
