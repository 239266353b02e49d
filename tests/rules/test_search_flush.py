"""A flush (as a transactional test's teardown or ``manage.py flush`` does) leaves SQLite's FTS5
index holding only documents that exist."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection

from rules import search
from rules.models import RulebookEntry, SearchDocument


def _fts_rows() -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {search.FTS_TABLE}")
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "sqlite", reason="the FTS5 index is SQLite's")
def test_a_flush_leaves_no_orphan_rows_in_the_index():
    entry = RulebookEntry.objects.create(key="B99", kind="base_rule", number=99, title="A test rule",
                                     text_ru="Дикая карта", summary_en="A wild card")
    search.index_entries([entry])
    assert _fts_rows() == SearchDocument.objects.count() > 0
    call_command("flush", interactive=False, verbosity=0)
    assert SearchDocument.objects.count() == 0
    assert _fts_rows() == 0
