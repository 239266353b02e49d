"""Conditional modifiers 26-33 of the seed's group "Раздача" (the deal): the second player's
spade fosk (26), the hearts honors that play as foskas (27), the incrementing and decrementing
cards (28-32, players' claims, with the advisor's options) and the Giant, Unicorn and Elf of one
suit that cancel modifier 34 (33).

The conventions of the group are in :mod:`.deal`; the trigger cards of 26-33 are read in the
states IP-M26-CARD-STATE allows (:func:`_named`).
"""

from __future__ import annotations

from ...cards import is_honor, opposite_rank, raise_rank
from ..state import DEAD, FREE, NATURAL, WILD, CardState, Claim, DealState
from .base import attach_final, attach_options, attach_setup, modifier
from .common import incdec_target, natural_card
from .deal_common import claim_option, earlier_keep_off, rebased_by

__all__: list[str] = []


def _named(state: DealState, c: CardState) -> bool:
    """Whether ``c`` takes part as a card a condition names or as the modifying card (IP-M26-CARD-STATE);
    the caller checks its rank and suit."""
    how = state.reading("IP-M26-CARD-STATE")
    if how == "natural_only":
        return c.state == NATURAL and not c.modified
    return how == "any_incl_dead" or c.state != DEAD


def _m26_players(state: DealState) -> list[str]:
    how = state.reading("IP-M26-SEAT")
    if how == "second_counterclockwise":
        return [state.at_position(-2)]
    if how == "both_sides":
        return list(dict.fromkeys((state.at_position(2), state.at_position(-2))))
    return [state.at_position(2)]


@modifier(number=26, group="deal", readings=("IP-M26-NEXT-WHO", "IP-M26-PENALTY", "IP-M26-OPEN-INDEX",
                                             "IP-M26-SEAT", "IP-M26-CARD-STATE"),
          summary="A spade fosk to the second player from the dealer in the second open circle becomes "
                  "wild if the next circle shows the Giant of hearts or Unicorn of diamonds; if it does "
                  "not, his face-up Five and Seven of spades die.",
          reads=("circles", "dealer", "card_states"), does=("wild", "kill"))
def m26(state: DealState) -> None:
    if len(state.players) < 3:
        return
    if state.reading("IP-M26-OPEN-INDEX") == "nth_open":
        second = state.nth_open(2)
    else:
        second = 2 if state.pattern[1] == "open" else None
    for player in _m26_players(state):
        _m26_for(state, player, second)


def _m26_for(state: DealState, player: str, second: int | None) -> None:
    x = state.player_card(player, second)
    if x is None:
        return
    trigger = x.real_suit == "s" and x.fosk and _named(state, x)
    if not trigger and state.reading("IP-M26-PENALTY") == "needs_trigger":
        return
    nxt = x.circle + 1
    if nxt > len(state.pattern) or state.pattern[nxt - 1] != "open":
        return
    shown = [c for c in state.circle(nxt) if _named(state, c) and (c.is_(13, "h") or c.is_(12, "d"))
             and (c.player == player or state.reading("IP-M26-NEXT-WHO") == "any_player")]
    if shown:
        if trigger:
            state.grant(x, WILD, text=f"{shown[0].card} showed on the next circle")
        return
    for c in state.hand(player):
        if c.open and c.real_suit == "s" and c.real_rank in (5, 7):
            state.kill(c, text="no Giant of hearts or Unicorn of diamonds on the next circle")


@modifier(number=27, group="deal", readings=("IP-M27-FIRST-CIRCLE", "IP-M27-NEW-RANK", "IP-M26-CARD-STATE"),
          summary="An odd number of players and the Nine of clubs face up on the third open circle: "
                  "the hearts honors of circle 1 play as their opposite foskas.",
          reads=("players", "circles", "card_states"), does=("rank",))
def m27(state: DealState) -> None:
    if len(state.players) % 2 == 0:
        return
    third = state.nth_open(3)
    if third is None or not any(c.is_(9, "c") and _named(state, c) for c in state.circle(third)):
        return
    first = 1 if state.reading("IP-M27-FIRST-CIRCLE") == "circle_1" else state.nth_open(1)
    for c in state.circle(first or 0):
        if c.real_suit == "h" and c.honor and c.state == NATURAL and not c.modified:
            why = "the Nine of clubs on the third open circle"
            if state.reading("IP-M27-NEW-RANK") == "real":
                state.rebase(c, opposite_rank(c.real_rank), text=why)
            else:
                state.change_rank(c, opposite_rank(c.real_rank), text=why)


