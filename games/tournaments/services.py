"""Writes of the tournaments app. Each service is one transaction and the only place its change
happens; the rules are the engine's (``rules.engines.tricks``), never re-implemented here."""

from __future__ import annotations

import csv
import io
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club import outbox
from club.errors import Conflict, InvalidInput
from club.models import RSVP, Member, ScheduledSession, Venue
from club.services import require_croupier
from club.states import transition
from rules.engines import tricks
from rules.engines.errors import RulesError

from . import access, metrics, ratings, seating
from .models import (
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
    default_tiebreakers,
)
from .presenters import seat_name, words
from .selectors import ROUND_KIND_NAMES

ROUNDS = tricks.ROUNDS

# Page addresses beside /tournaments/<slug>/ that a tournament's address may not take.
RESERVED_SLUGS = {"new", "ratings", "tables", "rounds"}

KIND_LABELS = ROUND_KIND_NAMES


# --- permissions -------------------------------------------------------------------------------

# Kept under these names for the callers that read them from the services.
can_record = access.can_record
_require_recorder = access.check_recorder


# --- tournaments and entries ---------------------------------------------------------------------

def _check_tiebreakers(keys: Sequence[str]) -> list[str]:
    keys = list(keys)
    for key in keys:
        if key not in metrics.METRICS:
            raise InvalidInput(_("Unknown tie-breaker %(key)s; known: %(known)s.")
                               % {"key": key, "known": ", ".join(metrics.METRICS)},
                               extra={"field": "tiebreakers", "value": key})
    if len(set(keys)) != len(keys):
        raise InvalidInput(_("A tie-breaker is listed twice."), extra={"field": "tiebreakers", "value": keys})
    return keys


@transaction.atomic
def tournament_create(*, actor: Member, name: str, date: date, venue: Venue | None = None, slug: str = "",
                      seed: str = "", tiebreakers: Sequence[str] | None = None,
                      readings: Mapping[str, str] | None = None) -> Tournament:
    require_croupier(actor)
    name = name.strip()
    if not name:
        raise InvalidInput(_("A tournament needs a name."), extra={"field": "name", "value": name})
    slug = slugify(slug or f"{name}-{date:%Y-%m-%d}")
    if slug in RESERVED_SLUGS or not slug:
        raise InvalidInput(_("The address %(slug)s is reserved; choose another.") % {"slug": slug},
                           extra={"field": "slug", "value": slug})
    if Tournament.objects.filter(slug=slug).exists():
        raise Conflict(_("The address %(slug)s is taken by another tournament.") % {"slug": slug},
                       extra={"field": "slug", "value": slug})
    readings = dict(readings or {})
    try:
        tricks.round_score(1, bid=0, taken=0, readings=readings)
    except RulesError as error:
        raise InvalidInput(error.message, extra={"field": "readings", "value": str(error.value)})
    tournament = Tournament.objects.create(
        name=name, slug=slug, date=date, venue=venue, seed=seed or slug, created_by=actor, readings=readings,
        tiebreakers=_check_tiebreakers(tiebreakers) if tiebreakers is not None else default_tiebreakers())
    return tournament


@transaction.atomic
def tournament_set_tiebreakers(*, actor: Member, tournament: Tournament, tiebreakers: Sequence[str]) -> Tournament:
    require_croupier(actor)
    tournament.tiebreakers = _check_tiebreakers(tiebreakers)
    tournament.save(update_fields=["tiebreakers"])
    from . import tasks

    outbox.enqueue(tasks.standings_recompute, tournament.pk)
    return tournament


@transaction.atomic
def tournament_transition(*, actor: Member, tournament: Tournament, to: str) -> Tournament:
    require_croupier(actor)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    transition(tournament, to, what=_("tournament"))
    tournament.save(update_fields=["status"])
    if to == Tournament.Status.FINISHED:
        from . import tasks

        outbox.enqueue(tasks.standings_recompute, tournament.pk)
        outbox.enqueue(tasks.ratings_recompute)
        outbox.enqueue(tasks.tournament_report, tournament.pk)
    return tournament


