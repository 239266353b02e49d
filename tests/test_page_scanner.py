"""Every page of the demo club, as an admin and as a member, in English and in Russian, read as a
person reads it: words, never codes, ids, Python reprs or the other language's script.

The pages come from the URL conf (as in tests/test_write_access.py), their arguments from the demo
club's objects. The visible text is what an HTML parser finds outside <script>, <style> and
attributes, and outside any element marked with a ``lang`` other than the page's own (the seeds'
Russian texts and names, shown verbatim on English pages) or marked as code (``<code>``,
``translate="no"``). What is marked as code is still read for the archive's codes: a person reads
an interpretation point and its readings in words, never a point's id or a reading's code.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

# Pages outside the club's own apps (the API, Django's admin, allauth, i18n, static files) and
# downloads that are not pages (CSV, the RSS feed).
FOREIGN_PREFIXES = ("api/", "admin/", "accounts/", "i18n/", "^static/", "health/", "ready/", "favicon")
NOT_HTML = {"games:statement_csv", "tournaments:report_csv", "rules:feed", "rules:followed_feed", "tournaments:sheet_totals",
            "games:statement_export", "games:ledger_export", "games:game_results_export",
            "games:session_results_export", "tournaments:standings_export", "tournaments:sheet_export",
            "seasons:export", "club:member_data"}

# Actions that forms post to: a GET is refused with 405 (test_an_action_refuses_a_read below).
ACTIONS = {
    "club:calendar_reset", "club:mail_preferences", "club:session_rsvp", "club:session_seating",
    "club:session_transition", "games:bet_withdraw", "games:claim_withdraw", "games:deal_bet", "games:deal_card",
    "games:deal_claim", "games:deal_correct", "games:deal_dispute", "games:deal_new", "games:deal_rejudge",
    "games:deal_replay", "games:deal_submit", "games:deal_void", "games:game_end", "games:game_reseat",
    "games:result_confirm", "games:result_discard", "rules:dispute_act", "rules:follow", "rules:followed_delete",
    "rules:followed_digest", "rules:precedent_transition", "seasons:championship", "tables:casino_act",
    "tables:casino_draw", "tables:casino_reveal", "tables:dice_accept", "tables:dice_decline",
    "tables:dice_withdraw", "tables:draker_game_confirm", "tables:draker_game_discard", "tables:draker_game_turn",
    "tournaments:from_session", "tournaments:manage", "tournaments:round_correct", "tournaments:round_void",
    "tournaments:sheet_record",
}
# What answers a GET with something else than a page (test_what_is_not_a_page_says_what_it_is below).
NOT_PAGES = {"club:calendar_member": "text/calendar", "club:calendar_public": "text/calendar",
             "service_worker": "javascript", "web_manifest": "manifest+json"}
# Addresses that send the member on to a page (a deal by its number in its sitting).
REDIRECTS = {"games:deal_in_sitting"}
# (page, role) pairs where the role downloads a file instead: the ledger's CSV is an admin's.
DOWNLOADS = {("games:ledger_csv", "admin")}

# Words that stay as they are on a Russian page: abbreviations every member reads as such.
LATIN_ON_RUSSIAN = {"API", "CSV", "XLSX", "RSS", "Atom", "Elo", "PDF", "EN", "RU", "QR"}

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}(?:['’-][A-Za-z]+)*\b")
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
REPRS = [
    (re.compile(r"\[\s*['\"]"), "a Python list"),
    (re.compile(r"\{\s*['\"]"), "a Python dict"),
    # "None." and "None yet." are English sentences of an empty list; a Python None is not followed so.
    (re.compile(r"\bNone\b(?!\.| yet)"), "None"),
    (re.compile(r"\b(?:True|False)\b"), "a Python boolean"),
    (re.compile(r"<[A-Z][A-Za-z]+: "), "a model repr"),
]
BARE_ID = re.compile(r"\b(?:player|игрок)\s+\d+\b|(?<![&\w])#\d+\b", re.IGNORECASE)
POINT_ID = re.compile(r"\bIP-[A-Z0-9][A-Z0-9-]*")
# A rule code (base rule, modifier, table row, definition, hand) shown without its title: the code
# is followed by " · <title>" wherever it is shown.
RULE_CODE = re.compile(r"\b[BMTDH]\d{1,3}\b(?! ·)")


class _Text(HTMLParser):
    """The text a person sees, one chunk per text node."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
    HIDDEN = {"script", "style", "template", "noscript", "svg"}
    CODE = {"code", "pre", "kbd"}

    def __init__(self, lang: str):
        super().__init__(convert_charrefs=True)
        self.lang = lang
        # (tag, hidden, marked as code)
        self.stack: list[tuple[str, bool, bool]] = []
        self.chunks: list[str] = []
        self.codes: list[str] = []   # the text marked as code (an example to type excepted)
        self.typed: list[bool] = []  # per code chunk: inside <kbd>, what a person types into a form
        self.labels: set[int] = set()   # indexes of the chunks that label a form's choice

    def _skipping(self) -> bool:
        return bool(self.stack) and (self.stack[-1][1] or self.stack[-1][2])

    def _hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "input" and not self._skipping() and attrs.get("type") in ("submit", "button") and attrs.get("value"):
            self.chunks.append(attrs["value"])
        if tag in self.VOID:
            return
        marked = tag != "html" and attrs.get("lang") not in (None, self.lang)
        hidden = self._hidden() or tag in self.HIDDEN or marked
        code = (bool(self.stack) and self.stack[-1][2]) or tag in self.CODE or attrs.get("translate") == "no"
        self.stack.append((tag, hidden, code))

    def handle_startendtag(self, tag, attrs):
        if tag not in self.VOID:
            return
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        if data.strip() and not self._hidden() and self._skipping():
            self.codes.append(" ".join(data.split()))
            self.typed.append(any(tag == "kbd" for tag, _hidden, _code in self.stack))
        elif not self._skipping() and data.strip():
            if any(tag in ("label", "option") for tag, _hidden, _code in self.stack):
                self.labels.add(len(self.chunks))
            self.chunks.append(" ".join(data.split()))


