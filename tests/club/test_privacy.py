"""What is a member's own stays theirs: API tokens are listed and revoked by their owner only, and
who answers for a session is seen by logged-in members only."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from club import accounts, services
from club.models import ApiToken
from tests import factories

pytestmark = pytest.mark.django_db


def with_token(user) -> tuple[APIClient, accounts.IssuedToken]:
    issued = accounts.token_issue(user=user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {issued.key}")
    return client, issued


# --- tokens ----------------------------------------------------------------------------------------

def test_tokens_need_a_login(api):
    assert api.get("/api/tokens/").status_code in (401, 403)
    assert api.delete("/api/tokens/1/").status_code in (401, 403)


def test_a_member_lists_their_own_token_without_the_key(plain_member):
    client, mine = with_token(plain_member.user)
    other, theirs = with_token(factories.member().user)
    response = client.get("/api/tokens/")
    assert response.status_code == 200
    rows = response.json()
    assert [(row["id"], row["prefix"]) for row in rows] == [(mine.token.pk, mine.key[:8])]
    assert rows[0]["created"]
    body = response.content.decode()
    assert mine.key not in body and theirs.key[:8] not in body


def test_a_member_with_no_token_lists_nothing(api_as, plain_member):
    assert api_as(plain_member).get("/api/tokens/").json() == []


def test_a_member_revokes_their_token_and_it_stops_working(plain_member):
    client, mine = with_token(plain_member.user)
    assert client.get("/api/members/me/").status_code == 200
    assert client.delete(f"/api/tokens/{mine.token.pk}/").status_code == 204
    assert not ApiToken.objects.filter(pk=mine.token.pk).exists()
    assert client.get("/api/members/me/").status_code == 401


def test_nobody_revokes_another_members_token(plain_member):
    client, mine = with_token(plain_member.user)
    other, theirs = with_token(factories.member().user)
    response = client.delete(f"/api/tokens/{theirs.token.pk}/")
    assert response.status_code == 404
    assert set(response.json()) == {"message", "extra"} and theirs.key[:8] not in response.content.decode()
    assert ApiToken.objects.filter(pk=theirs.token.pk).exists()
    assert other.get("/api/members/me/").status_code == 200
    # Its key's first characters name nothing either, not "any token starting so".
    assert client.delete(f"/api/tokens/{theirs.key[:8]}/").status_code == 404
    # (A one-character start that happens to be the member's own token's id would rightly revoke it.)
    one = next(char for char in theirs.key if char != str(mine.token.pk))
    assert client.delete(f"/api/tokens/{one}/").status_code == 404
    assert ApiToken.objects.filter(pk=theirs.token.pk).exists()


def test_the_token_key_is_shown_once_then_only_its_prefix(api, plain_member):
    response = api.post("/api/token/", {"username": plain_member.user.email, "password": "pw-12345678"},
                        format="json")
    key = response.json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    listed = api.get("/api/tokens/")
    assert key not in listed.content.decode() and listed.json()[0]["prefix"] == key[:8]


def test_the_profile_page_shows_and_revokes_the_token(client, plain_member):
    _, mine = with_token(plain_member.user)
    _, theirs = with_token(factories.member().user)
    client.force_login(plain_member.user)
    page = client.get(reverse("club:profile_edit")).content.decode()
    assert mine.key[:8] in page and mine.key not in page and theirs.key[:8] not in page
    # Another member's token cannot be revoked from here.
    client.post(reverse("club:profile_edit"), {"revoke_token": theirs.token.pk})
    assert ApiToken.objects.filter(pk=theirs.token.pk).exists()
    response = client.post(reverse("club:profile_edit"), {"revoke_token": mine.token.pk})
    assert response.status_code == 302
    assert not ApiToken.objects.filter(pk=mine.token.pk).exists()
    assert ApiToken.objects.filter(pk=theirs.token.pk).exists()


# --- who is coming ---------------------------------------------------------------------------------

@pytest.fixture
def seated_session(croupier):
    session = factories.session(actor=croupier)
    going = factories.member(display_name="Zifnab Going")
    maybe = factories.member(display_name="Haplo Maybe")
    services.rsvp_set(session=session, member=going, actor=going, answer="going")
    services.rsvp_set(session=session, member=maybe, actor=maybe, answer="maybe")
    services.seat_assign(session=session, actor=croupier, member=going, seat="N")
    return session


def test_anonymous_visitors_see_no_names_on_a_session(client, seated_session):
    page = client.get(seated_session.get_absolute_url())
    assert page.status_code == 200
    text = page.content.decode()
    assert "Zifnab" not in text and "Haplo" not in text
    assert "Coming (1 of 8)" in text  # the count of who is coming stays


def test_members_see_the_names_on_a_session(client, plain_member, seated_session):
    client.force_login(plain_member.user)
    text = client.get(seated_session.get_absolute_url()).content.decode()
    assert "Zifnab Going" in text and "Haplo Maybe" in text


def test_the_api_gives_names_to_members_only(api, api_as, plain_member, seated_session):
    anonymous = api.get(f"/api/sessions/{seated_session.pk}/")
    assert anonymous.status_code == 200
    body = anonymous.json()
    assert body["rsvps"] == [] and body["seats"] == [] and body["going_count"] == 1
    assert "Zifnab" not in anonymous.content.decode()
    member = api_as(plain_member).get(f"/api/sessions/{seated_session.pk}/").json()
    assert {row["member_name"] for row in member["rsvps"]} == {"Zifnab Going", "Haplo Maybe"}
    assert member["seats"][0]["member_name"] == "Zifnab Going"


def test_anonymous_visitors_see_no_names_of_a_dimension(client, plain_member):
    url = plain_member.dimension.get_absolute_url()
    assert plain_member.display_name not in client.get(url).content.decode()
    client.force_login(plain_member.user)
    assert plain_member.display_name in client.get(url).content.decode()
