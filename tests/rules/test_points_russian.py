"""Every interpretation point and every founding precedent is told in Russian as well as in
English: a point added to an engine without its Russian fails here."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from rules import point_words
from rules.points_ru import POINTS
from rules.rulebook import expected_points

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# What a Russian text may keep in Latin letters: the Latin vowels of a name spelled in Latin.
LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")


def _registry() -> dict[str, dict]:
    return expected_points()


def test_every_point_of_the_engines_has_its_russian_question_and_every_reading_its_meaning():
    points = _registry()
    assert set(points) - set(POINTS) == set(), "give these points their Russian in rules/points_ru.py"
    for point_id, values in points.items():
        question, helps = POINTS[point_id]
        assert CYRILLIC.search(question), point_id
        assert set(helps) == set(values["readings"]), f"{point_id}: the readings differ from the engine's"
        for reading, meaning in helps.items():
            assert CYRILLIC.search(meaning), f"{point_id} {reading}"


def test_no_russian_row_names_a_point_the_engines_no_longer_declare():
    assert set(POINTS) - set(_registry()) == set()


def test_the_russian_texts_write_cards_and_codes_in_russian():
    for point_id, (question, helps) in POINTS.items():
        for text in (question, *helps.values()):
            assert "IP-" not in text and "#" not in text, point_id
            latin = [w for w in LATIN_WORD.findall(text) if w not in ("a", "e", "i", "o", "u", "y")]
            assert not latin, f"{point_id}: {latin}"


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
        assert precedent.question_ru == POINTS[point.point_id][0]
        assert POINTS[point.point_id][1][point.default] in precedent.ruling_ru


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


def test_a_new_point_without_russian_is_caught(monkeypatch):
    """The check above fails for a point the table does not know."""
    fake = {**_registry(), "IP-NEW-POINT": {"readings": ["a_reading"]}}
    monkeypatch.setattr("tests.rules.test_points_russian._registry", lambda: fake)
    with pytest.raises(AssertionError):
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
