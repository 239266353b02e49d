"""Ratings replayed from history with openskill's Plackett-Luce model."""

from games.tournaments import ratings


def test_a_table_winner_gains_and_the_last_loses_and_history_carries_over():
    first = [(1, [[(10, 300), (11, 100), (12, 50), (13, -40)]])]
    after = {r.member_id: r for r in ratings.replay(first)}
    assert after[10].mu > 25 > after[13].mu
    assert after[10].ordinal > after[11].ordinal > after[12].ordinal > after[13].ordinal
    # A second tournament starts from the ratings the first one left.
    both = ratings.replay(first + [(2, [[(10, 0), (11, 200), (14, 10), (15, 5)]])])
    assert [(r.member_id, r.tournament_id) for r in both] == [
        (10, 1), (11, 1), (12, 1), (13, 1), (10, 2), (11, 2), (14, 2), (15, 2)]
    second = {r.member_id: r for r in both if r.tournament_id == 2}
    assert second[10].mu < after[10].mu and second[11].mu > after[11].mu
    assert second[14].sigma < 25 / 3
    assert ratings.replay(first) == ratings.replay(first)  # the same history, the same ratings


def test_equal_points_rate_equally():
    tied = {r.member_id: r for r in ratings.replay([(1, [[(1, 50), (2, 50), (3, 50), (4, 50)]])])}
    assert len({round(r.mu, 9) for r in tied.values()}) == 1
