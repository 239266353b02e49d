"""The hand evaluator of the club rules v2.2.1: the best of the 64 hands a player's live cards form.

``evaluate`` takes a hand of 5..10 distinct cards and the states the rules gave them (wild, home,
free, dead), the card and suit orders of the deal and the readings of the interpretation points,
and returns a frozen :class:`HandValue` whose ``key`` orders hands as the seed's "О старшинстве
раскладов" does: category, then the components senior first, then (by base rules 5-6)
naturalness. ``compare`` compares two values; ``tie_break`` applies the rest of base rule 6.

Definitions (the seed's "Определения" 1-4, 13; base rules 3-8):

* a wild card takes any rank and suit, a home card any suit (rank kept), a free card is an honor
  that takes any honor rank (suit kept); a dead card takes no part in any hand;
* a card killed while wild becomes natural (base rule 4), a free card killed becomes home (base
  rule 3); a card is never both free and home (base rule 8);
* naturalness: natural > home > wild, free ranking with home (IP-NAT-FREE); a hand is as natural
  as the least natural card it counts (IP-NAT-USED);
* two kinds of card come only when asked for (``evaluate``'s keywords): a free foska
  (``free_foskas``, IP-M44-FREE ``any_card``) plays as itself or as any honor of its suit, and a
  ``home_level`` card plays only as given but counts at home's level whenever it is counted
  (IP-M14-NATURALNESS ``as_home``); the general search handles both.

"Best" is the greatest key over every choice of values for the changeable cards. The key is
``(-category, components, kickers, naturalness)`` (IP-NAT-ORDER ``category_first``) or
``(naturalness, -category, components, kickers)`` (``naturalness_first``), with naturalness 3
natural, 2 free (IP-NAT-FREE ``between_natural_and_home``), 1 home, 0 wild, and ``3 - level``
when ``naturalness_reversed``. ``components`` are rank and suit strengths in the current orders:
the suit / colour first in suit- and colour-qualified hands, then the components senior first
(a larger group before a smaller, the higher rank first); straights by their top card; the Cross
by its quad, then the suit of its two other cards; oppositions by the difference of the opposed
ranks (the seed's "по большей разнице"); flushes and #62 by their suit / colour, then their ranks
from the highest; #53 by its ranks from the highest. ``kickers`` is empty unless IP-KICKERS is
``remaining_high_to_low``.

Three paths give the same keys: natural cards under the default readings are read off tables
(:mod:`.eval_natural`); changeable cards under the default readings are decided from counts
(:mod:`.eval_flex`), the combination and the values being found by the general search only when
they are asked for; everything else goes to the general search (:mod:`.eval_core`), which the
tests hold against a brute-force reference. Under base rule 7 (``naturalness_reversed``) the
counts give the category and the key all the same (under IP-NAT-ORDER ``category_first``
naturalness comes after them), and the level is the lowest level of a changeable card with
which, counted and changed, a search of that one category still reaches that key.

Category 65 (``nothing``) is below #64: live cards that can form no hand under any choice when
IP-HODGEPODGE does not make them #53. Because #53 is defined by the absence of any other hand
and ranks above #54-#64, a kill can improve a hand into #53, and a wild card can take a hand out
of it; under ``nine_live_cards`` neither happens.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from .. import cards as _cards
from ..errors import RulesError
from ..readings import InterpretationPoint, register, resolve
from . import eval_core as core
from .eval_flex import FlexTables, Problem, flex_best, flex_shape
from .eval_natural import NaturalTables, natural_best, natural_cards
from .hands import BY_NAME, HANDS, NOTHING_CATEGORY

__all__ = ["HandValue", "evaluate", "compare", "tie_break", "NATURALNESS_LEVELS", "READINGS"]

_SUITS = _cards.SUITS
_Card = _cards.Card
_SUIT_INDEX = {s: i for i, s in enumerate(_SUITS)}
_BASE = {s: 1 << (13 * i) for i, s in enumerate(_SUITS)}
_CARD = {(c.rank - 2, _SUIT_INDEX[c.suit]): c for c in _cards.deck52()}

# --- interpretation points of the hand list ---------------------------------------------------

READINGS: tuple[InterpretationPoint, ...] = tuple(register(p) for p in (
    InterpretationPoint(
        id="IP-QUALIFIER-SCOPE", game="dragon",
        question="Does 'of one suit' / 'of one colour' in a hand of several components bind every "
                 "card of the combination, or each component on its own?",
        seed_reference="Hands #10, #13, #20, #21, #26, #28, #32, #33, #35, #40, #42, #43, #46",
        default="whole_combination", alternatives=("each_component",),
        readings_help={
            "whole_combination": "every card of the combination shares the suit / colour (the hand "
                                 "compares that suit / colour first, then the ranks)",
            "each_component": "each quad / triple / pair is of one suit / colour on its own; the "
                              "hand compares (suit or colour, rank) component by component",
        }),
    InterpretationPoint(
        id="IP-KICKERS", game="dragon",
        question="Do the cards outside the combination break ties between equal combinations?",
        seed_reference="О старшинстве раскладов",
        default="none", alternatives=("remaining_high_to_low",),
        readings_help={
            "none": "cards outside the combination are not compared",
            "remaining_high_to_low": "after the components, the live cards outside the "
                                     "combination compare by real rank, highest first",
        }),
    InterpretationPoint(
        id="IP-OPPOSITION", game="dragon",
        question="Is an opposition a pair against the pair of the opposite rank, or two opposing "
                 "couples of one card each?",
        seed_reference="Hand #51 ('Набор из двух противостоящих пар (Двойка- Дракон, Тройка- Великан')",
        default="pair_against_pair", alternatives=("two_couples",),
        readings_help={
            "pair_against_pair": "a pair of a rank and a pair of its opposite rank (2-A, 3-K, ...); "
                                 "compared by the difference of the two ranks (2-A is 12)",
            "two_couples": "two different couples (rank, opposite rank), one card each; compared "
                           "by the larger difference, then the smaller",
        }),
    InterpretationPoint(
        id="IP-NAT-USED", game="dragon",
        question="Which changeable cards make a hand less natural?",
        seed_reference="B5, B6",
        default="changed_only", alternatives=("any_changeable",),
        readings_help={
            "changed_only": "a changeable card of the combination counts only if it plays as a "
                            "value other than its real one",
            "any_changeable": "every changeable card of the combination counts at its level",
        }),
    InterpretationPoint(
        id="IP-NAT-FREE", game="dragon",
        question="Where does a free card stand in the naturalness order natural > home > wild?",
        seed_reference="B5, definition 13",
        default="with_home", alternatives=("between_natural_and_home",),
        readings_help={
            "with_home": "a free card counts as home",
            "between_natural_and_home": "natural > free > home > wild",
        }),
    InterpretationPoint(
        id="IP-NAT-ORDER", game="dragon",
        question="Does naturalness (B5) come before the category, or only after equal hands (B6)?",
        seed_reference="B5, B6",
        default="category_first", alternatives=("naturalness_first",),
        readings_help={
            "category_first": "category, components, then naturalness, bank holder, dealer",
            "naturalness_first": "naturalness, then category and components",
        }),
    InterpretationPoint(
        id="IP-DRAGON-PAIR", game="dragon",
        question="Hand #30 'Каре и две одинаковых карты': are the two cards a pair of one rank or "
                 "two identical cards?",
        seed_reference="Hand #30",
        default="same_rank", alternatives=("identical",),
        readings_help={
            "same_rank": "a quad and a pair of one rank (the ladder #30 -> #21 -> #13)",
            "identical": "a quad and two identical cards (same rank and suit)",
        }),
    InterpretationPoint(
        id="IP-COLOR-OPPOSITION", game="dragon",
        question="Hand #45 'противостояние по парам и мастям': what makes an opposition a colour "
                 "opposition?",
        seed_reference="Hand #45",
        default="suits_mirror", alternatives=("one_colour",),
        readings_help={
            "suits_mirror": "the two pairs hold the same suits (2h 2s Ah As); compared by those "
                            "suits, then the difference",
            "one_colour": "all four cards of one colour; compared by the colour, then the difference",
        }),
    InterpretationPoint(
        id="IP-LITTLE-COLOR-STRAIGHT", game="dragon",
        question="Hand #52 'Литтл-коллер-стрит - Набор из пяти последовательных карт' omits the colour: "
                 "is it five consecutive cards of one colour?",
        seed_reference="Hand #52",
        default="one_colour", alternatives=("any",),
        readings_help={
            "one_colour": "five consecutive ranks of one colour, as the name and the ladder say",
            "any": "five consecutive ranks, as written (then #56 can never be the best hand)",
        }),
    InterpretationPoint(
        id="IP-HODGEPODGE", game="dragon",
        question="Hand #53 'Девять карт с которыми невозможно собрать ни один расклад': when does it occur?",
        seed_reference="Hand #53",
        default="no_hand_from_live_cards", alternatives=("nine_live_cards",),
        readings_help={
            "no_hand_from_live_cards": "whenever the live cards can form no other hand of the list "
                                       "under any choice of values",
            "nine_live_cards": "only with exactly nine live cards forming no other hand (which nine "
                               "cards cannot do); otherwise the hand is 'nothing', below #64",
        }),
    InterpretationPoint(
        id="IP-BIG-GIANT", game="dragon",
        question="Hand #18 'три набора по три одинаковых карты': one suit for all nine cards, or "
                 "identical cards within each triple only?",
        seed_reference="Hand #18",
        default="one_suit", alternatives=("identical_within_triples",),
        readings_help={
            "one_suit": "three triples, all nine cards of one suit (the ladder #36 -> #26 -> #18)",
            "identical_within_triples": "each triple is three identical cards; the triples may "
                                        "differ in suit",
        }),
    InterpretationPoint(
        id="IP-HORSESHOE", game="dragon",
        question="Hands #25, #31, #38 '... и двойка': a pair, or the card Two?",
        seed_reference="Hands #25, #31, #38",
        default="pair", alternatives=("the_card_two",),
        readings_help={
            "pair": "two cards of one rank, as 'двойка' means in #61 and #63",
            "the_card_two": "one card of rank Two (of the same suit / colour in #25 / #31)",
        }),
))

_IDS = tuple(p.id for p in READINGS)

NATURALNESS_LEVELS = {"natural": 3, "free": 2, "home": 1, "wild": 0}
_LEVEL_NAMES = {3: "natural", 2: "free", 1: "home", 0: "wild"}


# --- the value ----------------------------------------------------------------------------------

class HandValue:
    """The best hand of a player's live cards (frozen).

    ``category`` 1..64 (65: nothing), ``name`` its code name, ``cards`` the real cards that form
    the combination, ``values`` the value (rank, suit) every live changeable card plays as,
    ``naturalness`` "natural" / "home" / "wild" (or "free" under IP-NAT-FREE
    ``between_natural_and_home``), ``key`` a totally ordered tuple, larger is better.
    """

    __slots__ = ("_f", "_cards")

    def __init__(self, category: int, name: str, cards, values: Mapping, naturalness: str, key: tuple,
                 source=None) -> None:
        # one slot for the fields keeps the value cheap to make; ``source`` is what the
        # combination is read from when it is deferred (``cards`` None)
        object.__setattr__(self, "_f", (category, name, values, naturalness, key, source))
        object.__setattr__(self, "_cards", cards)

    @property
    def category(self) -> int:
        return self._f[0]

    @property
    def name(self) -> str:
        return self._f[1]

    @property
    def values(self) -> Mapping:
        found = self._f[2]
        if found is None:
            self._realise()
            found = self._f[2]
        return found

    @property
    def naturalness(self) -> str:
        return self._f[3]

    @property
    def key(self) -> tuple:
        return self._f[4]

    @property
    def cards(self) -> tuple:
        """The real cards that form the combination."""
        found = self._cards
        if found is None:
            source = self._f[5]
            if callable(source):
                self._realise()
                return self._cards
            ctx, tables, masks, detail = source
            found = tuple(_CARD[v] for v in natural_cards(ctx, tables, masks, detail))
            object.__setattr__(self, "_cards", found)
        return found

    def _realise(self) -> None:
        """The combination and the values of a hand whose key came from the counting path: the
        general search finds them (the same category and key), only when they are asked for."""
        full = self._f[5]()
        f = self._f
        object.__setattr__(self, "_f", (f[0], f[1], full.values, f[3], f[4], None))
        object.__setattr__(self, "_cards", full.cards)

    @property
    def hand(self):
        """The row of the hand table (``HANDS[category]``)."""
        return HANDS[self.category]

    def __setattr__(self, name, value):
        raise AttributeError(f"HandValue is frozen: cannot set {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"HandValue is frozen: cannot delete {name!r}")

    def _fields(self) -> tuple:
        return (self.category, self.name, self.cards, dict(self.values), self.naturalness, self.key)

    def __eq__(self, other) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((self.category, self.key, self.cards))

    def __repr__(self) -> str:
        return (f"HandValue(category={self.category}, name={self.name!r}, cards=({_cards.format(self.cards)}), "
                f"values={dict(self.values)!r}, naturalness={self.naturalness!r}, key={self.key!r})")

    def __lt__(self, other: HandValue) -> bool:
        return self.key < other.key

    def __le__(self, other: HandValue) -> bool:
        return self.key <= other.key

    def __gt__(self, other: HandValue) -> bool:
        return self.key > other.key

    def __ge__(self, other: HandValue) -> bool:
        return self.key >= other.key


def compare(v1: HandValue, v2: HandValue) -> int:
    """> 0 when ``v1`` is the better hand, 0 when they are equal, < 0 when ``v2`` is better."""
    k1 = v1._f[4]
    k2 = v2._f[4]
    return (k1 > k2) - (k1 < k2)


def tie_break(tied: Iterable, *, bank_holder=None, dealer=None) -> tuple:
    """Base rule 6 after equal keys: of the tied players (ids or seats) the bank holder wins, else
    the dealer; when neither is among them the tie stands and all of them are returned."""
    tied = tuple(tied)
    if not tied:
        raise RulesError("tie_break needs at least one player", value=tied)
    if bank_holder is not None and bank_holder in tied:
        return (bank_holder,)
    if dealer is not None and dealer in tied:
        return (dealer,)
    return tied


# --- input ------------------------------------------------------------------------------------------

def _parse_cards(value, what: str) -> tuple:
    if isinstance(value, _cards.Card):
        found = (value,)
    else:
        found = _cards.parse(value)
    for c in found:
        if c.is_joker:
            raise RulesError(f"{what}: {c} is a joker, not a card of Dragon Poker", value=str(c))
    return found


def _hand_cards(hand) -> tuple:
    found = _parse_cards(hand, "hand")
    if not 5 <= len(found) <= 10:
        raise RulesError(f"a hand has 5 to 10 cards, got {len(found)}: {_cards.format(found)!r}",
                         value=len(found))
    if len(set(found)) != len(found):
        seen = set()
        for c in found:
            if c in seen:
                raise RulesError(f"card {c} appears twice in the hand", value=str(c))
            seen.add(c)
    return found


_CONTEXTS: dict = {}
_FAST: dict = {}        # (card order, suit order) -> context of the default readings


def _context(card_order: str, suit_order: str, readings) -> core.Context:
    if card_order not in ("natural", "inverted"):
        raise RulesError(f"card_order is 'natural' or 'inverted', not {card_order!r}", value=card_order)
    if suit_order not in ("natural", "inverted"):
        raise RulesError(f"suit_order is 'natural' or 'inverted', not {suit_order!r}", value=suit_order)
    chosen = tuple(readings[i] for i in _IDS)
    cache_key = (card_order, suit_order, chosen)
    ctx = _CONTEXTS.get(cache_key)
    if ctx is None:
        ctx = core.Context(card_order, suit_order, dict(zip(_IDS, chosen, strict=True)))
        _CONTEXTS[cache_key] = ctx
    return ctx


def _states(hand: tuple, wild, home, free, dead, home_level=(), free_foskas: bool = False) -> dict:
    """The state of each card of the hand ("natural", "wild", "home", "free", "dead", and
    "home_level" for a natural card that counts at home's naturalness level)."""
    members = set(hand)
    marks: dict = {}
    for state, given in (("wild", wild), ("home", home), ("free", free), ("dead", dead),
                         ("home_level", home_level)):
        if not given:
            continue
        for c in _parse_cards(given, state):
            if c not in members:
                raise RulesError(f"{state} card {c} is not in the hand", value=str(c))
            if state == "free" and not c.is_honor and not free_foskas:
                raise RulesError(f"free card {c} is not an honor (definition 13)", value=str(c))
            marks.setdefault(c, set()).add(state)
    out = {}
    for c, states in marks.items():
        if len(states) == 1:
            out[c] = next(iter(states))
            continue
        if states == {"wild", "dead"}:
            out[c] = "natural"          # base rule 4
        elif states == {"free", "dead"}:
            out[c] = "home"             # base rule 3
        elif states == {"home", "dead"}:
            out[c] = "dead"             # a kill reaches a home card
        elif states == {"free", "home"}:
            raise RulesError(f"card {c} cannot be both free and home (base rule 8)", value=str(c))
        elif states == {"home_level", "dead"}:
            out[c] = "dead"
        else:
            raise RulesError(f"card {c} is given two states: {', '.join(sorted(states))}", value=str(c))
    return out


# --- evaluation -------------------------------------------------------------------------------------

def evaluate(hand, wild=(), home=(), free=(), dead=(), card_order: str = "natural",
             suit_order: str = "natural", readings=None, naturalness_reversed: bool = False, *,
             home_level=(), free_foskas: bool = False) -> HandValue:
    """The best hand of the live cards of ``hand`` (5..10 distinct cards, a string or a sequence of
    tokens / cards) under the given card states, orders and readings.

    ``naturalness_reversed`` flips the naturalness part of the key (base rule 7 is applied by the
    judge, which knows the previous deal).

    ``home_level``: natural cards that play only as given (the hand names them as modified, e.g.
    a suit inverted by modifier 14) but count at home's naturalness level whenever the
    combination counts them, under either reading of IP-NAT-USED (their real value is not the
    one they play as: IP-M14-NATURALNESS ``as_home``). Such a card cannot also be wild, home or
    free; a dead one is ignored.

    ``free_foskas`` lets a foska be free (IP-M44-FREE ``any_card``): it plays as itself or as any
    honor rank of its own suit, and counts at the free level when it plays as an honor (IP-NAT-USED
    ``changed_only``) or whenever counted (``any_changeable``). Without it a free foska is refused
    (definition 13)."""
    if type(hand) is str:
        hand = _cards.parse(hand)       # memoised: a hand string costs what its parsed cards do
    if home_level or free_foskas:
        return _general(hand, wild, home, free, dead, card_order, suit_order, readings, naturalness_reversed,
                        home_level=home_level, free_foskas=free_foskas)
    if not (wild or home or free or dead or readings) and type(hand) in (tuple, list):
        ctx = _FAST.get((card_order, suit_order))
        if ctx is not None and 5 <= len(hand) <= 10:
            # natural cards given as Card objects: the table-driven path, no parsing; the 52
            # cards are bits of one integer, 13 per suit (anything else takes the long way)
            bits = 0
            try:
                for c in hand:
                    bits |= _BASE[c.suit] << c.rank
            except (KeyError, AttributeError, TypeError):
                bits = -1
            if bits > 0 and bits.bit_count() == len(hand):
                bits >>= 2
                M = (bits & 0x1FFF, bits >> 13 & 0x1FFF, bits >> 26 & 0x1FFF, bits >> 39)
                got = natural_best(ctx, ctx.tables, *M)
                if got is not None:
                    cat, comps, detail = got
                    return HandValue(cat, _NAMES[cat], None, _EMPTY_VALUES, "natural",
                                     (-cat, comps, (), 0 if naturalness_reversed else 3),
                                     (ctx, ctx.tables, M, detail))
                return _natural_masks(ctx, tuple(hand), M, naturalness_reversed)
    elif type(hand) in (tuple, list):
        got = _counted_input(hand, wild, home, free, dead, card_order, suit_order, readings,
                             naturalness_reversed)
        if got is not None:
            return got
    return _general(hand, wild, home, free, dead, card_order, suit_order, readings, naturalness_reversed)


def _card_bits(cards) -> int:
    """The bits of a tuple or list of distinct cards (13 per suit from bit 2 on); -1 for anything
    else, which takes the long way."""
    if type(cards) not in (tuple, list):
        return -1
    base = _BASE
    bits = 0
    for c in cards:
        bits |= base[c.suit] << c.rank
    return bits if bits.bit_count() == len(cards) else -1


_COUNTED_MEMO: dict = {}
# Whole hands recur within a deal and its advice (the same hand evaluated for every claim tried),
# rarely across deals: a small memo keeps the hits and bounds a long-running process's memory
# (an entry holds a whole HandValue, about 0.8 kB).
COUNTED_MEMO_LIMIT = 16_384
_NO_HAND = ()
_HONOR_BITS = sum(_BASE[s] << r for s in _SUITS for r in (11, 12, 13, 14))


def _split(bits: int) -> list:
    bits >>= 2
    return [bits & 0x1FFF, bits >> 13 & 0x1FFF, bits >> 26 & 0x1FFF, bits >> 39]


def _counted_input(hand, wild, home, free, dead, card_order, suit_order, readings, reversed_):
    """Changeable or dead cards given as Card objects under the default readings: the counting
    path (:func:`_counted_key`), or the natural path's tables when only natural cards are live,
    straight from bit sets; None for the general path. The combination and the values are left
    to the general path, which finds them when they are asked for."""
    ctx = _FAST.get((card_order, suit_order))
    if ctx is None or not 5 <= len(hand) <= 10:
        return None
    if readings:
        rd = resolve(readings, games=("dragon",))
        if tuple(rd[i] for i in _IDS) != _DEFAULT_CHOSEN:
            return None
    # the cards as bits, 13 per suit from bit 2 on; anything but tuples or lists of distinct
    # Card objects takes the long way, and its errors
    base = _BASE
    hb = 0
    try:
        for c in hand:
            hb |= base[c.suit] << c.rank
        if hb.bit_count() != len(hand):
            return None
        wb = _card_bits(wild) if wild else 0
        hob = _card_bits(home) if home else 0
        fb = _card_bits(free) if free else 0
        db = _card_bits(dead) if dead else 0
    except (KeyError, AttributeError, TypeError):
        return None
    if wb < 0 or hob < 0 or fb < 0 or db < 0:
        return None
    if (wb | hob | fb | db) & ~hb or fb & ~_HONOR_BITS or wb & hob or wb & fb or fb & hob:
        return None             # refused or unusual: the general path says why
    # base rules 3-4: a killed wild card is natural, a killed free card home; a killed home or
    # natural card is dead
    if db:
        wild_live = wb & ~db
        free_live = fb & ~db
        home_live = (hob & ~db) | (fb & db)
        live = hb & ~(db & ~wb & ~fb)
    else:
        wild_live = wb
        free_live = fb
        home_live = hob
        live = hb
    if not (wild_live or free_live or home_live):
        # only natural cards live (IP-HODGEPODGE no_hand_from_live_cards: none forms #53)
        M = _split(live)
        got = natural_best(ctx, ctx.tables, *M)
        nat = 0 if reversed_ else 3
        realise = _Realise((tuple(hand), tuple(wild), tuple(home), tuple(free), tuple(dead), card_order,
                            suit_order, None, reversed_))
        if got is None:
            comps = tuple(sorted((ctx.rs[c.rank - 2] for c in hand if live >> c.rank & _BASE[c.suit]),
                                 reverse=True))
            return HandValue(53, "hodgepodge", None, _EMPTY_VALUES, "natural", (-53, comps, (), nat), realise)
        cat, comps, _detail = got
        return HandValue(cat, _NAMES[cat], None, _EMPTY_VALUES, "natural", (-cat, comps, (), nat), realise)
    # the same live cards in the same states give the same answer (the advisor and the judge
    # evaluate a hand again and again under other claims)
    memo_key = (ctx, live, wild_live, home_live, free_live)
    got = _COUNTED_MEMO.get(memo_key)
    if got is None:
        natural = live & ~wild_live & ~free_live & ~home_live
        H = [0] * 13
        hmask = h2mask = 0
        if home_live:
            h = home_live >> 2
            h0 = h & 0x1FFF
            h1 = h >> 13 & 0x1FFF
            h2 = h >> 26 & 0x1FFF
            h3 = h >> 39
            hmask = h0 | h1 | h2 | h3
            h2mask = (h0 & (h1 | h2 | h3)) | (h1 & (h2 | h3)) | (h2 & h3)
            m = hmask
            if h2mask:
                while m:
                    low = m & -m
                    r = low.bit_length() - 1
                    H[r] = (h0 >> r & 1) + (h1 >> r & 1) + (h2 >> r & 1) + (h3 >> r & 1)
                    m ^= low
            else:
                while m:
                    low = m & -m
                    H[low.bit_length() - 1] = 1
                    m ^= low
        if free_live:
            f = free_live >> 2
            F = [(f & 0x1FFF).bit_count(), (f >> 13 & 0x1FFF).bit_count(), (f >> 26 & 0x1FFF).bit_count(),
                 (f >> 39).bit_count()]
        else:
            F = [0, 0, 0, 0]
        natural >>= 2
        got = _counted_key(ctx, [natural & 0x1FFF, natural >> 13 & 0x1FFF, natural >> 26 & 0x1FFF, natural >> 39],
                           wild_live.bit_count(), H, F, live.bit_count(), natural << 2 | wild_live, live,
                           bool(free_live or home_live), (hmask, h2mask, home_live.bit_count()))
        if len(_COUNTED_MEMO) > COUNTED_MEMO_LIMIT:
            _COUNTED_MEMO.clear()
        if got is None:
            _COUNTED_MEMO[memo_key] = _NO_HAND
            return None
        _COUNTED_MEMO[memo_key] = got
    elif got is _NO_HAND:
        return None
    cat, comps, level = got
    if reversed_:
        # base rule 7: the same category and key (naturalness comes after them, IP-NAT-ORDER
        # category_first), at the least natural level a card can be counted and changed in it
        level = _REVERSED_MEMO.get(memo_key)
        if level is None:
            level = _reversed_level(ctx, live & ~wild_live & ~free_live & ~home_live, wild_live, home_live,
                                    free_live, cat, comps, got[2])
            if len(_REVERSED_MEMO) > COUNTED_MEMO_LIMIT:
                _REVERSED_MEMO.clear()
            _REVERSED_MEMO[memo_key] = level
        return HandValue(cat, _NAMES[cat], None, None, _LEVEL_NAMES[level], (-cat, comps, (), 3 - level),
                         _Realise((tuple(hand), tuple(wild), tuple(home), tuple(free), tuple(dead), card_order,
                                   suit_order, None, True)))
    return HandValue(cat, _NAMES[cat], None, None, _LEVEL_NAMES[level], (-cat, comps, (), level),
                     _Realise((tuple(hand), tuple(wild), tuple(home), tuple(free), tuple(dead), card_order,
                               suit_order, None, False)))


_REVERSED_MEMO: dict = {}


def _reversed_level(ctx, natural: int, wild: int, home: int, free: int, cat: int, comps, level: int) -> int:
    """The naturalness level of the best hand ``(cat, comps)`` under base rule 7 (default
    readings): the lowest level of a changeable card that some realisation of that very hand
    counts and changes (IP-NAT-USED changed_only), else natural. The general search's
    :func:`_changeable` asks the same question card by card, lowest level first; the cards are
    bit sets, 13 a suit from bit 2 on. ``level`` is the hand's level when not reversed."""
    if level == 0:
        return 0
    flex: list[core.Flex] = []
    for bits, kind in ((wild, 0), (home, 1), (free, 2)):    # the wild cards first: level 0
        bits >>= 2
        while bits:
            low = bits & -bits
            b = low.bit_length() - 1
            ri = b % 13
            si = b // 13
            if kind == 0:
                flex.append(core.Flex(core.ALL_RANKS, core.ALL_SUITS, ri, si, 0))
            elif kind == 1:
                flex.append(core.Flex(1 << ri, core.ALL_SUITS, ri, si, 1))
            else:
                flex.append(core.Flex(core.HONOR_RANKS | 1 << ri, 1 << si, ri, si, 1))
            bits ^= low
    return _least_natural(ctx, _split(natural), flex, cat, comps, level)


def _least_natural(ctx, masks, flex, cat: int, comps, level: int) -> int:
    """:func:`_reversed_level` for the general path's card lists (fixed cards by suit masks).

    The most natural level bounds the search: at level 0 no realisation keeps every counted wild
    card at its real value (a changed card outside the combination may as well play as itself),
    so one of them is counted and changed; at level 1 the same holds of the changeable cards of
    every level, and only the wild cards remain to be tried."""
    if level == 0:
        return 0
    shape = ctx.shapes[cat]
    for i in sorted(range(len(flex)), key=lambda i: flex[i].level):
        if level == 1 and flex[i].level:
            return 1
        # the best hand of that category with this card counted and changed: never above the
        # best hand, so reaching its key is reaching the hand
        got = shape(ctx, core.State(list(masks), flex, i, True))
        if got is not None and got[0] == comps:
            return flex[i].level
    return 3


class _Realise:
    """The general path's answer for the same input, asked for only when the combination or the
    values are (a callable source of :class:`HandValue`)."""

    __slots__ = ("args",)

    def __init__(self, args: tuple) -> None:
        self.args = args

    def __call__(self) -> HandValue:
        return _general(*self.args, counted=False)


def _counted_key(ctx, M, wild: int, H, F, n: int, wild_masks, real, has_home: bool, home=(-1, 0, 0)):
    """``(category, key, naturalness level)`` from counts (:mod:`.eval_flex`), or None when no
    hand is formed (#53 and "nothing" are left to the general search). ``home``: the ranks with
    a home card, with two or more, and their number, when known. ``wild_masks`` and ``real``
    are suit masks, or the same cards as one bit set (13 bits a suit from bit 2 on)."""
    flex_tables = ctx.flex_tables
    problem = Problem(M, wild, H, F, n, *home)
    got = flex_best(flex_tables, problem)
    if got is None:
        return None
    cat, comps = got
    # base rules 5-6, IP-NAT-USED changed_only: the most natural way to reach the same hand; a
    # card below the level tried plays as itself, and a restricted choice reaches nothing better
    # (the real values are among the choices of the home and free cards, so a hand the cards
    # reach at their real values is reached with the wild cards alone at theirs)
    if wild and has_home:
        if type(wild_masks) is int:
            wild_masks = _split(wild_masks)
        if flex_shape(flex_tables, cat, problem.fix_wild(wild_masks)) != comps:
            return cat, comps, 0
    if type(real) is int:
        real = _split(real)
    nat = natural_best(ctx, ctx.tables, *real)
    if nat is not None and nat[0] == cat and nat[1] == comps:
        return cat, comps, 3
    return cat, comps, 0 if wild and not has_home else 1


def _general(hand, wild, home, free, dead, card_order, suit_order, readings, naturalness_reversed,
             counted: bool = True, home_level=(), free_foskas: bool = False) -> HandValue:
    cards = _hand_cards(hand)
    rd = resolve(readings, games=("dragon",)) if readings else _DEFAULT_READINGS
    ctx = _context(card_order, suit_order, rd)
    if not (wild or home or free or dead or home_level) and (rd is _DEFAULT_READINGS or _all_default(rd)):
        return _natural_fast(ctx, cards, naturalness_reversed)
    if wild or home or free or dead or home_level:
        states = _states(cards, wild, home, free, dead, home_level, free_foskas)
        if home_level or free_foskas:
            # the counting path knows neither kind of card: the search decides
            counted = counted and not any(st == "home_level" or (st == "free" and not c.is_honor)
                                          for c, st in states.items())
    else:
        states = None
    free_level = 2 if rd["IP-NAT-FREE"] == "between_natural_and_home" else 1
    masks = [0, 0, 0, 0]
    flex: list[core.Flex] = []
    flex_cards: list = []
    live: list = []
    for c in cards:
        state = states.get(c, "natural") if states else "natural"
        if state == "dead":
            continue
        live.append(c)
        ri = c.rank - 2
        si = _SUIT_INDEX[c.suit]
        if state == "natural":
            masks[si] |= 1 << ri
        elif state == "wild":
            flex.append(core.Flex(core.ALL_RANKS, core.ALL_SUITS, ri, si, 0))
            flex_cards.append(c)
        elif state == "home":
            flex.append(core.Flex(1 << ri, core.ALL_SUITS, ri, si, 1))
            flex_cards.append(c)
        elif state == "home_level":
            # one value, its own: counted at home's level whenever it is in the combination
            flex.append(core.Flex(1 << ri, 1 << si, ri, si, 1))
            flex_cards.append(c)
        else:
            # a free foska (IP-M44-FREE any_card) also plays as itself
            flex.append(core.Flex(core.HONOR_RANKS | 1 << ri, 1 << si, ri, si, free_level))
            flex_cards.append(c)
    if not flex:
        return _natural(ctx, rd, masks, live, naturalness_reversed)
    if counted and getattr(ctx, "flex_tables", None) is not None:
        got = _counted(ctx, masks, flex, flex_cards, live, naturalness_reversed)
        if got is not None:
            return got
    return _changeable(ctx, rd, masks, flex, flex_cards, live, naturalness_reversed)


def _counted(ctx, masks, flex, flex_cards, live, reversed_=False):
    """:func:`_counted_key` for the general path's card lists (and :func:`_least_natural` when
    ``reversed_``); the combination and the values are left to the general search, which finds
    them when they are asked for."""
    wild = 0
    home = [0] * 13
    free = [0, 0, 0, 0]
    real = list(masks)
    wild_masks = list(masks)
    has_home = False
    for f in flex:
        real[f.si] |= 1 << f.ri
        if f.level == 0:
            wild += 1
            wild_masks[f.si] |= 1 << f.ri
        elif f.sm == core.ALL_SUITS:
            home[f.ri] += 1
            has_home = True
        else:
            free[f.si] += 1
            has_home = True
    got = _counted_key(ctx, masks, wild, home, free, len(live), wild_masks, real, has_home)
    if got is None:
        return None
    cat, comps, level = got
    if reversed_:
        level = _least_natural(ctx, masks, flex, cat, comps, level)

    def realise():
        return _changeable(ctx, _DEFAULT_READINGS, masks, flex, flex_cards, live, reversed_)

    return HandValue(cat, _NAMES[cat], None, None, _LEVEL_NAMES[level],
                     (-cat, comps, (), 3 - level if reversed_ else level), realise)


_DEFAULT_READINGS = resolve({}, games=("dragon",))
_DEFAULT_CHOSEN = tuple(_DEFAULT_READINGS[i] for i in _IDS)
_TABLES: dict[str, NaturalTables] = {}
_EMPTY_VALUES = MappingProxyType({})


def _all_default(rd) -> bool:
    return all(rd.is_default(i) for i in _IDS)


def _tables(ctx) -> NaturalTables:
    order = "natural" if ctx.rs[0] == 0 else "inverted"
    tables = _TABLES.get(order)
    if tables is None:
        tables = _TABLES[order] = NaturalTables(ctx.rs)
    return tables


for _co in ("natural", "inverted"):
    for _so in ("natural", "inverted"):
        _FAST[(_co, _so)] = _context(_co, _so, _DEFAULT_READINGS)
        _FAST[(_co, _so)].tables = _tables(_FAST[(_co, _so)])
        _FAST[(_co, _so)].flex_tables = FlexTables(_FAST[(_co, _so)])


def _natural_fast(ctx, cards, reversed_) -> HandValue:
    """All cards natural and live, default readings: the table-driven path."""
    M = [0, 0, 0, 0]
    for c in cards:
        M[_SUIT_INDEX[c.suit]] |= 1 << (c.rank - 2)
    return _natural_masks(ctx, cards, M, reversed_)


def _natural_masks(ctx, cards, M, reversed_) -> HandValue:
    tables = ctx.tables
    if tables is None:
        tables = ctx.tables = _tables(ctx)
    got = natural_best(ctx, tables, *M)
    nat = 0 if reversed_ else 3
    if got is None:
        comps = tuple(sorted((ctx.rs[c.rank - 2] for c in cards), reverse=True))
        return HandValue(53, "hodgepodge", cards, _EMPTY_VALUES, "natural", (-53, comps, (), nat))
    cat, comps, detail = got
    return HandValue(cat, _NAMES[cat], None, _EMPTY_VALUES, "natural", (-cat, comps, (), nat),
                     (ctx, tables, M, detail))


def _natural(ctx, rd, masks, live, reversed_) -> HandValue:
    st = core.State(masks, [])
    got = core.best(ctx, st)
    if got is None:
        return _no_hand(ctx, rd, live, [], [], reversed_)
    cat, comps, detail = got
    combo = _combo(ctx, st, detail, [])
    kickers, combo = _kickers(ctx, rd, st, detail, combo, live, [])
    return _value(ctx, rd, cat, comps, kickers, 3, combo, [], [], reversed_)


class _Config:
    """The search problem of one naturalness threshold: cards below it are fixed at their real
    value (IP-NAT-USED ``changed_only``) or left out (``any_changeable``)."""

    __slots__ = ("st", "flex_cards", "result", "combo", "kickers")

    def __init__(self, st, flex_cards) -> None:
        self.st = st
        self.flex_cards = flex_cards


def _config(masks, flex, flex_cards, threshold: int, changed_only: bool, must_card=None) -> _Config:
    m = list(masks)
    keep: list = []
    keep_cards: list = []
    for f, c in zip(flex, flex_cards, strict=True):
        if f.level >= threshold:
            keep.append(f)
            keep_cards.append(c)
        elif changed_only and not _fixed_level(f):
            m[f.si] |= 1 << f.ri
    must = keep_cards.index(must_card) if must_card is not None else -1
    must_changed = changed_only and must >= 0 and not _fixed_level(keep[must])
    return _Config(core.State(m, keep, must, must_changed), keep_cards)


def _fixed_level(f: core.Flex) -> bool:
    """A card of ``home_level``: one value, and its level counts whenever it is in the combination
    (no other changeable card has a single value)."""
    return f.rm == 1 << f.ri and f.sm == 1 << f.si


def _solve(ctx, rd, cfg: _Config, live, below: int = 65):
    got = core.best(ctx, cfg.st, below)
    if got is None:
        return None
    cat, comps, detail = got
    combo = _combo(ctx, cfg.st, detail, cfg.flex_cards)
    kickers, combo = _kickers(ctx, rd, cfg.st, detail, combo, live, cfg.flex_cards)
    return (cat, comps, kickers), combo


def _solve_shape(ctx, rd, cfg: _Config, live, cat: int):
    """The best hand of category ``cat`` alone: enough to tell whether a more restricted search
    reaches the hand already found (it can reach nothing better)."""
    got = ctx.shapes[cat](ctx, cfg.st)
    if got is None:
        return None
    comps, detail = got
    combo = _combo(ctx, cfg.st, detail, cfg.flex_cards)
    kickers, combo = _kickers(ctx, rd, cfg.st, detail, combo, live, cfg.flex_cards)
    return (cat, comps, kickers), combo


def _rank_key(result) -> tuple:
    cat, comps, kickers = result
    return (-cat, comps, kickers)


def _changeable(ctx, rd, masks, flex, flex_cards, live, reversed_) -> HandValue:
    changed_only = rd["IP-NAT-USED"] == "changed_only"
    levels = sorted({f.level for f in flex}, reverse=True)       # present levels, most natural first
    lowest = levels[-1]
    thresholds = [3] + [lv for lv in levels if lv < 3]
    category_first = rd["IP-NAT-ORDER"] == "category_first"
    if not reversed_:
        if category_first:
            full = _solve(ctx, rd, _config(masks, flex, flex_cards, lowest, changed_only), live)
            if full is None:
                return _no_hand(ctx, rd, live, flex, flex_cards, reversed_)
            target = _rank_key(full[0])
            for threshold in thresholds:
                if threshold == lowest:
                    got, level = full, lowest
                    break
                got = _solve_shape(ctx, rd, _config(masks, flex, flex_cards, threshold, changed_only), live,
                                   full[0][0])
                if got is not None and _rank_key(got[0]) == target:
                    level = threshold
                    break
        else:
            for threshold in thresholds:
                got = _solve(ctx, rd, _config(masks, flex, flex_cards, threshold, changed_only), live)
                if got is not None:
                    level = threshold
                    break
            else:
                return _no_hand(ctx, rd, live, flex, flex_cards, reversed_)
    else:
        # the least natural way: some changeable card of level l is counted (and changed) in it
        order = sorted(range(len(flex)), key=lambda i: flex[i].level)
        if category_first:
            full = _solve(ctx, rd, _config(masks, flex, flex_cards, lowest, changed_only), live)
            if full is None:
                return _no_hand(ctx, rd, live, flex, flex_cards, reversed_)
            target = _rank_key(full[0])
            got, level = full, 3
            for i in order:
                if flex[i].level >= level:
                    break
                trial = _solve_shape(ctx, rd, _config(masks, flex, flex_cards, lowest, changed_only,
                                                      must_card=flex_cards[i]), live, full[0][0])
                if trial is not None and _rank_key(trial[0]) == target:
                    got, level = trial, flex[i].level
                    break
        else:
            got = None
            level = 3
            for lv in sorted({f.level for f in flex}):
                for i in order:
                    if flex[i].level != lv:
                        continue
                    trial = _solve(ctx, rd, _config(masks, flex, flex_cards, lowest, changed_only,
                                                    must_card=flex_cards[i]), live)
                    if trial is not None and (got is None or _rank_key(trial[0]) > _rank_key(got[0])):
                        got = trial
                if got is not None:
                    level = lv
                    break
            if got is None:
                got = _solve(ctx, rd, _config(masks, flex, flex_cards, lowest, changed_only), live)
                if got is None:
                    return _no_hand(ctx, rd, live, flex, flex_cards, reversed_)
    (cat, comps, kickers), combo = got
    return _value(ctx, rd, cat, comps, kickers, level, combo, flex, flex_cards, reversed_)


def _no_hand(ctx, rd, live, flex, flex_cards, reversed_) -> HandValue:
    """No hand of the list under any choice: #53 (hodgepodge) or 65 (nothing), IP-HODGEPODGE."""
    if rd["IP-HODGEPODGE"] == "no_hand_from_live_cards" or len(live) == 9:
        cat = 53
        comps = tuple(sorted((ctx.rs[c.rank - 2] for c in live), reverse=True))
        combo = [(c, None) for c in live]
        if reversed_ or rd["IP-NAT-USED"] == "any_changeable":
            # every live card is in the combination, and its value does not matter
            level = min((f.level for f in flex), default=3)
        else:
            # a home_level card counts in it all the same
            level = min((f.level for f in flex if _fixed_level(f)), default=3)
        kickers = ()
    else:
        cat = NOTHING_CATEGORY
        comps = ()
        combo = []
        level = 3
        kickers = (tuple(sorted((ctx.rs[c.rank - 2] for c in live), reverse=True))
                   if rd["IP-KICKERS"] == "remaining_high_to_low" else ())
    return _value(ctx, rd, cat, comps, kickers, level, combo, flex, flex_cards, reversed_)


def _value(ctx, rd, cat, comps, kickers, level, combo, flex, flex_cards, reversed_) -> HandValue:
    nat = 3 - level if reversed_ else level
    if rd["IP-NAT-ORDER"] == "category_first":
        key = (-cat, comps, kickers, nat)
    else:
        key = (nat, -cat, comps, kickers)
    values = {}
    for c in flex_cards:
        values[c] = (c.rank, c.suit)
    used = []
    for c, value in combo:
        used.append(c)
        if value is not None and c in values:
            values[c] = (value[0] + 2, _SUITS[value[1]])
    return HandValue(cat, _NAMES[cat], tuple(used), MappingProxyType(values),
                     _LEVEL_NAMES[level], key)


_NAMES = {h.number: h.name for h in BY_NAME.values()}


def _combo(ctx, st: core.State, detail, flex_cards) -> list:
    """The combination as ``(real card, value or None)``; a value is ``(ri, si)`` for a changeable
    card, None for a card playing as itself."""
    out = []
    if detail[0] == "flush":
        _, sm, chosen = detail
        for _strength, is_fixed, r, x in chosen:
            if is_fixed:
                out.append((_CARD[(r, x)], None))
            else:
                f = st.flex[x]
                changed = x == st.must and st.must_changed
                out.append((flex_cards[x], _flex_value(ctx, f, 1 << r, sm, changed)))
        return out
    if detail[0] == "honor":
        _, fixed_value, x, value = detail
        if fixed_value is not None:
            return [(_CARD[fixed_value], None)]
        return [(flex_cards[x], value)]
    groups, assignment = detail
    taken = [0] * len(groups)
    for x, gi in assignment.items():
        taken[gi] += 1
        rm, sm = groups[gi][0], groups[gi][1]
        changed = x == st.must and st.must_changed
        out.append((flex_cards[x], _flex_value(ctx, st.flex[x], rm, sm, changed)))
    M = st.M
    for gi, (rm, sm, size, _fixed) in enumerate(groups):
        need = size - taken[gi]
        if need <= 0:
            continue
        # weakest ranks first: the cards left out are the better kickers
        for r in reversed(ctx.rorder):
            if not rm >> r & 1:
                continue
            for s in ctx.sorder:
                if sm >> s & 1 and M[s] >> r & 1:
                    out.append((_CARD[(r, s)], None))
                    need -= 1
                    if need == 0:
                        break
            if need == 0:
                break
    return out


def _flex_value(ctx, f: core.Flex, rm: int, sm: int, changed: bool):
    rmask = f.rm & rm
    smask = f.sm & sm
    if not changed and rmask >> f.ri & 1 and smask >> f.si & 1:
        return (f.ri, f.si)
    return core._best_flex_value(ctx, f, rm, sm, changed)


def _slots(detail) -> list:
    """The slots of the combination: one ``(rank mask, suit mask)`` per card it needs."""
    if detail[0] == "flush":
        _, sm, chosen = detail
        return [(1 << c[2], sm) for c in chosen]
    if detail[0] == "honor":
        _, fixed_value, _x, value = detail
        r = fixed_value[0] if fixed_value is not None else value[0]
        return [(1 << r, core.ALL_SUITS)]
    out = []
    for rm, sm, size, _fixed in detail[0]:
        out.extend([(rm, sm)] * size)
    return out


def _kickers(ctx, rd, st, detail, combo, live, flex_cards):
    if rd["IP-KICKERS"] != "remaining_high_to_low":
        return (), combo
    return _best_kickers(ctx, st, _slots(detail), live, flex_cards)


def _best_kickers(ctx, st, slots, live, flex_cards):
    """The live cards outside the combination by real rank, highest first, choosing which cards
    fill the combination's slots so that the cards left out are the best: the cards that can be
    left out are the complements of the bases of a transversal matroid, so the greedy choice,
    highest rank first, is optimal. Returns the kickers and the combination."""
    flex_index = {c: i for i, c in enumerate(flex_cards)}
    cands = []          # card, rank mask, suit mask, must, must change, ri, si, flexible
    for c in live:
        ri = c.rank - 2
        si = _SUIT_INDEX[c.suit]
        i = flex_index.get(c)
        if i is not None:
            f = st.flex[i]
            cands.append((c, f.rm, f.sm, i == st.must, st.must_changed and i == st.must, ri, si, f))
        elif st.M[si] >> ri & 1:
            cands.append((c, 1 << ri, 1 << si, False, False, ri, si, None))
        else:
            cands.append((c, 0, 0, False, False, ri, si, None))    # left out of this search
    order = sorted(range(len(cands)), key=lambda i: -ctx.rs[cands[i][5]])
    out_count = len(live) - len(slots)
    excluded: set[int] = set()
    for i in order:
        if len(excluded) == out_count:
            break
        if cands[i][3]:
            continue
        if _fill(slots, cands, excluded | {i}) is not None:
            excluded.add(i)
    owner = _fill(slots, cands, excluded)
    combo = []
    for i, j in sorted(owner.items(), key=lambda item: item[1]):
        c, _rm, _sm, _must, changed, _ri, _si, f = cands[i]
        if f is None:
            combo.append((c, None))
        else:
            combo.append((c, _flex_value(ctx, f, slots[j][0], slots[j][1], changed)))
    return tuple(sorted((ctx.rs[cands[i][5]] for i in excluded), reverse=True)), combo


def _fill(slots, cands, excluded):
    """A card for every slot (card index -> slot index), the must card among them, or None."""
    owner: dict[int, int] = {}

    def fits(i: int, j: int) -> bool:
        c = cands[i]
        rm, sm = slots[j]
        r = c[1] & rm
        s = c[2] & sm
        if not r or not s:
            return False
        if c[4] and r == 1 << c[5] and s == 1 << c[6]:
            return False
        return True

    def augment(j: int, seen: set[int]) -> bool:
        for i in range(len(cands)):
            if i in excluded or i in seen or not fits(i, j):
                continue
            seen.add(i)
            if i not in owner or augment(owner[i], seen):
                owner[i] = j
                return True
        return False

    # the must card first, so that the matching keeps it
    for i, c in enumerate(cands):
        if c[3]:
            for j in range(len(slots)):
                if fits(i, j):
                    owner[i] = j
                    break
    for j in range(len(slots)):
        if j in owner.values():
            continue
        if not augment(j, set()):
            return None
    if any(c[3] and i not in owner for i, c in enumerate(cands)):
        return None
    return owner
