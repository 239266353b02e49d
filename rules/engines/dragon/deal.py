"""Dealing one deal circle by circle.

The seed ("Порядок сдачи карт"): dealing starts left of the dealer, clockwise, one card at a
time; the default order of circles is three dark, five open, one dark. Base rule 15 (Table 1)
deals a whole deal dark; modifiers 5, 6, 12 and 75 change the pattern on cards already dealt,
so the pattern of the next circle is known only when the previous one is complete.

:class:`Dealing` is the step API: :meth:`Dealing.next_circle` says which circle comes next,
open or dark, who receives and the kind of each one's card; :meth:`Dealing.deal` records one card
(a duplicate or a non-card is refused, naming the card). :func:`deal_from_seed` deals a whole deal
from a seeded shuffle.

Nine circles by default. Modifiers 5 and 6 can change that under their alternative readings:
IP-M6-LENGTH ``eight_circles`` deals modifier 6's printed order of eight circles; IP-M5-SCOPE
``extra_dark_card`` deals a tenth, dark circle where the last open circle was due, and
``single_last_card`` deals only the dealer's card of the last open circle dark. So the number of
cards (:attr:`Dealing.total`) is known only as the deal goes. Under IP-M5-AFTERMATH
``pattern_before_m5`` the modifiers count open circles in the pattern as modifier 5 found it
(:class:`DealtPattern`'s ``before_m5``).

Base rule 15's Monday count runs clockwise from the player at North: the seat taken, or under
IP-M53-SCOPE ``everything`` the seat modifier 53 leaves him (the first dealer is always the player
physically at North: "никакие модификаторы не влияют на этот порядок"). In a deal base rule 15 deals
all dark, no pattern hook runs, except modifier 75's under IP-M75-RULE15 ``m75_wins`` (its first
circle is open anyway).

Nine cards to each of six or more players are more than one 52-card deck; the seed does not
say how such a table plays. IP-DECKS: by default two decks are shuffled together when one is not
enough, so a card may then be dealt twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..cards import Card, deck52, parse_one, shuffled
from ..errors import RulesError
from ..readings import InterpretationPoint, Readings, register
from .context import number_from_north
from .facts import DealFacts
from .modifiers.base import DealtCard, PatternView, apply_patterns, registry
from .modifiers.deal import DARK_THEN_OPEN, OPEN_DEALER_DARK, UNDEALT
from .presets import Ruleset
from .presets import ruleset as get_ruleset
from .tables import all_dark

__all__ = ["CARDS_PER_PLAYER", "DEFAULT_PATTERN", "Circle", "Dealing", "DealtPattern", "deal_from_seed", "decks_for"]

CARDS_PER_PLAYER = 9
DEFAULT_PATTERN: tuple[str, ...] = ("dark", "dark", "dark", "open", "open", "open", "open", "open", "dark")
# A planned circle already begun, as the pattern hooks see it: modifier 5's alternative kinds are open circles.
_AS_PLANNED = {DARK_THEN_OPEN: "open", OPEN_DEALER_DARK: "open"}

register(InterpretationPoint(
    id="IP-DECKS", game="dragon", seed_reference="seed 'Порядок сдачи карт' (nine cards each)",
    question="Nine cards each for six or more players need more than 52 cards: how is it dealt?",
    default="two_decks_when_needed", alternatives=("one_deck_only",),
    readings_help={"two_decks_when_needed": "two 52-card decks shuffled together when 9 x players > 52",
                   "one_deck_only": "one deck: at most five players"}))


def decks_for(players: int, readings: Readings) -> int:
    if players * CARDS_PER_PLAYER <= 52:
        return 1
    if readings["IP-DECKS"] == "one_deck_only":
        raise RulesError(f"{players} players need {players * CARDS_PER_PLAYER} cards; one deck has 52",
                         value=players, rule="IP-DECKS")
    return 2


@dataclass(frozen=True, slots=True)
class Circle:
    number: int                   # 1, 2, ... in dealing order
    kind: str                     # "open" | "dark"
    recipients: tuple[str, ...]   # in dealing order: the dealer's left-hand neighbour first
    kinds: tuple[str, ...] = ()   # each recipient's card, "open" | "dark" (IP-M5-SCOPE single_last_card
    #                               deals the dealer's card of an open circle dark)

    def kind_for(self, player_id: str) -> str:
        """Whether ``player_id``'s card of this circle is dealt open or dark."""
        return self.kinds[self.recipients.index(player_id)] if self.kinds else self.kind


