"""Reminder mails: a day and two hours before a session (to those going), a place from the waitlist,
and an invitation about to expire.

Each goes out at most once: the :class:`~club.models.MailSent` row of (kind, member, object) is
written in the same transaction as the decision to send, and a unique constraint refuses a second
one, so beat may run the search as often as it likes (and two runs at once send nothing twice).
A member's preferences are read at send time; every mail is in his language, in plain text and
HTML, and ends with a link that unsubscribes him from that kind of mail without logging in.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from . import access
from .models import RSVP, Invitation, MailSent, Member, ScheduledSession

Kind = MailSent.Kind

SESSION_DAY = timedelta(hours=24)
SESSION_SOON = timedelta(hours=2)

# The member's choice that lets each kind of mail go out.
PREFERENCE = {
    Kind.SESSION_DAY: "mail_session_day",
    Kind.SESSION_SOON: "mail_session_soon",
    Kind.WAITLIST_PLACE: "mail_waitlist_place",
}
REMINDED_STATUSES = (ScheduledSession.Status.PLANNED, ScheduledSession.Status.OPEN)


def _site(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def unsubscribe_url(*, kind: str, member: Member | None = None, invitation: Invitation | None = None) -> str:
    token = access.unsubscribe_token(kind=kind, member=member, invitation=invitation)
    return _site(reverse("club:unsubscribe", args=[token]))


def member_language(member: Member) -> str:
    return member.language or settings.LANGUAGE_CODE


def _when(value, tz) -> str:
    return formats.date_format(timezone.localtime(value, tz), "j E Y, H:i")


def _message(*, to: str, subject: str, greeting: str, lines: list[str], action: tuple[str, str] | None,
             unsubscribe: str, reason: str) -> EmailMultiAlternatives:
    """Plain text and HTML of the same words; called inside the reader's language."""
    context = {"greeting": greeting, "lines": lines, "action_label": action[0] if action else "",
               "action_url": action[1] if action else "", "unsubscribe_url": unsubscribe, "reason": reason,
               "club": settings.CLUB_NAME}
    message = EmailMultiAlternatives(subject=subject, body=render_to_string("club/mail/reminder.txt", context),
                                     to=[to], headers={"List-Unsubscribe": f"<{unsubscribe}>"})
    message.attach_alternative(render_to_string("club/mail/reminder.html", context), "text/html")
    return message


def _send_once(*, kind: str, member: Member | None, object_id: int, build) -> bool:
    """Record the mail and send it in one transaction: a row already there (sent before, or by a
    run at the same time) means nothing is sent; a failed send leaves no row, to be tried again."""
    with transaction.atomic():
        try:
            with transaction.atomic():
                MailSent.objects.create(kind=kind, member=member, object_id=object_id)
        except IntegrityError:
            return False
        build().send()
    return True


# --- sessions ------------------------------------------------------------------------------------------

def _session_mail(*, kind: str, session: ScheduledSession, member: Member) -> EmailMultiAlternatives:
    venue = session.venue
    with translation.override(member_language(member)):
        when = _when(session.starts_at, venue.tz)
        where = ", ".join(part for part in (venue.name, venue.address) if part)
        values = {"title": session.title, "when": when, "name": member.display_name,
                  "time": formats.time_format(timezone.localtime(session.starts_at, venue.tz), "H:i")}
        if kind == Kind.WAITLIST_PLACE:
            subject = _("A place for you at %(title)s") % values
            first = _("A place came free at %(title)s and it is yours: you are on the list of those coming.") % values
            reason = _("You get this mail because you asked for a place at the session.")
        elif kind == Kind.SESSION_SOON:
            subject = _("%(title)s starts at %(time)s") % values
            first = _("%(title)s starts in about two hours, and you are coming.") % values
            reason = _("You get this mail because you are going to the session.")
        else:
            subject = _("Reminder: %(title)s, %(when)s") % values
            first = _("You are coming to %(title)s on %(when)s.") % values
            reason = _("You get this mail because you are going to the session.")
        lines = [first,
                 _("When: %(when)s (%(zone)s)") % {"when": when, "zone": venue.timezone},
                 _("Where: %(where)s") % {"where": where},
                 _("Game: %(game)s") % {"game": session.get_game_display()},
                 _("If you cannot come, change your answer on the session's page so another player gets the place.")]
        return _message(to=member.user.email, subject=subject, greeting=_("Hello, %(name)s!") % values, lines=lines,
                        action=(_("Open the session"), _site(session.get_absolute_url())),
                        unsubscribe=unsubscribe_url(kind=kind, member=member), reason=reason)


