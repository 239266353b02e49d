"""Unrecorded deals of a sitting document: a deal played without recording its cards (a quick
result: who won and the pot) still counts, so the deals after it keep their true numbers (base rule
17's first deal, Table 1 and base rules 19-20, the dealer of "Порядок сдачи карт"), while the rules
that read the previous deal's winning hand or cards find nothing to read after it."""

from __future__ import annotations

import json

import pytest

from rules.engines import dragon
from rules.engines.cards import deck52, shuffled
from rules.engines.dragon.game import GameHistory
from rules.engines.dragon.judge import judge_deal, table_from_doc, unrecorded_deal
from rules.engines.dragon.trace import TraceEntry, render_entry
from rules.engines.errors import RulesError

PLAYERS = [{"id": "skeeve", "seat": "N"}, {"id": "aahz", "seat": "E"},
           {"id": "tanda", "seat": "S", "sex": "f"}, {"id": "massha", "seat": "W", "sex": "f"}]
WEDNESDAY = "2026-12-02"          # weekday number 3 (Table 1)


def cards(seed: int) -> list[str]:
    return [str(c) for c in shuffled(deck52(), seed)][:36]


def sitting(deals, players=PLAYERS, **extra) -> dict:
    return {"ruleset": "club-2.2.1", "players": players,
            "place": {"latitude": 55.75, "longitude": 37.62, "timezone": "Europe/Moscow"},
            "stakes": {"min": 2, "max": 20}, "deals": deals, **extra}


def played(seed: int, at: str, day: str = WEDNESDAY) -> dict:
    return {"started_at": f"{day}T{at}:00+03:00", "cards": cards(seed),
            "bets": {"skeeve": 2, "aahz": 2, "tanda": 2, "massha": 2}}


def quick(at: str, day: str = WEDNESDAY, **more) -> dict:
    return {"started_at": f"{day}T{at}:00+03:00", "unrecorded": True, "winners": ["aahz"], "pot": 8,
            "bets": {"skeeve": 2, "aahz": 2, "tanda": 2, "massha": 2}, **more}


def sources(judgement: dict, change: str | None = None) -> list[str]:
    return [t["source"] for t in judgement["trace"] if change is None or t["change"] == change]


def test_an_unrecorded_deal_counts_and_is_not_judged():
    """The entry of an unrecorded deal names its number and its dealer by the rotation ("Порядок
    сдачи карт": the deal passes clockwise, E deals deal 2) and judges nothing; the result is JSON."""
    out = dragon.judge_game(sitting([played(7, "21:15"), quick("21:20"), played(8, "21:25")]))
    json.dumps(out)
    d1, d2, d3 = out["deals"]
    assert d2 == {"number": 2, "dealer": "aahz", "unrecorded": True, "winners": ["aahz"], "pot": 8, "trace": []}
    assert (d1["number"], d3["number"]) == (1, 3)
    assert (d1["dealer"], d3["dealer"]) == ("skeeve", "tanda")
    # deal 3 is dealt by S: its first card goes to W
    assert out["deals"][2]["players"]["massha"]["cards"][0]["card"] == cards(8)[0]
    north_always = dragon.judge_game(sitting([played(7, "21:15"), quick("21:20"), played(8, "21:25")],
                                             readings={"IP-DEAL-ROTATION": "north_always"}))
    assert [d["dealer"] for d in north_always["deals"]] == ["skeeve", "skeeve", "skeeve"]


