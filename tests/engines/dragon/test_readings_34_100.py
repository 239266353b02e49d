"""Interpretation points of modifiers 34-100 that the modifier notes name and that are read by more
than one modifier or across groups: each reading of each point, with a deal where it matters.

Each deal is judged with the modifiers under test alone (``only``) and without Tables 1-3, so that no
other rule touches the cards a test looks at. Deal 1 is dealt by North (order E, S, W, N); the
default pattern is d d d o o o o o d (open circles 4-8). Hands are nine cards in circle order.
"""

from __future__ import annotations

import pytest

from rules.engines.cards import card as make_card
from rules.engines.cards import parse
from rules.engines.dragon.context import Player, Room, Table
from rules.engines.dragon.facts import deal_facts
from rules.engines.dragon.game import DealRecord, GameHistory, WinningHand
from rules.engines.dragon.judge import judge_deal
from rules.engines.dragon.modifiers.external import m71_counted
from rules.engines.dragon.presets import Ruleset
from rules.engines.errors import RulesError
from rules.engines.readings import get, registry

from .helpers import card, claim, layout, prepared


def only(*numbers: int) -> Ruleset:
    """A ruleset playing only the modifiers ``numbers`` (no tables)."""
    return Ruleset(f"only-{'-'.join(map(str, numbers))}", "the modifiers under test",
                   disabled=frozenset(range(1, 101)) - set(numbers), club_tables=False)


def prep(hands, **kw):
    return prepared(hands, disabled=None, **kw)


def players(**facts) -> Table:
    """A table of the seats given as keywords, each with its player facts."""
    return Table(players=tuple(Player(id=seat, seat=seat, **f) for seat, f in facts.items()))


def states(s, cards: str) -> list[str]:
    return [card(s, c).state for c in cards.split()]


# ---------------------------------------------------------------------------- points merged into others
MERGED = {
    "IP-KILL-REACH": ("IP-M57-NONNATURAL", "IP-M58-NONNATURAL", "IP-M63-NONNATURAL"),
    "IP-REVIVE-RULE-KILLS": ("IP-M60-RULE-KILLS", "IP-M67-RULE-KILLS", "IP-M68-RULE-KILLS", "IP-M69-RULE-KILLS",
                             "IP-M71-RULE-KILLS", "IP-M95-REVIVE-SCOPE"),
    "IP-INCDEC-TARGET": ("IP-M45-TARGET", "IP-M52-TARGET"),
    "IP-PLAYER-NUMBER": ("IP-M89-PLAYER-NUMBER",),
    "IP-M67-IN-A-ROW": ("IP-M68-IN-A-ROW",),
    "IP-M91-VS-63-64": ("IP-M63-VS-91", "IP-M64-VS-91"),
}


@pytest.mark.parametrize("point_id", sorted(MERGED))
def test_merged_points_are_named_by_the_point_that_stands_for_them(point_id):
    """Base rule 12 and the modifier notes (README "Readings that cut across many modifiers"): a question
    the notes ask under several ids is one point; the merged ids are not registered a second time and the
    point that stands for them names them in its seed reference."""
    known = registry()
    for merged in MERGED[point_id]:
        assert merged not in known
        assert merged in get(point_id).seed_reference


# ---------------------------------------------------------------------------- IP-M53-SCOPE (M51, M52, M53)
THREE_DECKS = players(N={"spare_decks": 1}, E={"spare_decks": 1}, S={"spare_decks": 2}, W={})


def test_ip_m53_scope_modifier_seat_reads_moves_the_m51_right():
    """IP-M53-SCOPE modifier_seat_reads (default), modifiers 51 and 53: three spare decks ("если колод 3 -
    сдвигаются на 1 по часовой стрелке") make the player at S count as SW, so his claim under 51 ("Игрок
    сидящий на севере, юге, востоке или западе") is refused, and the player at W (now NW) may claim 52."""
    with pytest.raises(RulesError, match="sits SW"):
        prep({"S": "7c - - - - - - - -"}, tbl=THREE_DECKS, ruleset=only(51, 53),
             claims=[claim("S", "M51", card="7c", rank=10)])
    s = prep({"W": "Kh 9c - - - - - - -"}, tbl=THREE_DECKS, ruleset=only(52, 53),
             claims=[claim("W", "M52", card="Kh", target="9c")])
    assert card(s, "9c").rank == 10


