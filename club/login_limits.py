"""The limits on failed sign-ins: per account, to stop one password being guessed, and per address,
to stop a flood from one place.

``LOGIN_RATE_LIMIT`` holds both, in allauth's notation: ``60/m/ip,5/5m/key`` lets 60 failures a
minute come from one address (``ip``: the client's, club/client_address.py) and 5 in five
minutes name one account (``key``: whichever of its names was typed, club.accounts.account_key).
A period is ``s``, ``m``, ``h`` or ``d``, with a number in front if need be (``5m``). The windows
slide: a lock lasts until the oldest failure that made it is older than the period.

Only failures count. A sign-in takes its place in the counts while it is checked (``attempt``),
so guesses sent at once cannot all slip under the limit, and gives it back when it succeeds: a
club's sixty members signing in from its one Wi-Fi address at the start of an evening use none
of the address's allowance, and the few who mistype use one each.

The counts live in the default cache (the database cache, or Redis with ``CACHE_URL``) as the
times of the latest failures, at most as many as the limit allows, under keys that hold no
address or name in clear.
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured

from club.client_address import client_address

if TYPE_CHECKING:
    from django.http import HttpRequest

ADDRESS = "ip"
ACCOUNT = "key"
PERIOD_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
RATE = re.compile(r"(?P<amount>\d+)/(?P<count>\d*(?:\.\d+)?)(?P<unit>[smhd])(?:/(?P<per>ip|key))?\Z")
EXAMPLE = "60/m/ip,5/5m/key"
# One IPv6 subscriber is given a whole /64 network: it counts as one address (as allauth does).
IPV6_PREFIX = 64
# How long a count is held for one sign-in's read and write, and how long another waits for it.
# A holder that died frees it after HOLD_SECONDS; a waiter gives up after WAIT_SECONDS and writes
# all the same, at worst losing one failure to a race rather than refusing a member.
HOLD_SECONDS = 5
WAIT_SECONDS = 1.0


@dataclass(frozen=True)
class Rate:
    """At most ``amount`` failures per ``per`` (an address or an account) within ``seconds``."""

    amount: int
    seconds: float
    per: str

    def __str__(self) -> str:
        return f"{self.amount}/{self.seconds:g}s/{self.per}"


@lru_cache(maxsize=8)
def parse_rates(text: str) -> tuple[Rate, ...]:
    """The rates ``LOGIN_RATE_LIMIT`` names (``60/m/ip,5/5m/key``; without ``/ip`` or ``/key`` a rate is
    per address, as in allauth). Refuses (ImproperlyConfigured) what it cannot read."""
    rates = []
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        match = RATE.match(part)
        seconds = float(match["count"] or 1) * PERIOD_UNITS[match["unit"]] if match else 0
        if not match or int(match["amount"]) < 1 or seconds <= 0:
            raise ImproperlyConfigured(
                f"LOGIN_RATE_LIMIT: {part!r} is not AMOUNT/PERIOD/ip or AMOUNT/PERIOD/key (a period is s, m, h "
                f"or d, e.g. 5m): write for instance {EXAMPLE}")
        rates.append(Rate(amount=int(match["amount"]), seconds=seconds, per=match["per"] or ADDRESS))
    return tuple(dict.fromkeys(rates))


def rates() -> tuple[Rate, ...]:
    return parse_rates(settings.LOGIN_RATE_LIMIT)


def address_key(request: HttpRequest) -> str:
    """The address a request's failures count against: the client's, its IPv6 network as a whole."""
    address = client_address(request)
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/{IPV6_PREFIX}", strict=False))
    return str(parsed)


def _cache_key(rate: Rate, name: str) -> str:
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()
    return f"club:login-failures:{rate}:{digest}"


def _counts(request: HttpRequest, account: str) -> list[tuple[Rate, str]]:
    address = address_key(request)
    return [(rate, _cache_key(rate, address if rate.per == ADDRESS else account)) for rate in rates()]


def _recent(times: list[float], rate: Rate, now: float) -> list[float]:
    return [at for at in times if at > now - rate.seconds]


@contextmanager
def _held(key: str) -> Iterator[None]:
    """Hold ``key`` for one read and write of its failures, so sign-ins at once are all counted."""
    hold = f"{key}:held"
    deadline = time.monotonic() + WAIT_SECONDS
    pause = 0.01
    held = cache.add(hold, 1, timeout=HOLD_SECONDS)
    while not held and time.monotonic() < deadline:
        time.sleep(pause)
        pause = min(pause * 2, 0.1)
        held = cache.add(hold, 1, timeout=HOLD_SECONDS)
    try:
        yield
    finally:
        if held:
            cache.delete(hold)


@dataclass(frozen=True)
class Attempt:
    """A sign-in being checked: it counts as a failure unless it is said to have succeeded."""

    counts: tuple[tuple[Rate, str], ...]
    at: float

    def succeeded(self) -> None:
        """Give back the place this sign-in took: a success counts against nothing."""
        for rate, key in self.counts:
            with _held(key):
                times = cache.get(key, [])
                if self.at in times:
                    times.remove(self.at)
                    cache.set(key, times, timeout=math.ceil(rate.seconds))


def locked(request: HttpRequest, *, account: str) -> bool:
    """Whether the account (an account_key) or the request's address has used up its failures."""
    counts = _counts(request, account)
    found = cache.get_many([key for _, key in counts])
    now = time.time()
    return any(len(_recent(found.get(key, []), rate, now)) >= rate.amount for rate, key in counts)


def attempt(request: HttpRequest, *, account: str) -> Attempt | None:
    """Count a sign-in about to be checked against the account and the address, or None (counting
    nothing) when either has used up its failures: it is refused, even with the right password."""
    now = time.time()
    taken: list[tuple[Rate, str]] = []
    for rate, key in _counts(request, account):
        with _held(key):
            times = _recent(cache.get(key, []), rate, now)
            full = len(times) >= rate.amount
            if not full:
                cache.set(key, [*times, now], timeout=math.ceil(rate.seconds))
                taken.append((rate, key))
        if full:
            Attempt(counts=tuple(taken), at=now).succeeded()
            return None
    return Attempt(counts=tuple(taken), at=now)


def forget_account(account: str) -> None:
    """Lift the account's lock (its password was just reset); its addresses keep their counts."""
    cache.delete_many([_cache_key(rate, account) for rate in rates() if rate.per == ACCOUNT])
