"""Base rule 25: the advisor shows each player, after the deal, the claims that would have helped."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engines.dragon.advisor import advise
from rules.engines.dragon.facts import deal_facts
from rules.engines.dragon.judge import judge_deal
from rules.engines.dragon.presets import ruleset

from .helpers import ONLY_DEAL_GROUP, layout, table

WHEN = "2026-05-06T10:30:00"
RS = replace(ruleset("club-2.2.1"), disabled=ONLY_DEAL_GROUP)


@pytest.fixture(scope="module")
def deal():
    tbl = table()
    cards = layout(tbl, deal_facts(tbl, 1, WHEN).dealer,
                   {"E": "2h 4h 6h 9h Jh 9s - - -", "S": "2s 8s As 3d 10h - - - -"})
    return tbl, cards, advise(tbl, 1, WHEN, cards, ruleset=RS)


def test_b25_advisor_suggestions_beat_the_hand_and_hold_when_declared(deal):
    """Base rule 25: every suggestion beats the player's judged hand, best first; declaring the best
    one gives exactly the suggested hand."""
    tbl, cards, advice = deal
    assert set(advice) == set(tbl.ids)
    some = [a for a in advice.values() if a.suggestions]
    assert some
    for a in some:
        keys = [s.hand.key for s in a.suggestions]
        assert all(k > a.hand.key for k in keys) and keys == sorted(keys, reverse=True)
    a = some[0]
    judged = judge_deal(tbl, 1, WHEN, cards, claims=[a.best.claim], ruleset=RS)
    assert judged.hands[a.player].key == a.best.hand.key
    assert a.best.as_dict()["rule"] == a.best.claim.rule


def test_b25_advisor_skips_base_rule_1_once_used_in_the_game(deal):
    """Base rule 25 with base rule 1: a player who declared his suit change gets no other B1 advice."""
    tbl, cards, advice = deal
    player = next(p for p, a in advice.items() if a.best is not None and a.best.claim.rule == "B1")
    declared = [advice[player].best.claim]
    again = advise(tbl, 1, WHEN, cards, claims=declared, ruleset=RS)
    assert not any(s.claim.rule == "B1" for s in again[player].suggestions)


def test_b25_advisor_fast_mode_keeps_a_subset_of_the_thorough_suggestions(deal):
    """Base rule 25: the estimate that spares the full judging of most claims only leaves claims out;
    every suggestion it keeps is judged in full, exactly as the thorough advisor judges it, and a
    ``limit`` keeps the best of them in order (for this deal the first two of the full list)."""
    tbl, cards, advice = deal
    thorough = advise(tbl, 1, WHEN, cards, ruleset=RS, thorough=True)
    limited = advise(tbl, 1, WHEN, cards, ruleset=RS, limit=2)
    for player, a in advice.items():
        fast = {(s.claim.describe(), s.hand.key) for s in a.suggestions}
        full = {(s.claim.describe(), s.hand.key) for s in thorough[player].suggestions}
        assert fast <= full
        assert len(limited[player].suggestions) <= 2
        assert [s.hand.key for s in limited[player].suggestions] == [s.hand.key for s in a.suggestions[:2]]


def test_b25_advisor_judges_a_new_real_rank_from_the_start():
    """Base rule 25 with modifier 51 (IP-M51-VALUE as_dealt): a suggested rank change, seeded as the
    judge's rerun would find it, gives the same hand when it is declared and judged."""
    tbl = table(seats=("N", "E", "S", "W"))
    cards = layout(tbl, deal_facts(tbl, 1, WHEN).dealer, {"S": "2s 8s As 3d 10h - - - -"})
    rs = replace(ruleset("club-2.2.1"), disabled=frozenset(range(1, 101)) - {51})
    advice = advise(tbl, 1, WHEN, cards, ruleset=rs)
    ranks = [s for a in advice.values() for s in a.suggestions if s.claim.rule == "M51" and s.claim.rank]
    assert ranks
    for s in ranks[:3]:
        judged = judge_deal(tbl, 1, WHEN, cards, claims=[s.claim], ruleset=rs)
        assert judged.hands[s.claim.player].key == s.hand.key
