"""Casino variant: a whole hand against the house (seed "Правила игры", rules C1..C9)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engines import casino
from rules.engines.cards import deck52, parse, shuffled
from rules.engines.errors import RulesError
from tests.budgets import examples


def deck(seed):
    return shuffled(deck52(), seed)


def first_seed(predicate, limit=400):
    for seed in range(limit):
        if predicate(seed):
            return seed
    raise AssertionError("no seed in range satisfies the fixture")


# -- C1, C2: antes and the deal ------------------------------------------------------------------

def test_c1_antes_and_c2_six_cards_each_dealt_alternately():
    hand = casino.CasinoHand(seed=11)
    d = deck(11)
    assert hand.bank == 2 and hand.player_paid == 1 and hand.house_paid == 1
    assert hand.player_cards == d[0:12:2]
    assert hand.house_cards == d[1:12:2]
    assert len(set(hand.player_cards) | set(hand.house_cards)) == 12
    assert hand.phase == "first_decision"
    assert [step["source"] for step in hand.trace] == ["C1", "C2"]


def test_stake_is_the_size_of_the_ante_and_of_a_raise():
    hand = casino.CasinoHand(seed=3, stake=5).act("raise")
    assert hand.bank == 20 and hand.player_paid == 10


@pytest.mark.parametrize("stake", [0, -1, 1.5, "1", True])
def test_bad_stake(stake):
    with pytest.raises(RulesError, match="stake"):
        casino.CasinoHand(seed=1, stake=stake)


@pytest.mark.parametrize("seed", [1.5, None, True, [1]])
def test_bad_seed(seed):
    with pytest.raises(RulesError, match="seed"):
        casino.CasinoHand(seed=seed)


# -- C3, C4, C6: decisions ------------------------------------------------------------------------

def test_c3_fold_before_the_draw_loses_the_ante():
    """C3 В: «Пасую: игра заканчивается проигрышем, выигрыш уходит казино»."""
    hand = casino.CasinoHand(seed=5).act("fold")
    assert hand.phase == "settled" and hand.outcome == "fold" and hand.winner == "house"
    assert hand.net == -1
    assert hand.trace[-1]["source"] == "C9"
    with pytest.raises(RulesError, match="over"):
        hand.draw(())


def test_c3_c4_raise_the_house_always_matches():
    """C3 Б: one more chip each side; C4: the house always matches, never raises or folds."""
    hand = casino.CasinoHand(seed=5).act("raise")
    assert (hand.player_paid, hand.house_paid, hand.bank) == (2, 2, 4)
    assert [s["source"] for s in hand.trace][-2:] == ["C3", "C4"]
    assert hand.phase == "draw"


def test_c3_play_leaves_the_bank_unchanged():
    hand = casino.CasinoHand(seed=5).act("play")
    assert hand.bank == 2 and hand.phase == "draw"


def test_c6_raise_after_the_draw_and_fold_after_a_raise():
    hand = casino.CasinoHand(seed=5).act("raise").draw(()).act("raise")
    assert hand.bank == 6 and hand.phase == "reveal"
    folded = casino.CasinoHand(seed=5).act("raise").draw(()).act("fold")
    assert folded.net == -2 and folded.winner == "house" and folded.phase == "settled"


@pytest.mark.parametrize(("steps", "word"), [
    ([("draw", ())], "out of order"),
    ([("reveal", 20)], "out of order"),
    ([("act", "play"), ("act", "play")], "out of order"),
    ([("act", "play"), ("reveal", 20)], "out of order"),
    ([("act", "play"), ("draw", ()), ("draw", ())], "out of order"),
    ([("act", "play"), ("draw", ()), ("reveal", 20)], "out of order"),
    ([("act", "check")], "check"),
    ([("act", "play"), ("draw", ()), ("act", "play"), ("reveal", 60)], "60"),
    ([("act", "play"), ("draw", ()), ("act", "play"), ("reveal", 20), ("act", "raise")], "over"),
])
def test_illegal_actions_are_refused_with_the_reason(steps, word):
    hand = casino.CasinoHand(seed=9)
    *ok, last = steps
    for method, arg in ok:
        getattr(hand, method)(arg)
    before = hand.to_dict()
    with pytest.raises(RulesError, match=word):
        getattr(hand, last[0])(last[1])
    assert hand.to_dict() == before


def test_legal_actions_follow_the_phase():
    hand = casino.CasinoHand(seed=2)
    assert hand.legal_actions() == ("play", "raise", "fold")
    hand.act("play")
    assert hand.legal_actions() == ("draw",)
    hand.draw(())
    assert hand.legal_actions() == ("play", "raise", "fold")
    hand.act("play")
    assert hand.legal_actions() == ("reveal",)
    hand.reveal(20)
    assert hand.legal_actions() == ()


# -- C5: the draw ----------------------------------------------------------------------------------

def test_c5_player_discards_and_gets_replacements_from_the_deck_in_place():
    hand = casino.CasinoHand(seed=21).act("play")
    d = deck(21)
    before = hand.player_cards
    thrown = (before[1], before[4])
    hand.draw([str(c) for c in thrown])
    assert hand.player_cards == (before[0], d[12], before[2], before[3], d[13], before[5])
    step = [s for s in hand.trace if s["event"] == "draw" and s["side"] == "player"][0]
    assert step["discard"] == [str(c) for c in thrown] and step["drawn"] == [str(d[12]), str(d[13])]


def test_c5_the_house_keeps_its_combination_and_draws_after_the_player():
    hand = casino.CasinoHand(seed=21)
    house_before = hand.house_cards
    kept, thrown = casino.keep_best(house_before)
    hand.act("play").draw(list(hand.player_cards[:3]))
    d = deck(21)
    fresh = iter(d[15:15 + len(thrown)])
    assert hand.house_cards == tuple(next(fresh) if c in thrown else c for c in house_before)
    assert set(kept) <= set(hand.house_cards)


def test_c5_the_player_may_discard_nothing_or_everything():
    hand = casino.CasinoHand(seed=4).act("play").draw("")
    assert hand.player_cards == deck(4)[0:12:2]
    whole = casino.CasinoHand(seed=4).act("play")
    whole.draw(list(whole.player_cards))
    assert whole.player_cards == deck(4)[12:18]


def test_c5_discarding_a_card_not_in_the_hand_or_twice():
    hand = casino.CasinoHand(seed=4).act("play")
    outsider = hand.house_cards[0]
    with pytest.raises(RulesError, match=str(outsider)):
        hand.draw([outsider])
    mine = hand.player_cards[0]
    with pytest.raises(RulesError, match="twice"):
        hand.draw([mine, mine])
    with pytest.raises(RulesError, match="Zz"):
        hand.draw(["Zz"])
    assert hand.phase == "draw"


def test_draw_order_reading():
    """IP-CASINO-DRAW-ORDER: with house_first the house's replacements come off the deck first."""
    seed = first_seed(lambda s: casino.keep_best(deck(s)[1:12:2])[1])
    d = deck(seed)
    readings = {"IP-CASINO-DRAW-ORDER": "house_first"}
    hand = casino.CasinoHand(seed=seed, readings=readings).act("play")
    hand.draw([hand.player_cards[0]])
    n = len(casino.keep_best(d[1:12:2])[1])
    assert hand.player_cards[0] == d[12 + n]
    default = casino.CasinoHand(seed=seed).act("play")
    default.draw([default.player_cards[0]])
    assert default.player_cards[0] == d[12]


