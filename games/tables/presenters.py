"""How a stored hand or match is shown to a caller: the same data for the API and the pages,
with what the player may not yet see left out (the house's cards, the seed of the deck or of the
dice)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from club.models import Member

from . import selectors
from .engines import casino as casino_engine
from .engines import draker as draker_engine
from .forms import DRAKER_SUIT_NAMES, PROFESSION_NAMES
from .models import CasinoHand, DiceMatch, DrakerGame, DrakerTurn

CASINO_ACTIONS = {"first_decision": ("play", "raise", "fold"), "draw": ("draw",),
                  "second_decision": ("play", "raise", "fold"), "reveal": ("reveal",), "settled": ()}
# The dice match's steps and the moves each allows (the engine's documented state machine).
DICE_ACTIONS = {"roll": ("roll",), "bargain": ("raise", "no_raise"), "respond": ("accept", "decline", "pass"),
                "reroll": ("reroll",), "over": (),
                # No move before the invitee accepts, nor after an invitation is declined or withdrawn.
                DiceMatch.INVITED: (), DiceMatch.DECLINED: (), DiceMatch.WITHDRAWN: ()}
DICE_ACTION_NAMES = {"roll": _("Roll"), "raise": _("Raise"), "no_raise": _("No raise"), "accept": _("Accept"),
                     "decline": _("Decline"), "pass": _("Pass"), "reroll": _("Reroll")}
# A move that gives something up (folding, passing, declining, not raising) is the quieter button.
QUIET_ACTIONS = frozenset({"fold", "pass", "decline", "no_raise"})
DRAKER_ROLE_NAMES = {"attack": _("attack"), "defence": _("defence")}
KIND_NAMES = {"straight_rank": _("straight by rank"), "straight_profession": _("straight by profession"),
              "kare_rank": _("kare by rank"), "kare_profession": _("kare by profession")}
DIE_FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}

# Display names of the engines' internal values (decisions, outcomes, phases, how a round ended).
LABELS = {
    "decision": {"play": _("Play"), "raise": _("Raise"), "fold": _("Fold")},
    "outcome": {"player": _("The player wins"), "house": _("The house wins"), "tie": _("A tie"),
                "fold": _("Folded: the house wins the bank")},
    "phase": {"roll": pgettext_lazy("dice match phase", "rolling"),
              "bargain": pgettext_lazy("dice match phase", "bargaining"),
              "respond": pgettext_lazy("dice match phase", "answering a raise"),
              "reroll": pgettext_lazy("dice match phase", "rerolling"),
              "over": pgettext_lazy("dice match phase", "over"),
              "invited": pgettext_lazy("dice match phase", "invited"),
              "declined": pgettext_lazy("dice match phase", "declined"),
              "withdrawn": pgettext_lazy("dice match phase", "withdrawn")},
    "how": {"comparison": pgettext_lazy("how a dice round was won", "by comparison"),
            "decline": pgettext_lazy("how a dice round was won", "raise declined"),
            "pass": pgettext_lazy("how a dice round was won", "passed"),
            "rounds": pgettext_lazy("how a dice round was won", "on rounds")},
    "dice_hand": {"nothing": pgettext_lazy("dice poker figure", "nothing"), "pair": pgettext_lazy("dice poker figure", "pair"),
                  "two_pairs": pgettext_lazy("dice poker figure", "two pairs"),
                  "set": pgettext_lazy("dice poker figure", "set"),
                  "small_straight": pgettext_lazy("dice poker figure", "small straight"),
                  "big_straight": pgettext_lazy("dice poker figure", "big straight"),
                  "full_house": pgettext_lazy("dice poker figure", "full house"),
                  "four": pgettext_lazy("dice poker figure", "four of a kind"),
                  "poker": pgettext_lazy("dice poker figure", "poker")},
}


@dataclass(frozen=True)
class ActionButton:
    """A move offered as a button: the code it posts (the API's and the form's value), the label
    a person reads and whether it is the quieter kind of button."""

    value: str
    label: str
    secondary: bool


def action_buttons(actions, names) -> list[ActionButton]:
    return [ActionButton(value=a, label=names[a], secondary=a in QUIET_ACTIONS) for a in actions]


def casino_buttons(hand: CasinoHand) -> list[ActionButton]:
    """The decisions the hand's player may take now (none outside a decision)."""
    return action_buttons(CASINO_ACTIONS[hand.phase] if hand.awaits_decision else (), LABELS["decision"])


