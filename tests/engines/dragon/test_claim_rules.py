"""The one check of which rules take claims, as the judge and the site ask it."""

from __future__ import annotations

import pytest

from rules.engines.dragon import judge
from rules.engines.dragon.modifiers.base import registry


@pytest.mark.parametrize(("rule", "ruleset", "problem"), [
    ("B1", "club-2.2.1", None),                  # base rule 1: a player changes a card's suit
    ("M42", "club-2.2.1", None),                 # modifier 42: a black honor declared wild
    ("M51", "club-2.2.1", None),                 # modifier 51: rank or suit changed, once a Game
    ("M1", "club-2.2.1", "takes_no_claims"),     # modifier 1 acts by itself
    ("M999", "club-2.2.1", "unknown_modifier"),
    ("B2", "club-2.2.1", "not_a_claim_rule"),    # of the base rules only rule 1 is claimed
    ("X9", "club-2.2.1", "not_a_claim_rule"),
    ("M42", "asprin-evening", "not_played"),     # the book's evening plays no modifier
])
def test_which_rules_take_claims(rule, ruleset, problem):
    assert judge.claim_rule_problem(rule, ruleset) == problem


def test_the_judge_refuses_what_the_check_refuses():
    claims = [judge.claim_from_doc({"player": "E", "rule": rule}) for rule in ("M1", "M999", "B2")]
    for claim in claims:
        with pytest.raises(judge.RulesError, match=claim.rule[1:]):
            judge._check_claim_rules([claim], None, judge.get_ruleset("club-2.2.1"))


def test_every_modifier_that_takes_claims_passes_the_check():
    for number, mod in registry().items():
        assert (judge.claim_rule_problem(f"M{number}", "club-2.2.1") is None) == mod.takes_claims, number
