"""IP-M5-IDENTITY natural_state_only for the trigger and target cards of modifiers 7-25 that name no
state (base rule 24: "карта – естественная карта"): each modifier judged under both readings on a deal
where a card it names is wild, home, dead or changed by a table or another rule."""

from __future__ import annotations

import pytest

from rules.engines.errors import RulesError

from .helpers import card, claim, prepared, sources

NATURAL_ONLY = {"IP-M5-IDENTITY": "natural_state_only"}

# Deal 1, N deals (E, S, W, N in each circle). Four players: modifier 3 moves the month Table 3 reads
# two back, so March reads January (8, K, A home), April February (3, 5, 7, Q), May March (6, 8, J),
# June April (2, 10, K), July May (4, 7, A), August June (4, 9, J, A), September July (5, 9, Q),
# December October (4, 6, 10, A). Table 2 at hh:30: 08 Tens wild, 09 Elves, 10 Unicorns, 12 Dragons
# (Giants dead from deal 2), 15 Fours, 16 Fives, 20 Nines. Modifier 1 takes the wild cards of S on
# 4 March 2026 (2036 -> 11 -> 2): no card a test reads wild is his.
MARCH = "2026-03-04T10:30:00"


def both(hands, **kw):
    """The deal under the default reading and under natural_state_only."""
    return prepared(hands, **kw), prepared(hands, readings=NATURAL_ONLY, **kw)


def test_ip_m5_identity_natural_state_only_m7_wild_ten():
    """Modifier 7 ("Если на первом открытом круге появилась Десятка, то она убивает Семерки"): at 08:30
    Tens are wild. By default E's wild 10d of the first open circle kills W's dark 7c; under
    natural_state_only a wild Ten is no "Десятка" and the 7c lives."""
    hands = {"E": "- - - 10d - - - - -", "W": "7c - - - - - - - -"}
    default, natural = both(hands, started_at="2026-03-04T08:30:00")
    assert card(default, "10d").state == "wild" and card(default, "7c").state == "dead"
    assert card(natural, "7c").state == "natural" and "M7" not in sources(natural, "dead")


def test_ip_m5_identity_natural_state_only_m8_wild_elf():
    """Modifier 8 ("Шестерка ... убивает Эльфов (но только тех, которые были сданы на открытых кругах до
    нее)"): at 09:30 Elves are wild. S's 6d of the second open circle hits E's face-up Js of the first:
    by default the wild Elf is killed and so turned natural (base rule 4); under natural_state_only it is
    no "Эльф" and stays wild."""
    default, natural = both({"E": "- - - Js - - - - -", "S": "- - - - 6d - - - -"},
                            started_at="2026-03-04T09:30:00")
    assert card(default, "Js").state == "natural" and "M8" in sources(default, "dead")
    assert card(natural, "Js").state == "wild" and "M8" not in sources(natural)


def test_ip_m5_identity_natural_state_only_m9_wild_unicorn():
    """Modifier 9 ("Если последней в открытой сдаче появился Единорог, он убивает все предыдущие сданные
    пятерки"): at 10:30 Unicorns are wild. N's Qc, the last face-up card, kills E's face-up 5c by
    default; under natural_state_only the wild Qc is no "Единорог" and the 5c lives."""
    default, natural = both({"E": "- - - 5c - - - - -", "N": "- - - - - - - Qc -"})
    assert card(default, "Qc").state == "wild" and card(default, "5c").state == "dead"
    assert card(natural, "5c").state == "natural"


def test_ip_m5_identity_natural_state_only_m10_wild_red_nines():
    """Modifier 10 ("убиваются красные карты номиналом на 2 ниже оживших у игроков, сидящих следующими
    по кругу"): at 20:30 Nines are wild. N's 6d of the second open circle kills (M8) the face-up Jc and
    Js of N and S, who sit opposite; M10 revives them, and by default kills the red Nines of E and W
    (a wild card killed turns natural, base rule 4). Under natural_state_only a wild Nine is no "красная
    карта" of that rank: the 9h and 9d stay wild, while the honors revive under both readings (the text
    names their state: "два убитых черных онера")."""
    hands = {"N": "- - - Jc 6d - - - -", "S": "- - - Js - - - - -", "E": "9h - - - - - - - -",
             "W": "9d - - - - - - - -"}
    default, natural = both(hands, started_at="2026-03-04T20:30:00")
    for s in (default, natural):
        assert (card(s, "Jc").state, card(s, "Js").state) == ("natural", "natural")
        assert "M10" in sources(s, "revived")
    assert (card(default, "9h").state, card(default, "9d").state) == ("natural", "natural")
    assert sources(default, "dead").count("M10") == 2
    assert (card(natural, "9h").state, card(natural, "9d").state) == ("wild", "wild")
    assert "M10" not in sources(natural, "dead")


