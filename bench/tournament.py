"""A 1,000-player tournament of the trick game, rescored through Celery on PostgreSQL + Redis.

250 tables of four play the 30 rounds with the engine's bots (seeded; the card play recorded).
Then, with two worker processes:

* the latency from a round's submission to updated standings, p50 / p95 over 200 submissions
  (the last round of 200 tables, submitted one after another through the service the score
  sheet and the API use; "updated" means the four players' standing rows count that round);
* a full rescore of the whole tournament (every round's scores again, every trick of the card
  play judged again, every table's result, the standings), end to end through Celery;
* the pure-engine time of the same judging and scoring in one process, and the ratio.

Targets: full rescore under 30 s; standings within 1 s at p95; Celery + database overhead under
10x the pure engine time. The script creates its own PostgreSQL database and drops it at the
end, and starts and stops its own worker.

    .venv/bin/python bench/tournament.py [--players 1000] [--submissions 200]
        [--postgres postgres://postgres@127.0.0.1:5432] [--redis redis://127.0.0.1:6379/14]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--submissions", type=int, default=200)
    parser.add_argument("--postgres", default=os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432"))
    parser.add_argument("--redis", default=os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/14"))
    parser.add_argument("--workers", type=int, default=2)
    return parser.parse_args()


def admin_sql(server: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def wait_until(predicate, what: str, timeout: float, interval: float = 0.005) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if predicate():
            return time.perf_counter() - start
        time.sleep(interval)
    raise SystemExit(f"timed out after {timeout} s waiting for {what}")


def percentile(values, q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def main() -> int:
    args = parse_args()
    if args.players % 4:
        raise SystemExit("--players must be a multiple of 4")
    db_name = f"club_bench_tournament_{os.getpid()}"
    os.environ.update({
        "DJANGO_SETTINGS_MODULE": "club.settings", "DEBUG": "0", "SECRET_KEY": "bench-" + "x" * 40,
        "SECURE_SSL_REDIRECT": "0", "DATABASE_URL": f"{args.postgres}/{db_name}?conn_max_age=60", "CELERY_BROKER_URL": args.redis,
        "CACHE_URL": "locmemcache://", "TESTING": "1"})
    admin_sql(args.postgres, f'DROP DATABASE IF EXISTS "{db_name}"')
    admin_sql(args.postgres, f'CREATE DATABASE "{db_name}"')
    worker = None
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        from club.celery import app

        app.control.purge()
        worker = run(args, app)
    finally:
        if worker is not None:
            worker.terminate()
            try:
                worker.wait(timeout=30)
            except subprocess.TimeoutExpired:
                worker.kill()
        from django.db import connections

        connections.close_all()
        admin_sql(args.postgres, f'DROP DATABASE IF EXISTS "{db_name}" WITH (FORCE)')
    return 0


def start_worker(args, app) -> subprocess.Popen:
    log = os.environ.get("BENCH_WORKER_LOG")
    cmd = [sys.executable, "-m", "celery", "-A", "club", "worker", f"--loglevel={'INFO' if log else 'WARNING'}",
           f"--concurrency={args.workers}",
           "--pool=prefork", "--without-gossip", "--without-mingle", "--without-heartbeat",
           "-n", f"bench-{os.getpid()}@%h"]
    worker = subprocess.Popen(cmd, cwd=ROOT, env=dict(os.environ), stdout=subprocess.DEVNULL,
                              stderr=open(log, "w") if log else None)  # noqa: SIM115
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if worker.poll() is not None:
            raise SystemExit("the Celery worker exited")
        if app.control.ping(timeout=1.0):
            return worker
    worker.terminate()
    raise SystemExit("the Celery worker did not answer within 60 s")


def run(args, app):
    import datetime

    from club import services as club_services
    from club.models import Dimension, Member
    from games.tournaments import services, tasks
    from games.tournaments.models import Entry, Round, Stage, Standing, Table, Tournament
    from rules.engines import tricks

    print(f"players {args.players}, tables {args.players // 4}, rounds 30 each, card play recorded; "
          f"PostgreSQL + Redis, {args.workers} worker processes (prefork, persistent database connections "
          f"CONN_MAX_AGE=60); load average at start {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    t = time.perf_counter()
    dimension = Dimension.objects.create(slug="bench", name_en="Bench", name_ru="Бенч", phonetic="bench")
    croupier = club_services.member_create(email="croupier@bench.test", display_name="Croupier", dimension=dimension,
                                           sex="f", role=Member.Role.CROUPIER, password=None)
    tournament = services.tournament_create(actor=croupier, name="Bench open", date=datetime.date(2026, 11, 29),
                                            seed="bench")
    members = [club_services.member_create(email=f"p{i}@bench.test", display_name=f"Player {i:04d}",
                                           dimension=dimension, sex="m", password=None)
               for i in range(args.players)]
    Entry.objects.bulk_create([Entry(tournament=tournament, member=m) for m in members])
    stage = services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.DRAW)
    tables = list(Table.objects.filter(stage=stage).order_by("number"))
    setup_s = time.perf_counter() - t

    t = time.perf_counter()
    games = {table.pk: tricks.play_game(f"bench:{table.number}", first_dealer=table.first_dealer) for table in tables}
    bots_s = time.perf_counter() - t
    late = tables[:args.submissions]  # their last round is submitted in the latency phase
    t = time.perf_counter()
    for table in tables:
        services.table_record_game(actor=croupier, table=table, game=games[table.pk],
                                   through=29 if table in late else 30)
    record_s = time.perf_counter() - t
    # The recordings enqueued a rescore each; nobody listened yet. The first full rescore below
    # does the same work, so the queue is emptied rather than run twice.
    app.control.purge()
    print(f"set-up {setup_s:.1f} s; the bots played {len(games)} games in {bots_s:.1f} s; recorded in {record_s:.1f} s "
          f"({Round.objects.count()} rounds)")

    worker = start_worker(args, app)

    def full_rescore() -> float:
        token = uuid.uuid4().hex
        start = time.perf_counter()
        tasks.tournament_rescore.delay(tournament.pk, token)
        wait_until(lambda: Tournament.objects.filter(pk=tournament.pk, rescore_token=token).exists(),
                   "the full rescore", timeout=600, interval=0.02)
        return time.perf_counter() - start

    warm = full_rescore()
    print(f"first full rescore (29 rounds at {len(late)} tables): {warm:.2f} s")

    latencies = []
    for table in late:
        entry_ids = list(table.seats.values_list("entry_id", flat=True))
        last = games[table.pk].rounds[29]
        start = time.perf_counter()
        services.round_record(actor=croupier, table=table, number=30, play=last.to_dict())
        wait_until(lambda ids=entry_ids: Standing.objects.filter(entry_id__in=ids, rounds=30).count() == 4,
                   "the standings after a submission", timeout=60, interval=0.01)
        latencies.append(time.perf_counter() - start)

    e2e = full_rescore()
    flagged = Round.objects.filter(table__stage__tournament=tournament, flagged=True).count()
    points = dict(Standing.objects.filter(tournament=tournament).values_list("entry_id", "points"))
    expected = {}
    for table in tables:
        for seat in table.seats.all():
            expected[seat.entry_id] = games[table.pk].totals[seat.position]
    if points != expected:
        raise SystemExit("the standings disagree with the bots' own totals")

    # The same judging and scoring in one process, on the rows as stored.
    rows = list(Round.objects.filter(table__stage__tournament=tournament, live=True)
                .values_list("number", "dealer", "bids", "taken", "play"))
    start = time.perf_counter()
    for number, dealer, bids, taken, play in rows:
        tricks.RoundRecord(number, dealer, tuple(bids) if bids is not None else None, tuple(taken)).scores()
        tricks.validate_round_play(play)
    engine = time.perf_counter() - start

    print(f"full rescore through Celery: {e2e:.2f} s end to end ({len(rows)} rounds, {flagged} flagged; "
          f"the standings match the bots' totals)   target < 30 s")
    print(f"pure engine, one process:    {engine:.2f} s")
    print(f"ratio Celery + database / engine: {e2e / engine:.2f}x   target < 10x")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    print(f"submission -> standings ({len(latencies)} submissions): p50 {statistics.median(latencies) * 1000:.0f} ms, "
          f"p95 {percentile(latencies, 0.95) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms   target p95 < 1000 ms")
    return worker


if __name__ == "__main__":
    sys.exit(main())
