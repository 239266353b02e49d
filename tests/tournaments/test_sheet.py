"""The score sheet: its refusals with their reasons, running totals, corrections, card play."""

import json

import pytest
from django.urls import reverse

from club.errors import Forbidden, InvalidInput
from games.tournaments import services
from games.tournaments.models import Round, TableScore
from rules.engines import tricks
from tests import factories

from .conftest import make_tournament, play_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(croupier):
    tournament = make_tournament(croupier, 4)
    return tournament.stages.get().tables.get()


def record(croupier, table, number, bids, taken, **kw):
    return services.round_record(actor=croupier, table=table, number=number, bids=bids, taken=taken, **kw)


def test_the_dealers_forbidden_bid_is_refused_with_the_reason(croupier, table):
    # Round 1, one card each, seat 0 (N) deals and bids last: after 1, 0, 0 it may not bid 0.
    with pytest.raises(InvalidInput, match=r"dealer \(North\) may not bid 0") as refused:
        record(croupier, table, 1, [0, 1, 0, 0], [0, 1, 0, 0])
    assert refused.value.extra["field"] == "bids_0"
    assert not Round.objects.exists()
    row = record(croupier, table, 1, [1, 1, 0, 0], [0, 1, 0, 0])
    assert row.scores == [-10, 10, 5, 5]


def test_tricks_that_do_not_add_up_are_refused(croupier, table):
    with pytest.raises(InvalidInput, match="add up to 2; with 1 cards each they must add up to 1"):
        record(croupier, table, 1, [1, 1, 0, 0], [1, 1, 0, 0])
    assert not Round.objects.exists()


def test_bids_in_a_minimum_or_maximum_round_are_refused(croupier, table):
    dealer = tricks.dealer_of(1)
    for number in range(1, 23):
        cards_each, _kind = tricks.schedule(number)
        dealer = tricks.dealer_of(number)
        bids = [0, 0, 0, 0]
        bids[dealer] = 1 if cards_each != 1 else 0  # keep clear of the forbidden bid
        if tricks.forbidden_dealer_bid(cards_each, [0, 0, 0]) == bids[dealer]:
            bids[dealer] = 2
        taken = [0, 0, 0, 0]
        taken[(dealer + 1) % 4] = cards_each
        record(croupier, table, number, bids, taken)
    with pytest.raises(InvalidInput, match="Round 23 is a minimum round: nobody bids"):
        record(croupier, table, 23, [2, 2, 2, 1], [2, 2, 2, 2])
    record(croupier, table, 23, None, [2, 2, 2, 2])
    for number in range(24, 27):
        record(croupier, table, number, None, [8, 0, 0, 0])
    with pytest.raises(InvalidInput, match="Round 27 is a maximum round: nobody bids"):
        record(croupier, table, 27, [8, 0, 0, 0], [8, 0, 0, 0])


def test_rounds_are_recorded_in_order(croupier, table):
    with pytest.raises(InvalidInput, match="Round 3 cannot be recorded yet: the next round of this table is 1"):
        record(croupier, table, 3, [0, 0, 0, 0], [1, 1, 1, 0])


def test_a_correction_is_a_new_live_version_and_the_old_one_stays(croupier, table):
    record(croupier, table, 1, [1, 1, 0, 0], [0, 1, 0, 0])
    record(croupier, table, 1, [1, 1, 0, 0], [1, 0, 0, 0])
    rows = list(Round.objects.filter(table=table, number=1).order_by("version"))
    assert [(r.version, r.live) for r in rows] == [(1, False), (2, True)]
    assert rows[1].scores == [10, -10, 5, 5]


def test_players_at_the_table_record_others_may_not(croupier, table):
    player = table.seats.first().entry.member
    outsider = factories.member()
    with pytest.raises(Forbidden):
        record(outsider, table, 1, [1, 1, 0, 0], [0, 1, 0, 0])
    with pytest.raises(Forbidden):
        record(None, table, 1, [1, 1, 0, 0], [0, 1, 0, 0])
    assert record(player, table, 1, [1, 1, 0, 0], [0, 1, 0, 0]).recorded_by == player


