"""Full-text search over precedents and rulebook entries, in Russian and English with stemming.

One table of :class:`~rules.models.SearchDocument` rows (title and body per precedent or
rulebook entry) is kept current by the services. Two backends answer the same contract:

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

The stemmer
-----------
FTS5 has no Russian stemmer, so :func:`stem` stems each word with ``snowballstemmer``: the Snowball
Russian algorithm for Cyrillic words, Snowball English (Porter 2) for the others, the same
algorithms PostgreSQL's 'russian' and 'english' configurations use, so both backends stem alike.
"ё" is read as "е".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import snowballstemmer
from django.db import connection

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
    from django.contrib.postgres.search import SearchVector

    return (SearchVector("title", config="russian", weight="A")
            + SearchVector("title", config="english", weight="A")
            + SearchVector("body", config="russian", weight="D")
            + SearchVector("body", config="english", weight="D"))


def _upsert(kind: str, ref: str, title: str, body: str, public: bool) -> None:
    _upsert_many(kind, [(ref, title, body, public)])


def _upsert_many(kind: str, rows: list[tuple[str, str, str, bool]]) -> None:
    """Replace the documents of ``kind`` for these refs in a fixed number of queries."""
    from .models import SearchDocument

    if not rows:
        return
    refs = [r[0] for r in rows]
    stale = SearchDocument.objects.filter(kind=kind, ref__in=refs)
    if not _is_postgres():
        _fts_delete(list(stale.values_list("pk", flat=True)))
    stale.delete()
    docs = SearchDocument.objects.bulk_create([
        SearchDocument(kind=kind, ref=ref, title=title, body=body, public=public)
        for ref, title, body, public in rows])
    if _is_postgres():
        SearchDocument.objects.filter(kind=kind, ref__in=refs).update(vector=_pg_vector())
        return
    ids = dict(SearchDocument.objects.filter(kind=kind, ref__in=refs).values_list("ref", "pk"))
    # A flushed test database keeps the FTS rows while ids start again: clear the new ids first.
    _fts_delete(list(ids.values()))
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {FTS_TABLE}(rowid, title, body) VALUES (%s, %s, %s)",
                           [(ids[d.ref], stem_text(d.title), stem_text(d.body)) for d in docs])


def precedent_text(precedent) -> tuple[str, str]:
    """The title and the body indexed for a precedent: its own texts and the texts it cites."""
    parts = [precedent.permanent_id, precedent.situation, precedent.question, precedent.ruling]
    for entry in precedent.cited_entries.all():
        parts += [entry.key, entry.title, entry.text_ru, entry.summary_en]
    for point in precedent.cited_points.all():
        parts += [point.point_id, point.question]
    for fix in precedent.fixes.all():
        parts += [fix.point.point_id, fix.point.question, fix.reading.replace("_", " ")]
    return precedent.title, "\n".join(p for p in parts if p)


def index_precedent(precedent) -> None:
    index_precedents([precedent])


def index_precedents(precedents: Iterable) -> None:
    rows = []
    for precedent in precedents:
        title, body = precedent_text(precedent)
        rows.append((precedent.permanent_id, title, body, precedent.is_published))
    _upsert_many("precedent", rows)


def index_entries(entries: Iterable) -> None:
    rows = [(e.key, e.title, "\n".join(p for p in (e.key, e.text_ru, e.summary_en) if p), True) for e in entries]
    _upsert_many("entry", rows)


def remove_entries(keys: list[str]) -> None:
    from .models import SearchDocument

    docs = SearchDocument.objects.filter(kind="entry", ref__in=keys)
    if not _is_postgres():
        _fts_delete(list(docs.values_list("pk", flat=True)))
    docs.delete()


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
    from django.utils.translation import gettext as _

    from club.errors import InvalidInput

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


def _fts_query(q: str) -> str:
    terms = [stem(w) for w in words(q)]
    # Each stemmed word as a prefix term, so a stem matches its longer indexed forms too.
    return " AND ".join(f'"{t}"*' for t in terms if t)


def search(q: str, *, kind: str | None = None, include_private: bool = False, limit: int = 50) -> list[Hit]:
    """Ranked hits for ``q`` (best first). Empty for a query without words; a text with a control
    character or longer than a search box is refused (:func:`check_text`)."""
    from .models import SearchDocument

    check_text(q)
    if not words(q):
        return []
    if _is_postgres():
        from django.contrib.postgres.search import SearchQuery, SearchRank
        from django.db.models import F

        query = (SearchQuery(q, config="russian", search_type="websearch")
                 | SearchQuery(q, config="english", search_type="websearch"))
        qs = SearchDocument.objects.filter(vector=query)
        if kind:
            qs = qs.filter(kind=kind)
        if not include_private:
            qs = qs.filter(public=True)
        # An F() keeps the stored, weighted vector (a bare field name would be re-parsed as text).
        qs = qs.annotate(rank=SearchRank(F("vector"), query)).order_by("-rank", "ref")[:limit]
        return [Hit(d.kind, d.ref, d.title, float(d.rank)) for d in qs]
    match = _fts_query(q)
    if not match:
        return []
    sql = [f"SELECT d.kind, d.ref, d.title, bm25({FTS_TABLE}, 10.0, 1.0) AS score "
           f"FROM {FTS_TABLE} JOIN rules_searchdocument d ON d.id = {FTS_TABLE}.rowid "
           f"WHERE {FTS_TABLE} MATCH %s"]
    params: list = [match]
    if kind:
        sql.append("AND d.kind = %s")
        params.append(kind)
    if not include_private:
        sql.append("AND d.public = %s")
        params.append(True)
    sql.append("ORDER BY score, d.ref LIMIT %s")
    params.append(limit)
    with connection.cursor() as cursor:
        cursor.execute(" ".join(sql), params)
        rows = cursor.fetchall()
    # bm25 is lower-is-better; expose higher-is-better like ts_rank.
    return [Hit(kind_, ref, title, -float(score)) for kind_, ref, title, score in rows]


def create_backend_objects(schema_editor) -> None:
    """Called by the migration: the FTS5 table on SQLite, the GIN index on PostgreSQL."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("CREATE INDEX IF NOT EXISTS rules_searchdocument_vector_gin "
                              "ON rules_searchdocument USING gin (vector)")
    elif schema_editor.connection.vendor == "sqlite":
        if not fts5_available():
            from django.core.exceptions import ImproperlyConfigured

            raise ImproperlyConfigured("This Python's sqlite3 has no FTS5: the rules search needs it "
                                       "(or use PostgreSQL via DATABASE_URL).")
        schema_editor.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS_TABLE} USING fts5("
                              "title, body, tokenize = 'unicode61 remove_diacritics 2')")


def fts5_available() -> bool:
    """Whether the sqlite3 library Python links against was built with FTS5."""
    import sqlite3

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
