"""The rules of the 30-round trick game: schedule, bids, legal plays, tricks and scoring.

Private to :mod:`rules.engines.tricks`, which documents and exports the public names; import
from there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import cards as _cards
from ..cards import Card
from ..errors import RulesError
from ..readings import InterpretationPoint, Readings, register, resolve

PLAYERS = 4
ROUNDS = 30
KINDS = ("open", "dark", "minimum", "maximum")
DEMANDS = ("highest", "lowest")
_GAMES = ("tricks",)
_SEED = "trick seed"

# --- interpretation points ------------------------------------------------------------------

IP_TRICK_OVER = register(InterpretationPoint(
    id="IP-TRICK-OVER", game="tricks",
    question="When a player takes more tricks than bid, is the +1 paid for every trick taken or "
             "only for the tricks over the bid?",
    seed_reference=f"{_SEED}, scoring of rounds 1-22, point 2",
    default="per_trick_taken", alternatives=("per_overtrick",),
    readings_help={"per_trick_taken": "+1 for every trick taken (bid 2, took 4: +4)",
                   "per_overtrick": "+1 for each trick over the bid (bid 2, took 4: +2)"}))
IP_DEALER_ROTATION = register(InterpretationPoint(
    id="IP-TRICK-DEALER-ROTATION", game="tricks",
    question="Does the deal pass from round to round? The seed only says the player left of the "
             "dealer leads.",
    seed_reference=f"{_SEED}, «Право первого хода всегда у того, кто сидит слева от игрока, "
                   "который сдает карты»",
    default="clockwise", alternatives=("fixed",),
    readings_help={"clockwise": "the deal passes one seat clockwise each round",
                   "fixed": "the first dealer deals all 30 rounds"}))
IP_JOKER_ANYTIME = register(InterpretationPoint(
    id="IP-JOKER-ANYTIME", game="tricks",
    question="May a joker be played at any time, or only when the player cannot follow the led "
             "suit?",
    seed_reference=f"{_SEED}, «Если такой масти у них нет, то они обязаны класть козыря или джокера»",
    default="only_when_void", alternatives=("any_time",),
    readings_help={"only_when_void": "a joker is played only where the obligations allow it",
                   "any_time": "a joker may always be played, whatever the obligation"}))
IP_NO_TRUMP_VOID = register(InterpretationPoint(
    id="IP-NO-TRUMP-VOID", game="tricks",
    question="In a no-trump round, must a player void in the led suit who holds a joker play it?",
    seed_reference=f"{_SEED}, «обязаны класть козыря или джокера»",
    default="joker_if_held", alternatives=("any_card",),
    readings_help={"joker_if_held": "void in the led suit with a joker: the joker must be played",
                   "any_card": "void in the led suit: any card, joker or not"}))
IP_JOKER_SECOND = register(InterpretationPoint(
    id="IP-JOKER-SECOND", game="tricks",
    question="After a joker lead, who must play the other joker when holding no trump: any "
             "player, or only the second player as the seed says?",
    seed_reference=f"{_SEED}, «А если у второго игрока нет козырей, но есть джокер, то обязан "
                   "ходить джокером»",
    default="any_player", alternatives=("second_only",),
    readings_help={"any_player": "every later player with no trump and the joker must play it",
                   "second_only": "only the player right after the leader must"}))
IP_JOKER_IS_TRUMP = register(InterpretationPoint(
    id="IP-JOKER-IS-TRUMP", game="tricks",
    question="After a joker lead, does a joker count as a trump for the obligation to play a "
             "trump (and as the highest trump for a demand)?",
    seed_reference=f"{_SEED}, «Если игрок ходит с джокера, то все обязаны сходить по козырю»",
    default="no", alternatives=("yes",),
    readings_help={"no": "a player with trumps must play a trump, not the joker",
                   "yes": "the joker is a trump, the highest one: it may answer the lead, and it "
                          "is the card a 'highest' demand calls for"}))
IP_JOKER_DEMAND_ORDER = register(InterpretationPoint(
    id="IP-JOKER-DEMAND-ORDER", game="tricks",
    question="After a joker lead with a demand, a player with no trump holds the other joker: "
             "does the joker obligation or the demand decide?",
    seed_reference=f"{_SEED}, joker lead, «обязан ходить джокером» and «самую маленькую из своих "
                   "карт»",
    default="joker_first", alternatives=("demand_first",),
    readings_help={"joker_first": "the other joker must be played, the demand does not apply",
                   "demand_first": "the demanded highest / lowest card must be played"}))
IP_JOKER_LEAD_NO_TRUMP = register(InterpretationPoint(
    id="IP-JOKER-LEAD-NO-TRUMP", game="tricks",
    question="What does a joker led in a no-trump round oblige?",
    seed_reference=f"{_SEED}, «Если вместо козыря выпал один из джокеров, то кон играют без "
                   "козырей» with the joker lead",
    default="demand_on_all_cards", alternatives=("as_void_of_trump",),
    readings_help={"demand_on_all_cards": "nothing but the demand, which applies to all cards",
                   "as_void_of_trump": "everyone counts as holding no trump: the other-joker "
                                       "obligation applies, then the demand on all cards"}))


def _readings(readings: Mapping[str, str] | None) -> Readings:
    return resolve(readings, games=_GAMES)


# --- small checks -----------------------------------------------------------------------------

def _plain(value: object) -> Any:
    """``value`` as JSON keeps it: numbers, strings, None and lists of them; anything else (a
    card, a mapping, an odd object) as its text."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if value == value and value not in (float("inf"), float("-inf")) else str(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return str(value)


