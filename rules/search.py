"""Full-text search over precedents and rulebook entries, in Russian and English with stemming.

One table of :class:`~rules.models.SearchDocument` rows (title and body per precedent or
rulebook entry) is kept current by the services. A document holds every text its page shows, in
both languages: a precedent's own texts and, for a founding one, their Russian; the points it
fixes or cites, their questions and the fixed readings' meanings in English and in Russian
(:mod:`rules.point_words`); a rulebook entry's seed text and summary; the titles in English and
in Russian, one a line. So a query in either language finds a document on a page in either
language; a hit shows its title in the page's language, and its passage is taken from the text
in the page's language when the query matched there. Two backends answer the same contract:

* PostgreSQL: ``vector`` holds ``to_tsvector('russian', ...) || to_tsvector('english', ...)`` with
  the title weighted A and the body D, GIN-indexed; a query is
  ``websearch_to_tsquery('russian', q) || websearch_to_tsquery('english', q)``, ranked by
  ``ts_rank``.
* SQLite: an FTS5 table ``rules_search_fts`` (rowid = the SearchDocument id) holds the same texts
  after :func:`stem_text`; the query is stemmed the same way and ranked by ``bm25`` with the
  title weighted 10 to 1.

The contract both keep: every word of the query must match (stemmed, so "дикая карта" finds
"дикие карты" and "rulings" finds "ruling"); a match in the title ranks above a match only in the
body; private documents (unpublished precedents) are found only when asked for.

:func:`search` returns every hit (the pages and the API page them and say how many there are);
:func:`snippets` gives a page's hits a passage of their text with the matched words in
``<mark>``, escaped: PostgreSQL's ``ts_headline`` there, and on SQLite FTS5's ``highlight()``
over the stemmed index, mapped back word by word to the original text (the index holds one stem
per word, so a snippet shows the words a member wrote, not their stems).

Both are kept in each process under the archive's version (:mod:`rules.archive_cache`): the same
search asked again before the rulebook, the precedents or their index change is not run again.
Each process keeps a bounded number of them (the ``fragments`` cache), whatever is searched.

The stemmer
-----------
FTS5 has no Russian stemmer, so :func:`stem` stems each word with ``snowballstemmer``: the Snowball
Russian algorithm for Cyrillic words, Snowball English (Porter 2) for the others, the same
algorithms PostgreSQL's 'russian' and 'english' configurations use, so both backends stem alike.
"ё" is read as "е".
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from html import escape

import snowballstemmer
from django.contrib.postgres.search import SearchQuery, SearchRank, SearchVector
from django.core.cache import caches
from django.core.exceptions import ImproperlyConfigured
from django.db import connection, connections
from django.db.models import F
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from club.errors import InvalidInput

from . import archive_cache
from .models import Precedent, SearchDocument
from .point_words import question, readings_help
from .titles import is_russian

FTS_TABLE = "rules_search_fts"

_WORD = re.compile(r"[0-9A-Za-z\u00C0-\u024F\u0400-\u04FF]+(?:-[0-9A-Za-z\u0400-\u04FF]+)*")
_CYRILLIC = re.compile(r"[\u0400-\u04FF]")


def words(text: str) -> list[str]:
    out = []
    for token in _WORD.findall(text or ""):
        out.extend(part for part in token.split("-") if part)
    return out


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """``word``'s Snowball stem, Russian for a Cyrillic word and English otherwise. A stemmer keeps
    the word it works on in itself, so each call takes its own (cheap) and the stems are cached:
    the texts repeat their words."""
    word = word.lower()
    language = "russian" if _CYRILLIC.search(word) else "english"
    return snowballstemmer.stemmer(language).stemWord(word)


def stem_text(text: str) -> str:
    return " ".join(stem(w) for w in words(text))


# ----------------------------------------------------------------------------- the index
def _is_postgres() -> bool:
    return connection.vendor == "postgresql"


def _fts_delete(doc_ids: list[int]) -> None:
    if not doc_ids:
        return
    with connection.cursor() as cursor:
        cursor.executemany(f"DELETE FROM {FTS_TABLE} WHERE rowid = %s", [(i,) for i in doc_ids])


def _pg_vector():
    return (SearchVector("title", config="russian", weight="A")
            + SearchVector("title", config="english", weight="A")
            + SearchVector("body", config="russian", weight="D")
            + SearchVector("body", config="english", weight="D"))


def _upsert_many(kind: str, rows: list[tuple[str, str, str, bool]], *, documents=None) -> None:
    """Replace the documents of ``kind`` for these refs in a fixed number of queries.
    ``documents`` is the model that holds them (a migration passes its own)."""
    model = documents or SearchDocument
    if not rows:
        return
    refs = [r[0] for r in rows]
    stale = model.objects.filter(kind=kind, ref__in=refs)
    if not _is_postgres():
        _fts_delete(list(stale.values_list("pk", flat=True)))
    stale.delete()
    docs = model.objects.bulk_create([
        model(kind=kind, ref=ref, title=title, body=body, public=public)
        for ref, title, body, public in rows])
    if _is_postgres():
        model.objects.filter(kind=kind, ref__in=refs).update(vector=_pg_vector())
        _index_changed()
        return
    ids = dict(model.objects.filter(kind=kind, ref__in=refs).values_list("ref", "pk"))
    # A flushed test database keeps the FTS rows while ids start again: clear the new ids first.
    _fts_delete(list(ids.values()))
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {FTS_TABLE}(rowid, title, body) VALUES (%s, %s, %s)",
                           [(ids[d.ref], stem_text(d.title), stem_text(d.body)) for d in docs])
    _index_changed()


def _titles(title: str, title_ru: str) -> str:
    """The indexed title: the English one, and the Russian one on a line of its own when there is
    one (a hit shows the one of the page's language, :func:`_shown_title`)."""
    title, title_ru = " ".join((title or "").split()), " ".join((title_ru or "").split())
    return f"{title}\n{title_ru}" if title_ru and title_ru != title else title


def _point_words(point, reading: str | None = None) -> list[str]:
    """A point as its pages say it in both languages: its id, its question and, for a fixed
    reading, what the reading means."""
    parts = [point.point_id]
    for language in ("en", "ru"):
        parts.append(question(point, language))
        if reading is not None:
            parts.append(readings_help(point, language).get(reading, ""))
    if reading is not None:
        parts.append(reading.replace("_", " "))
    return parts


def precedent_text(precedent) -> tuple[str, str]:
    """The title and the body indexed for a precedent: its own texts in every language it has
    them (a founding precedent's Russian beside its English) and the texts it cites, in both
    languages."""
    parts = [precedent.permanent_id, precedent.situation, precedent.question, precedent.ruling,
             precedent.situation_ru, precedent.question_ru, precedent.ruling_ru]
    for entry in precedent.cited_entries.all():
        parts += [entry.key, entry.title, entry.title_ru, entry.text_ru, entry.summary_en]
    for point in precedent.cited_points.all():
        parts += _point_words(point)
    for fix in precedent.fixes.all():
        parts += _point_words(fix.point, fix.reading)
    # A founding precedent's question is its point's: each text once.
    body = "\n".join(dict.fromkeys(p for p in parts if p))
    return _titles(precedent.title, precedent.title_ru), body


def index_precedent(precedent) -> None:
    index_precedents([precedent])


def index_precedents(precedents: Iterable, *, documents=None) -> None:
    rows = []
    for precedent in precedents:
        title, body = precedent_text(precedent)
        rows.append((precedent.permanent_id, title, body, precedent.status in Precedent.PUBLISHED))
    _upsert_many("precedent", rows, documents=documents)


def entry_text(entry) -> tuple[str, str]:
    """The title and the body indexed for a rulebook entry: its titles, its seed text in Russian
    and its English summary."""
    return (_titles(entry.title, entry.title_ru),
            "\n".join(p for p in (entry.key, entry.text_ru, entry.summary_en) if p))


def index_entries(entries: Iterable, *, documents=None) -> None:
    _upsert_many("entry", [(e.key, *entry_text(e), True) for e in entries], documents=documents)


def remove_entries(keys: list[str]) -> None:
    docs = SearchDocument.objects.filter(kind="entry", ref__in=keys)
    if not _is_postgres():
        _fts_delete(list(docs.values_list("pk", flat=True)))
    docs.delete()
    _index_changed()


def _index_changed() -> None:
    """The index was written in bulk (no signals): the searches kept under the archive's version
    are stale."""
    archive_cache.changed()


# What a search box holds. A longer text is refused rather than cut: a cut query finds other things.
QUERY_MAX_LENGTH = 200
# Tab, line feed and carriage return are read as spaces; every other control character (NUL
# above all: PostgreSQL cannot hold it in a string) is refused.
_SPACES = "\t\n\r"


def _control_character(value: str, allowed: str = _SPACES) -> str | None:
    return next((ch for ch in value if unicodedata.category(ch) in ("Cc", "Cs") and ch not in allowed), None)


def names_nothing(key: str) -> bool:
    """Whether an address part (a rule key, a point id, a permanent id) holds a control
    character: no row has one, and PostgreSQL cannot even be asked for one with a NUL."""
    return _control_character(str(key), allowed="") is not None


def check_text(value: str | None, *, field: str = "q", max_length: int = QUERY_MAX_LENGTH) -> str:
    """``value`` as a search or filter text, or :class:`~club.errors.InvalidInput` naming ``field``
    when it holds a control character or is longer than ``max_length``."""
    value = value or ""
    bad = _control_character(value)
    if bad is not None:
        raise InvalidInput(_("%(field)s: the text holds a control character (%(code)s); type words only.")
                           % {"field": field, "code": f"U+{ord(bad):04X}"},
                           extra={"field": field, "character": f"U+{ord(bad):04X}"})
    if len(value) > max_length:
        raise InvalidInput(_("%(field)s: at most %(max)s characters, not %(size)s.")
                           % {"field": field, "max": max_length, "size": len(value)},
                           extra={"field": field, "max": max_length, "size": len(value)})
    return value


@dataclass(frozen=True)
class Hit:
    kind: str
    ref: str
    title: str
    rank: float
    doc_id: int = 0

    @property
    def is_precedent(self) -> bool:
        return self.kind == SearchDocument.Kind.PRECEDENT


def _shown_title(title: str) -> str:
    """A document is indexed under its English and Russian titles (one a line, :func:`_titles`);
    a hit shows the one of the active language."""
    if "\n" not in title:
        return title
    english, russian = title.split("\n", 1)
    return (russian or english) if is_russian() else (english or russian)


def _fts_query(q: str) -> str:
    terms = [stem(w) for w in words(q)]
    # Each stemmed word as a prefix term, so a stem matches its longer indexed forms too.
    return " AND ".join(f'"{t}"*' for t in terms if t)


def _kept(what: str, compute, *parts):
    """What ``compute`` returns for these ``parts``, kept under the archive's version and the
    language (a rulebook hit's title is shown in it)."""
    named = repr((what, archive_cache.version(), translation.get_language(), parts))
    key = "rules:search:" + hashlib.sha256(named.encode()).hexdigest()
    kept = caches["fragments"].get(key)
    if kept is None:
        kept = compute()
        caches["fragments"].set(key, kept, archive_cache.FRAGMENT_TIMEOUT)
    return kept


def search(q: str, *, kind: str | None = None, include_private: bool = False,
           limit: int | None = None) -> list[Hit]:
    """Ranked hits for ``q`` (best first), all of them unless ``limit`` is given. Empty for a
    query without words; a text with a control character or longer than a search box is refused
    (:func:`check_text`)."""
    check_text(q)
    if not words(q):
        return []
    return list(_kept("hits", lambda: _search(q, kind=kind, include_private=include_private, limit=limit),
                      q, kind, include_private, limit))


def _search(q: str, *, kind: str | None, include_private: bool, limit: int | None) -> list[Hit]:
    if _is_postgres():
        query = _pg_query(q)
        qs = SearchDocument.objects.filter(vector=query)
        if kind:
            qs = qs.filter(kind=kind)
        if not include_private:
            qs = qs.filter(public=True)
        # An F() keeps the stored, weighted vector (a bare field name would be re-parsed as text).
        qs = qs.annotate(rank=SearchRank(F("vector"), query)).order_by("-rank", "ref")
        if limit is not None:
            qs = qs[:limit]
        return [Hit(d.kind, d.ref, _shown_title(d.title), float(d.rank), d.pk) for d in qs]
    match = _fts_query(q)
    if not match:
        return []
    sql = [f"SELECT d.kind, d.ref, d.title, bm25({FTS_TABLE}, 10.0, 1.0) AS score, d.id "
           f"FROM {FTS_TABLE} JOIN rules_searchdocument d ON d.id = {FTS_TABLE}.rowid "
           f"WHERE {FTS_TABLE} MATCH %s"]
    params: list = [match]
    if kind:
        sql.append("AND d.kind = %s")
        params.append(kind)
    if not include_private:
        sql.append("AND d.public = %s")
        params.append(True)
    sql.append("ORDER BY score, d.ref")
    if limit is not None:
        sql.append("LIMIT %s")
        params.append(limit)
    with connection.cursor() as cursor:
        cursor.execute(" ".join(sql), params)
        rows = cursor.fetchall()
    # bm25 is lower-is-better; expose higher-is-better like ts_rank.
    return [Hit(kind_, ref, _shown_title(title), -float(score), doc_id)
            for kind_, ref, title, score, doc_id in rows]


def _pg_query(q: str):
    return (SearchQuery(q, config="russian", search_type="websearch")
            | SearchQuery(q, config="english", search_type="websearch"))


# ----------------------------------------------------------------------------- snippets
# The words a snippet shows around the first match.
SNIPPET_WORDS = 24
# Marks of a matched word while a snippet is still plain text: control characters, which no
# indexed text keeps (they are taken out first), so the text's own "<mark>" stays text.
_START, _STOP = "\x02", "\x03"


def _without_marks(text: str) -> str:
    return text.replace(_START, "").replace(_STOP, "")


# A point's id stands in a precedent's indexed text so that a search by it finds the precedent;
# the passage a person reads has the point's question beside it and leaves the code out (the
# match marks may fall inside the id).
_POINT_ID = re.compile(f"(?<![\\w-]){_START}?IP{_STOP}?-[A-Z0-9{_START}{_STOP}-]*[A-Z0-9{_STOP}]")


def _as_html(marked: str) -> str:
    """A plain text with match marks as HTML: everything escaped, then each mark a <mark>; point
    ids left out."""
    marked = _POINT_ID.sub("", marked).replace(_START + _STOP, "")
    out = escape(" ".join(marked.split()))
    return mark_safe(out.replace(_START, "<mark>").replace(_STOP, "</mark>"))  # noqa: S308 (escaped above)


def _body_start(body: str) -> int:
    # Every document's body begins with its own reference (a rule key, a permanent id) on a line
    # of its own, which the result already shows as its title.
    newline = body.find("\n")
    return newline + 1 if newline >= 0 else 0


def _word_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) of every word :func:`words` yields, in order: one per indexed stem."""
    spans = []
    for m in _WORD.finditer(text or ""):
        offset = m.start()
        for part in m.group().split("-"):
            if part:
                spans.append((offset, offset + len(part)))
            offset += len(part) + 1
    return spans


_LATIN = re.compile(r"[A-Za-z\u00C0-\u024F]")


def _line_is_russian(line: str) -> bool | None:
    """Whether a line of an indexed text is in Russian (more Cyrillic letters than Latin ones);
    None for a line without letters."""
    cyrillic, latin = len(_CYRILLIC.findall(line)), len(_LATIN.findall(line))
    return None if cyrillic == latin == 0 else cyrillic > latin


def _lines_in_russian(text: str) -> list[bool]:
    """For each line of ``text``, whether it is in Russian; a line without letters goes with the
    line before it."""
    out, last = [], False
    for line in text.split("\n"):
        russian = _line_is_russian(line)
        last = last if russian is None else russian
        out.append(last)
    return out


def _marked_window(body: str, marked: set[int], russian: bool = False) -> str:
    """A window of the body around a marked word, the marked words between marks: the first one
    in a line of the page's language (``russian`` or not) where there is one, and the window stays
    in the lines of that word's language (an indexed text holds its Russian and its English)."""
    spans = _word_spans(body)
    first = _body_start(body)
    shown = [i for i, (start, _end) in enumerate(spans) if start >= first]
    if not shown:
        return ""
    line_russian = _lines_in_russian(body)
    line_starts = [0, *(m.end() for m in re.finditer("\n", body))]
    in_russian = {i: line_russian[bisect_right(line_starts, spans[i][0]) - 1] for i in shown}
    hit = next((i for i in shown if i in marked and in_russian[i] == russian), None)
    if hit is None:
        hit = next((i for i in shown if i in marked),
                   next((i for i in shown if in_russian[i] == russian), shown[0]))
    run_start = run_end = hit
    while run_start - 1 in in_russian and in_russian[run_start - 1] == in_russian[hit]:
        run_start -= 1
    while run_end + 1 in in_russian and in_russian[run_end + 1] == in_russian[hit]:
        run_end += 1
    begin = max(run_start, hit - SNIPPET_WORDS // 4)
    end = min(run_end, begin + SNIPPET_WORDS - 1)
    parts = ["\u2026 " if begin > shown[0] else ""]
    cursor = spans[begin][0]
    for i in range(begin, end + 1):
        start, stop = spans[i]
        parts.append(body[cursor:start])
        word = body[start:stop]
        parts.append(f"{_START}{word}{_STOP}" if i in marked else word)
        cursor = stop
    # The punctuation that closes the last word (a bracket, a full stop) stays with it.
    tail = re.match(r"[^\s\w]*", body[cursor:]).group()
    parts.append(tail)
    if end < shown[-1]:
        parts.append(" \u2026")
    return "".join(parts)


def _fts_marked_tokens(match: str, doc_ids: list[int]) -> dict[int, set[int]]:
    """The positions of the body's tokens FTS5 matched, per document: ``highlight()`` marks them
    in the stemmed body, which holds one stem per word of the original body, in order."""
    if not doc_ids:
        return {}
    placeholders = ", ".join(["%s"] * len(doc_ids))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT rowid, highlight({FTS_TABLE}, 1, %s, %s) FROM {FTS_TABLE} "
                       f"WHERE {FTS_TABLE} MATCH %s AND rowid IN ({placeholders})",
                       [_START, _STOP, match, *doc_ids])
        rows = cursor.fetchall()
    out: dict[int, set[int]] = {}
    for doc_id, highlighted in rows:
        marked, inside, position = set(), False, 0
        for token in (highlighted or "").split():
            opens, closes = token.startswith(_START), token.endswith(_STOP)
            if opens:
                inside = True
            if inside:
                marked.add(position)
            if closes:
                inside = False
            position += 1
        out[doc_id] = marked
    return out


