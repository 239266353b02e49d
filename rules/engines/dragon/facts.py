"""The facts of one deal computed once before any rule is applied (base rule 9: time is read at
the first dealt card).

:class:`DealFacts` gathers what the rules read about the moment and the seating: the local
date and hour, the weekday number, the moon part and daylight, the dealer and the order of
play. A few modifiers change an input of another rule rather than a card (modifier 3 shifts the
month Table 3 reads, 48-49 move the clock, and under IP-M48-SCOPE ``full_timestamp`` the date with
it, 53 turns the compass): they do it through :meth:`DealFacts.adjust`, which the trace records.
The moon part and daylight stay those of the real moment (``moment``) whatever is adjusted.

Under IP-M48-COUNT ``per_player_own`` each player's own watches move his own time: 48-49 record
the hours in ``clock_shifts`` (player -> hours) and every hour-tied reading of a card asks for its
holder's time, :meth:`DealFacts.clock_of` and :meth:`DealFacts.hour_of`. Under every other reading
``clock_shifts`` stays empty and both give the deal's own ``clock`` and ``hour``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..errors import RulesError
from .astro import moon_part, sun_is_up
from .context import SEATS, Table

__all__ = ["DealFacts", "deal_facts", "parse_moment"]


@lru_cache(maxsize=64)
def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise RulesError(f"unknown time zone {name!r}", value=name)


def parse_moment(value: str | dt.datetime, timezone: str) -> dt.datetime:
    """The local time of the first dealt card: an ISO string or datetime with an offset, shown
    in the venue's time zone. A time without an offset is read in the venue's zone."""
    if isinstance(value, str):
        try:
            moment = dt.datetime.fromisoformat(value)
        except ValueError:
            raise RulesError(f"started_at {value!r} is not an ISO date-time", value=value)
    elif isinstance(value, dt.datetime):
        moment = value
    else:
        raise RulesError(f"started_at {value!r} is not a date-time", value=value)
    zone = _zone(timezone)
    if moment.tzinfo is None:
        return moment.replace(tzinfo=zone)
    return moment.astimezone(zone)


@dataclass(slots=True)
class DealFacts:
    """What a deal is judged on besides its cards. Mutable only through :meth:`adjust`."""

    table: Table
    number: int                        # the deal's number within the Game, 1-based
    moment: dt.datetime                # local time of the first dealt card (base rule 9)
    dealer: str
    order: tuple[str, ...]             # play order: the dealer's left-hand neighbour first, dealer last
    first_deal: bool
    # Inputs the rules read; some modifiers shift them (table3_month, clock, seats).
    day: int = 0
    month: int = 0
    year: int = 0
    weekday: int = 0                   # Mon = 1 .. Sun = 7 (Table 1, M1's example)
    clock: dt.datetime | None = None   # the time the hour-tied rules read (Table 2, M47, M85-88)
    table2_clock: dt.datetime | None = None   # Table 2's own time once kept off the clock's shifts
    table3_month: int = 0              # the month Table 3 reads (M3 shifts it)
    seats: dict[str, str] = field(default_factory=dict)   # player -> compass seat (M53 turns it)
    clock_shifts: dict[str, int] = field(default_factory=dict)   # player -> hours his own watches move his time
    moon: int = 0                      # 1..8, the seed's parts
    sun_up: bool = True
    adjustments: list[tuple[str, str, object, object]] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.order)

    @property
    def hour(self) -> int:
        """The hour Table 2 reads (base rules 16-17): the clock's, unless :meth:`keep_table2_time`
        kept Table 2 on the time it had then."""
        if self.table2_clock is not None:
            return self.table2_clock.hour
        return self.clock.hour if self.clock is not None else self.moment.hour

    def clock_of(self, player_id: str) -> dt.datetime:
        """The time the hour-tied rules read for ``player_id``'s cards: the deal's clock, moved by the
        hours his own watches add (IP-M48-COUNT ``per_player_own``; none under the other readings)."""
        clock = self.clock if self.clock is not None else self.moment
        hours = self.clock_shifts.get(player_id, 0)
        return clock + dt.timedelta(hours=hours) if hours else clock

    def hour_of(self, player_id: str) -> int:
        """The hour Table 2 reads for ``player_id``'s cards: :attr:`hour` kept off the shifts by
        :meth:`keep_table2_time`, otherwise his own clock's hour (:meth:`clock_of`)."""
        if self.table2_clock is not None:
            return self.table2_clock.hour
        return self.clock_of(player_id).hour

    @property
    def date(self) -> dt.date:
        """The calendar date the rules read (``day``, ``month``, ``year``, ``weekday``)."""
        return dt.date(self.year, self.month, self.day)

    @date.setter
    def date(self, value: dt.date) -> None:
        self.day, self.month, self.year, self.weekday = value.day, value.month, value.year, value.isoweekday()

    def keep_table2_time(self) -> None:
        """Table 2 goes on reading the time the clock shows now, whatever later adjustments of
        ``clock`` do (IP-M48-SCOPE readings that keep base rules 16-17 on the real hour). Nothing
        changes, so nothing is recorded."""
        if self.table2_clock is None:
            self.table2_clock = self.clock if self.clock is not None else self.moment

    def position(self, player_id: str) -> int:
        """1 = the dealer's left-hand neighbour ... n = the dealer (M1's remark)."""
        return self.order.index(player_id) + 1

    def at_position(self, k: int) -> str:
        """The player k places clockwise from the dealer, counting on round the table."""
        return self.order[(k - 1) % len(self.order)]

    def adjust(self, name: str, value: object, source: str) -> None:
        """Change an input of the rules (``table3_month``, ``clock``, ``date``, ``seats``,
        ``clock_shifts``), recorded for the trace as (source, name, before, after)."""
        if name not in ("table3_month", "clock", "date", "seats", "clock_shifts"):
            raise RulesError(f"deal fact {name!r} cannot be adjusted", value=name)
        before = getattr(self, name)
        if isinstance(before, dict):
            before = dict(before)
        setattr(self, name, value)
        self.adjustments.append((source, name, before, value))

    def seat_of(self, player_id: str) -> str:
        return self.seats[player_id]

    def player_at_seat(self, seat: str) -> str | None:
        for pid, s in self.seats.items():
            if s == seat:
                return pid
        return None

    def opposite(self, player_id: str) -> str | None:
        """The player in the geometrically opposite seat (N-S, NE-SW, E-W, SE-NW), if any."""
        seat = self.seats[player_id]
        return self.player_at_seat(SEATS[(SEATS.index(seat) + 4) % 8])


def deal_facts(table: Table, number: int, started_at: str | dt.datetime, *,
               rotation: str = "clockwise") -> DealFacts:
    """The facts of deal ``number`` of a Game at ``table``, first card dealt at ``started_at``."""
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise RulesError(f"deal number {number!r} must be 1 or more", value=number)
    moment = parse_moment(started_at, table.place.timezone)
    if rotation == "clockwise":
        dealer = table.dealer(number)
    else:                                   # IP-DEAL-ROTATION "north_always"
        dealer = table.first_dealer()
    ids = table.ids
    d = ids.index(dealer)
    order = ids[d + 1:] + ids[:d + 1]
    facts = DealFacts(
        table=table, number=number, moment=moment, dealer=dealer, order=order,
        first_deal=number == 1,
        day=moment.day, month=moment.month, year=moment.year, weekday=moment.isoweekday(),
        clock=moment, table3_month=moment.month,
        seats={p.id: p.seat for p in table.players},
        moon=moon_part(moment.date()),
        sun_up=sun_is_up(table.place.latitude, table.place.longitude, moment),
    )
    return facts