@transaction.atomic
def entry_add(*, actor: Member, tournament: Tournament, member: Member) -> Entry:
    require_croupier(actor)
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict(_("The tournament is finished."), extra={"field": "tournament", "value": tournament.slug})
    if not member.active:
        raise InvalidInput(_("%(name)s is not an active member.") % {"name": member.display_name},
                           extra={"field": "member", "value": member.pk})
    try:
        with transaction.atomic():
            return Entry.objects.create(tournament=tournament, member=member)
    except IntegrityError:
        raise Conflict(_("%(name)s is already in the tournament.") % {"name": member.display_name},
                       extra={"field": "member", "value": member.pk})


@transaction.atomic
def entry_withdraw(*, actor: Member, entry: Entry) -> Entry:
    """A withdrawal takes effect after the current stage: the rounds recorded stand, the player
    keeps the points earned and is not seated again."""
    require_croupier(actor)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.withdrawn:
        raise Conflict(_("%(name)s has already withdrawn.") % {"name": entry.member.display_name},
                       extra={"field": "entry", "value": entry.pk})
    last = entry.tournament.stages.order_by("-number").values_list("number", flat=True).first()
    entry.withdrawn_after_stage = last or 0
    entry.save(update_fields=["withdrawn_after_stage"])
    from . import tasks

    outbox.enqueue(tasks.standings_recompute, entry.tournament_id)
    return entry


# --- seating -------------------------------------------------------------------------------------

def _stage_incomplete(stage: Stage) -> tuple[int, int] | None:
    """(table number, rounds recorded) of the first table of the stage that has not played 30
    rounds. A table that lost a player to a withdrawal during the stage stops where it is."""
    stopped = set(Seat.objects.filter(table__stage=stage, entry__withdrawn_after_stage=stage.number)
                  .values_list("table_id", flat=True))
    for table in stage.tables.exclude(pk__in=stopped).order_by("number"):
        played = table.rounds.filter(live=True).count()
        if played < ROUNDS:
            return table.number, played
    return None


@transaction.atomic
def stage_seat(*, actor: Member, tournament: Tournament, method: str, number: int | None = None) -> Stage:
    """Seat the next stage. Asking again for a stage that exists with the same method returns it
    unchanged, so a repeated request changes nothing."""
    require_croupier(actor)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict(_("A finished tournament seats no more stages; reopen it first."),
                       extra={"field": "tournament", "value": tournament.status})
    if method not in Stage.Method.values:
        raise InvalidInput(_("Unknown seating method %(method)s.") % {"method": method},
                           extra={"field": "method", "value": method})
    stages = list(tournament.stages.order_by("number"))
    next_number = stages[-1].number + 1 if stages else 1
    if number is not None and number < next_number:
        existing = next(s for s in stages if s.number == number) if number >= 1 else None
        if existing is not None and existing.method == method:
            return existing
        raise Conflict(_("Stage %(n)s is already seated.") % {"n": number}, extra={"field": "number", "value": number})
    if number is not None and number != next_number:
        raise Conflict(_("The next stage is %(next)s, not %(n)s.") % {"next": next_number, "n": number},
                       extra={"field": "number", "value": number})
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict(_("The tournament is finished."), extra={"field": "tournament", "value": tournament.slug})
    if not stages and method != Stage.Method.DRAW:
        raise InvalidInput(_("The first stage is seated by the seeded draw."),
                           extra={"field": "method", "value": method})
    if stages:
        incomplete = _stage_incomplete(stages[-1])
        if incomplete:
            raise Conflict(_("Table %(table)s of stage %(stage)s has %(played)s of 30 rounds.")
                           % {"table": incomplete[0], "stage": stages[-1].number, "played": incomplete[1]},
                           extra={"field": "stage", "value": stages[-1].number})
    active = [e.pk for e in tournament.entries.filter(withdrawn_after_stage__isnull=True)]
    had_bye = set(Bye.objects.filter(stage__tournament=tournament).values_list("entry_id", flat=True))
    try:
        if method == Stage.Method.DRAW:
            tables, byes = seating.draw(active, f"{tournament.seed}:{next_number}", had_bye)
        else:
            order = [line.entry_id for _rank, _tied, line in _ranking(tournament)]
            ordered = [e for e in order if e in set(active)]
            if method == Stage.Method.STANDING:
                tables, byes = seating.by_standing(ordered, had_bye)
            else:
                earlier = defaultdict(list)
                for table_id, entry_id in Seat.objects.filter(
                        table__stage__tournament=tournament).values_list("table_id", "entry_id"):
                    earlier[table_id].append(entry_id)
                tables, byes = seating.rotation(ordered, seating.meetings(list(earlier.values())), had_bye)
    except seating.SeatingError as error:
        raise Conflict(_("A stage needs at least four players."), extra={"field": "entries", "value": str(error)})
    stage = Stage.objects.create(tournament=tournament, number=next_number, method=method)
    made = Table.objects.bulk_create([Table(stage=stage, number=i + 1) for i in range(len(tables))])
    Seat.objects.bulk_create([Seat(table=table, position=p, entry_id=entry_id)
                              for table, members in zip(made, tables, strict=True)
                              for p, entry_id in enumerate(members)])
    Bye.objects.bulk_create([Bye(stage=stage, entry_id=entry_id) for entry_id in byes])
    if tournament.status == Tournament.Status.DRAFT:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    from . import tasks

    outbox.enqueue(tasks.standings_recompute, tournament.pk)
    return stage