def test_ip_m5_identity_natural_state_only_m11_home_heart_fosk():
    """Modifier 11 ("Если в третьем открытом круге на вторую от сдающего руку приходит фоска черв, то у
    всех игроков оживают убитые карты"): August reads June (4, 9, J, A home). S's 10s kills (M7) E's 7d,
    dealt face up before it in the first open circle; S, the second hand, gets the 4h in the third open
    circle. By default it revives the 7d; under natural_state_only the home 4h is no "фоска черв" and
    the 7d stays dead."""
    default, natural = both({"E": "- - - 7d - - - - -", "S": "- - - 10s - 4h - - -"},
                            started_at="2026-08-05T16:30:00")
    assert card(default, "4h").state == "home"
    assert card(default, "7d").state == "natural" and "M11" in sources(default, "revived")
    assert card(natural, "7d").state == "dead" and "M11" not in sources(natural)


def test_ip_m5_identity_natural_state_only_m13_wild_ten_of_spades():
    """Modifier 13 ("Если в последнем открытом круге будет засвечена Десятка пик и рядом с ней ... Эльф
    треф, то в темных картах убиваются красные фоски до Четверки включительно"): at 08:30 Tens are wild.
    W's Jc and N's 10s come together in the last open circle: by default E's dark 4d dies; under
    natural_state_only the wild 10s is no "Десятка пик" and the 4d lives."""
    hands = {"W": "- - - - - - - Jc -", "N": "- - - - - - - 10s -", "E": "- - - - - - - - 4d"}
    default, natural = both(hands, started_at="2026-03-04T08:30:00")
    assert card(default, "10s").state == "wild" and card(default, "4d").state == "dead"
    assert card(natural, "4d").state == "natural" and "M13" not in sources(natural)


def test_ip_m5_identity_natural_state_only_m13_wild_red_fosk():
    """Modifier 13's targets ("в темных картах убиваются красные фоски до Четверки включительно"): April
    reads February (3, 5, 7, Q home), so E's dark 3d is home. With the natural 10s (W) and Jc (N)
    in the last open circle the 4d dies under both readings; the home 3d is killed (and stays dead) by
    default, and is no "красная фоска" under natural_state_only, so it stays home."""
    hands = {"W": "- - - - - - - 10s -", "N": "- - - - - - - Jc -", "E": "3d - - - - - - - 4d"}
    default, natural = both(hands, started_at="2026-04-01T10:30:00")
    for s in (default, natural):
        assert card(s, "4d").state == "dead"
    assert card(default, "3d").state == "dead"
    assert card(natural, "3d").state == "home"


M15_HANDS = {p: v + " -" for p, v in {
    "E": "Ah Ad - 2h 9c Jd 8h 7c", "S": "As Ac - 3d 9h Qs 8c 5c",
    "W": "- - - 5d 7s Jc 9s 8d", "N": "- - - 6c 7d Js 9d 6h"}.items()}


def test_ip_m5_identity_natural_state_only_m15_home_lowest_card():
    """Modifier 15 ("объявляются дикими Дракон масти, в которой сдана наименьшая по номиналу карта в
    открытых кругах и Дракон противоположной масти"): June reads April (2, 10, K home); at 15:30 Fours
    are wild and none shows. By default the lowest face-up card is E's home 2h: the Ah and As are wild.
    Under natural_state_only the home 2h is no "карта": the lowest is S's 3d, and the Ad and Ac are wild."""
    default, natural = both(M15_HANDS, started_at="2026-06-03T15:30:00")
    assert card(default, "2h").state == "home"
    assert [card(default, c).state for c in ("Ah", "As", "Ad", "Ac")] == ["wild", "wild", "natural", "natural"]
    assert [card(natural, c).state for c in ("Ah", "As", "Ad", "Ac")] == ["natural", "natural", "wild", "wild"]


