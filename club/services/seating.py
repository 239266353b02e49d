"""Writes of a session's seating: a proposal drawn from a seed and turned so that as few members
as possible sit where they sat last time, the seating set whole, or one member seated."""

from __future__ import annotations

import random
from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from .. import seats as seat_rules
from ..errors import Conflict, InvalidInput, NotFound
from ..models import RSVP, Member, ScheduledSession, SeatAssignment
from .common import locked_session, require_croupier


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
    return _seating_replace(locked_session(session), assignments)


def _seating_replace(session: ScheduledSession, assignments: Mapping[int, str]) -> list[SeatAssignment]:
    """:func:`seating_set` on the session its caller has locked."""
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
    session = locked_session(session)
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
    # The session as it stands, locked: its history records the whole row with the seed, so a
    # copy read before a move of its status would write that old status back into the history.
    session = locked_session(session)
    proposal = seating_propose(session=session, seed=seed)
    if seed is not None:
        session.seating_seed = seed
        session.save(update_fields=["seating_seed"])
    return _seating_replace(session, {m.pk: seat for m, seat in proposal})
