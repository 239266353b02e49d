"""Reads of the club app that are more than one line; each makes a fixed number of queries.

A member's page and his calendar feed show what he does in the apps above the club too (his
rating chart, the tournaments he plays): each app registers what it adds
(:func:`register_member_page_part`, :func:`register_member_tournaments`) from its
``AppConfig.ready()``, so the club does not import it."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from datetime import date, datetime, timedelta
from typing import Any

from django.db.models import Count, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.utils import timezone

from .models import RSVP, CheckIn, Member, ScheduledSession, SeatAssignment
from .seats import CLOCKWISE

# A part of a member's page: build(member=...) -> its value, under its name in the page's context.
MemberPagePart = Callable[..., Any]
# The tournaments a member plays from a day on, at most so many: source(member=, since=, limit=),
# each with a ``date``, a ``name``, a ``venue`` and a page (``get_absolute_url``).
MemberTournaments = Callable[..., Iterable[Any]]

_MEMBER_PAGE_PARTS: dict[str, MemberPagePart] = {}
_MEMBER_TOURNAMENTS: list[MemberTournaments] = []


def register_member_page_part(name: str, build: MemberPagePart) -> None:
    """A member's page has ``name`` in its context: ``build(member=member)``."""
    _MEMBER_PAGE_PARTS[name] = build


def member_page_parts(*, member: Member) -> dict[str, Any]:
    """What the apps add to a member's page, by name."""
    return {name: build(member=member) for name, build in _MEMBER_PAGE_PARTS.items()}


def register_member_tournaments(source: MemberTournaments) -> None:
    """Add ``source`` (once) to those a member's calendar feed reads his tournaments from."""
    if source not in _MEMBER_TOURNAMENTS:
        _MEMBER_TOURNAMENTS.append(source)


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


def members_page() -> list[Member]:
    """Every member with his dimension, as the members page lists them."""
    return list(Member.objects.select_related("dimension"))


def sessions_with_counts() -> QuerySet[ScheduledSession]:
    return ScheduledSession.objects.select_related("venue").annotate(
        going_count=Count("rsvps", filter=Q(rsvps__answer=RSVP.Answer.GOING)),
        waitlist_count=Count("rsvps", filter=Q(rsvps__answer=RSVP.Answer.WAITLISTED)),
    )


def _upcoming(now: datetime) -> QuerySet[ScheduledSession]:
    """The sessions not cancelled and not over at ``now``, soonest first, with their counts."""
    return sessions_with_counts().filter(ends_at__gte=now).exclude(
        status=ScheduledSession.Status.CANCELLED).order_by("starts_at")


def sessions_upcoming() -> QuerySet[ScheduledSession]:
    return _upcoming(timezone.now())


# The dashboard's and the sessions page's lists, one query each, read at the same ``now`` so that they agree.
def upcoming_ten(now: datetime) -> list[ScheduledSession]:
    """The next ten sessions not cancelled."""
    return list(_upcoming(now)[:10])


def upcoming_all(now: datetime) -> list[ScheduledSession]:
    """Every session not cancelled and not over."""
    return list(_upcoming(now))


def past_thirty(now: datetime) -> list[ScheduledSession]:
    """The last thirty sessions over, latest first."""
    return list(sessions_with_counts().filter(ends_at__lt=now).order_by("-starts_at")[:30])


def upcoming_rsvps(member_id: int, now: datetime) -> list[RSVP]:
    """A member's answers to the sessions not over, soonest first, with their sessions and venues."""
    return list(RSVP.objects.filter(member=member_id, session__ends_at__gte=now)
                .select_related("session__venue").order_by("session__starts_at"))


def session_detail(*, pk: int) -> ScheduledSession:
    rsvps = RSVP.objects.select_related("member__dimension").order_by("requested_at", "pk")
    seats = SeatAssignment.objects.select_related("member__dimension")
    return (sessions_with_counts()
            .prefetch_related(Prefetch("rsvps", queryset=rsvps), Prefetch("seats", queryset=seats), "games")
            .get(pk=pk))


def attendance(session: ScheduledSession) -> dict:
    """Who came (checked in) against who said they would (answered "going"), with the names of
    each side and of those on one side only. Uses the session's prefetched RSVPs when it has them."""
    checkins = list(CheckIn.objects.filter(session=session).select_related("member", "by").order_by("at", "pk"))
    said = [r.member for r in session.rsvps.all() if r.answer == RSVP.Answer.GOING]
    came_ids = {c.member_id for c in checkins}
    said_ids = {m.pk for m in said}
    return {
        "checkins": checkins,
        "came_count": len(checkins),
        "said_count": len(said),
        "came_and_said": [c.member for c in checkins if c.member_id in said_ids],
        "came_unannounced": [c.member for c in checkins if c.member_id not in said_ids],
        "said_not_came": [m for m in said if m.pk not in came_ids],
    }


def seating_chart(session: ScheduledSession) -> list[dict]:
    """The eight compass seats with who sits in each, positioned for an SVG round table."""
    by_seat = {row.seat: row.member for row in session.seats.all()}
    chart = []
    for i, seat in enumerate(CLOCKWISE):
        angle = math.radians(i * 45 - 90)
        chart.append({"seat": seat, "member": by_seat.get(seat),
                      "x": round(150 + 110 * math.cos(angle), 1), "y": round(150 + 110 * math.sin(angle), 1)})
    return chart


# --- calendar feeds --------------------------------------------------------------------------------

# A feed keeps the sessions of the last few weeks (a cancellation must reach calendars that
# already hold the event) and every later one.
FEED_PAST_DAYS = 60
FEED_LIMIT = 500


def _feed_sessions() -> QuerySet[ScheduledSession]:
    since = timezone.now() - timedelta(days=FEED_PAST_DAYS)
    return ScheduledSession.objects.select_related("venue").filter(ends_at__gte=since).order_by("starts_at")


def sessions_for_public_feed() -> list[ScheduledSession]:
    """Every session of the club, as the sessions page shows them to anyone: no names."""
    return list(_feed_sessions()[:FEED_LIMIT])


def member_by_calendar_token(*, token: str) -> Member | None:
    if not token or "\x00" in token:
        return None
    return Member.objects.filter(calendar_token=token[:64], active=True).first()


def sessions_for_member_feed(*, member: Member) -> list[ScheduledSession]:
    """The sessions the member is going to or waitlisted for, each with his answer (``my_answer``)."""
    answer = RSVP.objects.filter(session=OuterRef("pk"), member=member).values("answer")[:1]
    return list(_feed_sessions().annotate(my_answer=Subquery(answer))
                .filter(my_answer__in=[RSVP.Answer.GOING, RSVP.Answer.WAITLISTED])[:FEED_LIMIT])


def tournaments_for_member_feed(*, member: Member) -> list:
    """The tournaments the member plays (not those he withdrew from), by day."""
    since: date = timezone.localdate() - timedelta(days=FEED_PAST_DAYS)
    found = [t for source in _MEMBER_TOURNAMENTS for t in source(member=member, since=since, limit=FEED_LIMIT)]
    return sorted(found, key=lambda t: t.date)[:FEED_LIMIT]
