"""Base rule 12: ambiguities are settled by precedent. A deal is judged with the readings the
club's binding precedents put in force on its date, its trace names the precedents applied, and
after a new ruling a croupier judges a confirmed deal again as a new version, never an edit."""

import datetime as dt

import pytest
from django.urls import reverse

from games import services
from games.models import Result
from rules.rulebook import rulebook_sync
from tests.games.conftest import full_deal
from tests.rules.helpers import ruling


@pytest.mark.django_db
def test_b12_the_judge_gets_the_readings_in_force_and_the_trace_names_the_precedent(seen, game, croupier, players):
    rulebook_sync()
    precedent = ruling(croupier, title="The whole rank is wild", on=dt.date(2015, 3, 14),
                       fixes={"IP-R2-WILD-CARD": "that_rank"})
    deal = full_deal(game, croupier)
    result = services.result_submit(deal=deal, actor=players[0])
    assert seen[-1]["readings"]["IP-R2-WILD-CARD"] == "that_rank"
    assert precedent.permanent_id in [entry["source"] for entry in result.judgement["trace"]]


@pytest.mark.django_db
def test_b12_a_ruling_dated_after_the_deal_does_not_apply(seen, game, croupier, players):
    rulebook_sync()
    ruling(croupier, title="Later", on=dt.date.today() + dt.timedelta(days=30),
           fixes={"IP-R2-WILD-CARD": "that_rank"})
    deal = full_deal(game, croupier)
    services.result_submit(deal=deal, actor=players[0])
    assert seen[-1]["readings"].get("IP-R2-WILD-CARD", "that_card") == "that_card"


@pytest.mark.django_db
def test_croupier_rejudges_a_confirmed_deal_as_a_new_version(judge, client_as, game, croupier, players):
    deal = full_deal(game, croupier)
    first = services.result_submit(deal=deal, actor=players[0])
    services.result_confirm(result=first, actor=players[1])
    with pytest.raises(services.Forbidden):
        services.result_rejudge(deal=deal, actor=players[0])
    page = client_as(croupier).get(deal.get_absolute_url()).content.decode()
    assert 'id="rejudge-result"' in page
    client_as(croupier).post(reverse("games:deal_rejudge", args=[deal.pk]))
    versions = list(Result.objects.filter(deal=deal).order_by("version").values_list("version", "status"))
    assert versions == [(1, "confirmed"), (2, "draft")]
    second = Result.objects.get(deal=deal, version=2)
    assert second.supersedes_id == first.pk
    services.result_confirm(result=second, actor=players[1])
    assert list(Result.objects.filter(deal=deal).order_by("version").values_list("status", flat=True)) == [
        "superseded", "confirmed"]


@pytest.mark.django_db
def test_the_archive_links_a_deal_by_its_place_in_the_sitting(judge, client_as, game, croupier, players):
    deal = full_deal(game, croupier)
    services.result_confirm(result=services.result_submit(deal=deal, actor=players[0]), actor=players[1])
    response = client_as(croupier).get(reverse("games:deal_in_sitting", args=[game.pk, 1]))
    assert response.status_code == 302 and response["Location"] == deal.get_absolute_url()
    assert client_as(croupier).get(reverse("games:deal_in_sitting", args=[game.pk, 2])).status_code == 404