# --- recording rounds ----------------------------------------------------------------------------

# What a refusal of the bids or of the tricks taken says, by what was sent (``what``).
_SHEET_WORDS = {
    "bids": {"four": gettext_lazy("Four bids, one per seat."),
             "missing": gettext_lazy("The bid of %(seat)s is missing."),
             "not_whole": gettext_lazy("The bid of %(seat)s, %(value)s, is not a whole number.")},
    "taken": {"four": gettext_lazy("Four numbers of tricks taken, one per seat."),
              "missing": gettext_lazy("The tricks %(seat)s took are missing."),
              "not_whole": gettext_lazy("The tricks %(seat)s took, %(value)s, are not a whole number.")},
}


def _ints(values: Any, what: str, allow_none: bool = False) -> list[int | None]:
    said = _SHEET_WORDS[what]
    if not isinstance(values, list | tuple) or len(values) != 4:
        raise InvalidInput(said["four"], extra={"field": what, "value": str(values)})
    out = []
    for seat, v in enumerate(values):
        if v is None or v == "":
            if allow_none:
                out.append(None)
                continue
            raise InvalidInput(words(said["missing"], {"seat": seat_name(seat)}),
                               extra={"field": f"{what}_{seat}", "value": None})
        try:
            out.append(int(v))
        except (TypeError, ValueError):
            raise InvalidInput(words(said["not_whole"], {"seat": seat_name(seat), "value": str(v)[:40]}),
                               extra={"field": f"{what}_{seat}", "value": str(v)})
    return out


def check_round(*, number: int, dealer: int, bids: Any, taken: Any,
                readings: Mapping[str, str] | None = None) -> tricks.RoundRecord:
    """The refusals of the score sheet, each with its reason, then the engine's own checks."""
    if not isinstance(number, int) or not 1 <= number <= ROUNDS:
        raise InvalidInput(_("There is no round %(n)s: rounds are 1 to 30.") % {"n": number},
                           extra={"field": "number", "value": number})
    cards_each, kind = tricks.schedule(number)
    bid_list = _ints(bids if bids is not None else [None] * 4, "bids", allow_none=True)
    taken_list = _ints(taken, "taken")
    if not tricks.has_bids(number):
        if any(b is not None for b in bid_list):
            raise InvalidInput(
                _("Round %(n)s is a %(kind)s round: nobody bids.") % {"n": number, "kind": KIND_LABELS[kind]},
                extra={"field": "bids", "value": [b for b in bid_list], "rule": kind})
        bid_tuple = None
    else:
        for seat, b in enumerate(bid_list):
            if b is None:
                raise InvalidInput(words(gettext_lazy("Round %(n)s needs a bid from %(seat)s."),
                                         {"n": number, "seat": seat_name(seat)}),
                                   extra={"field": f"bids_{seat}", "value": None})
        earlier = [bid_list[s] for s in tricks.bidding_order(dealer)[:3]]
        if all(0 <= b <= cards_each for b in earlier):
            forbidden = tricks.forbidden_dealer_bid(cards_each, earlier)
            if forbidden is not None and bid_list[dealer] == forbidden:
                raise InvalidInput(
                    words(gettext_lazy("The dealer (%(seat)s) may not bid %(bid)s: the bids would add up to "
                                       "%(cards)s, the cards each player holds."),
                          {"seat": seat_name(dealer), "bid": forbidden, "cards": cards_each}),
                    extra={"field": f"bids_{dealer}", "value": forbidden, "rule": "dealer bid"})
        bid_tuple = tuple(bid_list)
    if sum(taken_list) != cards_each:
        raise InvalidInput(
            _("The tricks taken add up to %(sum)s; with %(cards)s cards each they must add up to %(cards)s.")
            % {"sum": sum(taken_list), "cards": cards_each},
            extra={"field": "taken", "value": taken_list, "rule": "tricks add up"})
    try:
        return tricks.RoundRecord(number, dealer, bid_tuple, tuple(taken_list))
    except RulesError as error:
        raise InvalidInput(error.message, extra={"field": "round", "value": str(error.value), "rule": error.rule})


