"""The per-game ratings, the all-rounder ranking and the trick game's bidding record, by hand.

Two newcomers (mu 25, sigma 25/3, beta 25/6) in one match under Plackett-Luce:
c = sqrt(2 (sigma^2 + beta^2)) = sqrt(2 (69.444 + 17.361)) = 13.176; each is first with
p = 1/2, so the winner's mu moves by sigma^2 / c * (1 - p) = 69.444 / 13.176 / 2 = 2.635 and the
loser's by as much the other way: 27.635 and 22.365.
"""

from __future__ import annotations

import datetime as dt

import pytest

from games import ratings
from games.ratings import HOUSE, Match

DAY = dt.date(2026, 3, 1)


def _match(game, n, *scores):
    return Match(game, (n,), DAY + dt.timedelta(days=n), n, tuple(scores))


def test_two_newcomers_move_by_the_hand_computed_amount():
    history = ratings.replay([_match("dice", 1, (7, 1), (8, 0))])
    after = {p.member_id: p for p in history["dice"]}
    assert after[7].mu == pytest.approx(27.635, abs=1e-3)
    assert after[8].mu == pytest.approx(22.365, abs=1e-3)
    assert after[7].sigma == after[8].sigma < 25 / 3
    assert after[7].ordinal == pytest.approx(after[7].mu - 3 * after[7].sigma)
    assert [p.played for p in history["dice"]] == [1, 1]
    assert history["dragon"] == [] and history["draker"] == []


def test_games_are_rated_apart_and_in_the_order_of_play():
    # Given out of order: the replay sorts by each match's order, so member 1's loss comes first.
    history = ratings.replay([_match("dice", 2, (1, 1), (2, 0)), _match("dice", 1, (1, 0), (2, 1)),
                              _match("dragon", 1, (1, 30), (2, -10), (3, -20))])
    assert [(p.ref, p.member_id) for p in history["dice"]] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert history["dice"][0].mu == pytest.approx(22.365, abs=1e-3)
    # A dragon game sees none of the dice: member 1 starts it fresh and wins it outright.
    dragon = {p.member_id: p for p in history["dragon"]}
    assert dragon[1].ordinal > dragon[2].ordinal > dragon[3].ordinal
    assert ratings.replay(list(reversed([_match("dice", 1, (1, 0), (2, 1)), _match("dice", 2, (1, 1), (2, 0))]))) \
        == ratings.replay([_match("dice", 1, (1, 0), (2, 1)), _match("dice", 2, (1, 1), (2, 0))])


def test_the_house_is_rated_but_never_listed():
    history = ratings.replay([_match("casino", 1, (5, 1), (HOUSE, 0)), _match("casino", 2, (6, 0), (HOUSE, 1))])
    assert [p.member_id for p in history["casino"]] == [5, 6]
    # Member 5 beat a newcomer house (+2.635); member 6 lost to the house weakened by that loss,
    # which costs more than losing to a newcomer (-2.635).
    assert history["casino"][0].mu == pytest.approx(27.635, abs=1e-3)
    assert history["casino"][1].mu < 22.365


def test_equal_scores_share_a_place_and_a_lone_player_is_no_match():
    history = ratings.replay([_match("dragon", 1, (1, 0), (2, 0)), _match("dragon", 2, (3, 10))])
    assert history["dragon"][0].mu == pytest.approx(25) == history["dragon"][1].mu
    assert {p.ref for p in history["dragon"]} == {1}


def test_an_unknown_game_is_refused():
    with pytest.raises(ValueError, match="'golf'"):
        ratings.replay([_match("golf", 1, (1, 1), (2, 0))])


def test_standings_take_each_members_latest_rating_best_first():
    history = ratings.replay([_match("dice", 1, (1, 1), (2, 0)), _match("dice", 2, (2, 1), (3, 0)),
                              _match("dice", 3, (2, 1), (1, 0))])
    rows = ratings.standings(history["dice"])
    assert [r.member_id for r in rows] == [2, 1, 3]
    assert [r.played for r in rows] == [3, 2, 1]


