"""The address a request came from, as the sign-in limits count it.

Behind the reverse proxy of deploy/nginx every request reaches gunicorn from the proxy
(``REMOTE_ADDR`` 127.0.0.1), and the member's own address is the one the proxy appended to
``X-Forwarded-For``. That header is anyone's to write, so it is believed only when the request
came from a proxy named in ``FORWARDED_ALLOW_IPS`` (gunicorn's variable of the same name, which
club/gunicorn.conf.py reads for ``X-Forwarded-Proto``): then the client is the right-most address
in it that is not itself a trusted proxy. What stands left of that address was sent by the client
and is never read, so a forged header changes nothing. From anywhere else: ``REMOTE_ADDR``.

Read by club/settings.py before Django is set up (a value that cannot be read stops the site at
start): nothing at import needs the settings.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

if TYPE_CHECKING:
    from django.http import HttpRequest

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

ANY = "*"


@dataclass(frozen=True)
class TrustedProxies:
    """The proxies ``FORWARDED_ALLOW_IPS`` names: addresses or networks, or every address (``*``)."""

    everyone: bool
    networks: tuple[Network, ...]

    def trust(self, address: Address | None) -> bool:
        # A request that came over a UNIX socket has no address, and only a process on the machine
        # can open one: gunicorn trusts it too.
        if address is None or self.everyone:
            return True
        return any(address in network for network in self.networks)


@lru_cache(maxsize=8)
def _trusted_proxies(names: tuple[str, ...]) -> TrustedProxies:
    networks = []
    for name in names:
        name = name.strip()
        if not name or name == ANY:
            continue
        try:
            networks.append(ipaddress.ip_network(name, strict=False))
        except ValueError:
            raise ImproperlyConfigured(
                f"FORWARDED_ALLOW_IPS: {name!r} is not an address or a network: write the proxies' "
                f"addresses or networks comma-separated, e.g. 127.0.0.1,10.0.0.0/8, or * for any") from None
    return TrustedProxies(everyone=ANY in (name.strip() for name in names), networks=tuple(networks))


def trusted_proxies(names: str | list[str] | tuple[str, ...]) -> TrustedProxies:
    """The proxies named by ``FORWARDED_ALLOW_IPS`` (a list, or its comma-separated text)."""
    if isinstance(names, str):
        names = names.split(",")
    return _trusted_proxies(tuple(names))


def parse_address(text: str) -> Address | None:
    """The address in one hop of ``X-Forwarded-For`` or in ``REMOTE_ADDR``, with the port some
    proxies add left off (``203.0.113.7:51000``, ``[2001:db8::1]:443``); None if it names none."""
    text = text.strip()
    host = text
    if text.startswith("["):
        host = text[1:].partition("]")[0]
    elif text.count(":") == 1:
        host = text.partition(":")[0]
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None
    # An IPv4 client on a dual-stack socket: the same client as on an IPv4 one.
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def client_address(request: HttpRequest) -> str:
    """The address of the client that sent ``request``: from ``X-Forwarded-For`` when the request
    came from a trusted proxy (the right-most hop that is no trusted proxy itself), otherwise
    ``REMOTE_ADDR``; written as ``ipaddress`` writes it."""
    remote = request.META.get("REMOTE_ADDR") or ""
    proxies = trusted_proxies(settings.FORWARDED_ALLOW_IPS)
    peer = parse_address(remote) if remote else None
    if remote and peer is None:
        return remote
    if not proxies.trust(peer):
        return str(peer)
    for hop in reversed(request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")):
        if not hop.strip():
            continue
        address = parse_address(hop)
        if address is None:
            # No trusted proxy writes that: nothing from here leftwards is believed.
            break
        if not proxies.trust(address):
            return str(address)
        peer = address
    return str(peer) if peer is not None else remote
