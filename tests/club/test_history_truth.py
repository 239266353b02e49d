"""The history of a row with a life tells only what happened to it.

For each model that has a status and a history (a scheduled session, a Game, a result, a Draker
game) its real moves are made through the services, between them the other services that write
the same row are called with the copy the caller read before the move (as a page or a loader
does); the statuses its history records must be the moves that happened, in order, each one a
move its table of transitions allows. The demo club is loaded and every session's history is
checked the same way.
"""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core.management import call_command

from club import services as club_services
from club.errors import Conflict
from club.models import RSVP, Member, ScheduledSession
from games import services as game_services
from games.models import Game, Result
from games.tables import services as table_services
from games.tables.models import DrakerGame
from tests import factories

pytestmark = pytest.mark.django_db

Status = ScheduledSession.Status


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.GAMES_ADVISE_AFTER_SUBMIT = False


def recorded(obj) -> list[str]:
    """The statuses the row's history records, oldest first, a repeated status said once."""
    rows = type(obj).history.filter(id=obj.pk).order_by("history_date", "history_id")
    out: list[str] = []
    for status in rows.values_list("status", flat=True):
        if not out or out[-1] != status:
            out.append(status)
    return out


def assert_a_path(statuses: list[str], transitions: dict[str, tuple[str, ...]]) -> None:
    for before, after in zip(statuses, statuses[1:], strict=False):
        assert after in transitions[before], f"{before} -> {after} is not a move its life allows: {statuses}"


@pytest.fixture
def croupier(db):
    return factories.member(Member.Role.CROUPIER, password=None)


@pytest.fixture
def players(db):
    return [factories.member(password=None) for _ in range(4)]


def going(session, members):
    for member in members:
        club_services.rsvp_set(session=session, member=member, actor=member, answer=RSVP.Answer.GOING)


# --- scheduled sessions --------------------------------------------------------------------------

def test_a_session_run_to_its_close_records_its_moves_only(croupier, players):
    session = factories.session(actor=croupier, status="planned")
    read_before = session                                   # the copy a page read, still "planned"
    club_services.session_transition(session=session, actor=croupier, to=Status.OPEN)
    going(read_before, players)
    club_services.seating_apply_proposal(session=read_before, actor=croupier, seed="history")
    club_services.session_update(session=read_before, actor=croupier, notes="Bring your own dragon.")
    club_services.seat_assign(session=read_before, actor=croupier, member=players[0], seat="NE")
    club_services.checkin_record(session=read_before, actor=croupier, code=players[1].checkin_code)
    running = club_services.session_transition(session=read_before, actor=croupier, to=Status.RUNNING)
    club_services.session_update(session=read_before, actor=croupier, capacity=6)
    club_services.seating_apply_proposal(session=read_before, actor=croupier, seed="again")
    club_services.session_transition(session=running, actor=croupier, to=Status.CLOSED)
    club_services.session_update(session=running, actor=croupier, notes="A long night.")

    session.refresh_from_db()
    assert session.status == Status.CLOSED
    assert (session.notes, session.capacity, session.seating_seed) == ("A long night.", 6, "again")
    assert recorded(session) == [Status.PLANNED, Status.OPEN, Status.RUNNING, Status.CLOSED]


def test_a_session_sent_back_and_cancelled_records_its_moves_only(croupier, players):
    session = factories.session(actor=croupier, status="open")
    going(session, players[:3])
    read_open = session
    back = club_services.session_transition(session=session, actor=croupier, to=Status.PLANNED)
    club_services.seating_apply_proposal(session=read_open, actor=croupier, seed="back")
    later = read_open.starts_at + timedelta(days=1)
    club_services.session_update(session=read_open, actor=croupier, starts_at=later,
                                 ends_at=later + timedelta(hours=4))
    club_services.session_transition(session=back, actor=croupier, to=Status.CANCELLED)
    club_services.session_update(session=back, actor=croupier, notes="The inn burnt down.")

    session.refresh_from_db()
    assert session.status == Status.CANCELLED
    assert session.sequence == 2                            # moved once, cancelled once
    assert recorded(session) == [Status.PLANNED, Status.OPEN, Status.PLANNED, Status.CANCELLED]
    assert_a_path(recorded(session), ScheduledSession.TRANSITIONS)


def test_a_session_history_row_never_keeps_another_service_change_undone(croupier, players):
    """Each history row is the row as it stood: a save by one service keeps what another wrote."""
    session = factories.session(actor=croupier, status="planned")
    read_before = session
    club_services.session_update(session=session, actor=croupier, notes="Dragons welcome.")
    going(session, players[:2])
    club_services.session_transition(session=read_before, actor=croupier, to=Status.OPEN)
    club_services.seating_apply_proposal(session=read_before, actor=croupier, seed="kept")
    newest = ScheduledSession.history.filter(id=session.pk).order_by("-history_date", "-history_id").first()
    assert (newest.status, newest.notes, newest.seating_seed) == (Status.OPEN, "Dragons welcome.", "kept")


