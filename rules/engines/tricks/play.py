"""The trick game as state machines (a round, a game) and simple legal bots.

Private to :mod:`rules.engines.tricks`, which documents and exports the public names; import
from there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .. import cards as _cards
from ..cards import Card
from ..errors import RulesError
from .records import GameRecord, PlayedRound, Trick
from .rules import (
    DEMANDS,
    PLAYERS,
    ROUNDS,
    _card_list,
    _check_bid,
    _readings,
    _round_number,
    _seat,
    _trump,
    allowed_bids,
    bidding_order,
    dealer_of,
    game_scores,
    has_bids,
    legal_plays,
    play_obligation,
    round_score,
    schedule,
    trick_winner,
)

# --- the state machines -----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may see: its hand (None while bidding a dark round), the trump, the bids so
    far (by seat, None where not yet bid), the trick in play, the tricks taken, and what it
    may do now."""

    number: int
    kind: str
    cards_each: int
    seat: int
    dealer: int
    hand: tuple[Card, ...] | None
    trump_card: Card
    trump: str | None
    bids: tuple[int | None, ...]
    played: tuple[Card, ...]
    demand: str | None
    taken: tuple[int, ...]
    allowed_bids: tuple[int, ...]
    legal: tuple[Card, ...]


class Round:
    """One round as a state machine: dealt, trump turned up, bids in order (rounds 1-22), then
    tricks; illegal moves raise RulesError with the reason."""

    def __init__(self, number: int, dealer: int, deck: Sequence[Card | str],
                 readings: Mapping[str, str] | None = None) -> None:
        self.number = _round_number(number)
        self.dealer = _seat(dealer, "dealer")
        self.cards_each, self.kind = schedule(self.number)
        self.readings = _readings(readings)
        order, _ = _card_list(deck, "deck")
        if sorted(order, key=_deck_key) != sorted(_cards.deck54(), key=_deck_key):
            raise RulesError(f"the deck must be the 54 cards (52 and two jokers), got {len(order)} cards",
                             value=len(order))
        n = self.cards_each
        # One card at a time, clockwise from the dealer's left; the next card is turned up.
        seats = bidding_order(self.dealer)
        dealt: list[list[Card]] = [[] for _ in range(PLAYERS)]
        for k in range(PLAYERS * n):
            dealt[seats[k % PLAYERS]].append(order[k])
        self.hands: tuple[tuple[Card, ...], ...] = tuple(tuple(h) for h in dealt)
        self.trump_card: Card = order[PLAYERS * n]
        self.trump: str | None = _trump(self.trump_card)
        self._held = [list(h) for h in self.hands]
        self._bids: list[int | None] = [None] * PLAYERS
        self._bid_turn = 0
        self._tricks: list[Trick] = []
        self._current: list[Card] = []
        self.demand: str | None = None
        self.leader = seats[0]
        self._taken = [0] * PLAYERS
        self.phase = "bidding" if has_bids(self.number) else "playing"

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Bids by seat, None where not (yet) bid."""
        return tuple(self._bids)

    @property
    def taken(self) -> tuple[int, ...]:
        return tuple(self._taken)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The tricks played so far."""
        return tuple(self._tricks)

    @property
    def current(self) -> tuple[Card, ...]:
        """The cards of the trick in play, in play order from ``leader``."""
        return tuple(self._current)

    @classmethod
    def deal(cls, number: int, dealer: int, seed: int | str,
             readings: Mapping[str, str] | None = None) -> Round:
        """Deal round ``number`` from ``cards.shuffled(cards.deck54(), seed)``."""
        return cls(number, dealer, _cards.shuffled(_cards.deck54(), seed), readings)

    @property
    def to_act(self) -> int | None:
        if self.phase == "bidding":
            return bidding_order(self.dealer)[self._bid_turn]
        if self.phase == "playing":
            return (self.leader + len(self._current)) % PLAYERS
        return None

    def _check_turn(self, seat: int, phase: str) -> int:
        verb = "bid" if phase == "bidding" else "play"
        seat = _seat(seat)
        if self.phase != phase:
            raise RulesError(f"round {self.number}: nobody may {verb} now, the round is {self.phase}",
                             value=seat, rule=phase)
        if seat != self.to_act:
            raise RulesError(f"round {self.number}: seat {seat} may not {verb}: it is seat "
                             f"{self.to_act}'s turn", value=seat, rule="turn")
        return seat

    def allowed_bids(self) -> tuple[int, ...]:
        if self.phase != "bidding":
            return ()
        earlier = [self._bids[s] for s in bidding_order(self.dealer)[: self._bid_turn]]
        return allowed_bids(self.cards_each, earlier)  # type: ignore[arg-type]

    def bid(self, seat: int, bid: int) -> None:
        seat = self._check_turn(seat, "bidding")
        _check_bid(bid, self.cards_each, f"round {self.number}: bid")
        if bid not in self.allowed_bids():
            raise RulesError(f"round {self.number}: the dealer may not bid {bid}: the bids would add up "
                             f"to {self.cards_each}, the cards each player holds", value=bid,
                             rule="dealer bid")
        self._bids[seat] = bid
        self._bid_turn += 1
        if self._bid_turn == PLAYERS:
            self.phase = "playing"

    def legal_plays(self) -> tuple[Card, ...]:
        if self.phase != "playing":
            return ()
        seat = self.to_act
        assert seat is not None
        return tuple(legal_plays(self._held[seat], self._current, self.trump, self.demand, self.readings))

    def play(self, seat: int, card: Card | str, demand: str | None = None) -> Trick | None:
        """Play a card; a joker leader may add a demand. Returns the trick when this card completes
        it (the winner leads next)."""
        seat = self._check_turn(seat, "playing")
        played = _cards.parse_one(card)
        hand = self._held[seat]
        if played not in hand:
            raise RulesError(f"round {self.number}: seat {seat} does not hold {played}", value=str(played))
        if demand is not None:
            if self._current or not played.is_joker:
                raise RulesError(f"round {self.number}: a demand ({demand!r}) goes only with a joker lead",
                                 value=demand)
            if demand not in DEMANDS:
                raise RulesError(f"a demand is 'highest' or 'lowest', not {demand!r}", value=demand)
        legal, reason = play_obligation(hand, self._current, self.trump, self.demand, self.readings)
        if played not in legal:
            raise RulesError(f"round {self.number}: seat {seat} may not play {played}: {reason} "
                             f"(legal: {_cards.format(legal)})", value=str(played), rule="legal play")
        hand.remove(played)
        if not self._current:
            self.demand = demand
        self._current.append(played)
        if len(self._current) < PLAYERS:
            return None
        cards = tuple(self._current)
        winner = (self.leader + trick_winner(cards, self.trump)) % PLAYERS
        trick = Trick(self.leader, cards, self.demand, winner)
        self._tricks.append(trick)
        self._taken[winner] += 1
        self._current, self.demand, self.leader = [], None, winner
        if len(self._tricks) == self.cards_each:
            self.phase = "done"
        return trick

    def view(self, seat: int) -> SeatView:
        seat = _seat(seat)
        dark = self.kind == "dark" and self.phase == "bidding"
        acting = seat == self.to_act
        return SeatView(self.number, self.kind, self.cards_each, seat, self.dealer,
                        None if dark else tuple(self._held[seat]), self.trump_card, self.trump,
                        tuple(self._bids), tuple(self._current), self.demand, tuple(self._taken),
                        self.allowed_bids() if acting else (), self.legal_plays() if acting else ())

    def scores(self) -> tuple[int, ...]:
        if self.phase != "done":
            raise RulesError(f"round {self.number} is not over: it is {self.phase}", value=self.phase)
        return tuple(round_score(self.number, self._bids[s], self._taken[s], self.readings)
                     for s in range(PLAYERS))

    def record(self) -> PlayedRound:
        scores = self.scores()
        bids = tuple(self._bids) if has_bids(self.number) else None
        return PlayedRound(self.number, self.dealer, self.trump_card, self.hands, bids,  # type: ignore[arg-type]
                           tuple(self._tricks), tuple(self._taken), scores)


