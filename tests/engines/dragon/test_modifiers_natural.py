"""Conditional modifiers 89-100 (seed group "Природные"), each firing and not firing, and the readings
of their interpretation points.

The deal group (1-33) and this group are played. Four players at N, E, S, W are numbered from North
(IP-PLAYER-NUMBER): N 1, E 2, S 3, W 4. Deal 1 is dealt by North (order E, S, W, N), deal 2 by East
(S, W, N, E). The moon's part (the seed's eight "quarters") comes from the date: in March 2026 the
4th is full (4), the 8th part 5, the 11th part 6, the 15th part 7, the 18th new (8), the 22nd part
1, the 29th part 3.
"""

from __future__ import annotations

import pytest

from rules.engines.cards import parse
from rules.engines.dragon.context import Player, Room, Table
from rules.engines.dragon.game import DealRecord, GameHistory, WinningHand
from rules.engines.dragon.judge import table_from_doc
from rules.engines.dragon.modifiers.natural import moon_of_deal, player_number
from rules.engines.errors import RulesError

from . import helpers
from .helpers import card

OTHER_GROUPS = frozenset(range(34, 89))


def prepared(hands, **kw):
    kw.setdefault("disabled", OTHER_GROUPS)
    return helpers.prepared(hands, **kw)


def sky(seats=("N", "E", "S", "W"), weather: str | None = "other", clothing: str = "dark", room: Room | None = None,
        croupier=None, **per_player) -> Table:
    players = [Player(id=s, seat=s, **{"clothing": clothing, **per_player.get(s, {})}) for s in seats]
    return Table(players=tuple(players), room=room or Room(), weather=weather, croupier=croupier or {})


# ---------------------------------------------------------------------------- M89
M89_TIME = "2026-03-11T14:00:00+03:00"
M89_HANDS = {"N": "Kc Kd - - - - - - -", "E": "Ks - - - - - - - -"}


def test_m89_sunny_kills_black_dark_honors_of_odd_players():
    """Modifier 89: "Если погода солнечная – у нечетных игроков убиваются черные онеры, пришедшие в темных
    кругах": N (player 1) loses his Kc; E (player 2) keeps his Ks, N his red Kd."""
    s = prepared(M89_HANDS, tbl=sky(weather="sunny"), started_at=M89_TIME)
    assert card(s, "Kc").state == "dead" and card(s, "Kc").killed_by == "M89"
    assert card(s, "Ks").state != "dead" and card(s, "Kd").state != "dead"


def test_m89_near_miss_overcast():
    """Modifier 89: under an overcast sky N's Kc lives."""
    s = prepared(M89_HANDS, tbl=sky(weather="overcast"), started_at=M89_TIME)
    assert card(s, "Kc").state != "dead"


def test_ip_m89_sunny_night_readings():
    """IP-M89-SUNNY-NIGHT: a 'sunny' day at 22:00, after sunset: no kill (sun_up), a kill under
    day_weather."""
    night = "2026-03-11T22:00:00+03:00"
    s = prepared(M89_HANDS, tbl=sky(weather="sunny"), started_at=night)
    assert card(s, "Kc").state != "dead"
    s = prepared(M89_HANDS, tbl=sky(weather="sunny"), started_at=night, readings={"IP-M89-SUNNY-NIGHT": "day_weather"})
    assert card(s, "Kc").state == "dead"


def test_ip_player_number_from_dealer_for_m89():
    """IP-PLAYER-NUMBER from_dealer: E is player 1 and N (the dealer) player 4: E's Ks dies, N's Kc lives."""
    s = prepared(M89_HANDS, tbl=sky(weather="sunny"), started_at=M89_TIME,
                 readings={"IP-PLAYER-NUMBER": "from_dealer"})
    assert player_number(s, "E") == 1 and player_number(s, "N") == 4
    assert card(s, "Ks").state == "dead" and card(s, "Kc").state != "dead"


def test_player_numbers_from_north_with_north_empty():
    """IP-PLAYER-NUMBER from_north: with nobody at North the first occupied seat clockwise is 1."""
    s = prepared({}, tbl=sky(("NE", "S", "W")), started_at=M89_TIME)
    assert [player_number(s, p) for p in ("NE", "S", "W")] == [1, 2, 3]


