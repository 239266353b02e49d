"""The names the tournaments' Celery tasks (:mod:`games.tournaments.tasks`) are registered under.

The services enqueue a task by its name (:func:`club.outbox.enqueue` takes one): the tasks import
the services, so the services must not import the tasks.
"""

TABLE_RESCORE = "tournaments.table_rescore"
STANDINGS_RECOMPUTE = "tournaments.standings_recompute"
TOURNAMENT_RESCORE = "tournaments.tournament_rescore"
STAGE_SEAT = "tournaments.stage_seat"
RATINGS_RECOMPUTE = "tournaments.ratings_recompute"
TOURNAMENT_REPORT = "tournaments.tournament_report"
