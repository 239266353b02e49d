"""The tables app's faces of its three engines, one module per engine family: :mod:`.casino` (the
casino variant of Dragon Poker, against the house), :mod:`.dice` (dice poker) and :mod:`.draker`
(Draker combinations). Nothing else in the tables app imports ``rules.engines``.

Each face names, explicitly, what the tables' services, selectors, presenters, forms and API take
of its engine: the engine's values, frozen types and pure functions, over data the callers read.
Nothing here reads the database or keeps a cache. The engines' refusal, :class:`RulesError`, is
one type for the three families, so the pages that catch it take it from here.
"""

from rules.engines.errors import RulesError

__all__ = ["RulesError"]
