"""Load benchmark of the production stack: logged-in members browsing the main pages and API lists.

Starts the stack of ``.ci/prod-smoke`` (gunicorn with DEBUG off, PostgreSQL, Redis, a Celery
worker and beat; database club_prod_bench with the demo club) on 127.0.0.1, or measures one
already running (``--url http://127.0.0.1:8000``, served with the demo club loaded). Every request
goes to the loopback; each part is bounded in time (``--duration``) and in count (``--max-requests``).

The three demo members (admin, croupier, member) log in; every request is a page of the mix, from
one of them. Three parts, the first two against targets:

1. Throughput: ``--concurrency`` users, each sending his next request as soon as the last one is
   answered (no think time): the most the stack serves.      throughput  >= 150 requests/s
2. Latency at the target rate: requests arriving at random (Poisson) at ``--rate`` a second (150),
   whether or not the earlier ones are answered, each one's latency counted from when it was due
   (a slow answer delays nobody's clock), measured at the client, queueing in gunicorn included.
                                                             p95, all requests  <  100 ms
                                                             p95 of each page   <  200 ms
3. With writes (``--writes``, 1 a second; 0 leaves it out): part 2 again while a member changes his
   answer to a session at random moments, each write moving every kept page on. Printed beside
   the targets, not held to them (they are for the mix, which writes nothing).
All parts:                                                   errors  = 0 (any answer but 200)

In part 1 the latency is only the length of the queue the users make (16 users and no pause:
16 / throughput on average), so it is printed but not held to a target; part 2 is how fast the
pages come while the site serves the target's rate.

The client shares the machine's two cores with gunicorn and PostgreSQL, so the figures are what
this one machine does, not what the site would do with a machine to itself. When the stack is
started here, the server's own time per request (from its JSON request log) is printed as well:
every page is made afresh (the site keeps no member's page between requests). Starting the stack, signing in, the client and reading the request log are
bench/stack.py's, shared with bench/evening.py.

    .venv/bin/python bench/load.py                       # starts and stops the stack itself
    .venv/bin/python bench/load.py --url http://127.0.0.1:8000 --duration 30 --concurrency 16
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path

import httpx
from stack import Member, is_loopback, load_smoke_module, logged_in_client, p95, request_log, running_stack

TARGET_RPS = 150.0
TARGET_P95_MS = 100.0
TARGET_PAGE_P95_MS = 200.0
# Requests of part 2 waiting at once beyond which a further one counts as an error (the site is
# not keeping up with the rate).
MAX_IN_FLIGHT = 256

LOGINS = [("admin@yellow-crescent.club", "dragon-poker-demo"),
          ("croupier@yellow-crescent.club", "dragon-poker-demo"),
          ("member@yellow-crescent.club", "dragon-poker-demo")]

# What a member at the club looks at, pages weighted over API lists as people browse more than
# scripts poll. The schema, the API docs and the admin are left out: nobody loads them in a loop.
MIX = [
    ("/", 4), ("/sessions/", 3), ("/members/", 2), ("/dimensions/", 1),
    ("/games/", 3), ("/games/leaderboard/", 2), ("/tournaments/", 2), ("/tournaments/ratings/", 1),
    ("/tables/", 1), ("/tables/casino/history/", 1), ("/tables/dice/", 1),
    ("/rules/", 2), ("/rules/precedents/", 2), ("/rules/search/?q=wild", 2), ("/rules/points/", 1),
    ("/rules/disputes/", 1),
    ("/api/sessions/", 2), ("/api/members/", 1), ("/api/games/", 2), ("/api/results/", 2),
    ("/api/ledger/", 1), ("/api/tournaments/", 1), ("/api/ratings/", 1), ("/api/precedents/", 2),
    ("/api/rulebook/", 1), ("/api/rules-search/?q=wild", 1),
]


async def prepare(smoke, base_url: str, concurrency: int) -> tuple[list, list, list]:
    """The three members logged in, each one's mix (what answers them 200) and what was left out."""
    logged_in = [await logged_in_client(smoke, base_url, email, password) for email, password in LOGINS]
    # Each member's mix is what answers them 200: a page closed to a role is not an error of the load.
    mixes = []
    skipped = []
    for client, (email, _) in zip(logged_in, LOGINS, strict=True):
        mix = []
        for path, weight in MIX:
            status = (await client.get(path)).status_code
            if status == 200:
                mix.extend([path] * weight)
            else:
                skipped.append(f"{email.split('@')[0]} {path} ({status})")
        mixes.append(mix)
    clients = [Member(base_url, smoke.client_headers(base_url), smoke.cookie_header(client.cookies.jar))
               for client in logged_in]
    for client in logged_in:
        await client.aclose()
    # Warm every gunicorn worker before the clock starts.
    await asyncio.gather(*(clients[i % len(clients)].get("/health/") for i in range(concurrency)))
    return clients, mixes, skipped


