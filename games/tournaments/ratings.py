"""Members' ratings across tournaments: openskill's Plackett-Luce model, replayed from history.

Pure: matches in, ratings out. Each table of a tournament is one match, its players ranked by
their points there (equal points share a place); tournaments are replayed in date order, tables
in stage and table order, and a member's rating is kept after each tournament they played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce


@dataclass(frozen=True)
class RatingAfter:
    member_id: int
    tournament_id: int
    mu: float
    sigma: float
    ordinal: float


def replay(tournaments: Iterable[tuple[int, Sequence[Sequence[tuple[int, int]]]]]) -> list[RatingAfter]:
    """``tournaments``: (tournament id, tables in order, each a list of (member id, points))."""
    model = PlackettLuce()
    current = {}
    out: list[RatingAfter] = []
    for tournament_id, tables in tournaments:
        played = set()
        for table in tables:
            table = sorted(table)
            if len(table) < 2:
                continue
            teams = [[current.get(member_id) or model.rating(name=str(member_id))] for member_id, _points in table]
            rated = model.rate(teams, scores=[points for _member_id, points in table])
            for (member_id, _points), team in zip(table, rated, strict=True):
                current[member_id] = team[0]
                played.add(member_id)
        for member_id in sorted(played):
            rating = current[member_id]
            out.append(RatingAfter(member_id, tournament_id, rating.mu, rating.sigma, rating.ordinal()))
    return out
