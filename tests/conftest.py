import pytest


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
