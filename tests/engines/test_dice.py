"""Dice poker hands (seeds/dice-poker.txt): the figures, their order, ties and bad dice."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engines import dice
from rules.engines.errors import RulesError
from rules.engines.readings import get
from tests.budgets import examples

ALL_ROLLS = list(itertools.product(range(1, 7), repeat=5))
REST_ONLY = {"IP-DICE-TIE": "rest_only"}

# The seed's list of figures, low to high, with "nothing" below the pair.
SEED_ORDER = ["nothing", "pair", "two_pairs", "set", "small_straight", "big_straight",
              "full_house", "four", "poker"]


def reference_name(roll) -> str:
    """An independent classifier: by the multiset of value counts."""
    shape = sorted(Counter(roll).values(), reverse=True)
    if shape == [5]:
        return "poker"
    if shape == [4, 1]:
        return "four"
    if shape == [3, 2]:
        return "full_house"
    if shape == [3, 1, 1]:
        return "set"
    if shape == [2, 2, 1]:
        return "two_pairs"
    if shape == [2, 1, 1, 1]:
        return "pair"
    if sorted(roll) == [1, 2, 3, 4, 5]:
        return "small_straight"
    if sorted(roll) == [2, 3, 4, 5, 6]:
        return "big_straight"
    return "nothing"


def reference_key(roll, tie_rule="figure_then_rest"):
    """An independent order: the figure by the seed's list, then the dice sorted by how often they
    occur and by value (the usual poker ordering), or only the unmatched dice under rest_only."""
    name = reference_name(roll)
    counts = Counter(roll)
    if tie_rule == "rest_only":
        if name in ("small_straight", "big_straight", "full_house", "poker"):
            return (SEED_ORDER.index(name),)
        return (SEED_ORDER.index(name), *sorted((v for v in roll if counts[v] == 1), reverse=True))
    return (SEED_ORDER.index(name), *sorted(roll, key=lambda v: (counts[v], v), reverse=True))


def sign(x) -> int:
    return (x > 0) - (x < 0)


# ---- the figures (seed: the list "Пара ... Покер")


@pytest.mark.parametrize("roll, name", [
    ([1, 2, 4, 5, 6], "nothing"),
    ([3, 3, 1, 4, 6], "pair"),
    ([2, 5, 2, 5, 6], "two_pairs"),
    ([4, 1, 4, 6, 4], "set"),
    ([5, 3, 1, 2, 4], "small_straight"),
    ([2, 3, 4, 5, 6], "big_straight"),
    ([6, 2, 6, 2, 6], "full_house"),
    ([1, 1, 3, 1, 1], "four"),
    ([6, 6, 6, 6, 6], "poker"),
])
def test_seed_figures_are_named(roll, name):
    assert dice.evaluate(roll).name == name
    assert dice.evaluate(roll).category == SEED_ORDER.index(name)


def test_seed_order_of_figures_low_to_high():
    """The seed's list from 'Пара' up to 'Покер', each figure beating every lower one."""
    examples = [[1, 2, 4, 5, 6], [1, 1, 2, 3, 4], [1, 1, 2, 2, 3], [1, 1, 1, 2, 3], [1, 2, 3, 4, 5],
                [2, 3, 4, 5, 6], [1, 1, 1, 2, 2], [1, 1, 1, 1, 2], [1, 1, 1, 1, 1]]
    assert [dice.evaluate(r).name for r in examples] == SEED_ORDER
    for low, high in itertools.combinations(examples, 2):
        assert dice.compare(high, low) == 1
        assert dice.compare(low, high) == -1
    assert dice.CATEGORIES == tuple(SEED_ORDER)


