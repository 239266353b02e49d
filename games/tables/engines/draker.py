"""The tables app's face of the Draker combinations engine (``rules.engines.draker``).

:class:`Card`, :func:`score` and :func:`turn_balance` are a combination's cards, its value and
what a turn's overspending costs, which the services' Draker calculator works out. The
deck (:data:`RANKS`, :data:`PROFESSIONS`, :data:`SUITS`), the kinds of combination (:data:`KINDS`)
and the constants of the scoring (:data:`MULTIPLIER_MIN_LENGTH`, :data:`LIFE_PER_EXCESS_POINT`)
are what the forms offer and the presenters explain.
Used by :mod:`games.tables.services`, :mod:`games.tables.presenters`, :mod:`games.tables.forms`
and :mod:`games.tables.api`. Pure: the engine's own names, no database read, no cache.
"""

from rules.engines.draker import (
    KINDS,
    LIFE_PER_EXCESS_POINT,
    MULTIPLIER_MIN_LENGTH,
    PROFESSIONS,
    RANKS,
    SUITS,
    Card,
    score,
    turn_balance,
)

__all__ = [
    "KINDS", "LIFE_PER_EXCESS_POINT", "MULTIPLIER_MIN_LENGTH", "PROFESSIONS", "RANKS", "SUITS",
    "Card", "score", "turn_balance",
]
