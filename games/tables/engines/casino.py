"""The tables app's face of the casino engine (``rules.engines.casino``): a hand of the casino
variant of Dragon Poker against the house.

:class:`CasinoHand` is the hand as the engine plays it; the services start one, replay it from its
stored document (``CasinoHand.from_dict``) and store what it returns, and the presenters show its
player's view. :func:`odds` is the player's expected value of each decision before the draw (the
services store it with the player's first decision); :data:`DECISIONS` are the decisions the API
accepts.
Used by :mod:`games.tables.services`, :mod:`games.tables.presenters` and :mod:`games.tables.api`.
Pure: the engine's own names, no database read, no cache.
"""

from rules.engines.casino import DECISIONS, CasinoHand, odds

__all__ = ["DECISIONS", "CasinoHand", "odds"]
