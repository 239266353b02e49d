"""The sky at the venue: moon phase in the seed's eight parts and whether the sun is up.

Modifiers 92-99 name the moon in eight "quarters" and modifiers 78-84 and 100 ask whether a
deal is played before or after sunset. Both are computed from the local date-time of the first
dealt card (base rule 9) and the venue's coordinates with the ``astral`` package, offline. The
exact moments of the four principal phases (new, first quarter, full, last quarter), which
IP-M92-MOON-PHASE ``principal_days`` reads, come from ``ephem`` (the moment to within a minute).
"""

from __future__ import annotations

import datetime as dt
import math
import threading
from functools import lru_cache
from zoneinfo import ZoneInfo

import ephem
from astral import Observer, moon
from astral.sun import elevation

from ..errors import RulesError

__all__ = ["MOON_PARTS", "moon_part", "principal_moon_part", "principal_phases", "sun_is_up"]

# The seed's numbering (M92 .. M99): 1 "первая четверть (молодой месяц)" is the waxing crescent,
# 2 the first quarter ("молодая половинка"), 3 waxing gibbous, 4 full, 5 waning gibbous,
# 6 last quarter ("старая половинка"), 7 waning crescent ("старый месяц"), 8 new moon.
MOON_PARTS: dict[int, str] = {
    1: "waxing_crescent", 2: "first_quarter", 3: "waxing_gibbous", 4: "full",
    5: "waning_gibbous", 6: "last_quarter", 7: "waning_crescent", 8: "new",
}

_SYNODIC_DAYS = 28.0       # astral's moon.phase runs 0 (new) .. 28
_PART_DAYS = _SYNODIC_DAYS / 8


@lru_cache(maxsize=4096)
def moon_part(day: dt.date) -> int:
    """The moon's phase on ``day`` as the seed's part 1..8 (8 = new moon).

    Each part is an eighth of the cycle centred on its named phase, so the new moon covers
    the 3.5 days around phase 0."""
    phase = moon.phase(day)
    index = int(((phase + _PART_DAYS / 2) % _SYNODIC_DAYS) // _PART_DAYS)
    return index if index else 8


# ---------------------------------------------------------------------------- principal phases
# The four principal phases in the order a lunation runs them, each with the seed's part it names.
_PRINCIPAL = (
    (ephem.next_new_moon, 8), (ephem.next_first_quarter_moon, 2),
    (ephem.next_full_moon, 4), (ephem.next_last_quarter_moon, 6),
)
_AFTER = {8: 1, 2: 3, 4: 5, 6: 7}
# Lunations are counted from the mean new moon of 6 January 2000 (lunation 0) in mean synodic
# months. A true phase lies within a day of its mean moment, so searching from three days before
# the mean finds that phase and no other: each phase is then found from the same starting point
# whichever day asks, and comes out the same to the microsecond.
_LUNATION_0 = ephem.Date("2000/1/6 14:20")
_SYNODIC_MONTH = 29.530588861
_SEARCH_BEFORE = 3
# TT - UT. ephem turns its Terrestrial Time moments into UT with its own TT - UT model, which
# already overstates today's measured 69 s by about 5 s and grows along a parabola (225 s by 2100).
# The rules read every phase with the measured 2020s value instead, so the calendar day of a phase
# does not move with a guess about the Earth's future rotation.
_DELTA_T = 69.0
# ephem's phase search computes shared Sun and Moon bodies: one search at a time.
_EPHEM = threading.Lock()


@lru_cache(maxsize=4096)
def _phase_moment(lunation: int, quarter: int) -> dt.datetime:
    """The moment (UTC) of the principal phase ``quarter`` (0 new, 1 first quarter, 2 full, 3 last
    quarter) of ``lunation``."""
    mean = _LUNATION_0 + (lunation + quarter / 4) * _SYNODIC_MONTH
    following, _ = _PRINCIPAL[quarter]
    with _EPHEM:
        moment = following(ephem.Date(mean - _SEARCH_BEFORE))
        shift = ephem.delta_t(moment) - _DELTA_T
    return moment.datetime().replace(tzinfo=dt.UTC) + dt.timedelta(seconds=shift)


@lru_cache(maxsize=512)
def principal_phases(around: dt.date) -> tuple[tuple[dt.datetime, int], ...]:
    """The exact moments (UTC) of the principal phases from about two lunations before ``around``
    to two after, in order, each with the seed's part it names (8 new, 2 first quarter, 4 full,
    6 last quarter): the five lunations from two before the one under way on ``around``."""
    midnight = ephem.Date(dt.datetime(around.year, around.month, around.day))
    current = math.floor((midnight - _LUNATION_0) / _SYNODIC_MONTH)
    return tuple((_phase_moment(lunation, quarter), _PRINCIPAL[quarter][1])
                 for lunation in range(current - 2, current + 3) for quarter in range(len(_PRINCIPAL)))


@lru_cache(maxsize=4096)
def principal_moon_part(day: dt.date, timezone: str) -> int:
    """The moon's part 1..8 on the local calendar ``day`` in ``timezone`` when the principal phases
    hold only on the day of their exact moment (IP-M92-MOON-PHASE ``principal_days``): that day is
    the new moon (8), the first quarter (2), the full moon (4) or the last quarter (6), and the days
    between two principal phases are the part that follows the earlier one (1, 3, 5, 7)."""
    try:
        zone = ZoneInfo(timezone)
    except (ValueError, LookupError):
        raise RulesError(f"unknown time zone {timezone!r}", value=timezone)
    part = 0
    for moment, named in principal_phases(day):
        local = moment.astimezone(zone).date()
        if local == day:
            return named
        if local < day:
            part = _AFTER[named]
    return part


# The apparent sunrise / sunset: the sun's centre 50' below the horizon (refraction and radius).
_HORIZON = -0.833


@lru_cache(maxsize=4096)
def _sun_up(latitude: float, longitude: float, moment_utc: dt.datetime) -> bool:
    return elevation(Observer(latitude, longitude), moment_utc) > _HORIZON


def sun_is_up(latitude: float, longitude: float, moment: dt.datetime) -> bool:
    """Whether the sun is above the horizon at ``moment`` (an aware datetime) at the venue."""
    if moment.tzinfo is None:
        raise RulesError(f"the time {moment.isoformat()} has no time zone", value=moment)
    if not -90 <= latitude <= 90:
        raise RulesError(f"latitude {latitude!r} is outside -90..90", value=latitude)
    if not -180 <= longitude <= 180:
        raise RulesError(f"longitude {longitude!r} is outside -180..180", value=longitude)
    minute = moment.astimezone(dt.UTC).replace(second=0, microsecond=0)
    return _sun_up(float(latitude), float(longitude), minute)
