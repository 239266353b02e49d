"""Modifier 50's readings: IP-M50-WHERE (how far "везде" reaches: base rule 7 and the modifiers' order
readings) and IP-M50-SURFACE (a covered table: the room's optional natural_surface).

Four players at N, E, S, W; deal 2 (dealt by East) is not a multiple of four, so base rule 19 leaves the
card order natural; Wednesday 14 October 2026.
"""

from __future__ import annotations

import pytest

from rules.engines.cards import parse
from rules.engines.dragon.context import Room
from rules.engines.dragon.game import DealRecord, GameHistory
from rules.engines.dragon.judge import table_from_doc
from rules.engines.errors import RulesError
from rules.engines.readings import get

from .helpers import card
from .test_modifiers_cards import won_with
from .test_modifiers_time_space import at, prepared, quiet_table
from .test_readings_34_100 import DEAL3_HONORS, M80_HANDS, MAY_1300, _clothing, only, prep

PLASTIC = Room(natural_table=False)
LOW_WIN = GameHistory([won_with(1, "9c 8d 7h 6s 5c 4d")])      # the winning hand's highest card: a Nine
HIGH_WIN = GameHistory([won_with(1, "Jc Qd Kh Js Qc Kd")])     # its lowest: an Elf


def test_ip_m50_points_are_registered_with_the_notes_readings():
    """Base rule 12 and the modifier notes (26-50): IP-M50-WHERE and IP-M50-SURFACE with the notes' readings."""
    assert (get("IP-M50-WHERE").default, get("IP-M50-WHERE").alternatives) == ("every_order_use", ("hand_ranking_only",))
    assert (get("IP-M50-SURFACE").default, get("IP-M50-SURFACE").alternatives) == ("table_material",
                                                                                     ("contact_surface",))


def _b7(history: GameHistory, room: Room, reading: str | None = None):
    rd = {"IP-M50-WHERE": reading} if reading else None
    return prepared({}, tbl=quiet_table(room=room), number=2, started_at=at("10:20"), history=history, readings=rd)


def test_base_rule_7_alone_reads_the_natural_order():
    """Base rule 7 ("Менее естественный расклад бьет более естественный, если наивысшая карта выигравшего
    расклада в предыдущей партии меньше десяти"): at a wooden table a Nine-high win reverses naturalness,
    an Elf-and-up win does not."""
    assert _b7(LOW_WIN, Room()).naturalness_reversed is True
    assert _b7(HIGH_WIN, Room()).naturalness_reversed is False


def test_ip_m50_where_every_order_use_inverts_base_rule_7_with_the_order():
    """IP-M50-WHERE every_order_use (default), modifier 50 ("везде естественный порядок карт меняется на
    инвертированный") and base rule 7 ("При инвертировании порядка карт этот модификатор тоже
    инвертируется"): at a plastic table the order is inverted from the start, so the Nine-high win no
    longer reverses naturalness (its highest card in the inverted order is the Four) and the win with
    Elves and up does (its highest card, an Elf, is below Ten in the inverted order)."""
    s = _b7(LOW_WIN, PLASTIC)
    assert s.card_order == "inverted" and s.naturalness_reversed is False
    assert any(e.source == "B7" and "modifier 50" in e.text for e in s.trace)
    s = _b7(HIGH_WIN, PLASTIC)
    assert s.card_order == "inverted" and s.naturalness_reversed is True


def test_ip_m50_where_hand_ranking_only_leaves_base_rule_7_in_the_natural_order():
    """IP-M50-WHERE hand_ranking_only, modifier 50: only the comparison of hands reads the inversion; base
    rule 7 keeps its reading in the natural order (Nine-high: reversed; Elves and up: not)."""
    s = _b7(LOW_WIN, PLASTIC, "hand_ranking_only")
    assert s.card_order == "inverted" and s.naturalness_reversed is True
    s = _b7(HIGH_WIN, PLASTIC, "hand_ranking_only")
    assert s.card_order == "inverted" and s.naturalness_reversed is False


