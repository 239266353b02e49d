"""What a member's own data export (:mod:`club.member_data`) holds of the archive: the disputes he
raised and the precedents he ruled. Registered by :meth:`rules.apps.RulesConfig.ready`: the club
does not import the archive."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from club.member_data import Table, when
from club.models import Member

from .models import Dispute, Precedent


def ruling_tables(member: Member, site: str) -> list[Table]:
    disputes = [{"raised_at": when(d.raised_at), "deal": d.deal_ref, "question": d.question,
                 "status": d.get_status_display(), "ruling": d.ruling,
                 "ruled_by": d.ruled_by.display_name if d.ruled_by else "", "ruled_at": when(d.ruled_at)}
                for d in Dispute.objects.filter(raised_by=member).select_related("ruled_by").order_by("raised_at")]
    precedents = [{"id": p.permanent_id, "title": p.title, "status": p.get_status_display(),
                   "ruled_on": p.ruled_on.isoformat(), "in_force_from": p.effective_from.isoformat(),
                   "link": site + reverse("rules:precedent_detail", args=[p.permanent_id])}
                  for p in Precedent.objects.filter(ruled_by=member).order_by("ruled_on", "permanent_id")]
    return [
        Table("disputes", (("raised_at", _("Raised at")), ("deal", _("Deal")), ("question", _("Question")),
                           ("status", _("Status")), ("ruling", _("Ruling")), ("ruled_by", _("Ruled by")),
                           ("ruled_at", _("Ruled at"))), disputes),
        Table("precedents", (("id", _("Precedent")), ("title", _("Title")), ("status", _("Status")),
                             ("ruled_on", _("Ruled on")), ("in_force_from", _("In force from")), ("link", _("Link"))),
              precedents),
    ]