def test_the_all_rounder_is_the_mean_of_the_counted_games():
    history = {
        "dice": [ratings.RatingPoint("dice", 1, DAY, 1, 30, 2, 24.0, 3),
                 ratings.RatingPoint("dice", 2, DAY, 1, 30, 2, 30.0, 3)],
        "casino": [ratings.RatingPoint("casino", 1, DAY, 1, 30, 2, 10.0, 5),
                   ratings.RatingPoint("casino", 2, DAY, 1, 30, 2, 50.0, 1)],  # one match: not counted
        "tricks": [ratings.RatingPoint("tricks", 1, DAY, 1, 30, 2, 2.0, 4),
                   ratings.RatingPoint("tricks", 2, DAY, 1, 30, 2, 1.0, 3)],
    }
    rows = ratings.all_rounder(history)
    # Member 1: (24 + 10 + 2) / 3 = 12 over three games; member 2: (30 + 1) / 2 = 15.5 over two.
    assert [(r.member_id, r.score, r.games) for r in rows] == [(2, 15.5, ("dice", "tricks")),
                                                                (1, 12.0, ("casino", "dice", "tricks"))]
    # With three games required, member 2 is not ranked.
    assert [r.member_id for r in ratings.all_rounder(history, min_games=3)] == [1]


def test_bid_accuracy_counts_rounds_whose_bid_was_the_tricks_taken():
    rounds = [
        (0, 1, 1, [1, 0, 0, 0], [1, 0, 0, 0]),      # bid 1, took 1: exact
        (0, 2, 2, [0, 1, 1, 0], [1, 0, 1, 0]),      # bid 0, took 1
        (0, 3, 3, [1, 1, 0, 0], [1, 1, 1, 0]),      # exact
        (0, 23, 2, None, [2, 2, 2, 2]),            # a minimum round: no bids, not counted
    ]
    record = ratings.bid_record(rounds)
    assert (record.bids, record.exact, record.accuracy) == (3, 2, pytest.approx(2 / 3))
    assert (record.dealt, record.restricted_share) == (0, None)


@pytest.mark.parametrize(("cards", "earlier", "restricted"), [
    # The seed (trick-game-30-rounds.txt, «Пример первый»): one card, bids 1, 0, 0 — the dealer
    # «нельзя заказать 0 взяток»: one bid forbidden.
    (1, [1, 0, 0], True),
    # «Пример второй»: eight cards, bids 3, 3, 3 — «сдающий может заказать любое количество»: none.
    (8, [3, 3, 3], False),
    # «Пример третий»: eight cards, bids 2, 2, 2 — «любое количество взяток, кроме 2»: one forbidden.
    (8, [2, 2, 2], True),
])
def test_a_dealer_facing_the_seeds_examples(cards, earlier, restricted):
    number = {1: 1, 8: 10}[cards]          # round 1 deals one card each, round 10 eight
    dealer = 3                              # bidding order 0, 1, 2, then the dealer
    bids = [*earlier, 0 if restricted else 1]
    if restricted and bids[3] == cards - sum(earlier):
        bids[3] += 1
    record = ratings.bid_record([(dealer, number, dealer, bids, [0, 0, 0, cards])])
    assert (record.dealt, record.restricted) == (1, int(restricted))
    assert record.restricted_share == (1.0 if restricted else 0.0)


def test_the_share_counts_only_the_rounds_the_member_dealt():
    rounds = [(2, 1, 2, [1, 0, 1, 0], [1, 0, 0, 0]),   # he deals round 1 after 0, 1, 0 (seats 3, 0, 1): 0 forbidden
              (2, 10, 2, [3, 3, 1, 3], [2, 2, 1, 3]),  # he deals round 10 after 3, 3, 3: every bid allowed
              (2, 2, 1, [1, 0, 1, 0], [1, 0, 1, 0])]   # another's deal
    record = ratings.bid_record(rounds)
    assert (record.dealt, record.restricted, record.restricted_share) == (2, 1, 0.5)
    # Round 1: bid 1, took 0; rounds 10 and 2: exact.
    assert (record.bids, record.exact) == (3, 2)