# ---------------------------------------------------------------------------- M28 - M32 (incrementing / decrementing)
def _incdec(state: DealState, rule: str, modifying: CardState, role: str, targets, *, revive_dead: bool,
            freeze: bool, stays_natural: bool, claims: list[Claim]) -> None:
    """One incrementing / decrementing card: mark it, then change its owner's chosen target
    (IP-INCDEC-TARGET ``owner_picks_one``; ``any_player``: a card of any player) or all his natural
    cards (``all_own_natural``)."""
    player = modifying.player
    state.set_role(modifying, role, text=f"{modifying.card} is {role} for {player}")
    step = 1 if role == "incrementing" else -1
    mine = [c for c in claims if c.player == player and (c.card is None or c.card == modifying.card)]
    if state.reading("IP-INCDEC-TARGET") == "all_own_natural":
        chosen = [c for c in state.hand(player) if c is not modifying
                  and ((c.state == NATURAL and not c.modified) or rebased_by(state, c, rule))]
        for claim in mine:
            claims.remove(claim)
    else:
        chosen = []
        for claim in mine[:1]:
            claims.remove(claim)
            if claim.target is None:
                state.refuse(claim, f"{rule} needs the target card")
            t = incdec_target(state, claim)
            if t is modifying or not (targets(t) or rebased_by(state, t, rule)):
                state.refuse(claim, f"{claim.target} cannot be changed by the {modifying.card}")
            chosen.append(t)
    if chosen:
        state.use_as_modifying(modifying)
    reread = state.reading("IP-M30-REREAD") if stays_natural else "later_modifiers"
    for t in chosen:
        if rebased_by(state, t, rule):
            continue                      # changed already: the deal was applied again with its new rank
        if t.dead:
            if not revive_dead:
                continue
            state.revive(t, text=f"taken out from under its kill by the {modifying.card}")
        new = raise_rank(t.rank, step)
        if reread != "later_modifiers":
            state.rebase(t, new, modifiers_only=reread == "rerun_all_modifiers",
                         text=f"{role[:-3]}ed by the {modifying.card} ({reread})")
        state.change_rank(t, new, real=True, override=True,
                          stays_natural=stays_natural, text=f"{role[:-3]}ed by the {modifying.card}")
        if freeze:
            state.freeze(t, text=f"changed by the {modifying.card}")


def _natural_or_dead(c: CardState) -> bool:
    return c.dead or (c.state == NATURAL and not c.modified)


def _leftover(state: DealState, rule: str, claims: list[Claim]) -> None:
    """The claims no card of their player's gave a right to: every modifying card takes the claims
    naming it (or none), so another claim naming the same card is refused alike."""
    for claim in claims:
        state.refuse(claim, f"{rule} gives {claim.player} no such right", alike=("card",))


def _incdec_now(state: DealState, number: int) -> bool:
    """Whether modifier ``number`` (28-32) acts at its turn (IP-M28-WHEN / IP-M29-WHEN ``in_order``)
    rather than after every modifier (``final_state``, its ``final`` hook)."""
    point = "IP-M29-WHEN" if number == 29 else "IP-M28-WHEN"
    return state.reading(point) == "in_order"


@modifier(number=28, group="deal", kind="claim",
          summary="The Four of spades is incrementing for its holder if he has a dead heart; it may "
                  "revive a dead card; the changed card is frozen.",
          reads=("card_states", "claims"), does=("incrementing", "rank", "revive", "claim_right"),
          readings=("IP-INCDEC-TARGET", "IP-M26-CARD-STATE", "IP-M28-WHEN"))
def m28(state: DealState) -> None:
    if not _incdec_now(state, 28):
        return
    _m28_act(state)


def _m28_act(state: DealState) -> None:
    claims = state.claims_for("M28")
    for c in state.cards:
        if c.is_(4, "s") and _named(state, c) and any(h.dead and h.real_suit == "h" for h in state.hand(c.player)):
            _incdec(state, "M28", c, "incrementing", _natural_or_dead, revive_dead=True, freeze=True,
                    stays_natural=False, claims=claims)
    _leftover(state, "M28", claims)


def _m29_right(state: DealState, c: CardState) -> bool:
    if not (c.is_(7, "d") and _named(state, c)):
        return False
    need = 1 if state.reading("IP-M29-COUNT") == "at_least_one" else 2
    return sum(
        1 for h in state.hand(c.player) if h.state == FREE and h.real_suit == "c" and is_honor(h.real_rank)) >= need


def _m29_targets(state: DealState):
    return natural_card if state.reading("IP-M29-SAME") == "freeze_only" else _natural_or_dead


