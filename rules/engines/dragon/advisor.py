"""Base rule 25: nobody is told about a choice that would help him, so the judge rules on the
claims declared; after the deal the advisor shows each player the claims that would have given
him a better hand.

For every player it tries, one at a time, each claim the rules offered him: base rule 1's suit
change of one card (when he has not used it in the Game) and every claim a modifier's
``options`` lists for him in the deal as declared. The suggestions that beat his hand come back
best first; each is judged like the real deal, so declaring it gives exactly the suggested hand.

Trying every claim by judging the whole deal again is slow (modifier 51 alone offers a player
up to 135 changes), so the advisor works in three steps:

* base rule 1 after the modifiers changes one card's suit and nothing else reads it: only the
  player's hand is evaluated again;
* a claim that changes the value of one of the player's cards (modifiers 51 and 52) is first
  estimated directly: the card's new value in his hand as prepared, every other card as it is.
  Only a claim whose estimate beats his hand is judged in full (``thorough=False``, the
  default). A change whose help would come only through another modifier reacting to the new
  value is therefore not suggested; ``thorough=True`` judges every claim in full;
* every other claim, and every claim that passes the estimate, is judged in full, with the
  player's hand evaluated once per distinct set of his card values and states. A new real rank
  or suit (modifier 51, IP-M51-VALUE ``as_dealt``) is given to the card from the start, as the
  judge would after its rerun, instead of running the modifiers up to 51 twice.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from ..cards import SUITS, Card, lower_rank, raise_rank
from ..errors import RulesError
from .game import GameHistory
from .judge import evaluate_player, prepare_deal, setup_deal
from .modifiers.base import registry
from .presets import Ruleset
from .state import DEAD, FREE, NATURAL, CardState, Claim, DealState

__all__ = ["Suggestion", "Advice", "advise", "advise_state"]


@dataclass(frozen=True, slots=True)
class Suggestion:
    claim: Claim
    hand: object            # the evaluator's HandValue with the claim

    def as_dict(self) -> dict:
        c = self.claim
        out = {"rule": c.rule, "player": c.player}
        for key in ("card", "target", "suit", "rank", "direction", "cancels"):
            value = getattr(c, key)
            if value is not None:
                out[key] = str(value) if isinstance(value, Card) else value
        if c.cards:
            out["cards"] = [str(x) for x in c.cards]
        out["hand"] = {"category": self.hand.category, "name": self.hand.name}
        return out


@dataclass(frozen=True, slots=True)
class Advice:
    player: str
    hand: object                          # his hand as judged
    suggestions: tuple[Suggestion, ...]   # the claims that beat it, best first

    @property
    def best(self) -> Suggestion | None:
        return self.suggestions[0] if self.suggestions else None


def _better(state: DealState, new, old) -> bool:
    return new.key < old.key if state.weakest_wins else new.key > old.key


class _Evaluations:
    """The player's hand value for each distinct set of card values and states: many tries leave
    his cards as they were, or as another try left them."""

    def __init__(self, state: DealState, player: str, hand) -> None:
        self._seen: dict = {self._key(state, player): hand}

    @staticmethod
    def _key(state: DealState, player: str) -> tuple:
        return (state.card_order, state.suit_order, state.naturalness_reversed, state.weakest_wins,
                tuple((c.rank, c.suit, c.state) for c in state.hand(player)))

    def __call__(self, state: DealState, player: str):
        key = self._key(state, player)
        found = self._seen.get(key)
        if found is None:
            found = self._seen[key] = evaluate_player(state, player)
        return found


def _suit_changes(state: DealState, player: str, base_hand, evaluate) -> list[Suggestion]:
    out = []
    for c in state.hand(player):
        if c.state not in (NATURAL, FREE):
            continue
        keep = c.suit
        for suit in SUITS:
            if suit == keep:
                continue
            c.suit = suit
            try:
                hand = evaluate(state, player)
            finally:
                c.suit = keep
            if _better(state, hand, base_hand):
                out.append(Suggestion(Claim(player=player, rule="B1", card=c.card, suit=suit), hand))
    return out


def _direct(state: DealState, option: Claim) -> list[tuple[CardState, int, str]] | None:
    """The card values an option sets on the claimant's own cards, when that is all it does
    directly (modifiers 51 and 52); None for the options judged in full only."""
    try:
        if option.rule == "M51" and option.card is not None:
            c = state.find(option.player, option.card)
            return [(c, option.rank if option.rank is not None else c.rank,
                     option.suit if option.suit is not None else c.suit)]
        if option.rule == "M52" and option.target is not None and option.direction is not None:
            t = state.find(option.player, option.target)
            step = raise_rank if option.direction == "incrementing" else lower_rank
            return [(t, step(t.rank, 1), t.suit)]
    except RulesError:
        return None
    return None


def _estimate(state: DealState, player: str, changes: list[tuple[CardState, int, str]], evaluate):
    """The player's hand with the cards set to the new values and every other card as prepared. A
    dead card counts as natural (its kill may have been tied to the old value); a free card stays
    free, as the judge keeps it (IP-M51-VALUE ``modified_value``: it plays as itself or any honor of
    its suit)."""
    kept = [(c, c.rank, c.suit, c.state) for c, _r, _s in changes]
    try:
        for c, rank, suit in changes:
            c.rank, c.suit = rank, suit
            if c.state == DEAD:
                c.state = NATURAL
        return evaluate(state, player)
    finally:
        for c, rank, suit, st in kept:
            c.rank, c.suit, c.state = rank, suit, st


def _seed_rebase(state: DealState, option: Claim) -> dict | None:
    """The new real rank or suit modifier 51 gives a card under IP-M51-VALUE ``as_dealt``, to start the
    try with (the judge finds it at modifier 51's turn and applies the modifiers again). None when
    the card might refuse it at that turn (base rules 11, 14, 22), so the try runs as the judge does."""
    if option.rule != "M51" or state.reading("IP-M51-VALUE") != "as_dealt" \
            or (option.rank is None) == (option.suit is None):
        return None
    if 51 in state.cancelled or state.reading("IP-RULE11-STATES") == "rule_wins":
        return None
    try:
        c = state.find(option.player, option.card)
    except RulesError:
        return None
    if c.frozen or (len(c.mods) >= 3 and 51 not in c.mods) or c.seq in state.rebased:
        return None
    found = (option.rank, "M51", False) if option.suit is None else (None, "M51", False, option.suit)
    return {**state.rebased, c.seq: found}


def advise_state(state: DealState, dealing, hands: Mapping[str, object], *, ruleset: Ruleset,
                 declared: Iterable[Claim] = (), thorough: bool = False, limit: int | None = None,
                 ) -> dict[str, Advice]:
    """The advice for every player of a deal already prepared with the ``declared`` claims.

    ``limit``: the number of suggestions a player needs (the best ones; None for all). The
    estimated claims are judged best estimate first, and once ``limit`` suggestions are found the
    claims whose estimate does not beat the last of them are left out."""
    declared = list(declared)
    history: GameHistory | None = state.history
    mods = [m for m in registry().values() if m.options is not None and m.number not in ruleset.disabled]
    advice = {}

    def judge(option: Claim):
        claims = [replace(c, used=False) for c in declared] + [option]
        try:
            return prepare_deal(state.facts, dealing, state.readings, history=history, claims=claims,
                                ruleset=ruleset, rebased=_seed_rebase(state, option))
        except RulesError:
            return None

    for player in state.players:
        base_hand = hands[player]
        evaluate = _Evaluations(state, player, base_hand)
        found: list[Suggestion] = []
        estimated: list[tuple[object, int, Claim]] = []
        b1_free = not any(c.player == player and c.rule == "B1" for c in declared) and not (
            history is not None and history.claimed(player, "B1"))
        if b1_free and state.reading("IP-B1-WHEN") == "after_modifiers":
            found.extend(_suit_changes(state, player, base_hand, evaluate))
        for mod in mods:
            if any(c.player == player and c.rule == mod.source for c in declared):
                continue
            for option in mod.options(state, player):
                if option.rule != mod.source and any(c.player == player and c.rule == option.rule
                                                     for c in declared):
                    continue
                changes = None if thorough else _direct(state, option)
                if changes is not None:
                    try:
                        estimate = _estimate(state, player, changes, evaluate)
                    except RulesError:
                        estimate = None              # no estimate: judged in full
                    if estimate is not None:
                        if _better(state, estimate, base_hand):
                            estimated.append((estimate, len(estimated), option))
                        continue
                tried = judge(option)
                if tried is not None:
                    hand = evaluate(tried, player)
                    if _better(state, hand, base_hand):
                        found.append(Suggestion(option, hand))
        estimated.sort(key=lambda e: (e[0].key, -e[1]), reverse=not state.weakest_wins)
        for estimate, _i, option in estimated:
            if limit is not None and len(found) >= limit:
                found.sort(key=lambda s: s.hand.key, reverse=not state.weakest_wins)
                if not _better(state, estimate, found[limit - 1].hand):
                    break
            tried = judge(option)
            if tried is not None:
                hand = evaluate(tried, player)
                if _better(state, hand, base_hand):
                    found.append(Suggestion(option, hand))
        found.sort(key=lambda s: s.hand.key, reverse=not state.weakest_wins)
        advice[player] = Advice(player, base_hand, tuple(found[:limit] if limit is not None else found))
    return advice


def advise(table, number: int, started_at: str | dt.datetime, cards, *, history: GameHistory | None = None,
           claims: Iterable[Claim] = (), bets: Mapping[str, int] | None = None,
           readings: Mapping[str, str] | None = None, ruleset: str | Ruleset = "club-2.2.1",
           thorough: bool = False, limit: int | None = None) -> dict[str, Advice]:
    """Judge the deal as declared, then advise every player (base rule 25). ``thorough`` judges
    every offered claim in full (see the module docstring); ``limit`` keeps each player's best
    ``limit`` suggestions (a page showing three needs no more)."""
    rs, rd, facts, dealing = setup_deal(table, number, started_at, cards, readings=readings, ruleset=ruleset)
    declared = list(claims)
    state = prepare_deal(facts, dealing, rd, history=history, claims=declared, ruleset=rs)
    hands = {p: evaluate_player(state, p) for p in state.players}
    return advise_state(state, dealing, hands, ruleset=rs, declared=declared, thorough=thorough, limit=limit)
