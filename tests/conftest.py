"""Fixtures every app's tests share: members of each role and clients logged in as them. An app's
own conftest adds what only its tests need (and may give a role a name of its table)."""

import pytest
from rest_framework.test import APIClient

from club.models import Member
from tests import factories


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database, dropped cleanly at the end: connections that threads or the Celery worker
    left open would keep PostgreSQL from dropping it."""
    yield
    from django.db import connection

    if connection.vendor == "postgresql":
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = current_database() AND pid <> pg_backend_pid()")


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
    """Every test starts with nothing kept in the process's fragments cache: a test's rows are
    rolled back, but what was kept from them (a search, under the archive's version) would
    outlive them."""
    from django.core.cache import caches

    caches["fragments"].clear()


@pytest.fixture(autouse=True)
def _pages_made_afresh_where_queries_are_counted(request, settings):
    """A test that counts a page's queries counts what the page itself asks: the page cache
    (club/page_cache.py) would answer a second look with none, and on SQLite it is queries too."""
    if {"django_assert_num_queries", "django_assert_max_num_queries"} & set(request.fixturenames):
        settings.PAGE_CACHE_SECONDS = 0


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
