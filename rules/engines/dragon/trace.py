"""The trace of a judged deal: every base rule, table row, modifier and reading that changed
something, in the order it acted, with the cards it touched (before -> after).

The engine records codes and values; the site stores them as JSON (:meth:`TraceEntry.as_dict`)
and its presenters tell them in the member's words. :func:`render` is a plain line per entry
for logs and tests.
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


_DATETIME = re.compile(r"(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d)(:\d\d(\.\d+)?)?([+-]\d\d:\d\d|Z)?")


def _shown(value: object) -> str:
    """A before / after value: nothing as a dash, a moment to the minute."""
    if value is None:
        return "—"
    text = str(value)
    moment = _DATETIME.fullmatch(text)
    return f"{moment.group(1)} {moment.group(2)}" if moment else text


def render_entry(entry: TraceEntry, lang: str = "en") -> str:
    """One line of codes and values, for logs and tests: ``M7: 7c (p2) dead: natural -> dead``.
    ``lang`` names the cards in that notation; the words a member reads are the site's presenters'."""
    cards = " ".join(c.text(lang) for c in entry.cards)
    who = f" ({entry.player})" if entry.player else ""
    moved = ""
    if entry.before is not None or entry.after is not None:
        moved = f": {_shown(entry.before)} -> {_shown(entry.after)}"
    line = f"{entry.source}: {cards}{who} {entry.change}{moved}".replace("  ", " ")
    if entry.text:
        line += f" ({entry.text})"
    return line


def render(entries: Iterable[TraceEntry], lang: str = "en") -> str:
    """The whole trace, one line per entry."""
    return "\n".join(render_entry(e, lang) for e in entries)
