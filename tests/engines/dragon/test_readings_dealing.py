"""Readings of the dealing and the seats that reach past the modifier files: IP-M75-RULE15 (a deal base
rule 15 deals all dark), IP-M53-SCOPE ``everything`` (base rule 15's count from North), and the points of
modifiers 5 and 6 that change the circles dealt or how the modifiers count them (IP-M5-SCOPE,
IP-M5-IDENTITY, IP-M5-AFTERMATH, IP-M6-LENGTH).

Four players at N, E, S, W. Wednesday 4 March 2026: Table 1 deals every third deal all dark; Monday 2 March:
every deal that is a multiple of 1 + the dealer's number.
"""

from __future__ import annotations

import pytest

from rules.engines.errors import RulesError
from rules.engines.readings import get

from .helpers import card
from .test_modifiers_external_53_70 import only, players, prep
from .test_modifiers_external_71_88 import DK, FOUR_DIMS, OP

WEDNESDAY = "2026-03-04T10:30:00+03:00"
THURSDAY = "2026-03-05T10:30:00+03:00"     # deal 6 is not a multiple of 4


def test_ip_m75_rule15_is_registered_with_the_notes_readings():
    """Base rule 12 and the modifier notes (51-75): IP-M75-RULE15 with default rule15_wins, alternative m75_wins."""
    point = get("IP-M75-RULE15")
    assert (point.default, point.alternatives) == ("rule15_wins", ("m75_wins",))


def test_ip_m75_rule15_rule15_wins_deals_all_dark():
    """IP-M75-RULE15 rule15_wins (default), modifier 75 ("каждая третья партия играется с открытым первым
    кругом") against base rule 15 ("Номер партии, кратный дню недели играется в темную"): base rule 11
    keeps the rule, which 75 does not name: deal 3 on a Wednesday is all dark and the weakest hand wins."""
    s = prep({}, tbl=FOUR_DIMS, number=3, started_at=WEDNESDAY, ruleset=only(75, tables=True))
    assert s.pattern == (DK,) * 9 and s.weakest_wins


def test_ip_m75_rule15_m75_wins_opens_the_first_circle_anyway():
    """IP-M75-RULE15 m75_wins, modifier 75 and base rule 15: the first circle is open anyway, the rest of
    the deal stays dark and the weakest hand still wins; under IP-M75-PATTERN whole_pattern 75's printed
    pattern o,t,t,o,o,o,o,o,t is dealt. No other pattern modifier acts in rule 15's deal: in deal 6 the
    Threes that open circle 1 would let modifier 6 set its pattern, and it does not."""
    rd = {"IP-M75-RULE15": "m75_wins"}
    s = prep({}, tbl=FOUR_DIMS, number=3, started_at=WEDNESDAY, ruleset=only(75, tables=True), readings=rd)
    assert s.pattern == (OP,) + (DK,) * 8 and s.weakest_wins
    s = prep({}, tbl=FOUR_DIMS, number=3, started_at=WEDNESDAY, ruleset=only(75, tables=True),
             readings={**rd, "IP-M75-PATTERN": "whole_pattern"})
    assert s.pattern == (OP, DK, DK, OP, OP, OP, OP, OP, DK) and s.weakest_wins
    threes = {"W": "3h - - - - - - - -", "E": "3s - - - - - - - -"}
    s = prep(threes, tbl=FOUR_DIMS, number=6, started_at=WEDNESDAY, ruleset=only(6, 75, tables=True), readings=rd)
    assert s.pattern == (OP,) + (DK,) * 8 and s.weakest_wins
    s = prep(threes, tbl=FOUR_DIMS, number=6, started_at=THURSDAY, ruleset=only(6, 75, tables=True), readings=rd)
    assert s.pattern == (OP, DK, DK, OP, OP, DK, OP, OP, DK) and not s.weakest_wins    # not rule 15's deal


