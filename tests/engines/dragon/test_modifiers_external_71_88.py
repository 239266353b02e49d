"""Conditional modifiers 71-88 (seed group "Внешние"), each firing and not firing.

As in ``test_modifiers_external_53_70``: the modifiers under test alone (``only``), Tables 1-3 only
where a test needs them. Deal 1 is dealt by North (order E, S, W, N), deal 2 by East (order
S, W, N, E), deal 3 by South, deal 4 by West; default pattern d d d o o o o o d. Times are at the
Moscow venue: on 10 May 2026 the sun rises about 04:50 and sets about 20:40.
"""

from __future__ import annotations

import datetime as dt

import pytest

from rules.engines.dragon.context import Player, Room, Table
from rules.engines.dragon.deal import Dealing
from rules.engines.dragon.facts import deal_facts
from rules.engines.dragon.game import GameHistory
from rules.engines.dragon.judge import prepare_deal
from rules.engines.dragon.modifiers.external import (
    dominant_tone,
    in_window,
    letter_counts,
    m84_rank,
    m88_rank,
)
from rules.engines.errors import RulesError
from rules.engines.readings import resolve

from .helpers import card, claim, layout
from .test_modifiers_external_53_70 import only, players, prep, record, states

DK, OP = "dark", "open"


def may(hour: int, minute: int = 0) -> str:
    return f"2026-05-10T{hour:02d}:{minute:02d}:00+03:00"      # a Sunday


def shifted(hands, *, tbl, number, started_at, hours, ruleset, readings=None):
    """A deal whose rule clock runs ``hours`` ahead of the venue's, as modifier 48 moves it."""
    rd = resolve(readings or {}, games=("dragon",))
    facts = deal_facts(tbl, number, started_at)
    facts.adjust("clock", facts.clock + dt.timedelta(hours=hours), "M48")
    dealing = Dealing(facts, rd, ruleset=ruleset).deal_all(layout(tbl, facts.dealer, hands))
    return prepare_deal(facts, dealing, rd, ruleset=ruleset)


# ---------------------------------------------------------------------------- M71
M71_HANDS = {"E": "- - - Js Qh Ac 10d 2s -", "S": "- - - - 6d - 5s - -", "W": "- - - - 9c - 7c - -",
             "N": "- - - - 9h - 7h - -"}
M71_RULES = only(8, 57, 59, 68, 71)


def test_m71_three_modifiers_on_one_card_let_the_player_revive_a_dead_card():
    """Modifier 71: "если игрок применяет три модификатора к одной и той же модифицируемой карте, то он
    может объявить ожившей одну из своих убитых карт": E's 10d is killed by 57, revived by 59 (S in
    headwear and beard has the 5s) and made incrementing by 68 (Qh Ac 10d); E revives his Js (killed by 8)."""
    tbl = players(N={}, E={}, S={"headwear": True, "beard": True}, W={})
    s = prep(M71_HANDS, tbl=tbl, ruleset=M71_RULES, claims=[claim("E", "M71", card="Js")])
    assert card(s, "10d").mods == (57, 59, 68)
    assert card(s, "Js").state == "natural" and card(s, "Js").mods == (8, 71)


def test_m71_near_miss_two_modifiers_only():
    """Modifier 71: S has no beard: the 10d is acted on by 57 and 68 only: E's claim is illegal."""
    tbl = players(N={}, E={}, S={"headwear": True}, W={})
    with pytest.raises(RulesError, match="three modifiers"):
        prep(M71_HANDS, tbl=tbl, ruleset=M71_RULES, claims=[claim("E", "M71", card="Js")])
    s = prep(M71_HANDS, tbl=tbl, ruleset=M71_RULES)
    assert card(s, "10d").mods == (57, 68) and card(s, "Js").state == "dead"


# ---------------------------------------------------------------------------- M72
def _exits(n: int) -> Table:
    return Table(players=tuple(Player(id=s, seat=s) for s in ("N", "E", "S", "W")), room=Room(exits=n))


def test_m72_odd_exits_home_fours_and_wild_unicorns_of_a_ninth_open_circle():
    """Modifier 72: "если ... нечетное кол-во выходов ..., то все Четверки, которые приходят на втором
    открытом круге, становятся домашними, а все Дамы, которые приходят в последнем открытом круге - дикими,
    но только если этот круг - последний в раздаче (9-й по порядку)": 3 exits; E's 9d sets modifier 12's
    pattern d,d,d,o,o,d,o,d,o: S's 4h (circle 5) is home, W's Qs (circle 9) wild."""
    hands = {"E": "- - - - 9d - - - -", "S": "- - - - 4h - - - -", "W": "- - - - - - - - Qs"}
    s = prep(hands, tbl=_exits(3), ruleset=only(12, 72))
    assert s.pattern == (DK, DK, DK, OP, OP, DK, OP, DK, OP)
    assert states(s, "4h Qs") == ["home", "wild"]


def test_m72_near_miss_last_open_circle_is_eighth_or_exits_even():
    """Modifier 72: default pattern: W's Qs of circle 8 stays natural while the 4h is home; 4 exits: nothing."""
    hands = {"S": "- - - - 4h - - - -", "W": "- - - - - - - Qs -"}
    assert states(prep(hands, tbl=_exits(3), ruleset=only(12, 72)), "4h Qs") == ["home", "natural"]
    assert states(prep(hands, tbl=_exits(4), ruleset=only(12, 72)), "4h Qs") == ["natural", "natural"]


# ---------------------------------------------------------------------------- M73
FIVE = ("N", "NE", "E", "S", "W")          # deal 1 order NE, E, S, W, N
M73_HANDS = {"NE": "9s - - - - 7h - - -", "E": "- - - - - 10d - - -", "S": "8s - - - - Qh - - -"}


def _sexes(women: int, seats=FIVE) -> Table:
    return players(**{s: {"sex": "f" if i < women else "m"} for i, s in enumerate(seats)})


