"""Who may see and act on the archive's disputes, in one place: the API, the pages and the
services all ask here.

A dispute is about a recorded deal, and a deal's cards are for its table: the players of that
Game, the croupiers and the admins. So a dispute is seen by those who may see its deal, and by
nobody else (the club's public record of a ruling is the precedent a croupier publishes from it).
A dispute of a reference that names no recorded deal is a croupier's matter only. Only those who
may see a deal open a dispute on it; only croupiers and admins rule, order a replay or publish.

Deals belong to the games app, which depends on the archive: it says which deals a member may see
through :mod:`rules.hooks`, and this module never imports it.
"""

from __future__ import annotations

from django.core import signing
from django.db.models import CharField, Model, QuerySet, Value
from django.db.models.functions import Cast, Concat
from django.utils.translation import gettext as _

from club.errors import Forbidden, InvalidInput, NotFound
from club.models import Member

from . import hooks, search
from .models import Dispute, SavedSearch

DEAL_PREFIX = "deal-"


def deal_id_of(ref: str) -> int | None:
    """The id of the recorded deal a reference names (``deal-<id>``), or None."""
    if not isinstance(ref, str) or not ref.startswith(DEAL_PREFIX):
        return None
    digits = ref[len(DEAL_PREFIX):]
    return int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 18 else None


def _is_croupier(actor: Member | None) -> bool:
    return actor is not None and actor.active and actor.is_croupier


def deal_for_ref(actor: Member | None, ref: str) -> Model | None:
    """The recorded deal ``ref`` names if ``actor`` may see it (a player of its Game, a croupier
    or an admin), else None: one query."""
    deal_id = deal_id_of(ref)
    deals = hooks.deals_visible_to(actor) if deal_id is not None else None
    return None if deals is None else deals.filter(pk=deal_id).first()


def check_can_open_dispute(actor: Member | None, deal_ref: str) -> Model:
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
    deals = hooks.deals_visible_to(actor)
    if deals is None:
        return qs.none()
    refs = (deals.annotate(ref=Concat(Value(DEAL_PREFIX), Cast("pk", CharField()), output_field=CharField()))
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


# ----------------------------------------------------------------------------- followed searches
def _saved_search_by_token(token) -> SavedSearch | None:
    token = str(token or "")
    if not token or len(token) > 64 or search.names_nothing(token):
        return None
    return SavedSearch.objects.select_related("owner__user").filter(token=token).first()


def access_saved_search(actor: Member | None, token, *, for_write: bool) -> SavedSearch:
    """A followed search by its secret. Whoever holds the secret reads it (its page and feed:
    the secret is the feed's key). A visitor's search is changed by whoever holds the secret (it
    is his only key); a member's only by that member (403 for anybody else holding it)."""
    saved = _saved_search_by_token(token)
    if saved is None:
        raise NotFound(_("There is no followed search at this address."))
    if for_write and saved.owner_id is not None and (actor is None or actor.pk != saved.owner_id):
        raise Forbidden(_("Only the member who follows this search may change it."))
    return saved


def access_own_saved_search(actor: Member | None, saved_id) -> SavedSearch:
    """A member's own followed search by its id (the API): another's is a 404, as if it did not
    exist."""
    try:
        pk = int(saved_id)
    except (TypeError, ValueError):
        pk = None
    saved = (SavedSearch.objects.filter(pk=pk, owner=actor).first()
             if pk is not None and actor is not None else None)
    if saved is None:
        raise NotFound(_("No followed search #%(id)s.") % {"id": str(saved_id)[:40]},
                       extra={"value": str(saved_id)[:40]})
    return saved


def check_can_save_search(actor: Member | None) -> None:
    """Anybody may follow a search (a visitor too); a member whose account is closed may not."""
    if actor is not None and not actor.active:
        raise Forbidden(_("This account is closed."))


def check_can_mail_digest(actor: Member | None, saved: SavedSearch) -> None:
    """The daily mail is for the member who follows the search."""
    if saved.owner_id is None or actor is None or actor.pk != saved.owner_id:
        raise Forbidden(_("Only the member who follows this search may have it mailed."))


DIGEST_UNSUBSCRIBE_SALT = "rules.followed.unsubscribe"


def digest_unsubscribe_token(member: Member) -> str:
    """The signed part of the link at the foot of a digest: it stops the member's digests
    without logging in."""
    return signing.dumps({"m": member.pk}, salt=DIGEST_UNSUBSCRIBE_SALT, compress=True)


def check_digest_unsubscribe(token: str) -> Member:
    try:
        data = signing.loads(str(token), salt=DIGEST_UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        data = None
    member = Member.objects.filter(pk=data.get("m")).first() if isinstance(data, dict) else None
    if member is None:
        raise NotFound(_("This unsubscribe link is not valid. Change your followed searches on their page."))
    return member
