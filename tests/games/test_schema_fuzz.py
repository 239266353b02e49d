"""The whole API (every app under /api/schema/) fuzzed from its own OpenAPI schema with
schemathesis, authenticated as an admin of a club with play recorded: no request may end in a
server error.

"""

from __future__ import annotations

import json
from urllib.parse import urlencode, urlsplit

import pytest
import schemathesis
from django.db import transaction
from hypothesis import HealthCheck, settings
from rest_framework.test import APIClient
from schemathesis.config import SchemathesisConfig

from club import services as club_services
from club.models import Member
from games import engine, services
from tests import factories
from tests.budgets import examples
from tests.games.conftest import stand_in_judge
from tests.openapi import served_schema

# (method, path) -> why it answers 500 today.


# Random generation only, a bounded number of examples per operation: the coverage phase would add
# hundreds of boundary cases per operation and the suite must stay fast.
FUZZ_CONFIG = SchemathesisConfig.from_dict({
    "phases": {"coverage": {"enabled": False}, "examples": {"enabled": False}},
    "generation": {"max-examples": 10},
})
schema = schemathesis.openapi.from_dict(served_schema(), config=FUZZ_CONFIG)


@pytest.fixture(scope="module")
def fuzz_admin(django_db_setup, django_db_blocker):
    """A club with play recorded, made once for the module inside a transaction rolled back at
    the end (each test's own transaction is a savepoint within it)."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield _club_with_play()
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


def _club_with_play() -> Member:
    with engine.judge_override(stand_in_judge):
        croupier = factories.member(Member.Role.CROUPIER, password=None)
        players = [factories.member(password=None) for _ in range(4)]
        session = factories.session(actor=croupier, days=-1)
        for p in players:
            club_services.rsvp_set(session=session, member=p, actor=p, answer="going")
        club_services.seating_apply_proposal(session=session, actor=croupier, seed="fuzz")
        game = services.game_start(session=session, actor=croupier)
        deal = services.deal_digital(game=game, actor=croupier, seed="fuzz")
        result = services.result_submit(deal=deal, actor=players[0])
        services.result_confirm(result=result, actor=players[1])
        quick = services.deal_start(game=game, actor=croupier, quick=True)
        services.result_submit_quick(deal=quick, actor=players[0], winners=[players[2]], pot=8)
    return factories.member(Member.Role.ADMIN, display_name="Fuzzing admin", password=None)


@pytest.fixture
def fuzz_client(db, fuzz_admin):
    client = APIClient()
    client.force_authenticate(fuzz_admin.user)
    return client


def test_schema_is_the_served_one(fuzz_client):
    served = json.loads(fuzz_client.get("/api/schema/", {"format": "json"}).content)
    assert set(served["paths"]) == set(served_schema()["paths"])
    assert {"/api/results/", "/api/deals/{id}/circle/", "/api/ledger/", "/api/sessions/"} <= set(served["paths"])


@schema.parametrize()
@settings(max_examples=examples(10), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_no_server_error(case, fuzz_client):
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    response = _send(fuzz_client, kwargs)
    assert response.status_code < 500, (case.method, case.formatted_path, response.status_code)


def _send(client, kwargs):
    url = urlsplit(kwargs["url"])
    query = "&".join(q for q in (url.query, urlencode(kwargs.get("params") or {}, doseq=True)) if q)
    sent = kwargs.get("headers") or {}
    # The client is authenticated already; the generated credentials would only log it out.
    headers = {k: v for k, v in sent.items()
               if k.lower() not in ("content-type", "content-length", "user-agent", "authorization", "cookie")}
    data = json.dumps(kwargs["json"]) if "json" in kwargs else (kwargs.get("data") or "")
    return client.generic(kwargs["method"], url.path + (f"?{query}" if query else ""), data=data,
                          content_type=sent.get("Content-Type") or "application/json", headers=headers)


def test_session_id_that_is_not_a_number_is_404(fuzz_client):
    for action in ("rsvp", "transition", "seating", "seat"):
        response = fuzz_client.post(f"/api/sessions/false/{action}/", {}, format="json")
        assert response.status_code == 404, action