def test_m73_even_number_of_one_sex_inverts_third_open_circle_foskas():
    """Modifier 73: "если в партии принимает участие четное количество игроков одного (какого-либо) пола,
    то фоски, пришедшие на третьем открытом круге, инвертируют масть": 2 women and 3 men: NE's 7h plays
    as a spade, E's 10d as a club, S's Qh (an honor) is unchanged."""
    s = prep(M73_HANDS, tbl=_sexes(2), ruleset=only(73))
    assert (card(s, "7h").suit, card(s, "10d").suit, card(s, "Qh").suit) == ("s", "c", "h")
    assert card(s, "7h").real_suit == "h"


def test_m73_near_miss_odd_counts():
    """Modifier 73: five men (and no woman): nothing changes."""
    s = prep(M73_HANDS, tbl=_sexes(0), ruleset=only(73))
    assert (card(s, "7h").suit, card(s, "10d").suit) == ("h", "d")


def test_ip_m73_even_zero_counts():
    """IP-M73-EVEN zero_counts: five men and no woman count as an even number of women."""
    s = prep(M73_HANDS, tbl=_sexes(0), ruleset=only(73), readings={"IP-M73-EVEN": "zero_counts"})
    assert card(s, "7h").suit == "s"


def test_ip_m73_suit_readings():
    """IP-M73-SUIT: recipient_opposite_to_own turns NE's own 9s into a heart (the 7h stays);
    all_opposite_to_own turns S's 8s into a heart too."""
    s = prep(M73_HANDS, tbl=_sexes(2), ruleset=only(73), readings={"IP-M73-SUIT": "recipient_opposite_to_own"})
    assert (card(s, "7h").suit, card(s, "9s").suit, card(s, "8s").suit) == ("h", "h", "s")
    s = prep(M73_HANDS, tbl=_sexes(2), ruleset=only(73), readings={"IP-M73-SUIT": "all_opposite_to_own"})
    assert (card(s, "9s").suit, card(s, "8s").suit) == ("h", "h")


# ---------------------------------------------------------------------------- M74
M74_HANDS = {"E": "Qh Kd - - - - - - -", "S": "Jc 2d 3d 4d 5d 6d 7d 8d 9d",
             "N": "2h 3h 4h 5h 6h 7h 8h 9h 10h"}


def _dims(*dims: str) -> Table:
    return players(**{s: {"dimension": d} for s, d in zip(("N", "E", "S", "W"), dims, strict=True)})


DEVA3 = _dims("Deva", "Deva", "Deva", "Klah")


def test_m74_three_from_one_dimension_must_change_a_card_or_may_declare_one_wild():
    """Modifier 74: "если среди игроков есть более 2-х с одного и того же измерения, то эти игроки должны
    ... инкрементировать один из своих красных онеров. Если красных онеров нет, ... декрементируется один
    из черных онеров ... Иначе игрок, к которому неприменимо ни одно условие может объявить дикой любую из
    своих карт": E raises Qh to a Giant, S lowers Jc to a Ten, N (only red foskas) declares his 10h wild."""
    claims = [claim("E", "M74", card="Qh"), claim("S", "M74", card="Jc"), claim("N", "M74", card="10h")]
    s = prep(M74_HANDS, tbl=DEVA3, ruleset=only(74), claims=claims)
    assert (card(s, "Qh").rank, card(s, "Jc").rank) == (13, 10)
    assert card(s, "10h").state == "wild" and card(s, "Kd").rank == 13
    with pytest.raises(RulesError, match="M74"):
        prep(M74_HANDS, tbl=DEVA3, ruleset=only(74), claims=[claim("W", "M74", card="2c")])


def test_m74_compulsory_without_a_claim():
    """Modifier 74, "в принудительном порядке": with no declared choice the first eligible card changes
    (IP-MANDATORY-CLAIM first_eligible), or the deal cannot be judged (refuse)."""
    s = prep(M74_HANDS, tbl=DEVA3, ruleset=only(74))
    assert (card(s, "Qh").rank, card(s, "Jc").rank) == (13, 10)
    with pytest.raises(RulesError, match="M74 obliges"):
        prep(M74_HANDS, tbl=DEVA3, ruleset=only(74), readings={"IP-MANDATORY-CLAIM": "refuse"})


def test_m74_near_miss_two_from_one_dimension():
    """Modifier 74: only E and S are from Deva: nothing changes, and N may not declare a card wild."""
    tbl = _dims("Perv", "Deva", "Deva", "Klah")
    s = prep(M74_HANDS, tbl=tbl, ruleset=only(74))
    assert (card(s, "Qh").rank, card(s, "Jc").rank) == (12, 11)
    with pytest.raises(RulesError, match="no right"):
        prep(M74_HANDS, tbl=tbl, ruleset=only(74), claims=[claim("N", "M74", card="10h")])


def test_ip_m74_otherwise_readings():
    """IP-M74-OTHERWISE: outside_group lets W (Klah) declare a card wild and not N; no_group lets every
    player declare one when no dimension has three players."""
    rd = {"IP-M74-OTHERWISE": "outside_group"}
    w_card = str(prep(M74_HANDS, tbl=DEVA3, ruleset=only(74)).hand("W")[0].card)
    s = prep(M74_HANDS, tbl=DEVA3, ruleset=only(74), readings=rd, claims=[claim("W", "M74", card=w_card)])
    assert card(s, w_card).state == "wild"
    with pytest.raises(RulesError, match="no right"):
        prep(M74_HANDS, tbl=DEVA3, ruleset=only(74), readings=rd, claims=[claim("N", "M74", card="10h")])
    tbl = _dims("Perv", "Deva", "Deva", "Klah")
    s = prep(M74_HANDS, tbl=tbl, ruleset=only(74), readings={"IP-M74-OTHERWISE": "no_group"},
             claims=[claim("E", "M74", card="Kd")])
    assert card(s, "Kd").state == "wild"


def test_ip_m74_increment_make_incrementing():
    """IP-M74-INCREMENT make_incrementing: the Qh becomes an incrementing card and keeps its rank."""
    s = prep(M74_HANDS, tbl=DEVA3, ruleset=only(74), readings={"IP-M74-INCREMENT": "make_incrementing"})
    assert card(s, "Qh").role == "incrementing" and card(s, "Qh").rank == 12
    assert card(s, "Jc").role == "decrementing"


