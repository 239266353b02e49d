"""A member's chip statement: his balance and every entry of his account linked to its deal or
match, in both languages, with a CSV export; nobody else's entries."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from games.models import LedgerEntry
from games.tables import services as table_services
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(croupier):
    first, second, other = factories.member(display_name="Skeeve"), factories.member(display_name="Massha"), \
        factories.member(display_name="Outsider")
    match = table_services.dice_match_create(actor=croupier, first=first, second=second, stake=3)
    return first, second, other, match


@pytest.mark.parametrize(("lang", "title", "label"), [("en", "My chips", "Dice: Skeeve – Massha"),
                                                      ("ru", "Мои фишки", "Кости: Skeeve – Massha")])
def test_the_statement_lists_the_members_entries_linked_with_the_balance(played, lang, title, label):
    first, _second, _other, match = played
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(first.user)
    page = client.get("/games/statement/").content.decode()
    assert title in page and label in page and f'href="{match.get_absolute_url()}"' in page
    own = sum(e.amount for e in LedgerEntry.objects.filter(member=first))
    assert own == -3 and f'<strong id="balance">{own}</strong>' in page


def test_the_statement_holds_nobody_elses_entries(played):
    _first, _second, other, _match = played
    client = Client()
    client.force_login(other.user)
    page = client.get("/games/statement/").content.decode()
    assert "Skeeve" not in page and '<strong id="balance">0</strong>' in page


def test_the_statement_downloads_as_csv(played):
    first, _second, _other, match = played
    client = Client()
    client.force_login(first.user)
    response = client.get("/games/statement.csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:5] == ["Date", "What", "Kind", "Chips", "Balance"]
    assert rows[1][1] == "Dice: Skeeve – Massha" and rows[1][3] == "-3" and rows[1][5].endswith(match.get_absolute_url())


def test_an_anonymous_visitor_is_sent_to_log_in(client):
    assert "/accounts/login/" in client.get("/games/statement/")["Location"]