def visible_text(html: str, lang: str) -> list[str]:
    return _parsed(html, lang).chunks


def _parsed(html: str, lang: str) -> _Text:
    parser = _Text(lang)
    parser.feed(html)
    parser.close()
    return parser


def defects(chunks: list[str], lang: str, typed: list[str], labels: set[int] = frozenset()) -> list[str]:
    """What a person should not read on a page; ``typed`` is what members typed (names, titles,
    notes), shown as typed and so in whatever script they typed it. ``labels``: the chunks that
    label a form's choice, where "None" is the English word of a choice, not a Python value."""
    found = []
    for index, chunk in enumerate(chunks):
        text = chunk
        for data in typed:
            text = text.replace(data, " ")
        problems = []
        if SNAKE.search(text):
            problems.append(f"snake_case {SNAKE.search(text).group()!r}")
        for pattern, what in REPRS:
            if what == "None" and index in labels and text.strip() == "None":
                continue
            if pattern.search(text):
                problems.append(what)
        if BARE_ID.search(text):
            problems.append(f"bare id {BARE_ID.search(text).group()!r}")
        if POINT_ID.search(text):
            problems.append(f"point id {POINT_ID.search(text).group()!r}")
        if RULE_CODE.search(text):
            problems.append(f"rule code without its title {RULE_CODE.search(text).group()!r}")
        if lang == "en" and CYRILLIC.search(text):
            problems.append("Cyrillic on an English page")
        if lang == "ru":
            latin = [w for w in LATIN_WORD.findall(text) if w not in LATIN_ON_RUSSIAN]
            if latin:
                problems.append(f"Latin words on a Russian page {latin[:3]}")
        found += [f"{p}: {chunk[:120]!r}" for p in problems]
    return found


def code_defects(codes: list[str], typed: list[bool]) -> list[str]:
    """What text marked as code must not be either: an interpretation point's id or a reading's
    code, which a person reads as the point's question and the reading's meaning. ``typed``: the
    chunks that show what to type into a form (``<kbd>``), where a code is the value asked for."""
    found = []
    for chunk, example in zip(codes, typed, strict=True):
        if example:
            continue
        if POINT_ID.search(chunk):
            found.append(f"point id {POINT_ID.search(chunk).group()!r} marked as code: {chunk[:120]!r}")
        if SNAKE.search(chunk):
            found.append(f"a code {SNAKE.search(chunk).group()!r} marked as code: {chunk[:120]!r}")
    return found


# ---------------------------------------------------------------------------------------------
# The demo club and its pages


def _pages() -> dict[str, tuple[str, list[str]]]:
    """Every named page of the club's apps: name -> (route, its argument names)."""
    found: dict[str, tuple[str, list[str]]] = {}

    def walk(resolver, prefix, namespace):
        for entry in resolver.url_patterns:
            route = prefix + str(entry.pattern)
            if isinstance(entry, URLResolver):
                walk(entry, route, entry.namespace or namespace)
            elif isinstance(entry, URLPattern) and entry.name and not route.startswith(FOREIGN_PREFIXES):
                name = f"{namespace}:{entry.name}" if namespace else entry.name
                found[name] = (route, list(entry.pattern.converters))

    walk(get_resolver(), "", None)
    return {name: page for name, page in found.items() if name not in NOT_HTML}