def _int(value: object, what: str, low: int, high: int, rule: str | None = None,
         code: str | None = None, values: Mapping[str, Any] | None = None) -> int:
    """A whole number in low..high; ``code`` and ``values`` name the refusal for a site (the
    offending value is added as ``value``, the range as ``low`` and ``high``)."""
    coded = None if code is None else {**(values or {}), "value": _plain(value), "low": low, "high": high}
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} must be a whole number, not {value!r}", value=value, rule=rule,
                         code=code, values=coded)
    if not low <= value <= high:
        raise RulesError(f"{what} {value!r} is not one of {low}..{high}", value=value, rule=rule,
                         code=code, values=coded)
    return value


def _round_number(number: object) -> int:
    return _int(number, "round number", 1, ROUNDS, code="bad_round_number")


def _seat(seat: object, what: str = "seat") -> int:
    return _int(seat, what, 0, PLAYERS - 1)


_TRUMP_LETTERS = {"h": "h", "d": "d", "c": "c", "s": "s", "ч": "h", "б": "d", "т": "c", "к": "c", "п": "s"}


def _trump(trump: object) -> str | None:
    """A suit letter, None (no trumps), or the turned-up card itself (a joker: no trumps)."""
    if trump is None:
        return None
    if isinstance(trump, Card):
        return None if trump.is_joker else trump.suit
    if isinstance(trump, str):
        letter = _TRUMP_LETTERS.get(trump.strip().lower())
        if letter is not None:
            return letter
        try:
            return _trump(_cards.parse_one(trump))
        except RulesError:
            pass
    raise RulesError(f"trump {trump!r} is not a suit (h d c s), a turned-up card or None", value=trump,
                     code="not_a_trump", values={"trump": _plain(trump)})


def _card_list(items: object, what: str) -> tuple[list[Card], list[Any]]:
    """The cards and the caller's own items (strings stay strings)."""
    if isinstance(items, str):
        raw: list[Any] = items.replace(",", " ").split()
    elif isinstance(items, Card):
        raw = [items]
    else:
        try:
            raw = list(items)  # type: ignore[call-overload]
        except TypeError:
            raise RulesError(f"{what} must be a list of cards, not {items!r}", value=items)
    return [_cards.parse_one(item) for item in raw], raw


