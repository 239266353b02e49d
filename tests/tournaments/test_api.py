"""The tournaments' API: the endpoints in the OpenAPI schema, permissions, the error shape."""

import pytest

from games.tournaments.models import Stage, Tournament
from tests import factories

from .conftest import make_tournament, play_stage

pytestmark = pytest.mark.django_db


def test_the_schema_names_tournaments_tables_rounds_and_standings(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    for path in ["/api/tournaments/", "/api/tournaments/{slug}/", "/api/tournaments/{slug}/standings/",
                 "/api/tournaments/{slug}/stages/", "/api/tournaments/{slug}/rescore/",
                 "/api/tournament-tables/", "/api/tournament-tables/{id}/",
                 "/api/tournament-tables/{id}/rounds/", "/api/tournament-rounds/{id}/", "/api/ratings/"]:
        assert path in paths, path
    assert "post" in paths["/api/tournament-tables/{id}/rounds/"]
    assert "post" in paths["/api/tournaments/{slug}/stages/"]


def test_croupiers_and_admins_create_and_run_members_may_not(api_as, croupier, admin_member, plain_member, client):
    body = {"name": "Winter cup", "date": "2026-12-20", "seed": "w"}
    assert api_as(plain_member).post("/api/tournaments/", body, format="json").status_code == 403
    assert client.post("/api/tournaments/", body, content_type="application/json").status_code in (401, 403)
    made = api_as(croupier).post("/api/tournaments/", body, format="json")
    assert made.status_code == 201 and made.json()["slug"] == "winter-cup-2026-12-20"
    again = api_as(admin_member).post("/api/tournaments/", body, format="json")
    assert again.status_code == 409 and set(again.json()) == {"message", "extra"}
    assert api_as(admin_member).post("/api/tournaments/", {**body, "slug": "winter-2"}, format="json").status_code == 201
    reserved = api_as(admin_member).post("/api/tournaments/", {**body, "slug": "ratings"}, format="json")
    assert reserved.status_code == 400 and reserved.json()["extra"]["value"] == "ratings"
    slug = made.json()["slug"]
    players = [factories.member() for _ in range(4)]
    for p in players:
        assert api_as(croupier).post(f"/api/tournaments/{slug}/entries/", {"member": p.pk},
                                     format="json").status_code == 201
    assert api_as(plain_member).post(f"/api/tournaments/{slug}/stages/", {"method": "draw"},
                                     format="json").status_code == 403
    refused = api_as(croupier).post(f"/api/tournaments/{slug}/stages/", {"method": "standing"}, format="json")
    assert refused.status_code == 400 and "seeded draw" in refused.json()["message"]
    seated = api_as(croupier).post(f"/api/tournaments/{slug}/stages/", {"method": "draw"}, format="json")
    assert seated.status_code == 201
    table = seated.json()["tables"][0]
    assert sorted(s["member"] for s in table["seats"]) == sorted(p.pk for p in players)
    assert Tournament.objects.get(slug=slug).status == "running"

    # A player at the table records; a member who is not at it may not.
    at_table = api_as(players[0]).post(f"/api/tournament-tables/{table['id']}/rounds/",
                                       {"number": 1, "bids": [1, 1, 0, 0], "taken": [0, 1, 0, 0]}, format="json")
    assert at_table.status_code == 201
    other = api_as(plain_member).post(f"/api/tournament-tables/{table['id']}/rounds/",
                                      {"number": 2, "bids": [1, 1, 1, 0], "taken": [1, 1, 0, 0]}, format="json")
    assert other.status_code == 403 and "player at this table" in other.json()["message"]
    bad = api_as(players[0]).post(f"/api/tournament-tables/{table['id']}/rounds/",
                                  {"number": 2, "bids": [1, 1], "taken": [1, 1, 0, 0]}, format="json")
    assert bad.status_code == 400 and set(bad.json()) == {"message", "extra"}


def test_anyone_reads_tournaments_tables_rounds_and_standings(client, croupier):
    tournament = make_tournament(croupier, 4, seed="read")
    play_stage(croupier, tournament.stages.get())
    listed = client.get("/api/tournaments/").json()
    assert listed["results"][0]["slug"] == tournament.slug and listed["results"][0]["players"] == 4
    standings = client.get(f"/api/tournaments/{tournament.slug}/standings/").json()
    assert [row["rank"] for row in standings] == [1, 2, 3, 4]
    assert {"exact_bids", "positive_rounds", "best_round"} <= set(standings[0]["metrics"])
    tables = client.get("/api/tournament-tables/", {"stage__tournament__slug": tournament.slug}).json()
    assert tables["count"] == 1 and tables["results"][0]["played"] == 30
    rounds = client.get(f"/api/tournament-tables/{tables['results'][0]['id']}/rounds/").json()
    assert len(rounds) == 30 and rounds[0]["play"]["hands"]
    one = client.get(f"/api/tournament-rounds/{rounds[5]['id']}/").json()
    assert one["number"] == 6
    assert client.get("/api/tournaments/nope/standings/").status_code == 404


def test_a_rescore_request_is_for_croupiers(api_as, croupier, plain_member):
    tournament = make_tournament(croupier, 4, seed="rescore")
    assert api_as(plain_member).post(f"/api/tournaments/{tournament.slug}/rescore/").status_code == 403
    answer = api_as(croupier).post(f"/api/tournaments/{tournament.slug}/rescore/")
    assert answer.status_code == 202 and answer.json()["queued"]


def test_transitions_follow_the_table(api_as, croupier):
    tournament = make_tournament(croupier, 4, seed="life", seat=False)
    refused = api_as(croupier).post(f"/api/tournaments/{tournament.slug}/transition/", {"to": "finished"},
                                    format="json")
    assert refused.status_code == 409 and "draft" in refused.json()["message"]
    api_as(croupier).post(f"/api/tournaments/{tournament.slug}/stages/", {"method": Stage.Method.DRAW}, format="json")
    done = api_as(croupier).post(f"/api/tournaments/{tournament.slug}/transition/", {"to": "finished"},
                                 format="json")
    assert done.status_code == 200 and done.json()["status"] == "finished"


@pytest.mark.parametrize("path", ["/api/tournaments/{slug}/standings/", "/api/tournaments/{slug}/stages/",
                                  "/api/tournament-tables/{id}/rounds/"])
def test_the_schema_documents_the_unpaginated_lists_as_the_arrays_they_return(client, path):
    """The actions answer a plain array; the schema said a paginated page (count, results)."""
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    answer = schema["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer.get("type") == "array", answer