def _parse_play(play: Any, number: int, dealer: int) -> dict:
    if isinstance(play, tricks.PlayedRound):
        play = play.to_dict()
    try:
        parsed = tricks.PlayedRound.from_dict(play)
    except RulesError as error:
        raise InvalidInput(_("The card play is not readable: %(reason)s") % {"reason": error.message},
                           extra={"field": "play", "value": str(error.value)})
    if parsed.number != number or parsed.dealer != dealer:
        raise InvalidInput(words(gettext_lazy("The card play is of round %(n)s dealt by %(d)s, not round %(number)s "
                                              "dealt by %(dealer)s."),
                                 {"n": parsed.number, "d": seat_name(parsed.dealer), "number": number,
                                  "dealer": seat_name(dealer)}),
                           extra={"field": "play", "value": parsed.number})
    return parsed.to_dict()


@transaction.atomic
def round_record(*, actor: Member | None, table: Table, number: int, bids: Any = None, taken: Any = None,
                 play: Any = None) -> Round:
    """Record (or correct: a new live version) one round of a table's score sheet. Rounds are
    recorded in order; the table's rescore and then the standings are enqueued on commit."""
    table = Table.objects.select_for_update().select_related("stage__tournament").get(pk=table.pk)
    _require_recorder(actor, table)
    tournament = table.stage.tournament
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(_("Rounds are recorded only while the tournament is running."),
                       extra={"field": "tournament", "value": tournament.status})
    try:
        number = int(number)
    except (TypeError, ValueError):
        raise InvalidInput(_("There is no round %(n)s: rounds are 1 to 30.") % {"n": number},
                           extra={"field": "number", "value": str(number)})
    live = {r.number: r for r in table.rounds.filter(live=True)}
    next_number = max(live, default=0) + 1
    replayed = number not in live and number < next_number and table.rounds.filter(number=number, voided=True).exists()
    if replayed:
        access.check_director(actor, _("Only a tournament director (a croupier or an admin) records a voided round "
                                       "again."))
    if number not in live and number != next_number and not replayed:
        raise InvalidInput(_("Round %(n)s cannot be recorded yet: the next round of this table is %(next)s.")
                           % {"n": number, "next": next_number}, extra={"field": "number", "value": number})
    dealer = tricks.dealer_of(number, table.first_dealer, tournament.readings) if 1 <= number <= ROUNDS else 0
    play_doc = None
    if play not in (None, "", {}):
        play_doc = _parse_play(play, number, dealer)
        if taken is None:
            taken = play_doc["taken"]
            bids = play_doc["bids"]
    record = check_round(number=number, dealer=dealer, bids=bids, taken=taken, readings=tournament.readings)
    if play_doc is not None and (play_doc["bids"] != (list(record.bids) if record.bids is not None else None)
                                 or play_doc["taken"] != list(record.taken)):
        raise InvalidInput(_("The bids and tricks of the card play differ from the ones on the sheet."),
                           extra={"field": "play", "value": number})
    previous = live.get(number)
    if previous is not None:
        access.check_director(actor, _("Only a tournament director (a croupier or an admin) corrects a recorded "
                                       "round."))
    # A round voided earlier keeps its versions: the next one is numbered after them.
    version = (table.rounds.filter(number=number).order_by("-version").values_list("version", flat=True).first()
               or 0) + 1
    if previous is not None:
        previous.live = False
        previous.save(update_fields=["live"])
    row = Round.objects.create(
        table=table, number=number, version=version, dealer=dealer,
        bids=list(record.bids) if record.bids is not None else None, taken=list(record.taken),
        scores=list(record.scores(tournament.readings)), play=play_doc, recorded_by=actor)
    from . import tasks

    outbox.enqueue(tasks.table_rescore, table.pk)
    return row


