"""Conditional modifiers 34-46 (seed group "Карты"), each firing and not firing, and the readings
of their interpretation points.

Four players at N, E, S, W; the deal group (1-33) and this group are played. Deal 1 is dealt by North
(order E, S, W, N), deal 2 by East (S, W, N, E), deal 5 by North, deal 6 by East, deal 8 by West
(N, E, S, W). The default pattern is d d d o o o o o d: the open circles are 4-8. With four
players modifier 3 reads Table 3 two months back (April plays February: 3, 5, 7, Q home;
March plays January: 8, K, A home).
"""

from __future__ import annotations

import pytest

from rules.engines.cards import parse
from rules.engines.dragon.context import Player, Room, Table
from rules.engines.dragon.game import DealRecord, GameHistory, WinningHand
from rules.engines.dragon.modifiers.cards import m34_ranks
from rules.engines.errors import RulesError

from . import helpers
from .helpers import card, claim

# Modifiers 1-33 and this group are played; the other groups have their own tests. The fillers
# show three face-up Sevens, Elves and Threes, so modifier 41 plays only in its own tests.
OTHER_GROUPS = frozenset(range(47, 101))
QUIET = OTHER_GROUPS | {41}


def prepared(hands, **kw):
    kw.setdefault("disabled", QUIET)
    return helpers.prepared(hands, **kw)

SUNDAY_0820 = "2026-03-08T08:20:00+03:00"    # Table 2: Tens wild, Nines dead; M1 hits the first hand
SUNDAY_1820 = "2026-03-08T18:20:00+03:00"    # Table 2: Sevens wild, Sixes dead
WED_1020 = "2026-03-11T10:20:00+03:00"       # Table 2: Unicorns wild, Elves dead
WED_1820 = "2026-03-11T18:20:00+03:00"
WED_1420 = "2026-03-11T14:20:00+03:00"       # Table 2: Threes wild, Twos dead
APR_1020 = "2026-04-08T10:20:00+03:00"       # February's home ranks 3, 5, 7, Q
APR_1530 = "2026-04-08T15:30:00+03:00"       # Table 2: Fours wild, Threes dead


def quiet_table(seats=("N", "E", "S", "W"), room: Room | None = None, weather: str = "other",
                **per_player) -> Table:
    players = [Player(id=s, seat=s, **{"clothing": "dark", **per_player.get(s, {})}) for s in seats]
    return Table(players=tuple(players), room=room or Room(), weather=weather)


def history(*records: DealRecord) -> GameHistory:
    """Deals 1..n: the given records, earlier deals filled with plain ones."""
    by_number = {r.number: r for r in records}
    last = max(by_number)
    return GameHistory([by_number.get(n, DealRecord(number=n, winners=(), winning_hands=()))
                        for n in range(1, last + 1)])


def won_with(number: int, cards: str) -> DealRecord:
    """A deal won with ``cards`` played as themselves (natural)."""
    cs = parse(cards)
    hand = WinningHand("N", 1, cs, tuple((c.rank, c.suit) for c in cs), ("natural",) * len(cs))
    return DealRecord(number=number, winners=("N",), winning_hands=(hand,))


SAINT = Room(saint_images=1)


# ---------------------------------------------------------------------------- M34
@pytest.mark.parametrize(("number", "ranks"), [(1, {8, 9, 10}), (5, {8, 9, 10}), (2, {5, 6, 7}), (6, {5, 6, 7}),
                                               (3, {2, 3, 4}), (7, {2, 3, 4}), (4, set(range(2, 8))),
                                               (8, set(range(2, 8)))])
def test_m34_ranks_by_remainder_with_four_players(number, ranks):
    """Modifier 34: "если остаток от деления номера партии на количество игроков кратен 3 ... Двойки,
    Тройки, Четверки; если кратен 2 ... Пятерки, Шестерки и Семерки", otherwise Eights-Tens."""
    assert m34_ranks(number, 4) == frozenset(ranks)


def test_m34_saint_image_cancels_wild_tens():
    """Modifier 34: one saint image, deal 5 (5 mod 4 = 1): "отменяются дикие Восьмерки, Девятки и
    Десятки": the Ten wild by Table 2 at 08:20 plays plain, and the set is kept for two more deals."""
    s = prepared({"S": "10c - - - - - - - -"}, tbl=quiet_table(room=SAINT), number=5, started_at=SUNDAY_0820,
                 history=history(DealRecord(number=4, winners=(), winning_hands=())))
    assert card(s, "10c").state == "natural"
    assert any(e.source == "M34" and e.cards == (card(s, "10c").card,) for e in s.trace)
    assert s.carry["M34"] == [8, 9, 10]


def test_m34_near_miss_two_images_are_void():
    """Modifier 34: "Если этих изображений четное количество – модификатор недействителен"."""
    s = prepared({"S": "10c - - - - - - - -"}, tbl=quiet_table(room=Room(saint_images=2)), number=5,
                 started_at=SUNDAY_0820)
    assert card(s, "10c").state == "wild"
    assert "M34" not in s.carry


