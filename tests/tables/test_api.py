"""The tables' API: casino hands, dice matches, the Draker calculator; permissions, the one
error shape, and the endpoints in the OpenAPI schema."""

import pytest
from rest_framework.test import APIClient

from games.tables import selectors
from games.tables.models import CasinoHand
from tests import factories

pytestmark = pytest.mark.django_db


def _error_shape(response, status):
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"message", "extra"} and body["message"]
    return body


def test_casino_hand_start_act_draw_reveal_and_list_mine(player, stranger, api_as):
    client = api_as(player)
    started = client.post("/api/casino-hands/", {"stake": 2}, format="json")
    assert started.status_code == 201, started.content
    hand = started.json()
    assert hand["phase"] == "first_decision" and hand["legal_actions"] == ["play", "raise", "fold"]
    # The house's cards and the seed of the deck stay hidden while the hand is in play.
    assert hand["hand"]["house_cards"] is None and hand["seed"] is None and "seed" not in hand["hand"]
    assert len(hand["hand"]["player_cards"]) == 6 and hand["odds"] is None
    url = f"/api/casino-hands/{hand['id']}/"
    acted = client.post(url + "act/", {"action": "raise"}, format="json").json()
    assert acted["phase"] == "draw" and acted["odds"]["chosen"] == "raise"
    assert set(acted["odds"]["ev"]) == {"play", "raise", "fold"} and "stderr" in acted["odds"]
    drawn = client.post(url + "draw/", {"discard": acted["hand"]["player_cards"][:3]}, format="json").json()
    assert drawn["phase"] == "second_decision"
    client.post(url + "act/", {"action": "play"}, format="json")
    revealed = client.post(url + "reveal/").json()
    assert revealed["phase"] == "settled" and 0 <= revealed["minute"] <= 59
    assert revealed["seed"] and len(revealed["hand"]["house_cards"]) == 6 and revealed["net"] is not None
    api_as(stranger).post("/api/casino-hands/", {}, format="json")
    mine = client.get("/api/casino-hands/").json()
    assert [h["id"] for h in mine["results"]] == [hand["id"]]
    assert selectors.ledger_total() == 0


def test_only_the_player_acts_on_a_casino_hand(player, stranger, croupier, api_as):
    hand = api_as(player).post("/api/casino-hands/", {}, format="json").json()
    url = f"/api/casino-hands/{hand['id']}/"
    _error_shape(api_as(stranger).post(url + "act/", {"action": "play"}, format="json"), 403)
    _error_shape(api_as(croupier).post(url + "act/", {"action": "play"}, format="json"), 403)
    _error_shape(api_as(stranger).get(url), 403)
    assert api_as(croupier).get(url).json()["hand"]["house_cards"] is None
    _error_shape(APIClient().post(url + "act/", {"action": "play"}, format="json"), 403)
    assert CasinoHand.objects.get().phase == "first_decision"


def test_casino_refusals_have_the_one_error_shape(player, api_as):
    client = api_as(player)
    hand = client.post("/api/casino-hands/", {}, format="json").json()
    url = f"/api/casino-hands/{hand['id']}/"
    body = _error_shape(client.post(url + "draw/", {"discard": []}, format="json"), 400)
    assert "out of order" in body["message"] and body["extra"]["value"] == "draw"
    body = _error_shape(client.post(url + "act/", {"action": "bluff"}, format="json"), 400)
    assert body["extra"]["fields"]["action"]["value"] == "bluff"
    _error_shape(client.post("/api/casino-hands/", {}, format="json"), 409)
    _error_shape(client.post("/api/casino-hands/", {"stake": 0}, format="json"), 400)
    client.post(url + "act/", {"action": "play"}, format="json")
    body = _error_shape(client.post(url + "draw/", {"discard": ["Jo"]}, format="json"), 400)
    assert "Jo" in body["message"] or "joker" in body["message"].lower()


