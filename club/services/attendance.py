"""Writes of who comes to a session: the members' answers (RSVP), the waitlist a freed place
promotes in order, and the check-in at the door."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import access, outbox, task_names
from ..errors import ECHO_LIMIT, Conflict, Forbidden, InvalidInput
from ..models import RSVP, CheckIn, Member, ScheduledSession, SeatAssignment, normalize_checkin_code
from .common import locked_session

# --- answers and the waitlist ---------------------------------------------------------------------

def _going_count(session: ScheduledSession) -> int:
    return session.rsvps.filter(answer=RSVP.Answer.GOING).count()


def promote_waitlist(session: ScheduledSession) -> list[RSVP]:
    """Give the session's free places to the waitlist in the order places were asked for; each
    member promoted is told (a mail, through the outbox). The caller holds the session's lock."""
    promoted = []
    free = session.capacity - _going_count(session)
    if free <= 0:
        return promoted
    for rsvp in (session.rsvps.select_for_update().filter(answer=RSVP.Answer.WAITLISTED)
                 .order_by("requested_at", "pk")[:free]):
        rsvp.answer = RSVP.Answer.GOING
        rsvp.save(update_fields=["answer", "updated_at"])
        promoted.append(rsvp)
        outbox.enqueue(task_names.REMINDER_WAITLIST_PLACE, rsvp.pk)
    return promoted


@transaction.atomic
def rsvp_set(*, session: ScheduledSession, member: Member, actor: Member, answer: str) -> RSVP:
    """Answer for a session. Asking for a place when the session is full puts the member on the
    waitlist; a place freed promotes the waitlist in the order places were asked for."""
    if actor.pk != member.pk and not actor.is_croupier:
        raise Forbidden(_("A member answers for themself only."))
    if answer not in (RSVP.Answer.GOING, RSVP.Answer.MAYBE, RSVP.Answer.DECLINED):
        raise InvalidInput(_("Unknown answer %(answer)s: going, maybe or declined.") % {"answer": repr(answer)},
                           extra={"field": "answer", "value": answer})
    session = locked_session(session)
    if not session.accepts_rsvps:
        raise Conflict(_("The session is %(status)s: RSVPs are closed.") % {"status": session.status}, extra={"status": session.status})
    if not member.active:
        raise InvalidInput(_("%(name)s is not an active member.") % {"name": member}, extra={"field": "member", "value": member.pk})
    rsvp = RSVP.objects.select_for_update().filter(session=session, member=member).first()
    was_going = rsvp is not None and rsvp.answer == RSVP.Answer.GOING
    wants_place = answer == RSVP.Answer.GOING
    created = rsvp is None
    if created:
        rsvp = RSVP(session=session, member=member, answer=answer)
    if wants_place and not was_going and rsvp.answer != RSVP.Answer.WAITLISTED:
        rsvp.requested_at = timezone.now()
    if wants_place and not was_going:
        answer = RSVP.Answer.GOING if _going_count(session) < session.capacity else RSVP.Answer.WAITLISTED
    rsvp.answer = answer
    if created:
        rsvp.save()
    else:
        rsvp.save(update_fields=["answer", "requested_at", "updated_at"])
    if was_going and answer != RSVP.Answer.GOING:
        SeatAssignment.objects.filter(session=session, member=member).delete()
        promote_waitlist(session)
    return rsvp


# --- check-in at the door --------------------------------------------------------------------------

@transaction.atomic
def checkin_record(*, session: ScheduledSession, actor: Member, code: str) -> tuple[CheckIn, bool]:
    """Check in the member whose short code (from his QR code, or typed) is ``code``. Checking
    him in again keeps the first check-in. Returns the check-in and whether it is new."""
    access.check_checkin(actor)
    session = locked_session(session)
    if session.status in (ScheduledSession.Status.CANCELLED, ScheduledSession.Status.CLOSED):
        raise Conflict(_("%(session)s is %(status)s: nobody checks in any more.")
                       % {"session": session.title, "status": session.get_status_display().lower()},
                       extra={"field": "code", "value": session.status})
    typed = str(code or "").strip()
    wanted = normalize_checkin_code(typed)
    if not wanted:
        raise InvalidInput(_("Type the member's check-in code, or scan it from his profile."),
                           extra={"field": "code", "value": ""})
    member = Member.objects.filter(checkin_code=wanted).first()
    if member is None:
        raise InvalidInput(_("No member has the check-in code %(code)s: check it on his profile.")
                           % {"code": typed[:ECHO_LIMIT]}, extra={"field": "code", "value": typed[:ECHO_LIMIT]})
    if not member.active:
        raise InvalidInput(_("%(name)s is not an active member: he cannot check in.") % {"name": member.display_name},
                           extra={"field": "code", "value": typed[:ECHO_LIMIT]})
    checkin, created = CheckIn.objects.get_or_create(session=session, member=member, defaults={"by": actor})
    return checkin, created
