"""Numbers in pictures never pass through the locale: every page with an SVG, rendered in Russian
(where the decimal separator is a comma), writes its coordinates with a dot."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from club.models import ScheduledSession
from games.tables.models import CasinoHand
from rules.models import Precedent
from tests.test_write_access import _actor, club  # noqa: F401 (the demo club fixture)

pytestmark = pytest.mark.django_db

ATTRIBUTES = ("cx", "cy", "x", "y", "x1", "x2", "y1", "y2", "r", "width", "height", "points", "d", "viewBox",
              "transform")
COMMA_DECIMAL = re.compile(r"\d,\d")
POINT = re.compile(r"^-?\d+(\.\d+)?,-?\d+(\.\d+)?$")


def _locale_comma(attribute: str) -> bool:
    """A decimal comma: anywhere but between the x and y of a points pair."""
    name, value = attribute.split("=", 1)
    if name == "points":
        return not all(POINT.match(pair) for pair in value.split())
    return bool(COMMA_DECIMAL.search(value))


def _svg_numbers(html: str) -> list[str]:
    found = []
    for svg in re.findall(r"<svg\b.*?</svg>", html, flags=re.S):
        for name, value in re.findall(r'\s([\w:-]+)="([^"]*)"', svg):
            if name in ATTRIBUTES:
                found.append(f"{name}={value}")
    return found


def _pages(club) -> list[str]:  # noqa: F811
    seated = next(s for s in ScheduledSession.objects.all() if s.seats.exists())
    hand = CasinoHand.objects.filter(player=_actor(club, "member")).first() or CasinoHand.objects.first()
    return [f"/sessions/{seated.pk}/", "/tables/casino/history/", f"/tournaments/ratings/{hand.player_id}/",
            f"/rules/precedents/{Precedent.objects.first().permanent_id}/",
            # A member's rating history in each game he played: fractional ratings, drawn.
            f"/games/stats/{club['members']['Tananda'].pk}/"]


def test_svg_coordinates_are_written_with_a_dot_in_russian(club):  # noqa: F811
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(_actor(club, "admin").user)
    numbers = []
    for url in _pages(club):
        response = client.get(url)
        assert response.status_code == 200, url
        found = _svg_numbers(response.content.decode())
        numbers += found
        assert not [n for n in found if _locale_comma(n)], (url, found[:10])
    assert any("." in n for n in numbers), "no fractional coordinate was drawn: the test would prove nothing"


@pytest.mark.parametrize(("lang", "north", "south_west"), [("en", "N", "SW"), ("ru", "С", "ЮЗ")])
def test_the_seats_are_named_in_the_members_language(club, lang, north, south_west):  # noqa: F811
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(_actor(club, "admin").user)
    seated = next(s for s in ScheduledSession.objects.all() if s.seats.filter(seat="SW").exists())
    page = client.get(f"/sessions/{seated.pk}/").content.decode()
    assert f">{south_west}</text>" in page and f"<td>{south_west}</td>" in page
    assert f'font-weight="bold">{north}</text>' in page
