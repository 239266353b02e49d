"""Who may write what, over the whole URL conf: every write of the API and every page that takes a
POST, generated from the resolver, so a new endpoint without a row here fails.

Each write has the least role that passes its permission check on an object it has no relation to
(``anyone``, ``member``, ``croupier``, ``admin``), or ``relation`` when what decides is the actor's
relation to the object (his hand, his table, his match): those are tried by an outsider here and
row by row, with their relations, in the app's own table (``RELATION_TABLES``). A denial answers
401/403/404 (a page: the login page, 403 or 404) and changes no row; the least role gets past the
check (its empty body may still be refused as bad input).
"""

from __future__ import annotations

import importlib
import re

import pytest
from django.apps import apps
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.generators import EndpointEnumerator
from rest_framework.test import APIClient

from club.accounts import token_issue
from club.models import ApiToken, Member
from tests import factories

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "member", "croupier", "admin")
ROLE_RANK = {"anonymous": 0, "member": 1, "croupier": 2, "admin": 3}
LEAST_RANK = {"anyone": 0, "member": 1, "relation": 2, "croupier": 2, "admin": 3}
DENIED = {401, 403, 404}

API_WRITES: dict[tuple[str, str], str] = {
    ("POST", "/api/token/"): "anyone",
    ("POST", "/api/draker/score/"): "anyone",
    ("DELETE", "/api/tokens/{token_id}/"): "relation",
    ("POST", "/api/casino-hands/"): "member",
    ("POST", "/api/casino-hands/{pk}/act/"): "relation",
    ("POST", "/api/casino-hands/{pk}/draw/"): "relation",
    ("POST", "/api/casino-hands/{pk}/reveal/"): "relation",
    ("POST", "/api/dice-matches/"): "member",
    ("POST", "/api/dice-matches/{pk}/accept/"): "relation",
    ("POST", "/api/dice-matches/{pk}/decline/"): "relation",
    ("POST", "/api/dice-matches/{pk}/move/"): "relation",
    ("POST", "/api/dice-matches/{pk}/withdraw/"): "relation",
    ("POST", "/api/draker-games/"): "member",
    ("POST", "/api/draker-games/{pk}/confirm/"): "relation",
    ("POST", "/api/draker-games/{pk}/discard/"): "relation",
    ("POST", "/api/draker-games/{pk}/turns/"): "relation",
    ("POST", "/api/games/"): "member",
    ("POST", "/api/games/{pk}/end/"): "relation",
    ("POST", "/api/games/{pk}/reseat/"): "relation",
    ("POST", "/api/deals/"): "member",
    ("POST", "/api/deals/{pk}/bets/"): "relation",
    ("POST", "/api/deals/{pk}/cards/"): "relation",
    ("POST", "/api/deals/{pk}/claims/"): "relation",
    ("POST", "/api/deals/{pk}/set-aside/"): "relation",
    ("POST", "/api/deals/{pk}/void/"): "croupier",
    ("POST", "/api/deals/{pk}/replay/"): "croupier",
    ("POST", "/api/claims/{pk}/withdraw/"): "relation",
    ("POST", "/api/bets/{pk}/withdraw/"): "relation",
    ("POST", "/api/results/"): "member",
    ("POST", "/api/results/{pk}/confirm/"): "relation",
    ("POST", "/api/results/{pk}/discard/"): "relation",
    ("POST", "/api/results/{pk}/disputes/"): "relation",
    ("POST", "/api/disputes/"): "member",
    ("POST", "/api/disputes/{pk}/publish/"): "relation",
    ("POST", "/api/disputes/{pk}/replay/"): "relation",
    ("POST", "/api/disputes/{pk}/rule/"): "relation",
    ("POST", "/api/precedents/"): "croupier",
    ("PATCH", "/api/precedents/{permanent_id}/"): "croupier",
    ("POST", "/api/precedents/{permanent_id}/transition/"): "croupier",
    ("POST", "/api/precedents/{permanent_id}/what-if/"): "croupier",
    ("POST", "/api/saved-searches/"): "member",
    ("DELETE", "/api/saved-searches/{pk}/"): "relation",
    ("POST", "/api/sessions/"): "croupier",
    ("PATCH", "/api/sessions/{pk}/"): "croupier",
    ("POST", "/api/sessions/{pk}/rsvp/"): "member",
    ("POST", "/api/sessions/{pk}/seat/"): "croupier",
    ("POST", "/api/sessions/{pk}/seating/"): "croupier",
    ("POST", "/api/sessions/{pk}/transition/"): "croupier",
    ("POST", "/api/tournaments/"): "croupier",
    ("POST", "/api/tournaments/{slug}/entries/"): "croupier",
    ("POST", "/api/tournaments/{slug}/rescore/"): "croupier",
    ("POST", "/api/tournaments/{slug}/stages/"): "croupier",
    ("POST", "/api/tournaments/{slug}/transition/"): "croupier",
    ("POST", "/api/tournaments/{slug}/withdraw/"): "croupier",
    ("POST", "/api/tournament-tables/{pk}/rounds/"): "relation",
    ("POST", "/api/dimensions/"): "admin",
    ("PUT", "/api/dimensions/{slug}/"): "admin",
    ("PATCH", "/api/dimensions/{slug}/"): "admin",
    ("DELETE", "/api/dimensions/{slug}/"): "admin",
    ("POST", "/api/venues/"): "croupier",
    ("PUT", "/api/venues/{slug}/"): "croupier",
    ("PATCH", "/api/venues/{slug}/"): "croupier",
    ("DELETE", "/api/venues/{slug}/"): "croupier",
    ("POST", "/api/members/"): "admin",
    ("PUT", "/api/members/{pk}/"): "relation",
    ("PATCH", "/api/members/{pk}/"): "relation",
    ("POST", "/api/invitations/"): "admin",
    ("POST", "/api/members/{pk}/anonymise/"): "admin",
    ("POST", "/api/seasons/"): "croupier",
    ("PATCH", "/api/seasons/{pk}/"): "croupier",
    ("POST", "/api/seasons/{pk}/championship/"): "croupier",
    ("POST", "/api/invitations/import/"): "admin",
}