def test_ip_m53_scope_number_order_keeps_the_physical_seats_for_51_and_52():
    """IP-M53-SCOPE number_order, modifiers 51-53: 53 comes after 51 and 52 (base rule 10), so they read the
    seats as taken: S keeps his right under 51 and W has none under 52."""
    rd = {"IP-M53-SCOPE": "number_order"}
    s = prep({"S": "7c - - - - - - - -"}, tbl=THREE_DECKS, ruleset=only(51, 53), readings=rd,
             claims=[claim("S", "M51", card="7c", rank=10)])
    assert s.seat("S") == "SW"                     # modifier 53 still turned the compass for the others
    assert card(s, "7c").real_rank == 10
    with pytest.raises(RulesError, match="sits W"):
        prep({"W": "Kh 9c - - - - - - -"}, tbl=THREE_DECKS, ruleset=only(52, 53), readings=rd,
             claims=[claim("W", "M52", card="Kh", target="9c")])


# ---------------------------------------------------------------------------- IP-M71-WHICH
M71_HANDS = {"E": "- - - Js Qh Ac 10d 2s -", "S": "- - - - 6d - 5s - -", "W": "- - - - 9c - 7c - -",
             "N": "- - - - 9h - 7h - -"}
M71_TABLE = players(N={}, E={}, S={"headwear": True, "beard": True}, W={})


def test_ip_m71_which_any_three_counts_automatic_modifiers():
    """IP-M71-WHICH any_three (default), modifier 71 ("если игрок применяет три модификатора к одной и той
    же модифицируемой карте"): E's 10d was killed by 57, revived by 59 and made incrementing by 68, all
    automatic: E may revive his Js."""
    s = prep(M71_HANDS, tbl=M71_TABLE, ruleset=only(8, 57, 59, 68, 71), claims=[claim("E", "M71", card="Js")])
    assert card(s, "10d").mods == (57, 59, 68)
    assert card(s, "Js").state == "natural"


def test_ip_m71_which_claimed_only_needs_three_claims():
    """IP-M71-WHICH claimed_only, modifier 71: the player "applies" only the modifiers he claims; three
    automatic ones on the 10d do not count, so E's claim is refused. Claims under 42-44 count, automatic
    57 does not."""
    rd = {"IP-M71-WHICH": "claimed_only"}
    with pytest.raises(RulesError, match="three modifiers"):
        prep(M71_HANDS, tbl=M71_TABLE, ruleset=only(8, 57, 59, 68, 71), readings=rd,
             claims=[claim("E", "M71", card="Js")])
    assert m71_counted((57, 59, 68)) == 3 and m71_counted((57, 59, 68), "claimed_only") == 0
    assert m71_counted((42, 43, 57), "claimed_only") == 2 and m71_counted((42, 43, 44), "claimed_only") == 3


# ---------------------------------------------------------------------------- IP-M91-VS-63-64
SOFT_W = players(N={}, E={"drink": "alcohol"}, S={}, W={"drink": "soft"})
M63_HANDS = {"S": "- - - - 2d - - - -"}


def test_ip_m91_vs_63_exceptions_win():
    """IP-M91-VS-63-64 exceptions_win (default; the notes' IP-M63-VS-91 m63_prevails), modifiers 63 and 91:
    E drinks alcohol, W a soft drink: 63 says the Twos of the second open circle "дикими не становятся, но
    убиваются": S's 2d stays dead although 91 would make it wild."""
    s = prep(M63_HANDS, tbl=SOFT_W, ruleset=only(63, 91))
    assert card(s, "2d").state == "dead" and card(s, "2d").killed_by == "M63"
    assert card(prep(M63_HANDS, tbl=SOFT_W, ruleset=only(91)), "2d").state == "wild"


