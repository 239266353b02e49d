"""Six-card hands of the casino variant and of the book's order: classification, keys, showdown.

Source: ``seeds/dragon-poker-rules.txt``, first part. The casino list ("Старшинство комбинаций")
has 13 combinations; the book's dialogue gives 12 hands in ascending order. A six-card hand has
exactly one combination, fixed by the pattern of its ranks (4+2, 3+3, 2+2+2, ...) and by whether
it is one suit or one sequence, so no choice among sub-hands is ever needed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from .. import cards as _cards
from ..cards import Card
from ..errors import RulesError
from ..readings import Readings, resolve
from .readings import (
    BOOK_EQUAL,
    BOOK_ROYAL,
    HIGH_CARD,
    INVERSION,
    NUMBERING,
    SUIT_TIEBREAK,
    TOP_CARD,
    TOP_CARD_SCOPE,
    TRUMP_SCOPE,
)

__all__ = [
    "Hand", "HandTable", "HandValue", "HANDS", "BOOK_HANDS", "ORDERS",
    "evaluate", "compare", "situation", "showdown", "keep_best", "hand_cards",
]

ORDERS = ("casino", "book")


@dataclass(frozen=True, slots=True)
class Hand:
    """One row of a ranking of hands: ``category`` 1 is the best; ``ru`` is the seed's line verbatim;
    ``seed_number`` is the number the seed prints (the casino list prints 9 twice)."""

    category: int
    name: str
    ru: str
    seed_number: int | None


class HandTable:
    """The hands of one order, indexed from 1 (the best) like ``dragon.HANDS``; iterating goes top
    to bottom."""

    __slots__ = ("_rows", "_by_name", "order")

    def __init__(self, order: str, rows: Iterable[Hand]) -> None:
        self.order = order
        self._rows = tuple(rows)
        self._by_name = {row.name: row for row in self._rows}

    def __getitem__(self, category: int) -> Hand:
        if isinstance(category, bool) or not isinstance(category, int) or not 1 <= category <= len(self._rows):
            raise RulesError(f"the {self.order} order has categories 1..{len(self._rows)}, not {category!r}",
                             value=category)
        return self._rows[category - 1]

    def __iter__(self) -> Iterator[Hand]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def by_name(self, name: str) -> Hand:
        try:
            return self._by_name[name]
        except KeyError:
            raise RulesError(f"no hand named {name!r} in the {self.order} order", value=name)

    def names(self) -> tuple[str, ...]:
        return tuple(row.name for row in self._rows)


HANDS = HandTable("casino", (
    Hand(1, "straight_flush", "1. Стрит-флэш - 6 любых карт одной масти по порядку достоинств, "
                              "например, 4-5-6-7-8-9 пик.", 1),
    Hand(2, "dragon", '2. Дракон - "каре" плюс "пара" в одной руке.', 2),
    Hand(3, "two_triples", "3. Две тройки - 2 комплекта по 3 карты одного достоинства.", 3),
    Hand(4, "flush", "4. Масть - 6 карт одной масти.", 4),
    Hand(5, "collision", "5. Столкновение - три пары, при дополнительном условии, что в каждой из "
                         "трёх пар - одинаковые масти. Например, 3-7-Т пик и 3-7-Т червей.", 5),
    Hand(6, "quad", "6. Каре (четыре) - 4 карты одного достоинства.", 6),
    Hand(7, "straight", "7. Стрит - 6 карт любой масти по порядку достоинств, например, 3-4-5-6-7-8 "
                        "разных мастей.", 7),
    Hand(8, "full_house", "8. Фулл-хауз (2+3) - 2 карты одного и 3 карты другого одинакового достоинства", 8),
    Hand(9, "three_pairs", "9. Три пары - 3 пары по 2 карты одного достоинства, например, две шестерки, "
                           "две десятки и два туза.", 9),
    Hand(10, "triple", "9. Тройка - 3 карты одного достоинства, например, три шестерки.", 9),
    Hand(11, "two_pairs", "10. Две пары - 2 пары по 2 карты одинаковых достоинств, например, две "
                          "десятки и два туза.", 10),
    Hand(12, "pair", "11. Пара - 2 карты одного достоинства, например, две десятки.", 11),
    Hand(13, "high_card", "12. Старшая карта - ни одной комбинации не совпало. Если у обоих игроков "
                          "такой вариант - сравниваются старшие карты на руках.", 12),
))

# The dialogue lists the hands in ascending order; the list here is top to bottom like HANDS.
BOOK_HANDS = HandTable("book", (
    Hand(1, "royal_flush", "Флешь-рояль.", None),
    Hand(2, "full_dragon", "Полный дракон (каре плюс пара)", None),
    Hand(3, "full_belly", "Полное брюхо (два набора трех одного номинала)", None),
    Hand(4, "straight", "Стрит (эти два последних расклада котируются выше и реверсируются из-за "
                        "шестой карты)", None),
    Hand(5, "flush", "Флеш", None),
    Hand(6, "four_of_a_kind", "Каре (четыре одного номинала)", None),
    Hand(7, "full_house", "Полный дом (три одного номинала плюс пара)", None),
    Hand(8, "three_pairs", "Три пары", None),
    Hand(9, "three_of_a_kind", "Три одного номинала", None),
    Hand(10, "two_pairs", "Две пары", None),
    Hand(11, "pair", "Одна пара", None),
    Hand(12, "honor", "Онер", None),
))

_HANDS_BY_ORDER = {"casino": HANDS, "book": BOOK_HANDS}

# The shapes a six-card hand can have, by rank pattern; the names are the casino's.
_SUIT_STRENGTH = {"h": 3, "d": 2, "c": 1, "s": 0}   # hearts > diamonds > clubs > spades
_SEQUENCE_CATEGORIES = frozenset({"straight_flush", "straight"})
_MAIN_GROUP_CATEGORIES = frozenset({"dragon", "full_house"})


@dataclass(frozen=True, slots=True)
class HandValue:
    """The value of a six-card hand under one order.

    ``cards`` are the cards forming the combination, best first (the ace of a 6-5-4-3-2-A straight
    last); ``top`` is the card that decides between equal combinations; ``key`` is totally
    ordered, larger is better; ``hand`` is all six cards.
    """

    name: str
    category: int
    cards: tuple[Card, ...]
    key: tuple[int, ...]
    top: Card
    hand: tuple[Card, ...]
    order: str = "casino"

    @property
    def ru(self) -> str:
        return _HANDS_BY_ORDER[self.order][self.category].ru

    def holds(self, suit: str, scope: str = "combination") -> bool:
        """Whether the combination (or, with ``scope="hand"``, the hand) holds a card of ``suit``."""
        if scope not in ("combination", "hand"):
            raise RulesError(f"a trump scope is 'combination' or 'hand', not {scope!r}", value=scope)
        pool = self.hand if scope == "hand" else self.cards
        return any(c.suit == suit for c in pool)

    def to_dict(self) -> dict:
        return {"name": self.name, "category": self.category, "order": self.order,
                "cards": [str(c) for c in self.cards], "top": str(self.top),
                "hand": [str(c) for c in self.hand], "key": list(self.key)}


def hand_cards(hand: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Six distinct cards of the 52-card deck, else :class:`RulesError` naming the problem."""
    if isinstance(hand, HandValue):
        return hand.hand
    parsed = _cards.parse(hand)
    if len(parsed) != 6:
        raise RulesError(f"a casino hand has exactly six cards, got {len(parsed)}: "
                         f"{_cards.format(parsed) or 'none'}", value=len(parsed), rule="C2")
    for c in parsed:
        if c.is_joker:
            raise RulesError("the casino variant is played with 52 cards; a joker is not allowed",
                             value=str(c), rule="C2")
    seen: set[Card] = set()
    for c in parsed:
        if c in seen:
            raise RulesError(f"card {c} appears twice in the hand", value=str(c), rule="C2")
        seen.add(c)
    return parsed


