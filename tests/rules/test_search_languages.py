"""Every text the site shows in a language is found by a search in that language: the Russian of
the interpretation points (the gettext catalogue, ``locale/ru/LC_MESSAGES/django.po``) and of the
founding precedents is indexed beside their English, with the Russian stemmer, so a query in
either language finds them on a page in either language, and a hit reads in the page's language.
The same on SQLite (FTS5 over the archive's stemmer) and PostgreSQL ('russian' and 'english' tsvectors)."""

import datetime as dt
import importlib
import re

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.test import Client
from django.utils import translation

from rules import search
from rules.models import Precedent, RulebookEntry, SearchDocument

from .helpers import founding, ruling

pytestmark = pytest.mark.django_db

# The points of the trick game about the joker. Their Russian (the catalogue) says "джокер" in
# every form: IP-JOKER-ANYTIME "Можно ли сыграть джокера в любой момент ...?", IP-JOKER-IS-TRUMP
# "После хода джокером считается ли джокер козырем ...?", IP-NO-TRUMP-VOID "... нет масти хода, но
# есть джокер, сыграть его?"; their English (rules/engines/tricks/rules.py) says "joker".
JOKER_POINTS = ("IP-JOKER-ANYTIME", "IP-JOKER-DEMAND-ORDER", "IP-JOKER-IS-TRUMP", "IP-JOKER-LEAD-NO-TRUMP",
                "IP-JOKER-SECOND", "IP-NO-TRUMP-VOID")
# A founding precedent's title in each language (rules/point_words.py, founding_texts).
TRICKS_TITLE = {"en": "The club's reading: The 30-round trick game", "ru": "Прочтение клуба: Игра на взятки в 30 конов"}


def _refs(hits) -> set[str]:
    return {h.ref for h in hits}


def _joker_precedents() -> set[str]:
    return {founding(point_id).permanent_id for point_id in JOKER_POINTS}


def _page(q: str, lang: str) -> str:
    response = Client(headers={"accept-language": lang}).get("/rules/search/", {"q": q})
    assert response.status_code == 200
    return response.content.decode()


def _results(page: str) -> list[tuple[str, str, str]]:
    """(permanent id, title, passage) of each precedent the search page lists."""
    return re.findall(r'<a href="/rules/precedents/([^/"]+)/">[^:<]+: ([^<]+)</a> <small>[^<]*</small>\s*'
                      r'<p class="snippet">(.*?)</p>', page, flags=re.S)


