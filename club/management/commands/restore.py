"""``manage.py restore PATH [--yes]``: put a ``manage.py backup`` file back as the whole database.

PostgreSQL: the dump is replayed by ``pg_restore`` through ``psql`` in one transaction, after the
tables already there are dropped in that same transaction, so a failed restore leaves the database
as it was. SQLite: the online backup API copies the file over the database.

A database that holds rows in any of the site's tables is only overwritten with ``--yes``.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections

from rules import archive_cache

from .backup import pg_environment, run_tool, shown

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_CUSTOM_MAGIC = b"PGDMP"

# Tables that `migrate` fills by itself: rows there are no data a restore would lose.
BOOKKEEPING_TABLES = {"django_migrations", "django_content_type", "auth_permission"}


def cache_tables() -> set[str]:
    return {c["LOCATION"] for c in settings.CACHES.values()
            if c.get("BACKEND", "").endswith("DatabaseCache")}


def tables_with_rows(connection) -> list[str]:
    """The site's tables (models, their history and many-to-many tables) that hold any row."""
    skip = BOOKKEEPING_TABLES | cache_tables()
    qn = connection.ops.quote_name
    found = []
    with connection.cursor() as cursor:
        existing = set(connection.introspection.table_names(cursor))
        for table in sorted(set(connection.introspection.django_table_names()) & existing - skip):
            cursor.execute(f"SELECT 1 FROM {qn(table)} LIMIT 1")  # noqa: S608 (quoted table name)
            if cursor.fetchone():
                found.append(table)
    return found


class Command(BaseCommand):
    help = ("Restore a file made by `manage.py backup` as the whole database. Refuses to overwrite a "
            "database that holds data unless --yes is given. Stop the site and the workers first.")

    def add_arguments(self, parser):
        parser.add_argument("path", help="the backup file (.dump on PostgreSQL, .sqlite3 on SQLite)")
        parser.add_argument("--yes", action="store_true",
                            help="overwrite the database even though it holds data")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS, help="the database alias to restore into")

    def handle(self, *args, path, yes=False, database=DEFAULT_DB_ALIAS, **options):
        source = Path(path)
        if not source.is_file():
            raise CommandError(f"no backup file at {shown(source)}")
        with source.open("rb") as f:
            head = f.read(16)
        connection = connections[database]
        vendor = connection.vendor
        if vendor == "postgresql" and not head.startswith(PG_CUSTOM_MAGIC):
            kind = "an SQLite backup" if head == SQLITE_MAGIC else "not a pg_dump custom-format file"
            raise CommandError(f"{source.name[:60]} is {kind}: this site runs on PostgreSQL")
        if vendor == "sqlite" and head != SQLITE_MAGIC:
            kind = "a PostgreSQL backup" if head.startswith(PG_CUSTOM_MAGIC) else "not an SQLite database"
            raise CommandError(f"{source.name[:60]} is {kind}: this site runs on SQLite")
        if vendor not in ("postgresql", "sqlite"):
            raise CommandError(f"restores are made on PostgreSQL and SQLite, not on {vendor}")

        if vendor == "sqlite":
            self._check_sqlite_file(source)
        else:
            # Reads the dump's table of contents: a damaged file fails here, before anything is dropped.
            run_tool(["pg_restore", "--list", str(source)], pg_environment(connection.settings_dict))

        holding = tables_with_rows(connection)
        if holding and not yes:
            listed = ", ".join(holding[:5]) + (f" and {len(holding) - 5} more" if len(holding) > 5 else "")
            raise CommandError(f"the database {shown(connection.settings_dict['NAME'])} holds data "
                               f"({listed}); restoring replaces all of it: run again with --yes to do so")

        if vendor == "postgresql":
            self._pg_restore(connection, source)
        else:
            self._sqlite_restore(connection, source)
        # What the archive's pages, lists and searches kept before is not the restored club: written
        # by another program, the restore sent none of the signals that move the archive on.
        archive_cache.changed()
        self.stdout.write(self.style.SUCCESS(
            f"Restored {source}. Run `manage.py migrate` if the backup is older than the code."))

    def _check_sqlite_file(self, source: Path) -> None:
        probe = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            ok = probe.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise CommandError(f"{source.name[:60]} is damaged: {ok[:80]}")
            if not probe.execute("SELECT 1 FROM sqlite_master WHERE name = 'django_migrations'").fetchone():
                raise CommandError(f"{source.name[:60]} is an SQLite file but not a backup of this site")
        except sqlite3.DatabaseError as exc:
            raise CommandError(f"{source.name[:60]} cannot be read: {exc}")
        finally:
            probe.close()

    def _sqlite_restore(self, connection, source: Path) -> None:
        connection.ensure_connection()
        backup = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            # The backup API replaces every page of the target under its own lock: other
            # connections see either the old database or the restored one.
            backup.backup(connection.connection)
        finally:
            backup.close()
        # The restored file carries the backup's journal mode; the site runs SQLite in WAL.
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode=wal")
        connection.close()

    def _pg_restore(self, connection, source: Path) -> None:
        if shutil.which("psql") is None:
            raise CommandError("psql was not found: install the PostgreSQL client tools "
                               "(Debian: postgresql-client).")
        db = connection.settings_dict
        qn = connection.ops.quote_name
        with connection.cursor() as cursor:
            cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
            tables = [row[0] for row in cursor.fetchall()]
            cursor.execute("SELECT sequencename FROM pg_sequences WHERE schemaname = current_schema()")
            sequences = [row[0] for row in cursor.fetchall()]
        connection.close()
        # Notices (each cascade of a drop) would only fill the pipe.
        drops = "SET client_min_messages = warning;\n"
        drops += "".join(f"DROP TABLE IF EXISTS {qn(t)} CASCADE;\n" for t in tables)
        drops += "".join(f"DROP SEQUENCE IF EXISTS {qn(s)} CASCADE;\n" for s in sequences)
        env = pg_environment(db)
        # The dump as SQL, piped into one psql transaction behind the drops: all or nothing.
        with tempfile.TemporaryFile() as script_err, tempfile.TemporaryFile() as psql_err:
            script = subprocess.Popen(["pg_restore", "--no-owner", "--no-privileges", "--file", "-", str(source)],
                                      stdout=subprocess.PIPE, stderr=script_err, env=env)
            psql = subprocess.Popen(["psql", "--quiet", "--no-psqlrc", "--single-transaction",
                                     "--set", "ON_ERROR_STOP=1", "--dbname", db["NAME"]],
                                    stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=psql_err, env=env)
            try:
                psql.stdin.write(drops.encode())
                shutil.copyfileobj(script.stdout, psql.stdin)
                psql.stdin.close()
            except BrokenPipeError:
                pass  # psql stopped on an error: reported below
            script.stdout.close()
            script.wait()
            psql.wait()
            if script.returncode != 0:
                script_err.seek(0)
                raise CommandError(f"pg_restore failed ({script.returncode}): "
                                   f"{script_err.read().decode(errors='replace').strip()[-2000:]}")
            if psql.returncode != 0:
                psql_err.seek(0)
                raise CommandError("the restore was rolled back, the database is unchanged: "
                                   f"{psql_err.read().decode(errors='replace').strip()[-2000:]}")
