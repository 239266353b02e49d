"""The sky at the venue: moon phase in the seed's eight parts and whether the sun is up.

Modifiers 92-99 name the moon in eight "quarters" and modifiers 78-84 and 100 ask whether a
deal is played before or after sunset. Both are computed from the local date-time of the first
dealt card (base rule 9) and the venue's coordinates with the ``astral`` package, offline.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache

from astral import Observer, moon
from astral.sun import elevation

from ..errors import RulesError

__all__ = ["MOON_PARTS", "moon_part", "sun_is_up"]

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