def test_m34_is_cumulative_over_three_deals():
    """Modifier 34: "действует в течении текущей партии и двух последующих; ... аккумулятивное": in deal 6
    (set 5-7) the Tens of deal 5's set stay plain; in deal 8 deal 5's set has run out and Tens are wild."""
    h = history(DealRecord(number=5, winners=(), winning_hands=(), carry={"M34": [8, 9, 10]}))
    s6 = prepared({"W": "10c 7d - - - - - - -"}, tbl=quiet_table(room=SAINT), number=6, started_at=SUNDAY_0820,
                  history=h)
    assert card(s6, "10c").state == "natural"
    assert s6.carry["M34"] == [5, 6, 7]
    h8 = history(DealRecord(number=5, winners=(), winning_hands=(), carry={"M34": [8, 9, 10]}),
                 DealRecord(number=6, winners=(), winning_hands=(), carry={"M34": [5, 6, 7]}),
                 DealRecord(number=7, winners=(), winning_hands=()))
    s8 = prepared({"E": "10c - - - - - - - -"}, tbl=quiet_table(room=SAINT), number=8, started_at=SUNDAY_0820,
                  history=h8)
    assert card(s8, "10c").state == "wild"


def test_ip_m34_zero_readings():
    """IP-M34-ZERO: deal 8 of four players leaves remainder 0: a multiple of 3 and 2 (Twos-Sevens, the
    Ten stays wild) by default, Eights-Tens under zero_not_multiple."""
    hands = {"E": "10c - - - - - - - -"}
    s = prepared(hands, tbl=quiet_table(room=SAINT), number=8, started_at=SUNDAY_0820)
    assert card(s, "10c").state == "wild"
    s = prepared(hands, tbl=quiet_table(room=SAINT), number=8, started_at=SUNDAY_0820,
                 readings={"IP-M34-ZERO": "zero_not_multiple"})
    assert card(s, "10c").state == "natural"
    assert m34_ranks(4, 4, zero="zero_not_multiple") == {8, 9, 10}


def test_ip_m34_replace_readings():
    """IP-M34-REPLACE: in deal 6 (remainder 2) "Однако" names Fives-Sevens instead of Eights-Tens;
    under add, the Tens are cancelled besides."""
    hands = {"W": "10c - - - - - - - -"}
    s = prepared(hands, tbl=quiet_table(room=SAINT), number=6, started_at=SUNDAY_0820)
    assert card(s, "10c").state == "wild"
    s = prepared(hands, tbl=quiet_table(room=SAINT), number=6, started_at=SUNDAY_0820,
                 readings={"IP-M34-REPLACE": "add"})
    assert card(s, "10c").state == "natural"


def test_ip_m34_carry_readings():
    """IP-M34-CARRY: deal 5's set still acts in deal 6 when the image is gone (persist), not under
    while_condition_holds."""
    h = history(DealRecord(number=5, winners=(), winning_hands=(), carry={"M34": [8, 9, 10]}))
    hands = {"W": "10c - - - - - - - -"}
    s = prepared(hands, tbl=quiet_table(), number=6, started_at=SUNDAY_0820, history=h)
    assert card(s, "10c").state == "natural"
    s = prepared(hands, tbl=quiet_table(), number=6, started_at=SUNDAY_0820, history=h,
                 readings={"IP-M34-CARRY": "while_condition_holds"})
    assert card(s, "10c").state == "wild"


def test_ip_m34_source_readings():
    """IP-M34-SOURCE: a Ten wild by Table 2 (a base rule) is cancelled by default and kept under
    modifier_made_only."""
    hands = {"S": "10c - - - - - - - -"}
    s = prepared(hands, tbl=quiet_table(room=SAINT), number=5, started_at=SUNDAY_0820,
                 readings={"IP-M34-SOURCE": "modifier_made_only"})
    assert card(s, "10c").state == "wild"


def test_m34_cancelled_by_m33_for_two_deals():
    """Modifier 33 "отменяет действие модификатора 34 на две партии начиная с текущей": with deal 5's
    Giant, Unicorn and Elf of clubs the Ten stays wild, and 34 leaves no set behind."""
    hands = {"S": "10c - - Kc - - - - -", "W": "- - - - Qc - - - -", "N": "- - - - - Jc - - -"}
    s = prepared(hands, tbl=quiet_table(room=SAINT), number=5, started_at=SUNDAY_0820)
    assert card(s, "10c").state == "wild"
    assert "M34" not in s.carry


# ---------------------------------------------------------------------------- M35 (claim)
M35_HISTORY = history(won_with(4, "10d 9c"))     # base rule 2: the 10d is wild in deal 5


def test_m35_wild_seven_of_spades_lifts_m34():
    """Modifier 35: W holds the Seven of spades, wild by Table 2 at 18:20, and shows it before the
    betting: "может отменить действие модификатора 34 на время текущей партии": the 10d, wild by
    base rule 2, stays wild."""
    hands = {"S": "10d - - - - - - - -", "W": "7s - - - - - - - -"}
    s = prepared(hands, tbl=quiet_table(room=SAINT), number=5, started_at=SUNDAY_1820, history=M35_HISTORY)
    assert card(s, "10d").state == "natural"
    s = prepared(hands, tbl=quiet_table(room=SAINT), number=5, started_at=SUNDAY_1820, history=M35_HISTORY,
                 claims=[claim("W", "M35", card="7s")])
    assert card(s, "10d").state == "wild"
    assert s.cancelled[34][0] == "M35"
    assert s.carry["M34"] == [8, 9, 10]          # IP-M35-CARRY firing_still_counts


def test_m35_near_miss_seven_made_plain_by_m34():
    """Modifier 35: in deal 6 (5-7 cancelled) the Seven of spades is plain when 35 is read: the claim
    is refused, naming the rule."""
    hands = {"W": "7s - - - - - - - -"}
    with pytest.raises(RulesError, match="M35"):
        prepared(hands, tbl=quiet_table(room=SAINT), number=6, started_at=SUNDAY_1820,
                 claims=[claim("W", "M35", card="7s")])