# ---------------------------------------------------------------------------- IP-M53-SCOPE everything
MONDAY = "2026-03-02T10:30:00+03:00"
ONE_DECK = players(N={"spare_decks": 1}, E={}, S={}, W={})      # modifier 53: one deck, every seat turns opposite


def test_ip_m53_scope_everything_is_offered():
    """Base rule 12 and the modifier notes (51-75, IP-M53-SCOPE): the alternative everything is registered
    beside number_order."""
    point = get("IP-M53-SCOPE")
    assert point.default == "modifier_seat_reads" and "everything" in point.alternatives


def test_ip_m53_scope_default_keeps_the_physical_north_for_base_rule_15():
    """IP-M53-SCOPE modifier_seat_reads (default), base rule 15 ("в случае с понедельником, к номеру дня
    недели прибавляется номер игрока, сдающего в данный момент карты (причем счет ведется по часовой
    стрелке, от игрока, сидящего на севере)") and modifier 53 (one spare deck: "стороны света изменяются
    на противоположные"): deal 6 on a Monday is dealt by E, player 2 from the physical North: 1 + 2 = 3
    divides 6, so the deal is all dark, although 53 has put E at W."""
    s = prep({}, tbl=ONE_DECK, number=6, started_at=MONDAY, ruleset=only(53, tables=True))
    assert s.seat("E") == "W"
    assert s.pattern == (DK,) * 9 and s.weakest_wins
    assert s.player_number("E") == 2


def test_ip_m53_scope_everything_counts_from_the_changed_north():
    """IP-M53-SCOPE everything, base rule 15 and modifier 53: the count runs from the player 53 put at North
    (S): E, now at W, is player 4, 1 + 4 = 5 does not divide 6, so deal 6 is dealt with the default pattern
    and the strongest hand wins. The odd / even players (IP-PLAYER-NUMBER from_north, counted as rule 15
    counts) follow; the first dealer stays N, who physically sits at North ("никакие модификаторы не
    влияют на этот порядок")."""
    rd = {"IP-M53-SCOPE": "everything"}
    s = prep({}, tbl=ONE_DECK, number=6, started_at=MONDAY, ruleset=only(53, tables=True), readings=rd)
    assert s.pattern == (DK, DK, DK, OP, OP, OP, OP, OP, DK) and not s.weakest_wins
    assert [s.player_number(p) for p in ("S", "W", "N", "E")] == [1, 2, 3, 4]
    assert prep({}, tbl=ONE_DECK, number=1, started_at=MONDAY, ruleset=only(53), readings=rd).facts.dealer == "N"


# ---------------------------------------------------------------------------- modifiers 5 and 6: the circles dealt
APRIL = "2026-04-08T10:30:00+03:00"      # Table 3 reads February (M3, four players): 3, 5, 7, Q home


def dealt(tokens, readings=None, *, started_at=APRIL, tbl=None, number=1):
    """The prepared DealState of four players at N, E, S, W (deal 1: N deals, E receives first) dealt the
    cards ``tokens`` in dealing order, modifiers 34-100 switched off."""
    from dataclasses import replace

    from rules.engines.dragon.deal import Dealing
    from rules.engines.dragon.facts import deal_facts
    from rules.engines.dragon.judge import prepare_deal
    from rules.engines.dragon.modifiers.base import apply_adjustments
    from rules.engines.dragon.presets import ruleset
    from rules.engines.readings import resolve

    from .helpers import ONLY_DEAL_GROUP, table

    rs = ruleset("club-2.2.1")
    rs = replace(rs, disabled=rs.disabled | ONLY_DEAL_GROUP)
    rd = resolve(readings or {}, games=("dragon",))
    facts = deal_facts(tbl or table(), number, started_at)
    apply_adjustments(facts, rd, rs.disabled)
    dealing = Dealing(facts, rd, ruleset=rs).deal_all(tokens)
    return prepare_deal(facts, dealing, rd, ruleset=rs)


