"""IP-M48-SCOPE (modifiers 48 and 49, seed group "Временные"): which rules read the time the clocks
moved. Each reading is judged against the default ``hour_readings`` on the same deal.

Four players, deal 1 dealt by North (order E, S, W, N). The deal group (1-33) and the time and space
groups are played unless a test names its ruleset.
"""

from __future__ import annotations

from dataclasses import replace

from rules.engines.dragon.context import Room
from rules.engines.dragon.trace import render

from .test_modifiers_external_53_70 import only, prep, states
from .test_modifiers_external_71_88 import EVEN, M85_HANDS
from .test_modifiers_time_space import OTHER_GROUPS, at, prepared, quiet_table

ANALOG = Room(analog_clocks=1)
DIGITAL = Room(digital_clocks=1)
SCOPE = "IP-M48-SCOPE"


# ---------------------------------------------------------------------------- after_in_order
def test_ip_m48_scope_after_in_order_table2_and_m47_keep_the_real_hour():
    """IP-M48-SCOPE after_in_order (modifier 48, "время сдвигается на 1 час вперед"; base rule 16, "В
    зависимости от часа, карты становятся дикими"; modifier 47, "В зависимости от времени суток"): 05:40
    with one clock with hands. By default the deal runs at 06:40: Table 2's 06:00-07:00 row (Eights wild)
    and modifier 47's morning (the Elf Jc is free). Under after_in_order Table 2 and modifier 47, numbered
    before 48, read the real 05:40: the 05:00-06:00 row (Sevens wild) and night (the Dragon Ac is free)."""
    hands = {"S": "8c 7c Jc Ac - - - - -"}
    tbl = quiet_table(room=ANALOG)
    s = prepared(hands, tbl=tbl, started_at=at("05:40"))
    assert s.facts.hour == 6
    assert states(s, "8c 7c Jc Ac") == ["wild", "natural", "free", "natural"]
    s = prepared(hands, tbl=tbl, started_at=at("05:40"), readings={SCOPE: "after_in_order"})
    assert s.facts.hour == 5 and s.facts.clock.hour == 6
    assert states(s, "8c 7c Jc Ac") == ["natural", "wild", "natural", "free"]
    # modifiers_only differs from it on modifier 47 alone: 47 reads the moved 06:40.
    s = prepared(hands, tbl=tbl, started_at=at("05:40"), readings={SCOPE: "modifiers_only"})
    assert states(s, "8c 7c Jc Ac") == ["natural", "wild", "free", "natural"]


def _m85_table():
    return replace(EVEN, room=ANALOG)


SEPT = "2026-09-16T04:40:00+03:00"      # Table 3's September (3, 5, Elf home) keeps the Sixes and Sevens natural


def test_ip_m48_scope_after_in_order_windows_read_the_moved_time():
    """IP-M48-SCOPE after_in_order (modifier 48, "время сдвигается на 1 час вперед"; modifier 85, "в период
    с 5 утра до 5 вечера"): 04:40 with one clock with hands, no dominant colour, deal 1. By default Table 2
    reads 05:40 (Sevens wild). Under after_in_order Table 2 keeps the real 04:40 (Sixes wild) while modifier
    85, numbered after 48, reads 05:40, inside its window: the Qc and Ks are free. Without the clock the
    deal at 04:40 is out of the window."""
    hands = {"E": "Qc Jh Ks Ad Qh - - - -", "S": "7c 6c - - - - - - -"}
    kw = {"number": 1, "started_at": SEPT, "ruleset": only(48, 85, tables=True)}
    s = prep(hands, tbl=_m85_table(), **kw)
    assert states(s, "7c 6c Qc Ks") == ["wild", "natural", "free", "free"]
    s = prep(hands, tbl=_m85_table(), readings={SCOPE: "after_in_order"}, **kw)
    assert states(s, "7c 6c Qc Ks") == ["natural", "wild", "free", "free"]
    assert states(prep(hands, tbl=EVEN, **kw), "6c Qc Ks") == ["wild", "natural", "natural"]


def test_ip_m48_scope_modifiers_only_windows_read_the_moved_time():
    """IP-M48-SCOPE modifiers_only (modifier 48, "время сдвигается на 1 час вперед"; modifier 85, "в период
    с 5 утра до 5 вечера"): as under after_in_order, Table 2 keeps the real 04:40 (Sixes wild, Sevens wild
    by default) while modifier 85 reads the moved 05:40: its honors are free."""
    hands = {"E": "Qc Jh Ks Ad Qh - - - -", "S": "7c 6c - - - - - - -"}
    kw = {"number": 1, "started_at": SEPT, "ruleset": only(48, 85, tables=True)}
    assert states(prep(hands, tbl=_m85_table(), **kw), "7c 6c") == ["wild", "natural"]
    s = prep(hands, tbl=_m85_table(), readings={SCOPE: "modifiers_only"}, **kw)
    assert states(s, "7c 6c Qc Ks") == ["natural", "wild", "free", "free"]
    assert states(prep(M85_HANDS, tbl=EVEN, **kw), "Qc Ks") == ["natural", "natural"]


# ---------------------------------------------------------------------------- full_timestamp
JAN31 = "2026-01-31T23:30:00+03:00"     # a Saturday
FEB1 = "2026-02-01T00:20:00+03:00"      # a Sunday


