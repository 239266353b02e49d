"""Dice poker's rolls: the value of five dice, the order of two rolls and the exact odds of a reroll.

The seed's figures, low to high, are :data:`CATEGORIES`; :func:`evaluate` gives a roll's figure and
key, :func:`compare` orders two rolls (IP-DICE-TIE says how equal figures are told apart), and
:func:`win_probability` / :func:`best_reroll` / :func:`all_rerolls` give the exact odds of a reroll
against an opponent's fixed roll, by enumerating every outcome. The match is in
:mod:`rules.engines.dice`, which re-exports these names: the engine is imported from there.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .errors import RulesError
from .readings import InterpretationPoint, register, resolve

__all__ = [
    "GAME", "CATEGORIES", "FACES", "DICE", "DiceHand", "evaluate", "compare", "validate_roll",
    "validate_indices", "is_whole_number", "RerollOdds", "win_probability", "best_reroll", "all_rerolls",
    "TIE",
]

GAME = "dice"
FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
DICE = 5

# Index = category number; the seed's order of figures, low to high.
CATEGORIES: tuple[str, ...] = (
    "nothing", "pair", "two_pairs", "set", "small_straight", "big_straight",
    "full_house", "four", "poker",
)
_CATEGORY = {name: number for number, name in enumerate(CATEGORIES)}

TIE = register(InterpretationPoint(
    id="IP-DICE-TIE",
    game=GAME,
    question="Two hands of the same figure: what decides between them?",
    seed_reference="dice seed, 'При выпадении идентичных фигур сравниваются остальные кости'",
    default="figure_then_rest",
    alternatives=("rest_only",),
    readings_help={
        "figure_then_rest": "first the dice of the figure (the higher pair first in two pairs, the "
                            "three before the pair in a full house), then the remaining dice high "
                            "to low",
        "rest_only": "only the dice outside the figure, high to low: a pair of sixes and a pair "
                     "of fives with the same other dice draw; two full houses always draw",
    },
))


# --------------------------------------------------------------------------------------------
# Hands


def is_whole_number(value: object) -> bool:
    """Whether ``value`` is a whole number (an int, not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def validate_roll(dice: object, *, what: str = "a roll") -> tuple[int, ...]:
    """Five dice, each 1..6, as a tuple; anything else is a RulesError naming the bad value."""
    if isinstance(dice, (str, bytes)) or not isinstance(dice, Iterable):
        raise RulesError(f"{what} must be a list of {DICE} dice, got {dice!r}", value=dice)
    values = tuple(dice)
    if len(values) != DICE:
        raise RulesError(f"{what} has {DICE} dice, got {len(values)}: {list(values)!r}", value=dice)
    for value in values:
        if not is_whole_number(value) or value not in FACES:
            raise RulesError(f"die value {value!r} in {what} {list(values)!r} is not one of 1..6",
                             value=value)
    return values


@dataclass(frozen=True, slots=True)
class DiceHand:
    """The value of one roll.

    ``figure`` holds the dice that make the figure in the order they are compared (the higher
    pair first, the three before the pair); ``rest`` the other dice, high to low. ``key`` is
    totally ordered, larger is better, and two hands draw exactly when their keys are equal
    (under the ``tie_rule`` they were evaluated with).
    """

    dice: tuple[int, ...]
    name: str
    category: int
    figure: tuple[int, ...]
    rest: tuple[int, ...]
    tie_rule: str
    key: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"dice": list(self.dice), "name": self.name, "category": self.category,
                "figure": list(self.figure), "rest": list(self.rest), "key": list(self.key)}


def _classify(sorted_dice: tuple[int, ...]) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """(name, figure, rest) of a roll given high to low."""
    counts = Counter(sorted_dice)
    by_count: dict[int, list[int]] = {}
    for value, count in counts.items():
        by_count.setdefault(count, []).append(value)
    for values in by_count.values():
        values.sort(reverse=True)

    def rest_without(*figure_values: int) -> tuple[int, ...]:
        return tuple(v for v in sorted_dice if v not in figure_values)

    if 5 in by_count:
        v = by_count[5][0]
        return "poker", (v,) * 5, ()
    if 4 in by_count:
        v = by_count[4][0]
        return "four", (v,) * 4, rest_without(v)
    if 3 in by_count and 2 in by_count:
        three, two = by_count[3][0], by_count[2][0]
        return "full_house", (three,) * 3 + (two,) * 2, ()
    if sorted_dice == (6, 5, 4, 3, 2):
        return "big_straight", sorted_dice, ()
    if sorted_dice == (5, 4, 3, 2, 1):
        return "small_straight", sorted_dice, ()
    if 3 in by_count:
        v = by_count[3][0]
        return "set", (v,) * 3, rest_without(v)
    pairs = by_count.get(2, [])
    if len(pairs) == 2:
        high, low = pairs
        return "two_pairs", (high,) * 2 + (low,) * 2, rest_without(high, low)
    if len(pairs) == 1:
        v = pairs[0]
        return "pair", (v,) * 2, rest_without(v)
    return "nothing", (), sorted_dice


@lru_cache(maxsize=1024)
def _evaluate_sorted(sorted_dice: tuple[int, ...], tie_rule: str) -> tuple[str, tuple, tuple, tuple]:
    name, figure, rest = _classify(sorted_dice)
    category = _CATEGORY[name]
    if tie_rule == "rest_only":
        key = (category, *rest)
    else:
        key = (category, *figure, *rest)
    return name, figure, rest, key


def _tie_rule(readings: Mapping[str, str] | None) -> str:
    return resolve(readings, games=(GAME,))[TIE.id]


