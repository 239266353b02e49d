"""On a phone, in English and in Russian: an admin imports members from a CSV (a file with a bad
row is refused line by line, then a good one invites everyone), a member downloads his data as a
zip, and an admin anonymises a member who left."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.conf import settings
from django.test import Client

from club.models import Invitation, Member
from games.tables import services as table_services
from tests import factories
from tests.e2e.conftest import PHONE

BAD = "name;email;dimension;language\nAnn;ann@example.org;Klah;ru\nBob;bob@;Nowhere;en\n"
GOOD = "\ufeffname;email;dimension;language\nAnn;ann@example.org;Klah;ru\nBob;bob@example.org;Клах;en\n"


def _phone_as(browser, live_server, member, lang: str):
    """A phone-sized page as ``member`` in ``lang`` that takes downloads and says yes to every
    "are you sure?"."""
    client = Client()
    client.force_login(member.user)
    context = browser.new_context(**PHONE, locale=lang, accept_downloads=True,
                                  extra_http_headers={"Accept-Language": lang})
    context.add_cookies([
        {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
         "url": live_server.url},
        {"name": settings.LANGUAGE_COOKIE_NAME, "value": lang, "url": live_server.url}])
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def _upload(page, text: str) -> None:
    page.set_input_files("input[type=file]", files=[
        {"name": "members.csv", "mimeType": "text/csv", "buffer": text.encode("utf-8")}])
    with page.expect_navigation():
        page.locator("#import-preview-button").tap()


WORDS = {
    "en": {"line3_email": "Line 3, email: This is not an email address.", "line3_dim": "Line 3, dimension",
           "refused": "2 errors", "sent": "2 invitations sent.", "former": "Former member %s"},
    "ru": {"line3_email": "Строка 3, почта: Это не адрес эл. почты.", "line3_dim": "Строка 3, измерение",
           "refused": "2 ошибки", "sent": "Отправлено 2 приглашения.", "former": "Бывший участник %s"},
}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_import_download_and_anonymise_on_a_phone(live_server, browser, lang):
    words = WORDS[lang]
    factories.dimension(slug="klah", name_en="Klah", name_ru="Клах")
    admin = factories.member(Member.Role.ADMIN, display_name="Aahz", password=None)
    croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
    skeeve = factories.member(display_name="Skeeve", password=None)
    massha = factories.member(display_name="Massha", password=None)
    table_services.dice_match_create(actor=croupier, first=skeeve, second=massha, stake=3)

    # 1. The import: a bad row refuses the file, named by line and column; nothing is saved.
    page = _phone_as(browser, live_server, admin, lang)
    page.goto(live_server.url + "/invitations/new/")
    page.locator("#import-link").tap()
    page.wait_for_url("**/invitations/import/")
    page.screenshot(path=f"/tmp/member-data-import-form-{lang}.png", full_page=True)
    _upload(page, BAD)
    errors = page.inner_text("#import-errors")
    assert words["line3_email"] in errors and words["line3_dim"] in errors
    assert words["refused"] in page.inner_text("#import-refused")
    assert page.locator("#import-confirm").count() == 0
    page.screenshot(path=f"/tmp/member-data-import-bad-{lang}.png", full_page=True)
    assert not Invitation.objects.exists()

    # ... then a good file is previewed, confirmed, and everyone is invited.
    _upload(page, GOOD)
    assert page.locator("#import-rows li").count() == 2
    assert page.locator("#import-errors").count() == 0
    page.screenshot(path=f"/tmp/member-data-import-preview-{lang}.png", full_page=True)
    assert not Invitation.objects.exists()
    page.locator("#import-confirm").tap()
    page.wait_for_url("**/invitations/new/")
    assert words["sent"] in page.inner_text(".messages")
    assert sorted(Invitation.objects.values_list("email", "language")) == [
        ("ann@example.org", "ru"), ("bob@example.org", "en")]
    page.screenshot(path=f"/tmp/member-data-import-done-{lang}.png", full_page=True)

    # 2. A member downloads his data from his profile: his own, nobody else's.
    mine = _phone_as(browser, live_server, skeeve, lang)
    mine.goto(live_server.url + "/profile/")
    mine.locator("#my-data").scroll_into_view_if_needed()
    mine.screenshot(path=f"/tmp/member-data-profile-{lang}.png", full_page=False)
    with mine.expect_download() as info:
        mine.locator("#my-data-download").tap()
    download = info.value
    assert download.suggested_filename.startswith("my-data-") and download.suggested_filename.endswith(".zip")
    with open(download.path(), "rb") as f:
        archive = zipfile.ZipFile(io.BytesIO(f.read()))
    data = json.loads(archive.read("data.json"))
    assert data["profile"]["display_name"] == "Skeeve" and data["profile"]["email"] == skeeve.user.email
    assert [row["chips"] for row in data["chip-statement"]] == [-3]
    assert massha.user.email not in archive.read("data.json").decode()

    # 3. The admin anonymises Skeeve after a confirm step; his chips stay in the ledger.
    page.goto(live_server.url + skeeve.get_absolute_url())
    page.locator("#anonymise-link").tap()
    page.wait_for_url(f"**/members/{skeeve.pk}/anonymise/")
    page.screenshot(path=f"/tmp/member-data-anonymise-{lang}.png", full_page=True)
    with page.expect_navigation():
        page.locator("#anonymise-submit").tap()  # the box is not ticked: refused
    assert page.locator("#anonymise-error").count() == 1
    page.locator("#anonymise-confirm").check()
    page.locator("#anonymise-submit").tap()
    page.wait_for_url(f"**/members/{skeeve.pk}/")
    skeeve.refresh_from_db()
    assert skeeve.anonymised_at is not None
    assert Member.objects.filter(pk=skeeve.pk, display_name=f"Former member {skeeve.pk}").exists()
    assert words["former"] % skeeve.pk in page.inner_text("h1")
    assert words["former"] % skeeve.pk in page.inner_text(".messages")
    assert page.locator("#anonymise-link").count() == 0
    page.screenshot(path=f"/tmp/member-data-anonymised-{lang}.png", full_page=True)
    from games.selectors import balance

    assert balance(member=skeeve) == -3
    # His phone is signed out.
    mine.goto(live_server.url + "/profile/")
    assert "/accounts/login/" in mine.url