def test_ip_m74_candidates_any_live_card():
    """IP-M74-CANDIDATES: at 10:30 Table 2 makes Unicorns wild: E's wild Qh is no natural red honor, so
    his Js is lowered (natural_only); under any_live_card the Qh is raised."""
    hands = dict(M74_HANDS, E="Qh Js 2h 3h 5h 6h 8h 9h 10h", N="2c 3c 4c 5c 6c 7c 8c 9c 10c")
    kw = {"tbl": DEVA3, "started_at": "2026-05-06T10:30:00+03:00", "ruleset": only(74, tables=True)}
    s = prep(hands, **kw)
    assert (card(s, "Qh").rank, card(s, "Js").rank) == (12, 10)
    s = prep(hands, readings={"IP-M74-CANDIDATES": "any_live_card"}, **kw)
    assert (card(s, "Qh").rank, card(s, "Js").rank) == (13, 11)


# ---------------------------------------------------------------------------- M75
FOUR_DIMS = _dims("Klah", "Deva", "Perv", "Trollia")


def test_m75_all_dimensions_different_open_the_first_circle_of_every_third_deal():
    """Modifier 75: "если все игроки представляют различные измерения, то каждая третья партия играется с
    открытым первым кругом (о,т,т,о,о,о,о,о,т)": deal 3."""
    assert prep({}, tbl=FOUR_DIMS, number=3, ruleset=only(75)).pattern == (OP, DK, DK, OP, OP, OP, OP, OP, DK)


def test_m75_near_miss_deal_4_shared_dimension_and_base_rule_15():
    """Modifier 75: deal 4 and two players from Deva keep the default pattern; on a Wednesday deal 3 is
    dealt all dark (base rule 15 prevails)."""
    default = (DK, DK, DK, OP, OP, OP, OP, OP, DK)
    assert prep({}, tbl=FOUR_DIMS, number=4, ruleset=only(75)).pattern == default
    assert prep({}, tbl=_dims("Klah", "Deva", "Deva", "Perv"), number=3, ruleset=only(75)).pattern == default
    s = prep({}, tbl=FOUR_DIMS, number=3, started_at="2026-03-04T10:30:00+03:00", ruleset=only(75, tables=True))
    assert s.pattern == (DK,) * 9


def test_m75_moves_the_open_circle_count():
    """Modifier 75: with circle 1 open the 2nd open circle is circle 4 (modifier 58 reads it there)."""
    hands = {"W": "- - - 9h - - - - -"}
    tbl = players(N={"dimension": "Klah"}, E={"dimension": "Deva", "glasses": True},
                  S={"dimension": "Perv"}, W={"dimension": "Trollia"})
    assert card(prep(hands, tbl=tbl, number=3, ruleset=only(58, 75)), "9h").state == "dead"
    assert card(prep(hands, tbl=tbl, number=3, ruleset=only(58)), "9h").state == "natural"


def test_ip_m75_every_third_from_first():
    """IP-M75-EVERY-THIRD from_first: deal 1 has its first circle open, deal 3 does not."""
    rd = {"IP-M75-EVERY-THIRD": "from_first"}
    assert prep({}, tbl=FOUR_DIMS, number=1, ruleset=only(75), readings=rd).pattern[0] == OP
    assert prep({}, tbl=FOUR_DIMS, number=3, ruleset=only(75), readings=rd).pattern[0] == DK


def test_ip_m75_pattern_whole_pattern():
    """IP-M75-PATTERN: in deal 3 (order W, N, E, S) W's 3h and E's 3s open circle 1, so modifier 6 sets
    its pattern; first_circle_only keeps it (circle 6 dark), whole_pattern imposes o,d,d,o,o,o,o,o,d."""
    hands = {"W": "3h - - - - - - - -", "E": "3s - - - - - - - -"}
    s = prep(hands, tbl=FOUR_DIMS, number=3, ruleset=only(6, 75))
    assert s.pattern == (OP, DK, DK, OP, OP, DK, OP, OP, DK)
    s = prep(hands, tbl=FOUR_DIMS, number=3, ruleset=only(6, 75), readings={"IP-M75-PATTERN": "whole_pattern"})
    assert s.pattern == (OP, DK, DK, OP, OP, OP, OP, OP, DK)


# ---------------------------------------------------------------------------- M76, M77
def test_letter_counts():
    """Modifiers 76-77: vowels and consonants of phonetic names (й a consonant, ь ъ neither)."""
    assert letter_counts("Клах") == (1, 3) and letter_counts("Дева") == (2, 2)
    assert letter_counts("Йёжъ") == (1, 2) and letter_counts("klah") == (1, 3)
    assert letter_counts("Дева", "en_letters") == (0, 0)


def _dim(name: str, phonetic: str = "", **extra) -> dict:
    return {"dimension": name, "dimension_phonetic": phonetic, **extra}


# Seats N, NE, S, SW: N-S is the only cardinal opposite pair. Deal 4 is dealt by SW (order N, NE, S,
# SW), deal 5 by N (order NE, S, SW, N): NE's 10s and S's Jc sit side by side in the last open circle
# (modifier 13), which kills the dark red foskas to Four: SW's 3h and 4h.
M76_HANDS = {"NE": "- - - - - - - 10s -", "S": "- - - - - - - Jc -", "SW": "3h 4h - - - - - - -"}
M76_SEATS = {"N": _dim("Iaop", "Иаоп"), "NE": _dim("Klah", "Клах"), "S": _dim("Deva", "Дева"),
             "SW": _dim("Klah", "Клах")}


def _m76(number=4, seats=None, readings=None, ruleset=None, hands=M76_HANDS, **kw):
    return prep(hands, tbl=players(**(seats or M76_SEATS)), number=number, started_at=may(10, 30),
                ruleset=ruleset or only(13, 76), readings=readings, **kw)


