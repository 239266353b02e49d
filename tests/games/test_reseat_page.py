"""A change of seats refused on the Game's page: the refusal stands beside its field, in the
form left open, and nothing starts."""

import pytest
from django.urls import reverse

from games.models import Game

pytestmark = pytest.mark.django_db


def _post(client, game, data):
    return client.post(reverse("games:game_reseat", args=[game.pk]), data)


def _unchanged(game):
    return {f"seat_{gp.member_id}": gp.seat for gp in game.players.all()}


def test_an_unchanged_seating_is_refused_in_the_open_form(client_as, game, croupier):
    response = _post(client_as(croupier), game, _unchanged(game))
    assert response.status_code == 400
    page = response.content.decode()
    assert "<details open>" in page
    assert "The seating is unchanged: the Game goes on." in page
    assert Game.objects.count() == 1


def test_a_seat_that_does_not_exist_is_named_beside_its_player(client_as, game, croupier, players):
    data = _unchanged(game) | {f"seat_{players[0].pk}": "XX"}
    response = _post(client_as(croupier), game, data)
    assert response.status_code == 400
    form = response.context["reseat_form"]
    assert list(form.errors) == [f"seat_{players[0].pk}"]
    assert "XX" in form.errors[f"seat_{players[0].pk}"][0]
    assert Game.objects.count() == 1


def test_a_newcomer_without_a_seat_is_told_beside_the_seat(client_as, game, croupier, players, session):
    from club import services as club_services
    from tests import factories

    late = factories.member(display_name="Gleep", password=None)
    club_services.rsvp_set(session=session, member=late, actor=late, answer="going")
    data = _unchanged(game) | {"newcomer": late.pk}
    response = _post(client_as(croupier), game, data)
    assert response.status_code == 400
    form = response.context["reseat_form"]
    assert form.errors["newcomer_seat"] == ["Choose a seat for Gleep."]
    assert Game.objects.count() == 1


def test_a_good_change_starts_the_next_game(client_as, game, croupier, players):
    data = _unchanged(game)
    data[f"seat_{players[0].pk}"], data[f"seat_{players[1].pk}"] = data[f"seat_{players[1].pk}"], data[f"seat_{players[0].pk}"]
    response = _post(client_as(croupier), game, data)
    assert response.status_code == 302
    assert Game.objects.count() == 2
