"""Conditional modifiers 53-70 (seed group "Внешние"), each firing and not firing.

Each deal is judged with the modifiers under test alone (``only``), and without Tables 1-3 unless
a test needs a state a table gives, so that no other rule touches the cards it looks at.
Deal 1 is dealt by North (order E, S, W, N: P1 = E, P2 = S, P3 = W, P4 = N), deal 2 by East
(order S, W, N, E), deal 3 by South (order W, N, E, S), deal 4 by West (order N, E, S, W); the
default pattern is d d d o o o o o d (open circles 4-8). Hands are nine cards in circle order.
"""

from __future__ import annotations

import pytest

from rules.engines.cards import parse
from rules.engines.dragon.context import Player, Room, Table
from rules.engines.dragon.game import DealRecord, GameHistory, WinningHand
from rules.engines.dragon.modifiers.external import m53_seats, steps_by
from rules.engines.dragon.presets import Ruleset
from rules.engines.errors import RulesError
from rules.engines.readings import resolve

from .helpers import card, claim, prepared, table

SUNDAY = "2026-05-10T10:30:00+03:00"       # Table 1 deals no deal below 7 dark on a Sunday


def prep(hands, **kw):
    """The DealState of a deal judged under the ruleset the test names (no other group switched off)."""
    return prepared(hands, disabled=None, **kw)


def only(*numbers: int, tables: bool = False) -> Ruleset:
    """A ruleset playing only the modifiers ``numbers`` (and Tables 1-3 when ``tables``)."""
    return Ruleset(f"only-{'-'.join(map(str, numbers))}", "the modifiers under test",
                   disabled=frozenset(range(1, 101)) - set(numbers), club_tables=tables)


def players(**facts) -> Table:
    """A table of the seats given as keywords, each with its player facts."""
    return Table(players=tuple(Player(id=seat, seat=seat, **f) for seat, f in facts.items()))


def record(number: int, *, winner: str = "E", category: int = 64, cards: str = "", pot: int = 0,
           min_stake: int = 2, open_cards: str = "", claims=(), carry=None) -> DealRecord:
    """A finished deal of the Game's history."""
    won = parse(cards) if cards else ()
    hands = (WinningHand(winner, category, won, tuple((c.rank, c.suit) for c in won),
                         ("natural",) * len(won)),) if cards else ()
    return DealRecord(number=number, winners=(winner,), winning_hands=hands, pot=pot, min_stake=min_stake,
                      open_cards=parse(open_cards) if open_cards else (), claims=tuple(claims),
                      carry=dict(carry or {}))


def states(s, cards: str) -> list[str]:
    return [card(s, c).state for c in cards.split()]


# ---------------------------------------------------------------------------- M53
def _seats(decks: dict[str, int], seats=("N", "NE", "E", "SE", "S", "SW", "W", "NW"), **readings):
    rd = resolve(readings, games=("dragon",))
    return m53_seats({s: s for s in seats}, {s: decks.get(s, 0) for s in seats}, rd)


def test_m53_one_spare_deck_turns_the_compass_to_the_opposite_points():
    """Modifier 53: "если у игроков есть запасная колода, то стороны света изменяются на
    противоположные": E's spare deck makes the player at N count as S, at E as W (read by the modifiers)."""
    tbl = players(N={}, E={"spare_decks": 1}, S={}, W={})
    s = prep({}, tbl=tbl, ruleset=only(53))
    assert [s.seat(p) for p in ("N", "E", "S", "W")] == ["S", "W", "N", "E"]
    assert any(e.source == "M53" and e.change == "seats" for e in s.trace)


def test_m53_near_miss_an_even_count_of_decks_is_void():
    """Modifier 53: "если колод четное количество - модификатор недействителен": two spare decks."""
    tbl = players(N={"spare_decks": 1}, E={"spare_decks": 1}, S={}, W={})
    s = prep({}, tbl=tbl, ruleset=only(53))
    assert [s.seat(p) for p in ("N", "E", "S", "W")] == ["N", "E", "S", "W"]
    assert _seats({}) is None


def test_m53_three_decks_shift_clockwise_five_counter_clockwise_one_per_player():
    """Modifier 53: "если колод 3 - сдвигаются на 1 по часовой стрелке ... если колод 5 - на 1 против";
    "у каждого игрока учитывается не более одной колоды": N's three decks count as one."""
    three = _seats({"N": 2, "E": 1, "S": 1})
    assert three["N"] == "NE" and three["NW"] == "N"
    five = _seats({"N": 1, "E": 1, "S": 1, "W": 1, "SE": 1})
    assert five["N"] == "NW" and five["NE"] == "N"
    assert _seats({"N": 3})["N"] == "S"


def test_ip_m53_count_with_play_deck():
    """IP-M53-COUNT with_play_deck: one spare deck and the deck in play make an even 2 (void); two
    spare decks make 3 (a clockwise shift)."""
    assert _seats({"N": 1}, **{"IP-M53-COUNT": "with_play_deck"}) is None
    assert _seats({"N": 1, "E": 1}, **{"IP-M53-COUNT": "with_play_deck"})["N"] == "NE"


def test_ip_m53_other_odd_only_1_3_5():
    """IP-M53-OTHER-ODD: seven decks turn the compass (opposite) or, under only_1_3_5, do nothing."""
    seven = {s: 1 for s in ("N", "NE", "E", "SE", "S", "SW", "W")}
    assert _seats(seven)["N"] == "S"
    assert _seats(seven, **{"IP-M53-OTHER-ODD": "only_1_3_5"}) is None


def test_ip_m53_compose_shift_direction_and_intercardinal():
    """IP-M53-COMPOSE compose (N -> S -> SW with 3 decks), IP-M53-SHIFT-DIRECTION label_moves (the
    player at N counts as NW with 3 decks), IP-M53-INTERCARDINAL cardinal_only (NE keeps its name)."""
    three = {"N": 1, "E": 1, "S": 1}
    assert _seats(three, **{"IP-M53-COMPOSE": "compose"})["N"] == "SW"
    assert _seats(three, **{"IP-M53-SHIFT-DIRECTION": "label_moves"})["N"] == "NW"
    one = _seats({"N": 1}, **{"IP-M53-INTERCARDINAL": "cardinal_only"})
    assert one["NE"] == "NE" and one["N"] == "S"
    assert _seats({"N": 1})["NE"] == "SW"


# ---------------------------------------------------------------------------- M54
GLASSES = {"N": {"glasses": True}, "E": {}, "S": {"glasses": True}, "W": {}}
M54_HANDS = {"E": "Kd - - - - - - - -", "S": "Qs - - - - - - - -", "W": "Qc - - - - - - - -",
             "N": "Qh Kc - - - - - - -"}


def test_m54_dealer_in_glasses_frees_a_claimed_giant_and_the_unicorns_of_glasses_wearers():
    """Modifier 54: "если у сдающего одеты очки - ... каждый игрок имеет право сделать одного своего
    Великана свободным. Если у игроков тоже одеты очки - свободными будут Единороги у игроков, одевших
    очки": E claims Kd; S's and the dealer N's Unicorns are free, W's is not."""
    s = prep(M54_HANDS, tbl=players(**GLASSES), ruleset=only(54), claims=[claim("E", "M54", card="Kd")])
    assert states(s, "Kd Qs Qh Qc") == ["free", "free", "free", "natural"]


