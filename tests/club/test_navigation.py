"""The navigation offers only what the visitor may open, and the site has an icon."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests import factories

pytestmark = pytest.mark.django_db


def _nav_links(html: str) -> list[str]:
    nav = html[html.index("<nav"):html.index("</nav>")]
    return [href for href in re.findall(r'<a href="([^"]+)"', nav) if href.startswith("/")]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_anonymous_visitor_is_offered_no_page_that_sends_him_to_log_in(lang):
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    links = _nav_links(client.get("/").content.decode())
    assert links
    for href in links:
        if "/accounts/login/" in href:
            continue
        response = client.get(href)
        assert not (response.status_code == 302 and "/accounts/login/" in response["Location"]), href


def test_a_member_is_offered_the_members_pages():
    client = Client()
    client.force_login(factories.member().user)
    links = _nav_links(client.get("/").content.decode())
    assert "/games/leaderboard/" in links and "/members/" in links


def test_the_site_has_an_icon():
    client = Client()
    html = client.get("/").content.decode()
    assert re.search(r'<link rel="icon" [^>]*href="/static/favicon\.svg"', html)
    response = client.get("/favicon.ico")
    assert response.status_code in (301, 302) and response["Location"].endswith("/static/favicon.svg")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_login_page_offers_no_sign_up_that_is_closed(lang, settings):
    settings.OPEN_SIGNUP = False
    page = Client(HTTP_ACCEPT_LANGUAGE=lang).get("/accounts/login/").content.decode()
    assert "/accounts/signup/" not in page
    assert ("invitation" if lang == "en" else "приглашение") in page


def test_the_login_page_offers_sign_up_when_the_club_is_open(settings):
    settings.OPEN_SIGNUP = True
    assert "/accounts/signup/" in Client().get("/accounts/login/").content.decode()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_cancelling_a_session_asks_once_more_and_other_moves_do_not(client, lang):
    from club.models import Member

    croupier = factories.member(Member.Role.CROUPIER)
    session = factories.session(actor=croupier, days=3)
    client.force_login(croupier.user)
    page = client.get(f"/sessions/{session.pk}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    forms = re.findall(r'<form method="post" action="/sessions/\d+/transition/"[^>]*>.*?</form>', page, flags=re.S)
    asking = [f for f in forms if "data-confirm" in f]
    assert len(forms) == 3 and len(asking) == 1 and 'value="cancelled"' in asking[0]
    assert ("cannot be reopened" if lang == "en" else "нельзя открыть снова") in asking[0]


@pytest.mark.parametrize(("lang", "said"), [("en", "The session is now: Cancelled."),
                                            ("ru", "Статус встречи: Отменена.")])
def test_a_session_move_ends_with_a_message_saying_what_happened(client, lang, said):
    from club.models import Member

    croupier = factories.member(Member.Role.CROUPIER)
    session = factories.session(actor=croupier, days=3)
    client.force_login(croupier.user)
    page = client.post(f"/sessions/{session.pk}/transition/", {"to": "cancelled"}, follow=True,
                       HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert said in page
