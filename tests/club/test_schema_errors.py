"""The OpenAPI document describes the API's refusals: each operation lists the statuses it can
refuse with, in the one error shape ``{"message": ..., "extra": {...}}`` (the ``Error``
component), and what the API answers when it refuses is what the document says."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(client):
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def _refusal_errors(schema: dict, path: str, method: str, response) -> list[str]:
    """Why ``response`` is not the refusal the document gives for its status (none: it is)."""
    documented = schema["paths"][path][method]["responses"].get(str(response.status_code))
    if documented is None:
        return [f"{method.upper()} {path} does not document {response.status_code}"]
    body = {"components": schema["components"], **documented["content"]["application/json"]["schema"]}
    return [error.message for error in Draft202012Validator(body).iter_errors(response.json())]


def test_the_error_shape_is_one_component(schema):
    error = schema["components"]["schemas"]["Error"]
    assert error["required"] == ["message", "extra"]
    assert error["properties"]["message"]["type"] == "string" and error["properties"]["extra"]["type"] == "object"


def test_an_operation_that_can_refuse_lists_its_refusals_in_the_error_shape(schema):
    responses = schema["paths"]["/api/venues/{slug}/"]["delete"]["responses"]
    assert {"400", "403", "404", "409"} <= set(responses)
    for status in ("400", "403", "404", "409"):
        assert responses[status]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
        assert responses[status]["description"]
    # Writes that a throttle counts, and the token login that locks an account, also answer 429.
    assert "429" in schema["paths"]["/api/precedents/"]["post"]["responses"]
    assert "429" in schema["paths"]["/api/token/"]["post"]["responses"]


def test_a_read_open_to_everybody_lists_no_refusal_it_cannot_give(schema):
    responses = schema["paths"]["/api/rulebook/"]["get"]["responses"]
    assert "200" in responses and "400" in responses
    assert not {"403", "404", "409", "429"} & set(responses)


def test_the_refusals_answered_are_the_documented_ones(schema, client, api_as, croupier, plain_member):
    venue = factories.venue()
    factories.session(actor=croupier, venue_=venue)
    refused = [
        ("/api/venues/{slug}/", "delete", api_as(croupier).delete(f"/api/venues/{venue.slug}/"), 409),
        ("/api/venues/{slug}/", "delete", api_as(plain_member).delete(f"/api/venues/{venue.slug}/"), 403),
        ("/api/venues/{slug}/", "delete", api_as(croupier).delete("/api/venues/no-such-venue/"), 404),
        ("/api/venues/", "post", api_as(croupier).post("/api/venues/", {"slug": "", "name": ""}, format="json"), 400),
    ]
    for path, method, response, status in refused:
        assert response.status_code == status, (method, path, response.status_code, response.content[:200])
        assert not _refusal_errors(schema, path, method, response), (method, path, response.json())
