"""Reads of the tournaments app; each makes a fixed number of queries whatever the number of rows."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Max, Prefetch, Q, QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from club.models import Member, OutboxMessage

from . import engine as tricks
from . import metrics
from .models import (
    SEAT_LABELS,
    Bye,
    Entry,
    Rating,
    Report,
    Round,
    Seat,
    Stage,
    Standing,
    Table,
    TableScore,
    Tournament,
)

# Everyone starts at openskill's default rating: mu 25, sigma 25/3, so mu - 3 sigma = 0.
START_ORDINAL = 0.0

SUITS = {"h": ("♥", "red"), "d": ("♦", "red"), "c": ("♣", "black"), "s": ("♠", "black")}
# What a joker led asks of the others (the engine's ``demand``).
DEMANDS = {"highest": pgettext_lazy("joker demand", "the joker asks for the highest card"),
           "lowest": pgettext_lazy("joker demand", "the joker asks for the lowest card")}


def tournaments_list() -> QuerySet[Tournament]:
    return Tournament.objects.select_related("venue").annotate(
        players=Count("entries", distinct=True), stage_count=Count("stages", distinct=True))


def tournament_by_slug(slug: str) -> Tournament:
    return Tournament.objects.select_related("venue").get(slug=slug)


def tournament_detail(*, slug: str) -> Tournament:
    """The tournament with its stages, tables (seats, players, results, rounds played) and byes."""
    seats = Seat.objects.select_related("entry__member").order_by("position")
    tables = (Table.objects.order_by("number")
              .annotate(played=Count("rounds", filter=Q(rounds__live=True)),
                        flagged=Count("rounds", filter=Q(rounds__live=True, rounds__flagged=True)),
                        # what the tournament's stamp counts, read with what the tables show
                        versions=Count("rounds"), last_round=Max("rounds__pk"))
              .prefetch_related(Prefetch("seats", queryset=seats), "scores"))
    stages = Stage.objects.order_by("number").prefetch_related(
        Prefetch("tables", queryset=tables), Prefetch("byes", queryset=Bye.objects.select_related("entry__member")))
    return (Tournament.objects.select_related("venue")
            .prefetch_related(Prefetch("stages", queryset=stages),
                              Prefetch("entries", queryset=Entry.objects.select_related("member").order_by(
                                  "member__display_name")))
            .get(slug=slug))


def _stamp(tournament: Tournament, *, tables: int, rounds: int, last_round: int | None) -> str:
    at = tournament.standings_at.timestamp() if tournament.standings_at else 0
    return f"{tournament.status}-{tables}-{rounds}-{last_round or 0}-{at}"


def tournament_stamp(tournament: Tournament) -> str:
    """Where a tournament stands, in one query: changes when a round is recorded or replaced, a
    stage seated, the standings computed again or the status moves. It tells a poll only whether
    anything changed; what is drawn carries :func:`tournament_detail_stamp`."""
    row = Table.objects.filter(stage__tournament=tournament).aggregate(
        n_tables=Count("pk", distinct=True), n_rounds=Count("rounds"), last_round=Max("rounds__pk"))
    return _stamp(tournament, tables=row["n_tables"], rounds=row["n_rounds"], last_round=row["last_round"])


def tournament_detail_stamp(tournament: Tournament) -> str:
    """:func:`tournament_stamp` of a tournament read by :func:`tournament_detail`, from that read
    (no query): the stamp of the very tables and status a page draws. A stamp read after them
    could count a round recorded in between, and the page, polling with it, would never show it."""
    tables = [t for stage in tournament.stages.all() for t in stage.tables.all()]
    return _stamp(tournament, tables=len(tables), rounds=sum(t.versions for t in tables),
                  last_round=max((t.last_round for t in tables if t.last_round is not None), default=None))


def table_lines(table: Table) -> list[dict]:
    """The seats of a prefetched table with each player's points there."""
    points = {s.entry_id: s.points for s in table.scores.all()}
    return [{"label": seat.label, "member": seat.entry.member, "points": points.get(seat.entry_id)}
            for seat in table.seats.all()]


@dataclass
class StandingsView:
    tournament: Tournament
    rows: list[Standing]
    columns: list[metrics.Metric] = field(default_factory=list)


def standings(tournament: Tournament) -> StandingsView:
    rows = list(Standing.objects.filter(tournament=tournament).select_related("entry__member").order_by("rank", "pk"))
    columns = [metrics.metric(k) for k in tournament.tiebreakers if k in metrics.METRICS]
    for row in rows:
        row.metric_values = [row.metrics.get(m.key) for m in columns]
    return StandingsView(tournament=tournament, rows=rows, columns=columns)