ROUTES = _pages()
PAGES = sorted(set(ROUTES) - ACTIONS - set(NOT_PAGES) - REDIRECTS)


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    """The demo club, loaded once for the module and rolled back after it."""
    from django.test.utils import override_settings

    from club import demo as club_demo
    from games import demo as games_demo
    from games.tables import demo as tables_demo
    from games.tournaments import demo as tournaments_demo
    from rules import demo as rules_demo

    with django_db_blocker.unblock(), override_settings(CLUB_JUDGE=""):
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            club = club_demo.load()
            # The advice of a deal is computed after the commit; here there is none, so run it.
            games = games_demo.load()
            from games import services
            from games.models import Result

            for result in Result.objects.filter(kind="judged", advice__isnull=True):
                services.result_advise(result=result)
            rules_demo.load()
            tables_demo.load()
            tournaments_demo.load()
            from games.seasons import demo as seasons_demo

            seasons_demo.load()
            # What members typed, read once: each test's writes are rolled back after it.
            yield {"club": club, "games": games, "arguments": _arguments(club), "typed": _typed()}
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


def _arguments(club) -> dict[str, dict]:
    """One demo object for every page that takes one: page name -> kwargs."""
    from club import access
    from club.models import Dimension, Invitation, MailSent, ScheduledSession
    from games.models import Bet, Claim, Deal, Game, Result
    from games.tables.models import CasinoHand, DiceMatch
    from games.tournaments.models import Round, Tournament
    from games.tournaments.models import Table as TournamentTable
    from rules.models import Dispute, InterpretationPoint, Precedent, RulebookEntry

    game = Game.objects.order_by("pk").first()
    deal = Deal.objects.filter(mode="digital", results__status="confirmed").order_by("pk").first()
    member = club["members"]["Skeeve"]
    session = ScheduledSession.objects.filter(title="Dragon Poker night II").first()
    future = ScheduledSession.objects.filter(title="Dragon Poker night III").first()
    tournament = Tournament.objects.order_by("pk").first()
    invitation = Invitation.objects.first()
    casino = CasinoHand.objects.order_by("pk").first()
    dice = DiceMatch.objects.order_by("pk").first()
    result = Result.objects.filter(deal=deal).order_by("pk").first()
    found = {
        "club:member_detail": {"pk": member.pk},
        "club:member_anonymise": {"pk": member.pk},
        "club:dimension_detail": {"slug": Dimension.objects.order_by("pk").first().slug},
        "club:venue_detail": {"slug": club["venue"].slug},
        "club:session_detail": {"pk": session.pk},
        "club:session_rsvp": {"pk": future.pk},
        "club:session_transition": {"pk": future.pk},
        "club:session_seating": {"pk": future.pk},
        "club:session_checkin": {"pk": future.pk},
        "club:invitation_open": {"token": invitation.token if invitation else "no-such-invitation"},
        "games:member_stats": {"pk": member.pk},
        "games:game_start": {"session_pk": future.pk},
        "games:game_detail": {"pk": game.pk},
        "games:deal_new": {"pk": game.pk},
        "games:game_end": {"pk": game.pk},
        "games:game_reseat": {"pk": game.pk},
        "games:deal_detail": {"pk": deal.pk},
        "games:deal_in_sitting": {"pk": game.pk, "position": 2},
        "tournaments:detail": {"slug": tournament.slug},
        "tournaments:standings": {"slug": tournament.slug},
        "tournaments:report": {"slug": tournament.slug},
        "tournaments:manage": {"slug": tournament.slug},
        "tournaments:member_rating": {"member_id": member.pk},
        "tournaments:sheet": {"pk": TournamentTable.objects.order_by("pk").first().pk},
        "tournaments:round": {"pk": Round.objects.order_by("pk").first().pk},
        "tables:casino_hand": {"pk": casino.pk},
        "tables:dice_match": {"pk": dice.pk},
        "rules:point_detail": {"point_id": InterpretationPoint.objects.order_by("pk").first().point_id},
        "rules:precedent_detail": {"permanent_id": Precedent.objects.order_by("pk").first().permanent_id},
        "rules:precedent_transition": {"permanent_id": Precedent.objects.order_by("pk").first().permanent_id},
        "rules:dispute_detail": {"pk": Dispute.objects.order_by("pk").first().pk},
        "rules:dispute_act": {"pk": Dispute.objects.order_by("pk").first().pk, "what": "publish"},
        "rules:entry_detail": {"key": RulebookEntry.objects.order_by("pk").first().key},
    }
    # The pages that take a POST, with the object they act on.
    for name in ("games:deal_bet", "games:deal_card", "games:deal_claim", "games:deal_dispute",
                 "games:deal_rejudge", "games:deal_submit"):
        found[name] = {"pk": deal.pk}
    for name in ("games:result_confirm", "games:result_discard"):
        found[name] = {"pk": result.pk}
    for name in ("tables:casino_act", "tables:casino_draw", "tables:casino_reveal"):
        found[name] = {"pk": casino.pk}
    for name in ("tables:dice_accept", "tables:dice_decline", "tables:dice_withdraw"):
        found[name] = {"pk": dice.pk}
    found["tournaments:sheet_record"] = found["tournaments:sheet"]
    for name in ("games:deal_void", "games:deal_replay", "games:deal_correct", "games:deal_live",
                 "games:deal_result_live"):
        found[name] = {"pk": deal.pk}
    claim, bet = Claim.objects.order_by("pk").first(), Bet.objects.order_by("pk").first()
    found["games:claim_withdraw"] = {"pk": claim.pk if claim else 0}
    found["games:bet_withdraw"] = {"pk": bet.pk if bet else 0}
    found["tables:dice_match_live"] = {"pk": dice.pk}
    from games.tables.models import DrakerGame

    draker = DrakerGame.objects.order_by("pk").first()
    for name in ("tables:draker_game", "tables:draker_game_confirm", "tables:draker_game_discard",
                 "tables:draker_game_turn"):
        found[name] = {"pk": draker.pk}
    for name in ("tournaments:live", "tournaments:work"):
        found[name] = {"slug": tournament.slug}
    found["tournaments:from_session"] = {"pk": future.pk}
    for name in ("tournaments:round_correct", "tournaments:round_void"):
        found[name] = found["tournaments:round"]
    from games.seasons.models import Season

    season = Season.objects.order_by("pk").first()
    for name in ("seasons:detail", "seasons:edit", "seasons:export", "seasons:championship"):
        found[name] = {"pk": season.pk}
    for name in ("tournaments:print_sheets", "tournaments:table_cards"):
        found[name] = {"slug": tournament.slug}
    found["club:audit_object"] = {"kind": "deal", "pk": deal.pk}
    found["club:calendar_member"] = {"token": member.calendar_token}
    found["club:unsubscribe"] = {"token": access.unsubscribe_token(kind=MailSent.Kind.SESSION_DAY, member=member)}
    from rules import access as rules_access
    from rules.models import SavedSearch

    followed = SavedSearch.objects.filter(owner=member).order_by("pk").first()
    for name in ("rules:followed_detail", "rules:followed_feed", "rules:followed_delete", "rules:followed_digest"):
        found[name] = {"token": followed.token}
    found["rules:followed_unsubscribe"] = {"token": rules_access.digest_unsubscribe_token(member)}
    found["rules:precedent_graph"] = found["rules:precedent_detail"]
    return found


