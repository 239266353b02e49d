"""Writes of invitations: one for an email address, its mail (sent once, after the commit), its
acceptance, which makes the member, and the invitee's "no more reminders"."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from .. import outbox, task_names
from ..errors import Conflict, InvalidInput, NotFound
from ..models import Dimension, Invitation, Member
from .common import User, require_admin, require_valid


@transaction.atomic
def invitation_reminders_off(*, invitation: Invitation) -> Invitation:
    """The invitee's unsubscribe link (signed, club.access): no reminder before it expires."""
    Invitation.objects.filter(pk=invitation.pk).update(reminders_off=True)
    invitation.reminders_off = True
    return invitation


@transaction.atomic
def invitation_create(*, actor: Member, email: str, display_name: str, dimension: Dimension,
                      role: str = Member.Role.MEMBER, site_url: str = "", language: str = "") -> Invitation:
    """An invitation for one email address; the mail goes out once the transaction commits (in
    ``language`` when given, which the member's mails keep once he accepts)."""
    require_admin(actor)
    email = email.strip().lower()
    if User.objects.filter(email__iexact=email).exists():
        raise Conflict(_("%(email)s is already a member.") % {"email": email}, extra={"field": "email", "value": email})
    invitation = Invitation(email=email, display_name=display_name, dimension=dimension, role=role,
                            token=secrets.token_urlsafe(32), invited_by=actor, language=language)
    require_valid(invitation)
    invitation.save()
    outbox.enqueue(task_names.INVITATION_SEND, invitation.pk, site_url)
    return invitation


def invitation_mail(*, invitation_id: int, site_url: str = "") -> bool:
    """Send the invitation mail unless it was sent already; True when it was sent now."""
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().filter(pk=invitation_id).first()
        if invitation is None or invitation.sent_at is not None or invitation.accepted_at is not None:
            return False
        link = site_url.rstrip("/") + reverse("club:invitation_open", args=[invitation.token])
        with translation.override(invitation.language or translation.get_language()):
            _send_invitation(invitation, link)
        invitation.sent_at = timezone.now()
        invitation.save(update_fields=["sent_at"])
    return True


def _send_invitation(invitation: Invitation, link: str) -> None:
    """The invitation in plain text and HTML, in the language active."""
    values = {"name": invitation.display_name, "club": settings.CLUB_NAME, "link": link,
              "when": formats.date_format(timezone.localtime(invitation.expires_at), "j E Y, H:i")}
    message = EmailMultiAlternatives(
        subject=_("An invitation to %(club)s") % values,
        body=_("%(name)s, you are invited to the Dragon Poker club %(club)s.\n"
               "Open this link to choose your password: %(link)s\n") % values,
        to=[invitation.email])
    message.attach_alternative(render_to_string("club/mail/invitation.html", {
        "greeting": _("Hello, %(name)s!") % values,
        "lines": [_("You are invited to the Dragon Poker club %(club)s, and the invitation is valid "
                    "until %(when)s.") % values,
                  _("Open the link to choose your password and join.")],
        "action_label": _("Accept the invitation"), "action_url": link, "club": settings.CLUB_NAME,
        "reason": _("You get this mail because a member of the club invited you.")}), "text/html")
    message.send()


def invitation_pending(*, token: str) -> Invitation | None:
    """The invitation a token names while it may still be accepted (not yet, and not expired)."""
    valid_since = timezone.now() - timedelta(days=settings.INVITATION_VALID_DAYS)
    return (Invitation.objects.filter(token=token, accepted_at__isnull=True, created_at__gt=valid_since)
            .select_related("dimension").first())


@transaction.atomic
def invitation_accept(*, token: str, user, sex: str = Member.Sex.MALE, beard: bool = False) -> Member:
    invitation = Invitation.objects.select_for_update().filter(token=token).first()
    if invitation is None or invitation.accepted_at is not None:
        raise NotFound(_("This invitation is not valid any more."), extra={"token": token})
    if user.email.lower() != invitation.email:
        raise InvalidInput(_("This invitation is for %(invited)s, not %(email)s.") % {"invited": invitation.email, "email": user.email},
                           extra={"field": "email", "value": user.email})
    member = Member(user=user, display_name=invitation.display_name, dimension=invitation.dimension,
                    sex=sex, beard=beard, role=invitation.role, language=invitation.language)
    require_valid(member, exclude=["user"])
    member.save()
    invitation.accepted_at = timezone.now()
    invitation.save(update_fields=["accepted_at"])
    return member
