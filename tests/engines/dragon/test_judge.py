"""Judging whole deals: the sitting document of engine-api.md, winners and chips (base rules 5, 6,
15), the trace, and properties of the judgement."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engines import dragon
from rules.engines.cards import deck52, parse_one, shuffled
from rules.engines.dragon.context import Room
from rules.engines.dragon.deal import Dealing, deal_from_seed
from rules.engines.dragon.facts import deal_facts
from rules.engines.dragon.game import GameHistory
from rules.engines.dragon.judge import _winners, judge_deal, prepare_deal
from rules.engines.dragon.state import NATURAL
from rules.engines.dragon.trace import render
from rules.engines.errors import RulesError
from rules.engines.readings import resolve
from tests.budgets import examples

from .helpers import table

PLAYERS = [{"id": "skeeve", "seat": "N"}, {"id": "aahz", "seat": "E"},
           {"id": "tanda", "seat": "S", "sex": "f"}, {"id": "massha", "seat": "W", "sex": "f"}]


def doc(deals=None, **extra):
    cards1 = [str(c) for c in shuffled(deck52(), 7)][:36]
    cards2 = [str(c) for c in shuffled(deck52(), 8)][:36]
    base = {"ruleset": "club-2.2.1", "players": PLAYERS,
            "place": {"latitude": 55.75, "longitude": 37.62, "timezone": "Europe/Moscow"},
            "stakes": {"min": 2, "max": 20},
            "deals": deals if deals is not None else [
                {"started_at": "2026-11-29T21:15:00+03:00", "cards": cards1,
                 "bets": {"skeeve": 6, "aahz": 6, "tanda": 6, "massha": 6}},
                {"started_at": "2026-11-29T21:25:00+03:00", "cards": cards2,
                 "bets": {"skeeve": 2, "aahz": 4, "tanda": 2, "massha": 2}}]}
    base.update(extra)
    return base


@pytest.fixture(scope="module")
def judged():
    return dragon.judge_game(doc())


def test_judge_game_document_shape(judged):
    """engine-api.md "Sitting documents": one judgement per deal with the documented keys; deal 2 is
    dealt by the next player clockwise; chips sum to zero; the result is JSON."""
    json.dumps(judged)
    d1, d2 = judged["deals"]
    assert set(d1) >= {"number", "dealer", "pattern", "orders", "weakest_wins", "players", "winners", "chips",
                       "trace"}
    assert (d1["dealer"], d2["dealer"]) == ("skeeve", "aahz")
    assert d1["orders"] == {"cards": "natural", "suits": "inverted"}     # base rule 20: deal 1 is odd
    for d in (d1, d2):
        assert sum(d["chips"].values()) == 0 and d["winners"]
        for p in d["players"].values():
            assert len(p["cards"]) == 9 and 1 <= p["hand"]["category"] <= 65
            assert {"card", "circle", "open", "state", "rank", "suit", "role"} == set(p["cards"][0])
    assert d2["chips"][d2["winners"][0]] > 0


def test_trace_accounts_for_every_changed_card(judged):
    """The trace names every card whose state, rank or suit is not natural."""
    for d in judged["deals"]:
        traced = {c for e in d["trace"] for c in e["cards"]}
        for p in d["players"].values():
            for c in p["cards"]:
                dealt = parse_one(c["card"])
                if c["state"] != NATURAL or (c["rank"], c["suit"]) != (dealt.rank, dealt.suit):
                    assert c["card"] in traced, c


def test_b02_and_b17_act_in_the_second_deal(judged):
    """Base rules 2 and 17 need a previous deal: deal 2's trace shows Table 2's dead rank, deal 1's not."""
    d1, d2 = judged["deals"]
    assert not any(e["source"] == "T2" and e["change"] == "dead" for e in d1["trace"])
    assert any(e["source"] == "T2" and e["change"] == "dead" for e in d2["trace"])


@pytest.mark.parametrize(("where", "patch"), [
    ("top", {"colour": "red"}),
    ("player", {"players": [dict(PLAYERS[0], hat=True), *PLAYERS[1:]]}),
    ("room", {"room": {"saints": 1}}),
])
def test_unknown_keys_are_errors_naming_the_key(where, patch):
    """engine-api.md: unknown keys are an error naming the key."""
    with pytest.raises(RulesError) as err:
        dragon.judge_game(doc(**patch))
    assert next(iter(k for k in ("colour", "hat", "saints") if k in err.value.message))


def test_unknown_deal_and_claim_keys():
    """Unknown keys inside a deal or a claim are errors naming them too."""
    d = doc()
    d["deals"][0]["weather"] = "sunny"
    with pytest.raises(RulesError, match="'weather'"):
        dragon.judge_game(d)
    d = doc()
    d["deals"][0]["claims"] = [{"player": "aahz", "rule": "B1", "card": "Ah", "colour": "red"}]
    with pytest.raises(RulesError, match="'colour'"):
        dragon.judge_game(d)


