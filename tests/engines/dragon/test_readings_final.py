"""Readings that judge a modifier on the deal as every modifier left it (IP-M39-WHEN, IP-M40-WHEN,
IP-M71-WHEN): the ``final`` hooks run after the last modifier (``modifiers/base.py``).

Four players at N, E, S, W; deal 2 is dealt by East (order S, W, N, E), deal 1 by North (order E, S, W,
N). The default pattern is d d d o o o o o d: the open circles are 4-8.
"""

from __future__ import annotations

import pytest

from rules.engines.dragon.context import Room
from rules.engines.errors import RulesError
from rules.engines.readings import get

from .helpers import card, claim
from .test_modifiers_cards import (
    ELVES_DRAGONS,
    M39_HANDS,
    M40_HISTORY,
    QUIET,
    TWO_ANIMALS,
    prepared,
    quiet_table,
)
from .test_readings_34_100 import only, players, prep

ANIMAL_ROOM = Room(animals=1)


@pytest.mark.parametrize("point_id, default, alternative", [
    ("IP-M39-WHEN", "in_order", "final_state"), ("IP-M40-WHEN", "in_order", "final_state"),
    ("IP-M71-WHEN", "at_its_turn", "whole_deal")])
def test_when_points_are_registered_with_the_notes_readings(point_id, default, alternative):
    """Base rule 12 and the modifier notes (26-50, 51-75): IP-M39-WHEN, IP-M40-WHEN and IP-M71-WHEN are in
    the registry with the notes' default and alternative."""
    point = get(point_id)
    assert point.default == default and point.alternatives == (alternative,)


# ---------------------------------------------------------------------------- IP-M39-WHEN
NEW_MOON_1530 = "2026-04-16T15:30:00+03:00"     # a Thursday, moon part 8 (modifier 99); Table 2: Threes dead


def _m39(reading: str | None):
    """Deal 2 after a win with four Elves and four Dragons (base rule 21 kills them): W's Jh of the third
    open circle is dead when 39 acts; on a new moon modifier 99 ("для игроков сидящих не на Юге, Юго-востоке и
    Юго-западе оживляются червовые онеры") revives it after 39."""
    rd = {"IP-M39-WHEN": reading} if reading else None
    return prepared(M39_HANDS, tbl=quiet_table(room=ANIMAL_ROOM), number=2, started_at=NEW_MOON_1530,
                    history=ELVES_DRAGONS, disabled=QUIET - {99}, readings=rd)


def test_ip_m39_when_in_order_counts_the_elf_dead_at_39s_turn():
    """IP-M39-WHEN in_order (default), modifier 39 ("Если кому-либо из игроков в третьем открытом круге
    приходит убитый Эльф – это отменяет модификатор 35 [read: 36] для Эльфов и Великанов"): W's Jh is dead
    at 39's turn, so 36 does not revive E's dark Js; modifier 99 revives the Jh afterwards."""
    s = _m39(None)
    assert card(s, "Jh").state != "dead"           # 99 revived it after 39 had acted
    assert card(s, "Js").state == "dead" and card(s, "Ad").state != "dead"
    assert s.cancelled[36][0] == "M39"


def test_ip_m39_when_final_state_reads_the_elf_as_the_deal_ends():
    """IP-M39-WHEN final_state, modifier 39: the Jh is alive at the end of the deal (modifier 99), so 39
    does not fire and 36 revives E's Js and Ad."""
    s = _m39("final_state")
    assert card(s, "Jh").state != "dead"
    assert card(s, "Js").state != "dead" and card(s, "Ad").state != "dead"
    assert 36 not in s.cancelled


def test_ip_m39_when_final_state_settles_the_deal_again_after_36_acted():
    """IP-M39-WHEN final_state, modifiers 36 and 39: without the new moon W's Jh stays dead to the end, so
    39 fires after every modifier; 36 had already revived E's Js, so the deal is settled again with 36
    cancelled for Elves and Giants (base rule 11): the Js is dead, the Ad alive, as under in_order."""
    at = "2026-04-08T15:30:00+03:00"
    for reading in ("in_order", "final_state"):
        s = prepared(M39_HANDS, tbl=quiet_table(room=ANIMAL_ROOM), number=2, started_at=at,
                     history=ELVES_DRAGONS, readings={"IP-M39-WHEN": reading})
        assert card(s, "Js").state == "dead" and card(s, "Ad").state != "dead"
        assert s.cancelled[36][0] == "M39"


# ---------------------------------------------------------------------------- IP-M40-WHEN
WED_1820 = "2026-03-11T18:20:00+03:00"          # Table 2: Sevens wild, Sixes dead (no wild Three)
M40_HANDS = {"S": "- - - - - - - 10h -", "W": "- - - - - - 3c - -"}


def _m40(reading: str | None, claims=()):
    """Deal 2 after a win with four Tens (base rule 21 kills them), two animals (modifier 37 revives the
    dead foskas of the second and last open circles), modifier 74 played: with no dimension of three
    players every player may declare a card wild (IP-M74-OTHERWISE no_group)."""
    rd = {"IP-M74-OTHERWISE": "no_group"}
    if reading:
        rd["IP-M40-WHEN"] = reading
    return prepared(M40_HANDS, tbl=quiet_table(room=TWO_ANIMALS), number=2, started_at=WED_1820,
                    history=M40_HISTORY, disabled=QUIET - {74}, readings=rd, claims=claims)


