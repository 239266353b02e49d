"""Conditional modifiers 13-33 (seed group "Раздача"), each firing and not firing.

Deal 1 is dealt by North (order E, S, W, N), deal 2 by East (order S, W, N, E); the default
pattern is d d d o o o o o d (open circles 4-8). Hands are nine cards in circle order.
"""

from __future__ import annotations

import pytest

from rules.engines.dragon.game import DealRecord, GameHistory
from rules.engines.dragon.modifiers.deal_13_25 import m22
from rules.engines.errors import RulesError

from .helpers import ONLY_DEAL_GROUP, card, claim, prepared, table

# ---------------------------------------------------------------------------- M13
M13_TIME = "2026-05-06T14:30:00"   # Table 2: Threes wild, Twos dead; effective March (6, 8, J)


def test_m13_ten_of_spades_beside_elf_of_clubs_in_last_open_circle():
    """Modifier 13: S's 10s and W's Jc side by side in the last open circle (deal 2): dark red foskas
    to Four die (a wild one becomes natural), dead ones revive home, a dark black Giant becomes free."""
    hands = {"S": "2d - - - - - - 10s -", "W": "- - - - - - - Jc -", "N": "3h Kc - - - - - - -",
             "E": "- - - Ks - - - - 4d"}
    s = prepared(hands, number=2, started_at=M13_TIME)
    assert card(s, "3h").state == "natural"            # wild by Table 2, killed: base rule 4
    assert card(s, "4d").state == "dead"
    assert card(s, "2d").state == "home"               # dead by base rule 17, revived home
    assert card(s, "Kc").state == "free"
    assert card(s, "Ks").state == "natural"            # face up: untouched


def test_m13_near_miss_elf_not_beside_the_ten():
    """Modifier 13: the Jc is N's card, with W's between it and S's 10s: nothing happens."""
    hands = {"S": "2d - - - - - - 10s -", "N": "3h Kc - - - - - Jc -", "E": "- - - - - - - - 4d"}
    s = prepared(hands, number=2, started_at=M13_TIME)
    assert card(s, "4d").state == "natural" and card(s, "2d").state == "dead"
    assert card(s, "Kc").state == "natural"


# ---------------------------------------------------------------------------- M14 (claim)
M14_TIME = "2026-03-04T13:30:00"   # Table 2: Twos wild, Dragons dead


def test_m14_three_dead_face_up_cards_give_two_suit_inversions():
    """Modifier 14: N's three face-up Dragons are dead (base rule 17, deal 2): he inverts 9h and 5d."""
    hands = {"N": "9h 5d - Ad Ac Ah - - -"}
    s = prepared(hands, number=2, started_at=M14_TIME, claims=[claim("N", "M14", cards=["9h", "5d"])])
    assert (card(s, "9h").suit, card(s, "5d").suit) == ("s", "c")


def test_ip_m14_rankword_readings():
    """IP-M14-RANKWORD (modifier 14, "принимают модификаторы по измененному номиналу"): under new_suit the
    inverted 9h is a real spade for later modifiers; under real_suit it plays as a spade but modifiers
    still read a heart."""
    hands = {"N": "9h 5d - Ad Ac Ah - - -"}
    kw = dict(number=2, started_at=M14_TIME, claims=[claim("N", "M14", cards=["9h"])])
    s = prepared(hands, **kw)
    assert (card(s, "9h").suit, card(s, "9h").real_suit) == ("s", "s")
    s = prepared(hands, readings={"IP-M14-RANKWORD": "real_suit"}, **kw)
    assert (card(s, "9h").suit, card(s, "9h").real_suit) == ("s", "h")


def test_m14_near_miss_two_dead_face_up_cards_refuse_the_claim():
    """Modifier 14: with two dead face-up cards the claim is illegal, naming the rule."""
    hands = {"N": "9h 5d - Ad Ac 9c - - -"}
    with pytest.raises(RulesError, match="M14"):
        prepared(hands, number=2, started_at=M14_TIME, claims=[claim("N", "M14", cards=["9h"])])