def test_duplicate_and_non_cards_refused_naming_the_card():
    """Dealing refuses a duplicate (one deck for four players) and a non-card, naming it."""
    d = doc()
    d["deals"][0]["cards"][5] = d["deals"][0]["cards"][4]
    with pytest.raises(RulesError, match=d["deals"][0]["cards"][4]):
        dragon.judge_game(d)
    d = doc()
    d["deals"][0]["cards"][3] = "Zz"
    with pytest.raises(RulesError, match="Zz"):
        dragon.judge_game(d)


def test_claim_for_a_rule_without_claims_is_an_error():
    """A claim names its rule; a modifier that takes no claims refuses it, naming the rule."""
    d = doc()
    d["deals"][0]["claims"] = [{"player": "aahz", "rule": "M7"}]
    with pytest.raises(RulesError, match="M7"):
        dragon.judge_game(d)


def test_b05_b06_equal_hands_go_to_bank_holder_then_dealer():
    """Base rules 5-6: equal keys: the bank holder wins, else the dealer; base rule 15: the weakest."""
    tbl = table()
    facts = deal_facts(tbl, 1, "2026-03-04T10:30:00")
    rd = resolve({}, games=("dragon",))
    dealing = deal_from_seed(facts, 3, rd)
    state = prepare_deal(facts, dealing, rd)
    hands = {p: SimpleNamespace(key=(1,)) for p in state.players}
    hands["E"] = SimpleNamespace(key=(2,))
    assert _winners(state, hands, "S") == ("E",)
    hands["S"] = SimpleNamespace(key=(2,))
    assert _winners(state, hands, "S") == ("S",)
    hands["N"] = SimpleNamespace(key=(2,))
    assert _winners(state, hands, "W") == ("N",)          # N deals deal 1
    state.weakest_wins = True
    assert _winners(state, hands, "E") == ("W",)


def test_b15_weakest_hand_wins_end_to_end():
    """Base rule 15: deal 3 on a Wednesday is dark and the weakest hand wins the pot."""
    tbl = table()
    j = judge_deal(tbl, 3, "2026-03-04T10:30:00", shuffled(deck52(), 11)[:36], bets={p: 2 for p in tbl.ids})
    keys = {p: j.hands[p].key for p in tbl.ids}
    assert j.pattern == ("dark",) * 9 and keys[j.winners[0]] == min(keys.values())


def test_trace_prints_codes_and_values_in_either_card_notation():
    """The engine's trace is codes and values (Table 2 makes a rank wild); the words are the site's."""
    tbl = table()
    j = judge_deal(tbl, 1, "2026-03-04T10:30:00", shuffled(deck52(), 5)[:36])
    en, ru = render(j.trace, "en"), render(j.trace, "ru")
    assert "T2" in en and "wild" in en and "wild" in ru
    assert "дикая" not in ru


BUSY = Room(saint_images=1, animals=2, analog_clocks=1, digital_clocks=1, natural_table=False, exits=3,
            closed_room=True)


def _busy_table():
    return table(("N", "NE", "E", "S", "W", "NW"), room=BUSY,
                 N={"glasses": True, "drink": "alcohol", "spare_decks": 1},
                 NE={"beard": True, "headwear": True, "drink": "soft", "sex": "f"},
                 E={"glasses": True, "sex": "f", "dimension": "Klah"},
                 S={"headwear": True, "clothing": "dark", "dimension": "Klah"},
                 W={"beard": True, "drink": "alcohol", "dimension": "Klah"})


def _prepared(seed: int, number: int, hour: int):
    tbl = _busy_table()
    rd = resolve({}, games=("dragon",))
    facts = deal_facts(tbl, number, f"2026-11-{number + 1:02d}T{hour:02d}:20:00")
    dealing = deal_from_seed(facts, seed, rd)
    return prepare_deal(facts, dealing, rd, history=GameHistory())


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10_000), number=st.integers(1, 12), hour=st.integers(0, 23))
def test_property_same_inputs_same_states_cap_and_trace(seed, number, hour):
    """Properties over busy 6-player deals with every implemented modifier: the same inputs give
    the same states and trace; base rule 22's cap holds; the trace names every card that is not
    natural or plays as another card."""
    a, b = _prepared(seed, number, hour), _prepared(seed, number, hour)
    assert [(c.state, c.rank, c.suit) for c in a.cards] == [(c.state, c.rank, c.suit) for c in b.cards]
    assert [e.as_dict() for e in a.trace] == [e.as_dict() for e in b.trace]
    traced = {(e.player, c) for e in a.trace for c in e.cards}
    for c in a.cards:
        assert len(c.mods) <= 3
        if c.state != NATURAL or (c.rank, c.suit) != (c.card.rank, c.card.suit):
            assert (c.player, c.card) in traced, c


def test_seeded_deal_is_reproducible_and_step_api_matches():
    """A deal dealt from a seeded shuffle is the same each time, and the step API refuses a card
    past the ninth circle."""
    facts = deal_facts(table(), 1, "2026-03-04T10:30:00")
    rd = resolve({}, games=("dragon",))
    a, b = deal_from_seed(facts, 42, rd), deal_from_seed(facts, 42, rd)
    assert [d.card for d in a.dealt] == [d.card for d in b.dealt]
    dealing = Dealing(facts, rd).deal_all([d.card for d in a.dealt])
    with pytest.raises(RulesError, match="too many"):
        dealing.deal("2c")


