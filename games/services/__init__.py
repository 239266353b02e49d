"""Writes of the games app. Each service is one transaction and the only place its change happens.

Results are versioned submissions: a result is submitted as a draft, confirmed by another person
(a croupier or another player of the table), and corrected by submitting a new version that
supersedes the confirmed one when it is confirmed in turn. Confirming posts the chips to the
double-entry ledger; superseding reverses the old postings and posts the new ones.

The modules import one another one way: ``common`` (the rows a write locks, the checks made
under the lock, a result version) and ``sittings`` first, then ``ledger``, ``recording``,
``offline``, ``corrections`` and ``results``, which confirms a correction.
"""

from club.errors import Forbidden as Forbidden  # callers catch it from here

from .common import deal_ref
from .corrections import correction_apply, result_correct
from .ledger import ledger_legs
from .offline import action_once, deal_set_aside, receipts_prune, require_next_seq
from .recording import (
    bet_place,
    bet_withdraw,
    claim_declare,
    claim_withdraw,
    deal_card,
    deal_card_undo,
    deal_digital,
    deal_replay,
    deal_replay_by_ref,
    deal_start,
    deal_void,
)
from .results import (
    dispute_raise,
    quick_chips,
    quick_pot_most,
    result_advise,
    result_confirm,
    result_discard,
    result_rejudge,
    result_submit,
    result_submit_quick,
    results_rejudge_later,
)
from .sittings import PLAYER_FACTS, ROOM_FACTS, game_end, game_reseat, game_start, require_table

__all__ = [
    "action_once", "deal_set_aside", "receipts_prune", "require_next_seq",
    "PLAYER_FACTS", "ROOM_FACTS", "Forbidden", "bet_place", "bet_withdraw", "claim_declare", "claim_withdraw",
    "correction_apply", "result_correct", "deal_replay", "deal_replay_by_ref", "deal_void", "deal_card",
    "deal_card_undo", "deal_digital", "deal_ref", "deal_start", "dispute_raise", "game_end", "game_reseat",
    "game_start", "ledger_legs", "quick_chips", "quick_pot_most", "require_table", "result_advise",
    "result_confirm", "result_discard", "result_rejudge", "result_submit", "result_submit_quick",
    "results_rejudge_later",
]