def test_m76_vowels_predominate_red_threes_unkillable_every_fourth_deal():
    """Modifier 76: "если в фонетическом названии измерений ... игроки сидящие друг напротив друга на
    севере, востоке, юге и/или западе преобладают гласные буквы, то каждая 4-я партия играется с
    неубиваемыми красными фосками, кратными по номиналу 3": N "Иаоп" and S "Дева" (5 vowels, 3
    consonants), deal 4: modifier 13's kill of the 3h does not happen; the 4h still dies."""
    s = _m76()
    assert states(s, "3h 4h") == ["natural", "dead"]
    stopped = [e for e in s.trace if e.source == "M76" and e.change == "kill stopped"]
    assert [str(c) for e in stopped for c in e.cards] == ["3h"] and "M13" in stopped[0].text
    assert not any(e.change == "cancelled" for e in s.trace)      # protected from the start: no rerun
    assert 76 not in card(s, "3h").mods                           # IP-M76-RULE22 not_counted


def test_ip_m76_rule22_counted_when_effective():
    """IP-M76-RULE22 (modifiers 76, 77 and base rule 22): counted_when_effective puts modifier 76 on the
    3h whose kill it stopped; not_counted (the default) leaves the card's slots alone."""
    s = _m76(readings={"IP-M76-RULE22": "counted_when_effective"})
    assert card(s, "3h").state == "natural" and 76 in card(s, "3h").mods
    assert 76 not in card(_m76(), "3h").mods


def test_m76_near_miss_fifth_deal():
    """Modifier 76: deal 5 is no multiple of 4: the 3h dies."""
    assert card(_m76(number=5), "3h").state == "dead"


M77_HANDS = {"S": "- - - 10d - - - - -", "N": "7c 7h - - - - - - -"}


def test_m77_consonants_predominate_black_sevens_unkillable_every_fifth_deal():
    """Modifier 77: "... преобладают согласные буквы, то каждая 5-я партия играется с неубиваемыми черными
    Тройками, Семерками, Десятками": N "Клах" and S "Дева" (3 vowels, 5 consonants), deal 5 (order S, N):
    S's 10d in the first open circle (modifier 7) kills N's 7h but not his 7c."""
    tbl = players(N=_dim("Klah", "Клах"), S=_dim("Deva", "Дева"))
    s = prep(M77_HANDS, tbl=tbl, number=5, started_at=may(10, 30), ruleset=only(7, 77))
    assert states(s, "7c 7h") == ["natural", "dead"]


def test_m77_near_miss_sixth_deal_and_vowels():
    """Modifier 77: deal 6: the 7c dies; deal 5 with vowels predominating (N "Иаоп"): it dies too."""
    tbl = players(N=_dim("Klah", "Клах"), S=_dim("Deva", "Дева"))
    assert card(prep(M77_HANDS, tbl=tbl, number=6, started_at=may(10, 30), ruleset=only(7, 77)), "7c").state == "dead"
    tbl = players(N=_dim("Iaop", "Иаоп"), S=_dim("Deva", "Дева"))
    assert card(prep(M77_HANDS, tbl=tbl, number=5, started_at=may(10, 30), ruleset=only(7, 77)), "7c").state == "dead"


def test_ip_m76_pairs_readings():
    """IP-M76-PAIRS: seats N, NE, E (no opposite pair): occupied_pairs counts nobody, cardinal_seats counts
    N and E ("Иаоп" both). With N, NE, S, SW, both_pairs needs E-W too and counts nobody."""
    seats = {"N": _dim("Iaop", "Иаоп"), "NE": _dim("Klah", "Клах"), "E": _dim("Iaop", "Иаоп")}
    hands = {"NE": "- - - - - - - 10s -", "E": "- - - - - - - Jc -", "N": "3h - - - - - - - -"}
    # Deal 4 at three seats is dealt by N (order NE, E, N).
    assert card(_m76(seats=seats, hands=hands), "3h").state == "dead"
    s = _m76(seats=seats, hands=hands, readings={"IP-M76-PAIRS": "cardinal_seats"})
    assert card(s, "3h").state == "natural"
    assert card(_m76(readings={"IP-M76-PAIRS": "both_pairs"}), "3h").state == "dead"


def test_ip_m76_phonetic_en_letters():
    """IP-M76-PHONETIC: phonetic names of consonants only (ru_letters: no M76) with English spellings of
    vowels only (en_letters: M76 acts)."""
    seats = dict(M76_SEATS, N=_dim("Ioa", "Кпр"), S=_dim("Eua", "Дтв"))
    assert card(_m76(seats=seats), "3h").state == "dead"
    assert card(_m76(seats=seats, readings={"IP-M76-PHONETIC": "en_letters"}), "3h").state == "natural"


def test_ip_m76_aggregate_readings():
    """IP-M76-AGGREGATE: N, S "Иаоп" and E "Клах", W "Дева" (deal 4 by W: order N, E, S, W; N's 10s and
    E's Jc kill S's 3h): pooled distinct names tie 6-6 (no M76); per_player counts "Иаоп" twice (9-6);
    any_pair finds the N-S pair's vowels. each_name: N "Аиаоп" and S "Клах" pool to 5-4 but "Клах" alone
    has more consonants."""
    seats = {"N": _dim("Iaop", "Иаоп"), "E": _dim("Klah", "Клах"), "S": _dim("Iaop", "Иаоп"), "W": _dim("Deva", "Дева")}
    hands = {"N": "- - - - - - - 10s -", "E": "- - - - - - - Jc -", "S": "3h - - - - - - - -"}
    got = {agg: card(_m76(seats=seats, hands=hands, readings={"IP-M76-AGGREGATE": agg}), "3h").state
           for agg in ("pooled_strict", "per_player", "any_pair", "each_name")}
    assert got == {"pooled_strict": "dead", "per_player": "natural", "any_pair": "natural", "each_name": "dead"}
    seats = dict(M76_SEATS, N=_dim("Aiaop", "Аиаоп"), S=_dim("Klah", "Клах"))
    assert card(_m76(seats=seats), "3h").state == "natural"
    assert card(_m76(seats=seats, readings={"IP-M76-AGGREGATE": "each_name"}), "3h").state == "dead"


def test_ip_m76_seat_53_physical():
    """IP-M76-SEAT-53: three spare decks shift every seat one point clockwise (modifier 53): N and S now
    count as NE and SW, and NE, SW ("Клах") as E, W: after_53 finds consonants, physical the N-S vowels."""
    seats = {k: dict(v, spare_decks=1) if k != "SW" else v for k, v in M76_SEATS.items()}
    assert card(_m76(seats=seats, ruleset=only(13, 53, 76)), "3h").state == "dead"
    s = _m76(seats=seats, ruleset=only(13, 53, 76), readings={"IP-M76-SEAT-53": "physical"})
    assert card(s, "3h").state == "natural"


