"""The base layout's links and words are kept per process (the "fragments" cache) by language
and role: each visitor gets the navigation of his own role and language, whoever came before."""

from __future__ import annotations

import pickle

import pytest
from django.core.cache import caches
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_fragments():
    caches["fragments"].clear()
    yield
    caches["fragments"].clear()


def _nav(client: Client, lang: str = "en") -> str:
    html = client.get("/rules/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    return html[html.index("<nav"):html.index("</nav>")]


def test_each_role_and_language_gets_its_own_navigation(croupier, plain_member):
    staff, member, anonymous = Client(), Client(), Client()
    staff.force_login(croupier.user)
    member.force_login(plain_member.user)
    for _ in range(2):  # drawn, then kept
        assert "/games/croupier/" in _nav(staff) and "/games/statement/" in _nav(staff)
        assert "/games/croupier/" not in _nav(member) and "/games/statement/" in _nav(member)
        assert "/games/statement/" not in _nav(anonymous) and "/members/" not in _nav(anonymous)
        assert "Sessions" in _nav(member) and "Sessions" not in _nav(member, "ru")
    # What is kept holds no form token: the forms (log out, language) are drawn for each page.
    kept = [pickle.loads(value) for value in caches["fragments"]._cache.values()]
    assert kept and not any("csrfmiddlewaretoken" in fragment for fragment in kept)
