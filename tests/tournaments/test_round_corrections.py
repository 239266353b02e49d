"""A tournament director corrects or voids a recorded round: a new version (or a voiding one) kept
in the history, the table and the standings scored again; nobody else may."""

import pytest
from django.urls import reverse

from club.errors import Conflict, Forbidden, InvalidInput
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


@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_a_director_corrects_a_round_and_the_standings_follow(croupier, table, tasks_done):
    first = services.round_record(actor=croupier, table=table, number=1, bids=[1, 1, 0, 0], taken=[0, 1, 0, 0])
    tasks_done()
    assert _points(table)[0] < 0      # N bid 1 and took none
    with pytest.raises(InvalidInput, match="changes nothing"):
        services.round_correct(actor=croupier, row=first, bids=[1, 1, 0, 0], taken=[0, 1, 0, 0])
    fixed = services.round_correct(actor=croupier, row=first, bids=[1, 1, 0, 0], taken=[1, 0, 0, 0],
                                   reason="N took the trick")
    tasks_done()
    assert (fixed.version, fixed.live, fixed.reason) == (2, True, "N took the trick")
    first.refresh_from_db()
    assert not first.live
    assert _points(table)[0] == fixed.scores[0] > 0
    n = table.seats.get(position=0).entry
    assert Standing.objects.get(entry=n).points == fixed.scores[0]


@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_a_director_voids_a_round_kept_in_the_history(croupier, table, tasks_done):
    row = services.round_record(actor=croupier, table=table, number=1, bids=[1, 1, 0, 0], taken=[1, 0, 0, 0])
    tasks_done()
    assert _points(table)[0] > 0
    void = services.round_void(actor=croupier, row=row, reason="misdeal")
    tasks_done()
    assert void.voided and not void.live and void.version == 2
    assert list(Round.objects.filter(table=table, number=1).values_list("version", "live", "voided")
                .order_by("version")) == [(1, False, False), (2, False, True)]
    assert _points(table) == {0: 0, 1: 0, 2: 0, 3: 0}
    # The round is played again: its next version.
    again = services.round_record(actor=croupier, table=table, number=1, bids=[1, 1, 0, 0], taken=[0, 1, 0, 0])
    assert again.version == 3 and again.live


def test_a_round_voided_in_the_middle_is_played_again_by_the_director(croupier, table):
    first = services.round_record(actor=croupier, table=table, number=1, bids=[1, 1, 0, 0], taken=[1, 0, 0, 0])
    services.round_record(actor=croupier, table=table, number=2, bids=[1, 0, 0, 0], taken=[1, 1, 0, 0])
    void = services.round_void(actor=croupier, row=first, reason="misdeal")
    with pytest.raises(Conflict, match="voided already"):
        services.round_void(actor=croupier, row=void)
    player = table.seats.first().entry.member
    with pytest.raises(Forbidden, match="voided round again"):
        services.round_record(actor=player, table=table, number=1, bids=[1, 1, 0, 0], taken=[0, 1, 0, 0])
    again = services.round_correct(actor=croupier, row=void, bids=[1, 1, 0, 0], taken=[0, 1, 0, 0])
    assert (again.version, again.live) == (3, True)


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


# --- the score sheet's card play, trick by trick -------------------------------------------------

def _sheet_post(played, *, number: int, **changes) -> dict:
    """The sheet's form as a person fills it in from the engine's played round ``played``: the
    bids, the turned-up card and every trick's cards in the order played (the leaders left to
    the rules)."""
    data = {"number": number, "trump_card": played["trump_card"]}
    if played["bids"] is not None:
        data.update({f"bid_{s}": b for s, b in enumerate(played["bids"])})
    for k, trick in enumerate(played["tricks"], start=1):
        for place, card in enumerate(trick["cards"]):
            data[f"card_{k}_{place}"] = card
        if trick["demand"]:
            data[f"demand_{k}"] = trick["demand"]
    data.update(changes)
    return data


def test_the_card_play_is_entered_trick_by_trick_not_as_json(client, croupier, table):
    from rules.engines import tricks

    game = tricks.play_game("fields", first_dealer=table.first_dealer)
    played = game.rounds[2].to_dict()        # round 3: three cards each
    for r in game.rounds[:2]:
        services.round_record(actor=croupier, table=table, number=r.number, play=r.to_dict())
    client.force_login(croupier.user)
    page = client.get(reverse("tournaments:sheet", args=[table.pk])).content.decode()
    assert 'name="card_3_3"' in page and 'name="card_4_0"' not in page and "JSON" not in page
    response = client.post(reverse("tournaments:sheet_record", args=[table.pk]), _sheet_post(played, number=3))
    assert response.status_code == 302
    row = Round.objects.get(table=table, number=3, live=True)
    # The hands are the cards each seat played.
    assert [sorted(h) for h in row.play["hands"]] == [sorted(h) for h in played["hands"]]
    assert row.taken == played["taken"] and [t["winner"] for t in row.play["tricks"]] == \
        [t["winner"] for t in played["tricks"]]
    services.table_rescore(table_id=table.pk)
    row.refresh_from_db()
    assert row.play_checked and not row.flagged, row.problems


def test_a_bad_card_in_a_trick_is_named_beside_its_field(client, croupier, table):
    from rules.engines import tricks

    played = tricks.play_game("bad", first_dealer=table.first_dealer).rounds[0].to_dict()
    client.force_login(croupier.user)
    response = client.post(reverse("tournaments:sheet_record", args=[table.pk]),
                           _sheet_post(played, number=1, card_1_2="Qz"), HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response["X-Refusal-Status"] == "400"
    assert 'id="id_card_1_2"' in page and "Qz" in page and "is not a card" in page
    assert not Round.objects.filter(table=table).exists()
    twice = _sheet_post(played, number=1, card_1_1=played["tricks"][0]["cards"][0])
    page = client.post(reverse("tournaments:sheet_record", args=[table.pk]), twice,
                       HTTP_HX_REQUEST="true").content.decode()
    assert "is played twice" in page and not Round.objects.filter(table=table).exists()
