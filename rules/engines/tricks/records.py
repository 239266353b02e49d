"""Played rounds and games of the trick game: records, JSON-able dicts, validation of recorded play.

Private to :mod:`rules.engines.tricks`, which documents and exports the public names; import
from there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import cards as _cards
from ..cards import Card
from ..errors import RulesError
from .rules import (
    DEMANDS,
    PLAYERS,
    RoundRecord,
    _card_list,
    _check_bids,
    _check_no_duplicates,
    _four,
    _plain,
    _readings,
    _round_number,
    _seat,
    _trump,
    has_bids,
    obligation,
    round_score,
    schedule,
    score_sheet,
    trick_winner,
)

# --- played rounds, games, serialization ------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Trick:
    """One trick: the leader's seat, the cards in play order from the leader, the joker leader's
    demand (or None) and the seat that took it."""

    leader: int
    cards: tuple[Card, ...]
    demand: str | None
    winner: int

    def seats(self) -> tuple[int, ...]:
        return tuple((self.leader + k) % PLAYERS for k in range(len(self.cards)))

    def to_dict(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [str(c) for c in self.cards], "demand": self.demand,
                "winner": self.winner}


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise RulesError(f"{what} must be a list, not {value!r}", value=value)
    return list(value)


def _strict_keys(doc: object, allowed: Iterable[str], required: Iterable[str], what: str) -> Mapping[str, Any]:
    if not isinstance(doc, Mapping):
        raise RulesError(f"{what} is a mapping, not {doc!r}", value=doc)
    unknown = sorted(set(doc) - set(allowed), key=repr)
    if unknown:
        raise RulesError(f"{what}: unknown key {unknown[0]!r}", value=unknown[0])
    for key in required:
        if key not in doc:
            raise RulesError(f"{what}: missing key {key!r}", value=key)
    return doc


def _trick_from_dict(doc: object, where: str) -> Trick:
    d = _strict_keys(doc, ("leader", "cards", "demand", "winner"), ("leader", "cards", "winner"), where)
    cards, _ = _card_list(d["cards"], f"{where} cards")
    demand = d.get("demand")
    if demand is not None and demand not in DEMANDS:
        raise RulesError(f"{where}: a demand is 'highest' or 'lowest', not {demand!r}", value=demand)
    return Trick(_seat(d["leader"], f"{where} leader"), tuple(cards), demand, _seat(d["winner"], f"{where} winner"))


@dataclass(frozen=True, slots=True)
class PlayedRound:
    """A round with its card play: the hands as dealt (by seat), the turned-up card, the bids
    (None in rounds 23-30), the tricks, and the tricks taken and scores by seat. Construction
    checks only the shape; :func:`validate_round_play` judges the play."""

    number: int
    dealer: int
    trump_card: Card
    hands: tuple[tuple[Card, ...], ...]
    bids: tuple[int, ...] | None
    tricks: tuple[Trick, ...]
    taken: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def cards_each(self) -> int:
        return schedule(self.number)[0]

    @property
    def kind(self) -> str:
        return schedule(self.number)[1]

    @property
    def trump(self) -> str | None:
        return _trump(self.trump_card)

    def summary(self) -> RoundRecord:
        return RoundRecord(self.number, self.dealer, self.bids, self.taken)

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "cards_each": self.cards_each, "kind": self.kind,
                "dealer": self.dealer, "trump_card": str(self.trump_card), "trump": self.trump,
                "hands": [[str(c) for c in hand] for hand in self.hands],
                "bids": None if self.bids is None else list(self.bids),
                "tricks": [t.to_dict() for t in self.tricks],
                "taken": list(self.taken), "scores": list(self.scores)}

    _KEYS = ("number", "cards_each", "kind", "dealer", "trump_card", "trump", "hands", "bids", "tricks",
             "taken", "scores")

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any]) -> PlayedRound:
        where = f"round {doc.get('number', '?')}" if isinstance(doc, Mapping) else "round"
        d = _strict_keys(doc, cls._KEYS, ("number", "dealer", "trump_card", "hands", "tricks", "taken",
                                          "scores"), where)
        number = _round_number(d["number"])
        cards_each, kind = schedule(number)
        if "cards_each" in d and d["cards_each"] != cards_each:
            raise RulesError(f"{where}: {cards_each} cards each, not {d['cards_each']!r}", value=d["cards_each"])
        if "kind" in d and d["kind"] != kind:
            raise RulesError(f"{where}: the kind is {kind!r}, not {d['kind']!r}", value=d["kind"])
        trump_card = _cards.parse_one(d["trump_card"])
        if "trump" in d and _trump(d["trump"]) != _trump(trump_card):
            raise RulesError(f"{where}: the trump {d['trump']!r} is not that of {trump_card}", value=d["trump"])
        hands = tuple(tuple(_card_list(h, f"{where} hand")[0]) for h in _four(d["hands"], f"{where}: hands"))
        tricks = tuple(_trick_from_dict(t, f"{where} trick {k}")
                       for k, t in enumerate(_list(d["tricks"], f"{where}: tricks"), start=1))
        bids = d.get("bids")
        return cls(number, _seat(d["dealer"], f"{where} dealer"), trump_card, hands,
                   None if bids is None else _four(bids, f"{where}: bids"), tricks,
                   _four(d["taken"], f"{where}: taken"), _four(d["scores"], f"{where}: scores"))


_FORMAT = 1


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game: the seed it was dealt from (None when dealt by hand), the first dealer, the
    readings chosen, the 30 played rounds and the four totals."""

    seed: int | str | None
    first_dealer: int
    readings: Mapping[str, str]
    rounds: tuple[PlayedRound, ...]
    totals: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, (int, str))):
            raise RulesError(f"a game seed is stored as a number or a string, not {self.seed!r}",
                             value=self.seed)
        return {"game": "tricks", "format": _FORMAT, "seed": self.seed, "first_dealer": self.first_dealer,
                "readings": dict(self.readings), "rounds": [r.to_dict() for r in self.rounds],
                "totals": list(self.totals)}

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any]) -> GameRecord:
        """Read a stored game; the scores and totals must agree with the bids and tricks (the card
        play itself is judged by :func:`validate_game_play`, which flags rather than refuses)."""
        d = _strict_keys(doc, ("game", "format", "seed", "first_dealer", "readings", "rounds", "totals"),
                         ("game", "rounds", "totals"), "game record")
        if d["game"] != "tricks":
            raise RulesError(f"game record: the game is 'tricks', not {d['game']!r}", value=d["game"])
        if d.get("format", _FORMAT) != _FORMAT:
            raise RulesError(f"game record: unknown format {d['format']!r}", value=d["format"])
        chosen = dict(_readings(d.get("readings") or {}).chosen())
        rounds = tuple(PlayedRound.from_dict(r) for r in _list(d["rounds"], "game record: rounds"))
        sheet = score_sheet(rounds, chosen)
        for played, row in zip(rounds, sheet, strict=True):
            if tuple(played.scores) != row:
                raise RulesError(f"round {played.number}: the scores {list(played.scores)} should be "
                                 f"{list(row)}", value=list(played.scores))
        totals = tuple(sum(row[s] for row in sheet) for s in range(PLAYERS))
        if tuple(_four(d["totals"], "totals")) != totals:
            raise RulesError(f"game record: the totals {list(d['totals'])} should be {list(totals)}",
                             value=list(d["totals"]))
        first = _seat(d.get("first_dealer", rounds[0].dealer if rounds else 0), "first dealer")
        if rounds and rounds[0].dealer != first:
            raise RulesError(f"game record: round 1 is dealt by seat {rounds[0].dealer}, not the first "
                             f"dealer {first}", value=rounds[0].dealer)
        seed = d.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise RulesError(f"game record: a seed is a number or a string, not {seed!r}", value=seed)
        return cls(seed, first, chosen, rounds, totals)