def test_m35_must_be_shown_before_the_betting():
    """Modifier 35: "Игрок должен предъявить ее до начала торговли"."""
    with pytest.raises(RulesError, match="before the betting"):
        prepared({"W": "7s - - - - - - - -"}, tbl=quiet_table(room=SAINT), number=5, started_at=SUNDAY_1820,
                 claims=[claim("W", "M35", card="7s", shown_before_betting=False)])


def test_ip_m35_order_before_34():
    """IP-M35-ORDER before_34: the Seven of spades that 34 made plain in deal 6 still lifts 34, and is
    wild again."""
    s = prepared({"W": "7s - - - - - - - -"}, tbl=quiet_table(room=SAINT), number=6, started_at=SUNDAY_1820,
                 claims=[claim("W", "M35", card="7s")], readings={"IP-M35-ORDER": "before_34"})
    assert card(s, "7s").state == "wild"


def test_ip_m35_scope_claimant_only():
    """IP-M35-SCOPE: with every Ten wild by base rule 2 (IP-R2-WILD-CARD that_rank), the claim lifts 34
    for everybody by default, and only for the claimant W under claimant_only."""
    hands = {"S": "10d - - - - - - - -", "W": "7s 10h - - - - - - -"}
    rd = {"IP-R2-WILD-CARD": "that_rank"}
    kw = dict(tbl=quiet_table(room=SAINT), number=5, started_at=SUNDAY_1820, history=M35_HISTORY,
              claims=[claim("W", "M35", card="7s")])
    s = prepared(hands, readings=rd, **kw)
    assert card(s, "10d").state == "wild" and card(s, "10h").state == "wild"
    s = prepared(hands, readings={**rd, "IP-M35-SCOPE": "claimant_only"}, **kw)
    assert card(s, "10d").state == "natural" and card(s, "10h").state == "wild"


def test_ip_m35_carry_void_firing():
    """IP-M35-CARRY void_firing: the lifted deal leaves no set of modifier 34 for the next deals."""
    s = prepared({"W": "7s - - - - - - - -"}, tbl=quiet_table(room=SAINT), number=5, started_at=SUNDAY_1820,
                 claims=[claim("W", "M35", card="7s")], readings={"IP-M35-CARRY": "void_firing"})
    assert "M34" not in s.carry


# ---------------------------------------------------------------------------- M36 - M40
ANIMAL = Room(animals=1)
# Deal 1 was won with four Elves and four Dragons: base rule 21 kills them in deal 2.
ELVES_DRAGONS = history(won_with(1, "Jh Jd Jc Js Ah Ad Ac As"))
M36_HANDS = {"E": "Ad Js - - Kd - - - -", "N": "Jd Jc - - - - - - -", "W": "- - - - - - Jh - -"}


def test_m36_giant_in_second_open_circle_revives_dark_honors():
    """Modifier 36: with an animal in the room, "Великаны, пришедшие во втором открытом круге, оживляют
    убитые онеры в темных картах": E's Ad and Js (dead by base rule 21) live again."""
    s = prepared(M36_HANDS, tbl=quiet_table(room=ANIMAL), number=2, started_at=APR_1530, history=ELVES_DRAGONS)
    assert card(s, "Ad").state != "dead" and card(s, "Js").state != "dead"
    assert any(e.source == "M36" for e in s.trace)
    assert card(s, "Jd").state == "dead"          # N got no Giant


def test_m36_near_miss_no_animal_or_other_circle():
    """Modifier 36: no animal, or the Giant in the third open circle: the Js stays dead."""
    s = prepared(M36_HANDS, tbl=quiet_table(), number=2, started_at=APR_1530, history=ELVES_DRAGONS)
    assert card(s, "Js").state == "dead"
    hands = {**M36_HANDS, "E": "Ad Js - - - Kd - - -"}
    s = prepared(hands, tbl=quiet_table(room=ANIMAL), number=2, started_at=APR_1530, history=ELVES_DRAGONS)
    assert card(s, "Js").state == "dead"


TWO_ANIMALS = Room(animals=2)
M37_HANDS = {"S": "- - - - 6c 6h - - -", "W": "- - - - - - - 6d -"}


def test_m37_even_animals_revive_second_and_last_face_up_foskas():
    """Modifier 37: two animals: "оживляются фоски во 2-й и последней картах сданных на открытых кругах":
    S's 6c (second open circle) and W's 6d (last open circle), dead by Table 2 at 18:20, revive; S's 6h
    of the third open circle stays dead."""
    s = prepared(M37_HANDS, tbl=quiet_table(room=TWO_ANIMALS), number=2, started_at=WED_1820)
    assert card(s, "6c").state != "dead" and card(s, "6d").state != "dead"
    assert card(s, "6h").state == "dead"


def test_m37_near_miss_odd_number_of_animals():
    """Modifier 37: three animals are not an even number: the Sixes stay dead."""
    s = prepared(M37_HANDS, tbl=quiet_table(room=Room(animals=3)), number=2, started_at=WED_1820)
    assert card(s, "6c").state == "dead" and card(s, "6d").state == "dead"