def test_a_dice_match_through_the_api(player, opponent, stranger, croupier, api_as):
    session = factories.session(actor=croupier)
    client = api_as(player)
    created = client.post("/api/dice-matches/", {"first": player.pk, "second": opponent.pk, "stake": 2,
                                                 "session": session.pk}, format="json")
    assert created.status_code == 201, created.content
    match = created.json()
    # An invitation: only the creator's stake is in the pool until the opponent accepts.
    assert match["pool"] == 2 and match["phase"] == "invited" and match["to_act"] is None
    assert match["legal_actions"] == []
    accepted = api_as(opponent).post(f"/api/dice-matches/{match['id']}/accept/").json()
    assert accepted["pool"] == 4 and accepted["to_act"] == player.pk and accepted["legal_actions"] == ["roll"]
    url = f"/api/dice-matches/{match['id']}/move/"
    client.post(url, {"action": "roll", "dice": [6, 6, 6, 2, 3]}, format="json")
    # Each player types his own roll: the mover defaults to the caller.
    after = api_as(opponent).post(url, {"action": "roll", "dice": [1, 2, 4, 4, 5]}, format="json").json()
    assert after["phase"] == "bargain" and len(after["odds"]) == 2
    body = _error_shape(client.post(url, {"action": "accept"}, format="json"), 400)
    assert "no raise is proposed" in body["message"] and body["extra"]["value"] == "accept"
    body = _error_shape(client.post(url, {"action": "raise", "amount": -3}, format="json"), 400)
    assert "-3" in body["message"]
    _error_shape(api_as(stranger).post(url, {"action": "no_raise"}, format="json"), 403)
    moves = [{"action": "no_raise"}, {"action": "no_raise"}, {"action": "reroll", "indices": [3, 4], "dice": [6, 1]},
             {"action": "reroll", "indices": []},
             {"action": "roll", "dice": [2, 2, 3, 4, 5]}, {"action": "roll", "dice": [1, 1, 3, 4, 6]},
             {"action": "raise", "amount": 3}, {"action": "pass"}]
    for move in moves:
        response = api_as(croupier).post(url, move, format="json")
        assert response.status_code == 200, response.content
    done = client.get(f"/api/dice-matches/{match['id']}/").json()
    assert done["phase"] == "over" and done["winner"] == player.pk
    assert selectors.table_balance(member=player) == 2 and selectors.table_balance(member=opponent) == -2
    assert selectors.ledger_total() == 0
    assert client.get("/api/dice-matches/").json()["results"][0]["id"] == match["id"]


def test_a_seeded_dice_match_hides_its_seed_until_the_end(player, opponent, api_as):
    client = api_as(player)
    match = client.post("/api/dice-matches/", {"first": player.pk, "second": opponent.pk, "mode": "seeded"},
                        format="json").json()
    assert match["seed"] is None and match["mode"] == "seeded"
    api_as(opponent).post(f"/api/dice-matches/{match['id']}/accept/")
    url = f"/api/dice-matches/{match['id']}/move/"
    rolled = client.post(url, {"action": "roll"}, format="json").json()
    assert rolled["state"]["dice"][player.display_name] is not None
    # A player rolls for themselves only.
    _error_shape(client.post(url, {"action": "roll", "player": opponent.pk}, format="json"), 403)
    assert api_as(opponent).post(url, {"action": "roll"}, format="json").status_code == 200


def test_draker_score_needs_no_login():
    cards = [{"rank": r, "profession": 2, "suit": "g"} for r in (12, 13, 14)]
    response = APIClient().post("/api/draker/score/", {"cards": cards, "spent_attack": 1}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["score"]["final"] == 3 * 6 and body["score"]["flush"] is True
    assert body["score"]["kinds"] == ["kare_profession", "straight_rank"]
    assert body["balance"]["life_cost"] == 3 and body["balance"]["earned_defence"] == 18
    body = _error_shape(APIClient().post("/api/draker/score/", {"cards": [{"rank": 1, "profession": 1, "suit": "h"}]},
                                         format="json"), 400)
    assert "rank 1" in body["message"] and body["extra"]["value"] == 1
    body = _error_shape(APIClient().post("/api/draker/score/", {"cards": [
        {"rank": 2, "profession": 1, "suit": "h"}, {"rank": 9, "profession": 5, "suit": "s"}]}, format="json"), 400)
    assert "form no combination" in body["message"]


def test_the_endpoints_are_in_the_openapi_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    for path in ("/api/casino-hands/", "/api/casino-hands/{id}/act/", "/api/casino-hands/{id}/draw/",
                 "/api/casino-hands/{id}/reveal/", "/api/dice-matches/", "/api/dice-matches/{id}/",
                 "/api/dice-matches/{id}/move/", "/api/dice-matches/{id}/accept/",
                 "/api/dice-matches/{id}/decline/", "/api/dice-matches/{id}/withdraw/", "/api/draker/score/"):
        assert path in paths, path