async def timed_get(client: Member, path: str, since: float, latencies: dict, errors: list) -> None:
    """One request; its latency counts from ``since`` (when it was due), its answer must be 200."""
    try:
        status = await asyncio.wait_for(client.get(path), timeout=30)
    except OSError as exc:  # refused, reset, or TimeoutError after 30 s
        status = type(exc).__name__
    latencies[path].append((time.perf_counter() - since) * 1000)
    if status != 200:
        errors.append(f"{path}: {status}")


async def closed_loop(clients, mixes, *, duration: float, max_requests: int, concurrency: int, seed: int) -> dict:
    """``concurrency`` users, each sending its next request as soon as the last is answered: the
    most the stack serves (its throughput). The latency here only says how long the queue is."""
    latencies: dict[str, list[float]] = defaultdict(list)
    errors: list[str] = []
    sent = 0
    deadline = time.monotonic() + duration

    async def user(index: int) -> None:
        nonlocal sent
        rng = random.Random(seed + index)
        client, mix = clients[index % len(clients)], mixes[index % len(clients)]
        while time.monotonic() < deadline and sent < max_requests:
            sent += 1
            await timed_get(client, rng.choice(mix), time.perf_counter(), latencies, errors)

    started, started_epoch = time.monotonic(), time.time()
    await asyncio.gather(*(user(i) for i in range(concurrency)))
    return {"latencies": latencies, "errors": errors, "elapsed": time.monotonic() - started,
            "started_epoch": started_epoch, "ended_epoch": time.time()}


async def open_loop(clients, mixes, *, rate: float, duration: float, max_requests: int, seed: int) -> dict:
    """Requests arriving at ``rate`` a second (Poisson arrivals, each from one of the members), whether
    or not the earlier ones are answered: the latency members see while the site serves that rate.
    A request's latency counts from when it was due, so a stall delays nobody's clock (no
    coordinated omission); at most ``MAX_IN_FLIGHT`` wait at once, a further one is an error."""
    latencies: dict[str, list[float]] = defaultdict(list)
    errors: list[str] = []
    rng = random.Random(seed)
    tasks: set[asyncio.Task] = set()
    started, started_epoch = time.perf_counter(), time.time()
    due = started
    sent = 0
    while due - started < duration and sent < max_requests:
        due += rng.expovariate(rate)
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        sent += 1
        member = rng.randrange(len(clients))
        path = rng.choice(mixes[member])
        if len(tasks) >= MAX_IN_FLIGHT:
            errors.append(f"{path}: more than {MAX_IN_FLIGHT} requests waiting")
            continue
        task = asyncio.create_task(timed_get(clients[member], path, due, latencies, errors))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await asyncio.gather(*tasks)
    return {"latencies": latencies, "errors": errors, "elapsed": time.perf_counter() - started,
            "started_epoch": started_epoch, "ended_epoch": time.time(), "offered": sent}


