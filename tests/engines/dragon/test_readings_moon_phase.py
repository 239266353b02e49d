"""The readings of the moon's phase (modifiers 92-99, IP-M92-MOON-PHASE).

IP-M92-MOON-PHASE ``principal_days``: the new moon, the first quarter ("молодая половинка"), the full
moon and the last quarter ("старая половинка") hold only on the venue's calendar day of the exact
phase, and the four parts between them fill the other days. In March 2026 the new moon falls on the
19th at 01:23 UTC and the first quarter on the 25th at 19:17 UTC, so under this reading (Moscow) the
20th to the 24th are part 1 and the 25th part 2, while under the default eighths the 20th is still the
new moon (8) and the 24th already part 2.

The deal group (1-33) and the natural group are played; four players at N, E, S, W are numbered from
North (IP-PLAYER-NUMBER): N 1, E 2, S 3, W 4. Deal 2 is dealt by East.
"""

from __future__ import annotations

import datetime as dt

import pytest

from rules.engines.dragon.astro import principal_moon_part, principal_phases
from rules.engines.dragon.context import Player, Table
from rules.engines.dragon.modifiers.natural import moon_of_deal
from rules.engines.errors import RulesError
from rules.engines.readings import get

from . import helpers
from .helpers import card

OTHER_GROUPS = frozenset(range(34, 89))
PRINCIPAL = {"IP-M92-MOON-PHASE": "principal_days"}


def prepared(hands, **kw):
    kw.setdefault("disabled", OTHER_GROUPS)
    return helpers.prepared(hands, **kw)


def sky(seats=("N", "E", "S", "W")) -> Table:
    return Table(players=tuple(Player(id=s, seat=s, clothing="dark") for s in seats), weather="other")


def test_principal_phase_moments_match_meeus_and_the_almanac():
    """The exact phase moments behind principal_days: Meeus's example 49.a (new moon of 18 February
    1977, 03:37:42 TD, i.e. about 03:36:33 UT) and the almanac's new moon of 19 March 2026 (01:23 UTC)
    and full moon of 3 March 2026 (11:38 UTC)."""
    moments = {(m.date(), part): m for m, part in principal_phases(dt.date(1977, 2, 10))}
    new_1977 = moments[(dt.date(1977, 2, 18), 8)]
    assert abs(new_1977 - dt.datetime(1977, 2, 18, 3, 36, 33, tzinfo=dt.UTC)) < dt.timedelta(minutes=1)
    moments = {(m.date(), part): m for m, part in principal_phases(dt.date(2026, 3, 15))}
    assert abs(moments[(dt.date(2026, 3, 19), 8)] - dt.datetime(2026, 3, 19, 1, 23, tzinfo=dt.UTC)) \
        < dt.timedelta(minutes=3)
    assert abs(moments[(dt.date(2026, 3, 3), 4)] - dt.datetime(2026, 3, 3, 11, 38, tzinfo=dt.UTC)) \
        < dt.timedelta(minutes=3)


def test_principal_moon_part_reads_the_venues_calendar_day():
    """principal_days: the first quarter of 25 March 2026 (19:17 UTC) is the 25th in Moscow (22:17) but
    the 26th in Tokyo (04:17): the young half is a different day at the two venues."""
    assert [principal_moon_part(dt.date(2026, 3, d), "Europe/Moscow") for d in (19, 20, 24, 25, 26)] \
        == [8, 1, 1, 2, 3]
    assert [principal_moon_part(dt.date(2026, 3, d), "Asia/Tokyo") for d in (25, 26, 27)] == [1, 2, 3]
    with pytest.raises(RulesError):
        principal_moon_part(dt.date(2026, 3, 25), "Nowhere/Atlantis")


def test_ip_m92_moon_phase_principal_days_is_registered():
    point = get("IP-M92-MOON-PHASE")
    assert "principal_days" in point.alternatives and point.readings_help["principal_days"]