def test_ip_m5_identity_natural_state_only_m16_wild_dragon_of_hearts():
    """Modifier 16 ("Если в последнем открытом круге засветится Дракон черв, то у игрока, сидящего
    напротив ... объявляются дикими пиковые и червовые Пятерки"): deal 2 at 12:30, Dragons wild and
    Giants dead (E deals: S, W, N, E; modifier 1 takes W's wild cards). E's Ah shows in the last open
    circle; W, opposite, has the dead Kd there. By default W's 5h and 5s are wild; under
    natural_state_only the wild Ah is no "Дракон черв" and they stay natural."""
    default, natural = both({"E": "- - - - - - - Ah -", "W": "5h 5s - - - - - Kd -"}, number=2,
                            started_at="2026-03-04T12:30:00")
    assert card(default, "Ah").state == "wild" and card(default, "Kd").state == "dead"
    assert (card(default, "5h").state, card(default, "5s").state) == ("wild", "wild")
    assert (card(natural, "5h").state, card(natural, "5s").state) == ("natural", "natural")


def test_ip_m5_identity_natural_state_only_m17_home_trigger_cards():
    """Modifier 17 ("Игрок, к которому пришли на руки ... Двойка, Восьмерка и Дракон пик, должен выбрать у
    себя одну красную карту и понизить ее номинал на 2"): March reads January, so E's 8s and As are home.
    By default E must lower a red card (the first eligible, his 4d, becomes the 2d); under
    natural_state_only he holds no "Восьмерка" nor "Дракон пик" and the 4d stays. In May (March: the 8s
    home, the As not) only the 8s keeps it from firing."""
    hands = {"E": "2s 8s As 4d 10h - - - -"}
    default, natural = both(hands)
    assert card(default, "As").state == "home" and str(card(default, "4d").played) == "2d"
    assert str(card(natural, "4d").played) == "4d" and "M17" not in sources(natural)
    default, natural = both(hands, started_at="2026-05-06T10:30:00")
    assert card(default, "As").state == "natural" and card(default, "8s").state == "home"
    assert str(card(default, "4d").played) == "2d" and str(card(natural, "4d").played) == "4d"


def test_ip_m5_identity_natural_state_only_m18_home_giant_of_diamonds():
    """Modifier 18 ("Игрок, к которому пришли на руки ... Пятерка, Девятка и Великан бубен, должен выбрать
    у себя одну червовую или трефовую карту и повысить ее номинал на 3"): in March (January: K home) E's
    Kd is home. By default E's 7h becomes the 10h; under natural_state_only he has no "Великан бубен" and
    the 7h stays. In May (March: 6, 8, J home) the Kd is natural and both readings raise the 7h."""
    hands = {"E": "5d 9d Kd 7h 10c - - - -"}
    default, natural = both(hands)
    assert card(default, "Kd").state == "home" and str(card(default, "7h").played) == "10h"
    assert str(card(natural, "7h").played) == "7h"
    for s in both(hands, started_at="2026-05-06T10:30:00"):
        assert str(card(s, "7h").played) == "10h"


def test_ip_m5_identity_natural_state_only_m19_home_elf_of_diamonds():
    """Modifier 19 ("Если игрок получает в открытых кругах две черные Двойки подряд и в темных картах у
    него есть бубновый Эльф"): May reads March (6, 8, J home), so E's dark Jd is home. By default E may
    invert his 4h into the Qh (wild at 10:30); under natural_state_only the home Jd is no "бубновый Эльф"
    and the claim is refused. In March (January) the Jd is natural and both readings allow it."""
    hands = {"E": "4h Jd - - 2c 2s - - -"}
    kw = {"claims": [claim("E", "M19", card="4h")]}
    default = prepared(hands, started_at="2026-05-06T10:30:00", **kw)
    assert card(default, "Jd").state == "home" and str(card(default, "4h").played) == "Qh"
    with pytest.raises(RulesError, match="M19"):
        prepared(hands, started_at="2026-05-06T10:30:00", readings=NATURAL_ONLY, **kw)
    assert str(card(prepared(hands, readings=NATURAL_ONLY, **kw), "4h").played) == "Qh"


M22_HANDS = {"N": "- - - 3c 6c - - - -", "W": "9s - - Jd - - - - -", "E": "- - - - 4h - - - -",
             "S": "- - - - - 5s - - -"}