# ---------------------------------------------------------------------------- M15
M15_TIME = "2026-05-06T15:30:00"   # Table 2: Fours wild; effective March (6, 8, J)
M15_OPEN = {"E": "Ah - - 2h 9c 8c 7c 5c", "S": "- - - 9h 8h 7h 5h 5d", "W": "- As - 9s 8s 7s 5s Jc",
            "N": "- - Ad Jd 8d 7d Js Kc"}


def _m15(hands):
    return {p: h + " -" for p, h in hands.items()}


def test_m15_no_rule_wild_face_up_makes_two_dragons_wild():
    """Modifier 15: no face-up card is wild by a rule; the lowest is the 2h: the Dragons of hearts and
    of spades (the opposite suit) are wild."""
    s = prepared(_m15(M15_OPEN), started_at=M15_TIME)
    assert card(s, "Ah").state == "wild" and card(s, "As").state == "wild"
    assert card(s, "Ad").state == "natural"


def test_m15_near_miss_a_rule_wild_card_face_up():
    """Modifier 15: a face-up 4c, wild by Table 2, keeps the Dragons natural."""
    hands = dict(M15_OPEN, E="Ah - - 2h 4c 8c 7c 5c")
    s = prepared(_m15(hands), started_at=M15_TIME)
    assert card(s, "Ah").state == "natural"


def test_ip_m15_rulewild_readings():
    """IP-M15-RULEWILD (modifier 15, "если ни одна открытая карта не является дикой по правилам"): S, the
    modifier-1 player, shows the 4c that Table 2 made wild and modifier 1 stripped: actual_state lets 15
    act (the Dragons of hearts and spades are wild), identity keeps them natural."""
    hands = dict(M15_OPEN, S="- - - 9h 4c 7h 5h 5d")
    s = prepared(_m15(hands), started_at=M15_TIME)
    assert s.marks["M1"] == "S" and card(s, "4c").state != "wild"
    assert card(s, "Ah").state == "wild" and card(s, "As").state == "wild"
    s = prepared(_m15(hands), started_at=M15_TIME, readings={"IP-M15-RULEWILD": "identity"})
    assert card(s, "Ah").state == "natural" and card(s, "As").state == "natural"


# ---------------------------------------------------------------------------- M16
def test_m16_dragon_of_hearts_revives_opposite_dead_fives_home():
    """Modifier 16 (deal 2, 17:30, Fives dead): the Ah to W in the last open circle; E sits opposite
    and his last face-up card, the 5s, is dead: his 5s and 5h revive as home cards."""
    hands = {"W": "- - - - - - - Ah -", "E": "- 5h - - - - - 5s -"}
    s = prepared(hands, number=2, started_at="2026-03-04T17:30:00")
    assert card(s, "5h").state == "home" and card(s, "5s").state == "home"


def test_m16_live_fives_become_wild_when_last_card_dead():
    """Modifier 16 (deal 2, 10:30, Elves dead): E's last face-up card is a dead Jd: his Fives are wild."""
    hands = {"W": "- - - - - - - Ah -", "E": "- 5h - - - - 5s Jd -"}
    s = prepared(hands, number=2)
    assert card(s, "5h").state == "wild" and card(s, "5s").state == "wild"


def test_m16_near_miss_last_face_up_card_alive():
    """Modifier 16: E's last face-up card is a live 9c: his Fives stay as they were."""
    hands = {"W": "- - - - - - - Ah -", "E": "- 5h - - - - 5s 9c -"}
    s = prepared(hands, number=2)
    assert card(s, "5h").state == "natural" and card(s, "5s").state == "natural"


# ---------------------------------------------------------------------------- M17 - M19
M17_TIME = "2026-07-01T10:30:00"   # effective May (home 4, 7, A)


def test_m17_lowered_three_becomes_a_real_dragon():
    """Modifier 17: E holds 2s, 8s and As and lowers his 3d by 2: it is the Dragon of diamonds, and
    home by Table 3 like any Dragon (the new rank is real)."""
    hands = {"E": "2s 8s As 3d 10h - - - -"}
    s = prepared(hands, started_at=M17_TIME, claims=[claim("E", "M17", card="3d")])
    c = card(s, "3d")
    assert (c.rank, c.suit, c.state) == (14, "d", "home")


