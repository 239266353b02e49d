"""Every interpretation point and every founding precedent is told in Russian as well as in
English: a point added to an engine without its Russian in the catalogue
(locale/ru/LC_MESSAGES/django.po) fails here, naming the entries to add."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from rules import point_words
from rules.point_words import catalogue_messages, question_context, reading_context, russian_texts
from rules.rulebook import expected_points

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# What a Russian text may keep in Latin letters: the Latin vowels of a name spelled in Latin.
LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")
# A point's entry in the catalogue, obsolete ones (``#~``) aside.
CATALOGUE_CONTEXT = re.compile(r'^msgctxt "point (IP-[^" ]+)(?: reading ([^" ]+))?"$', re.MULTILINE)


def _registry() -> dict[str, dict]:
    return expected_points()


def _russian(points: dict[str, dict]) -> dict[str, str]:
    """context -> the catalogue's Russian, for every text of ``points`` that has one."""
    messages = catalogue_messages(points)
    return {context: russian for (context, _english), russian in zip(messages, russian_texts(messages), strict=True)
            if russian}


def test_every_point_of_the_engines_has_its_russian_question_and_every_reading_its_meaning():
    points = _registry()
    russian = _russian(points)
    wanted = [context for point_id, values in points.items()
              for context in (question_context(point_id),
                              *(reading_context(point_id, reading) for reading in values["readings"]))]
    missing = [context for context in wanted if not CYRILLIC.search(russian.get(context, ""))]
    assert missing == [], ("translate these entries in locale/ru/LC_MESSAGES/django.po (make messages adds "
                           "them; a reading needs the engine's meaning first): " + ", ".join(missing))


