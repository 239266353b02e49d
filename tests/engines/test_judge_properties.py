"""Properties of the whole judge (``dragon.judge_game``): it explains everything it does.

1. Omitted optional facts fire nothing (engine-api.md, "Sitting documents": "missing optional facts
   take the neutral value"). A sitting document with only what the schema requires (the players'
   ids and seats, each deal's start and cards) is judged by the tables, the base rules and the
   modifiers that read only the cards, the time and the seats: a modifier that acts must not
   declare (``reads`` of its registration, ``modifiers/base.py``) a fact the document left out.
2. Every change the judge makes is explained by exactly one trace line, and no trace line claims
   a change that did not happen: replaying the trace over the cards as dealt gives every card's
   state, rank, suit and role, the orders and the winners of the output, each line's "before"
   being what the replay holds at that point; a line changing an input of the rules (the month of
   Table 3, the clock, the date, the seats) changes it, from what the line before it left.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engines.cards import deck52, shuffled
from rules.engines.dragon import judge_game
from rules.engines.dragon.context import SEATS, Room
from rules.engines.dragon.deal import Dealing
from rules.engines.dragon.document import sitting_schema
from rules.engines.dragon.game import GameHistory
from rules.engines.dragon.judge import deal_start, judge_deal, table_from_doc
from rules.engines.dragon.modifiers.base import READS, registry
from rules.engines.dragon.presets import ruleset as get_ruleset
from rules.engines.errors import RulesError
from rules.engines.readings import registry as points
from rules.engines.readings import resolve
from tests.budgets import examples

from .dragon.helpers import card
from .dragon.test_base_rules import bare

# What a modifier may read (``modifiers.base.READS``) that the document may leave out, with the keys
# that record it. Every other input is the cards (circles, card_states, history, modifiers), the time
# (date, time, weekday, moon, deal_number), the seats (players, seats, dealer) or a player's choice
# (claims, which modifiers such as 17-20 and 28-32 stand in for by IP-MANDATORY-CLAIM and their roles).
OPTIONAL_FACTS: dict[str, tuple[str, ...]] = {
    "sex": ("players.sex",), "beard": ("players.beard",), "glasses": ("players.glasses",),
    "headwear": ("players.headwear",), "clothing": ("players.clothing", "players.clothing_hue"),
    "drink": ("players.drink",), "dimension": ("players.dimension", "players.dimension_phonetic"),
    "spare_decks": ("players.spare_decks",), "watches": ("players.analog_watches", "players.digital_watches"),
    "room": ("room",), "weather": ("weather",), "croupier": ("croupier",), "stakes": ("stakes",),
    "daylight": ("place",),
}
NOT_FACTS = {"version", "ruleset", "readings", "previous_game"}     # options of the judging, not facts
ALWAYS_READ = {"date", "time", "weekday", "moon", "deal_number", "players", "seats", "dealer", "circles",
               "card_states", "history", "claims", "modifiers"}
# Readings that make a document without claims or with six players unjudgeable on purpose.
UNJUDGEABLE = {"IP-MANDATORY-CLAIM", "IP-DECKS"}

_DECK = deck52()


def test_optional_facts_are_mapped():
    """The map above covers exactly the document's optional keys and every input a modifier may read:
    a new fact of the schema or a new input of ``READS`` must say which it is."""
    schema = sitting_schema()
    player = schema["$defs"]["player"]
    optional = {f"players.{k}" for k in player["properties"]} - {f"players.{k}" for k in player["required"]}
    optional |= set(schema["properties"]) - set(schema["required"]) - NOT_FACTS
    assert optional == {key for keys in OPTIONAL_FACTS.values() for key in keys}
    assert READS == set(OPTIONAL_FACTS) | ALWAYS_READ


def _deal(table, number: int, started_at: str, readings: dict, order: list) -> list[str]:
    """The cards of deal ``number`` in dealing order: ``order`` (a shuffled deck) dealt a circle at a time,
    as many circles as the deal has (modifiers 5 and 6 can change that)."""
    return [card for card, _player in _dealt(table, number, started_at, readings, order)]


def _dealt(table, number: int, started_at: str, readings: dict, order: list) -> list[tuple[str, str]]:
    """As :func:`_deal`, each card with the player it goes to."""
    _rs, rd, facts = deal_start(table, number, started_at, readings=readings)
    dealing = Dealing(facts, rd)
    deck = list(order) * dealing.decks
    while dealing.next_circle() is not None:
        begun = len(dealing.dealt)
        dealing.deal_all(deck[begun:begun + facts.players], partial=True)
    return [(str(c.card), c.player) for c in dealing.dealt]


@st.composite
def documents(draw, players=None, readings=None, bets=False, claims=False) -> dict:
    """A sitting document of 1-4 deals at random moments, with ``players`` and ``readings`` (strategies of
    each player's facts and of the readings) and, with ``bets``, what each player put in."""
    seats = draw(st.lists(st.sampled_from(SEATS), min_size=2, max_size=8, unique=True))
    rd = draw(readings) if readings is not None else {}
    doc: dict = {"players": [{"id": f"p{i}", "seat": seat} for i, seat in enumerate(seats)], "deals": []}
    if players is not None:
        for p in doc["players"]:
            p.update(draw(players))
    if rd:
        doc["readings"] = rd
    table = table_from_doc(doc)
    start = draw(st.datetimes(min_value=dt.datetime(2024, 1, 1), max_value=dt.datetime(2027, 12, 31)))
    for number in range(1, draw(st.integers(1, 4)) + 1):
        at = (start + dt.timedelta(minutes=draw(st.integers(3, 600)) * (number - 1))).isoformat(timespec="minutes")
        order = draw(st.permutations(_DECK))
        dealt = _dealt(table, number, at, rd, order)
        doc["deals"].append({"started_at": at, "cards": [card for card, _player in dealt]})
        if claims:         # claims the rules may refuse: a refused claim is judged without, and traced
            doc["deals"][-1]["claims"] = draw(st.lists(_claims(dealt), max_size=3))
        if bets:           # a deal's record, not a fact: the pot modifier 62 weighs in minimum stakes
            doc["deals"][-1]["bets"] = {p["id"]: draw(st.integers(0, 12)) for p in doc["players"]}
    return doc


def _acting(out: dict) -> set[int]:
    """The modifiers the trace shows acting (a card, an order, a pattern, an input, a cancel ...)."""
    return {int(entry["source"][1:]) for deal in out["deals"] for entry in deal["trace"]
            if entry["source"][:1] == "M" and entry["source"][1:].isdigit()}


def _readers(readings: dict) -> set[int]:
    """The modifiers that read, under ``readings``, a fact the minimal document leaves out."""
    reading = resolve(readings, games=("dragon",)).__getitem__
    return {n for n, m in registry().items() if m.reads_under(reading) & set(OPTIONAL_FACTS)}


_CLAIM_RULES = ["B1", *(f"M{n}" for n, m in sorted(registry().items()) if m.takes_claims)]


def _claims(dealt: list[tuple[str, str]]):
    """A claim by a player on one of his cards, under B1 or a modifier that takes claims."""
    def claim(pick, rule, suit, rank, direction, target):
        card, player = dealt[pick]
        out = {"player": player, "rule": rule, "card": card, "suit": suit}
        if rank is not None:
            out["rank"] = rank
        if direction is not None:
            out["direction"] = direction
        if target is not None:
            out["target"] = dealt[target][0]
        return out

    n = len(dealt) - 1
    return st.builds(claim, st.integers(0, n), st.sampled_from(_CLAIM_RULES), st.sampled_from("hdcs"),
                     st.none() | st.integers(2, 14), st.none() | st.sampled_from(["up", "down"]),
                     st.none() | st.integers(0, n))


_FACT_POINTS = sorted(p.id for p in points().values() if p.game == "dragon" and p.id not in UNJUDGEABLE)


@st.composite
def some_readings(draw) -> dict:
    chosen = draw(st.lists(st.sampled_from(_FACT_POINTS), max_size=40, unique=True))
    return {pid: draw(st.sampled_from(points()[pid].readings)) for pid in chosen}


# The long runs of the properties, only when asked for (``-m slow``, ``make test-slow``), as the reference
# run of test_dragon_reference.py: the default run leaves them out and keeps the quick ones, which check the
# same properties.
slow = pytest.mark.slow


_QUICK = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_QUICK
@given(documents(bets=True))
def test_omitted_facts_fire_nothing(doc):
    """engine-api.md, "Sitting documents": a fact left out is neutral. With only the required keys, no
    modifier reading a room or player fact acts (e.g. modifier 72's odd number of exits, 73's even
    number of one sex, 78-88's clothing, 89-90's weather)."""
    out = judge_game(doc)
    assert not _acting(out) & _readers({}), sorted(_acting(out) & _readers({}))


@_QUICK
@given(documents(readings=some_readings(), bets=True))
def test_omitted_facts_fire_nothing_under_any_reading(doc):
    """The same under the readings a club may choose: a fact nobody recorded is no count of zero
    (modifier 37: "Если животных четное количество" under IP-M37-ZERO zero_is_even; modifier 56: "Если
    бородатых четное количество" under IP-M56-EVEN zero_counts)."""
    _check_any_reading(doc)


def _check_any_reading(doc: dict) -> None:
    try:
        out = judge_game(doc)
    except RulesError as error:       # a reading that asks for a claim this document does not make
        assert "claim" in str(error), error
        return
    wrong = _acting(out) & _readers(doc.get("readings", {}))
    assert not wrong, sorted(wrong)


@slow
@settings(max_examples=examples(1500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents(readings=some_readings(), bets=True))
def test_omitted_facts_fire_nothing_long(doc):
    """Modifiers 36, 37 and 56 as above, with many more documents."""
    _check_any_reading(doc)


def test_recorded_zero_still_counts():
    """Modifier 37: "Если животных четное количество – оживляются фоски во 2-й и последней картах сданных на
    открытых кругах". A counted 0 is even under IP-M37-ZERO zero_is_even; 0 left out is not counted."""
    doc = {"players": [{"id": "a", "seat": "N"}, {"id": "b", "seat": "S"}], "deals": []}
    found = None
    for seed in range(200):
        cards = _deal(table_from_doc(doc), 1, "2026-03-02T10:00", {}, shuffled(_DECK, seed))
        judged = {}
        for animals in (0, None):
            t = table_from_doc({**doc, "room": {"animals": animals}})
            j = judge_deal(t, 1, "2026-03-02T10:00", cards, readings={"IP-M37-ZERO": "zero_is_even"})
            judged[animals] = 37 in j.state.fired
        if judged[0]:
            found = judged
            break
    assert found == {0: True, None: False}
    assert Room().animals is None


# ---------------------------------------------------------------------------- 2. the trace explains it all
_PLAYER_FACTS = st.fixed_dictionaries({
    "sex": st.sampled_from(["m", "f"]), "beard": st.booleans(), "glasses": st.booleans(),
    "headwear": st.booleans(), "clothing": st.sampled_from(["light", "dark", "none"]),
    "drink": st.sampled_from(["none", "soft", "alcohol"]), "spare_decks": st.integers(0, 1),
    "dimension": st.sampled_from(["Klah", "Perv", "Deva", "Imper"]),
})
_STATE_CHANGES = ("natural", "home", "free", "wild", "dead", "kill annulled")
_ROLES = ("incrementing", "decrementing")
DEFAULT_PATTERN = ["dark", "dark", "dark", "open", "open", "open", "open", "open", "dark"]


@st.composite
def documents_with_facts(draw, readings=None) -> dict:
    doc = draw(documents(players=_PLAYER_FACTS, readings=readings, bets=True, claims=True))
    doc["room"] = draw(st.fixed_dictionaries({
        "saint_images": st.integers(0, 3), "animals": st.integers(0, 3), "analog_clocks": st.integers(0, 2),
        "digital_clocks": st.integers(0, 2), "natural_table": st.booleans(), "exits": st.integers(0, 3),
        "closed_room": st.booleans()}))
    doc["weather"] = draw(st.sampled_from(["sunny", "overcast", "other"]))
    return doc


# The inputs of other rules a modifier may change (``DealFacts.adjust``): the month of Table 3, the
# clock, the date, the seats and the clocks' shifts.
ADJUSTED_INPUTS = ("table3_month", "clock", "date", "seats", "clock_shifts")


def replay(deal: dict) -> None:
    """Replay a judged deal's trace over its cards as dealt; every line that claims a change must find
    what it says it changed ("before") and leave what it says ("after"); the end must be the output."""
    cards = {pid: [{"card": c["card"], "state": "natural", "played": c["card"], "role": None}
                   for c in p["cards"]] for pid, p in deal["players"].items()}
    orders = {"cards": "natural", "suits": "natural"}
    weakest, winners, pattern = False, None, None
    inputs: dict = {}                          # the inputs of the rules modifiers 3, 48, 49, 53 change
    for line in deal["trace"]:
        change, before, after = line["change"], line["before"], line["after"]
        where = f"{line['source']} {change} {line['cards']} {before} -> {after} ({line['text']})"
        if change in ADJUSTED_INPUTS:
            assert before != after, f"claims a change that did not happen: {where}"
            assert inputs.get(change, before) == before, where
            inputs[change] = after
            continue
        if change.endswith(" order"):
            which = change.split()[0]
            assert orders[which] == before and before != after, where
            orders[which] = after
            continue
        if change == "weakest wins":
            assert not weakest, where
            weakest = True
            continue
        if change == "winner":
            winners = after if isinstance(after, list) else [after]
            continue
        if change == "pattern":
            assert (pattern or before) == before and before != after, where
            pattern = after
            continue
        if len(line["cards"]) != 1 or line["player"] not in cards:
            continue
        if change in _STATE_CHANGES or change.startswith(("not ", "revived")):
            key = "state"
        elif change in ("rank", "suit"):
            key = "played"
        elif change in _ROLES:
            key = "role"
        else:                                  # protected, frozen, refused, kill stopped, duplicate ...
            assert before == after, where
            continue
        if before == after:                    # an explanation of a change another line made
            continue
        held = [c for c in cards[line["player"]] if c["card"] == line["cards"][0] and c[key] == before]
        assert held, f"claims a change that did not happen: {where}"
        held[0][key] = after
    for pid, player in deal["players"].items():
        for mine, out in zip(cards[pid], player["cards"], strict=True):
            assert mine["state"] == out["state"], (pid, out, deal["trace"])
            assert mine["played"][:-1] == str(out["rank"]) or mine["played"] == f"{_RANKS[out['rank']]}{out['suit']}", (
                pid, out, mine)
            assert mine["played"][-1] == out["suit"], (pid, out, mine)
            assert mine["role"] == out["role"], (pid, out, mine)
    assert orders == deal["orders"] and weakest == deal["weakest_wins"]
    assert winners == deal["winners"]
    assert _dealt_kinds(pattern or DEFAULT_PATTERN) == deal["pattern"], deal["trace"]


def _dealt_kinds(plan: list[str]) -> list[str]:
    """The circles a planned pattern deals (modifiers 5 and 6 under IP-M5-SCOPE and IP-M6-LENGTH)."""
    dealt = {"undealt": [], "dark_then_open": ["dark", "open"], "open_dealer_dark": ["open"]}
    return [kind for planned in plan for kind in dealt.get(planned, [planned])]


_RANKS = {**{r: str(r) for r in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A"}


@_QUICK
@given(documents_with_facts())
def test_every_change_has_one_trace_line(doc):
    """Every change of a card's state, rank, suit or role, of the orders and of the winner is one trace
    line whose "before" is what the card had, and the trace says nothing changed that did not."""
    for deal in judge_game(doc)["deals"]:
        replay(deal)


@slow
@settings(max_examples=examples(800), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents_with_facts(readings=some_readings()))
def test_every_change_has_one_trace_line_under_any_reading(doc):
    """As above under the readings a club may choose."""
    try:
        out = judge_game(doc)
    except RulesError as error:       # a reading that asks for a claim this document does not make
        assert "claim" in str(error), error
        return
    for deal in out["deals"]:
        replay(deal)


def _judged(doc: dict, ruleset) -> list[dict]:
    """The sitting's deals judged under ``ruleset`` (a Ruleset), each with the deals before it as history."""
    table = table_from_doc(doc)
    history = GameHistory()
    out = []
    for number, d in enumerate(doc["deals"], start=1):
        j = judge_deal(table, number, d["started_at"], d["cards"], history=history, ruleset=ruleset,
                       readings=doc.get("readings"), refuse=True)
        history.add(j.record)
        out.append(j.as_dict())
    return out


@settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents_with_facts(), st.randoms(use_true_random=False))
def test_a_modifier_without_a_trace_line_changed_nothing(doc, rnd):
    """The other half of "every change has its line": a modifier the trace never names, taken out of the
    ruleset, leaves the whole judgement as it was (cards, orders, pattern, winners and trace)."""
    club = get_ruleset("club-2.2.1")
    judged = _judged(doc, club)
    named = _acting({"deals": judged})
    silent = sorted(set(registry()) - named)
    for number in rnd.sample(silent, min(6, len(silent))):
        assert _judged(doc, replace(club, disabled=club.disabled | {number})) == judged, f"M{number}"


@slow
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents_with_facts(readings=some_readings()), st.randoms(use_true_random=False))
def test_a_modifier_without_a_trace_line_changed_nothing_under_any_reading(doc, rnd):
    """As above under the readings a club may choose."""
    club = get_ruleset("club-2.2.1")
    try:
        judged = _judged(doc, club)
    except RulesError as error:       # a reading that asks for a claim this document does not make
        assert "claim" in str(error), error
        return
    silent = sorted(set(registry()) - _acting({"deals": judged}))
    for number in rnd.sample(silent, min(6, len(silent))):
        assert _judged(doc, replace(club, disabled=club.disabled | {number})) == judged, f"M{number}"


# ---------------------------------------------------------------------------- what the properties found
def test_b03_b04_lines_explain_the_kill_without_a_second_change():
    """Base rules 3 and 4: "Если одно из правил или модификаторов убивает свободную карту, то она становится
    домашней" / "... дикую карту, то она становится естественной". The kill's line is the one change
    (free -> home, wild -> natural); the B3 / B4 line says why and claims no dead -> home change the card
    never went through."""
    s = bare({"E": "Kc Qc - - - - - - -"})
    free, wild = card(s, "Kc"), card(s, "Qc")       # the Qc is wild at 10:30 (Table 2)
    assert s.grant(free, "free", "M13") and s.kill(free, "M8") and s.kill(wild, "M9")
    lines = [(e.source, e.change, e.before, e.after) for e in s.trace[-4:]]
    assert lines == [("M8", "dead", "free", "home"), ("B3", "home", "home", "home"),
                     ("M9", "dead", "wild", "natural"), ("B4", "natural", "natural", "natural")]


def test_b15_all_dark_deal_has_its_pattern_line():
    """Base rule 15: "Номер партии, кратный дню недели играется в темную" (Table 1): deal 3 on a Wednesday
    is dealt dark, and the trace says so in a pattern line from the default three dark, five open, one
    dark circles."""
    doc = {"players": [{"id": "a", "seat": "N"}, {"id": "b", "seat": "S"}], "deals": []}
    at = "2026-12-02T10:30:00+03:00"                 # a Wednesday
    cards = _deal(table_from_doc(doc), 3, at, {}, shuffled(_DECK, 1))
    judged = judge_deal(table_from_doc(doc), 3, at, cards)
    lines = [e for e in judged.trace if e.change == "pattern"]
    assert [(e.source, e.before, e.after) for e in lines] == [("T1", DEFAULT_PATTERN, ["dark"] * 9)]
    assert judged.as_dict()["pattern"] == ["dark"] * 9


def test_m62_without_recorded_stakes_does_not_act():
    """Modifier 62: "Если в предыдущей партии выигрыш составил более 10 минимальных ставок, то наибольшая
    карта ... становится домашней". A pot of 40 is above 10 minimum stakes of 2 when the stakes are
    recorded; a document without stakes has no minimum stake to weigh it in, and 62 does not act."""
    players = [{"id": pid, "seat": seat} for pid, seat in zip("abcd", ("N", "E", "S", "W"), strict=True)]
    table = table_from_doc({"players": players, "deals": []})
    found = None
    for seed in range(100):
        deals = []
        for number, at in ((1, "2026-05-05T10:30"), (2, "2026-05-05T10:40")):
            cards = _deal(table, number, at, {}, shuffled(_DECK, seed * 2 + number))
            deals.append({"started_at": at, "cards": cards, "bets": {p["id"]: 10 for p in players}})
        acted = {}
        for stakes in ({"stakes": {"min": 2, "max": 20}}, {}):
            out = judge_game({"players": players, "deals": deals, "readings": {"IP-M62-CARD": "that_rank"}, **stakes})
            acted[bool(stakes)] = 62 in _acting(out)
        if acted[True]:
            found = acted
            break
    assert found == {True: True, False: False}


def test_m50_reads_only_a_recorded_table():
    """Modifier 50: "Если играют за столом не из натуральных материалов везде естественный порядок карт
    меняется на инвертированный". A table recorded as not natural inverts the card order; a table left out
    is not recorded and inverts nothing, under either IP-M50-SURFACE reading."""
    players = [{"id": "a", "seat": "N"}, {"id": "b", "seat": "S"}]
    at = "2026-05-05T10:30"
    cards = _deal(table_from_doc({"players": players, "deals": []}), 1, at, {}, shuffled(_DECK, 3))
    for surface in ("table_material", "contact_surface"):
        readings = {"IP-M50-SURFACE": surface}
        acted = {}
        for room in ({"natural_table": False}, {}):
            doc = {"players": players, "room": room, "readings": readings, "deals": [{"started_at": at, "cards": cards}]}
            acted[bool(room)] = 50 in _acting(judge_game(doc))
        assert acted == {True: True, False: False}, surface
    assert Room().natural_table is None


def test_m38_cancel_keeps_its_reason_when_the_deal_is_applied_again():
    """Modifier 38: "Если во втором открытом круге будет засвечен червонный Единорог, то это отменяет
    модификатор 36 и 37". When 37 has already acted, base rule 11 applies the modifiers again with 37
    cancelled; the trace's line is the same as when 37 had not acted (disabled): it names the Unicorn."""
    players = [{"id": pid, "seat": seat} for pid, seat in zip("abcd", ("N", "E", "S", "W"), strict=True)]
    doc = {"players": players, "room": {"animals": 2}, "deals": []}
    table = table_from_doc(doc)
    club = get_ruleset("club-2.2.1")
    checked = 0
    for seed in range(3000):
        doc["deals"] = [{"started_at": "2026-05-05T10:30", "cards": _deal(table, 1, "2026-05-05T10:30", {},
                                                                          shuffled(_DECK, seed))}]
        judged = _judged(doc, club)
        lines = [e for e in judged[0]["trace"] if e["source"] == "M38" and e["after"] == "M37"]
        if not lines or 37 not in _acting({"deals": _judged(doc, replace(club, disabled=club.disabled | {38}))}):
            continue                                        # 37 had not acted: no second application
        assert lines[0]["text"].endswith("came in the second open circle"), lines
        assert _judged(doc, replace(club, disabled=club.disabled | {37})) == judged
        checked += 1
        if checked == 3:
            break
    assert checked
