"""The refusals a person meets while recording a deal carry a code besides their English message, so
that the site can say them in the member's language (rules/engines/errors.py)."""

from __future__ import annotations

import pytest

from rules.engines import cards
from rules.engines.dragon.context import Player, Table
from rules.engines.dragon.deal import Dealing
from rules.engines.dragon.facts import deal_facts
from rules.engines.errors import RulesError
from rules.engines.readings import resolve


def _dealing() -> Dealing:
    table = Table(players=(Player(id="n", seat="N"), Player(id="s", seat="S")))
    facts = deal_facts(table, 1, "2026-11-29T21:15:00+03:00", rotation="clockwise")
    return Dealing(facts, resolve({}, games=("dragon",)))


@pytest.mark.parametrize(("token", "code"), [("Zz", "not_a_card"), ("", "not_a_card"), (7, "not_a_card")])
def test_a_non_card_is_refused_with_its_code(token, code):
    with pytest.raises(RulesError) as refused:
        cards.parse_one(token)
    assert refused.value.code == code and refused.value.value == token


def test_a_joker_a_second_copy_and_one_card_too_many_have_their_codes():
    dealing = _dealing()
    dealing.deal("Ah")
    for token, code in (("Jo", "joker"), ("Ah", "dealt_twice")):
        with pytest.raises(RulesError) as refused:
            dealing.deal(token)
        assert (refused.value.code, refused.value.value) == (code, token)
    for card in [c for c in cards.deck52() if str(c) != "Ah"][: dealing.total - 1]:
        dealing.deal(card)
    with pytest.raises(RulesError) as refused:
        dealing.deal("2c")
    assert refused.value.code == "deal_complete"


def test_other_refusals_have_no_code():
    with pytest.raises(RulesError) as refused:
        cards.deck(jokers=1)
    assert refused.value.code is None