def cards_for(hands, circles=9):
    """The dealing order for ``hands`` (nine cards per player in circle order, as ``helpers.layout``), cut to
    ``circles`` circles or lengthened with cards not dealt yet."""
    from rules.engines.cards import deck52

    from .helpers import layout, table

    tokens = layout(table(), "N", hands)[:4 * circles]
    spare = [str(c) for c in deck52() if str(c) not in tokens and c.rank not in (3, 14)]
    return tokens + spare[:max(0, 4 * circles - len(tokens))]


def judged(tokens, readings):
    """The whole judgement of the deal (hands evaluated, winners): deal 1 of four players at 10:30."""
    from rules.engines.dragon.judge import judge_deal

    from .helpers import table

    return judge_deal(table(), 1, APRIL, tokens, readings=readings)


@pytest.mark.parametrize(("point_id", "default", "alternatives"), [
    ("IP-M5-SCOPE", "last_open_circle", ("single_last_card", "extra_dark_card")),
    ("IP-M5-IDENTITY", "real_identity_any_state", ("natural_state_only",)),
    ("IP-M5-AFTERMATH", "final_pattern", ("pattern_before_m5",)),
    ("IP-M6-LENGTH", "nine_circles_final_dark", ("eight_circles",)),
])
def test_dealing_points_are_registered_with_the_notes_readings(point_id, default, alternatives):
    """Base rule 12 and the modifier notes (01-25, modifiers 5 and 6): each point with its default and its
    alternatives, named by the modifier that reads it."""
    from rules.engines.dragon.modifiers.base import registry as modifiers

    point = get(point_id)
    assert (point.default, point.alternatives) == (default, alternatives)
    number = 6 if point_id == "IP-M6-LENGTH" else 5
    assert point_id in modifiers()[number].readings


M5_HANDS = {"E": "- - - As - - - - -"}       # the first face-up card (E's, circle 4) is a Dragon


def test_ip_m5_scope_last_open_circle_deals_every_hands_last_open_card_dark():
    """IP-M5-SCOPE last_open_circle (default), modifier 5 ("Если первой, сданной в открытую, картой является
    Дракон, - расклад играется с одной дополнительно темной, причем темной будет последняя карта, которая
    должна быть открытой"): every hand gets one more dark
    card, its card of the last would-be-open circle: circle 8 is dealt dark to all four, nine cards each."""
    s = dealt(cards_for(M5_HANDS))
    assert s.pattern == (DK, DK, DK, OP, OP, OP, OP, DK, DK)
    assert [c.open for c in s.circle(8)] == [False] * 4
    assert all(len(s.hand(p)) == 9 for p in s.players)


def test_ip_m5_scope_single_last_card_deals_only_the_dealers_card_dark():
    """IP-M5-SCOPE single_last_card, modifier 5 ("темной будет последняя карта, которая должна быть
    открытой"): only the last would-be-open card of the deal, the dealer N's card of circle 8, is dealt dark;
    circle 8 stays an open circle for E, S and W. Without the Dragon first, N's card is face up."""
    rd = {"IP-M5-SCOPE": "single_last_card"}
    s = dealt(cards_for(M5_HANDS), rd)
    assert s.pattern == (DK, DK, DK, OP, OP, OP, OP, OP, DK) and s.last_open == 8
    assert [(c.player, c.open) for c in s.circle(8)] == [("E", True), ("S", True), ("W", True), ("N", False)]
    assert len(s.face_up()) == 19
    s = dealt(cards_for({"E": "- - - Ks - - - - -"}), rd)
    assert [c.open for c in s.circle(8)] == [True] * 4


