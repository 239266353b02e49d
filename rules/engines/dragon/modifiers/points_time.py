"""The interpretation points of modifiers 47-49, the seed's group "Временные" (time): records that ``time.py`` declares."""

from ...readings import Point

POINTS: tuple[Point, ...] = (
    Point("IP-M48-COUNT", "M48, M49", "How large is a clock's shift ('не более 2-х часов' for each player)?",
        "per_clock_cap_2", ("once", "per_player_own"),
        {"per_clock_cap_2": "each clock shifts one hour, at most two clocks counted",
         "once": "one hour if there is any clock of that kind",
         "per_player_own": "each player's own watches (at most two of each kind) move the time his cards read; "
                           "the room's clocks move nothing"}),
    Point("IP-M48-SCOPE", "M48, M49", "Which readings use the time shifted by the clocks?", "hour_readings",
        ("modifiers_only", "after_in_order", "full_timestamp"),
        {"hour_readings": "every hour-tied reading: modifier 47, Table 2 (base rules 16-17), modifiers 85-88",
         "modifiers_only": "modifiers only (47, 85-88); Table 2 keeps the real hour (base rule 11)",
         "after_in_order": "only modifiers numbered after 48-49 (85-88); Table 2 and modifier 47 keep the real hour",
         "full_timestamp": "the whole moment moves: past midnight the date, weekday and month (Tables 1, 3, "
                           "modifier 1) roll over too"}),
    Point("IP-M49-NET", "M49", "With both kinds of clock, do the shifts add up?", "additive", ("higher_number_wins",),
        {"additive": "+analog - digital hours", "higher_number_wins": "only modifier 49's backward shift applies"}),
    Point("IP-M47-SHIFT", "M47", "Does modifier 47 read the time shifted by 48-49, though it comes before them?",
        "shifted", ("unshifted",),
        {"shifted": "48-49 shift the time of the deal, which 47 reads", "unshifted": "47 reads the real time"}),
    Point("IP-M47-BOUNDS", "M47", "Which band holds 06:00, 12:00, 18:00 and 00:00 exactly?", "half_open",
        ("end_inclusive",),
        {"half_open": "a band includes its start and excludes its end (as Table 2's rows)",
         "end_inclusive": "a band includes its end: 12:00 is still morning"}),
)