def test_ip_m76_kill_scope_all_kills():
    """IP-M76-KILL-SCOPE: at 15:30 in deal 4 Table 2 kills the Threes (base rule 17): modifier_kills
    leaves the 3h dead, all_kills revives it."""
    kw = {"number": 4, "tbl": players(**M76_SEATS), "started_at": "2026-03-08T15:30:00+03:00",
          "ruleset": only(76, tables=True)}
    hands = {"SW": "3h - - - - - - - -"}
    assert card(prep(hands, **kw), "3h").state == "dead"
    assert card(prep(hands, readings={"IP-M76-KILL-SCOPE": "all_kills"}, **kw), "3h").state == "natural"


# ---------------------------------------------------------------------------- M78 - M84 (clothing)
def _tones(*tones: str, croupier=None) -> Table:
    tbl = players(**{s: {"clothing": t} for s, t in zip(("N", "E", "S", "W"), tones, strict=True)})
    if croupier is not None:
        tbl = Table(players=tbl.players, croupier=croupier)
    return tbl


LIGHT = _tones("light", "light", "light", "dark")
DARK = _tones("dark", "dark", "dark", "light")
EVEN = _tones("light", "light", "dark", "dark")
HARD = {"clothing": "hard_to_tell"}


def test_dominant_tone_readings():
    """IP-M78-TONE: light 2, dark 1, none 1 dominate light by counts and plurality, not by majority;
    light 2, none 2 dominate light only by counts."""
    tones = ["light", "light", "dark", "none"]
    assert [dominant_tone(tones, m) for m in ("light_over_dark", "plurality", "majority")] == ["light", "light", None]
    tones = ["light", "light", "none", "none"]
    assert [dominant_tone(tones, m) for m in ("light_over_dark", "plurality", "majority")] == ["light", None, None]
    assert dominant_tone(["light", "dark"]) is None


def test_m78_light_clothing_frees_red_elves_in_deal_2_before_sunset():
    """Modifier 78: "если у игроков доминируют светлые тона в одежде, вторая партия Игры, если она проходит
    в светлое время суток (до захода Солнца), играется со свободными красными Эльфами": 14:00."""
    s = prep({"S": "Jh Jd Jc - - - - - -"}, tbl=LIGHT, number=2, started_at=may(14), ruleset=only(78))
    assert states(s, "Jh Jd Jc") == ["free", "free", "natural"]


def test_m78_near_miss_after_sunset():
    """Modifier 78: deal 2 at 22:00, after sunset: the Jh stays natural."""
    s = prep({"S": "Jh - - - - - - - -"}, tbl=LIGHT, number=2, started_at=may(22), ruleset=only(78))
    assert card(s, "Jh").state == "natural"


def test_ip_m78_tone_plurality_in_a_deal():
    """IP-M78-TONE plurality: two light and two in neither tone: no dominant colour, the Jh stays natural."""
    tbl = _tones("light", "light", "none", "none")
    kw = {"tbl": tbl, "number": 2, "started_at": may(14), "ruleset": only(78)}
    assert card(prep({"S": "Jh - - - - - - - -"}, **kw), "Jh").state == "free"
    s = prep({"S": "Jh - - - - - - - -"}, readings={"IP-M78-TONE": "plurality"}, **kw)
    assert card(s, "Jh").state == "natural"


def test_ip_m78_daylight_calendar_day():
    """IP-M78-DAYLIGHT: 03:00 is before sunrise: dark time (sunrise_to_sunset) or light (calendar_day)."""
    kw = {"tbl": LIGHT, "number": 2, "started_at": may(3), "ruleset": only(78)}
    assert card(prep({"S": "Jh - - - - - - - -"}, **kw), "Jh").state == "natural"
    s = prep({"S": "Jh - - - - - - - -"}, readings={"IP-M78-DAYLIGHT": "calendar_day"}, **kw)
    assert card(s, "Jh").state == "free"


def test_ip_m78_sun_clock_shifted_time():
    """IP-M78-SUN-CLOCK: at 20:00 (before sunset) with the clock moved to 21:00: real_sun frees the Jh,
    shifted_time reads after sunset."""
    kw = {"tbl": LIGHT, "number": 2, "started_at": may(20), "hours": 1, "ruleset": only(78)}
    assert card(shifted({"S": "Jh - - - - - - - -"}, **kw), "Jh").state == "free"
    s = shifted({"S": "Jh - - - - - - - -"}, readings={"IP-M78-SUN-CLOCK": "shifted_time"}, **kw)
    assert card(s, "Jh").state == "natural"


def test_ip_m78_dead_readings():
    """IP-M78-DEAD: modifier 8 kills S's face-up Jh (W's 6d in the second open circle): it stays dead,
    comes back home (free, then base rule 3), or revives free."""
    hands = {"S": "- - - Jh - - - - -", "W": "- - - - 6d - - - -"}
    got = {m: card(prep(hands, tbl=LIGHT, number=2, started_at=may(14), ruleset=only(8, 78),
                        readings={"IP-M78-DEAD": m}), "Jh").state
           for m in ("stays_dead", "state_then_rules_3_4", "revive")}
    assert got == {"stays_dead": "dead", "state_then_rules_3_4": "home", "revive": "free"}


def test_ip_m85_no_dominant_ruling_adds_only():
    """IP-M85-NO-DOMINANT: the croupier finds the colour hard to tell: modifier 78 is silenced (complement)
    or still follows the counts (ruling_adds_only)."""
    tbl = _tones("light", "light", "light", "dark", croupier=HARD)
    kw = {"tbl": tbl, "number": 2, "started_at": may(14), "ruleset": only(78)}
    assert card(prep({"S": "Jh - - - - - - - -"}, **kw), "Jh").state == "natural"
    s = prep({"S": "Jh - - - - - - - -"}, readings={"IP-M85-NO-DOMINANT": "ruling_adds_only"}, **kw)
    assert card(s, "Jh").state == "free"


