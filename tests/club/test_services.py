"""Services of the club app: members, sessions, RSVPs with the waitlist, seating."""

from datetime import timedelta

import pytest

from club import seats, services
from club.errors import Conflict, Forbidden, InvalidInput
from club.models import RSVP, Member, ScheduledSession, SeatAssignment
from tests import factories

pytestmark = pytest.mark.django_db


def test_seats_clockwise_opposites_and_first_dealer():
    assert seats.clockwise(["S", "N", "E"]) == ["N", "E", "S"]
    assert seats.opposite("N") == "S" and seats.opposite("NE") == "SW" and seats.opposite("SE") == "NW"
    assert seats.first_dealer(["E", "S", "W"]) == "E"  # nobody at North: the next seat clockwise
    assert seats.first_dealer(["W", "N"]) == "N"
    assert seats.next_clockwise("W", ["N", "E", "W"]) == "N"
    assert seats.spread(2) == ["N", "S"] and seats.spread(4) == ["N", "E", "S", "W"]
    with pytest.raises(ValueError, match="9"):
        seats.spread(9)


def test_member_create_makes_an_account_with_a_dimension():
    member = factories.member(display_name="Skeeve")
    assert member.user.email.endswith("@example.org")
    assert member.dimension is not None
    assert member.user.check_password("pw-12345678")


def test_member_create_refuses_a_taken_email_and_name():
    first = factories.member(email="a@example.org", display_name="Aahz")
    with pytest.raises(Conflict, match="a@example.org"):
        factories.member(email="A@example.org")
    with pytest.raises(Conflict, match="Aahz"):
        factories.member(display_name="Aahz", dim=first.dimension)
    assert Member.objects.count() == 1


def test_member_update_permissions(admin_member, plain_member):
    other = factories.member()
    services.member_update(member=plain_member, actor=plain_member, beard=True)
    assert Member.objects.get(pk=plain_member.pk).beard is True
    with pytest.raises(Forbidden):
        services.member_update(member=other, actor=plain_member, beard=True)
    with pytest.raises(Forbidden):
        services.member_update(member=plain_member, actor=plain_member, role="admin")
    services.member_update(member=other, actor=admin_member, role="croupier")
    other.refresh_from_db()
    assert other.role == "croupier"


def test_only_croupiers_create_sessions(plain_member, croupier):
    with pytest.raises(Forbidden):
        factories.session(actor=plain_member)
    assert factories.session(actor=croupier).status == "open"


def test_session_refuses_end_before_start_naming_the_value(croupier):
    venue = factories.venue()
    start = factories.session(actor=croupier, venue_=venue).starts_at
    with pytest.raises(InvalidInput, match="ends_at"):
        services.session_create(actor=croupier, title="Bad", venue=venue, starts_at=start,
                                ends_at=start - timedelta(hours=1))
    with pytest.raises(InvalidInput, match="maximum stake 1"):
        services.session_create(actor=croupier, title="Bad", venue=venue, starts_at=start,
                                ends_at=start + timedelta(hours=1), min_stake=4, max_stake=1)


def test_session_transitions_follow_the_declared_table(croupier):
    session = factories.session(actor=croupier, status="planned")
    with pytest.raises(Conflict, match=r"The session is planned and cannot become closed \(it can become open for RSVPs, cancelled\)"):
        services.session_transition(session=session, actor=croupier, to="closed")
    for status in ("open", "running", "closed"):
        session = services.session_transition(session=session, actor=croupier, to=status)
    assert session.status == "closed"
    with pytest.raises(Conflict):
        services.session_transition(session=session, actor=croupier, to="open")
    with pytest.raises(InvalidInput, match="'bogus'"):
        services.session_transition(session=session, actor=croupier, to="bogus")


def test_rsvp_for_oneself_only(croupier, plain_member):
    session = factories.session(actor=croupier)
    other = factories.member()
    with pytest.raises(Forbidden):
        services.rsvp_set(session=session, member=other, actor=plain_member, answer="going")
    # A croupier may answer for a member (at the table, for someone without a phone).
    assert services.rsvp_set(session=session, member=other, actor=croupier, answer="going").answer == "going"


