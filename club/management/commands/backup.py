"""``manage.py backup [PATH]``: a consistent copy of the whole database in one file.

PostgreSQL: ``pg_dump`` in its custom format (compressed, restored with ``pg_restore``).
SQLite: the online backup API, which copies a consistent snapshot page by page while the site
keeps running (a plain file copy of a WAL database can miss the pages still in the WAL file).

``dumpdata`` is not the way: loading its output re-records history for every many-to-many field
that django-simple-history tracks and leaves SQLite's full-text index empty (see the README).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections
from django.utils import timezone


def default_directory() -> Path:
    return Path(settings.BASE_DIR) / "backups"


def pg_environment(db: dict) -> dict[str, str]:
    """The libpq variables for a DATABASES entry: the password never appears on a command line."""
    env = dict(os.environ)
    for key, var in (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER"), ("PASSWORD", "PGPASSWORD")):
        if db.get(key):
            env[var] = str(db[key])
    return env


def shown(path) -> str:
    """A path as a message echoes it: the end of a long one, where the file name is."""
    text = str(path)
    return text if len(text) <= 60 else "..." + text[-57:]


def run_tool(cmd: list[str], env: dict[str, str]) -> None:
    try:
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise CommandError(f"{cmd[0]} was not found: install the PostgreSQL client tools "
                           f"(Debian: postgresql-client) of the server's version or newer.")
    if done.returncode != 0:
        raise CommandError(f"{cmd[0]} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")


class Command(BaseCommand):
    help = ("Back the database up into one file: pg_dump's custom format on PostgreSQL, the SQLite "
            "online backup API on SQLite. Restore it with `manage.py restore PATH`.")

    def add_arguments(self, parser):
        parser.add_argument("path", nargs="?",
                            help="the file to write (default: backups/club-<timestamp>.dump or .sqlite3)")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS, help="the database alias to back up")

    def handle(self, *args, path=None, database=DEFAULT_DB_ALIAS, **options):
        connection = connections[database]
        vendor = connection.vendor
        if vendor not in ("postgresql", "sqlite"):
            raise CommandError(f"backups are made on PostgreSQL and SQLite, not on {vendor}")
        suffix = ".dump" if vendor == "postgresql" else ".sqlite3"
        if path:
            target = Path(path)
        else:
            stamp = timezone.now().strftime("%Y%m%d-%H%M%S")
            target = default_directory() / f"club-{stamp}{suffix}"
        if target.is_dir():
            raise CommandError(f"{shown(target)} is a directory: give a file name")
        target.parent.mkdir(parents=True, exist_ok=True)
        # Written beside the target and renamed into place: a failed or interrupted backup never
        # leaves a truncated file under the name a restore would pick up.
        fd, partial = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
        os.close(fd)
        try:
            if vendor == "postgresql":
                self._pg_dump(connection, partial)
            else:
                self._sqlite_backup(connection, partial)
            os.replace(partial, target)
        finally:
            if os.path.exists(partial):
                os.unlink(partial)
        size = target.stat().st_size
        self.stdout.write(self.style.SUCCESS(f"Backed up to {target} ({size:,} bytes)."))

    def _pg_dump(self, connection, path: str) -> None:
        db = connection.settings_dict
        run_tool(["pg_dump", "--format=custom", "--no-owner", "--no-privileges", "--file", path,
                  "--dbname", db["NAME"]], pg_environment(db))

    def _sqlite_backup(self, connection, path: str) -> None:
        # Through the site's own connection, so an in-memory database (the test suite's) is
        # backed up too; the API takes a read snapshot and does not block writers for long.
        connection.ensure_connection()
        target = sqlite3.connect(path)
        try:
            connection.connection.backup(target)
            # A backup file is one self-contained file: no WAL beside it.
            target.execute("PRAGMA journal_mode=DELETE")
        finally:
            target.close()
