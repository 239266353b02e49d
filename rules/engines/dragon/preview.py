"""A provisional judgement of a deal still being dealt.

The judge (:mod:`.judge`) judges whole deals: most modifiers read cards anywhere in the deal,
so a card's state is known for sure only once every card is down. While the cards are being
recorded the table still wants to see what has happened so far. :func:`preview_deal` applies
the base rules and the modifiers to the cards dealt so far *as if the deal ended now*: the same
setup (:func:`.judge.setup_deal`'s facts and adjustments) and the same
:func:`.judge.prepare_deal`, on a dealing that simply stops after the last card.

Everything it says is provisional: a modifier whose condition reads a card not yet dealt (the
last open circle, a card of a later circle, "no Ten in the whole deal" ...) may fire, stop
firing or change its effect as the deal goes on. No hand is evaluated and no winner named: a
hand is judged only when all nine of its cards are down.

A partial deal the engine cannot read (a card dealt twice, an unknown card, a modifier that
refuses the cards so far) raises :class:`PreviewUnavailable`, a :class:`RulesError` naming the
value; callers show nothing provisional then.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..cards import Card
from ..errors import RulesError
from . import judge as dragon_judge
from .deal import CARDS_PER_PLAYER, Dealing
from .game import GameHistory
from .presets import Ruleset
from .state import Claim
from .trace import TraceEntry, render_entry

__all__ = ["PreviewCard", "DealPreview", "PreviewUnavailable", "preview_deal", "preview_game"]

# What a change is when it only records a fact of the deal rather than a rule acting on a card or
# an order: these are not "fired" rules (the pattern changes are shown by the dealing itself).
_NOT_FIRED = frozenset({"pattern", "winner", "duplicate", "not recorded"})


class PreviewUnavailable(RulesError):
    """The cards dealt so far cannot be judged provisionally; the message names why."""


class _DealtSoFar(Dealing):
    """A dealing that ends where the cards recorded so far end."""

    def final_notes(self):
        if self._notes is None:
            self._notes = self._predict(CARDS_PER_PLAYER + 1).notes
        return self._notes


@dataclass(frozen=True, slots=True)
class PreviewCard:
    """One dealt card as the rules leave it so far."""

    seq: int
    card: str                # as dealt
    player: str
    circle: int
    open: bool
    state: str               # natural | home | free | wild | dead
    rank: int                # as played (changed by rules or modifiers)
    suit: str
    role: str | None

    def as_dict(self) -> dict:
        return {"seq": self.seq, "card": self.card, "player": self.player, "circle": self.circle,
                "open": self.open, "state": self.state, "rank": self.rank, "suit": self.suit, "role": self.role}


@dataclass(frozen=True, slots=True)
class DealPreview:
    """The deal so far, judged as if it ended after its last dealt card (provisional)."""

    number: int
    dealer: str
    dealt: int                           # cards dealt so far
    total: int                           # cards the whole deal has
    pattern: tuple[str, ...]             # the circles begun so far
    cards: tuple[PreviewCard, ...]
    fired: tuple[TraceEntry, ...]        # base rules, tables and modifiers that acted, in order
    card_order: str
    suit_order: str
    weakest_wins: bool

    @property
    def complete(self) -> bool:
        return self.dealt == self.total

    @property
    def sources(self) -> tuple[str, ...]:
        """The rules that acted so far, each once, in the order they first acted."""
        return tuple(dict.fromkeys(e.source for e in self.fired))

    def lines(self, lang: str = "en") -> list[str]:
        return [render_entry(e, lang) for e in self.fired]

    def as_dict(self) -> dict:
        return {"number": self.number, "dealer": self.dealer, "dealt": self.dealt, "total": self.total,
                "provisional": True, "pattern": list(self.pattern), "cards": [c.as_dict() for c in self.cards],
                "orders": {"cards": self.card_order, "suits": self.suit_order}, "weakest_wins": self.weakest_wins,
                "fired": [e.as_dict() for e in self.fired]}


def preview_deal(table, number: int, started_at: str | dt.datetime, cards: Iterable[Card | str], *,
                 history: GameHistory | None = None, claims: Iterable[Claim] = (),
                 readings: Mapping[str, str] | None = None, ruleset: str | Ruleset = "club-2.2.1",
                 ) -> DealPreview:
    """Deal ``number`` of a Game judged provisionally on ``cards``, the cards dealt so far in
    dealing order (1 card up to the whole deal): the states of those cards and the rules that
    acted, as if the deal ended now."""
    rs, rd, facts = dragon_judge.deal_start(table, number, started_at, readings=readings, ruleset=ruleset)
    dealing = _DealtSoFar(facts, rd, ruleset=rs)
    tokens = list(cards)
    if not tokens:
        raise PreviewUnavailable("no card is dealt yet", value=0)
    try:
        for token in tokens:
            dealing.deal(token)
        state = dragon_judge.prepare_deal(facts, dealing, rd, history=history, claims=list(claims), ruleset=rs)
    except RulesError as exc:
        raise PreviewUnavailable(f"the {len(tokens)} card(s) dealt so far cannot be judged yet: {exc.message}",
                                 value=exc.value, rule=exc.rule) from exc
    except (IndexError, KeyError, ValueError, TypeError, ZeroDivisionError) as exc:
        # A modifier written for whole hands met a hand that is not whole yet.
        raise PreviewUnavailable(f"the {len(tokens)} card(s) dealt so far cannot be judged yet "
                                 f"({type(exc).__name__})", value=len(tokens)) from exc
    out = tuple(PreviewCard(c.seq, str(c.card), c.player, c.circle, c.open, c.state, c.rank, c.suit, c.role)
                for c in state.cards)
    fired = tuple(e for e in state.trace if e.change not in _NOT_FIRED)
    return DealPreview(number=facts.number, dealer=facts.dealer, dealt=len(tokens),
                       total=dealing.total, pattern=tuple(dealing.pattern), cards=out,
                       fired=fired, card_order=state.card_order, suit_order=state.suit_order,
                       weakest_wins=state.weakest_wins)


def preview_game(doc: Mapping, *, history: GameHistory | None = None) -> DealPreview:
    """The last deal of a sitting document (``engine-api.md``), whose ``cards`` are the cards
    dealt so far, judged provisionally; the earlier deals are judged in full as its history (an
    unrecorded deal among them counts, as in :func:`.judge.judge_game`). ``history``: that history
    when the caller kept it (:func:`.judge.sitting_history` of ``doc`` before its last deal, which
    stays the same while the last deal's cards are recorded one by one); it is only read."""
    deals = doc.get("deals") if isinstance(doc, Mapping) else None
    if not isinstance(deals, list) or not deals:
        raise PreviewUnavailable(f"deals must be a list with the deal being dealt last, not {deals!r}", value=deals)
    table, rs, readings, deals, history = dragon_judge.sitting_start(doc, upto=len(deals) - 1, history=history)
    if dragon_judge.is_unrecorded(deals[-1]):
        raise PreviewUnavailable(f"deal {len(deals)} is unrecorded: it has no cards to judge", value=len(deals))
    last = dragon_judge.deal_from_doc(f"deal {len(deals)}", deals[-1])
    return preview_deal(table, len(deals), last["started_at"], last.get("cards", []), history=history,
                        claims=[dragon_judge.claim_from_doc(c) for c in last.get("claims", [])],
                        readings=readings, ruleset=rs)
