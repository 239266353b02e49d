"""A club evening on the production stack, measured from outside: members' phones following their
deals, cards tapped at the tables, results judged and confirmed, pages opened.

Starts the stack of ``.ci/prod-smoke`` (bench/stack.py: gunicorn with DEBUG off, PostgreSQL, Redis,
a Celery worker and beat) on 127.0.0.1 with its own database (club_prod_evening: dropped, migrated
and loaded with the demo club) and Redis databases 12 and 13, so a run of bench/load.py or of the
smoke test beside it touches none of its data. bench/evening_setup.py then makes the evening
through the club's services: ``--members`` members with accounts (32), seated at ``--tables``
Dragon Poker tables (7; 4 or 5 players, a session and a Game each), each table's deal begun and
already partly recorded, the tables at different points of their deals. The members sign in
through the login form, each with his own session, and their phones open their deals' pages.
Then, for ``--duration`` seconds (120):

* every phone polls its deal as the deal page does: the endpoint, the interval (``every 3s``:
  LIVE_POLL_SECONDS) and the ``since`` stamp its last answer gave, read from the page and the
  answers themselves (204: nothing new; 200: the panel drawn afresh; 286: the deal's result is in,
  and the page follows the draft result the same way until it is confirmed). Each phone's clock
  starts at random and drifts a little, so the phones are not in step;
* at every table a card is tapped every ``--tap-seconds`` (4) by the table's recorder, posting the
  card picker's form (CSRF token, htmx headers) and reading the next cards from the panel it gets
  back; once every card is dealt he submits the result, another player confirms it from his deal
  page, and the recorder starts the next deal from the game page's form; each phone then opens
  the new deal's page and follows it;
* every member opens a page every 10 to 30 s at random: his deal, his Game, his session, the
  precedent list, his dashboard, his games (and a croupier his dashboard).

Printed per kind of request: count, p50 / p95 / p99 latency at the client, errors (any answer
but the expected one: a refused tap, submit or confirm counts), and the server's own processor
time per request (the mean ``cpu_ms`` of its JSON request log, club/logging.py); the processor time
per request over the whole evening; the taps landed (the DealtCard rows the database gained, against
the taps answered OK); and the ceiling: ``/health/`` and the dashboard each served as fast as the
stack can (``--burst-users`` users with no pause, ``--burst-seconds`` each, after the evening),
the dashboard's throughput over /health/'s. Then each target, MET or NOT MET:

    evening (32 members, 7 tables)        processor time per request over the evening <= 5 ms,
                                          poll that finds nothing new <= 2 ms, tap <= 10 ms,
                                          deal page <= 15 ms; p95 poll < 50 ms, page < 150 ms,
                                          tap < 100 ms, submit < 200 ms; 0 errors
    four times the evening (128 at 28)    p95 poll < 100 ms, tap < 150 ms, 0 errors, every tap landed
    dashboard / /health/ throughput       >= 0.5

A group of targets is judged on a run of its size only (``--scale 4`` is the four times the
evening: ``--members 128 --tables 28``). The exit status is 0 whether or not the targets are met:
it is a measurement; only a failure of the benchmark itself (the stack, the set-up, a sign-in)
exits otherwise. The client shares the machine's cores with the site, so latencies are what this
one machine does; the processor times are the site's own work, whatever the machine's load.

    .venv/bin/python bench/evening.py                                  # the evening, 120 s
    .venv/bin/python bench/evening.py --scale 4                        # four times the evening
    .venv/bin/python bench/evening.py --members 8 --tables 2 --duration 20
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from urllib.parse import quote, urlsplit

from stack import (
    ROOT,
    Answer,
    Member,
    load_smoke_module,
    logged_in_client,
    percentile,
    request_log,
    running_stack,
    stop_on_sigterm,
)

EVENING_SIZE = (32, 7)
FOUR_TIMES_SIZE = (128, 28)
# Targets: the server's processor time per request (ms) and the client's p95 latency (ms).
CPU_EVENING_MS = 5.0
CPU_QUIET_POLL_MS = 2.0
CPU_TAP_MS = 10.0
CPU_DEAL_PAGE_MS = 15.0
P95_POLL_MS = 50.0
P95_PAGE_MS = 150.0
P95_TAP_MS = 100.0
P95_SUBMIT_MS = 200.0
P95_POLL_FOUR_TIMES_MS = 100.0
P95_TAP_FOUR_TIMES_MS = 150.0
CEILING_RATIO = 0.5

# A member opens a page every this many seconds (uniformly at random between the two).
PAGE_EVERY = (10.0, 30.0)
# A phone's poll interval drifts by up to this share either way (timers, radio wake-ups).
POLL_DRIFT = 0.05
# An answer not arrived after this long is an error.
TIMEOUT = 30.0
# Members signing in at once before the evening (each sign-in hashes a password on the server).
SIGN_IN_AT_ONCE = 4

POLL = "poll"
POLL_QUIET = "poll, nothing new"
POLL_NEWS = "poll, news"
TAP = "tap"
SUBMIT = "submit"
CONFIRM = "confirm"
NEXT_DEAL = "next deal"
DEAL_PAGE = "deal page"
GAME_PAGE = "game page"
SESSION_PAGE = "session page"
PRECEDENTS = "precedent list"
DASHBOARD = "dashboard"
MY_GAMES = "my games"
CROUPIER_PAGE = "croupier's dashboard"
PAGES = (DEAL_PAGE, GAME_PAGE, SESSION_PAGE, PRECEDENTS, DASHBOARD, MY_GAMES, CROUPIER_PAGE)
KINDS = (POLL_QUIET, POLL_NEWS, TAP, SUBMIT, CONFIRM, NEXT_DEAL, *PAGES)

# What a member opens now and then, weighted; a croupier's mix has his dashboard too.
MIX = [(DEAL_PAGE, 3), (GAME_PAGE, 2), (SESSION_PAGE, 1), (PRECEDENTS, 1), (DASHBOARD, 2), (MY_GAMES, 1)]
CROUPIER_MIX = [*MIX, (CROUPIER_PAGE, 2)]

# The server's request lines by method and path (without the query, as the log has it).
ROUTES = [
    ("GET", re.compile(r"/games/deals/\d+/(result/)?live/"), POLL),
    ("POST", re.compile(r"/games/deals/\d+/card/"), TAP),
    ("POST", re.compile(r"/games/deals/\d+/submit/"), SUBMIT),
    ("POST", re.compile(r"/games/results/\d+/confirm/"), CONFIRM),
    ("POST", re.compile(r"/games/\d+/deal/"), NEXT_DEAL),
    ("GET", re.compile(r"/games/deals/\d+/"), DEAL_PAGE),
    ("GET", re.compile(r"/games/\d+/"), GAME_PAGE),
    ("GET", re.compile(r"/sessions/\d+/"), SESSION_PAGE),
    ("GET", re.compile(r"/rules/precedents/"), PRECEDENTS),
    ("GET", re.compile(r"/"), DASHBOARD),
    ("GET", re.compile(r"/games/"), MY_GAMES),
    ("GET", re.compile(r"/games/croupier/"), CROUPIER_PAGE),
]

# What the pages and panels say, as the browser reads them.
DEAL_POLL = re.compile(r'<div id="deal-live" hx-get="(/games/deals/\d+/live/)"')
RESULT_POLL = re.compile(r'<div id="deal-result" hx-get="(/games/deals/\d+/result/live/)\?since=([^"]*)"')
SINCE = re.compile(r'name="since" value="([^"]*)" id="deal-since"')
EVERY = re.compile(r'hx-trigger="every (\d+(?:\.\d+)?)(ms|s)"')
PICK = re.compile(r'<button type="submit" name="card" value="([^"]+)" class="pick card[^"]*" data-card="[^"]*"( disabled)?>')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
CONFIRM_FORM = re.compile(r'action="(/games/results/\d+/confirm/)"')
DEAL_PATH = re.compile(r"/games/deals/(\d+)/$")
ERROR_MESSAGE = re.compile(r'class="message error"[^>]*>(.*?)</p>', re.S)
CARD_ERROR = re.compile(r'id="card-error">(.*?)</p>', re.S)


def kind_of(method: str, path: str, status: int | str) -> str | None:
    """The kind of a request, as the client names it: a poll by what it found."""
    for route_method, pattern, kind in ROUTES:
        if method == route_method and pattern.fullmatch(path):
            if kind == POLL:
                return POLL_QUIET if status == 204 else POLL_NEWS
            return kind
    return None


@dataclass
class Table:
    """One table of the evening: its Game and session, the deal it is at, and the cards the
    recorder's panel offers next."""

    game: int
    session: int
    deal: int
    recorder: Phone | None = None
    confirmer: Phone | None = None
    cards: list[str] = field(default_factory=list)
    step: str = TAP                 # what the table does at its next beat: TAP, SUBMIT, CONFIRM or NEXT_DEAL
    submitted: int = 0
    confirmed: int = 0
    started: int = 0