@modifier(number=29, group="deal", kind="claim",
          readings=("IP-M29-COUNT", "IP-M29-SAME", "IP-INCDEC-TARGET", "IP-M26-CARD-STATE", "IP-M29-WHEN"),
          summary="The Seven of diamonds is incrementing for its holder if he has a free club honor; "
                  "as modifier 28.",
          reads=("card_states", "claims"), does=("incrementing", "rank", "revive", "claim_right"))
def m29(state: DealState) -> None:
    if not _incdec_now(state, 29):
        return
    _m29_act(state)


def _m29_act(state: DealState) -> None:
    claims = state.claims_for("M29")
    for c in state.cards:
        if _m29_right(state, c):
            _incdec(state, "M29", c, "incrementing", _m29_targets(state),
                    revive_dead=state.reading("IP-M29-SAME") == "all_of_28", freeze=True,
                    stays_natural=False, claims=claims)
    _leftover(state, "M29", claims)


@modifier(number=30, group="deal", kind="claim", readings=("IP-INCDEC-TARGET", "IP-M30-REREAD", "IP-M28-WHEN"),
          summary="A dead Elf of hearts is decrementing for its holder, on natural cards only; "
                  "modifiers then read the new rank.",
          reads=("card_states", "claims"), does=("decrementing", "rank", "claim_right"))
def m30(state: DealState) -> None:
    if not _incdec_now(state, 30):
        return
    _m30_act(state)


def _m30_act(state: DealState) -> None:
    claims = state.claims_for("M30")
    for c in state.cards:
        if c.is_(11, "h") and c.dead:
            # A dead card acting as modifying card is the text's own exception to definition 3.
            _incdec(state, "M30", c, "decrementing", natural_card, revive_dead=False, freeze=False,
                    stays_natural=True, claims=claims)
    _leftover(state, "M30", claims)


def _m31_right(state: DealState, c: CardState) -> bool:
    if not c.is_(13, "c"):
        return False
    if c.dead:
        return state.reading("IP-M31-NOT-NATURAL") == "incl_dead"
    return c.state != NATURAL or c.modified


@modifier(number=31, group="deal", kind="claim", readings=("IP-M31-NOT-NATURAL", "IP-INCDEC-TARGET", "IP-M28-WHEN"),
          summary="A Giant of clubs that is not natural is decrementing for its holder, on natural and "
                  "dead cards (reviving them); the changed card is frozen.",
          reads=("card_states", "claims"), does=("decrementing", "rank", "revive", "claim_right"))
def m31(state: DealState) -> None:
    if not _incdec_now(state, 31):
        return
    _m31_act(state)


def _m31_act(state: DealState) -> None:
    claims = state.claims_for("M31")
    for c in state.cards:
        if _m31_right(state, c):
            _incdec(state, "M31", c, "decrementing", _natural_or_dead, revive_dead=True, freeze=True,
                    stays_natural=False, claims=claims)
    _leftover(state, "M31", claims)


@modifier(number=32, group="deal", kind="claim",
          summary="Black Sixes are incrementing or decrementing (the holder says which) if he holds "
                  "both red Unicorns dead; on natural cards, which modifiers then read by the new rank.",
          reads=("card_states", "claims"), does=("incrementing", "decrementing", "rank", "claim_right"),
          readings=("IP-INCDEC-TARGET", "IP-M26-CARD-STATE", "IP-M32-EACH", "IP-M30-REREAD", "IP-M28-WHEN"))
def m32(state: DealState) -> None:
    if not _incdec_now(state, 32):
        return
    _m32_act(state)


def _m32_act(state: DealState) -> None:
    claims = state.claims_for("M32")
    one_choice = state.reading("IP-M32-EACH") == "one_choice_for_both"
    chosen: dict[str, str] = {}
    for c in state.cards:
        if not (c.real_rank == 6 and c.black and _named(state, c)):
            continue
        hand = state.hand(c.player)
        if not (any(q.is_(12, "h") and q.dead for q in hand) and any(q.is_(12, "d") and q.dead for q in hand)):
            continue
        mine = [x for x in claims if x.player == c.player and (x.card is None or x.card == c.card)]
        if not mine and state.reading("IP-INCDEC-TARGET") != "all_own_natural":
            continue
        direction = mine[0].direction if mine else chosen.get(c.player, "incrementing")
        if direction not in ("incrementing", "decrementing"):
            state.refuse(mine[0], "modifier 32 needs 'incrementing' or 'decrementing'")
        if one_choice and chosen.setdefault(c.player, direction) != direction:
            state.refuse(mine[0], f"{c.player}'s black Sixes are both {chosen[c.player]} "
                                  f"(IP-M32-EACH one_choice_for_both)")
        _incdec(state, "M32", c, direction, natural_card, revive_dead=False, freeze=False,
                stays_natural=True, claims=claims)
    _leftover(state, "M32", claims)


