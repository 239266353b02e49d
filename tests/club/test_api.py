"""The club API: permissions, the one error shape, 400 naming field and value, 404, 409."""

from datetime import timedelta

import pytest
from django.utils import timezone

from club import services
from tests import factories

pytestmark = pytest.mark.django_db


def _session_payload(venue_obj, **overrides):
    start = timezone.now() + timedelta(days=2)
    payload = {"title": "Friday", "venue": venue_obj.slug, "starts_at": start.isoformat(),
               "ends_at": (start + timedelta(hours=4)).isoformat(), "game": "dragon",
               "min_stake": 2, "max_stake": 20, "capacity": 6}
    payload.update(overrides)
    return payload


def test_anonymous_may_read_sessions_but_not_write(api, croupier):
    factories.session(actor=croupier)
    response = api.get("/api/sessions/")
    assert response.status_code == 200 and response.json()["count"] == 1
    response = api.post("/api/sessions/", _session_payload(factories.venue()), format="json")
    assert response.status_code in (401, 403)
    assert set(response.json()) == {"message", "extra"}


def test_member_cannot_create_a_session_croupier_can(api_as, plain_member, croupier):
    venue = factories.venue()
    assert api_as(plain_member).post("/api/sessions/", _session_payload(venue), format="json").status_code == 403
    response = api_as(croupier).post("/api/sessions/", _session_payload(venue), format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["status"] == "planned"


def test_bad_input_names_the_field_and_value(api_as, croupier):
    venue = factories.venue()
    response = api_as(croupier).post("/api/sessions/", _session_payload(venue, capacity=12), format="json")
    body = response.json()
    assert response.status_code == 400
    assert body["message"].startswith("capacity")
    assert body["extra"]["fields"]["capacity"]["value"] == 12
    response = api_as(croupier).post("/api/sessions/", _session_payload(venue, venue="nowhere"), format="json")
    assert response.status_code == 400 and body["extra"]["fields"]
    assert response.json()["extra"]["fields"]["venue"]["value"] == "nowhere"


def test_service_errors_keep_the_shape(api_as, croupier):
    venue = factories.venue()
    start = timezone.now() + timedelta(days=1)
    payload = _session_payload(venue, ends_at=(start - timedelta(hours=1)).isoformat(), starts_at=start.isoformat())
    response = api_as(croupier).post("/api/sessions/", payload, format="json")
    assert response.status_code == 400
    assert "ends_at" in response.json()["message"]


def test_rsvp_and_waitlist_through_the_api(api_as, croupier):
    session = factories.session(actor=croupier, capacity=2)
    people = [factories.member() for _ in range(3)]
    answers = [api_as(m).post(f"/api/sessions/{session.pk}/rsvp/", {"answer": "going"}, format="json").json()["answer"]
               for m in people]
    assert answers == ["going", "going", "waitlisted"]
    detail = api_as(people[0]).get(f"/api/sessions/{session.pk}/").json()
    assert detail["going_count"] == 2 and detail["waitlist_count"] == 1


def test_member_cannot_rsvp_for_someone_else(api_as, croupier, plain_member):
    session = factories.session(actor=croupier)
    other = factories.member()
    response = api_as(plain_member).post(f"/api/sessions/{session.pk}/rsvp/",
                                         {"answer": "going", "member": other.pk}, format="json")
    assert response.status_code == 403
    assert response.json()["message"] == "A member answers for themself only."


def test_unknown_session_is_404_in_the_shape(api_as, plain_member):
    response = api_as(plain_member).post("/api/sessions/999999/rsvp/", {"answer": "going"}, format="json")
    assert response.status_code == 404
    assert set(response.json()) == {"message", "extra"}


def test_seat_taken_is_409(api_as, croupier):
    session = factories.session(actor=croupier)
    a, b = factories.member(), factories.member()
    for m in (a, b):
        services.rsvp_set(session=session, member=m, actor=m, answer="going")
    client = api_as(croupier)
    assert client.post(f"/api/sessions/{session.pk}/seat/", {"member": a.pk, "seat": "N"}, format="json").status_code == 200
    response = client.post(f"/api/sessions/{session.pk}/seat/", {"member": b.pk, "seat": "N"}, format="json")
    assert response.status_code == 409
    assert response.json()["extra"]["seat"] == "N"


def test_session_full_transition_conflict_is_409(api_as, croupier):
    session = factories.session(actor=croupier, status="planned")
    response = api_as(croupier).post(f"/api/sessions/{session.pk}/transition/", {"to": "closed"}, format="json")
    assert response.status_code == 409
    assert response.json()["extra"]["allowed"] == ["open", "cancelled"]


def test_seating_by_seed_through_the_api(api_as, croupier):
    session = factories.session(actor=croupier)
    for _ in range(4):
        m = factories.member()
        services.rsvp_set(session=session, member=m, actor=m, answer="going")
    response = api_as(croupier).post(f"/api/sessions/{session.pk}/seating/", {"seed": "abc"}, format="json")
    assert response.status_code == 200
    assert sorted(row["seat"] for row in response.json()["seats"]) == ["E", "N", "S", "W"]


def test_admin_creates_members_member_cannot(api_as, admin_member, plain_member):
    dim = factories.dimension()
    payload = {"email": "new@example.org", "display_name": "Gleep", "dimension": dim.slug, "sex": "m",
               "role": "member"}
    assert api_as(plain_member).post("/api/members/", payload, format="json").status_code == 403
    response = api_as(admin_member).post("/api/members/", payload, format="json")
    assert response.status_code == 201 and response.json()["display_name"] == "Gleep"
    assert api_as(admin_member).post("/api/members/", payload, format="json").status_code == 409


def test_me_and_token_auth(api, plain_member):
    response = api.post("/api/token/", {"username": plain_member.user.username, "password": "pw-12345678"},
                        format="json")
    token = response.json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/members/me/").json()["id"] == plain_member.pk


def test_openapi_schema_and_docs(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    assert "/api/sessions/{id}/rsvp/" in paths and "/api/members/" in paths
    docs = api.get("/api/docs/")
    assert docs.status_code == 200 and b"swagger" in docs.content.lower()


def test_invitations_api_is_for_admins(api_as, admin_member, plain_member):
    dim = factories.dimension()
    payload = {"email": "tanda@example.org", "display_name": "Tanda", "dimension": dim.slug, "role": "member"}
    assert api_as(plain_member).post("/api/invitations/", payload, format="json").status_code == 403
    response = api_as(admin_member).post("/api/invitations/", payload, format="json")
    assert response.status_code == 201 and response.json()["email"] == "tanda@example.org"
    assert api_as(admin_member).post("/api/invitations/", {**payload, "email": admin_member.user.email},
                                     format="json").status_code == 409


def test_a_slug_with_a_nul_byte_is_a_400(api_as, admin_member):
    payload = {"email": "nul@example.org", "display_name": "Nul", "dimension": "kl\x00ah", "sex": "m", "role": "member"}
    response = api_as(admin_member).post("/api/members/", payload, format="json")
    assert response.status_code == 400
    assert response.json()["extra"]["fields"]["dimension"]
