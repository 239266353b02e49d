"""The archive's API: anyone reads published precedents, croupiers write; one error shape."""

import datetime as dt

import pytest

from rules.models import Precedent

from .helpers import founding, ruling

pytestmark = pytest.mark.django_db
R2 = "IP-R2-WILD-CARD"


@pytest.fixture
def archive_rows(archive, croupier):
    binding = ruling(croupier, title="Whole rank", on=dt.date(2015, 3, 14), fixes={R2: "that_rank"},
                     cites={founding(R2).permanent_id: "overrules"}, cites_rules=["B2", "M7", "H30"])
    draft = ruling(croupier, title="Secret draft", status="draft", on=dt.date(2016, 1, 1))
    return binding, draft


def _ids(response):
    data = response.json()
    items = data["results"] if isinstance(data, dict) and "results" in data else data
    return [p["permanent_id"] for p in items]


def test_anonymous_reads_published_precedents_but_not_drafts(api, archive_rows):
    binding, draft = archive_rows
    ids = _ids(api.get("/api/precedents/", {"status": "binding", "from": "2015-01-01"}))
    assert ids == [binding.permanent_id]
    response = api.get(f"/api/precedents/{binding.permanent_id}/")
    assert response.status_code == 200
    body = response.json()
    assert body["fixes"] == {R2: "that_rank"}
    assert body["cites_precedents"] == [{"precedent": founding(R2).permanent_id, "treatment": "overrules"}]
    assert api.get(f"/api/precedents/{draft.permanent_id}/").status_code == 404
    assert draft.permanent_id not in _ids(api.get("/api/precedents/", {"from": "2016-01-01"}))


def test_croupier_sees_drafts(api_as, croupier, archive_rows):
    _binding, draft = archive_rows
    assert api_as(croupier).get(f"/api/precedents/{draft.permanent_id}/").status_code == 200


@pytest.mark.parametrize(("params", "expected"), [
    ({"rule": "B2"}, True), ({"modifier": 7}, True), ({"hand": 30}, True), ({"point": R2}, True),
    ({"hand": 31}, False), ({"status": "advisory"}, False), ({"to": "2015-01-01"}, False),
    ({"q": "whole rank"}, True),
])
def test_filters(api, archive_rows, params, expected):
    binding, _draft = archive_rows
    assert (binding.permanent_id in _ids(api.get("/api/precedents/", params))) is expected


def test_bad_filters_name_the_value(api, archive):
    response = api.get("/api/precedents/", {"from": "yesterday"})
    assert response.status_code == 400
    assert response.json() == {"message": "from: 'yesterday' is not a date (YYYY-MM-DD).",
                               "extra": {"field": "from", "value": "yesterday"}}
    assert api.get("/api/precedents/", {"status": "lost"}).json()["extra"]["value"] == "lost"


