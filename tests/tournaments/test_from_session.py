"""A tournament played at a club session: started from the session, its players registered from
the RSVPs in one step, and long work (the report, a full rescore) showing its progress."""

import re

import pytest
from django.urls import reverse

from club import services as club_services
from club.errors import Conflict, Forbidden
from club.models import OutboxMessage
from games.tournaments import services
from games.tournaments.models import Entry, Tournament
from tests import factories

from .conftest import make_tournament

pytestmark = pytest.mark.django_db


def _cup_session(croupier, going=5, maybe=1):
    session = factories.session(actor=croupier, kind="tournament", title="Cup night")
    members = [factories.member() for _ in range(going + maybe)]
    for i, member in enumerate(members):
        club_services.rsvp_set(session=session, member=member, actor=member,
                               answer="going" if i < going else "maybe")
    return session, members[:going], members[going:]


def test_the_session_starts_its_tournament_with_the_players_going(croupier):
    session, going, maybe = _cup_session(croupier)
    tournament, added = services.tournament_for_session(actor=croupier, session=session)
    assert (tournament.name, tournament.session_id, tournament.venue_id) == ("Cup night", session.pk, session.venue_id)
    assert tournament.date == session.local_start.date()
    assert sorted(e.member_id for e in added) == sorted(m.pk for m in going)
    assert not Entry.objects.filter(member__in=maybe).exists()
    again, added_again = services.tournament_for_session(actor=croupier, session=session)
    assert again.pk == tournament.pk and added_again == []
    assert Tournament.objects.count() == 1


def test_late_rsvps_are_registered_later_without_duplicates(croupier):
    session, going, _maybe = _cup_session(croupier, going=4, maybe=0)
    tournament, _ = services.tournament_for_session(actor=croupier, session=session)
    late = factories.member(display_name="Latecomer")
    club_services.rsvp_set(session=session, member=late, actor=late, answer="going")
    assert [m.display_name for m in services.session_players_to_register(tournament)] == ["Latecomer"]
    added = services.entries_from_session(actor=croupier, tournament=tournament)
    assert [e.member.display_name for e in added] == ["Latecomer"]
    assert services.entries_from_session(actor=croupier, tournament=tournament) == []
    assert tournament.entries.count() == 5


def test_registering_is_refused_to_a_member_and_without_a_session(croupier, plain_member):
    session, _going, _ = _cup_session(croupier)
    with pytest.raises(Forbidden):
        services.tournament_for_session(actor=plain_member, session=session)
    assert not Tournament.objects.exists()
    tournament, _ = services.tournament_for_session(actor=croupier, session=session)
    with pytest.raises(Forbidden):
        services.entries_from_session(actor=plain_member, tournament=tournament)
    loose = make_tournament(croupier, players=4, seed="loose", seat=False)
    with pytest.raises(Conflict, match="not played at a club session"):
        services.entries_from_session(actor=croupier, tournament=loose)


def test_a_session_of_another_kind_or_cancelled_starts_no_tournament(croupier):
    evening = factories.session(actor=croupier, kind="dragon", title="Poker night")
    with pytest.raises(Conflict, match="Poker night is a dragon poker evening, not a tournament"):
        services.tournament_for_session(actor=croupier, session=evening)
    cup = factories.session(actor=croupier, kind="tournament")
    club_services.session_transition(session=cup, actor=croupier, to="cancelled")
    with pytest.raises(Conflict, match="cancelled"):
        services.tournament_for_session(actor=croupier, session=cup)
    assert not Tournament.objects.exists()


def test_the_pages_start_the_tournament_and_register_late_answers(client, croupier, plain_member):
    session, going, _ = _cup_session(croupier, going=4, maybe=0)
    client.force_login(plain_member.user)
    assert client.post(reverse("tournaments:from_session", args=[session.pk])).status_code == 403
    client.force_login(croupier.user)
    page = client.post(reverse("tournaments:from_session", args=[session.pk]), follow=True).content.decode()
    assert "4 players registered in Cup night" in page
    tournament = Tournament.objects.get()
    late = factories.member(display_name="Latecomer")
    club_services.rsvp_set(session=session, member=late, actor=late, answer="going")
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert 'id="register-from-session"' in page and "Latecomer" in page
    page = client.post(reverse("tournaments:manage", args=[tournament.slug]), {"action": "register"},
                       follow=True).content.decode()
    assert "1 player registered in Cup night: Latecomer." in page
    assert "Everyone coming to Cup night is registered." in page


@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_the_report_shows_its_progress_and_links_to_the_result(client, croupier, tasks_done):
    tournament = make_tournament(croupier, players=4, seed="report", seat=False)
    client.force_login(croupier.user)
    response = client.post(reverse("tournaments:manage", args=[tournament.slug]), {"action": "report"})
    assert response.status_code == 302 and "work=report" in response["Location"]
    tasks_done()
    page = client.get(response["Location"]).content.decode()
    status = page[page.index('id="work-status"'):page.index("</p>", page.index('id="work-status"'))]
    # Once the task has run (at the commit, or on the worker): the line says so, links the report,
    # asks no more.
    assert "The report is ready." in status and reverse("tournaments:report", args=[tournament.slug]) in status
    assert "hx-get" not in status


