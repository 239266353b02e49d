"""Writes of the games app. Each service is one transaction and the only place its change happens.

Results are versioned submissions: a result is submitted as a draft, confirmed by another person
(a croupier or another player of the table), and corrected by submitting a new version that
supersedes the confirmed one when it is confirmed in turn. Confirming posts the chips to the
double-entry ledger; superseding reverses the old postings and posts the new ones.
"""

from club.errors import Forbidden as Forbidden  # callers catch it from here

from .corrections import correction_apply, result_correct
from .ledger import _post, _reverse, ledger_legs
from .offline import action_once, deal_set_aside, receipts_prune, require_next_seq
from .recording import (
    _game_doc,
    _locked_deal,
    _locked_live_game,
    _new_deal,
    _require_no_live_result,
    _stepper,
    bet_place,
    bet_withdraw,
    claim_declare,
    claim_withdraw,
    deal_card,
    deal_card_undo,
    deal_digital,
    deal_replay,
    deal_start,
    deal_void,
)
from .results import (
    _check_version,
    _confirm,
    _create_result,
    _later_judged_deals,
    _refuse_while_disputed,
    _replayed,
    _transition,
    deal_ref,
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
    "correction_apply", "result_correct", "deal_replay", "deal_void", "deal_card", "deal_card_undo",
    "deal_digital", "deal_ref", "deal_start", "dispute_raise", "game_end", "game_reseat", "game_start",
    "ledger_legs", "quick_chips", "quick_pot_most", "require_table", "result_advise", "result_confirm",
    "result_discard", "result_rejudge", "result_submit", "result_submit_quick", "results_rejudge_later",
    "_check_version", "_confirm", "_create_result", "_game_doc", "_later_judged_deals", "_locked_deal",
    "_locked_live_game", "_new_deal", "_post", "_refuse_while_disputed", "_replayed", "_require_no_live_result",
    "_reverse", "_stepper", "_transition",
]
