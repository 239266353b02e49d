"""The club's sessions as iCalendar feeds: the public one and each member's own.

Every event keeps its UID (``session-<pk>@<host>``) for life, carries the SEQUENCE the session's
services raise at each move and cancellation, and a cancelled session stays in the feed as
STATUS:CANCELLED, so a subscribed calendar moves or strikes out what it already holds. Times are
written in the venue's time zone, with its VTIMEZONE.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from urllib.parse import urlsplit

import icalendar
from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import RSVP, ScheduledSession

CONTENT_TYPE = "text/calendar; charset=utf-8"

# How a session's status reads to a calendar program.
EVENT_STATUS = {
    ScheduledSession.Status.PLANNED: "TENTATIVE",
    ScheduledSession.Status.OPEN: "CONFIRMED",
    ScheduledSession.Status.RUNNING: "CONFIRMED",
    ScheduledSession.Status.CLOSED: "CONFIRMED",
    ScheduledSession.Status.CANCELLED: "CANCELLED",
}


def uid_host() -> str:
    return urlsplit(settings.SITE_URL).hostname or "localhost"


def session_uid(session: ScheduledSession) -> str:
    return f"session-{session.pk}@{uid_host()}"


def tournament_uid(tournament) -> str:
    return f"tournament-{tournament.pk}@{uid_host()}"


def _location(venue) -> str:
    return ", ".join(part for part in (venue.name, venue.address) if part)


def _session_event(session: ScheduledSession, *, site_url: str, stamp) -> icalendar.Event:
    tz = session.venue.tz
    event = icalendar.Event()
    event.add("uid", session_uid(session))
    event.add("dtstamp", stamp)
    event.add("dtstart", timezone.localtime(session.starts_at, tz))
    event.add("dtend", timezone.localtime(session.ends_at, tz))
    event.add("sequence", session.sequence)
    # In a member's own feed a place on the waitlist is not yet a place.
    waitlisted = getattr(session, "my_answer", None) == RSVP.Answer.WAITLISTED
    status = EVENT_STATUS[session.status]
    event.add("status", "TENTATIVE" if waitlisted and status == "CONFIRMED" else status)
    event.add("summary", session.title)
    event.add("location", _location(session.venue))
    event.add("geo", (float(session.venue.latitude), float(session.venue.longitude)))
    url = site_url.rstrip("/") + session.get_absolute_url()
    event.add("url", url)
    lines = [session.get_game_display(),
             _("Stakes %(min)s–%(max)s") % {"min": session.min_stake, "max": session.max_stake},
             session.get_status_display()]
    if waitlisted:
        lines.append(_("You are on the waitlist."))
    if session.notes:
        lines.append(session.notes)
    lines.append(url)
    event.add("description", "\n".join(lines))
    return event


def _tournament_event(tournament, *, site_url: str, stamp) -> icalendar.Event:
    event = icalendar.Event()
    event.add("uid", tournament_uid(tournament))
    event.add("dtstamp", stamp)
    # A tournament has a day, not hours: an all-day event.
    event.add("dtstart", tournament.date)
    event.add("dtend", tournament.date + timedelta(days=1))
    event.add("summary", _("Tournament: %(name)s") % {"name": tournament.name})
    if tournament.venue is not None:
        event.add("location", _location(tournament.venue))
    url = site_url.rstrip("/") + tournament.get_absolute_url()
    event.add("url", url)
    event.add("description", url)
    return event


def feed(*, name: str, sessions: Iterable[ScheduledSession], tournaments: Iterable = (),
         site_url: str) -> bytes:
    """The .ics text of a feed called ``name``."""
    calendar = icalendar.Calendar()
    calendar.add("prodid", f"-//{settings.CLUB_NAME}//Sessions//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", name)
    calendar.add("x-wr-timezone", settings.TIME_ZONE)
    stamp = timezone.now()
    for session in sessions:
        calendar.add_component(_session_event(session, site_url=site_url, stamp=stamp))
    for tournament in tournaments:
        calendar.add_component(_tournament_event(tournament, site_url=site_url, stamp=stamp))
    calendar.add_missing_timezones()
    return calendar.to_ical()