def test_ip_m37_which_table_sequence():
    """IP-M37-WHICH table_sequence: only the deal's second face-up card (W's of circle 4) and the very
    last (E's of circle 8) revive."""
    hands = {"S": "- - - - 6c - - - -", "W": "- - - 6h - - - - -", "E": "- - - - - - - 6d -"}
    rd = {"IP-M37-WHICH": "table_sequence"}
    s = prepared(hands, tbl=quiet_table(room=TWO_ANIMALS), number=2, started_at=WED_1820, readings=rd)
    assert card(s, "6h").state != "dead" and card(s, "6d").state != "dead"
    assert card(s, "6c").state == "dead"
    s = prepared(hands, tbl=quiet_table(room=TWO_ANIMALS), number=2, started_at=WED_1820)
    assert card(s, "6c").state != "dead" and card(s, "6h").state == "dead"


def test_ip_m37_zero_readings():
    """IP-M37-ZERO: no animals is no modifier 37 by default, and an even number under zero_is_even; animals
    not counted (left out) are no number at all, under either reading."""
    no_animals = Room(animals=0)
    s = prepared(M37_HANDS, tbl=quiet_table(room=no_animals), number=2, started_at=WED_1820)
    assert card(s, "6c").state == "dead"
    s = prepared(M37_HANDS, tbl=quiet_table(room=no_animals), number=2, started_at=WED_1820,
                 readings={"IP-M37-ZERO": "zero_is_even"})
    assert card(s, "6c").state != "dead"
    s = prepared(M37_HANDS, tbl=quiet_table(), number=2, started_at=WED_1820,
                 readings={"IP-M37-ZERO": "zero_is_even"})
    assert card(s, "6c").state == "dead"


def test_m38_red_unicorn_in_second_open_circle_cancels_36_and_37():
    """Modifier 38: N gets the Qh face up in the second open circle: "это отменяет модификатор 36 и 37":
    the Sixes stay dead."""
    hands = {**M37_HANDS, "N": "- - - - Qh - - - -"}
    s = prepared(hands, tbl=quiet_table(room=TWO_ANIMALS), number=2, started_at=WED_1820)
    assert card(s, "6c").state == "dead" and card(s, "6d").state == "dead"
    assert s.cancelled[36][0] == "M38" and s.cancelled[37][0] == "M38"


def test_m38_near_miss_black_unicorn():
    """Modifier 38: a black Unicorn (Qs) in the second open circle cancels nothing."""
    hands = {**M37_HANDS, "N": "- - - - Qs - - - -"}
    s = prepared(hands, tbl=quiet_table(room=TWO_ANIMALS), number=2, started_at=WED_1820)
    assert card(s, "6c").state != "dead"


def test_ip_m38_scope_that_player():
    """IP-M38-SCOPE that_player: the Unicorn's recipient S loses 37's revival, W keeps his."""
    hands = {"S": "- - - - Qh - - 6c -", "W": "- - - - - - - 6d -"}
    s = prepared(hands, tbl=quiet_table(room=TWO_ANIMALS), number=2, started_at=WED_1820,
                 readings={"IP-M38-SCOPE": "that_player"})
    assert card(s, "6c").state == "dead" and card(s, "6d").state != "dead"
    s = prepared(hands, tbl=quiet_table(room=TWO_ANIMALS), number=2, started_at=WED_1820)
    assert card(s, "6c").state == "dead" and card(s, "6d").state == "dead"


M39_HANDS = {**M36_HANDS, "W": "- - - - - Jh - - -"}


def test_m39_dead_elf_in_third_open_circle_exempts_elves_and_giants():
    """Modifier 39: W's dead Jh in the third open circle: modifier 36 (IP-M39-REF off_by_one) revives no
    Elf or Giant: E's Js stays dead, his Ad revives."""
    s = prepared(M39_HANDS, tbl=quiet_table(room=ANIMAL), number=2, started_at=APR_1530, history=ELVES_DRAGONS)
    assert card(s, "Js").state == "dead" and card(s, "Ad").state != "dead"


def test_m39_near_miss_elf_in_fourth_open_circle():
    """Modifier 39: W's dead Jh in the fourth open circle: 36 revives E's Js."""
    s = prepared(M36_HANDS, tbl=quiet_table(room=ANIMAL), number=2, started_at=APR_1530, history=ELVES_DRAGONS)
    assert card(s, "Js").state != "dead"
    assert 36 not in s.cancelled


def test_ip_m39_ref_as_written():
    """IP-M39-REF as_written: modifier 35 is cancelled for Elves and Giants, which changes no card: the Js
    revives under 36."""
    s = prepared(M39_HANDS, tbl=quiet_table(room=ANIMAL), number=2, started_at=APR_1530, history=ELVES_DRAGONS,
                 readings={"IP-M39-REF": "as_written"})
    assert card(s, "Js").state != "dead"


def test_ip_m39_for_involved_cards():
    """IP-M39-FOR involved_cards: the Giants lose their reviving power: 36 is cancelled whole and E's Ad
    stays dead too."""
    s = prepared(M39_HANDS, tbl=quiet_table(room=ANIMAL), number=2, started_at=APR_1530, history=ELVES_DRAGONS,
                 readings={"IP-M39-FOR": "involved_cards"})
    assert card(s, "Ad").state == "dead" and card(s, "Js").state == "dead"


M40_HISTORY = history(won_with(1, "10h 10d 10c 10s As"))   # base rule 21: the Tens are dead in deal 2


def test_m40_wild_three_in_fourth_open_circle_exempts_tens_from_37():
    """Modifier 40: W's 3c, wild at 14:20, in the fourth open circle: modifier 37 (IP-M40-REF off_by_one)
    does not revive S's 10h of the last open circle."""
    hands = {"S": "- - - - - - - 10h -", "W": "- - - - - - 3c - -"}
    s = prepared(hands, tbl=quiet_table(room=TWO_ANIMALS), number=2, started_at=WED_1420, history=M40_HISTORY)
    assert card(s, "3c").state == "wild"
    assert card(s, "10h").state == "dead"


