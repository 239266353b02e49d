"""The tasks against a real worker when a broker is configured (in-process otherwise): they are
idempotent and lose no update when two tables submit at once. The tests poll the database for
the rows they expect, with a timeout."""

import threading
import time

import pytest
from celery.result import AsyncResult
from django.db import OperationalError, connection

from games.tournaments import services, tasks
from games.tournaments.models import Round, Seat, Standing, TableScore
from rules.engines import tricks

from .conftest import make_tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.celery_worker]


def wait_for(predicate, what, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def standings_rounds(tournament):
    return sorted(Standing.objects.filter(tournament=tournament).values_list("rounds", flat=True))


def snapshot(tournament):
    return (list(Standing.objects.filter(tournament=tournament).order_by("entry_id")
                 .values_list("entry_id", "rank", "points", "rounds", "metrics", "tied")),
            list(TableScore.objects.filter(table__stage__tournament=tournament).order_by("entry_id")
                 .values_list("entry_id", "points", "stats", "flagged_rounds")),
            list(Round.objects.filter(table__stage__tournament=tournament).order_by("pk")
                 .values_list("pk", "scores", "flagged", "problems")))


def record_games(croupier, tournament, through):
    games = {}
    for table in tournament.stages.get().tables.order_by("number"):
        games[table.pk] = tricks.play_game(f"task:{table.number}", first_dealer=table.first_dealer)
        services.table_record_game(actor=croupier, table=table, game=games[table.pk], through=through)
    return games


def test_the_same_rescore_enqueued_twice_gives_the_same_rows(celery_worker_process, croupier):
    tournament = make_tournament(croupier, 8, seed="twice")
    record_games(croupier, tournament, 30)
    # Recording enqueued each table's rescore and then the standings.
    wait_for(lambda: standings_rounds(tournament) == [30] * 8, "the standings of both tables")
    before = snapshot(tournament)
    assert all(not flagged for _pk, _s, flagged, _p in before[2])

    first = tasks.tournament_rescore.delay(tournament.pk, "again")
    second = tasks.tournament_rescore.delay(tournament.pk, "again")
    if celery_worker_process is not None:
        for result in (first, second):
            AsyncResult(result.get(timeout=60)).get(timeout=60)
    again = tasks.table_rescore.delay(tournament.stages.get().tables.first().pk, True)
    if celery_worker_process is not None:
        again.get(timeout=60)
    wait_for(lambda: Standing.objects.filter(tournament=tournament).count() == 8, "the standings rows")
    tournament.refresh_from_db()
    assert tournament.rescore_token == "again"
    assert snapshot(tournament) == before

    # Seating the next stage, asked twice, makes one stage.
    seat_twice = [tasks.stage_seat.delay(tournament.pk, 2, "rotation", croupier.pk) for _ in range(2)]
    if celery_worker_process is not None:
        assert len({result.get(timeout=60) for result in seat_twice}) == 1
    wait_for(lambda: Seat.objects.filter(table__stage__tournament=tournament, table__stage__number=2).count() == 8,
             "the second stage's seats")
    assert tournament.stages.count() == 2


def test_two_tables_submitting_at_once_are_both_counted(celery_worker_process, croupier):
    tournament = make_tournament(croupier, 8, seed="together")
    games = record_games(croupier, tournament, 29)
    wait_for(lambda: standings_rounds(tournament) == [29] * 8, "the standings after 29 rounds")

    tables = list(tournament.stages.get().tables.order_by("number"))
    barrier = threading.Barrier(len(tables))
    errors = []

    def submit(table):
        try:
            last = games[table.pk].rounds[29]
            barrier.wait(timeout=10)
            for attempt in range(50):
                try:
                    services.round_record(actor=croupier, table=table, number=30, play=last.to_dict())
                    break
                except OperationalError:
                    # SQLite's shared in-memory test database refuses, rather than waits for, a
                    # write lock the other thread holds; PostgreSQL waits on the row lock.
                    if connection.vendor != "sqlite" or attempt == 49:
                        raise
                    time.sleep(0.05)
        except Exception as error:  # reported below: a thread's failure must fail the test
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(t,)) for t in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors

    wait_for(lambda: standings_rounds(tournament) == [30] * 8, "both tables' last round in the standings")
    expected = {}
    for table in tables:
        for seat in table.seats.all():
            expected[seat.entry_id] = games[table.pk].totals[seat.position]
    wait_for(lambda: dict(Standing.objects.filter(tournament=tournament).values_list("entry_id", "points"))
             == expected, "the final points")