def test_m54_near_miss_dealer_without_glasses():
    """Modifier 54: the dealer wears no glasses: E's Giant claim is illegal, S's Unicorn stays natural."""
    facts = {"N": {}, "E": {}, "S": {"glasses": True}, "W": {}}
    with pytest.raises(RulesError, match="M54"):
        prep(M54_HANDS, tbl=players(**facts), ruleset=only(54), claims=[claim("E", "M54", card="Kd")])
    s = prep(M54_HANDS, tbl=players(**facts), ruleset=only(54))
    assert card(s, "Qs").state == "natural"


def test_m54_one_giant_per_player_and_only_a_giant():
    """Modifier 54: "одного своего Великана": a Unicorn cannot be claimed, nor two Giants."""
    with pytest.raises(RulesError, match="not a Giant"):
        prep(M54_HANDS, tbl=players(**GLASSES), ruleset=only(54), claims=[claim("W", "M54", card="Qc")])
    with pytest.raises(RulesError, match="one card"):
        prep(M54_HANDS, tbl=players(**GLASSES), ruleset=only(54),
                 claims=[claim("N", "M54", card="Kc"), claim("N", "M54", card="Kc")])


def test_ip_m54_unicorns_readings():
    """IP-M54-UNICORNS: unicorn_instead (S in glasses claims his Unicorn; none is freed without a
    claim), all_unicorns_instead (S's Unicorn is free, his Giant claim is illegal)."""
    rd = {"IP-M54-UNICORNS": "unicorn_instead"}
    s = prep(M54_HANDS, tbl=players(**GLASSES), ruleset=only(54), readings=rd,
                 claims=[claim("S", "M54", card="Qs")])
    assert card(s, "Qs").state == "free" and card(s, "Qh").state == "natural"
    hands = dict(M54_HANDS, S="Qs Ks - - - - - - -")
    rd = {"IP-M54-UNICORNS": "all_unicorns_instead"}
    with pytest.raises(RulesError, match="Unicorns are free instead"):
        prep(hands, tbl=players(**GLASSES), ruleset=only(54), readings=rd, claims=[claim("S", "M54", card="Ks")])
    s = prep(hands, tbl=players(**GLASSES), ruleset=only(54), readings=rd)
    assert card(s, "Qs").state == "free"


def test_ip_m54_wearers_readings():
    """IP-M54-WEARERS: others_only keeps the dealer's Unicorn natural; all_players frees nothing while
    E and W wear no glasses."""
    s = prep(M54_HANDS, tbl=players(**GLASSES), ruleset=only(54), readings={"IP-M54-WEARERS": "others_only"})
    assert card(s, "Qs").state == "free" and card(s, "Qh").state == "natural"
    s = prep(M54_HANDS, tbl=players(**GLASSES), ruleset=only(54), readings={"IP-M54-WEARERS": "all_players"})
    assert card(s, "Qs").state == "natural"


# ---------------------------------------------------------------------------- M55
JANUARY = "2026-01-07T10:30:00+03:00"     # Table 3 (M3 not played): 8, K, A home; Table 2: Q wild
M55_HANDS = {"S": "Kc Kh - - - - - - -", "E": "Ac - - - - - - - -"}


def test_m55_players_in_glasses_lose_home_giant_of_clubs():
    """Modifier 55: "если у сдающего очки не одеты, но одеты у игроков, то у этих игроков ...
    отменяются домашние карты, если это ... Великан треф или Дракон треф": S in glasses: his Kc is
    natural, his Kh stays home; E without glasses keeps his Ac home."""
    s = prep(M55_HANDS, tbl=players(N={}, E={}, S={"glasses": True}, W={}), started_at=JANUARY,
                 ruleset=only(55, tables=True))
    assert states(s, "Kc Kh Ac") == ["natural", "home", "home"]


def test_m55_near_miss_dealer_in_glasses():
    """Modifier 55: the dealer N wears glasses too: S's Kc stays home."""
    s = prep(M55_HANDS, tbl=players(N={"glasses": True}, E={}, S={"glasses": True}, W={}), started_at=JANUARY,
                 ruleset=only(55, tables=True))
    assert card(s, "Kc").state == "home"


def test_ip_m55_sources_modifiers_only():
    """IP-M55-SOURCES modifiers_only: base rule 11 keeps Table 3's home Giant of clubs."""
    s = prep(M55_HANDS, tbl=players(N={}, E={}, S={"glasses": True}, W={}), started_at=JANUARY,
                 ruleset=only(55, tables=True), readings={"IP-M55-SOURCES": "modifiers_only"})
    assert card(s, "Kc").state == "home"


# ---------------------------------------------------------------------------- M56, M61
M56_HANDS = {"S": "Ad - - - - - - - As", "E": "Ah - - - - 3h - - -", "W": "Ac - - - - - - - -"}
ONE_BEARD = {"N": {"beard": True}, "E": {}, "S": {}, "W": {}}
TWO_BEARDS = {"N": {"beard": True}, "E": {"beard": True}, "S": {}, "W": {}}


def _m56(facts, number=1, claims=(), history=None, readings=None, hands=M56_HANDS, ruleset=None):
    return prep(hands, tbl=players(**facts), number=number, started_at=SUNDAY, claims=claims,
                    history=history, readings=readings, ruleset=ruleset or only(56, 61))


def test_m56_bearded_player_lets_a_player_make_his_dragons_home_once_per_game():
    """Modifier 56: "если среди игроков есть бородатые - один раз во время игры игроки имеют право сделать
    домашними Драконы": S (no beard) claims: his Ad and As are home, E's Ah is not; in a later deal his
    second claim is illegal while E may still claim."""
    s = _m56(ONE_BEARD, claims=[claim("S", "M56")])
    assert states(s, "Ad As Ah") == ["home", "home", "natural"]
    history = GameHistory([record(1, claims=[("S", "M56")]), record(2)])
    with pytest.raises(RulesError, match="already used"):
        _m56(ONE_BEARD, number=3, history=history, claims=[claim("S", "M56")])
    s = _m56(ONE_BEARD, number=3, history=history, claims=[claim("E", "M56")])
    assert card(s, "Ah").state == "home"


def test_m56_even_bearded_players_in_odd_deal_make_threes_wild_and_no_dragon_home():
    """Modifier 56: "если бородатых четное количество, то во время нечетных партий: Тройки пришедшие в
    третьем открытом круге будут дикими, а Драконы домашними не становятся": deal 3 (order W, N, E, S):
    E's 3h in circle 6 is wild; S's claim is illegal."""
    hands = {"S": "Ad - - - - - - - As", "E": "- - - - - 3h - - -"}
    s = _m56(TWO_BEARDS, number=3, hands=hands)
    assert card(s, "3h").state == "wild"
    with pytest.raises(RulesError, match="odd deals"):
        _m56(TWO_BEARDS, number=3, hands=hands, claims=[claim("S", "M56")])


