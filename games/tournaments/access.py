"""Who may act on a tournament and its score sheets, in one place.

Croupiers and admins run tournaments and record any table; a player records the rounds of the
table he sits at. ``check_*`` raise :class:`Forbidden` (403) for everyone else, before anything
the actor sent is read.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from club.access import check_croupier  # noqa: F401 (the tournaments' name for the club's rule)
from club.errors import Forbidden
from club.models import Member

from .models import Table


def can_record(actor: Member | None, table: Table, seated_member_ids: Sequence[int] | None = None) -> bool:
    """Croupiers and admins record any table; a player records the rounds of the table they sit at."""
    if actor is None or not actor.active:
        return False
    if actor.is_croupier:
        return True
    if seated_member_ids is None:
        seated_member_ids = list(table.seats.values_list("entry__member_id", flat=True))
    return actor.pk in seated_member_ids


def check_recorder(actor: Member | None, table: Table) -> Member:
    if not can_record(actor, table):
        raise Forbidden(_("Only a croupier, an admin or a player at this table may record its rounds."))
    return actor


def can_direct(actor: Member | None) -> bool:
    """A tournament director: an active croupier or admin."""
    return actor is not None and actor.active and actor.is_croupier


def check_director(actor: Member | None, message: str) -> Member:
    if not can_direct(actor):
        raise Forbidden(message)
    return actor