def evaluate(dice: Sequence[int], *, readings: Mapping[str, str] | None = None) -> DiceHand:
    """The value of five dice: its figure name, category (0 nothing .. 8 poker) and key."""
    values = validate_roll(dice)
    tie_rule = _tie_rule(readings)
    name, figure, rest, key = _evaluate_sorted(tuple(sorted(values, reverse=True)), tie_rule)
    return DiceHand(dice=values, name=name, category=_CATEGORY[name], figure=figure, rest=rest,
                    tie_rule=tie_rule, key=key)


def _as_hand(hand: Sequence[int] | DiceHand, readings: Mapping[str, str] | None) -> DiceHand:
    if isinstance(hand, DiceHand):
        hand = hand.dice
    return evaluate(hand, readings=readings)


def compare(a: Sequence[int] | DiceHand, b: Sequence[int] | DiceHand, *,
            readings: Mapping[str, str] | None = None) -> int:
    """1 if roll ``a`` beats roll ``b``, 0 for a draw, -1 if ``b`` wins."""
    ka = _as_hand(a, readings).key
    kb = _as_hand(b, readings).key
    return (ka > kb) - (ka < kb)


# --------------------------------------------------------------------------------------------
# Odds of a reroll against a fixed roll


@dataclass(frozen=True, slots=True)
class RerollOdds:
    """Exact chances of one reroll: ``subset`` is the indices rerolled (possibly none)."""

    subset: tuple[int, ...]
    win: Fraction
    draw: Fraction
    loss: Fraction
    outcomes: int

    @property
    def win_float(self) -> float:
        return float(self.win)

    @property
    def draw_float(self) -> float:
        return float(self.draw)

    @property
    def loss_float(self) -> float:
        return float(self.loss)

    def to_dict(self) -> dict[str, Any]:
        return {"subset": list(self.subset), "outcomes": self.outcomes,
                "win": str(self.win), "draw": str(self.draw), "loss": str(self.loss),
                "win_float": self.win_float, "draw_float": self.draw_float,
                "loss_float": self.loss_float}


def validate_indices(indices: object, *, what: str = "reroll") -> tuple[int, ...]:
    """The die positions of a reroll (0..4, each at most once), sorted; anything else is a RulesError."""
    if isinstance(indices, (str, bytes)) or not isinstance(indices, Iterable):
        raise RulesError(f"{what} indices must be a list of die positions 0..4, got {indices!r}",
                         value=indices)
    chosen = tuple(indices)
    seen: set[int] = set()
    for index in chosen:
        if not is_whole_number(index) or not 0 <= index < DICE:
            raise RulesError(f"die index {index!r} is not one of 0..4", value=index)
        if index in seen:
            raise RulesError(f"die index {index} is chosen twice in {list(chosen)!r}", value=index)
        seen.add(index)
    return tuple(sorted(chosen))


def _odds(roll: tuple[int, ...], subset: tuple[int, ...], target: tuple[int, ...],
          tie_rule: str) -> RerollOdds:
    kept = [v for i, v in enumerate(roll) if i not in subset]
    win = draw = loss = 0
    for outcome in itertools.product(FACES, repeat=len(subset)):
        key = _evaluate_sorted(tuple(sorted((*kept, *outcome), reverse=True)), tie_rule)[3]
        if key > target:
            win += 1
        elif key == target:
            draw += 1
        else:
            loss += 1
    total = 6 ** len(subset)
    return RerollOdds(subset=subset, win=Fraction(win, total), draw=Fraction(draw, total),
                      loss=Fraction(loss, total), outcomes=total)


def _target(opponent_roll: Sequence[int], tie_rule: str) -> tuple[int, ...]:
    opponent = validate_roll(opponent_roll, what="the opponent's roll")
    return _evaluate_sorted(tuple(sorted(opponent, reverse=True)), tie_rule)[3]


def win_probability(roll: Sequence[int], opponent_roll: Sequence[int], reroll: Iterable[int] = (),
                    *, readings: Mapping[str, str] | None = None) -> RerollOdds:
    """Exact chances of beating ``opponent_roll`` (which stays as it is) after rerolling the
    dice of ``roll`` at the positions ``reroll``."""
    own = validate_roll(roll)
    tie_rule = _tie_rule(readings)
    return _odds(own, validate_indices(reroll), _target(opponent_roll, tie_rule), tie_rule)


def all_rerolls(roll: Sequence[int], opponent_roll: Sequence[int], *,
                readings: Mapping[str, str] | None = None) -> tuple[RerollOdds, ...]:
    """The odds of all 32 rerolls, fewest dice first, then by position."""
    own = validate_roll(roll)
    tie_rule = _tie_rule(readings)
    target = _target(opponent_roll, tie_rule)
    return tuple(_odds(own, subset, target, tie_rule)
                 for size in range(DICE + 1)
                 for subset in itertools.combinations(range(DICE), size))


def best_reroll(roll: Sequence[int], opponent_roll: Sequence[int], *,
                readings: Mapping[str, str] | None = None) -> RerollOdds:
    """The reroll with the highest chance of beating ``opponent_roll``.

    Among rerolls with the same chance of winning, the higher chance of a draw is preferred (a
    drawn round is replayed, which is better than losing it), then the fewest dice, then the
    lowest positions.
    """
    best: RerollOdds | None = None
    for odds in all_rerolls(roll, opponent_roll, readings=readings):
        if best is None or (odds.win, odds.draw) > (best.win, best.draw):
            best = odds
    assert best is not None
    return best
