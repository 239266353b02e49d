"""Conditional modifiers 47-49, the seed's group "Временные" (time).

Modifiers 48 and 49 move "the time" of the deal: clocks with hands one hour forward, digital
clocks one hour back, at most two clocks counted (IP-M48-COUNT). They act before any card
state is set (``adjust`` hooks) and move the deal's ``clock``. Which rules read the moved time is
IP-M48-SCOPE: by default every hour-tied reading (modifier 47, Table 2, the time windows of
modifiers 85-88) while the date, the weekday and the month stay as they are; ``modifiers_only``
keeps Table 2 on the real hour; ``after_in_order`` keeps Table 2 and modifier 47 (numbered
before 48) on it; ``full_timestamp`` moves the whole moment, so past midnight the date, the
weekday and the month Table 3 reads roll over too. Daylight and the moon part stay astronomical
under every reading. Modifier 47 reads the time of the first dealt card (base rule 9) as 48 and
49 leave it (IP-M47-SHIFT).

Under IP-M48-COUNT ``per_player_own`` the clocks are the ones each player wears or carries (his
``analog_watches`` and ``digital_watches``, at most two of each counted); the room's clocks are no
player's and move nothing. 48-49 leave the deal's ``clock`` alone and record each player's hours in
``DealFacts.clock_shifts``, and every hour-tied reading of a card (Table 2, modifier 47, the windows
of 85-88) reads its holder's time (``DealFacts.clock_of`` / ``hour_of``). IP-M49-NET applies to each
player's own watches; IP-M48-SCOPE as above, except that under ``full_timestamp`` the date, the
weekday and Table 3's month stay the deal's (they are one for the whole table): only the hour moves.
"""

from __future__ import annotations

import datetime as dt

from ...readings import Readings, declare
from ..context import Room
from ..facts import DealFacts
from ..state import FREE, NATURAL, DealState
from .base import modifier
from .common import m3_month
from .points_time import POINTS

__all__ = ["clock_shift", "m47_rank", "deal_time"]


declare("dragon", POINTS)  # the group's interpretation points, data in points_time.py


def _clocks(count: int, readings: Readings) -> int:
    if count <= 0:
        return 0
    return 1 if readings["IP-M48-COUNT"] == "once" else min(count, 2)


def _per_player(readings: Readings) -> bool:
    return readings["IP-M48-COUNT"] == "per_player_own"


def clock_shift(room: Room, readings: Readings) -> int:
    """The hours modifiers 48 and 49 move the time of a deal (forward positive); none under
    IP-M48-COUNT ``per_player_own``, where only the players' own watches count."""
    if _per_player(readings):
        return 0
    forward = _clocks(room.analog_clocks, readings)
    back = _clocks(room.digital_clocks, readings)
    if back and readings["IP-M49-NET"] == "higher_number_wins":
        return -back
    return forward - back


def deal_time(facts: DealFacts, readings: Readings, player: str | None = None) -> dt.datetime:
    """The time modifier 47 reads: the first dealt card's, shifted by the clocks (48-49), or the
    real one under IP-M48-SCOPE ``after_in_order`` (47 comes before 48). With ``player``, the time of
    that player's cards (his own watches' under IP-M48-COUNT ``per_player_own``)."""
    if readings["IP-M48-SCOPE"] == "after_in_order":
        return facts.moment
    if facts.clock is not None:
        return facts.clock_of(player) if player is not None else facts.clock
    return facts.moment + dt.timedelta(hours=clock_shift(facts.table.room, readings))


def _move_clock(facts: DealFacts, readings: Readings, clock: dt.datetime, source: str) -> None:
    """Set the deal's clock as modifier ``source`` moves it, and what else moves with it (IP-M48-SCOPE)."""
    scope = readings["IP-M48-SCOPE"]
    if scope in ("modifiers_only", "after_in_order"):
        facts.keep_table2_time()
    facts.adjust("clock", clock, source)
    if scope == "full_timestamp" and clock.date() != facts.date:
        _roll_date(facts, readings, clock.date(), source)


def _roll_date(facts: DealFacts, readings: Readings, day: dt.date, source: str) -> None:
    """IP-M48-SCOPE ``full_timestamp``: the date the rules read is the moved clock's; the month
    Table 3 reads follows, shifted again by modifier 3 when 3 shifted the calendar month."""
    facts.adjust("date", day, source)
    month = day.month
    if any(by == "M3" and name == "table3_month" for by, name, _before, _after in facts.adjustments):
        month = m3_month(month, facts.players, readings["IP-M3-BOTH"], readings["IP-M3-INVERT"])
    if month != facts.table3_month:
        facts.adjust("table3_month", month, source)


