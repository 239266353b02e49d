"""Writes of the precedent archive. Each service is one transaction and the only place its change
happens; every write keeps the search index current.

Work for later (the what-if of a new binding precedent) is enqueued by the task's name
(:mod:`rules.task_names`) through the outbox: the tasks import these services, never the other way
round. What a ruling asks of the games app (replaying a deal, a deal's snapshot) goes through the
slots it fills (:mod:`rules.hooks`, :mod:`rules.whatif`).

The modules import one another one way: ``common`` (the texts' limits) first, then
``precedents``, ``founding`` (the founding precedents) and ``disputes``, which publishes a ruling as
a precedent; ``impacts`` (the what-if) and ``searches`` (followed searches) stand alone.
"""

from .common import QUESTION_MAX_LENGTH, TEXT_MAX_LENGTH
from .disputes import dispute_publish, dispute_raise, dispute_replay, dispute_rule
from .founding import founding_precedents_load
from .impacts import precedent_whatif_compute
from .precedents import (
    check_snapshot_size,
    precedent_by_permanent_id,
    precedent_file,
    precedent_transition,
    precedent_update,
)
from .searches import (
    SAVED_SEARCHES_PER_MEMBER,
    saved_search_create,
    saved_search_delete,
    saved_search_digest_set,
    saved_search_digests_off,
)

__all__ = [
    "QUESTION_MAX_LENGTH", "SAVED_SEARCHES_PER_MEMBER", "TEXT_MAX_LENGTH", "check_snapshot_size", "dispute_publish",
    "dispute_raise", "dispute_replay", "dispute_rule", "founding_precedents_load", "precedent_by_permanent_id",
    "precedent_file", "precedent_transition", "precedent_update", "precedent_whatif_compute",
    "saved_search_create", "saved_search_delete", "saved_search_digest_set", "saved_search_digests_off",
]