@dataclass(frozen=True)
class DiceMoveOffer:
    """What the move form of a dice match asks for in its phase: the five faces rolled or the dice
    rerolled, typed in from real dice (``tap_faces``) or rolled by the site; a raise's amount;
    and the moves, as buttons."""

    roll: bool
    reroll: bool
    amount: bool
    tap_faces: bool
    buttons: list[ActionButton]


def dice_move_offer(match: DiceMatch) -> DiceMoveOffer:
    actions = DICE_ACTIONS[match.phase]
    roll, reroll = "roll" in actions, "reroll" in actions
    return DiceMoveOffer(roll=roll, reroll=reroll, amount="raise" in actions,
                         tap_faces=match.is_recorded and (roll or reroll),
                         buttons=action_buttons(actions, DICE_ACTION_NAMES))


def draker_role_name(role: str) -> str:
    """A combination's role in words: attack (it holds a card of the common pool) or defence."""
    return str(DRAKER_ROLE_NAMES[role])


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
        "venue": hand.venue.slug if hand.venue_id else None, "session": hand.session_id,
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


# --- the hands and the logs in words ---------------------------------------------------------------

CASINO_HAND_NAMES = {
    "straight_flush": pgettext_lazy("casino hand", "Straight flush"), "dragon": pgettext_lazy("casino hand", "Dragon"),
    "two_triples": pgettext_lazy("casino hand", "Two triples"), "flush": pgettext_lazy("casino hand", "Flush"),
    "collision": pgettext_lazy("casino hand", "Collision"), "quad": pgettext_lazy("casino hand", "Four of a kind"),
    "straight": pgettext_lazy("casino hand", "Straight"), "full_house": pgettext_lazy("casino hand", "Full house"),
    "three_pairs": pgettext_lazy("casino hand", "Three pairs"), "triple": pgettext_lazy("casino hand", "Three of a kind"),
    "two_pairs": pgettext_lazy("casino hand", "Two pairs"), "pair": pgettext_lazy("casino hand", "Pair"),
    "high_card": pgettext_lazy("casino hand", "High card"),
    "royal_flush": pgettext_lazy("casino hand", "Royal flush"), "full_dragon": pgettext_lazy("casino hand", "Full dragon"),
    "full_belly": pgettext_lazy("casino hand", "Full belly"),
    "four_of_a_kind": pgettext_lazy("casino hand", "Four of a kind"),
    "three_of_a_kind": pgettext_lazy("casino hand", "Three of a kind"), "honor": pgettext_lazy("casino hand", "Honor"),
}


def casino_hand_name(name) -> str:
    return str(CASINO_HAND_NAMES.get(str(name), pgettext("casino hand", "a combination")))


def dice_hand_name(name) -> str:
    return str(LABELS["dice_hand"].get(str(name), pgettext("dice poker figure", "nothing")))


def _dice(values) -> str:
    return "-".join(str(v) for v in values or [])


def casino_steps(view: dict) -> list[str]:
    """The casino hand's log as sentences, one per step."""
    out = []
    for step in view.get("trace") or []:
        event, side = step.get("event"), step.get("side")
        house = side == "house"
        if event == "ante":
            text = gettext("each side puts its ante in the bank: the bank is %(bank)s") % {"bank": step.get("bank")}
        elif event == "deal":
            text = gettext("six cards to each side, one at a time, the player first")
        elif event == "play":
            text = gettext("the player plays; the bank is unchanged")
        elif event == "raise":
            text = gettext("the player raises: the bank is %(bank)s") % {"bank": step.get("bank")}
        elif event == "match":
            text = gettext("the house matches the raise")
        elif event == "fold":
            text = gettext("the player folds: the house wins the bank")
        elif event == "draw":
            count = len(step.get("discard") or [])
            text = (ngettext("the house changes %(n)s card", "the house changes %(n)s cards", count) if house else
                    ngettext("the player changes %(n)s card", "the player changes %(n)s cards", count)) % {"n": count}
        elif event == "reveal":
            situation = step.get("situation") or {}
            if situation.get("inversion"):
                rule = gettext("inversion: the lower combination wins")
            elif situation.get("trump"):
                rule = gettext("a trump suit")
            else:
                rule = gettext("no situational rule")
            text = gettext("the cards are shown at minute %(minute)s: %(rule)s") % {"minute": step.get("minute"),
                                                                                   "rule": rule}
        elif event == "showdown":
            player, house_value = view.get("player_value") or {}, view.get("house_value") or {}
            text = gettext("%(player)s against %(house)s: %(outcome)s") % {
                "player": casino_hand_name(player.get("name")), "house": casino_hand_name(house_value.get("name")),
                "outcome": str(LABELS["outcome"].get(step.get("outcome"), "")).lower()}
        elif event == "tie":
            text = gettext("equal combinations")
        elif event == "settle":
            text = gettext("the bank is settled")
        else:
            continue
        out.append(text[:1].upper() + text[1:])
    return out


