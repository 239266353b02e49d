"""The player's expected value of play / raise / fold before the draw.

The definition, for each first decision (C3):

* ``fold``: the player loses its ante (under IP-CASINO-PAYOUT ``bank_size``: the whole bank of
  two antes);
* ``play`` and ``raise``: the player then discards by :func:`keep_best` (keeps the cards of its
  combination and draws the rest) unless ``discard`` names the cards to throw; the house, whose
  cards are unknown unless given, draws by the same fixed strategy; after the draw the player
  takes the fixed decision ``after_draw`` (``play`` or ``raise``, never fold); the reveal minute
  is uniform over 0..59 unless given; the result is the player's net in chips for the whole hand
  (antes included), settled as the house settles it (:func:`~rules.engines.casino.house.settle`).

Because the continuation does not depend on the first decision, the outcome of a deal is the
same after play and after raise: only the bank differs, so the EV of ``raise`` is the EV of
``play`` scaled by the bank.

Two methods: ``exact`` enumerates every set of replacement cards (the house's hand must be known
and the count of outcomes small); ``monte_carlo`` samples deals with ``random.Random(seed)`` and
states the standard error of each mean. ``auto`` takes ``exact`` when it is possible within
``max_outcomes``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations

from .. import cards as _cards
from ..cards import Card
from ..errors import RulesError
from ..readings import Readings, resolve
from .hands import _check_order, _value, hand_cards, keep_best, outcome, situation
from .readings import PAYOUT, TIE

__all__ = ["Odds", "odds", "MINUTE_SITUATIONS"]

METHODS = ("auto", "exact", "monte_carlo")


def _minute_situations() -> tuple[tuple[dict, int], ...]:
    grouped: dict[tuple, int] = {}
    for minute in range(60):
        sit = situation(minute)
        grouped[(sit["trump"], sit["inversion"])] = grouped.get((sit["trump"], sit["inversion"]), 0) + 1
    return tuple(({"trump": t, "inversion": i}, n) for (t, i), n in grouped.items())


# Each distinct situation with the number of minutes (of 60) it covers.
MINUTE_SITUATIONS = _minute_situations()


@dataclass(frozen=True, slots=True)
class Odds:
    """``ev`` and ``stderr`` by decision (chips, the player's net for the whole hand); ``win``,
    ``tie`` and ``loss`` are the probabilities of the showdown after play or raise; ``outcomes``
    is the number of equally likely cases enumerated (exact) or of samples (Monte Carlo)."""

    method: str
    ev: Mapping[str, float]
    stderr: Mapping[str, float]
    win: float
    tie: float
    loss: float
    outcomes: int
    keep: tuple[Card, ...]
    discard: tuple[Card, ...]

    @property
    def best(self) -> str:
        """The decision with the highest EV (fold, then play, then raise on equal EV)."""
        return max(("fold", "play", "raise"), key=lambda d: (self.ev[d], -("fold", "play", "raise").index(d)))

    def to_dict(self) -> dict:
        return {"method": self.method, "ev": dict(self.ev), "stderr": dict(self.stderr),
                "win": self.win, "tie": self.tie, "loss": self.loss, "outcomes": self.outcomes,
                "best": self.best, "keep": [str(c) for c in self.keep],
                "discard": [str(c) for c in self.discard]}


def _scores(rd: Readings) -> tuple[int, float]:
    """(multiplier of the chips a side paid, score of a tie) per the readings: a win scores 1,
    a loss -1."""
    mult = 2 if rd[PAYOUT.id] == "bank_size" else 1
    tie_score = 0.0 if rd[TIE.id] == "push" else -1.0
    return mult, tie_score


def odds(player, *, house=None, minute: int | None = None,
         discard: Iterable[str | Card] | str | None = None, after_draw: str = "play",
         method: str = "auto", samples: int = 2000, seed: int | str = 0, stake: int = 1,
         readings: Mapping[str, str] | None = None, order: str = "casino",
         max_outcomes: int = 100_000) -> Odds:
    """The EV of each first decision from the player's six cards (see the module docstring)."""
    rd = resolve(readings, games=("casino",))
    _check_order(order)
    mine = hand_cards(player)
    theirs = hand_cards(house) if house is not None else None
    if theirs is not None:
        shared = [c for c in theirs if c in mine]
        if shared:
            raise RulesError(f"card {shared[0]} is in both hands", value=str(shared[0]))
    if method not in METHODS:
        raise RulesError(f"the method is one of {', '.join(METHODS)}, not {method!r}", value=method)
    if after_draw not in ("play", "raise"):
        raise RulesError(f"the decision after the draw is 'play' or 'raise', not {after_draw!r}",
                         value=after_draw)
    if isinstance(stake, bool) or not isinstance(stake, int) or stake < 1:
        raise RulesError(f"the stake is a whole number of chips, at least 1, not {stake!r}", value=stake)
    if minute is not None:
        situation(minute)
    if discard is None:
        keep, thrown = keep_best(mine)
    else:
        thrown = _cards.parse(discard)
        for c in thrown:
            if c not in mine:
                raise RulesError(f"card {c} is not in the player's hand", value=str(c))
        if len(set(thrown)) != len(thrown):
            raise RulesError("a card is discarded twice", value=[str(c) for c in thrown])
        keep = tuple(c for c in mine if c not in thrown)

    stock = [c for c in _cards.deck52() if c not in mine and (theirs is None or c not in theirs)]
    count = None
    if theirs is not None:
        house_throw = len(keep_best(theirs)[1])
        count = math.comb(len(stock), len(thrown)) * math.comb(len(stock) - len(thrown), house_throw)
    if method == "exact" and (count is None or count > max_outcomes):
        reason = ("the house's hand is unknown" if count is None
                  else f"{count} outcomes exceed max_outcomes={max_outcomes}")
        raise RulesError(f"exact enumeration is not possible here: {reason}", value=count)
    exact = method == "exact" or (method == "auto" and count is not None and count <= max_outcomes)

    if exact:
        wins, ties, losses, n = _enumerate(keep, len(thrown), theirs, stock, minute, order, rd)
        cases = count
        stderr_unit = 0.0
    else:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
            raise RulesError(f"samples is a whole number, at least 2, not {samples!r}", value=samples)
        wins, ties, losses = _sample(keep, len(thrown), theirs, stock, minute, order, rd, samples, seed)
        n = cases = samples
        stderr_unit = None
    mult, tie_score = _scores(rd)
    mean = (wins - losses + tie_score * ties) / n
    if stderr_unit is None:
        square = (wins + losses + tie_score * tie_score * ties) / n
        variance = max(square - mean * mean, 0.0) * n / (n - 1)
        stderr_unit = math.sqrt(variance / n)
    later = stake if after_draw == "raise" else 0
    paid = {"play": stake + later, "raise": 2 * stake + later}
    ev = {"fold": -float(mult * stake), "play": mult * paid["play"] * mean,
          "raise": mult * paid["raise"] * mean}
    err = {"fold": 0.0, "play": mult * paid["play"] * stderr_unit,
           "raise": mult * paid["raise"] * stderr_unit}
    return Odds(method="exact" if exact else "monte_carlo", ev=ev, stderr=err, win=wins / n,
                tie=ties / n, loss=losses / n, outcomes=cases, keep=keep, discard=thrown)


def _situations(minute: int | None) -> tuple[tuple[dict, int], ...]:
    if minute is not None:
        return ((situation(minute), 1),)
    return MINUTE_SITUATIONS


def _enumerate(keep, k, house, stock, minute, order, rd):
    """Weighted counts of wins, ties and losses and their total, over every replacement set and
    situation, each situation weighted by its number of minutes."""
    house_keep, house_throw = keep_best(house)
    m = len(house_throw)
    sits = _situations(minute)
    weight = sum(w for _, w in sits)
    wins = ties = losses = total = 0
    house_cache: dict[frozenset, object] = {}
    for drawn in combinations(stock, k):
        mine = _value(tuple(keep) + drawn, order, rd)
        rest = [c for c in stock if c not in drawn] if k else stock
        for given in combinations(rest, m):
            ident = frozenset(given)
            theirs = house_cache.get(ident)
            if theirs is None:
                theirs = house_cache[ident] = _value(tuple(house_keep) + given, order, rd)
            for sit, w in sits:
                result, _ = outcome(mine, theirs, sit, rd)
                if result > 0:
                    wins += w
                elif result < 0:
                    losses += w
                else:
                    ties += w
            total += weight
    return wins, ties, losses, total


def _sample(keep, k, house, stock, minute, order, rd, samples, seed):
    rng = random.Random(seed)
    wins = ties = losses = 0
    fixed_house = keep_best(house) if house is not None else None
    for _ in range(samples):
        deal = rng.sample(stock, 6 + k + 6)
        if fixed_house is None:
            house_keep, house_throw = keep_best(deal[:6])
            rest = deal[6:]
        else:
            house_keep, house_throw = fixed_house
            rest = deal
        mine = _value(tuple(keep) + tuple(rest[:k]), order, rd)
        theirs = _value(tuple(house_keep) + tuple(rest[k:k + len(house_throw)]), order, rd)
        sit = situation(minute) if minute is not None else situation(rng.randrange(60))
        result, _ = outcome(mine, theirs, sit, rd)
        if result > 0:
            wins += 1
        elif result < 0:
            losses += 1
        else:
            ties += 1
    return wins, ties, losses