def test_m56_near_miss_even_deal_and_no_beard():
    """Modifier 56: deal 4 with two bearded players: the 3h of circle 6 stays natural and the claim
    works; no bearded player: the claim is illegal."""
    hands = {"S": "Ad - - - - - - - As", "E": "- - - - - 3h - - -"}
    s = _m56(TWO_BEARDS, number=4, hands=hands, claims=[claim("S", "M56")])
    assert card(s, "3h").state == "natural" and card(s, "Ad").state == "home"
    with pytest.raises(RulesError, match="no player has a beard"):
        _m56({"N": {}, "E": {}, "S": {}, "W": {}}, claims=[claim("S", "M56")])


def test_ip_m56_claimant_readings():
    """IP-M56-CLAIMANT: bearded_only refuses S (no beard) and accepts N; table_once makes every
    player's Dragons home on one claim and refuses a later claim by anybody."""
    with pytest.raises(RulesError, match="no beard"):
        _m56(ONE_BEARD, claims=[claim("S", "M56")], readings={"IP-M56-CLAIMANT": "bearded_only"})
    s = _m56(ONE_BEARD, claims=[claim("N", "M56")], readings={"IP-M56-CLAIMANT": "bearded_only"},
             hands=dict(M56_HANDS, N="Ks - - - - - - - -"))
    assert card(s, "Ad").state == "natural"
    rd = {"IP-M56-CLAIMANT": "table_once"}
    s = _m56(ONE_BEARD, claims=[claim("W", "M56")], readings=rd)
    assert states(s, "Ad As Ah Ac") == ["home"] * 4
    history = GameHistory([record(1, claims=[("W", "M56")])])
    with pytest.raises(RulesError, match="one modifier 56 claim per Game"):
        _m56(ONE_BEARD, number=2, history=history, claims=[claim("S", "M56")], readings=rd)


def test_ip_m56_extent_readings():
    """IP-M56-EXTENT: one_dragon makes the named Dragon home only; rest_of_game keeps S's Dragons home
    in a later deal without a new claim."""
    s = _m56(ONE_BEARD, claims=[claim("S", "M56", card="As")], readings={"IP-M56-EXTENT": "one_dragon"})
    assert states(s, "Ad As") == ["natural", "home"]
    rd = {"IP-M56-EXTENT": "rest_of_game"}
    s = _m56(ONE_BEARD, claims=[claim("S", "M56")], readings=rd)
    assert s.carry["M56"] == ("S",)
    history = GameHistory([record(1, claims=[("S", "M56")], carry={"M56": ("S",)})])
    s = _m56(ONE_BEARD, number=2, history=history, readings=rd, hands={"S": "Ad - - - - - - - As"})
    assert states(s, "Ad As") == ["home", "home"]
    s = _m56(ONE_BEARD, number=2, history=history, hands={"S": "Ad - - - - - - - As"})
    assert states(s, "Ad As") == ["natural", "natural"]


def test_ip_m56_even_zero_counts():
    """IP-M56-EVEN zero_counts: without any beard the odd deal's circle-6 Three is wild too. Modifier 56
    ("Если бородатых четное количество"): zero is a number only when every beard is recorded; beards left
    out are not counted and the Three stays natural."""
    hands = {"E": "- - - - - 3h - - -"}
    nobody = {"N": {"beard": False}, "E": {"beard": False}, "S": {"beard": False}, "W": {"beard": False}}
    assert card(_m56(nobody, hands=hands), "3h").state == "natural"
    assert card(_m56(nobody, hands=hands, readings={"IP-M56-EVEN": "zero_counts"}), "3h").state == "wild"
    unrecorded = {"N": {}, "E": {}, "S": {}, "W": {"beard": False}}
    assert card(_m56(unrecorded, hands=hands, readings={"IP-M56-EVEN": "zero_counts"}), "3h").state == "natural"


def test_ip_m56_no_home_no_home_dragons():
    """IP-M56-NO-HOME: in January Table 3 makes Dragons home; in an odd deal with two bearded players
    they stay home (claim_only) or lose it (no_home_dragons)."""
    kw = {"number": 1, "hands": {"S": "Ad - - - - - - - -"}, "ruleset": only(56, tables=True)}
    s = prep(kw["hands"], tbl=players(**TWO_BEARDS), started_at=JANUARY, ruleset=kw["ruleset"])
    assert card(s, "Ad").state == "home"
    s = prep(kw["hands"], tbl=players(**TWO_BEARDS), started_at=JANUARY, ruleset=kw["ruleset"],
                 readings={"IP-M56-NO-HOME": "no_home_dragons"})
    assert card(s, "Ad").state == "natural"


def test_m61_headwear_third_from_dealer_voids_modifier_56():
    """Modifier 61: "если игрок, у которого одет головной убор, - третий от сдающего, то модификатор 56
    недействителен": W (third from N) in headwear: S's claim is void (noted, not refused as illegal:
    base rule 11 cancelled the modifier it rests on) and his Dragons stay natural; with two bearded
    players in deal 3 (E third from S) the Threes stay natural."""
    facts = dict(ONE_BEARD, W={"headwear": True})
    s = _m56(facts, claims=[claim("S", "M56")])
    assert states(s, "Ad As") == ["natural", "natural"]
    void = [e for e in s.trace if e.change == "void" and e.source == "M56" and e.player == "S"]
    assert void and "cancelled by M61" in void[-1].text
    facts = dict(TWO_BEARDS, E={"beard": True, "headwear": True})
    s = _m56(facts, number=3, hands={"E": "- - - - - 3h - - -"})
    assert card(s, "3h").state == "natural"
    assert any(e.source == "M61" and e.change == "cancelled" for e in s.trace)


def test_m61_near_miss_headwear_second_from_dealer():
    """Modifier 61: only S (second from N) wears headwear: modifier 56 acts."""
    s = _m56(dict(ONE_BEARD, S={"headwear": True}), claims=[claim("S", "M56")])
    assert card(s, "Ad").state == "home"


def test_ip_m61_few_players():
    """IP-M61-FEW-PLAYERS: with two players the third from N is S (wrap) and voids 56; no_effect does not."""
    facts = {"N": {"beard": True}, "S": {"headwear": True}}
    hands = {"S": "Ad - - - - - - - -"}
    s = _m56(facts, hands=hands, claims=[claim("S", "M56")])
    assert card(s, "Ad").state == "natural" and any(e.change == "void" and e.source == "M56" for e in s.trace)
    s = _m56(facts, hands=hands, claims=[claim("S", "M56")], readings={"IP-M61-FEW-PLAYERS": "no_effect"})
    assert card(s, "Ad").state == "home"


# ---------------------------------------------------------------------------- M57 - M60
M57_HANDS = {"E": "- - - - - - 10s - -", "S": "- - - - - - 7d - -", "W": "- - - - - - 5c - -",
             "N": "- - - - - 10c Kh - -"}
