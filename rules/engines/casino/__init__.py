"""The casino variant of Dragon Poker: the player against the house, six cards each.

Source: ``seeds/dragon-poker-rules.txt``, first part ("Правила игры", "Старшинство комбинаций",
"Модификаторы. Ситуативные правила старшинства" and the dialogue's order of hands). The seed is
the authority; ``shared/rules/dragon-variants.md`` is a reading of it.

* :func:`evaluate` - the combination of a six-card hand, in the casino's 13-row order
  (:data:`HANDS`) or the book's 12-row order (:data:`BOOK_HANDS`);
* :func:`situation` - the trump / inversion rules for a reveal minute;
* :func:`showdown` - who wins at a minute;
* :class:`CasinoHand`, :func:`play_hand` - a whole hand against the house with a trace;
* :func:`odds` - the player's EV of play / raise / fold before the draw.

The interpretation points are in :mod:`rules.engines.casino.readings` (game ``"casino"``).
"""

from __future__ import annotations

from .hands import (
    BOOK_HANDS,
    HANDS,
    ORDERS,
    Hand,
    HandTable,
    HandValue,
    compare,
    evaluate,
    keep_best,
    showdown,
    situation,
)
from .house import DECISIONS, PHASES, CasinoHand, play_hand, settle
from .odds import MINUTE_SITUATIONS, Odds, odds
from .readings import CASINO_POINTS

__all__ = [
    "HANDS", "BOOK_HANDS", "ORDERS", "Hand", "HandTable", "HandValue",
    "evaluate", "compare", "situation", "showdown", "keep_best",
    "CasinoHand", "play_hand", "settle", "PHASES", "DECISIONS",
    "Odds", "odds", "MINUTE_SITUATIONS", "CASINO_POINTS",
]