def test_m79_light_clothing_homes_red_tens_in_deal_3():
    """Modifier 79: "... третья партия ... играется с домашними красными Десятками": deal 3 at 11:30."""
    tbl = _tones("light", "light", "light", "none")
    s = prep({"W": "10d 10h 10c - - - - - -"}, tbl=tbl, number=3, started_at=may(11, 30), ruleset=only(79))
    assert states(s, "10d 10h 10c") == ["home", "home", "natural"]


def test_m79_near_miss_no_dominant_tone():
    """Modifier 79: two light and two dark: the 10d stays natural."""
    s = prep({"W": "10d - - - - - - - -"}, tbl=EVEN, number=3, started_at=may(11, 30), ruleset=only(79))
    assert card(s, "10d").state == "natural"


DEAL3_HONORS = "Jc Qs Ks As Ah Kd Qc Ad Kc Qd"
M80_HANDS = {"N": "Jh Jd Qh Qd Kh Ah - - -"}


def _deal4(open_cards, tbl, started_at, readings=None, ruleset=None, hands=M80_HANDS):
    history = GameHistory([record(1), record(2), record(3, open_cards=open_cards)])
    return prep(hands, tbl=tbl, number=4, history=history, started_at=started_at, readings=readings,
                ruleset=ruleset)


def test_m80_light_clothing_makes_red_honors_of_the_lowest_open_ranks_wild_in_deal_4():
    """Modifier 80: "... четвертая партия ... играется с дикими красными онерами, соответствующими по
    номиналу двум самым меньшим картам, которые были сданы в открытых кругах предыдущей партии": deal 3's
    open cards were all honors, the lowest Jc and a Unicorn: Jh Jd Qh Qd are wild, Kh not."""
    s = _deal4(DEAL3_HONORS, LIGHT, may(13), ruleset=only(80))
    assert states(s, "Jh Jd Qh Qd Kh") == ["wild"] * 4 + ["natural"]


def test_m80_near_miss_lowest_cards_are_foskas():
    """Modifier 80: the lowest open cards of deal 3 were 2c and 5h: no red honor is wild."""
    s = _deal4("2c 5h Jc Qs Ks", LIGHT, may(13), ruleset=only(80))
    assert states(s, "Jh Qh Ah") == ["natural"] * 3


def test_ip_m80_non_honor_readings():
    """IP-M80-NON-HONOR: lowest_honors takes Jc and Qs; mirror turns 2 into Dragons and 5 into Elves."""
    s = _deal4("2c 5h Jc Qs Ks", LIGHT, may(13), readings={"IP-M80-NON-HONOR": "lowest_honors"}, ruleset=only(80))
    assert states(s, "Jh Qh Kh") == ["wild", "wild", "natural"]
    s = _deal4("2c 5h Jc Qs Ks", LIGHT, may(13), readings={"IP-M80-NON-HONOR": "mirror"}, ruleset=only(80))
    assert states(s, "Ah Jh Qh") == ["wild", "wild", "natural"]


def test_ip_m80_order_current_deal_order():
    """IP-M80-ORDER: deal 4 of four players has the card order inverted (base rule 19); natural_real
    picks Elves and Unicorns (the Elves are home by Table 3 in March, the Qh wild), current_deal_order
    the Dragons."""
    kw = {"ruleset": only(80, tables=True)}
    march = "2026-03-08T08:30:00+03:00"
    s = _deal4(DEAL3_HONORS, LIGHT, march, **kw)
    assert states(s, "Qh Ah") == ["wild", "natural"]
    s = _deal4(DEAL3_HONORS, LIGHT, march, readings={"IP-M80-ORDER": "current_deal_order"}, **kw)
    assert states(s, "Qh Ah") == ["natural", "wild"]


def test_ip_m80_two_cards_two_ranks():
    """IP-M80-TWO-CARDS: the two lowest open cards Jc Jd name the Elves only (two_cards) or the Elves and
    the next rank, Unicorns (two_ranks)."""
    s = _deal4("Jc Jd Qs Ks As", LIGHT, may(13), ruleset=only(80))
    assert states(s, "Jh Qh") == ["wild", "natural"]
    s = _deal4("Jc Jd Qs Ks As", LIGHT, may(13), readings={"IP-M80-TWO-CARDS": "two_ranks"}, ruleset=only(80))
    assert states(s, "Jh Qh") == ["wild", "wild"]


def test_m81_dark_clothing_frees_black_unicorns_in_deal_1_after_sunset():
    """Modifier 81: "если у игроков доминируют темные тона в одежде, первая партия Игры, если она проходит
    в темное время суток (после захода Солнца), играется со свободными черными Единорогами": 22:00."""
    s = prep({"E": "Qs Qc Qh - - - - - -"}, tbl=DARK, started_at=may(22), ruleset=only(81))
    assert states(s, "Qs Qc Qh") == ["free", "free", "natural"]


def test_m81_near_miss_before_sunset():
    """Modifier 81: deal 1 at 19:00, before sunset: the Qs stays natural."""
    assert card(prep({"E": "Qs - - - - - - - -"}, tbl=DARK, started_at=may(19), ruleset=only(81)), "Qs").state == "natural"


def test_m82_dark_clothing_frees_black_dragons_in_deal_2_after_sunset():
    """Modifier 82: "... вторая партия ... играется со свободными черными Драконами": deal 2 at 23:00."""
    s = prep({"S": "As Ac Ad - - - - - -"}, tbl=DARK, number=2, started_at=may(23), ruleset=only(82))
    assert states(s, "As Ac Ad") == ["free", "free", "natural"]


def test_m82_near_miss_deal_3():
    """Modifier 82: deal 3 at 23:00: the As stays natural."""
    s = prep({"S": "As - - - - - - - -"}, tbl=DARK, number=3, started_at=may(23), ruleset=only(82))
    assert card(s, "As").state == "natural"


def test_m83_dark_clothing_homes_black_nines_in_deal_3_after_sunset():
    """Modifier 83: "... третья партия ... играется с домашними черными Девятками": deal 3 at 22:30."""
    s = prep({"W": "9c 9s 9h - - - - - -"}, tbl=DARK, number=3, started_at=may(22, 30), ruleset=only(83))
    assert states(s, "9c 9s 9h") == ["home", "home", "natural"]


