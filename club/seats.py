"""The compass seats around the table: clockwise order, opposite seats, the first dealer.

Pure functions over seat codes; the models and the engines agree on these codes.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import models
from django.utils.translation import gettext_lazy as _

CLOCKWISE: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
OPPOSITE: dict[str, str] = {seat: CLOCKWISE[(i + 4) % 8] for i, seat in enumerate(CLOCKWISE)}
MIN_PLAYERS = 2
MAX_PLAYERS = 8


class Seat(models.TextChoices):
    NORTH = "N", _("North")
    NORTH_EAST = "NE", _("North-east")
    EAST = "E", _("East")
    SOUTH_EAST = "SE", _("South-east")
    SOUTH = "S", _("South")
    SOUTH_WEST = "SW", _("South-west")
    WEST = "W", _("West")
    NORTH_WEST = "NW", _("North-west")


def clockwise(seats: Iterable[str]) -> list[str]:
    """The given seats in clockwise order starting from North."""
    taken = set(seats)
    return [seat for seat in CLOCKWISE if seat in taken]


def first_dealer(seats: Iterable[str]) -> str:
    """The club rules: North deals first; with nobody at North, the next occupied seat clockwise."""
    ordered = clockwise(seats)
    if not ordered:
        raise ValueError("no seat is occupied")
    return ordered[0]


def next_clockwise(seat: str, seats: Iterable[str]) -> str:
    """The next occupied seat clockwise after ``seat``."""
    ordered = clockwise(seats)
    start = CLOCKWISE.index(seat)
    for step in range(1, 9):
        candidate = CLOCKWISE[(start + step) % 8]
        if candidate in ordered:
            return candidate
    raise ValueError(f"no other occupied seat after {seat}")


def opposite(seat: str) -> str:
    """N-S, NE-SW, E-W, SE-NW."""
    return OPPOSITE[seat]


def spread(count: int) -> list[str]:
    """Seats for ``count`` players spread evenly round the table, starting at North."""
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise ValueError(f"a table seats 2 to 8 players, not {count}")
    return [CLOCKWISE[(i * 8) // count] for i in range(count)]