# ---------------------------------------------------------------------------- M90
def test_m90_overcast_kills_red_honors_of_even_players_in_second_and_third_open_circles():
    """Modifier 90: "Если погода пасмурная – у четных игроков убиваются красные онеры во втором и третьем
    открытом круге": E's Kd (second open circle) dies, his Qh of the first open circle lives."""
    s = prepared({"E": "- - - Qh Kd - - - -"}, tbl=sky(weather="overcast"), started_at=M89_TIME)
    assert card(s, "Kd").state == "dead" and card(s, "Qh").state != "dead"


def test_m89_m90_weather_not_recorded_kills_nothing():
    """Modifiers 89 and 90 read the weather; a club that does not record it must not get the
    overcast kills of 90 in every deal: an omitted weather is "not recorded" and fires neither."""
    s = prepared({"E": "- - - Qh Kd - - - -"}, tbl=sky(weather=None), started_at=M89_TIME)
    assert card(s, "Kd").state != "dead"
    s = prepared(M89_HANDS, tbl=sky(weather=None), started_at=M89_TIME)
    assert not any(c.state == "dead" for c in s.cards if c.honor)
    players = [{"id": "a", "seat": "N"}, {"id": "b", "seat": "S"}]
    assert table_from_doc({"players": players}).weather is None
    assert table_from_doc({"players": players, "weather": "overcast"}).weather == "overcast"
    with pytest.raises(RulesError, match="'foggy'"):
        table_from_doc({"players": players, "weather": "foggy"})


def test_m90_near_miss_odd_player():
    """Modifier 90: S is player 3 (odd): his Ah of the second open circle lives."""
    s = prepared({"S": "- - - - Ah - - - -"}, tbl=sky(weather="overcast"), started_at=M89_TIME)
    assert card(s, "Ah").state != "dead"


# ---------------------------------------------------------------------------- M91
M91_TIME = "2026-03-11T15:30:00+03:00"
M91_HANDS = {"E": "- - - - 2c - - - -", "S": "- - - - 2h - - - -", "W": "- - - - - 2d - - -"}


def test_m91_alcohol_makes_second_open_circle_twos_wild():
    """Modifier 91: "Если игроки во время партии употребляют алкогольные напитки, то Двойки, пришедшие во
    втором открытом круге, становятся дикими": E's 2c and S's 2h; W's 2d of the third open circle stays."""
    s = prepared(M91_HANDS, tbl=sky(N={"drink": "alcohol"}), started_at=M91_TIME)
    assert card(s, "2c").state == "wild" and card(s, "2h").state == "wild"
    assert card(s, "2d").state == "natural"


def test_m91_near_miss_soft_drinks():
    """Modifier 91: soft drinks are not alcohol: the Twos stay natural."""
    s = prepared(M91_HANDS, tbl=sky(N={"drink": "soft"}), started_at=M91_TIME)
    assert card(s, "2c").state == "natural"


def test_ip_m91_who_readings():
    """IP-M91-WHO: one drinker is enough by default; not under all_players; under majority three of four
    are enough and two are not."""
    one = sky(N={"drink": "alcohol"})
    s = prepared(M91_HANDS, tbl=one, started_at=M91_TIME, readings={"IP-M91-WHO": "all_players"})
    assert card(s, "2c").state == "natural"
    three = sky(N={"drink": "alcohol"}, E={"drink": "alcohol"}, S={"drink": "alcohol"})
    two = sky(N={"drink": "alcohol"}, E={"drink": "alcohol"})
    s = prepared(M91_HANDS, tbl=three, started_at=M91_TIME, readings={"IP-M91-WHO": "majority"})
    assert card(s, "2c").state == "wild"
    s = prepared(M91_HANDS, tbl=two, started_at=M91_TIME, readings={"IP-M91-WHO": "majority"})
    assert card(s, "2c").state == "natural"


def test_m91_dead_two_stays_dead_and_ip_m78_dead_revive():
    """Modifier 91 with IP-M78-DEAD: at 14:20 in deal 2 the Twos are dead (Table 2): a dead Two stays dead
    by default, and is revived wild under the reading revive."""
    tbl = sky(N={"drink": "alcohol"})
    hands = {"S": "- - - - 2h - - - -"}
    s = prepared(hands, tbl=tbl, number=2, started_at="2026-03-11T14:20:00+03:00")
    assert card(s, "2h").state == "dead"
    s = prepared(hands, tbl=tbl, number=2, started_at="2026-03-11T14:20:00+03:00",
                 readings={"IP-M78-DEAD": "revive"})
    assert card(s, "2h").state == "wild"


