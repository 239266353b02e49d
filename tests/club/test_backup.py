"""`manage.py backup` and `manage.py restore`: a round trip of the demo club into a fresh database
(a file on SQLite, a new database on PostgreSQL) gives back every table's rows, the full-text
index and the chip ledger; a restore never overwrites data without --yes."""

from __future__ import annotations

import io
import os
import re
import sqlite3
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection

from club.management.commands import backup as backup_command
from club.management.commands import restore
from club.models import Member
from club.pytest_plugin import _worker_idle
from rules import archive_cache
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)

LEDGER_SQL = ("SELECT account, COALESCE(member_id, 0), SUM(amount), COUNT(*) FROM games_ledgerentry "
              "GROUP BY account, member_id ORDER BY account, COALESCE(member_id, 0)")


def snapshot(cursor, vendor: str) -> dict:
    """Row counts of every table (FTS5 and its shadow tables included), the chip ledger's sums per
    account and member, and on PostgreSQL how many search documents have their tsvector."""
    if vendor == "sqlite":
        cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    else:
        cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
    tables = sorted(row[0] for row in cursor.fetchall())
    counts = {}
    for table in tables:
        cursor.execute(f'SELECT COUNT(*) FROM "{table}"')  # noqa: S608 (names read from the catalogue)
        counts[table] = cursor.fetchone()[0]
    cursor.execute(LEDGER_SQL)
    ledger = [tuple(row) for row in cursor.fetchall()]
    cursor.execute("SELECT COALESCE(SUM(amount), 0), COUNT(*) FROM games_ledgerentry")
    total = tuple(cursor.fetchone())
    shot = {"counts": counts, "ledger": ledger, "ledger_total": total}
    if vendor == "postgresql":
        cursor.execute("SELECT COUNT(*) FROM rules_searchdocument WHERE vector IS NOT NULL")
        shot["vectors"] = cursor.fetchone()[0]
    return shot


@pytest.fixture
def demo_club(celery_worker_process):
    call_command("demo_club", stdout=io.StringIO())
    if celery_worker_process is not None:
        # The tasks the demo enqueued (standings, reports) finish before the snapshot is taken.
        from club.celery import app

        _worker_idle(app)


@pytest.fixture
def target(tmp_path):
    """A fresh, empty database for the restore, and the environment that points the site at it."""
    env = dict(os.environ)
    if connection.vendor == "sqlite":
        path = tmp_path / "restored.sqlite3"
        env.pop("DATABASE_URL", None)
        env["SQLITE_PATH"] = str(path)

        def open_target():
            return sqlite3.connect(path)

        yield env, open_target
        return
    import psycopg

    db = connection.settings_dict
    name = f"{db['NAME']}_restored"[:63]
    admin = dict(host=db.get("HOST") or "127.0.0.1", port=db.get("PORT") or 5432,
                 user=db.get("USER") or "postgres", password=db.get("PASSWORD") or None)
    with psycopg.connect(dbname="postgres", autocommit=True, **admin) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    env["DATABASE_URL"] = f"postgres://{admin['user']}@{admin['host']}:{admin['port']}/{name}"

    def open_target():
        return psycopg.connect(dbname=name, **admin)

    yield env, open_target
    with psycopg.connect(dbname="postgres", autocommit=True, **admin) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(env, *args):
    return subprocess.run([sys.executable, "manage.py", *args], cwd=settings.BASE_DIR, env=env,
                          capture_output=True, text=True, timeout=300)


def target_snapshot(open_target):
    conn = open_target()
    try:
        return snapshot(conn.cursor(), connection.vendor)
    finally:
        conn.close()


