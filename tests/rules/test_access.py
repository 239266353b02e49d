"""Who may do what in the precedent archive: every write of the API and the pages for every role
around a table (anonymous, a member not at the table, a seated member, a croupier, an admin),
disputes and their lists scoped to the tables a member may see, the snapshot built from the
stored deal, and bounded, throttled input."""

from __future__ import annotations

import copy

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from club.models import Member
from games.models import Deal, Game
from rules import services
from rules.models import Dispute, InterpretationPoint, Precedent
from rules.rulebook import rulebook_sync

from .conftest import Table
from .helpers import ruling

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "outsider", "seated", "croupier", "admin")
LOGIN = "login"          # refused for want of a login: 401/403 from the API, a redirect from a page


def _api(member) -> APIClient:
    client = APIClient()
    if member is not None:
        client.force_authenticate(member.user)
    return client


def _page(member) -> Client:
    client = Client()
    if member is not None:
        client.force_login(member.user)
    return client


@pytest.fixture(scope="module")
def table_rows(django_db_setup, django_db_blocker):
    """The table of tests/rules/conftest.py, made once for the module in a transaction rolled back
    after it (it deals and judges a deal: longer than most tests here); each test's own writes are
    rolled back after the test. The archive is in place before, committed, as every test here
    reads it."""
    with django_db_blocker.unblock():
        if not Precedent.objects.filter(founding=True).exists():
            rulebook_sync()
            services.founding_precedents_load()
        with transaction.atomic():
            yield Table()
            transaction.set_rollback(True)


@pytest.fixture
def table(table_rows, db) -> Table:
    """The module's table with its members, game and deal read afresh: what one test changes in
    its instances is not seen by the next."""
    fresh = copy.copy(table_rows)
    members = Member.objects.select_related("user").in_bulk(
        [m.pk for m in (fresh.croupier, fresh.admin, fresh.seated, fresh.partner, fresh.outsider)])
    for role in ("croupier", "admin", "seated", "partner", "outsider"):
        setattr(fresh, role, members[getattr(fresh, role).pk])
    fresh.game = Game.objects.get(pk=fresh.game.pk)
    fresh.deal = Deal.objects.get(pk=fresh.deal.pk)
    fresh.cards = list(fresh.cards)
    return fresh


@pytest.fixture(autouse=True)
def _fresh_throttles():
    # The throttle counts in the cache: one test's writes must not count against the next one.
    cache.clear()
    yield
    cache.clear()


def _raised(table) -> Dispute:
    return services.dispute_raise(actor=table.partner, deal_ref=table.ref, question="Was the Seven dead?")


def _ruled(table) -> Dispute:
    dispute = _raised(table)
    return services.dispute_rule(dispute=dispute, actor=table.croupier, ruling="It was dead by modifier 7.")


def _draft(table) -> Precedent:
    return ruling(table.croupier, title="A draft", status="draft")


def _binding_with_a_fix(table) -> Precedent:
    point = InterpretationPoint.objects.get(point_id="IP-R2-WILD-CARD")
    other = next(r for r in point.readings if r != point.default)
    return ruling(table.croupier, title="A fix", fixes={point.point_id: other})


PRECEDENT_TEXT = {"title": "Sevens", "situation": "A seven lay dark.", "question": "Is it dead?",
                  "ruling": "It is dead."}