@dataclass
class Phone:
    """A member's phone: his own session, and the deal page it shows as its polling left it."""

    email: str
    http: Member
    table: Table
    croupier: bool
    deal: int = 0
    poll: str | None = None         # the live part the page polls, or None once it polls nothing
    since: str = ""
    every: float = 3.0
    csrf: str = ""

    def read_deal_page(self, deal: int, body: str) -> None:
        """The deal page as the browser takes it in: the form's token, what it polls and from where."""
        self.deal = deal
        token = CSRF.search(body)
        if token:
            self.csrf = html.unescape(token.group(1))
        every = EVERY.search(body)
        if every:
            self.every = float(every.group(1)) / (1000 if every.group(2) == "ms" else 1)
        self.follow(body, live=True)

    def follow(self, body: str, *, live: bool) -> None:
        """What the page polls after ``body`` is swapped in: the deal's cards (``live``, while the
        deal has no result), else the draft result until it is confirmed, else nothing."""
        deal_poll = DEAL_POLL.search(body) if live else None
        since, result_poll = SINCE.search(body), RESULT_POLL.search(body)
        if deal_poll and since:
            self.poll, self.since = deal_poll.group(1), html.unescape(since.group(1))
        elif result_poll:
            self.poll, self.since = result_poll.group(1), html.unescape(result_poll.group(2))
        else:
            self.poll = None


