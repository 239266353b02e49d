"""Writes of the club app. Each service is one transaction and the only place its change happens."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from datetime import date, datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from . import access, outbox
from . import seats as seat_rules
from .errors import ECHO_LIMIT, Conflict, Forbidden, InvalidInput, NotFound
from .models import (
    RSVP,
    CheckIn,
    Dimension,
    Invitation,
    Member,
    ScheduledSession,
    SeatAssignment,
    Venue,
    normalize_checkin_code,
)
from .states import transition

User = get_user_model()


# --- permissions -------------------------------------------------------------------------------

# The club's access rules live in club.access; the services keep these names.
require_croupier = access.check_croupier
require_admin = access.check_admin


def _full_clean(instance, exclude: list[str] | None = None) -> None:
    try:
        instance.full_clean(exclude=exclude)
    except ValidationError as exc:
        field, messages = next(iter(exc.message_dict.items()))
        value = getattr(instance, field, None) if field != "__all__" else None
        raise InvalidInput(f"{field}: {messages[0]}" if field != "__all__" else messages[0],
                           extra={"field": field, "value": None if value is None else str(value),
                                  "errors": exc.message_dict})


# --- dimensions, venues --------------------------------------------------------------------------

@transaction.atomic
def dimension_create(*, slug: str, name_en: str, name_ru: str, phonetic: str, description: str = "") -> Dimension:
    dimension = Dimension(slug=slug, name_en=name_en, name_ru=name_ru, phonetic=phonetic, description=description)
    _full_clean(dimension)
    dimension.save()
    return dimension


@transaction.atomic
def venue_create(*, actor: Member | None = None, **fields) -> Venue:
    if actor is not None:
        require_croupier(actor)
    venue = Venue(**fields)
    _full_clean(venue)
    venue.save()
    return venue


# --- members and accounts ------------------------------------------------------------------------

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
    _full_clean(member, exclude=["user"])
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
    from allauth.account.models import EmailAddress

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
    for field, value in changes.items():
        setattr(member, field, value)
    if "display_name" in changes and Member.objects.filter(
            display_name=member.display_name).exclude(pk=member.pk).exists():
        raise Conflict(_("The display name %(name)s is taken.") % {"name": repr(member.display_name)},
                       extra={"field": "display_name", "value": member.display_name})
    _full_clean(member, exclude=["user"])
    try:
        with transaction.atomic():
            member.save()
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
    from .models import new_calendar_token

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
    _full_clean(member, exclude=["user"])
    if changes:
        member.save(update_fields=list(changes))
    return member


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
    _full_clean(invitation)
    invitation.save()
    from .tasks import invitation_send

    outbox.enqueue(invitation_send, invitation.pk, site_url)
    return invitation


def invitation_mail(*, invitation_id: int, site_url: str = "") -> bool:
    """Send the invitation mail unless it was sent already; True when it was sent now."""
    from django.urls import reverse

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
    from django.core.mail import send_mail

    send_mail(
        subject=_("An invitation to %(club)s") % {"club": settings.CLUB_NAME},
        message=_("%(name)s, you are invited to the Dragon Poker club %(club)s.\n"
                  "Open this link to choose your password: %(link)s\n")
        % {"name": invitation.display_name, "club": settings.CLUB_NAME, "link": link},
        from_email=None, recipient_list=[invitation.email])


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
    _full_clean(member, exclude=["user"])
    member.save()
    invitation.accepted_at = timezone.now()
    invitation.save(update_fields=["accepted_at"])
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


# --- scheduled sessions --------------------------------------------------------------------------

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
    _full_clean(session, exclude=["created_by"])


@transaction.atomic
def session_update(*, session: ScheduledSession, actor: Member, **changes) -> ScheduledSession:
    require_croupier(actor)
    before = (session.starts_at, session.ends_at, session.venue_id)
    for field, value in changes.items():
        if field not in SESSION_FIELDS:
            raise InvalidInput(_("%(field)s cannot be changed here.") % {"field": field}, extra={"field": field})
        setattr(session, field, value)
    if "kind" in changes:
        session.game = ScheduledSession.game_for_kind(_check_kind(session.kind), session.game)
    elif "game" in changes:
        session.kind = ScheduledSession.kind_for_game(session.game)
    _check_session(session)
    if (session.starts_at, session.ends_at, session.venue_id) != before:
        # A move: subscribed calendars take the event with the higher SEQUENCE.
        session.sequence += 1
    session.save()
    if "capacity" in changes:
        _promote_waitlist(session)
    return session


@transaction.atomic
def session_transition(*, session: ScheduledSession, actor: Member, to: str) -> ScheduledSession:
    require_croupier(actor)
    session = ScheduledSession.objects.select_for_update().get(pk=session.pk)
    transition(session, to, what=_("session"))
    if to == ScheduledSession.Status.CANCELLED:
        session.sequence += 1
    session.save(update_fields=["status", "sequence"])
    return session


def _locked_session(session: ScheduledSession) -> ScheduledSession:
    return ScheduledSession.objects.select_for_update().get(pk=session.pk)


def _going_count(session: ScheduledSession) -> int:
    return session.rsvps.filter(answer=RSVP.Answer.GOING).count()


def _promote_waitlist(session: ScheduledSession) -> list[RSVP]:
    promoted = []
    free = session.capacity - _going_count(session)
    if free <= 0:
        return promoted
    from .tasks import reminder_waitlist_place

    for rsvp in session.rsvps.filter(answer=RSVP.Answer.WAITLISTED).order_by("requested_at", "pk")[:free]:
        rsvp.answer = RSVP.Answer.GOING
        rsvp.save(update_fields=["answer", "updated_at"])
        promoted.append(rsvp)
        outbox.enqueue(reminder_waitlist_place, rsvp.pk)
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
    session = _locked_session(session)
    if not session.accepts_rsvps:
        raise Conflict(_("The session is %(status)s: RSVPs are closed.") % {"status": session.status}, extra={"status": session.status})
    if not member.active:
        raise InvalidInput(_("%(name)s is not an active member.") % {"name": member}, extra={"field": "member", "value": member.pk})
    rsvp = RSVP.objects.filter(session=session, member=member).first()
    was_going = rsvp is not None and rsvp.answer == RSVP.Answer.GOING
    wants_place = answer == RSVP.Answer.GOING
    if rsvp is None:
        rsvp = RSVP(session=session, member=member, answer=answer)
    if wants_place and not was_going and rsvp.answer != RSVP.Answer.WAITLISTED:
        rsvp.requested_at = timezone.now()
    if wants_place and not was_going:
        answer = RSVP.Answer.GOING if _going_count(session) < session.capacity else RSVP.Answer.WAITLISTED
    rsvp.answer = answer
    rsvp.save()
    if was_going and answer != RSVP.Answer.GOING:
        SeatAssignment.objects.filter(session=session, member=member).delete()
        _promote_waitlist(session)
    return rsvp


# --- check-in at the door --------------------------------------------------------------------------

@transaction.atomic
def checkin_record(*, session: ScheduledSession, actor: Member, code: str) -> tuple[CheckIn, bool]:
    """Check in the member whose short code (from his QR code, or typed) is ``code``. Checking
    him in again keeps the first check-in. Returns the check-in and whether it is new."""
    access.check_checkin(actor)
    session = _locked_session(session)
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


# --- seating -------------------------------------------------------------------------------------

def _last_seats(member_ids: list[int], before: ScheduledSession) -> dict[int, str]:
    """Each member's seat at their latest earlier seated session."""
    last: dict[int, str] = {}
    rows = (SeatAssignment.objects.filter(member_id__in=member_ids, session__starts_at__lt=before.starts_at)
            .order_by("member_id", "-session__starts_at").values_list("member_id", "seat"))
    for member_id, seat in rows:
        last.setdefault(member_id, seat)
    return last


