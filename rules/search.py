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
FTS5 has no Russian stemmer, so :func:`stem` implements the Snowball Russian algorithm (Porter's
2002 stemmer: perfective gerund, reflexive, adjectival, verb and noun endings in RV, then "и",
derivational "ость" in R2, superlative and the doubled "н" / soft sign) for Cyrillic words, and a
short English suffix stripper for Latin words (plurals, -ed, -ing, -ly, -ness, -ment, -ation ...,
enough that inflected forms of one word meet). "ё" is read as "е". Words of three letters or
fewer are kept as they are.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connection

FTS_TABLE = "rules_search_fts"

# ----------------------------------------------------------------------------- Russian Snowball
_RU_VOWELS = "аеиоуыэюя"
_PERFECTIVE_GERUND_1 = ("вшись", "вши", "в")          # preceded by а or я
_PERFECTIVE_GERUND_2 = ("ившись", "ывшись", "ивши", "ывши", "ив", "ыв")
_ADJECTIVE = ("ими", "ыми", "его", "ого", "ему", "ому", "ее", "ие", "ые", "ое", "ей", "ий", "ый", "ой",
              "ем", "им", "ым", "ом", "их", "ых", "ую", "юю", "ая", "яя", "ою", "ею")
_PARTICIPLE_1 = ("ем", "нн", "вш", "ющ", "щ")         # preceded by а or я
_PARTICIPLE_2 = ("ивш", "ывш", "ующ")
_REFLEXIVE = ("ся", "сь")
_VERB_1 = ("ете", "йте", "ешь", "нно", "ла", "на", "ли", "ем", "ло", "но", "ет", "ют", "ны", "ть", "й", "л", "н")
_VERB_2 = ("ейте", "уйте", "ила", "ыла", "ена", "ите", "или", "ыли", "ило", "ыло", "ено", "ует", "уют",
           "ены", "ить", "ыть", "ишь", "ей", "уй", "ил", "ыл", "им", "ым", "ен", "ят", "ит", "ыт", "ую", "ю")
_NOUN = ("иями", "ями", "ами", "ией", "иям", "ием", "иях", "ев", "ов", "ие", "ье", "еи", "ии", "ей", "ой",
         "ий", "ям", "ем", "ам", "ом", "ах", "ях", "ию", "ью", "ия", "ья", "а", "е", "и", "й", "о", "у",
         "ы", "ь", "ю", "я")
_SUPERLATIVE = ("ейше", "ейш")
_DERIVATIONAL = ("ость", "ост")


def _by_length(endings: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(endings, key=len, reverse=True))


_ADJECTIVE = _by_length(_ADJECTIVE)
_VERB_1 = _by_length(_VERB_1)
_VERB_2 = _by_length(_VERB_2)
_NOUN = _by_length(_NOUN)


def _regions(word: str) -> tuple[int, int]:
    """RV: after the first vowel; R2: R1 of R1 (R1: after the first non-vowel following a vowel)."""
    rv = len(word)
    for i, ch in enumerate(word):
        if ch in _RU_VOWELS:
            rv = i + 1
            break

    def r1_from(start: int) -> int:
        for i in range(start + 1, len(word)):
            if word[i] not in _RU_VOWELS and word[i - 1] in _RU_VOWELS:
                return i + 1
        return len(word)

    r1 = r1_from(0)
    r2 = r1_from(r1)
    return rv, r2


def _strip(rv: str, endings: tuple[str, ...], preceded: str | None = None) -> str | None:
    for ending in endings:
        if rv.endswith(ending):
            stem = rv[: -len(ending)]
            if preceded is None:
                return stem
            if stem and stem[-1] in preceded:
                return stem
    return None