def test_the_status_line_polls_while_the_work_waits_and_stops_after_a_bound(client, croupier):
    tournament = make_tournament(croupier, players=4, seed="waiting", seat=False)
    message = OutboxMessage.objects.create(task="tournaments.tournament_report", task_id="0" * 8 + "-0000-4000-8000-" + "0" * 12)
    url = reverse("tournaments:work", args=[tournament.slug])
    fragment = client.get(url, {"work": "report", "ref": str(message.task_id)}).content.decode()
    assert "Waiting for the worker" in fragment
    again = re.search(r'hx-get="([^"]+)"', fragment).group(1)
    assert "n=1" in again and 'hx-trigger="load delay:2s"' in fragment
    last = client.get(url, {"work": "report", "ref": str(message.task_id), "n": 90}).content.decode()
    assert "hx-get" not in last and "It is taking longer than usual." in last
    assert f'href="{tournament.get_absolute_url()}?work=report&amp;ref={message.task_id}"' in last
    assert client.get(url, {"work": "report", "ref": "not-a-task"}).status_code == 404


@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_a_full_rescore_shows_when_the_standings_are_written(client, croupier, tasks_done):
    tournament = make_tournament(croupier, players=4, seed="rescore")
    client.force_login(croupier.user)
    response = client.post(reverse("tournaments:manage", args=[tournament.slug]), {"action": "rescore"})
    assert "work=rescore" in response["Location"]
    tasks_done()
    page = client.get(response["Location"]).content.decode()
    assert "The full rescore is done" in page and reverse("tournaments:standings", args=[tournament.slug]) in page


def test_a_missing_trick_count_is_named_by_seat_and_player_beside_its_input(client, croupier):
    tournament = make_tournament(croupier, players=4, seed="sheet")
    table = tournament.stages.get().tables.get()
    north = table.seats.get(position=0).entry.member.display_name
    client.force_login(croupier.user)
    response = client.post(reverse("tournaments:sheet_record", args=[table.pk]),
                           {"number": 1, "bid_0": 0, "bid_1": 0, "bid_2": 0, "bid_3": 0, "taken_1": 1,
                            "taken_2": 0, "taken_3": 0}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert f"Write the tricks North ({north}) took." in page
    beside = page[page.index('name="taken_0"'):]
    assert beside.index("Write the tricks North") < beside.index('name="taken_1"')
    assert "seat N is missing" not in page


def test_the_missing_trick_count_reads_in_russian_with_the_seats_name(client, croupier):
    tournament = make_tournament(croupier, players=4, seed="sheet-ru")
    table = tournament.stages.get().tables.get()
    north = table.seats.get(position=0).entry.member.display_name
    client.force_login(croupier.user)
    page = client.post(reverse("tournaments:sheet_record", args=[table.pk]),
                       {"number": 1, "bid_0": 0, "bid_1": 0, "bid_2": 0, "bid_3": 0, "taken_1": 1, "taken_2": 0,
                        "taken_3": 0}, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert f"Впишите, сколько взяток взяло место «Север» ({north})." in page
    assert "<legend>С " in page


def test_running_the_tournament_says_what_each_action_did(client, croupier):
    tournament = make_tournament(croupier, players=4, seed="said", seat=False)
    client.force_login(croupier.user)
    url = reverse("tournaments:manage", args=[tournament.slug])
    page = client.post(url, {"action": "seat", "method": "draw"}, follow=True).content.decode()
    assert "Stage 1 is seated." in page
    entry = tournament.entries.first()
    page = client.post(url, {"action": "withdraw", "entry": entry.pk}, follow=True).content.decode()
    assert f"{entry.member.display_name} has withdrawn; the points earned stand." in page
    page = client.post(url, {"action": "transition", "to": "finished"}, follow=True).content.decode()
    assert "The tournament is now: Finished." in page


def test_members_checked_in_at_the_door_are_registered_with_those_going(croupier):
    session, going, maybe = _cup_session(croupier, going=4, maybe=1)
    walk_in = factories.member(display_name="Walk-in")
    # One who said "maybe" and one who never answered came anyway; one who is going came too.
    for member in (maybe[0], walk_in, going[0]):
        club_services.checkin_record(session=session, actor=croupier, code=member.checkin_code)
    tournament, added = services.tournament_for_session(actor=croupier, session=session)
    assert [e.member_id for e in added] == [m.pk for m in going] + [maybe[0].pk, walk_in.pk]
    late = factories.member(display_name="Late walk-in")
    club_services.checkin_record(session=session, actor=croupier, code=late.checkin_code)
    assert [m.display_name for m in services.session_players_to_register(tournament)] == ["Late walk-in"]
    assert [e.member.display_name for e in services.entries_from_session(actor=croupier, tournament=tournament)] \
        == ["Late walk-in"]
    assert tournament.entries.count() == 7


def test_the_tournament_page_registers_a_walk_in_from_the_door(client, croupier):
    session, _going, _ = _cup_session(croupier, going=4, maybe=0)
    client.force_login(croupier.user)
    client.post(reverse("tournaments:from_session", args=[session.pk]))
    tournament = Tournament.objects.get()
    walk_in = factories.member(display_name="Walk-in")
    client.post(reverse("club:session_checkin", args=[session.pk]), {"code": walk_in.checkin_code})
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Walk-in" in page and "Register 1 player from the session" in page
    page = client.post(reverse("tournaments:manage", args=[tournament.slug]), {"action": "register"},
                       follow=True).content.decode()
    assert "1 player registered in Cup night: Walk-in." in page
