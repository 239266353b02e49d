"""Playing cards: parsing and printing in both notations, decks, orders and rank arithmetic.

The club rules (definitions 5-14 of the seed) fix the vocabulary used here:

* card order: natural = Dragon (ace) high, Two low; inverted = Two high, Dragon low;
* suit order: natural = hearts > diamonds > clubs > spades; inverted = the reverse;
* colours: red = hearts, diamonds; black = clubs, spades;
* opposite suits: hearts-spades, diamonds-clubs (definition 14);
* opposite ranks, "as when inverting the order": 2-A, 3-K, 4-Q, 5-J, 6-10, 7-9; 8 has none;
* raising / lowering a rank is cyclic over the 13 ranks (definitions 9-10).

Notations: English ``Ah Kd 10c Ts 2s`` (T or 10 for ten) and the seeds' Russian
``Тп Кб 10т 3ч`` (ranks В Д К Т for J Q K A; suits ч = hearts, б = diamonds, т or к = clubs,
п = spades). Jokers, for the trick game, are ``Jo`` (``Дж`` in Russian).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .errors import RulesError

__all__ = [
    "RANKS", "SUITS", "HONORS", "JOKER_RANK", "Card", "CardSyntaxError", "JOKER",
    "parse", "parse_one", "format", "deck", "deck52", "deck54", "shuffled",
    "colour", "opposite_suit", "opposite_rank", "raise_rank", "lower_rank",
    "rank_strength", "suit_strength", "colour_strength", "is_honor", "rank_name",
]

RANKS: tuple[int, ...] = tuple(range(2, 15))
SUITS: tuple[str, ...] = ("h", "d", "c", "s")          # natural suit order, highest first
HONORS: frozenset[int] = frozenset({11, 12, 13, 14})  # Elf, Unicorn, Giant, Dragon
JOKER_RANK = 0
JOKER_SUIT = "j"

_EN_RANK = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
            11: "J", 12: "Q", 13: "K", 14: "A"}
_RU_RANK = {**_EN_RANK, 11: "В", 12: "Д", 13: "К", 14: "Т"}
_RU_SUIT = {"h": "ч", "d": "б", "c": "т", "s": "п"}

_RANK_TOKENS: dict[str, int] = {}
for _rank, _text in _EN_RANK.items():
    _RANK_TOKENS[_text.upper()] = _rank
for _rank, _text in _RU_RANK.items():
    _RANK_TOKENS[_text.upper()] = _rank
_RANK_TOKENS["T"] = 10
_SUIT_TOKENS = {"H": "h", "D": "d", "C": "c", "S": "s",
                "Ч": "h", "Б": "d", "Т": "c", "К": "c", "П": "s",
                # The symbols the site shows cards with, black and white, so what is shown can be typed back.
                "♥": "h", "♦": "d", "♣": "c", "♠": "s", "♡": "h", "♢": "d", "♧": "c", "♤": "s"}
# Phones add a variation selector to a suit symbol (text or emoji presentation).
_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")
_JOKER_TOKENS = {"JO", "JOKER", "ДЖ", "ДЖОКЕР"}

_RANK_NAMES = {
    "en": {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
           9: "Nine", 10: "Ten", 11: "Elf", 12: "Unicorn", 13: "Giant", 14: "Dragon"},
    "ru": {2: "Двойка", 3: "Тройка", 4: "Четвёрка", 5: "Пятёрка", 6: "Шестёрка", 7: "Семёрка",
           8: "Восьмёрка", 9: "Девятка", 10: "Десятка", 11: "Эльф", 12: "Единорог",
           13: "Великан", 14: "Дракон"},
}


class CardSyntaxError(RulesError):
    """A card token that is not a card in either notation."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card: ``rank`` 2..14 (11 J Elf, 12 Q Unicorn, 13 K Giant, 14 A Dragon) and ``suit``
    ``h`` ``d`` ``c`` ``s``; a joker has rank 0 and suit ``j``."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if self.suit == JOKER_SUIT:
            if self.rank != JOKER_RANK:
                raise RulesError(f"a joker has no rank, got {self.rank!r}", value=self.rank)
            return
        if self.rank not in _EN_RANK:
            raise RulesError(f"card rank {self.rank!r} is not one of 2..14", value=self.rank)
        if self.suit not in _RU_SUIT:
            raise RulesError(f"card suit {self.suit!r} is not one of h d c s", value=self.suit)

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    @property
    def index(self) -> int:
        """0..51 for the 52 cards (suit-major in natural suit order), 52 for a joker."""
        if self.is_joker:
            return 52
        return SUITS.index(self.suit) * 13 + (self.rank - 2)

    @property
    def colour(self) -> str:
        return colour(self.suit)

    @property
    def is_honor(self) -> bool:
        return self.rank in HONORS

    def with_rank(self, rank: int) -> Card:
        return card(rank, self.suit)

    def with_suit(self, suit: str) -> Card:
        return card(self.rank, suit)

    def text(self, lang: str = "en") -> str:
        if self.is_joker:
            return "Дж" if lang == "ru" else "Jo"
        if lang == "ru":
            return _RU_RANK[self.rank] + _RU_SUIT[self.suit]
        return _EN_RANK[self.rank] + self.suit

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Card({self.text('en')})"


