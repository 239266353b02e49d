"""What the benchmarks of the production stack share: starting and stopping it, signing members in,
a lean HTTP client for the timed parts, and reading the server's own request log.

The stack itself is the one of ``.ci/prod-smoke`` (gunicorn with DEBUG off, PostgreSQL, Redis, a
Celery worker and beat), started on 127.0.0.1 with its own database; bench/load.py and
bench/evening.py measure it from outside.
"""

from __future__ import annotations

import asyncio
import importlib.machinery
import importlib.util
import json
import signal
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from urllib.parse import urlencode

import httpx

ROOT = Path(__file__).resolve().parent.parent


def load_smoke_module():
    """The stack and the client helpers of .ci/prod-smoke (a script without a .py name)."""
    path = ROOT / ".ci" / "prod-smoke"
    loader = importlib.machinery.SourceFileLoader("prod_smoke", str(path))
    spec = importlib.util.spec_from_loader("prod_smoke", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


@contextmanager
def running_stack(smoke, *, db: str, web_workers: int, out_name: str, reuse_db: bool) -> Iterator:
    """The stack of .ci/prod-smoke started on loopback with database ``db`` (dropped, migrated and
    loaded with the demo club unless ``reuse_db``), its logs under .ci/out/``out_name``; stopped
    on the way out, whatever happens."""
    stack = smoke.Stack(db=db, web_workers=web_workers, out_dir=ROOT / ".ci" / "out" / out_name)
    with stack:
        if not reuse_db:
            stack.prepare()
        stack.start()
        yield stack


def stop_on_sigterm() -> None:
    """A SIGTERM unwinds like Ctrl-C, so the stack's processes (each in its own session, out of
    reach of a signal to ours) are stopped on the way out rather than left running."""
    def interrupted(signum, frame):
        raise SystemExit(f"stopped by signal {signum}")

    signal.signal(signal.SIGTERM, interrupted)


def is_loopback(url: str) -> bool:
    """Whether ``url`` names this machine: the benchmarks send traffic nowhere else."""
    host = httpx.URL(url).host
    return host == "localhost" or host.startswith("127.") or host == "::1"


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[94]


def percentile(values: list[float], n: int) -> float:
    """The ``n``-th percentile (1..99) of ``values``, as :func:`p95` takes the 95th."""
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[n - 1]


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


@dataclass
class Answer:
    """An answer as :meth:`Member.send` read it: the status, the headers (names in lower case;
    the cookies it set are applied to the member, not kept here) and the body as text."""

    status: int
    headers: dict[str, str] = field(default_factory=dict)
    body: str = ""


class Member:
    """One logged-in member's requests during the timed parts: a plain HTTP/1.1 request on a new
    connection, read to its end, with the headers and cookies his login left.

    gunicorn's synchronous workers close the connection after each answer, so every request
    connects anew whatever the client. httpx's pool cost the client about 5 ms of processor time
    a request here (it scans its queue of waiting requests against its connections on every
    change), taken from the same two cores the site runs on: the figures measured the client as
    much as the site. This client costs a few tenths of a millisecond."""

    def __init__(self, base_url: str, headers: dict[str, str], cookie: str) -> None:
        parts = httpx.URL(base_url)
        self.host, self.port = parts.host, parts.port or 80
        self.netloc = parts.netloc.decode()
        self.headers = headers
        self.cookies = dict(pair.split("=", 1) for pair in cookie.split("; ") if "=" in pair)
        self.head = self._head()

    def _head(self) -> bytes:
        cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        lines = [f"Host: {self.netloc}", *(f"{name}: {value}" for name, value in self.headers.items()),
                 f"Cookie: {cookie}", "Connection: close"]
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")

    async def get(self, path: str) -> int:
        """The answer's status, once the whole answer has arrived."""
        reader, writer = await asyncio.open_connection(self.host, self.port)
        try:
            writer.write(f"GET {path} HTTP/1.1\r\n".encode("latin-1") + self.head)
            status_line = await reader.readline()
            await reader.read()  # headers and body, until the server closes
        finally:
            writer.close()
        try:
            return int(status_line.split()[1])
        except (IndexError, ValueError):
            raise ConnectionError(f"no HTTP status line: {status_line[:80]!r}") from None

    async def send(self, method: str, path: str, *, form: dict[str, str] | None = None,
                   headers: dict[str, str] | None = None) -> Answer:
        """A request as a browser sends it (``form`` posted as a form), its whole answer read, and
        the cookies it sets kept for the next one (a message shown once, a rotated token)."""
        extra = dict(headers or {})
        body = b""
        if form is not None:
            body = urlencode(form).encode("utf-8")
            extra["Content-Type"] = "application/x-www-form-urlencoded"
        if method != "GET":
            extra["Content-Length"] = str(len(body))
        more = "".join(f"{name}: {value}\r\n" for name, value in extra.items()).encode("latin-1")
        request = f"{method} {path} HTTP/1.1\r\n".encode("latin-1") + self.head[:-2] + more + b"\r\n" + body
        reader, writer = await asyncio.open_connection(self.host, self.port)
        try:
            writer.write(request)
            data = await reader.read()  # the whole answer: the server closes after it
        finally:
            writer.close()
        head, _, raw = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        try:
            status = int(lines[0].split()[1])
        except (IndexError, ValueError):
            raise ConnectionError(f"no HTTP status line: {data[:80]!r}") from None
        found: dict[str, str] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                self._keep_cookie(value)
            else:
                found[name] = value
        if found.get("transfer-encoding", "").lower() == "chunked":
            raw = _unchunked(raw)
        return Answer(status, found, raw.decode("utf-8", errors="replace"))

    def _keep_cookie(self, header: str) -> None:
        pair, *attributes = header.split(";")
        name, _, value = pair.strip().partition("=")
        removed = not value or any(a.strip().lower() == "max-age=0" for a in attributes)
        if removed:
            self.cookies.pop(name, None)
        else:
            self.cookies[name] = value
        self.head = self._head()


def _unchunked(raw: bytes) -> bytes:
    body, rest = b"", raw
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        body, rest = body + rest[:size], rest[size + 2:]
    return body


def request_log(log_path: Path, since: float, until: float) -> Iterator[dict]:
    """The request lines (club/logging.py: ``method``, ``path`` without its query, ``status``,
    ``duration_ms``, ``cpu_ms``, ...) gunicorn's workers logged between ``since``
    and ``until`` (epoch seconds), as written."""
    for line in log_path.read_text(errors="replace").splitlines():
        if not line.startswith("{") or '"club.request"' not in line:
            continue
        record = json.loads(line)
        if since <= datetime.fromisoformat(record["time"]).timestamp() <= until:
            yield record
