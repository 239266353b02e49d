"""The interpretation points and the founding precedents as a member reads them, in his language.

The engines declare each point in English (its question and what each reading means;
:mod:`rules.points_en` words it where the engine names other points or readings by code). The
Russian is the gettext catalogue's (``locale/ru/LC_MESSAGES/django.po``), looked up with that
English as the msgid and a context naming the point, ``pgettext("point IP-B1-WHEN", question)``,
or the point and the reading, ``pgettext("point IP-B1-WHEN reading after_modifiers", meaning)``:
two points with the same English are translated apart, and an engine whose English changes finds
no Russian (it reads English) instead of a Russian that says something else. The Russian is read
under ``translation.override("ru")`` whatever the member's language, since the search index and
the founding precedents keep both.

A new point gets its Russian so: ``make messages`` (the project's ``makemessages``,
``rules/management/commands/makemessages.py``, adds the points' English, which xgettext cannot
see in the source) gives it empty entries under ``#: rules/point_words.py``; translate them and
compile. Until then tests/rules/test_points_russian.py names the entries that are missing.

A founding precedent's texts (title, situation, question, ruling) are made from its point in both
languages by :func:`founding_texts`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from .points_en import POINTS as ENGLISH
from .titles import is_russian, title_in


def question_context(point_id: str) -> str:
    """The catalogue's context of the point's question."""
    return f"point {point_id}"


def reading_context(point_id: str, reading: str) -> str:
    """The catalogue's context of what a reading of the point means."""
    return f"point {point_id} reading {reading}"


def english_question(point_id: str, engine_question: str) -> str:
    """The point's question in English as the site shows it (and the catalogue's msgid)."""
    return ENGLISH.get(point_id, {}).get("question") or engine_question


def english_readings(point_id: str, engine_help: Mapping[str, str] | None) -> dict[str, str]:
    """What each reading means in English as the site shows it (and the catalogue's msgids)."""
    words = ENGLISH.get(point_id, {})
    return {reading: words.get(reading, meaning) for reading, meaning in (engine_help or {}).items()}


def catalogue_messages(points: Mapping[str, Mapping]) -> list[tuple[str, str]]:
    """(context, English) of every text of ``points`` (point id -> the engine's ``question``,
    ``readings`` and ``readings_help``, as :func:`rules.rulebook.expected_points` gives them), in
    point id order: the entries the catalogue holds for them. A reading the engine does not
    explain has no entry."""
    messages = []
    for point_id in sorted(points):
        values = points[point_id]
        messages.append((question_context(point_id), english_question(point_id, values["question"])))
        helps = english_readings(point_id, values["readings_help"])
        messages += [(reading_context(point_id, r), helps[r]) for r in values["readings"] if helps.get(r)]
    return messages


def russian_texts(messages: Iterable[tuple[str, str]]) -> list[str]:
    """The catalogue's Russian of each (context, English); "" where it has none (or only the
    English)."""
    messages = list(messages)
    # The catalogue is loaded once per process; one switch of language for all the texts.
    with translation.override("ru"):
        found = [pgettext(context, english) if english else "" for context, english in messages]
    return [russian if russian != english else "" for russian, (context, english) in zip(found, messages, strict=True)]


def question_ru(point) -> str:
    """The point's question in Russian; "" when the catalogue has none."""
    english = english_question(point.point_id, point.question)
    return russian_texts([(question_context(point.point_id), english)])[0]


def _readings_ru(point_id: str, english: Mapping[str, str]) -> dict[str, str]:
    readings = list(english)
    found = russian_texts((reading_context(point_id, r), english[r]) for r in readings)
    return {reading: russian for reading, russian in zip(readings, found, strict=True) if russian}


def readings_help_ru(point) -> dict[str, str]:
    """What each reading of the point means in Russian, for the readings the catalogue has."""
    return _readings_ru(point.point_id, english_readings(point.point_id, point.readings_help))


def question(point, language: str | None = None) -> str:
    """The point's question in ``language`` (the active one when not given); English where the
    Russian is missing."""
    english = english_question(point.point_id, point.question)
    if is_russian(language):
        return question_ru(point) or english
    return english


