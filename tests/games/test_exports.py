"""The games' downloads: a Game's and a session's deal results, a member's chip statement and the
club's ledger, each as CSV and XLSX with the rows its page shows, behind its page's access check,
in both languages, with member-typed text that never runs as a formula."""

from __future__ import annotations

import csv
import datetime as dt
import io

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import Member, ScheduledSession
from games import selectors, services
from tests import factories
from tests.games.conftest import full_deal

pytestmark = pytest.mark.django_db


def _rows(response, fmt: str) -> list[list]:
    assert response.status_code == 200, response.content[:200]
    if fmt == "csv":
        assert response["Content-Type"] == "text/csv; charset=utf-8"
        return [list(r) for r in csv.reader(io.StringIO(response.content.decode()))]
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    return [["" if c.value is None else c.value for c in row] for row in sheet.iter_rows()]


def _as(fmt: str, values: list) -> list:
    """What a row of values reads as in ``fmt``: CSV holds text, XLSX keeps numbers and times."""
    if fmt == "xlsx":
        return [timezone.localtime(v).replace(tzinfo=None, microsecond=0) if isinstance(v, dt.datetime) else v for v in values]
    return ["" if v is None else timezone.localtime(v).isoformat(timespec="seconds") if isinstance(v, dt.datetime)
            else str(v) for v in values]