def session_reminder_send(*, kind: str, session_id: int, member_id: int) -> bool:
    """One session reminder (``kind``) to one member, if he is still going, still wants it and has
    not had it; True when it was sent now."""
    session = ScheduledSession.objects.select_related("venue").filter(pk=session_id).first()
    member = Member.objects.select_related("user").filter(pk=member_id, active=True).first()
    if session is None or member is None or session.status not in REMINDED_STATUSES:
        return False
    if session.starts_at <= timezone.now() or not member.user.email or not getattr(member, PREFERENCE[kind]):
        return False
    if not RSVP.objects.filter(session=session, member=member, answer=RSVP.Answer.GOING).exists():
        return False
    return _send_once(kind=kind, member=member, object_id=session.pk,
                      build=lambda: _session_mail(kind=kind, session=session, member=member))


def waitlist_place_send(*, rsvp_id: int) -> bool:
    """Tell a member promoted from the waitlist that he has a place."""
    rsvp = RSVP.objects.filter(pk=rsvp_id).first()
    if rsvp is None:
        return False
    return session_reminder_send(kind=Kind.WAITLIST_PLACE, session_id=rsvp.session_id, member_id=rsvp.member_id)


# --- invitations -----------------------------------------------------------------------------------------

def _invitation_mail(invitation: Invitation) -> EmailMultiAlternatives:
    with translation.override(invitation.language or settings.LANGUAGE_CODE):
        values = {"name": invitation.display_name, "club": settings.CLUB_NAME,
                  "when": _when(invitation.expires_at, timezone.get_default_timezone())}
        return _message(
            to=invitation.email,
            subject=_("Your invitation to %(club)s expires soon") % values,
            greeting=_("Hello, %(name)s!") % values,
            lines=[_("You are invited to the Dragon Poker club %(club)s, and the invitation is valid "
                     "until %(when)s.") % values,
                   _("Open the link to choose your password and join.")],
            action=(_("Accept the invitation"), _site(reverse("club:invitation_open", args=[invitation.token]))),
            unsubscribe=unsubscribe_url(kind=Kind.INVITATION_EXPIRY, invitation=invitation),
            reason=_("You get this mail because a member of the club invited you."))


def invitation_reminder_send(*, invitation_id: int) -> bool:
    invitation = Invitation.objects.filter(pk=invitation_id).first()
    if (invitation is None or invitation.accepted_at is not None or invitation.sent_at is None
            or invitation.reminders_off or invitation.expires_at <= timezone.now()):
        return False
    return _send_once(kind=Kind.INVITATION_EXPIRY, member=None, object_id=invitation.pk,
                      build=lambda: _invitation_mail(invitation))


# --- what beat runs ----------------------------------------------------------------------------------------

def reminders_due(*, now=None) -> dict[str, list]:
    """What is due now and not sent yet: (session id, member id) pairs per kind, invitation ids."""
    now = now or timezone.now()
    due: dict[str, list] = {}
    windows = {Kind.SESSION_DAY: (now + SESSION_SOON, now + SESSION_DAY), Kind.SESSION_SOON: (now, now + SESSION_SOON)}
    for kind, (after, until) in windows.items():
        pairs = list(RSVP.objects.filter(
            answer=RSVP.Answer.GOING, session__status__in=REMINDED_STATUSES, session__starts_at__gt=after,
            session__starts_at__lte=until, member__active=True, **{f"member__{PREFERENCE[kind]}": True},
        ).order_by("session__starts_at", "pk").values_list("session_id", "member_id"))
        sent = set(MailSent.objects.filter(kind=kind, object_id__in={s for s, _m in pairs})
                   .values_list("object_id", "member_id"))
        due[kind] = [pair for pair in pairs if pair not in sent]
    valid_since = now - timedelta(days=settings.INVITATION_VALID_DAYS)
    remind_from = valid_since + timedelta(hours=settings.INVITATION_REMIND_HOURS)
    invitations = list(Invitation.objects.filter(
        accepted_at__isnull=True, sent_at__isnull=False, reminders_off=False, created_at__gt=valid_since,
        created_at__lte=remind_from).values_list("pk", flat=True))
    sent = set(MailSent.objects.filter(kind=Kind.INVITATION_EXPIRY, member__isnull=True, object_id__in=invitations)
               .values_list("object_id", flat=True))
    due[Kind.INVITATION_EXPIRY] = [pk for pk in invitations if pk not in sent]
    return due


def reminders_send_due(*, now=None) -> int:
    """Send every reminder that is due; the number sent now."""
    due = reminders_due(now=now)
    count = 0
    for kind in (Kind.SESSION_SOON, Kind.SESSION_DAY):
        for session_id, member_id in due[kind]:
            count += session_reminder_send(kind=kind, session_id=session_id, member_id=member_id)
    for invitation_id in due[Kind.INVITATION_EXPIRY]:
        count += invitation_reminder_send(invitation_id=invitation_id)
    return count
