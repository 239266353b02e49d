"""A session's kind decides what starting play opens; the session's messages say what happened."""

import pytest
from django.urls import reverse

from club import services
from club.errors import Conflict, InvalidInput
from club.models import ScheduledSession
from games import services as game_services
from tests import factories

pytestmark = pytest.mark.django_db


def test_the_kind_decides_the_game_and_a_game_alone_gives_the_kind(croupier):
    tournament = factories.session(actor=croupier, kind="tournament")
    assert (tournament.kind, tournament.game) == ("tournament", "tricks")
    tables = factories.session(actor=croupier, kind="tables", game="dice")
    assert (tables.kind, tables.game) == ("tables", "dice")
    from_game = factories.session(actor=croupier, game="casino")
    assert from_game.kind == "tables"
    changed = services.session_update(session=tables, actor=croupier, kind="dragon")
    assert (changed.kind, changed.game) == ("dragon", "dragon")


def test_an_unknown_kind_is_refused_naming_it(croupier):
    with pytest.raises(InvalidInput, match="not 'poker night'") as error:
        factories.session(actor=croupier, kind="poker night")
    assert error.value.extra["field"] == "kind"
    assert not ScheduledSession.objects.exists()


def test_a_member_cannot_schedule_a_session(plain_member):
    from club.errors import Forbidden

    with pytest.raises(Forbidden):
        factories.session(actor=plain_member, kind="tables")


def test_a_tournament_session_starts_no_dragon_poker_game(croupier):
    session = factories.session(actor=croupier, kind="tournament")
    with pytest.raises(Conflict, match="is a trick game tournament"):
        game_services.game_start(session=session, actor=croupier)


@pytest.mark.parametrize("kind, link", [("dragon", "/games/"), ("tables", "/tables/?session="),
                                        ("tournament", "/tournaments/sessions/")])
def test_the_session_page_starts_the_play_of_its_kind(client, croupier, kind, link):
    session = factories.session(actor=croupier, kind=kind)
    client.force_login(croupier.user)
    page = client.get(session.get_absolute_url()).content.decode()
    start = page[page.index('id="start-play"') - 600:page.index('id="start-play"')]
    assert link in start
    assert str(ScheduledSession.Kind(kind).label) in page


def test_scheduling_and_answering_say_what_happened(client, croupier, plain_member):
    venue = factories.venue()
    client.force_login(croupier.user)
    response = client.post(reverse("club:session_create"), {
        "title": "Cup night", "venue": venue.pk, "starts_at": "2031-05-03T19:00", "ends_at": "2031-05-03T23:00",
        "kind": "tournament", "min_stake": 2, "max_stake": 20, "capacity": 6, "notes": ""}, follow=True)
    assert "Cup night is scheduled as a trick game tournament." in response.content.decode()
    session = ScheduledSession.objects.get(title="Cup night")
    services.session_transition(session=session, actor=croupier, to="open")
    client.force_login(plain_member.user)
    answered = client.post(reverse("club:session_rsvp", args=[session.pk]), {"answer": "going"}, follow=True)
    assert "You are coming to Cup night" in answered.content.decode()


def test_a_refused_seat_names_the_member_and_the_seat_in_words(client, croupier):
    session = factories.session(actor=croupier)
    a, b = factories.member(display_name="Aahz"), factories.member(display_name="Skeeve")
    for m in (a, b):
        services.rsvp_set(session=session, member=m, actor=m, answer="going")
    services.seat_assign(session=session, actor=croupier, member=a, seat="N")
    client.force_login(croupier.user)
    page = client.post(reverse("club:session_seating", args=[session.pk]), {"member": b.pk, "seat": "N"},
                       follow=True).content.decode()
    assert "North is taken by Aahz: seat Skeeve elsewhere" in page
    outsider = factories.member(display_name="Vic")
    page = client.post(reverse("club:session_seating", args=[session.pk]), {"member": outsider.pk, "seat": "N"},
                       follow=True).content.decode()
    assert "Vic is not coming to this session" in page
    ru = client.post(reverse("club:session_seating", args=[session.pk]), {"member": b.pk, "seat": "N"},
                     follow=True, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "«Север»" in ru and "Aahz" in ru


def test_a_form_error_stands_under_its_field_with_the_value_typed(client, croupier):
    venue = factories.venue()
    client.force_login(croupier.user)
    page = client.post(reverse("club:session_create"), {
        "title": "Night", "venue": venue.pk, "starts_at": "2031-05-03T19:00", "ends_at": "2031-05-03T23:00",
        "kind": "dragon", "min_stake": "-5", "max_stake": 20, "capacity": 6, "notes": ""}).content.decode()
    error = page[page.index('id="id_min_stake"'):]
    assert 'id="id_min_stake_error"' in error[:600] and "(you wrote “-5”)" in error[:600]
    assert "* min_stake" not in page


def test_the_dragon_poker_start_form_sends_other_kinds_back_to_their_session(client, croupier):
    session = factories.session(actor=croupier, kind="tournament", title="Cup night")
    client.force_login(croupier.user)
    response = client.get(reverse("games:game_start", args=[session.pk]), follow=True)
    assert response.redirect_chain[-1][0] == session.get_absolute_url()
    assert "Cup night is a trick game tournament: start its play from here." in response.content.decode()
    evening = factories.session(actor=croupier, kind="dragon")
    assert client.get(reverse("games:game_start", args=[evening.pk])).status_code == 200


def test_the_demo_sessions_have_the_kinds_of_their_evenings(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from club import demo

    kinds = {s.title: (s.kind, s.game, s.min_stake) for s in demo.load()["sessions"]}
    assert kinds["Dragon Poker night III"][:2] == ("dragon", "dragon")
    assert kinds["Trick game tournament"][:2] == ("tournament", "tricks")
    assert kinds["Dice and Draker afternoon"] == ("tables", "dice", 1)
    assert kinds["Casino evening"][:2] == ("tables", "casino")