# --- the score sheet -------------------------------------------------------------------------------

# The kinds of round of the trick game as the score sheet shows them: the full name and the
# abbreviation written in the narrow number column.
ROUND_KIND_NAMES = {"open": pgettext_lazy("trick game round", "open"), "dark": pgettext_lazy("trick game round", "dark"),
                    "minimum": pgettext_lazy("trick game round", "minimum"),
                    "maximum": pgettext_lazy("trick game round", "maximum")}
ROUND_KIND_SHORT = {"open": "", "dark": pgettext_lazy("trick game round, abbreviated", "dark"),
                    "minimum": pgettext_lazy("trick game round, abbreviated", "min"),
                    "maximum": pgettext_lazy("trick game round, abbreviated", "max")}


@dataclass
class SheetRow:
    number: int
    cards_each: int
    kind: str
    dealer: int
    bids_allowed: bool
    round: Round | None
    cells: list[dict[str, Any]]

    @property
    def is_open(self) -> bool:
        """An open round, the sheet's ordinary one: its kind is not written beside its cards."""
        return self.kind == "open"

    @property
    def kind_name(self) -> str:
        return ROUND_KIND_NAMES.get(self.kind, self.kind)

    @property
    def kind_short(self) -> str:
        return ROUND_KIND_SHORT.get(self.kind, self.kind)


def table_for_sheet(pk: int) -> Table:
    seats = Seat.objects.select_related("entry__member").order_by("position")
    return (Table.objects.select_related("stage__tournament__venue")
            .prefetch_related(Prefetch("seats", queryset=seats),
                              Prefetch("rounds", queryset=Round.objects.filter(live=True).order_by("number"),
                                       to_attr="live_rounds"))
            .get(pk=pk))


def score_sheet(table: Table) -> dict[str, Any]:
    """The paper sheet: 30 rows, four columns (bid and tricks per cell, the dealer marked), the
    running totals after each recorded round, and the next round to record."""
    readings = table.stage.tournament.readings
    by_number = {r.number: r for r in table.live_rounds}
    totals = [0, 0, 0, 0]
    rows = []
    for number in range(1, tricks.ROUNDS + 1):
        cards_each, kind = tricks.schedule(number)
        dealer = tricks.dealer_of(number, table.first_dealer, readings)
        r = by_number.get(number)
        cells = []
        for seat in range(4):
            cell: dict[str, Any] = {"dealer": seat == dealer}
            if r is not None:
                totals[seat] += r.scores[seat]
                cell.update(bid=None if r.bids is None else r.bids[seat], taken=r.taken[seat], score=r.scores[seat],
                            total=totals[seat])
            cells.append(cell)
        rows.append(SheetRow(number, cards_each, kind, dealer, tricks.has_bids(number), r, cells))
    next_number = max(by_number, default=0) + 1
    return {"table": table, "seats": list(table.seats.all()), "rows": rows, "totals": totals,
            "played": len(by_number), "next": rows[next_number - 1] if next_number <= tricks.ROUNDS else None,
            "labels": SEAT_LABELS}


def round_play(row: Round) -> dict[str, Any] | None:
    """The card play of a round drawn as cards: hands by seat, the trump card, every trick."""
    if not row.play:
        return None
    play = row.play
    return {"trump_card": card_view(play["trump_card"]), "trump": play.get("trump"),
            "hands": [{"label": SEAT_LABELS[s], "cards": [card_view(c) for c in hand]}
                      for s, hand in enumerate(play["hands"])],
            "tricks": [{"n": i + 1, "leader": SEAT_LABELS[t["leader"]], "winner": SEAT_LABELS[t["winner"]],
                        "demand": DEMANDS.get(t.get("demand")) if t.get("demand") else None,
                        "cards": [{"seat": SEAT_LABELS[(t["leader"] + k) % 4], **card_view(c)}
                                  for k, c in enumerate(t["cards"])]}
                       for i, t in enumerate(play["tricks"])]}


def card_view(token: str) -> dict[str, str]:
    if token == "Jo":
        return {"text": "🃏", "colour": "black", "token": token}
    rank, suit = token[:-1], token[-1]
    symbol, colour = SUITS.get(suit, (suit, "black"))
    return {"text": f"{'10' if rank == 'T' else rank}{symbol}", "colour": colour, "token": token}


# --- ratings ----------------------------------------------------------------------------------------