_INTERNED: dict[tuple[int, str], Card] = {(r, s): Card(r, s) for s in SUITS for r in RANKS}
JOKER = Card(JOKER_RANK, JOKER_SUIT)
_INTERNED[(JOKER_RANK, JOKER_SUIT)] = JOKER


def card(rank: int, suit: str) -> Card:
    """The card of this rank and suit (shared instances)."""
    found = _INTERNED.get((rank, suit))
    return found if found is not None else Card(rank, suit)


def parse_one(token: str | Card) -> Card:
    """One card from a token in either notation; an unknown token raises
    :class:`CardSyntaxError` naming it."""
    if isinstance(token, Card):
        return token
    if not isinstance(token, str):
        raise CardSyntaxError(f"not a card: {token!r}", value=token, code="not_a_card")
    return _parse_token(token)


# Cards arrive as the same few dozen tokens and, from the site and the checkers, as the same hand
# strings again and again: parsing them once keeps a string as quick to evaluate as parsed cards.
# A refused token raises every time (lru_cache keeps no exceptions).
@lru_cache(maxsize=1024)
def _parse_token(token: str) -> Card:
    text = token.strip().translate(_VARIATION_SELECTORS)
    upper = text.upper()
    if upper in _JOKER_TOKENS:
        return JOKER
    if len(text) >= 2:
        rank = _RANK_TOKENS.get(upper[:-1])
        suit = _SUIT_TOKENS.get(upper[-1])
        if rank is not None and suit is not None:
            return _INTERNED[(rank, suit)]
    raise CardSyntaxError(f"not a card: {token!r}", value=token, code="not_a_card")


@lru_cache(maxsize=65536)
def _parse_text(text: str) -> tuple[Card, ...]:
    return tuple(_parse_token(token) for token in text.replace(",", " ").split())


def parse(cards: str | Card | Iterable[str | Card]) -> tuple[Card, ...]:
    """Cards from a space- or comma-separated string, or from an iterable of tokens / cards.

    ``parse("Ah Kd 10c Ts")``, ``parse("Тч Кб 10т 3п")``, ``parse(["Jo", "2s"])``.
    """
    if isinstance(cards, Card):
        return (cards,)
    if isinstance(cards, str):
        return _parse_text(cards)
    try:
        tokens: Iterable[str | Card] = list(cards)
    except TypeError:
        raise CardSyntaxError(f"not a card list: {cards!r}", value=cards)
    return tuple(parse_one(token) for token in tokens)


def format(cards: Iterable[Card | str], lang: str = "en", sep: str = " ") -> str:  # noqa: A001
    """Print cards in the English (``en``) or Russian (``ru``) notation."""
    if lang not in ("en", "ru"):
        raise RulesError(f"unknown card notation language {lang!r}", value=lang)
    return sep.join(parse_one(c).text(lang) for c in cards)


