"""The admins' view of the club's chip ledger: every member's balance, the ledger's sum (zero when
every posting balances), the latest entries linked to where they came from, filtered by member
and days, and a CSV of them; members and croupiers are refused."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from django.urls import reverse
from django.utils import timezone

from club.models import Member
from games import selectors, services
from games.models import LedgerEntry
from games.tables import services as table_services
from tests import factories
from tests.games.conftest import full_deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(db):
    return factories.member(Member.Role.ADMIN, display_name="Zol", password=None)


@pytest.fixture
def played(judge, game, croupier, players):
    """A confirmed deal (the stand-in judge gives Skeeve, at North, the pot) and a dice match."""
    deal = full_deal(game, croupier)
    result = services.result_submit(deal=deal, actor=players[0])
    services.result_confirm(result=result, actor=croupier)
    guido, vic = (factories.member(display_name=name, password=None) for name in ("Guido", "Vic"))
    # a croupier who does not play opens the match with both stakes posted
    match = table_services.dice_match_create(actor=croupier, first=guido, second=vic, stake=2, mode="seeded",
                                             seed="ledger")
    return deal, match, guido


def test_members_and_croupiers_are_refused_the_ledger(client_as, players, croupier):
    for who in (players[0], croupier):
        client = client_as(who)
        assert client.get(reverse("games:ledger")).status_code == 403
        assert client.get(reverse("games:ledger_csv")).status_code == 403
    client.logout()
    assert client.get(reverse("games:ledger")).status_code == 302       # to the login page


def test_the_admin_sees_every_balance_the_sum_and_the_latest_entries(client_as, admin, played, players,
                                                                    django_assert_max_num_queries):
    deal, match, guido = played
    client = client_as(admin)
    with django_assert_max_num_queries(8):
        page = client.get(reverse("games:ledger"))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="ledger-sum">0<' in html and 'id="ledger-unbalanced"' not in html
    balances = html.split('id="ledger-balances"')[1].split("</table>")[0]
    for p in players:
        assert p.display_name in balances
        assert f"<td>{selectors.balance(member=p)}</td>" in balances
    assert deal.get_absolute_url() in html and match.get_absolute_url() in html
    assert 'href="/games/ledger.csv"' in html


def test_an_unbalanced_ledger_is_shown_as_such(client_as, admin, played):
    deal, _match, _guido = played
    row = LedgerEntry.objects.filter(deal=deal).first()
    LedgerEntry.objects.filter(pk=row.pk).update(amount=row.amount + 1)
    html = client_as(admin).get(reverse("games:ledger")).content.decode()
    assert 'id="ledger-sum">1<' in html and 'id="ledger-unbalanced"' in html


def test_the_entries_filter_by_member_and_days(client_as, admin, played, players):
    deal, match, guido = played
    client = client_as(admin)
    html = client.get(reverse("games:ledger"), {"member": guido.pk}).content.decode()
    entries = html.split('id="ledger-entries"')[1]
    assert match.get_absolute_url() in entries and deal.get_absolute_url() not in entries
    tomorrow = (timezone.localdate() + dt.timedelta(days=1)).isoformat()
    html = client.get(reverse("games:ledger"), {"since": tomorrow}).content.decode()
    assert 'id="ledger-entries"' not in html and "No entry matches" in html
    # days the wrong way round are named beside the field
    yesterday = (timezone.localdate() - dt.timedelta(days=1)).isoformat()
    html = client.get(reverse("games:ledger"), {"since": tomorrow, "until": yesterday}).content.decode()
    assert f"{yesterday} is before {tomorrow}." in html


def test_the_csv_has_every_filtered_entry_with_its_link(client_as, admin, played, players):
    deal, match, guido = played
    response = client_as(admin).get(reverse("games:ledger_csv"), {"member": players[0].pk})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["Date", "Account", "Member"]
    body = rows[1:]
    assert body and all(r[2] == players[0].display_name for r in body)
    assert sum(int(r[5]) for r in body) == selectors.balance(member=players[0])
    assert all(r[6].endswith(deal.get_absolute_url()) for r in body)


def test_the_ledger_page_in_russian(client_as, admin, played):
    client = client_as(admin)
    client.cookies["django_language"] = "ru"
    html = client.get(reverse("games:ledger"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Книга фишек клуба" in html and "Балансы" in html and "Sum of every entry" not in html
