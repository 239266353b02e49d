"""The test suite's plugin, loaded before Django starts (``-p club.pytest_plugin``).

It fixes the environment the tests run in (production-like: DEBUG off, a test secret key, no
HTTPS redirect) and, when a broker is configured, starts a real Celery worker for the tests
that enqueue tasks, pointed at the test database.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

os.environ.setdefault("SECRET_KEY", "test-secret-key-not-for-production-" + "x" * 20)
os.environ.setdefault("TESTING", "1")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
os.environ.setdefault("LOGIN_RATE_LIMIT", "1000/m/ip,1000/m/key")
# Tests open and close connections per request as before; threads and the worker share the database.
os.environ.setdefault("CONN_MAX_AGE", "0")


def _broker_configured() -> bool:
    return bool(os.environ.get("CELERY_BROKER_URL"))


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker):
    """A real worker when a broker is configured (CI on PostgreSQL + Redis); None otherwise, when
    tasks run in-process. Tests using it must commit their data (``transaction=True``)."""
    if not _broker_configured():
        yield None
        return
    from django.conf import settings
    from django.db import connection

    env = dict(os.environ)
    db = settings.DATABASES["default"]
    # The worker must see the test database that pytest-django created.
    env["DATABASE_URL"] = (f"postgres://{db.get('USER') or 'postgres'}@{db.get('HOST') or '127.0.0.1'}:"
                           f"{db.get('PORT') or 5432}/{connection.settings_dict['NAME']}")
    cmd = [sys.executable, "-m", "celery", "-A", "club", "worker", "--loglevel=WARNING",
           "--concurrency=2", "--pool=prefork", "--without-gossip", "--without-mingle", "--without-heartbeat",
           "-n", f"test-{os.getpid()}@%h"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    from club.celery import app

    app.control.purge()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("the Celery worker exited: " + proc.stderr.read().decode()[-2000:])
        replies = app.control.ping(timeout=1.0)
        if replies:
            break
    else:
        proc.terminate()
        raise RuntimeError("the Celery worker did not answer within 60 s")
    yield proc
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


def queued_messages(app, queue: str | None = None) -> int:
    """How many messages wait in ``queue`` (the default queue), on any broker: a passive declare
    reports the count on RabbitMQ and on Redis alike; a queue that does not exist holds none."""
    with app.connection_for_write() as conn, conn.channel() as channel:
        try:
            return channel.queue_declare(queue=queue or app.conf.task_default_queue, passive=True).message_count
        except conn.channel_errors:
            return 0


def _worker_idle(app, timeout: float = 60.0) -> None:
    """Wait until the outbox is sent and the worker has no task running, reserved or queued."""
    from club import outbox

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        # A row whose publishing thread has not run yet is sent now, so that its task runs within
        # the test that asked for it.
        outbox.relay()
        inspect = app.control.inspect(timeout=1.0)
        busy = [inspect.active() or {}, inspect.reserved() or {}, inspect.scheduled() or {}]
        if (queued_messages(app) == 0 and not any(tasks for found in busy for tasks in found.values())
                and outbox.backlog()[0] == 0):
            return
        time.sleep(0.2)


@pytest.fixture(autouse=True)
def _celery_worker_drained(request):
    """A test that ran tasks on the real worker waits for it to be idle before its data is flushed,
    so no task of that test still holds rows when the next test starts."""
    if "celery_worker_process" not in request.fixturenames:
        yield
        return
    # Set the database up first, so that this fixture is torn down before the flush.
    request.getfixturevalue("_django_db_helper")
    worker = request.getfixturevalue("celery_worker_process")
    yield
    if worker is not None:
        from club.celery import app

        _worker_idle(app)


def pytest_unconfigure(config):
    """Django removes the SQLite test database's file when the run ends, not the write-ahead log
    and shared-memory files beside it."""
    from django.conf import settings

    if not settings.configured or settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        return
    name = settings.DATABASES["default"].get("TEST", {}).get("NAME")
    for suffix in ("-wal", "-shm"):
        if name and os.path.exists(name + suffix) and not os.path.exists(name):
            os.remove(name + suffix)
