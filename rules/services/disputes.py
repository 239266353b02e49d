"""Writes of disputes (base rule 12): calling the croupier on a recorded deal, his ruling, a
replay of the deal, and the ruling published as a precedent."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.errors import Conflict, InvalidInput
from club.models import Member
from club.states import transition

from .. import access, hooks, whatif
from ..models import Dispute, Precedent
from .common import QUESTION_MAX_LENGTH, TEXT_MAX_LENGTH, check_length
from .precedents import precedent_file


@transaction.atomic
def dispute_raise(*, actor: Member, deal_ref: str, question: str) -> Dispute:
    """Call the croupier on a recorded deal at one of the actor's tables (or any deal, for a
    croupier). The snapshot kept beside the dispute is the deal as stored, built here: what a
    caller says the deal was is never taken. One open dispute per deal (the snapshot is the games
    app's: rules.whatif)."""
    deal_ref = (deal_ref or "").strip()
    if not deal_ref:
        raise InvalidInput(_("%(field)s: this field is required.") % {"field": "deal_ref"}, extra={"field": "deal_ref", "value": deal_ref})
    if not (question or "").strip():
        raise InvalidInput(_("%(field)s: this field is required.") % {"field": "question"}, extra={"field": "question", "value": question})
    check_length("question", question, QUESTION_MAX_LENGTH)
    access.check_can_open_dispute(actor, deal_ref)
    if Dispute.objects.select_for_update().filter(deal_ref=deal_ref, status=Dispute.Status.OPEN).exists():
        raise Conflict(_("Deal %(deal)s is already disputed.") % {"deal": deal_ref}, extra={"deal_ref": deal_ref})
    snapshot = whatif.deal_snapshot(deal_ref) or {}
    return Dispute.objects.create(deal_ref=deal_ref, deal_snapshot=snapshot, raised_by=actor,
                                  question=question.strip())


def _close_dispute(dispute: Dispute, actor: Member, to: str, ruling: str) -> Dispute:
    access.access_dispute(actor, dispute.pk, for_write=True)
    dispute = Dispute.objects.select_for_update().get(pk=dispute.pk)
    if not (ruling or "").strip():
        raise InvalidInput(_("%(field)s: this field is required.") % {"field": "ruling"}, extra={"field": "ruling", "value": ruling})
    check_length("ruling", ruling, TEXT_MAX_LENGTH)
    transition(dispute, to, what=_("dispute"))
    dispute.ruling = ruling.strip()
    dispute.ruled_by = actor
    dispute.ruled_at = timezone.now()
    dispute.save(update_fields=["status", "ruling", "ruled_by", "ruled_at"])
    return dispute


@transaction.atomic
def dispute_rule(*, dispute: Dispute, actor: Member, ruling: str) -> Dispute:
    """The croupier rules on the dispute; the deal's result may then be confirmed."""
    return _close_dispute(dispute, actor, Dispute.Status.RULED, ruling)


@transaction.atomic
def dispute_replay(*, dispute: Dispute, actor: Member, reason: str = "") -> Dispute:
    """Base rule 12: no precedent and no agreement, so the deal is replayed."""
    check_length("ruling", reason or "", TEXT_MAX_LENGTH)
    text = (reason or "").strip() or _("No precedent and no agreement: the deal is replayed (base rule 12).")
    dispute = _close_dispute(dispute, actor, Dispute.Status.REPLAYED, text)
    # The ruling replays the recorded deal itself (voided, a fresh one dealt at its number), so the
    # game goes on; a deal that cannot be replayed refuses the whole ruling, naming why. The deal
    # is the games app's, which replays it (rules.hooks).
    hooks.deal_replay(deal_ref=dispute.deal_ref, actor=actor)
    return dispute


@transaction.atomic
def dispute_publish(*, dispute: Dispute, actor: Member, title: str, status: str = Precedent.Status.BINDING,
                    **precedent_fields) -> Precedent:
    """Publish a ruled dispute's ruling as a precedent, with the deal's snapshot as its situation."""
    access.access_dispute(actor, dispute.pk, for_write=True)
    dispute = Dispute.objects.select_for_update().get(pk=dispute.pk)
    if dispute.status != Dispute.Status.RULED:
        raise Conflict(_("Dispute #%(id)s is %(status)s: only a ruled dispute becomes a precedent.")
                       % {"id": dispute.pk, "status": dispute.status},
                       extra={"status": dispute.status})
    if dispute.precedent_id is not None:
        raise Conflict(_("Dispute #%(id)s is already published as %(precedent)s.")
                       % {"id": dispute.pk, "precedent": dispute.precedent.permanent_id},
                       extra={"precedent": dispute.precedent.permanent_id})
    fields = {"situation": _("Deal %(deal)s: %(question)s") % {"deal": dispute.deal_ref, "question": dispute.question}, "question": dispute.question,
              "ruling": dispute.ruling}
    fields.update({k: v for k, v in precedent_fields.items() if v not in (None, "")})
    snapshot = {k: dispute.deal_snapshot[k] for k in ("cards", "trace", "players", "date", "number")
                if k in dispute.deal_snapshot} or dict(dispute.deal_snapshot)
    precedent = precedent_file(actor=actor, title=title, status=status, deal_ref=dispute.deal_ref,
                               deal_snapshot=snapshot, ruled_on=(dispute.ruled_at or timezone.now()).date(),
                               **fields)
    dispute.precedent = precedent
    dispute.save(update_fields=["precedent"])
    return precedent