async def answer_writer(smoke, base_url: str) -> tuple[httpx.AsyncClient, str]:
    """The demo member logged in, and the API address of his answer to a session not over that
    takes it (``POST`` it ``{"answer": ...}``)."""
    email, password = LOGINS[2]
    client = await logged_in_client(smoke, base_url, email, password)
    client.headers["X-CSRFToken"] = client.cookies.get("csrftoken", "")
    listed = (await client.get("/api/sessions/", params={"limit": 100})).json()
    now = time.time()
    for row in listed["results"]:
        if datetime.fromisoformat(row["ends_at"]).timestamp() > now:
            path = f"/api/sessions/{row['id']}/rsvp/"
            if (await client.post(path, json={"answer": "maybe"})).status_code == 200:
                return client, path
    await client.aclose()
    raise RuntimeError(f"{email} can answer no session of the demo club")


async def with_writes(clients, mixes, writer: httpx.AsyncClient, path: str, *, rate: float, writes: float,
                      duration: float, max_requests: int, seed: int) -> dict:
    """Part 2 again while a member changes his answer to a session ``writes`` times a second (at
    random), as results recorded at the tables do during an evening."""
    stop = asyncio.Event()
    write_ms: list[float] = []
    write_errors: list[str] = []

    async def write_loop() -> None:
        rng = random.Random(seed + 1)
        answers = ("going", "maybe")
        while True:
            try:
                await asyncio.wait_for(stop.wait(), timeout=rng.expovariate(writes))
                return
            except TimeoutError:
                pass
            started = time.perf_counter()
            try:
                answer = await writer.post(path, json={"answer": answers[len(write_ms) % 2]})
                status = answer.status_code
            except httpx.HTTPError as exc:
                status = type(exc).__name__
            write_ms.append((time.perf_counter() - started) * 1000)
            if status != 200:
                write_errors.append(f"POST {path}: {status}")

    task = asyncio.create_task(write_loop())
    result = await open_loop(clients, mixes, rate=rate, duration=duration, max_requests=max_requests, seed=seed)
    stop.set()
    await task
    result["errors"].extend(write_errors)
    result["write_ms"] = write_ms
    return result


async def run_load(smoke, base_url: str, *, duration: float, max_requests: int, concurrency: int, rate: float,
                   writes: float, seed: int) -> dict:
    clients, mixes, skipped = await prepare(smoke, base_url, concurrency)
    saturated = await closed_loop(clients, mixes, duration=duration, max_requests=max_requests,
                                  concurrency=concurrency, seed=seed)
    await asyncio.sleep(1.0)  # the queue of the first part drains
    at_rate = await open_loop(clients, mixes, rate=rate, duration=duration, max_requests=max_requests,
                              seed=seed)
    result = {"saturated": saturated, "at_rate": at_rate, "skipped": skipped}
    if writes > 0:
        writer, path = await answer_writer(smoke, base_url)
        await asyncio.sleep(1.0)
        try:
            result["with_writes"] = await with_writes(clients, mixes, writer, path, rate=rate, writes=writes,
                                                      duration=duration, max_requests=max_requests, seed=seed)
        finally:
            await writer.aclose()
        result["writes"] = writes
    return result


def server_durations(log_path: Path, since: float, until: float) -> dict[str, list[tuple[float, float]]]:
    """(duration_ms, cpu_ms) of the request lines gunicorn's workers logged between ``since`` and
    ``until`` (epoch seconds), by path (without the query string, as the log has it)."""
    found: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for record in request_log(log_path, since, until):
        if record.get("path") != "/health/":
            found[record["path"]].append((float(record["duration_ms"]), float(record.get("cpu_ms", "nan"))))
    return found