# ---------------------------------------------------------------------------- M92 (moon part 1)
PART1_1530 = "2026-03-22T15:30:00+03:00"      # Table 2 kills the Threes in deal 2
PART3_1530 = "2026-03-29T15:30:00+03:00"
M92_HANDS = {"E": "3c 3h - - - - - - -", "N": "3s - - - - - - - -"}


def test_m92_young_crescent_spares_black_low_foskas_of_even_players():
    """Modifier 92: in the moon's first quarter (young crescent) "для четных игроков отменяются
    модификаторы, убивающие черные Тройки, Четверки, Пятерки, связанные с природными факторами": E's 3c
    lives, N's 3s (odd player) and E's 3h (red) die by Table 2."""
    s = prepared(M92_HANDS, tbl=sky(), number=2, started_at=PART1_1530)
    assert moon_of_deal(s) == 1
    assert card(s, "3c").state != "dead"
    assert card(s, "3s").state == "dead" and card(s, "3h").state == "dead"


def test_m92_near_miss_other_phase():
    """Modifier 92: in part 3 (before the full moon) E's 3c dies."""
    s = prepared(M92_HANDS, tbl=sky(), number=2, started_at=PART3_1530)
    assert card(s, "3c").state == "dead"


def test_ip_m92_moon_phase_starting_eighths():
    """IP-M92-MOON-PHASE: 21 March 2026 is the young crescent when each part is centred on its named
    phase (the default), still the new moon when each part starts at its own phase."""
    at = "2026-03-21T15:30:00+03:00"
    s = prepared(M92_HANDS, tbl=sky(), number=2, started_at=at)
    assert moon_of_deal(s) == 1 and card(s, "3c").state != "dead"
    s = prepared(M92_HANDS, tbl=sky(), number=2, started_at=at, readings={"IP-M92-MOON-PHASE": "starting_eighths"})
    assert moon_of_deal(s) == 8 and card(s, "3c").state == "dead"


def test_ip_m92_moon_moment_game_start():
    """IP-M92-MOON-MOMENT: deal 1 keeps the day of the Game; under game_start deal 2, played on a day of
    part 3, still reads deal 1's young crescent."""
    first = prepared({}, tbl=sky(), started_at="2026-03-22T23:00:00+03:00")
    h = GameHistory([DealRecord(number=1, winners=(), winning_hands=(), carry=dict(first.carry))])
    s = prepared(M92_HANDS, tbl=sky(), number=2, started_at=PART3_1530, history=h)
    assert card(s, "3c").state == "dead"
    s = prepared(M92_HANDS, tbl=sky(), number=2, started_at=PART3_1530, history=h,
                 readings={"IP-M92-MOON-MOMENT": "game_start"})
    assert moon_of_deal(s) == 1 and card(s, "3c").state != "dead"


def test_ip_m92_natural_kills_modifiers_only():
    """IP-M92-NATURAL-KILLS modifiers_only: Table 2's kill is not a modifier's: E's 3c dies."""
    s = prepared(M92_HANDS, tbl=sky(), number=2, started_at=PART1_1530,
                 readings={"IP-M92-NATURAL-KILLS": "modifiers_only"})
    assert card(s, "3c").state == "dead"


def test_ip_m92_cancel_scope_whole_modifier():
    """IP-M92-CANCEL-SCOPE whole_modifier: Table 2 killed E's listed 3c, so its kill is void for E: his 3h
    lives too; N's 3s still dies."""
    s = prepared(M92_HANDS, tbl=sky(), number=2, started_at=PART1_1530,
                 readings={"IP-M92-CANCEL-SCOPE": "whole_modifier"})
    assert card(s, "3c").state != "dead" and card(s, "3h").state != "dead"
    assert card(s, "3s").state == "dead"


