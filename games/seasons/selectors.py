"""Reads of seasons: the evenings of a season, loaded in a fixed number of queries and handed to
the pure :mod:`games.seasons.scoring`."""

from __future__ import annotations

import datetime as dt
import operator
from dataclasses import dataclass
from functools import reduce

from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from club.models import CheckIn, GameKind, Member, ScheduledSession
from games.models import LedgerEntry, Result
from games.tables.models import CasinoHand
from games.tournaments.models import Standing, Tournament

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
    """Each session's net chips per player in the chip games that count (the ledger for Dragon
    Poker deals and dice matches, the settled casino hands tied to the session), deals won at
    Dragon Poker (confirmed results), the final standings of the finished trick-game
    tournaments played at it, and check-ins: a query for the check-ins and one for each of the
    ledger, the deals won, the casino hands and the tournaments when the season counts them (at
    most five)."""
    ids = [s.pk for s in sessions]
    nets: dict[int, dict[int, int]] = {pk: {} for pk in ids}
    wins: dict[int, dict[int, int]] = {pk: {} for pk in ids}
    ledger = [Q(deal__game__kind=GameKind.DRAGON)] if GameKind.DRAGON in season.games else []
    if GameKind.DICE in season.games:
        ledger.append(Q(dice_match__isnull=False))
    if ledger:
        for row in (LedgerEntry.objects.filter(reduce(operator.or_, ledger), account=LedgerEntry.Account.MEMBER,
                                               session_id__in=ids)
                    .values("session_id", "member_id").annotate(total=Sum("amount"))):
            nets[row["session_id"]][row["member_id"]] = row["total"]
    if GameKind.CASINO in season.games:
        # A hand counts once settled: until then its chips are in the bank, neither won nor lost.
        for row in (CasinoHand.objects.filter(session_id__in=ids, phase=CasinoHand.Phase.SETTLED)
                    .values("session_id", "player_id").annotate(total=Sum("net"))):
            by_member = nets[row["session_id"]]
            by_member[row["player_id"]] = by_member.get(row["player_id"], 0) + row["total"]
    if season.counts_deals:
        for row in (Result.winners.through.objects
                    .filter(result__status=Result.Status.CONFIRMED, result__deal__voided_at__isnull=True,
                            result__deal__game__session_id__in=ids, result__deal__game__kind=GameKind.DRAGON)
                    .values("result__deal__game__session_id", "member_id").annotate(n=Count("id"))):
            wins[row["result__deal__game__session_id"]][row["member_id"]] = row["n"]
    tournaments: dict[int, dict[int, dict[int, int]]] = {pk: {} for pk in ids}
    if GameKind.TRICKS in season.games:
        for session_id, tournament_id, member_id, rank in (
                Standing.objects.filter(tournament__session_id__in=ids,
                                        tournament__status=Tournament.Status.FINISHED)
                .order_by("tournament_id", "rank", "pk")
                .values_list("tournament__session_id", "tournament_id", "entry__member_id", "rank")):
            tournaments[session_id].setdefault(tournament_id, {})[member_id] = rank
    present: dict[int, set[int]] = {pk: set() for pk in ids}
    for session_id, member_id in CheckIn.objects.filter(session_id__in=ids).values_list("session_id", "member_id"):
        present[session_id].add(member_id)
    return [scoring.Evening(session_id=pk, nets=nets[pk], wins=wins[pk], present=frozenset(present[pk]),
                            tournaments=tuple(tournaments[pk][t] for t in sorted(tournaments[pk])))
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
    """The season's standings, best first, with the members of each line: at most seven queries
    (the sessions, the evenings' at most five, the members)."""
    sessions = evening_sessions(season)
    nights = evenings(season, sessions)
    lines = scoring.standings(nights, rules_of(season))
    held = {e.session_id for e in nights if e.attendees}
    members = Member.objects.in_bulk([line.member_id for line in lines])
    rows = [Row(line=line, member=members[line.member_id]) for line in lines if line.member_id in members]
    return Standings(season=season, sessions=[s for s in sessions if s.pk in held], rows=rows)


def today() -> dt.date:
    return timezone.localdate()