# ----------------------------------------------------------------------------- the API
# name -> (prepare(table) -> context, call(table, client, context) -> response,
#          done(table, context) -> whether the write happened, expected status by role)
API_WRITES = {
    "dispute open": (
        lambda t: None,
        lambda t, c, x: c.post("/api/disputes/", {"deal_ref": t.ref, "question": "Dead?"}, format="json"),
        lambda t, x: Dispute.objects.filter(deal_ref=t.ref).exists(),
        {"anonymous": LOGIN, "outsider": 400, "seated": 201, "croupier": 201, "admin": 201}),
    "dispute rule": (
        _raised,
        lambda t, c, x: c.post(f"/api/disputes/{x.pk}/rule/", {"ruling": "It stands."}, format="json"),
        lambda t, x: Dispute.objects.get(pk=x.pk).status == "ruled",
        {"anonymous": LOGIN, "outsider": 404, "seated": 403, "croupier": 200, "admin": 200}),
    "dispute replay": (
        _raised,
        lambda t, c, x: c.post(f"/api/disputes/{x.pk}/replay/", {"ruling": ""}, format="json"),
        lambda t, x: Dispute.objects.get(pk=x.pk).status == "replayed",
        {"anonymous": LOGIN, "outsider": 404, "seated": 403, "croupier": 200, "admin": 200}),
    "dispute publish": (
        _ruled,
        lambda t, c, x: c.post(f"/api/disputes/{x.pk}/publish/", {"title": "Sevens die"}, format="json"),
        lambda t, x: Dispute.objects.get(pk=x.pk).precedent_id is not None,
        {"anonymous": LOGIN, "outsider": 404, "seated": 403, "croupier": 201, "admin": 201}),
    "precedent create": (
        lambda t: None,
        lambda t, c, x: c.post("/api/precedents/", PRECEDENT_TEXT, format="json"),
        lambda t, x: Precedent.objects.filter(title="Sevens").exists(),
        {"anonymous": LOGIN, "outsider": 403, "seated": 403, "croupier": 201, "admin": 201}),
    "precedent update": (
        _draft,
        lambda t, c, x: c.patch(f"/api/precedents/{x.permanent_id}/", {"title": "Renamed"}, format="json"),
        lambda t, x: Precedent.objects.get(pk=x.pk).title == "Renamed",
        {"anonymous": LOGIN, "outsider": 403, "seated": 403, "croupier": 200, "admin": 200}),
    "precedent transition": (
        _draft,
        lambda t, c, x: c.post(f"/api/precedents/{x.permanent_id}/transition/", {"to": "advisory"}, format="json"),
        lambda t, x: Precedent.objects.get(pk=x.pk).status == "advisory",
        {"anonymous": LOGIN, "outsider": 403, "seated": 403, "croupier": 200, "admin": 200}),
    "precedent what-if": (
        _binding_with_a_fix,
        lambda t, c, x: c.post(f"/api/precedents/{x.permanent_id}/what-if/"),
        None,
        {"anonymous": LOGIN, "outsider": 403, "seated": 403, "croupier": 200, "admin": 200}),
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", list(API_WRITES))
def test_api_writes_by_role(archive, table, action, role):
    prepare, call, done, expected = API_WRITES[action]
    context = prepare(table)
    response = call(table, _api(table.role(role)), context)
    want = expected[role]
    if want == LOGIN:
        assert response.status_code in (401, 403)
    else:
        assert response.status_code == want, response.content
    if response.status_code >= 400:
        assert set(response.json()) == {"message", "extra"}
    if done is not None:
        assert done(table, context) is (response.status_code < 300)


# ----------------------------------------------------------------------------- the pages
PAGE_WRITES = {
    "dispute open": (
        lambda t: None,
        lambda t, x: ("/rules/disputes/new/", {"deal_ref": t.ref, "question": "Dead?"}),
        lambda t, x: Dispute.objects.filter(deal_ref=t.ref).exists(),
        {"anonymous": LOGIN, "outsider": 200, "seated": 302, "croupier": 302, "admin": 302}),
    "dispute rule": (
        _raised,
        lambda t, x: (f"/rules/disputes/{x.pk}/rule/", {"ruling": "It stands."}),
        lambda t, x: Dispute.objects.get(pk=x.pk).status == "ruled",
        {"anonymous": LOGIN, "outsider": 404, "seated": 403, "croupier": 302, "admin": 302}),
    "dispute replay": (
        _raised,
        lambda t, x: (f"/rules/disputes/{x.pk}/replay/", {"ruling": ""}),
        lambda t, x: Dispute.objects.get(pk=x.pk).status == "replayed",
        {"anonymous": LOGIN, "outsider": 404, "seated": 403, "croupier": 302, "admin": 302}),
    "dispute publish": (
        _ruled,
        lambda t, x: (f"/rules/disputes/{x.pk}/publish/", {"title": "Sevens die", "status": "binding"}),
        lambda t, x: Dispute.objects.get(pk=x.pk).precedent_id is not None,
        {"anonymous": LOGIN, "outsider": 404, "seated": 403, "croupier": 302, "admin": 302}),
    "precedent new": (
        lambda t: None,
        lambda t, x: ("/rules/precedents/new/", {**PRECEDENT_TEXT, "status": "draft"}),
        lambda t, x: Precedent.objects.filter(title="Sevens").exists(),
        {"anonymous": LOGIN, "outsider": 403, "seated": 403, "croupier": 302, "admin": 302}),
    "precedent transition": (
        _draft,
        lambda t, x: (f"/rules/precedents/{x.permanent_id}/transition/", {"to": "advisory"}),
        lambda t, x: Precedent.objects.get(pk=x.pk).status == "advisory",
        {"anonymous": LOGIN, "outsider": 403, "seated": 403, "croupier": 302, "admin": 302}),
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", list(PAGE_WRITES))
def test_page_writes_by_role(archive, table, action, role):
    prepare, target, done, expected = PAGE_WRITES[action]
    context = prepare(table)
    url, data = target(table, context)
    response = _page(table.role(role)).post(url, data)
    want = expected[role]
    if want == LOGIN:
        assert response.status_code == 302 and "login" in response["Location"]
    else:
        assert response.status_code == want
    assert done(table, context) is (want not in (LOGIN, 200, 403, 404))


def test_the_dispute_form_tells_a_member_not_at_the_table_why(archive, table):
    response = _page(table.outsider).post("/rules/disputes/new/", {"deal_ref": table.ref, "question": "Dead?"})
    assert table.ref in response.content.decode()
    assert not Dispute.objects.exists()


# ----------------------------------------------------------------------------- what each role sees
def _rows(response) -> list[dict]:
    body = response.json()
    return body["results"] if isinstance(body, dict) else body


@pytest.fixture
def two_disputes(table):
    """One dispute of the table's deal, and one recorded before disputes named deals (a croupier's
    matter only)."""
    mine = _raised(table)
    legacy = Dispute.objects.create(deal_ref="game-7#2", question="Joker?", raised_by=table.croupier,
                                    deal_snapshot={"cards": ["Ah"]})
    return mine, legacy


@pytest.mark.parametrize("role, sees", [("outsider", set()), ("seated", {"mine"}),
                                        ("croupier", {"mine", "legacy"}), ("admin", {"mine", "legacy"})])
def test_the_dispute_list_holds_what_the_member_may_see(table, two_disputes, role, sees):
    mine, legacy = two_disputes
    names = {mine.pk: "mine", legacy.pk: "legacy"}
    client = _api(table.role(role))
    rows = _rows(client.get("/api/disputes/"))
    assert {names[r["id"]] for r in rows} == sees
    assert {names[r["id"]] for r in _rows(client.get("/api/disputes/", {"deal_ref": table.ref}))} == sees & {"mine"}
    for row in rows:
        if row["id"] == mine.pk:
            assert row["deal_snapshot"]["cards"] == table.cards
    page = _page(table.role(role)).get("/rules/disputes/")
    shown = {d.pk for d in page.context["disputes"]}
    assert {names[pk] for pk in shown} == sees
    for dispute, name in ((mine, "mine"), (legacy, "legacy")):
        detail = client.get(f"/api/disputes/{dispute.pk}/")
        assert detail.status_code == (200 if name in sees else 404)
        page = _page(table.role(role)).get(f"/rules/disputes/{dispute.pk}/")
        assert page.status_code == (200 if name in sees else 404)


def test_anonymous_sees_no_dispute(table, two_disputes):
    assert _api(None).get("/api/disputes/").status_code in (401, 403)
    assert _page(None).get("/rules/disputes/").status_code == 302


def test_the_dispute_form_shows_the_cards_only_to_who_may_see_the_deal(table):
    url = f"/rules/disputes/new/?deal={table.ref}"
    assert _page(table.seated).get(url).context["snapshot"]["cards"] == table.cards
    assert _page(table.croupier).get(url).context["snapshot"]["cards"] == table.cards
    assert _page(table.outsider).get(url).context["snapshot"] is None


# ----------------------------------------------------------------------------- what is stored
def test_the_snapshot_is_built_from_the_stored_deal_not_taken_from_the_client(table):
    forged = {"cards": ["Ah", "Ad", "Ac", "As", "Xx"], "winners": ["Skeeve"]}
    response = _api(table.seated).post("/api/disputes/", {"deal_ref": table.ref, "question": "Dead?",
                                                         "deal_snapshot": forged, "snapshot": forged},
                                       format="json")
    assert response.status_code == 201
    stored = Dispute.objects.get().deal_snapshot
    assert stored["cards"] == table.cards and stored["ref"] == table.ref
    assert response.json()["deal_snapshot"] == stored


@pytest.mark.parametrize("ref", ["deal-999999", "g#1", "game-7#2"])
def test_a_made_up_deal_is_refused_by_name(table, ref):
    response = _api(table.croupier).post("/api/disputes/", {"deal_ref": ref, "question": "Dead?"}, format="json")
    assert response.status_code == 400
    assert ref in response.json()["message"] and response.json()["extra"]["field"] == "deal_ref"
    assert not Dispute.objects.exists()


@pytest.mark.parametrize("path, field, body", [
    ("/api/disputes/", "question", lambda t: {"deal_ref": t.ref, "question": "x" * 100_000}),
    ("/api/precedents/", "ruling", lambda t: {**PRECEDENT_TEXT, "ruling": "x" * 100_000}),
    ("/api/precedents/", "deal_snapshot", lambda t: {**PRECEDENT_TEXT, "deal_snapshot": {"cards": ["Ah"] * 50_000}}),
])
def test_an_oversize_text_is_refused(table, path, field, body):
    response = _api(table.croupier).post(path, body(table), format="json")
    assert response.status_code == 400
    assert field in response.json()["message"]
    assert not Dispute.objects.exists() and not Precedent.objects.filter(title="Sevens").exists()


def test_an_oversize_ruling_is_refused(table):
    dispute = _raised(table)
    response = _api(table.croupier).post(f"/api/disputes/{dispute.pk}/rule/", {"ruling": "x" * 100_000},
                                         format="json")
    assert response.status_code == 400 and "ruling" in response.json()["message"]
    assert Dispute.objects.get(pk=dispute.pk).status == "open"


def test_an_oversize_question_is_refused_on_the_page(table):
    response = _page(table.seated).post("/rules/disputes/new/", {"deal_ref": table.ref, "question": "x" * 100_000})
    assert response.status_code == 200 and not Dispute.objects.exists()


def test_writes_are_throttled(archive, table, monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"submissions": "2/min"})
    client = _api(table.croupier)
    codes = [client.post("/api/precedents/", {**PRECEDENT_TEXT, "title": f"Sevens {i}"}, format="json").status_code
             for i in range(3)]
    assert codes == [201, 201, 429]
    assert client.get("/api/precedents/").status_code == 200          # reads are not throttled
    cache.clear()
    seated = _api(table.seated)
    codes = [seated.post("/api/disputes/", {"deal_ref": table.ref, "question": "Dead?"}, format="json").status_code
             for _ in range(3)]
    assert codes == [201, 409, 429]
