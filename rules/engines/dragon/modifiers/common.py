"""What several groups of conditional modifiers share: suit colours, the cardinal seats, the natural
card of base rule 24, the month Table 3 reads (modifiers 3 and 47) and the card an incrementing /
decrementing card changes (IP-INCDEC-TARGET: modifiers 28-32, 45, 46, 52, 68, 69)."""

from __future__ import annotations

from ...cards import lower_rank, raise_rank
from ..state import NATURAL, WILD, CardState, Claim, DealState, rule_source

__all__ = ["RED", "BLACK", "CARDINAL_SEATS", "natural_card", "m3_month", "incdec_target", "wild_even_if_dead"]

RED = ("h", "d")
BLACK = ("c", "s")
CARDINAL_SEATS = ("N", "E", "S", "W")


def natural_card(c: CardState) -> bool:
    """A natural card in the sense of base rule 24: live, never touched by a rule or modifier (base
    rule 13), its own rank and suit."""
    return c.state == NATURAL and not c.modified


def m3_month(month: int, players: int, both: str = "apply_all_in_text_order", invert: str = "mirror") -> int:
    """The month Table 3 reads: the seed's clauses in text order (IP-M3-BOTH: all of them, the
    first that matches, or the last that matches)."""
    shifts = [shift for divisor, shift in ((3, "+1"), (2, "-2"), (5, "invert")) if players % divisor == 0]
    if both == "first_match_only":
        shifts = shifts[:1]
    elif both == "last_match_only":
        shifts = shifts[-1:]
    m = month
    for shift in shifts:
        if shift == "+1":
            m = m % 12 + 1
        elif shift == "-2":
            m = (m - 3) % 12 + 1
        else:
            m = 13 - m if invert == "mirror" else (m + 5) % 12 + 1
    return m


def incdec_target(state: DealState, claim: Claim) -> CardState:
    """The card ``claim.target`` an incrementing / decrementing card of ``claim.player`` changes
    (IP-INCDEC-TARGET): one of his own (``owner_picks_one``), or under ``any_player`` a card of any
    player, his own first. With two decks a target only other players hold must be one card: the
    claim names no player, so two copies of it in other hands are refused."""
    if claim.target is None:
        state.refuse(claim, f"{claim.rule} needs the card the incrementing / decrementing card changes (target)")
    if state.reading("IP-INCDEC-TARGET") != "any_player":
        return state.find(claim.player, claim.target)      # type: ignore[arg-type]
    own = [c for c in state.hand(claim.player) if c.card == claim.target]
    if own:
        return own[0]
    held = [c for c in state.cards if c.card == claim.target]
    if len(held) != 1:
        state.refuse(claim, f"{claim.target} is in {len(held)} hands: name a card one player holds "
                            f"(IP-INCDEC-TARGET any_player)")
    return held[0]


def stepped_target(state: DealState, claim: Claim) -> list[tuple[CardState, int, str, None]]:
    """The advisor's estimate of an incrementing or decrementing card's claim on the claimant's own
    target (modifiers 45, 46 and 52): the target one rank up or down, its state left to the judge."""
    t = state.find(claim.player, claim.target)
    step = raise_rank if claim.direction == "incrementing" else lower_rank
    return [(t, step(t.rank, 1), t.suit, None)]


def once_each(state: DealState, seen: set[str], claim: Claim, reason: str) -> None:
    """A claim rule that gives each player one claim in a deal: refuse ``claim`` when its player
    already made one (``seen``, the players so far, in the claims' order), else count him."""
    if claim.player in seen:
        state.refuse(claim, reason)
    seen.add(claim.player)


def claims_by_player(claims: list[Claim]) -> dict[str, list[Claim]]:
    """The claims grouped by their player, each group in the claims' order."""
    out: dict[str, list[Claim]] = {}
    for claim in claims:
        out.setdefault(claim.player, []).append(claim)
    return out


def wild_even_if_dead(state: DealState, c: CardState, point: str, why: str) -> None:
    """A card a modifier names wild whatever its state (59's Five, 66's Twos): a dead one is revived
    as wild, unless a base rule killed it and ``point`` reads ``rule_kill_stands`` (base rule 11)."""
    if not c.dead:
        state.grant(c, WILD, override=True, text=why)
    elif not (rule_source(c.killed_by or "") and state.reading(point) == "rule_kill_stands"):
        state.revive(c, into=WILD, text=why)
