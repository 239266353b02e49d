"""The history of a Game (a sitting: the same players in the same seats) that later deals read.

Base rule 2 reads the previous winning hand, base rule 7 its highest card, base rule 17 whether
the deal is the first, base rule 21 the quads of the previous winning hand; modifiers read the
previous deal's open cards (80, 84, 88) and, under IP-M80-ORDER ``previous_deal_order``, its
inverted card order (``carry["card_order"]``), its pot (62), effects that last several deals
(33, 34) and the claims used once per Game (base rule 1, modifiers 51, 52, 56 ...).

Each record keeps every player's bets of the deal (``bets``: total put in, ante included), from which
IP-M62-WINNINGS ``net_gain`` reads the winners' net gain. A history may also hold the deals of the
previous Game at the same table (``previous_game``): IP-M62-PREVIOUS ``last_at_table`` reads its last
deal in a Game's first deal, IP-M34-GAME ``carries`` the sets modifier 34 kept in its last two deals.

A deal played without recording its cards (a quick result) still counts: its record (``recorded``
False) keeps its number, winners, pot and bets and nothing else, so a rule reading the previous
deal's winning hand, cards or carried values finds nothing there and does not act.
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
    min_stake: int | None = 2          # None: the sitting's stakes were not recorded
    wild: tuple[Card, ...] = ()
    dead: tuple[Card, ...] = ()
    open_cards: tuple[Card, ...] = ()
    weakest_won: bool = False
    carry: dict[str, object] = field(default_factory=dict)
    claims: tuple[tuple[str, str], ...] = ()        # (player, rule) used in this deal
    bets: dict[str, int] = field(default_factory=dict)   # player -> total bet, ante included
    # False for a deal played without recording its cards (an unrecorded deal of the sitting document:
    # winners, pot and bets only): no winning hand, open, wild or dead card and nothing carried to read.
    recorded: bool = True

    @property
    def net_gain(self) -> int:
        """The winners' net gain (IP-M62-WINNINGS ``net_gain``): the pot less their own bets (bets not
        recorded count as none)."""
        return self.pot - sum(self.bets.get(w, 0) for w in self.winners)


class GameHistory:
    """The deals of one Game so far, in order."""

    def __init__(self, deals: tuple[DealRecord, ...] | list[DealRecord] = (),
                 previous_game: tuple[DealRecord, ...] | list[DealRecord] = ()) -> None:
        self.deals: list[DealRecord] = list(deals)
        # The deals of the previous Game at the same table, in order (IP-M62-PREVIOUS, IP-M34-GAME).
        self.previous_game: tuple[DealRecord, ...] = tuple(previous_game)

    def __len__(self) -> int:
        return len(self.deals)

    @property
    def previous(self) -> DealRecord | None:
        return self.deals[-1] if self.deals else None

    @property
    def last_at_table(self) -> DealRecord | None:
        """The last deal played at the table: the previous deal of this Game, or in a Game's first deal
        the last deal of the previous Game (IP-M62-PREVIOUS ``last_at_table``)."""
        if self.deals:
            return self.deals[-1]
        return self.previous_game[-1] if self.previous_game else None

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

    def carried_across(self, key: str) -> list[tuple[int, object]]:
        """As :meth:`carried`, with the previous Game's deals before this Game's (IP-M34-GAME
        ``carries``): its last deal counts as deal 0, the one before as deal -1, and so on."""
        n = len(self.previous_game)
        earlier = [(d_index + 1 - n, d.carry[key]) for d_index, d in enumerate(self.previous_game)
                   if key in d.carry]
        return earlier + self.carried(key)
