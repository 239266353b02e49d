"""The alternative readings of modifiers 1-33's interpretation points, each shown to change the
judgement against the default (the default is shown by the modifier's own tests)."""

from __future__ import annotations

import pytest

from rules.engines.errors import RulesError

from .helpers import card, claim, prepared, table


def test_ip_m4_second_counterclockwise():
    """IP-M4-SECOND counterclockwise (modifier 4): the second seat counterclockwise from N is S too
    with four players, but W is not: with N and W women, case B (free Giants) holds only read that way."""
    tbl = table(N={"sex": "f"}, E={"sex": "f"})
    hands = {"E": "10c Kd - - - - - - -"}
    when = "2026-06-03T10:30:00"
    assert card(prepared(hands, tbl=tbl, started_at=when), "Kd").state == "natural"
    tbl = table(("N", "E", "S", "W", "NW"), N={"sex": "f"}, W={"sex": "f"})
    s = prepared(hands, tbl=tbl, started_at="2026-09-02T10:30:00", readings={"IP-M4-SECOND": "counterclockwise"})
    assert card(s, "Kd").state == "free"                # five players, September inverted: April (K home)


def test_ip_m4_caseb_others_no():
    """IP-M4-CASEB-OTHERS no (modifier 4): in case B the home Elves keep their status."""
    tbl = table(N={"sex": "f"}, S={"sex": "f"})
    hands = {"E": "6c Kd Jc - - - - - -"}
    s = prepared(hands, tbl=tbl, started_at="2026-05-06T10:30:00", readings={"IP-M4-CASEB-OTHERS": "no"})
    assert card(s, "Jc").state == "home"


def test_ip_m6_pair_exactly_two_threes():
    """IP-M6-PAIR exactly_two_threes (modifier 6): three Threes in the first open circle do not fire it."""
    hands = {"E": "- - - 3h - - - - -", "S": "- - - 3c - - - - -", "W": "- - - 3s - - - - -"}
    assert prepared(hands).pattern[5] == "dark"
    assert prepared(hands, readings={"IP-M6-PAIR": "exactly_two_threes"}).pattern[5] == "open"


def test_ip_m12_window_after_9d_only():
    """IP-M12-WINDOW after_9d_only (modifier 12): a Qc shown before the 9d no longer voids it."""
    hands = {"E": "- - - Qc - - - - -", "S": "- - - - 9d - - - -"}
    assert prepared(hands).pattern[5] == "open"
    assert prepared(hands, readings={"IP-M12-WINDOW": "after_9d_only"}).pattern[5] == "dark"


def test_ip_m7_scope_readings():
    """IP-M7-SCOPE (modifier 7): already_dealt_only spares the dark 7s of circle 9; ten_holder_only
    spares the other players' Sevens."""
    hands = {"E": "- 7c - 10d - - - - -", "S": "- - - - - - - - 7s"}
    s = prepared(hands, readings={"IP-M7-SCOPE": "already_dealt_only"})
    assert card(s, "7c").state == "dead" and card(s, "7s").state != "dead"
    s = prepared(hands, readings={"IP-M7-SCOPE": "ten_holder_only"})
    assert card(s, "7c").state == "dead" and card(s, "7s").state != "dead"
    s = prepared({"E": "- - - 10d - - - - -", "S": "- 7c - - - - - - -"}, readings={"IP-M7-SCOPE": "ten_holder_only"})
    assert card(s, "7c").state != "dead"


def test_ip_m8_scope_six_holder_only():
    """IP-M8-SCOPE six_holder_only (modifier 8): S's Six spares E's Elf."""
    s = prepared({"E": "- - - Js - - - - -", "S": "- - - - 6d - - - -"}, readings={"IP-M8-SCOPE": "six_holder_only"})
    assert card(s, "Js").state != "dead"


M10_HANDS = {"E": "- - - Jc 6d - - - -", "W": "- - - Js - - - - -", "S": "- 9h - - - - - - -",
             "N": "- - 9d - - - - - -"}


def test_ip_m10_red_face_up_only():
    """IP-M10-RED face_up_only (modifier 10): the next players' dark red Nines survive."""
    s = prepared(M10_HANDS, readings={"IP-M10-RED": "face_up_only"})
    assert card(s, "9h").state != "dead" and card(s, "9d").state != "dead"


def test_ip_m10_revived_state_without_the_kill():
    """IP-M10-REVIVED (modifiers 10, 11, 22): a revived Elf that was home (in an effective March)
    comes back natural by default and home under state_without_the_kill."""
    when = "2026-05-06T10:30:00"
    assert card(prepared(M10_HANDS, started_at=when), "Jc").state == "natural"
    s = prepared(M10_HANDS, started_at=when, readings={"IP-M10-REVIVED": "state_without_the_kill"})
    assert card(s, "Jc").state == "home"