def seating_propose(*, session: ScheduledSession, seed: str | None = None) -> list[tuple[Member, str]]:
    """A seating for the members who are going: drawn with ``seed`` (reproducible), then turned
    round the table so that as few members as possible sit where they sat last time."""
    going = list(Member.objects.filter(rsvps__session=session, rsvps__answer=RSVP.Answer.GOING)
                 .select_related("dimension").order_by("pk"))
    if not seat_rules.MIN_PLAYERS <= len(going) <= seat_rules.MAX_PLAYERS:
        raise InvalidInput(_("A table seats 2 to 8 players; %(count)s are going.") % {"count": len(going)},
                           extra={"going": len(going)})
    seed = seed if seed is not None else (session.seating_seed or f"session-{session.pk}")
    rng = random.Random(f"{seed}")
    rng.shuffle(going)
    layout = seat_rules.spread(len(going))
    last = _last_seats([m.pk for m in going], session)
    best, best_repeats = None, None
    for turn in range(len(layout)):
        seats = layout[turn:] + layout[:turn]
        repeats = sum(1 for member, seat in zip(going, seats, strict=True) if last.get(member.pk) == seat)
        if best_repeats is None or repeats < best_repeats:
            best, best_repeats = seats, repeats
    return list(zip(going, best, strict=True))


