"""Dragon Poker, club rules v2.2.1: the 64 hands and their evaluator.

``evaluate`` gives the best hand of a player's live cards, ``compare`` orders two hands,
``tie_break`` applies base rule 6 after equal hands, ``HANDS[n]`` is hand number ``n`` of the
seed's list, and ``judge_game`` judges a whole sitting.
"""

from .evaluator import NATURALNESS_LEVELS, READINGS, HandValue, compare, evaluate, tie_break
from .hands import BY_NAME, HAND_LIST, HANDS, NOTHING, NOTHING_CATEGORY, Hand
from .judge import judge_game

__all__ = [
    "evaluate", "compare", "tie_break", "HandValue", "HANDS", "HAND_LIST", "BY_NAME", "Hand",
    "NOTHING", "NOTHING_CATEGORY", "NATURALNESS_LEVELS", "READINGS", "judge_game",
]

