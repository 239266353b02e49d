"""Every problem of a recorded round's card play carries a code and the values a site needs to
say it in its own words (rules/engines/tricks/records.py), besides the English message."""

from __future__ import annotations

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engines import tricks
from tests.budgets import examples


def recorded_round_two() -> dict:
    return {"number": 2, "dealer": 0, "trump_card": "9s", "bids": [0, 2, 0, 1],
            "tricks": [{"cards": ["Ah", "7h", "Jo", "4c"]}, {"cards": ["3d", "5c", "Kh", "2s"]}]}


def coded(doc, readings=None) -> list[tuple]:
    return [(p.trick, p.seat, p.code, dict(p.values)) for p in tricks.validate_round_play(doc, readings)]


def test_an_illegal_card_carries_the_card_the_rule_and_the_legal_plays():
    doc = recorded_round_two()
    doc["tricks"] = [{"cards": ["Ah", "2s", "Jo", "4c"]}, {"cards": ["3d", "5c", "Kh", "7h"]}]
    [problem] = tricks.validate_round_play(doc)
    assert (problem.trick, problem.seat, problem.code) == (1, 2, "illegal_play")
    assert problem.values == {"card": "2s", "reason": "follow_suit", "reason_values": {"suit": "h"},
                              "legal": ["7h"], "joker_any_time": False}
    assert "must follow the led suit h" in problem.message   # the English stays
    assert problem.to_dict()["code"] == "illegal_play" and problem.to_dict()["values"] == problem.values


def test_the_deal_the_tricks_and_the_sheet_have_their_codes():
    doc = {**recorded_round_two(), "hands": [["4c", "5c", "6c"], ["Ah", "Kh"], ["7h", "2s"], ["Jo", "9s"]]}
    found = coded(doc)
    assert (None, 0, "hand_size", {"held": 3, "cards_each": 2}) in found
    assert (None, None, "duplicate_card", {"card": "9s"}) in found
    assert (2, 3, "card_not_in_hand", {"card": "3d"}) in found

    doc = recorded_round_two()
    doc["tricks"] = doc["tricks"][:1]
    assert (None, None, "trick_count", {"recorded": 1, "cards_each": 2}) in coded(doc)

    doc = {**recorded_round_two(), "taken": [0, 1, 0, 1], "scores": [5, -20, 1, 99]}
    doc["tricks"][0]["winner"] = 1
    doc["tricks"][1]["leader"] = 1
    found = coded(doc)
    assert (1, None, "wrong_winner", {"recorded": 1, "winner": 3}) in found
    assert (2, None, "wrong_leader", {"led": 1, "leader": 3}) in found
    # trick 2 is recorded as led by seat 1, so its cards fall to other seats: seat 0 trumps it
    assert (None, None, "taken_mismatch", {"recorded": [0, 1, 0, 1], "counted": [1, 0, 0, 1]}) in found
    assert (None, None, "scores_mismatch", {"recorded": [5, -20, 1, 99], "expected": [1, -20, 5, 10]}) in found


def test_bids_demands_and_short_tricks_have_their_codes():
    doc = {**recorded_round_two(), "bids": [0, 1, 0, 1]}
    assert (None, None, "dealer_bid", {"dealer": 0, "bid": 0, "cards_each": 2}) in coded(doc)
    doc = {**recorded_round_two(), "bids": [0, 3, 0, 1]}
    assert (None, None, "bad_bid", {"value": 3, "low": 0, "high": 2}) in coded(doc)
    doc = {**recorded_round_two()}
    del doc["bids"]
    assert (None, None, "bids_missing", {"round": 2}) in coded(doc)
    doc = {"number": 23, "dealer": 2, "trump": "s", "bids": [0, 0, 0, 0], "tricks": []}
    assert (None, None, "bids_in_unbid_round", {"round": 23}) in coded(doc)
    doc = recorded_round_two()
    doc["tricks"][0]["demand"] = "highest"
    assert (1, 1, "demand_without_joker", {"demand": "highest"}) in coded(doc)
    doc = recorded_round_two()
    doc["tricks"][1]["cards"] = ["3d", "5c"]
    assert (2, None, "short_trick", {"cards": 2, "players": 4}) in coded(doc)


def test_a_card_twice_within_a_trick_is_coded_where_the_checks_refuse_it():
    doc = recorded_round_two()
    doc["tricks"][1]["cards"] = ["3d", "5c", "3d", "2s"]   # seat 3 leads 3d, seat 1 plays it again
    # Reading the round finds the next leader from the trick, and refuses it there.
    assert coded(doc) == [(None, None, "duplicate_card", {"card": "3d"})]
    doc["tricks"][1]["winner"] = 2
    found = coded(doc)
    assert (None, None, "duplicate_card", {"card": "3d"}) in found      # the deal
    assert (2, 1, "duplicate_card", {"card": "3d"}) in found            # the hand against the trick
    assert (2, None, "duplicate_card", {"card": "3d"}) in found         # the trick itself


def test_more_tricks_than_cards_is_coded_by_the_scoring():
    doc = {"number": 1, "dealer": 0, "trump": "s", "bids": [0, 0, 0, 0], "scores": [5, 5, 5, 5],
           "tricks": [{"cards": ["Ah", "2h", "3h", "4h"]}, {"cards": ["Kh", "5h", "6h", "7h"]}]}
    found = coded(doc)
    assert (None, None, "trick_count", {"recorded": 2, "cards_each": 1}) in found
    assert (None, None, "bad_taken", {"value": 2, "low": 0, "high": 1}) in found