def _client(member: Member, lang: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(member.user)
    return client


@pytest.fixture
def admin(db):
    return factories.member(Member.Role.ADMIN, display_name="Zol", password=None)


@pytest.fixture
def played(judge, game, croupier, players):
    """Deal 1 judged from the cards and confirmed; deal 2 a quick result, still a draft, whose note
    a member typed as a formula; the session's title, typed by a croupier, reads as one too."""
    ScheduledSession.objects.filter(pk=game.session_id).update(title="=HYPERLINK(\"http://x\")")
    first = full_deal(game, croupier)
    services.result_confirm(result=services.result_submit(deal=first, actor=players[0]), actor=croupier)
    second = services.deal_start(game=game, actor=croupier, quick=True)
    services.result_submit_quick(deal=second, actor=players[0], winners=[players[1]], pot=8, note="@SUM(A1:A9)")
    game.refresh_from_db()
    return game


# --- a Game's and a session's results ----------------------------------------------------------------

def _expected_results(game, fmt: str, *, with_game: bool = False) -> list[list]:
    seated = [gp.member for gp in sorted(game.players.all(), key=lambda gp: gp.seat_index)]
    rows = []
    for deal in game.deals.order_by("number"):
        for r in deal.results.order_by("version"):
            winners = ", ".join(w.display_name for w in r.winners.order_by("pk"))
            note = "'" + r.note if r.note[:1] in "=+-@" and r.note else r.note
            rows.append(_as(fmt, ([game.number] if with_game else []) + [
                deal.number, r.version, r.get_status_display(), r.get_kind_display(), winners, r.pot,
                *[r.chips.get(str(m.pk)) for m in seated], note]))
    return rows


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_a_games_results_have_every_version_with_each_players_chips(played, players, fmt):
    client = _client(players[0])
    rows = _rows(client.get(reverse("games:game_results_export", args=[played.pk]), {"format": fmt}), fmt)
    assert rows[0] == ["Deal", "Version", "Status", "Kind", "Winners", "Pot",
                       "Skeeve", "Aahz", "Chumley", "Massha", "Note"]
    assert rows[1:] == _expected_results(played, fmt) and len(rows) == 3
    # the page shows the same live results: the confirmed deal 1 and the draft of deal 2
    page = client.get(played.get_absolute_url()).content.decode()
    assert rows[1][2] == "Confirmed" and rows[2][2] == "Draft" and "Confirmed" in page and "Draft" in page
    assert rows[1][4] == "Skeeve" and rows[2][4] == "Aahz"
    # the quick result's note was typed as a formula: it stays text
    assert rows[2][-1] == "'@SUM(A1:A9)"
    if fmt == "xlsx":
        assert isinstance(rows[1][5], int) and all(isinstance(v, int) for v in rows[1][6:10])
    assert f'href="/games/{played.pk}/results/export/?format=xlsx"' in page


def test_the_results_headers_are_in_russian(played, players):
    response = _client(players[0], "ru").get(reverse("games:game_results_export", args=[played.pk]),
                                             {"format": "xlsx"})
    assert _rows(response, "xlsx")[0][:6] == ["Сдача", "Версия", "Статус", "Вид", "Победители", "Банк"]


def test_a_game_not_yours_has_no_results_to_download(played, outsider, client):
    url = reverse("games:game_results_export", args=[played.pk])
    assert _client(outsider).get(url, {"format": "xlsx"}).status_code == 404
    assert "/accounts/login/" in client.get(url)["Location"]
    assert _client(outsider).post(url).status_code == 405


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_a_sessions_results_hold_the_games_the_reader_may_see(played, croupier, players, outsider, fmt):
    url = reverse("games:session_results_export", args=[played.session_id])
    rows = _rows(_client(croupier).get(url, {"format": fmt}), fmt)
    assert rows[0][:2] == ["Game", "Deal"] and rows[1:] == _expected_results(played, fmt, with_game=True)
    assert _rows(_client(players[2]).get(url, {"format": fmt}), fmt)[1:] == rows[1:]
    # a member who sat at none of its games gets the headers and no one's chips
    assert _rows(_client(outsider).get(url, {"format": fmt}), fmt) == [rows[0][:7] + ["Note"]]
    # the file is named after the session, its formula-like title made safe
    assert _client(croupier).get(url, {"format": fmt})["Content-Disposition"] == \
        f'attachment; filename="hyperlinkhttpx.{fmt}"'


# --- a member's chip statement ----------------------------------------------------------------------

def _expected_statement(member, fmt: str) -> list[list]:
    out = []
    for row in selectors.statement(member=member):
        label = row["label"]
        out.append(_as(fmt, [row["entry"].created_at, "'" + label if label[:1] in "=+-@" else label,
                             row["entry"].get_kind_display(), row["entry"].amount, row["balance"],
                             "http://testserver" + row["url"]]))
    return out


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_the_statement_in_both_formats_is_the_pages_rows(played, players, fmt):
    client = _client(players[0])
    rows = _rows(client.get(reverse("games:statement_export"), {"format": fmt}), fmt)
    assert rows[0] == ["Date", "What", "Kind", "Chips", "Balance", "Link"]
    assert rows[1:] == _expected_statement(players[0], fmt) and len(rows) > 2
    # the deal's label begins with the session's title, typed as a formula: it stays text
    assert rows[1][1].startswith("'=HYPERLINK")
    if fmt == "xlsx":
        assert isinstance(rows[1][0], dt.datetime) and isinstance(rows[1][3], int)
    page = client.get(reverse("games:statement")).content.decode()
    assert 'href="/games/statement.csv"' in page and 'href="/games/statement/export/?format=xlsx"' in page


def test_the_old_statement_csv_keeps_its_address_and_columns(played, players):
    rows = _rows(_client(players[0]).get("/games/statement.csv"), "csv")
    assert rows == [["Date", "What", "Kind", "Chips", "Balance", "Link"], *_expected_statement(players[0], "csv")]
    xlsx = _client(players[0]).get("/games/statement.csv", {"format": "xlsx"})
    assert _rows(xlsx, "xlsx")[1:] == _expected_statement(players[0], "xlsx")


def test_the_statement_in_russian(played, players):
    response = _client(players[0], "ru").get(reverse("games:statement_export"), {"format": "xlsx"})
    assert _rows(response, "xlsx")[0] == ["Дата", "Что", "Вид", "Фишки", "Баланс", "Ссылка"]


def test_another_members_statement_is_refused_to_a_member(played, players, settings):
    settings.CLUB_OPEN_BALANCES = True  # even a club that opens balances keeps statements private
    url = reverse("games:statement_export")
    response = _client(players[1]).get(url, {"format": "xlsx", "member": players[0].pk})
    assert response.status_code == 403 and "Skeeve" not in response.content.decode()
    assert _client(players[1]).get(url, {"member": "nobody"}).status_code == 404


def test_a_croupier_and_an_admin_read_a_members_statement(played, players, croupier, admin):
    url = reverse("games:statement_export")
    for reader in (croupier, admin):
        rows = _rows(_client(reader).get(url, {"format": "xlsx", "member": players[0].pk}), "xlsx")
        assert rows[1:] == _expected_statement(players[0], "xlsx")
    page = _client(croupier).get(reverse("games:member_stats", args=[players[0].pk])).content.decode()
    assert f"/games/statement/export/?format=xlsx&amp;member={players[0].pk}" in page
    other = _client(players[1]).get(reverse("games:member_stats", args=[players[0].pk])).content.decode()
    assert "statement-downloads" not in other


# --- the club's ledger ------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_the_ledger_in_both_formats_for_an_admin(played, players, admin, fmt):
    client = _client(admin)
    rows = _rows(client.get(reverse("games:ledger_export"), {"format": fmt, "member": players[0].pk}), fmt)
    assert rows[0] == ["Date", "Account", "Member", "What", "Kind", "Chips", "Link"]
    expected = [_as(fmt, [r["entry"].created_at, r["entry"].get_account_display(), "Skeeve",
                          "'" + r["label"], r["entry"].get_kind_display(), r["entry"].amount,
                          "http://testserver" + r["url"]])
                for r in selectors.ledger_entries(member=players[0], limit=None)]
    assert rows[1:] == expected and sum(int(r[5]) for r in rows[1:]) == selectors.balance(member=players[0])
    page = client.get(reverse("games:ledger"), {"member": players[0].pk}).content.decode()
    assert f'href="/games/ledger/export/?format=xlsx&amp;member={players[0].pk}' in page


def test_the_ledger_is_refused_to_members_and_croupiers(played, players, croupier):
    for reader in (players[0], croupier):
        for fmt in ("csv", "xlsx"):
            assert _client(reader).get(reverse("games:ledger_export"), {"format": fmt}).status_code == 403


def test_the_results_file_reads_a_fixed_number_of_queries(played, croupier, players,
                                                          django_assert_max_num_queries):
    url = reverse("games:game_results_export", args=[played.pk])
    client = _client(croupier)
    with django_assert_max_num_queries(12) as few:
        client.get(url, {"format": "xlsx"})
    for _ in range(3):
        deal = services.deal_start(game=played, actor=croupier, quick=True)
        services.result_submit_quick(deal=deal, actor=players[0], winners=[players[2]], pot=4)
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert len(_rows(client.get(url, {"format": "xlsx"}), "xlsx")) == 6