def test_ip_m5_scope_extra_dark_card_deals_a_tenth_card():
    """IP-M5-SCOPE extra_dark_card, modifier 5 ("расклад играется с одной дополнительно темной"): a tenth
    card, dark, is dealt where the last open circle was due (circle 8) and that open circle after it:
    d,d,d,o,o,o,o,d,o,d, ten cards each, five of them face up. The deal is judged with ten-card hands; 36
    cards are four short, and without the Dragon first the deal has nine circles."""
    rd = {"IP-M5-SCOPE": "extra_dark_card"}
    tokens = cards_for(M5_HANDS, circles=10)
    s = dealt(tokens, rd)
    assert s.pattern == (DK, DK, DK, OP, OP, OP, OP, DK, OP, DK)
    assert all(len(s.hand(p)) == 10 and sum(c.open for c in s.hand(p)) == 5 for p in s.players)
    j = judged(tokens, rd)
    assert all(len(j.as_dict()["players"][p]["cards"]) == 10 for p in ("N", "E", "S", "W")) and j.winners
    with pytest.raises(RulesError, match="short of 4"):
        dealt(tokens[:36], rd)
    assert dealt(cards_for({"E": "- - - Ks - - - - -"}), rd).pattern == (DK, DK, DK, OP, OP, OP, OP, OP, DK)


M6_HANDS = {"E": "- - - 3h - - - - -", "W": "- - - 3s - - - - -"}   # opposite Threes in the first open circle


def test_ip_m6_length_nine_circles_final_dark():
    """IP-M6-LENGTH nine_circles_final_dark (default), modifier 6 ("порядок сдачи карт изменяется следующим
    образом: т,т,т,о,о,т,о,о"; 'Порядок сдачи карт': "Всего девять карт"): nine circles, the ninth dark;
    32 cards are four short."""
    s = dealt(cards_for(M6_HANDS))
    assert s.pattern == (DK, DK, DK, OP, OP, DK, OP, OP, DK)
    with pytest.raises(RulesError, match="short of 4"):
        dealt(cards_for(M6_HANDS, circles=8))


def test_ip_m6_length_eight_circles_deals_eight_cards_each():
    """IP-M6-LENGTH eight_circles, modifier 6 ("т,т,т,о,о,т,о,о", as printed): the deal ends after eight
    circles, eight cards each, and is judged with eight-card hands; a 33rd card is one too many. Without the
    Threes (or with a Three in the second open circle) the deal keeps nine circles."""
    rd = {"IP-M6-LENGTH": "eight_circles"}
    tokens = cards_for(M6_HANDS, circles=8)
    s = dealt(tokens, rd)
    assert s.pattern == (DK, DK, DK, OP, OP, DK, OP, OP)
    assert all(len(s.hand(p)) == 8 for p in s.players)
    j = judged(tokens, rd)
    assert all(len(j.as_dict()["players"][p]["cards"]) == 8 for p in ("N", "E", "S", "W")) and j.winners
    with pytest.raises(RulesError, match="one card too many"):
        dealt(cards_for(M6_HANDS), rd)
    cancelled = {**M6_HANDS, "S": "- - - - 3c - - - -"}
    assert dealt(cards_for(cancelled), rd).pattern == (DK, DK, DK, OP, OP, OP, OP, OP, DK)


def test_ip_m6_length_eight_circles_with_m12_and_m5():
    """IP-M6-LENGTH eight_circles with modifiers 12 ("т,т,т,о,о,т,о,т,о") and 5: modifier 12's order
    prevails over 6's (base rule 11), nine circles, and modifier 5 then darkens the last open circle (9);
    with 5's tenth card (IP-M5-SCOPE extra_dark_card) the deal has ten circles."""
    hands = {"E": "- - - As - - - - -", "S": "- - - 3h 9d - - - -", "W": "- - - 3s - - - - -"}
    rd = {"IP-M6-LENGTH": "eight_circles"}
    assert dealt(cards_for(hands), rd).pattern == (DK, DK, DK, OP, OP, DK, OP, DK, DK)
    rd = {**rd, "IP-M5-SCOPE": "extra_dark_card"}
    assert dealt(cards_for(hands, circles=10), rd).pattern == (DK, DK, DK, OP, OP, DK, OP, DK, DK, OP)