def _straight_top(ranks: set[int]) -> int | None:
    """The top rank of a six-card sequence (6 for 6-5-4-3-2-A), or None."""
    if len(ranks) != 6:
        return None
    if max(ranks) - min(ranks) == 5:
        return max(ranks)
    if ranks == {14, 2, 3, 4, 5, 6}:
        return 6
    return None


def _casino_shape(hand: tuple[Card, ...]) -> tuple[str, tuple[Card, ...], int | None]:
    """The casino combination's name, the cards forming it, and a straight's top rank."""
    counts = Counter(c.rank for c in hand)
    pattern = tuple(sorted(counts.values(), reverse=True))
    flush = len({c.suit for c in hand}) == 1
    top_rank = _straight_top(set(counts))
    if top_rank is not None:
        return ("straight_flush" if flush else "straight"), hand, top_rank
    if flush:
        return "flush", hand, None
    if pattern == (4, 2):
        return "dragon", hand, None
    if pattern == (3, 3):
        return "two_triples", hand, None
    if pattern == (2, 2, 2):
        # Combination 5: the three pairs use the same two suits pair by pair
        # (the seed's 3-7-A of spades and 3-7-A of hearts).
        suit_sets = {frozenset(c.suit for c in hand if c.rank == r) for r in counts}
        return ("collision" if len(suit_sets) == 1 else "three_pairs"), hand, None
    if pattern == (4, 1, 1):
        return "quad", tuple(c for c in hand if counts[c.rank] == 4), None
    if pattern == (3, 2, 1):
        return "full_house", tuple(c for c in hand if counts[c.rank] >= 2), None
    if pattern == (3, 1, 1, 1):
        return "triple", tuple(c for c in hand if counts[c.rank] == 3), None
    if pattern == (2, 2, 1, 1):
        return "two_pairs", tuple(c for c in hand if counts[c.rank] == 2), None
    if pattern == (2, 1, 1, 1, 1):
        return "pair", tuple(c for c in hand if counts[c.rank] == 2), None
    best = max(hand, key=lambda c: (c.rank, _SUIT_STRENGTH[c.suit]))
    return "high_card", (best,), None