def test_every_one_of_7776_rolls_is_classified_with_exact_counts():
    """Every roll gets one of the seed's figures; the counts match combinatorics."""
    five_distinct = math.comb(6, 5) * math.factorial(5)
    expected = {
        "poker": 6,
        "four": 6 * 5 * math.comb(5, 4),
        "full_house": 6 * 5 * math.comb(5, 3),
        "big_straight": math.factorial(5),
        "small_straight": math.factorial(5),
        "set": 6 * math.comb(5, 2) * math.factorial(5) // math.factorial(3),
        "two_pairs": math.comb(6, 2) * 4 * math.factorial(5) // (2 * 2),
        "pair": 6 * math.comb(5, 3) * math.factorial(5) // 2,
        "nothing": five_distinct - 2 * math.factorial(5),
    }
    assert sum(expected.values()) == 6 ** 5
    counts = Counter(dice.evaluate(roll).name for roll in ALL_ROLLS)
    assert dict(counts) == expected
    for roll in ALL_ROLLS:
        assert dice.evaluate(roll).name == reference_name(roll)


@pytest.mark.parametrize("tie_rule", ["figure_then_rest", "rest_only"])
def test_order_over_all_rolls_is_total_and_agrees_with_a_reference(tie_rule):
    readings = {"IP-DICE-TIE": tie_rule}
    hands = {roll: dice.evaluate(roll, readings=readings) for roll in ALL_ROLLS}
    ordered = sorted(ALL_ROLLS, key=lambda r: hands[r].key)
    for a, b in itertools.pairwise(ordered):
        result = dice.compare(a, b, readings=readings)
        assert result <= 0
        assert result == sign((reference_key(a, tie_rule) > reference_key(b, tie_rule))
                              - (reference_key(a, tie_rule) < reference_key(b, tie_rule)))
        assert dice.compare(b, a, readings=readings) == -result
    rng = random.Random(20081127)
    for _ in range(4000):
        a, b, c = rng.choice(ALL_ROLLS), rng.choice(ALL_ROLLS), rng.choice(ALL_ROLLS)
        ab = dice.compare(a, b, readings=readings)
        ra, rb = reference_key(a, tie_rule), reference_key(b, tie_rule)
        assert ab == (ra > rb) - (ra < rb)
        assert dice.compare(b, a, readings=readings) == -ab
        assert dice.compare(a, a, readings=readings) == 0
        if ab >= 0 and dice.compare(b, c, readings=readings) >= 0:
            assert dice.compare(a, c, readings=readings) >= 0


# ---- ties (seed: "При выпадении идентичных фигур сравниваются остальные кости")


def test_tie_rule_is_registered_for_dice():
    point = get("IP-DICE-TIE")
    assert point.game == "dice"
    assert point.default == "figure_then_rest"
    assert point.alternatives == ("rest_only",)


@pytest.mark.parametrize("a, b, default, rest_only", [
    # a pair of sixes against a pair of fives with higher other dice
    ([6, 6, 3, 2, 1], [5, 5, 4, 3, 2], 1, -1),
    # a pair of sixes against a pair of fives with the same other dice
    ([6, 6, 4, 2, 1], [5, 5, 4, 2, 1], 1, 0),
    # equal pairs: the remaining dice decide under both readings
    ([4, 4, 6, 2, 1], [4, 4, 5, 3, 2], 1, 1),
    # two pairs: the higher pair first, whatever the lower pair
    ([6, 6, 1, 1, 2], [5, 5, 4, 4, 2], 1, 0),
    ([6, 6, 1, 1, 2], [6, 6, 1, 1, 3], -1, -1),
    # full house: the three before the pair
    ([3, 3, 3, 2, 2], [2, 2, 2, 6, 6], 1, 0),
    # four of a kind, then the fifth die
    ([2, 2, 2, 2, 6], [5, 5, 5, 5, 1], -1, 1),
    # poker against poker
    ([6, 6, 6, 6, 6], [5, 5, 5, 5, 5], 1, 0),
    # set, then the remaining dice high to low
    ([3, 3, 3, 6, 1], [3, 3, 3, 5, 4], 1, 1),
    # nothing against nothing: high to low
    ([6, 5, 4, 3, 1], [6, 5, 4, 2, 1], 1, 1),
])
def test_tie_readings(a, b, default, rest_only):
    assert dice.compare(a, b) == default
    assert dice.compare(a, b, readings={"IP-DICE-TIE": "figure_then_rest"}) == default
    assert dice.compare(a, b, readings=REST_ONLY) == rest_only
    assert dice.compare(b, a, readings=REST_ONLY) == -rest_only