# ---------------------------------------------------------------------------- M93, M94 (parts 2 and 3)
def test_m93_young_half_frees_heart_giants_and_elves_on_cardinal_seats():
    """Modifier 93: in the second quarter (young half) "для игроков сидящих на Севере, Востоке, Юге и
    Западе объявляются свободными червовые Великаны и Эльфы": N's Kh is free, NE's Jh is not."""
    s = prepared({"N": "Kh - - - - - - - -", "NE": "Jh - - - - - - - -"}, tbl=sky(("N", "NE", "S", "W")),
                 started_at="2026-04-24T15:30:00+03:00")
    assert moon_of_deal(s) == 2
    assert card(s, "Kh").state == "free" and card(s, "Jh").state == "natural"


def test_m93_near_miss_dead_cards_do_not_change():
    """Modifier 93: "Убитые карты изменениям не подлежат": N's Jh, dead at 10:20 in deal 2, stays dead."""
    s = prepared({"N": "Jh - - - - - - - -"}, tbl=sky(("N", "NE", "S", "W")), number=2,
                 started_at="2026-04-24T10:20:00+03:00")
    assert card(s, "Jh").state == "dead"


def test_m94_quarter_before_full_makes_low_spades_home_off_cardinal_seats():
    """Modifier 94: in the third quarter "для игроков сидящих не на Севере, Востоке, Юге и Западе
    объявляются домашними пиковые Двойка, Тройка, Четверка": SE's 2s is home, S's 4s is not."""
    s = prepared({"SE": "2s - - - - - - - -", "S": "4s - - - - - - - -"}, tbl=sky(("N", "SE", "S", "W")),
                 started_at="2026-04-28T10:20:00+03:00")
    assert moon_of_deal(s) == 3
    assert card(s, "2s").state == "home" and card(s, "4s").state == "natural"


def test_m94_near_miss_other_phase():
    """Modifier 94: in part 2 SE's 2s stays natural."""
    s = prepared({"SE": "2s - - - - - - - -"}, tbl=sky(("N", "SE", "S", "W")), started_at="2026-04-24T10:20:00+03:00")
    assert card(s, "2s").state == "natural"


# ---------------------------------------------------------------------------- M95, M99 (revivals)
FULL_MOON = "2026-03-04T15:30:00+03:00"
NE_SEATS = ("N", "NE", "S", "W")          # deal 1 order: NE, S, W, N


def test_m95_full_moon_revives_diamond_foskas():
    """Modifier 95: at the full moon "для игроков сидящих не на Севере, Северо-востоке и Северо-западе
    оживляются бубновые фоски": NE's 10c in the first open circle kills the Sevens (modifier 7); S's 7d
    lives again, his 7c does not."""
    s = prepared({"NE": "- - - 10c - - - - -", "S": "7d 7c - - - - - - -"}, tbl=sky(NE_SEATS), started_at=FULL_MOON)
    assert card(s, "7c").state == "dead" and card(s, "7c").killed_by == "M7"
    assert card(s, "7d").state != "dead"


def test_m95_near_miss_north_east_seat():
    """Modifier 95: the player at NE is left out: his 7d stays dead."""
    s = prepared({"NE": "7d - - 10c - - - - -"}, tbl=sky(NE_SEATS), started_at=FULL_MOON)
    assert card(s, "7d").state == "dead"


DEC_FULL_0920 = "2026-12-24T09:20:00+03:00"     # full moon; Table 2 kills the Tens; October's home 4, 6, 10, A


def test_ip_m95_revived_state_readings():
    """IP-M95-REVIVED-STATE: S's 10d, dead by Table 2, revives home (the Ten is a home rank of the month
    that could not reach the dead card) under undead_only, natural under natural."""
    hands = {"S": "10d - - - - - - - -"}
    s = prepared(hands, tbl=sky(NE_SEATS), number=2, started_at=DEC_FULL_0920)
    assert card(s, "10d").state == "home"
    s = prepared(hands, tbl=sky(NE_SEATS), number=2, started_at=DEC_FULL_0920,
                 readings={"IP-M95-REVIVED-STATE": "natural"})
    assert card(s, "10d").state == "natural"


def test_m95_with_ip_revive_rule_kills_modifier_kills_only():
    """Modifier 95 with IP-REVIVE-RULE-KILLS modifier_kills_only: Table 2's kill stands."""
    s = prepared({"S": "10d - - - - - - - -"}, tbl=sky(NE_SEATS), number=2, started_at=DEC_FULL_0920,
                 readings={"IP-REVIVE-RULE-KILLS": "modifier_kills_only"})
    assert card(s, "10d").state == "dead"