_BOOK_NAME = {
    "straight_flush": "royal_flush", "dragon": "full_dragon", "two_triples": "full_belly",
    "flush": "flush", "collision": "three_pairs", "quad": "four_of_a_kind", "straight": "straight",
    "full_house": "full_house", "three_pairs": "three_pairs", "triple": "three_of_a_kind",
    "two_pairs": "two_pairs", "pair": "pair", "high_card": "honor",
}


def _card_value(c: Card, ace_low: bool) -> int:
    return 1 if ace_low and c.rank == 14 else c.rank


def _tier(order: str, name: str, category: int, rd: Readings) -> int:
    size = len(_HANDS_BY_ORDER[order])
    if order == "casino" and name == "triple" and rd[NUMBERING.id] == "shared_rank":
        category = HANDS.by_name("three_pairs").category
    return size + 1 - category


def _value(hand: tuple[Card, ...], order: str, rd: Readings) -> HandValue:
    name, combo, straight_top = _casino_shape(hand)
    ace_low = straight_top == 6
    category_name = name
    if order == "book":
        category_name = _BOOK_NAME[name]
        # The glossary's royal flush is any suited sequence; the alternative keeps only A-high,
        # and a lower suited sequence then ranks as the book's straight (above flush).
        if (category_name == "royal_flush" and rd[BOOK_ROYAL.id] == "ace_high_only"
                and straight_top != 14):
            category_name = "straight"
    ranking = _HANDS_BY_ORDER[order]
    category = ranking.by_name(category_name).category
    counts = Counter(c.rank for c in combo)
    ordered = tuple(sorted(combo, key=lambda c: (-counts[c.rank] if straight_top is None else 0,
                                                  -_card_value(c, ace_low), -_SUIT_STRENGTH[c.suit])))

    def strength(c: Card) -> tuple[int, int]:
        return _card_value(c, ace_low), _SUIT_STRENGTH[c.suit]

    pool = hand if rd[TOP_CARD_SCOPE.id] == "hand" else combo
    if name in _MAIN_GROUP_CATEGORIES and rd[TOP_CARD.id] == "main_group":
        group = max(counts.values())
        pool = tuple(c for c in combo if counts[c.rank] == group)
    top = max(pool, key=strength)
    if rd[SUIT_TIEBREAK.id] == "any_card_suit":
        suit = max(_SUIT_STRENGTH[c.suit] for c in pool)
    else:
        suit = _SUIT_STRENGTH[top.suit]
    tier = _tier(order, category_name, category, rd)
    if order == "book" and rd[BOOK_EQUAL.id] == "category_only":
        key: tuple[int, ...] = (tier,)
    elif name == "high_card" and rd[HIGH_CARD.id] == "all_cards":
        key = (tier, *sorted((c.rank for c in hand), reverse=True), suit)
    else:
        key = (tier, _card_value(top, ace_low), suit)
    return HandValue(name=category_name, category=category, cards=ordered, key=key, top=top,
                     hand=tuple(sorted(hand, key=lambda c: (-c.rank, -_SUIT_STRENGTH[c.suit]))),
                     order=order)


