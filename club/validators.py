"""Bounds on what a request may carry: dates within years the club can mean, integers that fit the
database, and text without control characters.

Each bound is one function used by serializers, forms, query-parameter parsing and the request
middleware alike, so a form and the API refuse the same value with the same words.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from .errors import InvalidInput

# A year outside these is a typo (0038 for 2038) or a probe; far dates also overflow the time
# zone arithmetic and some database columns.
MIN_YEAR = 1900
MAX_YEAR = 2200

# The largest integer every backend stores in an ordinary integer column.
INT32_MAX = 2**31 - 1
INT32_MIN = -(2**31)
# Keyword arguments for an integer field whose domain the service or engine checks (and names in
# its message): the field only keeps the number storable.
INT32_BOUNDS = {"min_value": INT32_MIN, "max_value": INT32_MAX}

# How much of a refused value a message echoes.
ECHO_LIMIT = 40

# C0 and C1 control characters except tab, LF and CR; DEL; and lone surrogates (no encoding can
# store them). NUL in particular cannot be stored or compared by PostgreSQL.
CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def shown(value: Any) -> str:
    """A refused value as a message may echo it: at most ECHO_LIMIT characters, control
    characters written as escapes so the message itself stays clean."""
    text = str(value)
    cut = text[:ECHO_LIMIT]
    cut = CONTROL_CHARACTERS.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                                 else f"\\u{ord(m.group()):04x}", cut)
    return cut + ("…" if len(text) > ECHO_LIMIT else "")


def has_control_characters(text: str) -> bool:
    return CONTROL_CHARACTERS.search(text) is not None


def sane_date_range(value: dt.date | dt.datetime | None) -> None:
    """Refuse a date or moment outside the years MIN_YEAR..MAX_YEAR (a validator for serializer
    and form fields: both turn Django's ValidationError into a 400 next to the field)."""
    if value is None:
        return
    if not MIN_YEAR <= value.year <= MAX_YEAR:
        # Only the date: outside these years the time's offset is meaningless (an old local mean time).
        day = f"{value.year:04d}-{value.month:02d}-{value.day:02d}"
        raise ValidationError(
            _("The date %(value)s is outside the years the club keeps (%(first)s to %(last)s).")
            % {"value": day, "first": MIN_YEAR, "last": MAX_YEAR},
            code="date_out_of_range", params={"value": day})


# The name the club's forms use.
validate_club_date = sane_date_range


def query_date(params, name: str) -> dt.date | None:
    """The date in query parameter ``name`` (YYYY-MM-DD), None when absent; a 400 naming the
    parameter and value when it is not a date or outside the sane years."""
    value = params.get(name)
    if not value:
        return None
    try:
        day = dt.date.fromisoformat(value)
        sane_date_range(day)
    except ValueError:
        raise InvalidInput(_("%(field)s: %(value)s is not a date (YYYY-MM-DD).")
                           % {"field": name, "value": repr(shown(value))},
                           extra={"field": name, "value": shown(value)}) from None
    except ValidationError as error:
        raise InvalidInput(f"{name}: {error.messages[0]}", extra={"field": name, "value": shown(value)}) from None
    return day


_ASCII_INTEGER = re.compile(r"-?[0-9]{1,12}")


def query_int(params, name: str, *, min_value: int, max_value: int) -> int | None:
    """The integer in query parameter ``name``, None when absent; a 400 naming the parameter and
    value when it is not a plain decimal number within min_value..max_value. Only ASCII digits:
    ``str.isdigit`` also accepts "²", which ``int`` refuses."""
    value = params.get(name)
    if value is None or value == "":
        return None
    text = str(value).strip()
    number = int(text) if _ASCII_INTEGER.fullmatch(text) else None
    if number is None or not min_value <= number <= max_value:
        raise InvalidInput(_("%(field)s: %(value)s is not a whole number from %(min)s to %(max)s.")
                           % {"field": name, "value": repr(shown(value)), "min": min_value, "max": max_value},
                           extra={"field": name, "value": shown(value)})
    return number
