"""One dealt card's state, the states a card can be in, and a player's claim on his cards.

Every dealt card is a :class:`CardState`: the card as dealt (``card``), who got it, on which
circle, face up or not, its state (natural / home / free / wild / dead), the rank and suit the
rules read as real (``real_rank``, ``real_suit``: the dealt ones unless a modifier such as 17-19
declares a new rank real), the rank and suit it plays as (``rank``, ``suit``), its role
(incrementing / decrementing) and the bookkeeping base rules 13, 14 and 22 need. A :class:`Claim`
is a player's declared choice (base rule 1 or a modifier's right) on his cards.

Rules and modifiers never assign to a card: only the deal's state changes it
(:class:`~rules.engines.dragon.state.DealState`), applying the base rules on the way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card, is_honor
from ..cards import card as make_card

__all__ = ["NATURAL", "HOME", "FREE", "WILD", "DEAD", "STATES", "CardState", "Claim", "rule_source"]

NATURAL, HOME, FREE, WILD, DEAD = "natural", "home", "free", "wild", "dead"
STATES = (NATURAL, HOME, FREE, WILD, DEAD)


def rule_source(source: str) -> bool:
    """Whether a trace source is a base rule or table (not a conditional modifier)."""
    return source[:1] in ("B", "T")


class CardState:
    """One dealt card in one deal (mutable; only :class:`~rules.engines.dragon.state.DealState` changes it)."""

    __slots__ = ("seq", "card", "player", "circle", "pos", "open", "state", "real_rank", "real_suit",
                 "rank", "suit", "role", "modified", "frozen", "mods", "prior", "prior_source", "killed_by",
                 "state_source", "held", "rule_rank", "stripped_from")

    def __init__(self, seq: int, card: Card, player: str, circle: int, pos: int, is_open: bool) -> None:
        self.seq = seq                    # dealing order, 0-based
        self.card = card                  # as dealt
        self.player = player
        self.circle = circle              # 1..9
        self.pos = pos                    # the recipient's position from the dealer (1 = first hand)
        self.open = is_open
        self.state = NATURAL
        self.real_rank = card.rank        # what rank-tied modifiers read (base rules 13, 24)
        self.rule_rank = card.rank        # what rank-tied base rules and tables read
        self.real_suit = card.suit
        self.rank = card.rank             # what the hand plays it as
        self.suit = card.suit
        self.role: str | None = None      # "incrementing" | "decrementing"
        self.modified = False             # definition 24: a rule or modifier touched it
        self.frozen = False               # base rule 14 and modifiers 28, 31: no further change
        self.mods: tuple[int, ...] = ()   # conditional modifiers that acted on it (base rule 22)
        self.prior = NATURAL              # the state before its kill (for revivals)
        self.prior_source: str | None = None   # the source of that state (for annulled kills)
        self.killed_by: str | None = None
        self.state_source: str | None = None   # the rule or modifier that gave its present state
        self.held: tuple[str, str] | None = None  # a status a rule could not give it (state, source)
        self.stripped_from: str | None = None     # the source of a status a modifier took away

    @property
    def dead(self) -> bool:
        return self.state == DEAD

    @property
    def live(self) -> bool:
        return self.state != DEAD

    @property
    def natural(self) -> bool:
        return self.state == NATURAL

    @property
    def honor(self) -> bool:
        return is_honor(self.real_rank)

    @property
    def fosk(self) -> bool:
        return not is_honor(self.real_rank)

    @property
    def red(self) -> bool:
        return self.real_suit in ("h", "d")

    @property
    def black(self) -> bool:
        return self.real_suit in ("c", "s")

    @property
    def played(self) -> Card:
        """The card it plays as (modified rank and suit)."""
        return make_card(self.rank, self.suit)

    def is_(self, rank: int, suit: str | None = None) -> bool:
        """Whether its real rank (and suit) are these (base rules 13 and 24)."""
        return self.real_rank == rank and (suit is None or self.real_suit == suit)

    def text(self, lang: str = "en") -> str:
        return self.card.text(lang)

    def __repr__(self) -> str:
        extra = "" if (self.rank, self.suit) == (self.card.rank, self.card.suit) else f"->{self.played}"
        return f"<{self.card}{extra} {self.state} {self.player} c{self.circle}{'o' if self.open else 'd'}>"


@dataclass(slots=True)
class Claim:
    """A player's declared choice: base rule 1 or a modifier's right (``rule`` "B1", "M17" ...).

    ``card`` names the card the claim acts on (a card the player holds), ``cards`` further cards,
    ``suit`` / ``rank`` the value chosen, ``direction`` "up" / "down" or "incrementing" /
    "decrementing", ``cancels`` a rule the claim cancels (M23), ``target`` a card the claim's
    modifying card acts on. ``shown_before_betting`` for the claims that must be shown in time.
    """

    player: str
    rule: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    suit: str | None = None
    rank: int | None = None
    direction: str | None = None
    cancels: str | None = None
    target: Card | None = None
    shown_before_betting: bool = True
    used: bool = field(default=False, compare=False)

    def describe(self) -> str:
        parts = [f"{self.rule} by {self.player}"]
        if self.card is not None:
            parts.append(f"card {self.card}")
        if self.cards:
            parts.append("cards " + " ".join(str(c) for c in self.cards))
        if self.target is not None:
            parts.append(f"target {self.target}")
        if self.suit is not None:
            parts.append(f"suit {self.suit}")
        if self.rank is not None:
            parts.append(f"rank {self.rank}")
        if self.direction is not None:
            parts.append(self.direction)
        if self.cancels is not None:
            parts.append(f"cancels {self.cancels}")
        return "claim " + ", ".join(parts)
