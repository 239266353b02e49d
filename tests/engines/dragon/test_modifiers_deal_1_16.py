"""Conditional modifiers 1-16 (seed group "Раздача"), each firing and not firing.

Deals are dealt by North (deal 1), so every circle goes E (1st from the dealer), S (2nd),
W (3rd), N (the dealer); the default pattern is d d d o o o o o d (open circles 4-8). Hands
are given per player as nine cards in circle order ("-" = a filler no modifier reacts to).
"""

from __future__ import annotations

import datetime as dt

import pytest

from rules.engines.dragon.deal import Dealing
from rules.engines.dragon.facts import deal_facts
from rules.engines.dragon.game import DealRecord, GameHistory
from rules.engines.dragon.modifiers.common import m3_month
from rules.engines.dragon.modifiers.deal import m1_number, m10_victim_rank, m16_opposite
from rules.engines.dragon.modifiers.deal_1_12 import m10
from rules.engines.readings import resolve

from .helpers import ONLY_DEAL_GROUP, card, layout, prepared, table

T_1230_2000 = "2000-03-30T12:30:00"   # Thursday; Table 2: Dragons wild


# ---------------------------------------------------------------------------- M1, M2
def test_m01_seed_example_30_march_2000_is_the_third_player():
    """Modifier 1, the seed's example: 30+3+4+2000 = 2037 -> 12 -> 3."""
    assert m1_number(30, 3, 2000, 4, players=4) == 3
    assert m1_number(30, 3, 2000, 4, players=11) == 3


def test_m01_third_player_has_no_wild_cards():
    """Modifier 1: at 12:30 Dragons are wild (Table 2); W, third from the dealer N, keeps his Dragon
    unwild while E's Dragon stays wild."""
    s = prepared({"W": "Ac - - - - - - - -", "E": "Ad - - - - - - - -"}, started_at=T_1230_2000)
    assert card(s, "Ad").state == "wild"
    assert card(s, "Ac").state != "wild"
    assert any(e.source == "M1" and e.cards == (card(s, "Ac").card,) for e in s.trace)


def test_m01_near_miss_31_march_wraps_to_the_first_player():
    """Modifier 1: 31 March 2000 (Friday): 2039 -> 14 -> 5, above 4 players: wraps to E."""
    s = prepared({"W": "Ac - - - - - - - -", "E": "Ad - - - - - - - -"}, started_at="2000-03-31T12:30:00")
    assert card(s, "Ac").state == "wild"
    assert card(s, "Ad").state != "wild"


def test_ip_m1_count_no_effect_spares_everybody():
    """IP-M1-COUNT no_effect: with the number 5 above 4 players nobody loses wild cards."""
    s = prepared({"W": "Ac - - - - - - - -", "E": "Ad - - - - - - - -"}, started_at="2000-03-31T12:30:00",
                 readings={"IP-M1-COUNT": "no_effect"})
    assert card(s, "Ac").state == "wild" and card(s, "Ad").state == "wild"


def test_ip_m1_count_digital_root_is_wrap_at_a_table_of_up_to_8():
    """IP-M1-COUNT digital_root (the note's third reading: "always reduce to one digit"): the sum
    2035 gives 10 to a table of 10 under wrap and 1 under digital_root, but at the 2..8 players a
    Game has the two name the same player on every day of a year (the seed's "2037 -> 12 -> 3"
    included), and the seed example's deal is judged the same."""
    assert m1_number(1, 1, 2029, 4, players=10) == 10
    assert m1_number(1, 1, 2029, 4, players=10, digital_root=True) == 1
    assert m1_number(30, 3, 2000, 4, players=4, digital_root=True) == 3
    day = dt.date(2026, 1, 1)
    while day.year == 2026:
        for players in range(2, 9):
            args = (day.day, day.month, day.year, day.isoweekday())
            wrap, root = m1_number(*args, players=players), m1_number(*args, players=players, digital_root=True)
            assert (wrap - 1) % players == (root - 1) % players, (day, players)
        day += dt.timedelta(days=1)
    hands = {"W": "Ac - - - - - - - -", "E": "Ad - - - - - - - -"}
    s = prepared(hands, started_at=T_1230_2000, readings={"IP-M1-COUNT": "digital_root"})
    assert card(s, "Ad").state == "wild" and card(s, "Ac").state != "wild"


