"""The games API: object-level permissions, submissions with conflicts and idempotency keys,
the one error shape, the ledger and statistics."""

import pytest

from games import services
from games.models import Result
from tests.games.conftest import full_deal

pytestmark = pytest.mark.django_db


def test_members_see_only_their_tables(api_as, game, players, outsider, croupier):
    assert api_as(players[0]).get("/api/games/").json()["count"] == 1
    assert api_as(outsider).get("/api/games/").json()["count"] == 0
    response = api_as(outsider).get(f"/api/games/{game.pk}/")
    assert response.status_code == 404 and set(response.json()) == {"message", "extra"}
    assert api_as(croupier).get(f"/api/games/{game.pk}/").status_code == 200


def test_start_a_game_with_facts_of_the_evening(api_as, session, croupier, players):
    seats = [{"member": p.pk, "seat": s, "glasses": i == 0} for i, (p, s) in enumerate(zip(players, "NESW", strict=True))]
    response = api_as(croupier).post("/api/games/", {"session": session.pk, "seats": seats,
                                                     "room": {"animals": 3, "weather": "sunny"}}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["animals"] == 3 and body["players"][0]["glasses"] is True and body["ante"] == 1
    bad = api_as(croupier).post("/api/games/", {"session": session.pk, "room": {"weather": "hail"}}, format="json")
    assert bad.status_code == 400 and "hail" in str(bad.json()["extra"])


def test_m50_m65_the_api_takes_the_optional_room_facts(api_as, session, croupier):
    """Modifiers 50 and 65 read the cards' surface and the closed doors when they are recorded: the API
    takes them as true, false or null (not recorded) and shows them back."""
    response = api_as(croupier).post("/api/games/", {"session": session.pk, "room": {
        "natural_surface": False, "doors_closed": True, "closed_throughout": None}}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["natural_surface"], body["doors_closed"], body["closed_throughout"]) == (False, True, None)


def test_record_cards_through_circles(api_as, game, players):
    client = api_as(players[0])
    deal = client.post("/api/deals/", {"game": game.pk}, format="json").json()
    circle = client.get(f"/api/deals/{deal['id']}/circle/").json()
    assert circle["number"] == 1 and circle["kind"] in ("open", "dark") and circle["dealt"] == 0
    card = client.post(f"/api/deals/{deal['id']}/cards/", {"card": "Тч"}, format="json")
    assert card.status_code == 201 and card.json()["card"] == "Ah" and card.json()["member"] == circle["recipient"]
    again = client.post(f"/api/deals/{deal['id']}/cards/", {"card": "Ah"}, format="json")
    assert again.status_code == 400 and "Ah" in again.json()["message"]


def test_submission_conflict_names_the_live_version(judge, api_as, game, croupier, players):
    deal = full_deal(game, croupier)
    first = api_as(players[0]).post("/api/results/", {"deal": deal.pk}, format="json")
    assert first.status_code == 201 and first.json()["status"] == "draft"
    second = api_as(players[1]).post("/api/results/", {"deal": deal.pk}, format="json")
    assert second.status_code == 409
    assert second.json()["extra"]["live_version"] == 1 and "version 1" in second.json()["message"]


def test_idempotency_key_returns_the_first_response(judge, api_as, game, croupier, players):
    deal = full_deal(game, croupier)
    client = api_as(players[0])
    headers = {"Idempotency-Key": "retry-1"}
    first = client.post("/api/results/", {"deal": deal.pk}, format="json", headers=headers)
    again = client.post("/api/results/", {"deal": deal.pk}, format="json", headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert Result.objects.count() == 1


def test_recorded_deal_refuses_a_typed_winner(judge, api_as, game, croupier, players):
    deal = full_deal(game, croupier)
    response = api_as(players[0]).post("/api/results/", {"deal": deal.pk, "winners": [players[1].pk], "pot": 4},
                                       format="json")
    assert response.status_code == 400 and "judge" in response.json()["message"]


def test_confirmation_by_another_person_then_ledger_and_stats(judge, api_as, game, croupier, players):
    deal = full_deal(game, croupier)
    result = api_as(players[1]).post("/api/results/", {"deal": deal.pk}, format="json").json()
    own = api_as(players[1]).post(f"/api/results/{result['id']}/confirm/")
    assert own.status_code == 403 and set(own.json()) == {"message", "extra"}
    ok = api_as(players[2]).post(f"/api/results/{result['id']}/confirm/")
    assert ok.status_code == 200 and ok.json()["status"] == "confirmed"
    # The whole posting is the croupier's to see; a member sees his own legs of it.
    ledger = api_as(croupier).get(f"/api/ledger/?deal={deal.pk}&limit=100").json()
    assert ledger["count"] > 0 and sum(row["amount"] for row in ledger["results"]) == 0
    own = api_as(players[0]).get(f"/api/ledger/?deal={deal.pk}&limit=100").json()
    assert sum(row["amount"] for row in own["results"]) == 3 * game.ante
    stats = api_as(players[0]).get(f"/api/stats/{players[0].pk}/").json()
    assert stats["played"] == 1 and stats["won"] == 1 and stats["balance"] == 3 * game.ante
    assert api_as(players[3]).get(f"/api/stats/{players[0].pk}/").json()["balance"] is None
    board = api_as(players[3]).get("/api/stats/leaderboard/?period=week").json()
    assert board[0]["member"] == players[0].pk and board[0]["rank"] == 1
    assert api_as(players[3]).get("/api/stats/leaderboard/?period=decade").status_code == 400


def test_quick_result_through_the_api(api_as, game, players):
    client = api_as(players[0])
    deal = client.post("/api/deals/", {"game": game.pk, "mode": "quick"}, format="json").json()
    missing = client.post("/api/results/", {"deal": deal["id"]}, format="json")
    assert missing.status_code == 400 and "pot" in missing.json()["message"]
    result = client.post("/api/results/", {"deal": deal["id"], "winners": [players[2].pk], "pot": 8}, format="json")
    assert result.status_code == 201 and result.json()["kind"] == "quick"
    assert result.json()["chips"][str(players[2].pk)] == 6


def test_outsiders_cannot_submit_or_bet(api_as, game, players, outsider, croupier):
    deal = services.deal_start(game=game, actor=croupier)
    assert api_as(outsider).post(f"/api/deals/{deal.pk}/bets/", {"amount": 2}, format="json").status_code == 404
    assert api_as(outsider).post("/api/results/", {"deal": deal.pk}, format="json").status_code == 404
    bet = api_as(players[1]).post(f"/api/deals/{deal.pk}/bets/", {"amount": 3}, format="json")
    assert bet.status_code == 201 and bet.json()["member"] == players[1].pk
    too_much = api_as(players[1]).post(f"/api/deals/{deal.pk}/bets/", {"amount": game.max_stake + 1}, format="json")
    assert too_much.status_code == 400 and str(game.max_stake + 1) in too_much.json()["message"]


def test_submissions_are_throttled(api_as, game, players, monkeypatch):
    from django.core.cache import cache
    from rest_framework.throttling import ScopedRateThrottle

    cache.clear()
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"submissions": "2/min"})
    client = api_as(players[0])
    codes = [client.post("/api/deals/", {"game": game.pk, "mode": "quick"}, format="json").status_code
             for _ in range(3)]
    assert codes[-1] == 429
    assert client.get("/api/deals/").status_code == 200  # reads are not submissions
    cache.clear()


