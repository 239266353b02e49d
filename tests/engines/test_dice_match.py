"""The dice poker match (seeds/dice-poker.txt): stakes, rolls, bargaining, rerolls, rounds, pool."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engines import dice
from rules.engines.errors import RulesError
from rules.engines.readings import get
from tests.budgets import examples

A, B = "ann", "bob"
PAIR_OF_ONES = [1, 1, 2, 3, 4]
SMALL_STRAIGHT = [1, 2, 3, 4, 5]
NOTHING = [1, 2, 3, 4, 6]


def new_match(**kwargs) -> dice.Match:
    return dice.Match((A, B), stake=kwargs.pop("stake", 5), **kwargs)


def play_round(m: dice.Match, a_dice, b_dice, *, a_reroll=(), a_new=(), b_reroll=(), b_new=()):
    """Both roll given dice, nobody raises, both reroll the given positions."""
    m.roll(A, a_dice)
    m.roll(B, b_dice)
    m.no_raise(A)
    m.no_raise(B)
    m.reroll(A, a_reroll, list(a_new))
    m.reroll(B, b_reroll, list(b_new))


def snapshot(m: dice.Match):
    return json.dumps(m.to_dict(), sort_keys=True)


# ---- stakes and the pool


def test_seed_stakes_go_into_the_pool_at_the_start():
    """Seed: 'В начале игры делается ставка - в пул (банк) каждый игрок кладет определенную сумму'."""
    m = new_match(stake=7)
    assert m.pool == 14
    assert m.contributions == {A: 7, B: 7}
    assert [e["event"] for e in m.trace] == ["stake", "stake"]
    assert m.phase == "roll" and m.to_act == A


def test_seed_first_to_two_round_wins_takes_the_pool():
    """Seed: 'Игра идет до победы в двух раундах ... победитель забирает деньги, скопившиеся в пуле'."""
    m = new_match()
    play_round(m, SMALL_STRAIGHT, PAIR_OF_ONES)
    assert m.wins == {A: 1, B: 0} and m.round == 2 and m.winner is None
    play_round(m, PAIR_OF_ONES, SMALL_STRAIGHT)
    assert m.wins == {A: 1, B: 1} and m.winner is None
    play_round(m, [6, 6, 6, 2, 1], [5, 5, 5, 2, 1])
    assert m.winner == A and m.phase == "over" and m.to_act is None
    assert m.net() == {A: 5, B: -5}
    assert m.trace[-1]["event"] == "match_won"
    assert [r["winner"] for r in m.rounds] == [A, B, A]


def test_two_straight_wins_end_the_match_after_two_rounds():
    m = new_match()
    play_round(m, SMALL_STRAIGHT, PAIR_OF_ONES)
    play_round(m, SMALL_STRAIGHT, PAIR_OF_ONES)
    assert m.winner == A and len(m.rounds) == 2


def test_seed_drawn_rounds_are_replayed_without_a_cap():
    """Seed: identical hands after the second throw make a drawn round, and the game goes on."""
    m = new_match()
    for _ in range(12):
        play_round(m, SMALL_STRAIGHT, [5, 4, 3, 2, 1])
    assert m.wins == {A: 0, B: 0}
    assert m.round == 13 and m.phase == "roll"
    assert all(r["winner"] is None for r in m.rounds)
    play_round(m, PAIR_OF_ONES, NOTHING)
    play_round(m, PAIR_OF_ONES, NOTHING)
    assert m.winner == A and m.round == 14 and len(m.rounds) == 14


def test_seed_second_throw_decides_the_round():
    """Seed: after both second throws the hands are compared; the reroll changes the dice."""
    m = new_match()
    m.roll(A, PAIR_OF_ONES)
    m.roll(B, SMALL_STRAIGHT)
    m.no_raise(A)
    m.no_raise(B)
    m.reroll(A, [2, 3, 4], [1, 1, 1])       # 1-1-1-1-1: poker
    assert m.dice[A] == (1, 1, 1, 1, 1)
    m.reroll(B, [])                          # keeps the straight
    assert m.wins[A] == 1
    showdown = [e for e in m.trace if e["event"] == "showdown"][0]
    assert showdown["hands"] == {A: "poker", B: "small_straight"}


def test_tie_reading_applies_in_the_match():
    for reading, expected in (("figure_then_rest", {A: 1, B: 0}), ("rest_only", {A: 0, B: 1})):
        m = new_match(readings={"IP-DICE-TIE": reading})
        play_round(m, [6, 6, 3, 2, 1], [5, 5, 4, 3, 2])
        assert m.wins == expected


# ---- bargaining (seed: "начинается торг: один из игроков предлагает повысить ставку")


def test_accepted_raise_adds_to_the_pool_from_both():
    m = new_match()
    m.roll(A, PAIR_OF_ONES)
    m.roll(B, NOTHING)
    assert m.phase == "bargain" and m.to_act == A
    m.raise_stake(A, 3)
    assert m.phase == "respond" and m.to_act == B
    assert m.state()["proposal"] == {"player": A, "amount": 3}
    m.accept(B)
    assert m.pool == 16 and m.contributions == {A: 8, B: 8}
    assert m.phase == "reroll" and m.to_act == A


def test_second_player_may_propose_after_the_first_lets_it_go():
    m = new_match()
    m.roll(A, PAIR_OF_ONES)
    m.roll(B, NOTHING)
    m.no_raise(A)
    assert m.to_act == B
    m.raise_stake(B, 2)
    assert m.to_act == A
    m.accept(A)
    assert m.pool == 14 and m.phase == "reroll"


def test_decline_reading_round_goes_on():
    """IP-DICE-DECLINE default: no raise, the round goes on to the rerolls."""
    m = new_match()
    m.roll(A, PAIR_OF_ONES)
    m.roll(B, NOTHING)
    m.raise_stake(A, 4)
    m.decline(B)
    assert m.pool == 10 and m.phase == "reroll" and m.wins == {A: 0, B: 0}
    assert m.trace[-1]["rule"] == "IP-DICE-DECLINE"


def test_decline_reading_proposer_wins_round():
    m = new_match(readings={"IP-DICE-DECLINE": "proposer_wins_round"})
    m.roll(A, NOTHING)
    m.roll(B, SMALL_STRAIGHT)
    m.raise_stake(A, 4)
    m.decline(B)
    assert m.wins == {A: 1, B: 0} and m.pool == 10
    assert m.round == 2 and m.phase == "roll"
    assert m.rounds[-1]["how"] == "decline"


def test_pass_reading_loses_round():
    """IP-DICE-PASS default: the player who passes loses the round, without rerolls."""
    m = new_match()
    m.roll(A, SMALL_STRAIGHT)
    m.roll(B, NOTHING)
    m.raise_stake(A, 2)
    m.pass_(B)
    assert m.wins == {A: 1, B: 0} and m.round == 2 and m.winner is None
    assert m.rounds[-1]["how"] == "pass"


def test_pass_reading_loses_match():
    m = new_match(readings={"IP-DICE-PASS": "loses_match"})
    m.roll(A, SMALL_STRAIGHT)
    m.roll(B, NOTHING)
    m.raise_stake(A, 2)
    m.pass_(B)
    assert m.winner == A and m.phase == "over"
    assert m.net() == {A: 5, B: -5}


def test_interpretation_points_are_registered_for_dice():
    assert get("IP-DICE-DECLINE").game == "dice"
    assert get("IP-DICE-DECLINE").default == "round_goes_on"
    assert get("IP-DICE-PASS").game == "dice"
    assert get("IP-DICE-PASS").alternatives == ("loses_match",)


# ---- illegal moves, each refused with a reason and no change


def refused(m: dice.Match, move, *, match: str):
    before = snapshot(m)
    with pytest.raises(RulesError, match=match):
        move()
    assert snapshot(m) == before


def test_wrong_players_turn_is_refused():
    m = new_match()
    refused(m, lambda: m.roll(B, NOTHING), match="ann's turn")
    m.roll(A, NOTHING)
    refused(m, lambda: m.roll(A, NOTHING), match="bob's turn")
    m.roll(B, NOTHING)
    refused(m, lambda: m.raise_stake(B, 1), match="ann's turn")
    refused(m, lambda: m.roll("carl", NOTHING), match="'carl' is not a player")


def test_raise_when_not_allowed_is_refused():
    m = new_match(max_raise=10)
    refused(m, lambda: m.raise_stake(A, 1), match="bargaining starts after both first rolls")
    m.roll(A, NOTHING)
    m.roll(B, NOTHING)
    refused(m, lambda: m.raise_stake(A, 0), match="positive whole number, got 0")
    refused(m, lambda: m.raise_stake(A, 11), match="raise of 11 is above the limit of 10")
    refused(m, lambda: m.raise_stake(A, 2.5), match="2.5")
    m.raise_stake(A, 3)
    refused(m, lambda: m.raise_stake(B, 3), match="already proposed")
    m.accept(B)
    refused(m, lambda: m.raise_stake(A, 3), match="bargaining of this round is over")
    refused(m, lambda: m.accept(B), match="no raise is proposed")


def test_answers_without_a_proposal_are_refused():
    m = new_match()
    m.roll(A, NOTHING)
    m.roll(B, NOTHING)
    for answer in (m.accept, m.decline, m.pass_):
        refused(m, lambda answer=answer: answer(A), match="no raise is proposed")


def test_proposer_cannot_answer_own_raise():
    m = new_match()
    m.roll(A, NOTHING)
    m.roll(B, NOTHING)
    m.raise_stake(A, 1)
    refused(m, lambda: m.accept(A), match="bob's turn")


@pytest.mark.parametrize("indices, named", [
    ([5], "5"), ([-1], "-1"), ([0, 0], "chosen twice"), (["1"], "'1'"), ([True], "True"), ("01", "'01'"),
])
def test_bad_reroll_indices_are_refused(indices, named):
    m = new_match(seed=3)
    m.roll(A)
    m.roll(B)
    m.no_raise(A)
    m.no_raise(B)
    refused(m, lambda: m.reroll(A, indices), match=named)


def test_reroll_touches_only_the_players_own_dice_and_only_on_their_turn():
    m = new_match()
    m.roll(A, NOTHING)
    m.roll(B, [6, 6, 6, 6, 6])
    m.no_raise(A)
    m.no_raise(B)
    refused(m, lambda: m.reroll(B, [0], [1]), match="ann's turn")
    m.reroll(A, [4, 0], [5, 6])       # values follow the indices as given
    assert m.dice[A] == (6, 2, 3, 4, 5)
    assert m.dice[B] == (6, 6, 6, 6, 6)
    refused(m, lambda: m.reroll(A, [1], [1]), match="bob's turn")


def test_reroll_values_must_match_the_chosen_dice():
    m = new_match()
    m.roll(A, NOTHING)
    m.roll(B, NOTHING)
    m.no_raise(A)
    m.no_raise(B)
    refused(m, lambda: m.reroll(A, [0, 1], [3]), match="2 dice are rerolled but 1 values")
    refused(m, lambda: m.reroll(A, [0], [7]), match="die value 7")


def test_bad_first_roll_is_refused_naming_the_value():
    m = new_match()
    refused(m, lambda: m.roll(A, [1, 2, 3, 4, 9]), match="die value 9")
    refused(m, lambda: m.roll(A, [1, 2, 3]), match="needs 5 dice values, got 3")


def test_match_without_seed_needs_the_dice():
    m = new_match()
    refused(m, lambda: m.roll(A), match="no seed")


def test_no_move_after_the_match_is_over():
    m = new_match()
    play_round(m, SMALL_STRAIGHT, NOTHING)
    play_round(m, SMALL_STRAIGHT, NOTHING)
    refused(m, lambda: m.roll(A, NOTHING), match="the match is over")


@pytest.mark.parametrize("kwargs, named", [
    ({"stake": 0}, "got 0"),
    ({"stake": -2}, "-2"),
    ({"seed": 1.5}, "1.5"),
    ({"max_raise": 0}, "max_raise"),
    ({"readings": {"IP-DICE-PASS": "loses_everything"}}, "loses_everything"),
    ({"readings": {"IP-NOPE": "x"}}, "IP-NOPE"),
])
def test_bad_set_up_is_refused(kwargs, named):
    with pytest.raises(RulesError, match=named):
        dice.Match((A, B), **kwargs)


@pytest.mark.parametrize("players, named", [(("ann",), "ann"), (("ann", "ann"), "twice"), (("ann", ""), "''")])
def test_bad_players_are_refused(players, named):
    with pytest.raises(RulesError, match=named):
        dice.Match(players)


# ---- determinism, recorded play and serialization


def test_seeded_rolls_come_from_random_random_of_the_seed():
    m = new_match(seed=42)
    rng = random.Random(42)
    assert m.roll(A) == tuple(rng.randint(1, 6) for _ in range(5))
    assert m.roll(B) == tuple(rng.randint(1, 6) for _ in range(5))
    m.no_raise(A)
    m.no_raise(B)
    before = m.dice[A]
    after = m.reroll(A, [1, 3])
    expected = list(before)
    expected[1], expected[3] = rng.randint(1, 6), rng.randint(1, 6)
    assert after == tuple(expected)


def policy_move(m: dice.Match) -> None:
    """One move of a fixed policy: raise on a pair or better, accept, reroll the dice outside
    the figure."""
    player = m.to_act
    if m.phase == "roll":
        m.roll(player)
    elif m.phase == "bargain":
        if dice.evaluate(m.dice[player]).category >= 1:
            m.raise_stake(player, 1)
        else:
            m.no_raise(player)
    elif m.phase == "respond":
        m.accept(player)
    else:
        keep = list(dice.evaluate(m.dice[player]).figure)
        chosen = []
        for i, v in enumerate(m.dice[player]):
            if v in keep:
                keep.remove(v)
            else:
                chosen.append(i)
        m.reroll(player, chosen)


def play_out(m: dice.Match, moves_budget: int = 500) -> dice.Match:
    for _ in range(moves_budget):
        if m.phase == "over":
            break
        policy_move(m)
    return m


def seeded_play(seed: int) -> dice.Match:
    return play_out(new_match(seed=seed))


def test_same_seed_same_match():
    one, two = seeded_play(7), seeded_play(7)
    assert one.winner is not None
    assert one.to_dict() == two.to_dict()
    assert seeded_play(8).to_dict()["moves"] != one.to_dict()["moves"]


def test_round_trip_through_json_rebuilds_the_same_match():
    m = seeded_play(11)
    doc = json.loads(json.dumps(m.to_dict()))
    again = dice.Match.from_dict(doc)
    assert again.to_dict() == m.to_dict()
    assert again.winner == m.winner and again.net() == m.net()


@pytest.mark.parametrize("stop_after", [1, 2, 4, 7])
def test_a_half_played_seeded_match_continues_identically_after_reload(stop_after):
    full = seeded_play(5)
    partial = new_match(seed=5)
    for _ in range(stop_after):
        policy_move(partial)
    reloaded = dice.Match.from_dict(json.loads(json.dumps(partial.to_dict())))
    assert reloaded.state() == partial.state()
    assert play_out(reloaded).to_dict() == full.to_dict()


def test_recorded_play_replays_from_the_document():
    m = new_match()
    play_round(m, NOTHING, SMALL_STRAIGHT, a_reroll=[0], a_new=[5])
    doc = m.to_dict()
    assert doc["seed"] is None
    assert doc["moves"][0] == {"action": "roll", "player": A, "dice": NOTHING, "source": "given"}
    assert dice.Match.from_dict(doc).state() == m.state()


def test_tampered_documents_are_refused():
    m = seeded_play(3)
    doc = json.loads(json.dumps(m.to_dict()))
    doc["moves"][0]["dice"] = [7 - v for v in doc["moves"][0]["dice"]]
    with pytest.raises(RulesError, match="are not the seed's dice"):
        dice.Match.from_dict(doc)
    doc = json.loads(json.dumps(m.to_dict()))
    doc["state"]["pool"] += 1
    with pytest.raises(RulesError, match="stored state"):
        dice.Match.from_dict(doc)
    doc = json.loads(json.dumps(m.to_dict()))
    doc["colour"] = "red"
    with pytest.raises(RulesError, match="'colour'"):
        dice.Match.from_dict(doc)
    doc = json.loads(json.dumps(m.to_dict()))
    doc["moves"].append({"action": "roll", "player": A})
    with pytest.raises(RulesError, match="the match is over"):
        dice.Match.from_dict(doc)


def test_moves_as_dicts():
    m = new_match()
    m.apply({"action": "roll", "player": A, "dice": NOTHING})
    m.apply({"action": "roll", "player": B, "dice": NOTHING})
    m.apply({"action": "raise", "player": A, "amount": 2})
    m.apply({"action": "accept", "player": B})
    assert m.pool == 14
    with pytest.raises(RulesError, match="unknown action 'fold'"):
        m.apply({"action": "fold", "player": A})
    with pytest.raises(RulesError, match="unknown key 'dice'"):
        m.apply({"action": "accept", "player": A, "dice": [1]})
    with pytest.raises(RulesError, match="needs 'indices'"):
        m.apply({"action": "reroll", "player": A})


def test_trace_tells_a_round_in_order():
    m = new_match()
    m.roll(A, PAIR_OF_ONES)
    m.roll(B, NOTHING)
    m.raise_stake(A, 1)
    m.accept(B)
    m.reroll(A, [])
    m.reroll(B, [0], [6])
    events = [e["event"] for e in m.trace]
    assert events == ["stake", "stake", "roll", "roll", "raise", "accept", "reroll", "reroll",
                      "showdown", "round_won"]
    assert all("text" in e for e in m.trace)
    json.dumps(m.trace)


# ---- property: any legal play ends properly

decisions = st.lists(st.integers(0, 31), min_size=64, max_size=64)


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(0, 10 ** 6), decisions, st.sampled_from(["loses_round", "loses_match"]),
       st.sampled_from(["round_goes_on", "proposer_wins_round"]))
def test_any_legal_play_ends_with_a_winner_and_a_balanced_ledger(seed, choices, pass_reading, decline_reading):
    m = new_match(seed=seed, readings={"IP-DICE-PASS": pass_reading, "IP-DICE-DECLINE": decline_reading})
    step = 0
    while m.phase != "over" and step < 2000:
        choice = choices[step % len(choices)] ^ (step // len(choices))
        player = m.to_act
        if m.phase == "roll":
            m.roll(player)
        elif m.phase == "bargain":
            m.raise_stake(player, 1 + choice % 3) if choice % 2 else m.no_raise(player)
        elif m.phase == "respond":
            (m.accept, m.decline, m.pass_)[choice % 3](player)
        else:
            m.reroll(player, [i for i in range(5) if choice >> i & 1])
        step += 1
    assert m.phase == "over"
    assert max(m.wins.values()) == 2 or (pass_reading == "loses_match")
    assert m.pool == sum(m.contributions.values())
    assert sum(m.net().values()) == 0
    assert m.net()[m.winner] > 0
    assert dice.Match.from_dict(json.loads(json.dumps(m.to_dict()))).to_dict() == m.to_dict()
