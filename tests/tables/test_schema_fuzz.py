"""The tables' endpoints fuzzed from the served OpenAPI schema: no request ends in a server
error, whatever the body, for a member with a hand in play, a dice match and a Draker game."""

from __future__ import annotations

import json

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from rest_framework.test import APIClient
from schemathesis.config import SchemathesisConfig

from games.tables import services
from tests import budgets, factories
from tests.budgets import examples
from tests.openapi import served_schema

pytestmark = pytest.mark.django_db


# schemathesis's coverage phase (the boundary cases of every field, hundreds per operation) runs with
# the full budgets only (tests/budgets.py).
CONFIG = SchemathesisConfig.from_dict({"phases": {"coverage": {"enabled": budgets.FULL}}})
schema = schemathesis.openapi.from_dict(served_schema(), config=CONFIG).include(
    path_regex=r"^/api/(casino-hands|dice-matches|draker|draker-games)/")


@pytest.fixture
def fuzz_client(player, opponent):
    hand = services.casino_hand_start(actor=player, seed="fuzz")
    services.casino_hand_act(hand=hand, actor=player, action="play")
    # One invitation still open (accept / decline / withdraw have something to refuse or do) and
    # one match under way.
    services.dice_match_create(actor=player, first=player, second=opponent)
    seeded = services.dice_match_create(actor=player, first=player, second=opponent, mode="seeded")
    services.dice_match_accept(match=seeded, actor=opponent)
    factories.venue(slug="fuzz-venue")
    # A draft Draker game the player entered (turns, confirm and discard have something to refuse or do).
    services.draker_game_record(actor=player, players=[{"member": player, "place": 1},
                                                       {"member": opponent, "place": 2}])
    client = APIClient()
    client.force_authenticate(player.user)
    return client


@schema.parametrize()
@settings(max_examples=examples(6), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_no_server_error(case, fuzz_client):
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    path = kwargs["url"].removeprefix("http://testserver")
    data = json.dumps(kwargs["json"]) if "json" in kwargs else (kwargs.get("data") or "")
    response = fuzz_client.generic(kwargs["method"], path, data=data, content_type="application/json")
    assert response.status_code < 500, (case.method, case.formatted_path, response.status_code, data)