def ratings_leaderboard() -> list[Rating]:
    """Each member's latest rating, best first."""
    latest: dict[int, Rating] = {}
    for rating in Rating.objects.select_related("member", "tournament").order_by("tournament__date", "tournament_id"):
        latest[rating.member_id] = rating
    return sorted(latest.values(), key=lambda r: -r.ordinal)


def rating_chart(*, member: Member, width: int = 320, height: int = 160) -> dict[str, Any]:
    """A member's rating (ordinal, mu - 3 sigma) after each tournament, from the starting rating,
    with SVG coordinates for the server-drawn chart of ``tournaments/_rating_chart.html`` and the
    rows for its table."""
    history = list(Rating.objects.filter(member=member).select_related("tournament")
                   .order_by("tournament__date", "tournament_id"))
    pad = 24
    points = []
    low_label = high_label = None
    if history:
        values = [START_ORDINAL] + [r.ordinal for r in history]
        low, high = min(values), max(values)
        span = (high - low) or 1.0
        step = (width - 2 * pad) / (len(values) - 1)
        for i, value in enumerate(values):
            points.append({"x": round(pad + i * step, 1),
                           "y": round(height - pad - (value - low) / span * (height - 2 * pad), 1),
                           "rating": history[i - 1] if i else None, "value": value})
        low_label, high_label = round(low, 1), round(high, 1)
    return {"member": member, "history": history, "points": points, "width": width, "height": height, "pad": pad,
            "polyline": " ".join(f"{p['x']},{p['y']}" for p in points), "low": low_label, "high": high_label}


def table_score_rows(table: Table) -> list[TableScore]:
    return list(table.scores.select_related("entry__member").order_by("position"))


# --- long work asked of the worker: its progress, as the tournament page shows it --------------------

WORK_KINDS = ("report", "rescore")
# The page asks every 2 s; it stops asking after this many answers (3 minutes) and says so.
WORK_POLLS = 90


@dataclass
class WorkStatus:
    kind: str
    ref: str
    done: bool
    text: str
    url: str = ""
    link_text: str = ""


def work_status(tournament: Tournament, *, kind: str, ref: str) -> WorkStatus | None:
    """Where a report or a full rescore asked for on this tournament stands: waiting for the
    worker, under way, or done (with the link to what it made). ``ref`` is the report task's id or
    the rescore's token; None when ``kind`` or ``ref`` names no such work."""
    ref = str(ref)[:64]
    if kind == "rescore":
        if not ref:
            return None
        done = Tournament.objects.filter(pk=tournament.pk, rescore_token=ref).exists()
        if done:
            return WorkStatus(kind, ref, True, _("The full rescore is done: the standings are up to date."),
                              reverse("tournaments:standings", args=[tournament.slug]), _("See the standings"))
        recent = OutboxMessage.objects.filter(task="tournaments.tournament_rescore").order_by("-pk")[:50]
        message = next((m for m in recent if m.args == [tournament.pk, ref]), None)
        if message is None:
            return None
        return WorkStatus(kind, ref, False, _waiting_text(message, _("Every table is being judged again…")))
    if kind == "report":
        try:
            message = OutboxMessage.objects.filter(task_id=uuid.UUID(ref), task="tournaments.tournament_report").first()
        except ValueError:  # not a task id at all
            return None
        if message is None:
            return None
        made = Report.objects.filter(tournament=tournament, generated_at__gte=message.created_at).exists()
        if made:
            return WorkStatus(kind, ref, True, _("The report is ready."),
                              reverse("tournaments:report", args=[tournament.slug]), _("Open the report"))
        return WorkStatus(kind, ref, False, _waiting_text(message, _("The report is being made…")))
    return None


def _waiting_text(message, under_way: str) -> str:
    if message is not None and message.sent_at is None and message.last_error:
        return _("Waiting for the worker: the task is kept and will be sent again shortly.")
    if message is not None and message.sent_at is None:
        return _("Waiting for the worker…")
    return under_way


def current_stage_tables(tournament: Tournament) -> tuple[Any, list[Table]]:
    """The latest stage seated and its tables with their seats and recorded rounds (for the score
    sheets and table cards on paper): three queries."""
    stage = tournament.stages.order_by("-number").first()
    if stage is None:
        return None, []
    seats = Seat.objects.select_related("entry__member").order_by("position")
    tables = list(Table.objects.filter(stage=stage).select_related("stage__tournament")
                  .prefetch_related(Prefetch("seats", queryset=seats),
                                    Prefetch("rounds", queryset=Round.objects.filter(live=True).order_by("number"),
                                             to_attr="live_rounds"))
                  .order_by("number"))
    return stage, tables