def test_m17_near_miss_eight_of_clubs_gives_no_right():
    """Modifier 17: 2s, 8c and As are not the three spades: a claim is illegal."""
    hands = {"E": "2s 8c As 3d 10h - - - -"}
    with pytest.raises(RulesError, match="M17"):
        prepared(hands, started_at=M17_TIME, claims=[claim("E", "M17", card="3d")])


def test_ip_mandatory_claim_readings():
    """IP-MANDATORY-CLAIM: without a declared choice M17 is applied to the first eligible red card
    (first_eligible), or the deal is refused (refuse)."""
    hands = {"E": "2s 8s As 3d 10h - - - -"}
    s = prepared(hands, started_at=M17_TIME)
    assert card(s, "3d").rank == 14
    with pytest.raises(RulesError, match="M17"):
        prepared(hands, started_at=M17_TIME, readings={"IP-MANDATORY-CLAIM": "refuse"})


def test_m18_raised_nine_becomes_a_wild_unicorn():
    """Modifier 18: E holds 5d, 9d and Kd and raises his 9c by 3: the Qc is wild by Table 2 (10:30)."""
    hands = {"E": "5d 9d Kd 9c 8h - - - -"}
    s = prepared(hands, claims=[claim("E", "M18", card="9c")])
    assert (card(s, "9c").rank, card(s, "9c").state) == (12, "wild")


def test_m18_near_miss_home_card_and_missing_nine():
    """Modifier 18: the 8h is home (January after M3) and may not be chosen; with 9h instead of 9d
    there is no right at all."""
    with pytest.raises(RulesError, match="M18"):
        prepared({"E": "5d 9d Kd 9c 8h - - - -"}, claims=[claim("E", "M18", card="8h")])
    with pytest.raises(RulesError, match="M18"):
        prepared({"E": "5d 9h Kd 9c 8h - - - -"}, claims=[claim("E", "M18", card="9c")])


def test_m19_black_twos_in_a_row_invert_a_fosk():
    """Modifier 19: E gets 2c and 2s face up on successive open circles and the Jd dark: his 4h
    becomes the Qh, which Table 2 (10:30) makes wild: the base rules read the new rank."""
    hands = {"E": "- Jd 4h - 2c 2s - - -"}
    s = prepared(hands, claims=[claim("E", "M19", card="4h")])
    assert (card(s, "4h").rank, card(s, "4h").state) == (12, "wild")


def test_ip_m19_scope_readings():
    """IP-M19-SCOPE (modifier 19, "к измененной карте применяются Правила"): under rules_only the base
    rules read E's 4h as the Qh (Table 2 makes it wild) while modifiers still read a Four and it counts
    as modified; under rules_and_modifiers the Queen is its real rank for modifiers too."""
    hands = {"E": "- Jd 4h - 2c 2s - - -"}
    s = prepared(hands, claims=[claim("E", "M19", card="4h")])
    c = card(s, "4h")
    assert (c.rule_rank, c.real_rank, c.state) == (12, 4, "wild")
    s = prepared(hands, claims=[claim("E", "M19", card="4h")], readings={"IP-M19-SCOPE": "rules_and_modifiers"})
    c = card(s, "4h")
    assert (c.rule_rank, c.real_rank, c.state) == (12, 12, "wild")


def test_m19_near_miss_twos_not_in_a_row():
    """Modifier 19: a 9h between the black Twos gives no right."""
    with pytest.raises(RulesError, match="M19"):
        prepared({"E": "- Jd 4h 2c 9h 2s - - -"}, claims=[claim("E", "M19", card="4h")])


# ---------------------------------------------------------------------------- M20 - M23
M20_TIME = "2026-05-06T10:30:00"   # effective March: Giants are not home


def test_m20_dark_giants_of_opposite_suits():
    """Modifier 20: S's dark Kh and Ks: he frees the Kh and moves the Ks 3 down to a Ten."""
    hands = {"S": "Kh - - - - - - - Ks"}
    s = prepared(hands, started_at=M20_TIME, claims=[claim("S", "M20", card="Kh", direction="down")])
    assert card(s, "Kh").state == "free"
    assert card(s, "Ks").rank == 10


