"""The sky at the venue: moon phase in the seed's eight parts and whether the sun is up.

Modifiers 92-99 name the moon in eight "quarters" and modifiers 78-84 and 100 ask whether a
deal is played before or after sunset. Both are computed from the local date-time of the first
dealt card (base rule 9) and the venue's coordinates with the ``astral`` package, offline. The
exact moments of the four principal phases (new, first quarter, full, last quarter), which
IP-M92-MOON-PHASE ``principal_days`` reads, follow Meeus, *Astronomical Algorithms*, ch. 49.
"""

from __future__ import annotations

import datetime as dt
import math
from functools import lru_cache
from zoneinfo import ZoneInfo

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
# Meeus ch. 49: periodic terms (coefficient, E power, M, M', F, Omega multipliers) of the new and
# full moon and of the quarters; the moment is accurate to about a minute.
_NEW_TERMS = (
    (-0.40720, 0, 0, 1, 0, 0), (0.17241, 1, 1, 0, 0, 0), (0.01608, 0, 0, 2, 0, 0), (0.01039, 0, 0, 0, 2, 0),
    (0.00739, 1, -1, 1, 0, 0), (-0.00514, 1, 1, 1, 0, 0), (0.00208, 2, 2, 0, 0, 0), (-0.00111, 0, 0, 1, -2, 0),
    (-0.00057, 0, 0, 1, 2, 0), (0.00056, 1, 1, 2, 0, 0), (-0.00042, 0, 0, 3, 0, 0), (0.00042, 1, 1, 0, 2, 0),
    (0.00038, 1, 1, 0, -2, 0), (-0.00024, 1, -1, 2, 0, 0), (-0.00017, 0, 0, 0, 0, 1), (-0.00007, 0, 2, 1, 0, 0),
    (0.00004, 0, 0, 2, -2, 0), (0.00004, 0, 3, 0, 0, 0), (0.00003, 0, 1, 1, -2, 0), (0.00003, 0, 0, 2, 2, 0),
    (-0.00003, 0, 1, 1, 2, 0), (0.00003, 0, -1, 1, 2, 0), (-0.00002, 0, -1, 1, -2, 0), (-0.00002, 0, 1, 3, 0, 0),
    (0.00002, 0, 0, 4, 0, 0),
)
# The full moon's terms differ from the new moon's in the first seven coefficients only.
_FULL_TERMS = (
    (-0.40614, 0, 0, 1, 0, 0), (0.17302, 1, 1, 0, 0, 0), (0.01614, 0, 0, 2, 0, 0), (0.01043, 0, 0, 0, 2, 0),
    (0.00734, 1, -1, 1, 0, 0), (-0.00515, 1, 1, 1, 0, 0), (0.00209, 2, 2, 0, 0, 0),
) + _NEW_TERMS[7:]
_QUARTER_TERMS = (
    (-0.62801, 0, 0, 1, 0, 0), (0.17172, 1, 1, 0, 0, 0), (-0.01183, 1, 1, 1, 0, 0), (0.00862, 0, 0, 2, 0, 0),
    (0.00804, 0, 0, 0, 2, 0), (0.00454, 1, -1, 1, 0, 0), (0.00204, 2, 2, 0, 0, 0), (-0.00180, 0, 0, 1, -2, 0),
    (-0.00070, 0, 0, 1, 2, 0), (-0.00040, 0, 0, 3, 0, 0), (-0.00034, 1, -1, 2, 0, 0), (0.00032, 1, 1, 0, 2, 0),
    (0.00032, 1, 1, 0, -2, 0), (-0.00028, 2, 2, 1, 0, 0), (0.00027, 1, 1, 2, 0, 0), (-0.00017, 0, 0, 0, 0, 1),
    (-0.00005, 0, -1, 1, -2, 0), (0.00004, 0, 0, 2, 2, 0), (-0.00004, 0, 1, 1, 2, 0), (0.00004, 0, -2, 1, 0, 0),
    (0.00003, 0, 1, 1, -2, 0), (0.00003, 0, 3, 0, 0, 0), (0.00002, 0, 0, 2, -2, 0), (0.00002, 0, -1, 1, 2, 0),
    (-0.00002, 0, 1, 3, 0, 0),
)
# The planetary arguments A2..A14: (coefficient, constant, k factor); A1 has a T² term of its own.
_PLANETARY = (
    (0.000165, 251.88, 0.016321), (0.000164, 251.83, 26.651886),
    (0.000126, 349.42, 36.412478), (0.000110, 84.66, 18.206239), (0.000062, 141.74, 53.303771),
    (0.000060, 207.14, 2.453732), (0.000056, 154.84, 7.306860), (0.000047, 34.52, 27.261239),
    (0.000042, 207.19, 0.121824), (0.000040, 291.34, 1.844379), (0.000037, 161.72, 24.198154),
    (0.000035, 239.56, 25.513099), (0.000023, 331.55, 3.592518),
)
_DELTA_T = dt.timedelta(seconds=69)          # TT - UT in the 2020s; a minute either way does not matter
_J2000 = dt.datetime(2000, 1, 1, 12, tzinfo=dt.UTC)
# The seed's part of each principal phase (by quarter of the lunation), and the part that follows it.
_PRINCIPAL_PART = (8, 2, 4, 6)
_AFTER = {8: 1, 2: 3, 4: 5, 6: 7}