def _check_order(order: str) -> None:
    if order not in _HANDS_BY_ORDER:
        raise RulesError(f"an order is 'casino' or 'book', not {order!r}", value=order)


def evaluate(hand, order: str = "casino", readings: Mapping[str, str] | None = None) -> HandValue:
    """The value of a six-card hand: ``evaluate("As Ah 7s 7h 3s 3h").name == "collision"``.

    ``order="casino"`` gives the 13 combinations of the casino list, ``order="book"`` the 12 hands
    of the book's order. ``readings`` choose among the casino interpretation points.
    """
    _check_order(order)
    rd = resolve(readings, games=("casino",))
    return _value(hand_cards(hand), order, rd)


def compare(a: HandValue, b: HandValue) -> int:
    """> 0 when ``a`` is the better value, 0 when equal, < 0 when ``b`` is better (no situation)."""
    if a.order != b.order:
        raise RulesError(f"cannot compare a {a.order} value with a {b.order} value", value=b.order)
    return (a.key > b.key) - (a.key < b.key)


_TRUMPS = {0: "s", 15: "c", 30: "d", 45: "h"}


def situation(minute: int) -> dict:
    """The situational rules for the minute of the first reveal on the house clock (C7):
    ``{"trump": "s"|"c"|"d"|"h"|None, "inversion": bool}``."""
    if isinstance(minute, bool) or not isinstance(minute, int) or not 0 <= minute <= 59:
        raise RulesError(f"the reveal minute is a whole number 0..59, not {minute!r}", value=minute,
                         rule="C7")
    quarter, offset = divmod(minute, 15)
    return {"trump": _TRUMPS[quarter * 15] if offset <= 4 else None, "inversion": offset >= 10}


def _as_value(side, order: str, rd: Readings) -> HandValue:
    if isinstance(side, HandValue):
        if side.order != order:
            raise RulesError(f"a {side.order} value cannot be judged in the {order} order", value=side.order)
        return side
    return _value(hand_cards(side), order, rd)


def outcome(player: HandValue, house: HandValue, sit: Mapping, rd: Readings) -> tuple[int, str]:
    """+1 player, -1 house, 0 tie, with the rule that decided ("trump", "inversion", "rank")."""
    trump = sit["trump"]
    if trump is not None:
        scope = rd[TRUMP_SCOPE.id]
        p, h = player.holds(trump, scope), house.holds(trump, scope)
        if p != h:
            return (1 if p else -1), "trump"
    plain = (player.key > house.key) - (player.key < house.key)
    if sit["inversion"]:
        if rd[INVERSION.id] == "category_only" and player.key[0] == house.key[0]:
            return plain, "inversion"
        return -plain, "inversion"
    return plain, "rank"


def showdown(player, house, minute: int, readings: Mapping[str, str] | None = None,
             order: str = "casino") -> str:
    """Who wins at a reveal at ``minute``: ``"player"``, ``"house"`` or ``"tie"``.

    Trumps (minutes 00-04 spades, 15-19 clubs, 30-34 diamonds, 45-49 hearts): a combination
    holding a trump beats one holding none; inversion (10-14, 25-29, 40-44, 55-59): the lower
    combination wins. The two hands may share cards (a test fixture, a what-if); a real deal never
    does.
    """
    _check_order(order)
    rd = resolve(readings, games=("casino",))
    sit = situation(minute)
    result, _ = outcome(_as_value(player, order, rd), _as_value(house, order, rd), sit, rd)
    return "player" if result > 0 else "house" if result < 0 else "tie"


def keep_best(hand) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The house's fixed draw: keep the cards of its casino combination, discard the rest.

    Every six-card hand has exactly one casino combination, so the kept cards are fixed: all six
    for a straight flush, dragon, two triples, flush, collision, straight and three pairs; the
    four of a quad; the triple and pair of a full house; the three of a triple; the four of two
    pairs; the two of a pair; for a high card the single highest card (by rank, ace high, then by
    suit hearts > diamonds > clubs > spades). The readings do not change what is kept.
    Returns ``(kept, discarded)``, each in the hand's order.
    """
    six = hand_cards(hand)
    _, combo, _ = _casino_shape(six)
    kept = set(combo)
    return tuple(c for c in six if c in kept), tuple(c for c in six if c not in kept)