def is_open_void(row: Round) -> bool:
    """``row`` voids its round and nothing was recorded for the round since: the round may be
    recorded again from it."""
    return row.voided and not Round.objects.filter(table_id=row.table_id, number=row.number,
                                                    version__gt=row.version).exists()


def _director_round(actor: Member | None, row: Round) -> tuple[Round, Table]:
    """The live round ``row``, locked with its table, where ``actor`` directs the tournament."""
    access.check_director(actor, _("Only a tournament director (a croupier or an admin) corrects or voids a "
                                   "recorded round."))
    table = Table.objects.select_for_update().select_related("stage__tournament").get(pk=row.table_id)
    row = Round.objects.select_for_update().get(pk=row.pk)
    if not (row.live or is_open_void(row)):
        raise Conflict(_("Version %(version)s of round %(n)s no longer counts; correct the version that does.")
                       % {"version": row.version, "n": row.number}, extra={"field": "round", "value": row.version})
    if table.stage.tournament.status != Tournament.Status.RUNNING:
        raise Conflict(_("The tournament is not running: reopen it to correct a round."),
                       extra={"field": "tournament", "value": table.stage.tournament.status})
    return row, table


@transaction.atomic
def round_correct(*, actor: Member | None, row: Round, bids: Any = None, taken: Any = None, play: Any = None,
                  reason: str = "") -> Round:
    """A tournament director corrects a recorded round: a new live version, the old one kept;
    the table and then the standings are rescored on commit."""
    row, table = _director_round(actor, row)
    if row.live and play is None and bids == row.bids and taken == row.taken:
        raise InvalidInput(_("The correction changes nothing: change a bid or the tricks taken."),
                           extra={"field": "taken", "value": taken})
    new = round_record(actor=actor, table=table, number=row.number, bids=bids, taken=taken, play=play)
    new.reason = (reason or "")[:200]
    new.save(update_fields=["reason"])
    return new


@transaction.atomic
def round_void(*, actor: Member | None, row: Round, reason: str = "") -> Round:
    """A tournament director voids a recorded round: a version that voids it is kept in the
    history, no version of the round counts any more, and the table and the standings are
    rescored on commit."""
    row, table = _director_round(actor, row)
    if not row.live:
        raise Conflict(_("Round %(n)s is voided already.") % {"n": row.number}, extra={"field": "round",
                                                                                      "value": row.version})
    version = table.rounds.filter(number=row.number).order_by("-version").values_list("version", flat=True)[0] + 1
    row.live = False
    row.save(update_fields=["live"])
    void = Round.objects.create(table=table, number=row.number, version=version, live=False, voided=True,
                                dealer=row.dealer, bids=row.bids, taken=row.taken, scores=[0, 0, 0, 0],
                                play=row.play, reason=(reason or "")[:200], recorded_by=actor)
    from . import tasks

    outbox.enqueue(tasks.table_rescore, table.pk)
    return void


