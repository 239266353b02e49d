from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save
from django.utils.translation import gettext_lazy as _

from club import erasure
from rules import hooks, whatif


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # These read the models, which exist only once the app registry is ready, so they are
        # imported here (Django's rule for AppConfig.ready), not for want of a way round a circle.
        from . import anonymise, live, models, presenters, selectors, services

        # Every row written for a deal moves the deal's revision on, which its polling phones compare.
        for model in live.DEAL_ROWS:
            post_save.connect(live.deal_moved, sender=model, dispatch_uid=f"deal-moved-save-{model.__name__}")
            post_delete.connect(live.deal_moved, sender=model, dispatch_uid=f"deal-moved-delete-{model.__name__}")
        post_save.connect(live.deal_changed, sender=models.Deal, dispatch_uid="deal-changed")

        # The rules archive lies below the games: it judges stored sittings, prefills disputes,
        # sees, replays and tells the deals through what is registered here, never an import.
        whatif.register_deal_source(selectors.archive_sittings)
        whatif.register_deal_lookup(selectors.archive_deal_snapshot)
        hooks.register_deals_visible(selectors.archive_deals_visible_to)
        hooks.register_deal_replay(services.deal_replay_by_ref)
        hooks.register_trace_words(presenters.trace_lines)
        # Anonymising a member rewrites the copies of his name the games keep.
        erasure.register_scrubber(anonymise.scrub)

        # --- what the club's site-wide pages gather from the games (the club imports no app) ---
        # These read the models too (imported here for the same reason).
        from club import context_processors
        from club import member_data as club_member_data

        from . import audit, member_data, offline

        # The club's history shows the sittings, deals, results, the ledger and the seasons.
        audit.register()
        # A member's own data export holds his results, chips, claims and bets.
        club_member_data.register_tables(member_data.play_tables)
        # Every page of a member carries the offline script's words.
        context_processors.register_member_context("offline_words", offline.offline_words_for)
        # --- end of the club's registries ---
