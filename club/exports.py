"""Downloads of the club's tables (results, chip statements, the ledger, standings, score sheets)
as CSV or XLSX: one place that turns headers and rows into the file a spreadsheet opens.

Numbers stay numbers and times stay times (in the club's time zone), so a spreadsheet can sum
and sort them; text that a spreadsheet would take for a formula (it begins with ``=``, ``+``,
``-``, ``@`` or a tab or carriage return) is written with a leading apostrophe, as OWASP advises
for CSV injection: names, notes and titles are typed by members.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import quote

import tablib
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.text import slugify

FORMATS = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(text: str) -> str:
    """Text a spreadsheet would run as a formula, made plain text."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _cell(value: Any, fmt: str) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, dt.datetime):
        local = timezone.localtime(value) if timezone.is_aware(value) else value
        # XLSX keeps no time zone: the club's local time, as the pages show it.
        return local.replace(tzinfo=None, microsecond=0) if fmt == "xlsx" else local.isoformat(timespec="seconds")
    if isinstance(value, dt.date):
        return value if fmt == "xlsx" else value.isoformat()
    return neutralise(str(value))


def requested_format(request: HttpRequest, default: str = "csv") -> str:
    """``?format=csv|xlsx``; anything else falls back to ``default``."""
    fmt = request.GET.get("format", default)
    return fmt if fmt in FORMATS else default


def dataset(headers: Sequence[Any], rows: Iterable[Sequence[Any]], *, fmt: str, title: str = "") -> tablib.Dataset:
    data = tablib.Dataset(headers=[neutralise(str(h)) for h in headers],
                          title=(slugify(title) or "export")[:31])
    for row in rows:
        data.append([_cell(v, fmt) for v in row])
    return data


def file_name(name: str, fmt: str) -> str:
    """The object's name made safe for a file name (letters of any alphabet kept)."""
    return f"{slugify(name, allow_unicode=True) or 'export'}.{fmt}"


def response(headers: Sequence[Any], rows: Iterable[Sequence[Any]], *, name: str, fmt: str) -> HttpResponse:
    """The download: headers (already translated) and rows as CSV or XLSX, named after ``name``."""
    if fmt not in FORMATS:
        fmt = "csv"
    data = dataset(headers, rows, fmt=fmt, title=name)
    body = data.export("xlsx") if fmt == "xlsx" else data.export("csv")
    answer = HttpResponse(body, content_type=FORMATS[fmt])
    filename = file_name(name, fmt)
    ascii_name = file_name(slugify(name), fmt)
    if filename == ascii_name:
        answer["Content-Disposition"] = f'attachment; filename="{filename}"'
    else:
        answer["Content-Disposition"] = (f"attachment; filename=\"{ascii_name}\"; "
                                         f"filename*=UTF-8''{quote(filename)}")
    return answer
