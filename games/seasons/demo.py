"""The demo season: the demo club's evenings of the last month and the next, every game that
can count counted (Dragon Poker, the casino hands tied to the casino night, dice, and a trick-game
tournament played at a session of its own), points by placing, per deal won and for coming.
Loading twice changes nothing."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django.db import transaction
from django.utils import timezone

from club import demo as club_demo
from club import services as club_services
from club.models import RSVP, Member, ScheduledSession
from games.tournaments import engine as tricks
from games.tournaments import services as tournament_services
from games.tournaments.models import Stage, Tournament

from . import services
from .models import Season

NAME = "Yellow Crescent season"
# The season's trick-game evening: ten days ago, one table of four played by the engine's bots.
TRICK_EVENING = "Trick game evening"
TRICK_EVENING_DAYS = -10
TRICK_PLAYERS = ("Aahz", "Skeeve", "Massha", "Chumley")


def _trick_evening(members: dict[str, Member], venue) -> Tournament:
    """The finished tournament of the trick-game evening, played and closed when it is new."""
    session = ScheduledSession.objects.filter(title=TRICK_EVENING).first()
    if session is not None and session.tournaments.exists():
        return session.tournaments.order_by("pk").first()
    croupier = members["Tananda"]
    day = timezone.localdate(timezone=venue.tz) + timedelta(days=TRICK_EVENING_DAYS)
    start = datetime.combine(day, time(19, 0), tzinfo=venue.tz)
    session = club_services.session_create(actor=croupier, title=TRICK_EVENING, venue=venue, starts_at=start,
                                           ends_at=start + timedelta(hours=4), kind=ScheduledSession.Kind.TOURNAMENT)
    session = club_services.session_transition(session=session, actor=croupier, to="open")
    for name in TRICK_PLAYERS:
        club_services.rsvp_set(session=session, member=members[name], actor=members[name], answer=RSVP.Answer.GOING)
        club_services.checkin_record(session=session, actor=croupier, code=members[name].checkin_code)
    tournament, _entries = tournament_services.tournament_for_session(actor=croupier, session=session)
    tournament_services.tournament_transition(actor=croupier, tournament=tournament, to=Tournament.Status.RUNNING)
    stage = tournament_services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.DRAW)
    for table in stage.tables.order_by("number"):
        game = tricks.play_game(f"demo-trick-evening:{table.number}", first_dealer=table.first_dealer)
        tournament_services.table_record_game(actor=croupier, table=table, game=game)
        tournament_services.table_rescore(table_id=table.pk)
    tournament_services.standings_recompute(tournament_id=tournament.pk)
    tournament_services.tournament_transition(actor=croupier, tournament=tournament, to=Tournament.Status.FINISHED)
    tournament_services.standings_recompute(tournament_id=tournament.pk)
    tournament_services.report_generate(tournament_id=tournament.pk)
    tournament_services.ratings_recompute()
    session = club_services.session_transition(session=session, actor=croupier, to="running")
    club_services.session_transition(session=session, actor=croupier, to="closed")
    return tournament


@transaction.atomic
def load() -> Season:
    existing = Season.objects.filter(name=NAME).first()
    if existing is not None:
        return existing
    club = club_demo.load()
    _trick_evening(club["members"], club["venue"])
    croupier = Member.objects.get(display_name="Tananda")
    today = timezone.localdate()
    return services.season_create(
        actor=croupier, name=NAME, start_date=today - timedelta(days=30), end_date=today + timedelta(days=30),
        games=["dragon", "casino", "dice", "tricks"],
        parts={"placing": {"table": [10, 7, 5, 3, 1]}, "deal_won": {"points": 2}, "attendance": {"points": 1}},
        min_evenings=2, best_of=3, championship_size=4)
