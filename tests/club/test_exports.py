"""The one place that turns headers and rows into a CSV or XLSX download: numbers stay numbers,
times stay times in the club's zone, member-typed text never runs as a formula, and the file is
named after its object."""

from __future__ import annotations

import csv
import datetime as dt
import io
from urllib.parse import unquote

import openpyxl
import pytest
from django.test import RequestFactory
from django.utils import timezone

from club import exports

MOMENT = dt.datetime(2026, 11, 30, 18, 45, 7, tzinfo=dt.UTC)  # 21:45:07 in Moscow


def _csv(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode())))


def _xlsx(response) -> list[tuple]:
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    return [tuple(c.value for c in row) for row in sheet.iter_rows()]


@pytest.mark.parametrize("text", ["=HYPERLINK(\"http://evil\",\"x\")", "+1+1", "-2+3", "@SUM(A1)", "\tx"])
def test_text_a_spreadsheet_would_run_is_written_as_text(text):
    response = exports.response(["Name"], [[text]], name="t", fmt="csv")
    assert _csv(response)[1] == ["'" + text]
    response = exports.response(["Name"], [[text]], name="t", fmt="xlsx")
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    assert sheet["A2"].value == "'" + text and sheet["A2"].data_type == "s"


def test_headers_are_neutralised_too_and_plain_text_is_left_alone():
    response = exports.response(["=cmd", "Skeeve"], [["a-b", "Tom = Jerry"]], name="t", fmt="xlsx")
    assert _xlsx(response) == [("'=cmd", "Skeeve"), ("a-b", "Tom = Jerry")]


def test_numbers_stay_numbers_and_times_stay_times():
    rows = [[-3, 12, 2.5, MOMENT, dt.date(2026, 12, 1), None]]
    response = exports.response(["a", "b", "c", "d", "e", "f"], rows, name="t", fmt="xlsx")
    (_header, row) = _xlsx(response)
    assert row[:3] == (-3, 12, 2.5) and isinstance(row[0], int)
    # the club's local time, without a zone (XLSX keeps none)
    assert row[3] == timezone.localtime(MOMENT).replace(tzinfo=None) == dt.datetime(2026, 11, 30, 21, 45, 7)
    assert row[4] in (dt.date(2026, 12, 1), dt.datetime(2026, 12, 1)) and row[5] is None
    text = _csv(exports.response(["a", "b", "c", "d", "e", "f"], rows, name="t", fmt="csv"))[1]
    # a negative number is a number, not a formula: no apostrophe
    assert text == ["-3", "12", "2.5", "2026-11-30T21:45:07+03:00", "2026-12-01", ""]


def test_content_types_and_file_names():
    csv_response = exports.response(["a"], [], name="Friday Night · game 2", fmt="csv")
    assert csv_response["Content-Type"] == "text/csv; charset=utf-8"
    assert csv_response["Content-Disposition"] == 'attachment; filename="friday-night-game-2.csv"'
    xlsx_response = exports.response(["a"], [], name="Пятничный вечер", fmt="xlsx")
    assert xlsx_response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    disposition = xlsx_response["Content-Disposition"]
    assert disposition.startswith('attachment; filename="export.xlsx"; filename*=UTF-8\'\'')
    assert unquote(disposition.split("UTF-8''")[1]) == "пятничный-вечер.xlsx"


@pytest.mark.parametrize(("query", "default", "expected"), [
    ("", "csv", "csv"), ("format=xlsx", "csv", "xlsx"), ("format=pdf", "csv", "csv"), ("", "xlsx", "xlsx"),
    ("format=XLSX", "csv", "csv")])
def test_the_format_is_asked_for_in_the_query(query, default, expected):
    assert exports.requested_format(RequestFactory().get(f"/x/?{query}"), default) == expected