HAT_W = {"N": {}, "E": {}, "S": {}, "W": {"headwear": True}}


def test_m57_headwear_kills_fourth_open_circle_multiples_of_five():
    """Modifier 57: "если у игроков одеты головные уборы - карта на четвертом открытом круге, если ее
    номинал кратен 5 - убитая": circle 7: E's 10s and W's 5c die, 7d and Kh live."""
    s = prep(M57_HANDS, tbl=players(**HAT_W), ruleset=only(57))
    assert states(s, "10s 5c 7d Kh 10c") == ["dead", "dead", "natural", "natural", "natural"]


def test_m57_near_miss_no_headwear():
    """Modifier 57: nobody wears headwear: nothing dies (and N's 10c of circle 6 never would)."""
    s = prep(M57_HANDS, tbl=players(N={}, E={}, S={}, W={}), ruleset=only(57))
    assert states(s, "10s 5c") == ["natural", "natural"]


def test_ip_m57_who_readings():
    """IP-M57-WHO: wearers_cards_only kills W's 5c only; all_players_wear kills nothing while E, S, N
    are bare-headed."""
    s = prep(M57_HANDS, tbl=players(**HAT_W), ruleset=only(57), readings={"IP-M57-WHO": "wearers_cards_only"})
    assert states(s, "10s 5c") == ["natural", "dead"]
    s = prep(M57_HANDS, tbl=players(**HAT_W), ruleset=only(57), readings={"IP-M57-WHO": "all_players_wear"})
    assert states(s, "10s 5c") == ["natural", "natural"]


def test_ip_m57_multiple_honors_count_ten():
    """IP-M57-MULTIPLE honors_count_ten: N's Giant of circle 7 dies too."""
    s = prep(M57_HANDS, tbl=players(**HAT_W), ruleset=only(57), readings={"IP-M57-MULTIPLE": "honors_count_ten"})
    assert card(s, "Kh").state == "dead"


M58_HANDS = {"E": "- - - - 9h - - - -", "S": "- - - - Kc - - - -", "W": "- - - - Qc - - - -",
             "N": "- - - - 7h 9c - - -"}


def test_m58_bare_head_and_glasses_kill_second_open_circle_nines_and_giants():
    """Modifier 58: "если у кого-либо из игроков нет головного убора, но одеты очки - убивается карта на
    втором открытом круге, если это Девятка или Великан": S in glasses: circle 5's 9h and Kc die."""
    s = prep(M58_HANDS, tbl=players(N={}, E={}, S={"glasses": True}, W={}), ruleset=only(58))
    assert states(s, "9h Kc Qc 9c") == ["dead", "dead", "natural", "natural"]


def test_m58_near_miss_glasses_under_headwear():
    """Modifier 58: S wears glasses and headwear, nobody else glasses: nothing dies."""
    s = prep(M58_HANDS, tbl=players(N={}, E={}, S={"glasses": True, "headwear": True}, W={}), ruleset=only(58))
    assert states(s, "9h Kc") == ["natural", "natural"]


def test_ip_m58_who_and_same_player():
    """IP-M58-WHO that_player_only: only S's Kc dies. IP-M58-SAME-PLAYER split: S in glasses and
    headwear, W bare-headed: it fires."""
    s = prep(M58_HANDS, tbl=players(N={}, E={}, S={"glasses": True}, W={}), ruleset=only(58),
                 readings={"IP-M58-WHO": "that_player_only"})
    assert states(s, "9h Kc") == ["natural", "dead"]
    tbl = players(N={"headwear": True}, E={"headwear": True}, S={"glasses": True, "headwear": True}, W={})
    assert card(prep(M58_HANDS, tbl=tbl, ruleset=only(58)), "9h").state == "natural"
    s = prep(M58_HANDS, tbl=tbl, ruleset=only(58), readings={"IP-M58-SAME-PLAYER": "split"})
    assert card(s, "9h").state == "dead"


M59_HANDS = {"E": "- - - - - - 10d - -", "S": "- - - - - - 5s - -", "W": "- - - - - - 5h - -",
             "N": "- - - - - - 7c - -"}
BEARD_HAT_S = {"N": {}, "E": {}, "S": {"headwear": True, "beard": True}, "W": {}}


def test_m59_five_of_spades_to_second_hand_revives_m57_kills_and_is_wild():
    """Modifier 59: "пиковая Пятерка, пришедшая в 4-м открытом круге на вторую от сдающего руку
    оживляет предыдущие карты, убитые по модификатору 57, а сама становится дикой": E's 10d revives,
    S's 5s is wild, W's 5h (dealt after it) stays dead."""
    s = prep(M59_HANDS, tbl=players(**BEARD_HAT_S), ruleset=only(57, 59))
    assert states(s, "10d 5s 5h") == ["natural", "wild", "dead"]


def test_m59_near_miss_no_beard_or_five_elsewhere():
    """Modifier 59: S wears headwear without a beard: all three stay dead; the 5s to W: nothing revives."""
    s = prep(M59_HANDS, tbl=players(N={}, E={}, S={"headwear": True}, W={}), ruleset=only(57, 59))
    assert states(s, "10d 5s 5h") == ["dead"] * 3
    hands = dict(M59_HANDS, S="- - - - - - 5h - -", W="- - - - - - 5s - -")
    s = prep(hands, tbl=players(**BEARD_HAT_S), ruleset=only(57, 59))
    assert states(s, "10d 5s") == ["dead", "dead"]


def test_ip_m59_previous_all_victims():
    """IP-M59-PREVIOUS all_victims: W's 5h, dealt after the 5s, revives too."""
    s = prep(M59_HANDS, tbl=players(**BEARD_HAT_S), ruleset=only(57, 59),
                 readings={"IP-M59-PREVIOUS": "all_victims"})
    assert card(s, "5h").state == "natural"


def test_ip_m59_dead_five_rule_kill_stands():
    """IP-M59-DEAD-FIVE: at 17:30 in deal 2 Table 2 kills the Fives (base rule 17); W, second from E,
    in headwear and beard, gets the 5s: wild_anyway makes it wild, rule_kill_stands leaves it dead."""
    tbl = players(N={}, E={}, S={}, W={"headwear": True, "beard": True})
    hands = {"W": "- - - - - - 5s - -"}
    kw = {"tbl": tbl, "number": 2, "started_at": "2026-03-04T17:30:00+03:00", "ruleset": only(57, 59, tables=True)}
    assert card(prep(hands, **kw), "5s").state == "wild"
    s = prep(hands, readings={"IP-M59-DEAD-FIVE": "rule_kill_stands"}, **kw)
    assert card(s, "5s").state == "dead" and card(s, "5s").killed_by == "T2"


M60_HANDS = {"S": "- - - - - - 5h - -", "W": "- - - - - - 10c - -"}
HAT_N = {"N": {"headwear": True}, "E": {}, "S": {}, "W": {}}


def _m60(category, readings=None, hands=M60_HANDS, tbl=None, ruleset=None):
    history = GameHistory([record(1, category=category, cards="Jc Jd Js Jh")])
    return prep(hands, tbl=tbl or players(**HAT_N), number=2, history=history, readings=readings,
                    ruleset=ruleset or only(57, 60))


