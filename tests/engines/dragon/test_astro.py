"""The principal moon phases behind IP-M92-MOON-PHASE ``principal_days``, over the whole century.

``data/moon_phases_2000_2100.json`` holds every new moon, first quarter, full moon and last quarter
from 2000 to 2100 as the earlier implementation (Meeus, *Astronomical Algorithms*, ch. 49, with
TT - UT = 69 s) computed them, to the second. The phases :func:`principal_phases` gives now must be
the same ones: the same count, in the same order, each on the same UTC day and within a minute.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from rules.engines.dragon.astro import principal_moon_part, principal_phases

DATA = Path(__file__).parent / "data" / "moon_phases_2000_2100.json"
PART = {"new": 8, "first_quarter": 2, "full": 4, "last_quarter": 6}
START = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)
END = dt.datetime(2101, 1, 1, tzinfo=dt.UTC)
# principal_phases(day) always covers at least the 58 days before ``day`` and the 50 after it.
STEP = dt.timedelta(days=100)


def reference() -> list[tuple[dt.datetime, int]]:
    rows = json.loads(DATA.read_text())["phases"]
    return [(dt.datetime.fromisoformat(moment.replace("Z", "+00:00")), PART[name]) for name, moment in rows]


def century() -> list[tuple[dt.datetime, int]]:
    """Every principal phase from 2000 to 2100, gathered from overlapping principal_phases windows."""
    found: dict[dt.datetime, int] = {}
    day = START.date()
    while day <= END.date() + STEP:
        for moment, part in principal_phases(day):
            if START <= moment < END:
                found[moment] = part
        day += STEP
    return sorted(found.items())


@pytest.mark.slow
def test_principal_phases_match_the_reference_over_2000_2100():
    expected = reference()
    got = century()
    assert len(expected) == 4997 and expected[0][0].date() == dt.date(2000, 1, 6)
    assert len(got) == len(expected)
    assert [part for _, part in got] == [part for _, part in expected]
    assert [m.date() for m, _ in got] == [m.date() for m, _ in expected]
    worst = max(abs((m - ref).total_seconds()) for (m, _), (ref, _) in zip(got, expected, strict=True))
    assert worst < 60, f"a phase moment is {worst:.0f} s away from the reference"


def test_principal_phases_run_in_order_around_the_day():
    """Twenty phases, new moon first, in lunation order, about two lunations either side of the day;
    a phase comes out the same whichever day asks for it."""
    day = dt.date(2026, 3, 15)
    phases = principal_phases(day)
    assert [part for _, part in phases] == [8, 2, 4, 6] * 5
    moments = [m for m, _ in phases]
    assert moments == sorted(moments) and all(m.tzinfo is not None for m in moments)
    noon = dt.datetime(2026, 3, 15, 12, tzinfo=dt.UTC)
    assert moments[0] < noon - dt.timedelta(days=58) and moments[-1] > noon + dt.timedelta(days=50)
    # 24 April is two lunations on: the three lunations both windows hold have the very same moments.
    later = dict(principal_phases(dt.date(2026, 4, 24)))
    assert [later[m] for m in moments if m in later] == [8, 2, 4, 6] * 3


def test_principal_moon_part_on_the_days_around_a_full_moon():
    """The full moon of 3 March 2026 (11:38 UTC) names that day alone; the waxing gibbous before it
    and the waning gibbous after it."""
    assert [principal_moon_part(dt.date(2026, 3, d), "UTC") for d in (2, 3, 4)] == [3, 4, 5]
