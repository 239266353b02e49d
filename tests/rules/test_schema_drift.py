"""The archive's answers are what its OpenAPI schema says: a dispute not yet ruled has no ruler
and no precedent (null, documented as such), a founding precedent has no croupier, and the
what-if is a plain list."""

from __future__ import annotations

import pytest
import requests
import schemathesis
from rest_framework.test import APIClient
from schemathesis import Response

from rules import services
from rules.models import InterpretationPoint
from tests.openapi import served_schema

from .helpers import founding, ruling

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema():
    return schemathesis.openapi.from_dict(served_schema())


def _check(schema, template: str, method: str, path: str, response) -> None:
    """Raise unless ``response`` (a test client's) is what the schema documents for the operation."""
    request = requests.Request(method, f"http://testserver{path}").prepare()
    answer = Response(status_code=response.status_code, headers={"content-type": [response["Content-Type"]]},
                      content=response.content, request=request, elapsed=0.0, verify=True)
    schema[template][method].validate_response(answer)


def test_a_dispute_not_yet_ruled_matches_the_schema(schema, table):
    dispute = services.dispute_raise(actor=table.seated, deal_ref=table.ref, question="Dead?")
    client = APIClient()
    client.force_authenticate(table.seated.user)
    detail = client.get(f"/api/disputes/{dispute.pk}/")
    assert detail.json()["ruled_by"] is None and detail.json()["precedent"] is None
    _check(schema, "/api/disputes/{id}/", "GET", f"/api/disputes/{dispute.pk}/", detail)
    _check(schema, "/api/disputes/", "GET", "/api/disputes/", client.get("/api/disputes/"))


def test_a_precedent_without_a_croupier_matches_the_schema(schema, archive):
    permanent_id = founding("IP-R2-WILD-CARD").permanent_id
    detail = APIClient().get(f"/api/precedents/{permanent_id}/")
    assert detail.json()["ruled_by"] is None
    _check(schema, "/api/precedents/{permanent_id}/", "GET", f"/api/precedents/{permanent_id}/", detail)
    listed = APIClient().get("/api/precedents/", {"status": "binding", "limit": 3})
    _check(schema, "/api/precedents/", "GET", "/api/precedents/", listed)


def test_the_what_if_is_a_plain_list_as_documented(schema, archive, croupier):
    point = InterpretationPoint.objects.get(point_id="IP-R2-WILD-CARD")
    precedent = ruling(croupier, fixes={point.point_id: next(r for r in point.readings if r != point.default)})
    path = f"/api/precedents/{precedent.permanent_id}/what-if/"
    client = APIClient()
    client.force_authenticate(croupier.user)
    for method in ("GET", "POST"):
        response = client.generic(method, path)
        assert response.status_code == 200 and isinstance(response.json(), list)
        _check(schema, "/api/precedents/{permanent_id}/what-if/", method, path, response)