def _typed() -> list[str]:
    """What members typed, longest first: shown as typed, in any script."""
    from django.conf import settings

    from club.models import Dimension, Member, ScheduledSession, Venue
    from games.models import Result
    from games.tournaments.models import Tournament
    from rules.models import Dispute

    typed = {settings.CLUB_NAME}
    typed |= set(Member.objects.values_list("display_name", flat=True))
    typed |= set(Dispute.objects.values_list("question", flat=True))
    typed |= set(Dispute.objects.exclude(ruling="").values_list("ruling", flat=True))
    typed |= set(Result.objects.exclude(note="").values_list("note", flat=True))
    typed |= set(ScheduledSession.objects.values_list("title", flat=True))
    typed |= set(Tournament.objects.values_list("name", flat=True))
    from games.seasons.models import Season

    typed |= set(Season.objects.values_list("name", flat=True))
    for venue in Venue.objects.all():
        typed |= {venue.name, venue.address, venue.timezone}
    for dimension in Dimension.objects.all():
        typed |= {dimension.name_en, dimension.name_ru, dimension.phonetic}
    return sorted((t for t in typed if t), key=len, reverse=True)


def _get(demo, name, role, lang="en", **options):
    """``name``'s address with its demo object, read as the demo admin or member in ``lang``."""
    from django.conf import settings

    member = demo["club"]["members"]["Aahz" if role == "admin" else "Skeeve"]
    route, params = ROUTES[name]
    kwargs = demo["arguments"].get(name, {})
    assert set(kwargs) == set(params), f"give {name} ({route}) a demo object in _arguments"
    client = Client()
    client.force_login(member.user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    return client.get(reverse(name, kwargs=kwargs), **options)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("name", "role"), [(name, role) for name in PAGES for role in ("admin", "member")
                                            if (name, role) not in DOWNLOADS])