def test_m60_previous_deal_won_low_revives_fives_home_and_tens_as_unicorns():
    """Modifier 60: "если предыдущая партия ... была выиграна с раскладом ниже или равным полному брюху,
    то пятерки, пришедшие на четвертом открытом круге, оживают ... и становятся домашними, а Десятки,
    которые были убиты по модификатору 57, оживляются и повышаются до уровня Единорога": deal 1 won with
    an Elf (#47): S's 5h is home, W's 10c plays as a Unicorn."""
    s = _m60(47)
    assert card(s, "5h").state == "home"
    ten = card(s, "10c")
    assert ten.state == "natural" and ten.rank == 12 and ten.real_rank == 10


def test_m60_near_miss_strong_previous_hand_and_first_deal():
    """Modifier 60: deal 1 won with a Red Dragon (#13): the 5h and 10c stay dead; "для первой партии
    модификатор недействителен"."""
    s = _m60(13)
    assert states(s, "5h 10c") == ["dead", "dead"]
    s = prep(M60_HANDS, tbl=players(**HAT_N), number=1, ruleset=only(57, 60))
    assert states(s, "5h 10c") == ["dead", "dead"]


def test_ip_m60_below_number_at_most_43():
    """IP-M60-BELOW number_at_most_43: a Red Dragon (#13) counts, an Elf (#47) does not."""
    rd = {"IP-M60-BELOW": "number_at_most_43"}
    assert card(_m60(13, rd), "5h").state == "home"
    assert card(_m60(47, rd), "5h").state == "dead"


def test_ip_m60_ten_rank_real():
    """IP-M60-TEN-RANK real: the raised Ten's real rank is a Unicorn."""
    assert card(_m60(47, {"IP-M60-TEN-RANK": "real"}), "10c").real_rank == 12


def test_ip_m60_still_dead_only():
    """IP-M60-STILL-DEAD: W (second from E) in headwear and beard gets the 5s, so modifier 59 revives
    S's 10c first; ever_killed still raises it to a Unicorn, still_dead_only does not."""
    hands = {"S": "- - - - - - 10c - -", "W": "- - - - - - 5s - -"}
    tbl = players(N={}, E={}, S={}, W={"headwear": True, "beard": True})
    s = _m60(47, hands=hands, tbl=tbl, ruleset=only(57, 59, 60))
    assert card(s, "10c").rank == 12
    s = _m60(47, {"IP-M60-STILL-DEAD": "still_dead_only"}, hands=hands, tbl=tbl, ruleset=only(57, 59, 60))
    assert card(s, "10c").rank == 10 and card(s, "10c").state == "natural"


# ---------------------------------------------------------------------------- M62
STRAIGHT = "8c 9d 10h Js Qc Kh"
M62_HANDS = {"S": "Kh Kc - - - - - - -", "E": "2d Ac - - - - - - -"}


def _m62(pot, cards=STRAIGHT, readings=None, hands=M62_HANDS, **kw):
    history = GameHistory([record(1, winner="E", category=55, cards=cards, pot=pot, min_stake=10)])
    kw.setdefault("ruleset", only(62))
    return prep(hands, number=2, history=history, readings=readings, **kw)


def test_m62_big_pot_makes_the_top_card_home_for_others_and_frees_the_winners_dragons():
    """Modifier 62: "если в предыдущей партии выигрыш составил более 10 минимальных ставок, то наибольшая
    карта среди составивших выигравшую комбинацию ... становится домашней ... для всех игроков, кроме
    выигравшего ... Для самого выигравшего игрока становятся свободными Драконы, но только при условии
    наличия среди его текущих карт Двойки": pot 150 at a minimum stake of 10: S's Kh is home, E's Ac free."""
    s = _m62(150)
    assert states(s, "Kh Kc Ac") == ["home", "natural", "free"]


def test_m62_near_miss_pot_of_exactly_ten_stakes():
    """Modifier 62: a pot of 100 is not more than 10 minimum stakes: nothing changes."""
    s = _m62(100)
    assert states(s, "Kh Ac") == ["natural", "natural"]


def test_ip_m62_card_and_tie_readings():
    """IP-M62-CARD that_rank: S's Kc is home too. IP-M62-TIE: with Kh and Ks in the winning hand both
    are home (all_top_rank), or only Kh (natural_suit_order)."""
    s = _m62(150, readings={"IP-M62-CARD": "that_rank"})
    assert card(s, "Kc").state == "home"
    hands = {"S": "Kh Ks - - - - - - -"}
    s = _m62(150, cards="Kh Ks Kc Kd", hands=hands)
    assert states(s, "Kh Ks") == ["home", "home"]
    s = _m62(150, cards="Kh Ks Kc Kd", hands=hands, readings={"IP-M62-TIE": "natural_suit_order"})
    assert states(s, "Kh Ks") == ["home", "natural"]


def test_ip_m62_two_any_real_two():
    """IP-M62-TWO: at 14:30 in deal 2 Table 2 kills Twos: E's dead 2d is no natural Two (his Ac stays
    natural) but is a real Two under any_real_two (his Ac is free)."""
    kw = {"started_at": "2026-03-04T14:30:00+03:00", "ruleset": only(62, tables=True)}
    assert card(_m62(150, **kw), "Ac").state == "natural"
    assert card(_m62(150, readings={"IP-M62-TWO": "any_real_two"}, **kw), "Ac").state == "free"


# ---------------------------------------------------------------------------- M63, M64
M63_HANDS = {"S": "- - - - 2d - - - -", "N": "- - 3s - - - - - -"}
SOFT_W = {"N": {}, "E": {"drink": "alcohol"}, "S": {}, "W": {"drink": "soft"}}


def test_m63_soft_drink_kills_second_open_circle_twos_and_homes_third_circle_threes():
    """Modifier 63: "если кто-либо другой из игроков пьет безалкогольный напиток, то Двойки, пришедшие во
    втором открытом круге, дикими не становятся, но убиваются, а Тройки, пришедшие в третьем круге,
    становятся домашними в любом случае": W drinks soft: S's 2d dies, N's 3s (circle 3) is home and frozen."""
    s = prep(M63_HANDS, tbl=players(**SOFT_W), ruleset=only(63))
    assert states(s, "2d 3s") == ["dead", "home"]
    assert card(s, "3s").frozen


def test_m63_near_miss_nobody_drinks_soft():
    """Modifier 63: E drinks alcohol, nobody soft: both stay natural."""
    s = prep(M63_HANDS, tbl=players(N={}, E={"drink": "alcohol"}, S={}, W={}), ruleset=only(63))
    assert states(s, "2d 3s") == ["natural", "natural"]


def test_m63_three_home_regardless_of_a_lower_modifier():
    """Modifier 63, "независимо от других модификаторов": modifier 13 kills N's dark 3h of circle 3;
    modifier 63 brings it back home."""
    hands = {"E": "- - - - - - - 10s -", "S": "- - - - - - - Jc -", "N": "- - 3h - - - - - -"}
    assert card(prep(hands, tbl=players(**SOFT_W), ruleset=only(13)), "3h").state == "dead"
    assert card(prep(hands, tbl=players(**SOFT_W), ruleset=only(13, 63)), "3h").state == "home"