def test_ip_m40_when_in_order_ignores_a_three_made_wild_later():
    """IP-M40-WHEN in_order (default), modifier 40 ("Если кому-либо из игроков в 4-м открытом круге приходит
    дикая Тройка – это отменяет ... модификатор 36 [read: 37] для Десяток"): W's 3c is natural at 40's
    turn and declared wild under 74 afterwards: 37 still revives S's dead 10h."""
    s = _m40(None, claims=[claim("W", "M74", card="3c")])
    assert card(s, "3c").state == "wild"
    assert card(s, "10h").state != "dead"
    assert 37 not in s.cancelled


def test_ip_m40_when_final_state_counts_a_three_made_wild_later():
    """IP-M40-WHEN final_state, modifiers 37, 40 and 74: the 3c is wild as the deal ends, so 40 fires
    after every modifier; 37 had revived the 10h, so the deal is settled again with 37 cancelled for Tens
    (base rule 11): the 10h stays dead. Without the declaration nothing changes."""
    s = _m40("final_state", claims=[claim("W", "M74", card="3c")])
    assert card(s, "3c").state == "wild"
    assert card(s, "10h").state == "dead"
    assert s.cancelled[37][0] == "M40" and s.cancelled[37][1](card(s, "10h"))
    s = _m40("final_state")
    assert card(s, "3c").state != "wild" and card(s, "10h").state != "dead"


def test_ip_m40_when_readings_agree_on_a_three_wild_throughout():
    """IP-M40-WHEN, modifier 40: at 14:20 Table 2 makes W's 3c wild and nothing changes it later, so 40
    fires under in_order at its turn and under final_state at the end (after 37 acted, so the deal is
    settled again): 37 is cancelled for Tens under both readings."""
    at = "2026-03-11T14:20:00+03:00"
    for reading in ("in_order", "final_state"):
        s = prepared(M40_HANDS, tbl=quiet_table(room=TWO_ANIMALS), number=2, started_at=at, history=M40_HISTORY,
                     readings={"IP-M40-WHEN": reading})
        assert card(s, "3c").state == "wild" and card(s, "10h").state == "dead"


# ---------------------------------------------------------------------------- IP-M71-WHEN
M71_HANDS = {"S": "- - - Jc 6d - 5s - -"}
M71_TABLE = players(N={"dimension": "Earth"}, E={"dimension": "Earth"},
                    S={"headwear": True, "beard": True, "dimension": "Earth"}, W={})


def _m71(reading: str | None, claims):
    """Deal 1 (order E, S, W, N): S's Jc of circle 4 dies by modifier 8 (the 6d of the second open circle
    is dealt after it); his 5s of the fourth open circle is killed by 57 (S wears headwear), revived and
    made wild by 59 (S is second from the dealer, in headwear and with a beard): two modifiers. Three
    players come from one dimension: modifier 74 makes S (no red honor, no black honor, black foskas)
    lower one black fosk; S names his wild 5s (IP-M74-CANDIDATES any_live_card): a third modifier, after 71."""
    rd = {"IP-M74-CANDIDATES": "any_live_card"}
    if reading:
        rd["IP-M71-WHEN"] = reading
    return prep(M71_HANDS, tbl=M71_TABLE, ruleset=only(8, 57, 59, 71, 74), readings=rd, claims=claims)


def test_ip_m71_when_at_its_turn_counts_modifiers_1_to_70():
    """IP-M71-WHEN at_its_turn (default), modifier 71 ("Если игрок применяет три модификатора к одной и той
    же модифицируемой карте, то он может объявить ожившей одну из своих убитых карт"): at 71's turn S's 5s
    has had two modifiers (57, 59); 74's comes later: S's claim to revive the Jc is refused."""
    s = _m71(None, [claim("S", "M74", card="5s")])
    assert card(s, "5s").mods == (57, 59, 74) and card(s, "Jc").state == "dead"
    with pytest.raises(RulesError, match="three modifiers"):
        _m71(None, [claim("S", "M74", card="5s"), claim("S", "M71", card="Jc")])


def test_ip_m71_when_whole_deal_counts_every_modifier_and_revives_last():
    """IP-M71-WHEN whole_deal, modifier 71: every modifier counts, so the 5s's third (74) does, and S
    revives his Jc after the last modifier; without 74's change there are still only two."""
    s = _m71("whole_deal", [claim("S", "M74", card="5s"), claim("S", "M71", card="Jc")])
    assert card(s, "Jc").state == "natural" and card(s, "Jc").mods == (8, 71)
    assert [e.source for e in s.trace if e.change.startswith("revived")][-1] == "M71"
    with pytest.raises(RulesError, match="three modifiers"):
        prep(M71_HANDS, tbl=M71_TABLE, ruleset=only(8, 57, 59, 71), readings={"IP-M71-WHEN": "whole_deal"},
             claims=[claim("S", "M71", card="Jc")])
