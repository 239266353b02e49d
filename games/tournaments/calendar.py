"""The tournaments in a member's own calendar feed (:mod:`club.calendar`), read for
:func:`club.selectors.tournaments_for_member_feed`, where
:meth:`games.tournaments.apps.TournamentsConfig.ready` registers them."""

from __future__ import annotations

from datetime import date

from club.models import Member

from .models import Tournament


def tournaments_for_member_feed(*, member: Member, since: date, limit: int) -> list[Tournament]:
    """The tournaments the member plays (not those he withdrew from) from ``since`` on, by day."""
    return list(Tournament.objects.select_related("venue").filter(
        entries__member=member, entries__withdrawn_after_stage__isnull=True, date__gte=since)
        .order_by("date")[:limit])