def test_ip_m91_vs_63_higher_number_wins():
    """IP-M91-VS-63-64 higher_number_wins (the notes' IP-M63-VS-91 m91_prevails), modifiers 63 and 91:
    base rule 11 read strictly, 91 stands: S's 2d is wild."""
    s = prep(M63_HANDS, tbl=SOFT_W, ruleset=only(63, 91), readings={"IP-M91-VS-63-64": "higher_number_wins"})
    assert card(s, "2d").state == "wild"
    # without an alcohol drinker 91 does not act and 63's kill stands under either reading
    soft_only = players(N={}, E={}, S={}, W={"drink": "soft"})
    s = prep(M63_HANDS, tbl=soft_only, ruleset=only(63, 91), readings={"IP-M91-VS-63-64": "higher_number_wins"})
    assert card(s, "2d").state == "dead"


FIVE = ("N", "NE", "E", "SE", "S")       # deal 1 order NE, E, SE, S, N
FOUR_SOFT = players(**{seat: {"drink": d} for seat, d in zip(FIVE, ("soft",) * 4 + ("alcohol",), strict=True)})
M64_HANDS = {"NE": "- - - - 2c - - - -"}


def test_ip_m91_vs_64_readings():
    """IP-M91-VS-63-64 (the notes' IP-M64-VS-91), modifiers 63, 64 and 91: four soft drinkers and one
    alcohol drinker; 64: "Двойки подпадающие под модификатор 91 становятся домашними". By default NE's
    2c is home (killed by 63, brought back home by 64; or home by 64 alone); under higher_number_wins
    91 makes it wild."""
    hi = {"IP-M91-VS-63-64": "higher_number_wins"}
    for rules in (only(63, 64, 91), only(64, 91)):
        assert card(prep(M64_HANDS, tbl=FOUR_SOFT, ruleset=rules), "2c").state == "home"
        assert card(prep(M64_HANDS, tbl=FOUR_SOFT, ruleset=rules, readings=hi), "2c").state == "wild"


# ---------------------------------------------------------------------------- IP-PLAYER-NUMBER seat_number
M89_TIME = "2026-03-11T14:00:00+03:00"
M89_HANDS = {"N": "Kc - - - - - - - -", "E": "Ks - - - - - - - -"}


def _sunny() -> Table:
    return Table(players=tuple(Player(id=s, seat=s) for s in ("N", "E", "S", "W")), weather="sunny")


def test_ip_player_number_from_north_for_m89():
    """IP-PLAYER-NUMBER from_north (default; the notes' IP-M89-PLAYER-NUMBER), modifier 89 ("у нечетных
    игроков убиваются черные онеры, пришедшие в темных кругах"): N is player 1, E player 2: N's dark Kc
    dies, E's dark Ks lives."""
    s = prep(M89_HANDS, tbl=_sunny(), started_at=M89_TIME, ruleset=only(89))
    assert states(s, "Kc Ks") == ["dead", "natural"]
    assert s.player_number("E") == 2


def test_ip_player_number_seat_number_for_m89():
    """IP-PLAYER-NUMBER seat_number, modifier 89: the seat's own number (N 1, NE 2, E 3 ...): E at seat 3 is
    odd, so his dark Ks dies too."""
    rd = {"IP-PLAYER-NUMBER": "seat_number"}
    s = prep(M89_HANDS, tbl=_sunny(), started_at=M89_TIME, ruleset=only(89), readings=rd)
    assert states(s, "Kc Ks") == ["dead", "dead"]
    assert [s.player_number(p) for p in ("N", "E", "S", "W")] == [1, 3, 5, 7]


# ---------------------------------------------------------------------------- IP-M37-REF
WED_1820 = "2026-03-11T18:20:00+03:00"      # deal 2: Table 2 kills the Sixes
M37_HANDS = {"S": "- - - - 6c 6h - - -", "W": "- - - - - - - 6d -"}
CARDS_GROUP = frozenset(range(47, 101)) | {41}