def test_ip_m1_unwild_readings():
    """IP-M1-UNWILD: the Dragon that Table 3 could not make home (month January after M3) comes back
    home under other_states_kept, and is natural under the reading natural."""
    s = prepared({"W": "Ac - - - - - - - -"}, started_at=T_1230_2000)
    assert card(s, "Ac").state == "home"
    s = prepared({"W": "Ac - - - - - - - -"}, started_at=T_1230_2000, readings={"IP-M1-UNWILD": "natural"})
    assert card(s, "Ac").state == "natural"


def test_m02_cancelled_wild_card_in_first_open_circle_annuls_m1():
    """Modifier 2: W (the M1 player) gets the As in the first open circle: M1 is annulled for all his cards."""
    s = prepared({"W": "Ac - - As - - - - -"}, started_at=T_1230_2000)
    assert card(s, "Ac").state == "wild" and card(s, "As").state == "wild"
    assert "M2" in [e.source for e in s.trace]


def test_m02_near_miss_second_open_circle():
    """Modifier 2: the As in the second open circle does not annul M1."""
    s = prepared({"W": "Ac - - - As - - - -"}, started_at=T_1230_2000)
    assert card(s, "Ac").state != "wild" and card(s, "As").state != "wild"


# ---------------------------------------------------------------------------- M3
@pytest.mark.parametrize(("players", "month"), [(3, 4), (6, 2), (5, 10), (7, 3), (4, 1), (2, 1), (8, 1)])
def test_m03_month_shift_by_players(players, month):
    """Modifier 3: March with 3 players -> April, 6 -> February, 5 -> October, 7 stays March."""
    assert m3_month(3, players) == month


def test_m03_three_players_play_april_home_cards():
    """Modifier 3: three players in March play Table 3's April: Tens are home, Sixes are not."""
    s = prepared({"E": "10c 6c - - - - - - -"}, tbl=table(("N", "E", "S")))
    assert card(s, "10c").state == "home" and card(s, "6c").state == "natural"
    assert any(e.source == "M3" for e in s.trace)


def test_m03_near_miss_seven_players_keep_march():
    """Modifier 3: seven players are no multiple of 2, 3 or 5: March's Sixes are home."""
    tbl = table(("N", "NE", "E", "SE", "S", "SW", "W"))
    s = prepared({"E": "10c 6c - - - - - - -"}, tbl=tbl)
    assert card(s, "6c").state == "home" and card(s, "10c").state == "natural"
    assert not any(e.source == "M3" for e in s.trace)


def test_ip_m3_both_and_invert_readings():
    """IP-M3-BOTH first_match_only: six players move March one forward only; IP-M3-INVERT opposite:
    five players turn March into September."""
    assert m3_month(3, 6, both="first_match_only") == 4
    assert m3_month(3, 5, invert="opposite") == 9
    tbl = table(("N", "NE", "E", "SE", "S", "SW"))
    s = prepared({"E": "10c 7c - - - - - - -"}, tbl=tbl, readings={"IP-M3-BOTH": "first_match_only"})
    assert card(s, "10c").state == "home"          # April: 2, 10, K
    s = prepared({"E": "10c 7c - - - - - - -"}, tbl=tbl)
    assert card(s, "7c").state == "home"           # February: 3, 5, 7, Q


# ---------------------------------------------------------------------------- M4
def test_m04_case_a_woman_deals_no_home_cards():
    """Modifier 4: a woman deals (N) and the second from her (S) is a man: no home cards.
    June with four players is April by M3 (home 2, 10, K)."""
    tbl = table(N={"sex": "f"})
    s = prepared({"E": "10c Kd - - - - - - -"}, tbl=tbl, started_at="2026-06-03T10:30:00+03:00")
    assert card(s, "10c").state == "natural" and card(s, "Kd").state == "natural"


def test_m04_case_b_second_woman_frees_home_giants():
    """Modifier 4, case B: the second from the dealer is a woman too: Tens stay home, Giants become free."""
    tbl = table(N={"sex": "f"}, S={"sex": "f"})
    s = prepared({"E": "10c Kd - - - - - - -"}, tbl=tbl, started_at="2026-06-03T10:30:00+03:00")
    assert card(s, "10c").state == "home" and card(s, "Kd").state == "free"


