"""The interpretation points and the founding precedents as a member reads them, in his language.

The engines declare each point in English (its question and what each reading means); the
Russian of every point is kept here, beside the site, in :mod:`rules.points_ru`, so the engines'
API stays as it is. A founding precedent's texts (title, situation, question, ruling) are made
from its point in both languages by :func:`founding_texts`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from .points_en import POINTS as ENGLISH
from .points_ru import POINTS
from .titles import is_russian, title_in


def question_ru(point_id: str) -> str:
    found = POINTS.get(point_id)
    return found[0] if found else ""


def readings_help_ru(point_id: str) -> dict[str, str]:
    found = POINTS.get(point_id)
    return dict(found[1]) if found else {}


def _english(point) -> dict[str, str]:
    """The point's English words where the engine's name other points or readings by code."""
    return ENGLISH.get(point.point_id, {})


def question(point, language: str | None = None) -> str:
    """The point's question in ``language`` (the active one when not given); English where the
    Russian is missing."""
    english = _english(point).get("question") or point.question
    if is_russian(language):
        return question_ru(point.point_id) or english
    return english


def readings_help(point, language: str | None = None) -> dict[str, str]:
    """What each reading of the point means, in ``language``."""
    words = _english(point)
    english = {reading: words.get(reading, meaning) for reading, meaning in (point.readings_help or {}).items()}
    if is_russian(language):
        return {**english, **readings_help_ru(point.point_id)}
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