def test_no_russian_entry_names_a_point_or_reading_the_engines_no_longer_declare():
    points = _registry()
    text = (Path(settings.LOCALE_PATHS[0]) / "ru" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    named = CATALOGUE_CONTEXT.findall(text)
    assert len(named) == len(catalogue_messages(points))
    stale = [f"{point_id} {reading}".strip() for point_id, reading in named
             if point_id not in points or (reading and reading not in points[point_id]["readings"])]
    assert stale == []


def test_the_catalogue_holds_each_points_text_once():
    text = (Path(settings.LOCALE_PATHS[0]) / "ru" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    named = CATALOGUE_CONTEXT.findall(text)
    assert len(named) == len(set(named))


def test_the_russian_texts_write_cards_and_codes_in_russian():
    for context, text in _russian(_registry()).items():
        assert "IP-" not in text and "#" not in text, context
        latin = [w for w in LATIN_WORD.findall(text) if w not in ("a", "e", "i", "o", "u", "y")]
        assert not latin, f"{context}: {latin}"


def test_two_points_with_the_same_english_are_translated_apart():
    """The context, not the English alone, finds the Russian."""
    points = _registry()
    english = "every card of that rank"
    owners = [(point_id, reading) for point_id, values in points.items()
              for reading, meaning in point_words.english_readings(point_id, values["readings_help"]).items()
              if meaning == english]
    assert len(owners) > 1
    found = russian_texts([(reading_context(point_id, reading), english) for point_id, reading in owners])
    assert all(CYRILLIC.search(russian) for russian in found)
    assert russian_texts([("point IP-NO-SUCH-POINT reading that_rank", english)]) == [""]


def test_a_changed_english_finds_no_russian_and_reads_english():
    """An engine whose English changes reads English until the entry is translated again."""

    class Point:
        point_id = "IP-R2-WILD-CARD"
        question = "What becomes wild under base rule 2, now?"
        readings_help = {"that_rank": "every card of that rank", "that_card": "the card, now"}

    assert point_words.question(Point, "ru") == Point.question
    assert point_words.question_ru(Point) == ""
    assert point_words.readings_help(Point, "ru") == {"that_rank": "каждая карта этого номинала",
                                                      "that_card": "the card, now"}


@pytest.mark.django_db
def test_every_founding_precedent_has_its_russian_title_question_situation_and_ruling():
    from rules import demo
    from rules.models import Precedent

    demo.load()
    founding = list(Precedent.objects.filter(founding=True).prefetch_related("fixes__point"))
    assert len(founding) == len(_registry())
    for precedent in founding:
        for name in ("title", "situation", "question", "ruling"):
            russian = getattr(precedent, f"{name}_ru")
            assert CYRILLIC.search(russian), f"{precedent.permanent_id} {name}_ru"
            assert "IP-" not in russian
        assert "IP-" not in precedent.title and "IP-" not in precedent.title_ru
        point = precedent.fixes.all()[0].point
        assert precedent.question_ru == point_words.question_ru(point)
        assert point_words.readings_help_ru(point)[point.default] in precedent.ruling_ru


@pytest.mark.django_db
def test_a_point_and_a_founding_precedent_are_read_in_the_pages_language(client):
    from rules import demo
    from rules.models import InterpretationPoint, Precedent

    demo.load()
    point = InterpretationPoint.objects.get(point_id="IP-R2-WILD-CARD")
    with translation.override("ru"):
        assert point.display_question == "Что становится диким по базовому правилу 2?"
        assert point_words.readings_help(point)["that_rank"] == "каждая карта этого номинала"
    with translation.override("en"):
        assert point.display_question == "What becomes wild under base rule 2?"
    precedent = Precedent.objects.get(founding=True, fixes__point=point)
    ru = client.get(precedent.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Клуб читает правило так: карта этого номинала и этой масти." in ru
    assert "Что становится диким по базовому правилу 2?" in ru
    en = client.get(precedent.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The club reads the rule so: the card of that rank and suit." in en
    translation.activate("en")


def test_a_new_point_without_russian_is_caught_and_named(monkeypatch):
    """The check above fails for a point the catalogue does not know, and names its entries."""
    fake = {**_registry(), "IP-NEW-POINT": {"question": "Is it new?", "readings": ["a_reading"],
                                            "readings_help": {"a_reading": "it is new"}}}
    monkeypatch.setattr("tests.rules.test_points_russian._registry", lambda: fake)
    with pytest.raises(AssertionError) as caught:
        test_every_point_of_the_engines_has_its_russian_question_and_every_reading_its_meaning()
    assert "point IP-NEW-POINT, point IP-NEW-POINT reading a_reading" in str(caught.value)


def test_a_reading_of_an_old_point_without_russian_is_caught(monkeypatch):
    registry = _registry()
    r2 = registry["IP-R2-WILD-CARD"]
    fake = {**registry, "IP-R2-WILD-CARD": {**r2, "readings": [*r2["readings"], "new_reading"],
                                            "readings_help": {**r2["readings_help"], "new_reading": "new"}}}
    monkeypatch.setattr("tests.rules.test_points_russian._registry", lambda: fake)
    with pytest.raises(AssertionError, match="point IP-R2-WILD-CARD reading new_reading"):
        test_every_point_of_the_engines_has_its_russian_question_and_every_reading_its_meaning()


@pytest.mark.django_db
def test_the_api_gives_the_russian_beside_the_english(api_as, plain_member):
    from rules import demo
    from rules.models import Precedent

    demo.load()
    api = api_as(plain_member)
    point = api.get("/api/interpretation-points/IP-R2-WILD-CARD/").json()
    assert point["question"] == "What becomes wild under base rule 2?"
    assert point["question_ru"] == "Что становится диким по базовому правилу 2?"
    assert point["readings_help_ru"] == {"that_card": "карта этого номинала и этой масти",
                                         "that_rank": "каждая карта этого номинала"}
    founding = Precedent.objects.get(founding=True, fixes__point__point_id="IP-R2-WILD-CARD")
    body = api.get(f"/api/precedents/{founding.permanent_id}/").json()
    assert body["question_ru"] == point["question_ru"]
    assert body["ruling_ru"] == "Клуб читает правило так: карта этого номинала и этой масти."
    assert body["title_ru"].startswith("Прочтение клуба: ") and body["title"].startswith("The club's reading: ")