@pytest.mark.parametrize(("hand", "kept"), [
    ("Kh 10d 8s 6c 4s 2d", "Kh"),                       # high card: the highest card only
    ("Kc 10d 8s 6c 4s Ks", "Kc Ks"),                    # pair
    ("Qh Qd Qc 8s 8h 2d", "Qh Qd Qc 8s 8h"),            # full house: the odd card goes
    ("Jh Jd Jc Js 2s 9h", "Jh Jd Jc Js"),               # quad
    ("10h 10d Ah Ac 7s 2d", "10h 10d Ah Ac"),           # two pairs
    ("6h 6d 6c Ks 9h 2d", "6h 6d 6c"),                  # triple
    ("6c 5h 4d 3s 2c Ad", "6c 5h 4d 3s 2c Ad"),         # straight: keep all
    ("2c 4c 6c 8c 10c Kc", "2c 4c 6c 8c 10c Kc"),       # flush
    ("6h 6d 10c 10s Ah Ac", "6h 6d 10c 10s Ah Ac"),     # three pairs
])
def test_house_strategy_keeps_the_cards_of_its_combination(hand, kept):
    keep, thrown = casino.keep_best(hand)
    assert keep == parse(kept)
    assert set(keep) | set(thrown) == set(parse(hand)) and not set(keep) & set(thrown)