def test_a_member_edit_keeps_what_another_service_wrote_meanwhile(croupier, players):
    """A member's history records the whole row: his profile saved from the copy the page read
    keeps the mail preferences he changed in between, in the row and in its history."""
    member = players[0]
    read_before = member
    club_services.member_mail_preferences_set(member=member, actor=member, mail_session_day=False)
    club_services.member_update(member=read_before, actor=read_before, display_name="Skeeve the Great")
    member.refresh_from_db()
    assert (member.display_name, member.mail_session_day) == ("Skeeve the Great", False)
    newest = Member.history.filter(id=member.pk).order_by("-history_date", "-history_id").first()
    assert (newest.display_name, newest.mail_session_day) == ("Skeeve the Great", False)


# --- Games ---------------------------------------------------------------------------------------

def test_a_game_records_live_then_ended_only(croupier, players):
    session = factories.session(actor=croupier, status="open")
    going(session, players)
    club_services.seating_apply_proposal(session=session, actor=croupier, seed="game")
    first = game_services.game_start(session=session, actor=croupier)
    deal = game_services.deal_start(game=first, actor=croupier, quick=True)
    game_services.result_submit_quick(deal=deal, actor=players[0], winners=[players[0]], pot=8)
    second = game_services.game_start(session=session, actor=croupier)     # ends the first
    with pytest.raises(Conflict):                                       # named by its copy read live
        game_services.game_end(game=first, actor=croupier)
    game_services.game_end(game=second, actor=croupier)
    for game in (first, second):
        game.refresh_from_db()
        assert game.status == Game.Status.ENDED
        assert recorded(game) == [Game.Status.LIVE, Game.Status.ENDED]


# --- results -------------------------------------------------------------------------------------

def test_results_record_draft_confirmed_superseded_and_discarded_only(croupier, players):
    session = factories.session(actor=croupier, status="open")
    going(session, players)
    club_services.seating_apply_proposal(session=session, actor=croupier, seed="results")
    game = game_services.game_start(session=session, actor=croupier)
    deal = game_services.deal_start(game=game, actor=croupier, quick=True)
    first = game_services.result_submit_quick(deal=deal, actor=players[0], winners=[players[0]], pot=8)
    game_services.result_confirm(result=first, actor=players[1])
    game_services.result_advise(result=first)                       # the copy read as a draft
    correction = game_services.result_submit_quick(deal=deal, actor=players[1], winners=[players[1]], pot=8,
                                                   supersedes=1)
    game_services.result_confirm(result=correction, actor=players[2])
    game_services.result_advise(result=correction)
    again = game_services.result_submit_quick(deal=deal, actor=players[2], winners=[players[2]], pot=8,
                                              supersedes=2)
    game_services.result_discard(result=again, actor=players[3])

    for result, path in ((first, ["draft", "confirmed", "superseded"]), (correction, ["draft", "confirmed"]),
                         (again, ["draft", "discarded"])):
        result.refresh_from_db()
        assert result.status == path[-1]
        assert recorded(result) == path
        assert_a_path(recorded(result), Result.TRANSITIONS)


# --- Draker games ----------------------------------------------------------------------------------

def test_a_draker_game_records_draft_then_its_end_only(croupier, players):
    rows = [{"member": players[0], "place": 1}, {"member": players[1], "place": 2}]
    kept = table_services.draker_game_record(actor=players[0], players=rows)
    thrown = table_services.draker_game_record(actor=players[0], players=rows)
    table_services.draker_turn_record(game=kept, actor=players[0], player=players[0],
                                      cards=[{"rank": 6, "profession": 2, "suit": "h"}])
    table_services.draker_game_confirm(game=kept, actor=players[1])
    table_services.draker_game_discard(game=thrown, actor=players[1])
    for game, end in ((kept, DrakerGame.Status.CONFIRMED), (thrown, DrakerGame.Status.DISCARDED)):
        game.refresh_from_db()
        assert game.status == end
        assert recorded(game) == [DrakerGame.Status.DRAFT, end]


# --- the demo club ---------------------------------------------------------------------------------

def test_every_demo_session_history_is_a_true_path_to_its_status():
    call_command("demo_club", stdout=io.StringIO())
    sessions = list(ScheduledSession.objects.all())
    assert len(sessions) >= 6
    for session in sessions:
        statuses = recorded(session)
        assert statuses[0] == Status.PLANNED, (session.title, statuses)
        assert statuses[-1] == session.status, (session.title, statuses)
        assert_a_path(statuses, ScheduledSession.TRANSITIONS)
    night = ScheduledSession.objects.get(title="Dragon Poker night III")
    assert recorded(night) == [Status.PLANNED, Status.OPEN]
    for title in ("Dragon Poker night I", "Dragon Poker night II", "Dice and Draker afternoon"):
        closed = ScheduledSession.objects.get(title=title)
        assert recorded(closed) == [Status.PLANNED, Status.OPEN, Status.RUNNING, Status.CLOSED]
