"""The club's history for its admins: who changed what and when, across every tracked model, by
member, kind, days and object, in words; a fixed number of queries a page; denied to others."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import translation
from simple_history.models import HistoricalRecords  # noqa: F401 - the registry below reads its marks

from club import audit
from club import services as club_services
from club.models import Member, ScheduledSession
from games import services
from tests import factories

pytestmark = pytest.mark.django_db

SEATS = ("N", "E", "S", "W")


def _as_user(model, pk, member):
    """The latest history record of an object, made as if ``member`` made it (a request would)."""
    record = model.history.filter(id=pk).order_by("-history_date", "-history_id").first()
    model.history.filter(history_id=record.history_id).update(history_user=member.user)


@pytest.fixture
def club(db):
    admin = factories.member(Member.Role.ADMIN, display_name="Garkin", password=None)
    croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
    players = [factories.member(display_name=n, password=None) for n in ("Skeeve", "Aahz", "Chumley", "Massha")]
    session = factories.session(actor=croupier, days=-1, title="Friday game")
    for p in players:
        club_services.rsvp_set(session=session, member=p, actor=p, answer="going")
    club_services.seating_set(session=session, actor=croupier,
                              assignments={p.pk: seat for p, seat in zip(players, SEATS, strict=False)})
    game = services.game_start(session=session, actor=croupier)
    deal = services.deal_start(game=game, actor=players[0], quick=True)
    result = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=8)
    services.result_confirm(result=result, actor=croupier)
    _as_user(type(result), result.pk, croupier)
    return {"admin": admin, "croupier": croupier, "players": players, "session": session, "game": game,
            "deal": deal, "result": result}


def test_every_model_with_history_is_a_kind():
    tracked = {m for m in apps.get_models() if hasattr(m._meta, "simple_history_manager_attribute")}
    assert tracked == set(audit.KINDS.values())


@pytest.mark.parametrize("role", ["member", "croupier"])
def test_the_history_is_refused_to_members_and_croupiers(client_as, api_as, club, role):
    actor = club["players"][0] if role == "member" else club["croupier"]
    assert client_as(actor).get(reverse("club:audit")).status_code == 403
    s = club["session"]
    assert client_as(actor).get(reverse("club:audit_object", args=["session", s.pk])).status_code == 403
    assert api_as(actor).get("/api/audit/").status_code == 403


def test_the_history_is_refused_to_anonymous_visitors(client, api, club):
    response = client.get(reverse("club:audit"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert api.get("/api/audit/").status_code in (401, 403)


def test_an_inactive_admin_is_refused(client_as, club):
    admin = club["admin"]
    Member.objects.filter(pk=admin.pk).update(active=False)
    admin.refresh_from_db()
    assert client_as(admin).get(reverse("club:audit")).status_code == 403


def test_the_admin_reads_who_changed_what_in_words(client_as, club):
    response = client_as(club["admin"]).get(reverse("club:audit"))
    assert response.status_code == 200
    page = response.content.decode()
    # The confirmed result: who confirmed it (linked), what it is, and what changed.
    assert f'href="{club["croupier"].get_absolute_url()}"' in page
    assert "Result of deal 1 of game 1 of Friday game" in page
    assert f'href="{club["deal"].get_absolute_url()}"' in page
    assert "<strong>Status</strong>: <del>Draft</del> → <ins>Confirmed</ins>" in page
    assert "<strong>Confirmed by</strong>: <del>—</del> → <ins>Tananda</ins>" in page
    for word in ("created", "changed", "Scheduled session", "RSVP", "Seat assignment"):
        assert word in page
    # Nothing internal: no model names, no history type codes.
    assert "HistoricalResult" not in page and "history_type" not in page


def test_the_history_in_russian(client_as, club):
    client = client_as(club["admin"])
    client.cookies["django_language"] = "ru"
    with translation.override("ru"):
        page = client.get(reverse("club:audit"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "История клуба" in page
    assert "Результат" in page and "изменено" in page
    assert "<strong>Статус</strong>" in page


def test_filters_by_member_kind_and_days(client_as, club):
    client = client_as(club["admin"])
    croupier = club["croupier"]
    page = client.get(reverse("club:audit"), {"member": croupier.pk}).content.decode()
    assert page.count('<li class="audit-row') == 1 and "Result of deal 1" in page
    page = client.get(reverse("club:audit"), {"kind": "rsvp"}).content.decode()
    assert page.count('<li class="audit-row') == 4 and "Result of" not in page
    page = client.get(reverse("club:audit"), {"since": "2200-01-01"}).content.decode()
    assert 'id="audit-empty"' in page


@pytest.mark.parametrize(("field", "value", "words"), [
    ("since", "1899-12-31", "outside the years the club keeps"),
    ("until", "3000-01-01", "outside the years the club keeps"),
    ("since", "yesterday", "Enter a valid date"),
    ("kind", "HistoricalResult", "Select a valid choice"),
    ("member", "99999999999999999999", "Select a valid choice"),
    ("size", "100000", "Select a valid choice"),
])
def test_a_bad_filter_is_named_beside_its_field(client_as, club, field, value, words):
    response = client_as(club["admin"]).get(reverse("club:audit"), {field: value})
    assert response.status_code == 200
    page = response.content.decode()
    assert f'id="error-{field}"' in page and words in page
    assert 'id="audit-refused"' in page and '<li class="audit-row' not in page


def test_days_the_wrong_way_round_are_refused_beside_the_second(client_as, club):
    page = client_as(club["admin"]).get(reverse("club:audit"), {"since": "2026-05-02", "until": "2026-05-01"})
    assert 'id="error-until"' in page.content.decode()


def test_one_objects_history_takes_in_its_rows(client_as, club):
    client = client_as(club["admin"])
    deal = club["deal"]
    response = client.get(reverse("club:audit_object", args=["deal", deal.pk]))
    page = response.content.decode()
    assert "History of Deal 1 of game 1 of Friday game" in page
    assert "Result of deal 1" in page and "answer for" not in page
    session = club["session"]
    page = client.get(reverse("club:audit_object", args=["session", session.pk])).content.decode()
    assert "Skeeve&#x27;s answer for Friday game" in page and "Skeeve&#x27;s seat at Friday game" in page
    assert "Scheduled session" in page
    assert "Result of" not in page
    assert client.get(reverse("club:audit_object", args=["nothing", 1])).status_code == 404
    assert client.get(reverse("club:audit_object", args=["deal", 10**9])).status_code == 404


def test_the_pages_object_links_to_its_history_for_admins_only(client_as, club):
    session, deal = club["session"], club["deal"]
    url = reverse("club:audit_object", args=["session", session.pk])
    assert url in client_as(club["admin"]).get(session.get_absolute_url()).content.decode()
    assert url not in client_as(club["croupier"]).get(session.get_absolute_url()).content.decode()
    url = reverse("club:audit_object", args=["deal", deal.pk])
    assert url in client_as(club["admin"]).get(deal.get_absolute_url()).content.decode()
    assert url not in client_as(club["players"][0]).get(deal.get_absolute_url()).content.decode()


def test_page_sizes_are_capped_and_pages_walk(client_as, club):
    client = client_as(club["admin"])
    total = len(list(audit.history_rows(audit.Filters())))
    assert total > 25
    page = client.get(reverse("club:audit")).content.decode()
    assert page.count('<li class="audit-row') == 25 and 'id="audit-older"' in page
    last = client.get(reverse("club:audit"), {"page": 99999}).content.decode()
    assert last.count('<li class="audit-row') == total - 25 * ((total - 1) // 25)


def test_a_page_takes_a_fixed_number_of_queries(client_as, club, django_assert_max_num_queries):
    client = client_as(club["admin"])
    client.get(reverse("club:audit"))
    with django_assert_max_num_queries(40):
        small = client.get(reverse("club:audit"), {"size": 25})
    # Many more changes: the same number of queries for a page four times as long.
    croupier = club["croupier"]
    for i in range(30):
        s = factories.session(actor=croupier, title=f"Evening {i}")
        ScheduledSession.history.filter(id=s.pk).update(history_user=croupier.user)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as few:
        client.get(reverse("club:audit"), {"size": 25})
    with CaptureQueriesContext(connection) as many:
        client.get(reverse("club:audit"), {"size": 100})
    assert small.status_code == 200
    assert len(many) <= len(few) + 8   # only the kinds a longer page adds, never a query per row


def test_the_api_lists_the_history_for_admins(api_as, club, settings):
    settings.API_MAX_PAGE_SIZE = 10
    response = api_as(club["admin"]).get("/api/audit/", {"limit": 1000, "member": club["croupier"].pk})
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 1 and len(body["results"]) == 1
    row = body["results"][0]
    assert row["kind"] == "result" and row["kind_name"] == "Result" and row["change"] == "changed"
    assert row["who"] == {"id": club["croupier"].pk, "name": "Tananda"}
    assert row["object"]["url"] == club["deal"].get_absolute_url()
    assert {"field": "status", "name": "Status", "old": "Draft", "new": "Confirmed"} in row["changes"]
    response = api_as(club["admin"]).get("/api/audit/", {"limit": 1000})
    assert len(response.json()["results"]) == 10


@pytest.mark.parametrize(("params", "field"), [
    ({"since": "1800-01-01"}, "since"), ({"until": "not-a-date"}, "until"), ({"kind": "nothing"}, "kind"),
    ({"member": "x"}, "member"), ({"object": "5"}, "object"), ({"kind": "deal", "object": "abc"}, "object"),
])
def test_the_api_refuses_a_bad_filter_with_a_400(api_as, club, params, field):
    response = api_as(club["admin"]).get("/api/audit/", params)
    assert response.status_code == 400
    assert response.json()["extra"]["field"] == field