@dataclass
class Sample:
    kind: str
    status: int | str
    ms: float


def deal_path(deal: int) -> str:
    return f"/games/deals/{deal}/"


def panel_cards(body: str) -> list[str]:
    """The card picker's cards still to deal (a dealt card's button is disabled)."""
    return [html.unescape(token) for token, disabled in PICK.findall(body) if not disabled]


def error_text(body: str, pattern: re.Pattern = ERROR_MESSAGE) -> str:
    found = pattern.search(body)
    return re.sub(r"\s+", " ", html.unescape(found.group(1))).strip() if found else ""


class Evening:
    """The evening's traffic for ``duration`` seconds, from the phones of the signed-in members."""

    def __init__(self, phones: list[Phone], tables: list[Table], *, base_url: str, duration: float,
                 tap_seconds: float, seed: int) -> None:
        self.phones, self.tables = phones, tables
        self.origin = "https://" + urlsplit(base_url).netloc
        self.duration, self.tap_seconds = duration, tap_seconds
        self.rng = random.Random(seed)
        self.samples: list[Sample] = []
        self.errors: list[str] = []
        self.taps_ok = 0
        self.ends = 0.0

    # ------------------------------------------------------------------ requests
    async def call(self, kind: str, phone: Phone, method: str, path: str, *, form: dict | None = None,
                   headers: dict | None = None, expect: tuple[int, ...] = (200,)) -> Answer | None:
        """One request from ``phone``, timed from when it is sent; an answer but ``expect``, a
        refused connection or no answer in time is an error of its kind."""
        started = time.perf_counter()
        try:
            answer = await asyncio.wait_for(phone.http.send(method, path, form=form, headers=headers), TIMEOUT)
        except OSError as exc:          # refused, reset, or TimeoutError
            status: int | str = type(exc).__name__
            answer = None
        else:
            status = answer.status
        ms = (time.perf_counter() - started) * 1000
        if kind == POLL:
            kind = POLL_QUIET if status == 204 else POLL_NEWS
        self.samples.append(Sample(kind, status, ms))
        if answer is None or answer.status not in expect:
            self.error(kind, f"{method} {path}: {status}")
            return None
        return answer

    def error(self, kind: str, what: str) -> None:
        self.errors.append(f"{kind}: {re.sub(r'/[0-9]+/', '/<id>/', what)}")

    def htmx(self, deal: int, target: str) -> dict[str, str]:
        """The headers htmx sends from the deal page."""
        return {"HX-Request": "true", "HX-Current-URL": self.origin + deal_path(deal),
                "HX-Target": target, "HX-Trigger": target}

    async def open_deal(self, phone: Phone, deal: int) -> Answer | None:
        answer = await self.call(DEAL_PAGE, phone, "GET", deal_path(deal))
        if answer is not None:
            phone.read_deal_page(deal, answer.body)
        return answer

    async def followed(self, phone: Phone, answer: Answer, kind: str) -> Answer | None:
        """The page a form's redirect leads to, as the browser follows it."""
        path = urlsplit(answer.headers.get("location", "")).path
        match = DEAL_PATH.search(path)
        if match is None:
            self.error(kind, f"redirected to {path or 'nowhere'}, not to a deal")
            return None
        return await self.open_deal(phone, int(match.group(1)))

    # ------------------------------------------------------------------ time
    async def wait_until(self, moment: float) -> bool:
        """Sleep until ``moment`` (perf_counter); False when the evening ends first."""
        now = time.perf_counter()
        if moment >= self.ends:
            await asyncio.sleep(max(0.0, self.ends - now))
            return False
        await asyncio.sleep(max(0.0, moment - now))
        return True

    # ------------------------------------------------------------------ who does what
    async def phone_polls(self, phone: Phone) -> None:
        """The deal page's polling: every ``phone.every`` seconds (from a random moment, drifting a
        little), with the ``since`` stamp of the last answer; a phone whose table has moved on to
        its next deal opens that deal's page."""
        rng = random.Random(self.rng.random())
        due = time.perf_counter() + rng.uniform(0, phone.every)
        while await self.wait_until(due):
            if phone.deal != phone.table.deal:
                await self.open_deal(phone, phone.table.deal)
            elif phone.poll is not None:
                live = not phone.poll.endswith("/result/live/")
                answer = await self.call(POLL, phone, "GET", f"{phone.poll}?since={quote(phone.since)}",
                                         headers=self.htmx(phone.deal, "deal-live" if live else "deal-result"),
                                         expect=(200, 204, 286))
                if answer is not None and answer.status != 204:
                    phone.follow(answer.body, live=live and answer.status == 200)
                    if answer.status == 286 and not live:
                        phone.poll = None
            # htmx sets the next poll off from the last; one missed while the answer was awaited is dropped.
            due = max(due + phone.every * rng.uniform(1 - POLL_DRIFT, 1 + POLL_DRIFT), time.perf_counter())

    async def phone_browses(self, phone: Phone) -> None:
        """A page now and then: his deal, his Game, his session, the precedent list, his dashboard."""
        rng = random.Random(self.rng.random())
        mix = [kind for kind, weight in (CROUPIER_MIX if phone.croupier else MIX) for _ in range(weight)]
        paths = {GAME_PAGE: f"/games/{phone.table.game}/", SESSION_PAGE: f"/sessions/{phone.table.session}/",
                 PRECEDENTS: "/rules/precedents/", DASHBOARD: "/", MY_GAMES: "/games/",
                 CROUPIER_PAGE: "/games/croupier/"}
        while await self.wait_until(time.perf_counter() + rng.uniform(*PAGE_EVERY)):
            kind = rng.choice(mix)
            if kind == DEAL_PAGE:
                await self.open_deal(phone, phone.table.deal)
            else:
                await self.call(kind, phone, "GET", paths[kind])

    async def table_plays(self, table: Table) -> None:
        """The table's writes, one every ``tap_seconds``: a card tapped, or once every card is dealt
        the result submitted, then confirmed by another player, then the next deal started. A step
        refused is an error, and is tried again at the next beat."""
        due = time.perf_counter() + self.rng.uniform(0, self.tap_seconds)
        while await self.wait_until(due):
            due += self.tap_seconds
            if table.step == TAP:
                await self.tap(table)
            elif table.step == SUBMIT:
                await self.submit(table)
            elif table.step == CONFIRM:
                await self.confirm(table)
            else:
                await self.next_deal(table)

    async def tap(self, table: Table) -> None:
        recorder, deal = table.recorder, table.deal
        answer = await self.call(TAP, recorder, "POST", f"/games/deals/{deal}/card/",
                                 form={"csrfmiddlewaretoken": recorder.csrf, "card": self.rng.choice(table.cards)},
                                 headers=self.htmx(deal, "recorder"))
        if answer is None:
            return
        refused = error_text(answer.body, CARD_ERROR)
        if refused:
            self.error(TAP, f"refused: {refused}")
        else:
            self.taps_ok += 1
        table.cards = panel_cards(answer.body)
        if not table.cards:
            table.step = SUBMIT

    async def submit(self, table: Table) -> None:
        recorder = table.recorder
        answer = await self.call(SUBMIT, recorder, "POST", f"/games/deals/{table.deal}/submit/",
                                 form={"csrfmiddlewaretoken": recorder.csrf}, expect=(302,))
        page = answer and await self.followed(recorder, answer, SUBMIT)
        if page is None:
            return
        if 'id="result-status"' not in page.body:
            return self.error(SUBMIT, f"refused: {error_text(page.body) or 'no result on the deal page'}")
        table.submitted += 1
        table.step = CONFIRM

    async def confirm(self, table: Table) -> None:
        """Another player confirms the result, from his own deal page."""
        confirmer = table.confirmer
        page = await self.open_deal(confirmer, table.deal)
        form = page and CONFIRM_FORM.search(page.body)
        if not form:
            return self.error(CONFIRM, "no confirm form on another player's deal page")
        answer = await self.call(CONFIRM, confirmer, "POST", form.group(1),
                                 form={"csrfmiddlewaretoken": confirmer.csrf}, expect=(302,))
        page = answer and await self.followed(confirmer, answer, CONFIRM)
        if page is None:
            return
        if 'class="badge confirmed"' not in page.body:
            return self.error(CONFIRM, f"refused: {error_text(page.body) or 'the result is not confirmed'}")
        table.confirmed += 1
        table.step = NEXT_DEAL

    async def next_deal(self, table: Table) -> None:
        """The recorder starts the next deal from the game page's form and lands on its page."""
        recorder = table.recorder
        answer = await self.call(NEXT_DEAL, recorder, "POST", f"/games/{table.game}/deal/",
                                 form={"csrfmiddlewaretoken": recorder.csrf, "mode": "recorded"}, expect=(302,))
        page = answer and await self.followed(recorder, answer, NEXT_DEAL)
        if page is None:
            return
        table.deal, table.cards = recorder.deal, panel_cards(page.body)
        table.started += 1
        table.step = TAP if table.cards else SUBMIT

    async def run(self) -> dict:
        started_epoch = time.time()
        self.ends = time.perf_counter() + self.duration
        await asyncio.gather(*(self.phone_polls(p) for p in self.phones),
                             *(self.phone_browses(p) for p in self.phones),
                             *(self.table_plays(t) for t in self.tables))
        return {"started_epoch": started_epoch, "ended_epoch": time.time()}


