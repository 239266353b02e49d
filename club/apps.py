from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubConfig(AppConfig):
    name = "club"
    verbose_name = _("Club")

    def ready(self) -> None:
        # Every database connection announces its writes to the kept pages.
        from club import page_cache  # noqa: F401
