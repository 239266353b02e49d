"""Draker combinations: what a set of cards is, what it is worth, and what overspending costs.

Source: ``seeds/draker-combinations.txt``. Draker cards have a rank, a profession and a suit, and
carry "+1" / "-1" tokens and effects. The seed knows two kinds of combination, each in two
flavours:

* straight: cards ordered by rank or by profession; the ace may be high (Queen-King-Ace) or low
  (Ace-Two-Three), never across it (Queen-King-Ace-Two is forbidden);
* kare: cards of one rank or of one profession.

A combination has any length, even one card, and may be several kinds at once. Card strength is
1, +1 per "+1" token, -1 per "-1" token, plus or minus effects; the base value is the sum of the
strengths (plus effects on the whole combination); the final value doubles for every kind beyond
the first and triples for a flush (one suit), and these multipliers apply only from three cards.

Ranks are those of the seed's ranks (Two .. King, Ace; 2..14 here, the ace also low in
straights). The seed does not list the professions; the published Draker deck ranks ten of
them, the youngest first, so a profession is a number 1..10 (:data:`PROFESSIONS`), ordered like
ranks but without an ace to wrap. The Draker deck adds two suits, elves and gnomes, to the four
usual ones (:data:`SUITS`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import RulesError
from .readings import InterpretationPoint, register, resolve

__all__ = [
    "RANKS", "PROFESSIONS", "SUITS", "KINDS", "POOLS", "LIFE_PER_EXCESS_POINT",
    "Card", "Score", "score", "kinds_of", "role", "Declaration", "declare", "Balance",
    "turn_balance", "STRENGTH_FLOOR", "BALANCE",
]

GAME = "draker"
RANKS: tuple[int, ...] = tuple(range(2, 15))
ACE = 14
_RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
               11: "J", 12: "Q", 13: "K", 14: "A"}
# The youngest profession first.
PROFESSIONS: dict[int, str] = {
    1: "spearman", 2: "swordsman", 3: "archer", 4: "field_musician", 5: "healer",
    6: "pathfinder", 7: "mechanic", 8: "wizard", 9: "giant", 10: "etsilop",
}
SUITS: dict[str, str] = {"h": "hearts", "d": "diamonds", "c": "clubs", "s": "spades",
                         "e": "elves", "g": "gnomes"}
KINDS: tuple[str, ...] = ("straight_rank", "straight_profession", "kare_rank", "kare_profession")
POOLS: tuple[str, ...] = ("own", "common")
MULTIPLIER_MIN_LENGTH = 3
LIFE_PER_EXCESS_POINT = 3

STRENGTH_FLOOR = register(InterpretationPoint(
    id="IP-DRAKER-STRENGTH-FLOOR",
    game=GAME,
    question="Can \"-1\" tokens and effects take a card's strength (and a combination's base "
             "value) below zero?",
    seed_reference="draker seed, 'Сила карты равна 1 ... уменьшается на 1 за жетон \"-1\"'",
    default="floor_zero",
    alternatives=("no_floor",),
    readings_help={
        "floor_zero": "a card's strength and a combination's base value never go below zero",
        "no_floor": "strengths and base values may be negative and lower the combination's sum",
    },
))

BALANCE = register(InterpretationPoint(
    id="IP-DRAKER-BALANCE",
    game=GAME,
    question="Is overspending counted for attack and defence points separately, or on their sum?",
    seed_reference="draker seed, 'Если количество потраченных очков больше заработанных, то за "
                   "каждое \"лишнее\" потраченное очко с игрока списывается три очка жизни'",
    default="separate",
    alternatives=("pooled",),
    readings_help={
        "separate": "attack points spent beyond those earned and defence points spent beyond "
                    "those earned each cost 3 life points; a surplus of one never covers the other",
        "pooled": "only the excess of all points spent over all points earned costs 3 life "
                  "points each",
    },
))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Card:
    """A Draker card: ``rank`` 2..14 (14 the ace), ``profession`` 1..10 (youngest first),
    ``suit`` one of :data:`SUITS`; ``tokens`` is the net count of "+1" and "-1" tokens on it,
    ``effects`` the net change of strength by effects; ``pool`` says whether the card lies in the
    player's own pool or the common pool."""

    rank: int
    profession: int
    suit: str
    tokens: int = 0
    effects: int = 0
    pool: str = "own"

    def __post_init__(self) -> None:
        if not _is_int(self.rank) or self.rank not in RANKS:
            raise RulesError(f"Draker rank {self.rank!r} is not one of 2..14", value=self.rank)
        if not _is_int(self.profession) or self.profession not in PROFESSIONS:
            raise RulesError(f"Draker profession {self.profession!r} is not one of 1..10",
                             value=self.profession)
        if self.suit not in SUITS:
            raise RulesError(f"Draker suit {self.suit!r} is not one of {', '.join(SUITS)}",
                             value=self.suit)
        if not _is_int(self.tokens):
            raise RulesError(f"tokens must be a whole number (net +1 / -1 tokens), got "
                             f"{self.tokens!r}", value=self.tokens)
        if not _is_int(self.effects):
            raise RulesError(f"effects must be a whole number, got {self.effects!r}", value=self.effects)
        if self.pool not in POOLS:
            raise RulesError(f"pool {self.pool!r} is not one of {', '.join(POOLS)}", value=self.pool)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Card:
        known = {"rank", "profession", "suit", "tokens", "effects", "pool"}
        for key in data:
            if key not in known:
                raise RulesError(f"unknown key {key!r} in a Draker card", value=key)
        for key in ("rank", "profession", "suit"):
            if key not in data:
                raise RulesError(f"a Draker card needs {key!r}: {dict(data)!r}", value=dict(data))
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "profession": self.profession, "suit": self.suit,
                "tokens": self.tokens, "effects": self.effects, "pool": self.pool}

    def __str__(self) -> str:
        text = f"{_RANK_NAMES[self.rank]}{self.suit}/{PROFESSIONS[self.profession]}"
        if self.tokens:
            text += f"({self.tokens:+d})"
        if self.effects:
            text += f"[{self.effects:+d}]"
        if self.pool == "common":
            text += "@common"
        return text


