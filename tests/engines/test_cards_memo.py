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


def test_every_display_style_of_the_site_can_be_typed_back():
    """What the site shows can be typed back: English and Russian letters, the suit symbols in
    black and white, with or without a phone's variation selector, after either rank notation."""
    from rules.engines.cards import deck52, format, parse

    black = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}
    white = {"h": "♡", "d": "♢", "c": "♧", "s": "♤"}
    for card in deck52():
        shown = [format([card]), format([card], lang="ru")]
        for rank in (format([card])[:-1], format([card], lang="ru")[:-1]):
            shown += [rank + black[card.suit], rank + white[card.suit], rank + black[card.suit] + "\ufe0f"]
        for text in shown:
            assert parse(text) == (card,), text
    assert parse("5♣ 10♥ Т♠ Jo") == parse("5c 10h As Jo")
    with pytest.raises(cards.CardSyntaxError, match="5☺"):
        parse("5☺")