def test_ip_m20_four_readings():
    """IP-M20-FOUR (modifier 20): S got all four Giants dark (Kh Ks, Kd Kc): each_opposite_pair frees one
    of each pair and moves the other (two applications); once acts on the first pair only."""
    hands = {"S": "Kh Ks Kd - - - - - Kc"}
    claims = [claim("S", "M20", card="Kh", direction="down"), claim("S", "M20", card="Kd", direction="down")]
    s = prepared(hands, started_at=M20_TIME, claims=claims)
    assert [card(s, c).state for c in ("Kh", "Kd")] == ["free", "free"]
    assert [card(s, c).rank for c in ("Ks", "Kc")] == [10, 10]
    s = prepared(hands, started_at=M20_TIME, claims=claims[:1], readings={"IP-M20-FOUR": "once"})
    assert (card(s, "Kh").state, card(s, "Ks").rank) == ("free", 10)
    assert (card(s, "Kd").state, card(s, "Kc").rank) == ("natural", 13)


def test_ip_m20_real_readings():
    """IP-M20-REAL (modifier 20): the Ks moved down plays as a Ten; not_real keeps its real rank a Giant
    for every later rule and modifier (base rule 13), real makes the Ten real."""
    hands = {"S": "Kh - - - - - - - Ks"}
    claims = [claim("S", "M20", card="Kh", direction="down")]
    s = prepared(hands, started_at=M20_TIME, claims=claims)
    assert (card(s, "Ks").rank, card(s, "Ks").real_rank) == (10, 13)
    s = prepared(hands, started_at=M20_TIME, claims=claims, readings={"IP-M20-REAL": "real"})
    assert (card(s, "Ks").rank, card(s, "Ks").real_rank) == (10, 10)


def test_m20_near_miss_not_opposite_suits():
    """Modifier 20: Kh and Kd are not opposite suits: nothing happens."""
    s = prepared({"S": "Kh - - - - - - - Kd"}, started_at=M20_TIME)
    assert card(s, "Kh").state == "natural" and card(s, "Kd").rank == 13


def test_m21_neighbours_unicorn_and_giant_let_a_dead_fosk_change():
    """Modifier 21: S's Qd (circle 4) and E's Ks (circle 5) face up, E has the Ah dark: E raises his
    dead 7c (killed by M7) by 4 and inverts its suit: it is the Jd, still dead."""
    hands = {"E": "7c Ah - - Ks - - - -", "S": "- - - Qd - - - - -", "W": "- - - 10h - - - - -"}
    s = prepared(hands, claims=[claim("E", "M21", card="7c", direction="up", suit="d")])
    c = card(s, "7c")
    assert (c.rank, c.suit, c.state) == (11, "d", "dead")


def test_m21_near_miss_circles_not_adjacent():
    """Modifier 21: the Ks in circle 6 is not in a circle adjacent to the Qd's."""
    hands = {"E": "7c Ah - - - Ks - - -", "S": "- - - Qd - - - - -", "W": "- - - 10h - - - - -"}
    with pytest.raises(RulesError, match="M21"):
        prepared(hands, claims=[claim("E", "M21", card="7c", direction="up")])


M22_HANDS = {"E": "- - - 3c 6c - - - -", "S": "- - - - 4h 9c - - -", "W": "- - 9s Jd - - - - -",
             "N": "- - - - - 5s - - -"}


def test_m22_player_without_the_three_cards_revives_a_diamond_honor():
    """Modifier 22: 3c, 4h and 5s showed; W got none of them: he revives his Jd (killed by M8) and
    lowers his 9s by 6 to a Three."""
    s = prepared(M22_HANDS, claims=[claim("W", "M22", card="Jd", target="9s")])
    assert card(s, "Jd").state != "dead"
    assert card(s, "9s").rank == 3


def test_m22_near_miss_receiver_of_a_trigger_card():
    """Modifier 22: S received the 4h, so he may not use it."""
    hands = dict(M22_HANDS, S="- - Jh - 4h 9c 9h - -")
    with pytest.raises(RulesError, match="M22"):
        prepared(hands, claims=[claim("S", "M22", card="Jh", target="9h")])