M92_HANDS = {"E": "3c 3h - - - - - - -", "N": "3s - - - - - - - -"}
DAY_AFTER_NEW = "2026-03-20T15:30:00+03:00"     # Table 2 kills the Threes in deal 2


def test_ip_m92_moon_phase_principal_days_young_crescent_after_new_moon_day():
    """Modifier 92, IP-M92-MOON-PHASE principal_days: "Если во время проведения Игры Луна находится в
    первой четверти (молодой месяц), то для четных игроков отменяются модификаторы, убивающие черные
    Тройки, Четверки, Пятерки, связанные с природными факторами". On 20 March 2026, the day after the
    new moon, the default eighths still read the new moon and Table 2 kills E's 3c; under principal_days
    the new moon held only on the 19th, so it is the young crescent and even player E's 3c lives."""
    s = prepared(M92_HANDS, tbl=sky(), number=2, started_at=DAY_AFTER_NEW)
    assert moon_of_deal(s) == 8 and card(s, "3c").state == "dead"
    s = prepared(M92_HANDS, tbl=sky(), number=2, started_at=DAY_AFTER_NEW, readings=PRINCIPAL)
    assert moon_of_deal(s) == 1
    assert card(s, "3c").state != "dead"
    assert card(s, "3s").state == "dead" and card(s, "3h").state == "dead"   # odd N, red 3h: not listed


def test_ip_m92_moon_phase_principal_days_young_half_only_on_its_day():
    """Modifier 93, IP-M92-MOON-PHASE principal_days: "Если во время проведения Игры Луна находится во
    второй четверти (молодая половинка), то для игроков сидящих на Севере, Востоке, Юге и Западе
    объявляются свободными червовые Великаны и Эльфы". On 24 March 2026 the default eighths already read
    the young half and N's Jh is free; under principal_days the first quarter falls on the 25th, so the
    24th is still the young crescent and the Jh stays natural; on the 25th it is free."""
    hands = {"N": "Jh - - - - - - - -"}
    s = prepared(hands, tbl=sky(), started_at="2026-03-24T12:00:00+03:00")
    assert moon_of_deal(s) == 2 and card(s, "Jh").state == "free"
    s = prepared(hands, tbl=sky(), started_at="2026-03-24T12:00:00+03:00", readings=PRINCIPAL)
    assert moon_of_deal(s) == 1 and card(s, "Jh").state == "natural"
    s = prepared(hands, tbl=sky(), started_at="2026-03-25T12:00:00+03:00", readings=PRINCIPAL)
    assert moon_of_deal(s) == 2 and card(s, "Jh").state == "free"


def test_ip_m92_moon_phase_principal_days_quarter_before_full():
    """Modifier 94, IP-M92-MOON-PHASE principal_days: "Если во время проведения Игры Луна находится в
    третьей четверти (четверть перед полнолунием), то для игроков сидящих не на Севере, Востоке, Юге и
    Западе объявляются домашними пиковые Двойка, Тройка, Четверка". On 1 April 2026 the default eighths
    read the full moon and SE's 2s stays natural; under principal_days the full moon is on 2 April, so the
    1st is the quarter before it and the 2s is home."""
    hands = {"SE": "2s - - - - - - - -"}
    tbl = sky(("N", "SE", "S", "W"))
    s = prepared(hands, tbl=tbl, started_at="2026-04-01T10:20:00+03:00")
    assert moon_of_deal(s) == 4 and card(s, "2s").state == "natural"
    s = prepared(hands, tbl=tbl, started_at="2026-04-01T10:20:00+03:00", readings=PRINCIPAL)
    assert moon_of_deal(s) == 3 and card(s, "2s").state == "home"


def test_moon_phase_still_rejects_an_unknown_reading():
    """An unknown reading of IP-M92-MOON-PHASE is an error naming the point."""
    with pytest.raises(RulesError, match="IP-M92-MOON-PHASE"):
        prepared({}, tbl=sky(), started_at=DAY_AFTER_NEW, readings={"IP-M92-MOON-PHASE": "by_the_tides"})
