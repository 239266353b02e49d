"""Anonymising a member who left: his person goes, his play stays.

What goes: his name (now "Former member <number>", read in each reader's language), his email,
user name and names on the account, his password (unusable), his API tokens, his two-factor
devices, his signed-in sessions, his email addresses, his calendar address and check-in code (new
random ones, shown to nobody), his mail language and reminder choices, the record of the mails
he was sent, the name and address of the invitation he came by, and his answers for sessions
still to come (so the waitlist moves up).

Every stored copy of his name and addresses is rewritten in the same transaction: the member's
history (django-simple-history) and the admin site's log, the outbox's waiting and failed tasks,
the sessions' titles and notes, and whatever the other apps keep, each through the scrubber it
registers with :mod:`club.erasure` (a tournament's stored report, dice match records, recorded
answers and result notes, disputes, precedents and their search index, followed searches). An
audit trail or a report that kept his name would undo the rest. Nothing the caches keep is
served again: his signed-in sessions go from the session cache with their rows, and what the
archive keeps (:mod:`rules.archive_cache`: its pages' bodies, its API lists, its searches) is kept
under the archive's version, which his member row's save and the archive's scrubber move on. The
other caches keep nothing of a member's (the menus, the API schema, the ratings by member id). The
act itself is logged (the site's log and the admin site's log), naming who did it.

What stays: his ledger entries (the ledger still sums to zero), the deals, results, bets and
claims he played and the rulings he made, his dimension, sex and beard (the rules read them when
a deal is judged again), his role's past and his join date. Irreversible; logged.
"""

from __future__ import annotations

import logging
from importlib import import_module

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.conf import settings
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from . import access, erasure, services
from .errors import Conflict
from .models import (
    FORMER_MEMBER,
    RSVP,
    ApiToken,
    Invitation,
    MailSent,
    Member,
    OutboxMessage,
    ScheduledSession,
    former_member_name,
    new_calendar_token,
    new_checkin_code,
)

logger = logging.getLogger(__name__)

OPEN_ANSWERS = (RSVP.Answer.GOING, RSVP.Answer.WAITLISTED, RSVP.Answer.MAYBE)


def placeholder_name(member: Member) -> str:
    """The name an anonymised member keeps, as stored: each reader reads it in his language
    (club.models.DisplayNameField)."""
    return FORMER_MEMBER % {"number": member.pk}


