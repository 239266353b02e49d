"""A small season played through the services: two evenings of quick deals (each player puts in
an equal share of the pot, the winner takes it), a check-in of a member who did not play, and an
evening outside the season's dates; and a trick-game tournament played at a session, for the
seasons that count it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from club import services as club_services
from club.models import RSVP, Member
from games import services as game_services
from games.seasons import services
from games.tournaments import services as tournament_services
from games.tournaments.models import Stage, Tournament
from tests import factories
from tests.tournaments.conftest import play_table


def _evening(*, croupier, venue, players, winners, days, checked_in=()):
    session = factories.session(actor=croupier, venue_=venue, days=days)
    for player in players:
        club_services.rsvp_set(session=session, member=player, actor=player, answer="going")
    seats = dict(zip([p.pk for p in players], ["N", "E", "S", "W"], strict=False))
    game = game_services.game_start(session=session, actor=croupier, seats=seats)
    for winner in winners:
        deal = game_services.deal_start(game=game, actor=croupier, quick=True)
        result = game_services.result_submit_quick(deal=deal, actor=croupier, winners=[winner],
                                                   pot=len(players) * 2)
        confirmer = next(p for p in players if p != winner)
        game_services.result_confirm(result=result, actor=confirmer)
    for member in checked_in:
        club_services.checkin_record(session=session, actor=croupier, code=member.checkin_code)
    return session


def play_tournament(*, croupier, venue, players, days, seed, finish=True):
    """A trick-game tournament played at a tournament session ``days`` from today by ``players``
    (one table of four), its standings computed, finished unless ``finish`` is false."""
    session = factories.session(actor=croupier, venue_=venue, days=days, kind="tournament")
    for player in players:
        club_services.rsvp_set(session=session, member=player, actor=player, answer=RSVP.Answer.GOING)
    tournament, _entries = tournament_services.tournament_for_session(actor=croupier, session=session)
    tournament_services.tournament_transition(actor=croupier, tournament=tournament, to=Tournament.Status.RUNNING)
    stage = tournament_services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.DRAW)
    for table in stage.tables.all():
        play_table(croupier, table, seed, through=8)
    tournament_services.standings_recompute(tournament_id=tournament.pk)
    if finish:
        tournament_services.tournament_transition(actor=croupier, tournament=tournament,
                                                  to=Tournament.Status.FINISHED)
    return tournament


@pytest.fixture
def played(db):
    """Ann, Bob and Dan play; Eve only comes to the first evening.

    Evening 1 (10 days ago): Ann wins both deals of pot 6: Ann +8, Bob -4, Dan -4.
    Evening 2 (5 days ago): Bob wins one: Bob +4, Ann -2, Dan -2.
    Evening 3 (40 days ago, outside the season): Dan wins one.
    """
    croupier = factories.member(Member.Role.CROUPIER, display_name="Croupier")
    ann, bob, dan, eve = (factories.member(display_name=n) for n in ("Ann", "Bob", "Dan", "Eve"))
    venue = factories.venue()
    players = [ann, bob, dan]
    first = _evening(croupier=croupier, venue=venue, players=players, winners=[ann, ann], days=-10, checked_in=[eve])
    second = _evening(croupier=croupier, venue=venue, players=players, winners=[bob], days=-5)
    _evening(croupier=croupier, venue=venue, players=players, winners=[dan], days=-40)
    today = timezone.localdate()
    return {"croupier": croupier, "ann": ann, "bob": bob, "dan": dan, "eve": eve, "venue": venue,
            "evenings": [first, second], "start": today - dt.timedelta(days=20), "end": today}


@pytest.fixture
def season(played):
    return services.season_create(
        actor=played["croupier"], name="Winter", start_date=played["start"], end_date=played["end"],
        games=["dragon"], parts={"placing": {"table": [10, 7, 5]}, "deal_won": {"points": 2},
                                 "attendance": {"points": 1}},
        min_evenings=2, championship_size=2)
