"""What the three modules of the seed's group "Раздача" (the deal: :mod:`.deal_1_12`,
:mod:`.deal_13_25`, :mod:`.deal_26_33`) share: the group's interpretation points, which card counts
as the card a modifier names (IP-M5-IDENTITY), whether a revival undoes the kill (IP-M10-REVIVED),
the new real ranks of modifiers 17-19, 30 and 32, and the advisor's claims."""

from __future__ import annotations

from ...readings import declare
from ..state import NATURAL, CardState, Claim, DealState
from .points_deal import POINTS

__all__ = ["counts_as_card", "revival_undoes", "rebased_by", "earlier_keep_off", "claim_option"]

declare("dragon", POINTS)  # the group's interpretation points, data in points_deal.py


def counts_as_card(state: DealState, c: CardState) -> bool:
    """Whether ``c`` counts as the trigger or target card a modifier of 7-25 names, where the modifier names
    no state (IP-M5-IDENTITY; base rule 24: "карта – естественная карта"); the caller checks its rank and
    suit. Under natural_state_only only a natural card counts: not wild, home, free or dead, and playing
    as its real rank and suit, which are the rank and suit it was dealt with unless a modifier gave them
    as those of 'an ordinary natural card' (a new real rank of modifiers 17, 18: ``state.rebased``)."""
    if state.reading("IP-M5-IDENTITY") != "natural_state_only":
        return True
    if c.state != NATURAL or (c.rank, c.suit) != (c.real_rank, c.real_suit):
        return False
    if (c.real_rank, c.real_suit) == (c.card.rank, c.card.suit):
        return True
    found = state.rebased.get(c.seq)
    return found is not None and not found[2]


def revival_undoes(state: DealState) -> bool:
    """Whether a revival of modifiers 10, 11 and 22 leaves the card as if it had not been killed
    (IP-M10-REVIVED ``state_without_the_kill``)."""
    return state.reading("IP-M10-REVIVED") == "state_without_the_kill"


def rebased_by(state: DealState, c: CardState, rule: str) -> bool:
    """Whether ``rule`` gave ``c`` its new real rank (``state.rebased``)."""
    found = state.rebased.get(c.seq)
    return found is not None and found[1] == rule


def earlier_keep_off(state: DealState, rule: str) -> None:
    """IP-M17-REAPPLY / IP-M18-REAPPLY ``later_only``, IP-M30-REREAD ``modifiers_and_rules``: the
    modifiers before ``rule`` do not act on the card ``rule`` gave a new real rank (run before
    modifier 1, on the deal applied again)."""
    number = int(rule[1:])
    if rule in ("M30", "M32"):
        if state.reading("IP-M30-REREAD") != "modifiers_and_rules":
            return
    elif state.reading(f"IP-{rule}-REAPPLY") != "later_only":
        return
    seqs = {seq for seq, found in state.rebased.items() if found[1] == rule}
    if not seqs:
        return
    for earlier in range(1, number):
        if earlier not in state.cancelled:
            state.cancel(earlier, only=lambda c, seqs=seqs: c.seq in seqs,
                         text=f"M{earlier} does not act on the card {rule} gave a new real rank")


def claim_option(player: str, rule: str, **kw) -> Claim:
    """A claim the advisor tries for ``player`` under ``rule`` (base rule 25)."""
    return Claim(player=player, rule=rule, **kw)