# Pages that take a POST, with the least role; every other page of the site only reads.
PAGE_WRITES: dict[str, str] = {
    "club:session_rsvp": "member",
    "club:session_transition": "croupier",
    "club:session_seating": "croupier",
    "club:session_checkin": "croupier",
    "club:session_create": "croupier",
    "club:invitation_create": "admin",
    "club:member_import": "admin",
    "club:member_anonymise": "admin",
    "club:invitation_open": "anyone",
    "club:profile_edit": "member",
    "club:calendar_reset": "member",
    "club:mail_preferences": "member",
    "club:unsubscribe": "anyone",
    "games:game_start": "relation",
    "games:deal_new": "relation",
    "games:game_end": "relation",
    "games:game_reseat": "relation",
    "games:deal_rejudge": "relation",
    "games:deal_card": "relation",
    "games:deal_bet": "relation",
    "games:deal_claim": "relation",
    "games:deal_void": "croupier",
    "games:deal_replay": "croupier",
    "games:claim_withdraw": "relation",
    "games:bet_withdraw": "relation",
    "games:deal_submit": "relation",
    "games:deal_correct": "relation",
    "games:result_confirm": "relation",
    "games:result_discard": "relation",
    "games:deal_dispute": "relation",
    "tournaments:new": "croupier",
    "tournaments:sheet_record": "relation",
    "tournaments:round_correct": "croupier",
    "tournaments:round_void": "croupier",
    "tournaments:manage": "croupier",
    "tournaments:from_session": "croupier",
    "seasons:new": "croupier",
    "seasons:edit": "croupier",
    "seasons:championship": "croupier",
    "tables:casino": "member",
    "tables:casino_act": "relation",
    "tables:casino_draw": "relation",
    "tables:casino_reveal": "relation",
    "tables:dice_list": "member",
    "tables:dice_accept": "relation",
    "tables:dice_decline": "relation",
    "tables:dice_withdraw": "relation",
    "tables:draker": "anyone",
    "tables:draker_games": "member",
    "tables:draker_game_confirm": "relation",
    "tables:draker_game_discard": "relation",
    "tables:draker_game_turn": "relation",
    "rules:precedent_new": "croupier",
    "rules:precedent_transition": "croupier",
    "rules:dispute_new": "member",
    "rules:dispute_act": "relation",
    "rules:follow": "anyone",
    "rules:followed_delete": "relation",
    "rules:followed_digest": "relation",
    "rules:followed_unsubscribe": "anyone",
}
READ_PAGES = {
    "club:dashboard", "club:member_list", "club:member_detail", "club:dimension_list", "club:dimension_detail",
    "club:venue_detail", "club:session_list", "club:session_detail", "club:calendar_public", "club:calendar_member",
    "games:member_dashboard", "games:croupier_dashboard", "games:leaderboard", "games:member_stats", "games:ratings",
    "club:member_data",
    "games:game_detail", "games:deal_detail", "games:deal_in_sitting", "games:statement", "games:statement_csv",
    "games:deal_live", "games:deal_result_live", "games:ledger", "games:ledger_csv", "tournaments:live",
    "tables:dice_match_live",
    "tournaments:list", "tournaments:ratings", "tournaments:member_rating", "tournaments:sheet",
    "tournaments:sheet_totals", "tournaments:round", "tournaments:detail", "tournaments:standings",
    "tournaments:report", "tournaments:report_csv", "tournaments:work",
    "games:statement_export", "games:ledger_export", "games:game_results_export", "games:session_results_export",
    "tournaments:standings_export", "tournaments:sheet_export", "service_worker", "web_manifest",
    "seasons:list", "seasons:detail", "seasons:export", "club:audit", "club:audit_object",
    "tournaments:print_sheets", "tournaments:table_cards",
    "tables:index", "tables:casino_history", "tables:casino_hand", "tables:dice_match", "tables:draker_game",
    "rules:index", "rules:search", "rules:readings", "rules:point_list", "rules:point_detail",
    "rules:precedent_list", "rules:feed", "rules:precedent_detail", "rules:dispute_list",
    "rules:dispute_detail", "rules:entry_detail", "rules:precedent_graph", "rules:followed_list",
    "rules:followed_detail", "rules:followed_feed",
}

