"""The final report of a tournament: its standings as CSV, kept beside the tournament."""

from __future__ import annotations

import csv
import io

from django.db import transaction
from django.utils import timezone

from .. import metrics
from ..models import Report, Standing, Tournament


def report_csv(tournament: Tournament) -> str:
    keys = list(tournament.tiebreakers)
    names = {k: str(metrics.METRICS[k].name) for k in keys}
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["rank", "player", "points", *[names[k] for k in keys], "rounds", "bye points", "withdrawn"])
    for s in Standing.objects.filter(tournament=tournament).select_related("entry__member").order_by("rank", "pk"):
        writer.writerow([s.rank, s.entry.member.display_name, s.points, *[s.metrics.get(k) for k in keys],
                         s.rounds, s.metrics.get("bye_points", 0), "yes" if s.entry.withdrawn else ""])
    return out.getvalue()


@transaction.atomic
def report_generate(*, tournament_id: int) -> Report:
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    report, _created = Report.objects.update_or_create(
        tournament=tournament, defaults={"csv": report_csv(tournament), "generated_at": timezone.now()})
    return report