def test_m04_case_b_kills_giants_that_were_not_home():
    """Modifier 4, case B in effective March (home 6, 8, J): Elves lose home, Giants die."""
    tbl = table(N={"sex": "f"}, S={"sex": "f"})
    s = prepared({"E": "6c Kd Jc - - - - - -"}, tbl=tbl, started_at="2026-05-06T10:30:00+03:00")
    assert card(s, "6c").state == "home"
    assert card(s, "Jc").state == "natural"
    assert card(s, "Kd").state == "dead"


def test_m04_near_miss_male_dealer():
    """Modifier 4: a man deals: home cards stay."""
    tbl = table(E={"sex": "f"}, S={"sex": "f"})
    s = prepared({"E": "10c Kd - - - - - - -"}, tbl=tbl, started_at="2026-06-03T10:30:00+03:00")
    assert card(s, "10c").state == "home" and card(s, "Kd").state == "home"


# ---------------------------------------------------------------------------- pattern modifiers
def _pattern(hands, **kw):
    return prepared(hands, **kw).pattern


D, OP = "dark", "open"


def test_m05_dragon_first_face_up_deals_last_open_circle_dark():
    """Modifier 5: the first face-up card is a Dragon: circle 8 is dealt dark."""
    assert _pattern({"E": "- - - As - - - - -"}) == (D, D, D, OP, OP, OP, OP, D, D)


def test_m05_near_miss_dragon_not_first():
    """Modifier 5: a Dragon that is not the first face-up card changes nothing."""
    assert _pattern({"E": "- - - Ks - - - - -", "S": "- - - Ah - - - - -"}) == (D, D, D, OP, OP, OP, OP, OP, D)


def test_m06_opposite_threes_in_first_open_circle():
    """Modifier 6: 3h and 3s in the first open circle: d,d,d,o,o,d,o,o(,d)."""
    assert _pattern({"E": "- - - 3h - - - - -", "W": "- - - 3s - - - - -"}) == (D, D, D, OP, OP, D, OP, OP, D)


def test_m06_near_miss_threes_not_opposite_and_cancelled():
    """Modifier 6: 3h and 3d are not opposite suits; a Three in the second open circle cancels it."""
    assert _pattern({"E": "- - - 3h - - - - -", "W": "- - - 3d - - - - -"}) == (D, D, D, OP, OP, OP, OP, OP, D)
    hands = {"E": "- - - 3h - - - - -", "W": "- - - 3s - - - - -", "S": "- - - - 3c - - - -"}
    assert _pattern(hands) == (D, D, D, OP, OP, OP, OP, OP, D)


def test_m12_nine_of_diamonds_in_second_open_circle():
    """Modifier 12: the 9d in the second open circle: d,d,d,o,o,d,o,d,o."""
    assert _pattern({"S": "- - - - 9d - - - -"}) == (D, D, D, OP, OP, D, OP, D, OP)


def test_m12_near_miss_unicorn_of_clubs_voids_it():
    """Modifier 12: the Qc face up before the next open circle voids it; a 9d in circle 4 does nothing."""
    assert _pattern({"S": "- - - - 9d - - - -", "W": "- - - - Qc - - - -"}) == (D, D, D, OP, OP, OP, OP, OP, D)
    assert _pattern({"S": "- - - 9d - - - - -"}) == (D, D, D, OP, OP, OP, OP, OP, D)


def test_m12_over_m6_and_m5_last():
    """Modifiers 6, 12 and 5 together: M12's order prevails (base rule 11), then M5 darkens the last
    open circle (circle 9)."""
    hands = {"E": "- - - As - - - - -", "S": "- - - 3h 9d - - - -", "W": "- - - 3s - - - - -"}
    assert _pattern(hands) == (D, D, D, OP, OP, D, OP, D, D)


def test_step_api_reports_circles_as_they_come():
    """The step API: next_circle says open or dark before each circle, with M12 acting mid-deal."""
    tbl = table()
    rd = resolve({}, games=("dragon",))
    facts = deal_facts(tbl, 1, "2026-03-04T10:30:00+03:00")
    cards = layout(tbl, facts.dealer, {"S": "- - - - 9d - - - -"})
    dealing = Dealing(facts, rd)
    seen = []
    for i, token in enumerate(cards):
        if i % 4 == 0:
            circle = dealing.next_circle()
            seen.append(circle.kind)
            assert circle.recipients == ("E", "S", "W", "N")
        dealing.deal(token)
    assert seen == [D, D, D, OP, OP, D, OP, D, OP]
    assert dealing.next_circle() is None


