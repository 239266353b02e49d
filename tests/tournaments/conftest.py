import datetime

from games.tournaments import services
from games.tournaments.models import Stage
from rules.engines import tricks
from tests import factories


def make_tournament(croupier, players: int = 8, *, seed: str = "test", tiebreakers=None, seat: bool = True):
    """A tournament with ``players`` fresh members, the first stage seated by the draw."""
    tournament = services.tournament_create(actor=croupier, name=f"Cup {seed}", date=datetime.date(2026, 11, 1),
                                            seed=seed, tiebreakers=tiebreakers)
    members = [factories.member() for _ in range(players)]
    for member in members:
        services.entry_add(actor=croupier, tournament=tournament, member=member)
    if seat:
        services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.DRAW)
    return tournament


def play_table(croupier, table, seed, *, through: int = 30, rescore: bool = True):
    """Record a bot game on a table (its card play included) and rescore it."""
    game = tricks.play_game(seed, first_dealer=table.first_dealer)
    services.table_record_game(actor=croupier, table=table, game=game, through=through)
    if rescore:
        services.table_rescore(table_id=table.pk)
    return game


def play_stage(croupier, stage, prefix="g"):
    for table in stage.tables.order_by("number"):
        play_table(croupier, table, f"{prefix}:{stage.number}:{table.number}")
    services.standings_recompute(tournament_id=stage.tournament_id)