def page_table(latencies: dict[str, list[float]],
               server_ms: dict[str, list[tuple[float, float]]]) -> tuple[str, float]:
    """Prints each page's latencies (and the server's own figures, when known); returns the page
    with the highest p95 and that p95."""
    print(f"\n{'page':<32} {'requests':>8} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}"
          + (f" {'server median':>14} {'server p95':>11} {'cpu mean':>9}" if server_ms else ""))
    worst_path, worst = "", 0.0
    for path in sorted(latencies, key=lambda p: -p95(latencies[p])):
        values = latencies[path]
        page_p95 = p95(values)
        if page_p95 > worst:
            worst_path, worst = path, page_p95
        line = f"{path:<32} {len(values):>8} {statistics.median(values):>10.1f} {page_p95:>8.1f} {max(values):>8.1f}"
        served = server_ms.get(path.split("?")[0])
        if served:
            wall = [ms for ms, _ in served]
            line += (f" {statistics.median(wall):>14.1f} {p95(wall):>11.1f}"
                     f" {statistics.fmean(cpu for _, cpu in served):>9.1f}")
        print(line)
    every_served = [pair for values in server_ms.values() for pair in values]
    if every_served:
        wall = [ms for ms, _ in every_served]
        print(f"\nServer time per request (its JSON request log): median {statistics.median(wall):.1f} ms, "
              f"p95 {p95(wall):.1f} ms over {len(wall)} requests; processor time per request: "
              f"mean {statistics.fmean(cpu for _, cpu in every_served):.1f} ms (the work, whatever the machine's load)")
    return worst_path, worst