# The tables that try the relations (own / another's / seated / not) of each app, row by row.
RELATION_TABLES = {
    "/api/casino-hands/": "tests.tables.test_invitations",
    "/api/dice-matches/": "tests.tables.test_invitations",
    "tables:": "tests.tables.test_invitations",
    "/api/draker-games/": "tests.tables.test_draker_games",
    "tables:draker_game": "tests.tables.test_draker_games",
    "/api/games/": "tests.games.test_access",
    "/api/deals/": "tests.games.test_access",
    "/api/results/": "tests.games.test_access",
    "/api/claims/": "tests.games.test_access",
    "/api/bets/": "tests.games.test_access",
    "games:": "tests.games.test_access",
    "/api/disputes/": "tests.rules.test_access",
    "/api/saved-searches/": "tests.rules.test_following",
    "rules:followed": "tests.rules.test_following",
    "rules:": "tests.rules.test_access",
    "/api/tokens/": "tests.club.test_privacy",
    "/api/members/": "tests.club.test_api",
    "/api/tournament-tables/": "tests.tournaments.test_api",
    "tournaments:": "tests.tournaments.test_pages",
}

# Pages outside the club's own apps: allauth's accounts, Django's admin and i18n, static files.
FOREIGN_PREFIXES = ("api/", "admin/", "accounts/", "i18n/", "^static/", "health/", "ready/")


def _api_writes() -> set[tuple[str, str]]:
    return {(method, path) for path, _regex, method, _view in EndpointEnumerator().get_api_endpoints()
            if method in ("POST", "PUT", "PATCH", "DELETE")}


def _pages() -> dict[str, str]:
    found: dict[str, str] = {}

    def walk(resolver, prefix, namespace):
        for entry in resolver.url_patterns:
            route = prefix + str(entry.pattern)
            if isinstance(entry, URLResolver):
                walk(entry, route, entry.namespace or namespace)
            elif isinstance(entry, URLPattern) and entry.name and not route.startswith(FOREIGN_PREFIXES):
                found[f"{namespace}:{entry.name}" if namespace else entry.name] = route

    walk(get_resolver(), "", None)
    return found