def readings_help(point, language: str | None = None) -> dict[str, str]:
    """What each reading of the point means, in ``language``."""
    english = english_readings(point.point_id, point.readings_help)
    if is_russian(language):
        return {**english, **_readings_ru(point.point_id, english)}
    return english


def _subject(point, language: str | None) -> str:
    """What the point is about in words: its rule's title, or its game's name."""
    keys = sorted(e.key for e in point.rules.all()) if hasattr(point, "rules") and point.pk else []
    for key in keys:
        found = title_in(key, language)
        if found:
            return found
    return title_in(point.game, language) or title_in("B12", language)


def subject(point, language: str | None = None) -> str:
    """What the point is about, in words of ``language`` (the active one when not given)."""
    return _subject(point, language)


def founding_texts(point, language: str) -> dict[str, str]:
    """A founding precedent's title, situation, question and ruling for ``point`` in ``language``:
    words only (the point's id and its readings' codes stay in the fixes beside it)."""
    helps = readings_help(point, language)
    meanings = [helps.get(r, "") for r in point.readings]
    default = helps.get(point.default, "")
    subject = _subject(point, language)
    if is_russian(language):
        return {
            "title": f"Прочтение клуба: {subject}"[:200],
            "situation": "Текст правила допускает больше одного прочтения: " + "; ".join(m for m in meanings if m) + ".",
            "question": question(point, language),
            "ruling": f"Клуб читает правило так: {default}." if default else "Клуб читает правило по умолчанию.",
        }
    return {
        "title": f"The club's reading: {subject}"[:200],
        "situation": "The rule text admits more than one reading: " + "; ".join(m for m in meanings if m) + ".",
        "question": point.question,
        "ruling": f"The club reads the rule so: {default}." if default else "The club reads the rule by its default.",
    }


# --------------------------------------------------------------------------------------- words
_POINT_ID = r"IP-[A-Z0-9][A-Z0-9-]*[A-Z0-9]"
_RULE_CODE = r"\b[BMTDH]\d{1,3}\b"
_SNAKE = r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"
_CODES = re.compile(f"(?:{_POINT_ID}|{_RULE_CODE}|{_SNAKE})")
# A run of the seeds' Russian, quoted or not, inside an English text.
_CYRILLIC_RUN = re.compile(r"[«'\"]?[А-Яа-яЁё][А-Яа-яЁё0-9 ,.\-–()]*[А-Яа-яЁё)]?[»'\"]?")
_HASH_NUMBER = re.compile(r"(?<![&\w])#(\d+)\b")


def marked(text: str, language: str | None = None) -> SafeString:
    """``text`` (a point's question or a reading's meaning, a founding precedent's text) escaped,
    with the codes it names (point ids, rule codes, reading names) marked as code, a hand number
    written as a number, and on a page not in Russian the seed's Russian marked as Russian."""
    text = _HASH_NUMBER.sub(lambda m: ("№" if is_russian(language) else "no. ") + m.group(1), str(text or ""))
    russian = is_russian(language)
    out, last = [], 0
    pieces = [(m.start(), m.end(), "code") for m in _CODES.finditer(text)]
    if not russian:
        pieces += [(m.start(), m.end(), "ru") for m in _CYRILLIC_RUN.finditer(text) if m.group().strip()]
    pieces.sort()
    for start, end, kind in pieces:
        if start < last:
            continue
        out.append(escape(text[last:start]))
        chunk = escape(text[start:end])
        out.append(f'<code translate="no">{chunk}</code>' if kind == "code" else f'<span lang="ru">{chunk}</span>')
        last = end
    out.append(escape(text[last:]))
    return mark_safe("".join(out))


def help_rows(point, readings_in_force: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """(reading, meaning in the active language) for each reading of the point, default first."""
    helps = readings_help(point)
    return [(reading, helps.get(reading, "")) for reading in point.readings]


GAMES = {"dragon": _("Dragon Poker"), "casino": _("Dragon Poker, the casino variant"), "dice": _("Dice poker"),
         "tricks": _("The 30-round trick game"), "draker": _("Draker combinations")}


def game_words(game: str) -> str:
    """A point's game by its name."""
    return str(GAMES.get(game, game))
