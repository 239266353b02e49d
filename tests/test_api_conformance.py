"""The schema tells the truth: every GET operation of the served OpenAPI document, called on the
demo club's real objects as an anonymous visitor, a member, a croupier and an admin, answers a
body that validates against the response schema the document gives for it (OpenAPI's nullable
read as JSON Schema's null), or a refusal that is not a server error."""

from __future__ import annotations

import re

import pytest
from jsonschema import Draft202012Validator
from rest_framework.test import APIClient

from tests.games.test_schema_fuzz import _served_schema
from tests.test_write_access import _actor, _objects, club  # noqa: F401 (the demo club fixture)

pytestmark = pytest.mark.django_db

SCHEMA = _served_schema()
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
    objects = _objects()
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
