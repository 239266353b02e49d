from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # The rules archive judges stored sittings and prefills disputes without importing games.
        from rules import whatif

        from . import selectors

        whatif.register_deal_source(selectors.archive_sittings)
        whatif.register_deal_lookup(selectors.archive_deal_snapshot)