def test_m40_near_miss_three_in_third_open_circle():
    """Modifier 40: the wild 3c in the third open circle: 37 revives the 10h."""
    hands = {"S": "- - - - - - - 10h -", "W": "- - - - - 3c - - -"}
    s = prepared(hands, tbl=quiet_table(room=TWO_ANIMALS), number=2, started_at=WED_1420, history=M40_HISTORY)
    assert card(s, "10h").state != "dead"


def test_ip_m40_ref_as_written():
    """IP-M40-REF as_written: 35 and 36 are cancelled for cards they never touch: 37 revives the 10h."""
    hands = {"S": "- - - - - - - 10h -", "W": "- - - - - - 3c - -"}
    s = prepared(hands, tbl=quiet_table(room=TWO_ANIMALS), number=2, started_at=WED_1420, history=M40_HISTORY,
                 readings={"IP-M40-REF": "as_written"})
    assert card(s, "10h").state != "dead"


def test_m39_and_m40_together_exempt_every_honor_from_36():
    """Modifiers 39 and 40 in one deal at 14:20 (Threes wild): W's dead Jh in the third open circle and
    wild 3c in the fourth: 36 revives neither E's Js (39) nor his Ad (40); with the Jh in the first
    open circle only 40 acts: the Js revives, the Ad does not."""
    at = "2026-04-08T14:20:00+03:00"
    hands = {**M36_HANDS, "W": "- - - - - Jh 3c - -"}
    s = prepared(hands, tbl=quiet_table(room=ANIMAL), number=2, started_at=at, history=ELVES_DRAGONS)
    assert card(s, "Js").state == "dead" and card(s, "Ad").state == "dead"
    hands = {**M36_HANDS, "W": "- - - Jh - - 3c - -"}
    s = prepared(hands, tbl=quiet_table(room=ANIMAL), number=2, started_at=at, history=ELVES_DRAGONS)
    assert card(s, "Js").state != "dead" and card(s, "Ad").state == "dead"


# ---------------------------------------------------------------------------- M41
def prepared41(hands, **kw):
    return prepared(hands, disabled=OTHER_GROUPS, **kw)


M41_HANDS = {"E": "- - - 9c - - - - -", "S": "- - - - - 9d - - -", "W": "- - - - - - 9s - -",
             "N": "- 9h - - - - - - -"}


def test_m41_three_face_up_nines_kill_the_dark_fourth():
    """Modifier 41: "Если среди открытых карт есть три карты одного реального номинала, четвертая ...
    сданная в темном круге, считается убитой": N's 9h from circle 2 is dead."""
    s = prepared41(M41_HANDS, tbl=quiet_table(), started_at=APR_1530)
    assert card(s, "9h").state == "dead"
    assert card(s, "9h").killed_by == "M41"


def test_m41_near_miss_fourth_nine_face_up():
    """Modifier 41: the 9h comes face up on circle 8: no card dies."""
    hands = {**M41_HANDS, "N": "- - - - - - - 9h -"}
    s = prepared41(hands, tbl=quiet_table(), started_at=APR_1530)
    assert all(card(s, c).state != "dead" for c in ("9h", "9c", "9d", "9s"))


def test_ip_m41_counted_natural_only():
    """IP-M41-COUNTED: at 20:20 the Nines are wild (Table 2). Counted whatever their state, they kill the
    dark 9h (wild, so it turns natural by base rule 4); counting natural cards only, it stays wild."""
    at = "2026-04-08T20:20:00+03:00"
    hands = {**M41_HANDS, "S": "- - - - - 9d - - -"}
    s = prepared41(hands, tbl=quiet_table(), started_at=at)
    assert card(s, "9h").state == "natural"
    s = prepared41(hands, tbl=quiet_table(), started_at=at, readings={"IP-M41-COUNTED": "natural_only"})
    assert card(s, "9h").state == "wild"


def test_ip_m41_counted_live_only():
    """IP-M41-COUNTED live_only: deal 1 was won with a quad of Fives in which the 9c played as a Five, so
    base rule 21 kills the 9c in deal 2. Three face-up Nines still kill the dark 9h by default; with only
    live cards counted two remain and the 9h lives."""
    quad = parse("9c 5h 5d 5s")
    hand = WinningHand("N", 49, quad, ((5, "c"), (5, "h"), (5, "d"), (5, "s")), ("wild", "natural", "natural", "natural"))
    h = GameHistory([DealRecord(number=1, winners=("N",), winning_hands=(hand,))])
    hands = {"S": "- - - 9c - - - - -", "W": "- - - 9d - - - - -", "N": "- - - 9s - - - - -",
             "E": "9h - - - - - - - -"}
    s = prepared41(hands, tbl=quiet_table(), number=2, started_at=APR_1530, history=h)
    assert card(s, "9c").state == "dead" and card(s, "9h").state == "dead"
    s = prepared41(hands, tbl=quiet_table(), number=2, started_at=APR_1530, history=h,
                   readings={"IP-M41-COUNTED": "live_only"})
    assert card(s, "9h").state != "dead"