def test_ip_m13_nextto_and_darkscope():
    """IP-M13-NEXTTO anywhere_in_same_circle (modifier 13): the Jc two places away still counts;
    IP-M13-DARKSCOPE all_black_QK frees a face-up black Giant too."""
    when = "2026-05-06T14:30:00"
    hands = {"S": "- - - - - - - 10s -", "N": "Kc - - - - - - Jc -", "E": "- - - Ks - - - - 4d"}
    assert card(prepared(hands, number=2, started_at=when), "4d").state == "natural"
    s = prepared(hands, number=2, started_at=when, readings={"IP-M13-NEXTTO": "anywhere_in_same_circle"})
    assert card(s, "4d").state == "dead" and card(s, "Ks").state == "natural"
    s = prepared(hands, number=2, started_at=when, readings={"IP-M13-NEXTTO": "anywhere_in_same_circle",
                                                              "IP-M13-DARKSCOPE": "all_black_QK"})
    assert card(s, "Ks").state == "free"


def test_ip_m14_count_exactly_three():
    """IP-M14-COUNT exactly_three (modifier 14): four dead face-up cards give no right."""
    hands = {"N": "9h 5d - Ad Ac Ah As - -"}
    kw = {"number": 2, "started_at": "2026-03-04T13:30:00", "claims": [claim("N", "M14", cards=["9h"])]}
    assert card(prepared(hands, **kw), "9h").suit == "s"
    with pytest.raises(RulesError, match="M14"):
        prepared(hands, readings={"IP-M14-COUNT": "exactly_three"}, **kw)


M15_TIME = "2026-05-06T15:30:00"


def test_ip_m15_tie_first_dealt():
    """IP-M15-TIE first_dealt (modifier 15): 2c dealt before 2h: clubs and diamonds Dragons instead of
    hearts and spades (deal 1: inverted suit order makes clubs lower than hearts... the default picks
    the lower suit in force, hearts)."""
    open_ = {"E": "Ah - - 2c 9c 8c 7c 5c -", "S": "- - - 2h 8h 7h 5h 5d -", "W": "- As Ac 9s 8s 7s 5s Jc -",
             "N": "- - Ad Jd 8d 7d Js Kc -"}
    s = prepared(open_, started_at=M15_TIME)
    assert card(s, "Ah").state == "wild" and card(s, "Ac").state == "natural"
    s = prepared(open_, started_at=M15_TIME, readings={"IP-M15-TIE": "first_dealt"})
    assert card(s, "Ac").state == "wild" and card(s, "Ah").state == "natural"


def test_ip_m15_lowest_current_order():
    """IP-M15-LOWEST current_order (modifier 15): in deal 4 (card order inverted, base rule 19) the
    lowest face-up card is the Dragon of diamonds: the Dragons of diamonds and clubs are wild."""
    open_ = {"E": "Ah - - 2h 9c 8c 7c 5c -", "S": "- - - 9h 8h 7h 5h Ad -", "W": "- As Ac 9s 8s 7s 5s Jc -",
             "N": "- - - Jd 8d 7d Js Kc -"}
    kw = {"number": 4, "started_at": "2026-05-08T15:30:00"}
    s = prepared(open_, **kw)
    assert card(s, "Ah").state == "wild" and card(s, "Ac").state == "natural"
    s = prepared(open_, readings={"IP-M15-LOWEST": "current_order"}, **kw)
    assert card(s, "Ac").state == "wild" and card(s, "Ah").state == "natural"


def test_ip_m16_his_ah_recipient():
    """IP-M16-HIS ah_recipient (modifier 16): the Ah holder's own last face-up card must be dead."""
    hands = {"W": "- - - - - - - Ah -", "E": "- 5h - - - - 5s Jd -"}
    s = prepared(hands, number=2, readings={"IP-M16-HIS": "ah_recipient"})
    assert card(s, "5h").state == "natural"


def test_ip_m17_m18_suit_readings():
    """IP-M17-SUIT / IP-M18-SUIT (modifiers 17, 18): any Two and any Eight with the As oblige too."""
    hands = {"E": "2c 8d As 3d 10h - - - -"}
    when = "2026-07-01T10:30:00"
    assert card(prepared(hands, started_at=when), "8d").rank == 8
    s = prepared(hands, started_at=when, readings={"IP-M17-SUIT": "any_two_any_eight_plus_as"})
    assert card(s, "8d").rank == 6                      # no choice declared: the first red card
    hands = {"E": "5c 9h Kd 9c 8h - - - -"}
    assert card(prepared(hands), "9c").rank == 9
    s = prepared(hands, readings={"IP-M18-SUIT": "any_five_any_nine_plus_kd"})
    assert card(s, "5c").rank == 8                      # no choice declared: the first heart or club card