def test_deal_3_after_an_unrecorded_deal_2_is_judged_as_deal_3():
    """Base rule 20 (odd deals: inverted suit order), Table 1 (base rule 15: on a Wednesday, weekday
    number 3, deal 3 is dealt all dark and the weakest hand wins) and the dealer: the deal after an
    unrecorded deal 2 is deal 3. Left out, the same cards would be judged as deal 2."""
    with_quick = dragon.judge_game(sitting([played(7, "21:15"), quick("21:20"), played(8, "21:25")]))["deals"][2]
    without = dragon.judge_game(sitting([played(7, "21:15"), played(8, "21:25")]))["deals"][1]
    assert with_quick["number"] == 3 and without["number"] == 2
    assert with_quick["orders"]["suits"] == "inverted" and without["orders"]["suits"] == "natural"
    assert "B20" in sources(with_quick) and "B20" not in sources(without)
    assert with_quick["pattern"] == ["dark"] * 9 and with_quick["weakest_wins"] is True
    assert "T1" in sources(with_quick, "weakest wins")
    assert without["pattern"] != ["dark"] * 9 and without["weakest_wins"] is False


def test_base_rule_19_counts_the_unrecorded_deals():
    """Base rule 19: deal 4 of four players inverts the card order, even when deals 2 and 3 were
    logged without their cards."""
    deals = [played(7, "21:15"), quick("21:20"), quick("21:22"), played(8, "21:25")]
    fourth = dragon.judge_game(sitting(deals))["deals"][3]
    assert fourth["number"] == 4 and fourth["orders"]["cards"] == "inverted" and "B19" in sources(fourth)


def test_base_rule_17_the_deal_after_an_unrecorded_first_deal_is_not_the_first():
    """Base rules 16-17 (Table 2): the previous hour's wild rank is dead, but not in a Game's first
    deal. An unrecorded deal 1 makes the recorded deal that follows deal 2, where Table 2 kills."""
    second = dragon.judge_game(sitting([quick("21:10"), played(8, "21:25")]))["deals"][1]
    alone = dragon.judge_game(sitting([played(8, "21:25")]))["deals"][0]
    killed = [t for t in second["trace"] if t["source"] == "T2" and t["change"] == "dead"]
    assert killed and all("B17" in t["text"] for t in killed)
    assert not [t for t in alone["trace"] if t["source"] == "T2" and t["change"] == "dead"]


def _b2_card(judged: dict) -> str:
    """The highest natural card of the deal's winning hand, as base rule 2 reads it."""
    from rules.engines.cards import parse_one

    winner = judged["winners"][0]
    player = judged["players"][winner]
    states = {c["card"]: c["state"] for c in player["cards"]}
    naturals = [parse_one(c) for c in player["hand"]["cards"] if states[c] == "natural"]
    top = max(naturals, key=lambda c: (c.rank, -"hdcs".index(c.suit)))
    return str(top)


def test_base_rules_2_7_21_do_not_read_an_unrecorded_deal():
    """Base rule 2 (the highest natural card of the previous winning hand is wild), 7 (its highest
    card below Ten reverses naturalness) and 21 (its quads are dead): after an unrecorded deal there
    is no previous winning hand, so none of them acts, and the trace says once that the previous deal
    was not recorded. After a recorded deal 2 the same cards get base rule 2's wild card."""
    first = dragon.judge_game(sitting([played(7, "21:15")]))["deals"][0]
    top = _b2_card(first)
    third_cards = [top] + [c for c in cards(8) if c != top][:35]
    third = {**played(8, "21:25"), "cards": third_cards}
    recorded = {**played(7, "21:20"), "cards": cards(7)}        # deal 2 dealt as deal 1 was
    after_recorded = dragon.judge_game(sitting([played(9, "21:15"), recorded, third]))["deals"]
    assert _b2_card(after_recorded[1]) == top
    assert "B2" in sources(after_recorded[2], "wild")

    after_quick = dragon.judge_game(sitting([played(9, "21:15"), quick("21:20"), third]))["deals"][2]
    assert not [s for s in sources(after_quick) if s in ("B7", "B21")]
    assert "B2" not in sources(after_quick, "wild")
    notes = [t for t in after_quick["trace"] if t["change"] == "not recorded"]
    assert len(notes) == 1 and notes[0]["source"] == "B2" and "deal 2" in notes[0]["text"]
    assert not [t for t in after_recorded[2]["trace"] if t["change"] == "not recorded"]
    assert render_entry(TraceEntry("B2", "not recorded", ())) == "B2: not recorded"