# ---------------------------------------------------------------------------- M7 - M11
def test_m07_ten_in_first_open_circle_kills_sevens():
    """Modifier 7: E's 10d in the first open circle kills the dark 7c and 7s; S's 7h, dealt face up
    after it, lives."""
    s = prepared({"E": "- 7c - 10d - - - - -", "S": "- - - 7h - - - - 7s"})
    assert card(s, "7c").state == "dead" and card(s, "7s").state == "dead"
    assert card(s, "7h").state != "dead"


def test_m07_near_miss_second_ten_annuls():
    """Modifier 7: W's 10c face up in circle 6 annuls the 10d: no Seven dies."""
    s = prepared({"E": "- 7c - 10d - - - - -", "S": "- - - 7h - - - - 7s", "W": "- - - - - 10c - - -"})
    assert all(card(s, x).state != "dead" for x in ("7c", "7s", "7h"))


def test_ip_m7_second_toggle_lets_the_last_ten_act():
    """IP-M7-SECOND: two Tens in the first open circle annul each other (pair_cancels); under toggle
    the later one acts."""
    hands = {"E": "- 7c - 10d - - - - -", "S": "- - - 10c - - - - -"}
    assert card(prepared(hands), "7c").state != "dead"
    assert card(prepared(hands, readings={"IP-M7-SECOND": "toggle"}), "7c").state == "dead"


def test_m08_six_in_second_open_circle_kills_face_up_elves_before_it():
    """Modifier 8: S's 6d in the second open circle kills E's face-up Js; N's later Jh and E's dark
    Jc live."""
    s = prepared({"E": "Jc - - Js - - - - -", "S": "- - - - 6d - - - -", "N": "- - - - - Jh - - -"})
    assert card(s, "Js").state == "dead"
    assert card(s, "Jh").state != "dead" and card(s, "Jc").state != "dead"


def test_m08_near_miss_next_six_annuls():
    """Modifier 8: W's 6h right after S's 6d annuls it: the Js lives."""
    s = prepared({"E": "- - - Js - - - - -", "S": "- - - - 6d - - - -", "W": "- - - - 6h - - - -"})
    assert card(s, "Js").state != "dead"


def test_ip_m8_annul_annuller_acts():
    """IP-M8-ANNUL annuller_acts: the second Six kills the Elves dealt face up before it."""
    s = prepared({"E": "- - - Js - - - - -", "S": "- - - - 6d - - - -", "W": "- - - - 6h - - - -"},
                 readings={"IP-M8-ANNUL": "annuller_acts"})
    assert card(s, "Js").state == "dead"


def test_m09_last_face_up_unicorn_kills_face_up_fives():
    """Modifier 9: N's Qc is the last face-up card: E's face-up 5h dies; S, with a dark Unicorn, keeps 5s."""
    s = prepared({"E": "- - - - 5h - - - -", "S": "- - - - - - 5s - Qd", "N": "- - - - - - - Qc -"})
    assert card(s, "5h").state == "dead"
    assert card(s, "5s").state != "dead"


def test_m09_near_miss_giant_in_first_two_open_circles():
    """Modifier 9: a Giant face up in the second open circle protects every Five."""
    s = prepared({"E": "- - - - 5h - - - -", "W": "- - - - Kd - - - -", "N": "- - - - - - - Qc -"})
    assert card(s, "5h").state != "dead"


def test_m10_dead_black_honors_opposite_revive():
    """Modifier 10: M8 kills E's Jc and W's Js (E and W sit opposite): both revive, and the next
    players clockwise (S after E, N after W) lose their red Nines."""
    hands = {"E": "- - - Jc 6d - - - -", "W": "- - - Js - - - - -", "S": "- 9h - - - - - - -",
             "N": "- - 9d - - - - - -"}
    s = prepared(hands)
    assert card(s, "Jc").state != "dead" and card(s, "Js").state != "dead"
    assert card(s, "9h").state == "dead" and card(s, "9d").state == "dead"