def _shift_players(facts: DealFacts, readings: Readings, source: str) -> None:
    """IP-M48-COUNT ``per_player_own``: modifier ``source`` moves each player's own time by his own
    watches, with hands forward (48) or digital back (49), at most two counted (IP-M49-NET applies
    per player). Table 2 stays off the shifts under IP-M48-SCOPE ``modifiers_only`` and
    ``after_in_order``; the deal's clock and date do not move."""
    shifts = dict(facts.clock_shifts)
    for p in facts.table.players:
        if source == "M48":
            hours = min(p.analog_watches, 2)
            if hours:
                shifts[p.id] = shifts.get(p.id, 0) + hours
        else:
            hours = min(p.digital_watches, 2)
            if hours:
                before = 0 if readings["IP-M49-NET"] == "higher_number_wins" else shifts.get(p.id, 0)
                shifts[p.id] = before - hours
    shifts = {pid: h for pid, h in shifts.items() if h}
    if shifts == facts.clock_shifts:
        return
    if readings["IP-M48-SCOPE"] in ("modifiers_only", "after_in_order"):
        facts.keep_table2_time()
    facts.adjust("clock_shifts", shifts, source)


@modifier(number=48, group="time", hook="adjust",
          summary="Clocks with hands in the room move the time one hour forward (at most two counted).",
          reads=("room", "watches", "time"), does=("clock",), readings=("IP-M48-COUNT", "IP-M48-SCOPE"))
def m48(facts: DealFacts, readings: Readings) -> None:
    if _per_player(readings):
        _shift_players(facts, readings, "M48")
        return
    hours = _clocks(facts.table.room.analog_clocks, readings)
    if hours and facts.clock is not None:
        _move_clock(facts, readings, facts.clock + dt.timedelta(hours=hours), "M48")


@modifier(number=49, group="time", hook="adjust",
          summary="Digital clocks in the room move the time one hour back (at most two counted).",
          reads=("room", "watches", "time"), does=("clock",),
          readings=("IP-M48-COUNT", "IP-M48-SCOPE", "IP-M49-NET"))
def m49(facts: DealFacts, readings: Readings) -> None:
    if _per_player(readings):
        _shift_players(facts, readings, "M49")
        return
    hours = _clocks(facts.table.room.digital_clocks, readings)
    if not hours or facts.clock is None:
        return
    clock = facts.clock
    if readings["IP-M49-NET"] == "higher_number_wins":
        clock = facts.moment              # 49 stands alone: modifier 48's shift does not count
    _move_clock(facts, readings, clock - dt.timedelta(hours=hours), "M49")


# Bands of modifier 47: (start hour, end hour, the rank that becomes free).
_M47_BANDS = ((6, 12, 11), (12, 18, 12), (18, 24, 13), (0, 6, 14))
_M47_NAMES = {11: "morning: Elves", 12: "day: Unicorns", 13: "evening: Giants", 14: "night: Dragons"}


def m47_rank(moment: dt.datetime | dt.time, bounds: str = "half_open") -> int:
    """The rank modifier 47 frees at ``moment``: 06-12 Elf, 12-18 Unicorn, 18-24 Giant, 0-6 Dragon.
    Under ``end_inclusive`` a time exactly on a boundary belongs to the band it ends."""
    minutes = moment.hour * 60 + moment.minute
    on_boundary = minutes % 360 == 0 and moment.second == 0 and moment.microsecond == 0
    if bounds == "end_inclusive" and on_boundary:
        minutes = (minutes - 1) % (24 * 60)
    hour = minutes // 60
    for start, end, rank in _M47_BANDS:
        if start <= hour < end:
            return rank
    raise AssertionError(hour)  # pragma: no cover - the bands cover the day


@modifier(number=47, group="time",
          summary="By the time of day, natural cards become free: morning Elves, day Unicorns, evening "
                  "Giants, night Dragons.",
          reads=("time", "card_states"), does=("free",), readings=("IP-M47-SHIFT", "IP-M47-BOUNDS"))
def m47(state: DealState) -> None:
    unshifted = state.reading("IP-M47-SHIFT") == "unshifted"
    bounds = state.reading("IP-M47-BOUNDS")
    for c in state.cards:
        # Each card at its holder's time: the deal's but under IP-M48-COUNT per_player_own.
        moment = state.facts.moment if unshifted else deal_time(state.facts, state.readings, c.player)
        rank = m47_rank(moment, bounds)
        if c.is_(rank) and c.state == NATURAL and not c.modified:
            state.grant(c, FREE, text=f"{moment:%H:%M}, {_M47_NAMES[rank]}")
