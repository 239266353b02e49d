"""Load benchmark of the production stack: logged-in members browsing the main pages and API lists.

Starts the stack of ``.ci/prod-smoke`` (gunicorn with DEBUG off, PostgreSQL, Redis, a Celery
worker and beat; database club_prod_bench with the demo club) on 127.0.0.1, or measures one
already running (``--url http://127.0.0.1:8000``, served with the demo club loaded). Every request
goes to the loopback; the run is bounded in time (``--duration``) and in count (``--max-requests``).

The three demo members (admin, croupier, member) log in; ``--concurrency`` virtual users, each
one of these sessions, request a page of the mix after another (no think time) over kept-alive
connections. Figures printed against the targets:

    throughput        >= 150 requests/s
    p95, all requests <  100 ms   (measured at the client: queueing in gunicorn included)
    p95 of each page  <  200 ms
    errors            =  0        (any answer but 200, or no answer)

The client shares the machine's two cores with gunicorn and PostgreSQL, so the figures are what
this one machine does, not what the site would do with a machine to itself. When the stack is
started here, the server's own time per request (from its JSON request log) is printed as well.

    .venv/bin/python bench/load.py                       # starts and stops the stack itself
    .venv/bin/python bench/load.py --url http://127.0.0.1:8000 --duration 30 --concurrency 16
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.machinery
import importlib.util
import json
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent

TARGET_RPS = 150.0
TARGET_P95_MS = 100.0
TARGET_PAGE_P95_MS = 200.0

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


def load_smoke_module():
    """The stack and the client helpers of .ci/prod-smoke (a script without a .py name)."""
    path = ROOT / ".ci" / "prod-smoke"
    loader = importlib.machinery.SourceFileLoader("prod_smoke", str(path))
    spec = importlib.util.spec_from_loader("prod_smoke", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[94]


async def logged_in_client(smoke, base_url: str, email: str, password: str) -> httpx.AsyncClient:
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    client = httpx.AsyncClient(base_url=base_url, headers=smoke.client_headers(base_url), timeout=30, limits=limits)

    async def send_cookies(request: httpx.Request) -> None:
        if client.cookies.jar:
            request.headers["Cookie"] = smoke.cookie_header(client.cookies.jar)

    client.event_hooks["request"] = [send_cookies]
    page = await client.get("/accounts/login/")
    answer = await client.post("/accounts/login/", data={
        "login": email, "password": password, "csrfmiddlewaretoken": smoke.login_form(page.text)})
    if answer.status_code != 302:
        raise RuntimeError(f"logging in as {email} failed: {answer.status_code}")
    return client


async def run_load(smoke, base_url: str, *, duration: float, max_requests: int, concurrency: int,
                   seed: int) -> dict:
    clients = [await logged_in_client(smoke, base_url, email, password) for email, password in LOGINS]
    # Each member's mix is what answers them 200: a page closed to a role is not an error of the load.
    mixes = []
    skipped = []
    for client, (email, _) in zip(clients, LOGINS, strict=True):
        mix = []
        for path, weight in MIX:
            status = (await client.get(path)).status_code
            if status == 200:
                mix.extend([path] * weight)
            else:
                skipped.append(f"{email.split('@')[0]} {path} ({status})")
        mixes.append(mix)
    # Warm every gunicorn worker and connection before the clock starts.
    await asyncio.gather(*(clients[i % len(clients)].get("/health/") for i in range(concurrency)))

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
            path = rng.choice(mix)
            started = time.perf_counter()
            try:
                response = await client.get(path)
                status = response.status_code
            except httpx.HTTPError as exc:
                status = type(exc).__name__
            latencies[path].append((time.perf_counter() - started) * 1000)
            if status != 200:
                errors.append(f"{path}: {status}")

    started, started_epoch = time.monotonic(), time.time()
    await asyncio.gather(*(user(i) for i in range(concurrency)))
    elapsed = time.monotonic() - started
    for client in clients:
        await client.aclose()
    return {"latencies": latencies, "errors": errors, "elapsed": elapsed, "skipped": skipped,
            "started_epoch": started_epoch}


def server_durations(log_path: Path, since: float) -> dict[str, list[tuple[float, float]]]:
    """(duration_ms, cpu_ms) of the request lines gunicorn's workers logged after ``since`` (epoch
    seconds), by path (without the query string, as the log has it)."""
    from datetime import datetime

    found: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for line in log_path.read_text(errors="replace").splitlines():
        if not line.startswith("{") or '"club.request"' not in line:
            continue
        record = json.loads(line)
        if datetime.fromisoformat(record["time"]).timestamp() >= since and record.get("path") != "/health/":
            found[record["path"]].append((float(record["duration_ms"]), float(record.get("cpu_ms", "nan"))))
    return found


def report(result: dict, *, server_ms: dict[str, list[tuple[float, float]]] | None, concurrency: int,
           workers: str) -> bool:
    latencies, errors, elapsed = result["latencies"], result["errors"], result["elapsed"]
    every = [ms for values in latencies.values() for ms in values]
    total = len(every)
    rps = total / elapsed if elapsed else 0.0
    overall = p95(every)
    print(f"\nLoad: {total} requests in {elapsed:.1f} s, {concurrency} concurrent users, "
          f"gunicorn workers: {workers}, 3 logged-in members")
    if result["skipped"]:
        print("Left out of a member's mix (not 200 before the run): " + ", ".join(result["skipped"]))
    server_ms = server_ms or {}
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
    rows = [
        ("throughput", f">= {TARGET_RPS:.0f} requests/s", f"{rps:.1f} requests/s", rps >= TARGET_RPS),
        ("p95, all requests", f"< {TARGET_P95_MS:.0f} ms", f"{overall:.1f} ms", overall < TARGET_P95_MS),
        ("p95, slowest page", f"< {TARGET_PAGE_P95_MS:.0f} ms", f"{worst:.1f} ms ({worst_path})",
         worst < TARGET_PAGE_P95_MS),
        ("errors", "0", f"{len(errors)}", not errors),
    ]
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
    parser.add_argument("--concurrency", type=int, default=16, help="virtual users at once")
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
        host = httpx.URL(args.url).host
        if not (host == "localhost" or host.startswith("127.") or host == "::1"):
            parser.error("the benchmark only sends traffic to this machine (127.0.0.0/8, localhost, ::1)")
        result = asyncio.run(run_load(smoke, args.url.rstrip("/"), duration=duration,
                                      max_requests=args.max_requests, concurrency=args.concurrency, seed=args.seed))
        met = report(result, server_ms=None, concurrency=args.concurrency, workers="(as started)")
        return 1 if args.strict and not met else 0

    stack = smoke.Stack(db=args.db, web_workers=args.web_workers,
                        out_dir=ROOT / ".ci" / "out" / "bench-load")
    with stack:
        if not args.reuse_db:
            stack.prepare()
        stack.start()
        result = asyncio.run(run_load(smoke, stack.base_url, duration=duration, max_requests=args.max_requests,
                                      concurrency=args.concurrency, seed=args.seed))
        time.sleep(0.5)  # the last request lines reach the log
        server_ms = server_durations(stack.out / "web.log", result["started_epoch"])
    met = report(result, server_ms=server_ms, concurrency=args.concurrency, workers=str(args.web_workers))
    return 1 if args.strict and not met else 0


if __name__ == "__main__":
    sys.exit(main())
