"""Seasons that count the trick game (a finished tournament played at a session of the season
places its players by its final standings) and the casino game (the hands tied to a session add
to the players' chips of that evening), on play recorded through the games' services."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from django.urls import reverse

from games.seasons import selectors, services
from games.tables import services as table_services
from games.tournaments import services as tournament_services
from games.tournaments.models import Standing, Tournament
from tests.seasons.conftest import play_tournament

FORMULA = {"placing": {"table": [10, 7, 5]}, "deal_won": {"points": 2}, "attendance": {"points": 1}}


def _table(season):
    return {row.member.display_name: (row.line.points, row.line.evenings, row.line.wins, row.line.tournaments)
            for row in selectors.standings(season).rows}


def _ranks(tournament):
    return {s.entry.member.display_name: s.rank
            for s in Standing.objects.filter(tournament=tournament).select_related("entry__member")}


@pytest.fixture
def cup(played):
    """Ann, Bob, Dan and Eve play a tournament 8 days ago (in the season) and another 40 days ago
    (outside it); a third, 3 days ago, is still running."""
    people = [played[n] for n in ("ann", "bob", "dan", "eve")]
    inside = play_tournament(croupier=played["croupier"], venue=played["venue"], players=people, days=-8, seed="s1")
    play_tournament(croupier=played["croupier"], venue=played["venue"], players=people, days=-40, seed="s2")
    play_tournament(croupier=played["croupier"], venue=played["venue"], players=people, days=-3, seed="s3",
                finish=False)
    return inside


def test_a_season_of_the_trick_game_alone(played, cup):
    season = services.season_create(actor=played["croupier"], name="Cups", start_date=played["start"],
                                    end_date=played["end"], games=["tricks"], parts=FORMULA)
    ranks = _ranks(cup)
    assert sorted(ranks) == ["Ann", "Bob", "Dan", "Eve"] and min(ranks.values()) == 1
    points = {1: 10, 2: 7, 3: 5}
    # Only the finished tournament within the season's dates counts: its places by the final
    # standings, and one point for coming. Eve's check-in at the Dragon Poker evening counts as
    # coming too; nobody's deals do (the season does not count Dragon Poker).
    expected = {name: (points.get(rank, 0) + 1, 1, 0, 1) for name, rank in ranks.items()}
    expected["Eve"] = (expected["Eve"][0] + 1, 2, 0, 1)
    assert _table(season) == expected
    # The evenings someone came to: the Dragon Poker one Eve was checked in at, and the cup.
    assert len(selectors.standings(season).sessions) == 2


def test_a_tournament_outside_the_season_is_not_counted(played, cup):
    # The season's first day is after the tournament's evening (8 days ago): nothing counts.
    season = services.season_create(actor=played["croupier"], name="Late",
                                    start_date=played["end"] - dt.timedelta(days=6), end_date=played["end"],
                                    games=["tricks"], parts={"placing": {"table": [10]}})
    assert _table(season) == {}
    season = services.season_update(season=season, actor=played["croupier"],
                                    start_date=cup.session.local_start.date())
    assert {line[3] for line in _table(season).values()} == {1}


def test_a_running_tournament_counts_once_finished(played, cup):
    running = Tournament.objects.get(status=Tournament.Status.RUNNING)
    season = services.season_create(actor=played["croupier"], name="Cups", start_date=played["start"],
                                    end_date=played["end"], games=["tricks"], parts={"placing": {"table": [10]}})
    assert {line[3] for line in _table(season).values()} == {1}
    tournament_services.tournament_transition(actor=played["croupier"], tournament=running,
                                              to=Tournament.Status.FINISHED)
    assert {line[3] for line in _table(season).values()} == {2}


def _fold(member, session, stake):
    """A hand the member folds at once: he loses his ante of ``stake``."""
    now = session.starts_at + (session.ends_at - session.starts_at) / 2 if session is not None else None
    hand = table_services.casino_hand_start(actor=member, stake=stake, session=session, now=now)
    hand = table_services.casino_hand_act(hand=hand, actor=member, action="fold")
    assert hand.is_settled and hand.net == -stake
    return hand


@pytest.fixture
def casino(played, settings):
    """At the first Dragon Poker evening Dan folds a hand of 3 and Eve (checked in) one of 1, both
    tied to the evening; Bob folds one of 5 tied to no session."""
    settings.CLUB_CREDIT_LIMIT = 100
    first = played["evenings"][0]
    return [_fold(played["dan"], first, 3), _fold(played["eve"], first, 1), _fold(played["bob"], None, 5)]


def test_a_season_of_casino_and_dragon_poker(played, casino):
    season = services.season_create(actor=played["croupier"], name="Both", start_date=played["start"],
                                    end_date=played["end"], games=["dragon", "casino"], parts=FORMULA)
    # Evening 1, chips: Ann +8, Eve -1 (casino), Bob -4 (his hand of no session does not count),
    #            Dan -4 - 3 = -7.  Ann 10 + 2*2 + 1 = 15, Eve 7 + 1, Bob 5 + 1, Dan 0 + 1.
    # Evening 2: Bob 10 + 2 + 1 = 13; Ann and Dan share the 2nd place: 7 + 1 = 8.
    assert _table(season) == {"Ann": (23, 2, 2, 0), "Bob": (19, 2, 1, 0), "Dan": (9, 2, 0, 0),
                              "Eve": (8, 1, 0, 0)}
    # Without the casino, the hands change nothing.
    season = services.season_update(season=season, actor=played["croupier"], games=["dragon"])
    assert _table(season) == {"Ann": (23, 2, 2, 0), "Bob": (21, 2, 1, 0), "Dan": (16, 2, 0, 0),
                              "Eve": (1, 1, 0, 0)}


def test_a_season_of_the_casino_alone(played, casino):
    season = services.season_create(actor=played["croupier"], name="House", start_date=played["start"],
                                    end_date=played["end"], games=["casino"], parts={"placing": {"table": [10, 7]}})
    # Evening 1: Eve -1 first, Dan -3 second; nobody else played at the casino table.
    assert _table(season) == {"Eve": (10, 1, 0, 0), "Dan": (7, 1, 0, 0)}


def test_an_unsettled_hand_does_not_count_yet(played, settings):
    settings.CLUB_CREDIT_LIMIT = 100
    first = played["evenings"][0]
    table_services.casino_hand_start(actor=played["dan"], stake=3, session=first,
                                     now=first.starts_at + (first.ends_at - first.starts_at) / 2)
    season = services.season_create(actor=played["croupier"], name="House", start_date=played["start"],
                                    end_date=played["end"], games=["casino"], parts={"placing": {"table": [10]}})
    assert "Dan" not in _table(season)


def test_the_page_the_api_and_the_file_say_what_each_game_gives(played, cup, client_as, api_as,
                                                                django_assert_max_num_queries):
    season = services.season_create(actor=played["croupier"], name="All", start_date=played["start"],
                                    end_date=played["end"], games=["dragon", "casino", "dice", "tricks"],
                                    parts=FORMULA)
    client = client_as(played["eve"])
    with django_assert_max_num_queries(16):
        page = client.get(season.get_absolute_url())
    html = page.content.decode()
    assert html.count('<li>') >= 4 + 4 and "final standings" in html and "tied to no session" in html
    assert "<th>Tourn.</th>" in html and "<th>Won</th>" in html
    rows = api_as(played["eve"]).get(f"/api/seasons/{season.pk}/standings/").json()["results"]
    assert {r["member_name"]: r["tournaments"] for r in rows} == {"Ann": 1, "Bob": 1, "Dan": 1, "Eve": 1}
    assert api_as(played["eve"]).get(f"/api/seasons/{season.pk}/").json()["games"] == [
        "dragon", "casino", "dice", "tricks"]
    answer = client.get(reverse("seasons:export", args=[season.pk]) + "?format=csv")
    table = list(csv.reader(io.StringIO(answer.content.decode())))
    assert "Tournaments" in table[0] and "Deals won" in table[0]
    column = table[0].index("Tournaments")
    assert {row[1]: row[column] for row in table[1:]} == {"Ann": "1", "Bob": "1", "Dan": "1", "Eve": "1"}

    only_tricks = services.season_update(season=season, actor=played["croupier"], games=["tricks"])
    html = client.get(only_tricks.get_absolute_url()).content.decode()
    assert "<th>Won</th>" not in html and "Dragon Poker:" not in html
    header = next(csv.reader(io.StringIO(
        client.get(reverse("seasons:export", args=[season.pk]) + "?format=csv").content.decode())))
    assert "Deals won" not in header and "Tournaments" in header


def test_the_api_takes_every_game_and_refuses_others(played, api_as):
    client = api_as(played["croupier"])
    body = {"name": "Api", "start_date": played["start"].isoformat(), "end_date": played["end"].isoformat(),
            "games": ["tricks", "casino"], "parts": {"placing": {"table": [3, 2, 1]}}}
    made = client.post("/api/seasons/", body, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["games"] == ["casino", "tricks"]
    refused = client.post("/api/seasons/", {**body, "games": ["draker"]}, format="json")
    assert refused.status_code == 400


def test_the_standings_of_every_game_read_in_seven_queries(played, cup, casino, django_assert_num_queries):
    season = services.season_create(actor=played["croupier"], name="All", start_date=played["start"],
                                    end_date=played["end"], games=["dragon", "casino", "dice", "tricks"],
                                    parts=FORMULA)
    # The sessions, the ledger, the casino hands, the deals won, the tournaments, the check-ins,
    # the members: whatever the number of evenings and players.
    with django_assert_num_queries(7):
        rows = selectors.standings(season).rows
    assert {row.member.display_name for row in rows} == {"Ann", "Bob", "Dan", "Eve"}
