"""Writes of the tournaments app. Each service is one transaction and the only place its change
happens; the rules are the engine's (``rules.engines.tricks``, through its face
:mod:`games.tournaments.engine`), never re-implemented here.

Recomputing (standings, ratings, a table's scores) is enqueued by the task's name
(:mod:`games.tournaments.task_names`) through the outbox: the tasks import the services, so the
services do not import the tasks.

The modules import one another one way: ``tournaments`` (and their entries), then ``sessions`` (a
tournament played at a club session); ``rounds`` (the score sheet) and ``scoring`` (a table's
scores, the standings, the ratings), then ``stages``, which seats a stage from the standings;
``reports`` stands alone.
"""

from .reports import report_generate
from .rounds import (
    can_record,
    check_round,
    is_open_void,
    round_correct,
    round_record,
    round_void,
    table_record_game,
)
from .scoring import ratings_recompute, standings_recompute, table_rescore
from .sessions import entries_from_session, session_players_to_register, tournament_for_session
from .stages import stage_seat
from .tournaments import (
    entry_add,
    entry_withdraw,
    tournament_create,
    tournament_set_tiebreakers,
    tournament_transition,
)

__all__ = [
    "can_record", "check_round", "entries_from_session", "entry_add", "entry_withdraw", "is_open_void",
    "ratings_recompute", "report_generate", "round_correct", "round_record", "round_void",
    "session_players_to_register", "stage_seat", "standings_recompute", "table_record_game", "table_rescore",
    "tournament_create", "tournament_for_session", "tournament_set_tiebreakers", "tournament_transition",
]