def test_only_croupiers_file_precedents(api, api_as, plain_member, croupier, archive):
    payload = {"title": "T", "situation": "S", "question": "Q", "ruling": "R", "status": "binding",
               "ruled_on": "2019-05-05", "fixes": {R2: "that_rank"}, "cites_rules": ["B2"],
               "cites_precedents": {founding(R2).permanent_id: "overrules"}}
    assert api.post("/api/precedents/", payload, format="json").status_code in (401, 403)
    response = api_as(plain_member).post("/api/precedents/", payload, format="json")
    assert response.status_code == 403 and set(response.json()) == {"message", "extra"}
    response = api_as(croupier).post("/api/precedents/", payload, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["permanent_id"] == "P-2019-001"
    assert api.get("/api/readings-in-force/", {"on": "2019-05-05"}).json()["readings"][R2] == "that_rank"


def test_an_unknown_reading_is_a_400_naming_it(api_as, croupier, archive):
    payload = {"title": "T", "situation": "S", "question": "Q", "ruling": "R", "fixes": {R2: "every_ace"}}
    response = api_as(croupier).post("/api/precedents/", payload, format="json")
    assert response.status_code == 400
    assert "every_ace" in response.json()["message"]
    assert Precedent.objects.filter(title="T").count() == 0


def test_transitions_and_draft_edits(api_as, croupier, archive_rows):
    _binding, draft = archive_rows
    client = api_as(croupier)
    response = client.patch(f"/api/precedents/{draft.permanent_id}/", {"title": "Renamed"}, format="json")
    assert response.status_code == 200 and response.json()["title"] == "Renamed"
    response = client.post(f"/api/precedents/{draft.permanent_id}/transition/", {"to": "advisory"}, format="json")
    assert response.json()["status"] == "advisory"
    response = client.patch(f"/api/precedents/{draft.permanent_id}/", {"title": "Again"}, format="json")
    assert response.status_code == 409
    response = client.post(f"/api/precedents/{draft.permanent_id}/transition/", {"to": "draft"}, format="json")
    assert response.status_code == 409 and response.json()["extra"]["allowed"] == ["binding", "withdrawn"]


def test_readings_in_force_and_what_if_endpoints(api, archive_rows):
    binding, _draft = archive_rows
    body = api.get("/api/readings-in-force/", {"on": "2015-03-14"}).json()
    assert body["readings"][R2] == "that_rank"
    assert body["precedents"][binding.permanent_id] == [R2]
    assert api.get("/api/readings-in-force/", {"on": "2015-03-13"}).json()["readings"][R2] == "that_card"
    assert api.get(f"/api/precedents/{binding.permanent_id}/what-if/").json() == []
    assert api.post(f"/api/precedents/{binding.permanent_id}/what-if/").status_code in (401, 403)


def test_rulebook_points_and_search_endpoints(api, archive_rows):
    assert api.get("/api/rulebook/B12/").json()["kind"] == "base_rule"
    assert api.get("/api/rulebook/", {"kind": "hand", "game": "dragon"}).json()["count"] == 64
    point = api.get(f"/api/interpretation-points/{R2}/").json()
    assert point["readings"] == ["that_card", "that_rank"] and point["rules"] == ["B2"]
    hits = api.get("/api/rules-search/", {"q": "whole rank"}).json()["results"]
    assert hits[0]["ref"] == archive_rows[0].permanent_id
    assert hits[0]["url"] == f"/rules/precedents/{archive_rows[0].permanent_id}/"


def test_disputes_api(api, api_as, table, archive):
    assert api.post("/api/disputes/", {"deal_ref": table.ref, "question": "?"}).status_code in (401, 403)
    response = api_as(table.seated).post("/api/disputes/", {"deal_ref": table.ref, "question": "Wild?"},
                                         format="json")
    assert response.status_code == 201
    dispute_id = response.json()["id"]
    assert api_as(table.seated).post(f"/api/disputes/{dispute_id}/rule/", {"ruling": "x"}).status_code == 403
    response = api_as(table.croupier).post(f"/api/disputes/{dispute_id}/rule/", {"ruling": "Yes."}, format="json")
    assert response.json()["status"] == "ruled"
    response = api_as(table.croupier).post(f"/api/disputes/{dispute_id}/publish/", {"title": "Wild it is"},
                                           format="json")
    assert response.status_code == 201 and response.json()["deal_ref"] == table.ref
    assert response.json()["deal_snapshot"]["cards"] == table.cards


def test_the_schema_lists_the_archive(api, archive):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for path in ("/api/precedents/", "/api/readings-in-force/", "/api/rules-search/", "/api/disputes/",
                 "/api/rulebook/", "/api/interpretation-points/", "what-if"):
        assert path in schema


def test_a_snapshot_must_be_an_object(api_as, croupier, archive):
    payload = {"title": "T", "situation": "S", "question": "Q", "ruling": "R", "deal_snapshot": "cards"}
    assert api_as(croupier).post("/api/precedents/", payload, format="json").status_code == 400