async def burst(members: list[Member], path: str, *, users: int, seconds: float) -> dict:
    """``users`` users each asking for ``path`` again as soon as it is answered: the most the
    stack serves of it."""
    count, errors = 0, []
    deadline = time.monotonic() + seconds

    async def user(index: int) -> None:
        nonlocal count
        member = members[index % len(members)]
        while time.monotonic() < deadline:
            try:
                status = await asyncio.wait_for(member.get(path), TIMEOUT)
            except OSError as exc:
                status = type(exc).__name__
            count += 1
            if status != 200:
                errors.append(f"ceiling: GET {path}: {status}")

    started, started_epoch = time.monotonic(), time.time()
    await asyncio.gather(*(user(i) for i in range(users)))
    elapsed = time.monotonic() - started
    return {"rps": count / elapsed, "count": count, "errors": errors, "started_epoch": started_epoch,
            "ended_epoch": time.time()}


async def sign_in(smoke, base_url: str, emails: list[str], password: str) -> dict[str, Member]:
    """Each member signed in through the login form, his session's cookies kept for his phone."""
    gate = asyncio.Semaphore(SIGN_IN_AT_ONCE)

    async def one(email: str) -> tuple[str, Member]:
        async with gate:
            client = await logged_in_client(smoke, base_url, email, password)
        member = Member(base_url, smoke.client_headers(base_url), smoke.cookie_header(client.cookies.jar))
        await client.aclose()
        return email, member

    return dict(await asyncio.gather(*(one(email) for email in emails)))


