"""A tournament on paper: every table's score sheet of the current stage and a card for each
table, with a Print button run by the static script; a fixed number of queries."""

import pytest
from django.urls import reverse

from tests.tournaments.conftest import make_tournament, play_table

pytestmark = pytest.mark.django_db


def test_the_score_sheets_of_the_current_stage_one_section_each(client, croupier):
    tournament = make_tournament(croupier, 8, seed="paper")
    table = tournament.stages.get().tables.order_by("number").first()
    play_table(croupier, table, "paper", through=3, rescore=False)
    page = client.get(reverse("tournaments:print_sheets", args=[tournament.slug])).content.decode()
    assert page.count('class="print-page printed-sheet"') == 2
    assert 'data-print id="print-button"' in page and "onclick" not in page
    for seat in table.seats.select_related("entry__member"):
        assert seat.entry.member.display_name in page
    assert page.count("<tr class=\"kind-") == 60   # 30 rounds a sheet


def test_the_table_cards_name_each_seat_and_the_first_dealer(client, croupier):
    tournament = make_tournament(croupier, 8, seed="cards")
    page = client.get(reverse("tournaments:table_cards", args=[tournament.slug])).content.decode()
    assert page.count('class="print-page table-card"') == 2
    assert page.count("deals the first round") == 2
    for label in ("North", "East", "South", "West"):
        assert page.count(label) >= 2


def test_before_any_stage_the_pages_say_so(client, croupier):
    tournament = make_tournament(croupier, 4, seed="none", seat=False)
    for name in ("tournaments:print_sheets", "tournaments:table_cards"):
        page = client.get(reverse(name, args=[tournament.slug])).content.decode()
        assert 'id="no-stage"' in page and 'id="print-button"' not in page
    assert client.get(reverse("tournaments:print_sheets", args=["no-such-cup"])).status_code == 404


def test_the_tournament_page_links_to_them(client, croupier):
    tournament = make_tournament(croupier, 4, seed="links")
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert reverse("tournaments:print_sheets", args=[tournament.slug]) in page
    assert reverse("tournaments:table_cards", args=[tournament.slug]) in page


@pytest.mark.parametrize("players", [8, 16])
def test_the_print_pages_take_a_fixed_number_of_queries(client, croupier, players, django_assert_max_num_queries):
    tournament = make_tournament(croupier, players, seed=f"pq{players}")
    for name in ("tournaments:print_sheets", "tournaments:table_cards"):
        with django_assert_max_num_queries(12):
            assert client.get(reverse(name, args=[tournament.slug])).status_code == 200
