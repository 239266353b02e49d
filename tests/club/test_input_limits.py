"""Bad input is refused without echoing secrets, and dates stay within the years the club keeps."""

import pytest
from django.urls import reverse

from club.api_errors import api_exception_handler
from club.errors import NotFound
from club.models import ScheduledSession
from tests import factories

pytestmark = pytest.mark.django_db


# --- no secret echoed ------------------------------------------------------------------------------

def test_a_400_never_echoes_a_submitted_password(api_as, admin_member):
    dim = factories.dimension()
    payload = {"email": "not-an-email", "display_name": "Gleep", "dimension": dim.slug, "sex": "m",
               "password": "hunt2", "token": "tok-secret-value", "api_key": "key-secret-value",
               "client_secret": "shh-secret-value", "password2": "hunt2-again"}
    response = api_as(admin_member).post("/api/members/", payload, format="json")
    assert response.status_code == 400
    body = response.content.decode()
    for secret in ("hunt2", "tok-secret-value", "key-secret-value", "shh-secret-value"):
        assert secret not in body
    fields = response.json()["extra"]["fields"]
    assert "value" not in fields["password"] and fields["password"]["errors"]
    # Other values still name what was wrong.
    assert fields["email"]["value"] == "not-an-email"


def test_a_400_echoes_at_most_forty_characters_of_a_value(api_as, admin_member):
    payload = {"email": "x" * 300, "display_name": "Gleep", "dimension": factories.dimension().slug, "sex": "m"}
    response = api_as(admin_member).post("/api/members/", payload, format="json")
    assert response.status_code == 400
    assert len(response.json()["extra"]["fields"]["email"]["value"]) <= 41
    assert "x" * 60 not in response.content.decode()


def test_an_application_error_never_echoes_a_token():
    response = api_exception_handler(NotFound("This invitation is not valid any more.",
                                              extra={"token": "secret-invitation-token", "field": "email"}), {})
    assert response.status_code == 404
    assert "secret-invitation-token" not in str(response.data)
    assert response.data["extra"]["field"] == "email"


def test_the_token_login_never_echoes_the_password(api, plain_member):
    response = api.post("/api/token/", {"username": plain_member.user.email, "password": "wrong-guess-123"},
                        format="json")
    assert response.status_code == 400 and "wrong-guess-123" not in response.content.decode()
    response = api.post("/api/token/", {"password": "only-a-password"}, format="json")
    assert response.status_code == 400 and "only-a-password" not in response.content.decode()


# --- dates within 1900-2200 ------------------------------------------------------------------------

def session_payload(venue, starts, ends):
    return {"title": "Evening", "venue": venue.slug, "starts_at": starts, "ends_at": ends, "game": "dragon"}


@pytest.mark.parametrize("starts,ends", [
    ("0038-01-01T19:00:00+03:00", "0038-01-01T23:00:00+03:00"),
    ("1899-12-31T19:00:00+03:00", "2030-01-01T23:00:00+03:00"),
    ("2030-01-01T19:00:00+03:00", "2201-01-01T23:00:00+03:00"),
])
def test_the_api_refuses_a_session_outside_1900_2200(api_as, croupier, starts, ends):
    venue = factories.venue()
    response = api_as(croupier).post("/api/sessions/", session_payload(venue, starts, ends), format="json")
    assert response.status_code == 400
    bad = starts if not starts.startswith("2030") else ends
    assert bad[:4] in response.json()["message"]
    assert not ScheduledSession.objects.exists()


def test_the_api_accepts_a_session_within_the_years(api_as, croupier):
    venue = factories.venue()
    response = api_as(croupier).post("/api/sessions/", session_payload(
        venue, "2199-06-01T19:00:00+03:00", "2199-06-01T23:00:00+03:00"), format="json")
    assert response.status_code == 201
    assert "2199" in api_as(croupier).get(f"/api/sessions/{response.json()['id']}/").json()["starts_at"]


def test_the_api_refuses_moving_a_session_to_year_38(api_as, croupier):
    session = factories.session(actor=croupier)
    response = api_as(croupier).patch(f"/api/sessions/{session.pk}/", {"starts_at": "0038-01-01T19:00:00Z"},
                                      format="json")
    assert response.status_code == 400 and "0038" in response.json()["message"]
    session.refresh_from_db()
    assert session.starts_at.year > 2000


def test_the_api_refuses_a_member_joining_in_1850(api_as, admin_member, plain_member):
    response = api_as(admin_member).patch(f"/api/members/{plain_member.pk}/", {"joined": "1850-01-01"},
                                          format="json")
    assert response.status_code == 400 and "1850" in response.json()["message"]
    assert api_as(admin_member).patch(f"/api/members/{plain_member.pk}/", {"joined": "1990-01-01"},
                                      format="json").status_code == 200


def test_the_session_form_refuses_year_38(client, croupier):
    venue = factories.venue()
    client.force_login(croupier.user)
    data = {"title": "Evening", "venue": venue.pk, "starts_at": "0038-01-01T19:00", "ends_at": "0038-01-01T23:00",
            "kind": "dragon", "min_stake": 2, "max_stake": 20, "capacity": 8}
    response = client.post(reverse("club:session_create"), data)
    assert response.status_code == 200 and "0038" in response.content.decode()
    assert not ScheduledSession.objects.exists()
    response = client.post(reverse("club:session_create"), {**data, "starts_at": "2031-01-01T19:00",
                                                            "ends_at": "2031-01-01T23:00"})
    assert response.status_code == 302 and ScheduledSession.objects.count() == 1


def test_a_nested_value_is_echoed_without_its_secrets_and_cut():
    from club.errors import echo

    shown = echo([{"seat": "N", "password": "hunter2-secret", "note": "x" * 100}, {"api_key": "k-123"}])
    assert "'seat': 'N'" in shown and "hunter2" not in shown and "k-123" not in shown
    assert "x" * 41 not in shown and len(echo(["y" * 40] * 50)) <= 401
