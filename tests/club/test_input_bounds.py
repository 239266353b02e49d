"""No input makes a server error: page sizes and offsets, JSON nesting, control characters, dates,
integers and deleting what is still in use are all answered with a 4xx in the one error shape.

The endpoints are read from the URL conf (drf-spectacular's enumerator), so a new endpoint is
covered the day it is added.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.utils import timezone
from drf_spectacular.generators import EndpointEnumerator
from rest_framework import serializers
from rest_framework.test import APIClient

from club.models import Member
from club.validators import MAX_YEAR, MIN_YEAR, sane_date_range
from tests import factories

pytestmark = pytest.mark.django_db

HUGE = "9223372036854775808"  # one past the largest signed 64-bit integer
DEEP = 10_000

_ENDPOINTS = EndpointEnumerator().get_api_endpoints()
# Not lists: the schema and its viewer.
_NOT_LISTS = {"/api/schema/", "/api/docs/"}
LIST_PATHS = sorted({path for path, _regex, method, _cb in _ENDPOINTS
                     if method == "GET" and "{" not in path and path not in _NOT_LISTS})
WRITE_ENDPOINTS = sorted({(method, path) for path, _regex, method, _cb in _ENDPOINTS
                          if method in ("POST", "PUT", "PATCH")} | {("POST", "/api/token/")})
# Path parameters filled with values that name nothing: the answer is a 4xx either way.
_PARAM = re.compile(r"\{(\w+)\}")


def _concrete(path: str) -> str:
    return _PARAM.sub(lambda m: "999999" if m.group(1) in ("pk", "id") else "nothing", path)


def _shape(response) -> dict:
    body = response.json()
    assert set(body) == {"message", "extra"}, body
    assert isinstance(body["message"], str) and body["message"]
    return body


@pytest.fixture
def admin_client(db):
    client = APIClient()
    client.force_authenticate(factories.member(Member.Role.ADMIN).user)
    return client


def test_the_url_conf_yields_the_endpoints():
    # The parametrised tests below are only as good as the enumeration: it must see every app.
    for path in ("/api/dimensions/", "/api/deals/", "/api/tournaments/", "/api/dice-matches/", "/api/precedents/"):
        assert path in LIST_PATHS
    assert ("POST", "/api/token/") in WRITE_ENDPOINTS and ("POST", "/api/draker/score/") in WRITE_ENDPOINTS


# --- page size and offset ---------------------------------------------------------------------------


def _json(response):
    """The answer's JSON; None for a file (a member's data is a zip, a download has no pages)."""
    return response.json() if response["Content-Type"].startswith("application/json") else None


@pytest.mark.parametrize("path", LIST_PATHS)
@pytest.mark.parametrize("param", ["limit", "offset"])
def test_a_huge_limit_or_offset_is_no_server_error(admin_client, path, param):
    response = admin_client.get(path, {param: HUGE})
    assert response.status_code < 500
    body = _json(response)
    if isinstance(body, dict) and "results" in body:
        assert len(body["results"]) <= 100


@pytest.mark.parametrize("path", LIST_PATHS)
def test_a_large_limit_returns_at_most_a_page(admin_client, path):
    response = admin_client.get(path, {"limit": "100000"})
    assert response.status_code < 500
    body = _json(response)
    if isinstance(body, dict) and "results" in body:
        assert len(body["results"]) <= 100


def test_a_large_limit_is_cut_to_the_largest_page(admin_client):
    for _ in range(103):
        factories.dimension()
    body = admin_client.get("/api/dimensions/", {"limit": "100000"}).json()
    assert body["count"] >= 103 and len(body["results"]) == 100
    body = admin_client.get("/api/dimensions/", {"limit": HUGE, "offset": "100"}).json()
    assert len(body["results"]) == body["count"] - 100
    # A small page is still a small page, and the offset still moves through the list.
    first = admin_client.get("/api/dimensions/", {"limit": "2"}).json()["results"]
    second = admin_client.get("/api/dimensions/", {"limit": "2", "offset": "2"}).json()["results"]
    assert len(first) == len(second) == 2 and {d["slug"] for d in first}.isdisjoint(d["slug"] for d in second)


def test_the_largest_page_is_a_setting(admin_client, settings):
    settings.API_MAX_PAGE_SIZE = 3
    for _ in range(5):
        factories.dimension()
    assert len(admin_client.get("/api/dimensions/", {"limit": "100"}).json()["results"]) == 3


def test_a_huge_offset_gives_an_empty_page(admin_client):
    factories.dimension()
    body = admin_client.get("/api/dimensions/", {"offset": HUGE}).json()
    assert body["results"] == [] and body["next"] is None


@pytest.mark.parametrize("param,value", [("modifier", HUGE), ("modifier", "²"), ("modifier", "0"),
                                         ("modifier", "101"), ("hand", HUGE), ("hand", "65"), ("hand", "-1")])
def test_integer_query_parameters_are_bounded(api, param, value):
    response = api.get("/api/precedents/", {param: value})
    assert response.status_code == 400
    body = _shape(response)
    assert body["extra"]["field"] == param and body["extra"]["value"] == value


def test_integer_query_parameters_in_range_still_filter(api):
    assert api.get("/api/precedents/", {"modifier": "34", "hand": "64"}).status_code == 200


# --- JSON nesting -----------------------------------------------------------------------------------


@pytest.mark.parametrize("method,path", WRITE_ENDPOINTS)
def test_deeply_nested_json_is_refused(admin_client, method, path):
    body = "[" * DEEP + "]" * DEEP
    response = getattr(admin_client, method.lower())(_concrete(path), body, content_type="application/json")
    assert response.status_code < 500
    if "{" not in path:
        # Nothing to look up first: the body itself is what is refused.
        assert response.status_code == 400, response.content
    if response.status_code == 400:
        _shape(response)


def test_deep_json_is_refused_for_anonymous_token_requests(api):
    body = '{"username": ' + "[" * DEEP + "]" * DEEP + "}"
    response = api.post("/api/token/", body, content_type="application/json")
    assert response.status_code == 400
    assert "nested" in _shape(response)["message"]


def test_json_nested_past_the_limit_but_short_of_recursion_is_refused(admin_client):
    body = json.dumps({"slug": "x", "name_en": "x", "name_ru": "x", "phonetic": "x",
                       "description": json.loads("[" * 40 + "]" * 40)})
    response = admin_client.post("/api/dimensions/", body, content_type="application/json")
    assert response.status_code == 400
    assert _shape(response)["extra"]["limit"] == 32


def test_ordinary_nesting_still_parses(admin_client):
    response = admin_client.post("/api/draker/score/", {"cards": [
        {"rank": 10, "profession": 3, "suit": "h"}]}, format="json")
    assert response.status_code == 200, response.json()


def test_no_page_form_parses_json():
    """The score sheet's card play is asked trick by trick, so no page form takes JSON (and none
    can be handed a deeply nested document); a JSON field added to a form must bring the depth
    bound with it."""
    import importlib

    from django import forms

    for module in ("club.forms", "games.forms", "games.tables.forms", "games.tournaments.forms", "rules.forms"):
        for name, form in vars(importlib.import_module(module)).items():
            if isinstance(form, type) and issubclass(form, forms.BaseForm):
                assert not any(isinstance(f, forms.JSONField) for f in form.base_fields.values()), (module, name)


# --- control characters -----------------------------------------------------------------------------


@pytest.mark.parametrize("path", LIST_PATHS)
def test_nul_in_a_query_parameter_is_refused(admin_client, path):
    response = admin_client.get(path, {"search": "ab\x00cd"})
    assert response.status_code == 400
    body = _shape(response)
    assert body["extra"]["field"] == "search"
    assert "\\x00" in body["message"]


def test_nul_in_a_query_parameter_name_is_refused(api):
    response = api.get("/api/rulebook/?a%00b=1")
    assert response.status_code == 400 and _shape(response)["extra"]["field"] == "a\\x00b"


@pytest.mark.parametrize("method,path", [(m, p) for m, p in WRITE_ENDPOINTS if "{" not in p])
def test_nul_in_a_json_string_is_refused(admin_client, method, path):
    body = json.dumps({"title": "fine", "nested": [{"note": "bad\x00value"}]})
    response = getattr(admin_client, method.lower())(path, body, content_type="application/json")
    assert response.status_code == 400, response.content
    assert _shape(response)["extra"]["field"] == "nested[0].note"


@pytest.mark.parametrize("char", ["\x00", "\x01", "\x1b", "\x7f"])
def test_control_characters_in_json_are_refused(admin_client, char):
    payload = {"slug": "calm", "name_en": f"a{char}b", "name_ru": "x", "phonetic": "x"}
    response = admin_client.post("/api/dimensions/", payload, format="json")
    assert response.status_code == 400
    body = _shape(response)
    # Named as a serializer's 400 names a field too, so a form shows it beside the field.
    assert body["extra"]["field"] == "name_en" and body["extra"]["fields"]["name_en"]["errors"] == [body["message"]]
    assert admin_client.get("/api/dimensions/calm/").status_code == 404


def test_a_key_with_nul_is_refused(admin_client):
    response = admin_client.post("/api/dimensions/", '{"sl\\u0000ug": "x"}', content_type="application/json")
    assert response.status_code == 400 and _shape(response)["extra"]["field"] == "sl\\x00ug"


def test_tab_and_newlines_are_free_text(admin_client):
    payload = {"slug": "tabbed", "name_en": "Tab", "name_ru": "x", "phonetic": "x",
               "description": "one\tcolumn\r\nnext line\n"}
    response = admin_client.post("/api/dimensions/", payload, format="json")
    assert response.status_code == 201, response.json()


def test_nul_in_a_form_field_is_refused_on_a_page(client):
    response = client.post("/accounts/login/", {"login": "a\x00@example.org", "password": "x"})
    assert response.status_code == 400
    assert b"\\x00" in response.content and b"login" in response.content


def test_nul_in_a_page_query_is_refused_in_the_members_language(client):
    response = client.get("/rules/precedents/", {"q": "x\x00"}, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    assert b'lang="ru"' in response.content
    response = client.get("/rules/precedents/", {"q": "x\x00"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and b'lang="en"' in response.content


def test_nul_in_the_path_is_refused(api):
    response = api.get("/api/precedents/P-1\x00/")
    assert response.status_code == 400 and _shape(response)["extra"]["field"] == "path"


def test_form_posts_to_the_api_are_checked_too(admin_client):
    response = admin_client.post("/api/dimensions/", {"slug": "x", "name_en": "a\x00", "name_ru": "x",
                                                      "phonetic": "x"})
    assert response.status_code == 400 and _shape(response)["extra"]["field"] == "name_en"


# --- deleting what is in use ------------------------------------------------------------------------


def test_deleting_a_venue_in_use_is_a_conflict(api_as, croupier):
    session = factories.session(actor=croupier)
    response = api_as(croupier).delete(f"/api/venues/{session.venue.slug}/")
    assert response.status_code == 409
    body = _shape(response)
    assert session.venue.slug in body["message"] and "scheduled sessions: 1" in body["message"]
    assert body["extra"]["used_by"] == {"club.scheduledsession": 1}
    assert api_as(croupier).get(f"/api/venues/{session.venue.slug}/").status_code == 200


def test_deleting_a_dimension_in_use_is_a_conflict(api_as, admin_member):
    dim = factories.dimension()
    factories.member(dim=dim)
    factories.member(dim=dim)
    response = api_as(admin_member).delete(f"/api/dimensions/{dim.slug}/")
    assert response.status_code == 409
    body = _shape(response)
    assert "members: 2" in body["message"]
    assert body["extra"] == {"value": dim.slug, "used_by": {"club.member": 2}}


def test_deleting_a_dimension_in_use_is_named_in_russian(api_as, admin_member):
    dim = factories.dimension()
    factories.member(dim=dim)
    client = api_as(admin_member)
    response = client.delete(f"/api/dimensions/{dim.slug}/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 409 and dim.slug in response.json()["message"]


def test_deleting_unused_venue_and_dimension_works(api_as, admin_member, croupier):
    venue, dim = factories.venue(), factories.dimension()
    assert api_as(croupier).delete(f"/api/venues/{venue.slug}/").status_code == 204
    assert api_as(admin_member).delete(f"/api/dimensions/{dim.slug}/").status_code == 204


def test_a_member_still_cannot_delete_a_venue(api_as, plain_member):
    venue = factories.venue()
    assert api_as(plain_member).delete(f"/api/venues/{venue.slug}/").status_code == 403


# --- dates ------------------------------------------------------------------------------------------


def _session_payload(venue, starts_at: str) -> dict:
    return {"title": "Friday", "venue": venue.slug, "starts_at": starts_at,
            "ends_at": (timezone.now() + timedelta(days=3)).isoformat(), "game": "dragon",
            "min_stake": 2, "max_stake": 20, "capacity": 6}


@pytest.mark.parametrize("moment", ["0038-01-01T10:00:00Z", "2201-01-01T10:00:00Z", "0001-01-01T00:00:00+05:00",
                                    "9999-12-31T23:59:59-05:00"])
def test_a_session_outside_the_sane_years_is_refused(api_as, croupier, moment):
    response = api_as(croupier).post("/api/sessions/", _session_payload(factories.venue(), moment), format="json")
    assert response.status_code == 400
    assert "starts_at" in _shape(response)["extra"]["fields"]


@pytest.mark.parametrize("day", ["0038-01-01", "2201-01-01"])
def test_dates_outside_the_sane_years_are_refused_in_bodies(api_as, croupier, admin_member, day):
    tournament = api_as(croupier).post("/api/tournaments/", {"name": "Cup", "date": day}, format="json")
    assert tournament.status_code == 400 and "date" in _shape(tournament)["extra"]["fields"]
    precedent = api_as(croupier).post("/api/precedents/", {
        "title": "t", "situation": "s", "question": "q", "ruling": "r", "ruled_on": day}, format="json")
    assert precedent.status_code == 400 and "ruled_on" in _shape(precedent)["extra"]["fields"]
    member = api_as(admin_member).patch(f"/api/members/{admin_member.pk}/", {"joined": day}, format="json")
    assert member.status_code == 400 and "joined" in _shape(member)["extra"]["fields"]


@pytest.mark.parametrize("path,param", [("/api/readings-in-force/", "on"), ("/api/precedents/", "from"),
                                        ("/api/precedents/", "to")])
@pytest.mark.parametrize("day", ["0038-01-01", "2201-01-01", "0001-01-01"])
def test_dates_outside_the_sane_years_are_refused_in_queries(api, path, param, day):
    response = api.get(path, {param: day})
    assert response.status_code == 400
    body = _shape(response)
    assert body["extra"]["field"] == param and day in body["message"]


def test_dates_at_the_edges_are_accepted(api_as, croupier):
    assert api_as(croupier).post("/api/tournaments/", {"name": "Old cup", "date": f"{MIN_YEAR}-01-01"},
                                 format="json").status_code == 201
    assert api_as(croupier).post("/api/tournaments/", {"name": "New cup", "date": f"{MAX_YEAR}-12-31"},
                                 format="json").status_code == 201


# --- every writable date and integer field of the API is bounded --------------------------------------

def _request_serializers():
    """The serializer each writing endpoint reads its body with, as the schema generator finds it."""
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.settings import spectacular_settings

    generator = SchemaGenerator()
    generator._initialise_endpoints()
    found = {}
    for path, path_regex, method, view in generator._get_paths_and_endpoints():
        if method not in ("POST", "PUT", "PATCH"):
            continue
        view.request = spectacular_settings.GET_MOCK_REQUEST(method, path, view, None)
        view.schema.method, view.schema.path, view.schema.path_regex = method, path, path_regex
        serializer = view.schema.get_request_serializer()
        if serializer is not None:
            cls = serializer if isinstance(serializer, type) else type(serializer)
            found[f"{cls.__module__}.{cls.__name__}"] = cls
    return found.values()


def _writable_fields(serializer, prefix=""):
    for name, field in serializer.fields.items():
        if field.read_only:
            continue
        inner = field.child if isinstance(field, serializers.ListSerializer | serializers.ListField) else field
        if isinstance(inner, serializers.Serializer):
            yield from _writable_fields(inner, f"{prefix}{name}.")
        else:
            yield f"{prefix}{name}", inner


def _fields_of(kind):
    """(serializer class, dotted field name) of every writable field of this kind, as test params."""
    found = []
    for cls in _request_serializers():
        for name, field in _writable_fields(cls()):
            if isinstance(field, kind):
                found.append(pytest.param(cls, name, id=f"{cls.__module__}.{cls.__name__}.{name}"))
    return found


def _field(cls, name):
    return dict(_writable_fields(cls()))[name]


@pytest.mark.parametrize("cls,name", _fields_of((serializers.DateField, serializers.DateTimeField)))
def test_every_writable_date_field_is_within_the_sane_years(cls, name):
    assert sane_date_range in _field(cls, name).validators


@pytest.mark.parametrize("cls,name", _fields_of(serializers.IntegerField))
def test_every_writable_integer_field_is_bounded(cls, name):
    field = _field(cls, name)
    assert field.max_value is not None and field.max_value <= 2**31 - 1
    assert field.min_value is not None and field.min_value >= -(2**31)


def test_a_stage_number_past_the_bound_is_refused(api_as, croupier):
    factories.venue()
    slug = api_as(croupier).post("/api/tournaments/", {"name": "Cup", "date": "2030-01-01"},
                                 format="json").json()["slug"]
    response = api_as(croupier).post(f"/api/tournaments/{slug}/stages/", {"method": "draw", "number": 2**40},
                                     format="json")
    assert response.status_code == 400 and "number" in _shape(response)["extra"]["fields"]