def _check_no_duplicates(groups: Iterable[Sequence[Card]], where: str) -> None:
    seen: set[Card] = set()
    jokers = 0
    for group in groups:
        for card in group:
            if card.is_joker:
                jokers += 1
                if jokers > 2:
                    raise RulesError(f"{where}: more than the deck's two jokers", value=card,
                                     code="too_many_jokers")
            elif card in seen:
                raise RulesError(f"{where}: the card {card} appears twice", value=str(card),
                                 code="duplicate_card", values={"card": str(card)})
            else:
                seen.add(card)


# --- schedule, dealers, bids ------------------------------------------------------------------

def schedule(number: int) -> tuple[int, str]:
    """(cards each, kind) of round ``number``, 1..30 (the seed's list of the 30 rounds)."""
    n = _round_number(number)
    if n <= 7:
        return n, "open"
    if n <= 11:
        return 8, "open"
    if n <= 18:
        return 19 - n, "open"
    if n <= 22:
        return 8, "dark"
    if n <= 26:
        return 8, "minimum"
    return 8, "maximum"


def has_bids(number: int) -> bool:
    """Rounds 1-22 are bid; in 23-30 (minimum, maximum) nobody bids."""
    return schedule(number)[1] in ("open", "dark")


def dealer_of(number: int, first_dealer: int = 0, readings: Mapping[str, str] | None = None) -> int:
    """The dealer's seat in round ``number`` (IP-TRICK-DEALER-ROTATION)."""
    n = _round_number(number)
    first = _seat(first_dealer, "first dealer")
    if _readings(readings)[IP_DEALER_ROTATION.id] == "fixed":
        return first
    return (first + n - 1) % PLAYERS


def bidding_order(dealer: int) -> tuple[int, ...]:
    """Seats in bidding (and first-trick) order: clockwise from the dealer's left, dealer last."""
    d = _seat(dealer, "dealer")
    return tuple((d + k) % PLAYERS for k in range(1, PLAYERS + 1))


def _check_bid(bid: object, cards_each: int, what: str = "bid") -> int:
    return _int(bid, what, 0, cards_each, code="bad_bid")


def forbidden_dealer_bid(cards_each: int, earlier_bids: Sequence[int]) -> int | None:
    """The one bid the dealer may not make: the bid that would make all bids add up to the cards
    each player holds; None when that sum is out of reach (every bid allowed)."""
    n = _int(cards_each, "cards each", 1, 13)
    earlier = list(earlier_bids) if not isinstance(earlier_bids, (str, bytes)) else None
    if earlier is None or len(earlier) != PLAYERS - 1:
        raise RulesError(f"the dealer bids after {PLAYERS - 1} players, got earlier bids {earlier_bids!r}",
                         value=earlier_bids)
    for bid in earlier:
        _check_bid(bid, n, "earlier bid")
    rest = n - sum(earlier)
    return rest if 0 <= rest <= n else None


def allowed_bids(cards_each: int, earlier_bids: Sequence[int] = ()) -> tuple[int, ...]:
    """The bids open to the next bidder; the fourth bidder is the dealer and has the restriction."""
    n = _int(cards_each, "cards each", 1, 13)
    if isinstance(earlier_bids, (str, bytes)) or not isinstance(earlier_bids, Iterable):
        raise RulesError(f"earlier bids must be a list of bids, not {earlier_bids!r}", value=earlier_bids)
    earlier = list(earlier_bids)
    if len(earlier) < PLAYERS - 1:
        for bid in earlier:
            _check_bid(bid, n, "earlier bid")
        return tuple(range(n + 1))
    forbidden = forbidden_dealer_bid(n, earlier)
    return tuple(b for b in range(n + 1) if b != forbidden)


# --- legal plays and tricks -------------------------------------------------------------------

def _ranked_extreme(hand: Sequence[Card], indices: Sequence[int], demand: str) -> list[int]:
    """The demanded highest / lowest cards among ``indices``; equal ranks in different suits are
    equally high, so all of them are given. Jokers have no rank: they answer only when nothing
    else is there."""
    ranked = [i for i in indices if not hand[i].is_joker]
    if not ranked:
        return list(indices)
    pick = max if demand == "highest" else min
    target = pick(hand[i].rank for i in ranked)
    return [i for i in ranked if hand[i].rank == target]