def test_ip_m41_real_changed_readings():
    """IP-M41-REAL-CHANGED: N lowers his dark Jh by 2 under modifier 17 (a real Nine). With three Nines
    face up it dies by default (every dark card of real rank Nine), not under printed_fourth."""
    hands = {"E": "Jc - - 9c - - - - -", "S": "Jd - - - - 9d - - -", "W": "Js - - - - - 9s - -",
             "N": "2s 8s As - - - - 9h Jh"}
    claims = [claim("N", "M17", card="Jh")]
    s = prepared41(hands, tbl=quiet_table(), started_at=APR_1530, claims=claims)
    assert card(s, "Jh").real_rank == 9 and card(s, "Jh").state == "dead"
    s = prepared41(hands, tbl=quiet_table(), started_at=APR_1530, claims=claims,
                 readings={"IP-M41-REAL-CHANGED": "printed_fourth"})
    assert card(s, "Jh").state != "dead"


# ---------------------------------------------------------------------------- M42 - M44
M42_HANDS = {"E": "Ks 9c 6c Jh 6d Jd 9d Jc 8c"}     # deal 2 at 10:20: the face-up Elves are dead


def test_m42_three_dead_face_up_cards_allow_a_wild_black_honor():
    """Modifier 42: "Если игроку в открытых кругах приходит 3 убитые карты, то он может объявить дикой
    любой из своих черных онеров": E declares his Ks wild."""
    s = prepared(M42_HANDS, tbl=quiet_table(), number=2, started_at=APR_1020,
                 claims=[claim("E", "M42", card="Ks")])
    assert card(s, "Ks").state == "wild"


def test_m42_near_miss_two_dead_face_up_cards():
    """Modifier 42: two dead face-up Elves and a dead dark one: the claim is refused, naming the rule."""
    with pytest.raises(RulesError, match="M42"):
        prepared({"E": "Ks Jc 6c Jh 6d Jd 9d 8c 2h"}, tbl=quiet_table(), number=2, started_at=APR_1020,
                 claims=[claim("E", "M42", card="Ks")])


def test_m42_refuses_a_red_honor():
    """Modifier 42 names black honors only."""
    with pytest.raises(RulesError, match="black honor"):
        prepared({"E": "Kh 9c 6c Jh 6d Jd 9d Jc 8c"}, tbl=quiet_table(), number=2, started_at=APR_1020,
                 claims=[claim("E", "M42", card="Kh")])


def test_ip_m42_count_at_least():
    """IP-M42-COUNT: four dead face-up cards are not 'three' by default (exactly), and are under at_least."""
    h = history(won_with(1, "8h 8d 8c 8s As"))
    hands = {"E": "Ks 9c 6c Jh 8d Jd 9d Jc 8c"}
    with pytest.raises(RulesError, match="M42"):
        prepared(hands, tbl=quiet_table(), number=2, started_at=APR_1020, history=h,
                 claims=[claim("E", "M42", card="Ks")])
    s = prepared(hands, tbl=quiet_table(), number=2, started_at=APR_1020, history=h,
                 claims=[claim("E", "M42", card="Ks")], readings={"IP-M42-COUNT": "at_least"})
    assert card(s, "Ks").state == "wild"


M43_HANDS = {"E": "Jh Jd Jc Js 8d - - - -"}          # four dead Elves at 10:20 in deal 2


def test_m43_four_dead_cards_revive_one_and_make_a_red_card_wild():
    """Modifier 43: "Если игроку приходит 4 убитые карты на руки, то он может оживить одну из этих карт
    и объявить дикой одну из своих красных карт": E revives the Jc and makes his 8d wild."""
    s = prepared(M43_HANDS, tbl=quiet_table(), number=2, started_at=APR_1020,
                 claims=[claim("E", "M43", card="Jc", target="8d")])
    assert card(s, "Jc").state != "dead" and card(s, "8d").state == "wild"


def test_m43_near_miss_three_dead_cards():
    """Modifier 43: three dead cards give no right under 43."""
    with pytest.raises(RulesError, match="M43"):
        prepared({"E": "Jh Jd Jc - 8d - - - -"}, tbl=quiet_table(), number=2, started_at=APR_1020,
                 claims=[claim("E", "M43", card="Jc", target="8d")])


def test_ip_m43_same_readings():
    """IP-M43-SAME: the revived Jh may be the red card declared wild (allowed), not under distinct."""
    c = [claim("E", "M43", card="Jh", target="Jh")]
    s = prepared(M43_HANDS, tbl=quiet_table(), number=2, started_at=APR_1020, claims=c)
    assert card(s, "Jh").state == "wild"
    with pytest.raises(RulesError, match="IP-M43-SAME"):
        prepared(M43_HANDS, tbl=quiet_table(), number=2, started_at=APR_1020, claims=c,
                 readings={"IP-M43-SAME": "distinct"})


def test_ip_m43_parts_readings():
    """IP-M43-PARTS: reviving alone is allowed (each_optional), refused under both_or_none."""
    c = [claim("E", "M43", card="Jc")]
    s = prepared(M43_HANDS, tbl=quiet_table(), number=2, started_at=APR_1020, claims=c)
    assert card(s, "Jc").state != "dead" and card(s, "8d").state == "natural"
    with pytest.raises(RulesError, match="IP-M43-PARTS"):
        prepared(M43_HANDS, tbl=quiet_table(), number=2, started_at=APR_1020, claims=c,
                 readings={"IP-M43-PARTS": "both_or_none"})


M44_HISTORY = history(won_with(1, "8h 8d 8c 8s As"))    # base rule 21: the Eights are dead in deal 2
M44_HANDS = {"E": "8h 8d 8c Js Jd Kc - - -"}         # with the Elves dead at 10:20: five dead cards


