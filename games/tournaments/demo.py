"""The demo tournament: a finished 8-player tournament of the demo club, two stages (the seeded
draw, then by standing) played by the engine's bots from fixed seeds, with its standings, report
and ratings. Loading twice changes nothing."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from club import demo as club_demo
from club.models import Member, Venue

from . import engine as tricks
from . import services
from .models import Stage, Tournament

SLUG = "yellow-crescent-trick-cup"
PLAYERS = ["Aahz", "Tananda", "Skeeve", "Chumley", "Massha", "Bunny", "Guido", "Nunzio"]


def load() -> Tournament:
    existing = Tournament.objects.filter(slug=SLUG).first()
    if existing is not None and existing.status == Tournament.Status.FINISHED:
        return existing
    club_demo.load()
    croupier = Member.objects.get(display_name="Tananda")
    tournament = existing or services.tournament_create(
        actor=croupier, name="Yellow Crescent Trick Cup", slug=SLUG, seed="demo-cup",
        date=timezone.localdate() - timedelta(days=14), venue=Venue.objects.order_by("pk").first())
    entered = set(tournament.entries.values_list("member__display_name", flat=True))
    for member in Member.objects.filter(display_name__in=PLAYERS).exclude(display_name__in=entered):
        services.entry_add(actor=croupier, tournament=tournament, member=member)
    for number, method in ((1, Stage.Method.DRAW), (2, Stage.Method.STANDING)):
        stage = services.stage_seat(actor=croupier, tournament=tournament, method=method, number=number)
        for table in stage.tables.order_by("number"):
            if not table.rounds.exists():
                game = tricks.play_game(f"{SLUG}:{number}:{table.number}", first_dealer=table.first_dealer)
                services.table_record_game(actor=croupier, table=table, game=game)
            services.table_rescore(table_id=table.pk)
        services.standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    services.tournament_transition(actor=croupier, tournament=tournament, to=Tournament.Status.FINISHED)
    services.standings_recompute(tournament_id=tournament.pk)
    services.report_generate(tournament_id=tournament.pk)
    services.ratings_recompute()
    return Tournament.objects.get(pk=tournament.pk)