def test_every_api_write_has_a_row():
    assert _api_writes() == set(API_WRITES), "add the new write to API_WRITES (and its app's access table)"


def test_every_page_is_a_write_with_a_row_or_a_read():
    pages = set(_pages())
    assert pages == set(PAGE_WRITES) | READ_PAGES, "classify the new page in PAGE_WRITES or READ_PAGES"
    assert not set(PAGE_WRITES) & READ_PAGES


@pytest.mark.parametrize("where", sorted(set(RELATION_TABLES.values())))
def test_the_relation_tables_exist(where):
    assert importlib.import_module(where)


def test_every_relation_write_names_its_table():
    keys = [path for (_m, path), role in API_WRITES.items() if role == "relation"]
    keys += [name for name, role in PAGE_WRITES.items() if role == "relation"]
    for key in keys:
        assert any(key.startswith(prefix) for prefix in RELATION_TABLES), key


# ---------------------------------------------------------------------------- the objects


@pytest.fixture(scope="module")
def club(django_db_setup, django_db_blocker):
    """The demo club, loaded once for the module and rolled back after it, with an outsider: a
    member with no relation to any of its objects."""
    from club import demo
    from games import demo as games_demo
    from games.tables import demo as tables_demo
    from games.tournaments import demo as tournaments_demo
    from rules import demo as rules_demo

    with django_db_blocker.unblock(), transaction.atomic():
        loaded = demo.load()
        games_demo.load()
        rules_demo.load()
        tables_demo.load()
        tournaments_demo.load()
        from games.seasons import demo as seasons_demo

        seasons_demo.load()
        outsider = factories.member(display_name="Outsider", password=None)
        token_issue(user=loaded["members"]["Tananda"].user)
        # Read once: each test's writes are rolled back, so every test finds the same objects.
        yield {"outsider": outsider, "objects": _objects(), **loaded}
        transaction.set_rollback(True)


def _objects() -> dict[str, str]:
    """A value for each path parameter, by the path's first segment: a real object of the demo."""
    from games.models import Bet, Claim, Deal, Game, Result
    from games.tables.models import CasinoHand, DiceMatch, DrakerGame
    from games.tournaments.models import Table as TournamentTable
    from games.tournaments.models import Tournament
    from rules.models import Dispute, Precedent, SavedSearch

    venue = apps.get_model("club", "Venue").objects.first()
    dimension = apps.get_model("club", "Dimension").objects.first()
    session = apps.get_model("club", "ScheduledSession").objects.filter(status="open").first()
    token = ApiToken.objects.first()
    return {
        "casino-hands": str(CasinoHand.objects.first().pk),
        "dice-matches": str(DiceMatch.objects.first().pk),
        "draker-games": str(DrakerGame.objects.first().pk),
        "games": str(Game.objects.first().pk),
        "deals": str(Deal.objects.first().pk),
        "results": str(Result.objects.first().pk),
        "claims": str(getattr(Claim.objects.first(), "pk", 1)),
        "bets": str(Bet.objects.first().pk),
        "disputes": str(Dispute.objects.first().pk),
        "precedents": Precedent.objects.first().permanent_id,
        "saved-searches": str(SavedSearch.objects.first().pk),
        "sessions": str(session.pk),
        "tournaments": Tournament.objects.first().slug,
        "tournament-tables": str(TournamentTable.objects.first().pk),
        "dimensions": dimension.slug,
        "venues": venue.slug,
        "members": str(Member.objects.first().pk),
        "tokens": str(token.pk),
        "seasons": str(apps.get_model("seasons", "Season").objects.first().pk),
    }


def _fill(path: str, objects: dict[str, str]) -> str:
    if "{" not in path:
        return path
    segment = path.split("/")[2]
    return re.sub(r"\{[^}]+\}", objects[segment], path)


def _counts() -> dict[str, int]:
    return {model._meta.label: model.objects.count() for model in apps.get_models()
            if model._meta.app_label in ("club", "games", "tournaments", "tables", "rules", "seasons")}