def test_m44_five_dead_cards_revive_two_and_free_one():
    """Modifier 44: "может оживить одну из этих карт, оживить и объявить дикой еще одну из убитых и
    объявить свободной одну из своих неубитых карт": E revives the 8h, the Jd as wild, frees the Kc."""
    s = prepared(M44_HANDS, tbl=quiet_table(), number=2, started_at=APR_1020, history=M44_HISTORY,
                 claims=[claim("E", "M44", card="8h", cards=["Jd"], target="Kc")])
    assert card(s, "8h").state not in ("dead", "wild")
    assert card(s, "Jd").state == "wild" and card(s, "Kc").state == "free"


def test_m44_near_miss_six_dead_cards():
    """Modifier 44: six dead cards are not five (IP-M42-COUNT exactly): the claim is refused."""
    with pytest.raises(RulesError, match="M44"):
        prepared({"E": "8h 8d 8c Js Jd Kc 8s - -"}, tbl=quiet_table(), number=2, started_at=APR_1020,
                 history=M44_HISTORY, claims=[claim("E", "M44", card="8h")])


def test_m44_free_card_must_be_an_honor():
    """Modifier 44 with definition 13: a free card is an honor (IP-M44-FREE honor_only): the 9c is refused."""
    with pytest.raises(RulesError, match="not an honor"):
        prepared({"E": "8h 8d 8c Js Jd 9c - - -"}, tbl=quiet_table(), number=2, started_at=APR_1020,
                 history=M44_HISTORY, claims=[claim("E", "M44", target="9c")])


# ---------------------------------------------------------------------------- M45, M46
M45_HANDS = {"E": "9c 5c - - Ks Qh - - -"}          # deal 1 at 15:30: Ks, Qh on circles 5 and 6, face up


def test_m45_alliance_on_open_circles_gives_an_incrementing_card():
    """Modifier 45: "Игрок, к которому в открытых кругах, пришел на руки альянс может объявить одну из
    карт альянса инкрементирующей": E's Qh raises his 9c to a Ten."""
    s = prepared(M45_HANDS, tbl=quiet_table(), started_at=APR_1530,
                 claims=[claim("E", "M45", card="Qh", direction="incrementing", target="9c")])
    assert card(s, "Qh").role == "incrementing"
    assert card(s, "9c").rank == 10


def test_m45_near_miss_circles_not_adjacent():
    """Modifier 45: the Ks on circle 4 and the Qh on circle 6 are no alliance: the claim is refused."""
    with pytest.raises(RulesError, match="M45"):
        prepared({"E": "9c 5c - Ks - Qh - - -"}, tbl=quiet_table(), started_at=APR_1530,
                 claims=[claim("E", "M45", card="Qh", direction="incrementing", target="9c")])


def test_ip_m45_adjacent_consecutive_open():
    """IP-M45-ADJACENT: modifier 6 deals circle 6 dark (two Threes of opposite suits in the first open
    circle); E's Ks on circle 5 and Qh on circle 7 are adjacent open circles under consecutive_open."""
    hands = {"E": "9c 5c - 3h Ks - Qh - -", "S": "- - - 3s - - - - -"}
    c = [claim("E", "M45", card="Qh", direction="decrementing", target="9c")]
    s = prepared(hands, tbl=quiet_table(), started_at=APR_1530, claims=c,
                 readings={"IP-M45-ADJACENT": "consecutive_open"})
    assert s.pattern[5] == "dark" and card(s, "9c").rank == 8
    with pytest.raises(RulesError, match="M45"):
        prepared(hands, tbl=quiet_table(), started_at=APR_1530, claims=c)


def test_ip_m45_multi_readings():
    """IP-M45-MULTI: Ks, Qh, Kd on circles 5-7 are two alliances: two declarations by default, one under
    one_per_player."""
    hands = {"E": "9c 8c - - Ks Qh Kd - -"}
    c = [claim("E", "M45", card="Ks", direction="incrementing", target="9c"),
         claim("E", "M45", card="Kd", direction="decrementing", target="8c")]
    s = prepared(hands, tbl=quiet_table(), started_at=APR_1530, claims=c)
    assert card(s, "9c").rank == 10 and card(s, "8c").rank == 7
    with pytest.raises(RulesError, match="declaration"):
        prepared(hands, tbl=quiet_table(), started_at=APR_1530, claims=c,
                 readings={"IP-M45-MULTI": "one_per_player"})


def test_ip_m46_with_45_readings():
    """IP-M46-WITH-45: an alliance of one suit on open circles gives 45's right too (both_allowed), not
    under 46_only."""
    hands = {"E": "9c 5c - - Ks Qs - - -"}
    c = [claim("E", "M45", card="Qs", direction="incrementing", target="9c")]
    s = prepared(hands, tbl=quiet_table(), started_at=APR_1530, claims=c)
    assert card(s, "9c").rank == 10
    with pytest.raises(RulesError, match="M45"):
        prepared(hands, tbl=quiet_table(), started_at=APR_1530, claims=c, readings={"IP-M46-WITH-45": "46_only"})


def test_ip_incdec_target_all_own_natural_for_m45():
    """IP-INCDEC-TARGET all_own_natural: the incrementing Qh raises every natural card of E (the 9c and
    the 5c; the home 5c of February's table is not natural and stays)."""
    s = prepared({"E": "9c 6c - - Ks Qh - - -"}, tbl=quiet_table(), started_at=APR_1530,
                 claims=[claim("E", "M45", card="Qh", direction="incrementing")],
                 readings={"IP-INCDEC-TARGET": "all_own_natural"})
    assert card(s, "9c").rank == 10 and card(s, "6c").rank == 7


