"""Dealing one deal circle by circle.

The seed ("Порядок сдачи карт"): dealing starts left of the dealer, clockwise, one card at a
time; the default order of circles is three dark, five open, one dark. Base rule 15 (Table 1)
deals a whole deal dark; modifiers 5, 6, 12 and 75 change the pattern on cards already dealt,
so the pattern of the next circle is known only when the previous one is complete.

:class:`Dealing` is the step API: :meth:`Dealing.next_circle` says which circle comes next,
open or dark, and who receives; :meth:`Dealing.deal` records one card (a duplicate or a
non-card is refused, naming the card). :func:`deal_from_seed` deals a whole deal from a seeded
shuffle.

Nine cards to each of six or more players are more than one 52-card deck; the seed does not
say how such a table plays. IP-DECKS: by default two decks are shuffled together when one is not
enough, so a card may then be dealt twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import Card, deck52, parse_one, shuffled
from ..errors import RulesError
from ..readings import InterpretationPoint, Readings, register
from .facts import DealFacts
from .modifiers.base import DealtCard, PatternView, apply_patterns
from .presets import Ruleset
from .presets import ruleset as get_ruleset
from .tables import all_dark

__all__ = ["CARDS_PER_PLAYER", "DEFAULT_PATTERN", "Circle", "Dealing", "deal_from_seed", "decks_for"]

CARDS_PER_PLAYER = 9
DEFAULT_PATTERN: tuple[str, ...] = ("dark", "dark", "dark", "open", "open", "open", "open", "open", "dark")

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
    number: int                   # 1..9
    kind: str                     # "open" | "dark"
    recipients: tuple[str, ...]   # in dealing order: the dealer's left-hand neighbour first


class Dealing:
    """One deal being dealt. ``facts`` fixes the players, the dealer and the time."""

    def __init__(self, facts: DealFacts, readings: Readings, *, ruleset: Ruleset | None = None) -> None:
        self.facts = facts
        self.readings = readings
        self.ruleset = ruleset or get_ruleset("club-2.2.1")
        self.disabled = self.ruleset.disabled
        self.decks = decks_for(facts.players, readings)
        self.dealt: list[DealtCard] = []
        self.kinds: list[str] = []            # the kind of every circle begun so far
        self._counts: Counter[tuple[int, str]] = Counter()
        table = facts.table
        self.all_dark = self.ruleset.club_tables and all_dark(
            facts.number, facts.weekday, table.player_number(facts.dealer),
            listed_only=readings["IP-T1-RANGE"] == "listed_only")
        self._notes: list[tuple[str, tuple[str, ...], tuple[str, ...], str]] | None = None

    @property
    def complete(self) -> bool:
        return len(self.dealt) == CARDS_PER_PLAYER * self.facts.players

    def _predict(self, frm: int) -> PatternView:
        view = PatternView(self.facts, self.readings, self.dealt,
                           list(self.kinds) + list(DEFAULT_PATTERN[len(self.kinds):]), frm)
        if self.all_dark:
            view.pattern = ["dark"] * CARDS_PER_PLAYER
            return view
        apply_patterns(view, self.disabled)
        if self.ruleset.pattern is not None:
            self.ruleset.pattern(view)
        return view

    def next_circle(self) -> Circle | None:
        """The circle the next card belongs to (None when the deal is complete)."""
        if self.complete:
            return None
        n = len(self.dealt) // self.facts.players + 1
        if len(self.kinds) < n:
            self.kinds.append(self._predict(n).pattern[n - 1])
        return Circle(n, self.kinds[n - 1], self.facts.order)

    def next_recipient(self) -> str | None:
        if self.complete:
            return None
        return self.facts.order[len(self.dealt) % self.facts.players]

    def deal(self, token: Card | str) -> DealtCard:
        """Record the next card; a non-card or a card dealt more often than the decks hold is
        refused, naming it."""
        seq = len(self.dealt)
        players = self.facts.players
        if seq == CARDS_PER_PLAYER * players:
            raise RulesError(f"the deal is complete; {token!r} is one card too many", value=str(token))
        number = seq // players + 1
        if len(self.kinds) < number:
            self.kinds.append(self._predict(number).pattern[number - 1])
        card = token if isinstance(token, Card) else parse_one(token)
        if card.is_joker:
            raise RulesError(f"a joker is not a Dragon Poker card: {token!r}", value=str(token))
        key = (card.rank, card.suit)
        count = self._counts[key]
        if count >= self.decks:
            raise RulesError(f"{card} is dealt twice" if self.decks == 1 else
                             f"{card} is dealt more than {self.decks} times", value=str(card))
        self._counts[key] = count + 1
        pos = seq % players
        dealt = DealtCard(seq, card, self.facts.order[pos], number, pos + 1, self.kinds[number - 1] == "open")
        self.dealt.append(dealt)
        return dealt

    def deal_all(self, cards: Iterable[Card | str]) -> Dealing:
        """Deal every remaining card (the whole deal): the same checks as :meth:`deal`, a circle at
        a time."""
        tokens = list(cards)
        players = self.facts.players
        total = CARDS_PER_PLAYER * players
        if len(self.dealt) + len(tokens) > total:
            extra = tokens[total - len(self.dealt)]
            raise RulesError(f"the deal is complete; {extra!r} is one card too many", value=str(extra))
        parsed = [t if isinstance(t, Card) else parse_one(t) for t in tokens]
        order = self.facts.order
        i = 0
        while i < len(parsed):
            seq = len(self.dealt)
            if seq % players:                          # finish a circle begun card by card
                self.deal(parsed[i])
                i += 1
                continue
            number = seq // players + 1
            if len(self.kinds) < number:
                self.kinds.append(self._predict(number).pattern[number - 1])
            is_open = self.kinds[number - 1] == "open"
            for pos, card in enumerate(parsed[i:i + players]):
                if card.is_joker:
                    raise RulesError(f"a joker is not a Dragon Poker card: {tokens[i + pos]!r}", value=str(card))
                key = (card.rank, card.suit)
                count = self._counts[key]
                if count >= self.decks:
                    raise RulesError(f"{card} is dealt twice" if self.decks == 1 else
                                     f"{card} is dealt more than {self.decks} times", value=str(card))
                self._counts[key] = count + 1
                self.dealt.append(DealtCard(seq + pos, card, order[pos], number, pos + 1, is_open))
            i += players
        if not self.complete:
            missing = total - len(self.dealt)
            raise RulesError(f"the deal is short of {missing} card(s): {players} players "
                             f"get {CARDS_PER_PLAYER} each", value=len(self.dealt))
        return self

    @property
    def pattern(self) -> tuple[str, ...]:
        return tuple(self.kinds)

    def final_notes(self) -> list[tuple[str, tuple[str, ...], tuple[str, ...], str]]:
        """The pattern changes, as the dealing's hooks see them once every card is dealt."""
        if not self.complete:
            raise RulesError("the deal is not complete", value=len(self.dealt))
        if self._notes is None:
            self._notes = self._predict(CARDS_PER_PLAYER + 1).notes
        return self._notes


def deal_from_seed(facts: DealFacts, seed: int | str, readings: Readings, *,
                   ruleset: Ruleset | None = None) -> Dealing:
    """A whole deal dealt from ``random.Random(seed)``'s shuffle of the deck(s)."""
    dealing = Dealing(facts, readings, ruleset=ruleset)
    deck = shuffled(deck52() * dealing.decks, seed)
    return dealing.deal_all(deck[: CARDS_PER_PLAYER * facts.players])