def test_m83_near_miss_no_dominant_tone():
    """Modifier 83: two dark and two light: the 9c stays natural."""
    s = prep({"W": "9c - - - - - - - -"}, tbl=EVEN, number=3, started_at=may(22, 30), ruleset=only(83))
    assert card(s, "9c").state == "natural"


M84_HANDS = {"N": "Kc Ks Ac As Kh 2c 2s - -"}


def test_m84_rank_map():
    """Modifier 84: "противоположными по номиналу ... если противоположная карта не является онером, она
    понижается в номинале на 2, пока не станет онером": A->K, K->A, Q->K, J->A, 10->K, 9->A, 7->A, 6->K,
    5->J, 4->Q, 3->K, 2->A; an Eight has no opposite (IP-M84-OPPOSITE mirror_8_self: K)."""
    got = {r: m84_rank(r) for r in range(2, 15)}
    assert got == {14: 13, 13: 14, 12: 13, 11: 14, 10: 13, 9: 14, 8: None, 7: 14, 6: 13, 5: 11, 4: 12,
                   3: 13, 2: 14}
    assert m84_rank(8, "mirror_8_self") == 13


def test_m84_dark_clothing_makes_black_honors_opposite_the_highest_open_ranks_wild_in_deal_4():
    """Modifier 84: deal 4 at 22:30; deal 3's highest open cards As and Kd: their opposites Two and Three
    lower to Giant and Dragon: Kc Ks Ac As wild, Kh not. With As and Ah, only the Giants."""
    s = _deal4("As Kd 2c 3c", DARK, may(22, 30), ruleset=only(84), hands=M84_HANDS)
    assert states(s, "Kc Ks Ac As Kh") == ["wild"] * 4 + ["natural"]
    s = _deal4("As Ah 2c 3c", DARK, may(22, 30), ruleset=only(84), hands=M84_HANDS)
    assert states(s, "Kc Ac") == ["wild", "natural"]


def test_m84_near_miss_before_sunset():
    """Modifier 84: the same history, deal 4 at 19:00: nothing is wild."""
    s = _deal4("As Kd 2c 3c", DARK, may(19), ruleset=only(84), hands=M84_HANDS)
    assert states(s, "Kc Ac") == ["natural", "natural"]


def test_ip_m84_opposite_and_target():
    """IP-M84-OPPOSITE mirror_8_self: Eights highest make the Giants wild. IP-M84-TARGET convert_cards:
    a Dragon highest turns the black Twos into wild Giants and leaves the Kc natural."""
    assert card(_deal4("8c 8h 2c 3d", DARK, may(22, 30), ruleset=only(84), hands=M84_HANDS), "Kc").state == "natural"
    s = _deal4("8c 8h 2c 3d", DARK, may(22, 30), ruleset=only(84), hands=M84_HANDS,
               readings={"IP-M84-OPPOSITE": "mirror_8_self"})
    assert states(s, "Kc Ks") == ["wild", "wild"]
    s = _deal4("As Ah 2d", DARK, may(22, 30), ruleset=only(84), hands=M84_HANDS,
               readings={"IP-M84-TARGET": "convert_cards"})
    assert states(s, "2c 2s Kc") == ["wild", "wild", "natural"]
    assert card(s, "2c").rank == 13


# ---------------------------------------------------------------------------- M85 - M88 (croupier)
M85_HANDS = {"E": "Qc Jh Ks Ad Qh - - - -"}


def test_in_window():
    """Modifiers 85-88: hour windows, crossing midnight (16:00-04:00), the end excluded unless both_ends."""
    assert in_window(5, 0, 5, 17) and not in_window(17, 0, 5, 17) and in_window(17, 0, 5, 17, True)
    assert in_window(23, 30, 16, 4) and in_window(3, 59, 16, 4) and not in_window(4, 0, 16, 4)


def test_m85_no_dominant_colour_frees_four_honors_in_deal_1_from_5_to_17():
    """Modifier 85: "если у игроков нет доминирующего цвета ... первая партия Игры, если она проходит в
    период с 5 утра до 5 вечера, играется со свободными крестовым Единорогом, червовым Эльфом, пиковым
    Великаном и бубновым Драконом": 2 light, 2 dark, 09:00."""
    s = prep(M85_HANDS, tbl=EVEN, started_at=may(9), ruleset=only(85))
    assert states(s, "Qc Jh Ks Ad Qh") == ["free"] * 4 + ["natural"]


def test_m85_near_miss_at_18():
    """Modifier 85: the same deal 1 at 18:00: nothing is free."""
    assert states(prep(M85_HANDS, tbl=EVEN, started_at=may(18), ruleset=only(85)), "Qc Ad") == ["natural"] * 2


def test_m85_croupier_finds_the_colour_hard_to_tell():
    """Modifier 85, "или его затруднительно определить (на усмотрение Крупье)": three light and one dark,
    but the croupier's call makes modifier 85 act and silences modifier 81's family; an unknown call is an
    error naming it."""
    tbl = _tones("light", "light", "light", "dark", croupier=HARD)
    assert card(prep(M85_HANDS, tbl=tbl, started_at=may(9), ruleset=only(85)), "Qc").state == "free"
    assert card(prep(M85_HANDS, tbl=LIGHT, started_at=may(9), ruleset=only(85)), "Qc").state == "natural"
    bad = _tones("light", "light", "light", "dark", croupier={"clothing": "maybe"})
    with pytest.raises(RulesError, match="maybe"):
        prep(M85_HANDS, tbl=bad, started_at=may(9), ruleset=only(85))


def test_ip_m85_window_both_ends_in():
    """IP-M85-WINDOW: a deal starting at 17:00 is out of 05:00-17:00 (start_in_end_out) or in (both_ends_in)."""
    assert card(prep(M85_HANDS, tbl=EVEN, started_at=may(17), ruleset=only(85)), "Qc").state == "natural"
    s = prep(M85_HANDS, tbl=EVEN, started_at=may(17), ruleset=only(85), readings={"IP-M85-WINDOW": "both_ends_in"})
    assert card(s, "Qc").state == "free"