def dice_steps(match: DiceMatch) -> list[str]:
    """The dice match's log as sentences, one per event, players by their display names."""
    members = dice_names(match)

    def who(key):
        member = members.get(key)
        return member.display_name if member is not None else gettext("a player")

    out = []
    for e in match.document.get("trace") or []:
        event, player = e.get("event"), who(e.get("player"))
        if event == "stake":
            text = gettext("%(player)s puts the stake of %(amount)s into the pool") % {"player": player,
                                                                                      "amount": e.get("amount")}
        elif event == "roll":
            text = gettext("%(player)s rolls %(dice)s: %(hand)s") % {
                "player": player, "dice": _dice(e.get("dice")), "hand": dice_hand_name(e.get("hand"))}
        elif event == "raise":
            text = gettext("%(player)s proposes to raise the stake by %(amount)s") % {"player": player,
                                                                                      "amount": e.get("amount")}
        elif event == "no_raise":
            text = gettext("%(player)s proposes no raise") % {"player": player}
        elif event == "accept":
            text = gettext("%(player)s accepts: the pool is %(pool)s") % {"player": player, "pool": e.get("pool")}
        elif event == "decline":
            text = gettext("%(player)s declines the raise") % {"player": player}
        elif event == "pass":
            text = gettext("%(player)s passes") % {"player": player}
        elif event == "reroll":
            text = gettext("%(player)s rerolls %(count)s of the dice: %(dice)s, %(hand)s") % {
                "player": player, "count": len(e.get("indices") or []), "dice": _dice(e.get("dice")),
                "hand": dice_hand_name(e.get("hand"))}
        elif event == "showdown":
            hands = e.get("hands") or {}
            if e.get("result") == "draw" or e.get("result") not in hands:
                text = gettext("the figures are equal: the round is replayed")
            else:
                winner = e["result"]
                loser = next((k for k in hands if k != winner), winner)
                text = gettext("%(winner)s's %(hand)s beats %(loser)s's %(other)s") % {
                    "winner": who(winner), "hand": dice_hand_name(hands[winner]), "loser": who(loser),
                    "other": dice_hand_name(hands[loser])}
        elif event == "round_drawn":
            text = gettext("round %(n)s is drawn and does not count") % {"n": e.get("round")}
        elif event == "round_won":
            text = gettext("%(player)s wins round %(n)s") % {"player": player, "n": e.get("round")}
        elif event == "match_won":
            text = gettext("%(player)s wins the match and takes the pool of %(pool)s") % {"player": player,
                                                                                          "pool": e.get("pool")}
        else:
            continue
        out.append(text[:1].upper() + text[1:])
    return out


def draker_card_name(card) -> str:
    """A Draker card: its rank, suit and profession, "7 hearts, archer"."""
    rank = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(card.rank, str(card.rank))
    profession = PROFESSION_NAMES.get(draker_engine.PROFESSIONS.get(card.profession, ""), "")
    return gettext("%(rank)s %(suit)s, %(profession)s") % {
        "rank": rank, "suit": DRAKER_SUIT_NAMES.get(card.suit, ""), "profession": profession}


def draker_score_steps(score, effects: int = 0) -> list[str]:
    """How a Draker combination is valued, step by step, from the engine's numbers."""
    kinds = [str(KIND_NAMES[k]) for k in draker_engine.KINDS if k in score.kinds]
    steps = [ngettext("%(n)s card: %(kinds)s", "%(n)s cards: %(kinds)s", len(score.cards)) % {
        "n": len(score.cards), "kinds": ", ".join(kinds)}]
    for card, strength in zip(score.cards, score.strengths, strict=False):
        if card.tokens or card.effects or strength != 1:
            steps.append(gettext("%(card)s: strength 1, %(tokens)s from tokens, %(effects)s from effects: %(strength)s")
                         % {"card": draker_card_name(card), "tokens": f"{card.tokens:+d}",
                            "effects": f"{card.effects:+d}", "strength": strength})
    strengths = " + ".join(str(s) for s in score.strengths)
    if effects:
        strengths += f" {effects:+d}"
    steps.append(gettext("base value: %(sum)s = %(base)s") % {"sum": strengths, "base": score.base})
    if len(score.cards) >= draker_engine.MULTIPLIER_MIN_LENGTH:
        extra = len(score.kinds) - 1
        if extra:
            steps.append(ngettext("×%(by)s for %(n)s more kind", "×%(by)s for %(n)s more kinds", extra)
                         % {"by": 2 ** extra, "n": extra})
        if score.flush:
            steps.append(gettext("×3 for a flush: every card of one suit"))
    else:
        steps.append(gettext("no multiplier: fewer than %(n)s cards") % {"n": draker_engine.MULTIPLIER_MIN_LENGTH})
    steps.append(gettext("final value: %(base)s × %(multiplier)s = %(final)s") % {
        "base": score.base, "multiplier": score.multiplier, "final": score.final})
    steps.append(gettext("attack: it holds a card of the common pool") if score.role == "attack"
                 else gettext("defence: it holds no card of the common pool"))
    return steps