def test_ip_m5_identity_natural_state_only_m22_home_four_of_hearts():
    """Modifier 22 ("Если среди открытых карт засвечены Тройка треф, Четверка черв и Пятерка пик, то
    игроки, к которым эти карты не пришли, могут оживить один из своих убитых бубновых онеров"): July
    reads May (4, 7, A home), so E's face-up 4h is home. N's 6c kills (M8) W's face-up Jd. By default W
    revives it, paying with his 9s (now the 3s); under natural_state_only the home 4h is no "Четверка
    черв", the three did not all show and the claim is refused. Under IP-M22-NONDEAD
    trigger_cards_must_be_live the text names their state ("только для неубитых карт"): any live 4h
    counts under both readings."""
    kw = {"started_at": "2026-07-01T10:30:00", "claims": [claim("W", "M22", card="Jd", target="9s")]}
    default = prepared(M22_HANDS, **kw)
    assert card(default, "4h").state == "home" and card(default, "Jd").state == "natural"
    assert str(card(default, "9s").played) == "3s"
    with pytest.raises(RulesError, match="did not all show"):
        prepared(M22_HANDS, readings=NATURAL_ONLY, **kw)
    live = {"IP-M22-NONDEAD": "trigger_cards_must_be_live"}
    for rd in (live, {**live, **NATURAL_ONLY}):
        assert card(prepared(M22_HANDS, readings=rd, **kw), "Jd").state == "natural"


def test_ip_m5_identity_natural_state_only_m24_home_red_honor():
    """Modifier 24 ("Красные онеры, пришедшие на предпоследнем открытом круге, делают дикими все 6 у этого
    игрока, если на четном круге у него появилась 6"): March reads January (K home). S's Kd in circle 7
    (the penultimate open circle) is home; his 6c came in circle 2. By default both his Sixes are wild;
    under natural_state_only the home Kd is no "красный онер" and they stay natural."""
    default, natural = both({"S": "- 6c - - 6h - Kd - -"})
    assert card(default, "Kd").state == "home"
    assert (card(default, "6c").state, card(default, "6h").state) == ("wild", "wild")
    assert (card(natural, "6c").state, card(natural, "6h").state) == ("natural", "natural")



def test_ip_m5_identity_natural_state_only_m25_home_black_three():
    """Modifier 25 ("Черные фоски Тройка, Четверка, Пятерка и Шестерка, пришедшие на первом открытом круге
    делают дикой Восьмерку у игрока"): April reads February (3, 5, 7, Q home), so E's 3c of the first open
    circle is home; his 8d comes in the last open circle. By default the 8d is wild; under
    natural_state_only the home 3c is no "черная фоска Тройка" and the 8d stays natural."""
    default, natural = both({"E": "- - - 3c - - - 8d -"}, started_at="2026-04-01T10:30:00")
    assert card(default, "3c").state == "home" and card(default, "8d").state == "wild"
    assert card(natural, "8d").state == "natural" and "M25" not in sources(natural)


def test_ip_m5_identity_natural_state_only_m25_suit_changed_by_m14():
    """Modifier 25 with a changed card (base rule 24: "масть – реальная масть"; modifier 14: "может
    инвертировать масть для любых двух своих карт"): deal 2 at 12:30 in September (July: 5, 9, Q home),
    Giants dead. S's face-up Kc, Kd and Kh are dead, so he inverts his 3h of the first open circle into the
    3s. By default modifiers read the new suit (IP-M14-RANKWORD new_suit) and the black Three makes his 8d
    of the last open circle wild; under natural_state_only a card whose suit was changed is no natural
    card and the 8d stays natural."""
    kw = {"number": 2, "started_at": "2026-09-02T12:30:00", "claims": [claim("S", "M14", card="3h")]}
    default, natural = both({"S": "- - - 3h Kc Kd Kh 8d -"}, **kw)
    for s in (default, natural):
        assert str(card(s, "3h").played) == "3s" and card(s, "Kc").state == "dead"
    assert card(default, "8d").state == "wild"
    assert card(natural, "8d").state == "natural"


def test_ip_m5_identity_natural_state_only_keeps_a_new_real_rank_of_m18():
    """Modifier 25 with a card modifier 18 raised ("получившийся номинал будет считаться реальным номиналом
    и к нему могут быть применены все остальные модификаторы и правила, как с обычной естественной
    картой"): December reads October (4, 6, 10, A home). S holds the 5d, 9d and Kd and raises his 2c of
    the first open circle into the 5c, a natural card, so under both readings the black Five makes his
    8d of the last open circle wild."""
    kw = {"started_at": "2026-12-02T10:30:00", "claims": [claim("S", "M18", card="2c")]}
    for s in both({"S": "5d 9d Kd 2c - - - 8d -"}, **kw):
        assert str(card(s, "2c").played) == "5c" and card(s, "2c").state == "natural"
        assert card(s, "8d").state == "wild" and "M25" in sources(s, "wild")