def report(result: dict, *, server_ms: dict[str, dict] | None, concurrency: int, rate: float, workers: str) -> bool:
    server_ms = server_ms or {}
    saturated, at_rate = result["saturated"], result["at_rate"]
    if result["skipped"]:
        print("\nLeft out of a member's mix (not 200 before the run): " + ", ".join(result["skipped"]))

    count = sum(len(v) for v in saturated["latencies"].values())
    rps = count / saturated["elapsed"] if saturated["elapsed"] else 0.0
    print(f"\n1. Throughput: {count} requests in {saturated['elapsed']:.1f} s from {concurrency} users who send "
          f"the next request as soon as the last is answered (gunicorn workers: {workers}, 3 logged-in members). "
          "Here a request waits behind the other users' ones: its latency is the queue's length, "
          "not a target's measure.")
    page_table(saturated["latencies"], server_ms.get("saturated", {}))

    every = [ms for values in at_rate["latencies"].values() for ms in values]
    served_rate = len(every) / at_rate["elapsed"] if at_rate["elapsed"] else 0.0
    print(f"\n2. Latency at {rate:.0f} requests/s: {at_rate['offered']} requests arriving at random "
          f"(Poisson) over {at_rate['elapsed']:.1f} s whether or not the earlier ones are answered; "
          f"each one's latency counts from when it was due ({served_rate:.1f} answered a second).")
    worst_path, worst = page_table(at_rate["latencies"], server_ms.get("at_rate", {}))
    overall = p95(every)
    errors = saturated["errors"] + at_rate["errors"]
    written = result.get("with_writes")
    if written:
        reads = [ms for values in written["latencies"].values() for ms in values]
        print(f"\n3. The same at {rate:.0f} requests/s while a member changes his answer to a session, "
              f"{result['writes']:g} write(s) a second at random: each write moves every kept page on, as "
              "results recorded at the tables do during an evening. Not one of the targets (they are "
              "the mix's, which writes nothing); its errors count with the others.")
        page_table(written["latencies"], server_ms.get("with_writes", {}))
        write_ms = written["write_ms"]
        print(f"\nReads: p95 {p95(reads):.1f} ms over {len(reads)}; writes: {len(write_ms)}, "
              f"p95 {p95(write_ms):.1f} ms; errors: {len(written['errors'])}")
        errors = errors + written["errors"]
    rows = [
        ("throughput", f">= {TARGET_RPS:.0f} requests/s", f"{rps:.1f} requests/s (part 1)", rps >= TARGET_RPS),
        ("p95, all requests", f"< {TARGET_P95_MS:.0f} ms", f"{overall:.1f} ms (part 2, at {rate:.0f}/s)",
         overall < TARGET_P95_MS),
        ("p95, slowest page", f"< {TARGET_PAGE_P95_MS:.0f} ms", f"{worst:.1f} ms ({worst_path}, part 2)",
         worst < TARGET_PAGE_P95_MS),
        ("errors", "0", f"{len(errors)} ({'all three parts' if written else 'both parts'})", not errors),
    ]
    if rate < TARGET_RPS:
        rows.append(("latency's rate", f">= {TARGET_RPS:.0f} requests/s", f"{rate:.0f} requests/s (--rate)", False))
    print(f"\n{'target':<20} {'wanted':<18} {'measured':<44} verdict")
    for name, wanted, measured, ok in rows:
        print(f"{name:<20} {wanted:<18} {measured:<44} {'PASS' if ok else 'MISS'}")
    if errors:
        counts: dict[str, int] = defaultdict(int)
        for error in errors:
            counts[error] += 1
        print("errors: " + ", ".join(f"{e} x{n}" for e, n in sorted(counts.items(), key=lambda x: -x[1])[:10]))
    return all(ok for *_, ok in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="measure a running site (loopback only) instead of starting the stack")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of load (at most 120)")
    parser.add_argument("--max-requests", type=int, default=20000, help="stop after this many requests")
    parser.add_argument("--concurrency", type=int, default=16, help="users at once in part 1 (throughput)")
    parser.add_argument("--rate", type=float, default=TARGET_RPS,
                        help="requests a second arriving in part 2 (latency); below the throughput target it misses")
    parser.add_argument("--writes", type=float, default=1.0,
                        help="writes a second in part 3, beside the reads at --rate (0: no part 3; the API takes "
                             "120 submissions a minute from a member)")
    parser.add_argument("--web-workers", type=int, default=4, help="gunicorn workers when starting the stack")
    parser.add_argument("--reuse-db", action="store_true",
                        help="keep the database and staticfiles/ from the last run (no migrate, no demo load)")
    parser.add_argument("--db", default=os.environ.get("PROD_SMOKE_DB", "club_prod_bench"),
                        help="PostgreSQL database the started stack uses (dropped and created anew)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()
    duration = min(args.duration, 120.0)
    smoke = load_smoke_module()

    if args.url:
        if not is_loopback(args.url):
            parser.error("the benchmark only sends traffic to this machine (127.0.0.0/8, localhost, ::1)")
        result = asyncio.run(run_load(smoke, args.url.rstrip("/"), duration=duration,
                                      max_requests=args.max_requests, concurrency=args.concurrency, rate=args.rate,
                                      writes=args.writes, seed=args.seed))
        met = report(result, server_ms=None, concurrency=args.concurrency, rate=args.rate, workers="(as started)")
        return 1 if args.strict and not met else 0

    with running_stack(smoke, db=args.db, web_workers=args.web_workers, out_name="bench-load",
                       reuse_db=args.reuse_db) as stack:
        result = asyncio.run(run_load(smoke, stack.base_url, duration=duration, max_requests=args.max_requests,
                                      concurrency=args.concurrency, rate=args.rate, writes=args.writes,
                                      seed=args.seed))
        time.sleep(0.5)  # the last request lines reach the log
        server_ms = {part: server_durations(stack.out / "web.log", result[part]["started_epoch"],
                                            result[part]["ended_epoch"])
                     for part in ("saturated", "at_rate", "with_writes") if part in result}
    met = report(result, server_ms=server_ms, concurrency=args.concurrency, rate=args.rate,
                 workers=str(args.web_workers))
    return 1 if args.strict and not met else 0


if __name__ == "__main__":
    sys.exit(main())