def _m22_after(readings, change, claims):
    """The M22 deal prepared without modifier 22, ``change(state)`` applied as an earlier modifier
    would, then modifier 22 run on the ``claims``."""
    s = prepared(M22_HANDS, readings=readings, disabled=ONLY_DEAL_GROUP | {22})
    change(s)
    s.claims = list(claims)
    s.current = "M22"
    m22(s)
    return s


def test_ip_m22_nondead_readings():
    """IP-M22-NONDEAD (modifier 22, "модификатор применяется только к неубитым картам"): with the face-up
    3c killed, spade_fosk_must_be_live still lets W revive his Jd; trigger_cards_must_be_live does not
    (the three cards did not all show alive)."""
    def kill_3c(s):
        assert s.kill(card(s, "3c"), "M7")

    claims = [claim("W", "M22", card="Jd", target="9s")]
    s = _m22_after({}, kill_3c, claims)
    assert card(s, "Jd").state != "dead" and card(s, "9s").rank == 3
    with pytest.raises(RulesError, match="did not all show"):
        _m22_after({"IP-M22-NONDEAD": "trigger_cards_must_be_live"}, kill_3c, claims)


def test_ip_m22_nofosk_readings():
    """IP-M22-NOFOSK (modifier 22, "если фосок нет, модификатор применить нельзя"): W's 9s is home (a
    modified card): no_eligible_spade_fosk refuses it as payment; no_live_spade_fosk and no_fosk_at_all
    accept it. A dead 9s pays only under no_fosk_at_all with trigger_cards_must_be_live."""
    def home_9s(s):
        assert s.grant(card(s, "9s"), "home", "T3")

    def kill_9s(s):
        assert s.kill(card(s, "9s"), "M7")

    claims = [claim("W", "M22", card="Jd", target="9s")]
    with pytest.raises(RulesError, match="may pay"):
        _m22_after({}, home_9s, claims)
    for how in ("no_live_spade_fosk", "no_fosk_at_all"):
        s = _m22_after({"IP-M22-NOFOSK": how}, home_9s, claims)
        assert card(s, "Jd").state != "dead" and card(s, "9s").rank == 3
    with pytest.raises(RulesError, match="may pay"):
        _m22_after({"IP-M22-NOFOSK": "no_fosk_at_all"}, kill_9s, claims)
    s = _m22_after({"IP-M22-NOFOSK": "no_fosk_at_all", "IP-M22-NONDEAD": "trigger_cards_must_be_live"},
                   kill_9s, claims)
    assert card(s, "Jd").state != "dead"


M23_TIME = "2026-05-06T13:30:00"   # Table 2: Twos wild; effective March


def test_m23_unicorns_of_hearts_cancel_modifier_20():
    """Modifier 23: W holds the natural Qh and a 2c wild by Table 2 (time of day): he cancels M20,
    which had freed his dark Kh and moved his Ks."""
    hands = {"W": "Kh Qh 2c - - - - - Ks"}
    plain = prepared(hands, started_at=M23_TIME)
    assert card(plain, "Kh").state == "free"
    s = prepared(hands, started_at=M23_TIME, claims=[claim("W", "M23", cancels="M20")])
    assert card(s, "Kh").state == "natural" and card(s, "Ks").rank == 13
    assert any(e.change == "cancelled" and e.source == "M23" for e in s.trace)


def test_m23_near_miss_shown_too_late():
    """Modifier 23: the Unicorns shown after the betting began give no right."""
    with pytest.raises(RulesError, match="M23"):
        prepared({"W": "Kh Qh 2c - - - - - Ks"}, started_at=M23_TIME,
                 claims=[claim("W", "M23", cancels="M20", shown_before_betting=False)])


def test_ip_m23_factor_conditional_modifiers_only():
    """IP-M23-FACTOR conditional_modifiers_only: Table 2 is not a natural-factor modifier, so the
    wild 2c does not count."""
    with pytest.raises(RulesError, match="M23"):
        prepared({"W": "Kh Qh 2c - - - - - Ks"}, started_at=M23_TIME,
                 claims=[claim("W", "M23", cancels="M20")],
                 readings={"IP-M23-FACTOR": "conditional_modifiers_only"})


