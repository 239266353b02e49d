"""A member finds his calendar address and his reminder mails on his profile, on a phone, in
English and in Russian: he changes a mail preference and makes a new calendar address."""

from __future__ import annotations

import pytest
from django.conf import settings

from club.models import Member
from tests import factories
from tests.e2e.conftest import PHONE, phone_as

WORDS = {
    "en": {"calendar": "My calendar", "subscribe": "Subscribe in your calendar", "mails": "Reminder mails",
           "saved": "Your mail preferences are saved.", "new_address": "new address"},
    "ru": {"calendar": "Мой календарь", "subscribe": "Подписаться в календаре", "mails": "Письма-напоминания",
           "saved": "Настройки писем сохранены.", "new_address": "новый адрес"},
}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_member_sees_his_feed_changes_a_mail_and_renews_the_address(live_server, browser, language):
    words = WORDS[language]
    member = factories.member(display_name=f"Skeeve-{language}", password=None)
    page = phone_as(browser, live_server, member, language)
    page.on("dialog", lambda dialog: dialog.accept())

    page.goto(live_server.url + "/profile/")
    page.wait_for_selector(f"html[lang='{language}']")
    assert words["calendar"] in page.inner_text("#calendar h2")
    old_url = page.input_value("#feed-url")
    assert old_url.endswith(f"/calendar/member/{member.calendar_token}.ics")
    assert page.inner_text("#feed-subscribe") == words["subscribe"]
    assert page.get_attribute("#feed-subscribe", "href").startswith("webcal://")
    assert page.request.get(old_url).headers["content-type"].startswith("text/calendar")
    assert words["mails"] in page.inner_text("#mails h2")
    page.screenshot(path=f"/tmp/calendar-profile-{language}.png", full_page=True)

    # He wants no mail two hours before a session, and his mails in Russian.
    assert page.is_checked("#id_mail_session_soon")
    page.locator("#id_mail_session_soon").tap()
    page.select_option("#id_language", "ru")
    page.locator("#mail-save").tap()
    page.wait_for_selector(".message")
    assert words["saved"] in page.inner_text("body")
    page.goto(live_server.url + "/profile/#mails")
    assert not page.is_checked("#id_mail_session_soon") and page.is_checked("#id_mail_session_day")
    member.refresh_from_db()
    assert (member.mail_session_soon, member.mail_session_day, member.language) == (False, True, "ru")
    page.screenshot(path=f"/tmp/calendar-mails-{language}.png", full_page=True)

    # A new address: the old one answers nothing any more.
    page.locator("#feed-reset").tap()
    page.wait_for_selector(".message")
    assert words["new_address"] in page.inner_text("body")
    new_url = page.input_value("#feed-url")
    assert new_url != old_url
    assert page.request.get(old_url).status == 404
    assert page.request.get(new_url).status == 200
    assert Member.objects.get(pk=member.pk).calendar_token in new_url
    page.screenshot(path=f"/tmp/calendar-reset-{language}.png", full_page=True)

    page.goto(live_server.url + "/sessions/")
    assert page.inner_text("#calendar-feed a[role=button]") == words["subscribe"]
    page.screenshot(path=f"/tmp/calendar-sessions-{language}.png", full_page=True)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_unsubscribe_link_works_without_logging_in(live_server, browser, language):
    from club import reminders

    member = factories.member(display_name=f"Tananda-{language}", password=None)
    link = reminders.unsubscribe_url(kind="session_soon", member=member).split("/mails/", 1)[1]
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/mails/{link}")
    page.wait_for_selector("#unsubscribe-confirm")
    assert ("Two hours before a session" if language == "en" else "За два часа до встречи") in page.inner_text("main")
    page.screenshot(path=f"/tmp/calendar-unsubscribe-{language}.png", full_page=True)
    page.locator("#unsubscribe-confirm").tap()
    page.wait_for_selector("#unsubscribe-done")
    page.screenshot(path=f"/tmp/calendar-unsubscribed-{language}.png", full_page=True)
    member.refresh_from_db()
    assert not member.mail_session_soon and member.mail_session_day