async def measure(smoke, base_url: str, plan: dict, args) -> dict:
    members = await sign_in(smoke, base_url, [e for t in plan["tables"] for e in t["players"]], plan["password"])
    croupiers = set(plan["croupiers"])
    tables, phones = [], []
    for row in plan["tables"]:
        table = Table(game=row["game"], session=row["session"], deal=row["deal"])
        seated = [Phone(email, members[email], table, email in croupiers) for email in row["players"]]
        table.recorder = next(p for p in seated if p.email == row["recorder"])
        table.confirmer = next(p for p in seated if p.email == row["confirmer"])
        tables.append(table)
        phones.extend(seated)
    # The evening is under way: every phone shows its deal's page before the clock starts.
    for phone in phones:
        answer = await phone.http.send("GET", deal_path(phone.table.deal))
        if answer.status != 200:
            raise RuntimeError(f"{phone.email}'s deal page answered {answer.status}")
        phone.read_deal_page(phone.table.deal, answer.body)
        if phone.poll is None or not phone.csrf:
            # The deal has no result yet, so its page polls: the markup read here has changed.
            raise RuntimeError(f"{phone.email}'s deal page polls nothing or has no form token that "
                               "bench/evening.py can read")
        if phone is phone.table.recorder:
            phone.table.cards = panel_cards(answer.body)
            phone.table.step = TAP if phone.table.cards else SUBMIT
    evening = Evening(phones, tables, base_url=base_url, duration=args.duration, tap_seconds=args.tap_seconds,
                      seed=args.seed)
    window = await evening.run()
    await asyncio.sleep(1.0)
    clients = [p.http for p in phones]
    health = await burst(clients, "/health/", users=args.burst_users, seconds=args.burst_seconds)
    await asyncio.sleep(1.0)
    dashboard = await burst(clients, "/", users=args.burst_users, seconds=args.burst_seconds)
    return {"evening": evening, "window": window, "health": health, "dashboard": dashboard}


