"""The public pages (tournament, standings, sheet, report, ratings) and their query counts."""

import pytest
from django.urls import reverse

from games.tournaments import demo, selectors, services
from games.tournaments.models import Rating, Tournament
from games.tournaments.presenters import transition_buttons

from .conftest import make_tournament, play_stage

pytestmark = pytest.mark.django_db


def test_the_tournament_page_is_public_and_documents_byes_and_withdrawals(client, croupier):
    tournament = make_tournament(croupier, 5, seed="page")
    page = client.get(tournament.get_absolute_url())
    html = page.content.decode()
    assert page.status_code == 200
    assert 'id="rules"' in html and "Byes:" in html and "Withdrawals:" in html
    assert "Run the tournament" not in html
    assert reverse("tournaments:sheet", args=[tournament.stages.get().tables.get().pk]) in html
    client.force_login(croupier.user)
    assert "Run the tournament" in client.get(tournament.get_absolute_url()).content.decode()


@pytest.mark.parametrize("players", [8, 16])
def test_query_counts_do_not_grow_with_the_tournament(client, croupier, django_assert_max_num_queries, players):
    tournament = make_tournament(croupier, players, seed=f"q{players}")
    play_stage(croupier, tournament.stages.get())
    with django_assert_max_num_queries(12):
        assert client.get(tournament.get_absolute_url()).status_code == 200
    with django_assert_max_num_queries(4):
        assert client.get(reverse("tournaments:standings", args=[tournament.slug])).status_code == 200
    with django_assert_max_num_queries(4):
        assert client.get(reverse("tournaments:list")).status_code == 200
    table = tournament.stages.get().tables.first()
    with django_assert_max_num_queries(6):
        assert client.get(reverse("tournaments:sheet", args=[table.pk])).status_code == 200


def test_the_standings_fragment_for_htmx(client, croupier):
    tournament = make_tournament(croupier, 4, seed="frag")
    play_stage(croupier, tournament.stages.get())
    html = client.get(reverse("tournaments:standings", args=[tournament.slug]), HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith('<div id="standings"')
    assert 'hx-trigger="every 3s"' in html


def test_managing_from_the_page(client, croupier, plain_member):
    tournament = make_tournament(croupier, 4, seed="manage", seat=False)
    url = reverse("tournaments:manage", args=[tournament.slug])
    client.force_login(plain_member.user)
    client.post(url, {"action": "seat", "method": "draw"})
    assert not tournament.stages.exists()
    client.force_login(croupier.user)
    response = client.post(url, {"action": "seat", "method": "standing"}, follow=True)
    assert "first stage is seated by the seeded draw" in response.content.decode()
    client.post(url, {"action": "seat", "method": "draw"})
    assert tournament.stages.count() == 1


def test_finishing_makes_the_report_and_the_ratings(client, croupier, django_capture_on_commit_callbacks):
    tournament = make_tournament(croupier, 8, seed="final")
    play_stage(croupier, tournament.stages.get())
    with django_capture_on_commit_callbacks() as enqueued:
        services.tournament_transition(actor=croupier, tournament=tournament, to=Tournament.Status.FINISHED)
    assert len(enqueued) == 3  # the standings, the ratings and the report, once committed
    # What those tasks do, here in this test's transaction (a worker would not see its rows).
    services.report_generate(tournament_id=tournament.pk)
    services.ratings_recompute()
    csv = client.get(reverse("tournaments:report_csv", args=[tournament.slug]))
    assert csv.status_code == 200 and csv["Content-Type"].startswith("text/csv")
    lines = csv.content.decode().strip().splitlines()
    assert lines[0].startswith("rank,player,points,Exact bids made") and len(lines) == 9
    printable = client.get(reverse("tournaments:report", args=[tournament.slug])).content.decode()
    assert 'media="print"' in printable and "Download the CSV" in printable  # its paper stylesheet
    assert Rating.objects.filter(tournament=tournament).count() == 8
    top = Rating.objects.filter(tournament=tournament).order_by("-ordinal").first()
    assert client.get(reverse("tournaments:ratings")).status_code == 200
    chart = client.get(reverse("tournaments:member_rating", args=[top.member_id])).content.decode()
    assert "<svg" in chart and "<table>" in chart and tournament.name in chart


def test_ratings_are_replayed_from_history(croupier):
    first = make_tournament(croupier, 4, seed="r1")
    play_stage(croupier, first.stages.get())
    services.tournament_transition(actor=croupier, tournament=first, to=Tournament.Status.FINISHED)
    assert services.ratings_recompute() == 4
    before = list(Rating.objects.order_by("member_id").values_list("member_id", "mu", "sigma"))
    assert services.ratings_recompute() == 4
    assert list(Rating.objects.order_by("member_id").values_list("member_id", "mu", "sigma")) == before
    member = Rating.objects.order_by("-ordinal").first().member
    chart = selectors.rating_chart(member=member)
    assert len(chart["points"]) == 2 and chart["history"][0].tournament == first  # the start, then the cup
    assert chart["points"][0]["value"] == 0.0 and chart["points"][1]["rating"] == chart["history"][0]
    # A winner's rating rises above the starting 0 (mu 25 - 3 sigma 8.33).
    assert chart["history"][0].mu > 25


def test_the_demo_tournament_loads_once(client):
    tournament = demo.load()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.entries.count() == 8 and tournament.stages.count() == 2
    assert tournament.standings.count() == 8 and Rating.objects.filter(tournament=tournament).count() == 8
    counts = (Tournament.objects.count(), Rating.objects.count())
    demo.load()
    assert (Tournament.objects.count(), Rating.objects.count()) == counts
    assert client.get(tournament.get_absolute_url()).status_code == 200


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_finished_tournament_offers_no_stage_to_seat_and_a_way_to_reopen(client, croupier, lang):
    from club.errors import Conflict
    from games.tournaments import services as tournament_services

    tournament = make_tournament(croupier, players=4, seed="done")
    tournament_services.tournament_transition(actor=croupier, tournament=tournament, to="finished")
    client.force_login(croupier.user)
    page = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert 'value="seat"' not in page
    assert ("Reopen" if lang == "en" else "Открыть снова") in page
    with pytest.raises(Conflict) as refused:
        tournament_services.stage_seat(actor=croupier, tournament=tournament, method="draw")
    assert refused.value.extra == {"field": "tournament", "value": "finished"}


@pytest.mark.parametrize(("status", "buttons"), [
    ("draft", [("running", "Run")]), ("running", [("finished", "Finish")]), ("finished", [("running", "Reopen")])])
def test_each_status_offers_its_moves_by_name(status, buttons):
    """The manage form's buttons post the status to move to (Tournament.TRANSITIONS) and read as
    the move: a draft is run, a running tournament finished, a finished one reopened."""
    assert [(str(to), label) for to, label in transition_buttons(Tournament(status=status))] == buttons
