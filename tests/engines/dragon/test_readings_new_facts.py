"""Readings that read the players' watches and clothing hue and the room's bearded onlookers:
IP-M48-COUNT ``per_player_own`` (modifiers 48-49), IP-M56-EVEN ``everyone_present`` (modifier 56) and
IP-M85-NO-DOMINANT ``hue`` (modifiers 85-88). Each is judged against its point's default on the same deal.

Four players; deal 1 is dealt by North (order E, S, W, N), deal 2 by East (order S, W, N, E), deal 3 by
South (order W, N, E, S); the default pattern is d d d o o o o o d (open circles 4-8). Each deal is
judged with the modifiers under test alone (``only``), with Tables 1-3 where a test says so.
"""

from __future__ import annotations

from rules.engines.dragon.context import Player, Room, Table
from rules.engines.dragon.facts import deal_facts
from rules.engines.dragon.modifiers.base import apply_adjustments
from rules.engines.dragon.modifiers.external import dominant_hue
from rules.engines.dragon.trace import render
from rules.engines.readings import resolve

from .helpers import card
from .test_modifiers_external_53_70 import only, prep, states

COUNT = "IP-M48-COUNT"
OWN = {COUNT: "per_player_own"}


def oct14(hhmm: str) -> str:
    return f"2026-10-14T{hhmm}:00+03:00"      # a Wednesday: Table 1 deals deals 1 and 2 open


def may10(hhmm: str) -> str:
    return f"2026-05-10T{hhmm}:00+03:00"      # a Sunday; the sun sets about 20:40


def seated(room: Room | None = None, croupier=None, **facts) -> Table:
    """Players N, E, S, W with the facts given per seat."""
    players = tuple(Player(id=s, seat=s, **facts.get(s, {})) for s in ("N", "E", "S", "W"))
    return Table(players=players, room=room or Room(), croupier=croupier or {})


# ---------------------------------------------------------------------------- IP-M48-COUNT per_player_own
WATCHES = {"N": {"analog_watches": 3}, "E": {"analog_watches": 1}, "S": {"digital_watches": 2}}
T2_HANDS = {"E": "Qc Jc 9c Kc - - - - -", "S": "Qd Jd 9d 8d - - - - -", "W": "Qh Jh 9h Kh - - - - -",
            "N": "Qs Js 9s Ks - - - - -"}


def test_ip_m48_count_per_player_own_table2_reads_each_holders_own_time():
    """IP-M48-COUNT per_player_own (modifiers 48, 49: "Если в помещении есть стрелочные часы, то время
    сдвигается на 1 час вперед. У каждого игрока учитывается не более 2-х часов", and the digital clocks
    "на 1 час назад"; base rules 16-17, Table 2): deal 2 at 09:40 with one clock with hands on the wall.
    By default the room's clock moves the whole deal to 10:40: every Unicorn is wild and every Elf dead.
    Under per_player_own the wall clock is nobody's: E (one watch with hands) reads 10:40 (Unicorns wild,
    Elves dead), S (two digital watches) 07:40 (Nines wild, Eights dead), W (none) 09:40 (Elves wild, Tens
    dead) and N (three watches with hands, two counted) 11:40 (Giants wild, Unicorns dead)."""
    tbl = seated(room=Room(analog_clocks=1), **WATCHES)
    kw = {"tbl": tbl, "number": 2, "started_at": oct14("09:40"), "ruleset": only(48, 49, tables=True)}
    s = prep(T2_HANDS, **kw)
    assert s.facts.hour == 10 and s.facts.clock_shifts == {}
    assert states(s, "Qc Jc Qd Jd 9d Qh Jh Qs Ks") == ["wild", "dead", "wild", "dead", "natural", "wild",
                                                       "dead", "wild", "natural"]
    s = prep(T2_HANDS, readings=OWN, **kw)
    assert s.facts.hour == 9 and s.facts.clock_shifts == {"N": 2, "E": 1, "S": -2}
    assert [s.facts.hour_of(p) for p in ("E", "S", "W", "N")] == [10, 7, 9, 11]
    assert states(s, "Qc Jc 9c Kc") == ["wild", "dead", "natural", "natural"]
    assert states(s, "Qd Jd 9d 8d") == ["natural", "natural", "wild", "dead"]
    assert states(s, "Qh Jh 9h Kh") == ["natural", "wild", "natural", "natural"]
    assert states(s, "Qs Js 9s Ks") == ["dead", "natural", "natural", "wild"]
    assert [(e.source, e.change) for e in s.trace if e.change == "clock_shifts"] == [("M48", "clock_shifts"),
                                                                                   ("M49", "clock_shifts")]
    assert "M48: clock_shifts: {} -> {'N': 2, 'E': 1}" in render(s.trace, "en")