def test_ip_decks_one_deck_only_refuses_six_players():
    """IP-DECKS: six players need two decks; one_deck_only refuses the table."""
    tbl = _busy_table()
    rd = resolve({"IP-DECKS": "one_deck_only"}, games=("dragon",))
    with pytest.raises(RulesError, match="IP-DECKS|52"):
        Dealing(deal_facts(tbl, 1, "2026-03-04T10:30:00"), rd)
    rd = resolve({}, games=("dragon",))
    assert Dealing(deal_facts(tbl, 1, "2026-03-04T10:30:00"), rd).decks == 2


def test_ip_deal_rotation_and_bank_holder():
    """IP-DEAL-ROTATION north_always keeps North dealing; IP-BANK-HOLDER highest_bet gives the bank to
    the largest bet."""
    tbl = table()
    assert deal_facts(tbl, 2, "2026-03-04T10:30:00").dealer == "E"
    assert deal_facts(tbl, 2, "2026-03-04T10:30:00", rotation="north_always").dealer == "N"
    cards = shuffled(deck52(), 9)[:36]
    j = judge_deal(tbl, 1, "2026-03-04T10:30:00", cards, bets={"E": 2, "S": 2, "W": 8, "N": 2},
                   readings={"IP-BANK-HOLDER": "highest_bet"})
    assert j.bank == "W"
    j = judge_deal(tbl, 1, "2026-03-04T10:30:00", cards, bets={"E": 2, "S": 2, "W": 8, "N": 2})
    assert j.bank == "E"


def test_ip_player_number_readings():
    """IP-PLAYER-NUMBER: North is player 1 (from_north); from_dealer counts from the dealer's left."""
    s = _prepared(1, 2, 10)
    assert s.player_number("N") == 1
    rd = resolve({"IP-PLAYER-NUMBER": "from_dealer"}, games=("dragon",))
    s.readings = rd
    assert s.facts.dealer == "NE" and s.player_number("N") == 5 and s.player_number("E") == 1


def _subsequence(wanted, entries):
    it = iter(entries)
    return all(any(w == e for e in it) for w in wanted)


def test_whole_deal_end_to_end_trace_in_order():
    """A whole deal judged from its sitting document: the trace shows, in this order, modifier 3's
    month (four players: March reads January), base rule 20 (odd deal), Table 2's wild Unicorn
    (10:30), Table 3's home Dragon, modifier 7's kills of the dark Sevens, and the winner (base rule 5);
    the face-up 7h dealt after the Ten lives; the chips sum to zero."""
    from .helpers import layout
    tbl = table()
    cards = layout(tbl, "N", {"E": "7c Ah - 10d - - - - -", "S": "- - - 7h - 5h - - 7s", "W": "Qc - - - - - - - -"})
    d = dragon.judge_game({"players": [{"id": s, "seat": s} for s in "NESW"],
                           "deals": [{"started_at": "2026-03-04T10:30:00+03:00", "cards": cards,
                                      "bets": {"N": 2, "E": 4, "S": 2, "W": 2}}]})["deals"][0]
    entries = [(e["source"], tuple(e["cards"]), e["change"]) for e in d["trace"]]
    assert _subsequence([("M3", (), "table3_month"), ("B20", (), "suits order"), ("T2", ("Qc",), "wild"),
                         ("T3", ("Ah",), "home"), ("M7", ("7c",), "dead"), ("M7", ("7s",), "dead")], entries)
    assert entries[-1][0] == "B5" and d["trace"][-1]["after"] == d["winners"]
    states = {c["card"]: c["state"] for p in d["players"].values() for c in p["cards"]}
    assert states["7c"] == "dead" and states["7h"] != "dead" and states["Ah"] == "home"
    bets = {"N": 2, "E": 4, "S": 2, "W": 2}
    (winner,) = d["winners"]
    assert sum(d["chips"].values()) == 0 and d["chips"][winner] == 10 - bets[winner]


def test_the_trace_shows_nothing_as_a_dash_and_a_moment_to_the_minute():
    """A plain trace line (logs, tests): a change from nothing reads as a dash, a time (modifiers 48,
    49 move the deal's clock) to the minute, whatever the card notation."""
    from rules.engines.dragon.trace import TraceEntry, render_entry

    cancelled = TraceEntry("M33", "cancelled", (), None, "M34")
    moved = TraceEntry("M48", "time", (), "2026-11-29 21:07:06.660746+03:00", "2026-11-29T23:07:06+03:00")
    assert render_entry(cancelled) == "M33: cancelled: — -> M34"
    assert render_entry(moved) == "M48: time: 2026-11-29 21:07 -> 2026-11-29 23:07"
    assert render_entry(moved, "ru").endswith(": 2026-11-29 21:07 -> 2026-11-29 23:07")