def test_m10_near_miss_not_opposite():
    """Modifier 10: E and S do not sit opposite: the Elves stay dead and no Nine dies."""
    hands = {"E": "- - - Jc - - - - -", "S": "- 9h - Js - - - - -", "W": "- - - - 6d - - - -",
             "N": "- - 9d - - - - - -"}
    s = prepared(hands)
    assert card(s, "Jc").state == "dead" and card(s, "Js").state == "dead"
    assert card(s, "9h").state != "dead"


def test_m11_heart_fosk_to_second_hand_revives_face_up_m7_kills():
    """Modifier 11: S (second from the dealer) gets the 5h in the third open circle: the face-up 7d
    killed by M7 revives, the dark 7c killed by M7 stays dead."""
    hands = {"E": "- 7c - 7d - - - - -", "S": "- - - 10s - 5h - - -"}
    s = prepared(hands)
    assert card(s, "7d").state != "dead"
    assert card(s, "7c").state == "dead"


def test_m11_near_miss_dragon_of_spades_next_keeps_diamonds_dead():
    """Modifier 11: the As dealt face up right after the 5h keeps diamond and club cards dead."""
    hands = {"E": "- 7c - 7d - - - - -", "S": "- - - 10s - 5h - - -", "W": "- - - - - As - - -"}
    s = prepared(hands)
    assert card(s, "7d").state == "dead"


def test_ip_m1_layer_readings():
    """IP-M1-LAYER (modifier 1, "не имеет диких карт"): W is the M1 player; under in_order a higher
    modifier (15 here, granting through the deal's state after the modifiers ran) may still make one
    of his cards wild; under persistent none of his cards becomes wild in the deal, E's still may."""
    hands = {"W": "Ac 9c - - - - - - -", "E": "Ad 9d - - - - - - -"}
    s = prepared(hands, started_at=T_1230_2000)
    s.current = "M15"
    assert s.grant(card(s, "9c"), "wild")
    s = prepared(hands, started_at=T_1230_2000, readings={"IP-M1-LAYER": "persistent"})
    s.current = "M15"
    assert card(s, "Ac").state != "wild"
    assert not s.grant(card(s, "9c"), "wild") and s.grant(card(s, "9d"), "wild")


def test_ip_m1_layer_persistent_lifted_by_m2():
    """IP-M1-LAYER persistent with modifier 2: M1 annulled for W (his As in the first open circle) lifts
    the ban too: his cards are wild again and may be made wild."""
    s = prepared({"W": "Ac 9c - As - - - - -"}, started_at=T_1230_2000, readings={"IP-M1-LAYER": "persistent"})
    assert card(s, "Ac").state == "wild" and not s.bans
    s.current = "M15"
    assert s.grant(card(s, "9c"), "wild")


def test_ip_m16_opposite_readings():
    """IP-M16-OPPOSITE (modifier 16, "игрок, сидящий напротив"): with players at N, NE, E, S the seat
    opposite N is S; counted halfway round the four players it is E."""
    tbl = table(seats=("N", "NE", "E", "S"))
    s = prepared({}, tbl=tbl)
    assert m16_opposite(s, "N") == "S" and m16_opposite(s, "NE") is None
    s = prepared({}, tbl=tbl, readings={"IP-M16-OPPOSITE": "halfway_round_the_players"})
    assert m16_opposite(s, "N") == "E" and m16_opposite(s, "NE") == "S"


def test_ip_m10_multi_readings():
    """IP-M10-MULTI (modifier 10, "если есть две убитые черные онеры"): with a third dead black honor face
    up (N's Ac, killed here by hand before modifier 10 runs), every_opposite_pair still revives the
    E-W pair, exactly_two leaves all three dead; with just the two, exactly_two fires too."""
    hands = {"E": "- - - Jc 6d - - - -", "W": "- - - Js - - - - -", "S": "- 9h - - - - - - -",
             "N": "- - 9d Ac - - - - -"}
    for reading, alive in (("every_opposite_pair", True), ("exactly_two", False)):
        s = prepared(hands, disabled=ONLY_DEAL_GROUP | {10}, readings={"IP-M10-MULTI": reading})
        assert s.kill(card(s, "Ac"), "M8")
        s.current = "M10"
        m10(s)
        assert (card(s, "Jc").state != "dead") is alive and (card(s, "Js").state != "dead") is alive
        assert card(s, "Ac").state == "dead"
    s = prepared({k: v for k, v in hands.items() if k != "N"}, readings={"IP-M10-MULTI": "exactly_two"})
    assert card(s, "Jc").state != "dead" and card(s, "Js").state != "dead"


