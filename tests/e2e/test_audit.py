"""An admin reads the club's history on a phone, in English and in Russian: who changed what and
when, filtered by member and kind, a bad date refused beside its field, one session's history
reached from its page; a member is refused."""

from __future__ import annotations

import pytest

from club import services as club_services
from club.models import RSVP, Member, ScheduledSession
from tests import factories
from tests.e2e.conftest import phone_as

WORDS = {
    "en": {"title": "The club's history", "changed": "changed", "status": "Status", "open": "Open for RSVPs",
           "session": "Scheduled session", "bad": "outside the years the club keeps", "history": "History of",
           "answer": "answer for"},
    "ru": {"title": "История клуба", "changed": "изменено", "status": "Статус", "open": None,
           "session": None, "bad": None, "history": "История:", "answer": "Ответ:"},
}


def _made_by(model, pk, member):
    model.history.filter(id=pk).update(history_user=member.user)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_admin_reads_the_clubs_history_on_a_phone(live_server, browser, lang):
    words = WORDS[lang]
    admin = factories.member(Member.Role.ADMIN, display_name="Garkin", password=None)
    croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
    skeeve = factories.member(display_name="Skeeve", password=None)
    session = factories.session(actor=croupier, title="Friday game")
    _made_by(ScheduledSession, session.pk, croupier)
    rsvp = club_services.rsvp_set(session=session, member=skeeve, actor=skeeve, answer="going")
    _made_by(RSVP, rsvp.pk, skeeve)

    page = phone_as(browser, live_server, admin, lang)
    page.goto(live_server.url + "/audit/")
    assert words["title"] in page.inner_text("h1")
    rows = page.locator("#audit-rows li.audit-row")
    assert rows.count() >= 4
    text = page.inner_text("#audit-rows")
    assert "Tananda" in text and "Skeeve" in text and words["changed"] in text and words["status"] in text
    if words["open"]:
        assert words["open"] in text and words["session"] in text
    for code in ("history_type", "HistoricalRSVP", "scheduledsession", "None", "~"):
        assert code not in text
    page.screenshot(path=f"/tmp/audit-{lang}-1-all.png", full_page=True)

    # Only Skeeve's changes: his answer.
    page.locator("#audit-filter-box summary").click()
    page.select_option("#id_member", str(skeeve.pk))
    with page.expect_navigation():
        page.locator("#audit-filter button[type=submit]").click()
    assert page.locator("#audit-rows li.audit-row").count() == 1
    assert words["answer"] in page.inner_text("#audit-rows")
    page.screenshot(path=f"/tmp/audit-{lang}-2-member.png", full_page=True)

    # A date the club cannot mean is named beside its field; no rows, no error page.
    page.goto(live_server.url + "/audit/?since=1850-01-01")
    assert page.locator("#error-since").is_visible()
    if words["bad"]:
        assert words["bad"] in page.inner_text("#error-since")
    assert page.locator("#audit-refused").is_visible()
    page.screenshot(path=f"/tmp/audit-{lang}-3-bad-date.png", full_page=True)

    # From the session's page to its history, and back through the row's link.
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    page.locator("#history-link").click()
    page.wait_for_selector("#audit-rows")
    assert words["history"] in page.inner_text("h1") and "Friday game" in page.inner_text("h1")
    assert "Skeeve" in page.inner_text("#audit-rows")
    page.screenshot(path=f"/tmp/audit-{lang}-4-session.png", full_page=True)
    page.locator("#audit-subject").click()
    page.wait_for_url(f"**/sessions/{session.pk}/")

    # A member sees no link and is refused the page.
    other = phone_as(browser, live_server, skeeve, lang)
    other.goto(f"{live_server.url}/sessions/{session.pk}/")
    assert other.locator("#history-link").count() == 0
    response = other.goto(live_server.url + "/audit/")
    assert response.status == 403
    other.screenshot(path=f"/tmp/audit-{lang}-5-refused.png", full_page=True)