def deck52() -> tuple[Card, ...]:
    """The 52-card deck in a fixed order (suits h d c s, ranks 2..A)."""
    return tuple(_INTERNED[(r, s)] for s in SUITS for r in RANKS)


def deck54() -> tuple[Card, ...]:
    """The 52 cards and two jokers (the trick game's deck)."""
    return deck52() + (JOKER, JOKER)


def deck(jokers: int = 0) -> tuple[Card, ...]:
    if jokers not in (0, 2):
        raise RulesError(f"a deck has 0 or 2 jokers, not {jokers!r}", value=jokers)
    return deck54() if jokers else deck52()


def shuffled(cards: Sequence[Card], seed: int | str) -> tuple[Card, ...]:
    """The cards shuffled by ``random.Random(seed)``: the same seed, the same order."""
    rng = random.Random(seed)
    out = list(cards)
    rng.shuffle(out)
    return tuple(out)


def colour(suit: str) -> str:
    """``red`` for hearts and diamonds, ``black`` for clubs and spades."""
    if suit in ("h", "d"):
        return "red"
    if suit in ("c", "s"):
        return "black"
    raise RulesError(f"unknown suit {suit!r}", value=suit)


_OPPOSITE_SUIT = {"h": "s", "s": "h", "d": "c", "c": "d"}


def opposite_suit(suit: str) -> str:
    """Definition 14: hearts-spades, diamonds-clubs."""
    try:
        return _OPPOSITE_SUIT[suit]
    except KeyError:
        raise RulesError(f"unknown suit {suit!r}", value=suit)


def _check_rank(rank: int) -> None:
    if rank not in _EN_RANK:
        raise RulesError(f"card rank {rank!r} is not one of 2..14", value=rank)


def opposite_rank(rank: int) -> int | None:
    """The rank opposite ``rank`` as when inverting the card order: 2-A, 3-K, ... 7-9; None for 8."""
    _check_rank(rank)
    return None if rank == 8 else 16 - rank


def raise_rank(rank: int, by: int) -> int:
    """Definition 9: raising is cyclic over the 13 ranks (Unicorn raised by 4 is a Three)."""
    _check_rank(rank)
    return (rank - 2 + by) % 13 + 2


def lower_rank(rank: int, by: int) -> int:
    """Definition 10: lowering is cyclic (Two lowered by 3 is a Unicorn)."""
    return raise_rank(rank, -by)


def _check_order(order: str) -> None:
    if order not in ("natural", "inverted"):
        raise RulesError(f"an order is 'natural' or 'inverted', not {order!r}", value=order)


def rank_strength(rank: int, order: str = "natural") -> int:
    """0 (lowest) .. 12 (highest) under the card order (definitions 5 and 8)."""
    _check_order(order)
    _check_rank(rank)
    return rank - 2 if order == "natural" else 14 - rank


def suit_strength(suit: str, order: str = "natural") -> int:
    """0 (lowest) .. 3 (highest) under the suit order (definitions 11-12)."""
    _check_order(order)
    if suit not in _OPPOSITE_SUIT:
        raise RulesError(f"unknown suit {suit!r}", value=suit)
    natural = 3 - SUITS.index(suit)
    return natural if order == "natural" else 3 - natural


def colour_strength(col: str, order: str = "natural") -> int:
    """Colour order follows the suit order: red over black in the natural order."""
    _check_order(order)
    if col not in ("red", "black"):
        raise RulesError(f"a colour is 'red' or 'black', not {col!r}", value=col)
    natural = 1 if col == "red" else 0
    return natural if order == "natural" else 1 - natural


def is_honor(rank: int) -> bool:
    """Definition 25: Elf, Unicorn, Giant, Dragon are honors; the rest are foskas."""
    return rank in HONORS


def rank_name(rank: int, lang: str = "en") -> str:
    """The club's name of a rank: Dragon, Giant, Unicorn, Elf, Ten ... (or in Russian)."""
    _check_rank(rank)
    return _RANK_NAMES["ru" if lang == "ru" else "en"][rank]
