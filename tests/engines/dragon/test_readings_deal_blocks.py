"""Interpretation points the modifier notes (rules/modifiers/01-25-deal.md, 26-50-deal-cards-time.md)
name for modifiers 1-33: each alternative reading judged against the default on the same deal."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engines.dragon.judge import evaluate_player
from rules.engines.errors import RulesError
from rules.engines.readings import get, registry

from .helpers import card, claim, prepared, table

# Points the notes ask under a block id that one registered point of modifiers 1-33 stands for.
MERGED = {"IP-M1-COUNT": ("IP-MOD1-COUNT",), "IP-M4-SECOND": ("IP-M11-SECOND",),
          "IP-RULE11-STATES": ("IP-M1-RULE11", "IP-M28-DEAD-SOURCE"),
          "IP-R13-SCOPE": ("IP-M13-RULE13", "IP-M26-TARGET-STATE"),
          "IP-INCDEC-TARGET": ("IP-M28-TARGETS", "IP-M30-TARGETS", "IP-M32-TARGETS")}


@pytest.mark.parametrize("point_id", sorted(MERGED))
def test_merged_block_points_are_named_by_the_registered_point(point_id):
    """Base rule 12: a question the notes ask under two ids is one point (IP-MOD1-COUNT is IP-M1-COUNT;
    modifier 11's "на вторую от сдающего руку" is IP-M4-SECOND's count; the blocks' base-rule-11, base-rule-13
    and incrementing-target questions of modifiers 1, 13, 26, 28, 30 and 32 are IP-RULE11-STATES, IP-R13-SCOPE
    and IP-INCDEC-TARGET): the block id is not registered a second time and the standing point names it in
    its seed reference."""
    known = registry()
    for merged in MERGED[point_id]:
        assert merged not in known
        assert merged in get(point_id).seed_reference


def test_ip_m3_scope_every_month_read():
    """IP-M3-SCOPE (modifier 3, "месяц сдвигается на 2 назад"; modifier 1, "Число+месяц+год+день недели"):
    30 March 2000, a Thursday, four players. By default M1 sums the calendar month, 30+3+2000+4 = 2037 ->
    12 -> 3: W (third from the dealer N) has no wild cards. Under every_month_read M1 sums the month M3
    shifted (March two back, January): 2035 -> 10 -> 1, so E."""
    hands = {"E": "Ad - - - - - - - -", "W": "Ac - - - - - - - -"}
    when = "2000-03-30T12:30:00"                        # Table 2: Dragons wild
    s = prepared(hands, started_at=when)
    # January (Table 3 after M3) makes Dragons home: a stripped Dragon keeps that (IP-M1-UNWILD).
    assert (card(s, "Ac").state, card(s, "Ad").state) == ("home", "wild")
    s = prepared(hands, started_at=when, readings={"IP-M3-SCOPE": "every_month_read"})
    assert (card(s, "Ac").state, card(s, "Ad").state) == ("wild", "home")


def test_ip_m11_second_is_ip_m4_second():
    """IP-M11-SECOND, read as IP-M4-SECOND (modifier 11, "на вторую от сдающего руку"): three players, N
    deals. M7: S's 10s in the first open circle kills E's face-up 7d dealt before it. E's 5h in the third
    open circle is the trigger only when the second hand is counted counterclockwise (E, not S)."""
    three = table(("N", "E", "S"))
    hands = {"E": "- - - 7d - 5h - - -", "S": "- - - 10s - 8c - - -"}
    assert card(prepared(hands, tbl=three), "7d").state == "dead"
    s = prepared(hands, tbl=three, readings={"IP-M4-SECOND": "counterclockwise"})
    assert card(s, "7d").state == "natural"


def test_ip_m11_next_next_players_next_face_up_card():
    """IP-M11-NEXT (modifier 11, "если следующему игроку в открытую после этого приходит Дракон пик"): two
    players, N deals; S's 9d in the second open circle gives M12's pattern d,d,d,o,o,d,o,d,o. M7: N's 10s
    kills S's face-up 7d. N (the second hand) gets 5h in the third open circle (7); the next card, S's in
    circle 8, is dark, so by default the As S gets face up in circle 9 is not 'the next' and the 7d
    revives; under next_players_next_face_up_card it is, and the diamond 7d stays dead."""
    two = table(("N", "S"))
    hands = {"S": "- - - 7d 9d - - - As", "N": "- - - 10s - - 5h - -"}
    s = prepared(hands, tbl=two)
    assert s.pattern[7] == "dark" and card(s, "7d").state == "natural"
    s = prepared(hands, tbl=two, readings={"IP-M11-NEXT": "next_players_next_face_up_card"})
    assert card(s, "7d").state == "dead"


def test_ip_m11_which_dealt_before_trigger():
    """IP-M11-WHICH (modifier 11, "только если они были убиты по предыдущим модификаторам (7- 10)"): M9's
    Qc, N's last face-up card (circle 8), kills E's face-up 5c; S, the second hand, got 4h in the third
    open circle (6). By default (all_final) the 5c revives; under dealt_before_trigger the Qc came after
    the 4h, so the kill stands."""
    hands = {"E": "- - - 5c - - - - -", "S": "- - - - - 4h - - -", "N": "- - - - - - - Qc -"}
    s = prepared(hands)
    assert card(s, "5c").state == "natural" and "M9" in [e.source for e in s.trace if e.change == "dead"]
    s = prepared(hands, readings={"IP-M11-WHICH": "dealt_before_trigger"})
    assert card(s, "5c").state == "dead"


M13_FULL = {"S": "2d - - - - - - 10s -", "W": "- - - - - - - Jc -", "N": "3h Kc 5c 6c 9h 4c 4s Jh 2s",
            "E": "- - - Ks - - - - 4d"}


def test_ip_m13_hadmod_conditional_modifiers_only():
    """IP-M13-HADMOD (modifier 13, "Если указанные Единороги и Великаны уже имели какой-либо модификатор"):
    N's dark Kc is home by Table 3 (January after M3) and N holds a red Nine. By default the home Kc
    'already had a modifier' and becomes wild; under conditional_modifiers_only it falls under the free
    clause, which base rule 13 refuses, and stays home."""
    kw = {"number": 2, "started_at": "2026-03-04T14:30:00"}
    assert card(prepared(M13_FULL, **kw), "Kc").state == "wild"
    s = prepared(M13_FULL, readings={"IP-M13-HADMOD": "conditional_modifiers_only"}, **kw)
    assert card(s, "Kc").state == "home"


def test_ip_m17_target_any_red_card():
    """IP-M17-TARGET (modifier 17, "должен выбрать у себя одну красную карту"): July with four players reads
    May in Table 3 (4, 7, A home): E's 4d is home, so by default (unmodified_only) he may not lower it;
    under any_red_card it becomes the 2d."""
    hands = {"E": "2s 8s As 4d 10h - - - -"}
    kw = {"started_at": "2026-07-01T10:30:00", "claims": [claim("E", "M17", card="4d")]}
    with pytest.raises(RulesError, match="M17"):
        prepared(hands, **kw)
    assert card(prepared(hands, readings={"IP-M17-TARGET": "any_red_card"}, **kw), "4d").rank == 2


def test_ip_m18_target_any_heart_or_club_card():
    """IP-M18-TARGET (modifier 18, "одну червовую или трефовую карту"): E's 7h is home (May in Table 3); by
    default he may not raise it, under any_heart_or_club_card it becomes the 10h."""
    hands = {"E": "5d 9d Kd 7h 10c - - - -"}
    kw = {"started_at": "2026-07-01T10:30:00", "claims": [claim("E", "M18", card="7h")]}
    with pytest.raises(RulesError, match="M18"):
        prepared(hands, **kw)
    assert card(prepared(hands, readings={"IP-M18-TARGET": "any_heart_or_club_card"}, **kw), "7h").rank == 10


REAPPLY_TIME = "2026-09-02T10:30:00"     # July in Table 3 (5, 9, Q home); Table 2: Unicorns wild


def test_ip_m17_reapply_later_only():
    """IP-M17-REAPPLY (modifier 17, "к нему могут быть применены все остальные модификаторы и правила"): E
    lowers his dark 3d to the Ad. M15 (no rule-wild card face up) makes the Dragons of the lowest face-up
    card's suit (S's 2d) and the opposite suit wild: by default (all_as_target) the new Ad too; under
    later_only modifier 15 does not act on it."""
    hands = {"E": "2s 8s 3d As - - - - -", "S": "- - - 2d - - - - -"}
    kw = {"started_at": REAPPLY_TIME, "claims": [claim("E", "M17", card="3d")]}
    s = prepared(hands, **kw)
    assert card(s, "3d").rank == 14 and card(s, "3d").state == "wild"
    s = prepared(hands, readings={"IP-M17-REAPPLY": "later_only"}, **kw)
    assert card(s, "3d").rank == 14 and card(s, "3d").state == "natural"


def test_ip_m18_reapply_later_only():
    """IP-M18-REAPPLY (modifier 18, "к нему могут быть применены все остальные модификаторы и правила"): E
    raises his dark Jc by 3 to the Ac; M15 (S's 2d the lowest face-up card) makes it wild by default
    (all_as_target), not under later_only."""
    hands = {"E": "5d 9d Jc Kd - - - - -", "S": "- - - 2d - - - - -"}
    kw = {"started_at": REAPPLY_TIME, "claims": [claim("E", "M18", card="Jc")]}
    s = prepared(hands, **kw)
    assert card(s, "Jc").rank == 14 and card(s, "Jc").state == "wild"
    s = prepared(hands, readings={"IP-M18-REAPPLY": "later_only"}, **kw)
    assert card(s, "Jc").rank == 14 and card(s, "Jc").state == "natural"


def test_ip_m19_target_any_fosk():
    """IP-M19-TARGET (modifier 19, "инвертировать номинал любой фоски из своих карт"): E has 2c and 2s face
    up on successive open circles and the Jd dark; his 6h is home (March in Table 3 after M3: 6, 8, J).
    By default (natural_or_dead_fosk) he may not invert it; under any_fosk it becomes the 10h."""
    hands = {"E": "- Jd 6h 2c 2s - - - -"}
    kw = {"started_at": "2026-05-06T10:30:00", "claims": [claim("E", "M19", card="6h")]}
    with pytest.raises(RulesError, match="M19"):
        prepared(hands, **kw)
    assert card(prepared(hands, readings={"IP-M19-TARGET": "any_fosk"}, **kw), "6h").rank == 10


def test_ip_m20_modified_m20_overrides():
    """IP-M20-MODIFIED (modifier 20, "Модификатор применяется только для неубитых карт по их реальному
    номиналу и масти"): March with four players reads January in Table 3 (8, K, A home): S's dark Kh and
    Ks are home. By default base rule 13 keeps them home and unshifted; under m20_overrides the Kh
    becomes free and the Ks moves up to a Three."""
    hands = {"S": "Kh Ks - - - - - - -"}
    s = prepared(hands)
    assert (card(s, "Kh").state, card(s, "Ks").state, card(s, "Ks").rank) == ("home", "home", 13)
    s = prepared(hands, readings={"IP-M20-MODIFIED": "m20_overrides"})
    assert card(s, "Kh").state == "free" and card(s, "Ks").rank == 3


def test_ip_m20_choice_croupier():
    """IP-M20-CHOICE (modifier 20, "один из этих королей становится свободным, а второй – модифицируется в
    номинале на 3 в ту или иную сторону"): S declares his Kh shifted down (the Kd free); under croupier
    the holder's claim is refused, and without a claim the croupier's call makes the first Giant free and
    moves the other up, whatever IP-MANDATORY-CLAIM says."""
    hands = {"S": "Kd Kc - - - - - - -"}
    kw = {"started_at": "2026-05-06T10:30:00"}
    s = prepared(hands, claims=[claim("S", "M20", card="Kc", direction="down")], **kw)
    assert card(s, "Kc").state == "free" and card(s, "Kd").rank == 10
    with pytest.raises(RulesError, match="croupier"):
        prepared(hands, claims=[claim("S", "M20", card="Kc", direction="down")],
                 readings={"IP-M20-CHOICE": "croupier"}, **kw)
    with pytest.raises(RulesError, match="M20"):
        prepared(hands, readings={"IP-MANDATORY-CLAIM": "refuse"}, **kw)
    s = prepared(hands, readings={"IP-M20-CHOICE": "croupier", "IP-MANDATORY-CLAIM": "refuse"}, **kw)
    assert card(s, "Kd").state == "free" and card(s, "Kc").rank == 3


M23_TIME = "2026-05-06T13:30:00"      # Table 2: Twos wild; Table 3 reads March


def test_ip_m23_obtained_rank_or_suit_changed_into_qh():
    """IP-M23-OBTAINED (modifier 23, "второй – получен с помощью модификаторов, для которых модифицирующим
    элементом является природный фактор"): W's second 'Unicorn of hearts' is his 2c, wild by the hour
    (Table 2). By default (any_card_playable_as_qh) it counts and W cancels M20; under
    rank_or_suit_changed_into_qh no rank or suit was changed into the Qh, and the claim is refused."""
    hands = {"W": "Kh Qh 2c - - - - - Ks", "S": "Kd Kc - - - - - - -"}
    kw = {"started_at": M23_TIME, "claims": [claim("W", "M23", cancels="M20")]}
    assert card(prepared(hands, **kw), "Kd").state == "natural"          # M20 cancelled
    with pytest.raises(RulesError, match="M23"):
        prepared(hands, readings={"IP-M23-OBTAINED": "rank_or_suit_changed_into_qh"}, **kw)


def test_ip_m23_deadline_before_betting_may_start():
    """IP-M23-DEADLINE (modifier 23, "до начала торгов"): W's wild 2c comes in circle 6, after the second
    open circle. By default (before_first_bet) the claim, shown before the first bet, stands; under
    before_betting_may_start the card came too late."""
    hands = {"W": "Kh Qh - - - 2c - - Ks", "S": "Kd Kc - - - - - - -"}
    kw = {"started_at": M23_TIME, "claims": [claim("W", "M23", cancels="M20")]}
    assert card(prepared(hands, **kw), "Kd").state == "natural"
    with pytest.raises(RulesError, match="second open circle"):
        prepared(hands, readings={"IP-M23-DEADLINE": "before_betting_may_start"}, **kw)


FIVE = table(("N", "E", "S", "W", "NW"))
M26_NOVEMBER = "2026-11-04T10:30:00"    # five players: November inverted, February in Table 3 (3, 5, 7, Q)


def test_ip_m26_seat_readings():
    """IP-M26-SEAT (modifier 26, "к игроку, сидящему через одного от сдающего"): five players, N deals. S
    (position 2) and W (position 3 = n-2) both get a spade fosk in the second open circle and NW's Kh
    shows on the next circle. second_clockwise (the default) makes S's 9s wild, second_counterclockwise
    W's 8s, both_sides both."""
    hands = {"S": "- - - - 9s - - - -", "W": "- - - - 8s - - - -", "NW": "- - - - - Kh - - -"}

    def wild(readings):
        s = prepared(hands, tbl=FIVE, started_at=M26_NOVEMBER, readings=readings)
        return card(s, "9s").state == "wild", card(s, "8s").state == "wild"

    assert wild({}) == (True, False)
    assert wild({"IP-M26-SEAT": "second_counterclockwise"}) == (False, True)
    assert wild({"IP-M26-SEAT": "both_sides"}) == (True, True)


M26_DECEMBER = "2026-02-04T10:30:00"    # four players: December in Table 3 (2, 7, Q, K home)


def test_ip_m26_card_state_natural_only():
    """IP-M26-CARD-STATE natural_only (modifier 26, "если на следующем круге засветится Великан черв"): W's
    Kh on the next circle is home by Table 3. By default (live_any_state) it shows and S's 8s is wild;
    under natural_only a home Kh is no 'Giant of hearts', the 8s stays natural and S's face-up 5s dies."""
    hands = {"S": "- - - - 8s - 5s - -", "W": "- - - - - Kh - - -"}
    s = prepared(hands, started_at=M26_DECEMBER)
    assert card(s, "Kh").state == "home" and card(s, "8s").state == "wild" and card(s, "5s").state != "dead"
    s = prepared(hands, started_at=M26_DECEMBER, readings={"IP-M26-CARD-STATE": "natural_only"})
    assert card(s, "8s").state == "natural" and card(s, "5s").state == "dead"


def test_ip_m26_card_state_any_incl_dead():
    """IP-M26-CARD-STATE any_incl_dead (modifier 26, "засветится Великан черв"): deal 2 (E deals, W is
    second), 12:30: Table 2 kills the Giants. N's dead Kh on the next circle does not show by default and
    W's 8s stays natural; under any_incl_dead it counts and the 8s is wild."""
    hands = {"W": "- - - - 8s - - - -", "N": "- - - - - Kh - - -"}
    kw = {"number": 2, "started_at": "2026-02-04T12:30:00"}
    s = prepared(hands, **kw)
    assert card(s, "Kh").state == "dead" and card(s, "8s").state == "natural"
    s = prepared(hands, readings={"IP-M26-CARD-STATE": "any_incl_dead"}, **kw)
    assert card(s, "8s").state == "wild"


def test_ip_m26_card_state_natural_only_modifying_card_of_m28():
    """IP-M26-CARD-STATE natural_only (modifier 28, "Четверка пик становится инкрементирующей"): deal 2 at
    08:20 (Nines dead), July reads May in Table 3 (4, 7, A home): E's 4s is home. By default it is still
    incrementing and raises his dead 9h to the 10h; under natural_only a home Four is no modifying card
    and the claim is refused."""
    hands = {"E": "4s 9h - - - - - - -"}
    kw = {"number": 2, "started_at": "2026-07-01T08:20:00", "claims": [claim("E", "M28", target="9h")]}
    s = prepared(hands, **kw)
    assert card(s, "4s").state == "home" and card(s, "9h").rank == 10
    with pytest.raises(RulesError, match="M28"):
        prepared(hands, readings={"IP-M26-CARD-STATE": "natural_only"}, **kw)


def test_ip_m29_same_freeze_only():
    """IP-M29-SAME (modifier 29, "Порядок действия тот же что и в предыдущем пункте"): deal 2 at 10:30
    (Elves dead); E's Kc is free by M20, so his 7d is incrementing. By default (all_of_28) it revives and
    raises his dead Jh to a frozen Qh; under freeze_only the target must be natural and the claim is
    refused."""
    hands = {"E": "Kd Kc 7d Jh - - - - -"}
    kw = {"number": 2, "started_at": "2026-05-06T10:30:00",
          "claims": [claim("E", "M20", card="Kc", direction="down"), claim("E", "M29", target="Jh")]}
    s = prepared(hands, **kw)
    c = card(s, "Jh")
    assert (c.rank, c.state, c.frozen) == (12, "natural", True)
    with pytest.raises(RulesError, match="M29"):
        prepared(hands, readings={"IP-M29-SAME": "freeze_only"}, **kw)


def test_ip_m32_each_one_choice_for_both():
    """IP-M32-EACH (modifier 32, "Черные 6 могут быть инкрементирующими или декрементирующими"): deal 2 at
    11:20 (Unicorns dead): E holds both red Unicorns dead and both black Sixes. By default (per_six) his
    6c raises the 3s and his 6s lowers the 9h; under one_choice_for_both the second Six must go the same
    way."""
    hands = {"E": "Qh Qd 6c 6s 3s 9h - - -"}
    kw = {"number": 2, "started_at": "2026-03-04T11:20:00",
          "claims": [claim("E", "M32", card="6c", direction="incrementing", target="3s"),
                     claim("E", "M32", card="6s", direction="decrementing", target="9h")]}
    s = prepared(hands, **kw)
    assert (card(s, "3s").rank, card(s, "9h").rank) == (4, 8)
    with pytest.raises(RulesError, match="IP-M32-EACH"):
        prepared(hands, readings={"IP-M32-EACH": "one_choice_for_both"}, **kw)


def test_ip_m19_dead_by_table_2():
    """IP-M19-DEAD (modifier 19, "Модификатор применим также для убитых карт"): deal 2 at 16:30, Table 2
    kills the Fours. N (2c, 2s face up on successive open circles, Jd dark) inverts his dead 4h. By
    default (rejudged_by_rules) the Qh is judged again and lives; under stays_dead it takes the rank and
    stays dead; under always_revived it lives."""
    hands = {"N": "4h Jd - 2c 2s - - - -"}              # deal 2: E deals, N is the third hand
    kw = {"number": 2, "started_at": "2026-03-04T16:30:00", "claims": [claim("N", "M19", card="4h")]}

    def judged(readings):
        c = card(prepared(hands, readings=readings, **kw), "4h")
        return c.rank, c.state != "dead"

    assert judged({}) == (12, True)
    assert judged({"IP-M19-DEAD": "stays_dead"}) == (12, False)
    assert judged({"IP-M19-DEAD": "always_revived"}) == (12, True)


def test_ip_m19_dead_by_a_modifier():
    """IP-M19-DEAD (modifier 19, "Модификатор применим также для убитых карт"): W's 10h in the first open
    circle (M7) kills E's dark 7c; E inverts it to the 9c. By default (rejudged_by_rules) modifier 7
    still reads the Seven and it stays dead, as under stays_dead; under always_revived it lives."""
    hands = {"E": "7c Jd - 2c 2s - - - -", "W": "- - - 10h - - - - -"}
    kw = {"claims": [claim("E", "M19", card="7c")]}

    def judged(readings):
        c = card(prepared(hands, readings=readings, **kw), "7c")
        return c.rank, c.state != "dead"

    assert judged({}) == (9, False)
    assert judged({"IP-M19-DEAD": "stays_dead"}) == (9, False)
    assert judged({"IP-M19-DEAD": "always_revived"}) == (9, True)


M21_HANDS = {"E": "7c Ah - - Ks - - - -", "S": "- - - Qd - - - - -", "W": "- - - 10h - - - - -"}


def test_ip_m21_dead_escapes_rank_or_suit_tied_kill():
    """IP-M21-DEAD (modifier 21, "повысить номинал одной из своих убитых фосок на 4"): M7 (W's 10h) killed
    E's dark 7c; E raises it by 4 to the Jc. By default it stays dead; under
    escapes_rank_or_suit_tied_kill M7's kill of a Seven no longer fits the Jack and it lives. Only
    inverting the suit (7d) leaves it a Seven, dead under both readings."""
    up = {"claims": [claim("E", "M21", card="7c", direction="up")]}
    rd = {"IP-M21-DEAD": "escapes_rank_or_suit_tied_kill"}
    c = card(prepared(M21_HANDS, **up), "7c")
    assert (c.rank, c.state) == (11, "dead")
    c = card(prepared(M21_HANDS, readings=rd, **up), "7c")
    assert (c.rank, c.state) == (11, "natural")
    suit = {"claims": [claim("E", "M21", card="7c", suit="d")]}
    c = card(prepared(M21_HANDS, readings=rd, **suit), "7c")
    assert (c.suit, c.state) == ("d", "dead")


def test_ip_m21_previous_target_only():
    """IP-M21-PREVIOUS (modifier 21, "Модификатор можно применять с учетом предыдущих модификаторов"): S
    lowers his face-up Ad by 2 under M17 (2s, 8s, As): a real Qd, neighbour of E's face-up Ks in the next
    circle, so E (Ah dark) may raise his dead 7c. Under target_only the Unicorn of diamonds is read as
    dealt, an Ad, and E has no right."""
    hands = {"E": "7c Ah - - Ks - - - -", "S": "2s 8s As Ad - - - - -", "W": "- - - 10h - - - - -"}
    kw = {"started_at": "2026-11-04T10:30:00",         # September in Table 3 (3, 5, J): the Ad is natural
          "claims": [claim("S", "M17", card="Ad"), claim("E", "M21", card="7c", direction="up")]}
    s = prepared(hands, **kw)
    assert card(s, "Ad").rank == 12 and card(s, "7c").rank == 11
    with pytest.raises(RulesError, match="M21"):
        prepared(hands, readings={"IP-M21-PREVIOUS": "target_only"}, **kw)


def test_ip_m30_reread_readings():
    """IP-M30-REREAD (modifier 30, "к ним становятся применимы модификаторы в соответствии с их новым
    номиналом"): deal 2 at 10:20 (Table 2 kills the Elves; Table 3 reads January: 8, K, A home). S's dead
    Jh lowers his 9d of the last open circle to the 8d; his card of the first open circle is the 5c. By
    default (later_modifiers) the 8d stays natural: Table 3 is not applied again and modifier 25 has
    passed. Under modifiers_and_rules Table 3 makes the Eight home; under rerun_all_modifiers modifier 25
    (a black Five in the first open circle, an Eight in the last) makes it wild, and Table 3 still reads
    a Nine."""
    hands = {"S": "Jh - - 5c - - - 9d -"}             # deal 2: E deals, S is the first hand
    kw = {"number": 2, "started_at": "2026-03-04T10:20:00", "claims": [claim("S", "M30", target="9d")]}

    def judged(readings):
        c = card(prepared(hands, readings=readings, **kw), "9d")
        return c.rank, c.state

    assert judged({}) == (8, "natural")
    assert judged({"IP-M30-REREAD": "modifiers_and_rules"}) == (8, "home")
    assert judged({"IP-M30-REREAD": "rerun_all_modifiers"}) == (8, "wild")


def test_ip_m30_reread_modifiers_and_rules_keeps_earlier_modifiers_off():
    """IP-M30-REREAD modifiers_and_rules (modifier 30, "к ним становятся применимы модификаторы"): in April
    (Table 3: 2, 10, K home) no table touches the new 8d, and modifier 25, before 30, does not judge it
    again: it stays natural, while under rerun_all_modifiers modifier 25 makes it wild."""
    hands = {"S": "Jh - - 5c - - - 9d -"}
    kw = {"number": 2, "started_at": "2026-06-03T10:20:00", "claims": [claim("S", "M30", target="9d")]}
    s = prepared(hands, readings={"IP-M30-REREAD": "modifiers_and_rules"}, **kw)
    assert (card(s, "9d").rank, card(s, "9d").state) == (8, "natural")
    s = prepared(hands, readings={"IP-M30-REREAD": "rerun_all_modifiers"}, **kw)
    assert (card(s, "9d").rank, card(s, "9d").state) == (8, "wild")


def test_ip_m33_game_end_carries():
    """IP-M33-GAME-END (modifier 33, "на две партии начиная с текущей"): modifier 33 fired in deal 5, the
    last deal of the previous Game at the table (the sitting document's previous_game). In that Game's
    deal 6 modifier 34 would be cancelled. By default (ends_with_game) the window ends with the Game and
    34 acts in the new Game's deal 1; under carries it is cancelled there, and acts again in deal 2."""
    from rules.engines.dragon.game import DealRecord, GameHistory

    before = [DealRecord(number=n, winners=(), winning_hands=(), carry={}) for n in range(1, 5)]
    fired = DealRecord(number=5, winners=(), winning_hands=(), carry={"M33": 6})
    assert prepared({}, number=6, history=GameHistory([*before, fired])).is_cancelled(34)
    new_game = GameHistory(previous_game=[*before, fired])
    assert not prepared({}, number=1, history=new_game).is_cancelled(34)
    carries = {"IP-M33-GAME-END": "carries"}
    assert prepared({}, number=1, history=new_game, readings=carries).is_cancelled(34)
    first = DealRecord(number=1, winners=(), winning_hands=(), carry={})
    second = GameHistory([first], previous_game=[*before, fired])
    assert not prepared({}, number=2, history=second, readings=carries).is_cancelled(34)


def test_ip_m30_reread_readings_for_m32():
    """IP-M30-REREAD (modifier 32, "могут быть модифицированы по другим модификаторам в соответствии с их
    новым номиналом"): deal 2 at 11:20 (Table 2 kills the Unicorns; Table 3 reads January: 8, K, A home).
    E holds both red Unicorns dead; his 6c of the first open circle, declared decrementing, lowers his 9d
    of the last open circle to the 8d: natural by default, home under modifiers_and_rules, wild by
    modifier 25 under rerun_all_modifiers."""
    hands = {"E": "Qh Qd - 6c - - - 9d -"}
    kw = {"number": 2, "started_at": "2026-03-04T11:20:00",
          "claims": [claim("E", "M32", card="6c", direction="decrementing", target="9d")]}

    def judged(readings):
        c = card(prepared(hands, readings=readings, **kw), "9d")
        return c.rank, c.state

    assert judged({}) == (8, "natural")
    assert judged({"IP-M30-REREAD": "modifiers_and_rules"}) == (8, "home")
    assert judged({"IP-M30-REREAD": "rerun_all_modifiers"}) == (8, "wild")


WITH_M90 = frozenset(range(34, 101)) - {90}     # modifier 90: overcast weather (the table's default)


def test_ip_m28_when_final_state():
    """IP-M28-WHEN (modifier 28, "если у него на руках есть убитая червовая карта"): modifier 90 (overcast)
    kills the red honors even players (E: North is 1) got in the second open circle, E's Jh among them,
    after modifier 28 was processed. By default (in_order) E had no dead heart then and his claim is
    refused; under final_state the dead Jh counts and his 4s raises the 7c."""
    hands = {"E": "4s 7c - - Jh - - - -"}
    kw = {"disabled": WITH_M90, "claims": [claim("E", "M28", target="7c")],
          "tbl": replace(table(), weather="overcast")}
    with pytest.raises(RulesError, match="M28"):
        prepared(hands, **kw)
    s = prepared(hands, readings={"IP-M28-WHEN": "final_state"}, **kw)
    assert card(s, "Jh").state == "dead" and (card(s, "7c").rank, card(s, "7c").frozen) == (8, True)


def test_ip_m28_when_final_state_for_m30():
    """IP-M28-WHEN final_state (modifier 30, "но только в том случае, если он убит"): E's Jh of the second
    open circle dies by modifier 90 after modifier 30 was processed: it gives E no right by default, and
    under final_state it lowers his 7c to the 6c."""
    hands = {"E": "- 7c - - Jh - - - -"}
    kw = {"disabled": WITH_M90, "claims": [claim("E", "M30", target="7c")],
          "tbl": replace(table(), weather="overcast")}
    with pytest.raises(RulesError, match="M30"):
        prepared(hands, **kw)
    assert card(prepared(hands, readings={"IP-M28-WHEN": "final_state"}, **kw), "7c").rank == 6


def test_ip_m29_when_final_state():
    """IP-M29-WHEN (modifier 29, "если у него на руках есть свободный онеры треф"): at 19:30 modifier 47
    (evening) makes E's natural Kc free, after modifier 29 was processed. By default (in_order) E has no
    free club honor at 29's turn and his claim is refused; under final_state the Kc counts and his 7d
    raises the 9s to a frozen 10s."""
    hands = {"E": "7d Kc 9s - - - - - -"}
    kw = {"started_at": "2026-05-06T19:30:00", "disabled": frozenset(range(34, 101)) - {47},
          "claims": [claim("E", "M29", target="9s")]}
    with pytest.raises(RulesError, match="M29"):
        prepared(hands, **kw)
    s = prepared(hands, readings={"IP-M29-WHEN": "final_state"}, **kw)
    assert card(s, "Kc").state == "free" and (card(s, "9s").rank, card(s, "9s").frozen) == (10, True)


def test_ip_m13_nine_final_state():
    """IP-M13-NINE (modifier 13, "с учетом всех возможных модификаторов"): deal 2 at 14:30 in June (April in
    Table 3: 2, 10, K home): N's dark Kc is home, so 'already modified'. N has no red Nine or black Eight
    when modifier 13 is processed: by default the Kc stays home. Modifier 24 (his Jd in the penultimate
    open circle, his 6c in circle 4) then makes the 6c wild; under final_state that wild card counts as
    the red Nine and the Kc becomes wild."""
    hands = {"S": "2d - - - - - - 10s -", "W": "- - - - - - - Jc -", "N": "3h Kc 5c 6c 7c 4c Jd Jh 2s",
             "E": "- - - Ks - - - - 4d"}
    kw = {"number": 2, "started_at": "2026-06-03T14:30:00"}
    s = prepared(hands, **kw)
    assert card(s, "6c").state == "wild" and card(s, "Kc").state == "home"
    s = prepared(hands, readings={"IP-M13-NINE": "final_state"}, **kw)
    assert card(s, "Kc").state == "wild"


def test_ip_m2_source_any_source():
    """IP-M2-SOURCE (modifier 2, "приходит отмененная по этому модификатору дикая карта"): 30 March 2000,
    12:30 (Dragons wild): W has no wild cards (M1), so his dark Ac is stripped (home: January in Table
    3). His card of the first open circle is the 6c, which modifier 24 (his Kd in the penultimate open
    circle, the 6c in circle 4) makes wild after M1 and M2. By default (base_rules_2_16) that is no card
    M1 cancelled and the Ac stays stripped; under any_source the 6c annuls M1 and the Ac is wild."""
    hands = {"W": "Ac - - 6c - - Kd - -"}
    when = "2000-03-30T12:30:00"
    s = prepared(hands, started_at=when)
    assert (card(s, "6c").state, card(s, "Ac").state) == ("wild", "home")
    s = prepared(hands, started_at=when, readings={"IP-M2-SOURCE": "any_source"})
    assert (card(s, "6c").state, card(s, "Ac").state) == ("wild", "wild") and s.is_cancelled(1)


def test_ip_m2_source_any_source_with_a_standing_ban():
    """IP-M2-SOURCE any_source with IP-M1-LAYER persistent (modifier 1, "не имеет диких карт"; modifier 2,
    "аннулирует модификатор 1 для всех его карт"): M1's ban refuses modifier 24's wildness for W's 6c;
    the 6c would be wild but for modifier 1, so under any_source it annuls M1 and both the 6c and the Ac
    are wild, while under base_rules_2_16 neither is."""
    hands = {"W": "Ac - - 6c - - Kd - -"}
    when = "2000-03-30T12:30:00"
    s = prepared(hands, started_at=when, readings={"IP-M1-LAYER": "persistent"})
    assert (card(s, "6c").state, card(s, "Ac").state) == ("natural", "home")
    s = prepared(hands, started_at=when, readings={"IP-M1-LAYER": "persistent", "IP-M2-SOURCE": "any_source"})
    assert (card(s, "6c").state, card(s, "Ac").state) == ("wild", "wild")


def test_ip_m3_both_last_match_only():
    """IP-M3-BOTH last_match_only (modifier 3, "Если количество игроков кратно 3 – месяц сдвигается на 1
    вперед, если кратно 2 – на 2 назад"): six players are a multiple of 3 and of 2. In March Table 3 reads
    February by default (+1 then -2: 3, 5, 7, Q home), April under first_match_only (2, 10, K) and January
    under last_match_only (8, K, A)."""
    six = table(("N", "NE", "E", "SE", "S", "SW"))
    hands = {"E": "10c 7c 8c - - - - - -"}

    def home(readings):
        s = prepared(hands, tbl=six, readings=readings)
        return [c for c in ("10c", "7c", "8c") if card(s, c).state == "home"]

    assert home({}) == ["7c"]
    assert home({"IP-M3-BOTH": "first_match_only"}) == ["10c"]
    assert home({"IP-M3-BOTH": "last_match_only"}) == ["8c"]


def test_ip_m4_second_second_seat_clockwise():
    """IP-M4-SECOND second_seat_clockwise (modifier 4, "Если второй от сдающей тоже сидит женщина"): N deals
    and is a woman, so is S. June with four players reads April in Table 3 (2, 10, K home). By default the
    second from her is the second occupied seat clockwise, S: case B, the 10c stays home and the home Kd
    becomes free. Read as the compass seat two places clockwise, it is E, a man (case A: no home cards),
    and at a table N, SE, S, W that seat is empty: no second woman, case A again."""
    when = "2026-06-03T10:30:00"
    for seats, holder in ((("N", "E", "S", "W"), "E"), (("N", "SE", "S", "W"), "SE")):
        tbl = table(seats, N={"sex": "f"}, S={"sex": "f"})
        hands = {holder: "10c Kd - - - - - - -"}
        s = prepared(hands, tbl=tbl, started_at=when)
        assert (card(s, "10c").state, card(s, "Kd").state) == ("home", "free")
        s = prepared(hands, tbl=tbl, started_at=when, readings={"IP-M4-SECOND": "second_seat_clockwise"})
        assert (card(s, "10c").state, card(s, "Kd").state) == ("natural", "natural")


def test_ip_m4_second_second_seat_clockwise_for_m11():
    """IP-M4-SECOND second_seat_clockwise for modifier 11 ("в третьем открытом круге на вторую от сдающего
    руку приходит фоска черв"): seats N, E, S, NW, N deals. S's 10s in the first open circle kills E's
    face-up 7d (M7). S, the second occupied seat, gets the 5h in the third open circle: the 7d revives by
    default. The seat two places clockwise from N is E, who got no heart fosk: the 7d stays dead."""
    tbl = table(("N", "E", "S", "NW"))
    hands = {"E": "- - - 7d - 9c - - -", "S": "- - - 10s - 5h - - -"}
    assert card(prepared(hands, tbl=tbl), "7d").state == "natural"
    s = prepared(hands, tbl=tbl, readings={"IP-M4-SECOND": "second_seat_clockwise"})
    assert card(s, "7d").state == "dead"


def test_ip_m10_next_both_ranks_both_players():
    """IP-M10-NEXT both_ranks_both_players (modifier 10, "убиваются красные карты номиналом на 2 ниже
    оживших у игроков, сидящих следующими по кругу"): deal 2 at 12:30, E deals (play order S, W, N, E);
    Table 2 kills the Giants: E's face-up Kc is dead, and S's 6d in the second open circle kills W's
    face-up Js (M8). E and W sit opposite: both revive. By default S (after E) loses his red Jacks and N
    (after W) his red Nines: the Jd and 9d die, the 9h and Jh live. Under both_ranks_both_players S and N
    both lose the red Jacks and Nines."""
    hands = {"E": "- - - Kc - - - - -", "W": "- - - Js - - - - -", "S": "Jd 9h - - 6d - - - -",
             "N": "Jh 9d - - - - - - -"}
    kw = {"number": 2, "started_at": "2026-02-04T12:30:00"}

    def dead(readings):
        s = prepared(hands, readings=readings, **kw)
        assert card(s, "Kc").state != "dead" and card(s, "Js").state != "dead"
        return [c for c in ("Jd", "9h", "Jh", "9d") if card(s, c).state == "dead"]

    assert dead({}) == ["Jd", "9d"]
    assert dead({"IP-M10-NEXT": "both_ranks_both_players"}) == ["Jd", "9h", "Jh", "9d"]


def test_ip_m15_tie_all_tied_suits():
    """IP-M15-TIE all_tied_suits (modifier 15, "Дракон масти, в которой сдана наименьшая по номиналу карта в
    открытых кругах и Дракон противоположной масти"): deal 1 at 15:30 (Table 2: Fours wild, none face up);
    E's 2h and S's 2c are the lowest face-up cards. Deal 1 plays the inverted suit order (base rule 20),
    where hearts are below clubs: by default the 2h counts, and the Dragons of hearts and spades are wild,
    N's Ad is not. Under all_tied_suits the 2c counts too: the Ad (clubs' opposite suit) is wild as well."""
    hands = {"E": "Ah - - 2h 9c 8c 7c 5c -", "S": "- - - 9h 2c 7h 5h 5d -", "W": "- As - 9s 8s 7s 5s Jc -",
             "N": "- - Ad Jd 8d 7d Js Kc -"}
    when = "2026-05-06T15:30:00"
    s = prepared(hands, started_at=when)
    assert s.suit_order == "inverted"
    assert [card(s, c).state for c in ("Ah", "As", "Ad")] == ["wild", "wild", "natural"]
    s = prepared(hands, started_at=when, readings={"IP-M15-TIE": "all_tied_suits"})
    assert [card(s, c).state for c in ("Ah", "As", "Ad")] == ["wild", "wild", "wild"]


def test_ip_m24_even_even_number_face_up_only():
    """IP-M24-EVEN even_number_face_up_only (modifier 24, "если на четном круге у него появилась 6"): S's Kd
    in the penultimate open circle (7); his 6c came in circle 2, dealt dark, and his 6h in circle 5. By
    default circle 2 is an even circle and both Sixes are wild; read as an even circle dealt face up, no
    Six 'appeared' in one and both stay natural. A Six face up in circle 4 fires it under either reading."""
    reading = {"IP-M24-EVEN": "even_number_face_up_only"}
    hands = {"S": "- 6c - - 6h - Kd - -"}
    s = prepared(hands)
    assert (card(s, "6c").state, card(s, "6h").state) == ("wild", "wild")
    s = prepared(hands, readings=reading)
    assert (card(s, "6c").state, card(s, "6h").state) == ("natural", "natural")
    s = prepared({"S": "- 6c - 6h - - Kd - -"}, readings=reading)
    assert (card(s, "6c").state, card(s, "6h").state) == ("wild", "wild")


def test_ip_m11_rule22_count_every_touch():
    """IP-M11-RULE22 (modifier 11, "оживают убитые карты ... если они были убиты по предыдущим модификаторам
    (7- 10)"; modifier 8, "следующая ... Шестерка аннулирует предыдущую"; base rule 22, "К одной и той же
    карте не могут быть применены условные модификаторы более трех раз"): deal 2 at 12:30, E deals and is a
    woman (W, the second, is not): Table 3 reads March (6, 8, J home), Table 2 kills the Giants. E's face-up
    Jh of the first open circle is home until modifier 4 takes that away (one application). S's 6c and W's
    6d follow each other in the second open circle: the next Six annuls the first, the Jh is not killed.
    N's and S's dead face-up Kc and Ks revive (modifier 10) and E, after N, loses his red Jacks: the Jh dies
    (two applications). W, the second hand, gets the 5h in the third open circle. By default the annulled
    Six counts for nothing and modifier 11's revival is the Jh's third application: it lives. Under
    count_every_touch the annulled Six used a slot: the revival would be a fourth, and the Jh stays dead."""
    tbl = table(E={"sex": "f"})
    hands = {"E": "- - - Jh - - - - -", "S": "- - - Ks 6c - - - -", "W": "- - - - 6d 5h - - -",
             "N": "- - - Kc - - - - -"}
    kw = {"tbl": tbl, "number": 2, "started_at": "2026-05-06T12:30:00"}
    c = card(prepared(hands, **kw), "Jh")
    assert (c.state, c.mods) == ("natural", (4, 10, 11))
    s = prepared(hands, readings={"IP-M11-RULE22": "count_every_touch"}, **kw)
    c = card(s, "Jh")
    assert (c.state, c.mods, c.killed_by) == ("dead", (4, 8, 10), "M10")
    assert any(e.source == "B22" and "M11" in e.text for e in s.trace)


def test_ip_m11_rule22_count_every_touch_keeps_the_card_alive():
    """IP-M11-RULE22 count_every_touch (modifier 7, "вторая Десятка, сданная на открытых кругах, аннулирует
    предыдущую"; modifier 9, "Единорог, пришедший в любом темном круге, аннулирует предыдущий для игрока, к
    которому он пришел"): W's 10h of the first open circle is annulled by N's 10c, and E's dark 7c lives.
    N's Qc, the last face-up card, kills E's face-up 5h, but S's Qd of the dark circle 9 spares his 5s.
    Both spared cards live under both readings; only under count_every_touch has the annulled kill used
    one of their three slots."""
    hands = {"E": "7c - - - 5h - - - -", "W": "- - - 10h - - - - -", "N": "- - - 10c - - - Qc -",
             "S": "- - - - - - 5s - Qd"}
    s = prepared(hands)
    assert card(s, "5h").state == "dead"
    assert [(card(s, c).state, card(s, c).mods) for c in ("7c", "5s")] == [("natural", ()), ("natural", ())]
    s = prepared(hands, readings={"IP-M11-RULE22": "count_every_touch"})
    assert card(s, "5h").state == "dead"
    assert [(card(s, c).state, card(s, c).mods) for c in ("7c", "5s")] == [("natural", (7,)), ("natural", (9,))]
    assert not card(s, "7c").modified and not card(s, "5s").modified


ANY_PLAYER = {"IP-INCDEC-TARGET": "any_player"}


def test_ip_incdec_target_any_player_for_m28():
    """IP-INCDEC-TARGET any_player (modifier 28, "Четверка пик становится инкрементирующей для игрока, к
    которому она пришла"; definition 17, "повышает номинал модифицируемой карты на 1"): deal 2 at 08:20,
    Table 2 kills the Nines, so E's 9h is a dead heart and his 4s is incrementing. He names S's natural 7c:
    by default the target is one of his own cards and the claim is refused; under any_player the 7c plays
    as a frozen Eight."""
    hands = {"E": "4s 9h - - - - - - -", "S": "7c - - - - - - - -"}
    kw = {"number": 2, "started_at": "2026-03-04T08:20:00", "claims": [claim("E", "M28", target="7c")]}
    with pytest.raises(RulesError, match="E holds no 7c"):
        prepared(hands, **kw)
    c = card(prepared(hands, readings=ANY_PLAYER, **kw), "7c")
    assert (c.player, c.rank, c.frozen) == ("S", 8, True)


def test_ip_incdec_target_any_player_two_decks():
    """IP-INCDEC-TARGET any_player (modifier 28): six players play two decks; S and SW both hold an 8c, so
    E's claim naming the 8c names no one card and is refused; naming his own 8d it stands."""
    six = table(("N", "NE", "E", "SE", "S", "SW"))
    hands = {"E": "4s 9h 8d - - - - - -", "S": "8c - - - - - - - -", "SW": "8c - - - - - - - -"}
    kw = {"tbl": six, "number": 2, "started_at": "2026-03-04T08:20:00", "readings": ANY_PLAYER}
    with pytest.raises(RulesError, match="8c is in 2 hands"):
        prepared(hands, claims=[claim("E", "M28", target="8c")], **kw)
    assert card(prepared(hands, claims=[claim("E", "M28", target="8d")], **kw), "8d").rank == 9


def _only(*numbers: int):
    from rules.engines.dragon.presets import Ruleset

    return {"disabled": None, "ruleset": Ruleset(f"only-{numbers}", "the modifiers under test",
                                                 disabled=frozenset(range(1, 101)) - set(numbers), club_tables=False)}


@pytest.mark.parametrize(("number", "hands", "tbl", "declared", "target", "rank"), [
    (45, {"E": "9c 5c - - Ks Qh - - -", "S": "8c - - - - - - - -"}, None,
     {"card": "Qh", "direction": "incrementing"}, "8c", 9),
    (46, {"E": "9c Kh Qh 7c - - - - -", "S": "8d - - - - - - - -"}, None,
     {"card": "Qh", "direction": "decrementing"}, "8d", 7),
    (52, {"NE": "Qh - - - - - - - -", "S": "7c - - - - - - - -"}, ("N", "NE", "S", "W"),
     {"card": "Qh"}, "7c", 8),
    (68, {"E": "- - - 6c 2d 4h 9s Kc -", "S": "9h - - - - - - - -"}, None, {"card": "4h"}, "9h", 10),
    (69, {"E": "- - - 5s Kh 2d 8c 7d -", "S": "9h - - - - - - - -"}, None, {"card": "5s"}, "9h", 8),
])
def test_ip_incdec_target_any_player_for_other_modifiers(number, hands, tbl, declared, target, rank):
    """IP-INCDEC-TARGET any_player read by the other incrementing / decrementing modifiers: modifier 45
    ("может объявить одну из карт альянса инкрементирующей"), 46 (an alliance of one suit: the Qh
    decrementing, the Kh free), 52 ("присвоить одному из своих красных онеров статус инкрементирующего"),
    68 ("последняя из этих карт ... становится инкрементирующей") and 69 ("первая из этих карт ...
    становится декрементирующей"), each alone: the claim names another player's card, refused by default,
    changed by one rank under any_player."""
    owner = next(p for p in hands if p != "S")
    claims = [claim(owner, f"M{number}", target=target, **declared)]
    if number == 46:
        claims.append(claim(owner, "M46", card="Kh", direction="free"))
    kw = {"claims": claims, "tbl": table(tbl) if tbl else None, **_only(number)}
    with pytest.raises(RulesError, match=f"{owner} holds no {target}"):
        prepared(hands, **kw)
    c = card(prepared(hands, readings=ANY_PLAYER, **kw), target)
    assert (c.player, c.rank) == ("S", rank)


# ---------------------------------------------------------------------------- IP-M33-CARRY
def test_ip_m33_carry_is_registered_with_the_notes_readings():
    """Base rule 12 and the modifier notes (26-50): IP-M33-CARRY, default suppress_all, alternatives
    suppress_new_only and pause_windows; modifiers 33 and 34 both name it."""
    from rules.engines.dragon.modifiers.base import registry as modifiers

    point = get("IP-M33-CARRY")
    assert (point.default, point.alternatives) == ("suppress_all", ("suppress_new_only", "pause_windows"))
    assert "IP-M33-CARRY" in modifiers()[33].readings and "IP-M33-CARRY" in modifiers()[34].readings


def _m34_deal(hands, number, carried, reading):
    """Deal ``number`` of four players at 08:20 on a Sunday (Table 2: Tens wild) with one saint image in
    the room (modifier 34), after deals 1..number-1 whose ``carry`` is given by deal number."""
    from rules.engines.dragon.game import DealRecord

    from .test_modifiers_cards import SAINT, SUNDAY_0820, history, quiet_table
    from .test_modifiers_cards import prepared as prepared_cards

    h = history(*[DealRecord(number=n, winners=(), winning_hands=(), carry=carried.get(n, {}))
                  for n in range(1, number)])
    return prepared_cards(hands, tbl=quiet_table(room=SAINT), number=number, started_at=SUNDAY_0820, history=h,
                          readings={"IP-M33-CARRY": reading})


def test_ip_m33_carry_suppress_new_only_keeps_the_sets_of_earlier_deals():
    """IP-M33-CARRY, modifier 33 ("Если в открытых кругах были засвечены Великан, Единорог и Эльф одной
    масти, то это отменяет действие модификатора 34 на две партии начиная с текущей") and modifier 34
    ("Модификатор действует в течении текущей партии и двух последующих; действие модификатора –
    аккумулятивное"). Deal 9 left the set Eights-Tens; in deal 10 the Kc, Qc and Jc show face up. By default
    (suppress_all) 34 does not act at all: W's 10c, wild by Table 2, stays wild, and so in deal 11. Under
    suppress_new_only 34 makes no new set in deal 10, but deal 9's set still acts in deals 10 and 11: the
    10c plays plain."""
    hands = {"W": "10c - - Kc - - - - -", "S": "- - - - Qc - - - -", "N": "- - - - - Jc - - -"}
    carried = {9: {"M34": [8, 9, 10]}}
    s = _m34_deal(hands, 10, carried, "suppress_all")
    assert s.is_cancelled(34) and card(s, "10c").state == "wild" and s.carry["M33"] == 11
    s = _m34_deal(hands, 10, carried, "suppress_new_only")
    assert not s.is_cancelled(34) and card(s, "10c").state == "natural"
    assert "M34" not in s.carry                                     # deal 10's own set {5, 6, 7} is not made
    carried = {9: {"M34": [8, 9, 10]}, 10: {"M33": 11}}
    assert card(_m34_deal({"S": "10c - - - - - - - -"}, 11, carried, "suppress_all"), "10c").state == "wild"
    assert card(_m34_deal({"S": "10c - - - - - - - -"}, 11, carried, "suppress_new_only"), "10c").state == "natural"


def test_ip_m33_carry_pause_windows_holds_a_set_over_the_covered_deals():
    """IP-M33-CARRY pause_windows, modifiers 33 and 34 ("действует в течении текущей партии и двух
    последующих"): deal 9's set Eights-Tens, modifier 33 fired in deal 10 (deals 10 and 11 covered). By
    default the set's three deals (9-11) have run out by deal 12, whose own set is Twos-Sevens: W's 10c is
    wild; suppress_new_only reads the windows by deal number too. Under pause_windows deals 10 and 11 do not
    count: deal 9's set acts in deal 12 and the 10c plays plain; in deals 10 and 11 34 still does not act."""
    carried = {9: {"M34": [8, 9, 10]}, 10: {"M33": 11}}
    hand = {"W": "10c - - - - - - - -"}
    assert card(_m34_deal(hand, 12, carried, "suppress_all"), "10c").state == "wild"
    assert card(_m34_deal(hand, 12, carried, "suppress_new_only"), "10c").state == "wild"
    s = _m34_deal(hand, 12, carried, "pause_windows")
    assert card(s, "10c").state == "natural" and s.carry["M34"] == [2, 3, 4, 5, 6, 7]
    s = _m34_deal({"S": "10c - - - - - - - -"}, 11, carried, "pause_windows")
    assert s.is_cancelled(34) and card(s, "10c").state == "wild"


# ---------------------------------------------------------------------------- IP-M14-NATURALNESS
M14_NAT_TIME = "2026-03-04T13:30:00"    # deal 2: the three face-up Dragons are dead (base rule 17)
M14_NAT_HAND = {"N": "9h 9d 9c Ad Ac Ah 10s Kc 3d"}


def _m14_hand(inverted: str, readings=None):
    s = prepared(M14_NAT_HAND, number=2, started_at=M14_NAT_TIME, readings=readings,
                 claims=[claim("N", "M14", cards=[inverted])])
    return s, evaluate_player(s, "N")


def test_ip_m14_naturalness_as_home_counts_the_inverted_card_at_home_level():
    """IP-M14-NATURALNESS as_home (the default; modifier 14, "может инвертировать масть для любых двух
    своих карт"; base rules 5-6 "естественный > домашнего > дикого"; definition 4 "Естественные карты –
    карты, сохраняющие свою масть и номинал"): N inverts the natural 9h into the 9s; his triple of Nines
    counts that card, which no longer keeps its suit, so the hand is as natural as a home hand, while the
    same triple without the claim is natural."""
    assert get("IP-M14-NATURALNESS").default == "as_home"
    s, hv = _m14_hand("9h")
    assert str(card(s, "9h").played) == "9s" and card(s, "9h").state == "natural"
    assert (hv.name, hv.naturalness) == ("triple", "home")
    assert "9s" in [str(c) for c in hv.cards]
    plain = prepared(M14_NAT_HAND, number=2, started_at=M14_NAT_TIME)
    natural = evaluate_player(plain, "N")
    assert (natural.name, natural.naturalness) == ("triple", "natural")
    assert natural.key[:3] == hv.key[:3] and natural.key > hv.key


def test_ip_m14_naturalness_natural_reading_keeps_the_card_natural():
    """IP-M14-NATURALNESS natural (modifier 14, "инвертировать масть для любых двух своих карт"): the
    inverted 9h plays as the 9s and the triple of Nines stays natural (base rule 5)."""
    s, hv = _m14_hand("9h", readings={"IP-M14-NATURALNESS": "natural"})
    assert str(card(s, "9h").played) == "9s"
    assert (hv.name, hv.naturalness) == ("triple", "natural")
    assert "9s" in [str(c) for c in hv.cards]


def test_ip_m14_naturalness_as_home_near_miss_card_outside_the_combination():
    """IP-M14-NATURALNESS as_home, near miss (modifier 14; IP-NAT-USED): N inverts the 3d into the 3c,
    which his triple of Nines does not count, so the hand stays natural."""
    s, hv = _m14_hand("3d")
    assert str(card(s, "3d").played) == "3c"
    assert (hv.name, hv.naturalness) == ("triple", "natural")
