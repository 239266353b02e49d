"""A croupier changes the seats from his phone: a newcomer chosen without a seat is told so beside
the seat, in the form kept open; with a seat the next Game starts. In English and in Russian."""

from __future__ import annotations

import pytest

from club import services as club_services
from club.models import Member
from games import services
from games.models import Game
from tests import factories
from tests.e2e.conftest import phone_as

WORDS = {
    "en": {"summary": "A seat or a player changes", "joins": "A player joins", "seat": "in the seat",
           "start": "Start the next game", "missing": "Choose a seat for Gleep.", "started": "game 2 has started"},
    "ru": {"summary": "Смена места или игрока", "joins": "Новый игрок", "seat": "на место",
           "start": "Начать следующую игру", "missing": "Выберите место для игрока Gleep.", "started": "началась игра 2"},
}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_newcomer_without_a_seat_is_told_beside_the_seat(live_server, browser, lang):
    words = WORDS[lang]
    croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
    players = [factories.member(display_name=name, password=None) for name in ("Skeeve", "Aahz", "Chumley")]
    session = factories.session(actor=croupier, days=0)
    for p in players:
        club_services.rsvp_set(session=session, member=p, actor=p, answer="going")
    club_services.seating_set(session=session, actor=croupier,
                              assignments={p.pk: seat for p, seat in zip(players, ("N", "E", "S"), strict=True)})
    game = services.game_start(session=session, actor=croupier)
    late = factories.member(display_name="Gleep", password=None)
    club_services.rsvp_set(session=session, member=late, actor=late, answer="going")

    page = phone_as(browser, live_server, croupier, lang)
    page.goto(live_server.url + game.get_absolute_url())
    page.get_by_text(words["summary"]).click()
    page.get_by_label(words["joins"]).select_option(label="Gleep")
    with page.expect_navigation():
        page.locator("#reseat").click()
    error = page.locator("#id_newcomer_seat_error, .field-error").filter(has_text=words["missing"])
    assert error.count() >= 1, page.inner_text("main")
    assert page.locator("details[open]").count() == 1
    page.screenshot(path=f"/tmp/reseat-error-{lang}.png", full_page=True)
    assert Game.objects.count() == 1

    page.get_by_label(words["seat"]).select_option("W")
    with page.expect_navigation():
        page.locator("#reseat").click()
    assert Game.objects.count() == 2
    assert words["started"] in page.inner_text("main").lower()
    page.screenshot(path=f"/tmp/reseat-done-{lang}.png", full_page=True)
