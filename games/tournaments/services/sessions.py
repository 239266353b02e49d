"""A tournament played at a club session: created from the session, with the members coming to it
(going to it, or checked in at its door) registered in one step."""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from club.errors import Conflict
from club.models import RSVP, Member, ScheduledSession
from club.services import require_croupier

from ..models import Entry, Tournament
from .tournaments import RESERVED_SLUGS, tournament_create


def _free_slug(name: str, day: date) -> str:
    """The tournament's address from its name and date; a second one that day gets a number."""
    base = slugify(f"{name}-{day:%Y-%m-%d}") or f"tournament-{day:%Y-%m-%d}"
    slug, n = base, 1
    while slug in RESERVED_SLUGS or Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


@transaction.atomic
def tournament_for_session(*, actor: Member, session: ScheduledSession) -> tuple[Tournament, list[Entry]]:
    """The tournament of a session, created from it (its title, day and venue) with the members
    coming to it registered at once; a session that has its tournament already gets it back,
    with any member who said "going" since registered."""
    require_croupier(actor)
    session = ScheduledSession.objects.select_for_update().select_related("venue").get(pk=session.pk)
    if session.kind != ScheduledSession.Kind.TOURNAMENT:
        raise Conflict(_("%(session)s is a %(kind)s, not a tournament: it has no tournament to start.")
                       % {"session": session.title, "kind": session.get_kind_display().lower()},
                       extra={"field": "session", "value": session.pk})
    if session.status in (ScheduledSession.Status.CANCELLED, ScheduledSession.Status.CLOSED):
        raise Conflict(_("%(session)s is %(status)s: no tournament starts there.")
                       % {"session": session.title, "status": session.get_status_display().lower()},
                       extra={"field": "session", "value": session.status})
    tournament = session.tournaments.order_by("pk").first()
    if tournament is None:
        day = session.local_start.date()
        tournament = tournament_create(actor=actor, name=session.title, date=day, venue=session.venue,
                                       slug=_free_slug(session.title, day))
        tournament.session = session
        tournament.save(update_fields=["session"])
    if tournament.status == Tournament.Status.FINISHED:
        return tournament, []
    return tournament, entries_from_session(actor=actor, tournament=tournament)


def session_players_to_register(tournament: Tournament) -> list[Member]:
    """The active members of the tournament's session who are not entered yet: those going to it
    (in the order they asked for a place), then those checked in at the door without having said
    so (in the order they came)."""
    if tournament.session_id is None:
        return []
    entered = Entry.objects.filter(tournament=tournament).values("member_id")
    going = list(Member.objects.filter(rsvps__session_id=tournament.session_id, rsvps__answer=RSVP.Answer.GOING,
                                       active=True)
                 .exclude(pk__in=entered).order_by("rsvps__requested_at", "display_name"))
    came = (Member.objects.filter(checkins__session_id=tournament.session_id, active=True)
            .exclude(pk__in=entered).exclude(pk__in=[m.pk for m in going])
            .order_by("checkins__at", "display_name"))
    return going + list(came)


@transaction.atomic
def entries_from_session(*, actor: Member, tournament: Tournament) -> list[Entry]:
    """Register in one step every member whose answer to the tournament's session is "going" or
    who was checked in at its door, and who is not entered yet; run again, it adds only those who
    answered or came since. Returns the new entries (none when everyone is in)."""
    require_croupier(actor)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.session_id is None:
        raise Conflict(_("%(name)s is not played at a club session: add its players one by one.")
                       % {"name": tournament.name}, extra={"field": "session", "value": None})
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict(_("%(name)s is finished: reopen it to register more players.") % {"name": tournament.name},
                       extra={"field": "tournament", "value": tournament.status})
    new = [Entry(tournament=tournament, member=member) for member in session_players_to_register(tournament)]
    for entry in new:
        entry.save()
    return new
