"""The schema tells the truth: every GET operation of the served OpenAPI document, called on the
demo club's real objects as an anonymous visitor, a member, a croupier and an admin, answers a
body that validates against the response schema the document gives for it (OpenAPI's nullable
read as JSON Schema's null), or a refusal that is not a server error.

Every write operation (POST, PUT, PATCH, DELETE) is called the same way with a few bodies
schemathesis draws from the schema (a fixed number, derandomized: the same ones every run), each
in a savepoint rolled back after it: an answer that succeeds validates against the schema of its
status, and no answer is a server error."""

from __future__ import annotations

import re

import pytest
import schemathesis
from django.db import transaction
from hypothesis import HealthCheck, settings
from jsonschema import Draft202012Validator
from rest_framework.test import APIClient
from schemathesis.config import SchemathesisConfig

from tests.games.test_schema_fuzz import _send
from tests.openapi import served_schema
from tests.test_write_access import _actor, club  # noqa: F401 (the demo club fixture)

pytestmark = pytest.mark.django_db

SCHEMA = served_schema()
GETS = sorted(path for path, operations in SCHEMA["paths"].items() if "get" in operations)


def _json_schema(node):
    """OpenAPI 3.0's ``nullable`` as JSON Schema: the type or schema, or null."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _json_schema(value) for key, value in node.items() if key != "nullable"}
    if node.get("nullable"):
        if isinstance(out.get("type"), str):
            out["type"] = [out["type"], "null"]
            if "enum" in out:
                out["enum"] = [*out["enum"], None]
        else:
            out = {"anyOf": [out, {"type": "null"}]}
    return out


COMPONENTS = _json_schema(SCHEMA["components"])


def test_every_get_operation_is_tried():
    assert len(GETS) >= 40 and "/api/sessions/{id}/" in GETS and "/api/tournaments/{slug}/standings/" in GETS


@pytest.mark.parametrize("path", GETS)
@pytest.mark.parametrize("role", ["anonymous", "member", "croupier", "admin"])
def test_a_get_answers_what_the_schema_says(club, path, role):  # noqa: F811
    objects = club["objects"]
    url = re.sub(r"\{[^}]+\}", objects.get(path.split("/")[2], "1"), path)
    client = APIClient()
    actor = _actor(club, role)
    if actor is not None:
        client.force_authenticate(actor.user)
    response = client.get(url, HTTP_ACCEPT="application/json")
    assert response.status_code < 500, (url, role, response.status_code)
    if response.status_code != 200 or "application/json" not in response.get("Content-Type", ""):
        return
    documented = SCHEMA["paths"][path]["get"]["responses"].get("200", {}).get("content", {})
    assert "application/json" in documented, f"{path} answers 200 with JSON the schema does not describe"
    schema = {"components": COMPONENTS, **_json_schema(documented["application/json"]["schema"])}
    errors = list(Draft202012Validator(schema).iter_errors(response.json()))
    assert not errors, [(list(e.absolute_path)[:6], e.message[:200]) for e in errors[:3]]


WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"]
# Random bodies only, two per operation and role: the coverage phase's boundary cases are
# tests/games/test_schema_fuzz.py's business, and the file must stay quick.
WRITE_EXAMPLES = 2
WRITES = schemathesis.openapi.from_dict(SCHEMA, config=SchemathesisConfig.from_dict({
    "phases": {"coverage": {"enabled": False}}, "generation": {"max-examples": WRITE_EXAMPLES}}),
).include(method=WRITE_METHODS)


def _conforms(path: str, method: str, response) -> None:
    if response.status_code >= 300 or "application/json" not in response.get("Content-Type", ""):
        return
    documented = (SCHEMA["paths"][path][method.lower()]["responses"].get(str(response.status_code), {})
                  .get("content", {}))
    assert "application/json" in documented, (
        f"{method} {path} answers {response.status_code} with JSON the schema does not describe")
    schema = {"components": COMPONENTS, **_json_schema(documented["application/json"]["schema"])}
    errors = list(Draft202012Validator(schema).iter_errors(response.json()))
    assert not errors, [(method, path, list(e.absolute_path)[:6], e.message[:200]) for e in errors[:3]]


def test_every_write_operation_is_tried():
    writes = {(method.upper(), path) for path, operations in SCHEMA["paths"].items()
              for method in operations if method.upper() in WRITE_METHODS}
    assert len(writes) >= 50 and ("POST", "/api/precedents/") in writes and ("PATCH", "/api/sessions/{id}/") in writes


@WRITES.parametrize()
@settings(max_examples=WRITE_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@pytest.mark.parametrize("role", ["anonymous", "member", "croupier", "admin"])
def test_a_write_answers_what_the_schema_says(case, club, role):  # noqa: F811
    # Each drawn body against the demo club as it was loaded: nothing one example wrote is seen
    # by the next.
    with transaction.atomic():
        objects = club["objects"]
        for name in case.path_parameters or {}:
            case.path_parameters[name] = objects.get(case.path.split("/")[2], "1")
        client = APIClient()
        actor = _actor(club, role)
        if actor is not None:
            client.force_authenticate(actor.user)
        response = _send(client, case.as_transport_kwargs(base_url="http://testserver"))
        transaction.set_rollback(True)
    assert response.status_code < 500, (case.method, case.formatted_path, role, response.status_code)
    _conforms(case.path, case.method, response)