@transaction.atomic
def table_record_game(*, actor: Member | None, table: Table, game: Any, through: int = ROUNDS) -> list[Round]:
    """Record a whole game played elsewhere (the engine's game record: the bots, an import) on an
    empty table, rounds 1..``through`` with their card play."""
    table = Table.objects.select_for_update().select_related("stage__tournament").get(pk=table.pk)
    _require_recorder(actor, table)
    tournament = table.stage.tournament
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(_("Rounds are recorded only while the tournament is running."),
                       extra={"field": "tournament", "value": tournament.status})
    if table.rounds.exists():
        raise Conflict(_("Table %(n)s already has rounds recorded.") % {"n": table.number},
                       extra={"field": "table", "value": table.pk})
    try:
        record = game if isinstance(game, tricks.GameRecord) else tricks.GameRecord.from_dict(game)
    except RulesError as error:
        raise InvalidInput(error.message, extra={"field": "game", "value": str(error.value)})
    if record.first_dealer != table.first_dealer:
        raise InvalidInput(words(gettext_lazy("The game's first dealer is %(d)s, the table's %(t)s."),
                                 {"d": seat_name(record.first_dealer), "t": seat_name(table.first_dealer)}),
                           extra={"field": "game", "value": record.first_dealer})
    now = timezone.now()
    rows = Round.objects.bulk_create([
        Round(table=table, number=r.number, dealer=r.dealer, bids=list(r.bids) if r.bids is not None else None,
              taken=list(r.taken), scores=list(r.summary().scores(tournament.readings)), play=r.to_dict(),
              recorded_by=actor, recorded_at=now)
        for r in record.rounds[:through]])
    from . import tasks

    outbox.enqueue(tasks.table_rescore, table.pk)
    return rows


# --- rescoring ----------------------------------------------------------------------------------

def _seat_stats(rounds: Sequence[Round], position: int) -> dict[str, int | None]:
    exact = positive = minimum = 0
    best = None
    for r in rounds:
        score = r.scores[position]
        best = score if best is None or score > best else best
        positive += score > 0
        if r.bids is not None and r.bids[position] == r.taken[position]:
            exact += 1
        if tricks.schedule(r.number)[1] == "minimum":
            minimum += r.taken[position]
    return {"exact_bids": exact, "positive_rounds": positive, "best_round": best, "minimum_tricks": minimum}


def rescore_round(row: Round, readings: Mapping[str, str], full: bool) -> bool:
    """Recompute one round's scores with the engine and judge its card play; True if it changed."""
    record = tricks.RoundRecord(row.number, row.dealer, tuple(row.bids) if row.bids is not None else None,
                                tuple(row.taken))
    scores = list(record.scores(readings))
    flagged, problems, checked = False, [], False
    if row.play is not None:
        if full or not row.play_checked:
            problems = [p.to_dict() for p in tricks.validate_round_play(row.play, readings)]
        else:
            problems = list(row.problems)
        flagged, checked = bool(problems), True
    changed = (scores, flagged, problems, checked) != (row.scores, row.flagged, row.problems, row.play_checked)
    row.scores, row.flagged, row.problems, row.play_checked = scores, flagged, problems, checked
    return changed


@transaction.atomic
def table_rescore(*, table_id: int, full: bool = False) -> list[TableScore]:
    """Recompute a table from its live rounds: each round's scores, the card play's judgement (all
    rounds when ``full``, else those not judged yet), and every seat's result. Idempotent."""
    table = Table.objects.select_for_update().select_related("stage__tournament").get(pk=table_id)
    readings = table.stage.tournament.readings
    rounds = list(table.rounds.filter(live=True).order_by("number"))
    changed = [r for r in rounds if rescore_round(r, readings, full)]
    if changed:
        Round.objects.bulk_update(changed, ["scores", "flagged", "problems", "play_checked"])
    existing = {s.entry_id: s for s in table.scores.all()}
    out, changed_scores = [], []
    for seat in table.seats.all():
        row = existing.pop(seat.entry_id, None) or TableScore(table=table, entry_id=seat.entry_id)
        fresh = (seat.position, sum(r.scores[seat.position] for r in rounds), len(rounds),
                 sum(r.flagged for r in rounds), _seat_stats(rounds, seat.position))
        if row.pk is None or fresh != (row.position, row.points, row.rounds, row.flagged_rounds, row.stats):
            row.position, row.points, row.rounds, row.flagged_rounds, row.stats = fresh
            changed_scores.append(row)
        out.append(row)
    if existing:
        TableScore.objects.filter(pk__in=[s.pk for s in existing.values()]).delete()
    # Only what changed is written: a rescore of unchanged rows writes nothing.
    TableScore.objects.bulk_update([s for s in changed_scores if s.pk],
                                   ["position", "points", "rounds", "flagged_rounds", "stats"])
    TableScore.objects.bulk_create([s for s in changed_scores if not s.pk])
    return out