def test_ip_m24_even_open_circle():
    """IP-M24-EVEN even_open_circle (modifier 24): a Six in circle 2 (dark) no longer counts; one in
    circle 5 (the second open circle) does."""
    assert card(prepared({"S": "- 6c - - - - Kd - -"}, readings={"IP-M24-EVEN": "even_open_circle"}),
                "6c").state == "natural"
    s = prepared({"S": "- - 6c - 6h - Kd - -"}, readings={"IP-M24-EVEN": "even_open_circle"})
    assert card(s, "6c").state == "wild"


def test_ip_m25_eight_all_his_eights():
    """IP-M25-EIGHT all_his_eights (modifier 25): his dark Eight is wild too."""
    when = "2026-02-04T10:30:00"
    hands = {"E": "8c - - 5c - - - 8d -"}
    assert card(prepared(hands, started_at=when), "8c").state == "natural"
    assert card(prepared(hands, started_at=when, readings={"IP-M25-EIGHT": "all_his_eights"}), "8c").state == "wild"


def test_ip_m26_next_who_same_player():
    """IP-M26-NEXT-WHO same_player (modifier 26): W's Kh no longer helps S's 8s."""
    when = "2026-02-04T10:30:00"
    s = prepared({"S": "- - - - 8s - - - -", "W": "- - - - - Kh - - -"}, started_at=when,
                 readings={"IP-M26-NEXT-WHO": "same_player"})
    assert card(s, "8s").state == "natural"


def test_ip_m27_first_circle_first_open():
    """IP-M27-FIRST-CIRCLE first_open (modifier 27): the hearts honors of circle 4 turn, circle 1's not."""
    five = table(("N", "E", "S", "W", "NW"))
    hands = {"E": "Ah - - Qh - - - - -", "W": "- - - - - 9c - - -"}
    s = prepared(hands, tbl=five, started_at="2026-09-02T13:20:00", readings={"IP-M27-FIRST-CIRCLE": "first_open"})
    assert card(s, "Ah").rank == 14 and card(s, "Qh").rank == 4


def test_ip_m29_count_at_least_two():
    """IP-M29-COUNT at_least_two (modifier 29): one free club honor is not enough."""
    with pytest.raises(RulesError, match="M29"):
        prepared({"E": "Kd Kc 7d 9s - - - - -"}, started_at="2026-05-06T10:30:00",
                 claims=[claim("E", "M20", card="Kc", direction="down"), claim("E", "M29", target="9s")],
                 readings={"IP-M29-COUNT": "at_least_two"})


def test_ip_m33_scope_one_player():
    """IP-M33-SCOPE one_player (modifier 33): the three honors spread over players do not cancel 34."""
    hands = {"E": "- - - Kc - - - - -", "W": "- - - - - Qc - - -", "S": "- - - - - - - Jc -"}
    assert not prepared(hands, readings={"IP-M33-SCOPE": "one_player"}).is_cancelled(34)
    hands = {"E": "- - - Kc Qc Jc - - -"}
    assert prepared(hands, readings={"IP-M33-SCOPE": "one_player"}).is_cancelled(34)


def test_ip_m9_last_any_in_last_open_circle():
    """IP-M9-LAST any_in_last_open_circle (modifier 9): E's Qc opens the last open circle; E's face-up
    5h dealt before it dies, S's 5c dealt after it lives; by default nothing happens."""
    hands = {"E": "- - - - 5h - - Qc -", "S": "- - - - - - - 5c -"}
    assert card(prepared(hands), "5h").state != "dead"
    s = prepared(hands, readings={"IP-M9-LAST": "any_in_last_open_circle"})
    assert card(s, "5h").state == "dead" and card(s, "5c").state != "dead"