def _deck_key(card: Card) -> int:
    return card.index


class GameState:
    """A whole game of 30 rounds; round ``n`` is dealt with the seed ``f"{seed}:{n}"`` and the next
    round is dealt as soon as one is over."""

    def __init__(self, seed: int | str, *, first_dealer: int = 0,
                 readings: Mapping[str, str] | None = None) -> None:
        self.seed = seed
        self.first_dealer = _seat(first_dealer, "first dealer")
        self.readings = _readings(readings)
        self.played: list[PlayedRound] = []
        self.round: Round | None = self._deal(1)

    def _deal(self, number: int) -> Round:
        dealer = dealer_of(number, self.first_dealer, self.readings)
        return Round.deal(number, dealer, f"{self.seed}:{number}", self.readings)

    @property
    def finished(self) -> bool:
        return self.round is None

    @property
    def to_act(self) -> int | None:
        return None if self.round is None else self.round.to_act

    @property
    def phase(self) -> str:
        """The current round's phase ("bidding" or "playing"), or "finished"."""
        return "finished" if self.round is None else self.round.phase

    def view(self, seat: int) -> SeatView:
        return self._current().view(seat)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(p.scores[s] for p in self.played) for s in range(PLAYERS))

    def _current(self) -> Round:
        if self.round is None:
            raise RulesError("the game is over: all 30 rounds are played", value=ROUNDS)
        return self.round

    def bid(self, seat: int, bid: int) -> None:
        self._current().bid(seat, bid)

    def play(self, seat: int, card: Card | str, demand: str | None = None) -> Trick | None:
        current = self._current()
        trick = current.play(seat, card, demand)
        if current.phase == "done":
            self.played.append(current.record())
            self.round = self._deal(current.number + 1) if current.number < ROUNDS else None
        return trick

    def record(self) -> GameRecord:
        if not self.finished:
            raise RulesError(f"the game is not over: round {self._current().number} is being played",
                             value=self._current().number)
        rounds = tuple(self.played)
        return GameRecord(self.seed, self.first_dealer, self.readings.chosen(), rounds,
                          game_scores(rounds, self.readings))


