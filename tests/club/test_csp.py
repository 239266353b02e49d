"""The Content-Security-Policy: every page of the demo club carries it and runs under it, i.e.
has no inline script (no <script> without src, no on*= handler, no javascript: URL) and no inline
style (a <style> element or style= attribute) that the policy would block."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.db import transaction
from django.test import Client
from django.urls import NoReverseMatch, Resolver404, URLPattern, URLResolver, get_resolver, resolve, reverse

from club.models import Member

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "member", "croupier", "admin"]
DEMO_EMAILS = {"member": "member@yellow-crescent.club", "croupier": "croupier@yellow-crescent.club",
               "admin": "admin@yellow-crescent.club"}

# Pages that read an object, found in the demo data; each must be visited by at least one role.
# (The walk also follows every link it finds, one page per view.)
PAGES_WITH_ARGUMENTS = {
    "club:member_detail", "club:dimension_detail", "club:venue_detail", "club:session_detail",
    "games:game_detail", "games:deal_detail", "games:member_stats",
    "tournaments:detail", "tournaments:standings", "tournaments:report", "tournaments:sheet",
    "tournaments:member_rating",
    "tables:casino_hand", "tables:dice_match",
    "rules:point_detail", "rules:precedent_detail", "rules:entry_detail", "rules:dispute_detail",
}
# Beyond the club's own pages: the API's browsable root, its documentation and Django's admin.
EXTRA_PAGES = ["api-root", "api_docs", "admin:index", "admin:club_member_changelist"]
# A walk that followed every link would visit every deal and every member; one page per view and
# a bound on the total keep it to a few seconds per role.
MAX_PAGES = 150


class _PageScan(HTMLParser):
    """What a page holds that a policy of script-src 'self' / style-src 'self' would block."""

    URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "xlink:href"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.links: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "script":
            kind = (attributes.get("type") or "").strip().lower()
            if not attributes.get("src") and kind != "application/json":
                self.problems.append(f"inline <script> at line {self.getpos()[0]}")
        if tag == "style":
            self.problems.append(f"inline <style> at line {self.getpos()[0]}")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...> at line {self.getpos()[0]}")
            if name.startswith("hx-on"):
                self.problems.append(f"<{tag} {name}=...> (htmx evaluates it) at line {self.getpos()[0]}")
            if name == "style":
                self.problems.append(f"<{tag} style=...> at line {self.getpos()[0]}")
            if name in self.URL_ATTRIBUTES and value and value.strip().lower().startswith("javascript:"):
                self.problems.append(f"<{tag} {name}=javascript:...> at line {self.getpos()[0]}")
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])
        # A fragment that htmx loads into the page is part of the page.
        if attributes.get("hx-get"):
            self.links.append(attributes["hx-get"])

    handle_startendtag = handle_starttag


def scan(html: str) -> _PageScan:
    parser = _PageScan()
    parser.feed(html)
    parser.close()
    return parser


def _pages_without_arguments() -> list[str]:
    """The named pages of the club's own URL conf that take no argument (not the API, not the
    admin, not the accounts' machinery that needs a key)."""
    names = []

    def walk(resolver, namespace):
        for pattern in resolver.url_patterns:
            if isinstance(pattern, URLResolver):
                inner = pattern.namespace or namespace
                if pattern.namespace and namespace:
                    inner = f"{namespace}:{pattern.namespace}"
                walk(pattern, inner)
            elif isinstance(pattern, URLPattern) and pattern.name:
                name = f"{namespace}:{pattern.name}" if namespace else pattern.name
                try:
                    path = reverse(name)
                except NoReverseMatch:
                    continue
                # /health/ and /ready/ are JSON probes for the process manager, not pages (/ready/
                # answers 503 while no worker has beaten).
                if not path.startswith(("/api/", "/admin/", "/health/", "/ready/")) and name not in names:
                    names.append(name)

    walk(get_resolver(), None)
    return names


@pytest.fixture(scope="module")
def demo_club(django_db_setup, django_db_blocker):
    """The demo club, loaded once for the module and rolled back after it, plus a deal being
    recorded (the card picker) on the evening still to come."""
    from club import demo
    from games import demo as games_demo
    from games import services as games_services
    from games.tables import demo as tables_demo
    from games.tournaments import demo as tournaments_demo
    from rules import demo as rules_demo

    with django_db_blocker.unblock(), transaction.atomic():
        club = demo.load()
        games_demo.load()
        rules_demo.load()
        tables_demo.load()
        tournaments_demo.load()
        croupier = club["members"]["Tananda"]
        upcoming = next(s for s in club["sessions"] if s.title == "Dragon Poker night III")
        game = games_services.game_start(session=upcoming, actor=croupier)
        games_services.deal_start(game=game, actor=croupier)
        yield club
        transaction.set_rollback(True)


def _client_as(role: str) -> Client:
    client = Client(HTTP_ACCEPT="text/html,application/xhtml+xml", raise_request_exception=False)
    if role != "anonymous":
        client.force_login(Member.objects.get(user__email=DEMO_EMAILS[role]).user)
    return client


def _view_name(path: str) -> str | None:
    try:
        return resolve(path).view_name
    except Resolver404:
        return None


def _pages_not_linked() -> list[str]:
    """Pages that no link of the demo club leads to: a finished tournament's standings are not
    polled (htmx polls them only while it runs)."""
    from games.tournaments.models import Tournament

    return [reverse("tournaments:standings", args=[slug]) for slug in Tournament.objects.values_list("slug", flat=True)[:1]]


