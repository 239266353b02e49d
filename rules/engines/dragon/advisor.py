"""Base rule 25: nobody is told about a choice that would help him, so the judge rules on the
claims declared; after the deal the advisor shows each player the claims that would have given
him a better hand.

For every player it tries, one at a time, each claim the rules offered him: base rule 1's suit
change of one card (when he has not used it in the Game) and every claim a modifier's
``options`` lists for him in the deal as declared. The options name his own cards: under
IP-INCDEC-TARGET ``any_player`` an incrementing or decrementing card may also change another
player's card, which does not change his own cards, so such claims are not offered. The
suggestions that beat his hand come back best first; each is judged like the real deal, so
declaring it gives exactly the suggested hand.

Trying every claim by judging the whole deal again is slow (modifier 51 alone offers a player
up to 135 changes), so the advisor works in steps:

* base rule 1 after the modifiers changes one card's suit and nothing else reads it: only the
  player's hand is evaluated again;
* a claim whose direct effect is on the player's own cards (modifiers 51 and 52: a card's value;
  45 and 46: a target's rank, an alliance card free or home; 43 and 44: dead cards revived, a card
  wild or free) is first estimated: those cards changed in his hand as prepared, every other card
  as it is. Only a claim whose estimate beats his hand is judged in full (``thorough=False``, the
  default). A claim whose help would come only through another modifier reacting to it is
  therefore not suggested; ``thorough=True`` judges every claim in full;
* every other claim, and every claim that passes the estimate, is judged in full, with the
  player's hand evaluated once per distinct set of his card values and states. A new real rank
  or suit (modifier 51, IP-M51-VALUE ``as_dealt``) is given to the card from the start, as the
  judge would after its rerun, instead of running the modifiers up to 51 twice;
* a claim refused for the player's right at the modifier's turn (too few dead cards, no card that
  gives the right) spares the tries of the claims that would be refused alike;
* with a ``limit`` (the best claims, as the result page shows them) the tries are taken best first
  and stop when the next cannot beat the last one kept; the tries that change one card wait
  behind a bound, the hand with that card made wild or home (see "the search" below).
"""

from __future__ import annotations

import datetime as dt
import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from ..cards import SUITS, Card
from ..errors import RulesError
from .game import GameHistory
from .hands import NOTHING_CATEGORY
from .judge import evaluate_player, prepare_deal, setup_deal
from .modifiers.base import Modifier, registry
from .presets import Ruleset
from .presets import ruleset as get_ruleset
from .state import DEAD, FREE, HOME, NATURAL, WILD, CardState, Claim, DealState

__all__ = ["Suggestion", "Advice", "advise", "advise_state", "advise_judgement"]


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
            found = self._seen[key] = evaluate_player(state, player, quiet=True)
        return found


def _direct(state: DealState, option: Claim, by_source: Mapping[str, Modifier], ruleset: Ruleset) \
        -> list[tuple[CardState, int, str, str | None]] | None:
    """What an option does directly to the claimant's own cards, when that is all it does directly:
    [(card, new rank, new suit, new state or None)], from its modifier's ``estimate`` (modifiers
    51 and 52 change one card's value; 45 and 46 change a target's rank by one, or make an alliance
    card free or home; 43 and 44 revive dead cards and make a card wild or free). None for the
    options judged in full only (a target of another player's, every natural card changed at
    once, a modifier with no estimate)."""
    mod = by_source.get(option.rule)
    if mod is None or mod.estimate is None:
        return None
    try:
        return mod.estimate(state, option, ruleset)
    except RulesError:
        return None


def _seed(option: Claim, state: DealState, by_source: Mapping[str, Modifier]) -> dict | None:
    """The new real rank or suit the option's modifier gives a card from the start of its try
    (modifier 51 under IP-M51-VALUE ``as_dealt``), or None."""
    mod = by_source.get(option.rule)
    return None if mod is None or mod.seed is None else mod.seed(state, option)