def test_ip_m10_next_counterclockwise():
    """IP-M10-NEXT (modifier 10, deal 2 at 12:30, Giants dead): E's dead face-up Kc and W's Jc (killed
    by M8) revive; the red Elf and Nine die at the next players clockwise (S, N) by default, and
    counterclockwise (N, S) under next_counterclockwise."""
    hands = {"S": "Jh 9h - - 6c - - - -", "W": "- - - Jc - - - - -", "N": "Jd 9d - - - - - - -",
             "E": "- - - Kc - - - - -"}
    kw = {"number": 2, "started_at": "2026-03-04T12:30:00"}
    s = prepared(hands, **kw)
    assert (card(s, "Jh").state, card(s, "9d").state) == ("dead", "dead")
    assert card(s, "Jd").state != "dead" and card(s, "9h").state != "dead"
    s = prepared(hands, readings={"IP-M10-NEXT": "next_counterclockwise"}, **kw)
    assert (card(s, "Jd").state, card(s, "9h").state) == ("dead", "dead")
    assert card(s, "Jh").state != "dead" and card(s, "9d").state != "dead"


def test_ip_m16_revive_cond_no():
    """IP-M16-REVIVE-COND no (modifier 16): E's dead 5h revives home although his last face-up card lives."""
    hands = {"W": "- - - - - - - Ah -", "E": "- 5h - - - - - 9c -"}
    kw = {"number": 2, "started_at": "2026-03-04T17:30:00"}
    assert card(prepared(hands, **kw), "5h").state == "dead"
    assert card(prepared(hands, readings={"IP-M16-REVIVE-COND": "no"}, **kw), "5h").state == "home"


def test_ip_m26_penalty_whenever_next_open_lacks():
    """IP-M26-PENALTY (modifier 26): S's second open card is a heart: his face-up 5s lives by default
    and dies under whenever_next_open_lacks."""
    hands = {"S": "- - - - 8h - 5s - -"}
    when = "2026-02-04T10:30:00"
    assert card(prepared(hands, started_at=when), "5s").state != "dead"
    s = prepared(hands, started_at=when, readings={"IP-M26-PENALTY": "whenever_next_open_lacks"})
    assert card(s, "5s").state == "dead"


def test_ip_m31_not_natural_incl_dead():
    """IP-M31-NOT-NATURAL incl_dead (modifier 31, deal 2 at 12:20: Giants dead): the dead Kc lowers N's 9c."""
    hands = {"N": "Kc 9c - - - - - - -"}
    kw = {"number": 2, "started_at": "2026-03-04T12:20:00", "claims": [claim("N", "M31", target="9c")]}
    with pytest.raises(RulesError, match="M31"):
        prepared(hands, **kw)
    s = prepared(hands, readings={"IP-M31-NOT-NATURAL": "incl_dead"}, **kw)
    assert card(s, "9c").rank == 8


def test_m17_and_m18_cannot_choose_the_same_card():
    """Modifiers 17 and 18: a card M17 gave a new real rank cannot be M18's choice too."""
    hands = {"E": "2s 8s As 5d 9d Kd 3h - -"}
    with pytest.raises(RulesError, match="M18"):
        prepared(hands, started_at="2026-07-01T10:30:00",
                 claims=[claim("E", "M17", card="3h"), claim("E", "M18", card="3h")])


def test_ip_m6_circle_1_literal():
    """IP-M6-CIRCLE circle_1_literal (modifier 6): circle 1 is dark, so the Threes of circle 4 do nothing."""
    hands = {"E": "- - - 3h - - - - -", "W": "- - - 3s - - - - -"}
    assert prepared(hands, readings={"IP-M6-CIRCLE": "circle_1_literal"}).pattern[5] == "open"


M13_FULL = {"S": "2d - - - - - - 10s -", "W": "- - - - - - - Jc -", "N": "3h Kc 5c 6c 7c 4c 4s Jh 2s",
            "E": "- - - Ks - - - - 4d"}


def test_ip_m13_nocond_free():
    """IP-M13-NOCOND free (modifier 13): N's dark Kc, home by Table 3 (January after M3), without a red
    Nine or black Eight stays home by default and becomes free under free."""
    kw = {"number": 2, "started_at": "2026-03-04T14:30:00"}
    assert card(prepared(M13_FULL, **kw), "Kc").state == "home"
    assert card(prepared(M13_FULL, readings={"IP-M13-NOCOND": "free"}, **kw), "Kc").state == "free"


def test_ip_m13_deadgrant_revive_with_status():
    """IP-M13-DEADGRANT revive_with_status (modifier 13, deal 2 at 12:30: Giants dead): N's dead dark Kc
    stays dead by default and revives free."""
    kw = {"number": 2, "started_at": "2026-03-04T12:30:00"}
    assert card(prepared(M13_FULL, **kw), "Kc").state == "dead"
    assert card(prepared(M13_FULL, readings={"IP-M13-DEADGRANT": "revive_with_status"}, **kw), "Kc").state == "free"


