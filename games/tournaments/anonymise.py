"""The copies of a member's name that tournaments keep, rewritten when he is anonymised
(registered with :mod:`club.erasure` in :class:`games.tournaments.apps.TournamentsConfig`): the
final report's stored CSV, which the public downloads as it was made, the rounds' documents and
reasons, and the tournaments' names."""

from __future__ import annotations

import csv
import io

from django.db.models import Q

from club import erasure

from .models import Report, Round, Standing, TableScore, Tournament


def report_text(text: str, former: erasure.FormerMember) -> str:
    """The report's CSV with each cell rewritten (a name with a comma or a quote is quoted in
    the file, so the cells are read, not the text); the same text when no cell names him."""
    rows = list(csv.reader(io.StringIO(text)))
    new_rows = [[former.text(cell) for cell in row] for row in rows]
    if new_rows == rows:
        return text
    out = io.StringIO()
    csv.writer(out).writerows(new_rows)
    return out.getvalue()


def scrub(former: erasure.FormerMember) -> None:
    played = Tournament.objects.filter(entries__member_id=former.member_id).values("pk")
    reports = Report.objects.filter(Q(tournament__in=played) | former.mentions(["csv"], Report))
    for report in reports.only("pk", "csv"):
        text = report_text(report.csv, former)
        if text != report.csv:
            Report.objects.filter(pk=report.pk).update(csv=text)
    erasure.rewrite(Tournament.objects.all(), ["name"], former)
    erasure.rewrite(Round.objects.filter(table__stage__tournament__in=played), ["play", "problems"], former)
    erasure.rewrite(Round.objects.all(), ["reason"], former)
    erasure.rewrite(Standing.objects.filter(tournament__in=played), ["metrics"], former)
    erasure.rewrite(TableScore.objects.filter(table__stage__tournament__in=played), ["stats"], former)
