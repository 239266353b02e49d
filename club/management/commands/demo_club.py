from django.core.management.base import BaseCommand
from django.db import connection

from club import demo
from games import demo as games_demo
from games.seasons import demo as seasons_demo
from games.tables import demo as tables_demo
from games.tournaments import demo as tournaments_demo
from rules import demo as rules_demo


class Command(BaseCommand):
    help = "Load the demo club (idempotent): dimensions, members, the Yellow Crescent Inn, sessions."

    def handle(self, *args, **options):
        loaded = demo.load()
        games_demo.load()
        rules_demo.load()
        tables_demo.load()
        tournaments_demo.load()
        seasons_demo.load()
        if connection.vendor == "postgresql":
            # After a bulk load, as PostgreSQL's documentation advises: the planner's statistics
            # of the new rows, rather than waiting for autovacuum to gather them.
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        self.stdout.write(self.style.SUCCESS(
            f"Demo club ready: {len(loaded['members'])} members, {len(loaded['sessions'])} sessions."))
        self.stdout.write("Demo logins (email / password):")
        for email, password, role in demo.LOGINS:
            self.stdout.write(f"  {role:<9} {email} / {password}")
