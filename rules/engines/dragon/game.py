"""The history of a Game (a sitting: the same players in the same seats) that later deals read.

Base rule 2 reads the previous winning hand, base rule 7 its highest card, base rule 17 whether
the deal is the first, base rule 21 the quads of the previous winning hand; modifiers read the
previous deal's open cards (80, 84, 88) and, under IP-M80-ORDER ``previous_deal_order``, its
inverted card order (``carry["card_order"]``), its pot (62), effects that last several deals
(33, 34) and the claims used once per Game (base rule 1, modifiers 51, 52, 56 ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card
from ..errors import RulesError

__all__ = ["WinningHand", "DealRecord", "GameHistory"]


@dataclass(frozen=True, slots=True)
class WinningHand:
    """The winner's best hand: its category and the cards of the combination, each with the
    (rank, suit) it played as and the state it had."""

    player: str
    category: int
    cards: tuple[Card, ...]                         # as dealt
    values: tuple[tuple[int, str], ...]             # as played, parallel to ``cards``
    states: tuple[str, ...]                         # parallel to ``cards``

    def highest_natural(self) -> Card | None:
        """Base rule 2: the highest natural card of the hand (real rank, then natural suit order)."""
        naturals = [c for c, s in zip(self.cards, self.states, strict=True) if s == "natural"]
        if not naturals:
            return None
        return max(naturals, key=lambda c: (c.rank, -"hdcs".index(c.suit)))

    def quads(self) -> tuple[Card, ...]:
        """Base rule 21: the cards forming a quad (four cards played as one rank)."""
        by_rank: dict[int, list[Card]] = {}
        for c, (rank, _suit) in zip(self.cards, self.values, strict=True):
            by_rank.setdefault(rank, []).append(c)
        out: list[Card] = []
        for group in by_rank.values():
            if len(group) >= 4:
                out.extend(group)
        return tuple(out)


@dataclass(frozen=True, slots=True)
class DealRecord:
    number: int
    winners: tuple[str, ...]
    winning_hands: tuple[WinningHand, ...]
    pot: int = 0
    min_stake: int = 2
    wild: tuple[Card, ...] = ()
    dead: tuple[Card, ...] = ()
    open_cards: tuple[Card, ...] = ()
    weakest_won: bool = False
    carry: dict[str, object] = field(default_factory=dict)
    claims: tuple[tuple[str, str], ...] = ()        # (player, rule) used in this deal


class GameHistory:
    """The deals of one Game so far, in order."""

    def __init__(self, deals: tuple[DealRecord, ...] | list[DealRecord] = ()) -> None:
        self.deals: list[DealRecord] = list(deals)

    def __len__(self) -> int:
        return len(self.deals)

    @property
    def previous(self) -> DealRecord | None:
        return self.deals[-1] if self.deals else None

    def add(self, record: DealRecord) -> None:
        if record.number != len(self.deals) + 1:
            raise RulesError(f"deal {record.number} does not follow deal {len(self.deals)}",
                             value=record.number)
        self.deals.append(record)

    def claimed(self, player: str, rule: str) -> bool:
        """Whether ``player`` already used a once-per-Game claim under ``rule``."""
        return any((player, rule) in d.claims for d in self.deals)

    def carried(self, key: str) -> list[tuple[int, object]]:
        """(deal number, value) for every earlier deal that kept ``key``."""
        return [(d.number, d.carry[key]) for d in self.deals if key in d.carry]