def test_ip_m48_count_per_player_own_scope_keeps_table2_on_the_real_hour():
    """IP-M48-COUNT per_player_own with IP-M48-SCOPE modifiers_only (modifier 48, "время сдвигается на 1
    час вперед"; base rule 16): the players' watches move only the modifiers' time, so every player's
    Table 2 reads the real 09:40 (Elves wild), where per_player_own alone gives E his Unicorns."""
    tbl = seated(**WATCHES)
    kw = {"tbl": tbl, "number": 1, "started_at": oct14("09:40"), "ruleset": only(48, 49, tables=True)}
    assert states(prep(T2_HANDS, readings=OWN, **kw), "Qc Jc Jh") == ["wild", "natural", "wild"]
    s = prep(T2_HANDS, readings={**OWN, "IP-M48-SCOPE": "modifiers_only"}, **kw)
    assert states(s, "Qc Jc Jh") == ["natural", "wild", "wild"]
    assert s.facts.hour_of("E") == 9 and s.facts.clock_of("E").hour == 10


def test_ip_m48_count_per_player_own_m47_reads_each_holders_time():
    """IP-M48-COUNT per_player_own (modifier 48, "У каждого игрока учитывается не более 2-х часов";
    modifier 47, "утро (600-1200) - Эльф ... ночь (000-600) - Дракон"): deal 1 at 05:40, no clock in the
    room, E wears a watch with hands. By default everyone's time is 05:40, night: the natural Dragons Ac
    (E's) and Ad (S's) are free. Under per_player_own E's cards read 06:40, morning: his Elf Jc is free and
    his Dragon Ac is not, while S keeps the night's Ad. Under IP-M47-SHIFT unshifted 47 reads the real
    time for everyone."""
    tbl = seated(E={"analog_watches": 1})
    hands = {"E": "Jc Ac - - - - - - -", "S": "Jd Ad - - - - - - -"}
    kw = {"tbl": tbl, "started_at": oct14("05:40"), "ruleset": only(47, 48, 49)}
    assert states(prep(hands, **kw), "Jc Ac Jd Ad") == ["natural", "free", "natural", "free"]
    s = prep(hands, readings=OWN, **kw)
    assert states(s, "Jc Ac Jd Ad") == ["free", "natural", "natural", "free"]
    s = prep(hands, readings={**OWN, "IP-M47-SHIFT": "unshifted"}, **kw)
    assert states(s, "Jc Ac Jd Ad") == ["natural", "free", "natural", "free"]


M85_TONES = {"N": {"clothing": "light"}, "E": {"clothing": "light", "analog_watches": 1},
             "S": {"clothing": "dark"}, "W": {"clothing": "dark"}}


def test_ip_m48_count_per_player_own_m85_window_reads_each_holders_time():
    """IP-M48-COUNT per_player_own (modifier 48, "время сдвигается на 1 час вперед"; modifier 85, "первая
    партия Игры, если она проходит в период с 5 утра до 5 вечера"): two light and two dark, deal 1 at
    16:30, E wears a watch with hands. By default the deal's time is 16:30, inside the window: E's Qc and
    Jh and S's Ks and Ad are free. Under per_player_own E's cards read 17:30, out of the window: his stay
    natural, S's are free."""
    hands = {"E": "Qc Jh - - - - - - -", "S": "Ks Ad - - - - - - -"}
    kw = {"tbl": seated(**M85_TONES), "started_at": may10("16:30"), "ruleset": only(48, 49, 85)}
    assert states(prep(hands, **kw), "Qc Jh Ks Ad") == ["free"] * 4
    s = prep(hands, readings=OWN, **kw)
    assert states(s, "Qc Jh Ks Ad") == ["natural", "natural", "free", "free"]