class DealtPattern(tuple):
    """The kinds of the circles dealt, in order ("open" / "dark"). ``before_m5`` is the same circles
    as modifier 5 found them: a circle it dealt dark is "open" there (IP-M5-AFTERMATH
    ``pattern_before_m5``)."""

    def __new__(cls, kinds=(), before_m5=None):
        self = super().__new__(cls, kinds)
        self.before_m5 = tuple(kinds) if before_m5 is None else tuple(before_m5)
        return self

    def __getnewargs__(self):
        return (tuple(self), self.before_m5)


class Dealing:
    """One deal being dealt. ``facts`` fixes the players, the dealer and the time.

    The pattern hooks plan nine circles. A planned circle is dealt as it says, except the kinds
    modifiers 5 and 6 give under their alternative readings (``modifiers.deal``): ``undealt`` (IP-M6-LENGTH
    ``eight_circles``) is not dealt, ``dark_then_open`` (IP-M5-SCOPE ``extra_dark_card``) is a dark
    circle followed by the open one, ``open_dealer_dark`` (IP-M5-SCOPE ``single_last_card``) an open
    circle whose last card, the dealer's, is dealt dark. So a deal has eight to ten circles."""

    def __init__(self, facts: DealFacts, readings: Readings, *, ruleset: Ruleset | None = None) -> None:
        registry()                                # the pattern hooks' interpretation points
        self.facts = facts
        self.readings = readings
        self.ruleset = ruleset or get_ruleset("club-2.2.1")
        self.disabled = self.ruleset.disabled
        self.decks = decks_for(facts.players, readings)
        self.dealt: list[DealtCard] = []
        self.kinds: list[str] = []            # the kind of every circle begun so far
        self._slot: list[int] = []            # the planned circle (1..9) every circle begun deals
        self._plan: list[str] = []            # the hooks' kind of every planned circle begun
        self._dark_at: dict[int, int] = {}    # circle -> the position dealt dark in an open circle
        self._before_m5: dict[int, str] = {}  # circle -> its kind before modifier 5 made it dark
        self._ahead: tuple[tuple[int, int], int] | None = None   # (cards, circles begun) -> circles ahead
        self._counts: Counter[tuple[int, str]] = Counter()
        table = facts.table
        if readings["IP-M53-SCOPE"] == "everything":     # base rule 15 counts from the changed North
            dealer_number = number_from_north(facts.seats, facts.dealer)
        else:
            dealer_number = table.player_number(facts.dealer)
        self.all_dark = self.ruleset.club_tables and all_dark(
            facts.number, facts.weekday, dealer_number,
            listed_only=readings["IP-T1-RANGE"] == "listed_only")
        self._notes: list[tuple[str, tuple[str, ...], tuple[str, ...], str]] | None = None
        # The pattern changes that decided a circle as it was begun (source, before, after, text): a
        # hook's change is known only while the circles it changes are still to come, so it is kept
        # when a circle is fixed, not read back once every card is dealt.
        self._taken: list[tuple[str, tuple[str, ...], tuple[str, ...], str]] = []
        self._trying = False                  # the plan is tried ahead and put back: note nothing

    # ------------------------------------------------------------------ the plan
    def _view_cards(self) -> list[DealtCard]:
        """The cards dealt so far as the pattern hooks count circles: by planned circle, without the
        dark circle modifier 5 added (IP-M5-SCOPE extra_dark_card)."""
        if len(self._slot) == len(set(self._slot)):
            return self.dealt
        out = []
        for c in self.dealt:
            slot = self._slot[c.circle - 1]
            if self._plan[slot - 1] == DARK_THEN_OPEN and not c.open:
                continue
            out.append(c if slot == c.circle else replace(c, circle=slot))
        return out

    def _predict(self, frm: int) -> PatternView:
        """The hooks' plan of the nine circles, planned circle ``frm`` on not yet begun."""
        begun = [_AS_PLANNED.get(kind, kind) for kind in self._plan]
        view = PatternView(self.facts, self.readings, self._view_cards(),
                           begun + list(DEFAULT_PATTERN[len(begun):]), frm)
        if self.all_dark:
            view.pattern = begun + ["dark"] * (CARDS_PER_PLAYER - len(begun))
            m75 = registry().get(75)
            if (m75 is not None and m75.pattern is not None and 75 not in self.disabled
                    and self.readings["IP-M75-RULE15"] == "m75_wins"):
                view.current = "M75"
                m75.pattern(view)
                view.current = ""
            return view
        apply_patterns(view, self.disabled)
        if self.ruleset.pattern is not None:
            self.ruleset.pattern(view)
        return view

    def _begin(self) -> bool:
        """Fix the kind of the next circle (False: the deal has no more circles)."""
        if self._slot and self._plan[-1] == DARK_THEN_OPEN and self._slot.count(self._slot[-1]) == 1:
            self.kinds.append("open")             # the open circle after modifier 5's dark one
            self._slot.append(self._slot[-1])
            return True
        while len(self._plan) < CARDS_PER_PLAYER:
            slot = len(self._plan) + 1
            view = self._predict(slot)
            kind = view.pattern[slot - 1]
            self._plan.append(kind)
            if not self._trying:
                self._keep_notes(view.notes, slot)
            if kind == UNDEALT:
                continue
            number = len(self.kinds) + 1
            self.kinds.append("dark" if kind == DARK_THEN_OPEN else "open" if kind == OPEN_DEALER_DARK else kind)
            self._slot.append(slot)
            if kind == OPEN_DEALER_DARK:
                self._dark_at[number] = self.facts.players - 1
            elif kind == "dark" and any(source == "M5" and before[slot - 1] == "open" and after[slot - 1] == "dark"
                                        for source, before, after, _text in view.notes):
                self._before_m5[number] = "open"
            return True
        return False

    def _keep_notes(self, notes, slot: int) -> None:
        """Keep the changes that decided planned circle ``slot``, each change of a hook once."""
        for note in notes:
            source, before, after, _text = note
            if before[slot - 1] == after[slot - 1]:
                continue
            if not any(kept[0] == source and kept[2] == after for kept in self._taken):
                self._taken.append(note)

    def _circles_ahead(self) -> int:
        """How many more circles the deal has after the circles begun, as the pattern stands on the
        cards dealt so far (the plan is tried and put back)."""
        key = (len(self.dealt), len(self.kinds))
        if self._ahead is not None and self._ahead[0] == key:
            return self._ahead[1]
        kinds, plan = len(self.kinds), len(self._plan)
        ahead = 0
        self._trying = True
        try:
            while self._begin():
                ahead += 1
        finally:
            self._trying = False
        del self.kinds[kinds:], self._slot[kinds:], self._plan[plan:]
        for table in (self._dark_at, self._before_m5):
            for number in [n for n in table if n > kinds]:
                del table[number]
        self._ahead = (key, ahead)
        return ahead

    def _open(self, number: int, pos: int) -> bool:
        return self.kinds[number - 1] == "open" and self._dark_at.get(number) != pos

    # ------------------------------------------------------------------ the step API
    @property
    def total(self) -> int:
        """The cards the deal has, as the pattern stands on the cards dealt so far (nine each by
        default; eight or ten under IP-M6-LENGTH and IP-M5-SCOPE)."""
        return self.facts.players * (len(self.kinds) + self._circles_ahead())

    @property
    def complete(self) -> bool:
        return len(self.dealt) == self.facts.players * len(self.kinds) and not self._circles_ahead()

    def next_circle(self) -> Circle | None:
        """The circle the next card belongs to (None when the deal is complete): its number, its
        kind, its recipients and the kind of each one's card."""
        players = self.facts.players
        if len(self.dealt) == players * len(self.kinds) and not self._begin():
            return None
        n = len(self.dealt) // players + 1
        kinds = tuple("open" if self._open(n, pos) else "dark" for pos in range(players))
        return Circle(n, self.kinds[n - 1], self.facts.order, kinds)

    def next_recipient(self) -> str | None:
        if self.complete:
            return None
        return self.facts.order[len(self.dealt) % self.facts.players]

    def next_kind(self) -> str | None:
        """Whether the next card is dealt "open" or "dark" (None when the deal is complete)."""
        circle = self.next_circle()
        return None if circle is None else circle.kinds[len(self.dealt) % self.facts.players]

    def _check(self, card: Card, token: Card | str) -> None:
        if card.is_joker:
            raise RulesError(f"a joker is not a Dragon Poker card: {token!r}", value=str(token), code="joker")
        key = (card.rank, card.suit)
        count = self._counts[key]
        if count >= self.decks:
            raise RulesError(f"{card} is dealt twice" if self.decks == 1 else
                             f"{card} is dealt more than {self.decks} times", value=str(card), code="dealt_twice")
        self._counts[key] = count + 1

    def deal(self, token: Card | str) -> DealtCard:
        """Record the next card; a non-card or a card dealt more often than the decks hold is
        refused, naming it."""
        seq = len(self.dealt)
        players = self.facts.players
        if seq == players * len(self.kinds) and not self._begin():
            raise RulesError(f"the deal is complete; {token!r} is one card too many", value=str(token),
                             code="deal_complete")
        number = seq // players + 1
        card = token if isinstance(token, Card) else parse_one(token)
        self._check(card, token)
        pos = seq % players
        dealt = DealtCard(seq, card, self.facts.order[pos], number, pos + 1, self._open(number, pos))
        self.dealt.append(dealt)
        return dealt

    def deal_all(self, cards: Iterable[Card | str], *, partial: bool = False) -> Dealing:
        """Deal every remaining card (the whole deal, or with ``partial`` some of it): the same checks
        as :meth:`deal`, a circle at a time."""
        tokens = list(cards)
        players = self.facts.players
        parsed = [t if isinstance(t, Card) else parse_one(t) for t in tokens]
        order = self.facts.order
        i = 0
        while i < len(parsed):
            seq = len(self.dealt)
            if seq % players:                          # finish a circle begun card by card
                self.deal(parsed[i])
                i += 1
                continue
            if seq == players * len(self.kinds) and not self._begin():
                raise RulesError(f"the deal is complete; {tokens[i]!r} is one card too many", value=str(tokens[i]),
                                 code="deal_complete")
            number = seq // players + 1
            for pos, card in enumerate(parsed[i:i + players]):
                self._check(card, tokens[i + pos])
                self.dealt.append(DealtCard(seq + pos, card, order[pos], number, pos + 1, self._open(number, pos)))
            i += players
        if not partial and not self.complete:
            missing = self.total - len(self.dealt)
            raise RulesError(f"the deal is short of {missing} card(s): {players} players "
                             f"get {self.total // players} each", value=len(self.dealt))
        return self

    @property
    def pattern(self) -> DealtPattern:
        """The kinds of the circles begun, with the same circles before modifier 5 (``before_m5``)."""
        before = [self._before_m5.get(n, kind) for n, kind in enumerate(self.kinds, start=1)]
        return DealtPattern(self.kinds, before)

    def final_notes(self) -> list[tuple[str, tuple[str, ...], tuple[str, ...], str]]:
        """The pattern changes, as the dealing's hooks see them once every card is dealt."""
        if not self.complete:
            raise RulesError("the deal is not complete", value=len(self.dealt))
        if self._notes is None:
            self._notes = list(self._taken)
        return self._notes


def deal_from_seed(facts: DealFacts, seed: int | str, readings: Readings, *,
                   ruleset: Ruleset | None = None) -> Dealing:
    """A whole deal dealt from ``random.Random(seed)``'s shuffle of the deck(s), a circle at a time
    (the number of circles is known only as they are dealt)."""
    dealing = Dealing(facts, readings, ruleset=ruleset)
    deck = shuffled(deck52() * dealing.decks, seed)
    players = facts.players
    while dealing.next_circle() is not None:
        dealing.deal_all(deck[len(dealing.dealt):len(dealing.dealt) + players], partial=True)
    return dealing
