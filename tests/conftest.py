"""Fixtures every app's tests share: members of each role and clients logged in as them. An app's
own conftest adds what only its tests need (and may give a role a name of its table)."""

from pathlib import Path

import pytest
from django.db import connection
from django.test import override_settings
from pytest_django.plugin import blocking_manager_key
from rest_framework.test import APIClient

from club.models import Member
from rules import services as rules_services
from rules.rulebook import rulebook_sync
from tests import budgets, factories


def pytest_report_header(config):
    return (f"hypothesis budgets: profile {budgets.PROFILE} (x{budgets.SCALE:g} of each test's full budget; "
            "HYPOTHESIS_PROFILE=ci for the full ones)")


def pytest_collection_modifyitems(config, items):
    """The long reference runs (``slow``) run only when a marker expression names them
    (``-m slow``, ``make test-slow``): otherwise they are left out of the run, not skipped in it.

    The files run largest first, so that the processes of a parallel run finish together, and the
    browser tests after all the others: from the first one on, a process keeps Chromium and its
    event loop (tests/e2e/conftest.py)."""
    if "slow" not in (config.getoption("markexpr") or ""):
        slow = [item for item in items if item.get_closest_marker("slow")]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if not item.get_closest_marker("slow")]
    files: dict[Path, list] = {}
    for item in items:
        files.setdefault(Path(item.path), []).append(item)
    e2e = Path(__file__).parent / "e2e"
    order = sorted(files, key=lambda path: (path.is_relative_to(e2e), -len(files[path])))
    items[:] = [item for path in order for item in files[path]]


# Whether a test that commits (``transaction=True``, a live server) has emptied the database since
# the rules archive was loaded: the rulebook and the founding precedents are loaded once per process
# (tests/rules/conftest.py) and a flush takes them away.
_archive = {"flushed": False}


def _commits(item) -> bool:
    marker = item.get_closest_marker("django_db")
    return bool(marker and marker.kwargs.get("transaction")) or bool(
        {"transactional_db", "live_server", "django_db_reset_sequences"} & set(item.fixturenames))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    result = yield
    if _commits(item):
        _archive["flushed"] = True
    return result


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """The archive comes back once after a flush, committed before the next test that reads it
    opens its transaction, instead of being loaded again inside each such test."""
    if _archive["flushed"] and "archive" in item.fixturenames and not _commits(item):
        with item.config.stash[blocking_manager_key].unblock():
            rulebook_sync()
            rules_services.founding_precedents_load()
        _archive["flushed"] = False


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database, dropped cleanly at the end: connections that threads or the Celery worker
    left open would keep PostgreSQL from dropping it."""
    yield
    if connection.vendor == "postgresql":
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = current_database() AND pid <> pg_backend_pid()")


@pytest.fixture(scope="session", autouse=True)
def _no_collected_static_files(tmp_path_factory):
    """The static files are served as in a fresh clone: from static/ and the apps (the live
    server's static handler), never from a STATIC_ROOT that ``collectstatic`` (make bench,
    .ci/prod-smoke) left in the work tree. WhiteNoise reads every file of STATIC_ROOT each time
    a test client builds its middleware, once per client: ~40 ms a client with the collected
    files there, a few thousand clients a run. tests/club/test_release.py collects into a
    STATIC_ROOT of its own."""
    with override_settings(STATIC_ROOT=tmp_path_factory.mktemp("static-root")):
        yield


@pytest.fixture(autouse=True)
def _default_language():
    """Every test starts in the site's default language: a request in Russian leaves Russian active
    in the thread, which would leak into the next test."""
    yield
    from django.conf import settings

    if settings.configured:
        from django.utils import translation

        translation.deactivate()


@pytest.fixture(autouse=True)
def _nothing_kept_from_another_test():
    """Every test starts with nothing kept in the process's own caches: a test's rows are rolled
    back, but what was kept from them (a search under the archive's version, a deal's panel under
    its revision: SQLite gives the next test's deal the same id) would outlive them. A shared
    cache (Redis, in the PostgreSQL runs) is left alone: ids are not reused there."""
    from django.core.cache import caches
    from django.core.cache.backends.locmem import LocMemCache

    for name in ("fragments", "panels"):
        if isinstance(caches[name], LocMemCache):
            caches[name].clear()


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Members made in tests log in with passwords or force_login; the production hasher would
    spend seconds on them for nothing (the login limits count attempts, not hashing time)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def croupier(db):
    return factories.member(Member.Role.CROUPIER)


@pytest.fixture
def admin_member(db):
    return factories.member(Member.Role.ADMIN)


@pytest.fixture
def plain_member(db):
    return factories.member()


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def api_as():
    """An API client authenticated as ``member``."""
    def login(member):
        client = APIClient()
        client.force_authenticate(member.user)
        return client
    return login


@pytest.fixture
def client_as(client):
    """The test client logged in as ``member``."""
    def login(member):
        client.force_login(member.user)
        return client
    return login


@pytest.fixture
def tasks_done(celery_worker_process):
    """Wait until the tasks the test asked for have run: at once without a broker (they ran at the
    commit), on the real worker with one. The test must commit (``transaction=True``)."""
    def wait():
        if celery_worker_process is not None:
            from club.celery import app
            from club.pytest_plugin import _worker_idle

            _worker_idle(app, timeout=120)
    return wait