def _sqlite_snippets(q: str, docs: dict[int, str], russian: bool) -> dict[int, str]:
    match = _fts_query(q)
    marked = _fts_marked_tokens(match, list(docs)) if match else {}
    query_stems = [stem(w) for w in words(q)]
    out = {}
    for doc_id, body in docs.items():
        positions = marked.get(doc_id)
        if positions is None or len(_word_spans(body)) != len(stem_text(body).split()):
            # The index and the text disagree (a word the tokenizer splits otherwise): mark what
            # the query's stems match as prefixes, as the FTS query does.
            positions = {i for i, w in enumerate(words(body))
                         if any(stem(w).startswith(t) for t in query_stems)}
        out[doc_id] = _as_html(_marked_window(body, positions, russian))
    return out


def _by_language(body: str, russian: bool) -> tuple[str, str]:
    """A body without its first line, as (its lines in the page's language, the others)."""
    lines = body[_body_start(body):].split("\n")
    ours, others = [], []
    for line, in_russian in zip(lines, _lines_in_russian("\n".join(lines)), strict=True):
        (ours if in_russian == russian else others).append(line)
    return "\n".join(ours), "\n".join(others)


def _pg_snippets(q: str, bodies: dict[int, str], russian: bool) -> dict[int, str]:
    """``ts_headline`` over the lines of the page's language, or over the others when nothing
    matched there, or over the whole text when the query matched only across both (a word in each
    language)."""
    options = (f"StartSel={_START}, StopSel={_STOP}, MaxWords={SNIPPET_WORDS}, "
               f"MinWords={SNIPPET_WORDS // 2}, MaxFragments=2, FragmentDelimiter=\" \u2026 \"")
    ids, parts, texts = [], [], []
    for doc_id, body in bodies.items():
        for part, text in enumerate((*_by_language(body, russian), body[_body_start(body):])):
            ids.append(doc_id)
            parts.append(part)
            texts.append(text)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id, part, ts_headline('russian', text, "
            "websearch_to_tsquery('russian', %s) || websearch_to_tsquery('english', %s), %s) "
            "FROM unnest(%s::int[], %s::int[], %s::text[]) AS shown(id, part, text) ORDER BY id, part",
            [q, q, options, ids, parts, texts])
        rows = cursor.fetchall()
    headlines: dict[int, list[str]] = {}
    for doc_id, _part, text in rows:
        headlines.setdefault(doc_id, []).append(text or "")
    out = {}
    for doc_id, (ours, others, whole) in headlines.items():
        chosen = next((h for h in (ours, others, whole) if _START in h), ours or others)
        out[doc_id] = _as_html(chosen)
    return out


