"""Seating a stage: tables of four from an ordered list of players, and who sits out.

Pure functions over entry ids, so the rules can be read and tested on their own.

The bye rule (shown on the tournament page): when the players do not divide into fours, the
remaining one to three players sit the stage out. They are the lowest in the stage's order (the
draw's last places, or the bottom of the standings) among those who have not had a bye yet; a
player has a second bye only when everyone else has had one. A bye scores the average points of
the players who played that stage, rounded to the nearest whole point, and counts in no
tie-breaker.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence

TABLE_SIZE = 4


class SeatingError(ValueError):
    pass


def _split_byes(ordered: Sequence[int], had_bye: Collection[int]) -> tuple[list[int], list[int]]:
    if len(ordered) < TABLE_SIZE:
        raise SeatingError(f"a stage needs at least {TABLE_SIZE} players, not {len(ordered)}")
    spare = len(ordered) % TABLE_SIZE
    if not spare:
        return list(ordered), []
    # From the bottom up: first those without a bye, then (if everyone had one) the bottom ones.
    bottom_up = list(reversed(ordered))
    fresh = [e for e in bottom_up if e not in had_bye]
    byes = (fresh + [e for e in bottom_up if e in had_bye])[:spare]
    return [e for e in ordered if e not in byes], byes


def draw(entries: Sequence[int], seed: str, had_bye: Collection[int] = ()) -> tuple[list[list[int]], list[int]]:
    """The seeded draw: shuffle with ``random.Random(seed)`` and deal into fours in order."""
    order = sorted(entries)
    random.Random(seed).shuffle(order)
    playing, byes = _split_byes(order, had_bye)
    return [playing[i:i + TABLE_SIZE] for i in range(0, len(playing), TABLE_SIZE)], byes


def by_standing(ordered: Sequence[int], had_bye: Collection[int] = ()) -> tuple[list[list[int]], list[int]]:
    """Top four at table 1, the next four at table 2, ..."""
    playing, byes = _split_byes(ordered, had_bye)
    return [playing[i:i + TABLE_SIZE] for i in range(0, len(playing), TABLE_SIZE)], byes


def rotation(ordered: Sequence[int], met: Mapping[frozenset, int],
             had_bye: Collection[int] = ()) -> tuple[list[list[int]], list[int]]:
    """Tables that avoid repeat opponents: the highest unseated player opens a table, then each
    place goes to the unseated player who has met the ones already there the fewest times (ties
    to the higher standing)."""
    playing, byes = _split_byes(ordered, had_bye)
    rank = {e: i for i, e in enumerate(playing)}
    left = list(playing)
    tables = []
    while left:
        table = [left.pop(0)]
        while len(table) < TABLE_SIZE:
            best = min(left, key=lambda e: (sum(met.get(frozenset((e, s)), 0) for s in table), rank[e]))
            left.remove(best)
            table.append(best)
        tables.append(table)
    return tables, byes


def meetings(tables: Sequence[Sequence[int]]) -> dict[frozenset, int]:
    """How many times each pair of players sat at one table."""
    met: dict[frozenset, int] = {}
    for table in tables:
        for i, a in enumerate(table):
            for b in table[i + 1:]:
                pair = frozenset((a, b))
                met[pair] = met.get(pair, 0) + 1
    return met


def repeat_pairs(tables: Sequence[Sequence[int]], met: Mapping[frozenset, int]) -> int:
    return sum(met.get(frozenset((a, b)), 0) > 0 for t in tables for i, a in enumerate(t) for b in t[i + 1:])