def test_page_reads_as_words(demo, name, role, lang):
    response = _get(demo, name, role, lang)
    assert response.status_code not in (204, 302, 405), (
        f"{name} answers a read with {response.status_code}: list it with the actions or redirects above")
    assert "html" in response.get("Content-Type", ""), f"{name} answers {response.get('Content-Type')}, not a page"
    # 286: a polled part of a page, drawn for the last time (htmx stops polling on it).
    assert response.status_code in (200, 286, 403, 404), f"{name}: {response.status_code}"
    html = response.content.decode()
    if "<html" in html[:500]:  # a whole page; a polled part is read inside its page's language
        assert f'lang="{lang}"' in html[:500], f"{name} is not served in {lang}"
    parsed = _parsed(html, lang)
    found = defects(parsed.chunks, lang, demo["typed"], parsed.labels) + code_defects(parsed.codes, parsed.typed)
    assert not found, f"{name} as {role} in {lang}:\n" + "\n".join(dict.fromkeys(found))


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(ACTIONS))
def test_an_action_refuses_a_read(demo, name):
    """What a form posts to is not read with GET, even by an admin: 405, nothing done."""
    assert _get(demo, name, "admin").status_code == 405


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(NOT_PAGES))
def test_what_is_not_a_page_says_what_it_is(demo, name):
    response = _get(demo, name, "member")
    assert response.status_code == 200 and NOT_PAGES[name] in response["Content-Type"], response["Content-Type"]


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "role"), sorted(DOWNLOADS))
def test_a_download_is_a_file(demo, name, role):
    response = _get(demo, name, role)
    assert response.status_code == 200 and "html" not in response["Content-Type"], response["Content-Type"]


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(REDIRECTS))
def test_an_address_sends_on_to_a_page(demo, name):
    assert _get(demo, name, "member").status_code == 302
    page = _get(demo, name, "member", follow=True)
    assert page.status_code == 200 and "html" in page["Content-Type"]
    assert page.redirect_chain[-1][0] != reverse("account_login")


# Pages whose words come from a filled form: the Draker calculator scores a combination sent by GET.
FILLED = {
    "tables:draker": ("c0-rank=5&c0-profession=1&c0-suit=h&c0-pool=own&c1-rank=6&c1-profession=2&c1-suit=h"
                      "&c1-pool=own&c2-rank=7&c2-profession=3&c2-suit=h&c2-pool=common&c2-tokens=1"
                      "&spent_attack=30&earned_defence=1"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", sorted(FILLED))
def test_a_filled_form_reads_as_words(demo, name, lang):
    from django.conf import settings

    client = Client()
    client.force_login(demo["club"]["members"]["Skeeve"].user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    response = client.get(f"{reverse(name)}?{FILLED[name]}")
    assert response.status_code == 200
    parsed = _parsed(response.content.decode(), lang)
    found = defects(parsed.chunks, lang, demo["typed"], parsed.labels) + code_defects(parsed.codes, parsed.typed)
    assert not found, f"{name} filled in {lang}:\n" + "\n".join(dict.fromkeys(found))


@pytest.mark.parametrize("html", [
    "<td>floor_zero</td>",                                        # a reading's code as text
    "<td><code>only_with_65</code> the bank is split</td>",       # ... beside its meaning, marked as code
    '<a href="/rules/points/IP-R2-WILD-CARD/"><code translate="no">IP-R2-WILD-CARD</code></a>',
    '<span translate="no">IP-DECKS = one_deck_only</span>',
])
def test_the_scanner_finds_a_reading_code_or_a_point_id_however_it_is_marked(html):
    parsed = _parsed(f"<p>{html}</p>", "en")
    assert defects(parsed.chunks, "en", []) + code_defects(parsed.codes, parsed.typed)


@pytest.mark.parametrize("html", [
    '<tr data-point="IP-R2-WILD-CARD" data-reading="that_rank"><td><a href="/rules/points/IP-R2-WILD-CARD/">'
    "What becomes wild?</a></td><td>every card of that rank</td></tr>",
    '<small>One a line, as in <kbd translate="no">IP-R2-WILD-CARD=that_rank</kbd></small>',   # what to type
    '<p>seed <code>e2e-dark</code></p>',
])
def test_the_scanner_leaves_codes_in_addresses_attributes_and_examples_to_type(html):
    parsed = _parsed(html, "en")
    assert not defects(parsed.chunks, "en", []) + code_defects(parsed.codes, parsed.typed)
