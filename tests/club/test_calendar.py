"""The iCalendar feeds: the club's public one and each member's own behind a secret address.

Each produced .ics is parsed back with icalendar, as a calendar program would read it."""

from __future__ import annotations

import zoneinfo
from datetime import date, timedelta

import icalendar
import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club import services
from club.errors import Forbidden
from club.models import Member
from games.tournaments.models import Entry, Tournament
from tests import factories

pytestmark = pytest.mark.django_db


def _events(response) -> dict[str, icalendar.Event]:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    calendar = icalendar.Calendar.from_ical(response.content)
    return {str(event["UID"]): event for event in calendar.walk("VEVENT")}


def _public(client=None):
    return _events((client or Client()).get(reverse("club:calendar_public")))


def _uid(session) -> str:
    return f"session-{session.pk}@localhost"


@pytest.fixture
def vladivostok(db):
    return factories.venue(name="The Crescent back room", address="1 Svetlanskaya St", timezone="Asia/Vladivostok")


def test_public_feed_has_the_session_in_its_venue_time_zone(croupier, vladivostok):
    session = factories.session(actor=croupier, venue_=vladivostok, title="Friday table")
    event = _public()[_uid(session)]
    start = event.decoded("DTSTART")
    assert start.tzinfo is not None and getattr(start.tzinfo, "key", str(start.tzinfo)) == "Asia/Vladivostok"
    assert event["DTSTART"].params["TZID"] == "Asia/Vladivostok"
    assert start == session.starts_at.replace(microsecond=0)
    assert start.utcoffset() == timedelta(hours=10)
    assert event.decoded("DTEND") - start == timedelta(hours=4)
    assert str(event["SUMMARY"]) == "Friday table"
    assert str(event["LOCATION"]) == "The Crescent back room, 1 Svetlanskaya St"
    assert str(event["STATUS"]) == "CONFIRMED" and int(event["SEQUENCE"]) == 0
    assert str(event["URL"]).endswith(session.get_absolute_url())
    calendar = icalendar.Calendar.from_ical(Client().get(reverse("club:calendar_public")).content)
    assert "Asia/Vladivostok" in {str(tz["TZID"]) for tz in calendar.walk("VTIMEZONE")}


def test_uid_is_stable_and_a_move_raises_the_sequence(croupier, vladivostok):
    session = factories.session(actor=croupier, venue_=vladivostok)
    first = _public()[_uid(session)]
    assert _public()[_uid(session)]["UID"] == first["UID"]
    later = session.starts_at + timedelta(days=1, hours=2)
    services.session_update(session=session, actor=croupier, starts_at=later, ends_at=later + timedelta(hours=3))
    moved = _public()[_uid(session)]
    assert int(moved["SEQUENCE"]) == 1
    assert moved.decoded("DTSTART") == later.replace(microsecond=0)
    # A change that moves nothing leaves the sequence alone; a new venue is a move.
    services.session_update(session=session, actor=croupier, notes="Bring dice")
    assert int(_public()[_uid(session)]["SEQUENCE"]) == 1
    services.session_update(session=session, actor=croupier, venue=factories.venue())
    assert int(_public()[_uid(session)]["SEQUENCE"]) == 2


def test_a_cancelled_session_stays_in_the_feed_as_cancelled(croupier):
    session = factories.session(actor=croupier)
    services.session_transition(session=session, actor=croupier, to="cancelled")
    event = _public()[_uid(session)]
    assert str(event["STATUS"]) == "CANCELLED"
    assert int(event["SEQUENCE"]) == 1


def test_a_planned_session_is_tentative_and_no_names_are_in_the_public_feed(croupier):
    session = factories.session(actor=croupier, status="planned")
    member = factories.member(display_name="Aahz the Pervect")
    services.rsvp_set(session=session, member=member, actor=member, answer="going")
    response = Client().get(reverse("club:calendar_public"))
    assert str(_events(response)[_uid(session)]["STATUS"]) == "TENTATIVE"
    assert b"Aahz" not in response.content


def test_old_sessions_leave_the_feed(croupier):
    start = timezone.now() - timedelta(days=120)
    old = factories.session(actor=croupier, status="planned", starts_at=start, ends_at=start + timedelta(hours=3))
    assert _uid(old) not in _public()


def _member_feed(member, client=None):
    return (client or Client()).get(reverse("club:calendar_member", args=[member.calendar_token]))