def _actor(club, role: str) -> Member | None:
    return {"anonymous": None, "member": club["outsider"], "croupier": club["members"]["Tananda"],
            "admin": Member.objects.filter(role=Member.Role.ADMIN).first()}[role]


def _api_client(club, role: str) -> APIClient:
    client = APIClient()
    actor = _actor(club, role)
    if actor is not None:
        client.force_authenticate(actor.user)
    return client


def _denied_roles(least: str) -> list[str]:
    """The roles below the least one; an outsider member is below a relation."""
    return [role for role in ROLES if ROLE_RANK[role] < LEAST_RANK[least]]


API_DENIALS = [(method, path, role) for (method, path), least in sorted(API_WRITES.items())
               for role in _denied_roles(least)]


@pytest.mark.parametrize(("method", "path", "role"), API_DENIALS)
def test_an_api_write_is_denied_below_its_least_role_and_changes_nothing(club, method, path, role):
    url = _fill(path, club["objects"])
    before = _counts()
    response = _api_client(club, role).generic(method, url, "{}", content_type="application/json")
    assert response.status_code in DENIED, (url, role, response.status_code, response.content[:300])
    assert set(response.json()) == {"message", "extra"}
    assert _counts() == before


API_ALLOWED = [(method, path, least) for (method, path), least in sorted(API_WRITES.items())
               if least in ("member", "croupier", "admin")]


@pytest.mark.parametrize(("method", "path", "least"), API_ALLOWED)
def test_an_api_write_lets_its_least_role_past_the_check(club, method, path, least):
    url = _fill(path, club["objects"])
    response = _api_client(club, least).generic(method, url, "{}", content_type="application/json")
    assert response.status_code not in (401, 403), (url, least, response.status_code, response.content[:300])


# ---------------------------------------------------------------------------- pages


def _page_url(name: str, route: str, objects: dict[str, str]) -> str:
    from games.models import Bet, Claim, Deal, Game, Result
    from games.tables.models import CasinoHand, DiceMatch, DrakerGame
    from games.tournaments.models import Table as TournamentTable
    from rules.models import Dispute, Precedent

    values = {
        "club:session": objects["sessions"], "games:game": str(Game.objects.first().pk),
        "games:deal": str(Deal.objects.first().pk), "games:result": str(Result.objects.first().pk),
        "games:claim": str(getattr(Claim.objects.first(), "pk", 1)), "games:bet": str(Bet.objects.first().pk),
        "tables:casino": str(CasinoHand.objects.first().pk), "tables:dice": str(DiceMatch.objects.first().pk),
        "tables:draker_game": str(DrakerGame.objects.first().pk),
        "tournaments:sheet": str(TournamentTable.objects.first().pk),
        "tournaments:from_session": objects["sessions"], "tournaments:": objects["tournaments"],
        "seasons:": objects["seasons"],
        "rules:precedent": Precedent.objects.first().permanent_id, "rules:dispute": str(Dispute.objects.first().pk),
    }
    value = next((v for prefix, v in values.items() if name.startswith(prefix)), "1")
    path = re.sub(r"<(?:\w+:)?session_pk>", objects["sessions"], route)
    path = re.sub(r"<(?:\w+:)?what>", "rule", path)
    path = re.sub(r"<(?:\w+:)?token>", "not-a-token", path)
    return "/" + re.sub(r"<[^>]+>", value, path)


def _page_client(club, role: str) -> Client:
    client = Client()
    actor = _actor(club, role)
    if actor is not None:
        client.force_login(actor.user)
    return client


PAGE_DENIALS = [(name, role) for name, least in sorted(PAGE_WRITES.items()) for role in _denied_roles(least)]


@pytest.mark.parametrize(("name", "role"), PAGE_DENIALS)
def test_a_page_post_is_denied_below_its_least_role_and_changes_nothing(club, name, role):
    url = _page_url(name, _pages()[name], club["objects"])
    before = _counts()
    response = _page_client(club, role).post(url, {})
    if response.status_code == 302:
        assert "/accounts/login/" in response["Location"], (url, role, response["Location"])
    else:
        assert response.status_code in (403, 404, 405), (url, role, response.status_code)
    assert _counts() == before
