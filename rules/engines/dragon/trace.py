"""The trace of a judged deal: every base rule, table row, modifier and reading that changed
something, in the order it acted, with the cards it touched (before -> after).

A member who asks "why did I lose?" reads it, in Russian or English (:func:`render`); the site
stores it as JSON (:meth:`TraceEntry.as_dict`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import Card

__all__ = ["TraceEntry", "render", "render_entry"]


@dataclass(frozen=True, slots=True)
class TraceEntry:
    source: str                 # "B1".."B25", "M1".."M100", "T1".."T3", "H1".."H64", "IP-..."
    change: str                 # "wild", "home", "free", "dead", "revived", "rank", "suit", ...
    cards: tuple[Card, ...]
    before: object = None
    after: object = None
    player: str | None = None
    text: str = ""

    def as_dict(self) -> dict:
        return {"source": self.source, "cards": [str(c) for c in self.cards], "change": self.change,
                "before": _plain(self.before), "after": _plain(self.after), "player": self.player,
                "text": self.text}


def _plain(value: object) -> object:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return str(value)


_RU_WORDS = {
    "natural": "естественная", "home": "домашняя", "free": "свободная", "wild": "дикая",
    "dead": "убитая", "revived": "оживает", "rank": "номинал", "suit": "масть",
    "incrementing": "инкрементирующая", "decrementing": "декрементирующая", "frozen": "заморожена",
    "refused": "не применяется", "pattern": "порядок сдачи", "cards order": "порядок карт",
    "suits order": "порядок мастей", "weakest wins": "выигрывает слабейший расклад",
    "naturalness reversed": "менее естественный расклад бьёт более естественный",
    "cancelled": "отменён", "claim": "заявка", "inverted": "инвертированный",
    "fired": "действует", "void": "недействителен", "reading": "трактовка", "month": "месяц",
    "clock": "время", "clock_shifts": "часы игроков", "date": "дата", "table3_month": "месяц таблицы 3",
    "seats": "стороны света", "winner": "победитель",
    "not recorded": "предыдущая сдача сыграна без записи карт",
    # the codes of refused claims (judge.Refusal)
    "once_per_game": "право уже использовано в этой игре", "no_right": "правило не даёт права в этой сдаче",
    "not_held": "у игрока нет этой карты", "not_played": "модификатор не играется по этим правилам",
    "not_allowed": "правило не допускает заявку",
}


def _ru(word: object) -> str:
    text = str(word)
    if text in _RU_WORDS:
        return _RU_WORDS[text]
    if text.startswith("not "):
        return "не " + _ru(text[4:])
    if text.startswith("revived "):
        return "оживает, " + _ru(text[8:])
    return text


_DATETIME = re.compile(r"(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d)(:\d\d(\.\d+)?)?([+-]\d\d:\d\d|Z)?")


def _shown(value: object, words=str) -> str:
    """A before / after value as a person reads it (``words`` translates it): nothing as a dash, a
    moment to the minute."""
    if value is None:
        return "—"
    text = words(value)
    moment = _DATETIME.fullmatch(text)
    return f"{moment.group(1)} {moment.group(2)}" if moment else text


def render_entry(entry: TraceEntry, lang: str = "en") -> str:
    """One line: ``M7: 7c (p2) natural -> dead`` or its Russian form."""
    cards = " ".join(c.text(lang) for c in entry.cards)
    who = f" ({entry.player})" if entry.player else ""
    if lang == "ru":
        change = _ru(entry.change)
        if entry.change.endswith("order"):
            orders = {"natural": "естественный", "inverted": "инвертированный"}
            entry = TraceEntry(entry.source, entry.change, entry.cards, orders.get(str(entry.before), entry.before),
                               orders.get(str(entry.after), entry.after), entry.player, entry.text)
        moved = ""
        if entry.before is not None or entry.after is not None:
            moved = f": {_shown(entry.before, _ru)} -> {_shown(entry.after, _ru)}"
        line = f"{entry.source}: {cards}{who} {change}{moved}".replace("  ", " ")
    else:
        moved = ""
        if entry.before is not None or entry.after is not None:
            moved = f": {_shown(entry.before)} -> {_shown(entry.after)}"
        line = f"{entry.source}: {cards}{who} {entry.change}{moved}".replace("  ", " ")
    if entry.text and lang == "en":
        line += f" ({entry.text})"
    return line


def render(entries: Iterable[TraceEntry], lang: str = "en") -> str:
    """The whole trace, one line per entry."""
    return "\n".join(render_entry(e, lang) for e in entries)
