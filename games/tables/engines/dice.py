"""The tables app's face of the dice poker engine (``rules.engines.dice``).

:class:`Match` is a match as the engine plays it; the services start one, replay it from its
stored document (``Match.from_dict``) and store what it returns. :func:`evaluate`,
:func:`best_reroll` and :func:`all_rerolls` are the value of a roll and the exact odds of each
reroll, which the selectors show the players; :data:`ACTIONS` are the moves the API accepts.
Used by :mod:`games.tables.services`, :mod:`games.tables.selectors` and :mod:`games.tables.api`.
Pure: the engine's own names, no database read, no cache.
"""

from rules.engines.dice import ACTIONS, Match, all_rerolls, best_reroll, evaluate

__all__ = ["ACTIONS", "Match", "all_rerolls", "best_reroll", "evaluate"]