# ---------------------------------------------------------------------------- M24 - M27
def test_m24_red_honor_in_penultimate_open_circle_makes_sixes_wild():
    """Modifier 24: S's Kd in circle 7 and a Six in circle 2: all his Sixes are wild."""
    s = prepared({"S": "- 6c - - 6h - Kd - -"})
    assert card(s, "6c").state == "wild" and card(s, "6h").state == "wild"


def test_m24_near_miss_sixes_in_odd_circles():
    """Modifier 24: Sixes only in circles 3 and 5: none is wild."""
    s = prepared({"S": "- - 6c - 6h - Kd - -"})
    assert card(s, "6c").state == "natural" and card(s, "6h").state == "natural"


M25_TIME = "2026-02-04T10:30:00"   # effective December (2, 7, Q, K): Eights are not home


def test_m25_black_five_first_open_eight_last_open():
    """Modifier 25: E's 5c in the first open circle makes his 8d of the last open circle wild."""
    s = prepared({"E": "- - - 5c - - - 8d -"}, started_at=M25_TIME)
    assert card(s, "8d").state == "wild"


def test_m25_near_miss_red_five():
    """Modifier 25: a red 5d in the first open circle does nothing."""
    s = prepared({"E": "- - - 5d - - - 8d -"}, started_at=M25_TIME)
    assert card(s, "8d").state == "natural"


def test_m26_spade_fosk_to_second_player_wild_when_giant_of_hearts_follows():
    """Modifier 26: S (second from the dealer) gets the 8s in the second open circle; W's Kh shows on
    the next circle: the 8s is wild."""
    s = prepared({"S": "- - - - 8s - - - -", "W": "- - - - - Kh - - -"}, started_at=M25_TIME)
    assert card(s, "8s").state == "wild"


def test_ip_m26_open_index_readings():
    """IP-M26-OPEN-INDEX (modifier 26, "во втором открытом круге"): nth_open reads circle 5 (the second
    open circle of d d d o o o o o d) and the 8s turns wild; circle_index wants circle 2 open, which it is
    not, so the 8s stays natural."""
    hands = {"S": "- - - - 8s - - - -", "W": "- - - - - Kh - - -"}
    assert card(prepared(hands, started_at=M25_TIME), "8s").state == "wild"
    s = prepared(hands, started_at=M25_TIME, readings={"IP-M26-OPEN-INDEX": "circle_index"})
    assert s.pattern[1] == "dark" and card(s, "8s").state == "natural"


def test_m26_penalty_kills_his_face_up_spade_five():
    """Modifier 26: no Kh or Qd on the next circle: the 8s stays natural and S's face-up 5s dies."""
    s = prepared({"S": "- - - - 8s - 5s - -"}, started_at=M25_TIME)
    assert card(s, "8s").state == "natural" and card(s, "5s").state == "dead"


def test_m26_near_miss_first_player():
    """Modifier 26: the 8s goes to E (first from the dealer): nothing happens to his 5s."""
    s = prepared({"E": "- - - - 8s - 5s - -"}, started_at=M25_TIME)
    assert card(s, "5s").state != "dead"


FIVE = ("N", "E", "S", "W", "NW")


def test_m27_odd_players_nine_of_clubs_turn_circle_one_hearts_honors():
    """Modifier 27: five players, the 9c face up on the third open circle: E's Ah and S's Qh of
    circle 1 play as 2h and 4h; the Ah is not wild although Twos are (13:20)."""
    s = prepared({"E": "Ah - - - - - - - -", "S": "Qh - - - - - - - -", "W": "- - - - - 9c - - -"},
                 tbl=table(FIVE), started_at="2026-09-02T13:20:00")
    assert (card(s, "Ah").rank, card(s, "Ah").state) == (2, "natural")
    assert card(s, "Qh").rank == 4


def test_m27_near_miss_even_players():
    """Modifier 27: four players: the honors stay."""
    s = prepared({"E": "Ah - - - - - - - -", "W": "- - - - - 9c - - -"}, started_at="2026-09-02T13:20:00")
    assert card(s, "Ah").rank == 14