def test_ip_m63_other_readings():
    """IP-M63-OTHER: S drinks soft and gets the 2d, E gets the 2c: any_player kills both; not_recipient
    spares S's own Two; with_alcohol needs an alcohol drinker; not_dealer ignores the dealer's drink."""
    hands = {"E": "- - - - 2c - - - -", "S": "- - - - 2d - - - -"}
    tbl = players(N={}, E={}, S={"drink": "soft"}, W={})
    assert states(prep(hands, tbl=tbl, ruleset=only(63)), "2c 2d") == ["dead", "dead"]
    s = prep(hands, tbl=tbl, ruleset=only(63), readings={"IP-M63-OTHER": "not_recipient"})
    assert states(s, "2c 2d") == ["dead", "natural"]
    s = prep(hands, tbl=tbl, ruleset=only(63), readings={"IP-M63-OTHER": "with_alcohol"})
    assert states(s, "2c 2d") == ["natural", "natural"]
    tbl = players(N={"drink": "soft"}, E={}, S={}, W={})
    assert card(prep(hands, tbl=tbl, ruleset=only(63)), "2c").state == "dead"
    s = prep(hands, tbl=tbl, ruleset=only(63), readings={"IP-M63-OTHER": "not_dealer"})
    assert card(s, "2c").state == "natural"


def test_ip_m63_third_circle_third_open_circle():
    """IP-M63-THIRD-CIRCLE third_open_circle: the Three of circle 6 is home, that of circle 3 is not."""
    hands = {"N": "- - 3s - - 3c - - -"}
    s = prep(hands, tbl=players(**SOFT_W), ruleset=only(63))
    assert states(s, "3s 3c") == ["home", "natural"]
    s = prep(hands, tbl=players(**SOFT_W), ruleset=only(63), readings={"IP-M63-THIRD-CIRCLE": "third_open_circle"})
    assert states(s, "3s 3c") == ["natural", "home"]


def test_ip_m63_regardless_over_everything():
    """IP-M63-REGARDLESS: at 15:30 in deal 2 Table 2 kills Threes; over_modifiers leaves that kill,
    over_everything brings the circle-3 Three back home."""
    kw = {"tbl": players(**SOFT_W), "number": 2, "started_at": "2026-03-04T15:30:00+03:00",
          "ruleset": only(63, tables=True)}
    hands = {"E": "- - 3s - - - - - -"}
    assert card(prep(hands, **kw), "3s").state == "dead"
    assert card(prep(hands, readings={"IP-M63-REGARDLESS": "over_everything"}, **kw), "3s").state == "home"


FIVE = ("N", "NE", "E", "SE", "S")       # deal 1 order NE, E, SE, S, N
M64_HANDS = {"NE": "- - - - 2c - - - -", "E": "Jd - - - - - - - -"}


def _five(soft: int, alcohol: bool = True) -> Table:
    drinks = ["soft"] * soft + ["none"] * (5 - soft)
    if alcohol:
        drinks[-1] = "alcohol"
    return players(**{seat: {"drink": d} for seat, d in zip(FIVE, drinks, strict=True)})


def test_m64_four_soft_drinkers_home_the_m91_twos_and_free_dark_diamond_honors():
    """Modifier 64: "если игроков с безалкогольными напитками больше 3, то Двойки подпадающие под
    модификатор 91 становятся домашними, а онеры бубен, пришедшие в темных кругах - свободными":
    four soft drinkers and one alcohol drinker: NE's 2c (killed by 63) is home, E's dark Jd free."""
    s = prep(M64_HANDS, tbl=_five(4), ruleset=only(63, 64))
    assert states(s, "2c Jd") == ["home", "free"]


def test_m64_near_miss_three_soft_drinkers():
    """Modifier 64: three soft drinkers: the Jd stays natural and the 2c dead by modifier 63."""
    s = prep(M64_HANDS, tbl=_five(3), ruleset=only(63, 64))
    assert states(s, "2c Jd") == ["dead", "natural"]


def test_ip_m64_m91_ref_and_vs_63():
    """IP-M64-M91-REF: without an alcohol drinker modifier 91 does not act, so the Two stays dead
    (m91_fires) or is home (m91_cards). IP-M64-VS-63 m63_kill_stands: the Two stays dead."""
    s = prep(M64_HANDS, tbl=_five(4, alcohol=False), ruleset=only(63, 64))
    assert card(s, "2c").state == "dead"
    s = prep(M64_HANDS, tbl=_five(4, alcohol=False), ruleset=only(63, 64), readings={"IP-M64-M91-REF": "m91_cards"})
    assert card(s, "2c").state == "home"
    s = prep(M64_HANDS, tbl=_five(4), ruleset=only(63, 64), readings={"IP-M64-VS-63": "m63_kill_stands"})
    assert card(s, "2c").state == "dead"


# ---------------------------------------------------------------------------- M65, M66
M65_HANDS = {"E": "- - - - Kd - - - -", "S": "- - - - - Jd - - -", "W": "- - - - - - Ad - -"}


def _room(closed=True, **kw):
    return Table(players=tuple(Player(id=s, seat=s) for s in ("N", "E", "S", "W")),
                 room=Room(closed_room=closed, **kw))


def test_m65_closed_room_frees_diamond_honors_of_second_and_third_open_circles():
    """Modifier 65: "если Игра происходит в закрытом помещении ... онеры бубен, которые приходят во втором
    и третьем открытом круге становятся свободными": Kd (circle 5) and Jd (circle 6) free, Ad (circle 7) not."""
    s = prep(M65_HANDS, tbl=_room(), ruleset=only(65, 66))
    assert states(s, "Kd Jd Ad") == ["free", "free", "natural"]


def test_m65_near_miss_open_room():
    """Modifier 65: the room is not closed: nothing is free."""
    s = prep(M65_HANDS, tbl=_room(closed=False), ruleset=only(65, 66))
    assert states(s, "Kd Jd") == ["natural", "natural"]


def test_m66_two_of_spades_in_third_open_circle_cancels_65_and_is_wild():
    """Modifier 66: "если в третьем открытом круге будет засвечена Двойка пик, то это отменяет
    модификатор 65 и делает дикой эту Двойку пик": W's 2s in circle 6: E's Kd natural, the 2s wild."""
    hands = {"E": "- - - - Kd - - - -", "W": "- - - - - 2s - - -"}
    s = prep(hands, tbl=_room(), ruleset=only(65, 66))
    assert states(s, "Kd 2s") == ["natural", "wild"]


def test_m66_near_miss_two_of_spades_in_second_open_circle():
    """Modifier 66: the 2s comes in circle 5: modifier 65 stands and the 2s stays natural."""
    hands = {"E": "- - - - Kd - - - -", "S": "- - - - 2s - - - -"}
    s = prep(hands, tbl=_room(), ruleset=only(65, 66))
    assert states(s, "Kd 2s") == ["free", "natural"]


