"""Base rules 1-25 and Tables 1-3 of the club rules v2.2.1 (card states, orders, the guards every
change passes), with the cross-cutting interpretation points."""

from __future__ import annotations

import pytest

from rules.engines.cards import parse
from rules.engines.dragon import tables
from rules.engines.dragon.base_rules import BASE_RULES
from rules.engines.dragon.game import DealRecord, GameHistory, WinningHand
from rules.engines.errors import RulesError

from .helpers import card, claim, prepared, table

NO_MODIFIERS = frozenset(range(1, 101))


def bare(hands=None, **kw):
    """A deal with no conditional modifier at all: the base rules alone."""
    return prepared(hands or {}, disabled=NO_MODIFIERS, **kw)


def history_with(hand_cards: str, states: str | None = None, values: str | None = None) -> GameHistory:
    cards = parse(hand_cards)
    vals = parse(values) if values else cards
    hand = WinningHand("E", 49, cards, tuple((c.rank, c.suit) for c in vals),
                       tuple((states or " ".join(["natural"] * len(cards))).split()))
    return GameHistory([DealRecord(number=1, winners=("E",), winning_hands=(hand,))])


def test_base_rules_are_data_with_the_seed_text():
    """Every base rule is kept with the seed's Russian text verbatim."""
    assert sorted(BASE_RULES) == list(range(1, 26))
    assert BASE_RULES[22].text_ru == "К одной и той же карте не могут быть применены условные модификаторы более трех раз."


# ---------------------------------------------------------------------------- B1
def test_b01_suit_change_once_per_game():
    """Base rule 1: E changes the suit of his 9c to hearts."""
    s = bare({"E": "9c - - - - - - - -"}, claims=[claim("E", "B1", card="9c", suit="h")])
    assert card(s, "9c").suit == "h"


def test_b01_second_suit_change_in_the_game_is_refused():
    """Base rule 1: a player who used it in an earlier deal of the Game may not use it again."""
    history = GameHistory([DealRecord(number=1, winners=(), winning_hands=(), claims=(("E", "B1"),))])
    with pytest.raises(RulesError, match="B1"):
        bare({"E": "9c - - - - - - - -"}, number=2, history=history,
             claims=[claim("E", "B1", card="9c", suit="h")])


def test_ip_b1_when_readings():
    """IP-B1-WHEN: after_modifiers refuses changing a home card's suit (Table 3 made the 8h home);
    before_rules changes it first, and the changed card is then not made home (base rule 13)."""
    with pytest.raises(RulesError, match="B1"):
        bare({"E": "8h - - - - - - - -"}, claims=[claim("E", "B1", card="8h", suit="s")])
    s = bare({"E": "8h - - - - - - - -"}, claims=[claim("E", "B1", card="8h", suit="s")],
             readings={"IP-B1-WHEN": "before_rules"})
    assert (card(s, "8h").suit, card(s, "8h").state) == ("s", "natural")


# ---------------------------------------------------------------------------- B2, B7, B21
def test_b02_highest_natural_card_of_previous_winning_hand_becomes_wild():
    """Base rule 2: the previous winning hand's highest natural card (Jd; the As was wild) is wild."""
    history = history_with("As Jd Jc 5c 5d", states="wild natural natural natural natural")
    s = bare({"S": "Jd Jh - - - - - - -"}, number=2, history=history, started_at="2026-03-04T08:30:00")
    assert card(s, "Jd").state == "wild" and card(s, "Jh").state == "home"


def test_b02_not_in_the_first_deal_and_ip_r2_that_rank():
    """Base rule 2 does nothing without a previous deal; IP-R2-WILD-CARD that_rank makes every Elf wild."""
    assert card(bare({"S": "Jd - - - - - - - -"}), "Jd").state == "home"
    history = history_with("Jd Jh 5c 5d 2c")
    s = bare({"S": "Jd Jc - - - - - - -"}, number=2, history=history, readings={"IP-R2-WILD-CARD": "that_rank"},
             started_at="2026-03-04T08:30:00")
    assert card(s, "Jc").state == "wild"


def test_b07_previous_winning_hand_below_ten_reverses_naturalness():
    """Base rule 7: the previous winning hand's highest card is a Nine: naturalness is reversed."""
    assert bare(number=2, history=history_with("9c 9d 4c 4d 2c")).naturalness_reversed
    assert not bare(number=2, history=history_with("Qc Qd 4c 4d 2c")).naturalness_reversed
    assert not bare().naturalness_reversed


def test_ip_b7_card_real_rank():
    """IP-B7-CARD: a wild As played as a Nine counts as a Nine (played_value) or as a Dragon (real_rank)."""
    history = history_with("As 9c 9d 4c 2c", values="9s 9c 9d 4c 2c")
    assert bare(number=2, history=history).naturalness_reversed
    assert not bare(number=2, history=history, readings={"IP-B7-CARD": "real_rank"}).naturalness_reversed


