"""The trick game's seats as a person reads them, and the tournament's refusals that name them.

The engine and the rows number the four seats 0-3 clockwise from North; a person reads the
seat's name (``club.seats.Seat``: North, East ... / Север, Восток ...). A refusal raised by a
service is kept lazy, so it is put into words in the language of whoever reads it (a page, an
API answer, a message shown after a redirect), not in the one active where it was raised.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext as _

from club.seats import Seat

from .models import SEAT_LABELS


def seat_name(position: int) -> str:
    """The seat at ``position`` (0-3) by its name, lazily in the reader's language."""
    return Seat(SEAT_LABELS[position]).label


def _words(message: Any, params: Mapping[str, Any]) -> str:
    return str(message) % {key: str(value) for key, value in params.items()}


# A lazy message: both the sentence and the seat names in it wait for the reader's language.
words = lazy(_words, str)


# A stored problem of a round's card play, as the engine wrote it (``tricks.Problem``):
# "round 3, trick 2, seat 1: <what>".
_PROBLEM = re.compile(r"round (?:\d+|\?)(?:, trick (?P<trick>\d+))?(?:, seat (?P<seat>[0-3]))?: (?P<what>.*)", re.S)


def problem_words(problem: str) -> str:
    """Where a problem of the card play is (the trick, the seat by its name) and what it is; the
    round is the page's own."""
    found = _PROBLEM.fullmatch(str(problem))
    if not found:
        return str(problem)
    trick, seat, what = found.group("trick"), found.group("seat"), found.group("what")
    if trick and seat:
        return _("Trick %(trick)s, %(seat)s: %(what)s") % {"trick": trick, "seat": seat_name(int(seat)), "what": what}
    if trick:
        return _("Trick %(trick)s: %(what)s") % {"trick": trick, "what": what}
    if seat:
        return _("%(seat)s: %(what)s") % {"seat": seat_name(int(seat)), "what": what}
    return what