def test_ip_m48_scope_full_timestamp_month_rolls_over_for_table3():
    """IP-M48-SCOPE full_timestamp (modifier 48, "время сдвигается на 1 час вперед"; base rule 18, "В
    зависимости от месяца, карты становятся домашними"): 31 January 23:30 with one clock with hands reads
    00:30 in both readings. By default the month stays January, which modifier 3 (four players, "на 2
    назад") makes November (3, 8, Giant home): the 3c is home, the Qc natural. Under full_timestamp it is
    1 February, made December (2, 7, Unicorn, Giant home): the Qc is home, the 3c natural. The sun and the
    moon are those of the real moment under both."""
    hands = {"S": "3c Qc - - - - - - -"}
    tbl = quiet_table(room=ANALOG)
    base = prepared(hands, tbl=tbl, started_at=JAN31)
    assert (base.facts.month, base.facts.table3_month, base.facts.hour) == (1, 11, 0)
    assert states(base, "3c Qc") == ["home", "natural"]
    s = prepared(hands, tbl=tbl, started_at=JAN31, readings={SCOPE: "full_timestamp"})
    assert (s.facts.day, s.facts.month, s.facts.weekday, s.facts.table3_month, s.facts.hour) == (1, 2, 7, 12, 0)
    assert states(s, "3c Qc") == ["natural", "home"]
    assert any(e.source == "M48" and e.change == "date" for e in s.trace)
    line = render(s.trace, "en")  # codes and values: the site's presenters tell them in words
    assert "M48: date: 2026-01-31 -> 2026-02-01" in line and "M3: table3_month" in line
    assert (s.facts.sun_up, s.facts.moon) == (base.facts.sun_up, base.facts.moon)


def test_ip_m48_scope_full_timestamp_digital_clock_rolls_back():
    """IP-M48-SCOPE full_timestamp (modifier 49, "время сдвигается на 1 час назад"; base rule 18, "В
    зависимости от месяца"): 1 February 00:20 with one digital clock reads 23:20. By default it is still
    February (December after modifier 3: the 2c is home); under full_timestamp it is 31 January (November:
    the 3c is home)."""
    hands = {"S": "3c 2c - - - - - - -"}
    tbl = quiet_table(room=DIGITAL)
    s = prepared(hands, tbl=tbl, started_at=FEB1)
    assert s.facts.hour == 23 and states(s, "3c 2c") == ["natural", "home"]
    s = prepared(hands, tbl=tbl, started_at=FEB1, readings={SCOPE: "full_timestamp"})
    assert (s.facts.day, s.facts.month, s.facts.table3_month) == (31, 1, 11)
    assert states(s, "3c 2c") == ["home", "natural"]


def test_ip_m48_scope_full_timestamp_weekday_rolls_over_for_table1():
    """IP-M48-SCOPE full_timestamp (modifier 48, "время сдвигается на 1 час вперед"; base rule 15, "Номер
    партии, кратный дню недели играется в темную, выигрывает слабейший расклад"): deal 6 on Saturday 31
    January at 23:30, one clock with hands. By default Saturday (6) deals it all dark and the weakest hand
    wins; under full_timestamp it is Sunday (7): deal 6 is an ordinary deal."""
    tbl = quiet_table(room=ANALOG)
    s = prepared({}, tbl=tbl, number=6, started_at=JAN31)
    assert s.facts.weekday == 6 and s.weakest_wins
    assert set(s.pattern) == {"dark"}
    s = prepared({}, tbl=tbl, number=6, started_at=JAN31, readings={SCOPE: "full_timestamp"})
    assert s.facts.weekday == 7 and not s.weakest_wins
    assert "open" in s.pattern


def test_ip_m48_scope_full_timestamp_day_rolls_over_for_m1():
    """IP-M48-SCOPE full_timestamp (modifier 48, "время сдвигается на 1 час вперед"; modifier 1,
    "Число+месяц+год+день недели"): 31 January 2026 23:30, one clock with hands, modifier 3 not played.
    By default 31+1+2026+6 = 2064 -> 12 -> 3: W, third from the dealer, has no wild cards (Table 2 at
    00:30: Twos wild), S keeps his wild 2c. Under full_timestamp 1+2+2026+7 = 2036 -> 11 -> 2: S loses it,
    W's 2d is wild."""
    hands = {"S": "2c - - - - - - - -", "W": "2d - - - - - - - -"}
    kw = {"tbl": quiet_table(room=ANALOG), "started_at": JAN31, "disabled": OTHER_GROUPS | {3}}
    s = prepared(hands, **kw)
    assert states(s, "2c 2d") == ["wild", "natural"]
    s = prepared(hands, readings={SCOPE: "full_timestamp"}, **kw)
    assert s.facts.table3_month == 2
    assert states(s, "2c 2d") == ["natural", "wild"]


def test_ip_m48_scope_full_timestamp_modifier_1_reads_modifier_3s_month_of_the_new_date():
    """IP-M48-SCOPE full_timestamp with IP-M3-SCOPE every_month_read (modifier 1: "день + месяц + год +
    номер дня недели"; modifier 3 shifts the month "на 2 назад" with four players): 31 January 23:30 with
    one clock with hands is Sunday 1 February, which modifier 3 makes December: 1 + 12 + 2026 + 7 = 2046
    -> 12 -> 3, the third player from the dealer (not January's November: 2045 -> 11 -> 2)."""
    readings = {SCOPE: "full_timestamp", "IP-M3-SCOPE": "every_month_read"}
    s = prepared({}, tbl=quiet_table(room=ANALOG), started_at=JAN31, readings=readings)
    assert (s.facts.day, s.facts.weekday, s.facts.table3_month) == (1, 7, 12)
    assert s.position(s.marks["M1"]) == 3
