"""Who may act on a season, in one place: croupiers and admins create and edit seasons and call
the championship; members read the standings. ``check_*`` raise :class:`Forbidden` (403)
before anything the actor sent is read."""

from __future__ import annotations

from django.utils.translation import gettext as _

from club.access import check_croupier
from club.models import Member


def can_run(actor: Member | None) -> bool:
    return actor is not None and actor.active and actor.is_croupier


def check_season_editor(actor: Member | None) -> Member:
    return check_croupier(actor, _("Only a croupier or an admin may create or change a season."))


def check_championship(actor: Member | None) -> Member:
    return check_croupier(actor, _("Only a croupier or an admin may call the season's championship."))