def test_house_strategy_high_card_ties_broken_by_suit():
    """A high card's highest rank is unique, so the kept card is the single ace here."""
    assert casino.keep_best("As Kd 9c 7h 5d 3c")[0] == parse("As")


# -- C7 - C9: reveal and settlement ------------------------------------------------------------------

@given(st.integers(0, 10_000), st.sampled_from(["play", "raise"]), st.sampled_from(["play", "raise"]),
       st.integers(0, 59), st.integers(0, 63))
@settings(max_examples=examples(60), deadline=None)
def test_property_settlement_matches_the_showdown(seed, first, second, minute, mask):
    """C8: the higher combination wins unless a situational rule says otherwise; C9: the winner
    takes the bank."""
    hand = casino.CasinoHand(seed=seed).act(first)
    hand.draw([c for i, c in enumerate(hand.player_cards) if mask >> i & 1]).act(second).reveal(minute)
    result = casino.showdown(hand.player_cards, hand.house_cards, minute)
    assert hand.outcome == result
    paid = 1 + (first == "raise") + (second == "raise")
    assert hand.bank == 2 * paid
    assert hand.net == {"player": paid, "house": -paid, "tie": 0}[result]
    assert hand.minute == minute and hand.situation == casino.situation(minute)
    again = casino.CasinoHand.from_dict(json.loads(json.dumps(hand.to_dict())))
    assert again.to_dict() == hand.to_dict()


def test_c7_the_minute_decides_with_inversion():
    """C7: the reveal minute fixes the situational rules; the same cards can win and lose."""
    def flips(seed):
        a = casino.play_hand(seed, "play", (), "play", 20)
        b = casino.play_hand(seed, "play", (), "play", 12)
        return a.outcome != b.outcome
    seed = first_seed(flips)
    normal = casino.play_hand(seed, "play", (), "play", 20)
    inverted = casino.play_hand(seed, "play", (), "play", 12)
    assert normal.net == -inverted.net != 0
    assert [s["source"] for s in inverted.trace if s["event"] == "showdown"] == ["C-INVERSION"]
    assert [s["source"] for s in normal.trace if s["event"] == "showdown"] == ["C8"]


def test_trace_sources_in_order():
    hand = casino.play_hand(8, "raise", (), "play", 33)
    sources = [s["source"] for s in hand.trace]
    assert sources[:5] == ["C1", "C2", "C3", "C4", "C5"]
    assert sources[6:8] == ["C6", "C7"] and sources[-1] == "C9"
    assert sources[8] in ("C8", "C-TRUMP", "C-INVERSION")
    assert [s["step"] for s in hand.trace] == list(range(1, len(sources) + 1))


def test_payout_reading():
    """IP-CASINO-PAYOUT (C9 «Размер выигрыша и проигрыша определяется величиной банка»)."""
    assert casino.settle(1, player_paid=2, house_paid=2) == ("player", 2)
    assert casino.settle(-1, player_paid=2, house_paid=2) == ("house", -2)
    whole = {"IP-CASINO-PAYOUT": "bank_size"}
    assert casino.settle(1, player_paid=2, house_paid=2, readings=whole) == ("player", 4)
    assert casino.settle(-1, player_paid=3, house_paid=3, readings=whole) == ("house", -6)
    assert casino.CasinoHand(seed=1, readings=whole).act("fold").net == -2
    hand = casino.play_hand(8, "raise", (), "play", 33, readings=whole)
    plain = casino.play_hand(8, "raise", (), "play", 33)
    assert hand.net == 2 * plain.net


def test_tie_reading():
    """IP-CASINO-TIE: equal combinations (the seed is silent) are a push, or the house's."""
    assert casino.settle(0, player_paid=2, house_paid=2) == (None, 0)
    assert casino.settle(0, player_paid=2, house_paid=2,
                         readings={"IP-CASINO-TIE": "house_wins"}) == ("house", -2)


