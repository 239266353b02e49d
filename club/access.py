"""Who may act in the club app, in one place: croupiers run sessions and venues, admins manage
members, dimensions and invitations; a member edits only himself. ``check_*`` raise
:class:`Forbidden` (403) before anything the actor sent is read."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .errors import Forbidden
from .models import Member


def check_croupier(actor: Member | None, message: str | None = None) -> Member:
    """An active croupier or admin; ``message`` says what only he may do."""
    if actor is None or not actor.active or not actor.is_croupier:
        raise Forbidden(message or _("Only a croupier or an admin may do this."))
    return actor


def check_admin(actor: Member | None) -> Member:
    if actor is None or not actor.active or not actor.is_admin:
        raise Forbidden(_("Only an admin may do this."))
    return actor


def check_member_edit(actor: Member | None, member: Member) -> Member:
    """An admin edits anyone; a member edits himself (which fields, the service says)."""
    if actor is None or not actor.active or not (actor.is_admin or actor.pk == member.pk):
        raise Forbidden(_("Only an admin may change another member or a member's role."))
    return actor