def test_ip_m85_clock_local_time():
    """IP-M85-CLOCK: at 16:30 with the clock moved to 17:30, game_time is out of the window, local_time in."""
    kw = {"tbl": EVEN, "number": 1, "started_at": may(16, 30), "hours": 1, "ruleset": only(85)}
    assert card(shifted(M85_HANDS, **kw), "Qc").state == "natural"
    assert card(shifted(M85_HANDS, readings={"IP-M85-CLOCK": "local_time"}, **kw), "Qc").state == "free"


M86_HANDS = {"S": "Jc Kh As Qd Jd Kc Ah Qs 9h"}


def test_m86_no_dominant_colour_frees_four_honors_in_deal_2_from_11_to_23():
    """Modifier 86: "... вторая партия Игры, если она проходит в период с 11 утра до 11 вечера, играется
    со свободными крестовым Эльфом, червовым Великаном, пиковым Драконом и бубновой Дамой": 12:00."""
    s = prep(M86_HANDS, tbl=EVEN, number=2, started_at=may(12), ruleset=only(86, 87))
    assert states(s, "Jc Kh As Qd Jd") == ["free"] * 4 + ["natural"]


def test_m86_near_miss_at_10_30():
    """Modifier 86: deal 2 at 10:30: none of them is free."""
    assert card(prep(M86_HANDS, tbl=EVEN, number=2, started_at=may(10, 30), ruleset=only(86, 87)), "Jc").state == "natural"


def test_m87_no_dominant_colour_frees_four_honors_in_deal_2_from_16_to_4():
    """Modifier 87: "... вторая партия Игры, если она проходит в период с 4 дня до 4 ночи, играется со
    свободными бубновым Эльфом, крестовым Великаном, червовым Драконом и пиковой Дамой": at 17:00
    modifiers 86 and 87 both act."""
    s = prep(M86_HANDS, tbl=EVEN, number=2, started_at=may(17), ruleset=only(86, 87))
    assert states(s, "Jc Kh As Qd Jd Kc Ah Qs 9h") == ["free"] * 8 + ["natural"]


def test_m87_near_miss_at_15():
    """Modifier 87: deal 2 at 15:00: the Jd stays natural (only modifier 86 acts)."""
    s = prep(M86_HANDS, tbl=EVEN, number=2, started_at=may(15), ruleset=only(86, 87))
    assert states(s, "Jd Jc") == ["natural", "free"]


def test_ip_m87_deal_number_sequence():
    """IP-M87-DEAL-NUMBER sequence: modifier 87 acts in deal 3, not in deal 2."""
    rd = {"IP-M87-DEAL-NUMBER": "sequence"}
    assert card(prep(M86_HANDS, tbl=EVEN, number=2, started_at=may(17), ruleset=only(87), readings=rd),
                "Jd").state == "natural"
    assert card(prep(M86_HANDS, tbl=EVEN, number=3, started_at=may(17), ruleset=only(87), readings=rd),
                "Jd").state == "free"


M88_HANDS = {"S": "Jc 10s 9h Ac Kc 8s - - -"}


def _m88(hour, minute=0, number=2, open_cards="Ad Kh 2c 3d", readings=None):
    history = GameHistory([record(n, open_cards=open_cards) for n in range(1, number)])
    return prep(M88_HANDS, tbl=EVEN, number=number, history=history, started_at=may(hour, minute),
                ruleset=only(88), readings=readings)


def test_m88_rank_map():
    """Modifier 88: "если карты не входят в этот диапазон, то они понижаются в номинале на 3, пока не
    попадут в указанный диапазон": A->J, K->10, Q->9, 4->J, 3->10, 2->9; exclusive: A->8, J->8."""
    assert {r: m88_rank(r) for r in (14, 13, 12, 11, 5, 4, 3, 2)} == {14: 11, 13: 10, 12: 9, 11: 11, 5: 5,
                                                                      4: 11, 3: 10, 2: 9}
    assert (m88_rank(14, inclusive=False), m88_rank(11, inclusive=False)) == (8, 8)


def test_m88_no_dominant_colour_makes_ranks_of_the_highest_open_cards_wild_in_deal_2_at_night():
    """Modifier 88: "... вторая партия Игры, если она проходит в период с 7 вечера до 7 утра, играется с
    дикими картами, соответствующими по номиналу двум старшим картам, пришедшим в открытых кругах
    предыдущей партии, если они находятся в диапазоне от Пятерки до Эльфа": deal 1's Ad and Kh lower to
    Elf and Ten: every Elf and Ten is wild at 05:30."""
    s = _m88(5, 30)
    assert states(s, "Jc 10s 9h Ac") == ["wild", "wild", "natural", "natural"]


def test_m88_near_miss_at_8():
    """Modifier 88: deal 2 at 08:00: nothing is wild."""
    assert states(_m88(8), "Jc 10s") == ["natural", "natural"]


def test_ip_m88_range_exclusive():
    """IP-M88-RANGE exclusive: the Dragon lowers to an Eight and the Giant to a Ten."""
    s = _m88(5, 30, readings={"IP-M88-RANGE": "exclusive"})
    assert states(s, "8s 10s Jc") == ["wild", "wild", "natural"]


def test_ip_m87_deal_number_sequence_for_m88_and_convert_cards():
    """IP-M87-DEAL-NUMBER sequence: modifier 88 acts in deal 4. IP-M84-TARGET convert_cards: the Ac and
    Kc become a wild Elf and a wild Ten, the Jc stays natural."""
    assert card(_m88(5, 30, number=4, readings={"IP-M87-DEAL-NUMBER": "sequence"}), "Jc").state == "wild"
    assert card(_m88(5, 30, number=2, readings={"IP-M87-DEAL-NUMBER": "sequence"}), "Jc").state == "natural"
    s = _m88(5, 30, readings={"IP-M84-TARGET": "convert_cards"})
    assert states(s, "Ac Kc Jc") == ["wild", "wild", "natural"]
    assert (card(s, "Ac").rank, card(s, "Kc").rank) == (11, 10)
