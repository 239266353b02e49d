"""Card strings are parsed once: a hand given as a string is evaluated as quickly as its parsed cards
(bench/evaluator.py prints both rows)."""

from __future__ import annotations

import pytest

from rules.engines import cards, dragon
from rules.engines.dragon import evaluator

HAND = "Ah Ad Ac As Kh Kd 2c 5s 9h"


def test_a_hand_string_is_parsed_once():
    first = cards.parse(HAND)
    assert cards.parse(HAND) is first
    assert cards.parse(" ".join(HAND.split())) is first
    assert cards.parse("Тч Кб 10т 3п") == cards.parse("Ah Kd 10c 3s")


def test_a_bad_token_is_refused_every_time_naming_it():
    for _ in range(2):
        with pytest.raises(cards.CardSyntaxError, match="Zz") as refused:
            cards.parse("Ah Zz")
        assert refused.value.code == "not_a_card" and refused.value.value == "Zz"
        with pytest.raises(cards.CardSyntaxError, match="Zz"):
            cards.parse_one("Zz")


def test_a_natural_hand_string_takes_the_table_path_of_parsed_cards(monkeypatch):
    """The evaluator's general path parses and searches; a string of natural cards no longer goes there."""
    expected = dragon.evaluate(cards.parse(HAND))

    def general(*args, **kwargs):
        raise AssertionError("a natural hand string took the general path")

    monkeypatch.setattr(evaluator, "_general", general)
    found = dragon.evaluate(HAND)
    assert (found.category, found.name, found.key) == (expected.category, expected.name, expected.key) == (
        30, "dragon", expected.key)


def test_a_string_hand_with_a_joker_or_a_card_twice_is_still_refused():
    from rules.engines.errors import RulesError

    with pytest.raises(RulesError, match="joker"):
        dragon.evaluate("Jo Ad Ac As Kh Kd 2c 5s 9h")
    with pytest.raises(RulesError, match="Ah"):
        dragon.evaluate("Ah Ah Ac As Kh Kd 2c 5s 9h")
