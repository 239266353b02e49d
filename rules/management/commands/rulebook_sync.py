from django.core.management.base import BaseCommand

from rules.rulebook import rulebook_sync


class Command(BaseCommand):
    help = "Load the rulebook and the interpretation points from the engines' registries."

    def handle(self, *args, **options):
        counts = rulebook_sync()
        self.stdout.write(self.style.SUCCESS(
            "rulebook: {rows} entries ({created} created, {updated} updated, {deleted} deleted); "
            "{point_count} interpretation points ({points} changed)".format(**counts)))