def test_ip_m5_identity_natural_state_only_needs_a_natural_dragon():
    """IP-M5-IDENTITY, modifier 5 ("Если первой, сданной в открытую, картой является Дракон") and base rule
    24 ("карта – естественная карта"): at 12:30 Table 2 makes Dragons wild. By default
    (real_identity_any_state) E's As is a Dragon and circle 8 is dealt dark; under natural_state_only a wild
    Dragon is no "card" and the pattern stays. At 10:30 (Dragons neither wild, home nor dead) both readings
    fire."""
    noon = "2026-04-08T12:30:00+03:00"
    rd = {"IP-M5-IDENTITY": "natural_state_only"}
    tokens = cards_for(M5_HANDS)
    assert dealt(tokens, started_at=noon).pattern == (DK, DK, DK, OP, OP, OP, OP, DK, DK)
    assert dealt(tokens, rd, started_at=noon).pattern == (DK, DK, DK, OP, OP, OP, OP, OP, DK)
    assert dealt(tokens, rd).pattern == (DK, DK, DK, OP, OP, OP, OP, DK, DK)


def test_ip_m5_aftermath_counts_open_circles_before_or_after_m5():
    """IP-M5-AFTERMATH, modifier 5 ("темной будет последняя карта, которая должна быть открытой") with
    modifier 25 ("Черные фоски ... пришедшие на первом открытом круге делают дикой Восьмерку у игрока ...
    если Восьмерка пришла этому игроку на последнем открытом круге"): E's As makes circle 8 dark. S has the 3c
    in the first open circle and the 8d in circle 8. By default (final_pattern) the last open circle is
    circle 7 and the 8d stays natural; under pattern_before_m5 circle 8 is still the last open circle for the
    modifiers, and the 8d, dealt face down, becomes wild."""
    tokens = cards_for({**M5_HANDS, "S": "- - - 3c - - - 8d -"})
    s = dealt(tokens)
    assert s.last_open == 7 and card(s, "8d").state == "natural"
    s = dealt(tokens, {"IP-M5-AFTERMATH": "pattern_before_m5"})
    assert s.pattern == (DK, DK, DK, OP, OP, OP, OP, DK, DK)        # as dealt
    assert s.last_open == 8 and not card(s, "8d").open and card(s, "8d").state == "wild"


def test_ip_m5_identity_natural_state_only_for_modifiers_6_and_12():
    """IP-M5-IDENTITY natural_state_only for the other pattern modifiers (base rule 24: "карта –
    естественная карта"). Modifier 6 ("Если на первом круге будут засвечены две Тройки противоположных
    мастей"): in April Table 3 reads February (M3, four players), whose home ranks include the Three, so
    the 3h and 3s are no "cards" and the pattern stays; in March (January: 8, K, A home) they are, and both
    readings fire. Modifier 12 (its Unicorn of clubs voids the order): at 10:30 Table 2 makes Unicorns wild,
    so under natural_state_only the Qc face up in the second open circle does not void the 9d's order."""
    march = "2026-03-11T10:30:00+03:00"
    rd = {"IP-M5-IDENTITY": "natural_state_only"}
    tokens = cards_for(M6_HANDS)
    assert dealt(tokens).pattern == (DK, DK, DK, OP, OP, DK, OP, OP, DK)
    assert dealt(tokens, rd).pattern == (DK, DK, DK, OP, OP, OP, OP, OP, DK)
    assert dealt(tokens, rd, started_at=march).pattern == (DK, DK, DK, OP, OP, DK, OP, OP, DK)
    tokens = cards_for({"S": "- - - - 9d - - - -", "W": "- - - - Qc - - - -"})
    assert dealt(tokens, started_at=march).pattern == (DK, DK, DK, OP, OP, OP, OP, OP, DK)
    assert dealt(tokens, rd, started_at=march).pattern == (DK, DK, DK, OP, OP, DK, OP, DK, OP)
