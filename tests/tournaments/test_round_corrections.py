"""A tournament director corrects or voids a recorded round: a new version (or a voiding one) kept
in the history, the table and the standings scored again; nobody else may."""

import pytest
from django.urls import reverse

from club.errors import Forbidden
from games.tournaments import services
from games.tournaments.models import Round, Standing, TableScore

from .conftest import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(croupier):
    tournament = make_tournament(croupier, 4)
    return tournament.stages.get().tables.get()


def _points(table):
    return {s.position: s.points for s in TableScore.objects.filter(table=table)}


def test_a_director_corrects_a_round_and_the_standings_follow(croupier, table, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        first = services.round_record(actor=croupier, table=table, number=1, bids=[1, 1, 0, 0], taken=[0, 1, 0, 0])
    assert _points(table)[0] < 0      # N bid 1 and took none
    with django_capture_on_commit_callbacks(execute=True):
        fixed = services.round_correct(actor=croupier, row=first, bids=[1, 1, 0, 0], taken=[1, 0, 0, 0],
                                       reason="N took the trick")
    assert (fixed.version, fixed.live, fixed.reason) == (2, True, "N took the trick")
    first.refresh_from_db()
    assert not first.live
    assert _points(table)[0] == fixed.scores[0] > 0
    n = table.seats.get(position=0).entry
    assert Standing.objects.get(entry=n).points == fixed.scores[0]


def test_a_director_voids_a_round_kept_in_the_history(croupier, table, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        row = services.round_record(actor=croupier, table=table, number=1, bids=[1, 1, 0, 0], taken=[1, 0, 0, 0])
    assert _points(table)[0] > 0
    with django_capture_on_commit_callbacks(execute=True):
        void = services.round_void(actor=croupier, row=row, reason="misdeal")
    assert void.voided and not void.live and void.version == 2
    assert list(Round.objects.filter(table=table, number=1).values_list("version", "live", "voided")
                .order_by("version")) == [(1, False, False), (2, False, True)]
    assert _points(table) == {0: 0, 1: 0, 2: 0, 3: 0}
    # The round is played again: its next version.
    again = services.round_record(actor=croupier, table=table, number=1, bids=[1, 1, 0, 0], taken=[0, 1, 0, 0])
    assert again.version == 3 and again.live


def test_a_player_may_not_correct_or_void_a_round(croupier, table):
    row = services.round_record(actor=croupier, table=table, number=1, bids=[1, 1, 0, 0], taken=[1, 0, 0, 0])
    player = table.seats.first().entry.member
    with pytest.raises(Forbidden, match="tournament director"):
        services.round_correct(actor=player, row=row, bids=[1, 1, 0, 0], taken=[0, 1, 0, 0])
    with pytest.raises(Forbidden, match="tournament director"):
        services.round_void(actor=player, row=row)
    # Nor by recording the same round again from the sheet.
    with pytest.raises(Forbidden, match="tournament director"):
        services.round_record(actor=player, table=table, number=1, bids=[1, 1, 0, 0], taken=[0, 1, 0, 0])
    assert list(Round.objects.filter(table=table).values_list("version", "live")) == [(1, True)]


def test_the_pages_refuse_a_player_and_let_the_director_through(client, croupier, table):
    row = services.round_record(actor=croupier, table=table, number=1, bids=[1, 1, 0, 0], taken=[1, 0, 0, 0])
    player = table.seats.first().entry.member
    client.force_login(player.user)
    page = client.get(reverse("tournaments:round", args=[row.pk]))
    assert b"correct-round" not in page.content
    assert client.post(reverse("tournaments:round_void", args=[row.pk])).status_code == 403
    assert client.post(reverse("tournaments:round_correct", args=[row.pk]),
                       {"taken_0": 0, "taken_1": 1, "taken_2": 0, "taken_3": 0}).status_code == 403
    client.force_login(croupier.user)
    page = client.get(reverse("tournaments:round", args=[row.pk]))
    assert b"correct-round" in page.content and b"data-confirm" in page.content
    bad = client.post(reverse("tournaments:round_correct", args=[row.pk]),
                      {"bid_0": 1, "bid_1": 1, "bid_2": 0, "bid_3": 0,
                       "taken_0": 1, "taken_1": 1, "taken_2": 0, "taken_3": 0})
    assert bad.status_code == 400 and "add up to 2" in bad.content.decode()
    ok = client.post(reverse("tournaments:round_correct", args=[row.pk]),
                     {"bid_0": 1, "bid_1": 1, "bid_2": 0, "bid_3": 0,
                      "taken_0": 0, "taken_1": 1, "taken_2": 0, "taken_3": 0, "reason": "swapped"})
    assert ok.status_code == 302
    assert Round.objects.get(table=table, number=1, live=True).version == 2
