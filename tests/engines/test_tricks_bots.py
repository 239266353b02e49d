"""Whole games of the 30-round trick game played by the bots: legality, sums, determinism, JSON.

"seed" in the docstrings is seeds/trick-game-30-rounds.txt; ``seed=`` arguments are shuffle seeds.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engines import cards, tricks
from rules.engines.errors import RulesError
from tests.budgets import examples

readings_strategy = st.fixed_dictionaries({}, optional={
    point.id: st.sampled_from(point.readings) for point in tricks.INTERPRETATION_POINTS})
seeds = st.one_of(st.integers(min_value=0, max_value=10**9), st.text(max_size=8))
few = settings(max_examples=examples(12), deadline=None)


@few
@given(seed=seeds, chosen=readings_strategy)
def test_every_bot_game_is_legal_under_any_readings(seed, chosen):
    game = tricks.play_game(seed, chosen)
    assert tricks.validate_game_play(game) == []
    assert [r.number for r in game.rounds] == list(range(1, 31))


@few
@given(seed=seeds, chosen=readings_strategy, first_dealer=st.integers(0, 3))
def test_seed_each_round_deals_its_cards_and_the_tricks_add_up(seed, chosen, first_dealer):
    """Seed: the list of the 30 rounds; the dealer passes per IP-TRICK-DEALER-ROTATION."""
    game = tricks.play_game(seed, chosen, first_dealer=first_dealer)
    for played in game.rounds:
        cards_each, kind = tricks.schedule(played.number)
        assert all(len(hand) == cards_each for hand in played.hands)
        assert len(played.tricks) == cards_each
        assert sum(played.taken) == cards_each
        assert played.dealer == tricks.dealer_of(played.number, first_dealer, chosen)
        assert (played.bids is None) == (kind in ("minimum", "maximum"))
        if played.bids is not None:   # seed: the dealer's restriction
            assert sum(played.bids) != cards_each
        assert played.tricks[0].leader == (played.dealer + 1) % 4
        dealt = [c for hand in played.hands for c in hand] + [played.trump_card]
        assert len(dealt) == len(set(dealt)) + max(0, sum(c.is_joker for c in dealt) - 1)


@few
@given(seed=seeds, chosen=readings_strategy)
def test_seed_totals_are_the_sum_of_the_round_scores(seed, chosen):
    game = tricks.play_game(seed, chosen)
    for played in game.rounds:
        bids = played.bids or (None,) * 4
        assert played.scores == tuple(tricks.round_score(played.number, bids[s], played.taken[s], chosen)
                                      for s in range(4))
    assert game.totals == tuple(sum(r.scores[s] for r in game.rounds) for s in range(4))
    assert tricks.game_scores(game.rounds, chosen) == game.totals
    assert tricks.game_scores([r.summary().to_dict() for r in game.rounds], chosen) == game.totals


@few
@given(seed=seeds, chosen=readings_strategy)
def test_same_seed_same_game_and_json_round_trip(seed, chosen):
    game = tricks.play_game(seed, chosen)
    again = tricks.play_game(seed, chosen)
    assert again == game
    doc = game.to_dict()
    text = json.dumps(doc)
    assert tricks.GameRecord.from_dict(json.loads(text)) == game
    assert tricks.validate_game_play(json.loads(text)) == []


def test_different_seeds_deal_different_games():
    assert tricks.play_game(1).rounds[7].hands != tricks.play_game(2).rounds[7].hands


def test_game_record_dict_shape():
    doc = tricks.play_game(3, {"IP-TRICK-OVER": "per_overtrick"}).to_dict()
    assert doc["game"] == "tricks" and doc["seed"] == 3 and doc["first_dealer"] == 0
    assert doc["readings"] == {"IP-TRICK-OVER": "per_overtrick"}
    first = doc["rounds"][0]
    assert set(first) == {"number", "cards_each", "kind", "dealer", "trump_card", "trump", "hands", "bids",
                          "tricks", "taken", "scores"}
    assert first["number"] == 1 and first["cards_each"] == 1 and first["kind"] == "open"
    assert doc["rounds"][18]["kind"] == "dark" and doc["rounds"][22]["bids"] is None
    assert len(doc["totals"]) == 4


def test_game_record_from_dict_refuses_tampering():
    doc = tricks.play_game(4).to_dict()
    bad_totals = {**doc, "totals": [t + 1 for t in doc["totals"]]}
    with pytest.raises(RulesError, match="totals"):
        tricks.GameRecord.from_dict(bad_totals)
    bad_scores = json.loads(json.dumps(doc))
    bad_scores["rounds"][4]["scores"][0] += 10
    with pytest.raises(RulesError, match="round 5: the scores"):
        tricks.GameRecord.from_dict(bad_scores)
    with pytest.raises(RulesError, match="unknown key 'winner'"):
        tricks.GameRecord.from_dict({**doc, "winner": 0})
    with pytest.raises(RulesError, match="'dice'"):
        tricks.GameRecord.from_dict({**doc, "game": "dice"})
    # a game stored under a reading is judged under it: the fixed deal is refused by default
    fixed = tricks.play_game(4, {"IP-TRICK-DEALER-ROTATION": "fixed"}).to_dict()
    with pytest.raises(RulesError, match="IP-TRICK-DEALER-ROTATION"):
        tricks.GameRecord.from_dict({**fixed, "readings": {}})


def test_validate_game_play_flags_a_tampered_trick():
    doc = json.loads(json.dumps(tricks.play_game(5).to_dict()))
    trick = doc["rounds"][10]["tricks"][0]
    trick["winner"] = (trick["winner"] + 1) % 4
    problems = tricks.validate_game_play(doc)
    assert problems and problems[0].round == 11 and problems[0].trick == 1


def test_validate_game_play_flags_the_game_as_a_whole():
    doc = json.loads(json.dumps(tricks.play_game(5).to_dict()))
    wrong_totals = {**doc, "totals": [0, 0, 0, 0]}
    assert [str(p) for p in tricks.validate_game_play(wrong_totals)] == [
        f"round ?: totals recorded as [0, 0, 0, 0], the rounds give {doc['totals']}"]
    missing = {**doc, "rounds": doc["rounds"][:12] + doc["rounds"][13:]}
    assert [p.message for p in tricks.validate_game_play(missing)] == [
        "round 14 is in place 13: all 30 rounds in order, each once"]
    # the game's own readings judge it, unless others are given
    fixed = tricks.play_game(5, {"IP-TRICK-DEALER-ROTATION": "fixed"})
    assert tricks.validate_game_play(fixed) == []
    assert "IP-TRICK-DEALER-ROTATION" in tricks.validate_game_play(fixed, readings={})[-1].message
    assert tricks.validate_game_play("nothing")[0].message.startswith("not a game record")


def test_ip_dealer_rotation_fixed_in_a_played_game():
    game = tricks.play_game(6, {"IP-TRICK-DEALER-ROTATION": "fixed"}, first_dealer=2)
    assert {r.dealer for r in game.rounds} == {2}
    assert [r.dealer for r in tricks.play_game(6, first_dealer=2).rounds[:5]] == [2, 3, 0, 1, 2]


class Spy(tricks.SimpleBot):
    def __init__(self):
        super().__init__(random.Random(0))
        self.dark_hands = []

    def bid(self, view):
        if view.kind == "dark":
            self.dark_hands.append(view.hand)
        return super().bid(view)


def test_seed_dark_bids_are_made_blind():
    """Seed: «Игра в темную ... игроки делают заказ не видя своих карт»."""
    spies = [Spy() for _ in range(4)]
    tricks.play_game(8, bots=spies)
    assert all(len(spy.dark_hands) == 4 and set(spy.dark_hands) == {None} for spy in spies)


class Cheat(tricks.SimpleBot):
    def play(self, view):
        illegal = [c for c in view.hand if c not in view.legal]
        return (illegal[0], None) if illegal else super().play(view)


def test_the_game_refuses_an_illegal_play_from_a_bot():
    with pytest.raises(RulesError, match="may not play") as error:
        tricks.play_game(9, bots=lambda seat: Cheat(random.Random(seat)))
    assert error.value.rule == "legal play"


def test_bots_exercise_joker_leads_and_demands():
    demands = set()
    for seed in range(6):
        for played in tricks.play_game(seed).rounds:
            demands.update(t.demand for t in played.tricks if t.cards[0] == cards.JOKER)
    assert {"highest", "lowest", None} <= demands


def test_random_bots_stay_legal():
    game = tricks.play_game(10, bots=lambda seat: tricks.SimpleBot(random.Random(seat), wander=1.0))
    assert tricks.validate_game_play(game) == []


def test_play_game_needs_four_bots():
    with pytest.raises(RulesError, match="got 3"):
        tricks.play_game(1, bots=[tricks.SimpleBot() for _ in range(3)])
