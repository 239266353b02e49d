"""Seating the stages of a tournament: the first by the seeded draw, the next ones by the standings
or by rotation, once every table of the stage before has played its rounds."""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction
from django.utils.translation import gettext as _

from club import outbox
from club.errors import Conflict, InvalidInput
from club.models import Member
from club.services import require_croupier
from club.states import transition

from .. import seating, task_names
from ..models import Bye, Seat, Stage, Table, Tournament
from .rounds import ROUNDS
from .scoring import ranking


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
            order = [line.entry_id for _rank, _tied, line in ranking(tournament)]
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
        transition(tournament, Tournament.Status.RUNNING, what=_("tournament"))
        tournament.save(update_fields=["status"])
    outbox.enqueue(task_names.STANDINGS_RECOMPUTE, tournament.pk)
    return stage