def test_b21_quad_of_winning_hand_is_dead_next_deal():
    """Base rule 21: the four Sixes of the previous winning quad are dead."""
    s = bare({"E": "6c 6d - - - - - - -", "S": "6h 6s 7c - - - - - -"}, number=2,
             history=history_with("6c 6d 6h 6s Ac"))
    assert all(card(s, x).state == "dead" for x in ("6c", "6d", "6h", "6s"))
    assert card(s, "7c").state != "dead"


# ---------------------------------------------------------------------------- B3, B4, B8, B13, B14, B22
def test_b03_killed_free_card_becomes_home():
    """Base rule 3: a free card that is killed becomes home."""
    s = bare({"E": "Kc - - - - - - - -"})
    c = card(s, "Kc")
    assert s.grant(c, "free", "M13") and s.kill(c, "M8")
    assert c.state == "home" and [e.source for e in s.trace][-1] == "B3"


def test_b04_killed_wild_card_becomes_natural():
    """Base rule 4: a wild card (a Unicorn at 10:30, Table 2) that is killed becomes natural."""
    s = bare({"E": "Qc - - - - - - - -"})
    c = card(s, "Qc")
    assert c.state == "wild" and s.kill(c, "M9")
    assert c.state == "natural"


def test_ip_kill_reach_natural_only():
    """IP-KILL-REACH natural_only: a kill does not reach a wild card."""
    s = bare({"E": "Qc - - - - - - - -"}, readings={"IP-KILL-REACH": "natural_only"})
    assert not s.kill(card(s, "Qc"), "M9") and card(s, "Qc").state == "wild"


def test_b13_modified_card_gets_no_new_status():
    """Base rule 13: a home card (Table 3) is not made wild by a modifier unless its text says so."""
    s = bare({"E": "8c - - - - - - - -"})
    c = card(s, "8c")
    assert not s.grant(c, "wild", "M24") and c.state == "home"
    assert s.grant(c, "wild", "M13", override=True) and c.state == "wild"


def test_b08_free_and_home_and_ip_readings():
    """Base rule 8 with IP-R13-SCOPE last_applied_wins: a home card made free stays home under
    IP-FREE-HOME first_applied_stands, and becomes free under last_applied_wins."""
    s = bare({"E": "Jc - - - - - - - -"}, readings={"IP-R13-SCOPE": "last_applied_wins"})
    assert not s.grant(card(s, "Jc"), "free", "M13") and card(s, "Jc").state == "home"
    s = bare({"E": "Jc - - - - - - - -"}, readings={"IP-R13-SCOPE": "last_applied_wins",
                                                    "IP-FREE-HOME": "last_applied_wins"})
    assert s.grant(card(s, "Jc"), "free", "M13") and card(s, "Jc").state == "free"


def test_ip_r13_scope_last_applied_wins_lets_a_home_card_turn_wild():
    """IP-R13-SCOPE last_applied_wins: a later status replaces Table 3's home."""
    s = bare({"E": "8c - - - - - - - -"}, readings={"IP-R13-SCOPE": "last_applied_wins"})
    assert s.grant(card(s, "8c"), "wild", "M24") and card(s, "8c").state == "wild"


def test_b14_modified_card_used_as_modifying_is_frozen():
    """Base rule 14: a home card used as a modifying card is frozen; a later kill is refused and traced."""
    s = bare({"E": "8c - - - - - - - -"})
    c = card(s, "8c")
    s.use_as_modifying(c, "M13")
    assert c.frozen and not s.kill(c, "M40")
    assert [e.source for e in s.trace][-1] == "B14"


def test_b22_at_most_three_modifiers_per_card():
    """Base rule 22: a fourth conditional modifier on the same card is skipped and traced."""
    s = bare({"E": "5c - - - - - - - -"})
    c = card(s, "5c")
    assert s.grant(c, "wild", "M24") and s.kill(c, "M26") and s.kill(c, "M9")
    assert c.state == "dead" and c.mods == (24, 26, 9)
    assert not s.revive(c, "M11")
    assert s.trace[-1].source == "B22" and c.state == "dead"


def test_ip_rule11_states_rule_wins():
    """IP-RULE11-STATES rule_wins: a modifier does not strip a wild status Table 2 gave."""
    s = bare({"E": "Qc - - - - - - - -"}, readings={"IP-RULE11-STATES": "rule_wins"})
    assert not s.strip(card(s, "Qc"), "wild", "M1") and card(s, "Qc").state == "wild"
    s = bare({"E": "Qc - - - - - - - -"})
    assert s.strip(card(s, "Qc"), "wild", "M1")


def test_ip_revive_rule_kills_and_revived_state():
    """IP-REVIVE-RULE-KILLS modifier_kills_only keeps a Table 2 kill; IP-M28-REVIVED-STATE decides
    whether a revived home card comes back home (undo_kill) or natural."""
    s = bare({"E": "Jc - - - - - - - -"}, number=2, readings={"IP-REVIVE-RULE-KILLS": "modifier_kills_only"})
    assert card(s, "Jc").state == "dead" and not s.revive(card(s, "Jc"), "M36")
    s = bare({"E": "Jc - - - - - - - -"}, number=2)
    assert s.revive(card(s, "Jc"), "M36")
    for reading, expected in (("undo_kill", "home"), ("natural", "natural")):
        s = bare({"E": "8c - - - - - - - -"}, readings={"IP-M28-REVIVED-STATE": reading})
        c = card(s, "8c")
        s.kill(c, "M7")
        s.revive(c, "M11")
        assert c.state == expected