@pytest.mark.parametrize("reading", ["as_written", "off_by_one"])
def test_ip_m37_ref_readings_change_no_card(reading):
    """IP-M37-REF, modifier 37 ("Модификатор 35 также действителен"): as_written (a reminder that 35 still
    applies) and off_by_one (meant 36) both leave 35 and 36 acting; two animals revive S's 6c and W's 6d
    (second and last open circles, dead by Table 2), S's 6h stays dead, and 37 cancels nothing."""
    tbl = Table(players=tuple(Player(id=s, seat=s, clothing="dark") for s in ("N", "E", "S", "W")),
                room=Room(animals=2))
    s = prepared(M37_HANDS, tbl=tbl, number=2, started_at=WED_1820, disabled=CARDS_GROUP,
                 readings={"IP-M37-REF": reading})
    assert states(s, "6c 6d 6h") == ["natural", "natural", "dead"]
    assert not s.cancelled


# ---------------------------------------------------------------------------- IP-M72-NINTH
def _exits(n: int) -> Table:
    return Table(players=tuple(Player(id=s, seat=s) for s in ("N", "E", "S", "W")), room=Room(exits=n))


@pytest.mark.parametrize("reading", ["ninth_and_last", "final_circle"])
def test_ip_m72_ninth_readings(reading):
    """IP-M72-NINTH, modifier 72 ("но только если этот круг - последний в раздаче (9-й по порядку)"): every
    pattern the engine deals has nine circles, so both readings make W's Qs of circle 9 wild under modifier
    12's pattern d,d,d,o,o,d,o,d,o and leave it natural in circle 8 under the default pattern."""
    rd = {"IP-M72-NINTH": reading}
    hands = {"E": "- - - - 9d - - - -", "W": "- - - - - - - - Qs"}
    assert card(prep(hands, tbl=_exits(3), ruleset=only(12, 72), readings=rd), "Qs").state == "wild"
    hands = {"W": "- - - - - - - Qs -"}
    assert card(prep(hands, tbl=_exits(3), ruleset=only(12, 72), readings=rd), "Qs").state == "natural"


# ---------------------------------------------------------------------------- IP-M80-ORDER previous_deal_order
def _clothing(room: Room) -> Table:
    tones = {"N": "light", "E": "light", "S": "light", "W": "dark"}
    return Table(players=tuple(Player(id=p, seat=p, clothing=t) for p, t in tones.items()), room=room)


LIGHT = _clothing(Room())                               # light tones dominate (modifier 80)
LIGHT_PLASTIC = _clothing(Room(natural_table=False))   # and modifier 50 inverts the card order
DEAL3_HONORS = "Jc Qs Ks As Ah Kd Qc Ad Kc Qd"
M80_HANDS = {"N": "Jh Jd Qh Qd Kh Ah - - -"}
MAY_1300 = "2026-05-10T13:00:00+03:00"


def _deal4(deal3_carry: dict, reading: str, tbl: Table = LIGHT_PLASTIC):
    plain = [DealRecord(number=n, winners=(), winning_hands=()) for n in (1, 2)]
    deal3 = DealRecord(number=3, winners=(), winning_hands=(), open_cards=parse(DEAL3_HONORS), carry=deal3_carry)
    return prep(M80_HANDS, tbl=tbl, number=4, started_at=MAY_1300, history=GameHistory([*plain, deal3]),
                ruleset=only(50, 80), readings={"IP-M80-ORDER": reading})


def test_ip_m80_order_previous_deal_order_reads_the_order_deal_3_had():
    """IP-M80-ORDER, modifier 80 ("двум самым меньшим картам, которые были сданы в открытых кругах предыдущей
    партии"): deal 4 is played inverted (modifier 50, a plastic table). Deal 3 was played in the natural
    order: natural_real and previous_deal_order both take the Jc and a Unicorn as lowest (Jh Jd Qh Qd
    wild), current_deal_order the Dragons (Ah wild). Deal 3 played inverted: previous_deal_order takes
    the Dragons too, natural_real still the Elves and Unicorns."""
    lowest_honors = ["wild", "wild", "wild", "wild", "natural"]
    dragons = ["natural", "natural", "natural", "natural", "wild"]
    assert states(_deal4({}, "natural_real"), "Jh Jd Qh Qd Ah") == lowest_honors
    assert states(_deal4({}, "previous_deal_order"), "Jh Jd Qh Qd Ah") == lowest_honors
    assert states(_deal4({}, "current_deal_order"), "Jh Jd Qh Qd Ah") == dragons
    inverted3 = {"card_order": "inverted"}
    assert states(_deal4(inverted3, "previous_deal_order", LIGHT), "Jh Jd Qh Qd Ah") == dragons
    assert states(_deal4(inverted3, "natural_real", LIGHT), "Jh Jd Qh Qd Ah") == lowest_honors