@pytest.mark.parametrize("q", ["джокер", "джокера", "джокеры", "Джокером"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_russian_word_finds_the_points_the_english_one_finds(archive, q, lang):
    with translation.override(lang):
        assert _refs(search.search(q, kind="precedent")) == _refs(search.search("joker", kind="precedent")) \
            == _joker_precedents()


def test_a_russian_query_on_the_english_page(archive):
    """The hits read in English (the page's language); the passage shows the Russian words the
    query matched."""
    page = _page("джокер", "en")
    assert "6 results for" in page
    results = _results(page)
    assert {ref for ref, _title, _passage in results} == _joker_precedents()
    assert {title for _ref, title, _passage in results} == {TRICKS_TITLE["en"].replace("'", "&#x27;")}
    for _ref, _title, passage in results:
        assert re.search(r"<mark>[Дд]жокер[а-я]*</mark>", passage), passage


def test_an_english_query_on_the_russian_page(archive):
    """The hits read in Russian (the page's language); the passage is the English the query
    matched, the only text where "joker" stands."""
    page = _page("joker", "ru")
    assert "6 результатов по запросу" in page
    results = _results(page)
    assert {ref for ref, _title, _passage in results} == _joker_precedents()
    assert {title for _ref, title, _passage in results} == {TRICKS_TITLE["ru"]}
    assert "The club&#x27;s reading" not in page
    for _ref, _title, passage in results:
        assert re.search(r"<mark>jokers?</mark>", passage), passage


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_query_in_both_languages_finds_what_says_both(archive, lang):
    # "joker" stands in each joker point's English, "джокер" in its Russian.
    results = _results(_page("joker джокер", lang))
    assert {ref for ref, _title, _passage in results} == _joker_precedents()
    for _ref, title, passage in results:
        assert title == TRICKS_TITLE[lang].replace("'", "&#x27;") and "<mark>" in passage


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_passage_is_in_the_page_language_when_the_query_matched_there(archive, lang):
    entry = RulebookEntry.objects.create(
        key="casino-quokka", game="casino", kind="game_rule", title="The quokka at the table",
        title_ru="Квокка за столом", text_ru="Квокка (Quokka) улыбается за столом и не берёт взяток.",
        summary_en="A quokka smiles at the table and takes no tricks.")
    search.index_entries([entry])
    page = _page("quokka", lang)
    passage = re.search(r'<a href="/rules/casino-quokka/">([^<]+)</a>.*?<p class="snippet">(.*?)</p>', page,
                        flags=re.S)
    assert passage, page
    title, passage = passage.groups()
    if lang == "ru":
        assert title == "Квокка за столом" and "улыбается за столом" in passage and "smiles" not in passage
        assert "<mark>Quokka</mark>" in passage
    else:
        assert title == "The quokka at the table" and "smiles at the table" in passage and "улыбается" not in passage
        assert "<mark>quokka</mark>" in passage


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_founding_ruling_only_in_russian_is_found(archive, lang):
    # IP-NO-TRUMP-VOID's founding ruling in Russian: "Клуб читает правило так: нет масти хода, есть
    # джокер: джокера нужно сыграть." ("читает" stands in no English text.)
    void = founding("IP-NO-TRUMP-VOID")
    assert "Клуб читает правило так" in void.ruling_ru and "читает" not in void.ruling
    with translation.override(lang):
        found = _refs(search.search("читает джокера", kind="precedent"))
    assert void.permanent_id in found and found <= _joker_precedents()
    ru_page = Client(headers={"accept-language": "ru"}).get(void.get_absolute_url()).content.decode()
    assert "Клуб читает правило так: нет масти хода, есть джокер: джокера нужно сыграть." in ru_page


def test_a_ruling_in_russian_is_found_by_the_reading_it_fixes(archive, croupier):
    """A croupier's ruling written only in Russian, under an English title: its page shows the
    reading it fixes in the page's language, and a search finds it by those words in either."""
    ruled = ruling(croupier, title="The joker at any time", on=dt.date(2016, 7, 1),
                   situation="Север пошёл джокером, имея масть хода.",
                   question="Можно ли так?", ruling="Можно.", fixes={"IP-JOKER-ANYTIME": "any_time"})
    ru_page = Client(headers={"accept-language": "ru"}).get(ruled.get_absolute_url()).content.decode()
    en_page = Client(headers={"accept-language": "en"}).get(ruled.get_absolute_url()).content.decode()
    assert "джокера можно сыграть всегда, какой бы ни была обязанность" in ru_page
    assert "a joker may always be played, whatever the obligation" in en_page
    for lang in ("en", "ru"):
        with translation.override(lang):
            assert ruled.permanent_id in _refs(search.search("сыграть всегда обязанность", kind="precedent"))
            assert ruled.permanent_id in _refs(search.search("always played whatever obligation", kind="precedent"))
            assert [h.title for h in search.search("джокером имея масть хода") if h.ref == ruled.permanent_id] \
                == ["The joker at any time"]


def test_the_migration_indexes_what_was_indexed_before_again(archive, croupier):
    """A database whose index predates the Russian (here: holds no precedent at all) is indexed
    again by the migration, with the models as they stand at it; a draft stays private."""
    draft = ruling(croupier, title="Джокер в черновике", status="draft", on=dt.date(2016, 8, 1))
    SearchDocument.objects.filter(kind="precedent").delete()
    migration = importlib.import_module("rules.migrations.0005_search_index_both_languages")
    state = MigrationLoader(connection).project_state(("rules", "0005_search_index_both_languages"))
    migration.index_again(state.apps, None)
    assert _refs(search.search("джокер", kind="precedent")) == _joker_precedents()
    assert _refs(search.search("джокер", kind="precedent", include_private=True)) == \
        _joker_precedents() | {draft.permanent_id}
    assert SearchDocument.objects.filter(kind="precedent").count() == Precedent.objects.count()
