"""Exact odds of a reroll against a fixed roll (dice poker, seeds/dice-poker.txt: "каждый игрок
бросает кости, значения на которых его не устраивают")."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engines import dice
from rules.engines.errors import RulesError
from tests.budgets import examples

ORDER = ["nothing", "pair", "two_pairs", "set", "small_straight", "big_straight", "full_house",
         "four", "poker"]


def brute_key(roll, tie_rule):
    """An order of rolls written from the seed's list, independent of the engine."""
    counts = Counter(roll)
    shape = sorted(counts.values(), reverse=True)
    straight = len(counts) == 5 and max(roll) - min(roll) == 4
    if straight:
        name = "big_straight" if max(roll) == 6 else "small_straight"
    else:
        name = {(5,): "poker", (4, 1): "four", (3, 2): "full_house", (3, 1, 1): "set",
                (2, 2, 1): "two_pairs", (2, 1, 1, 1): "pair"}.get(tuple(shape), "nothing")
    if tie_rule == "rest_only":
        singles = () if straight else tuple(sorted((v for v in roll if counts[v] == 1), reverse=True))
        if name in ("full_house", "poker"):
            singles = ()
        return (ORDER.index(name), *singles)
    return (ORDER.index(name), *sorted(roll, key=lambda v: (counts[v], v), reverse=True))


def brute_force(roll, opponent, subset, tie_rule="figure_then_rest"):
    target = brute_key(opponent, tie_rule)
    tally = Counter()
    for faces in itertools.product(range(1, 7), repeat=len(subset)):
        new = list(roll)
        for position, face in zip(subset, faces, strict=True):
            new[position] = face
        key = brute_key(new, tie_rule)
        tally["win" if key > target else "draw" if key == target else "loss"] += 1
    total = 6 ** len(subset)
    return Fraction(tally["win"], total), Fraction(tally["draw"], total), Fraction(tally["loss"], total)


rng = random.Random(1208)
SAMPLE = [([6, 6, 6, 6, 1], [5, 5, 5, 5, 5]), ([1, 2, 3, 4, 6], [1, 2, 3, 4, 5]),
          ([3, 3, 5, 1, 2], [4, 4, 2, 2, 6])] + [
    (tuple(rng.randint(1, 6) for _ in range(5)), tuple(rng.randint(1, 6) for _ in range(5)))
    for _ in range(3)]


@pytest.mark.parametrize("roll, opponent", SAMPLE)
def test_all_32_rerolls_agree_with_brute_force(roll, opponent):
    subsets = [s for k in range(6) for s in itertools.combinations(range(5), k)]
    expected = {s: brute_force(roll, opponent, s) for s in subsets}
    table = dice.all_rerolls(roll, opponent)
    assert sorted(odds.subset for odds in table) == sorted(subsets)
    for odds in table:
        assert (odds.win, odds.draw, odds.loss) == expected[odds.subset]
        assert odds.outcomes == 6 ** len(odds.subset)
        assert odds == dice.win_probability(roll, opponent, reroll=odds.subset)
    best = dice.best_reroll(roll, opponent)
    top = max(expected.values(), key=lambda wdl: (wdl[0], wdl[1]))
    assert (best.win, best.draw) == (top[0], top[1])
    assert expected[best.subset] == (best.win, best.draw, best.loss)


@pytest.mark.parametrize("roll, opponent", SAMPLE[:2])
def test_rest_only_odds_agree_with_brute_force(roll, opponent):
    readings = {"IP-DICE-TIE": "rest_only"}
    for odds in dice.all_rerolls(roll, opponent, readings=readings):
        assert (odds.win, odds.draw, odds.loss) == brute_force(roll, opponent, odds.subset, "rest_only")


# ---- hand-worked cases


def test_four_sixes_against_five_fives_reroll_the_odd_die():
    """Only a fifth six beats a poker of fives: reroll the 1, one chance in six."""
    best = dice.best_reroll([6, 6, 6, 6, 1], [5, 5, 5, 5, 5])
    assert best.subset == (4,)
    assert (best.win, best.draw, best.loss) == (Fraction(1, 6), 0, Fraction(5, 6))
    assert best.win_float == pytest.approx(1 / 6)
    assert best.loss_float == pytest.approx(5 / 6)


def test_rest_only_reading_makes_poker_against_poker_a_draw():
    """Under IP-DICE-TIE rest_only two pokers have no other dice to compare: a draw at best."""
    best = dice.best_reroll([6, 6, 6, 6, 1], [5, 5, 5, 5, 5], readings={"IP-DICE-TIE": "rest_only"})
    assert best.subset == (4,)
    assert (best.win, best.draw) == (0, Fraction(1, 6))