M46_HANDS = {"E": "9c Kh Qh 7c - - - - -"}         # Kh and Qh on dark circles 2 and 3


def test_m46_alliance_of_one_suit_free_and_decrementing():
    """Modifier 46: "имеет право сделать свободной ... одну из карт альянса и объявить ...
    декрементирующей вторую": E frees the Kh, and the decrementing Qh lowers his 9c to an Eight."""
    s = prepared(M46_HANDS, tbl=quiet_table(), started_at=APR_1530,
                 claims=[claim("E", "M46", card="Kh", direction="free"),
                         claim("E", "M46", card="Qh", direction="decrementing", target="9c")])
    assert card(s, "Kh").state == "free" and card(s, "9c").rank == 8
    assert card(s, "9c").real_rank == 8          # modifiers read the new rank


def test_m46_reaches_an_already_modified_card():
    """Modifier 46: "декремента/инкремент можно применять к уже модифицированным картам": the 7c, home
    by February's Table 3, is lowered to a Six and stays home."""
    s = prepared(M46_HANDS, tbl=quiet_table(), started_at=APR_1530,
                 claims=[claim("E", "M46", card="Qh", direction="decrementing", target="7c")])
    assert card(s, "7c").state == "home" and card(s, "7c").rank == 6


def test_m46_near_miss_suits_differ():
    """Modifier 46: Kh and Qd are an alliance, but not of one suit: the claim is refused."""
    with pytest.raises(RulesError, match="M46"):
        prepared({"E": "9c Kh Qd - - - - - -"}, tbl=quiet_table(), started_at=APR_1530,
                 claims=[claim("E", "M46", card="Kh", direction="free")])


def test_m46_one_card_each_way():
    """Modifier 46: both alliance cards cannot be made free-or-incrementing."""
    with pytest.raises(RulesError, match="one card of the alliance"):
        prepared(M46_HANDS, tbl=quiet_table(), started_at=APR_1530,
                 claims=[claim("E", "M46", card="Kh", direction="free"),
                         claim("E", "M46", card="Qh", direction="incrementing", target="9c")])


def test_ip_m36_later_kills_readings():
    """IP-M36-LATER-KILLS: N's Giant in the second open circle revives his Js (dead by base rule 21); on a
    sunny afternoon modifier 89 kills the black honors odd players got in dark circles, N being player 1:
    later_kills_stand lets it kill the Js again, revival_final keeps it alive."""
    hands = {"N": "Ad Js - - Kd - - - -", "E": "Jd Jc - - - - - - -", "W": "- - - - - - Jh - -"}
    kw = dict(tbl=quiet_table(room=ANIMAL, weather="sunny"), number=2, started_at=APR_1530,
              history=ELVES_DRAGONS, disabled=QUIET - {89})
    s = prepared(hands, **kw)
    assert any(e.source == "M36" and e.change.startswith("revived") for e in s.trace)
    assert card(s, "Js").state == "dead" and card(s, "Js").killed_by == "M89"
    s = prepared(hands, readings={"IP-M36-LATER-KILLS": "revival_final"}, **kw)
    assert card(s, "Js").state != "dead"
    assert any(e.source == "M36" and e.change == "kill stopped" and "M89" in e.text for e in s.trace)


def test_ip_m34_later_readings():
    """IP-M34-LATER: modifier 34 cancels the wild Ten of deal 5. A later modifier (44 here, granting
    through the deal's state after the modifiers ran) may make it wild again under in_order (the
    default: the higher number stands); under standing_ban no Ten becomes wild in the deal."""
    hands = {"S": "10c - - - - - - - -"}
    kw = dict(tbl=quiet_table(room=SAINT), number=5, started_at=SUNDAY_0820,
              history=history(DealRecord(number=4, winners=(), winning_hands=())))
    s = prepared(hands, **kw)
    ten = card(s, "10c")
    assert ten.state == "natural"
    s.current = "M44"
    assert s.grant(ten, "wild", override=True)          # in_order: a later modifier may make it wild
    s = prepared(hands, readings={"IP-M34-LATER": "standing_ban"}, **kw)
    ten = card(s, "10c")
    s.current = "M44"
    assert not s.grant(ten, "wild", override=True) and ten.state == "natural"
    assert any(e.change == "ban" and e.source == "M34" for e in s.trace)


def test_ip_m46_modified_readings():
    """IP-M46-MODIFIED: modifier 28 raises E's 9c to a Ten and freezes it (E has a dead heart: deal 1 was won
    with four Elves, base rule 21 kills his Jh); modifier 46's decrementing Qh still lowers it back to a Nine under any_own_card (the
    default: "может применяться к уже модифицированным картам"), and is refused under not_frozen."""
    hands = {"E": "9c Kh Qh 7c 4s Jh - - -"}
    claims = [claim("E", "M28", card="4s", target="9c"),
              claim("E", "M46", card="Qh", direction="decrementing", target="9c")]
    s = prepared(hands, tbl=quiet_table(), number=2, history=ELVES_DRAGONS, started_at=WED_1420, claims=claims[:1])
    assert card(s, "9c").rank == 10 and card(s, "9c").frozen
    s = prepared(hands, tbl=quiet_table(), number=2, history=ELVES_DRAGONS, started_at=WED_1420, claims=claims)
    assert card(s, "9c").rank == 9 and card(s, "9c").frozen
    with pytest.raises(RulesError, match="M46"):
        prepared(hands, tbl=quiet_table(), number=2, history=ELVES_DRAGONS, started_at=WED_1420, claims=claims,
                 readings={"IP-M46-MODIFIED": "not_frozen"})
