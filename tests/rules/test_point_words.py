"""The interpretation points as a member reads them: each reading by its meaning, each point by its
question, in the page's language; a point's id and a reading's code stay in the addresses and
the data attributes, never in the text a person reads (nor marked as code in it)."""

import datetime as dt
import re

import pytest
from django.conf import settings
from django.test import Client

from rules.models import InterpretationPoint, Precedent
from rules.point_words import question, readings_help
from tests.test_page_scanner import _parsed

from .helpers import founding, ruling

pytestmark = pytest.mark.django_db
R2 = "IP-R2-WILD-CARD"
POINT_ID = re.compile(r"IP-[A-Z0-9][A-Z0-9-]*")


def _read(url: str, lang: str) -> tuple[str, str]:
    """The page's visible text and its text marked as code."""
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    response = client.get(url)
    assert response.status_code == 200, url
    parsed = _parsed(response.content.decode(), lang)
    return " ".join(parsed.chunks), " ".join(parsed.codes)


def _codes_shown(text: str, codes: set[str]) -> set[str]:
    return {code for code in codes if re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text)}


@pytest.fixture
def rulings(archive, croupier):
    return ruling(croupier, title="Whole rank", on=dt.date(2015, 3, 14), fixes={R2: "that_rank"},
                  cites={founding(R2).permanent_id: "overrules"}, cites_rules=["B2"])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_points_page_reads_each_reading_by_its_meaning(rulings, lang):
    point = InterpretationPoint.objects.get(point_id=R2)
    text, codes = _read(point.get_absolute_url(), lang)
    for meaning in readings_help(point, lang).values():
        assert meaning in text
    assert question(point, lang) in text
    shown = _codes_shown(text + " " + codes, set(point.readings))
    assert not shown and not POINT_ID.search(text + codes), (shown, codes)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("url", ["/rules/points/", "/rules/in-force/", "/rules/precedents/", "precedent",
                                 "founding", "/rules/B2/", "/rules/search/?q=wild+rank"])
def test_no_archive_page_shows_a_reading_code_or_a_point_id(rulings, lang, url):
    if url == "precedent":
        url = rulings.get_absolute_url()
    elif url == "founding":
        url = Precedent.objects.get(founding=True, fixes__point__point_id=R2).get_absolute_url()
    text, codes = _read(url, lang)
    readings = {r for p in InterpretationPoint.objects.all() for r in p.readings if "_" in r}
    shown = _codes_shown(text + " " + codes, readings | {R2})
    assert not shown and not POINT_ID.search(text + " " + codes), (shown, POINT_ID.search(text + " " + codes))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_readings_in_force_name_the_point_and_the_reading_in_words(rulings, lang):
    point = InterpretationPoint.objects.get(point_id=R2)
    text, _codes = _read("/rules/in-force/", lang)
    assert question(point, lang) in text
    assert readings_help(point, lang)["that_rank"] in text


def test_the_english_words_of_a_point_that_names_other_points_by_code(archive):
    point = InterpretationPoint.objects.get(point_id="IP-M20-CHOICE")
    assert "IP-MANDATORY-CLAIM" in point.readings_help["holder"]         # the engine's own text
    meaning = readings_help(point, "en")["holder"]
    assert "IP-" not in meaning and "the club's reading of a choice nobody declared" in meaning


def test_a_search_passage_leaves_point_ids_out_even_where_a_match_marks_them():
    """A precedent's indexed text names the points it fixes by id (a search by id finds it); the
    passage shown reads the point's question beside it, never the code."""
    from rules import search

    start, stop = "\x02", "\x03"
    passage = str(search._as_html(f"IP-M15-TIE Several face-up cards {start}IP{stop}-M15-TIE share the "
                                  f"lowest {start}rank{stop}: IP-{start}R2{stop}-WILD-CARD."))
    assert passage == "Several face-up cards share the lowest <mark>rank</mark>: ."
    assert not POINT_ID.search(passage)