def test_ip_m10_lower_readings():
    """IP-M10-LOWER (modifier 10, "на 2 ниже"): a revived Elf kills the red Nines; with the card order
    inverted (base rule 19) lower_in_current_order counts towards the Dragon: the red Kings die."""
    s = prepared({})
    assert m10_victim_rank(s, 11) == 9
    s.card_order = "inverted"
    assert m10_victim_rank(s, 11) == 9
    s = prepared({}, readings={"IP-M10-LOWER": "lower_in_current_order"})
    assert m10_victim_rank(s, 11) == 9
    s.card_order = "inverted"
    assert m10_victim_rank(s, 11) == 13 and m10_victim_rank(s, 13) == 2


def test_ip_m4_duration_readings():
    """IP-M4-DURATION (modifier 4, "в игре нет домашних карт"): N, a woman, dealt deal 1; in deal 2 E, a man,
    deals: this_deal keeps Table 3's home 10c and Kd; rest_of_game takes their home status away."""
    tbl = table(N={"sex": "f"})
    rd = {"IP-M4-DURATION": "rest_of_game"}
    first = prepared({}, tbl=tbl, started_at="2026-06-03T10:30:00+03:00", readings=rd)
    assert first.carry["M4"] == 1
    history = GameHistory([DealRecord(number=1, winners=(), winning_hands=(), carry=dict(first.carry))])
    hands = {"S": "10c Kd - - - - - - -"}
    s = prepared(hands, tbl=tbl, number=2, started_at="2026-06-03T10:40:00+03:00", history=history)
    assert card(s, "10c").state == "home" and card(s, "Kd").state == "home"
    s = prepared(hands, tbl=tbl, number=2, started_at="2026-06-03T10:40:00+03:00", history=history, readings=rd)
    assert card(s, "10c").state == "natural" and card(s, "Kd").state == "natural"


def test_ip_m4_layer_readings():
    """IP-M4-LAYER (modifier 4): a woman deals; under in_order a later modifier (13 here, granting through
    the deal's state after the modifiers ran) may still make a card home; under persistent it may not,
    except in case B the foskas and Unicorns."""
    tbl = table(N={"sex": "f"})
    hands = {"E": "10c 9d - - - - - - -"}
    s = prepared(hands, tbl=tbl, started_at="2026-06-03T10:30:00+03:00")
    s.current = "M13"
    assert s.grant(card(s, "9d"), "home")
    s = prepared(hands, tbl=tbl, started_at="2026-06-03T10:30:00+03:00", readings={"IP-M4-LAYER": "persistent"})
    s.current = "M13"
    assert not s.grant(card(s, "9d"), "home") and card(s, "9d").state == "natural"
    tbl = table(N={"sex": "f"}, S={"sex": "f"})
    s = prepared(hands, tbl=tbl, started_at="2026-06-03T10:30:00+03:00", readings={"IP-M4-LAYER": "persistent"})
    s.current = "M13"
    assert s.grant(card(s, "9d"), "home")


def test_ip_m9_darkq_readings():
    """IP-M9-DARKQ (modifier 9, "Дама, пришедшая в любом темном круге, аннулирует этот модификатор для
    получившего ее игрока"): N's Qc is the last face-up card; E got a dark Unicorn in circle 1 (before it),
    S in circle 9 (after it). exempts_its_recipient spares E's and S's Fives; only_dark_after spares only
    S's; cancels_all_if_same_player spares nobody, unless N himself got a dark Unicorn."""
    hands = {"E": "Qh - - - 5h - - - -", "S": "- - - - - - 5s - Qd", "N": "- - - - - - - Qc -"}

    def dead(readings, hands=hands):
        # Modifier 26 would kill the 5s in one of these layouts: it is left out here.
        s = prepared(hands, readings={"IP-M9-DARKQ": readings}, disabled=ONLY_DEAL_GROUP | {26})
        return [card(s, c).state == "dead" for c in ("5h", "5s")]

    assert dead("exempts_its_recipient") == [False, False]
    assert dead("only_dark_after") == [True, False]
    assert dead("cancels_all_if_same_player") == [True, True]
    assert dead("cancels_all_if_same_player", {**hands, "N": "Qs - - - - - - Qc -"}) == [False, False]