def _estimate(state: DealState, player: str, changes: list[tuple[CardState, int, str, str | None]], evaluate):
    """The player's hand with the cards set to their new values and states and every other card as
    prepared. A dead card given no new state counts as natural (its kill may have been tied to the
    old value); a free card stays free, as the judge keeps it (IP-M51-VALUE ``modified_value``: it
    plays as itself or any honor of its suit)."""
    kept = [(c, c.rank, c.suit, c.state) for c, _r, _s, _st in changes]
    try:
        for c, rank, suit, new_state in changes:
            c.rank, c.suit = rank, suit
            if new_state is not None:
                c.state = new_state
            elif c.state == DEAD:
                c.state = NATURAL
        return evaluate(state, player)
    finally:
        for c, rank, suit, st in reversed(kept):
            c.rank, c.suit, c.state = rank, suit, st


# ---------------------------------------------------------------------------- the search
# A try either gives its hand exactly (base rule 1's suit change after the modifiers: only the
# player's hand is evaluated again; a claim judged in full) or is estimated first (modifiers
# 43-46, 51 and 52, see the module docstring). With a ``limit`` the tries are taken best first, and
# those that change only one card wait behind a bound: the player's hand with that card made home
# (a new suit) or wild (a new rank, or a state a wild card covers), since any value the card could
# be given is one such a card may take. Under IP-NAT-ORDER ``category_first`` naturalness is the
# key's last part: the bound keeps the category and the components and puts the most natural
# level after them (and, under IP-KICKERS ``remaining_high_to_low``, the highest kickers: a card
# the combination takes leaves the kickers, so a wild card can lower them). #53 is the absence of
# every other hand, so a changeable card can take a hand out of it: when the bound is #53 or
# below, it holds only if the other cards already form a hand (a hand of more cards keeps every
# combination of fewer). A card with a copy in the hand (two decks: one copy counts) gets no
# bound, nor does any card of a deal where the weakest hand wins or naturalness comes first.
_GROUP, _EXACT, _ESTIMATE = 0, 1, 2
_UNBOUNDED = (1,)          # above every key (a key starts with -category)
_TOP_NATURALNESS = 3       # the most natural a hand can be (the key's last part, 0..3)
_TOP_KICKERS = (99,)       # above every kickers' part (ranks 0..12)
_HODGEPODGE = 53


class _Entry:
    """A try, or a card's tries behind their bound, in the order the search takes them: the best
    key first (the lowest when the weakest hand wins), then the order the rules offered them."""

    __slots__ = ("key", "seq", "kind", "item", "low")

    def __init__(self, key: tuple, seq: int, kind: int, item, low: bool) -> None:
        self.key, self.seq, self.kind, self.item, self.low = key, seq, kind, item, low

    def __lt__(self, other: _Entry) -> bool:
        if self.key != other.key:
            return (self.key < other.key) if self.low else (self.key > other.key)
        return self.seq < other.seq