def _ranking(tournament: Tournament) -> list[tuple[int, bool, metrics.Line]]:
    """The standings as they follow from the table scores now (nothing written)."""
    lines = {pk: metrics.Line(entry_id=pk, name=name, withdrawn=withdrawn_after is not None)
             for pk, name, withdrawn_after in tournament.entries.values_list(
                 "pk", "member__display_name", "withdrawn_after_stage")}
    by_table: dict[int, list[dict]] = defaultdict(list)
    stage_points: dict[int, list[int]] = defaultdict(list)
    for row in TableScore.objects.filter(table__stage__tournament=tournament).values(
            "table_id", "table__stage_id", "entry_id", "points", "rounds", "stats"):
        by_table[row["table_id"]].append(row)
        stage_points[row["table__stage_id"]].append(row["points"])
    for table_id, rows in by_table.items():
        for row in rows:
            line = lines[row["entry_id"]]
            line.points += row["points"]
            line.rounds += row["rounds"]
            line.tables.append(metrics.TableLine(
                table_id=table_id, points=row["points"], stats=row["stats"],
                opponents={o["entry_id"]: o["points"] for o in rows if o["entry_id"] != row["entry_id"]}))
    for stage_id, entry_id in Bye.objects.filter(stage__tournament=tournament).values_list("stage_id", "entry_id"):
        played = stage_points.get(stage_id, [])
        # Half points round up, whatever the sign, so the rule reads the same to everyone.
        bye = math.floor(sum(played) / len(played) + 0.5) if played else 0
        lines[entry_id].bye_points += bye
        lines[entry_id].points += bye
    return metrics.rank(lines.values(), tournament.tiebreakers)


@transaction.atomic
def standings_recompute(*, tournament_id: int, token: str = "") -> list[Standing]:
    """Recompute the standings from the table scores and rewrite the lines that changed (returned).
    Runs one at a time per tournament (the row lock), each reading what is committed when it
    starts, so the last run counts every table."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    ranked = _ranking(tournament)
    fresh = {line.entry_id: (rank, line.points, line.rounds, tied, {**line.metrics, "bye_points": line.bye_points})
             for rank, tied, line in ranked}
    stored = {entry_id: tuple(values) for entry_id, *values in Standing.objects.filter(
        tournament=tournament).values_list("entry_id", "rank", "points", "rounds", "tied", "metrics")}
    # Only the lines that differ are rewritten: one round moves a few players, not the whole field.
    stale = [entry_id for entry_id, values in stored.items() if fresh.get(entry_id) != values]
    if stale:
        Standing.objects.filter(tournament=tournament, entry_id__in=stale).delete()
    rows = Standing.objects.bulk_create([
        Standing(tournament_id=tournament.pk, entry_id=entry_id, rank=rank, points=points, rounds=rounds, tied=tied,
                 metrics=values)
        for entry_id, (rank, points, rounds, tied, values) in fresh.items()
        if stored.get(entry_id) != fresh[entry_id]])
    tournament.standings_at = timezone.now()
    fields = ["standings_at"]
    if token:
        tournament.rescore_token = token
        fields.append("rescore_token")
    tournament.save(update_fields=fields)
    return rows


# --- ratings --------------------------------------------------------------------------------------

@transaction.atomic
def ratings_recompute() -> int:
    """Replay every finished tournament (see :mod:`.ratings`) and store each player's rating
    after each tournament, replacing what was there: the same history, the same rows."""
    finished = list(Tournament.objects.select_for_update().filter(
        status=Tournament.Status.FINISHED).order_by("date", "pk"))
    tables: dict[int, dict[tuple[int, int], list[tuple[int, int]]]] = defaultdict(lambda: defaultdict(list))
    for row in TableScore.objects.filter(table__stage__tournament__in=finished).values(
            "table__stage__tournament_id", "table__stage__number", "table__number", "entry__member_id", "points"):
        key = (row["table__stage__number"], row["table__number"])
        tables[row["table__stage__tournament_id"]][key].append((row["entry__member_id"], row["points"]))
    history = ratings.replay((t.pk, [tables[t.pk][key] for key in sorted(tables[t.pk])]) for t in finished)
    Rating.objects.all().delete()
    Rating.objects.bulk_create([Rating(member_id=r.member_id, tournament_id=r.tournament_id, mu=r.mu,
                                       sigma=r.sigma, ordinal=r.ordinal) for r in history])
    return len(history)


# --- the final report ------------------------------------------------------------------------------

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


# --- a tournament played at a club session ----------------------------------------------------------

def _free_slug(name: str, day: date) -> str:
    """The tournament's address from its name and date; a second one that day gets a number."""
    base = slugify(f"{name}-{day:%Y-%m-%d}") or f"tournament-{day:%Y-%m-%d}"
    slug, n = base, 1
    while slug in RESERVED_SLUGS or Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


