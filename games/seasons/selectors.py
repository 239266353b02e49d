"""Reads of seasons: the evenings of a season, loaded in a fixed number of queries and handed to
the pure :mod:`games.seasons.scoring`."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from club.models import CheckIn, GameKind, Member, ScheduledSession
from games.models import LedgerEntry, Result

from . import scoring
from .models import Season


def seasons_list() -> QuerySet[Season]:
    return Season.objects.select_related("championship").order_by("-start_date", "pk")


def season_detail(*, pk: int) -> Season:
    return Season.objects.select_related("championship__venue").get(pk=pk)


def evening_sessions(season: Season) -> list[ScheduledSession]:
    """The club's sessions whose local day lies within the season, not cancelled, and not the
    season's own championship."""
    # A day's margin each side: the local day is decided in the venue's time zone below.
    since = dt.datetime.combine(season.start_date - dt.timedelta(days=1), dt.time.min, tzinfo=dt.UTC)
    until = dt.datetime.combine(season.end_date + dt.timedelta(days=2), dt.time.min, tzinfo=dt.UTC)
    sessions = (ScheduledSession.objects.select_related("venue")
                .filter(starts_at__gte=since, starts_at__lt=until)
                .exclude(status=ScheduledSession.Status.CANCELLED).order_by("starts_at", "pk"))
    if season.championship_id:
        sessions = sessions.exclude(pk=season.championship_id)
    return [s for s in sessions if season.start_date <= s.local_start.date() <= season.end_date]


def evenings(season: Season, sessions: list[ScheduledSession]) -> list[scoring.Evening]:
    """Each session's net chips per player in the games that count (the ledger), deals won
    (confirmed results) and check-ins: three queries."""
    ids = [s.pk for s in sessions]
    games = [g for g in season.games if g != GameKind.DICE]
    counted = Q(deal__game__kind__in=games)
    if GameKind.DICE in season.games:
        counted |= Q(dice_match__isnull=False)
    nets: dict[int, dict[int, int]] = {pk: {} for pk in ids}
    for row in (LedgerEntry.objects.filter(counted, account=LedgerEntry.Account.MEMBER, session_id__in=ids)
                .values("session_id", "member_id").annotate(total=Sum("amount"))):
        nets[row["session_id"]][row["member_id"]] = row["total"]
    wins: dict[int, dict[int, int]] = {pk: {} for pk in ids}
    for row in (Result.winners.through.objects
                .filter(result__status=Result.Status.CONFIRMED, result__deal__voided_at__isnull=True,
                        result__deal__game__session_id__in=ids, result__deal__game__kind__in=games)
                .values("result__deal__game__session_id", "member_id").annotate(n=Count("id"))):
        wins[row["result__deal__game__session_id"]][row["member_id"]] = row["n"]
    present: dict[int, set[int]] = {pk: set() for pk in ids}
    for session_id, member_id in CheckIn.objects.filter(session_id__in=ids).values_list("session_id", "member_id"):
        present[session_id].add(member_id)
    return [scoring.Evening(session_id=pk, nets=nets[pk], wins=wins[pk], present=frozenset(present[pk]))
            for pk in ids]


def rules_of(season: Season) -> scoring.Rules:
    return scoring.Rules(parts=season.parts, min_evenings=season.min_evenings, best_of=season.best_of or None,
                         championship_size=season.championship_size)


@dataclass
class Row:
    line: scoring.Line
    member: Member


@dataclass
class Standings:
    season: Season
    sessions: list[ScheduledSession]  # the evenings someone came to, in order
    rows: list[Row]

    @property
    def invited(self) -> list[Row]:
        return [row for row in self.rows if row.line.invited]


def standings(season: Season) -> Standings:
    """The season's standings, best first, with the members of each line: five queries."""
    sessions = evening_sessions(season)
    nights = evenings(season, sessions)
    lines = scoring.standings(nights, rules_of(season))
    held = {e.session_id for e in nights if e.attendees}
    members = Member.objects.in_bulk([line.member_id for line in lines])
    rows = [Row(line=line, member=members[line.member_id]) for line in lines if line.member_id in members]
    return Standings(season=season, sessions=[s for s in sessions if s.pk in held], rows=rows)


def today() -> dt.date:
    return timezone.localdate()