def _walk(client: Client) -> dict[str, tuple[str, int, str, list[str]]]:
    """Every page reached from the named pages by following links, one per view:
    {view name: (path, status, policy header, problems)}."""
    queue = [reverse(name) for name in _pages_without_arguments() + EXTRA_PAGES] + _pages_not_linked()
    seen_views: dict[str, tuple[str, int, str, list[str]]] = {}
    while queue and len(seen_views) < MAX_PAGES:
        path = queue.pop(0)
        view = _view_name(path)
        if view is None or view in seen_views:
            continue
        response = client.get(path)
        header = response.headers.get("Content-Security-Policy", "")
        problems: list[str] = []
        if response.headers.get("Content-Type", "").startswith("text/html"):
            page = scan(response.content.decode())
            problems = page.problems
            # The API's and the admin's own pages are visited, not crawled.
            if not path.startswith(("/api/", "/admin/")):
                for href in page.links:
                    parts = urlsplit(href)
                    if parts.netloc or not parts.path.startswith("/"):
                        continue
                    target = _view_name(parts.path)
                    if target and target not in seen_views and not parts.path.startswith(("/api/", "/admin/")):
                        queue.append(parts.path + (f"?{parts.query}" if parts.query else ""))
        seen_views[view] = (path, response.status_code, header, problems)
    return seen_views


@pytest.fixture(scope="module")
def walks(demo_club, django_db_blocker):
    with django_db_blocker.unblock():
        return {role: _walk(_client_as(role)) for role in ROLES}


# The scanner itself: it must catch each kind of inline code it is there to catch.
@pytest.mark.parametrize("html, caught", [
    ("<script>alert(1)</script>", "inline <script>"),
    ('<script type="module">import x from "/x.js"</script>', "inline <script>"),
    ('<button onclick="go()">x</button>', "onclick"),
    ('<a href="javascript:go()">x</a>', "javascript:"),
    ('<form action=" JavaScript:go()"></form>', "javascript:"),
    ('<div hx-on:click="go()"></div>', "hx-on"),
    ("<style>p { color: red }</style>", "inline <style>"),
    ('<p style="color: red">x</p>', "style="),
])
def test_the_scanner_catches_inline_code(html, caught):
    assert any(caught in problem for problem in scan(html).problems)


@pytest.mark.parametrize("html", [
    '<script src="/static/js/x.js" defer></script>',
    '<script type="application/json" id="data">{"a": 1}</script>',
    '<svg><circle fill="red" r="3"></circle></svg>',
    '<a href="/rules/">Rules</a>',
])
def test_the_scanner_passes_what_the_policy_allows(html):
    assert scan(html).problems == []


def test_the_policy_is_the_clubs():
    client = Client()
    header = client.get(reverse("health")).headers["Content-Security-Policy"]
    directives = {d.split()[0]: d.split()[1:] for d in header.split("; ")}
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["img-src"] == ["'self'", "data:"]
    assert directives["connect-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["form-action"] == ["'self'"]
    assert directives["base-uri"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert not any("unsafe" in value for values in directives.values() for value in values)


@pytest.mark.parametrize("role", ROLES)
def test_every_page_has_the_policy_and_no_inline_code(walks, role):
    walked = walks[role]
    missing_header = [path for path, _, header, _ in walked.values() if "script-src 'self'" not in header]
    assert missing_header == []
    broken = [(path, status) for path, status, _, _ in walked.values() if status >= 500]
    assert broken == []
    inline = {path: problems for path, _, _, problems in walked.values() if problems}
    assert inline == {}


def test_the_walk_reaches_every_page(walks):
    """The walk is only worth what it visits: every named page without arguments, the pages that
    read an object of the demo club, the API's pages and the admin."""
    visited = {view for walked in walks.values() for view in walked}
    expected = set(_pages_without_arguments()) | PAGES_WITH_ARGUMENTS | set(EXTRA_PAGES)
    assert expected - visited == set()
    assert all(len(walked) < MAX_PAGES for walked in walks.values())


def test_the_card_picker_is_on_a_walked_page(demo_club):
    """The deal being recorded shows its picker, and its page passes the scan."""
    from games.models import Deal

    deal = Deal.objects.filter(game__session__title="Dragon Poker night III").first()
    response = _client_as("croupier").get(reverse("games:deal_detail", args=[deal.pk]))
    html = response.content.decode()
    assert 'class="card-picker"' in html
    assert scan(html).problems == []
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]


def test_htmx_runs_without_eval_or_injected_styles(client):
    html = client.get(reverse("club:session_list")).content.decode()
    assert '<meta name="htmx-config"' in html
    assert '"allowEval":false' in html.replace(" ", "")
    assert '"includeIndicatorStyles":false' in html.replace(" ", "")


def test_the_api_documentation_loads_its_script_from_a_file(client):
    """Swagger UI's start-up script is served as a file of its own (the page has no inline script),
    and that file is JavaScript."""
    response = client.get(reverse("api_docs"))
    page = scan(response.content.decode())
    assert page.problems == []
    script = client.get(reverse("api_docs") + "?script=")
    assert script.status_code == 200
    assert script.headers["Content-Type"].startswith("application/javascript")
    assert b"SwaggerUIBundle" in script.content
