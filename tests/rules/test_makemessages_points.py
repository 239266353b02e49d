"""``makemessages`` keeps the interpretation points' Russian: xgettext cannot see their msgids
(the engines' English, looked up by context in rules/point_words.py), so the project's command
adds them to the template before msgmerge runs."""

from __future__ import annotations

import re
import shutil

import pytest
from django.core.management import call_command
from django.test import override_settings

from rules.management.commands.makemessages import po_entry
from rules.point_words import english_question
from rules.rulebook import expected_points

pytestmark = pytest.mark.skipif(not shutil.which("xgettext") or not shutil.which("msgmerge"),
                                reason="GNU gettext is not installed")

HEADER = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ru\\n"\n'
          '"Plural-Forms: nplurals=4; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && '
          '(n%100<12 || n%100>14) ? 1 : n%10==0 || (n%10>=5 && n%10<=9) || (n%100>=11 && n%100<=14)? 2 : 3);\\n"\n')


def _entry(po: str, context: str) -> str:
    """The entry of ``context`` in ``po`` (its comments and strings), "" when there is none."""
    for block in po.split("\n\n"):
        if re.search(rf'^msgctxt "{re.escape(context)}"$', block, re.MULTILINE):
            return block
    return ""


@pytest.fixture
def catalogue(tmp_path, monkeypatch):
    """A project of one source file whose Russian catalogue holds three point entries: one whose
    English is the engine's, one whose English has changed since, one of a point that went."""
    points = expected_points()
    (tmp_path / "page.py").write_text('from django.utils.translation import gettext as _\n_("A new word")\n')
    po = tmp_path / "locale" / "ru" / "LC_MESSAGES" / "django.po"
    po.parent.mkdir(parents=True)
    po.write_text("\n".join([
        HEADER,
        po_entry("point IP-R2-WILD-CARD",
                 english_question("IP-R2-WILD-CARD", points["IP-R2-WILD-CARD"]["question"]),
                 "Что становится диким по базовому правилу 2?"),
        po_entry("point IP-B1-WHEN", "When did base rule 1's suit change act?",
                 "Когда действует смена масти по базовому правилу 1?"),
        po_entry("point IP-GONE", "Is it gone?", "Его больше нет?"),
    ]), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with override_settings(LOCALE_PATHS=[str(tmp_path / "locale")]):
        call_command("makemessages", locale=["ru"], no_obsolete=True, verbosity=0)
    return po.read_text(encoding="utf-8")


def test_a_translated_point_keeps_its_russian(catalogue):
    entry = _entry(catalogue, "point IP-R2-WILD-CARD")
    assert 'msgstr "Что становится диким по базовому правилу 2?"' in entry
    assert "#: rules/point_words.py" in entry and "fuzzy" not in entry
    assert 'msgid "A new word"' in catalogue


def test_a_point_whose_english_changed_is_fuzzy_and_a_new_one_is_left_to_translate(catalogue):
    assert "#, fuzzy" in _entry(catalogue, "point IP-B1-WHEN")
    assert 'msgstr ""' in _entry(catalogue, "point IP-B7-CARD")
    assert _entry(catalogue, "point IP-B7-CARD reading real_rank")


def test_a_point_the_engines_no_longer_declare_goes(catalogue):
    assert "IP-GONE" not in catalogue
