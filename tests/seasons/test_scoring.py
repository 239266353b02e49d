"""The season's points formula, worked by hand."""

from __future__ import annotations

import pytest

from games.seasons.scoring import Evening, FormulaError, Rules, formula, standings

FORMULA = {"placing": {"table": [10, 7, 5]}, "deal_won": {"points": 2}, "attendance": {"points": 1}}

# Three evenings of members 1-5 (net chips, deals won, checked in):
#   evening 1: 1 wins 30, the other three lose 10 each (they share the 2nd place); 1 won two deals,
#              2 one; member 5 came but did not play.  1: 10+4+1=15, 2: 7+2+1=10, 3: 8, 4: 8, 5: 1
#   evening 2: 2 first, 3 second, 1 third; 2 won a deal.  2: 10+2+1=13, 3: 7+1=8, 1: 5+1=6
#   evening 3: 1 and 3 even (they share the 1st place); 5 came.  1: 11, 3: 11, 5: 1
EVENINGS = [
    Evening(session_id=1, nets={1: 30, 2: -10, 3: -10, 4: -10}, wins={1: 2, 2: 1}, present=frozenset({1, 2, 3, 4, 5})),
    Evening(session_id=2, nets={1: -5, 2: 5, 3: 0}, wins={2: 1}),
    Evening(session_id=3, nets={1: 0, 3: 0}, present=frozenset({1, 3, 5})),
]


def _by_member(lines):
    return {line.member_id: line for line in lines}


def test_places_by_net_chips_share_a_place_when_equal():
    assert EVENINGS[0].places() == {1: 1, 2: 2, 3: 2, 4: 2}
    assert EVENINGS[2].places() == {1: 1, 3: 1}
    assert Evening(session_id=9, nets={1: 5, 2: 5, 3: 1}).places() == {1: 1, 2: 1, 3: 3}


def test_every_evening_counts():
    lines = _by_member(standings(EVENINGS, Rules(parts=FORMULA)))
    assert {m: (line.points, line.evenings, line.wins) for m, line in lines.items()} == {
        1: (15 + 6 + 11, 3, 2), 2: (10 + 13, 2, 2), 3: (8 + 8 + 11, 3, 0), 4: (8, 1, 0), 5: (2, 2, 0)}
    assert lines[1].by_evening == {1: 15, 2: 6, 3: 11}


def test_best_evenings_and_the_minimum_to_qualify():
    lines = standings(EVENINGS, Rules(parts=FORMULA, best_of=2, min_evenings=2, championship_size=2))
    assert [(line.member_id, line.points, line.rank) for line in lines] == [
        (1, 15 + 11, 1), (2, 23, 2), (3, 11 + 8, 3), (4, 8, 4), (5, 2, 5)]
    by = _by_member(lines)
    assert by[1].counted == frozenset({1, 3})
    assert [m for m, line in by.items() if line.qualified] == [1, 2, 3, 5]
    assert [line.member_id for line in lines if line.invited] == [1, 2]


def test_an_unqualified_member_is_passed_over_for_the_championship():
    lines = standings(EVENINGS, Rules(parts=FORMULA, best_of=2, min_evenings=3, championship_size=2))
    assert [line.member_id for line in lines if line.qualified] == [1, 3]
    assert [line.member_id for line in lines if line.invited] == [1, 3]
    assert _by_member(lines)[2].rank == 2 and not _by_member(lines)[2].invited


def test_ties_share_a_rank_and_a_tie_at_the_cut_is_invited_whole():
    night = Evening(session_id=1, nets={1: 10, 2: -5, 3: -5})
    lines = standings([night], Rules(parts={"placing": {"table": [5, 3, 1]}}, championship_size=2))
    assert [(line.member_id, line.points, line.rank, line.tied) for line in lines] == [
        (1, 5, 1, False), (2, 3, 2, True), (3, 3, 2, True)]
    assert [line.member_id for line in lines if line.invited] == [1, 2, 3]


def test_places_past_the_table_score_nothing():
    night = Evening(session_id=1, nets={1: 3, 2: 2, 3: -5})
    lines = _by_member(standings([night], Rules(parts={"placing": {"table": [4]}})))
    assert {m: line.points for m, line in lines.items()} == {1: 4, 2: 0, 3: 0}


def test_attendance_alone_counts_check_ins_and_players():
    lines = _by_member(standings(EVENINGS, Rules(parts={"attendance": {"points": 3}})))
    assert {m: line.points for m, line in lines.items()} == {1: 9, 2: 6, 3: 9, 4: 3, 5: 6}


def test_nobody_came_makes_no_lines():
    assert standings([Evening(session_id=1, nets={})], Rules(parts=FORMULA)) == []


@pytest.mark.parametrize(("parts", "field"), [
    ({}, "parts"),
    ({"luck": {"points": 1}}, "parts"),
    ({"placing": {"table": []}}, "placing"),
    ({"placing": {"table": [10, -1]}}, "placing"),
    ({"placing": {"table": list(range(33))}}, "placing"),
    ({"deal_won": {"points": 1001}}, "deal_won"),
    ({"attendance": {"points": True}}, "attendance"),
    ({"attendance": {}}, "attendance"),
])
def test_a_formula_that_cannot_be_used_is_refused_by_its_field(parts, field):
    with pytest.raises(FormulaError) as caught:
        formula(parts)
    assert caught.value.field == field


def test_a_tournament_places_its_players_beside_the_chips():
    # Evening 7: chips 1 +5, 2 -5; a tournament of 1, 2, 3, 4 (final standings 3, 1, 2=, 2=).
    evening = Evening(session_id=7, nets={1: 5, 2: -5}, tournaments=({3: 1, 1: 2, 4: 2, 2: 4},))
    assert evening.attendees == {1, 2, 3, 4}
    assert evening.placings() == [{1: 1, 2: 2}, {3: 1, 1: 2, 4: 2, 2: 4}]
    lines = _by_member(standings([evening], Rules(parts=FORMULA)))
    # 1: 10 (chips) + 7 (tournament) + 1; 2: 7 + 0 (4th, beyond the table) + 1; 3: 10 + 1; 4: 7 + 1.
    assert {m: (line.points, line.tournaments, line.evenings) for m, line in lines.items()} == {
        1: (18, 1, 1), 2: (8, 1, 1), 3: (11, 1, 1), 4: (8, 1, 1)}


def test_an_evening_of_the_trick_game_alone_has_no_chips_placing():
    evening = Evening(session_id=8, nets={}, tournaments=({5: 1, 6: 2}, {6: 1, 7: 2}))
    assert evening.placings() == [{5: 1, 6: 2}, {6: 1, 7: 2}]
    lines = _by_member(standings([evening], Rules(parts={"placing": {"table": [3, 1]}})))
    assert {m: (line.points, line.tournaments) for m, line in lines.items()} == {5: (3, 1), 6: (4, 2), 7: (1, 1)}
