"""Standings: points, then the configured tie-breakers in order; seating, byes and withdrawals."""

import pytest

from club.errors import Conflict, InvalidInput
from games.tournaments import metrics, seating, services
from games.tournaments.models import Bye, Seat, Stage, Standing, TableScore
from rules.engines import tricks
from tests import factories

from .conftest import make_tournament, play_stage, play_table


def line(entry_id, name, points, *, exact=0, positive=0, best=None, tables=()):
    return metrics.Line(entry_id=entry_id, name=name, points=points, tables=[
        metrics.TableLine(table_id=t, points=p, stats={"exact_bids": exact, "positive_rounds": positive,
                                                       "best_round": best}, opponents=opp)
        for t, p, opp in tables] or [metrics.TableLine(table_id=0, points=points, stats={
            "exact_bids": exact, "positive_rounds": positive, "best_round": best}, opponents={})])


def order(ranked):
    return [(rank, tied, ln.name) for rank, tied, ln in ranked]


def test_points_then_each_tie_breaker_in_the_configured_order():
    lines = [line(1, "Ann", 100, exact=5, positive=9), line(2, "Bob", 120, exact=1),
             line(3, "Cid", 100, exact=7, positive=2), line(4, "Dee", 100, exact=5, positive=12)]
    assert order(metrics.rank(lines, ["exact_bids", "positive_rounds"])) == [
        (1, False, "Bob"), (2, False, "Cid"), (3, False, "Dee"), (4, False, "Ann")]
    # The same players with the tie-breakers the other way round.
    lines = [line(1, "Ann", 100, exact=5, positive=9), line(2, "Bob", 120, exact=1),
             line(3, "Cid", 100, exact=7, positive=2), line(4, "Dee", 100, exact=5, positive=12)]
    assert order(metrics.rank(lines, ["positive_rounds", "exact_bids"])) == [
        (1, False, "Bob"), (2, False, "Dee"), (3, False, "Ann"), (4, False, "Cid")]


def test_players_equal_on_everything_share_a_rank():
    lines = [line(1, "Zed", 50, exact=3), line(2, "Amy", 50, exact=3), line(3, "Kim", 10)]
    assert order(metrics.rank(lines, ["exact_bids"])) == [(1, True, "Amy"), (1, True, "Zed"), (3, False, "Kim")]


def test_head_to_head_counts_only_the_players_still_tied():
    # Ann and Bob tie on points; Bob outscored Ann at the table they shared. Cid, not tied,
    # outscored both and does not count.
    lines = [
        line(1, "Ann", 200, tables=[(10, 40, {2: 60, 3: 90}), (11, 160, {})]),
        line(2, "Bob", 200, tables=[(10, 60, {1: 40, 3: 90}), (12, 140, {})]),
        line(3, "Cid", 300, tables=[(10, 90, {1: 40, 2: 60}), (13, 210, {})]),
    ]
    ranked = metrics.rank(lines, ["head_to_head"])
    assert order(ranked) == [(1, False, "Cid"), (2, False, "Bob"), (3, False, "Ann")]
    assert {ln.name: ln.metrics["head_to_head"] for _r, _t, ln in ranked if ln.name != "Cid"} == {"Bob": 1, "Ann": 0}


def test_a_lower_is_better_metric_and_nothing_played_ranks_last():
    lines = [line(1, "Ann", 0), line(2, "Bob", 0), line(3, "Cid", 0)]
    lines[0].tables[0].stats["minimum_tricks"] = 4
    lines[1].tables[0].stats["minimum_tricks"] = 1
    lines[2].tables[0].stats["minimum_tricks"] = 2
    assert [n for _r, _t, n in order(metrics.rank(lines, ["fewest_minimum_tricks"]))] == ["Bob", "Cid", "Ann"]
    best = [line(1, "Ann", 0, best=None), line(2, "Bob", 0, best=-10)]
    assert [n for _r, _t, n in order(metrics.rank(best, ["best_round"]))] == ["Bob", "Ann"]


@pytest.mark.django_db
def test_standings_of_a_played_stage_follow_the_table_scores(croupier):
    tournament = make_tournament(croupier, 8)
    stage = tournament.stages.get()
    play_stage(croupier, stage)
    rows = list(Standing.objects.filter(tournament=tournament).order_by("rank", "pk"))
    assert len(rows) == 8
    points = {s.entry_id: s.points for s in TableScore.objects.filter(table__stage=stage)}
    assert [r.points for r in rows] == sorted(points.values(), reverse=True)
    assert all(r.rounds == 30 for r in rows)
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    # Recomputing gives the same rows: nothing is incremented.
    before = [(r.entry_id, r.rank, r.points, r.metrics) for r in rows]
    services.standings_recompute(tournament_id=tournament.pk)
    assert [(r.entry_id, r.rank, r.points, r.metrics)
            for r in Standing.objects.filter(tournament=tournament).order_by("rank", "pk")] == before


@pytest.mark.django_db
def test_tie_breakers_are_configurable_and_checked(croupier):
    tournament = make_tournament(croupier, 4, tiebreakers=["best_round"])
    assert tournament.tiebreakers == ["best_round"]
    with pytest.raises(InvalidInput, match="Unknown tie-breaker luck"):
        services.tournament_set_tiebreakers(actor=croupier, tournament=tournament, tiebreakers=["luck"])
    services.tournament_set_tiebreakers(actor=croupier, tournament=tournament,
                                        tiebreakers=["head_to_head", "exact_bids"])
    tournament.refresh_from_db()
    assert tournament.tiebreakers == ["head_to_head", "exact_bids"]