def test_ip_m80_order_previous_deal_order_keeps_the_inverted_order_for_the_next_deal():
    """IP-M80-ORDER previous_deal_order, modifiers 50, 80, 84 and 88: a deal played inverted (modifier 50,
    a plastic table) keeps that for the next deal; a deal at a wooden table keeps nothing; under the
    default reading no deal keeps anything."""
    rd = {"IP-M80-ORDER": "previous_deal_order"}
    rules = only(50, 80, 84, 88)
    s = prep({}, tbl=LIGHT_PLASTIC, number=3, ruleset=rules, readings=rd)
    assert s.card_order == "inverted" and s.carry["card_order"] == "inverted"
    assert "card_order" not in prep({}, tbl=LIGHT, number=3, ruleset=rules, readings=rd).carry
    assert "card_order" not in prep({}, tbl=LIGHT_PLASTIC, number=3, ruleset=rules).carry


# ---------------------------------------------------------------------------- IP-M44-FREE any_card
# Deal 2 at 10:20 on 8 April: deal 1 was won with four Eights (base rule 21 kills the Eights), Table 2
# kills the Elves, Table 3 makes April's Kings home. Modifier 44 alone of the modifiers is played.
FOUR = Table(players=tuple(Player(id=s, seat=s) for s in ("N", "E", "S", "W")))
APR_1020 = "2026-04-08T10:20:00+03:00"
EIGHTS = parse("8h 8d 8c 8s As")
M44_HISTORY = GameHistory([DealRecord(number=1, winners=("N",), winning_hands=(
    WinningHand("N", 1, EIGHTS, tuple((c.rank, c.suit) for c in EIGHTS), ("natural",) * 5),))])
ONLY_44_WITH_TABLES = Ruleset("only-44-tables", "modifier 44 with the base rules and Tables 1-3",
                              disabled=frozenset(range(1, 101)) - {44})
M44_CARDS = layout(FOUR, deal_facts(FOUR, 2, APR_1020).dealer, {"E": "8h 8d 8c Js Jd 9c Kh Kd Ks"})


def _judge_m44(claims, readings=None):
    return judge_deal(FOUR, 2, APR_1020, M44_CARDS, history=M44_HISTORY, claims=claims, readings=readings,
                      ruleset=ONLY_44_WITH_TABLES)


def test_ip_m44_free_readings_judge_a_free_foska():
    """IP-M44-FREE, modifier 44 ("Если игроку приходит на руки 5 убитых карт, то он может ... объявить
    свободной одну из своих неубитых карт"): E has five dead cards (8h 8d 8c by base rule 21, Js Jd by
    Table 2) and declares his 9c free. Under honor_only (the default: definition 13, "Свободные карты -
    онеры") the claim is refused, naming the 9c; under any_card the 9c is free and plays as any honor of
    clubs: the Kc, and E's three home Kings become four (a better hand than without the claim)."""
    free_9c = [claim("E", "M44", target="9c")]
    with pytest.raises(RulesError, match=r"M44 by E, target 9c: 9c is not an honor.*IP-M44-FREE honor_only"):
        _judge_m44(free_9c)
    assert get("IP-M44-FREE").alternatives == ("any_card",)
    any_card = {"IP-M44-FREE": "any_card"}
    without = _judge_m44([], any_card)
    assert without.hands["E"].name == "triple" and card(without.state, "9c").state == "natural"
    judged = _judge_m44(free_9c, any_card)
    assert card(judged.state, "9c").state == "free"
    hand = judged.hands["E"]
    assert hand.name == "quad" and hand.key > without.hands["E"].key
    assert hand.values[make_card(9, "c")] == (13, "c")
    assert make_card(9, "c") in hand.cards