def test_the_result_dispute_endpoint_calls_the_croupier_in_the_archive(api_as, game, croupier, players, outsider):
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    result = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=4)
    hidden = api_as(outsider).post(f"/api/results/{result.pk}/disputes/", {"question": "?"}, format="json")
    assert hidden.status_code == 404 and set(hidden.json()) == {"message", "extra"}
    raised = api_as(players[2]).post(f"/api/results/{result.pk}/disputes/", {"question": "Who won?"}, format="json")
    assert raised.status_code == 201 and raised.json()["deal_ref"] == f"deal-{deal.pk}"
    assert raised.json()["status"] == "open" and raised.json()["deal_snapshot"]["result_version"] == 1
    listed = api_as(players[0]).get(f"/api/disputes/?deal_ref=deal-{deal.pk}").json()
    assert [d["id"] for d in (listed["results"] if isinstance(listed, dict) else listed)] == [raised.json()["id"]]
    refused = api_as(players[1]).post(f"/api/results/{result.pk}/confirm/")
    assert refused.status_code == 409 and f"dispute #{raised.json()['id']}" in refused.json()["message"]
    assert refused.json()["extra"]["dispute"] == raised.json()["id"]
    ruled = api_as(croupier).post(f"/api/disputes/{raised.json()['id']}/rule/", {"ruling": "It stands."},
                                  format="json")
    assert ruled.status_code == 200
    assert api_as(players[1]).post(f"/api/results/{result.pk}/confirm/").json()["status"] == "confirmed"