def test_the_history_record_of_an_unrecorded_deal_holds_no_cards():
    """The record later deals read: number, winners, pot and bets, nothing of the cards; a deal judged
    with that history is the document's deal 3."""
    doc = sitting([played(7, "21:15"), quick("21:20"), played(8, "21:25")])
    table = table_from_doc(doc)
    entry, record = unrecorded_deal(table, 2, quick("21:20"))
    assert entry["dealer"] == "aahz" and record.recorded is False
    assert (record.number, record.winners, record.pot, record.net_gain) == (2, ("aahz",), 8, 6)
    assert record.bets == {"skeeve": 2, "aahz": 2, "tanda": 2, "massha": 2}
    assert (record.winning_hands, record.open_cards, record.wild, record.dead, record.carry, record.claims) == (
        (), (), (), (), {}, ())
    history = GameHistory()
    history.add(judge_deal(table, 1, doc["deals"][0]["started_at"], cards(7), bets=doc["deals"][0]["bets"]).record)
    history.add(record)
    direct = judge_deal(table, 3, doc["deals"][2]["started_at"], cards(8), history=history,
                        bets=doc["deals"][2]["bets"]).as_dict()
    assert dragon.judge_game(doc)["deals"][2] == json.loads(json.dumps(direct))


LIGHT = [{**p, "clothing": "light"} for p in PLAYERS]


@pytest.mark.parametrize("reading", ["natural_real", "previous_deal_order"])
def test_modifier_80_reads_no_open_cards_of_an_unrecorded_deal(reading):
    """Modifier 80: light clothing dominates, deal 4 before sunset is played with wild red honors of
    the ranks of the two lowest cards dealt open in the previous deal (IP-M80-NON-HONOR
    ``lowest_honors``). A recorded deal 3 gives it open cards; an unrecorded one none, so it does not
    act (and IP-M80-ORDER ``previous_deal_order`` finds no card order kept)."""
    readings = {"IP-M80-NON-HONOR": "lowest_honors", "IP-M80-ORDER": reading}
    day = "2026-06-19"                      # a Friday (no deal 1-4 all dark) in June, before sunset
    deals = [played(7, "12:00", day), played(8, "12:05", day)]
    fourth = played(11, "12:20", day)
    recorded = dragon.judge_game(sitting([*deals, played(9, "12:10", day), fourth], LIGHT, readings=readings))
    unrecorded = dragon.judge_game(sitting([*deals, quick("12:10", day), fourth], LIGHT, readings=readings))
    assert "M80" in sources(recorded["deals"][3])
    assert "M80" not in sources(unrecorded["deals"][3])
    assert unrecorded["deals"][3]["number"] == 4


BIG = {"skeeve": 10, "aahz": 10, "tanda": 10, "massha": 10}     # a pot of 40 (30 net), above 10 minimum stakes of 2


@pytest.mark.parametrize("readings", [{}, {"IP-M62-WINNINGS": "net_gain"}])
def test_modifier_62_reads_no_combination_of_an_unrecorded_deal(readings):
    """Modifier 62: the previous deal's winnings above 10 minimum stakes make the highest real card of
    its winning combination home for everyone but the previous winner. After a recorded deal 2 with a
    pot of 40 it acts in deal 3; after an unrecorded deal 2 with the same pot and bets there is no
    combination to read, so it does not act."""
    recorded = dragon.judge_game(sitting([played(7, "21:15"), {**played(3, "21:20"), "bets": BIG},
                                          played(8, "21:25")], readings=readings))["deals"][2]
    unrecorded = dragon.judge_game(sitting([played(7, "21:15"), quick("21:20", pot=40, bets=BIG),
                                            played(8, "21:25")], readings=readings))["deals"][2]
    assert "M62" in sources(recorded) and "M62" not in sources(unrecorded)


