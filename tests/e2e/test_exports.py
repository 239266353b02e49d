"""A member opens his chip statement on a phone, in Russian and in English, and its download links
answer the files: an XLSX whose headers are in his language and whose numbers are numbers, and a
CSV with the same rows."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.conf import settings
from django.test import Client

from club.models import Member
from games.tables import services as table_services
from tests import factories
from tests.e2e.conftest import PHONE


def _phone_as(browser, live_server, member, lang: str):
    client = Client()
    client.force_login(member.user)
    context = browser.new_context(**PHONE, locale=lang, accept_downloads=True)
    context.add_cookies([
        {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
         "url": live_server.url},
        {"name": settings.LANGUAGE_COOKIE_NAME, "value": lang, "url": live_server.url}])
    return context.new_page()


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("lang", "title", "headers", "label"), [
    ("ru", "Мои фишки", ["Дата", "Что", "Вид", "Фишки", "Баланс", "Ссылка"], "Кости: Skeeve – Massha"),
    ("en", "My chips", ["Date", "What", "Kind", "Chips", "Balance", "Link"], "Dice: Skeeve – Massha")])
def test_a_member_downloads_his_statement_on_a_phone(live_server, browser, lang, title, headers, label):
    croupier = factories.member(Member.Role.CROUPIER, password=None)
    skeeve, massha = (factories.member(display_name=name, password=None) for name in ("Skeeve", "Massha"))
    table_services.dice_match_create(actor=croupier, first=skeeve, second=massha, stake=3)

    page = _phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + "/games/statement/")
    assert title in page.inner_text("h1")
    assert page.inner_text("#balance") == "-3"
    page.screenshot(path=f"/tmp/exports-statement-{lang}.png", full_page=True)

    with page.expect_download() as info:
        page.locator("#statement-xlsx").tap()
    download = info.value
    assert download.suggested_filename == "chip-statement-skeeve.xlsx"
    with open(download.path(), "rb") as f:
        sheet = openpyxl.load_workbook(io.BytesIO(f.read())).active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    assert rows[0] == headers
    assert rows[1][1] == label and rows[1][3] == -3 and rows[1][4] == -3

    with page.expect_download() as info:
        page.locator("#statement-csv").tap()
    download = info.value
    assert download.suggested_filename == "chip-statement-skeeve.csv"
    with open(download.path(), encoding="utf-8") as f:
        text = list(csv.reader(io.StringIO(f.read())))
    assert text[0] == headers and text[1][1] == label and text[1][3] == "-3"
    # the page stays where it was: a download leaves it
    assert page.url.endswith("/games/statement/")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_croupier_downloads_a_games_results_in_russian(live_server, browser):
    from club import services as club_services
    from games import services

    croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
    skeeve, aahz = (factories.member(display_name=name, password=None) for name in ("Skeeve", "Aahz"))
    session = factories.session(actor=croupier, days=0, title="Пятничный вечер")
    club_services.seating_set(session=session, actor=croupier, assignments={skeeve.pk: "N", aahz.pk: "S"})
    game = services.game_start(session=session, actor=croupier)
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    services.result_submit_quick(deal=deal, actor=croupier, winners=[aahz], pot=8)

    page = _phone_as(browser, live_server, croupier, "ru")
    page.goto(live_server.url + game.get_absolute_url())
    page.screenshot(path="/tmp/exports-game-ru.png", full_page=True)
    with page.expect_download() as info:
        page.locator("#results-downloads a", has_text="XLSX").tap()
    download = info.value
    assert download.suggested_filename == "пятничный-вечер-игра-1.xlsx"
    with open(download.path(), "rb") as f:
        rows = [[c.value for c in row] for row in openpyxl.load_workbook(io.BytesIO(f.read())).active.iter_rows()]
    assert rows[0] == ["Сдача", "Версия", "Статус", "Вид", "Победители", "Банк", "Skeeve", "Aahz", "Заметка"]
    assert rows[1][:6] == [1, 1, "Черновик", "Быстрый результат", "Aahz", 8]