@transaction.atomic
def tournament_for_session(*, actor: Member, session: ScheduledSession) -> tuple[Tournament, list[Entry]]:
    """The tournament of a session, created from it (its title, day and venue) with the members
    coming to it registered at once; a session that has its tournament already gets it back,
    with any member who said "going" since registered."""
    require_croupier(actor)
    session = ScheduledSession.objects.select_for_update().select_related("venue").get(pk=session.pk)
    if session.kind != ScheduledSession.Kind.TOURNAMENT:
        raise Conflict(_("%(session)s is a %(kind)s, not a tournament: it has no tournament to start.")
                       % {"session": session.title, "kind": session.get_kind_display().lower()},
                       extra={"field": "session", "value": session.pk})
    if session.status in (ScheduledSession.Status.CANCELLED, ScheduledSession.Status.CLOSED):
        raise Conflict(_("%(session)s is %(status)s: no tournament starts there.")
                       % {"session": session.title, "status": session.get_status_display().lower()},
                       extra={"field": "session", "value": session.status})
    tournament = session.tournaments.order_by("pk").first()
    if tournament is None:
        day = session.local_start.date()
        tournament = tournament_create(actor=actor, name=session.title, date=day, venue=session.venue,
                                       slug=_free_slug(session.title, day))
        tournament.session = session
        tournament.save(update_fields=["session"])
    if tournament.status == Tournament.Status.FINISHED:
        return tournament, []
    return tournament, entries_from_session(actor=actor, tournament=tournament)


def session_players_to_register(tournament: Tournament) -> list[Member]:
    """The active members of the tournament's session who are not entered yet: those going to it
    (in the order they asked for a place), then those checked in at the door without having said
    so (in the order they came)."""
    if tournament.session_id is None:
        return []
    entered = Entry.objects.filter(tournament=tournament).values("member_id")
    going = list(Member.objects.filter(rsvps__session_id=tournament.session_id, rsvps__answer=RSVP.Answer.GOING,
                                       active=True)
                 .exclude(pk__in=entered).order_by("rsvps__requested_at", "display_name"))
    came = (Member.objects.filter(checkins__session_id=tournament.session_id, active=True)
            .exclude(pk__in=entered).exclude(pk__in=[m.pk for m in going])
            .order_by("checkins__at", "display_name"))
    return going + list(came)


@transaction.atomic
def entries_from_session(*, actor: Member, tournament: Tournament) -> list[Entry]:
    """Register in one step every member whose answer to the tournament's session is "going" or
    who was checked in at its door, and who is not entered yet; run again, it adds only those who
    answered or came since. Returns the new entries (none when everyone is in)."""
    require_croupier(actor)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.session_id is None:
        raise Conflict(_("%(name)s is not played at a club session: add its players one by one.")
                       % {"name": tournament.name}, extra={"field": "session", "value": None})
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict(_("%(name)s is finished: reopen it to register more players.") % {"name": tournament.name},
                       extra={"field": "tournament", "value": tournament.status})
    new = [Entry(tournament=tournament, member=member) for member in session_players_to_register(tournament)]
    for entry in new:
        entry.save()
    return new