def test_recorded_card_play_is_judged_and_a_disagreeing_round_flagged(croupier, table):
    game = tricks.play_game("sheet", first_dealer=table.first_dealer)
    for played in game.rounds[:4]:
        doc = played.to_dict()
        if played.number == 4:
            # The sheet says the bids and tricks; the recorded tricks give a trick to the wrong seat.
            doc["tricks"][0]["winner"] = (doc["tricks"][0]["winner"] + 1) % 4
        services.round_record(actor=croupier, table=table, number=played.number, play=doc)
    services.table_rescore(table_id=table.pk)
    rows = {r.number: r for r in Round.objects.filter(table=table)}
    assert [rows[n].flagged for n in (1, 2, 3)] == [False, False, False]
    assert rows[4].flagged and rows[4].problems
    assert rows[4].problems[0]["trick"] == 1 and rows[4].problems[0]["code"] == "wrong_winner"
    assert TableScore.objects.filter(table=table).first().flagged_rounds == 1


def test_unreadable_card_play_is_refused(croupier, table):
    with pytest.raises(InvalidInput, match="card play is not readable"):
        services.round_record(actor=croupier, table=table, number=1, play={"number": 1, "hands": "nonsense"})


def test_the_sheet_page_shows_thirty_rows_the_dealer_and_running_totals(client, croupier, table):
    player = table.seats.get(position=1).entry.member
    client.force_login(player.user)
    url = reverse("tournaments:sheet_record", args=[table.pk])
    ok = client.post(url, {"number": 1, "bid_0": 1, "bid_1": 1, "bid_2": 0, "bid_3": 0,
                           "taken_0": 0, "taken_1": 1, "taken_2": 0, "taken_3": 0}, HTTP_HX_REQUEST="true")
    assert ok.status_code == 200
    html = ok.content.decode()
    assert html.startswith('<div id="sheet">')  # a fragment for htmx, not the whole page
    assert 'id="sheet-totals"' in html and "<th data-seat=\"1\">10</th>" in html
    refused = client.post(url, {"number": 2, "bid_0": 0, "bid_1": 0, "bid_2": 1, "bid_3": 1,
                                "taken_0": 0, "taken_1": 1, "taken_2": 1, "taken_3": 0}, HTTP_HX_REQUEST="true")
    assert refused["X-Refusal-Status"] == "400"
    assert "The dealer (East) may not bid 0" in refused.content.decode()
    page = client.get(reverse("tournaments:sheet", args=[table.pk])).content.decode()
    assert page.count('class="kind-') == 30
    assert page.count('class="dealer"') == 30
    totals = client.get(reverse("tournaments:sheet_totals", args=[table.pk])).content.decode()
    assert '<th data-seat="0">-10</th>' in totals


def test_the_sheet_without_htmx_redirects_with_the_reason(client, croupier, table):
    client.force_login(croupier.user)
    response = client.post(reverse("tournaments:sheet_record", args=[table.pk]),
                           {"number": 1, "bid_0": 0, "bid_1": 1, "bid_2": 0, "bid_3": 0,
                            "taken_0": 1, "taken_1": 0, "taken_2": 0, "taken_3": 0}, follow=True)
    assert "may not bid 0" in response.content.decode()


def test_anyone_reads_the_sheet_and_the_card_play(client, croupier, table):
    play_table(croupier, table, "read", through=3)
    page = client.get(reverse("tournaments:sheet", args=[table.pk]))
    assert page.status_code == 200 and "Record the round" not in page.content.decode()
    row = Round.objects.get(table=table, number=3)
    detail = client.get(reverse("tournaments:round", args=[row.pk])).content.decode()
    assert detail.count('class="card ') >= 3 * 4 * 2  # the hands and the tricks drawn as cards


def test_the_api_refuses_with_the_error_shape(api_as, croupier, table):
    response = api_as(croupier).post(f"/api/tournament-tables/{table.pk}/rounds/",
                                     {"number": 1, "bids": [0, 1, 0, 0], "taken": [0, 1, 0, 0]}, format="json")
    assert response.status_code == 400
    assert "may not bid 0" in response.json()["message"] and response.json()["extra"]["field"] == "bids_0"
    made = api_as(croupier).post(f"/api/tournament-tables/{table.pk}/rounds/",
                                 {"number": 1, "bids": [1, 1, 0, 0], "taken": [0, 1, 0, 0]}, format="json")
    assert made.status_code == 201 and made.json()["scores"] == [-10, 10, 5, 5]
    listed = api_as(croupier).get(f"/api/tournament-tables/{table.pk}/rounds/").json()
    assert [r["number"] for r in listed] == [1]
    assert json.dumps(listed)