# --- validating recorded play -----------------------------------------------------------------

# The kinds of problem :func:`validate_round_play` and :func:`validate_game_play` report, each
# with the values a sentence about it needs (cards by their codes "7h" / "Jo", seats 0-3, suits as
# h d c s). A refusal raised by a check the validation calls keeps its own code; one that has none
# (a recording whose shape cannot be read) is "unreadable".
PROBLEM_CODES = (
    "unreadable",            # value: the offending value, as text
    "not_a_card",            # token
    "not_a_trump",           # trump
    "bad_round_number",      # value, low, high
    "bad_readings",          # value
    "hand_size",             # held, cards_each (seat)
    "duplicate_card",        # card
    "too_many_jokers",
    "trick_count",           # recorded, cards_each
    "bids_in_unbid_round",   # round
    "bids_missing",          # round
    "bad_bid",               # value, low, high
    "dealer_bid",            # dealer, bid, cards_each
    "wrong_leader",          # led, leader (trick)
    "short_trick",           # cards, players (trick)
    "demand_without_joker",  # demand (trick, seat)
    "bad_demand",            # demand
    "card_not_in_hand",      # card (trick, seat)
    "illegal_play",          # card, reason (a code of OBLIGATIONS), reason_values, legal, joker_any_time
    "trick_full",            # played
    "empty_hand",
    "trick_size",            # cards
    "wrong_winner",          # recorded, winner (trick)
    "taken_mismatch",        # recorded, counted
    "bad_taken",             # value, low, high
    "scores_mismatch",       # recorded, expected
    "not_a_game",
    "round_out_of_place",    # round, place
    "round_count",           # count, rounds
    "dealer_rotation",       # round, dealer, expected
    "taken_sum",             # round, taken, sum, cards_each
    "totals_mismatch",       # recorded, totals
)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a recorded round: where (round, trick 1-based or None, seat or None)
    and what: ``message`` in English, ``code`` (one of :data:`PROBLEM_CODES`; every problem the
    validation reports has one) and ``values`` for a site to say it in its own words. ``values``
    is JSON-able."""

    round: int | None
    trick: int | None
    seat: int | None
    message: str
    code: str | None = None
    values: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __str__(self) -> str:
        where = [f"round {self.round}" if self.round is not None else "round ?"]
        if self.trick is not None:
            where.append(f"trick {self.trick}")
        if self.seat is not None:
            where.append(f"seat {self.seat}")
        return f"{', '.join(where)}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "trick": self.trick, "seat": self.seat, "message": self.message,
                "code": self.code, "values": dict(self.values)}


def _refusal(error: RulesError, default: str = "unreadable") -> tuple[str, dict[str, Any]]:
    """The code and values a Problem carries for a refusal raised by a check it calls."""
    if error.code is not None:
        values = dict(error.values)
        if error.code == "not_a_card" and "token" not in values:
            values["token"] = _plain(error.value)
        return error.code, values
    return default, {"value": _plain(error.value)}


def _loose_round(doc: object) -> tuple[PlayedRound, bool]:
    """A recorded round from a dict, and whether its turned-up card is known (a recording may
    give only the trump suit). Hands may be left out (they are then what each seat played); the
    leader, winner, taken and scores of a recording are optional."""
    if isinstance(doc, PlayedRound):
        return doc, True
    d = _strict_keys(doc, PlayedRound._KEYS, ("number", "dealer", "tricks"), "recorded round")
    number = _round_number(d["number"])
    where = f"round {number}"
    if "trump_card" in d:
        trump_card = _cards.parse_one(d["trump_card"])
    elif "trump" in d:
        # Only the suit is known: a stand-in card of that suit that takes part in no check.
        suit = _trump(d["trump"])
        trump_card = _cards.JOKER if suit is None else _cards.card(2, suit)
    else:
        raise RulesError(f"{where}: the trump (or trump_card) is missing", value="trump")
    dealer = _seat(d["dealer"], f"{where} dealer")
    tricks: list[Trick] = []
    leader = (dealer + 1) % PLAYERS
    for k, t in enumerate(_list(d["tricks"], f"{where}: tricks"), start=1):
        t = dict(_strict_keys(t, ("leader", "cards", "demand", "winner"), ("cards",), f"{where} trick {k}"))
        t.setdefault("leader", leader)
        t.setdefault("winner", -1)
        cards, _ = _card_list(t["cards"], f"{where} trick {k}")
        winner = t["winner"] if t["winner"] == -1 else _seat(t["winner"], f"{where} trick {k} winner")
        trick = Trick(_seat(t["leader"], f"{where} trick {k} leader"), tuple(cards), t.get("demand"), winner)
        tricks.append(trick)
        if winner != -1:
            leader = winner
        elif len(cards) == PLAYERS:
            leader = trick.seats()[trick_winner(cards, _trump(trump_card))]
    if "hands" in d:
        hands = tuple(tuple(_card_list(h, f"{where} hand")[0]) for h in _four(d["hands"], f"{where}: hands"))
    else:
        held: list[list[Card]] = [[] for _ in range(PLAYERS)]
        for trick in tricks:
            for seat, card in zip(trick.seats(), trick.cards, strict=True):
                held[seat].append(card)
        hands = tuple(tuple(h) for h in held)
    bids = d.get("bids")
    taken = d.get("taken")
    scores = d.get("scores")
    played = PlayedRound(number, dealer, trump_card, hands,
                         None if bids is None else _four(bids, f"{where}: bids"), tuple(tricks),
                         () if taken is None else _four(taken, f"{where}: taken"),
                         () if scores is None else _four(scores, f"{where}: scores"))
    return played, "trump_card" in d


def validate_round_play(played_round: object, readings: Mapping[str, str] | None = None) -> list[Problem]:
    """Judge a recorded round's card play: the hands (sizes, no card twice, the turned-up card in
    no hand), every trick (right leader, cards held, legal, right winner), the number of tricks,
    and the bids, tricks taken and scores when recorded. Returns the problems found (empty when the
    round is sound); never raises, so a site can store the round and flag it."""
    number = played_round.get("number") if isinstance(played_round, Mapping) else getattr(
        played_round, "number", None)
    number = number if isinstance(number, int) and not isinstance(number, bool) else None
    try:
        r = _readings(readings)
    except RulesError as error:
        return [Problem(number, None, None, error.message, *_refusal(error, "bad_readings"))]
    try:
        pr, trump_card_known = _loose_round(played_round)
    except RulesError as error:
        return [Problem(number, None, None, error.message, *_refusal(error))]
    problems: list[Problem] = []

    def flag(message: str, trick: int | None = None, seat: int | None = None, *, code: str,
             values: Mapping[str, Any] | None = None) -> None:
        problems.append(Problem(pr.number, trick, seat, message, code, dict(values or {})))

    def refused(error: RulesError, trick: int | None = None, seat: int | None = None) -> None:
        code, values = _refusal(error)
        flag(error.message, trick, seat, code=code, values=values)

    n = pr.cards_each
    trump = pr.trump
    for seat, hand in enumerate(pr.hands):
        if len(hand) != n:
            flag(f"the hand holds {len(hand)} cards, not {n}", seat=seat, code="hand_size",
                 values={"held": len(hand), "cards_each": n})
    try:
        _check_no_duplicates((*pr.hands, (pr.trump_card,) if trump_card_known else ()), "the deal")
    except RulesError as error:
        refused(error)
    if len(pr.tricks) != n:
        flag(f"{len(pr.tricks)} tricks recorded, not {n}", code="trick_count",
             values={"recorded": len(pr.tricks), "cards_each": n})
    bids_sound = True
    if pr.bids is not None or has_bids(pr.number):
        try:
            _check_bids(pr.number, pr.dealer, pr.bids)
        except RulesError as error:
            bids_sound = False
            refused(error)

    remaining = [list(h) for h in pr.hands]
    leader = (pr.dealer + 1) % PLAYERS
    counted = [0] * PLAYERS
    for k, trick in enumerate(pr.tricks, start=1):
        if trick.leader != leader:
            flag(f"seat {trick.leader} led, but seat {leader} was to lead", k, code="wrong_leader",
                 values={"led": trick.leader, "leader": leader})
        if len(trick.cards) != PLAYERS:
            flag(f"the trick has {len(trick.cards)} cards, not {PLAYERS}", k, code="short_trick",
                 values={"cards": len(trick.cards), "players": PLAYERS})
            break
        if trick.demand is not None and (trick.demand not in DEMANDS or not trick.cards[0].is_joker):
            flag(f"the demand {trick.demand!r} goes only with a joker lead", k, trick.leader,
                 code="demand_without_joker", values={"demand": _plain(trick.demand)})
        demand = trick.demand if trick.demand in DEMANDS and trick.cards[0].is_joker else None
        for position, (seat, card) in enumerate(zip(trick.seats(), trick.cards, strict=True)):
            hand = remaining[seat]
            if card not in hand:
                flag(f"played {card}, which is not in the hand", k, seat, code="card_not_in_hand",
                     values={"card": str(card)})
                continue
            try:
                must = obligation(hand, trick.cards[:position], trump, demand if position else None, r)
            except RulesError as error:
                refused(error, k, seat)
            else:
                if card not in must.legal:
                    flag(f"played {card}, not a legal play: {must.reason} "
                         f"(legal: {_cards.format(must.legal)})", k, seat, code="illegal_play",
                         values={"card": str(card), "reason": must.code, "reason_values": dict(must.values),
                                 "legal": [str(c) for c in must.legal], "joker_any_time": must.joker_any_time})
            hand.remove(card)
        try:
            winner = trick.seats()[trick_winner(trick.cards, trump)]
        except RulesError as error:
            refused(error, k)
            break
        if trick.winner not in (-1, winner):
            flag(f"recorded as taken by seat {trick.winner}, but seat {winner} takes it", k, code="wrong_winner",
                 values={"recorded": trick.winner, "winner": winner})
        counted[winner] += 1
        leader = winner
    if pr.taken and tuple(pr.taken) != tuple(counted):
        flag(f"tricks taken recorded as {list(pr.taken)}, the tricks give {counted}", code="taken_mismatch",
             values={"recorded": _plain(list(pr.taken)), "counted": counted})
    if pr.scores and bids_sound:
        try:
            expected = [round_score(pr.number, None if pr.bids is None else pr.bids[s], counted[s], r)
                        for s in range(PLAYERS)]
        except RulesError as error:
            refused(error)
        else:
            if list(pr.scores) != expected:
                flag(f"scores recorded as {list(pr.scores)}, the tricks give {expected}", code="scores_mismatch",
                     values={"recorded": _plain(list(pr.scores)), "expected": expected})
    return problems


def validate_game_play(game: object, readings: Mapping[str, str] | None = None) -> list[Problem]:
    """The problems of every round of a game record (a GameRecord or its dict), in order, then
    those of the game as a whole (all 30 rounds in order, the deal's rotation, the totals); the
    game's own readings apply unless ``readings`` is given. Never raises."""
    if isinstance(game, GameRecord):
        rounds: Sequence[Any] = game.rounds
        chosen: Any = game.readings
        recorded_totals: Any = game.totals
    elif isinstance(game, Mapping) and isinstance(game.get("rounds"), list):
        rounds, chosen, recorded_totals = game["rounds"], game.get("readings"), game.get("totals")
    else:
        return [Problem(None, None, None, f"not a game record: {game!r}", "not_a_game")]
    if readings is not None:
        chosen = readings
    problems: list[Problem] = []
    for item in rounds:
        problems.extend(validate_round_play(item, chosen))
    try:
        summaries = [item.summary() if isinstance(item, PlayedRound) else RoundRecord.from_dict(
            {key: item[key] for key in RoundRecord._KEYS if isinstance(item, Mapping) and key in item})
            for item in rounds]
        sheet = score_sheet(summaries, chosen)
    except RulesError as error:
        problems.append(Problem(None, None, None, error.message, *_refusal(error)))
        return problems
    totals = [sum(row[s] for row in sheet) for s in range(PLAYERS)]
    if recorded_totals is not None and (not isinstance(recorded_totals, (list, tuple))
                                        or list(recorded_totals) != totals):
        problems.append(Problem(None, None, None, f"totals recorded as {recorded_totals!r}, the rounds "
                                                  f"give {totals}", "totals_mismatch",
                                {"recorded": _plain(recorded_totals), "totals": totals}))
    return problems
