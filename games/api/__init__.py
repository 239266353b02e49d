"""The games REST API: sittings, deals, circles, bets, claims, results, confirmations, the ledger
and statistics. Thin views over the services and selectors, one module per resource
(``sittings``, ``deals``, ``results``, ``ledger``, ``stats``, ``ratings``), their serializers in
``serializers`` and what the writes share in ``common``.

Lists come from the visibility querysets; a single object and every write go through
:mod:`games.access`: a member sees the tables they sit at, a croupier every table; anything else
is a 404, and what may be seen but not done is a 403. Submissions are throttled (scope "submissions")
and honour an ``Idempotency-Key`` header.
"""

from __future__ import annotations

from .deals import BetViewSet, ClaimViewSet, DealViewSet
from .ledger import LedgerViewSet
from .ratings import RatingsViewSet
from .results import ResultViewSet
from .sittings import GameViewSet
from .stats import StatsViewSet

__all__ = ["BetViewSet", "ClaimViewSet", "DealViewSet", "GameViewSet", "LedgerViewSet", "RatingsViewSet",
           "ResultViewSet", "StatsViewSet"]