def _cards(cards: object) -> tuple[Card, ...]:
    if isinstance(cards, (Card, str, bytes, Mapping)) or not isinstance(cards, Iterable):
        raise RulesError(f"a combination is a list of Draker cards, got {cards!r}", value=cards)
    result = []
    for item in cards:
        if isinstance(item, Card):
            result.append(item)
        elif isinstance(item, Mapping):
            result.append(Card.from_dict(item))
        else:
            raise RulesError(f"{item!r} is not a Draker card", value=item)
    if not result:
        raise RulesError("a combination needs at least one card, got none", value=cards)
    return tuple(result)


def _consecutive(values: list[int]) -> bool:
    ordered = sorted(values)
    return len(set(ordered)) == len(ordered) and ordered[-1] - ordered[0] == len(ordered) - 1


def _rank_straight(ranks: list[int]) -> bool:
    # The ace counts once, either high (after the King) or low (before the Two), so a
    # sequence through it (Q-K-A-2) fits neither.
    return _consecutive(ranks) or _consecutive([1 if r == ACE else r for r in ranks])


def kinds_of(cards: Iterable[Card]) -> frozenset[str]:
    """Every kind the cards form together (empty when they form none)."""
    cs = _cards(cards)
    ranks = [c.rank for c in cs]
    professions = [c.profession for c in cs]
    kinds = set()
    if _rank_straight(ranks):
        kinds.add("straight_rank")
    if _consecutive(professions):
        kinds.add("straight_profession")
    if len(set(ranks)) == 1:
        kinds.add("kare_rank")
    if len(set(professions)) == 1:
        kinds.add("kare_profession")
    return frozenset(kinds)


def role(cards: Iterable[Card]) -> str:
    """"attack" when at least one card comes from the common pool, else "defence"."""
    return "attack" if any(c.pool == "common" for c in _cards(cards)) else "defence"


@dataclass(frozen=True, slots=True)
class Score:
    """The value of one combination.

    ``kinds`` is every kind the cards form; ``flush`` whether they share one suit; ``base`` the
    summed strength plus combination effects; ``final`` the value after the multipliers (only
    from three cards on); ``breakdown`` the steps in words; ``role`` "attack" or "defence".
    """

    cards: tuple[Card, ...]
    kinds: frozenset[str]
    flush: bool
    strengths: tuple[int, ...]
    base: int
    multiplier: int
    final: int
    role: str
    breakdown: tuple[str, ...] = field(default=())

    @property
    def length(self) -> int:
        return len(self.cards)

    def to_dict(self) -> dict[str, Any]:
        return {"cards": [c.to_dict() for c in self.cards], "kinds": sorted(self.kinds),
                "flush": self.flush, "strengths": list(self.strengths), "base": self.base,
                "multiplier": self.multiplier, "final": self.final, "role": self.role,
                "breakdown": list(self.breakdown)}