def setup(stack, *args: str) -> dict:
    """bench/evening_setup.py run against the stack's database; its JSON answer."""
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "evening_setup.py"), *args], cwd=ROOT,
                          env=stack.env, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"evening_setup.py {' '.join(args)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------- the report

def fmt(value: float, digits: int = 1) -> str:
    return "-" if value != value else f"{value:.{digits}f}"   # NaN: nothing measured


def mean(values: list[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


def p95_of(samples: list[Sample]) -> float:
    return percentile([s.ms for s in samples], 95)


def report(result: dict, *, plan: dict, counted: dict, args, log_path) -> None:
    evening: Evening = result["evening"]
    window = result["window"]
    by_kind: dict[str, list[Sample]] = defaultdict(list)
    for sample in evening.samples:
        by_kind[sample.kind].append(sample)
    errors_by_kind: dict[str, int] = defaultdict(int)
    for error in evening.errors:
        errors_by_kind[error.split(":")[0]] += 1
    cpu: dict[str, list[float]] = defaultdict(list)
    every_cpu: list[float] = []
    for record in request_log(log_path, window["started_epoch"], window["ended_epoch"]):
        value = float(record.get("cpu_ms", "nan"))
        every_cpu.append(value)
        kind = kind_of(record["method"], record["path"], record["status"])
        if kind is not None:
            cpu[kind].append(value)
    polls = by_kind[POLL_QUIET] + by_kind[POLL_NEWS]
    pages = [s for kind in PAGES for s in by_kind[kind]]
    every = evening.samples

    print(f"\nThe evening: {args.members} members at {args.tables} tables for {args.duration:g} s; a card tapped "
          f"every {args.tap_seconds:g} s at each table, the deal pages polled every "
          f"{statistics.median(p.every for p in evening.phones):g} s, a page every "
          f"{PAGE_EVERY[0]:g}-{PAGE_EVERY[1]:g} s from each member; gunicorn workers: {args.web_workers}.")
    print(f"\n{'kind':<22} {'count':>6} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7} {'cpu ms/request':>15}")

    def row(name: str, samples: list[Sample], errors: int, cpu_ms: list[float]) -> None:
        values = [s.ms for s in samples]
        print(f"{name:<22} {len(values):>6} {fmt(statistics.median(values) if values else float('nan')):>8} "
              f"{fmt(percentile(values, 95)):>8} {fmt(percentile(values, 99)):>8} {errors:>7} "
              f"{fmt(mean(cpu_ms), 2):>15}")

    row(POLL, polls, errors_by_kind[POLL_QUIET] + errors_by_kind[POLL_NEWS], cpu[POLL_QUIET] + cpu[POLL_NEWS])
    for kind in KINDS:
        if by_kind[kind] or cpu[kind] or errors_by_kind[kind]:
            row(("  " if kind in (POLL_QUIET, POLL_NEWS) else "") + kind, by_kind[kind], errors_by_kind[kind],
                cpu[kind])
    row("pages, all", pages, sum(errors_by_kind[k] for k in PAGES), [c for k in PAGES for c in cpu[k]])
    row("all requests", every, len(evening.errors), every_cpu)

    evening_cpu = mean(every_cpu)
    landed = counted["cards"] - plan["cards"]
    submitted = sum(t.submitted for t in evening.tables)
    confirmed = sum(t.confirmed for t in evening.tables)
    started = sum(t.started for t in evening.tables)
    print(f"\nProcessor time per request over the evening (the server's request log): {fmt(evening_cpu, 2)} ms, "
          f"over {len(every_cpu)} requests ({len(every) / args.duration:.1f} a second).")
    print(f"Taps landed: {landed} DealtCard rows gained, {evening.taps_ok} taps answered OK: "
          f"{'every tap landed' if landed == evening.taps_ok else 'NOT the same'}.")
    print(f"Deals: {submitted} results submitted, {confirmed} confirmed, {started} next deals started "
          f"(the database: {counted['deals']} deals, {counted['confirmed']} results confirmed at these tables).")
    health, dashboard = result["health"], result["dashboard"]
    ratio = dashboard["rps"] / health["rps"] if health["rps"] else float("nan")
    print(f"Ceiling, {args.burst_users} users with no pause for {args.burst_seconds:g} s each: /health/ "
          f"{health['rps']:.1f} requests/s, the dashboard {dashboard['rps']:.1f} requests/s: ratio {ratio:.2f}.")
    ceiling_errors = health["errors"] + dashboard["errors"]
    all_errors = evening.errors + ceiling_errors
    if all_errors:
        counts: dict[str, int] = defaultdict(int)
        for error in all_errors:
            counts[error] += 1
        print("Errors: " + "; ".join(f"{e} x{n}" for e, n in sorted(counts.items(), key=lambda x: -x[1])[:10]))

    size = (args.members, args.tables)
    quiet_cpu, tap_cpu, page_cpu = mean(cpu[POLL_QUIET]), mean(cpu[TAP]), mean(cpu[DEAL_PAGE])
    poll_p95, page_p95, tap_p95 = p95_of(polls), p95_of(pages), p95_of(by_kind[TAP])
    submit_p95 = p95_of(by_kind[SUBMIT])
    errors = len(evening.errors)
    def ms(value: float) -> str:
        return "none" if value != value else f"{value:.2f} ms"

    groups = [
        ("evening (32 members, 7 tables)", size == EVENING_SIZE, [
            ("processor time per request over the evening", f"<= {CPU_EVENING_MS:g} ms", ms(evening_cpu),
             evening_cpu <= CPU_EVENING_MS),
            ("poll that finds nothing new", f"<= {CPU_QUIET_POLL_MS:g} ms", ms(quiet_cpu),
             quiet_cpu <= CPU_QUIET_POLL_MS),
            ("tap", f"<= {CPU_TAP_MS:g} ms", ms(tap_cpu), tap_cpu <= CPU_TAP_MS),
            ("deal page", f"<= {CPU_DEAL_PAGE_MS:g} ms", ms(page_cpu), page_cpu <= CPU_DEAL_PAGE_MS),
            ("p95 poll", f"< {P95_POLL_MS:g} ms", ms(poll_p95), poll_p95 < P95_POLL_MS),
            ("p95 page", f"< {P95_PAGE_MS:g} ms", ms(page_p95), page_p95 < P95_PAGE_MS),
            ("p95 tap", f"< {P95_TAP_MS:g} ms", ms(tap_p95), tap_p95 < P95_TAP_MS),
            ("p95 submit", f"< {P95_SUBMIT_MS:g} ms", ms(submit_p95), submit_p95 < P95_SUBMIT_MS),
            ("errors", "0", str(errors), errors == 0),
        ]),
        ("four times the evening (128 members at 28 tables)", size == FOUR_TIMES_SIZE, [
            ("p95 poll", f"< {P95_POLL_FOUR_TIMES_MS:g} ms", ms(poll_p95), poll_p95 < P95_POLL_FOUR_TIMES_MS),
            ("p95 tap", f"< {P95_TAP_FOUR_TIMES_MS:g} ms", ms(tap_p95), tap_p95 < P95_TAP_FOUR_TIMES_MS),
            ("errors", "0", str(errors), errors == 0),
            ("every tap landed", f"{evening.taps_ok} rows", f"{landed} rows", landed == evening.taps_ok),
        ]),
        ("dashboard / /health/ throughput", True, [
            ("", f">= {CEILING_RATIO:g}", fmt(ratio, 2), ratio >= CEILING_RATIO),
        ]),
    ]
    print(f"\n{'target':<48} {'wanted':<10} {'measured':>10}  verdict")
    for title, judged, targets in groups:
        if len(targets) == 1:
            _, wanted, measured, met = targets[0]
            print(f"{title:<48} {wanted:<10} {measured:>10}  {'MET' if met else 'NOT MET'}")
            continue
        print(title if judged else f"{title}: not judged, this run has {args.members} members at {args.tables} tables")
        for name, wanted, measured, met in targets:
            print(f"  {name:<46} {wanted:<10} {measured:>10}  {('MET' if met else 'NOT MET') if judged else '-'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=int, default=1,
                        help="the evening K times over: K * 32 members at K * 7 tables (unless given below)")
    parser.add_argument("--members", type=int, help="members signed in and seated (default 32 * scale)")
    parser.add_argument("--tables", type=int, help="Dragon Poker tables, 2 to 8 players each (default 7 * scale)")
    parser.add_argument("--duration", type=float, default=120.0, help="seconds of the evening measured")
    parser.add_argument("--tap-seconds", type=float, default=4.0, help="seconds between two taps at a table")
    parser.add_argument("--burst-seconds", type=float, default=5.0, help="seconds of each ceiling burst")
    parser.add_argument("--burst-users", type=int, default=16, help="users with no pause in a ceiling burst")
    parser.add_argument("--web-workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--db", default="club_prod_evening",
                        help="PostgreSQL database of the stack (dropped and created anew)")
    parser.add_argument("--reuse-db", action="store_true",
                        help="keep the database and staticfiles/ from the last run (no migrate, no demo load; "
                             "the members made then sign in again, the tables are new)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    args.members = args.members or EVENING_SIZE[0] * args.scale
    args.tables = args.tables or EVENING_SIZE[1] * args.scale
    if not 2 * args.tables <= args.members <= 8 * args.tables:
        parser.error("every table seats 2 to 8 of the members")
    stop_on_sigterm()
    # Redis databases of its own: the smoke test and bench/load.py empty 14 and 15 when they start.
    os.environ.setdefault("PROD_SMOKE_REDIS_DBS", "12,13")
    smoke = load_smoke_module()
    with running_stack(smoke, db=args.db, web_workers=args.web_workers, out_name="bench-evening",
                       reuse_db=args.reuse_db) as stack:
        plan = setup(stack, "prepare", "--members", str(args.members), "--tables", str(args.tables),
                     "--seed", str(args.seed))
        print(f"{args.members} members at {args.tables} tables; the deals stand at "
              + ", ".join(f"{t['recorded']}/{t['deal_cards']}" for t in plan["tables"]) + " cards", flush=True)
        result = asyncio.run(measure(smoke, stack.base_url, plan, args))
        time.sleep(0.5)  # the last request lines reach the log
        counted = setup(stack, "count", "--games", ",".join(str(t["game"]) for t in plan["tables"]))
        report(result, plan=plan, counted=counted, args=args, log_path=stack.out / "web.log")
    return 0


if __name__ == "__main__":
    sys.exit(main())