def draker_balance_steps(balance) -> list[str]:
    """The life points a Draker turn costs, step by step."""
    steps = [gettext("attack: earned %(earned)s, spent %(spent)s") % {"earned": balance.earned_attack,
                                                                      "spent": balance.spent_attack},
             gettext("defence: earned %(earned)s, spent %(spent)s") % {"earned": balance.earned_defence,
                                                                       "spent": balance.spent_defence}]
    if balance.reading == "pooled":
        steps.append(gettext("attack and defence points are counted together: the excess is %(excess)s")
                     % {"excess": balance.excess})
    else:
        steps.append(gettext("attack and defence points are counted apart: the excess is %(excess)s")
                     % {"excess": balance.excess})
    steps.append(ngettext("%(excess)s excess point × %(each)s = %(life)s life points",
                          "%(excess)s excess points × %(each)s = %(life)s life points", balance.excess)
                 % {"excess": balance.excess, "each": draker_engine.LIFE_PER_EXCESS_POINT, "life": balance.life_cost})
    return steps


# --- Draker games ------------------------------------------------------------------------------

def draker_turn_data(turn: DrakerTurn) -> dict[str, Any]:
    return {"number": turn.number, "player": turn.player_id, "declared": turn.declared, "score": turn.score,
            "balance": turn.balance, "final": turn.final, "role": turn.role, "life_cost": turn.life_cost,
            "entered_by": turn.entered_by_id, "entered_at": turn.entered_at.isoformat()}


def draker_game_data(game: DrakerGame, turns: list[DrakerTurn] | None = None) -> dict[str, Any]:
    """A recorded Draker game for the API: its players in place order with their life points at
    the end (when noted) and those lost through the recorded turns; ``turns`` None leaves the
    turns out (a list of games)."""
    lost = selectors.draker_life_lost(turns or [])
    data = {
        "id": game.pk, "status": game.status, "session": game.session_id, "played_at": game.played_at.isoformat(),
        "note": game.note,
        "players": [{"member": p.member_id, "name": p.member.display_name, "place": p.place, "life": p.life,
                     "life_lost_in_turns": lost.get(p.member_id, 0) if turns is not None else None}
                    for p in game.players.all()],
        "entered_by": game.entered_by_id, "entered_at": game.entered_at.isoformat(),
        "confirmed_by": game.confirmed_by_id,
        "confirmed_at": game.confirmed_at.isoformat() if game.confirmed_at else None,
        "discarded_by": game.closed_by_id, "discarded_at": game.closed_at.isoformat() if game.closed_at else None,
    }
    if turns is not None:
        data["turns"] = [draker_turn_data(t) for t in turns]
    return data


def draker_turn_line(turn: DrakerTurn) -> str:
    """A recorded turn in a line: who declared what, its value and what the turn cost in life."""
    kinds = ", ".join(str(KIND_NAMES[k]) for k in draker_engine.KINDS if k in set(turn.score.get("kinds", ())))
    count = len(turn.score.get("cards", ()))
    cards = ngettext("%(n)s card", "%(n)s cards", count) % {"n": count}
    values = {"name": turn.player.display_name, "kinds": kinds, "cards": cards, "points": turn.final}
    if turn.role == "attack":
        text = gettext("%(name)s: %(kinds)s, %(cards)s; attack points: %(points)s") % values
    else:
        text = gettext("%(name)s: %(kinds)s, %(cards)s; defence points: %(points)s") % values
    if turn.life_cost:
        text += "; " + ngettext("%(n)s life point lost", "%(n)s life points lost", turn.life_cost) % {
            "n": turn.life_cost}
    return text
