"""A season's standings from its evenings: pure Python, no database.

The points formula is a list of parts, each a small class with a key, a name and its parameters
(as the tournaments' tie-breakers are, ``games/tournaments/metrics.py``): points by the evening's
placing (by net chips in the chip games, by the final standings of a trick-game tournament),
per deal won (Dragon Poker deals), for attendance (a check-in, or play in any counted game). A season holds ``{key: params}``; adding a part is one
class registered in :data:`PARTS`. A member's season total is the sum of his best N evenings;
he qualifies for the championship after a minimum of evenings, and the top N qualifiers are
invited to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from django.utils.translation import gettext_lazy as _

# Bounds on what a season's formula may hold: a placing table of at most 32 places, each worth
# at most 1000 points; a deal or an evening at most 1000 points.
MAX_PLACES = 32
MAX_POINTS = 1000


class FormulaError(ValueError):
    """A part's parameters that cannot be used; ``field`` names the form field."""

    def __init__(self, message: str, *, field: str, value: Any) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.value = value


@dataclass(frozen=True)
class Evening:
    """One evening of the season: each player's net chips in the counted chip games (Dragon
    Poker, casino hands tied to the evening, dice), the deals each won, the places of each
    trick-game tournament played that evening (its final standings: member -> rank), and who
    was there (checked in at the door, or played)."""

    session_id: int
    nets: Mapping[int, int]
    wins: Mapping[int, int] = field(default_factory=dict)
    present: frozenset[int] = frozenset()
    tournaments: tuple[Mapping[int, int], ...] = ()

    @property
    def attendees(self) -> frozenset[int]:
        out = frozenset(self.present) | frozenset(self.nets)
        for places in self.tournaments:
            out |= frozenset(places)
        return out

    def placings(self) -> list[Mapping[int, int]]:
        """Each ranking of the evening: one by net chips when chips were played, one for each
        tournament. A member who played in two of them is placed in each."""
        return ([self.places()] if self.nets else []) + list(self.tournaments)

    def places(self) -> dict[int, int]:
        """Each player's place by net chips; equal nets share the better place (1, 2, 2, 4)."""
        order = sorted(self.nets.items(), key=lambda item: -item[1])
        places: dict[int, int] = {}
        for index, (member_id, net) in enumerate(order):
            if index and net == order[index - 1][1]:
                places[member_id] = places[order[index - 1][0]]
            else:
                places[member_id] = index + 1
        return places