def _incdec_final(number: int, act) -> None:
    """Give modifier ``number`` (28-32) the ``final`` hook where it acts under ``final_state``."""
    def final(state: DealState) -> None:
        if not _incdec_now(state, number):
            act(state)
    attach_final(number)(final)


_incdec_final(28, _m28_act)
_incdec_final(29, _m29_act)
_incdec_final(30, _m30_act)
_incdec_final(31, _m31_act)
_incdec_final(32, _m32_act)


@attach_setup(30)
def _m30_setup(state: DealState) -> None:
    earlier_keep_off(state, "M30")


@attach_setup(32)
def _m32_setup(state: DealState) -> None:
    earlier_keep_off(state, "M32")


# ---------------------------------------------------------------------------- M33
def _m33_cancel(state: DealState, text: str) -> None:
    """Modifier 33 takes modifier 34 out of this deal (IP-M33-CARRY)."""
    if state.reading("IP-M33-CARRY") == "suppress_new_only":
        if "M33" in state.marks:
            return
        state.marks["M33"] = text                 # read by 34: no new set; the carried sets still act
        state.note("cancelled", (), f"{text}: M34 makes no new set", source="M33", after="M34")
        return
    state.cancel(34, text=text)


def _m33_window_open(state: DealState) -> bool:
    """Whether a firing of modifier 33 in an earlier deal still cancels 34 in this one (IP-M33-GAME-END)."""
    if state.history is None:
        return False
    number = state.facts.number
    if state.reading("IP-M33-GAME-END") == "carries":
        # The previous Game's last deal counts as deal 0: its window reaches deal 1.
        return any((last if deal > 0 else deal + 1) >= number      # type: ignore[operator]
                   for deal, last in state.history.carried_across("M33"))
    return any(last >= number for _deal, last in state.history.carried("M33"))  # type: ignore[operator]


@modifier(number=33, group="deal", readings=("IP-M33-SCOPE", "IP-M33-RULE11", "IP-M33-GAME-END", "IP-M33-CARRY"),
          summary="A Giant, Unicorn and Elf of one suit face up cancel modifier 34 for this deal and the next.",
          reads=("circles", "history", "modifiers"), does=("cancel",))
def m33(state: DealState) -> None:
    if state.reading("IP-M33-RULE11") == "higher_number_wins":
        return
    number = state.facts.number
    if _m33_window_open(state):
        _m33_cancel(state, "modifier 33 fired in the previous deal")
    up = [c for c in state.face_up() if c.live]
    groups = [up] if state.reading("IP-M33-SCOPE") == "table" else [
        [c for c in up if c.player == p] for p in state.players]
    shown = [{(c.real_rank, c.real_suit) for c in g} for g in groups]
    for suit in "hdcs":
        if any((11, suit) in g and (12, suit) in g and (13, suit) in g for g in shown):
            state.carry["M33"] = number + 1
            _m33_cancel(state, f"the Giant, Unicorn and Elf of {suit} showed face up")
            return


# ---------------------------------------------------------------------------- options for the advisor (base rule 25)
_options = attach_options


def _target_options(rule: str, modifying, targets):
    def options(state: DealState, player: str) -> list[Claim]:
        out = []
        for m in state.hand(player):
            if modifying(state, m):
                out += [claim_option(player, rule, card=m.card, target=t.card) for t in state.hand(player)
                        if t is not m and targets(t)]
        return out
    return options


_options(28)(_target_options("M28", lambda s, c: c.is_(4, "s") and _named(s, c) and any(
    h.dead and h.real_suit == "h" for h in s.hand(c.player)), _natural_or_dead))


@_options(29)
def _m29_options(state: DealState, player: str) -> list[Claim]:
    return _target_options("M29", _m29_right, _m29_targets(state))(state, player)


_options(30)(_target_options("M30", lambda s, c: c.is_(11, "h") and c.dead, natural_card))
_options(31)(_target_options("M31", _m31_right, _natural_or_dead))


@_options(32)
def _m32_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    if not (any(q.is_(12, "h") and q.dead for q in hand) and any(q.is_(12, "d") and q.dead for q in hand)):
        return []
    return [claim_option(player, "M32", card=six.card, direction=d, target=t.card)
            for six in hand if six.real_rank == 6 and six.black and _named(state, six)
            for d in ("incrementing", "decrementing") for t in hand if t is not six and natural_card(t)]