# The obligations a player meets, by code: a site says them in its own words from the code and the
# values given with it (suits as letters h d c s, the demand "highest" / "lowest").
OBLIGATIONS = (
    "lead_any", "follow_suit", "trump_or_joker", "void_any", "no_trump_joker", "no_trump_void_any",
    "joker_lead_no_trump_demand", "joker_lead_no_trump_any", "joker_lead_trump",
    "joker_lead_highest_joker", "joker_lead_trump_demand", "joker_lead_other_joker_first",
    "joker_lead_demand_card", "joker_lead_other_joker", "joker_lead_any",
)


def _obligation(hand: Sequence[Card], played: Sequence[Card], trump: str | None,
                demand: str | None, r: Readings) -> tuple[list[int], str, str, dict[str, Any]]:
    """The legal indices of ``hand``, the rule in English, and the rule's code and values."""
    everything = list(range(len(hand)))
    jokers = [i for i in everything if hand[i].is_joker]
    if not played:
        return everything, "the leader may play any card", "lead_any", {}
    lead = played[0]
    if not lead.is_joker:
        led = lead.suit
        follow = [i for i in everything if not hand[i].is_joker and hand[i].suit == led]
        if follow:
            return follow, f"must follow the led suit {led}", "follow_suit", {"suit": led}
        if trump is not None:
            answer = sorted([i for i in everything if not hand[i].is_joker and hand[i].suit == trump] + jokers)
            if answer:
                return (answer, f"no {led}: must play a trump ({trump}) or a joker; trumps cannot be saved",
                        "trump_or_joker", {"suit": led, "trump": trump})
            return everything, f"no {led}, no trump, no joker: any card", "void_any", {"suit": led}
        if jokers and r[IP_NO_TRUMP_VOID.id] == "joker_if_held":
            return (jokers, f"no {led} in a no-trump round: must play the joker (IP-NO-TRUMP-VOID)",
                    "no_trump_joker", {"suit": led})
        return everything, f"no {led} in a no-trump round: any card", "no_trump_void_any", {"suit": led}

    # A joker was led.
    if trump is None and r[IP_JOKER_LEAD_NO_TRUMP.id] == "demand_on_all_cards":
        if demand is not None:
            return (_ranked_extreme(hand, everything, demand),
                    f"joker led in a no-trump round with the demand {demand!r}: the {demand} card",
                    "joker_lead_no_trump_demand", {"demand": demand})
        return (everything, "joker led in a no-trump round without a demand: any card",
                "joker_lead_no_trump_any", {})
    trumps = [i for i in everything if trump is not None and not hand[i].is_joker and hand[i].suit == trump]
    joker_is_trump = trump is not None and r[IP_JOKER_IS_TRUMP.id] == "yes"
    trump_set = sorted(trumps + jokers) if joker_is_trump else trumps
    if trump_set:
        if demand is None:
            return trump_set, f"joker led: must play a trump ({trump})", "joker_lead_trump", {"trump": trump}
        if joker_is_trump and jokers and demand == "highest":
            return (jokers, "joker led with the demand 'highest': the joker is the highest trump (IP-JOKER-IS-TRUMP)",
                    "joker_lead_highest_joker", {"demand": demand})
        return (_ranked_extreme(hand, trump_set, demand),
                f"joker led with the demand {demand!r}: must play the {demand} trump ({trump})",
                "joker_lead_trump_demand", {"demand": demand, "trump": trump})
    joker_due = bool(jokers) and (r[IP_JOKER_SECOND.id] == "any_player" or len(played) == 1)
    if demand is not None:
        if joker_due and r[IP_JOKER_DEMAND_ORDER.id] == "joker_first":
            return (jokers, "joker led, no trump in hand: must play the other joker before the demand",
                    "joker_lead_other_joker_first", {"demand": demand})
        return (_ranked_extreme(hand, everything, demand),
                f"joker led with the demand {demand!r}, no trump in hand: the {demand} card",
                "joker_lead_demand_card", {"demand": demand})
    if joker_due:
        return jokers, "joker led, no trump in hand: must play the other joker", "joker_lead_other_joker", {}
    return everything, "joker led, no trump in hand: any card", "joker_lead_any", {}