class _Search:
    """One player's tries (see above); ``found`` holds (hand, order offered, claim) of every try
    that beats his hand."""

    def __init__(self, state: DealState, player: str, base_hand, judge, limit: int | None, bounded: bool) -> None:
        self.state, self.player, self.base_hand, self.judge = state, player, base_hand, judge
        self.limit, self.bounded, self.low = limit, bounded, state.weakest_wins
        self.evaluate = _Evaluations(state, player, base_hand)
        self.found: list[tuple[object, int, Claim]] = []
        self.groups: dict[tuple[int, str], tuple[CardState, list]] = {}   # (card seq, suit / rank) -> tries
        self.heap: list[_Entry] = []
        self.seq = 0

    def offered(self) -> int:
        self.seq += 1
        return self.seq - 1

    def judged(self, option: Claim, at: int) -> None:
        tried = self.judge(option)
        if tried is not None:
            hand = self.evaluate(tried, self.player)
            if _better(self.state, hand, self.base_hand):
                self.found.append((hand, at, option))

    def add(self, card: CardState | None, claim: Claim, changes: list | None) -> None:
        """An estimated try: base rule 1's suit of ``card`` (``changes`` None), or a claim whose
        direct changes are given; one that changes only the value of one card waits behind the
        card's bound, any other is estimated at once."""
        at = self.offered()
        if changes is not None and (len(changes) != 1 or changes[0][3] not in (None, DEAD, HOME, WILD)):
            self.expand(None, [(at, claim, changes)])
            return
        if changes is not None:
            card = changes[0][0]
        # a new rank (or a state a wild card covers) waits behind the card made wild, a new suit
        # alone behind the card made home
        what = "suit" if changes is None or (changes[0][1] == card.rank and changes[0][3] is None) else "rank"
        self.groups.setdefault((card.seq, what), (card, []))[1].append((at, claim, changes))

    def run(self) -> list[tuple[object, int, Claim]]:
        later = []
        for (_seq, what), (card, tries) in self.groups.items():
            if not self.bounded:
                self.expand(card, tries)
            elif what == "suit" and card.state in (NATURAL, HOME, DEAD):
                later.append((card, tries))
            else:
                self.push(_Entry(self.bound(card, WILD), tries[0][0], _GROUP, (card, tries, None), self.low))
        for card, tries in later:
            # a new suit: bounded by the card made home, or first (until that is needed) by the bound
            # of its new ranks, the card made wild, when it has one
            rank = next((e.key for e in self.heap if e.kind == _GROUP and e.item[0] is card), None)
            if rank is None:
                self.push(_Entry(self.bound(card, HOME), tries[0][0], _GROUP, (card, tries, None), self.low))
            else:
                self.push(_Entry(rank, tries[0][0], _GROUP, (card, tries, HOME), self.low))
        heap, found, limit, order = self.heap, self.found, self.limit, _found_order(self.low)
        while heap:
            if limit is not None and len(found) >= limit:
                found.sort(key=order)
                if not _better(self.state, _Key(heap[0].key), found[limit - 1][0]):
                    break
            entry = heapq.heappop(heap)
            if entry.kind == _GROUP:
                card, tries, unbounded = entry.item
                if unbounded is not None:         # its own bound, now that it is needed
                    self.push(_Entry(self.bound(card, unbounded), entry.seq, _GROUP, (card, tries, None), self.low))
                else:
                    self.expand(card, tries)
            elif entry.kind == _EXACT:
                hand, claim = entry.item
                found.append((hand, entry.seq, claim))
            else:
                self.judged(entry.item, entry.seq)
        found.sort(key=order)
        return found[:limit] if limit is not None else found

    def push(self, entry: _Entry) -> None:
        heapq.heappush(self.heap, entry)

    def expand(self, card: CardState | None, tries: list) -> None:
        state, player = self.state, self.player
        for at, claim, changes in tries:
            if changes is None:                    # base rule 1: the hand itself
                keep = card.suit
                card.suit = claim.suit
                try:
                    hand = self.evaluate(state, player)
                finally:
                    card.suit = keep
                if _better(state, hand, self.base_hand):
                    self.push(_Entry(hand.key, at, _EXACT, (hand, claim), self.low))
                continue
            try:
                estimate = _estimate(state, player, changes, self.evaluate)
            except RulesError:
                self.judged(claim, at)             # no estimate: judged in full
                continue
            if _better(state, estimate, self.base_hand):
                self.push(_Entry(estimate.key, at, _ESTIMATE, claim, self.low))

    def bound(self, card: CardState, as_state: str) -> tuple:
        """The key no try on ``card`` can beat (see above), or ``_UNBOUNDED``."""
        state, player = self.state, self.player
        if any(o is not card and o.played == card.played for o in state.hand(player)):
            return _UNBOUNDED
        kept = card.state
        try:
            card.state = as_state
            hand = self.evaluate(state, player)
            if hand.category == _HODGEPODGE:
                return _UNBOUNDED
            if hand.category > _HODGEPODGE:
                card.state = DEAD
                if self.evaluate(state, player).category in (_HODGEPODGE, NOTHING_CATEGORY):
                    return _UNBOUNDED
        except RulesError:
            return _UNBOUNDED
        finally:
            card.state = kept
        kickers = _TOP_KICKERS if self.state.reading("IP-KICKERS") == "remaining_high_to_low" else hand.key[2]
        return (hand.key[0], hand.key[1], kickers, _TOP_NATURALNESS)


class _Key:
    """A bare key where :func:`_better` expects a hand."""

    __slots__ = ("key",)

    def __init__(self, key: tuple) -> None:
        self.key = key


class _Desc:
    """A key that sorts the other way round."""

    __slots__ = ("key",)

    def __init__(self, key: tuple) -> None:
        self.key = key

    def __lt__(self, other: _Desc) -> bool:
        return self.key > other.key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Desc) and self.key == other.key

    __hash__ = None  # type: ignore[assignment]


