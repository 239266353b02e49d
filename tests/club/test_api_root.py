"""The API's one root, /api/: every list of every app on one page, grouped as the OpenAPI
document tags them, each link answering as the caller's role allows."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.urls import NoReverseMatch, reverse

from club.models import Member
from club.urls import router as club_router
from games.api_urls import router as games_router
from games.seasons.api_urls import router as seasons_router
from games.tables.api_urls import router as tables_router
from games.tournaments.api_urls import router as tournaments_router
from rules.api_urls import router as rules_router
from tests import factories
from tests.openapi import served_schema

pytestmark = pytest.mark.django_db

ROUTERS = {"club": club_router, "games": games_router, "tournaments": tournaments_router,
           "tables": tables_router, "seasons": seasons_router, "rules": rules_router}
# Not operations of the API but its description, linked from the root all the same.
DESCRIPTION = {"/api/docs/": "docs", "/api/schema/": "schema"}


def _root(api, path="/api/"):
    response = api.get(path, HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    return response.json()


def _listed(root) -> dict[str, str]:
    """path -> the group it is listed under."""
    listed = {}
    for group, links in root.items():
        for url in links.values():
            listed[urlsplit(url).path] = group
    return listed


def test_the_root_lists_every_list_of_the_schema_under_its_tag(api):
    lists = {path: operations["get"]["tags"][0] for path, operations in served_schema()["paths"].items()
             if "{" not in path and "get" in operations}
    assert len(lists) > 20
    listed = _listed(_root(api))
    assert listed == {**lists, **DESCRIPTION}


def test_the_root_is_one_page_for_every_app(api):
    root = _root(api)
    for app, router in ROUTERS.items():
        lists = []
        for prefix, _viewset, basename in router.registry:
            try:
                reverse(f"{basename}-list")
            except NoReverseMatch:  # a router entry with details only
                continue
            lists.append(prefix)
            assert f"{basename}-list" in root.get(prefix, {}), (app, prefix)
        assert lists, app
    # With a format suffix, the same root.
    assert _root(api, "/api/.json") == root


def _required_query_parameters() -> dict[str, list[str]]:
    """path -> the query parameters its GET cannot do without, as the schema says."""
    return {path: names for path, operations in served_schema()["paths"].items() if "get" in operations
            if (names := [parameter["name"] for parameter in operations["get"].get("parameters", [])
                          if parameter["in"] == "query" and parameter.get("required")])}


@pytest.mark.parametrize("role", [None, Member.Role.MEMBER, Member.Role.CROUPIER, Member.Role.ADMIN])
def test_every_link_answers_as_the_role_allows(api, api_as, role):
    someone = factories.member()
    client = api if role is None else api_as(factories.member(role))
    # What needs a parameter (a member's rating history, a search) is asked with one.
    values = {"member": someone.pk, "q": "dragon"}
    required = _required_query_parameters()
    answers = {}
    for path in _listed(_root(client)):
        query = {name: values[name] for name in required.get(path, [])}
        answers[path] = client.get(path, query).status_code
    assert set(answers.values()) <= {200, 401, 403}, answers
    allowed = sorted(path for path, status in answers.items() if status == 200)
    if role is None:
        # A visitor reads what the club shows the world: its calendar, venues and tournaments,
        # the rulebook and the precedent archive, and the API's description.
        assert allowed == [
            "/api/dimensions/", "/api/docs/", "/api/interpretation-points/", "/api/precedents/",
            "/api/ratings/", "/api/readings-in-force/", "/api/rulebook/", "/api/rules-search/",
            "/api/schema/", "/api/sessions/", "/api/tournament-tables/", "/api/tournaments/",
            "/api/venues/"], answers
    else:
        # A member reads everything but the audit log and the invitations, an admin's work.
        refused = sorted(set(answers) - set(allowed))
        assert refused == ([] if role == Member.Role.ADMIN else ["/api/audit/", "/api/invitations/"]), answers