def _check_trick_input(hand: Sequence[Card], played: Sequence[Card], demand: object) -> str | None:
    if len(played) >= PLAYERS:
        raise RulesError(f"a trick has {PLAYERS} cards; {len(played)} already played", value=len(played),
                         code="trick_full", values={"played": len(played)})
    if not hand:
        raise RulesError("the hand is empty: nothing to play", value=list(hand), code="empty_hand")
    _check_no_duplicates((hand, played), "hand and trick")
    if demand is None:
        return None
    if demand not in DEMANDS:
        raise RulesError(f"a demand is 'highest' or 'lowest', not {demand!r}", value=demand,
                         code="bad_demand", values={"demand": _plain(demand)})
    if not played or not played[0].is_joker:
        raise RulesError(f"the demand {demand!r} goes only with a joker lead", value=demand,
                         code="demand_without_joker", values={"demand": demand})
    return demand  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Obligation:
    """What a player may play now: the legal cards (of the caller's kind), the rule in English,
    and the rule as a code of :data:`OBLIGATIONS` with its values; ``joker_any_time`` when the
    reading IP-JOKER-ANYTIME added the jokers."""

    legal: tuple[Any, ...]
    reason: str
    code: str
    values: Mapping[str, Any]
    joker_any_time: bool = False


def obligation(hand: object, played: object = (), trump: object = None, demand: str | None = None,
               readings: Mapping[str, str] | None = None) -> Obligation:
    """The legal cards and the rule that makes them so, as words and as a code."""
    hand_cards, raw = _card_list(hand, "hand")
    played_cards, _ = _card_list(played, "played")
    checked = _check_trick_input(hand_cards, played_cards, demand)
    r = _readings(readings)
    indices, reason, code, values = _obligation(hand_cards, played_cards, _trump(trump), checked, r)
    any_time = False
    if r[IP_JOKER_ANYTIME.id] == "any_time":
        extra = [i for i, c in enumerate(hand_cards) if c.is_joker and i not in indices]
        if extra:
            indices = sorted(indices + extra)
            reason += "; a joker may be played at any time (IP-JOKER-ANYTIME)"
            any_time = True
    return Obligation(tuple(raw[i] for i in indices), reason, code, values, any_time)


def play_obligation(hand: object, played: object = (), trump: object = None, demand: str | None = None,
                    readings: Mapping[str, str] | None = None) -> tuple[list[Any], str]:
    """The legal cards (as :func:`legal_plays`) and the rule that makes them so, in words."""
    found = obligation(hand, played, trump, demand, readings)
    return list(found.legal), found.reason


def legal_plays(hand: object, played: object = (), trump: object = None, demand: str | None = None,
                readings: Mapping[str, str] | None = None) -> list[Any]:
    """The cards of ``hand`` that may be played now on the trick ``played`` (play order), in the
    hand's order and of the caller's kind. ``demand`` is the joker leader's "highest" / "lowest"."""
    return play_obligation(hand, played, trump, demand, readings)[0]


def trick_winner(played: object, trump: object = None) -> int:
    """Index in play order of the card that takes the trick (so far, for a trick not yet full):
    the first joker; else the highest trump; else the highest card of the led suit."""
    cards, _ = _card_list(played, "trick")
    if not cards or len(cards) > PLAYERS:
        raise RulesError(f"a trick has 1..{PLAYERS} cards, not {len(cards)}", value=len(cards),
                         code="trick_size", values={"cards": len(cards)})
    _check_no_duplicates((cards,), "trick")
    suit = _trump(trump)
    for i, card in enumerate(cards):
        if card.is_joker:
            return i
    wanted = suit if suit is not None and any(c.suit == suit for c in cards) else cards[0].suit
    return max((i for i, c in enumerate(cards) if c.suit == wanted), key=lambda i: cards[i].rank)