def test_ip_m66_independent_only_with_65():
    """IP-M66-INDEPENDENT: in an open room the 2s is wild (always) or natural (only_with_65)."""
    hands = {"W": "- - - - - 2s - - -"}
    assert card(prep(hands, tbl=_room(closed=False), ruleset=only(65, 66)), "2s").state == "wild"
    s = prep(hands, tbl=_room(closed=False), ruleset=only(65, 66), readings={"IP-M66-INDEPENDENT": "only_with_65"})
    assert card(s, "2s").state == "natural"


def test_ip_m66_dead_two_rule_kill_stands():
    """IP-M66-DEAD-TWO: at 14:30 in deal 2 Table 2 kills Twos: the 2s is wild anyway, or stays dead."""
    hands = {"S": "- - - - - 2s - - -"}
    kw = {"tbl": _room(), "number": 2, "started_at": "2026-03-04T14:30:00+03:00", "ruleset": only(65, 66, tables=True)}
    assert card(prep(hands, **kw), "2s").state == "wild"
    assert card(prep(hands, readings={"IP-M66-DEAD-TWO": "rule_kill_stands"}, **kw), "2s").state == "dead"


# ---------------------------------------------------------------------------- M67 - M70
def _open(cards: str, player: str = "E", **others) -> dict[str, str]:
    """Nine cards for ``player`` with the five given in circles 4-8."""
    return {player: "- - - " + cards + " -", **others}


def test_steps_by():
    """The rank steps of modifiers 67-69: 2, 4, 3 step by 1; K, A, 2 only cyclically."""
    assert steps_by([2, 4, 3], 1, False) and not steps_by([13, 14, 2], 1, False)
    assert steps_by([13, 14, 2], 1, True) and steps_by([12, 14, 3], 2, True)
    assert not steps_by([2, 2, 3], 1, False)


def test_m67_three_adjacent_ranks_in_a_row_make_the_middle_one_home():
    """Modifier 67: "если игроку на открытых кругах приходит подряд три карты соседние по номиналу ...
    (например - Двойка, Четверка, Тройка) ... оживляется и делается домашней Четверка": 2c 4h 3d 9s Kc."""
    s = prep(_open("2c 4h 3d 9s Kc"), ruleset=only(67))
    assert states(s, "4h 2c 3d") == ["home", "natural", "natural"]


def test_m67_near_miss_not_in_a_row_and_no_wrap():
    """Modifier 67: 2c 4h 9s 3d Kc (the Three not in a row) and Kc Ac 2d (not adjacent): nothing."""
    assert card(prep(_open("2c 4h 9s 3d Kc"), ruleset=only(67)), "4h").state == "natural"
    assert card(prep(_open("9s Kc Ac 2d 6h"), ruleset=only(67)), "Ac").state == "natural"


def test_m67_revives_a_dead_middle_card():
    """Modifier 67: W in headwear: modifier 57 kills E's 10h of circle 7, the middle of 9s 10h Jd: it
    revives home."""
    s = prep(_open("2c 5d 9s 10h Jd"), tbl=players(**HAT_W), ruleset=only(57, 67))
    assert card(s, "10h").state == "home"


def test_ip_m67_middle_and_wrap():
    """IP-M67-MIDDLE middle_rank: the 3d of 2c 4h 3d is home. IP-M67-WRAP wrap: Kc Ac 2d make Ac home."""
    s = prep(_open("2c 4h 3d 9s Kc"), ruleset=only(67), readings={"IP-M67-MIDDLE": "middle_rank"})
    assert states(s, "4h 3d") == ["natural", "home"]
    s = prep(_open("9s Kc Ac 2d 6h"), ruleset=only(67), readings={"IP-M67-WRAP": "wrap"})
    assert card(s, "Ac").state == "home"


def test_ip_m67_in_a_row_consecutive_circles():
    """IP-M67-IN-A-ROW: modifier 12's pattern (S's 9d in circle 5) deals circle 6 dark; E's open 2c 4h
    (circles 4, 5) and 3d (circle 7) are in a row as open cards, not as circles."""
    hands = {"E": "- - - 2c 4h - 3d - 9c", "S": "- - - - 9d - - - -"}
    assert card(prep(hands, ruleset=only(12, 67)), "4h").state == "home"
    s = prep(hands, ruleset=only(12, 67), readings={"IP-M67-IN-A-ROW": "consecutive_circles"})
    assert card(s, "4h").state == "natural"


def test_ip_m67_overlap_readings():
    """IP-M67-OVERLAP: with modifier 75's six open circles (deal 3, four dimensions), W's open 3 4 5 6 7 8
    in a row: every_triple homes 4, 5, 6, 7; first_triple 4; non_overlapping 4 and 7."""
    tbl = players(**{s: {"dimension": d} for s, d in zip("NESW", ("Klah", "Deva", "Perv", "Trollia"), strict=True)})
    hands = {"W": "3c - - 4d 5h 6s 7c 8d -"}
    got = {}
    for reading in ("every_triple", "first_triple", "non_overlapping"):
        s = prep(hands, tbl=tbl, number=3, ruleset=only(67, 75), readings={"IP-M67-OVERLAP": reading})
        got[reading] = [c for c in ("4d", "5h", "6s", "7c") if card(s, c).state == "home"]
    assert got == {"every_triple": ["4d", "5h", "6s", "7c"], "first_triple": ["4d"],
                   "non_overlapping": ["4d", "7c"]}


def test_m68_ranks_two_apart_in_a_row_make_the_last_incrementing():
    """Modifier 68: "если игроку на открытых кругах подряд приходят карты с номиналом различным на 2, то
    последняя из этих карт ... становится инкрементирующей ... (пример: Шестерка, Двойка, Четверка)":
    6c 2d 4h: the 4h is incrementing; E names his 9s as its target, which plays as a Ten."""
    s = prep(_open("6c 2d 4h 9s Kc"), ruleset=only(68), claims=[claim("E", "M68", card="4h", target="9s")])
    assert card(s, "4h").role == "incrementing" and card(s, "4h").state == "natural"
    assert card(s, "9s").rank == 10 and not card(s, "4h").frozen


def test_m68_near_miss_no_three_in_a_row():
    """Modifier 68: 9c 2d 4h Kc 7s: no three in a row step by 2: nothing."""
    s = prep(_open("9c 2d 4h Kc 7s"), ruleset=only(68))
    assert card(s, "4h").role is None


def test_m68_revives_a_dead_last_card():
    """Modifier 68: modifier 57 kills E's 10h of circle 7, the last of 6c 8d 10h: it revives incrementing."""
    s = prep(_open("2c 6c 8d 10h Kc"), tbl=players(**HAT_W), ruleset=only(57, 68))
    assert card(s, "10h").state == "natural" and card(s, "10h").role == "incrementing"