def _floor(value: int, floor: bool) -> int:
    return max(0, value) if floor else value


def score(cards: Iterable[Card], *, effects: int = 0,
          readings: Mapping[str, str] | None = None) -> Score:
    """Classify and value one combination. ``effects`` is the net change the effects on the
    whole combination make to its base value. Cards that form no combination are refused."""
    cs = _cards(cards)
    if not _is_int(effects):
        raise RulesError(f"combination effects must be a whole number, got {effects!r}", value=effects)
    chosen = resolve(readings, games=(GAME,))
    floor = chosen[STRENGTH_FLOOR.id] == "floor_zero"
    kinds = kinds_of(cs)
    shown = " ".join(str(c) for c in cs)
    if not kinds:
        raise RulesError(f"the cards {shown} form no combination: neither a straight nor a kare "
                         f"by rank or by profession", value=[str(c) for c in cs])
    steps = [f"{len(cs)} card(s) {shown}: " + ", ".join(k for k in KINDS if k in kinds)]
    strengths = []
    for c in cs:
        raw = 1 + c.tokens + c.effects
        strength = _floor(raw, floor)
        strengths.append(strength)
        if raw != 1 or strength != raw:
            note = f"card {c}: strength 1 {c.tokens:+d} (tokens) {c.effects:+d} (effects) = {raw}"
            if strength != raw:
                note += f", raised to {strength} ({STRENGTH_FLOOR.id}: floor_zero)"
            steps.append(note)
    raw_base = sum(strengths) + effects
    base = _floor(raw_base, floor)
    steps.append(f"base value: strengths {' + '.join(map(str, strengths))}"
                 + (f" {effects:+d} (combination effects)" if effects else "")
                 + f" = {raw_base}"
                 + (f", raised to {base} ({STRENGTH_FLOOR.id}: floor_zero)" if base != raw_base else ""))
    suits = {c.suit for c in cs}
    flush = len(suits) == 1
    multiplier = 1
    if len(cs) >= MULTIPLIER_MIN_LENGTH:
        extra = len(kinds) - 1
        if extra:
            multiplier *= 2 ** extra
            steps.append(f"x{2 ** extra} for {extra} additional kind(s)")
        if flush:
            multiplier *= 3
            steps.append(f"x3 for a flush (all {SUITS[next(iter(suits))]})")
    else:
        steps.append(f"no multipliers: fewer than {MULTIPLIER_MIN_LENGTH} cards")
    final = base * multiplier
    steps.append(f"final value: {base} x {multiplier} = {final}")
    combo_role = "attack" if any(c.pool == "common" for c in cs) else "defence"
    steps.append(f"{combo_role}: " + ("it holds a card of the common pool" if combo_role == "attack"
                                       else "it holds no card of the common pool"))
    return Score(cards=cs, kinds=kinds, flush=flush, strengths=tuple(strengths), base=base,
                 multiplier=multiplier, final=final, role=combo_role, breakdown=tuple(steps))


@dataclass(frozen=True, slots=True)
class Declaration:
    """One laid card and the combinations declared with it (at most one attack, one defence)."""

    laid: Card
    attack: Score | None
    defence: Score | None

    @property
    def attack_points(self) -> int:
        return self.attack.final if self.attack else 0

    @property
    def defence_points(self) -> int:
        return self.defence.final if self.defence else 0

    @property
    def effects_allowed(self) -> bool:
        """Individual effects may be activated, and the laid card's standard effects activate,
        only once a combination of at least three cards is declared."""
        return any(s is not None and s.length >= MULTIPLIER_MIN_LENGTH
                   for s in (self.attack, self.defence))

    def effects_stand(self, killed: Iterable[str] = ()) -> bool:
        """Whether the laid card's standard and free individual effects still act once the
        combinations named in ``killed`` ("attack", "defence") are killed: they are cancelled
        only when every combination formed by the laid card is killed."""
        gone = set(killed)
        for name in gone:
            if name not in ("attack", "defence"):
                raise RulesError(f"killed combination {name!r} is not 'attack' or 'defence'", value=name)
            if getattr(self, name) is None:
                raise RulesError(f"no {name} combination was declared, so it cannot be killed",
                                 value=name)
        alive = [n for n in ("attack", "defence") if getattr(self, n) is not None and n not in gone]
        return self.effects_allowed and bool(alive)