# ---------------------------------------------------------------------------- Tables, B15-B20
def test_t1_weekday_table():
    """Table 1 (base rule 15): Wednesday's deals 3, 6, ... ; Monday adds the dealer's number."""
    assert tables.all_dark(6, 3, 1) and not tables.all_dark(7, 3, 1)
    assert tables.all_dark(3, 1, 2) and not tables.all_dark(2, 1, 2)
    assert tables.TABLE1_RU[3] == "Среда 3, 6, 9, 12, 15, 18, 21"


def test_b15_multiple_of_weekday_is_dark_and_the_weakest_wins():
    """Base rule 15: deal 3 on a Wednesday is dealt all dark and the weakest hand wins."""
    s = bare(number=3)
    assert s.pattern == ("dark",) * 9 and s.weakest_wins
    s = bare(number=2)
    assert s.pattern[3] == "open" and not s.weakest_wins


def test_ip_t1_range_listed_only():
    """IP-T1-RANGE: deal 24 on a Wednesday is the 8th multiple of 3, not listed in Table 1."""
    assert tables.all_dark(24, 3, 1)
    assert not tables.all_dark(24, 3, 1, listed_only=True)


def test_t2_hour_rows():
    """Table 2: 13:00-14:00 Twos wild, Dragons dead; 00:00-01:00 Twos wild, Unicorns dead."""
    assert tables.table2_row(13) == (2, 14) and tables.table2_row(0) == (2, 12)
    assert tables.TABLE2_RU[13] == "13:00 - 14:00 Двойка Дракон"


def test_b16_b17_hour_wild_and_dead_ranks():
    """Base rules 16-17: at 10:30 Unicorns are wild and, after the first deal, Elves dead."""
    s = bare({"E": "Qc Jc - - - - - - -"}, number=2)
    assert card(s, "Qc").state == "wild" and card(s, "Jc").state == "dead"
    assert card(bare({"E": "Qc Jc - - - - - - -"}), "Jc").state == "home"   # first deal: no dead rank


def test_b09_time_of_the_first_card_in_the_venue_zone():
    """Base rule 9: the time is the first dealt card's, read in the venue's time zone."""
    s = bare({"E": "Qc - - - - - - - -"}, started_at="2026-03-04T07:30:00+00:00")
    assert s.facts.hour == 10 and card(s, "Qc").state == "wild"


def test_t3_and_b18_month_home_ranks():
    """Table 3 / base rule 18: seven players in March: Sixes, Eights and Elves are home."""
    assert tables.home_ranks(3) == (6, 8, 11) and tables.TABLE3_RU[12] == "декабрь 2,7,Д,К"
    s = bare({"E": "6c 7c - - - - - - -"}, tbl=table(("N", "NE", "E", "SE", "S", "SW", "W")))
    assert card(s, "6c").state == "home" and card(s, "7c").state == "natural"


def test_b19_deal_number_multiple_of_players_inverts_card_order():
    """Base rule 19: deal 4 of four players is played with the card order inverted."""
    assert bare(number=4).card_order == "inverted"
    assert bare(number=5).card_order == "natural"


def test_b20_odd_deals_invert_suit_order():
    """Base rule 20: even deals keep the natural suit order, odd deals invert it."""
    assert bare(number=2).suit_order == "natural" and bare(number=1).suit_order == "inverted"


def test_b23_b24_rules_read_real_rank_and_suit():
    """Base rules 23-24: a card whose played rank a modifier changed is still read by its real rank."""
    s = bare({"E": "Ah - - - - - - - -"})
    c = card(s, "Ah")
    s.change_rank(c, 2, "M27")
    assert c.is_(14, "h") and not c.is_(2) and c.played == parse("2h")[0]


def test_b10_modifiers_act_in_number_order():
    """Base rule 10: modifier 7 kills the face-up 7d before modifier 11 revives it, in number order."""
    s = prepared({"E": "- 7c - 7d - - - - -", "S": "- - - 10s - 5h - - -"})
    sources = [e.source for e in s.trace if e.cards and e.cards[0] == card(s, "7d").card]
    assert sources == ["M7", "M11"] and card(s, "7d").state != "dead"


def test_b12_ambiguities_are_readings_checked_by_the_registry():
    """Base rule 12: every ambiguity is an interpretation point; an unknown point or reading is an
    error naming it, and a reading changes the judgement (IP-M7-SECOND here)."""
    with pytest.raises(RulesError, match="'bogus'"):
        bare(readings={"IP-M7-SECOND": "bogus"})
    with pytest.raises(RulesError, match="IP-NOPE"):
        bare(readings={"IP-NOPE": "x"})
    from rules.engines.readings import registry
    assert all(p.game == "dragon" for i, p in registry().items() if i.startswith("IP-M") and i[4:5].isdigit())