NEW_MOON = "2026-03-18T15:30:00+03:00"


def test_m99_new_moon_revives_heart_honors():
    """Modifier 99: at the new moon "для игроков сидящих не на Юге, Юго-востоке и Юго-западе оживляются
    червовые онеры": under an overcast sky modifier 90 kills E's Qh and Qd; the Qh lives again."""
    s = prepared({"E": "- - - - Qh Qd - - -"}, tbl=sky(weather="overcast"), started_at=NEW_MOON)
    assert moon_of_deal(s) == 8
    assert card(s, "Qh").state != "dead" and card(s, "Qd").state == "dead"


def test_m99_near_miss_southern_seat():
    """Modifier 99: S, SE and SW are left out: S's Kh, dead by base rule 21, stays dead; N's revives."""
    quad = parse("Kh Kd Kc Ks As")
    hand = WinningHand("N", 29, quad, tuple((c.rank, c.suit) for c in quad), ("natural",) * 5)
    h = GameHistory([DealRecord(number=1, winners=("N",), winning_hands=(hand,))])
    s = prepared({"S": "Kh - - - - - - - -", "N": "Kd - - - - - - - -"}, tbl=sky(), number=2, started_at=NEW_MOON,
                 history=h)
    assert card(s, "Kh").state == "dead"
    s = prepared({"N": "Kh - - - - - - - -"}, tbl=sky(), number=2, started_at=NEW_MOON, history=h)
    assert card(s, "Kh").state != "dead"


# ---------------------------------------------------------------------------- M96 - M98 (spared kills)
def test_m96_quarter_after_full_spares_red_middle_foskas_of_odd_players():
    """Modifier 96: in the fifth quarter "для нечетных игроков отменяются модификаторы, убивающие красные
    Шестерки, Семерки, Восьмерки ...": at 18:30 Table 2 kills the Sixes; N's 6h lives, his 6c dies."""
    s = prepared({"N": "6h 6c - - - - - - -"}, tbl=sky(), number=2, started_at="2026-03-08T18:30:00+03:00")
    assert moon_of_deal(s) == 5
    assert card(s, "6h").state != "dead" and card(s, "6c").state == "dead"


def test_m96_near_miss_even_player():
    """Modifier 96: E is player 2: his 6d dies."""
    s = prepared({"E": "6d - - - - - - - -"}, tbl=sky(), number=2, started_at="2026-03-08T18:30:00+03:00")
    assert card(s, "6d").state == "dead"


THREE = ("N", "S", "W")                   # N 1, S 2, W 3; deal 1 order S, W, N


def test_m97_old_half_spares_club_elf_of_western_player_from_the_sun():
    """Modifier 97: in the sixth quarter "для игроков сидящих на Северо-западе, Западе и Юго-западе
    отменяются модификаторы, убивающие крестовые и бубновые Девятки, Десятки, Эльфы ...": on a sunny day
    modifier 89 would kill W's dark Jc (W is player 3); it lives, his Kc dies."""
    s = prepared({"W": "Jc Kc - - - - - - -"}, tbl=sky(THREE, weather="sunny"), started_at=M89_TIME)
    assert moon_of_deal(s) == 6
    assert card(s, "Jc").state != "dead" and card(s, "Kc").state == "dead"
    # IP-M92-CANCEL-SCOPE listed_cards: the Jc is protected from the start, so modifier 89's kill of it
    # is stopped at its turn and nothing needs cancelling or a rerun.
    stopped = [e for e in s.trace if e.change == "kill stopped"]
    assert [(e.source, str(e.cards[0])) for e in stopped] == [("M97", "Jc")] and "M89" in stopped[0].text
    assert 89 not in s.cancelled


def test_m97_near_miss_other_phase():
    """Modifier 97: in part 5 (8 March) W's Jc dies."""
    s = prepared({"W": "Jc Kc - - - - - - -"}, tbl=sky(THREE, weather="sunny"), started_at="2026-03-08T14:00:00+03:00")
    assert card(s, "Jc").state == "dead"


def test_ip_m92_cancel_scope_whole_modifier_for_m97():
    """IP-M92-CANCEL-SCOPE whole_modifier: modifier 89 is void for W: his Kc lives too."""
    s = prepared({"W": "Jc Kc - - - - - - -"}, tbl=sky(THREE, weather="sunny"), started_at=M89_TIME,
                 readings={"IP-M92-CANCEL-SCOPE": "whole_modifier"})
    assert card(s, "Jc").state != "dead" and card(s, "Kc").state != "dead"


