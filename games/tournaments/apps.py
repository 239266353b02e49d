from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from club import erasure


class TournamentsConfig(AppConfig):
    name = "games.tournaments"
    label = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from . import anonymise

        # Anonymising a member rewrites the copies of his name kept here.
        erasure.register_scrubber(anonymise.scrub)

        # --- what the club's site-wide pages gather from the tournaments (the club imports no app) ---
        from club import member_data as club_member_data
        from club import selectors as club_selectors

        from . import calendar, member_data, selectors

        # A member's page draws his rating chart; his calendar feed has the tournaments he plays.
        club_selectors.register_member_page_part("rating_chart", selectors.rating_chart)
        club_selectors.register_member_tournaments(calendar.tournaments_for_member_feed)
        # A member's own data export holds the tournaments he entered.
        club_member_data.register_tables(member_data.tournament_tables)
        # --- end of the club's registries ---