def test_an_unreadable_recording_says_so_with_the_offending_value():
    assert coded({"number": 2}) == [(None, None, "unreadable", {"value": "dealer"})]
    assert coded({**recorded_round_two(), "trump_card": "Zz"}) == [(None, None, "not_a_card", {"token": "Zz"})]
    assert coded({**recorded_round_two(), "number": 31})[0][2:] == ("bad_round_number",
                                                                   {"value": 31, "low": 1, "high": 30})
    doc = {**recorded_round_two(), "trump": "x"}
    del doc["trump_card"]
    assert coded(doc)[0][2:] == ("not_a_trump", {"trump": "x"})
    assert coded(recorded_round_two(), {"IP-NOPE": "x"})[0][2] == "bad_readings"


def test_a_game_has_its_own_codes():
    assert [p.code for p in tricks.validate_game_play("garbage")] == ["not_a_game"]
    problems = tricks.validate_game_play({"rounds": [{"number": 2, "dealer": 0, "bids": [0, 2, 0, 1],
                                                      "taken": [0, 0, 1, 1], "trump": "s", "tricks": []}]})
    assert problems[-1].code == "round_out_of_place" and problems[-1].values == {"round": 2, "place": 1}


def test_each_obligation_has_a_code():
    cases = [
        ((["7h"], [], "s", None, None), "lead_any", {}),
        ((["7h", "2s"], ["Ah"], "s", None, None), "follow_suit", {"suit": "h"}),
        ((["2s", "3c"], ["Ah"], "s", None, None), "trump_or_joker", {"suit": "h", "trump": "s"}),
        ((["3c"], ["Ah"], "s", None, None), "void_any", {"suit": "h"}),
        ((["Jo", "3c"], ["Ah"], None, None, None), "no_trump_joker", {"suit": "h"}),
        ((["3c"], ["Ah"], None, None, None), "no_trump_void_any", {"suit": "h"}),
        ((["3c", "5c"], ["Jo"], None, "lowest", None), "joker_lead_no_trump_demand", {"demand": "lowest"}),
        ((["3c"], ["Jo"], None, None, None), "joker_lead_no_trump_any", {}),
        ((["3s", "5c"], ["Jo"], "s", None, None), "joker_lead_trump", {"trump": "s"}),
        ((["Jo", "3s"], ["Jo"], "s", "highest", {"IP-JOKER-IS-TRUMP": "yes"}), "joker_lead_highest_joker",
         {"demand": "highest"}),
        ((["3s", "5s"], ["Jo"], "s", "lowest", None), "joker_lead_trump_demand", {"demand": "lowest", "trump": "s"}),
        ((["Jo", "3c"], ["Jo"], "s", "lowest", None), "joker_lead_other_joker_first", {"demand": "lowest"}),
        ((["4c", "3c"], ["Jo"], "s", "lowest", None), "joker_lead_demand_card", {"demand": "lowest"}),
        ((["Jo", "3c"], ["Jo"], "s", None, None), "joker_lead_other_joker", {}),
        ((["3c"], ["Jo"], "s", None, None), "joker_lead_any", {}),
    ]
    assert sorted(code for _, code, _ in cases) == sorted(tricks.OBLIGATIONS)
    for (hand, played, trump, demand, readings), code, values in cases:
        found = tricks.obligation(hand, played, trump, demand, readings)
        assert (found.code, dict(found.values)) == (code, values), (hand, played)
        assert (list(found.legal), found.reason) == tricks.play_obligation(hand, played, trump, demand, readings)
    anytime = tricks.obligation(["7h", "Jo"], ["Ah"], "s", readings={"IP-JOKER-ANYTIME": "any_time"})
    assert anytime.joker_any_time and anytime.code == "follow_suit" and list(anytime.legal) == ["7h", "Jo"]


_KEYS = ["number", "dealer", "trump_card", "trump", "hands", "bids", "tricks", "taken", "scores", "leader",
         "cards", "demand", "winner"]
_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.floats()
    | st.sampled_from(["Ah", "Jo", "s", "x", "highest", "2c", "Kd", "9s"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(_KEYS), inner, max_size=5),
    max_leaves=20)


@settings(max_examples=examples(80), deadline=None)
@given(key=st.sampled_from(sorted(recorded_round_two())), trick_key=st.sampled_from(["leader", "cards", "winner"]),
       value=_json)
def test_every_problem_has_a_known_code_and_json_values(key, trick_key, value):
    doc = {**copy.deepcopy(recorded_round_two()), "taken": [0, 0, 1, 1], "scores": [5, -20, 1, 10]}
    doc[key] = value
    for problem in tricks.validate_round_play(doc):
        assert problem.code in tricks.PROBLEM_CODES, problem
        json.dumps(problem.to_dict(), allow_nan=False)
    doc = copy.deepcopy(recorded_round_two())
    doc["tricks"][1][trick_key] = value
    for problem in tricks.validate_round_play(doc):
        assert problem.code in tricks.PROBLEM_CODES, problem
        json.dumps(problem.to_dict(), allow_nan=False)
