"""Reads of the club app that are more than one line; each makes a fixed number of queries."""

from __future__ import annotations

from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils import timezone

from .models import RSVP, Member, ScheduledSession, SeatAssignment


def member_for_user(user) -> Member | None:
    if not getattr(user, "is_authenticated", False):
        return None
    try:
        return user.member
    except Member.DoesNotExist:
        return None


def members_list(*, active_only: bool = False) -> QuerySet[Member]:
    qs = Member.objects.select_related("dimension", "user")
    return qs.filter(active=True) if active_only else qs


def sessions_with_counts() -> QuerySet[ScheduledSession]:
    return ScheduledSession.objects.select_related("venue").annotate(
        going_count=Count("rsvps", filter=Q(rsvps__answer=RSVP.Answer.GOING)),
        waitlist_count=Count("rsvps", filter=Q(rsvps__answer=RSVP.Answer.WAITLISTED)),
    )


def sessions_upcoming(*, limit: int | None = None) -> QuerySet[ScheduledSession]:
    qs = sessions_with_counts().filter(ends_at__gte=timezone.now()).exclude(
        status=ScheduledSession.Status.CANCELLED).order_by("starts_at")
    return qs[:limit] if limit else qs


def sessions_past(*, limit: int | None = None) -> QuerySet[ScheduledSession]:
    qs = sessions_with_counts().filter(ends_at__lt=timezone.now()).order_by("-starts_at")
    return qs[:limit] if limit else qs


def session_detail(*, pk: int) -> ScheduledSession:
    rsvps = RSVP.objects.select_related("member__dimension").order_by("requested_at", "pk")
    seats = SeatAssignment.objects.select_related("member__dimension")
    return (sessions_with_counts()
            .prefetch_related(Prefetch("rsvps", queryset=rsvps), Prefetch("seats", queryset=seats), "games")
            .get(pk=pk))


def rsvps_of_member(*, member: Member, upcoming: bool = True) -> QuerySet[RSVP]:
    qs = RSVP.objects.filter(member=member).select_related("session__venue")
    if upcoming:
        qs = qs.filter(session__ends_at__gte=timezone.now())
    return qs.order_by("session__starts_at")


def seating_chart(session: ScheduledSession) -> list[dict]:
    """The eight compass seats with who sits in each, positioned for an SVG round table."""
    import math

    from .seats import CLOCKWISE

    by_seat = {row.seat: row.member for row in session.seats.all()}
    chart = []
    for i, seat in enumerate(CLOCKWISE):
        angle = math.radians(i * 45 - 90)
        chart.append({"seat": seat, "member": by_seat.get(seat),
                      "x": round(150 + 110 * math.cos(angle), 1), "y": round(150 + 110 * math.sin(angle), 1)})
    return chart