def _found_order(low: bool):
    """The suggestions' order: the best hand first, then the order the rules offered the claims."""
    if low:
        return lambda f: (f[0].key, f[1])
    return lambda f: (_Desc(f[0].key), f[1])


def advise_state(state: DealState, dealing, hands: Mapping[str, object], *, ruleset: Ruleset,
                 declared: Iterable[Claim] = (), thorough: bool = False, limit: int | None = None,
                 prune: bool = True) -> dict[str, Advice]:
    """The advice for every player of a deal already prepared with the ``declared`` claims.

    ``limit``: the number of suggestions a player needs (the best ones; None for all). The tries
    are then taken best first (estimated claims by their estimate) and stop once ``limit``
    suggestions are found and the next try cannot beat the last of them. A claim refused for
    the player's right at the modifier's turn spares the tries of the claims refused alike
    (``DealState.refuse``). ``prune=False`` does neither: every try is estimated or judged, the
    same advice more slowly. The state is left as it was (its trace included)."""
    declared = list(declared)
    history: GameHistory | None = state.history
    mods = [m for m in registry().values() if m.options is not None and m.number not in ruleset.disabled]
    by_source = {m.source: m for m in registry().values()}
    bounded = prune and limit is not None and not state.weakest_wins \
        and state.reading("IP-NAT-ORDER") == "category_first"
    b1_after = state.reading("IP-B1-WHEN") == "after_modifiers"
    trace = len(state.trace)
    advice = {}

    refused: dict[tuple[str, str], list[tuple[tuple[str, ...], tuple]]] = {}

    def judge(option: Claim):
        alike = refused.get((option.rule, option.player), ())
        if any(tuple(getattr(option, f) for f in fields) == values for fields, values in alike):
            return None                  # refused for a reason this claim shares (see DealState.refuse)
        claims = [replace(c, used=False) for c in declared] + [option]
        try:
            return prepare_deal(state.facts, dealing, state.readings, history=history, claims=claims,
                                ruleset=ruleset, rebased=_seed(option, state, by_source))
        except RulesError as error:
            fields = getattr(error, "alike", None)
            if prune and fields is not None and getattr(error, "claim", None) is option:
                refused.setdefault((option.rule, option.player), []).append(
                    (fields, tuple(getattr(option, f) for f in fields)))
            return None

    try:
        for player in state.players:
            search = _Search(state, player, hands[player], judge, limit, bounded)
            b1_free = not any(c.player == player and c.rule == "B1" for c in declared) and not (
                history is not None and history.claimed(player, "B1"))
            if b1_free and b1_after:
                for c in state.hand(player):
                    # the claim names a card: of two copies (two decks) the judge changes the first
                    if c.state in (NATURAL, FREE) and state.find(player, c.card) is c:
                        for suit in SUITS:
                            if suit != c.suit:
                                search.add(c, Claim(player=player, rule="B1", card=c.card, suit=suit), None)
            for mod in mods:
                if any(c.player == player and c.rule == mod.source for c in declared):
                    continue
                for option in mod.options(state, player):
                    if option.rule != mod.source and any(c.player == player and c.rule == option.rule
                                                         for c in declared):
                        continue
                    changes = None if thorough else _direct(state, option, by_source, ruleset)
                    if changes is None:
                        search.judged(option, search.offered())
                    else:
                        search.add(None, option, changes)
            found = search.run()
            advice[player] = Advice(player, hands[player],
                                    tuple(Suggestion(claim, hand) for hand, _at, claim in found))
    finally:
        del state.trace[trace:]      # the notes of the advisor's evaluations (a card twice) are not the deal's
    return advice


def advise_judgement(judgement, *, thorough: bool = False, limit: int | None = None) -> dict[str, Advice]:
    """The advice for a deal already judged (:func:`~.judge.judge_deal`), under its ruleset, from its
    own card states and hands: the same advice as :func:`advise` with the deal's inputs."""
    rs = judgement.ruleset if judgement.ruleset is not None else get_ruleset("club-2.2.1")
    state = judgement.state
    if judgement.dealing is None:
        raise RulesError("the judgement does not carry its dealing: advise the deal with advise()")
    return advise_state(state, judgement.dealing, judgement.hands, ruleset=rs,
                        declared=[replace(c, used=False) for c in state.claims], thorough=thorough, limit=limit)


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