def declare(laid: Card, *, attack: Iterable[Card] | None = None,
            defence: Iterable[Card] | None = None, attack_effects: int = 0,
            defence_effects: int = 0, readings: Mapping[str, str] | None = None) -> Declaration:
    """Lay a card from the hand and declare an attack and / or a defence combination with it."""
    if not isinstance(laid, Card):
        raise RulesError(f"the laid card must be a Draker card, got {laid!r}", value=laid)
    if laid.pool == "common":
        raise RulesError(f"the laid card {laid} comes from the hand, not the common pool", value=str(laid))
    if attack is None and defence is None:
        raise RulesError(f"laying {laid} declares no combination", value=str(laid))
    scores: dict[str, Score | None] = {"attack": None, "defence": None}
    for name, cards, effects in (("attack", attack, attack_effects),
                                 ("defence", defence, defence_effects)):
        if cards is None:
            continue
        cs = _cards(cards)
        if laid not in cs:
            raise RulesError(f"the {name} combination {' '.join(map(str, cs))} does not hold the "
                             f"laid card {laid}", value=str(laid))
        found = score(cs, effects=effects, readings=readings)
        if found.role != name:
            why = ("holds no card of the common pool" if name == "attack"
                   else "holds a card of the common pool")
            raise RulesError(f"the {name} combination {' '.join(map(str, cs))} {why}",
                             value=[str(c) for c in cs])
        scores[name] = found
    return Declaration(laid=laid, attack=scores["attack"], defence=scores["defence"])


@dataclass(frozen=True, slots=True)
class Balance:
    """Points earned and spent in a turn and the life points the excess costs."""

    earned_attack: int
    earned_defence: int
    spent_attack: int
    spent_defence: int
    excess: int
    life_cost: int
    reading: str
    breakdown: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"earned_attack": self.earned_attack, "earned_defence": self.earned_defence,
                "spent_attack": self.spent_attack, "spent_defence": self.spent_defence,
                "excess": self.excess, "life_cost": self.life_cost, "reading": self.reading,
                "breakdown": list(self.breakdown)}


def _points(name: str, value: object) -> int:
    if not _is_int(value) or value < 0:
        raise RulesError(f"{name} must be a whole number of points, 0 or more, got {value!r}", value=value)
    return value  # type: ignore[return-value]


def turn_balance(*, spent_attack: int = 0, spent_defence: int = 0, earned_attack: int = 0,
                 earned_defence: int = 0, declarations: Iterable[Declaration] = (),
                 readings: Mapping[str, str] | None = None) -> Balance:
    """The life points a turn costs: 3 per point spent beyond those earned (IP-DRAKER-BALANCE).
    Points earned are ``earned_*`` plus the final values of the ``declarations``."""
    spent_a = _points("spent_attack", spent_attack)
    spent_d = _points("spent_defence", spent_defence)
    earned_a = _points("earned_attack", earned_attack)
    earned_d = _points("earned_defence", earned_defence)
    for declaration in declarations:
        if not isinstance(declaration, Declaration):
            raise RulesError(f"{declaration!r} is not a declaration", value=declaration)
        earned_a += declaration.attack_points
        earned_d += declaration.defence_points
    reading = resolve(readings, games=(GAME,))[BALANCE.id]
    steps = [f"attack: earned {earned_a}, spent {spent_a}",
             f"defence: earned {earned_d}, spent {spent_d}"]
    if reading == "pooled":
        excess = max(0, (spent_a + spent_d) - (earned_a + earned_d))
        steps.append(f"{BALANCE.id} pooled: spent {spent_a + spent_d} against earned "
                     f"{earned_a + earned_d}, excess {excess}")
    else:
        over_a = max(0, spent_a - earned_a)
        over_d = max(0, spent_d - earned_d)
        excess = over_a + over_d
        steps.append(f"{BALANCE.id} separate: attack excess {over_a}, defence excess {over_d}")
    life = excess * LIFE_PER_EXCESS_POINT
    steps.append(f"{excess} excess point(s) x {LIFE_PER_EXCESS_POINT} = {life} life point(s)")
    return Balance(earned_attack=earned_a, earned_defence=earned_d, spent_attack=spent_a,
                   spent_defence=spent_d, excess=excess, life_cost=life, reading=reading,
                   breakdown=tuple(steps))
