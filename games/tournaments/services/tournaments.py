"""Writes of tournaments and their entries: creating one (its address, tie-breakers and readings),
its tie-breakers changed, its moves along its statuses, a player entered or withdrawn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from club import outbox
from club.errors import Conflict, InvalidInput
from club.models import Member, Venue
from club.services import require_croupier
from club.states import transition

from .. import engine as tricks
from .. import metrics, task_names
from ..engine import RulesError
from ..models import Entry, Tournament, default_tiebreakers

# Page addresses beside /tournaments/<slug>/ that a tournament's address may not take.
RESERVED_SLUGS = {"new", "ratings", "tables", "rounds"}


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
    tiebreakers = _check_tiebreakers(tiebreakers)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    tournament.tiebreakers = tiebreakers
    tournament.save(update_fields=["tiebreakers"])
    outbox.enqueue(task_names.STANDINGS_RECOMPUTE, tournament.pk)
    return tournament


@transaction.atomic
def tournament_transition(*, actor: Member, tournament: Tournament, to: str) -> Tournament:
    require_croupier(actor)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    transition(tournament, to, what=_("tournament"))
    tournament.save(update_fields=["status"])
    if to == Tournament.Status.FINISHED:
        outbox.enqueue(task_names.STANDINGS_RECOMPUTE, tournament.pk)
        outbox.enqueue(task_names.RATINGS_RECOMPUTE)
        outbox.enqueue(task_names.TOURNAMENT_REPORT, tournament.pk)
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
    outbox.enqueue(task_names.STANDINGS_RECOMPUTE, entry.tournament_id)
    return entry
