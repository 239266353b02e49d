"""Standings metrics: total points, then an ordered, configurable list of tie-breakers.

Each tie-breaker is a small class with a key, a name and a direction (the way Tabbycat's
``standings/metrics.py`` does it). A tournament holds the ordered list of keys; adding a metric
is one class registered in :data:`METRICS`. Metrics read :class:`Line` objects built from the
table scores, never the database.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from django.utils.translation import gettext_lazy as _


@dataclass
class TableLine:
    """A player's result at one table, with the others' points there (for head-to-head)."""

    table_id: int
    points: int
    stats: dict[str, int]
    opponents: dict[int, int]  # entry id -> that opponent's points at this table


@dataclass
class Line:
    entry_id: int
    name: str
    points: int = 0
    rounds: int = 0
    withdrawn: bool = False
    tables: list[TableLine] = field(default_factory=list)
    bye_points: int = 0
    metrics: dict[str, Any] = field(default_factory=dict)

    def stat_total(self, key: str) -> int:
        return sum(t.stats.get(key, 0) for t in self.tables)


class Metric:
    key: ClassVar[str]
    name: ClassVar[Any]
    description: ClassVar[Any] = ""
    higher_is_better: ClassVar[bool] = True
    # A group metric is computed among the players still tied (head-to-head); the others once.
    group: ClassVar[bool] = False

    def value(self, line: Line) -> Any:
        raise NotImplementedError

    def values(self, group: Sequence[Line]) -> dict[int, Any]:
        return {line.entry_id: self.value(line) for line in group}

    @property
    def direction(self) -> str:
        return "desc" if self.higher_is_better else "asc"


class Points(Metric):
    key = "points"
    name = _("Points")
    description = _("Total points of every table played, and of byes.")

    def value(self, line: Line) -> int:
        return line.points


class ExactBids(Metric):
    key = "exact_bids"
    name = _("Exact bids made")
    description = _("Rounds 1-22 in which the player took exactly the tricks bid.")

    def value(self, line: Line) -> int:
        return line.stat_total("exact_bids")


class PositiveRounds(Metric):
    key = "positive_rounds"
    name = _("Rounds with a positive score")

    def value(self, line: Line) -> int:
        return line.stat_total("positive_rounds")


class BestRound(Metric):
    key = "best_round"
    name = _("Best round")
    description = _("The highest score of a single round.")

    def value(self, line: Line) -> int | None:
        best = [t.stats["best_round"] for t in line.tables if t.stats.get("best_round") is not None]
        return max(best) if best else None


class FewestMinimumTricks(Metric):
    key = "fewest_minimum_tricks"
    name = _("Fewest tricks in minimum rounds")
    higher_is_better = False

    def value(self, line: Line) -> int:
        return line.stat_total("minimum_tricks")


class HeadToHead(Metric):
    """Among the players still tied, how many of the others each outscored at a shared table."""

    key = "head_to_head"
    name = _("Head-to-head")
    description = _("Among tied players: how many of the others the player outscored at a table they shared.")
    group = True

    def values(self, group: Sequence[Line]) -> dict[int, Any]:
        ids = {line.entry_id for line in group}
        out = {}
        for line in group:
            beaten = set()
            for table in line.tables:
                for other, their_points in table.opponents.items():
                    if other in ids and table.points > their_points:
                        beaten.add(other)
            out[line.entry_id] = len(beaten)
        return out


METRICS: dict[str, type[Metric]] = {m.key: m for m in (ExactBids, PositiveRounds, BestRound, HeadToHead,
                                                      FewestMinimumTricks)}


def metric(key: str) -> Metric:
    return METRICS[key]()


def _sort_key(metric_: Metric, value: Any) -> tuple:
    # None (nothing played) ranks last whatever the direction.
    if value is None:
        return (1, 0)
    return (0, -value if metric_.higher_is_better else value)


def rank(lines: Iterable[Line], tiebreakers: Sequence[str]) -> list[tuple[int, bool, Line]]:
    """Order the lines by points, then by each tie-breaker among the lines still tied.

    Returns (rank, tied, line): lines equal on points and every tie-breaker share a rank and are
    marked tied; among them the order is by name, which decides nothing.
    """
    chain: list[Metric] = [Points(), *(metric(k) for k in tiebreakers)]
    lines = sorted(lines, key=lambda line: line.name)
    by_id = {line.entry_id: line for line in lines}
    for m in chain:
        if not m.group:
            for key, value in m.values(lines).items():
                by_id[key].metrics[m.key] = value

    def split(group: list[Line], depth: int) -> list[list[Line]]:
        if len(group) == 1 or depth == len(chain):
            return [group]
        m = chain[depth]
        if m.group:
            for entry_id, value in m.values(group).items():
                by_id[entry_id].metrics[m.key] = value
        ordered = sorted(group, key=lambda line: _sort_key(m, line.metrics.get(m.key)))
        out: list[list[Line]] = []
        for line in ordered:
            if out and out[-1][0].metrics.get(m.key) == line.metrics.get(m.key):
                out[-1].append(line)
            else:
                out.append([line])
        return [g for sub in out for g in split(sub, depth + 1)]

    result = []
    position = 1
    for group in split(lines, 0):
        for line in group:
            result.append((position, len(group) > 1, line))
        position += len(group)
    return result