def test_round_trip_gives_back_every_row_and_the_ledger(demo_club, target, tmp_path):
    env, open_target = target
    with connection.cursor() as cursor:
        before = snapshot(cursor, connection.vendor)
    # The demo club has chips, history and search documents: nothing is compared vacuously.
    assert before["ledger_total"][1] > 0
    assert before["counts"]["games_historicalresult"] > 0 and before["counts"]["rules_searchdocument"] > 0
    if connection.vendor == "sqlite":
        assert before["counts"]["rules_search_fts"] == before["counts"]["rules_searchdocument"]

    file = tmp_path / "club.backup"
    out = io.StringIO()
    call_command("backup", str(file), stdout=out)
    assert file.is_file() and file.stat().st_size > 0
    assert str(file) in out.getvalue()

    done = manage(env, "restore", str(file))
    assert done.returncode == 0, done.stderr
    assert target_snapshot(open_target) == before

    # The restored database now holds data: a second restore is refused without --yes ...
    refused = manage(env, "restore", str(file))
    assert refused.returncode != 0
    assert "holds data" in refused.stderr and "--yes" in refused.stderr
    assert target_snapshot(open_target) == before
    # ... and replaces everything with it, rows added since included.
    conn = open_target()
    try:
        cur = conn.cursor()
        cur.execute("DELETE FROM games_historicalledgerentry")
        conn.commit()
    finally:
        conn.close()
    assert target_snapshot(open_target) != before
    again = manage(env, "restore", str(file), "--yes")
    assert again.returncode == 0, again.stderr
    assert target_snapshot(open_target) == before


def test_restore_refuses_a_database_holding_data_without_yes(tmp_path):
    file = tmp_path / "club.backup"
    call_command("backup", str(file), stdout=io.StringIO())
    factories.member()
    with pytest.raises(CommandError, match=r"holds data \(.*auth_user.*\).*--yes"):
        call_command("restore", str(file), stdout=io.StringIO())
    assert Member.objects.count() == 1


def test_restore_refuses_a_missing_or_foreign_file(db, tmp_path):
    with pytest.raises(CommandError, match="no backup file at .*nowhere.dump"):
        call_command("restore", str(tmp_path / "nowhere.dump"), "--yes")
    junk = tmp_path / "notes.txt"
    junk.write_text("not a backup at all")
    with pytest.raises(CommandError, match=r"notes.txt is not an? (SQLite database|pg_dump)"):
        call_command("restore", str(junk), "--yes")
    # A backup made on the other engine is named as such.
    other = tmp_path / "other.backup"
    if connection.vendor == "sqlite":
        other.write_bytes(b"PGDMP" + b"\0" * 64)
        expected = "is a PostgreSQL backup: this site runs on SQLite"
    else:
        sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
        expected = "is an SQLite backup: this site runs on PostgreSQL"
    with pytest.raises(CommandError, match=expected):
        call_command("restore", str(other), "--yes")


def test_backup_without_a_path_goes_to_backups_with_a_timestamp(db, tmp_path, monkeypatch):
    monkeypatch.setattr(backup_command, "default_directory", lambda: tmp_path / "backups")
    call_command("backup", stdout=io.StringIO())
    files = list((tmp_path / "backups").iterdir())
    suffix = "sqlite3" if connection.vendor == "sqlite" else "dump"
    assert len(files) == 1
    assert re.fullmatch(rf"club-\d{{8}}-\d{{6}}\.{suffix}", files[0].name)


def test_a_restore_moves_the_archive_on(tmp_path, monkeypatch):
    """The restored rows were written by another program, which sent none of the signals that
    move the archive on: the restore itself does, so nothing the archive kept before (its pages'
    bodies, its API lists, its searches: rules/archive_cache.py) is served for the restored club."""
    file = tmp_path / "club.backup"
    call_command("backup", str(file), stdout=io.StringIO())
    monkeypatch.setattr(restore.Command, "_sqlite_restore", lambda self, connection, source: None)
    monkeypatch.setattr(restore.Command, "_pg_restore", lambda self, connection, source: None)
    before = archive_cache.version()
    call_command("restore", str(file), stdout=io.StringIO())
    assert archive_cache.version() != before
