"""Every rulebook entry has a short title in English and in Russian, and the index shows them
grouped: a member reads "Wild cards", never "Definition 1" or "M15"."""

from collections import defaultdict

import pytest
from django.test import Client
from django.utils import translation

from rules import titles
from rules.engines.dragon import hands
from rules.models import RulebookEntry
from rules.rulebook import expected_rows

pytestmark = pytest.mark.django_db


def test_every_rulebook_key_has_both_titles_distinct_within_its_kind():
    seen = defaultdict(dict)
    for row in expected_rows():
        both = titles.titles(row.key)
        assert both is not None, row.key
        for language, text in zip(("en", "ru"), both, strict=True):
            assert text.strip(), (row.key, language)
            assert 1 <= len(text.split()) <= 7 or row.kind == "hand", (row.key, text)
            other = seen[(row.game, row.kind, language)].setdefault(text, row.key)
            assert other == row.key, f"{row.key} and {other} share the title {text!r}"


def test_the_rows_carry_the_titles_and_the_hands_keep_the_seed_names():
    rows = {row.key: row for row in expected_rows()}
    assert (rows["D1"].title, rows["D1"].title_ru) == ("Wild cards", "Дикие карты")  # definition 1
    # Base rule 12: ambiguities are settled by precedent.
    assert "precedent" in rows["B12"].title and "прецедент" in rows["B12"].title_ru
    # Hand 30: the hand table's own names, Russian verbatim from the seed.
    assert (rows["H30"].title, rows["H30"].title_ru) == (hands.HANDS[30].english, hands.HANDS[30].seed_name)
    assert not any(row.title.startswith(("Modifier ", "Definition ", "Base rule ")) for row in rows.values())


def test_title_follows_the_active_language():
    with translation.override("en"):
        assert titles.title("M34") == "A saint's image cancels wild cards"  # modifier 34
    with translation.override("ru"):
        assert titles.title("M34") == "Изображение святого отменяет дикие карты"
        assert titles.title("casino-H5") == "Столкновение"
    assert titles.title("M101") == "" and titles.title("X") == "" and titles.title("M07") == ""


def test_the_entry_model_shows_the_title_of_the_page_language(archive):
    m15 = RulebookEntry.objects.get(key="M15")
    with translation.override("ru"):
        assert m15.display_title == m15.title_ru == titles.MODIFIERS[15][1]
    with translation.override("en"):
        assert m15.display_title == m15.title == titles.MODIFIERS[15][0]


@pytest.mark.parametrize(("language", "expected"), [("en", "Conditional modifiers"), ("ru", "Условные модификаторы")])
def test_the_index_is_grouped_and_collapsible(archive, language, expected):
    page = Client(headers={"accept-language": language}).get("/rules/").content.decode()
    for slug in ("definitions", "base-rules", "tables", "modifiers", "modifiers-1", "modifiers-4", "hands",
                 "other-games", "casino"):
        assert f'id="group-{slug}"' in page, slug
    assert page.count("<details") >= 12 and expected in page
    assert titles.title_in("M15", language) in page and ">M15<" not in page


def test_an_entry_page_shows_the_title_above_the_russian_text(archive):
    page = Client(headers={"accept-language": "en"}).get("/rules/M15/").content.decode()
    en, ru = titles.MODIFIERS[15]
    ru_block = page.index('lang="ru"', page.index("<main"))  # the header's language switch comes first
    assert page.index(f"<h1>{en}</h1>") < ru_block < page.index(ru) < page.index("<blockquote>")
    assert "Conditional modifier 15" in page


def test_the_other_games_pages_speak_to_members(archive):
    ru = Client(headers={"accept-language": "ru"}).get("/rules/tricks-schedule/").content.decode()
    # Rounds 23-26 are played "по минимуму" (trick seed); the kind is a word, not the engine's code.
    assert "по минимуму" in ru and "<td>minimum</td>" not in ru and "30 конов: карты и виды" in ru
    casino = Client(headers={"accept-language": "en"}).get("/rules/casino/").content.decode()
    assert "six cards each" in casino and ":func:" not in casino and "``" not in casino
