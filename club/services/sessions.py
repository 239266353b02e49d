"""Writes of scheduled sessions: scheduling one, changing it (a move raises its calendar
SEQUENCE; more places promote the waitlist) and moving it along its statuses."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import InvalidInput
from ..models import Member, ScheduledSession, Venue
from ..states import transition
from .attendance import promote_waitlist
from .common import locked_session, require_croupier, require_valid

SESSION_FIELDS = ("title", "venue", "starts_at", "ends_at", "kind", "game", "min_stake", "max_stake", "capacity", "notes")


@transaction.atomic
def session_create(*, actor: Member, title: str, venue: Venue, starts_at: datetime, ends_at: datetime,
                   kind: str = "", game: str = "", min_stake: int = 2, max_stake: int = 20, capacity: int = 8,
                   notes: str = "") -> ScheduledSession:
    """Schedule a session. Its kind decides its game (a tables session keeps the table game
    given); given only a game, the kind follows it."""
    require_croupier(actor)
    kind = _check_kind(kind or ScheduledSession.kind_for_game(game or ScheduledSession.Kind.DRAGON))
    game = ScheduledSession.game_for_kind(kind, game)
    session = ScheduledSession(title=title, venue=venue, starts_at=starts_at, ends_at=ends_at, kind=kind, game=game,
                               min_stake=min_stake, max_stake=max_stake, capacity=capacity, notes=notes,
                               created_by=actor)
    _check_session(session)
    session.save()
    return session


def _check_kind(kind: str) -> str:
    if kind not in ScheduledSession.Kind.values:
        raise InvalidInput(_("A session is a Dragon Poker evening, a tournament or a tables session, not %(kind)s.")
                           % {"kind": repr(str(kind)[:40])}, extra={"field": "kind", "value": str(kind)[:40]})
    return kind


def _check_session(session: ScheduledSession) -> None:
    if session.ends_at and session.starts_at and session.ends_at <= session.starts_at:
        raise InvalidInput(_("The session must end after it starts (ends_at %(ends_at)s).")
                           % {"ends_at": session.ends_at.isoformat()},
                           extra={"field": "ends_at", "value": session.ends_at.isoformat()})
    if session.max_stake < session.min_stake:
        raise InvalidInput(_("The maximum stake %(max)s is below the minimum %(min)s.")
                           % {"max": session.max_stake, "min": session.min_stake},
                           extra={"field": "max_stake", "value": session.max_stake})
    require_valid(session, exclude=["created_by"])


@transaction.atomic
def session_update(*, session: ScheduledSession, actor: Member, **changes) -> ScheduledSession:
    require_croupier(actor)
    for field in changes:
        if field not in SESSION_FIELDS:
            raise InvalidInput(_("%(field)s cannot be changed here.") % {"field": field}, extra={"field": field})
    # The caller's copy may predate a move of the session's status: the session's history records
    # the whole row, so the change is made on the row as it stands, locked.
    session = locked_session(session)
    before = (session.starts_at, session.ends_at, session.venue_id)
    for field, value in changes.items():
        setattr(session, field, value)
    changed = set(changes)
    if "kind" in changes:
        session.game = ScheduledSession.game_for_kind(_check_kind(session.kind), session.game)
        changed.add("game")
    elif "game" in changes:
        session.kind = ScheduledSession.kind_for_game(session.game)
        changed.add("kind")
    _check_session(session)
    if (session.starts_at, session.ends_at, session.venue_id) != before:
        # A move: subscribed calendars take the event with the higher SEQUENCE.
        session.sequence += 1
        changed.add("sequence")
    if changed:
        session.save(update_fields=sorted(changed))
    if "capacity" in changes:
        promote_waitlist(session)
    return session


@transaction.atomic
def session_transition(*, session: ScheduledSession, actor: Member, to: str) -> ScheduledSession:
    require_croupier(actor)
    session = locked_session(session)
    transition(session, to, what=_("session"))
    if to == ScheduledSession.Status.CANCELLED:
        session.sequence += 1
    session.save(update_fields=["status", "sequence"])
    return session