def test_equal_in_every_die_is_a_draw():
    """Seed: identical hands make the round a draw."""
    assert dice.compare([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]) == 0
    assert dice.compare([2, 3, 4, 5, 6], [6, 5, 4, 3, 2]) == 0
    assert dice.compare([2, 2, 5, 6, 1], [1, 6, 2, 5, 2]) == 0


def test_hand_reports_figure_and_rest():
    hand = dice.evaluate([2, 5, 2, 5, 6])
    assert hand.figure == (5, 5, 2, 2)
    assert hand.rest == (6,)
    assert hand.dice == (2, 5, 2, 5, 6)
    full = dice.evaluate([2, 2, 3, 3, 3])
    assert full.figure == (3, 3, 3, 2, 2)
    assert full.rest == ()
    assert dice.evaluate([3, 3, 1, 4, 6]).to_dict()["rest"] == [6, 4, 1]


def test_compare_accepts_evaluated_hands():
    assert dice.compare(dice.evaluate([6, 6, 1, 2, 3]), [5, 5, 1, 2, 3]) == 1


# ---- bad dice


@pytest.mark.parametrize("roll, named", [
    ([1, 2, 3, 4], "4"),
    ([1, 2, 3, 4, 5, 6], "6"),
    ([1, 2, 3, 4, 7], "7"),
    ([0, 2, 3, 4, 5], "0"),
    ([1, 2, "3", 4, 5], "'3'"),
    ([1, 2, 3.0, 4, 5], "3.0"),
    ([1, 2, True, 4, 5], "True"),
    ("12345", "'12345'"),
    (None, "None"),
])
def test_bad_dice_are_refused_naming_the_value(roll, named):
    with pytest.raises(RulesError) as caught:
        dice.evaluate(roll)
    assert named in str(caught.value)


def test_bad_die_error_carries_the_value():
    with pytest.raises(RulesError) as caught:
        dice.compare([1, 2, 3, 4, 5], [1, 2, 3, 4, 9])
    assert caught.value.value == 9


def test_unknown_reading_is_refused():
    with pytest.raises(RulesError, match="sum_of_dice"):
        dice.evaluate([1, 2, 3, 4, 5], readings={"IP-DICE-TIE": "sum_of_dice"})


# ---- properties

rolls = st.lists(st.integers(1, 6), min_size=5, max_size=5)


@settings(max_examples=examples(150), deadline=None)
@given(rolls, st.randoms(use_true_random=False), st.sampled_from(["figure_then_rest", "rest_only"]))
def test_permuting_dice_never_changes_the_hand(roll, rnd, tie_rule):
    readings = {"IP-DICE-TIE": tie_rule}
    shuffled = list(roll)
    rnd.shuffle(shuffled)
    assert dice.evaluate(shuffled, readings=readings).key == dice.evaluate(roll, readings=readings).key
    assert dice.compare(shuffled, roll, readings=readings) == 0


@settings(max_examples=examples(150), deadline=None)
@given(rolls, rolls)
def test_compare_is_antisymmetric_and_category_first(a, b):
    ab = dice.compare(a, b)
    assert dice.compare(b, a) == -ab
    ca, cb = dice.evaluate(a).category, dice.evaluate(b).category
    if ca != cb:
        assert ab == (1 if ca > cb else -1)
        assert dice.compare(a, b, readings=REST_ONLY) == ab


@settings(max_examples=examples(100), deadline=None)
@given(rolls, rolls)
def test_readings_only_differ_within_a_figure(a, b):
    """With the same figure dice on both sides the two tie readings agree."""
    default, rest_only = dice.compare(a, b), dice.compare(a, b, readings=REST_ONLY)
    ha, hb = dice.evaluate(a), dice.evaluate(b)
    if ha.figure == hb.figure:
        assert default == rest_only