def test_the_previous_game_may_end_with_an_unrecorded_deal():
    """IP-M62-PREVIOUS ``last_at_table``, IP-M33-GAME-END and IP-M34-GAME ``carries`` read the last
    deals of the previous Game at the table; when its last deal is unrecorded there is nothing of its
    cards to read, and this Game's first deal is still deal 1 (base rule 17: no dead rank)."""
    readings = {"IP-M62-PREVIOUS": "last_at_table", "IP-M33-GAME-END": "carries", "IP-M34-GAME": "carries"}
    ended = sitting([played(7, "20:15"), {**played(3, "20:20"), "bets": BIG}], readings=readings)
    after_recorded = dragon.judge_game(sitting([played(8, "21:25")], readings=readings, previous_game=ended))
    assert "M62" in sources(after_recorded["deals"][0])
    previous = sitting([played(7, "20:15"), quick("20:20", pot=40, bets=BIG)], readings=readings)
    first = dragon.judge_game(sitting([played(8, "21:25")], readings=readings, previous_game=previous))["deals"][0]
    assert first["number"] == 1 and "M62" not in sources(first)
    assert not [t for t in first["trace"] if t["source"] == "T2" and t["change"] == "dead"]


@pytest.mark.parametrize(("deal", "message"), [
    ({"started_at": "2026-12-02T21:20:00+03:00", "unrecorded": True, "cards": ["Ah"]}, "unknown key 'cards'"),
    ({"started_at": "2026-12-02T21:20:00+03:00", "unrecorded": True, "claims": []}, "unknown key 'claims'"),
    ({"unrecorded": True, "winners": ["aahz"]}, "needs started_at"),
    ({"started_at": "2026-12-02T21:20:00+03:00", "unrecorded": "yes"}, "unrecorded must be true or false"),
    ({"started_at": "2026-12-02T21:20:00+03:00", "unrecorded": True, "winners": ["nobody"]}, "'nobody'"),
    ({"started_at": "2026-12-02T21:20:00+03:00", "unrecorded": True, "winners": "aahz"}, "must be a list"),
    ({"started_at": "2026-12-02T21:20:00+03:00", "unrecorded": True, "pot": -1}, "-1"),
    ({"started_at": "2026-12-02T21:20:00+03:00", "unrecorded": True, "bets": {"aahz": 1.5}}, "1.5"),
    ({"started_at": "2026-12-02T21:20:00+03:00", "unrecorded": True, "bets": {"nobody": 2}}, "'nobody'"),
    ({"started_at": "2026-12-02T21:20:00+03:00", "unrecorded": True, "dealer": "aahz"}, "unknown key 'dealer'"),
    ({"started_at": "2026-12-02T21:20:00+03:00", "cards": cards(7), "dealer": "aahz"}, "unknown key 'dealer'"),
])
def test_a_bad_unrecorded_deal_is_refused_naming_the_value(deal, message):
    with pytest.raises(RulesError, match=message):
        dragon.judge_game(sitting([played(7, "21:15"), deal]))


def test_an_unrecorded_deal_with_nothing_known_still_counts():
    """A quick deal whose result is not known: no winners, no pot; the next deal is still deal 3."""
    bare = {"started_at": "2026-12-02T21:20:00+03:00", "unrecorded": True}
    out = dragon.judge_game(sitting([played(7, "21:15"), bare, played(8, "21:25")]))["deals"]
    assert out[1] == {"number": 2, "dealer": "aahz", "unrecorded": True, "winners": [], "pot": 0, "trace": []}
    assert out[2]["number"] == 3
    explicit = dragon.judge_game(sitting([played(7, "21:15"), {**played(8, "21:25"), "unrecorded": False}]))
    assert explicit["deals"][1]["number"] == 2 and "players" in explicit["deals"][1]