def _strip_group(rv: str, with_a: tuple[str, ...], plain: tuple[str, ...]) -> str | None:
    """Snowball's two classes of an ending: the first only after "а" / "я" (which stay)."""
    candidates = []
    for ending in with_a:
        if rv.endswith(ending) and len(rv) > len(ending) and rv[-len(ending) - 1] in "ая":
            candidates.append(ending)
    for ending in plain:
        if rv.endswith(ending):
            candidates.append(ending)
    if not candidates:
        return None
    longest = max(candidates, key=len)
    return rv[: -len(longest)]


def stem_ru(word: str) -> str:
    word = word.lower().replace("ё", "е")
    if len(word) <= 3:
        return word
    rv_start, r2_start = _regions(word)
    head, rv = word[:rv_start], word[rv_start:]
    # Step 1.
    stripped = _strip_group(rv, _PERFECTIVE_GERUND_1, _PERFECTIVE_GERUND_2)
    if stripped is not None:
        rv = stripped
    else:
        reflexive = _strip(rv, _REFLEXIVE)
        if reflexive is not None:
            rv = reflexive
        adjective = _strip(rv, _ADJECTIVE)
        if adjective is not None:
            participle = _strip_group(adjective, _PARTICIPLE_1, _PARTICIPLE_2)
            rv = participle if participle is not None else adjective
        else:
            verb = _strip_group(rv, _VERB_1, _VERB_2)
            if verb is not None:
                rv = verb
            else:
                noun = _strip(rv, _NOUN)
                if noun is not None:
                    rv = noun
    # Step 2.
    if rv.endswith("и"):
        rv = rv[:-1]
    # Step 3: derivational endings, only inside R2.
    r2_in_rv = max(0, r2_start - rv_start)
    for ending in _DERIVATIONAL:
        if rv.endswith(ending) and len(rv) - len(ending) >= r2_in_rv:
            rv = rv[: -len(ending)]
            break
    # Step 4.
    if rv.endswith("нн"):
        rv = rv[:-1]
    else:
        superlative = _strip(rv, _SUPERLATIVE)
        if superlative is not None:
            rv = superlative
            if rv.endswith("нн"):
                rv = rv[:-1]
        elif rv.endswith("ь"):
            rv = rv[:-1]
    return head + rv


# ----------------------------------------------------------------------------- English
_EN_SUFFIXES = ("ational", "ization", "fulness", "iveness", "ousness", "ations", "ation", "ments", "ment",
                "nesses", "ness", "ings", "ing", "edly", "ies", "ied", "ers", "er", "ed", "ly", "es", "s")
_EN_VOWEL = re.compile(r"[aeiouy]")


def stem_en(word: str) -> str:
    word = word.lower()
    if len(word) <= 3:
        return word
    stem = word
    for suffix in _EN_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            candidate = word[: -len(suffix)]
            if not _EN_VOWEL.search(candidate):
                continue
            if suffix in ("ies", "ied"):
                candidate += "y"
            elif suffix == "s" and candidate.endswith(("s", "u")):
                break                            # "class", "bus": no plural to strip
            elif suffix == "es" and not candidate.endswith(("ch", "sh", "x", "z", "ss")):
                candidate = word[:-1]            # "rules" -> "rule", "boxes" -> "box"
            if len(candidate) >= 4 and candidate[-1] == candidate[-2] and candidate[-1] not in "lsz":
                candidate = candidate[:-1]       # "running" -> "run"
            stem = candidate
            break
    # A final silent "e" goes, so "rule", "rules", "ruled" and "ruling" meet.
    if stem.endswith("e") and len(stem) > 3:
        stem = stem[:-1]
    return stem


_WORD = re.compile(r"[0-9A-Za-z\u00C0-\u024F\u0400-\u04FF]+(?:-[0-9A-Za-z\u0400-\u04FF]+)*")
_CYRILLIC = re.compile(r"[\u0400-\u04FF]")


def words(text: str) -> list[str]:
    out = []
    for token in _WORD.findall(text or ""):
        out.extend(part for part in token.split("-") if part)
    return out


def stem(word: str) -> str:
    return stem_ru(word) if _CYRILLIC.search(word) else stem_en(word)


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