def _phase_moment(k: float) -> dt.datetime:
    """The moment (UTC) of the principal phase ``k`` lunations after the new moon of 6 January 2000
    (k whole: new moon, +0.25 first quarter, +0.5 full, +0.75 last quarter)."""
    t = k / 1236.85
    jde = (2451550.09766 + 29.530588861 * k + 0.00015437 * t ** 2 - 0.000000150 * t ** 3
           + 0.00000000073 * t ** 4)
    e = 1 - 0.002516 * t - 0.0000074 * t ** 2
    m = math.radians(2.5534 + 29.10535670 * k - 0.0000014 * t ** 2 - 0.00000011 * t ** 3)
    m1 = math.radians(201.5643 + 385.81693528 * k + 0.0107582 * t ** 2 + 0.00001238 * t ** 3
                      - 0.000000058 * t ** 4)
    f = math.radians(160.7108 + 390.67050284 * k - 0.0016118 * t ** 2 - 0.00000227 * t ** 3
                     + 0.000000011 * t ** 4)
    om = math.radians(124.7746 - 1.56375588 * k + 0.0020672 * t ** 2 + 0.00000215 * t ** 3)
    quarter = round((k % 1) * 4) % 4
    terms = (_NEW_TERMS, _QUARTER_TERMS, _FULL_TERMS, _QUARTER_TERMS)[quarter]
    jde += sum(c * e ** pe * math.sin(im * m + im1 * m1 + if_ * f + io * om) for c, pe, im, im1, if_, io in terms)
    if quarter in (1, 3):
        w = (0.00306 - 0.00038 * e * math.cos(m) + 0.00026 * math.cos(m1) - 0.00002 * math.cos(m1 - m)
             + 0.00002 * math.cos(m1 + m) + 0.00002 * math.cos(2 * f))
        jde += w if quarter == 1 else -w
    a1 = math.radians(299.77 + 0.107408 * k - 0.009173 * t ** 2)
    jde += 0.000325 * math.sin(a1)
    jde += sum(c * math.sin(math.radians(a + b * k)) for c, a, b in _PLANETARY)
    return _J2000 + dt.timedelta(days=jde - 2451545.0) - _DELTA_T


@lru_cache(maxsize=512)
def principal_phases(around: dt.date) -> tuple[tuple[dt.datetime, int], ...]:
    """The exact moments (UTC) of the principal phases from about two lunations before ``around``
    to two after, in order, each with the seed's part it names (8 new, 2 first quarter, 4 full,
    6 last quarter)."""
    years = around.year + (around.timetuple().tm_yday - 0.5) / 365.25 - 2000
    k0 = math.floor(years * 12.3685)
    return tuple((_phase_moment(k + q / 4), _PRINCIPAL_PART[q]) for k in range(k0 - 2, k0 + 3) for q in range(4))


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
