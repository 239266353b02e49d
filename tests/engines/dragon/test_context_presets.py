"""The Table inputs, the sky at the venue, and the rulesets (club-2.2.1, asprin-evening)."""

from __future__ import annotations

import datetime as dt

import pytest

from rules.engines.cards import parse
from rules.engines.dragon.astro import moon_part, sun_is_up
from rules.engines.dragon.context import Player, Room, Table
from rules.engines.dragon.facts import deal_facts
from rules.engines.dragon.game import DealRecord, GameHistory, WinningHand
from rules.engines.dragon.presets import ruleset
from rules.engines.errors import RulesError

from .helpers import card, prepared, table


def test_table_orders_players_clockwise_from_north_and_refuses_bad_facts():
    """The first dealer is North, or the next occupied seat clockwise (the seed's dealing order)."""
    tbl = Table(players=(Player("b", "W"), Player("a", "E"), Player("c", "NE")))
    assert tbl.ids == ("c", "a", "b") and tbl.first_dealer() == "c"
    assert deal_facts(tbl, 2, "2026-03-04T10:30:00").dealer == "a"
    with pytest.raises(RulesError, match="'X'"):
        Player("a", "X")
    with pytest.raises(RulesError, match="'beer'"):
        Player("a", "N", drink="beer")
    with pytest.raises(RulesError, match="seat 'N'"):
        Table(players=(Player("a", "N"), Player("b", "N")))
    with pytest.raises(RulesError, match="-1"):
        Room(animals=-1)


def test_moon_parts_and_sun():
    """The moon in the seed's eight parts (8 = new moon) and daylight at the venue."""
    assert moon_part(dt.date(2026, 12, 9)) == 8          # new moon 2026-12-09
    assert moon_part(dt.date(2026, 11, 24)) == 4         # full moon 2026-11-24
    assert moon_part(dt.date(2026, 11, 17)) == 2         # first quarter
    msk = dt.timezone(dt.timedelta(hours=3))
    assert sun_is_up(55.75, 37.62, dt.datetime(2026, 11, 29, 12, 0, tzinfo=msk))
    assert not sun_is_up(55.75, 37.62, dt.datetime(2026, 11, 29, 21, 0, tzinfo=msk))
    f = deal_facts(table(), 1, "2026-11-29T21:15:00+03:00")
    assert (f.moon, f.sun_up, f.weekday) == (moon_part(dt.date(2026, 11, 29)), False, 7)


def test_unknown_ruleset_is_an_error():
    with pytest.raises(RulesError, match="'poker'"):
        ruleset("poker")


def evening(hands, **kw):
    return prepared(hands, ruleset="asprin-evening", disabled=None, **kw)


def test_asprin_evening_unicorns_free_threes_dead_no_club_tables():
    """The Asprin evening: Unicorns free all evening, Threes dead; no Table 2 wild rank (10:30)."""
    s = evening({"E": "Qc 3c 8c - - - - - -"})
    assert card(s, "Qc").state == "free" and card(s, "3c").state == "dead"
    assert card(s, "8c").state == "natural"           # Table 3 is not played
    assert not any(e.source.startswith("M") for e in s.trace)


def test_asprin_evening_red_dragons_free_on_even_deals():
    """The Asprin evening: red Dragons are free on even deals only."""
    assert card(evening({"E": "Ah - - - - - - - -"}, number=2), "Ah").state == "free"
    assert card(evening({"E": "Ah - - - - - - - -"}), "Ah").state == "natural"


def test_asprin_evening_ten_kills_sevens_and_quads_kill_their_rank():
    """The Asprin evening: a Ten in the first two open circles kills Sevens; a quad that won kills its
    rank for the rest of the evening; every fifth deal inverts the card order."""
    s = evening({"E": "7c - - - 10d - - - -"})
    assert card(s, "7c").state == "dead"
    quad = WinningHand("E", 49, parse("9c 9d 9h 9s"), tuple((9, x) for x in "cdhs"), ("natural",) * 4)
    history = GameHistory([DealRecord(number=1, winners=("E",), winning_hands=(quad,))])
    s = evening({"S": "9h - - - - - - - -"}, number=2, history=history)
    assert card(s, "9h").state == "dead"
    assert evening({}, number=5).card_order == "inverted"


def test_asprin_evening_giant_first_face_up_adds_a_dark_card():
    """The Asprin evening: a Giant as the first face-up card: four open circles, five dark."""
    s = evening({"E": "- - - Kd - - - - -"})
    assert s.pattern.count("open") == 4 and s.pattern[7] == "dark"


def test_asprin_evening_no_hand_is_played_as_a_collision():
    """The Asprin evening: "расклад "столкновение" весь вечер не будет иметь силы, вот потому-то мы и
    не потрудились занести его в список": the 64 hands have no collision, and three pairs whose suits
    match pair by pair (5-7-A of spades and of hearts: the Threes of the seed's example are dead all
    evening) play as the three pairs they are."""
    from rules.engines.dragon.hands import HANDS
    from rules.engines.dragon.judge import evaluate_player

    assert not any("collision" in h.name or "столкнов" in h.seed_name.lower() for h in (HANDS[n] for n in range(1, 65)))
    s = evening({"E": "5s 7s As 5h 7h Ah 9c Jd 2c"})
    assert evaluate_player(s, "E").name == "belly"
