"""A tournament's standings and a table's score sheet as CSV and XLSX: the rows their public pages
show, numbers kept as numbers, names typed as formulas kept as text, headers in both languages."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from club.models import Member
from games.tournaments import selectors

from .conftest import make_tournament, play_stage

pytestmark = pytest.mark.django_db


def _rows(response, fmt: str) -> list[list]:
    assert response.status_code == 200
    if fmt == "csv":
        assert response["Content-Type"] == "text/csv; charset=utf-8"
        return [list(r) for r in csv.reader(io.StringIO(response.content.decode()))]
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    return [["" if c.value is None else c.value for c in row] for row in sheet.iter_rows()]


def _as(fmt: str, values: list) -> list:
    return ["" if v is None else v if fmt == "xlsx" else str(v) for v in values]


def _safe(name: str) -> str:
    return "'" + name if name[:1] in "=+-@" else name


@pytest.fixture
def played(croupier):
    tournament = make_tournament(croupier, 8, seed="exports")
    # a member who typed his name as a formula
    first = tournament.entries.order_by("pk").first()
    Member.objects.filter(pk=first.member_id).update(display_name="-2+3 Bob")
    play_stage(croupier, tournament.stages.get())
    return tournament


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_the_standings_as_the_page_shows_them(client, played, fmt):
    rows = _rows(client.get(reverse("tournaments:standings_export", args=[played.slug]), {"format": fmt}), fmt)
    view = selectors.standings(played)
    assert rows[0] == ["Rank", "Player", "Points", *[str(m.name) for m in view.columns], "Rounds", "Bye points",
                       "Withdrawn"]
    expected = [_as(fmt, [s.rank, _safe(s.entry.member.display_name), s.points, *s.metric_values, s.rounds,
                          s.metrics.get("bye_points", 0), "yes" if s.entry.withdrawn else ""]) for s in view.rows]
    assert rows[1:] == expected and len(expected) == 8
    assert "'-2+3 Bob" in [r[1] for r in rows]
    if fmt == "xlsx":
        assert all(isinstance(r[0], int) and isinstance(r[2], int) for r in rows[1:])
    page = client.get(reverse("tournaments:standings", args=[played.slug])).content.decode()
    assert f'href="/tournaments/{played.slug}/standings/export/?format=xlsx"' in page
    for s in view.rows:
        assert s.entry.member.display_name in page


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_the_score_sheet_as_the_page_shows_it(client, played, fmt):
    table = played.stages.get().tables.order_by("number").first()
    response = client.get(reverse("tournaments:sheet_export", args=[table.pk]), {"format": fmt})
    rows = _rows(response, fmt)
    sheet = selectors.score_sheet(selectors.table_for_sheet(table.pk))
    names = [seat.entry.member.display_name for seat in sheet["seats"]]
    assert rows[0][:4] == ["Round", "Cards each", "Kind", "Dealer"] and len(rows[0]) == 4 + 4 * len(names)
    assert rows[0][4:8] == [_safe(f"{names[0]}: {w}") for w in ("bid", "tricks", "score", "total")]
    expected = []
    for row in sheet["rows"]:
        line = [row.number, row.cards_each, str(row.kind_name), _safe(names[row.dealer])]
        for cell in row.cells:
            line += [cell.get("bid"), cell.get("taken"), cell.get("score"), cell.get("total")]
        expected.append(_as(fmt, line))
    assert rows[1:] == expected and len(expected) == 30
    # the last row's running totals are the sheet's totals
    assert [rows[30][7 + 4 * i] for i in range(4)] == _as(fmt, sheet["totals"])
    assert response["Content-Disposition"].endswith(f'stage-1-table-{table.number}.{fmt}"')
    page = client.get(reverse("tournaments:sheet", args=[table.pk])).content.decode()
    assert f'href="/tournaments/tables/{table.pk}/export/?format=csv"' in page


def test_the_headers_in_russian(played):
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    rows = _rows(client.get(reverse("tournaments:standings_export", args=[played.slug]), {"format": "xlsx"}), "xlsx")
    assert rows[0][:3] == ["Место", "Игрок", "Очки"]
    table = played.stages.get().tables.order_by("number").first()
    rows = _rows(client.get(reverse("tournaments:sheet_export", args=[table.pk]), {"format": "csv"}), "csv")
    assert rows[0][:4] == ["Кон", "Карт на руках", "Вид", "Сдающий"] and rows[0][5].endswith(": взятки")


def test_no_such_tournament_or_table(client, played):
    assert client.get(reverse("tournaments:standings_export", args=["nope"])).status_code == 404
    assert client.get(reverse("tournaments:sheet_export", args=[999999])).status_code == 404
    assert client.post(reverse("tournaments:standings_export", args=[played.slug])).status_code == 405
