"""The tables' demo data: seeded hands and a recorded dice match, loaded twice without change."""

import pytest

from club.models import ScheduledSession
from games.models import LedgerEntry
from games.tables import demo, selectors
from games.tables.models import CasinoHand, DiceMatch
from rules.engines import casino as casino_engine
from rules.engines import dice as dice_engine

pytestmark = pytest.mark.django_db


def test_demo_load_is_idempotent_and_replays():
    first = demo.load()
    counts = (CasinoHand.objects.count(), DiceMatch.objects.count(), LedgerEntry.objects.count())
    second = demo.load()
    assert counts == (CasinoHand.objects.count(), DiceMatch.objects.count(), LedgerEntry.objects.count())
    assert [h.pk for h in first["casino_hands"]] == [h.pk for h in second["casino_hands"]]
    assert counts[0] == len(demo.CASINO_HANDS) and all(h.is_settled for h in second["casino_hands"])
    for hand in second["casino_hands"]:
        assert casino_engine.CasinoHand.from_dict(hand.document).net == hand.net
    recorded = second["dice_matches"][0]
    assert recorded.is_over and recorded.winner.display_name == "Guido"
    assert dice_engine.Match.from_dict(recorded.document).winner == "Guido"
    assert selectors.ledger_total() == 0 and selectors.unbalanced_postings() == []


def test_the_casino_night_hands_are_tied_to_it():
    loaded = demo.load()
    night = [h for h in loaded["casino_hands"] if h.session_id is not None]
    assert len(night) == sum(1 for *_rest, at_night in demo.CASINO_HANDS if at_night) > 0
    session = ScheduledSession.objects.get(pk=night[0].session_id)
    assert session.title == demo.CASINO_NIGHT and session.status == "closed"
    assert all(h.session_id == session.pk and session.starts_at <= h.started_at <= session.ends_at for h in night)
    assert {h.player.display_name for h in night} <= set(session.checkins.values_list("member__display_name",
                                                                                       flat=True))


def test_the_demo_draker_games_are_confirmed_and_rate_their_winner_first():
    from django.core.cache import cache

    from games import selectors as game_selectors
    from games.tables.models import DrakerGame, DrakerTurn

    cache.clear()
    first = demo.load()["draker_games"]
    ledger = LedgerEntry.objects.count()
    second = demo.load()["draker_games"]
    assert [g.pk for g in first] == [g.pk for g in second] and DrakerGame.objects.count() == len(demo.DRAKER_GAMES)
    assert LedgerEntry.objects.count() == ledger
    assert all(g.status == "confirmed" and g.confirmed_by_id != g.entered_by_id for g in second)
    assert DrakerTurn.objects.get().final == 24
    board = game_selectors.ratings_board("draker")
    # Frumple won both games.
    assert board[0]["member"].display_name == "Frumple" and board[0]["played"] == 2
