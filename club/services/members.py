"""Writes of members and their accounts: a new member (by an admin, or on open signup), his
profile, his calendar's secret address and his mail preferences."""

from __future__ import annotations

from datetime import date

from allauth.account.models import EmailAddress
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import access
from ..errors import Conflict, Forbidden, InvalidInput
from ..models import Dimension, Member, new_calendar_token
from .common import User, require_admin, require_valid


def _username_for(email: str) -> str:
    base = email.split("@")[0][:100] or "member"
    candidate, n = base, 1
    while User.objects.filter(username=candidate).exists():
        n += 1
        candidate = f"{base}{n}"
    return candidate


@transaction.atomic
def member_create(*, email: str, display_name: str, dimension: Dimension, sex: str,
                  role: str = Member.Role.MEMBER, beard: bool = False, password: str | None = None,
                  joined: date | None = None, actor: Member | None = None) -> Member:
    """A new account and its member. ``actor`` (an admin) is required except for set-up scripts."""
    if actor is not None:
        require_admin(actor)
    email = email.strip().lower()
    if User.objects.filter(email__iexact=email).exists():
        raise Conflict(_("A member with the email %(email)s already exists.") % {"email": email}, extra={"field": "email", "value": email})
    if Member.objects.filter(display_name=display_name.strip()).exists():
        raise Conflict(_("The display name %(name)s is taken.") % {"name": repr(display_name)},
                       extra={"field": "display_name", "value": display_name})
    user = User(username=_username_for(email), email=email, is_staff=role == Member.Role.ADMIN,
                is_superuser=role == Member.Role.ADMIN)
    if password:
        user.set_password(password)
    else:
        user.set_unusable_password()
    user.save()
    member = Member(user=user, display_name=display_name.strip(), dimension=dimension, sex=sex, role=role,
                    beard=beard, joined=joined or timezone.localdate())
    require_valid(member, exclude=["user"])
    try:
        with transaction.atomic():
            member.save()
    except IntegrityError:
        raise Conflict(_("The display name %(name)s is taken.") % {"name": repr(display_name)},
                       extra={"field": "display_name", "value": display_name})
    if password is not None or role == Member.Role.ADMIN:
        _ensure_email_address(user)
    return member


def _ensure_email_address(user) -> None:
    EmailAddress.objects.update_or_create(user=user, email=user.email,
                                          defaults={"primary": True, "verified": True})


MEMBER_EDITABLE = ("display_name", "dimension", "sex", "beard", "role", "joined", "active")


@transaction.atomic
def member_update(*, member: Member, actor: Member, **changes) -> Member:
    """Admins change anyone; a member changes their own display name, dimension, sex and beard."""
    own_fields = {"display_name", "dimension", "sex", "beard"}
    for field in changes:
        if field not in MEMBER_EDITABLE:
            raise InvalidInput(_("%(field)s cannot be changed here.") % {"field": field}, extra={"field": field})
    if not actor.is_admin and (actor.pk != member.pk or set(changes) - own_fields):
        raise Forbidden(_("Only an admin may change another member or a member's role."))
    # The row as it stands now, locked: the member's history records the whole row, so a copy
    # read before another change (a calendar reset, mail preferences) must not be saved.
    member = Member.objects.select_for_update().get(pk=member.pk)
    for field, value in changes.items():
        setattr(member, field, value)
    if "display_name" in changes and Member.objects.filter(
            display_name=member.display_name).exclude(pk=member.pk).exists():
        raise Conflict(_("The display name %(name)s is taken.") % {"name": repr(member.display_name)},
                       extra={"field": "display_name", "value": member.display_name})
    require_valid(member, exclude=["user"])
    try:
        with transaction.atomic():
            member.save(update_fields=list(changes))
    except IntegrityError:
        raise Conflict(_("The display name %(name)s is taken.") % {"name": repr(member.display_name)},
                       extra={"field": "display_name", "value": member.display_name})
    if "role" in changes:
        is_admin = member.role == Member.Role.ADMIN
        User.objects.filter(pk=member.user_id).update(is_staff=is_admin, is_superuser=is_admin)
    return member


@transaction.atomic
def member_calendar_reset(*, member: Member, actor: Member) -> Member:
    """A new secret address for the member's own calendar feed; the old one answers nothing."""
    access.check_own(actor, member)
    member = Member.objects.select_for_update().get(pk=member.pk)
    member.calendar_token = new_calendar_token()
    member.save(update_fields=["calendar_token"])
    return member


MAIL_PREFERENCES = ("language", "mail_session_day", "mail_session_soon", "mail_waitlist_place")


@transaction.atomic
def member_mail_preferences_set(*, member: Member, actor: Member | None, **changes) -> Member:
    """Which reminders the member gets and in which language. ``actor`` is the member himself, or
    None for an unsubscribe link, whose signature (club.access) already named him."""
    if actor is not None:
        access.check_own(actor, member)
    for field in changes:
        if field not in MAIL_PREFERENCES:
            raise InvalidInput(_("%(field)s cannot be changed here.") % {"field": field}, extra={"field": field})
    member = Member.objects.select_for_update().get(pk=member.pk)
    for field, value in changes.items():
        setattr(member, field, value)
    require_valid(member, exclude=["user"])
    if changes:
        member.save(update_fields=list(changes))
    return member


@transaction.atomic
def member_for_open_signup(*, user, display_name: str | None = None, dimension: Dimension | None = None,
                           sex: str = Member.Sex.MALE) -> Member:
    """With open signup on, a new account becomes a plain member (dimension: the first one,
    which the member can change on their profile)."""
    dimension = dimension or Dimension.objects.order_by("pk").first()
    if dimension is None:
        raise InvalidInput(_("The club has no dimensions yet; an admin must add one first."))
    name = display_name or user.email.split("@")[0]
    if Member.objects.filter(display_name=name).exists():
        name = f"{name}-{user.pk}"
    member = Member(user=user, display_name=name, dimension=dimension, sex=sex)
    member.save()
    return member