def test_tie_in_a_played_hand_under_another_reading():
    """Under IP-CASINO-BOOK-EQUAL category_only, equal book hands tie and the tie reading settles."""
    def ties(seed):
        hand = casino.play_hand(seed, "play", (), "play", 20, order="book",
                                readings={"IP-CASINO-BOOK-EQUAL": "category_only"})
        return hand.outcome == "tie"
    seed = first_seed(ties)
    push = casino.play_hand(seed, "play", (), "play", 20, order="book",
                            readings={"IP-CASINO-BOOK-EQUAL": "category_only"})
    house = casino.play_hand(seed, "play", (), "play", 20, order="book",
                             readings={"IP-CASINO-BOOK-EQUAL": "category_only", "IP-CASINO-TIE": "house_wins"})
    assert (push.winner, push.net) == (None, 0)
    assert (house.winner, house.net) == ("house", -1)
    assert any(s["source"] == "IP-CASINO-TIE" for s in house.trace)


# -- replay and storage --------------------------------------------------------------------------------

def test_same_seed_decisions_and_minute_same_result():
    a = casino.play_hand("table-7/hand-3", "raise", None, "raise", 47)
    b = casino.play_hand("table-7/hand-3", "raise", None, "raise", 47)
    assert a.to_dict() == b.to_dict()


def test_round_trip_mid_hand_and_continue():
    hand = casino.CasinoHand(seed=13).act("raise")
    hand.draw(hand.player_cards[:2])
    stored = json.loads(json.dumps(hand.to_dict()))
    again = casino.CasinoHand.from_dict(stored)
    assert again.phase == "second_decision" and again.player_cards == hand.player_cards
    again.act("play").reveal(41)
    hand.act("play").reveal(41)
    assert again.to_dict() == hand.to_dict()


def test_from_dict_needs_only_the_inputs():
    hand = casino.play_hand(99, "play", (), "raise", 7)
    doc = {k: hand.to_dict()[k] for k in ("seed", "stake", "readings", "actions")}
    assert casino.CasinoHand.from_dict(doc).net == hand.net


@pytest.mark.parametrize(("change", "word"), [
    ({"net": 99}, "net"),
    ({"house_cards": ["Ah"] * 6}, "house_cards"),
    ({"colour": "red"}, "colour"),
    ({"game": "dice"}, "dice"),
    ({"actions": [{"kind": "bet", "action": "play"}]}, "bet"),
    ({"actions": [{"kind": "decision", "action": "play", "extra": 1}]}, "keys"),
    ({"actions": [{"kind": "reveal", "minute": 3}]}, "out of order"),
])
def test_from_dict_refuses_a_record_that_does_not_replay(change, word):
    doc = casino.play_hand(99, "play", (), "raise", 7).to_dict()
    doc.update(change)
    with pytest.raises(RulesError, match=word):
        casino.CasinoHand.from_dict(doc)


def test_readings_are_stored_and_replayed():
    readings = {"IP-CASINO-PAYOUT": "bank_size"}
    hand = casino.play_hand(8, "raise", (), "play", 33, readings=readings)
    doc = hand.to_dict()
    assert doc["readings"] == readings
    assert casino.CasinoHand.from_dict(doc).net == hand.net


def test_player_view_hides_the_house_until_the_end():
    hand = casino.CasinoHand(seed=17).act("play")
    view = hand.player_view()
    assert view["house_cards"] is None
    assert all("house" not in step for step in view["trace"])
    assert not any(step.get("side") == "house" for step in view["trace"])
    hand.draw(()).act("play").reveal(22)
    assert hand.player_view()["house_cards"] == [str(c) for c in hand.house_cards]


# -- play_hand ---------------------------------------------------------------------------------------

def test_play_hand_fold_takes_no_further_steps():
    assert casino.play_hand(3, "fold").net == -1
    with pytest.raises(RulesError, match="over"):
        casino.play_hand(3, "fold", ["2c"])
    with pytest.raises(RulesError, match="over"):
        casino.play_hand(3, "fold", None, None, 12)


def test_play_hand_needs_the_second_decision_and_the_minute():
    with pytest.raises(RulesError, match="second decision"):
        casino.play_hand(3, "play", ())
    with pytest.raises(RulesError, match="minute"):
        casino.play_hand(3, "play", (), "play")
    assert casino.play_hand(3, "play", (), "fold").net == -1