def test_ip_m68_count_readings():
    """IP-M68-COUNT: 9c 2d 4h is two_cards (2d 4h: the 4h); 2c 4d 6h 8s Kc makes 6h and 8s incrementing
    by threes, only 8s as one run (any_length)."""
    s = prep(_open("9c 2d 4h Kc 7s"), ruleset=only(68), readings={"IP-M68-COUNT": "two_cards"})
    assert card(s, "4h").role == "incrementing"
    s = prep(_open("2c 4d 6h 8s Kc"), ruleset=only(68))
    assert (card(s, "6h").role, card(s, "8s").role) == ("incrementing", "incrementing")
    s = prep(_open("2c 4d 6h 8s Kc"), ruleset=only(68), readings={"IP-M68-COUNT": "any_length"})
    assert (card(s, "6h").role, card(s, "8s").role) == (None, "incrementing")


def test_ip_m68_wrap():
    """IP-M68-WRAP wrap: Qc Ad 3h step by 2 round the end: the 3h is incrementing."""
    assert card(prep(_open("Qc Ad 3h 9s 7c"), ruleset=only(68)), "3h").role is None
    s = prep(_open("Qc Ad 3h 9s 7c"), ruleset=only(68), readings={"IP-M68-WRAP": "wrap"})
    assert card(s, "3h").role == "incrementing"


def test_ip_m68_keep_keeps_existing():
    """IP-M68-KEEP keeps_existing: the 4h that changed the 9s is frozen (base rule 14)."""
    s = prep(_open("6c 2d 4h 9s Kc"), ruleset=only(68), claims=[claim("E", "M68", card="4h", target="9s")],
                 readings={"IP-M68-KEEP": "keeps_existing"})
    assert card(s, "4h").frozen and card(s, "9s").rank == 10


def test_m68_target_readings_and_refused_claim():
    """Modifier 68 with IP-INCDEC-TARGET all_own_natural: the incrementing 4h raises every other natural
    card of E by one (9s -> 10, Kc -> A); a claim by S, who has no such run, is illegal."""
    s = prep(_open("6c 2d 4h 9s Kc"), ruleset=only(68), readings={"IP-INCDEC-TARGET": "all_own_natural"})
    assert (card(s, "9s").rank, card(s, "Kc").rank, card(s, "4h").rank) == (10, 14, 4)
    with pytest.raises(RulesError, match="M68"):
        prep(_open("6c 2d 4h 9s Kc", S="- - - - - - - 9h -"), ruleset=only(68),
             claims=[claim("S", "M68", card="9h", target="9h")])


def test_m69_ranks_three_apart_make_the_first_decrementing():
    """Modifier 69: "если игроку на открытых кругах приходят карты с номиналом различным на 3, то первая
    из этих карт ... становится декрементирующей (пример: Пятерка, Двойка, Восьмерка)": 5s Kh 2d 8c 7d."""
    s = prep(_open("5s Kh 2d 8c 7d"), ruleset=only(69))
    assert card(s, "5s").role == "decrementing" and card(s, "2d").role is None


def test_m69_near_miss_no_step_of_three():
    """Modifier 69: 5s Kh 2d 9c 7d: no three cards step by 3."""
    assert card(prep(_open("5s Kh 2d 9c 7d"), ruleset=only(69)), "5s").role is None


def test_ip_m69_in_a_row_count_and_wrap():
    """IP-M69-IN-A-ROW in_a_row: the Kh breaks 5s .. 2d 8c. IP-M69-COUNT: two_cards fires on 5s 2d;
    any_length on 2c 5d 8h Js takes the 2c only. IP-M69-WRAP wrap: Qc 2d 5h."""
    s = prep(_open("5s Kh 2d 8c 7d"), ruleset=only(69), readings={"IP-M69-IN-A-ROW": "in_a_row"})
    assert card(s, "5s").role is None
    s = prep(_open("5s Kh 2d 9c 7d"), ruleset=only(69), readings={"IP-M69-COUNT": "two_cards"})
    assert card(s, "5s").role == "decrementing"
    s = prep(_open("2c 5d 8h Js 7c"), ruleset=only(69))
    assert (card(s, "2c").role, card(s, "5d").role) == ("decrementing", "decrementing")
    s = prep(_open("2c 5d 8h Js 7c"), ruleset=only(69), readings={"IP-M69-COUNT": "any_length"})
    assert (card(s, "2c").role, card(s, "5d").role) == ("decrementing", None)
    assert card(prep(_open("Qc 2d 5h 9s 7c"), ruleset=only(69)), "Qc").role is None
    s = prep(_open("Qc 2d 5h 9s 7c"), ruleset=only(69), readings={"IP-M69-WRAP": "wrap"})
    assert card(s, "Qc").role == "decrementing"


THREE = ("N", "E", "S")                  # deal 1 order E, S, N
M70_E = "- - - 2c 4h 3d 9s Kd"
M70_N = "Kh Kc Ks Ah 7h 8s Qd 5d -"


def _m70(s_open: str, claims, readings=None):
    hands = {"E": M70_E + " -", "S": "- - - " + s_open + " -", "N": M70_N}
    return prep(hands, tbl=table(THREE), ruleset=only(67, 68, 69, 70), claims=claims, readings=readings)


def test_m70_two_players_with_67_combinations_let_the_others_home_an_honor():
    """Modifier 70: "если модификаторы 67 - 69 применимы к двум и более игрокам, то все остальные игроки
    могут сделать домашним один из своих онеров, масть которого отсутствует в одной из комбинаций": E
    (2c 4h 3d) and S (9c Jc 10c) have combinations; N makes Kh home (hearts absent from S's), not Kc."""
    s = _m70("9c Jc 10c 6s 2h", [claim("N", "M70", card="Kh")])
    assert card(s, "Kh").state == "home"
    with pytest.raises(RulesError, match="every combination"):
        _m70("9c Jc 10c 6s 2h", [claim("N", "M70", card="Kc")])


def test_m70_near_miss_one_player_with_a_combination():
    """Modifier 70: only E has a combination: N's claim is illegal."""
    with pytest.raises(RulesError, match="two players"):
        _m70("9c Qh 5s 2h Jd", [claim("N", "M70", card="Kh")])


def test_ip_m70_applicable_and_absent():
    """IP-M70-APPLICABLE same_modifier_two_players: E's 67 and S's 69 combination (2s 5s 8c) are not the
    same modifier. IP-M70-ABSENT absent_from_all: Kh (hearts in E's) is refused, Ks accepted."""
    s = _m70("2s 9h 5s Qc 8c", [claim("N", "M70", card="Kh")])
    assert card(s, "Kh").state == "home"
    with pytest.raises(RulesError, match="two players"):
        _m70("2s 9h 5s Qc 8c", [claim("N", "M70", card="Kh")],
             readings={"IP-M70-APPLICABLE": "same_modifier_two_players"})
    rd = {"IP-M70-ABSENT": "absent_from_all"}
    with pytest.raises(RulesError, match="a combination"):
        _m70("9c Jc 10c 6s 2h", [claim("N", "M70", card="Kh")], readings=rd)
    s = _m70("9c Jc 10c 6s 2h", [claim("N", "M70", card="Ks")], readings=rd)
    assert card(s, "Ks").state == "home"