def test_m98_old_crescent_spares_heart_giant_of_eastern_player_from_the_clouds():
    """Modifier 98: in the seventh quarter "для игроков сидящих на Северо-востоке, Востоке и Юго-востоке
    отменяются модификаторы, убивающие червовые и пиковые Единороги, Великаны и Драконы ...": overcast,
    modifier 90 would kill E's Kh of the second open circle; it lives, his Kd of the third dies."""
    s = prepared({"E": "- - - - Kh Kd - - -"}, tbl=sky(weather="overcast"), started_at="2026-03-15T15:30:00+03:00")
    assert moon_of_deal(s) == 7
    assert card(s, "Kh").state != "dead" and card(s, "Kd").state == "dead"


def test_m98_near_miss_other_phase():
    """Modifier 98: in part 6 (11 March) E's Kh dies."""
    s = prepared({"E": "- - - - Kh Kd - - -"}, tbl=sky(weather="overcast"), started_at="2026-03-11T15:30:00+03:00")
    assert card(s, "Kh").state == "dead"


# ---------------------------------------------------------------------------- M100
APR_1000 = "2026-04-08T10:00:00+03:00"       # February's home ranks: no Giant is home


def test_m100_light_clothing_frees_red_giants_in_the_first_deal_by_day():
    """Modifier 100: "Если у игроков доминируют светлые тона в одежде, первая партия Игры, если она
    проходит в светлое время суток (до захода Солнца), играется со свободными красными Королями"
    (IP-M100-KINGS giants): E's Kh and S's Kd are free, W's Kc is not."""
    s = prepared({"E": "Kh - - - - - - - -", "S": "Kd - - - - - - - -", "W": "Kc - - - - - - - -"},
                 tbl=sky(clothing="light"), started_at=APR_1000)
    assert card(s, "Kh").state == "free" and card(s, "Kd").state == "free"
    assert card(s, "Kc").state == "natural"


@pytest.mark.parametrize(("what", "kw"), [
    ("after sunset", dict(started_at="2026-04-08T21:00:00+03:00")),
    ("second deal", dict(number=2)),
    ("dark clothing", dict(tbl=sky(clothing="dark"))),
    ("croupier: hard to tell", dict(tbl=sky(clothing="light", croupier={"clothing": "hard_to_tell"}))),
])
def test_m100_near_misses(what, kw):
    """Modifier 100 acts only in the first deal, by day, when light tones dominate."""
    args = {"tbl": sky(clothing="light"), "started_at": APR_1000, **kw}
    s = prepared({"E": "Kh - - - - - - - -"}, **args)
    assert card(s, "Kh").state == "natural", what


def test_ip_m100_kings_void():
    """IP-M100-KINGS void: the deck has no Kings: the red Giants stay natural."""
    s = prepared({"E": "Kh - - - - - - - -"}, tbl=sky(clothing="light"), started_at=APR_1000,
                 readings={"IP-M100-KINGS": "void"})
    assert card(s, "Kh").state == "natural"


def test_moon_readings_are_checked():
    """An unknown reading of a moon point is an error naming it."""
    with pytest.raises(RulesError, match="IP-M92-MOON-PHASE"):
        prepared({}, tbl=sky(), started_at=APR_1000, readings={"IP-M92-MOON-PHASE": "by_the_calendar"})


def test_m92_annuls_table_2_kill_without_a_rule22_slot():
    """Modifier 92 with IP-M76-RULE22 not_counted: Table 2's kill of E's 3c is annulled ("отменяются
    модификаторы, убивающие ...") before modifier 1 acts: the card is as if never killed, and neither
    the annulment nor the protection takes one of its three slots (base rule 22)."""
    s = prepared(M92_HANDS, tbl=sky(), number=2, started_at=PART1_1530)
    c = card(s, "3c")
    assert c.state != "dead" and 92 not in c.mods and c.killed_by is None
    annulled = [e for e in s.trace if e.change == "kill annulled"]
    assert [(e.source, str(e.cards[0])) for e in annulled] == [("M92", "3c")]
    assert not s.cancelled
