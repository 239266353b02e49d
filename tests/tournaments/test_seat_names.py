"""The tournament's pages name the four seats in the page's language: N, E, S, W in English and
С, В, Ю, З in Russian (the club's compass seats), never the English letters on a Russian page."""

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from .conftest import make_tournament, play_stage

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    translation.activate(settings.LANGUAGE_CODE)


def _seat_cells(html: str) -> list[str]:
    """The first cell of each row of the tables' lines on the tournament page."""
    tables = html[html.index('class="tournament-table"'):]
    return re.findall(r"<tr><td>([^<]*)</td><td>", tables)


@pytest.mark.parametrize(("lang", "seats"), [("en", ["N", "E", "S", "W"]), ("ru", ["С", "В", "Ю", "З"])])
def test_the_tournament_page_names_the_seats_in_the_pages_language(client, croupier, lang, seats):
    tournament = make_tournament(croupier, 4, seed="seats")
    play_stage(croupier, tournament.stages.get())
    html = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert _seat_cells(html) == seats


def test_a_rounds_page_names_the_seats_in_russian(client, croupier):
    from games.tournaments.models import Round

    tournament = make_tournament(croupier, 4, seed="seats-round")
    play_stage(croupier, tournament.stages.get())
    row = Round.objects.filter(table__stage__tournament=tournament).order_by("pk").first()
    html = client.get(reverse("tournaments:round", args=[row.pk]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    cells = re.findall(r"<tr><td>([^<]*)</td><td>", html)
    assert cells[:4] == ["С", "В", "Ю", "З"]