# --- scoring ----------------------------------------------------------------------------------

def round_score(number: int, bid: int | None = None, taken: int = 0,
                readings: Mapping[str, str] | None = None) -> int:
    """One player's points for a round (the seed's scoring: rounds 1-22 points 1-4, rounds 23-26
    -10 a trick, rounds 27-30 +10 a trick)."""
    r = _readings(readings)
    cards_each, kind = schedule(number)
    t = _int(taken, f"round {number}: tricks taken", 0, cards_each, code="bad_taken")
    if kind == "minimum":
        if bid is not None:
            raise RulesError(f"round {number} is a minimum round: no bids, got {bid!r}", value=bid,
                             code="bids_in_unbid_round", values={"round": number})
        return -10 * t
    if kind == "maximum":
        if bid is not None:
            raise RulesError(f"round {number} is a maximum round: no bids, got {bid!r}", value=bid,
                             code="bids_in_unbid_round", values={"round": number})
        return 10 * t
    if bid is None:
        raise RulesError(f"round {number} is bid: a bid is needed, got {bid!r}", value=bid,
                         code="bids_missing", values={"round": number})
    b = _check_bid(bid, cards_each, f"round {number}: bid")
    if t == b:
        return 5 if b == 0 else 10 * t
    if t > b:
        if r[IP_TRICK_OVER.id] == "per_overtrick":
            return t - b
        return t
    return -10 * (b - t)


def _four(values: object, what: str) -> tuple[Any, ...]:
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise RulesError(f"{what} must be a list of {PLAYERS} values, not {values!r}", value=values)
    out = tuple(values)
    if len(out) != PLAYERS:
        raise RulesError(f"{what}: {PLAYERS} players, got {len(out)} values {list(out)!r}", value=list(out))
    return out


def _check_bids(number: int, dealer: int, bids: object) -> tuple[int, ...] | None:
    cards_each, _kind = schedule(number)
    if not has_bids(number):
        if bids is not None:
            raise RulesError(f"round {number}: no bids in rounds 23-30, got {bids!r}", value=bids,
                             code="bids_in_unbid_round", values={"round": number})
        return None
    if bids is None:
        raise RulesError(f"round {number}: the bids are missing", value=bids, code="bids_missing",
                         values={"round": number})
    out = _four(bids, f"round {number}: bids")
    for b in out:
        _check_bid(b, cards_each, f"round {number}: bid")
    if sum(out) == cards_each:
        raise RulesError(
            f"round {number}: the dealer (seat {dealer}) bid {out[dealer]}, which makes the bids "
            f"add up to {cards_each}, the cards each player holds", value=out[dealer], rule="dealer bid",
            code="dealer_bid", values={"dealer": dealer, "bid": out[dealer], "cards_each": cards_each})
    return out