def test_member_feed_has_his_sessions_and_tournaments_only(croupier, plain_member):
    going = factories.session(actor=croupier, capacity=2)
    waitlisted = factories.session(actor=croupier, capacity=2)
    for other in (factories.member(), factories.member()):
        services.rsvp_set(session=waitlisted, member=other, actor=other, answer="going")
    maybe = factories.session(actor=croupier)
    not_mine = factories.session(actor=croupier)
    services.rsvp_set(session=going, member=plain_member, actor=plain_member, answer="going")
    assert services.rsvp_set(session=waitlisted, member=plain_member, actor=plain_member,
                             answer="going").answer == "waitlisted"
    services.rsvp_set(session=maybe, member=plain_member, actor=plain_member, answer="maybe")
    venue = factories.venue(name="Deva bazaar", address="Stall 7")
    played = Tournament.objects.create(name="Bazaar cup", slug="bazaar-cup", date=date.today() + timedelta(days=9),
                                       venue=venue)
    Entry.objects.create(tournament=played, member=plain_member)
    withdrawn = Tournament.objects.create(name="Left early", slug="left-early", date=date.today())
    Entry.objects.create(tournament=withdrawn, member=plain_member, withdrawn_after_stage=1)

    events = _events(_member_feed(plain_member))
    assert set(events) == {_uid(going), _uid(waitlisted), f"tournament-{played.pk}@localhost"}
    assert _uid(not_mine) not in events and _uid(maybe) not in events
    assert str(events[_uid(going)]["STATUS"]) == "CONFIRMED"
    assert str(events[_uid(waitlisted)]["STATUS"]) == "TENTATIVE"
    assert "You are on the waitlist." in str(events[_uid(waitlisted)]["DESCRIPTION"])
    cup = events[f"tournament-{played.pk}@localhost"]
    assert cup.decoded("DTSTART") == played.date  # a whole day
    assert str(cup["LOCATION"]) == "Deva bazaar, Stall 7"
    # He declines: the session leaves his feed.
    services.rsvp_set(session=going, member=plain_member, actor=plain_member, answer="declined")
    assert _uid(going) not in _events(_member_feed(plain_member))


def test_member_feed_follows_a_cancellation(croupier, plain_member):
    session = factories.session(actor=croupier)
    services.rsvp_set(session=session, member=plain_member, actor=plain_member, answer="going")
    services.session_transition(session=session, actor=croupier, to="cancelled")
    event = _events(_member_feed(plain_member))[_uid(session)]
    assert str(event["STATUS"]) == "CANCELLED" and int(event["SEQUENCE"]) == 1


def test_member_feed_is_in_his_language(croupier, plain_member):
    session = factories.session(actor=croupier, game="dice")
    services.rsvp_set(session=session, member=plain_member, actor=plain_member, answer="going")
    services.member_mail_preferences_set(member=plain_member, actor=plain_member, language="ru")
    description = str(_events(_member_feed(plain_member))[_uid(session)]["DESCRIPTION"])
    assert "Ставки 2–20" in description


def test_a_wrong_token_is_404_and_a_reset_invalidates_the_old_address(plain_member):
    assert Client().get(reverse("club:calendar_member", args=["not-the-token"])).status_code == 404
    old = plain_member.calendar_token
    client = Client()
    client.force_login(plain_member.user)
    response = client.post(reverse("club:calendar_reset"))
    assert response.status_code == 302
    plain_member.refresh_from_db()
    assert plain_member.calendar_token != old and len(plain_member.calendar_token) >= 32
    assert Client().get(reverse("club:calendar_member", args=[old])).status_code == 404
    assert _member_feed(plain_member).status_code == 200


def test_each_member_has_his_own_secret(plain_member):
    other = factories.member()
    assert other.calendar_token != plain_member.calendar_token


def test_an_inactive_member_has_no_feed(plain_member, admin_member):
    services.member_update(member=plain_member, actor=admin_member, active=False)
    assert _member_feed(plain_member).status_code == 404


def test_nobody_resets_another_members_address(plain_member, admin_member):
    old = plain_member.calendar_token
    for actor in (factories.member(), admin_member):
        with pytest.raises(Forbidden):
            services.member_calendar_reset(member=plain_member, actor=actor)
    plain_member.refresh_from_db()
    assert plain_member.calendar_token == old


def test_the_reset_takes_a_post_and_a_login(plain_member):
    client = Client()
    response = client.post(reverse("club:calendar_reset"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(plain_member.user)
    assert client.get(reverse("club:calendar_reset")).status_code == 405
    old = plain_member.calendar_token
    plain_member.refresh_from_db()
    assert plain_member.calendar_token == old


def test_pages_link_the_feeds_in_both_languages(plain_member):
    client = Client()
    page = client.get(reverse("club:session_list")).content.decode()
    assert "Subscribe in your calendar" in page and "webcal://testserver/calendar/sessions.ics" in page
    client.force_login(plain_member.user)
    page = client.get(reverse("club:profile_edit")).content.decode()
    assert f"/calendar/member/{plain_member.calendar_token}.ics" in page
    client.cookies["django_language"] = "ru"
    page = client.get(reverse("club:profile_edit"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Подписаться в календаре" in page
    assert "Подписаться в календаре" in client.get(reverse("club:session_list")).content.decode()


def test_the_feed_makes_a_fixed_number_of_queries(croupier, plain_member, django_assert_max_num_queries):
    for _n in range(4):
        session = factories.session(actor=croupier)
        services.rsvp_set(session=session, member=plain_member, actor=plain_member, answer="going")
    with django_assert_max_num_queries(4):
        _member_feed(plain_member)
    with django_assert_max_num_queries(3):
        Client().get(reverse("club:calendar_public"))


def test_zoneinfo_of_the_club_is_named_in_the_feed(croupier, settings):
    factories.session(actor=croupier)
    calendar = icalendar.Calendar.from_ical(Client().get(reverse("club:calendar_public")).content)
    assert str(calendar["X-WR-TIMEZONE"]) == settings.TIME_ZONE
    zoneinfo.ZoneInfo(str(calendar["X-WR-TIMEZONE"]))
    assert Member.objects.filter(pk=croupier.pk).exists()