def test_ip_m48_count_per_player_own_m5_identity_reads_the_holders_table2():
    """IP-M48-COUNT per_player_own with IP-M5-IDENTITY natural_state_only (modifier 48, "время сдвигается
    на 1 час вперед"; modifier 5, "Если первая открытая карта Дракон"; Table 2): deal 1 at 11:40 in
    September (no Dragon home), E's first face-up card is the As. Without watches counted the hour is 11
    (Giants wild): the natural Dragon deals circle 8 dark. E's own watch moves his cards to 12:40, where
    Table 2 makes Dragons wild: his As is no natural Dragon and circle 8 stays open."""
    hands = {"E": "- - - As - - - - -"}
    kw = {"tbl": seated(E={"analog_watches": 1}), "started_at": "2026-09-16T11:40:00+03:00",
          "ruleset": only(5, 48, 49, tables=True)}
    identity = {"IP-M5-IDENTITY": "natural_state_only"}
    d, o = "dark", "open"
    assert tuple(prep(hands, readings=identity, **kw).pattern) == (d, d, d, o, o, o, o, d, d)
    s = prep(hands, readings={**identity, **OWN}, **kw)
    assert tuple(s.pattern) == (d, d, d, o, o, o, o, o, d)
    assert card(s, "As").state == "wild"


def _own_clock_hours(tbl: Table, **readings) -> dict[str, int]:
    rd = resolve({**OWN, **readings}, games=("dragon",))
    facts = deal_facts(tbl, 1, oct14("09:40"))
    apply_adjustments(facts, rd)
    return {p: facts.clock_of(p).hour for p in tbl.ids}


def test_ip_m48_count_per_player_own_net_and_cap_per_player():
    """IP-M48-COUNT per_player_own with IP-M49-NET (modifier 49, "Если в помещении есть электронные часы,
    то время сдвигается на 1 час назад. У каждого игрока учитывается не более 2-х часов"): at 09:40, N
    wears two watches with hands and a digital one, E three digital ones, the room two digital clocks.
    Additive: N +2 - 1 = 10:40, E -2 (two counted) = 07:40, S and W (no watches) 09:40, the room's clocks
    counting for nobody. Under higher_number_wins only 49's backward shift stands for N: 08:40."""
    tbl = seated(room=Room(digital_clocks=2), N={"analog_watches": 2, "digital_watches": 1},
                 E={"digital_watches": 3})
    assert _own_clock_hours(tbl) == {"N": 10, "E": 7, "S": 9, "W": 9}
    assert _own_clock_hours(tbl, **{"IP-M49-NET": "higher_number_wins"}) == {"N": 8, "E": 7, "S": 9, "W": 9}
    # The default counts the room's two digital clocks for every player.
    rd = resolve({}, games=("dragon",))
    facts = deal_facts(tbl, 1, oct14("09:40"))
    apply_adjustments(facts, rd)
    assert {p: facts.clock_of(p).hour for p in tbl.ids} == {"N": 7, "E": 7, "S": 7, "W": 7}


# ---------------------------------------------------------------------------- IP-M56-EVEN everyone_present
M56_HANDS = {"E": "- - - - - 3h - - -"}      # deal 3 (order W, N, E, S): E's 3h comes in circle 6


def test_ip_m56_even_everyone_present_counts_the_bearded_onlookers():
    """IP-M56-EVEN everyone_present (modifier 56: "Если бородатых четное количество, то во время нечетных
    партий: Тройки пришедшие в третьем открытом круге будут дикими"): deal 3, E's 3h in the third open
    circle. One bearded player and one bearded onlooker: the players alone are odd, so by default the 3h
    stays natural; counting everyone present makes two and the 3h is wild. Two bearded players and one
    bearded onlooker: the reverse."""
    kw = {"number": 3, "started_at": may10("10:30"), "ruleset": only(56)}
    one = seated(room=Room(bearded_onlookers=1), N={"beard": True})
    assert card(prep(M56_HANDS, tbl=one, **kw), "3h").state == "natural"
    present = {"IP-M56-EVEN": "everyone_present"}
    assert card(prep(M56_HANDS, tbl=one, readings=present, **kw), "3h").state == "wild"
    two = seated(room=Room(bearded_onlookers=1), N={"beard": True}, E={"beard": True})
    assert card(prep(M56_HANDS, tbl=two, **kw), "3h").state == "wild"
    assert card(prep(M56_HANDS, tbl=two, readings=present, **kw), "3h").state == "natural"
    # Two bearded onlookers and no bearded player are an even number of people present.
    none = seated(room=Room(bearded_onlookers=2))
    assert card(prep(M56_HANDS, tbl=none, **kw), "3h").state == "natural"
    assert card(prep(M56_HANDS, tbl=none, readings=present, **kw), "3h").state == "wild"