class Part:
    key: ClassVar[str]
    name: ClassVar[Any]
    description: ClassVar[Any] = ""

    def __init__(self, params: Mapping[str, Any]) -> None:
        self.params = self.clean(params)

    @classmethod
    def clean(cls, params: Mapping[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def points(self, evening: Evening) -> dict[int, int]:
        """Points of the evening for each attendee this part gives any to."""
        raise NotImplementedError


def _whole(value: Any, *, field: str, low: int = 0, high: int = MAX_POINTS) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise FormulaError(_("Points must be a whole number from %(low)s to %(high)s, not %(value)s.")
                           % {"low": low, "high": high, "value": str(value)[:40]}, field=field, value=value)
    return value


class Placing(Part):
    key = "placing"
    name = _("Points by the evening's placing")
    description = _("By net chips of the evening: the first place gets the first number, and so on; "
                    "equal chips share a place. A trick-game tournament places its players by its "
                    "final standings.")

    @classmethod
    def clean(cls, params: Mapping[str, Any]) -> dict[str, Any]:
        table = params.get("table")
        if not isinstance(table, (list, tuple)) or not 1 <= len(table) <= MAX_PLACES:
            raise FormulaError(_("Give the points of 1 to %(most)s places.") % {"most": MAX_PLACES},
                               field="placing", value=table)
        return {"table": [_whole(v, field="placing") for v in table]}

    def points(self, evening: Evening) -> dict[int, int]:
        table = self.params["table"]
        out: dict[int, int] = {}
        for places in evening.placings():
            for member_id, place in places.items():
                out[member_id] = out.get(member_id, 0) + (table[place - 1] if 1 <= place <= len(table) else 0)
        return out


class DealsWon(Part):
    key = "deal_won"
    name = _("Points per deal won")

    @classmethod
    def clean(cls, params: Mapping[str, Any]) -> dict[str, Any]:
        return {"points": _whole(params.get("points"), field="deal_won")}

    def points(self, evening: Evening) -> dict[int, int]:
        return {member_id: won * self.params["points"] for member_id, won in evening.wins.items()}


class Attendance(Part):
    key = "attendance"
    name = _("Points for coming")

    @classmethod
    def clean(cls, params: Mapping[str, Any]) -> dict[str, Any]:
        return {"points": _whole(params.get("points"), field="attendance")}

    def points(self, evening: Evening) -> dict[int, int]:
        return {member_id: self.params["points"] for member_id in evening.attendees}


PARTS: dict[str, type[Part]] = {p.key: p for p in (Placing, DealsWon, Attendance)}


def formula(parts: Mapping[str, Mapping[str, Any]]) -> list[Part]:
    """The parts of a season's formula, their parameters checked; unknown keys are refused."""
    if not isinstance(parts, Mapping):
        raise FormulaError(_("The formula is a set of parts."), field="parts", value=parts)
    out = []
    for key, params in parts.items():
        if key not in PARTS:
            raise FormulaError(_("There is no part %(key)s in a season's formula.") % {"key": str(key)[:40]},
                               field="parts", value=key)
        out.append(PARTS[key](params if isinstance(params, Mapping) else {}))
    if not out:
        raise FormulaError(_("Choose at least one way to earn points."), field="parts", value=parts)
    return out


@dataclass(frozen=True)
class Rules:
    parts: Mapping[str, Mapping[str, Any]]
    min_evenings: int = 0
    best_of: int | None = None  # None: every evening counts
    championship_size: int = 8


@dataclass
class Line:
    member_id: int
    evenings: int = 0  # evenings attended
    points: int = 0  # the season's total: the best N evenings
    # Points of each attended evening, by session id; ``counted`` are the ones in the total.
    by_evening: dict[int, int] = field(default_factory=dict)
    counted: frozenset[int] = frozenset()
    wins: int = 0
    tournaments: int = 0  # trick-game tournaments placed in
    qualified: bool = False
    rank: int = 0
    tied: bool = False
    invited: bool = False


def standings(evenings: Iterable[Evening], rules: Rules) -> list[Line]:
    """Every attendee's line, best first: ties share a rank; the order within a tie is by member
    id, which decides nothing. ``invited`` marks the qualifiers ranked within the championship's
    size (everyone tied at the cut is invited, so a tie is never broken by chance)."""
    parts = formula(rules.parts)
    lines: dict[int, Line] = {}
    for evening in evenings:
        totals: dict[int, int] = dict.fromkeys(evening.attendees, 0)
        for part in parts:
            for member_id, points in part.points(evening).items():
                totals[member_id] = totals.get(member_id, 0) + points
        for member_id, points in totals.items():
            line = lines.setdefault(member_id, Line(member_id=member_id))
            line.evenings += 1
            line.by_evening[evening.session_id] = points
            line.wins += evening.wins.get(member_id, 0)
            line.tournaments += sum(1 for places in evening.tournaments if member_id in places)
    for line in lines.values():
        # The best evenings; among equal points the earlier session counts (it does not change the total).
        best = sorted(line.by_evening.items(), key=lambda item: (-item[1], item[0]))
        if rules.best_of:
            best = best[:rules.best_of]
        line.counted = frozenset(session_id for session_id, _points in best)
        line.points = sum(points for _session_id, points in best)
        line.qualified = line.evenings >= rules.min_evenings
    ordered = sorted(lines.values(), key=lambda line: (-line.points, line.member_id))
    _rank(ordered)
    qualifiers = [line for line in ordered if line.qualified]
    cut = qualifiers[rules.championship_size - 1].points if len(qualifiers) >= rules.championship_size else None
    for place, line in enumerate(qualifiers, start=1):
        line.invited = place <= rules.championship_size or (cut is not None and line.points == cut)
    return ordered


def _rank(ordered: Sequence[Line]) -> None:
    for index, line in enumerate(ordered):
        if index and line.points == ordered[index - 1].points:
            line.rank = ordered[index - 1].rank
            line.tied = ordered[index - 1].tied = True
        else:
            line.rank = index + 1
