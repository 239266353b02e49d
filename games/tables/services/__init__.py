"""Writes of the tables: casino hands against the house, dice poker matches, and their chip
postings; Draker games as the club played them (no stakes: the ledger is untouched). Each service
is one transaction and the only place its change happens; the engines decide, the services store
what they return. An engine's RulesError propagates unchanged (the API answers 400 with its
message, the pages show it next to the field) and, raised inside the transaction, leaves nothing
half-written.

The modules import one another one way: ``common`` (who may play, the stakes' bounds, the chip
postings) first, then ``casino``, ``dice`` and ``draker``, which import none of each other.
"""

from club.errors import InvalidInput as InvalidInput  # callers raise it from here

from .casino import casino_hand_act, casino_hand_draw, casino_hand_reveal, casino_hand_start
from .dice import (
    dice_match_accept,
    dice_match_create,
    dice_match_decline,
    dice_match_move,
    dice_match_withdraw,
)
from .draker import (
    DRAKER_MAX_PLAYERS,
    draker_calculate,
    draker_game_confirm,
    draker_game_discard,
    draker_game_record,
    draker_turn_record,
)

__all__ = [
    "DRAKER_MAX_PLAYERS", "InvalidInput", "casino_hand_act", "casino_hand_draw", "casino_hand_reveal",
    "casino_hand_start", "dice_match_accept", "dice_match_create", "dice_match_decline", "dice_match_move",
    "dice_match_withdraw", "draker_calculate", "draker_game_confirm", "draker_game_discard", "draker_game_record",
    "draker_turn_record",
]