# ---------------------------------------------------------------------------- IP-M85-NO-DOMINANT hue
def test_dominant_hue():
    """IP-M85-NO-DOMINANT hue: the hue worn by more players than any other; a shared top count or no hue
    recorded is none."""
    assert dominant_hue(["blue", "blue", "red", None]) == "blue"
    assert dominant_hue(["blue", "blue", "red", "red"]) is None
    assert dominant_hue(["blue", "red", "green", "blue"]) == "blue"
    assert dominant_hue([None, None]) is None


M85_HANDS = {"E": "Qc Jh Ks Ad Qh - - - -"}


def _clothes(tones, hues, croupier=None) -> Table:
    return seated(croupier=croupier, **{s: {"clothing": t, "clothing_hue": h}
                                         for s, t, h in zip(("N", "E", "S", "W"), tones, hues, strict=True)})


def test_ip_m85_no_dominant_hue_reads_the_clothing_hue():
    """IP-M85-NO-DOMINANT hue (modifier 85: "Если у игроков нет доминирующего цвета в одежде ... первая
    партия Игры, если она проходит в период с 5 утра до 5 вечера, играется со свободными крестовым
    Единорогом, червовым Эльфом, пиковым Великаном и бубновым Драконом"): deal 1 at 09:00. Two light and two
    dark, but three in blue: by default no tone dominates and the four honors are free; by hue blue
    dominates and they stay natural. Three light and one dark, two in red and two in green: the reverse."""
    kw = {"started_at": may10("09:00"), "ruleset": only(85)}
    hue = {"IP-M85-NO-DOMINANT": "hue"}
    even_tones = _clothes(("light", "light", "dark", "dark"), ("blue", "blue", "blue", "red"))
    assert states(prep(M85_HANDS, tbl=even_tones, **kw), "Qc Jh Ks Ad Qh") == ["free"] * 4 + ["natural"]
    assert states(prep(M85_HANDS, tbl=even_tones, readings=hue, **kw), "Qc Ad") == ["natural"] * 2
    light_tones = _clothes(("light", "light", "light", "dark"), ("red", "green", "red", "green"))
    assert states(prep(M85_HANDS, tbl=light_tones, **kw), "Qc Ad") == ["natural"] * 2
    assert states(prep(M85_HANDS, tbl=light_tones, readings=hue, **kw), "Qc Jh Ks Ad") == ["free"] * 4


def test_ip_m85_no_dominant_hue_neutral_unrecorded_and_the_croupiers_call():
    """IP-M85-NO-DOMINANT hue (modifier 85: "нет доминирующего цвета в одежде, или его затруднительно
    определить (на усмотрение Крупье)"; modifier 78: "Если в одежде игроков доминируют светлые тона"):
    with no hue recorded modifier 85 does not act by hue (no fact), though the tones are even; the
    croupier's call makes it act and, as under complement, silences modifier 78; without the call 78
    still reads the tone under hue (three light, deal 2: the red Elf is free)."""
    kw = {"started_at": may10("09:00"), "ruleset": only(85)}
    hue = {"IP-M85-NO-DOMINANT": "hue"}
    unrecorded = _clothes(("light", "light", "dark", "dark"), (None, None, None, None))
    assert card(prep(M85_HANDS, tbl=unrecorded, readings=hue, **kw), "Qc").state == "natural"
    called = _clothes(("light", "light", "light", "dark"), ("blue", "blue", "blue", "red"),
                      croupier={"clothing": "hard_to_tell"})
    assert card(prep(M85_HANDS, tbl=called, readings=hue, **kw), "Qc").state == "free"
    m78 = {"number": 2, "started_at": may10("14:00"), "ruleset": only(78)}
    assert card(prep({"S": "Jh - - - - - - - -"}, tbl=called, readings=hue, **m78), "Jh").state == "natural"
    uncalled = _clothes(("light", "light", "light", "dark"), ("blue", "red", "green", "grey"))
    assert card(prep({"S": "Jh - - - - - - - -"}, tbl=uncalled, readings=hue, **m78), "Jh").state == "free"
