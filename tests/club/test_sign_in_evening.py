"""A club evening: the members sign in from the club's one Wi-Fi address, through the reverse
proxy of deploy/nginx, all within a minute. Only failures count, per account and per address; the
address is the member's own (X-Forwarded-For) only when the request comes from a trusted proxy."""

import ast
import re
from pathlib import Path
from unittest import mock

import pytest
from allauth.account.adapter import get_adapter
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from club import login_limits
from club.client_address import client_address, trusted_proxies
from club.login_limits import Rate, parse_rates
from tests import factories

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "pw-12345678"
PROXY = "127.0.0.1"  # nginx on the same machine (deploy/nginx/club.conf)
CLUB_WIFI = "203.0.113.10"  # every phone at the club, behind the Wi-Fi's one public address
LOCKED = "Too many failed sign-in attempts"


def default_limit() -> str:
    """The code's own LOGIN_RATE_LIMIT (the test suite runs with a far higher one): the one
    `.env.example` sets, which tests/club/test_env_example.py holds to the code's default."""
    text = (ROOT / ".env.example").read_text(encoding="utf-8")
    return re.search(r"^LOGIN_RATE_LIMIT=(\S+)$", text, re.M).group(1)


DEFAULT = default_limit()


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def via_proxy(forwarded_for: str) -> dict:
    """What nginx passes on: its own address, and the client's appended to X-Forwarded-For."""
    return {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": forwarded_for}


def form_login(client, email, password, **where):
    return client.post(reverse("account_login"), {"login": email, "password": password}, **where)


def token(login, password, **where):
    return APIClient().post("/api/token/", {"username": login, "password": password}, format="json", **where)


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


# --- the evening ------------------------------------------------------------------------------------

@override_settings(LOGIN_RATE_LIMIT=DEFAULT, FORWARDED_ALLOW_IPS=[PROXY])
def test_sixty_members_sign_in_from_the_clubs_one_address_in_a_minute_typos_and_all():
    members = [factories.member() for _ in range(60)]
    phones = {}
    for n, member in enumerate(members):
        phone = phones[member.pk] = Client()
        if n % 10 == 0:  # one in ten mistypes first
            response = form_login(phone, member.user.email, "pw-1234567", **via_proxy(CLUB_WIFI))
            assert response.status_code == 200 and not signed_in(phone)
        response = form_login(phone, member.user.email, PASSWORD, **via_proxy(CLUB_WIFI))
        assert response.status_code == 302, (n, response.content.decode()[:300])
        assert signed_in(phone)
    # ...and each one's phone app asks for its API token from the same address, a few mistyped too.
    for n, member in enumerate(members):
        if n % 15 == 0:
            assert token(member.user.username, "PW-12345678", **via_proxy(CLUB_WIFI)).status_code == 400
        response = token(member.user.email, PASSWORD, **via_proxy(CLUB_WIFI))
        assert response.status_code == 200, (n, response.content.decode()[:300])


@override_settings(LOGIN_RATE_LIMIT=DEFAULT, FORWARDED_ALLOW_IPS=[PROXY])
def test_one_accounts_password_guessed_from_many_addresses_is_locked_after_the_account_limit(plain_member):
    per_account = next(rate.amount for rate in parse_rates(DEFAULT) if rate.per == login_limits.ACCOUNT)
    for n in range(per_account):
        assert token(plain_member.user.email, f"guess-{n}", **via_proxy(f"198.51.100.{n + 1}")).status_code == 400
    # The right password, from an address that never guessed: locked, on the API and the sign-in page.
    response = token(plain_member.user.email, PASSWORD, **via_proxy("198.51.100.200"))
    assert response.status_code == 429 and response.json()["message"].startswith(LOCKED)
    phone = Client()
    response = form_login(phone, plain_member.user.email, PASSWORD, **via_proxy("198.51.100.201"))
    assert "Too many failed login attempts" in response.content.decode() and not signed_in(phone)
    # Nobody else at any of those addresses is held up.
    assert token(factories.member().user.email, PASSWORD, **via_proxy("198.51.100.1")).status_code == 200


@override_settings(LOGIN_RATE_LIMIT=DEFAULT, FORWARDED_ALLOW_IPS=[PROXY])
def test_a_flood_of_failures_from_one_address_is_refused_over_the_address_ceiling():
    per_address = next(rate.amount for rate in parse_rates(DEFAULT) if rate.per == login_limits.ADDRESS)
    flood = "192.0.2.66"
    for n in range(per_address):
        # A different name each time: no account's own limit is reached.
        assert token(f"nobody-{n}@example.org", "guess", **via_proxy(flood)).status_code == 400
    member = factories.member()
    response = token(member.user.email, PASSWORD, **via_proxy(flood))
    assert response.status_code == 429 and response.json()["message"].startswith(LOCKED)
    # The flood locked its address only: the club's members sign in as before.
    assert token(member.user.email, PASSWORD, **via_proxy(CLUB_WIFI)).status_code == 200


@override_settings(LOGIN_RATE_LIMIT="100/m/ip,3/5m/key")
def test_a_lock_lasts_until_its_oldest_failure_leaves_the_window(plain_member):
    start = 1_800_000_000.0
    with mock.patch.object(login_limits.time, "time", return_value=start):
        for _ in range(3):
            assert token(plain_member.user.email, "wrong").status_code == 400
    with mock.patch.object(login_limits.time, "time", return_value=start + 299):
        assert token(plain_member.user.email, PASSWORD).status_code == 429
    with mock.patch.object(login_limits.time, "time", return_value=start + 301):
        assert token(plain_member.user.email, PASSWORD).status_code == 200


# --- whose address: X-Forwarded-For from a trusted proxy only ---------------------------------------

@override_settings(LOGIN_RATE_LIMIT="3/m/ip,100/5m/key", FORWARDED_ALLOW_IPS=[PROXY])
def test_behind_the_trusted_proxy_two_members_addresses_are_counted_apart(plain_member):
    other = factories.member()
    for _ in range(3):
        assert token(plain_member.user.email, "wrong", **via_proxy("198.51.100.1")).status_code == 400
    # The first member's address is locked...
    assert token(plain_member.user.email, PASSWORD, **via_proxy("198.51.100.1")).status_code == 429
    # ...the second's, through the same proxy, is not.
    assert token(other.user.email, PASSWORD, **via_proxy("198.51.100.2")).status_code == 200


@override_settings(LOGIN_RATE_LIMIT="3/m/ip,100/5m/key", FORWARDED_ALLOW_IPS=[PROXY])
def test_a_forged_header_from_an_untrusted_address_is_ignored(plain_member):
    for n in range(3):
        response = token(plain_member.user.email, "wrong", REMOTE_ADDR="192.0.2.66",
                         HTTP_X_FORWARDED_FOR=f"10.9.8.{n}")
        assert response.status_code == 400
    # A new header each time does not make a new address: the one that sent them is locked.
    response = token(plain_member.user.email, PASSWORD, REMOTE_ADDR="192.0.2.66", HTTP_X_FORWARDED_FOR="10.9.8.99")
    assert response.status_code == 429


@override_settings(LOGIN_RATE_LIMIT="3/m/ip,100/5m/key", FORWARDED_ALLOW_IPS=[PROXY])
def test_behind_the_proxy_what_the_client_wrote_before_it_is_ignored(plain_member):
    # nginx appends the address it saw to whatever the client sent: only that last one is believed.
    for n in range(3):
        assert token(plain_member.user.email, "wrong", **via_proxy(f"10.9.8.{n}, 192.0.2.66")).status_code == 400
    assert token(plain_member.user.email, PASSWORD, **via_proxy("10.9.8.99, 192.0.2.66")).status_code == 429
    assert token(plain_member.user.email, PASSWORD, **via_proxy("192.0.2.66, 198.51.100.5")).status_code == 200


@override_settings(LOGIN_RATE_LIMIT="3/m/ip,100/5m/key", FORWARDED_ALLOW_IPS=[])
def test_with_no_proxy_trusted_the_header_is_ignored_even_from_the_machine(plain_member):
    for n in range(3):
        assert token(plain_member.user.email, "wrong", **via_proxy(f"198.51.100.{n}")).status_code == 400
    assert token(plain_member.user.email, PASSWORD, **via_proxy("198.51.100.77")).status_code == 429


# The client's address for what reaches the site: (trusted proxies, REMOTE_ADDR, X-Forwarded-For) -> address.
ADDRESSES = [
    (["127.0.0.1"], "203.0.113.5", None, "203.0.113.5"),
    (["127.0.0.1"], "203.0.113.5", "198.51.100.1", "203.0.113.5"),  # not from a proxy: the header is anyone's
    (["127.0.0.1"], "127.0.0.1", None, "127.0.0.1"),
    (["127.0.0.1"], "127.0.0.1", "198.51.100.1", "198.51.100.1"),
    (["127.0.0.1"], "127.0.0.1", "1.2.3.4, 198.51.100.1", "198.51.100.1"),  # the client wrote 1.2.3.4
    (["127.0.0.1", "10.0.0.0/8"], "127.0.0.1", "198.51.100.1, 10.1.2.3", "198.51.100.1"),  # two proxies
    (["127.0.0.1"], "127.0.0.1", "198.51.100.1, 10.1.2.3", "10.1.2.3"),  # 10.1.2.3 is no proxy of ours
    (["127.0.0.1"], "127.0.0.1", "198.51.100.1:51000", "198.51.100.1"),  # a port left on
    (["127.0.0.1"], "127.0.0.1", "[2001:db8::7]:443", "2001:db8::7"),
    (["127.0.0.1"], "127.0.0.1", "1.2.3.4, not-an-address", "127.0.0.1"),  # no proxy writes that
    (["127.0.0.1"], "127.0.0.1", "127.0.0.1", "127.0.0.1"),
    (["::1"], "::1", "2001:db8::9", "2001:db8::9"),
    (["127.0.0.1"], "::ffff:203.0.113.5", None, "203.0.113.5"),
    ([], "127.0.0.1", "198.51.100.1", "127.0.0.1"),
    (["*"], "192.0.2.1", "198.51.100.1", "198.51.100.1"),
]


@pytest.mark.parametrize(("trusted", "remote", "forwarded", "expected"), ADDRESSES)
def test_client_address(trusted, remote, forwarded, expected):
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
    request = RequestFactory().get("/", REMOTE_ADDR=remote, **headers)
    with override_settings(FORWARDED_ALLOW_IPS=trusted):
        assert client_address(request) == expected


@override_settings(FORWARDED_ALLOW_IPS=[PROXY])
def test_allauths_own_limits_count_the_same_client():
    # Password reset requests and signups are limited by allauth per address: the member's too.
    request = RequestFactory().post("/", **via_proxy("1.2.3.4, 198.51.100.9"))
    assert get_adapter(request).get_client_ip(request) == "198.51.100.9"


def test_an_ipv6_client_counts_as_its_network(settings):
    settings.FORWARDED_ALLOW_IPS = []
    one = RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2::5")
    another = RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2:ffff::9")
    elsewhere = RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:3::5")
    assert login_limits.address_key(one) == login_limits.address_key(another) != login_limits.address_key(elsewhere)


# --- the settings --------------------------------------------------------------------------------------

def test_the_limits_read_allauths_notation():
    assert parse_rates("60/m/ip,5/5m/key") == (Rate(60, 60, "ip"), Rate(5, 300, "key"))
    assert parse_rates("10/m, 100/h/ip,3/30s/key,1/d/key") == (
        Rate(10, 60, "ip"), Rate(100, 3600, "ip"), Rate(3, 30, "key"), Rate(1, 86400, "key"))


@pytest.mark.parametrize("wrong", ["10", "10/m/user", "ten/m/ip", "0/m/ip", "5/5x/key", "5/0m/key"])
def test_a_limit_that_cannot_be_read_stops_the_site(wrong):
    with pytest.raises(ImproperlyConfigured, match="LOGIN_RATE_LIMIT"):
        parse_rates(wrong)


@pytest.mark.parametrize("wrong", ["localhost", "10.0.0.0/33", "nginx:80"])
def test_a_proxy_that_cannot_be_read_stops_the_site(wrong):
    with pytest.raises(ImproperlyConfigured, match="FORWARDED_ALLOW_IPS"):
        trusted_proxies(["127.0.0.1", wrong])


def test_allauth_counts_no_failed_login_of_its_own_and_every_login_is_not_limited(settings):
    # The club's limits count failures (once); allauth's would count them again, and its "login"
    # limit (30 a minute per address, successes included) would refuse the 31st member.
    assert settings.ACCOUNT_RATE_LIMITS["login_failed"] is None
    assert settings.ACCOUNT_RATE_LIMITS["login"] is None
    # gunicorn and the site read one variable, with one default.
    gunicorn = (ROOT / "club" / "gunicorn.conf.py").read_text(encoding="utf-8")
    assert 'os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")' in gunicorn
    assert re.search(r"^FORWARDED_ALLOW_IPS=127\.0\.0\.1$", (ROOT / ".env.example").read_text(), re.M)


# --- no framework internals -----------------------------------------------------------------------

FRAMEWORKS = ("allauth", "django", "rest_framework", "celery")
PROJECT = ("club", "games", "rules")


def internal_imports(source: str, filename: str) -> list[str]:
    """The imports of a framework's internals in a module: a module path with an ``internal`` part
    or a part starting with ``_``, or a name starting with ``_`` taken from one."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules, names = [node.module], [alias.name for alias in node.names]
        elif isinstance(node, ast.Import):
            modules, names = [alias.name for alias in node.names], []
        else:
            continue
        for module in modules:
            parts = module.split(".")
            if parts[0] not in FRAMEWORKS:
                continue
            private = [name for name in names if name.startswith("_")]
            if any(part == "internal" or part.startswith("_") for part in parts) or private:
                found.append(f"{filename}:{node.lineno}: {module} {', '.join(private)}".rstrip())
    return found


def test_the_scan_sees_internals():
    source = ("from allauth.core.internal import ratelimit\nimport allauth.mfa.totp.internal.auth\n"
              "from django.db.models.sql import _private\nfrom rest_framework._x import y\n"
              "from allauth.account.adapter import get_adapter\nfrom club.internal import fine\n")
    assert [line.split(":")[1] for line in internal_imports(source, "sample.py")] == ["1", "2", "3", "4"]


def test_no_module_of_the_project_imports_a_frameworks_internals():
    found = []
    for folder in PROJECT:
        for path in sorted((ROOT / folder).rglob("*.py")):
            found += internal_imports(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not found, "framework internals imported (they change without notice):\n" + "\n".join(found)

