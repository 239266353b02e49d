"""Full-text search in Russian and English with stemming; the same contract on SQLite (FTS5 and
the archive's stemmer) and PostgreSQL (tsvector with 'russian' and 'english')."""

import datetime as dt

import pytest

from rules import search, services

from .helpers import ruling

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("text", "expected"), [
    ("дикая карта", "дик карт"), ("дикие карты", "дик карт"), ("дикими картами", "дик карт"),
    ("домашних", "домашн"), ("естественность", "естествен"), ("Ёлка", "елк"),
    # Snowball English (Porter 2), as PostgreSQL's 'english' stems: inflections meet at "rule" (the
    # earlier stemmer cut every form to "rul"), and an agent noun stays a word of its own, so
    # "dealers" is "dealer", not "deal" (a search for "deal" still finds it: query stems match as
    # prefixes).
    ("rulings", "rule"), ("rules", "rule"), ("ruled", "rule"), ("ruling", "rule"), ("dealers", "dealer"),
    ("dealing", "deal"), ("classes", "class"), ("wild-card", "wild card"),
])
def test_the_stemmer(text, expected):
    assert search.stem_text(text) == expected


@pytest.fixture
def rulings(archive, croupier):
    wild = ruling(croupier, title="Двойки остаются дикими", on=dt.date(2016, 1, 1),
                  ruling="Дикие карты прошлого часа не умирают до конца партии.")
    body_only = ruling(croupier, title="Seats at a round table", on=dt.date(2016, 2, 1),
                       ruling="The croupier said the wild cards stay wild: rulings on seats follow.")
    draft = ruling(croupier, title="Дикие карты в черновике", status="draft", on=dt.date(2016, 3, 1))
    return wild, body_only, draft


def _refs(hits):
    return [h.ref for h in hits]


def test_russian_stemming_finds_another_form(rulings):
    wild, _body_only, _draft = rulings
    assert wild.permanent_id in _refs(search.search("дикая карта", kind="precedent"))
    assert wild.permanent_id in _refs(search.search("диким картам", kind="precedent"))


def test_english_stemming_and_every_word_must_match(rulings):
    _wild, body_only, _draft = rulings
    assert body_only.permanent_id in _refs(search.search("ruling seat", kind="precedent"))
    assert _refs(search.search("seat dragonfly", kind="precedent")) == []


def test_both_backends_stem_an_agent_noun_alike(rulings, croupier):
    """PostgreSQL's 'english' keeps "dealer" apart from "deal"; the SQLite index stems the same way, so
    "dealer" finds the dealers on both and the dealing on neither."""
    dealers = ruling(croupier, title="Dealers rotate", on=dt.date(2016, 5, 1), ruling="Clockwise.")
    dealing = ruling(croupier, title="Dealing order", on=dt.date(2016, 6, 1), ruling="Clockwise.")
    found = _refs(search.search("dealer clockwise", kind="precedent"))
    assert dealers.permanent_id in found and dealing.permanent_id not in found
    assert dealing.permanent_id in _refs(search.search("dealing clockwise", kind="precedent"))


def test_a_title_match_ranks_above_a_body_match(rulings, croupier):
    titled = ruling(croupier, title="Wild cards of the last hour", on=dt.date(2016, 4, 1),
                    ruling="Nothing about it in the text.")
    # every founding precedent of a point about wild cards matches too: look past the first page
    hits = search.search("wild cards", kind="precedent", limit=1000)
    refs = _refs(hits)
    assert refs.index(titled.permanent_id) < refs.index(rulings[1].permanent_id)
    assert hits[0].rank >= hits[-1].rank


def test_drafts_are_found_only_when_asked(rulings):
    draft = rulings[2]
    assert draft.permanent_id not in _refs(search.search("черновик"))
    assert draft.permanent_id in _refs(search.search("черновик", include_private=True))
    services.precedent_transition(precedent=draft, actor=draft.ruled_by, to="binding")
    assert draft.permanent_id in _refs(search.search("черновик"))


def test_rule_texts_are_searchable_and_cited_texts_find_the_precedent(archive, croupier):
    hits = search.search("дикие карты", kind="entry")
    assert "D1" in _refs(hits)  # Definition 1: "Дикие карты - любые масть и номинал ..."
    p = ruling(croupier, title="Zebra", ruling="Short.", cites_rules=["T2"], on=dt.date(2017, 1, 1))
    assert p.permanent_id in _refs(search.search("Восьмерка Семерка", kind="precedent"))


def test_a_query_without_words_finds_nothing(archive):
    assert search.search("  ") == [] and search.search("*!?") == []


def test_fts5_is_available_to_this_python():
    assert search.fts5_available()
