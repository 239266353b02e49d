"""What a member's own data export (:mod:`club.member_data`) holds of the tournaments: those he
entered. Registered by :meth:`games.tournaments.apps.TournamentsConfig.ready`."""

from __future__ import annotations

from django.utils.translation import gettext as _

from club.member_data import Table
from club.models import Member

from .models import Entry


def tournament_tables(member: Member, site: str) -> list[Table]:
    entries = [{"tournament": e.tournament.name, "status": e.tournament.get_status_display()} for e in
               Entry.objects.filter(member=member).select_related("tournament").order_by("tournament__pk")]
    return [Table("tournaments", (("tournament", _("Tournament")), ("status", _("Status"))), entries)]