def _check_taken(number: int, taken: object) -> tuple[int, ...]:
    cards_each, _ = schedule(number)
    out = _four(taken, f"round {number}: tricks taken")
    for t in out:
        _int(t, f"round {number}: tricks taken", 0, cards_each, code="bad_taken")
    if sum(out) != cards_each:
        raise RulesError(f"round {number}: the tricks taken {list(out)} add up to {sum(out)}, "
                         f"not to the {cards_each} cards each player holds", value=list(out),
                         code="taken_sum", values={"round": number, "taken": list(out), "sum": sum(out),
                                                   "cards_each": cards_each})
    return out


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """The scoring facts of one round: the dealer's seat, bids by seat (None in rounds 23-30) and
    tricks taken by seat. Checked on construction (four players, tricks add up, the dealer's bid
    obeys the restriction, no bids in rounds 23-30)."""

    number: int
    dealer: int
    bids: tuple[int, ...] | None
    taken: tuple[int, ...]

    def __post_init__(self) -> None:
        number = _round_number(self.number)
        dealer = _int(self.dealer, f"round {number}: dealer", 0, PLAYERS - 1)
        object.__setattr__(self, "bids", _check_bids(number, dealer, self.bids))
        object.__setattr__(self, "taken", _check_taken(number, self.taken))

    _KEYS = ("number", "dealer", "bids", "taken")

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any]) -> RoundRecord:
        if not isinstance(doc, Mapping):
            raise RulesError(f"a round record is a mapping, not {doc!r}", value=doc)
        unknown = sorted(set(doc) - set(cls._KEYS), key=repr)
        if unknown:
            raise RulesError(f"round record {doc.get('number', '?')}: unknown key {unknown[0]!r}",
                             value=unknown[0])
        for key in ("number", "dealer", "taken"):
            if key not in doc:
                raise RulesError(f"round record {doc.get('number', '?')}: missing key {key!r}", value=key)
        return cls(doc["number"], doc["dealer"], doc.get("bids"), doc["taken"])

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "dealer": self.dealer,
                "bids": None if self.bids is None else list(self.bids), "taken": list(self.taken)}

    def scores(self, readings: Mapping[str, str] | None = None) -> tuple[int, ...]:
        return tuple(round_score(self.number, None if self.bids is None else self.bids[s], self.taken[s],
                                 readings) for s in range(PLAYERS))


def _as_round_record(item: object) -> RoundRecord:
    if isinstance(item, RoundRecord):
        return item
    summary = getattr(item, "summary", None)
    if callable(summary):  # a PlayedRound
        return summary()
    if isinstance(item, Mapping):
        return RoundRecord.from_dict(item)
    raise RulesError(f"a round is a RoundRecord, a PlayedRound or a dict, not {item!r}", value=item)


def _checked_game(rounds: object, readings: Readings) -> list[RoundRecord]:
    if isinstance(rounds, (str, bytes, Mapping)) or not isinstance(rounds, Iterable):
        raise RulesError(f"rounds must be a list of {ROUNDS} rounds, not {rounds!r}", value=rounds)
    records = [_as_round_record(item) for item in rounds]
    for position, record in enumerate(records, start=1):
        if record.number != position:
            raise RulesError(f"round {record.number} is in place {position}: all 30 rounds in order, "
                             f"each once", value=record.number, code="round_out_of_place",
                             values={"round": record.number, "place": position})
    if len(records) != ROUNDS:
        raise RulesError(f"a game has {ROUNDS} rounds, got {len(records)}", value=len(records),
                         code="round_count", values={"count": len(records), "rounds": ROUNDS})
    first = records[0].dealer
    for record in records:
        expected = dealer_of(record.number, first, readings)
        if record.dealer != expected:
            raise RulesError(
                f"round {record.number}: dealer seat {record.dealer}, but the deal "
                f"({readings[IP_DEALER_ROTATION.id]}, IP-TRICK-DEALER-ROTATION) gives seat {expected}",
                value=record.dealer, rule=IP_DEALER_ROTATION.id, code="dealer_rotation",
                values={"round": record.number, "dealer": record.dealer, "expected": expected})
    return records


def score_sheet(rounds: object, readings: Mapping[str, str] | None = None) -> tuple[tuple[int, ...], ...]:
    """The four scores of each of the 30 rounds, after checking the whole game."""
    r = _readings(readings)
    return tuple(record.scores(r) for record in _checked_game(rounds, r))


def game_scores(rounds: object, readings: Mapping[str, str] | None = None) -> tuple[int, ...]:
    """The four totals (by seat) of a game of 30 rounds (RoundRecord, PlayedRound or dicts
    ``{"number", "dealer", "bids", "taken"}``). Every broken invariant raises a RulesError naming
    the round and the value."""
    sheet = score_sheet(rounds, readings)
    return tuple(sum(row[s] for row in sheet) for s in range(PLAYERS))