def test_keeping_everything_is_certain():
    odds = dice.win_probability([1, 1, 2, 3, 4], [2, 2, 3, 4, 5], reroll=())
    assert (odds.win, odds.draw, odds.loss) == (0, 0, 1)
    assert odds.outcomes == 1


def test_one_die_against_a_small_straight():
    # 1-2-3-4-6: rerolling the 6 gives a 5 (a small straight, a draw) one time in six;
    # rerolling the 1 gives a 5 (a big straight, a win) one time in six.
    odds = dice.win_probability([1, 2, 3, 4, 6], [1, 2, 3, 4, 5], reroll=[4])
    assert (odds.win, odds.draw, odds.loss) == (0, Fraction(1, 6), Fraction(5, 6))
    odds = dice.win_probability([1, 2, 3, 4, 6], [1, 2, 3, 4, 5], reroll=[0])
    assert (odds.win, odds.draw, odds.loss) == (Fraction(1, 6), 0, Fraction(5, 6))
    assert dice.best_reroll([1, 2, 3, 4, 6], [1, 2, 3, 4, 5]).win == Fraction(1, 6)


def test_all_five_against_the_lowest_roll_and_the_highest():
    # 6-4-3-2-1 is the lowest roll there is: only its 120 arrangements draw.
    odds = dice.win_probability([1, 1, 1, 1, 1], [1, 2, 3, 4, 6], reroll=range(5))
    assert (odds.win, odds.draw) == (Fraction(7776 - 120, 7776), Fraction(120, 7776))
    # a poker of sixes is the highest: only a poker of sixes draws.
    odds = dice.win_probability([1, 1, 1, 1, 1], [6, 6, 6, 6, 6], reroll=[4, 3, 2, 1, 0])
    assert (odds.win, odds.draw, odds.loss) == (0, Fraction(1, 7776), Fraction(7775, 7776))
    assert odds.subset == (0, 1, 2, 3, 4)


def test_ties_in_win_chance_prefer_draws_then_fewer_dice():
    # already a poker of sixes against a poker of sixes: nothing can win; keeping all draws surely
    best = dice.best_reroll([6, 6, 6, 6, 6], [6, 6, 6, 6, 6])
    assert best.subset == () and best.draw == 1
    # already beating the opponent for sure: keep everything
    best = dice.best_reroll([6, 6, 6, 6, 6], [1, 2, 3, 4, 6])
    assert best.subset == () and best.win == 1


def test_result_is_json_friendly():
    data = dice.best_reroll([6, 6, 6, 6, 1], [5, 5, 5, 5, 5]).to_dict()
    assert data["subset"] == [4] and data["win"] == "1/6"


@pytest.mark.parametrize("reroll, named", [([5], "5"), ([0, 0], "twice"), ([-1], "-1"), (["a"], "'a'")])
def test_bad_reroll_is_refused(reroll, named):
    with pytest.raises(RulesError, match=named):
        dice.win_probability([1, 2, 3, 4, 5], [1, 2, 3, 4, 5], reroll=reroll)


def test_bad_rolls_are_refused():
    with pytest.raises(RulesError, match="die value 8"):
        dice.best_reroll([1, 2, 3, 4, 8], [1, 2, 3, 4, 5])
    with pytest.raises(RulesError, match="die value 0"):
        dice.best_reroll([1, 2, 3, 4, 5], [0, 2, 3, 4, 5])


# ---- properties

rolls = st.lists(st.integers(1, 6), min_size=5, max_size=5)


@settings(max_examples=examples(40), deadline=None)
@given(rolls, rolls, st.sets(st.integers(0, 4)))
def test_chances_sum_to_one_and_best_is_best(roll, opponent, subset):
    odds = dice.win_probability(roll, opponent, reroll=sorted(subset))
    assert odds.win + odds.draw + odds.loss == 1
    assert odds.win_float + odds.draw_float + odds.loss_float == pytest.approx(1)
    best = dice.best_reroll(roll, opponent)
    assert (best.win, best.draw) >= (odds.win, odds.draw)


@settings(max_examples=examples(30), deadline=None)
@given(rolls, rolls, st.sets(st.integers(0, 4)), st.permutations(range(5)))
def test_permuting_the_opponent_dice_never_changes_the_odds(roll, opponent, subset, order):
    shuffled = [opponent[i] for i in order]
    a = dice.win_probability(roll, opponent, reroll=subset)
    b = dice.win_probability(roll, shuffled, reroll=subset)
    assert (a.win, a.draw, a.loss) == (b.win, b.draw, b.loss)
