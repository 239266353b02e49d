"""A number filled into a Russian message agrees with the noun after it only for some numbers
("1 фишек", "2 игроков" are wrong): outside a plural message (``ngettext``), the Russian puts the
count where one form fits every number, after a colon or a dash ("фишек в банке: 21")."""

import re
from pathlib import Path

PO = Path(__file__).resolve().parents[2] / "locale" / "ru" / "LC_MESSAGES" / "django.po"
# The counted nouns the site's messages use, in the genitive plural a number before them takes.
COUNTED = ("фишек", "игроков", "партий", "сдач", "очков", "дней", "часов", "минут", "членов", "карт",
           "встреч", "турниров", "мест", "кругов", "ответов", "знаков", "раундов", "столов", "вечеров")
NUMBER_BEFORE_NOUN = re.compile(r"%\(\w+\)[+]?[sd] (" + "|".join(COUNTED) + r")\b")


def _singular_messages():
    for entry in PO.read_text(encoding="utf-8").split("\n\n"):
        if "msgid_plural" in entry:
            continue
        found = re.search(r'^msgstr "(.*)"', entry, flags=re.MULTILINE)
        if found:
            yield found.group(1)


def test_no_russian_message_puts_a_filled_number_before_a_counted_noun():
    wrong = [text for text in _singular_messages() if NUMBER_BEFORE_NOUN.search(text)]
    assert wrong == []


def test_the_check_finds_the_defect_it_is_for():
    assert NUMBER_BEFORE_NOUN.search("ваш итог %(net)+d фишек.")
    assert not NUMBER_BEFORE_NOUN.search("ваш итог в фишках: %(net)+d.")
