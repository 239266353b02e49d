"""Publish the outbox's unsent tasks to the broker: once (``--once``) or in a loop.

The loop is the outbox's guarantee where Celery beat does not run; it needs only the database and
the broker, and several can run at once (each takes rows the others do not hold)."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand
from django.db import DatabaseError

from club import outbox


class Command(BaseCommand):
    help = "Publish the outbox's unsent tasks to the broker (in a loop, or once with --once)."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="publish what is unsent now, then exit")
        parser.add_argument("--interval", type=float, default=2.0, help="seconds between two runs of the loop")

    def handle(self, *args, once: bool = False, interval: float = 2.0, **options):
        while True:
            try:
                sent = outbox.relay()
                waiting, oldest = outbox.backlog()
            except DatabaseError as error:
                if once:
                    raise
                # The database comes back as the broker does; the loop outlives both outages.
                self.stderr.write(f"the database is unreachable: {error}")
                time.sleep(interval)
                continue
            if once or sent or options["verbosity"] > 1:
                self.stdout.write(f"sent {sent}, waiting {waiting}"
                                  + (f" (oldest {oldest:.0f} s)" if oldest is not None else ""))
            if once:
                return
            time.sleep(interval)