# --- bots -------------------------------------------------------------------------------------

class Bot(Protocol):
    def bid(self, view: SeatView) -> int: ...

    def play(self, view: SeatView) -> tuple[Card, str | None]: ...


def _strength(card: Card, trump: str | None) -> int:
    if card.is_joker:
        return 100
    return card.rank + (50 if card.suit == trump else 0)


@dataclass
class SimpleBot:
    """A plain, always legal player: it bids its sure-looking tricks and plays to make its bid
    (all tricks in maximum rounds, none in minimum rounds); ``rng`` adds a little variety."""

    rng: random.Random = field(default_factory=lambda: random.Random(0))
    wander: float = 0.15

    def bid(self, view: SeatView) -> int:
        if view.hand is None:
            guess = round(view.cards_each / PLAYERS + self.rng.uniform(-1, 1))
        else:
            guess = sum(1 for c in view.hand if c.is_joker or c.rank == 14
                        or (c.suit == view.trump and c.rank >= 11))
        guess = max(0, min(view.cards_each, guess))
        if guess in view.allowed_bids:
            return guess
        return min(view.allowed_bids, key=lambda b: (abs(b - guess), self.rng.random()))

    def _wants(self, view: SeatView) -> bool:
        if view.kind == "minimum":
            return False
        if view.kind == "maximum":
            return True
        bid = view.bids[view.seat]
        return bid is not None and view.taken[view.seat] < bid

    def play(self, view: SeatView) -> tuple[Card, str | None]:
        legal = list(view.legal)
        if self.rng.random() < self.wander:
            card = self.rng.choice(legal)
        else:
            wants = self._wants(view)
            by_strength = sorted(legal, key=lambda c: _strength(c, view.trump))
            if not view.played:
                card = by_strength[-1] if wants else by_strength[0]
            else:
                winning = [c for c in by_strength
                           if trick_winner((*view.played, c), view.trump) == len(view.played)]
                losing = [c for c in by_strength if c not in winning]
                if wants:
                    card = winning[0] if winning else by_strength[0]
                else:
                    card = losing[-1] if losing else by_strength[-1]
        demand = None
        if card.is_joker and not view.played:
            demand = self.rng.choice((None, "highest", "lowest"))
        return card, demand


def play_game(seed: int | str, readings: Mapping[str, str] | None = None, *, first_dealer: int = 0,
              bots: Sequence[Bot] | Callable[[int], Bot] | None = None) -> GameRecord:
    """A whole 30-round game played by bots (default: four :class:`SimpleBot` seeded from
    ``seed``); the same seed gives the same game."""
    if bots is None:
        players: list[Bot] = [SimpleBot(random.Random(f"{seed}:bot:{s}")) for s in range(PLAYERS)]
    elif callable(bots):
        players = [bots(s) for s in range(PLAYERS)]
    else:
        players = list(bots)
    if len(players) != PLAYERS:
        raise RulesError(f"{PLAYERS} bots are needed, got {len(players)}", value=len(players))
    game = GameState(seed, first_dealer=first_dealer, readings=readings)
    while not game.finished:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if game.phase == "bidding":
            game.bid(seat, players[seat].bid(view))
        else:
            card, demand = players[seat].play(view)
            game.play(seat, card, demand)
    return game.record()
