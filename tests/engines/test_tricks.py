"""The 30-round trick game: schedule, bids, legal plays, tricks, scoring, records and validation.

"seed" below is seeds/trick-game-30-rounds.txt; quotations are from it.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engines import cards, readings, tricks
from rules.engines.errors import RulesError
from tests.budgets import examples

C = cards.parse


# --- schedule, dealers, bidding order -------------------------------------------------------

SEED_SCHEDULE = {
    **{n: (n, "open") for n in range(1, 8)},                  # "1 кон - всем игрокам по 1 карте" ...
    **{n: (8, "open") for n in (8, 9, 10, 11)},               # "8, 9, 10, 11 коны - ... по 8 карт"
    **{n: (19 - n, "open") for n in range(12, 19)},           # "12 кон - ... по 7 карт" ... "18 кон - по 1"
    **{n: (8, "dark") for n in (19, 20, 21, 22)},             # "игра в темную"
    **{n: (8, "minimum") for n in (23, 24, 25, 26)},          # "игра по минимуму"
    **{n: (8, "maximum") for n in (27, 28, 29, 30)},          # "игра по максимуму"
}


@pytest.mark.parametrize("number", range(1, 31))
def test_seed_schedule_of_the_30_rounds(number):
    assert tricks.schedule(number) == SEED_SCHEDULE[number]


def test_seed_schedule_round_19_is_dark_with_8_cards():
    assert tricks.schedule(19) == (8, "dark")
    assert tricks.schedule(12) == (7, "open") and tricks.schedule(18) == (1, "open")


@pytest.mark.parametrize("bad", [0, 31, -1, "5", 5.0, True, None])
def test_schedule_refuses_a_round_outside_1_to_30(bad):
    with pytest.raises(RulesError) as error:
        tricks.schedule(bad)
    assert repr(bad) in str(error.value)


def test_seed_bids_only_in_rounds_1_to_22():
    assert [n for n in range(1, 31) if tricks.has_bids(n)] == list(range(1, 23))


def test_seed_bidding_goes_clockwise_from_the_dealers_left_dealer_last():
    # "по кругу по часовой стрелке от сдающего ... Последним ... заказывает сдающий"
    assert tricks.bidding_order(0) == (1, 2, 3, 0)
    assert tricks.bidding_order(3) == (0, 1, 2, 3)


# --- the dealer's restriction (the seed's three examples) -----------------------------------

def test_seed_dealer_restriction_example_1_one_card_bids_1_0_0_dealer_may_not_bid_0():
    assert tricks.forbidden_dealer_bid(1, [1, 0, 0]) == 0
    assert tricks.allowed_bids(1, [1, 0, 0]) == (1,)   # "он обязан заказать одну взятку"


def test_seed_dealer_restriction_example_2_eight_cards_bids_3_3_3_any_bid():
    assert tricks.forbidden_dealer_bid(8, [3, 3, 3]) is None
    assert tricks.allowed_bids(8, [3, 3, 3]) == tuple(range(9))


def test_seed_dealer_restriction_example_3_eight_cards_bids_2_2_2_not_2():
    assert tricks.forbidden_dealer_bid(8, [2, 2, 2]) == 2
    assert tricks.allowed_bids(8, [2, 2, 2]) == (0, 1, 3, 4, 5, 6, 7, 8)


def test_seed_only_the_dealer_is_restricted():
    assert tricks.allowed_bids(1, [1, 0]) == (0, 1)
    assert tricks.allowed_bids(3) == (0, 1, 2, 3)


@pytest.mark.parametrize("cards_each, earlier, value", [
    (8, [3, 3], "[3, 3]"), (8, [3, 3, 9], "9"), (0, [0, 0, 0], "0"), (8, "333", "'333'")])
def test_forbidden_dealer_bid_refuses_bad_input_naming_it(cards_each, earlier, value):
    with pytest.raises(RulesError) as error:
        tricks.forbidden_dealer_bid(cards_each, earlier)
    assert value in str(error.value)


# --- dealing rotation (IP-TRICK-DEALER-ROTATION) --------------------------------------------

def test_ip_dealer_rotation_clockwise_passes_the_deal_each_round():
    assert [tricks.dealer_of(n, 2) for n in (1, 2, 3, 4, 5)] == [2, 3, 0, 1, 2]


def test_ip_dealer_rotation_fixed_keeps_the_first_dealer():
    fixed = {"IP-TRICK-DEALER-ROTATION": "fixed"}
    assert [tricks.dealer_of(n, 2, fixed) for n in (1, 2, 3, 30)] == [2, 2, 2, 2]


# --- legal plays ----------------------------------------------------------------------------

def test_api_example_must_follow_suit():
    assert tricks.legal_plays(hand=["7h", "2s", "Jo"], played=["Ah"], trump="s") == ["7h"]


@pytest.mark.parametrize("hand, played, trump, legal", [
    # the leader may play anything
    (["7h", "2s", "Jo"], [], "s", ["7h", "2s", "Jo"]),
    # "Игроки должны обязательно ходить по масти": the hand's order is kept
    (["Kh", "2s", "3h"], ["Ah"], "s", ["Kh", "3h"]),
    # "Если такой масти у них нет, то они обязаны класть козыря или джокера ... козырей нельзя 'парить'"
    (["7d", "2s", "Jo"], ["Ah"], "s", ["2s", "Jo"]),
    (["7d", "2s", "3s"], ["Ah", "Kh"], "s", ["2s", "3s"]),
    (["7d", "Jo"], ["Ah"], "s", ["Jo"]),
    # neither the suit, nor a trump, nor a joker: any card
    (["7d", "2c"], ["Ah"], "s", ["7d", "2c"]),
    # a trump led: follow with a trump; void in trumps, the joker
    (["7s", "Jo", "2h"], ["As"], "s", ["7s"]),
    (["Jo", "2h"], ["As"], "s", ["Jo"]),
    # the cards already played after the lead do not change the led suit
    (["7h", "9s"], ["Ah", "2s", "Jo"], "s", ["7h"]),
    # no-trump round (a joker turned up): follow suit, else the joker (IP-NO-TRUMP-VOID default)
    (["7h", "2s"], ["Ah"], None, ["7h"]),
    (["7d", "2s"], ["Ah"], None, ["7d", "2s"]),
    (["7d", "Jo"], ["Ah"], None, ["Jo"]),
])
def test_seed_following_rules(hand, played, trump, legal):
    assert tricks.legal_plays(hand=hand, played=played, trump=trump) == legal


@pytest.mark.parametrize("hand, played, demand, legal", [
    # "Если игрок ходит с джокера, то все обязаны сходить по козырю, если его нет, то можно
    # положить любую карту"
    (["7s", "Kd", "Qs"], ["Jo"], None, ["7s", "Qs"]),
    (["Kd", "2h"], ["Jo"], None, ["Kd", "2h"]),
    # "А если у второго игрока нет козырей, но есть джокер, то обязан ходить джокером"
    (["Kd", "Jo"], ["Jo"], None, ["Jo"]),
    # "по максимальной карте ... самого большого своего козыря, а если его нет, то самую большую"
    (["7s", "Qs", "Kd"], ["Jo"], "highest", ["Qs"]),
    (["Kd", "2c", "9h"], ["Jo"], "highest", ["Kd"]),
    # "по минимальной карте ... самого маленького козыря, а если его нет, то самую маленькую"
    (["7s", "Qs", "2d"], ["Jo"], "lowest", ["7s"]),
    (["Kd", "2c", "9h"], ["Jo"], "lowest", ["2c"]),
    # equal ranks in different suits are equally the highest / lowest
    (["Kd", "Kh", "2c"], ["Jo"], "highest", ["Kd", "Kh"]),
    (["2d", "Kh", "2c"], ["Jo", "Ah"], "lowest", ["2d", "2c"]),
    # a hand of nothing but a joker answers any demand with it
    (["Jo"], ["Jo"], "lowest", ["Jo"]),
])
def test_seed_joker_lead_and_demands(hand, played, demand, legal):
    assert tricks.legal_plays(hand=hand, played=played, trump="s", demand=demand) == legal


def test_legal_plays_returns_the_kind_it_was_given():
    hand = C("7h 2s Jo")
    legal = tricks.legal_plays(hand=hand, played=C("Ah"), trump="s")
    assert legal == [cards.parse_one("7h")] and isinstance(legal[0], cards.Card)
    # the caller's own spelling comes back, Russian included
    assert tricks.legal_plays(hand=["10h", "Jo"], played=["Ah"], trump="s") == ["10h"]
    assert tricks.legal_plays(hand=["Тч", "2п"], played=["Кч"], trump="п") == ["Тч"]
    assert tricks.legal_plays(hand="7h 2s", played="Ah", trump="s") == ["7h"]


def test_legal_plays_takes_the_turned_up_card_as_the_trump():
    assert tricks.legal_plays(hand=["7d", "2s"], played=["Ah"], trump="9s") == ["2s"]
    # "Если вместо козыря выпал один из джокеров, то кон играют без козырей"
    assert tricks.legal_plays(hand=["7d", "2s"], played=["Ah"], trump="Jo") == ["7d", "2s"]
    assert tricks.legal_plays(hand=["7d", "2s"], played=["Ah"], trump=cards.JOKER) == ["7d", "2s"]


def test_play_obligation_gives_the_reason():
    legal, reason = tricks.play_obligation(hand=["7h", "2s"], played=["Ah"], trump="s")
    assert legal == ["7h"] and "follow" in reason
    legal, reason = tricks.play_obligation(hand=["7d", "2s"], played=["Ah"], trump="s")
    assert legal == ["2s"] and "trump" in reason


@pytest.mark.parametrize("kwargs, named", [
    ({"hand": ["7h"], "played": ["Ah"], "trump": "s", "demand": "highest"}, "'highest'"),
    ({"hand": ["7h"], "played": [], "trump": "s", "demand": "lowest"}, "'lowest'"),
    ({"hand": ["7h"], "played": ["Jo"], "trump": "s", "demand": "middle"}, "'middle'"),
    ({"hand": ["7h"], "played": ["Ah", "2h", "3h", "4h"], "trump": "s"}, "4"),
    ({"hand": ["7h", "7h"], "played": [], "trump": "s"}, "7h"),
    ({"hand": ["Ah"], "played": ["Ah"], "trump": "s"}, "Ah"),
    ({"hand": ["Jo", "Jo"], "played": ["Jo"], "trump": "s"}, "joker"),
    ({"hand": ["7h"], "played": ["Ah"], "trump": "x"}, "'x'"),
    ({"hand": ["Zz"], "played": [], "trump": "s"}, "'Zz'"),
    ({"hand": [], "played": [], "trump": "s"}, "empty"),
])
def test_legal_plays_refuses_bad_input_naming_it(kwargs, named):
    with pytest.raises(RulesError) as error:
        tricks.legal_plays(**kwargs)
    assert named in str(error.value)


# --- trick winners --------------------------------------------------------------------------

@pytest.mark.parametrize("played, trump, winner", [
    (["7h", "Ah", "2s", "Kh"], "s", 2),      # the API example: the only trump takes it
    (["7h", "Ah", "2s", "Ks"], "s", 3),      # the highest trump
    (["7h", "Ah", "2d", "Kh"], "s", 1),      # no trump: the highest of the led suit
    (["7h", "Ad", "2h", "Kc"], "s", 0),      # other suits do not take the trick
    (["7h", "Ah", "2s", "Kh"], None, 1),     # "по старшинству карты, учитывая масть"
    (["7h", "As", "Jo", "Kh"], "s", 2),      # "Джокер считается старше любого козыря"
    (["Kh", "Jo", "As", "Jo"], "s", 1),      # "старшим считается джокер ... который сходил первым"
    (["Jo", "Kh", "Jo", "As"], "s", 0),
    (["Jo", "Ah", "Jo", "2h"], None, 0),
])
def test_seed_trick_winner(played, trump, winner):
    assert tricks.trick_winner(played, trump=trump) == winner


def test_trick_winner_of_a_trick_not_yet_full_is_the_card_winning_so_far():
    assert tricks.trick_winner(["7h", "2s"], trump="s") == 1
    assert tricks.trick_winner(["7h"], trump="s") == 0


@pytest.mark.parametrize("played", [[], ["7h", "8h", "9h", "Th", "Jh"], ["7h", "7h"]])
def test_trick_winner_refuses_a_bad_trick(played):
    with pytest.raises(RulesError):
        tricks.trick_winner(played, trump="s")


# --- interpretation points: each reading and its effect -------------------------------------

def test_all_interpretation_points_are_registered_for_the_trick_game():
    ids = {p.id for p in tricks.INTERPRETATION_POINTS}
    assert ids == {"IP-TRICK-OVER", "IP-TRICK-DEALER-ROTATION", "IP-JOKER-ANYTIME", "IP-NO-TRUMP-VOID",
                   "IP-JOKER-SECOND", "IP-JOKER-IS-TRUMP", "IP-JOKER-DEMAND-ORDER", "IP-JOKER-LEAD-NO-TRUMP"}
    registered = readings.registry()
    for point in tricks.INTERPRETATION_POINTS:
        assert registered[point.id] == point and point.game == "tricks"
        assert set(point.readings_help) == set(point.readings)
    defaults = {p.id: p.default for p in tricks.INTERPRETATION_POINTS}
    assert defaults == {
        "IP-TRICK-OVER": "per_trick_taken", "IP-TRICK-DEALER-ROTATION": "clockwise",
        "IP-JOKER-ANYTIME": "only_when_void", "IP-NO-TRUMP-VOID": "joker_if_held",
        "IP-JOKER-SECOND": "any_player", "IP-JOKER-IS-TRUMP": "no",
        "IP-JOKER-DEMAND-ORDER": "joker_first", "IP-JOKER-LEAD-NO-TRUMP": "demand_on_all_cards"}


def test_unknown_reading_or_foreign_point_is_refused():
    with pytest.raises(RulesError, match="'sometimes'"):
        tricks.legal_plays(hand=["7h"], played=[], trump="s", readings={"IP-JOKER-ANYTIME": "sometimes"})
    with pytest.raises(RulesError, match="IP-NOT-THERE"):
        tricks.round_score(1, bid=0, taken=0, readings={"IP-NOT-THERE": "x"})


def test_ip_trick_over_per_trick_taken_pays_every_trick():
    # seed scoring point 2: "каждая взятка + 1 очко"
    assert tricks.round_score(5, bid=2, taken=4) == 4
    assert tricks.round_score(5, bid=2, taken=4, readings={"IP-TRICK-OVER": "per_trick_taken"}) == 4


def test_ip_trick_over_per_overtrick_pays_the_tricks_over_the_bid():
    assert tricks.round_score(5, bid=2, taken=4, readings={"IP-TRICK-OVER": "per_overtrick"}) == 2
    # with a bid of 0 both readings agree (seed point 4: "в противном случае пункт 2")
    assert tricks.round_score(5, bid=0, taken=3, readings={"IP-TRICK-OVER": "per_overtrick"}) == 3


def test_ip_joker_anytime_only_when_void():
    assert tricks.legal_plays(hand=["7h", "Jo", "2s"], played=["Ah"], trump="s") == ["7h"]
    assert tricks.legal_plays(hand=["7s", "Jo"], played=["Jo"], trump="s") == ["7s"]


def test_ip_joker_anytime_any_time():
    any_time = {"IP-JOKER-ANYTIME": "any_time"}
    assert tricks.legal_plays(hand=["7h", "Jo", "2s"], played=["Ah"], trump="s",
                              readings=any_time) == ["7h", "Jo"]
    assert tricks.legal_plays(hand=["7s", "Jo"], played=["Jo"], trump="s", readings=any_time) == ["7s", "Jo"]
    _, reason = tricks.play_obligation(hand=["7h", "Jo"], played=["Ah"], trump="s", readings=any_time)
    assert "IP-JOKER-ANYTIME" in reason


def test_ip_no_trump_void_joker_if_held():
    assert tricks.legal_plays(hand=["7d", "Jo"], played=["Ah"], trump=None) == ["Jo"]


def test_ip_no_trump_void_any_card():
    assert tricks.legal_plays(hand=["7d", "Jo"], played=["Ah"], trump=None,
                              readings={"IP-NO-TRUMP-VOID": "any_card"}) == ["7d", "Jo"]


def test_ip_joker_second_any_player():
    # the third player, no trump, holding the other joker
    assert tricks.legal_plays(hand=["7d", "Jo"], played=["Jo", "2h"], trump="s") == ["Jo"]
    assert tricks.legal_plays(hand=["7d", "Jo"], played=["Jo", "2h", "3h"], trump="s") == ["Jo"]


def test_ip_joker_second_second_only():
    second_only = {"IP-JOKER-SECOND": "second_only"}
    assert tricks.legal_plays(hand=["7d", "Jo"], played=["Jo"], trump="s", readings=second_only) == ["Jo"]
    assert tricks.legal_plays(hand=["7d", "Jo"], played=["Jo", "2h"], trump="s",
                              readings=second_only) == ["7d", "Jo"]


def test_ip_joker_is_trump_no():
    assert tricks.legal_plays(hand=["7s", "Jo", "2h"], played=["Jo"], trump="s") == ["7s"]
    assert tricks.legal_plays(hand=["7s", "Jo", "2h"], played=["Jo"], trump="s", demand="highest") == ["7s"]


def test_ip_joker_is_trump_yes():
    yes = {"IP-JOKER-IS-TRUMP": "yes"}
    assert tricks.legal_plays(hand=["7s", "Jo", "2h"], played=["Jo"], trump="s", readings=yes) == ["7s", "Jo"]
    # the joker is the highest trump; the lowest is still the lowest real trump
    assert tricks.legal_plays(hand=["7s", "Jo", "2h"], played=["Jo"], trump="s", demand="highest",
                              readings=yes) == ["Jo"]
    assert tricks.legal_plays(hand=["7s", "Jo", "2h"], played=["Jo"], trump="s", demand="lowest",
                              readings=yes) == ["7s"]
    # a third player whose only "trump" is the joker must play it even under second_only
    both = {**yes, "IP-JOKER-SECOND": "second_only"}
    assert tricks.legal_plays(hand=["7d", "Jo"], played=["Jo", "2h"], trump="s", readings=both) == ["Jo"]


def test_ip_joker_demand_order_joker_first():
    assert tricks.legal_plays(hand=["Kd", "2h", "Jo"], played=["Jo"], trump="s", demand="lowest") == ["Jo"]


def test_ip_joker_demand_order_demand_first():
    demand_first = {"IP-JOKER-DEMAND-ORDER": "demand_first"}
    assert tricks.legal_plays(hand=["Kd", "2h", "Jo"], played=["Jo"], trump="s", demand="lowest",
                              readings=demand_first) == ["2h"]
    # without a demand the other-joker obligation still holds
    assert tricks.legal_plays(hand=["Kd", "2h", "Jo"], played=["Jo"], trump="s",
                              readings=demand_first) == ["Jo"]


def test_ip_joker_lead_no_trump_demand_on_all_cards():
    assert tricks.legal_plays(hand=["Kd", "2h", "Jo"], played=["Jo"], trump=None) == ["Kd", "2h", "Jo"]
    assert tricks.legal_plays(hand=["Kd", "2h", "Jo"], played=["Jo"], trump=None, demand="lowest") == ["2h"]
    assert tricks.legal_plays(hand=["Kd", "2h", "Kc"], played=["Jo"], trump=None,
                              demand="highest") == ["Kd", "Kc"]


def test_ip_joker_lead_no_trump_as_void_of_trump():
    as_void = {"IP-JOKER-LEAD-NO-TRUMP": "as_void_of_trump"}
    assert tricks.legal_plays(hand=["Kd", "2h", "Jo"], played=["Jo"], trump=None, readings=as_void) == ["Jo"]
    assert tricks.legal_plays(hand=["Kd", "2h", "Jo"], played=["Jo"], trump=None, demand="lowest",
                              readings=as_void) == ["Jo"]
    assert tricks.legal_plays(hand=["Kd", "2h"], played=["Jo"], trump=None, demand="highest",
                              readings=as_void) == ["Kd"]


# --- scoring --------------------------------------------------------------------------------

@pytest.mark.parametrize("number, bid, taken, points", [
    (5, 3, 3, 30),       # API example; seed point 1: "каждая взятка + 10 очков"
    (10, 8, 8, 80),
    (5, 2, 4, 4),        # seed point 2: "каждая взятка + 1 очко"
    (5, 3, 1, -20),      # seed point 3: "каждая не взятая взятка - 10 очков"
    (10, 8, 0, -80),
    (5, 0, 0, 5),        # seed point 4: "+ 5 очков"
    (5, 0, 2, 2),        # seed point 4: "в противном случае пункт 2"
    (19, 2, 2, 20),      # dark rounds score as the open ones
    (22, 3, 0, -30),
])
def test_seed_scoring_rounds_1_to_22(number, bid, taken, points):
    assert tricks.round_score(number, bid=bid, taken=taken) == points


@pytest.mark.parametrize("number, taken, points", [
    (23, 3, -30), (26, 0, 0), (26, 8, -80),   # "Коны 23, 24, 25, 26 - каждая взятка - 10 очков"
    (27, 3, 30), (30, 8, 80), (30, 0, 0),     # "Коны 27, 28, 29, 30 - каждая взятка + 10 очков"
])
def test_seed_scoring_rounds_23_to_30(number, taken, points):
    assert tricks.round_score(number, taken=taken) == points


@pytest.mark.parametrize("number, bid, taken, named", [
    (23, 2, 2, "2"),        # "здесь не нужно заказывать взятки"
    (28, 0, 2, "0"),
    (5, None, 2, "None"),
    (1, 0, 2, "2"),         # one card each: at most one trick
    (1, 2, 1, "2"),
    (5, -1, 0, "-1"),
])
def test_round_score_refuses_bad_input_naming_it(number, bid, taken, named):
    with pytest.raises(RulesError) as error:
        tricks.round_score(number, bid=bid, taken=taken)
    assert named in str(error.value)


# --- whole games ----------------------------------------------------------------------------

def simple_game(first_dealer: int = 0, fixed: bool = False) -> list[tricks.RoundRecord]:
    """Everyone bids 0 and seat 0 takes every trick of every round."""
    out = []
    for n in range(1, 31):
        cards_each, _ = tricks.schedule(n)
        dealer = first_dealer if fixed else (first_dealer + n - 1) % 4
        bids = (0, 0, 0, 0) if n <= 22 else None
        out.append(tricks.RoundRecord(n, dealer, bids, (cards_each, 0, 0, 0)))
    return out


def test_seed_game_scores_by_hand():
    # seat 0, rounds 1-22: +1 a trick over a bid of 0 (points 2 and 4): 28 + 32 + 28 + 32 = 120;
    # rounds 23-26: -80 each; rounds 27-30: +80 each. Seats 1-3: +5 in each of rounds 1-22.
    assert tricks.game_scores(simple_game()) == (120, 110, 110, 110)


def test_game_scores_equal_the_sum_of_the_score_sheet():
    rounds = simple_game(first_dealer=2)
    rounds[9] = tricks.RoundRecord(10, rounds[9].dealer, (3, 3, 3, 0), (3, 2, 2, 1))
    sheet = tricks.score_sheet(rounds)
    assert sheet[9] == (30, -10, -10, 1)
    assert tricks.game_scores(rounds) == tuple(sum(row[s] for row in sheet) for s in range(4))
    assert tricks.game_scores(rounds) == (120 - 8 + 30, 110 - 5 - 10, 110 - 5 - 10, 110 - 5 + 1)


def test_game_scores_accept_plain_dicts():
    dicts = [r.to_dict() for r in simple_game()]
    assert json.loads(json.dumps(dicts)) == dicts
    assert tricks.game_scores(dicts) == (120, 110, 110, 110)
    assert dicts[25] == {"number": 26, "dealer": 1, "bids": None, "taken": [8, 0, 0, 0]}
    assert tricks.RoundRecord.from_dict(dicts[3]) == simple_game()[3]


def test_ip_dealer_rotation_in_game_scores():
    fixed_game = simple_game(first_dealer=1, fixed=True)
    with pytest.raises(RulesError) as error:
        tricks.game_scores(fixed_game)
    assert "round 2" in str(error.value) and error.value.rule == "IP-TRICK-DEALER-ROTATION"
    assert tricks.game_scores(fixed_game, readings={"IP-TRICK-DEALER-ROTATION": "fixed"}) == (120, 110, 110, 110)
    with pytest.raises(RulesError):
        tricks.game_scores(simple_game(), readings={"IP-TRICK-DEALER-ROTATION": "fixed"})


def test_ip_trick_over_in_game_scores():
    rounds = simple_game()
    rounds[4] = tricks.RoundRecord(5, rounds[4].dealer, (2, 1, 1, 0), (4, 0, 0, 1))
    default = tricks.game_scores(rounds)
    overtrick = tricks.game_scores(rounds, readings={"IP-TRICK-OVER": "per_overtrick"})
    assert default[0] - overtrick[0] == 2 and default[1:] == overtrick[1:]


@pytest.mark.parametrize("number, change, named", [
    (1, {"taken": [1, 0, 0]}, "3 values"),                    # four players
    (1, {"bids": [0, 0, 0, 0, 0]}, "5 values"),
    (10, {"taken": [2, 2, 2, 1]}, "add up to 7"),             # tricks add up to the cards each
    (10, {"taken": [9, 0, 0, -1]}, "9"),
    (10, {"bids": [2, 2, 2, 2]}, "the dealer (seat 1) bid 2"),  # seed dealer restriction example 3
    (1, {"bids": [0, 1, 0, 0]}, "the dealer (seat 0) bid 0"),   # seed dealer restriction example 1
    (23, {"bids": [0, 0, 0, 0]}, "no bids in rounds 23-30"),
    (5, {"bids": None}, "bids are missing"),
    (5, {"bids": [0, 6, 0, 0]}, "6"),
    (5, {"dealer": 4}, "4"),
])
def test_game_scores_refuses_a_broken_round_naming_round_and_value(number, change, named):
    dicts = [r.to_dict() for r in simple_game()]
    dicts[number - 1].update(change)
    with pytest.raises(RulesError) as error:
        tricks.game_scores(dicts)
    assert f"round {number}" in str(error.value) and named in str(error.value)


def test_game_scores_needs_all_30_rounds_in_order_each_once():
    rounds = simple_game()
    with pytest.raises(RulesError, match="round 4 is in place 3"):
        tricks.game_scores(rounds[:2] + [rounds[3], rounds[2]] + rounds[4:])
    with pytest.raises(RulesError, match="30 rounds, got 29"):
        tricks.game_scores(rounds[:29])
    with pytest.raises(RulesError, match="round 3 is in place 4"):
        tricks.game_scores(rounds[:3] + [rounds[2]] + rounds[3:])
    with pytest.raises(RulesError, match="unknown key 'extra'"):
        tricks.game_scores([{**r.to_dict(), "extra": 1} for r in rounds])
    with pytest.raises(RulesError):
        tricks.game_scores("not rounds")


# --- a round as a state machine ------------------------------------------------------------

def deck_for(dealer: int, hands: dict[int, str], turned_up: str) -> list[cards.Card]:
    """A deck that deals ``hands`` (by seat) one card at a time from the dealer's left and then
    turns up ``turned_up``."""
    by_seat = {seat: list(C(text)) for seat, text in hands.items()}
    n = len(by_seat[0])
    order = [by_seat[(dealer + 1 + k) % 4][k // 4] for k in range(4 * n)]
    order.append(cards.parse_one(turned_up))
    rest = list(cards.deck54())
    for card in order:
        rest.remove(card)
    return order + rest


def round_two() -> tricks.Round:
    hands = {1: "Ah Kh", 2: "7h 2s", 3: "Jo 3d", 0: "4c 5c"}
    return tricks.Round(2, 0, deck_for(0, hands, "9s"))


def test_round_deals_from_the_seeded_shuffle_and_turns_up_the_next_card():
    r = tricks.Round.deal(3, dealer=2, seed=7)
    deck = cards.shuffled(cards.deck54(), 7)
    # the first card goes to the dealer's left (seat 3), one card at a time clockwise
    assert r.hands[3] == (deck[0], deck[4], deck[8])
    assert r.hands[0] == (deck[1], deck[5], deck[9])
    assert r.hands[2] == (deck[3], deck[7], deck[11])
    assert r.trump_card == deck[12]
    assert r.trump == (None if deck[12].is_joker else deck[12].suit)


def test_seed_joker_turned_up_means_no_trumps():
    r = tricks.Round(1, 0, deck_for(0, {0: "2h", 1: "3h", 2: "4h", 3: "5h"}, "Jo"))
    assert r.trump_card == cards.JOKER and r.trump is None


def test_round_refuses_a_deck_that_is_not_the_54_cards():
    with pytest.raises(RulesError, match="54 cards"):
        tricks.Round(1, 0, cards.deck52())


def test_seed_round_bidding_order_and_dealer_restriction():
    r = tricks.Round(1, 3, deck_for(3, {0: "2h", 1: "3h", 2: "4h", 3: "5h"}, "Ks"))
    assert r.phase == "bidding" and r.to_act == 0
    with pytest.raises(RulesError, match="seat 1 may not bid: it is seat 0's turn"):
        r.bid(1, 0)
    r.bid(0, 1)
    r.bid(1, 0)
    r.bid(2, 0)
    assert r.to_act == 3 and r.allowed_bids() == (1,)
    with pytest.raises(RulesError, match="dealer may not bid 0") as error:   # seed example 1
        r.bid(3, 0)
    assert error.value.value == 0
    with pytest.raises(RulesError):
        r.bid(3, 2)   # more than the cards each
    r.bid(3, 1)
    assert r.phase == "playing" and r.to_act == 0   # "Право первого хода ... слева от ... сдает"


def test_seed_dark_round_bids_are_made_without_seeing_the_cards():
    r = tricks.Round.deal(19, dealer=0, seed=3)
    assert r.kind == "dark"
    assert r.view(1).hand is None and r.view(0).hand is None
    assert r.view(1).trump_card == r.trump_card
    for seat in (1, 2, 3, 0):
        r.bid(seat, r.allowed_bids()[0])
    assert r.view(1).hand == r.hands[1]


def test_seed_minimum_and_maximum_rounds_take_no_bids():
    for number in (23, 27):
        r = tricks.Round.deal(number, dealer=1, seed=5)
        assert r.phase == "playing" and r.to_act == 2 and r.allowed_bids() == ()
        with pytest.raises(RulesError, match="nobody may bid now"):
            r.bid(2, 0)


def test_round_plays_refuses_illegal_cards_with_the_reason_and_scores():
    r = round_two()
    for seat, bid in ((1, 2), (2, 0), (3, 1), (0, 0)):
        r.bid(seat, bid)
    r.play(1, "Ah")
    with pytest.raises(RulesError, match="must follow the led suit h") as error:
        r.play(2, "2s")
    assert error.value.value == "2s"
    r.play(2, "7h")
    with pytest.raises(RulesError, match="must play a trump .* or a joker"):
        r.play(3, "3d")
    with pytest.raises(RulesError, match="does not hold"):
        r.play(3, "Qs")
    r.play(3, "Jo")
    trick = r.play(0, "4c")
    assert trick == tricks.Trick(1, C("Ah 7h Jo 4c"), None, 3)
    assert r.to_act == 3   # the winner leads the next trick
    r.play(3, "3d")
    r.play(0, "5c")
    r.play(1, "Kh")
    with pytest.raises(RulesError, match="not hold"):
        r.play(2, "7h")
    last = r.play(2, "2s")
    assert last.winner == 2 and r.phase == "done"
    assert tuple(r.taken) == (0, 0, 1, 1)
    assert r.scores() == (5, -20, 1, 10)
    with pytest.raises(RulesError):
        r.play(3, "3d")
    record = r.record()
    assert tricks.validate_round_play(record) == []
    assert tricks.PlayedRound.from_dict(json.loads(json.dumps(record.to_dict()))) == record


def test_round_joker_lead_with_a_demand():
    hands = {1: "Jo 2c", 2: "5s 9s", 3: "Kd Ad", 0: "Jo Qh"}
    r = tricks.Round(2, 0, deck_for(0, hands, "3s"))
    for seat, bid in ((1, 1), (2, 0), (3, 0), (0, 0)):
        r.bid(seat, bid)
    with pytest.raises(RulesError, match="only with a joker lead"):
        r.play(1, "2c", demand="highest")
    r.play(1, "Jo", demand="lowest")
    assert r.legal_plays() == C("5s")
    with pytest.raises(RulesError, match="lowest"):
        r.play(2, "9s")
    r.play(2, "5s")
    assert r.legal_plays() == C("Kd")
    r.play(3, "Kd")
    assert r.legal_plays() == C("Jo")   # the other joker before the demand
    trick = r.play(0, "Jo")
    assert trick.winner == 1 and trick.demand == "lowest"


def test_round_records_the_trick_demand_in_json():
    hands = {1: "Jo 2c", 2: "5s 9s", 3: "Kd Ad", 0: "Jo Qh"}
    r = tricks.Round(2, 0, deck_for(0, hands, "3s"))
    for seat, bid in ((1, 1), (2, 0), (3, 0), (0, 0)):
        r.bid(seat, bid)
    for seat, card, demand in ((1, "Jo", "highest"), (2, "9s", None), (3, "Ad", None), (0, "Jo", None),
                               (1, "2c", None), (2, "5s", None), (3, "Kd", None), (0, "Qh", None)):
        r.play(seat, card, demand)
    doc = r.record().to_dict()
    assert doc["tricks"][0] == {"leader": 1, "cards": ["Jo", "9s", "Ad", "Jo"], "demand": "highest",
                                "winner": 1}
    assert doc["tricks"][1]["winner"] == 2 and doc["taken"] == [0, 1, 1, 0]
    assert doc["scores"] == [5, 10, 1, 5]


def test_game_state_deals_every_round_and_refuses_moves_after_the_end():
    game = tricks.GameState(11, first_dealer=3)
    assert game.round.number == 1 and game.round.dealer == 3 and game.phase == "bidding"
    assert game.round.hands == tricks.Round.deal(1, 3, "11:1").hands
    with pytest.raises(RulesError, match="not over"):
        game.record()


# --- validating recorded play ---------------------------------------------------------------

def recorded_round_two() -> dict:
    return {"number": 2, "dealer": 0, "trump_card": "9s", "bids": [0, 2, 0, 1],
            "tricks": [{"cards": ["Ah", "7h", "Jo", "4c"]}, {"cards": ["3d", "5c", "Kh", "2s"]}]}


def test_validate_a_sound_recording_without_hands():
    assert tricks.validate_round_play(recorded_round_two()) == []
    doc = {**recorded_round_two(), "taken": [0, 0, 1, 1], "scores": [5, -20, 1, 10]}
    doc["tricks"][0]["winner"] = 3
    assert tricks.validate_round_play(doc) == []


def test_validate_flags_an_illegal_card():
    doc = recorded_round_two()
    doc["tricks"] = [{"cards": ["Ah", "2s", "Jo", "4c"]}, {"cards": ["3d", "5c", "Kh", "7h"]}]
    problems = tricks.validate_round_play(doc)
    assert [(p.round, p.trick, p.seat) for p in problems] == [(2, 1, 2)]
    assert "must follow the led suit h" in problems[0].message
    assert str(problems[0]).startswith("round 2, trick 1, seat 2:")


def test_validate_flags_wrong_winner_taken_scores_and_leader():
    doc = {**recorded_round_two(), "taken": [0, 1, 0, 1], "scores": [5, -20, 1, 99]}
    doc["tricks"][0]["winner"] = 1
    doc["tricks"][1]["leader"] = 1
    messages = [str(p) for p in tricks.validate_round_play(doc)]
    assert any("trick 1" in m and "seat 3 takes it" in m for m in messages)
    assert any("trick 2" in m and "seat 3 was to lead" in m for m in messages)
    assert any("tricks taken recorded as [0, 1, 0, 1]" in m for m in messages)
    assert any("scores recorded as [5, -20, 1, 99]" in m for m in messages)


def test_validate_flags_the_deal():
    doc = {**recorded_round_two(), "hands": [["4c", "5c"], ["Ah", "Kh"], ["7h", "2s"], ["Jo", "9s"]]}
    messages = [p.message for p in tricks.validate_round_play(doc)]
    assert any("9s appears twice" in m for m in messages)   # the turned-up card in a hand
    assert any("played 3d, which is not in the hand" in m for m in messages)
    doc = {**recorded_round_two(), "hands": [["4c", "5c", "6c"], ["Ah", "Kh"], ["7h", "2s"], ["Jo", "3d"]]}
    assert any("holds 3 cards, not 2" in p.message for p in tricks.validate_round_play(doc))


def test_validate_flags_the_number_of_tricks_bids_and_demands():
    doc = recorded_round_two()
    doc["tricks"] = doc["tricks"][:1]
    assert any("1 tricks recorded, not 2" in p.message for p in tricks.validate_round_play(doc))
    doc = {**recorded_round_two(), "bids": [0, 1, 0, 1]}   # the dealer (seat 0) makes it add up to 2
    assert any("dealer (seat 0) bid 0" in p.message for p in tricks.validate_round_play(doc))
    doc = recorded_round_two()
    doc["tricks"][0]["demand"] = "highest"
    assert any("only with a joker lead" in p.message for p in tricks.validate_round_play(doc))


def test_validate_returns_problems_instead_of_raising():
    assert tricks.validate_round_play({"number": 2})[0].message == "recorded round: missing key 'dealer'"
    assert "unknown key 'colour'" in tricks.validate_round_play({**recorded_round_two(), "colour": 1})[0].message
    assert tricks.validate_round_play("garbage")[0].round is None
    assert "'Zz'" in tricks.validate_round_play({**recorded_round_two(), "trump_card": "Zz"})[0].message


_KEYS = ["number", "cards_each", "kind", "dealer", "trump_card", "trump", "hands", "bids", "tricks", "taken",
         "scores", "leader", "cards", "demand", "winner"]
_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.floats()
    | st.sampled_from(["Ah", "Jo", "s", "x", "highest", "2c", "Kd"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(_KEYS), inner, max_size=5),
    max_leaves=20)


@settings(max_examples=examples(60), deadline=None)
@given(doc=st.dictionaries(st.sampled_from(_KEYS), _json))
def test_validate_never_raises_on_any_document(doc):
    assert all(isinstance(p, tricks.Problem) for p in tricks.validate_round_play(doc))


@settings(max_examples=examples(60), deadline=None)
@given(key=st.sampled_from(sorted(recorded_round_two())), trick_key=st.sampled_from(["leader", "cards", "winner"]),
       value=_json)
def test_validate_never_raises_on_a_damaged_recording(key, trick_key, value):
    doc = copy.deepcopy(recorded_round_two())
    doc[key] = value
    assert all(isinstance(p, tricks.Problem) for p in tricks.validate_round_play(doc))
    doc = copy.deepcopy(recorded_round_two())
    doc["tricks"][1][trick_key] = value
    assert all(isinstance(p, tricks.Problem) for p in tricks.validate_round_play(doc))


def test_validate_uses_the_readings():
    doc = recorded_round_two()
    doc["hands"] = [["4c", "5c"], ["Ah", "Kh"], ["7h", "Jo"], ["2s", "3d"]]
    doc["tricks"] = [{"cards": ["Ah", "Jo", "2s", "4c"]}, {"cards": ["7h", "3d", "5c", "Kh"]}]
    # seat 2 played the joker while holding 7h, seat 3 trumped with 2s (void in hearts)
    problems = tricks.validate_round_play(doc)
    assert [(p.trick, p.seat) for p in problems] == [(1, 2)]
    assert tricks.validate_round_play(doc, readings={"IP-JOKER-ANYTIME": "any_time"}) == []


def test_validate_a_recording_that_gives_only_the_trump_suit():
    doc = recorded_round_two()
    del doc["trump_card"]
    doc["trump"] = "s"
    assert tricks.validate_round_play(doc) == []
    doc["trump"] = None   # no trumps: seat 3 did not need to play the trump 2s in trick 2
    problems = tricks.validate_round_play(doc)
    assert problems == []


# --- serialization errors -------------------------------------------------------------------

def test_played_round_from_dict_refuses_inconsistent_facts():
    r = round_two()
    for seat, bid in ((1, 2), (2, 0), (3, 1), (0, 0)):
        r.bid(seat, bid)
    for seat, card in ((1, "Ah"), (2, "7h"), (3, "Jo"), (0, "4c"), (3, "3d"), (0, "5c"), (1, "Kh"), (2, "2s")):
        r.play(seat, card)
    doc = r.record().to_dict()
    assert doc["trump"] == "s" and doc["kind"] == "open" and doc["cards_each"] == 2
    for key, value, named in (("kind", "dark", "'dark'"), ("cards_each", 3, "3"), ("trump", "h", "'h'"),
                              ("hands", [["4c"]], "1 values"), ("extra", 1, "'extra'")):
        with pytest.raises(RulesError) as error:
            tricks.PlayedRound.from_dict({**doc, key: value})
        assert named in str(error.value)
