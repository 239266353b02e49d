"""Writes of the club app. Each service is one transaction and the only place its change happens.

Work for later (a mail) is enqueued by the task's name (:mod:`club.task_names`) through the
outbox: the tasks import the services, so the services do not import the tasks.

The modules import one another one way: ``common`` (the permission checks, the model validation,
the session row a write locks) first, then ``places``, ``members``, ``invitations``,
``attendance`` (answers, the waitlist, the check-in), ``sessions``, which promotes the waitlist
when places are added, and ``seating``.
"""

from ..errors import Forbidden as Forbidden  # callers catch it from here
from .attendance import checkin_record, rsvp_set
from .common import require_croupier
from .invitations import (
    invitation_accept,
    invitation_create,
    invitation_mail,
    invitation_pending,
    invitation_reminders_off,
)
from .members import (
    member_calendar_reset,
    member_create,
    member_for_open_signup,
    member_mail_preferences_set,
    member_update,
)
from .places import dimension_create, venue_create
from .seating import seat_assign, seating_apply_proposal, seating_propose, seating_set
from .sessions import session_create, session_transition, session_update

__all__ = [
    "Forbidden", "checkin_record", "dimension_create", "invitation_accept", "invitation_create", "invitation_mail",
    "invitation_pending", "invitation_reminders_off", "member_calendar_reset", "member_create",
    "member_for_open_signup", "member_mail_preferences_set", "member_update", "require_croupier", "rsvp_set",
    "seat_assign", "seating_apply_proposal", "seating_propose", "seating_set", "session_create",
    "session_transition", "session_update", "venue_create",
]