def test_ip_m44_free_any_card_frees_a_foska_only_for_modifier_44():
    """IP-M44-FREE any_card is modifier 44's reading alone: definition 13 still keeps any other rule or
    modifier from making a foska free (the state refuses the grant), and under honor_only modifier 44
    cannot either."""
    for readings, m44_frees in (({}, False), ({"IP-M44-FREE": "any_card"}, True)):
        s = _judge_m44([], readings).state
        nine = card(s, "9c")
        assert not s.grant(nine, "free", "M47") and nine.state == "natural"
        assert s.grant(nine, "free", "M44") is m44_frees
        assert nine.state == ("free" if m44_frees else "natural")


# ---------------------------------------------------------------------------- IP-M51-VALUE modified_value
# Deal 1 at 19:05: modifier 47 makes the Giants free ("вечер (1800-000) - Великан"); S sits South, so
# modifier 51 gives him his once-per-Game change. No table is played.
EVENING = "2026-03-11T19:05:00+03:00"
ONLY_47_51 = Ruleset("only-47-51", "modifiers 47 and 51", disabled=frozenset(range(1, 101)) - {47, 51},
                     club_tables=False)
MODIFIED_VALUE = {"IP-M51-VALUE": "modified_value"}


def _judge_m51(hand: str, claims):
    cards = layout(FOUR, deal_facts(FOUR, 1, EVENING).dealer, {"S": hand})
    return judge_deal(FOUR, 1, EVENING, cards, claims=claims, readings=MODIFIED_VALUE, ruleset=ONLY_47_51)


def test_ip_m51_value_modified_value_keeps_a_free_card_free_as_a_foska():
    """IP-M51-VALUE modified_value, modifier 51 ("имеет право изменить реальный номинал или масть любой из
    своих карт"): S's Kd is free (modifier 47) and he changes its rank to a Two. The new rank is a modified
    characteristic, the real rank stays a Giant: base rule 13 has the rules read the real rank, an honor
    (definition 13), and only a kill takes a free state away (base rule 3). So the card stays free and
    plays as the 2d ("меняющие номинал между собой, но не масть": or any honor of diamonds): with the 2h
    2c 2s it makes four Twos; beside three Dragons it plays as the Ad. Judging it no longer fails with
    "free card 2d is not an honor"."""
    change = [claim("S", "M51", card="Kd", rank=2)]
    twos = _judge_m51("Kd 2h 2c 2s 9c 5h 6s 7d 3c", change)
    kd = card(twos.state, "Kd")
    assert kd.state == "free" and (kd.rank, kd.real_rank) == (2, 13)
    assert twos.hands["S"].values[make_card(2, "d")] == (2, "d")
    assert sorted(c.rank for c in twos.hands["S"].cards).count(2) == 4
    assert twos.hands["S"].key > _judge_m51("Kd 2h 2c 2s 9c 5h 6s 7d 3c", []).hands["S"].key
    assert any(e.source == "M51" and "still free" in e.text for e in twos.trace)
    dragons = _judge_m51("Kd Ah Ac As 9c 5h 6s 7d 3c", change)
    assert dragons.hands["S"].values[make_card(2, "d")] == (14, "d")
    assert card(dragons.state, "Kd").state == "free"



def test_ip_m44_free_any_card_a_free_foska_plays_as_itself_for_m13_and_is_no_club_honor_for_m29():
    """Under IP-M44-FREE any_card a free non-honour plays as itself or any honor of its suit (definition 13
    extended by modifier 44: "объявить свободной одну из своих неубитых карт"): modifier 13's 'can be' sees
    both; modifier 29 counts free club *honors* ("трефовый онер"), which a free Nine of clubs is not."""
    from rules.engines.dragon.modifiers import deal_13_25 as deal_modifiers
    from rules.engines.dragon.state import FREE, CardState

    nine = CardState(0, parse("9c")[0], "n", 1, 1, True)
    nine.state = FREE
    assert deal_modifiers._can_be(nine, 9, ("c",)) and deal_modifiers._can_be(nine, 13, ("c",))
    assert not deal_modifiers._can_be(nine, 8, ("c",)) and not deal_modifiers._can_be(nine, 13, ("h",))
    king = CardState(1, parse("Kc")[0], "n", 1, 1, True)
    king.state = FREE
    assert deal_modifiers._can_be(king, 14, ("c",)) and not deal_modifiers._can_be(king, 9, ("c",))
