from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

from club import erasure


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = _("Rules and precedents")

    def ready(self) -> None:
        # The modules that read its models are imported once the app registry is ready (Django's
        # rule for AppConfig.ready), not for want of a way round an import circle.
        from . import anonymise, archive_cache, search

        # After every migrate or flush the search index keeps only rows whose document exists.
        post_migrate.connect(search.prune_index, sender=self)
        archive_cache.connect()
        # Anonymising a member rewrites the copies of his name the archive keeps.
        erasure.register_scrubber(anonymise.scrub)

        # --- what the club's site-wide parts gather from the archive (the club imports no app) ---
        # These read the models too (imported here for the same reason).
        from club import member_data as club_member_data

        from . import api_errors, member_data

        # The API answers an engine's refusal as a 400 naming the value and the rule.
        api_errors.register()
        # A member's own data export holds the disputes he raised and the precedents he ruled.
        club_member_data.register_tables(member_data.ruling_tables)
        # --- end of the club's registries ---
