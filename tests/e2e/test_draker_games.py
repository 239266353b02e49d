"""A Draker game on two phones, in English and in Russian: one player records it from the
Draker tab of the ratings, the other finds it waiting for him and confirms it, and the Draker
rating then ranks its winner first."""

from __future__ import annotations

import pytest

from tests import factories
from tests.e2e.conftest import phone_as

WORDS = {
    "en": {"games": "Draker games", "draft": "Draft", "confirmed": "Confirmed", "waiting": "Waiting for your confirmation",
           "rule": "confirmed Draker game", "counts": "counts in the Draker rating"},
    "ru": {"games": "Партии Дракера", "draft": "Черновик", "confirmed": "Подтверждена",
           "waiting": "Ждут вашего подтверждения", "rule": "подтверждённая партия Дракера",
           "counts": "идёт в рейтинг Дракера"},
}


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_one_player_records_a_draker_game_another_confirms_and_the_rating_shows_it(live_server, browser, lang,
                                                                                  settings):
    from django.core.cache import cache

    from games.tables.models import DrakerGame

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    words = WORDS[lang]
    skeeve = factories.member(display_name="Skeeve")
    guido = factories.member(display_name="Guido")
    factories.member(display_name="Frumple")

    page = phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + "/games/ratings/?game=draker")
    page.wait_for_selector(f"html[lang='{lang}']")
    assert words["rule"] in page.inner_text("#rating-rule")
    page.screenshot(path=f"/tmp/draker-rating-empty-{lang}.png", full_page=True)
    page.locator("#draker-record-link").tap()
    page.wait_for_url("**/tables/draker/games/")
    assert page.inner_text("h1") == words["games"]
    # With no game yet the form stands open: the winner first, then the others.
    page.select_option("#id_member_0", label="Skeeve")
    page.fill("#id_life_0", "7")
    page.select_option("#id_member_1", label="Guido")
    page.fill("#id_life_1", "0")
    assert _fits(page)
    page.screenshot(path=f"/tmp/draker-record-{lang}.png", full_page=True)
    page.locator("#draker-record-submit").tap()
    page.wait_for_url("**/tables/draker/games/*/")
    assert words["draft"] in page.inner_text("#draker-status")
    assert page.locator("#draker-confirm").count() == 0 and page.locator("#draker-not-yours").count() == 1
    assert page.inner_text("#draker-places tbody tr:first-child td:nth-child(2)") == "Skeeve"
    assert _fits(page)
    page.screenshot(path=f"/tmp/draker-draft-{lang}.png", full_page=True)
    game = DrakerGame.objects.get()
    assert game.status == "draft" and game.entered_by == skeeve

    other = phone_as(browser, live_server, guido, lang)
    other.goto(live_server.url + "/tables/draker/games/")
    assert words["waiting"] in other.inner_text("#draker-waiting")
    other.locator("#draker-waiting a").first.tap()
    other.wait_for_url(f"**/tables/draker/games/{game.pk}/")
    # Before confirming he notes a combination of his: the seed's example, defence, 24 points,
    # with 26 defence points spent: 2 too many, 6 life points.
    other.locator("#draker-turn > summary").tap()
    other.select_option("#id_player", label="Guido")
    for row, (rank, profession) in enumerate(((5, 1), (6, 2), (7, 3))):
        other.select_option(f"#id_c{row}-rank", str(rank))
        other.select_option(f"#id_c{row}-profession", str(profession))
    other.fill("#id_c0-tokens", "1")
    other.fill("#id_spent_defence", "26")
    assert _fits(other)
    other.screenshot(path=f"/tmp/draker-turn-form-{lang}.png", full_page=True)
    other.locator("#draker-turn-submit").tap()
    other.wait_for_selector("#draker-turns")
    assert "24" in other.inner_text("#draker-turns li") and "6" in other.inner_text("#draker-turns li")
    assert other.inner_text("#draker-places tbody tr:nth-child(2) td:nth-child(4)") == "6"
    other.locator("#draker-confirm").tap()
    other.wait_for_selector("#draker-status")
    assert words["confirmed"] in other.inner_text("#draker-status")
    assert words["counts"] in other.inner_text(".messages")
    assert other.locator("#draker-confirm").count() == 0
    other.screenshot(path=f"/tmp/draker-confirmed-{lang}.png", full_page=True)
    game.refresh_from_db()
    assert game.status == "confirmed" and game.confirmed_by == guido

    other.goto(live_server.url + "/games/ratings/?game=draker")
    assert other.inner_text("#ratings tbody tr:first-child td:nth-child(2)") == "Skeeve"
    assert other.inner_text("#ratings tbody tr:nth-child(2) td:nth-child(2)") == "Guido"
    assert float(other.inner_text("#ratings tbody tr:first-child td:nth-child(5)").replace(",", ".")) > 25
    assert "Skeeve" in other.inner_text("#draker-recent")
    assert _fits(other)
    other.screenshot(path=f"/tmp/draker-rating-{lang}.png", full_page=True)
