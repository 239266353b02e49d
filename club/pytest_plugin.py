"""The test suite's plugin, loaded before Django starts (``-p club.pytest_plugin``).

It fixes the environment the tests run in (production-like: DEBUG off, a test secret key, no
HTTPS redirect) and, when a broker is configured, starts a real Celery worker for the tests
that enqueue tasks, pointed at the test database.

Under pytest-xdist each test process is on its own: its own test database (pytest-django names
it after the process), its own keys in a shared cache (``CACHE_URL`` gets the process's
``key_prefix``) and its own Celery queue, consumed by its own worker only.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pytest
from django.conf import settings
from django.db import connection

from club.celery import app as celery_app

os.environ.setdefault("SECRET_KEY", "test-secret-key-not-for-production-" + "x" * 20)
os.environ.setdefault("TESTING", "1")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
os.environ.setdefault("LOGIN_RATE_LIMIT", "1000/m/ip,1000/m/key")
# Tests open and close connections per request as before; threads and the worker share the database.
os.environ.setdefault("CONN_MAX_AGE", "0")

# This test process's name: "gw0", "gw1", ... under pytest-xdist, "main" alone.
PROCESS = os.environ.get("PYTEST_XDIST_WORKER", "main")
# Set, not defaulted: pytest-xdist's processes inherit the environment of the one that starts them.
os.environ["CELERY_TASK_DEFAULT_QUEUE"] = f"tests-{PROCESS}"
# The Celery worker this process starts, by the node name it answers to.
WORKER_NODE = f"tests-{PROCESS}-{os.getpid()}@{socket.gethostname()}"


def _with_key_prefix(url: str, prefix: str) -> str:
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    query.setdefault("key_prefix", prefix)
    return urlunsplit(parts._replace(query=urlencode(query)))


if os.environ.get("CACHE_URL") and "PYTEST_XDIST_WORKER" in os.environ:
    os.environ["CACHE_URL"] = _with_key_prefix(os.environ["CACHE_URL"], f"tests-{PROCESS}")


def _broker_configured() -> bool:
    return bool(os.environ.get("CELERY_BROKER_URL"))


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker):
    """A real worker when a broker is configured (CI on PostgreSQL + Redis); None otherwise, when
    tasks run in-process. Tests using it must commit their data (``transaction=True``)."""
    if not _broker_configured():
        yield None
        return
    env = dict(os.environ)
    db = settings.DATABASES["default"]
    # The worker must see the test database that pytest-django created.
    env["DATABASE_URL"] = (f"postgres://{db.get('USER') or 'postgres'}@{db.get('HOST') or '127.0.0.1'}:"
                           f"{db.get('PORT') or 5432}/{connection.settings_dict['NAME']}")
    cmd = [sys.executable, "-m", "celery", "-A", "club", "worker", "--loglevel=WARNING",
           "--concurrency=2", "--pool=prefork", "--without-gossip", "--without-mingle", "--without-heartbeat",
           "-Q", os.environ["CELERY_TASK_DEFAULT_QUEUE"], "-n", WORKER_NODE]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    celery_app.control.purge()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("the Celery worker exited: " + proc.stderr.read().decode()[-2000:])
        replies = celery_app.control.ping(destination=[WORKER_NODE], timeout=1.0)
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
    """Wait until the outbox is sent and this process's worker has no task running, reserved or
    queued."""
    # The outbox reads its models, which exist only once Django has started: after this plugin loads.
    from club import outbox

    deadline = time.monotonic() + timeout
    idle_seen = 0
    while time.monotonic() < deadline:
        # A row whose publishing thread has not run yet is sent now, so that its task runs within
        # the test that asked for it.
        outbox.relay()
        inspect = app.control.inspect(destination=[WORKER_NODE], timeout=1.0)
        found = [inspect.active(), inspect.reserved(), inspect.scheduled()]
        # A worker too busy to answer within the timeout is not known to be idle: ask again.
        answered = all(replies and WORKER_NODE in replies for replies in found)
        idle = (answered and queued_messages(app) == 0
                and not any(tasks for replies in found for tasks in replies.values())
                and outbox.backlog()[0] == 0)
        # A message the worker has taken off the queue but not yet listed as reserved is in neither
        # count for a moment: idle is believed when seen twice in a row.
        idle_seen = idle_seen + 1 if idle else 0
        if idle_seen == 2:
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
        _worker_idle(celery_app)


def pytest_unconfigure(config):
    """Django removes the SQLite test database's file when the run ends, not the write-ahead log
    and shared-memory files beside it."""
    if not settings.configured or settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        return
    name = settings.DATABASES["default"].get("TEST", {}).get("NAME")
    for suffix in ("-wal", "-shm"):
        if name and os.path.exists(name + suffix) and not os.path.exists(name):
            os.remove(name + suffix)
