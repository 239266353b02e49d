"""Interpretation points: the one registry of every place a rule text admits more than one reading.

Base rule 12 of the club rules settles ambiguities by precedent. Each ambiguity is an
:class:`InterpretationPoint` with a stable id (``IP-...``), a question, the seed reference, a
default reading and the alternatives, each reading a short machine name. Engines take a
``readings`` mapping (id -> reading name); a missing id takes the default. The precedent archive
of the site loads this registry, so the ids and readings here are the ones a ruling can fix.

Engines declare their points as data, a tuple of :class:`Point` records, and register them at
import time with :func:`declare` (one point at a time: :func:`register`); :func:`resolve` checks a
caller's mapping, naming any unknown id or reading.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from .errors import RulesError

__all__ = ["InterpretationPoint", "Point", "declare", "register", "registry", "get", "resolve", "Readings"]


@dataclass(frozen=True, slots=True)
class InterpretationPoint:
    id: str
    game: str                      # "dragon", "casino", "dice", "tricks", "draker"
    question: str
    seed_reference: str            # where the seed says it, e.g. "M1", "B5", "H30", "trick seed, scoring"
    default: str
    alternatives: tuple[str, ...]
    readings_help: Mapping[str, str] = field(default_factory=dict)  # reading -> what it means

    @property
    def readings(self) -> tuple[str, ...]:
        return (self.default, *self.alternatives)


class Point(NamedTuple):
    """One interpretation point as a data record (positional: id, reference, question, default,
    alternatives, reading help); :func:`declare` makes it an :class:`InterpretationPoint` of a game."""

    id: str
    seed_reference: str            # the rule or modifier reference, e.g. "M34", "B13"
    question: str
    default: str
    alternatives: tuple[str, ...]
    readings_help: Mapping[str, str]


_REGISTRY: dict[str, InterpretationPoint] = {}


def register(point: InterpretationPoint) -> InterpretationPoint:
    """Add a point to the registry; registering the same id twice with other content is an error."""
    if not point.id.startswith("IP-"):
        raise RulesError(f"interpretation point id {point.id!r} must start with 'IP-'", value=point.id)
    if point.default in point.alternatives:
        raise RulesError(f"{point.id}: the default {point.default!r} is also an alternative", value=point.id)
    known = _REGISTRY.get(point.id)
    if known is not None and known != point:
        raise RulesError(f"interpretation point {point.id!r} is registered twice", value=point.id)
    _REGISTRY[point.id] = point
    return point


def declare(game: str, points: Iterable[Point]) -> tuple[InterpretationPoint, ...]:
    """Register a game's points, given as :class:`Point` records, in their order."""
    return tuple(register(InterpretationPoint(id=p.id, game=game, question=p.question,
                                              seed_reference=p.seed_reference, default=p.default,
                                              alternatives=p.alternatives, readings_help=p.readings_help))
                 for p in points)


def registry() -> dict[str, InterpretationPoint]:
    """Every registered point, by id (import the engines first to have them all)."""
    return dict(sorted(_REGISTRY.items()))


def get(point_id: str) -> InterpretationPoint:
    try:
        return _REGISTRY[point_id]
    except KeyError:
        raise RulesError(f"unknown interpretation point {point_id!r}", value=point_id)


class Readings(Mapping[str, str]):
    """A checked, complete view of a caller's readings: every registered id of the given games
    resolves to a reading, the caller's choice or the default."""

    __slots__ = ("_chosen",)

    def __init__(self, chosen: Mapping[str, str]) -> None:
        self._chosen = dict(chosen)

    def __getitem__(self, point_id: str) -> str:
        found = self._chosen.get(point_id)
        if found is not None:
            return found
        return get(point_id).default

    def __iter__(self):
        return iter(self._chosen)

    def __len__(self) -> int:
        return len(self._chosen)

    def is_default(self, point_id: str) -> bool:
        return self[point_id] == get(point_id).default

    def chosen(self) -> dict[str, str]:
        """Only the readings the caller set explicitly."""
        return dict(self._chosen)


def resolve(readings: Mapping[str, str] | None, games: tuple[str, ...] | None = None) -> Readings:
    """Check a readings mapping: every id must be registered (for one of ``games`` when given)
    and every reading one of that point's readings. Returns a :class:`Readings`."""
    if readings is None:
        return Readings({})
    if isinstance(readings, Readings):
        return readings
    if not isinstance(readings, Mapping):
        raise RulesError(f"readings must be a mapping of id -> reading, not {readings!r}", value=readings)
    for point_id, reading in readings.items():
        point = get(point_id)
        if games is not None and point.game not in games:
            raise RulesError(f"interpretation point {point_id!r} does not belong to {', '.join(games)}",
                             value=point_id)
        if reading not in point.readings:
            raise RulesError(
                f"{point_id}: unknown reading {reading!r} (one of {', '.join(point.readings)})",
                value=reading, rule=point_id)
    return Readings(readings)