def test_waitlist_promotes_in_order_when_a_place_frees(croupier):
    session = factories.session(actor=croupier, capacity=2)
    a, b, c, d = (factories.member() for _ in range(4))
    for m in (a, b, c, d):
        services.rsvp_set(session=session, member=m, actor=m, answer="going")
    answers = dict(RSVP.objects.filter(session=session).values_list("member_id", "answer"))
    assert answers == {a.pk: "going", b.pk: "going", c.pk: "waitlisted", d.pk: "waitlisted"}
    services.rsvp_set(session=session, member=a, actor=a, answer="declined")
    answers = dict(RSVP.objects.filter(session=session).values_list("member_id", "answer"))
    assert answers[c.pk] == "going" and answers[d.pk] == "waitlisted" and answers[a.pk] == "declined"
    # Raising the capacity promotes the rest.
    services.session_update(session=session, actor=croupier, capacity=3)
    assert RSVP.objects.get(session=session, member=d).answer == "going"


def test_rsvp_closed_for_a_running_session(croupier, plain_member):
    session = factories.session(actor=croupier)
    services.session_transition(session=session, actor=croupier, to="running")
    with pytest.raises(Conflict, match="running"):
        services.rsvp_set(session=session, member=plain_member, actor=plain_member, answer="going")


def test_rsvp_refuses_unknown_answer(croupier, plain_member):
    session = factories.session(actor=croupier)
    with pytest.raises(InvalidInput, match="'sure'"):
        services.rsvp_set(session=session, member=plain_member, actor=plain_member, answer="sure")


def _going(session, n):
    people = [factories.member() for _ in range(n)]
    for m in people:
        services.rsvp_set(session=session, member=m, actor=m, answer="going")
    return people


def test_seating_proposal_is_reproducible_and_uses_each_seat_once(croupier):
    session = factories.session(actor=croupier)
    _going(session, 6)
    first = services.seating_propose(session=session, seed="s1")
    again = services.seating_propose(session=session, seed="s1")
    assert [(m.pk, s) for m, s in first] == [(m.pk, s) for m, s in again]
    assert len({s for _, s in first}) == 6
    assert {s for _, s in first} <= set(seats.CLOCKWISE)


def test_seating_rotates_across_sessions(croupier):
    venue = factories.venue()
    first = factories.session(actor=croupier, venue_=venue, days=1)
    people = _going(first, 4)
    services.seating_apply_proposal(session=first, actor=croupier, seed="x")
    last = dict(SeatAssignment.objects.filter(session=first).values_list("member_id", "seat"))
    second = factories.session(actor=croupier, venue_=venue, days=8)
    for m in people:
        services.rsvp_set(session=second, member=m, actor=m, answer="going")
    proposal = services.seating_propose(session=second, seed="x")
    assert all(last[m.pk] != seat for m, seat in proposal)


def test_seating_needs_two_to_eight_players(croupier):
    session = factories.session(actor=croupier)
    _going(session, 1)
    with pytest.raises(InvalidInput, match="1 are going"):
        services.seating_propose(session=session)


def test_seat_taken_is_a_conflict_and_nothing_changes(croupier):
    session = factories.session(actor=croupier)
    a, b = _going(session, 2)
    services.seat_assign(session=session, actor=croupier, member=a, seat="N")
    with pytest.raises(Conflict, match="North is taken by"):
        services.seat_assign(session=session, actor=croupier, member=b, seat="N")
    assert list(SeatAssignment.objects.filter(session=session).values_list("member_id", "seat")) == [(a.pk, "N")]


def test_seating_set_refuses_a_seat_given_twice(croupier):
    session = factories.session(actor=croupier)
    a, b = _going(session, 2)
    with pytest.raises(Conflict, match="Seat E is given twice"):
        services.seating_set(session=session, actor=croupier, assignments={a.pk: "E", b.pk: "E"})
    with pytest.raises(InvalidInput, match="'X'"):
        services.seating_set(session=session, actor=croupier, assignments={a.pk: "X", b.pk: "N"})


def test_declining_frees_the_seat(croupier):
    session = factories.session(actor=croupier)
    a, b, c = _going(session, 3)
    services.seating_apply_proposal(session=session, actor=croupier)
    services.rsvp_set(session=session, member=a, actor=a, answer="declined")
    assert not SeatAssignment.objects.filter(session=session, member=a).exists()


def test_session_history_is_kept(croupier):
    session = factories.session(actor=croupier)
    services.session_transition(session=session, actor=croupier, to="running")
    assert [h.status for h in ScheduledSession.history.filter(id=session.pk).order_by("history_date")] == [
        "planned", "open", "running"]