def test_ip_m27_new_rank_readings():
    """IP-M27-NEW-RANK (modifier 27, "играют как фоски"): under modified (the default) E's Ah plays as a
    Two but stays a real Dragon: Table 2, which makes the Twos wild at 13:20 (N's dealt 2d), leaves it
    alone. Under real it is judged as a dealt Two: Table 2 makes it wild too (modifier 1 then takes the
    wildness from E, the M1 player of the day, as from any of his cards)."""
    hands = {"E": "Ah - - - - - - - -", "S": "Qh - - - - - - - -", "W": "- - - - - 9c - - -",
             "N": "2d - - - - - - - -"}

    def t2_wild(state, text):
        c = card(state, text)
        return any(e.source == "T2" and e.change == "wild" and c.card in e.cards for e in state.trace)

    s = prepared(hands, tbl=table(FIVE), started_at="2026-09-02T13:20:00")
    assert (card(s, "Ah").real_rank, card(s, "Ah").state) == (14, "natural")
    assert t2_wild(s, "2d") and not t2_wild(s, "Ah")
    s = prepared(hands, tbl=table(FIVE), started_at="2026-09-02T13:20:00", readings={"IP-M27-NEW-RANK": "real"})
    assert (card(s, "Ah").real_rank, card(s, "Ah").rank) == (2, 2)
    assert t2_wild(s, "2d") and t2_wild(s, "Ah")


# ---------------------------------------------------------------------------- M28 - M32
def test_m28_four_of_spades_revives_and_raises_a_dead_heart():
    """Modifier 28 (deal 2, 08:20: Tens wild, Nines dead): E's 4s raises his dead 9h: it lives as
    10h, frozen, and not wild although Tens are wild."""
    s = prepared({"E": "4s 9h - - - - - - -"}, number=2, started_at="2026-03-04T08:20:00",
                 claims=[claim("E", "M28", target="9h")])
    c = card(s, "9h")
    assert (c.rank, c.state, c.frozen) == (10, "natural", True)
    assert card(s, "4s").role == "incrementing"


def test_m28_near_miss_no_dead_heart():
    """Modifier 28: E's only dead card is the 9c: the 4s is an ordinary Four and a claim is illegal."""
    with pytest.raises(RulesError, match="M28"):
        prepared({"E": "4s 9c - - - - - - -"}, number=2, started_at="2026-03-04T08:20:00",
                 claims=[claim("E", "M28", target="9c")])


def test_m29_seven_of_diamonds_with_a_free_club_honor():
    """Modifier 29: E's Kc is free by M20; his 7d raises his 9s to a frozen 10s."""
    hands = {"E": "Kd Kc 7d 9s - - - - -"}
    s = prepared(hands, started_at=M20_TIME,
                 claims=[claim("E", "M20", card="Kc", direction="down"), claim("E", "M29", target="9s")])
    assert card(s, "Kc").state == "free"
    assert (card(s, "9s").rank, card(s, "9s").frozen) == (10, True)


def test_m29_near_miss_no_free_club_honor():
    """Modifier 29: without a free club honor the 7d gives no right."""
    with pytest.raises(RulesError, match="M29"):
        prepared({"E": "Kd Kh 7d 9s - - - - -"}, started_at=M20_TIME, claims=[claim("E", "M29", target="9s")])


def test_m30_dead_elf_of_hearts_lowers_a_natural_card():
    """Modifier 30 (deal 2, 10:20: Elves dead): S's dead Jh lowers his 6c to 5c, which stays open to
    modifiers."""
    s = prepared({"S": "Jh 6c - - - - - - -"}, number=2, started_at="2026-03-04T10:20:00",
                 claims=[claim("S", "M30", target="6c")])
    c = card(s, "6c")
    assert c.rank == 5 and not c.modified and not c.frozen


def test_m30_near_miss_live_elf():
    """Modifier 30: in deal 1 the Jh is alive: no right."""
    with pytest.raises(RulesError, match="M30"):
        prepared({"S": "Jh 6c - - - - - - -"}, started_at="2026-03-04T10:20:00",
                 claims=[claim("S", "M30", target="6c")])