def snippets(q: str, hits: Iterable[Hit]) -> dict[int, str]:
    """For each hit (by its ``doc_id``), a short passage of its text around what ``q`` matched,
    as safe HTML: the text escaped and each matched word in ``<mark>``, from the text in the
    page's language where the query matched there. PostgreSQL's ``ts_headline`` picks the passage
    there; on SQLite FTS5's ``highlight()`` says which words matched. Ask for one page's hits: it
    reads their texts."""

    doc_ids = [h.doc_id for h in hits if h.doc_id]
    if not doc_ids or not words(q):
        return {}
    return dict(_kept("snippets", lambda: _snippets(q, doc_ids), q, tuple(doc_ids)))


def _snippets(q: str, doc_ids: list[int]) -> dict[int, str]:
    bodies = dict(SearchDocument.objects.filter(pk__in=doc_ids).values_list("pk", "body"))
    bodies = {pk: _without_marks(body) for pk, body in bodies.items()}
    if _is_postgres():
        return _pg_snippets(q, bodies, is_russian())
    return _sqlite_snippets(q, bodies, is_russian())


def create_backend_objects(schema_editor) -> None:
    """Called by the migration: the FTS5 table on SQLite, the GIN index on PostgreSQL."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("CREATE INDEX IF NOT EXISTS rules_searchdocument_vector_gin "
                              "ON rules_searchdocument USING gin (vector)")
    elif schema_editor.connection.vendor == "sqlite":
        if not fts5_available():
            raise ImproperlyConfigured("This Python's sqlite3 has no FTS5: the rules search needs it "
                                       "(or use PostgreSQL via DATABASE_URL).")
        schema_editor.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS_TABLE} USING fts5("
                              "title, body, tokenize = 'unicode61 remove_diacritics 2')")


def prune_index(sender, using="default", **kwargs) -> None:
    """A flush empties the search documents but not SQLite's FTS5 table (it is no model); after
    every migrate or flush the index keeps only rows whose document exists."""
    database = connections[using]
    if database.vendor != "sqlite" or FTS_TABLE not in database.introspection.table_names():
        return
    with database.cursor() as cursor:
        cursor.execute(f"DELETE FROM {FTS_TABLE} WHERE rowid NOT IN (SELECT id FROM rules_searchdocument)")


def fts5_available() -> bool:
    """Whether the sqlite3 library Python links against was built with FTS5."""
    probe = sqlite3.connect(":memory:")
    try:
        probe.execute("CREATE VIRTUAL TABLE probe USING fts5(x)")
        return True
    except sqlite3.OperationalError:
        return False
    finally:
        probe.close()


def drop_backend_objects(schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS rules_searchdocument_vector_gin")
    elif schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(f"DROP TABLE IF EXISTS {FTS_TABLE}")