def test_the_seeded_draw_is_repeatable_and_byes_go_to_the_bottom():
    tables, byes = seating.draw(range(1, 11), "seed")
    assert (tables, byes) == seating.draw(range(1, 11), "seed")
    assert len(tables) == 2 and len(byes) == 2
    assert sorted([e for t in tables for e in t] + byes) == list(range(1, 11))
    # Those who had a bye already are passed over for the next one.
    _tables, again = seating.by_standing(list(range(1, 11)), had_bye={10})
    assert again == [9, 8]
    with pytest.raises(seating.SeatingError):
        seating.draw([1, 2, 3], "seed")


def test_by_standing_and_rotation():
    tables, byes = seating.by_standing(list(range(1, 9)))
    assert tables == [[1, 2, 3, 4], [5, 6, 7, 8]] and byes == []
    first = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]
    met = seating.meetings(first)
    tables, _ = seating.rotation(list(range(1, 17)), met)
    assert seating.repeat_pairs(tables, met) == 0
    assert sorted(e for t in tables for e in t) == list(range(1, 17))


@pytest.mark.django_db
def test_next_stages_by_standing_and_rotation_with_byes_and_a_withdrawal(croupier):
    tournament = make_tournament(croupier, 9)
    first = tournament.stages.get()
    assert first.tables.count() == 2 and Bye.objects.filter(stage=first).count() == 1
    with pytest.raises(Conflict, match="Table 1 of stage 1 has 0 of 30 rounds"):
        services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.STANDING)
    play_stage(croupier, first)
    sat_out = Bye.objects.get(stage=first).entry
    played = list(TableScore.objects.filter(table__stage=first).values_list("points", flat=True))
    standing = Standing.objects.get(entry=sat_out)
    assert standing.points == int(sum(played) / len(played) + 0.5) == standing.metrics["bye_points"]

    leaver = Standing.objects.filter(tournament=tournament).exclude(entry=sat_out).order_by("rank").first().entry
    services.entry_withdraw(actor=croupier, entry=leaver)
    second = services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.STANDING)
    seated = list(Seat.objects.filter(table__stage=second).order_by("table__number", "position")
                  .values_list("entry_id", flat=True))
    assert leaver.pk not in seated and len(seated) == 8
    assert not Bye.objects.filter(stage=second).exists()
    ranks = {s.entry_id: s.rank for s in Standing.objects.filter(tournament=tournament)}
    assert [ranks[e] for e in seated[:4]] == sorted(ranks[e] for e in seated)[:4]  # top four at table 1
    # Asking again for the same stage changes nothing; another number is refused.
    assert services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.STANDING,
                               number=2) == second
    with pytest.raises(Conflict):
        services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.ROTATION, number=5)
    assert Standing.objects.get(entry=leaver).entry.withdrawn


@pytest.mark.django_db
def test_a_withdrawal_during_a_stage_stops_that_table(croupier):
    tournament = make_tournament(croupier, 8, seed="leave")
    first = tournament.stages.get()
    tables = list(first.tables.order_by("number"))
    play_table(croupier, tables[0], "leave:1")
    play_table(croupier, tables[1], "leave:2", through=12)
    with pytest.raises(Conflict, match="Table 2 of stage 1 has 12 of 30 rounds"):
        services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.ROTATION)
    leaver = tables[1].seats.get(position=2).entry
    services.entry_withdraw(actor=croupier, entry=leaver)
    services.standings_recompute(tournament_id=tournament.pk)
    assert Standing.objects.get(entry=leaver).rounds == 12
    second = services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.ROTATION)
    seated = set(Seat.objects.filter(table__stage=second).values_list("entry_id", flat=True))
    assert leaver.pk not in seated and len(seated) == 4
    assert Bye.objects.filter(stage=second).count() == 3


@pytest.mark.django_db
def test_only_croupiers_run_tournaments(croupier, plain_member):
    from club.errors import Forbidden

    with pytest.raises(Forbidden):
        make_tournament(plain_member, 4)
    tournament = make_tournament(croupier, 4, seat=False)
    with pytest.raises(Forbidden):
        services.stage_seat(actor=plain_member, tournament=tournament, method=Stage.Method.DRAW)
    with pytest.raises(Forbidden):
        services.entry_add(actor=plain_member, tournament=tournament, member=factories.member())
    with pytest.raises(InvalidInput, match="first stage is seated by the seeded draw"):
        services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.STANDING)


@pytest.mark.django_db
def test_a_table_rescore_is_idempotent(croupier):
    tournament = make_tournament(croupier, 4)
    table = tournament.stages.get().tables.get()
    play_table(croupier, table, "idem")
    first = list(TableScore.objects.filter(table=table).values("entry_id", "points", "stats", "rounds"))
    services.table_rescore(table_id=table.pk, full=True)
    services.table_rescore(table_id=table.pk, full=True)
    assert list(TableScore.objects.filter(table=table).values("entry_id", "points", "stats", "rounds")) == first
    assert sorted(r["points"] for r in first) == sorted(tricks.play_game("idem").totals)