def test_ip_m50_where_readings_for_the_modifiers_order_readings():
    """IP-M50-WHERE, modifiers 50 and 80 (IP-M80-ORDER current_deal_order: "двум самым меньшим картам"
    judged in the deal's order): deal 4 at a plastic table; under every_order_use 80 reads the inverted
    order and the Dragons are the lowest honors (Ah wild); under hand_ranking_only it reads the natural
    order (the Elves and Unicorns wild), and the order is inverted only for the hands."""
    plain = [DealRecord(number=n, winners=(), winning_hands=()) for n in (1, 2)]
    deal3 = DealRecord(number=3, winners=(), winning_hands=(), open_cards=parse(DEAL3_HONORS))
    history = GameHistory([*plain, deal3])

    def run(where):
        return prep(M80_HANDS, tbl=_clothing(PLASTIC), number=4, started_at=MAY_1300, history=history,
                    ruleset=only(50, 80), readings={"IP-M80-ORDER": "current_deal_order", "IP-M50-WHERE": where})

    s = run("every_order_use")
    assert [card(s, c).state for c in ("Jh", "Ah")] == ["natural", "wild"]
    s = run("hand_ranking_only")
    assert [card(s, c).state for c in ("Jh", "Ah")] == ["wild", "natural"]
    assert s.card_order == "inverted"


def test_ip_m50_where_reaches_a_lower_numbered_modifier_under_every_order_use():
    """IP-M50-WHERE, modifiers 15 and 50 (modifier 15 under IP-M15-LOWEST current_order: "Дракон масти, в
    которой сдана наименьшая по номиналу карта в открытых кругах и Дракон противоположной масти"): at a
    plastic table "везде" the inverted order holds from the start, so 15, though numbered before 50, finds
    E's face-up Ad the lowest card: the Dragons of diamonds and clubs are wild. Under hand_ranking_only, and
    at a wooden table, the lowest is a Two of hearts or spades: the Dragons of hearts and spades."""
    hands = {"E": "- - - Ad - - - - -", "N": "Ah Ac As - - - - - -"}

    def wild(room, where):
        s = prep(hands, tbl=quiet_table(room=room), ruleset=only(15, 50),
                 readings={"IP-M15-LOWEST": "current_order", "IP-M50-WHERE": where})
        return [c for c in ("Ah", "Ad", "Ac", "As") if card(s, c).state == "wild"]

    assert wild(PLASTIC, "every_order_use") == ["Ad", "Ac"]
    assert wild(PLASTIC, "hand_ranking_only") == ["Ah", "As"]
    assert wild(Room(), "every_order_use") == ["Ah", "As"]


# ---------------------------------------------------------------------------- IP-M50-SURFACE
CLOTHED = Room(natural_table=True, natural_surface=False)      # a wooden table under a synthetic cloth


@pytest.mark.parametrize("room, reading, order", [
    (CLOTHED, None, "natural"), (CLOTHED, "contact_surface", "inverted"),
    (Room(natural_table=False, natural_surface=True), None, "inverted"),
    (Room(natural_table=False, natural_surface=True), "contact_surface", "natural"),
    (PLASTIC, "contact_surface", "inverted"), (Room(), "contact_surface", "natural")])
def test_ip_m50_surface_readings(room, reading, order):
    """IP-M50-SURFACE, modifier 50 ("Примечание: если стола нет, то модификатор определяется по материалу,
    на который кладутся карты"): table_material (default) reads the table's material whatever covers it;
    contact_surface reads the surface the cards lie on (the room's natural_surface), the table's material
    when it is not recorded."""
    rd = {"IP-M50-SURFACE": reading} if reading else None
    s = prepared({}, tbl=quiet_table(room=room), started_at=at("10:20"), readings=rd)
    assert s.card_order == order


def test_room_natural_surface_is_an_optional_fact_of_the_sitting_document():
    """The room's natural_surface (optional; left out: not recorded) is read from the sitting document and
    checked: a value that is not true or false is refused, naming it."""
    players = [{"id": "N", "seat": "N"}, {"id": "S", "seat": "S"}]
    assert table_from_doc({"players": players}).room.natural_surface is None
    assert table_from_doc({"players": players, "room": {"natural_surface": False}}).room.natural_surface is False
    with pytest.raises(RulesError, match="natural_surface"):
        table_from_doc({"players": players, "room": {"natural_surface": "cloth"}})
