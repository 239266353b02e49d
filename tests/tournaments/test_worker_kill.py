"""A worker killed in the middle of a full rescore loses nothing: its tasks are handed out again
(acknowledged late, put back when the worker is lost) and the restarted worker finishes the
standings. On RabbitMQ, the broker recommended for production, the dead worker's messages are back
in the queue as soon as its connection closes; on Redis only after the visibility timeout (ten
minutes in production, made short here). Needs a real broker: CI's second run, where RABBITMQ_URL
is set beside the Redis of CELERY_BROKER_URL."""

import os
import signal
import subprocess
import sys
import time
import uuid

import pytest
from celery import Celery

from games.tournaments.models import Standing, TableScore, Tournament
from rules.engines import tricks

from .conftest import make_tournament

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.celery_worker,
    pytest.mark.skipif(not os.environ.get("CELERY_BROKER_URL"), reason="needs a real broker: set CELERY_BROKER_URL"),
]

TABLES = 24
# Redis hands out again a message taken by a dead worker once this many seconds have passed; a
# production value is minutes (see the settings), a test cannot wait that long.
VISIBILITY_TIMEOUT = 5


def brokers():
    redis = os.environ.get("CELERY_BROKER_URL", "")
    rabbitmq = os.environ.get("RABBITMQ_URL", "")
    return [pytest.param(redis, id="redis"),
            pytest.param(rabbitmq, id="rabbitmq",
                         marks=pytest.mark.skipif(not rabbitmq, reason="RabbitMQ not configured: set RABBITMQ_URL"))]


def wait_for(predicate, what, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def start_worker(env, queue, sender):
    name = f"kill-{uuid.uuid4().hex[:8]}"
    cmd = [sys.executable, "-m", "celery", "-A", "club", "worker", "--loglevel=WARNING", "--concurrency=2",
           "--pool=prefork", "--without-gossip", "--without-mingle", "--without-heartbeat", "-Q", queue,
           "-n", f"{name}@%h"]
    # Its own process group, so that the parent and its pool children die together.
    worker = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    # Once it answers, it consumes from its queue: a message sent before could find no queue bound.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if worker.poll() is not None:
            raise AssertionError("the worker exited at start")
        if any(node.startswith(name + "@") for reply in sender.control.ping(timeout=1.0) for node in reply):
            return worker
    kill(worker)
    raise AssertionError("the worker did not answer within 60 s")


def kill(worker):
    try:
        os.killpg(worker.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    worker.wait(timeout=10)


def waiting_in(sender, queue):
    """How many messages wait in ``queue`` (a passive declare reports it on either broker)."""
    with sender.connection_for_write() as conn, conn.channel() as channel:
        return channel.queue_declare(queue=queue, passive=True).message_count


def state(tournament):
    return (sorted(Standing.objects.filter(tournament=tournament)
                   .values_list("entry_id", "rank", "points", "rounds", "tied")),
            sorted(TableScore.objects.filter(table__stage__tournament=tournament)
                   .values_list("entry_id", "points", "rounds", "flagged_rounds")))


@pytest.mark.parametrize("broker_url", brokers())
def test_a_rescore_survives_its_worker_killed_midway(celery_worker_process, croupier, broker_url):
    from django.conf import settings
    from django.db import connection

    from games.tournaments import services

    tournament = make_tournament(croupier, 4 * TABLES, seed=f"kill-{uuid.uuid4().hex[:6]}")
    for table in tournament.stages.get().tables.order_by("number"):
        game = tricks.play_game(f"kill:{table.number}", first_dealer=table.first_dealer)
        services.table_record_game(actor=croupier, table=table, game=game)
    # The tables were rescored and the standings made by the session's worker, as a round does.
    wait_for(lambda: sorted(Standing.objects.filter(tournament=tournament).values_list("rounds", flat=True))
             == [30] * 4 * TABLES, "the standings after the games", timeout=120)
    expected = state(tournament)
    # The session's worker may still hold a task of those games (a table's rescore sent twice, a
    # standings step behind it): it would bring rows back after they are lost below.
    if celery_worker_process is not None:
        from club.celery import app
        from club.pytest_plugin import _worker_idle

        _worker_idle(app, timeout=120)
        assert state(tournament) == expected
    # Lose every computed row: only a finished rescore brings them back.
    Standing.objects.filter(tournament=tournament).delete()
    TableScore.objects.filter(table__stage__tournament=tournament).delete()

    queue = f"kill-{uuid.uuid4().hex[:8]}"
    db = settings.DATABASES["default"]
    env = {**os.environ, "CELERY_BROKER_URL": broker_url, "CELERY_TASK_DEFAULT_QUEUE": queue,
           "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT), "CELERY_UNACKED_RESTORE_INTERVAL": "1",
           # A worker killed while it held the lock of the scan for such messages leaves it held
           # until it expires: no scan, and so no redelivery, before then.
           "CELERY_UNACKED_MUTEX_EXPIRE": str(VISIBILITY_TIMEOUT),
           # The chord of a full rescore counts its tables in Redis, whichever the broker.
           "CELERY_RESULT_BACKEND": settings.CELERY_RESULT_BACKEND,
           "DATABASE_URL": f"postgres://{db.get('USER') or 'postgres'}@{db.get('HOST') or '127.0.0.1'}:"
                           f"{db.get('PORT') or 5432}/{connection.settings_dict['NAME']}"}
    sender = Celery("kill-test", set_as_current=False)
    # Named for reading and writing: Celery prefers the CELERY_BROKER_URL of the environment (the
    # session's Redis) to a plain broker_url.
    sender.conf.broker_read_url = sender.conf.broker_write_url = broker_url
    worker = start_worker(env, queue, sender)
    try:
        token = uuid.uuid4().hex
        with sender.connection_for_write() as conn:
            sender.send_task("tournaments.tournament_rescore", args=[tournament.pk, token], queue=queue,
                             connection=conn)
        tables = lambda: TableScore.objects.filter(table__stage__tournament=tournament).count() // 4  # noqa: E731
        wait_for(lambda: tables() >= TABLES // 5, "the rescore to start", timeout=60)
        kill(worker)
        done = tables()
        assert done < TABLES, "the rescore finished before the worker was killed: make it bigger"
        assert Tournament.objects.get(pk=tournament.pk).rescore_token != token
        assert not Standing.objects.filter(tournament=tournament).exists()
        if broker_url.startswith("amqp"):
            # Every table not done waits in the queue at once, those the dead worker held included
            # (a table done but not yet acknowledged may wait too): no timeout to sit out.
            wait_for(lambda: waiting_in(sender, queue) >= TABLES - done,
                     "the killed worker's messages back in the queue", timeout=5)

        start = time.monotonic()
        worker = start_worker(env, queue, sender)
        wait_for(lambda: Tournament.objects.get(pk=tournament.pk).rescore_token == token,
                 f"the standings of the rescore killed at {done}/{TABLES} tables", timeout=60)
        assert state(tournament) == expected, f"after {time.monotonic() - start:.1f} s"
    finally:
        kill(worker)
        with sender.connection_for_write() as conn, conn.channel() as channel:
            channel.queue_purge(queue)
            channel.queue_delete(queue)
