"""The rules archive's one face of the engines: what the archive reads of them, as pure names.

The archive judges nothing itself and keeps the engines' own words: :mod:`rules.judging` judges a
sitting with the Dragon Poker judge (:func:`judge_game`) and passes on only the interpretation
points the engines register (:func:`registry`); :mod:`rules.rulebook` loads the rulebook from the
engine modules that register points or hold rulebook data (:data:`ENGINE_MODULES`, imported by
:func:`import_engines`); :mod:`rules.titles` takes a Dragon Poker hand's titles from the hand
table (:data:`HANDS`), so they cannot drift from the evaluator. Nothing else in the archive imports
``rules.engines``. Pure: no database read, no cache of its own.
"""

from __future__ import annotations

import importlib

from rules.engines.dragon import HANDS, judge_game
from rules.engines.readings import registry

__all__ = ["ENGINE_MODULES", "HANDS", "import_engines", "judge_game", "registry"]

# Every engine module that registers interpretation points or holds rulebook data. A module not
# written yet is skipped (the engines grow module by module); any other import error is raised.
ENGINE_MODULES = (
    "rules.engines.cards",
    "rules.engines.dragon",
    "rules.engines.dragon.seed_texts",
    "rules.engines.dragon.readings_dragon",
    "rules.engines.dragon.hands",
    "rules.engines.dragon.tables",
    "rules.engines.dragon.base_rules",
    "rules.engines.dragon.deal",
    "rules.engines.dragon.modifiers.base",
    "rules.engines.casino",
    "rules.engines.dice",
    "rules.engines.draker",
    "rules.engines.tricks",
)


def import_engines() -> dict[str, object]:
    """Import every engine module that exists; returns them by name."""
    loaded = {}
    for name in ENGINE_MODULES:
        try:
            loaded[name] = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):
                raise
    modifiers = loaded.get("rules.engines.dragon.modifiers.base")
    if modifiers is not None:
        modifiers.registry()  # imports the modifier group modules, which register their points
    return loaded
