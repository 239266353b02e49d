"""How a stored hand or match is shown to a caller: the same data for the API and the pages,
with what the player may not yet see left out (the house's cards, the seed of the deck or of the
dice)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from club.models import Member
from rules.engines import casino as casino_engine

from . import selectors
from .models import CasinoHand, DiceMatch

CASINO_ACTIONS = {"first_decision": ("play", "raise", "fold"), "draw": ("draw",),
                  "second_decision": ("play", "raise", "fold"), "reveal": ("reveal",), "settled": ()}
# The dice match's steps and the moves each allows (the engine's documented state machine).
DICE_ACTIONS = {"roll": ("roll",), "bargain": ("raise", "no_raise"), "respond": ("accept", "decline", "pass"),
                "reroll": ("reroll",), "over": (),
                # No move before the invitee accepts, nor after an invitation is declined or withdrawn.
                DiceMatch.INVITED: (), DiceMatch.DECLINED: (), DiceMatch.WITHDRAWN: ()}
DICE_ACTION_NAMES = {"roll": _("Roll"), "raise": _("Raise"), "no_raise": _("No raise"), "accept": _("Accept"),
                     "decline": _("Decline"), "pass": _("Pass"), "reroll": _("Reroll")}
KIND_NAMES = {"straight_rank": _("straight by rank"), "straight_profession": _("straight by profession"),
              "kare_rank": _("kare by rank"), "kare_profession": _("kare by profession")}
DIE_FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


def casino_view(hand: CasinoHand) -> dict[str, Any]:
    """The engine's record as the player may see it: until the hand is settled the house's cards
    stay hidden and so does the seed, from which the whole deck could be worked out."""
    if hand.is_settled:
        return dict(hand.document)
    doc = casino_engine.CasinoHand.from_dict(hand.document).player_view()
    doc.pop("seed", None)
    return doc


def casino_hand_data(hand: CasinoHand) -> dict[str, Any]:
    return {
        "id": hand.pk, "player": hand.player_id, "stake": hand.stake,
        "venue": hand.venue.slug if hand.venue_id else None,
        "phase": hand.phase, "legal_actions": list(CASINO_ACTIONS[hand.phase]),
        "seed": hand.seed if hand.is_settled else None,
        "hand": casino_view(hand), "odds": hand.odds,
        "time_zone": hand.time_zone, "revealed_at": hand.revealed_at.isoformat() if hand.revealed_at else None,
        "minute": hand.minute, "net": hand.net, "outcome": hand.outcome,
        "started_at": hand.started_at.isoformat(),
        "settled_at": hand.settled_at.isoformat() if hand.settled_at else None,
    }


def dice_names(match: DiceMatch) -> dict[str, Member]:
    """The names the match record uses -> the members."""
    players = match.document["players"]
    return {players[0]: match.first, players[1]: match.second}


def dice_to_act(match: DiceMatch) -> Member | None:
    if not match.is_under_way:
        return None
    name = match.document["state"]["to_act"]
    return dice_names(match).get(name) if name else None


def default_mover(match: DiceMatch, actor: Member) -> Member:
    """Who makes a move when the caller does not say: a player moves only for himself, so the
    caller if he plays in the match; for a croupier, the member whose turn it is."""
    if actor.pk in (match.first_id, match.second_id):
        return actor
    return dice_to_act(match) or actor


def dice_entries_data(match: DiceMatch) -> list[dict[str, Any]]:
    """Who entered each move of the record (member ids), numbered as the moves are."""
    return [{"move": number, "player": entry["player"], "entered_by": entry["entered_by"],
             "by_croupier": entry["by_croupier"]} for number, entry in enumerate(match.entries, start=1)]


def dice_match_data(match: DiceMatch, *, odds: bool = True) -> dict[str, Any]:
    doc = match.document
    to_act = dice_to_act(match)
    data = {
        "id": match.pk, "first": match.first_id, "second": match.second_id,
        "players": {str(m.pk): name for name, m in dice_names(match).items()},
        "session": match.session_id, "mode": match.mode,
        "seed": match.seed if match.is_over and match.seed else None,
        "stake": match.stake, "max_raise": match.max_raise, "phase": match.phase,
        "to_act": to_act.pk if to_act else None, "legal_actions": list(DICE_ACTIONS[match.phase]),
        "pool": match.pool, "winner": match.winner_id, "state": doc["state"], "moves": doc["moves"],
        "trace": doc["trace"], "odds": [],
        "created_by": match.created_by_id, "invitee": match.invitee_id,
        "accepted_at": match.accepted_at.isoformat() if match.accepted_at else None,
        "entries": dice_entries_data(match),
        "created_at": match.created_at.isoformat(),
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
    }
    if odds:
        data["odds"] = [{"member": row["member"].pk, "dice": row["dice"], "against": row["against"],
                         "hand": row["hand"], "keep": row["keep"], "best": row["best"]}
                        for row in selectors.dice_odds(match)]
    return data