def test_ip_m14_target_any_card():
    """IP-M14-TARGET any_card (modifier 14): N may invert the suit of his dead Ad."""
    hands = {"N": "9h 5d - Ad Ac Ah - - -"}
    kw = {"number": 2, "started_at": "2026-03-04T13:30:00", "claims": [claim("N", "M14", cards=["Ad"])]}
    with pytest.raises(RulesError, match="M14"):
        prepared(hands, **kw)
    assert card(prepared(hands, readings={"IP-M14-TARGET": "any_card"}, **kw), "Ad").suit == "c"


def test_ip_m19_row_adjacent_circle_numbers():
    """IP-M19-ROW (modifier 19): with M12's pattern (circle 6 dark) E's 2c (circle 5) and 2s (circle 7)
    are successive open cards, but their circle numbers are not adjacent."""
    hands = {"E": "- Jd 4h - 2c - 2s - -", "S": "- - - - 9d - - - -"}
    kw = {"claims": [claim("E", "M19", card="4h")]}
    assert card(prepared(hands, **kw), "4h").rank == 12
    with pytest.raises(RulesError, match="M19"):
        prepared(hands, readings={"IP-M19-ROW": "adjacent_circle_numbers"}, **kw)


def test_ip_m21_neighbours_adjacent_compass_seats():
    """IP-M21-NEIGHBOURS adjacent_compass_seats (modifier 21): E and S sit 90 degrees apart."""
    hands = {"E": "7c Ah - - Ks - - - -", "S": "- - - Qd - - - - -", "W": "- - - 10h - - - - -"}
    kw = {"claims": [claim("E", "M21", card="7c", direction="up")]}
    assert card(prepared(hands, **kw), "7c").rank == 11
    with pytest.raises(RulesError, match="M21"):
        prepared(hands, readings={"IP-M21-NEIGHBOURS": "adjacent_compass_seats"}, **kw)


def test_ip_m21_circles_consecutive_open_circles():
    """IP-M21-CIRCLES consecutive_open_circles (modifier 21): with M12's pattern, circles 5 and 7 are
    consecutive open circles."""
    hands = {"E": "7c Ah - - - - Ks - -", "S": "- - - - Qd - - - -", "W": "- - - 10h 9d - - - -"}
    kw = {"claims": [claim("E", "M21", card="7c", direction="up")]}
    with pytest.raises(RulesError, match="M21"):
        prepared(hands, **kw)
    assert card(prepared(hands, readings={"IP-M21-CIRCLES": "consecutive_open_circles"}, **kw), "7c").rank == 11


def test_ip_m22_who_did_not_receive_all_three():
    """IP-M22-WHO did_not_receive_all_three (modifier 22): S, who got only the 4h, may use it too."""
    hands = {"E": "- - - 3c 6c - - - -", "S": "- - - Jd 4h 9c 9s - -", "N": "- - - - - 5s - - -"}
    kw = {"claims": [claim("S", "M22", card="Jd", target="9s")]}
    with pytest.raises(RulesError, match="M22"):
        prepared(hands, **kw)
    s = prepared(hands, readings={"IP-M22-WHO": "did_not_receive_all_three"}, **kw)
    assert card(s, "Jd").state != "dead" and card(s, "9s").rank == 3


def test_ip_m23_scope_own_cards_only():
    """IP-M23-SCOPE own_cards_only (modifier 23): W's cancellation of M20 spares S's dark Giants."""
    hands = {"W": "Kh Qh 2c - - - - - Ks", "S": "Kd Kc - - - - - - -"}
    kw = {"started_at": "2026-05-06T13:30:00", "claims": [claim("W", "M23", cancels="M20")]}
    s = prepared(hands, **kw)
    assert card(s, "Kh").state == "natural" and card(s, "Kd").state == "natural"
    s = prepared(hands, readings={"IP-M23-SCOPE": "own_cards_only"}, **kw)
    assert card(s, "Kh").state == "natural" and card(s, "Kd").state == "free"


def test_ip_m25_any_all_four_must_show():
    """IP-M25-ANY all_four_must_show (modifier 25): the 5c alone is not enough."""
    s = prepared({"E": "- - - 5c - - - 8d -"}, started_at="2026-02-04T10:30:00",
                 readings={"IP-M25-ANY": "all_four_must_show"})
    assert card(s, "8d").state == "natural"


def test_ip_m33_rule11_higher_number_wins():
    """IP-M33-RULE11 higher_number_wins (modifier 33): modifier 34 stands."""
    hands = {"E": "- - - Kc - - - - -", "W": "- - - - - Qc - - -", "S": "- - - - - - - Jc -"}
    assert not prepared(hands, readings={"IP-M33-RULE11": "higher_number_wins"}).is_cancelled(34)