@transaction.atomic
def seating_set(*, session: ScheduledSession, actor: Member, assignments: Mapping[int, str]) -> list[SeatAssignment]:
    """Replace the seating: ``assignments`` maps member id -> seat. 2 to 8 players, one seat each."""
    require_croupier(actor)
    session = _locked_session(session)
    if session.status in (ScheduledSession.Status.CLOSED, ScheduledSession.Status.CANCELLED):
        raise Conflict(_("The session is %(status)s: its seating cannot change.") % {"status": session.status})
    if not seat_rules.MIN_PLAYERS <= len(assignments) <= seat_rules.MAX_PLAYERS:
        raise InvalidInput(_("A table seats 2 to 8 players, not %(count)s.") % {"count": len(assignments)},
                           extra={"field": "assignments", "value": len(assignments)})
    seen: dict[str, int] = {}
    for member_id, seat in assignments.items():
        if seat not in seat_rules.CLOCKWISE:
            raise InvalidInput(_("Unknown seat %(seat)s.") % {"seat": repr(seat)}, extra={"field": "seat", "value": seat})
        if seat in seen:
            raise Conflict(_("Seat %(seat)s is given twice.") % {"seat": seat}, extra={"seat": seat, "members": [seen[seat], member_id]})
        seen[seat] = member_id
    members = {m.pk: m for m in Member.objects.filter(pk__in=list(assignments))}
    for member_id in assignments:
        if member_id not in members:
            raise NotFound(_("No member %(id)s.") % {"id": member_id}, extra={"field": "member", "value": member_id})
    SeatAssignment.objects.filter(session=session).delete()
    rows = [SeatAssignment(session=session, member=members[mid], seat=seat) for mid, seat in assignments.items()]
    for row in rows:
        row.save()
    return rows


@transaction.atomic
def seat_assign(*, session: ScheduledSession, actor: Member, member: Member, seat: str) -> SeatAssignment:
    """Put one member in one seat; a seat taken by someone else is a conflict."""
    require_croupier(actor)
    session = _locked_session(session)
    if seat not in seat_rules.CLOCKWISE:
        raise InvalidInput(_("Unknown seat %(seat)s.") % {"seat": repr(seat)}, extra={"field": "seat", "value": seat})
    taken = SeatAssignment.objects.filter(session=session, seat=seat).exclude(member=member).select_related("member").first()
    if taken is not None:
        raise Conflict(_("%(seat)s is taken by %(name)s: seat %(member)s elsewhere, or move %(name)s first.")
                       % {"seat": seat_rules.Seat(seat).label, "name": taken.member.display_name,
                          "member": member.display_name},
                       extra={"field": "seat", "value": seat, "seat": seat, "member": taken.member_id})
    if (not SeatAssignment.objects.filter(session=session, member=member).exists()
            and SeatAssignment.objects.filter(session=session).count() >= seat_rules.MAX_PLAYERS):
        raise Conflict(_("The table is full: 8 players at most."))
    row, _created = SeatAssignment.objects.update_or_create(session=session, member=member, defaults={"seat": seat})
    return row


@transaction.atomic
def seating_apply_proposal(*, session: ScheduledSession, actor: Member, seed: str | None = None) -> list[SeatAssignment]:
    require_croupier(actor)
    proposal = seating_propose(session=session, seed=seed)
    if seed is not None:
        session.seating_seed = seed
        session.save(update_fields=["seating_seed"])
    return seating_set(session=session, actor=actor, assignments={m.pk: seat for m, seat in proposal})
