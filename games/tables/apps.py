from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from club import erasure


class TablesConfig(AppConfig):
    name = "games.tables"
    label = "tables"
    verbose_name = _("Casino, dice and Draker tables")

    def ready(self) -> None:
        from . import anonymise

        # Anonymising a member rewrites the copies of his name kept here.
        erasure.register_scrubber(anonymise.scrub)

        # --- what the club's site-wide pages gather from the tables (the club imports no app) ---
        from . import audit

        # The club's history shows the recorded Draker games.
        audit.register()
        # --- end of the club's registries ---