def test_m31_wild_giant_of_clubs_revives_and_lowers():
    """Modifier 31 (deal 2, 11:20: Giants wild, Unicorns dead): N's wild Kc lowers his dead Qd: it
    lives as a frozen Jd; the Kc stays wild."""
    s = prepared({"N": "Kc Qd - - - - - - -"}, number=2, started_at="2026-03-04T11:20:00",
                 claims=[claim("N", "M31", target="Qd")])
    c = card(s, "Qd")
    assert (c.rank, c.state, c.frozen) == (11, "natural", True)
    assert card(s, "Kc").state == "wild"


def test_m31_near_miss_natural_giant():
    """Modifier 31: at 09:20 in effective March the Kc is natural: no right."""
    with pytest.raises(RulesError, match="M31"):
        prepared({"N": "Kc Qd - - - - - - -"}, number=2, started_at="2026-05-06T09:20:00",
                 claims=[claim("N", "M31", target="Qd")])


def test_m32_black_six_with_two_dead_red_unicorns():
    """Modifier 32 (deal 2, 11:20: Unicorns dead): E declares his 6c decrementing and lowers his 3s."""
    s = prepared({"E": "Qh Qd 6c 3s - - - - -"}, number=2, started_at="2026-03-04T11:20:00",
                 claims=[claim("E", "M32", card="6c", direction="decrementing", target="3s")])
    assert card(s, "3s").rank == 2 and card(s, "6c").role == "decrementing"


def test_m32_near_miss_one_red_unicorn():
    """Modifier 32: the Qd is not his: no right."""
    with pytest.raises(RulesError, match="M32"):
        prepared({"E": "Qh Qs 6c 3s - - - - -"}, number=2, started_at="2026-03-04T11:20:00",
                 claims=[claim("E", "M32", card="6c", direction="decrementing", target="3s")])


def test_ip_incdec_target_all_own_natural():
    """IP-INCDEC-TARGET all_own_natural: the 4s raises every natural card of its owner, no claim."""
    s = prepared({"E": "4s 9h 5c - - - - - -"}, number=2, started_at="2026-03-04T08:20:00",
                 readings={"IP-INCDEC-TARGET": "all_own_natural"})
    assert card(s, "5c").rank == 6


# ---------------------------------------------------------------------------- M33
def test_m33_giant_unicorn_elf_of_one_suit_cancel_m34_for_two_deals():
    """Modifier 33: Kc, Qc and Jc face up: modifier 34 is cancelled in this deal and the next."""
    hands = {"E": "- - - Kc - - - - -", "W": "- - - - - Qc - - -", "S": "- - - - - - - Jc -"}
    s = prepared(hands)
    assert s.is_cancelled(34) and s.carry["M33"] == 2
    history = GameHistory([DealRecord(number=1, winners=(), winning_hands=(), carry={"M33": 2})])
    s2 = prepared({}, number=2, history=history)
    assert s2.is_cancelled(34)


def test_m33_near_miss_elf_dealt_dark():
    """Modifier 33: the Jc comes dark in circle 9: modifier 34 stands."""
    hands = {"E": "- - - Kc - - - - -", "W": "- - - - - Qc - - -", "S": "- - - - - - - - Jc"}
    assert not prepared(hands).is_cancelled(34)


def test_ip_m24_penult_readings():
    """IP-M24-PENULT (modifier 24, "в предпоследнем открытом круге"): E's Ah is the first face-up card, so
    modifier 5 deals circle 8 dark and the open circles are 4-7. S's Kd in circle 6 makes his Sixes wild
    under final_pattern (circle 6 is the penultimate open circle), not under default_pattern_circle_7;
    in circle 7 it is the other way round."""
    def wild(hand, reading):
        s = prepared({"E": "- - - Ah - - - - -", "S": hand}, readings={"IP-M24-PENULT": reading})
        assert s.open_circles == (4, 5, 6, 7)
        return card(s, "6c").state == "wild"

    assert wild("- 6c - - - Kd - - -", "final_pattern")
    assert not wild("- 6c - - - Kd - - -", "default_pattern_circle_7")
    assert not wild("- 6c - - - - Kd - -", "final_pattern")
    assert wild("- 6c - - - - Kd - -", "default_pattern_circle_7")
