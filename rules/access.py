"""Who may see and act on the archive's disputes, in one place: the API, the pages and the
services all ask here.

A dispute is about a recorded deal, and a deal's cards are for its table: the players of that
Game, the croupiers and the admins. So a dispute is seen by those who may see its deal, and by
nobody else (the club's public record of a ruling is the precedent a croupier publishes from it).
A dispute of a reference that names no recorded deal is a croupier's matter only. Only those who
may see a deal open a dispute on it; only croupiers and admins rule, order a replay or publish.

Deals belong to the games app; this module reads its tables (lazily imported: the games app
imports the archive at load time).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db.models import CharField, QuerySet, Value
from django.db.models.functions import Cast, Concat
from django.utils.translation import gettext as _

from club.errors import Forbidden, InvalidInput, NotFound
from club.models import Member

from .models import Dispute

if TYPE_CHECKING:
    from games.models import Deal

DEAL_PREFIX = "deal-"


def deal_id_of(ref: str) -> int | None:
    """The id of the recorded deal a reference names (``deal-<id>``), or None."""
    if not isinstance(ref, str) or not ref.startswith(DEAL_PREFIX):
        return None
    digits = ref[len(DEAL_PREFIX):]
    return int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 18 else None


def _is_croupier(actor: Member | None) -> bool:
    return actor is not None and actor.active and actor.is_croupier


def _visible_deals(actor: Member | None):
    from games.models import Deal

    if actor is None or not actor.active:
        return Deal.objects.none()
    if actor.is_croupier:
        return Deal.all_objects.all()
    return Deal.all_objects.filter(game__players__member=actor)


def deal_for_ref(actor: Member | None, ref: str) -> Deal | None:
    """The recorded deal ``ref`` names if ``actor`` may see it (a player of its Game, a croupier
    or an admin), else None: one query."""
    deal_id = deal_id_of(ref)
    if deal_id is None:
        return None
    return _visible_deals(actor).select_related("game").filter(pk=deal_id).first()


def check_can_open_dispute(actor: Member | None, deal_ref: str) -> Deal:
    """The deal ``deal_ref`` names, if ``actor`` may call the croupier on it. A deal that does not
    exist and a deal at another table get the same answer, so a reference tells nothing about
    tables the member does not sit at."""
    if actor is None or not actor.active:
        raise Forbidden(_("Only a club member may call the croupier."))
    deal = deal_for_ref(actor, deal_ref)
    if deal is None:
        raise InvalidInput(_("deal_ref: there is no recorded deal %(deal)s at your tables.")
                           % {"deal": repr(str(deal_ref)[:40])},
                           extra={"field": "deal_ref", "value": str(deal_ref)[:40]})
    return deal


def disputes_visible_to(actor: Member | None) -> QuerySet[Dispute]:
    """The disputes ``actor`` may see: every one for a croupier or an admin, those of the deals
    at their tables for a member, none for anybody else."""
    qs = Dispute.objects.select_related("raised_by", "ruled_by", "precedent")
    if actor is None or not actor.active:
        return qs.none()
    if actor.is_croupier:
        return qs
    refs = (_visible_deals(actor)
            .annotate(ref=Concat(Value(DEAL_PREFIX), Cast("pk", CharField()), output_field=CharField()))
            .values("ref"))
    return qs.filter(deal_ref__in=refs)


def access_dispute(actor: Member | None, dispute_id, *, for_write: bool) -> Dispute:
    """The dispute, if ``actor`` may see it (404 otherwise, as if it did not exist); writing it
    (ruling, a replay, publishing) is for croupiers and admins (403 for the players who see it)."""
    try:
        pk = int(dispute_id)
    except (TypeError, ValueError):
        pk = None
    dispute = disputes_visible_to(actor).filter(pk=pk).first() if pk is not None else None
    if dispute is None:
        raise NotFound(_("No dispute #%(id)s.") % {"id": str(dispute_id)[:40]}, extra={"value": str(dispute_id)[:40]})
    if for_write and not _is_croupier(actor):
        raise Forbidden(_("Only a croupier or an admin may rule on a dispute."), extra={"dispute": dispute.pk})
    return dispute


def can_rule(actor: Member | None) -> bool:
    return _is_croupier(actor)