def _end_sessions(user) -> int:
    """Sign the user out everywhere: delete every stored session that is his, through the session
    engine, so that a cached copy of it (``cached_db`` with Redis) goes with its row."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    ended = 0
    for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator():
        if str(session.get_decoded().get("_auth_user_id")) == str(user.pk):
            store.delete(session.session_key)
            ended += 1
    return ended


def _leave_upcoming_sessions(*, actor: Member, member: Member) -> None:
    rsvps = (RSVP.objects.filter(member=member, answer__in=OPEN_ANSWERS, session__starts_at__gt=timezone.now())
             .select_related("session"))
    for rsvp in rsvps:
        if rsvp.session.accepts_rsvps:
            services.rsvp_set(session=rsvp.session, member=member, actor=actor, answer=RSVP.Answer.DECLINED)


def placeholder_address(member: Member) -> str:
    """The address that stands for his wherever one was stored (``.invalid`` reaches nobody)."""
    return f"former-member-{member.pk}@anonymised.invalid"


def _scrub_admin_log(*, member: Member, user, former: erasure.FormerMember) -> None:
    """The admin site's log names the objects it changed: his member and user rows by their
    names, any other object whose name holds his (his answer to a session, his seat), and the
    objects an inline added, in the change message."""
    for obj, name in ((member, former.placeholder), (user, user.get_username())):
        LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(obj), object_id=str(obj.pk)).update(
            object_repr=name)
    erasure.rewrite(LogEntry.objects.all(), ["object_repr", "change_message"], former, history=False)


def _scrub_club(former: erasure.FormerMember) -> None:
    """The copies the club app keeps beside the member row: tasks waiting in the outbox (their
    arguments, and the error a failed mail left, which names the address), the sessions' titles
    and notes and their history."""
    erasure.rewrite(OutboxMessage.objects.all(), ["args", "kwargs", "last_error"], former, history=False)
    erasure.rewrite(ScheduledSession.objects.all(), ["title", "notes"], former)


def _names_he_went_by(member: Member) -> tuple[str, ...]:
    """His name and the names he had before (a report made then still holds them), but for a
    name another member goes by now: that one is no longer his."""
    names = {member.display_name, *Member.history.filter(id=member.pk).values_list("display_name", flat=True)}
    taken = set(Member.objects.filter(display_name__in=names).exclude(pk=member.pk)
                .values_list("display_name", flat=True))
    return tuple(sorted(names - taken))


@transaction.atomic
def member_anonymise(*, actor: Member, member: Member) -> Member:
    """Anonymise ``member`` for good (an admin's act); ``member`` is updated in place."""
    access.check_admin(actor)
    locked = Member.objects.select_for_update().select_related("user").get(pk=member.pk)
    if locked.pk == actor.pk:
        raise Conflict(_("You cannot anonymise yourself: another admin must do it."), extra={"member": locked.pk})
    if locked.anonymised_at is not None:
        raise Conflict(_("%(name)s is anonymised already.") % {"name": locked.display_name},
                       extra={"member": locked.pk})
    placeholder = placeholder_name(locked)
    if Member.objects.filter(display_name=placeholder).exclude(pk=locked.pk).exists():
        raise Conflict(_("Another member is called “%(name)s”; rename him first.")
                       % {"name": former_member_name(locked.pk)},
                       extra={"member": locked.pk})
    user = locked.user
    old_email = user.email
    former = erasure.FormerMember(
        member_id=locked.pk, placeholder=placeholder, placeholder_address=placeholder_address(locked),
        names=_names_he_went_by(locked),
        addresses=(old_email, *EmailAddress.objects.filter(user=user).values_list("email", flat=True)))

    _leave_upcoming_sessions(actor=actor, member=locked)

    user.username = f"former-member-{locked.pk}"
    user.email = ""
    user.first_name = user.last_name = ""
    user.is_active = user.is_staff = user.is_superuser = False
    user.set_unusable_password()
    user.save()
    EmailAddress.objects.filter(user=user).delete()
    ApiToken.objects.filter(user=user).delete()
    Authenticator.objects.filter(user=user).delete()
    sessions_ended = _end_sessions(user)

    locked.display_name = placeholder
    locked.active = False
    locked.role = Member.Role.MEMBER
    locked.language = ""
    locked.mail_session_day = locked.mail_session_soon = locked.mail_waitlist_place = False
    locked.calendar_token = new_calendar_token()
    locked.checkin_code = new_checkin_code()
    locked.anonymised_at = timezone.now()
    locked._change_reason = "anonymised"
    locked.save()
    # The audit trail keeps no old name either.
    Member.history.filter(id=locked.pk).update(display_name=placeholder)
    MailSent.objects.filter(member=locked).delete()
    for address in former.addresses:
        Invitation.objects.filter(email__iexact=address).update(
            email=former.placeholder_address, display_name=placeholder, reminders_off=True)

    _scrub_admin_log(member=locked, user=user, former=former)
    _scrub_club(former)
    for scrub in erasure.scrubbers():
        scrub(former)
    LogEntry.objects.log_actions(user_id=actor.user_id, queryset=[locked], action_flag=CHANGE,
                                 change_message="Anonymised", single_object=True)
    logger.warning("member anonymised", extra={"member_id": locked.pk, "by_member_id": actor.pk,
                                               "sessions_ended": sessions_ended})
    locked.display_name = former_member_name(locked.pk)
    for name in ("display_name", "active", "role", "language", "mail_session_day", "mail_session_soon",
                 "mail_waitlist_place", "calendar_token", "checkin_code", "anonymised_at"):
        setattr(member, name, getattr(locked, name))
    return member
