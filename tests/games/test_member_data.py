"""A member downloads his own data (a zip of JSON and CSV); an admin anonymises a member who left,
and the ledger still balances and the results stay."""

from __future__ import annotations

import csv
import io
import json
import zipfile

import pytest
from allauth.mfa.models import Authenticator
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.db.models import Sum
from django.test import Client

from club import services as club_services
from club.accounts import token_issue
from club.anonymise import member_anonymise
from club.errors import Conflict, Forbidden
from club.member_data import member_data_zip
from club.models import RSVP, ApiToken, Member
from games import services
from games.models import LedgerEntry, Result
from rules import services as rules_services
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(game, croupier, players):
    """One confirmed quick deal (Aahz wins a pot of 8), a bet, a dispute Skeeve raised and a
    precedent the croupier ruled."""
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    result = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=8)
    services.result_confirm(result=result, actor=croupier)
    services.dispute_raise(deal=deal, actor=players[0], question="Was the pot right?")
    rules_services.precedent_file(actor=croupier, title="Pots of eight", situation="s", question="q", ruling="r")
    return deal


def unzip(body: bytes) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        return {name: archive.read(name).decode() for name in archive.namelist()}


def test_the_zip_holds_the_members_own_data(played, players):
    skeeve, aahz = players[0], players[1]
    files = unzip(member_data_zip(member=skeeve, site="https://club.example"))
    assert {"data.json", "profile.json", "sessions.csv", "results.csv", "chip-statement.csv", "claims.csv",
            "bets.csv", "disputes.csv", "precedents.csv", "seats.csv", "tournaments.csv"} <= set(files)
    data = json.loads(files["data.json"])
    assert data["profile"]["email"] == skeeve.user.email and data["profile"]["display_name"] == "Skeeve"
    assert [r["answer"] for r in data["sessions"]] == ["Going"]
    assert data["results"][0]["winners"] == "Aahz" and data["results"][0]["my_chips"] == -2
    assert sum(row["chips"] for row in data["chip-statement"]) == -2
    assert data["disputes"][0]["question"] == "Was the pot right?"
    assert data["precedents"] == []
    rows = list(csv.reader(io.StringIO(files["results.csv"])))
    assert rows[0][:3] == ["Confirmed at", "Game", "Deal"] and rows[1][4] == "Aahz"
    # Another member is named, never his address or chips.
    whole = "".join(files.values())
    assert aahz.user.email not in whole
    assert "calendar" not in data["profile"] and skeeve.calendar_token not in whole


def test_the_croupiers_zip_lists_the_precedents_he_ruled(played, croupier):
    data = json.loads(unzip(member_data_zip(member=croupier))["data.json"])
    assert [p["title"] for p in data["precedents"]] == ["Pots of eight"]


def test_the_page_downloads_only_the_readers_own_zip(played, players):
    client = Client()
    client.force_login(players[1].user)
    response = client.get("/profile/my-data.zip", {"member": players[0].pk})
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert "attachment" in response["Content-Disposition"]
    data = json.loads(unzip(response.content)["data.json"])
    assert data["profile"]["display_name"] == "Aahz"
    assert players[0].user.email not in response.content.decode("latin-1")


def test_the_zip_headings_follow_the_language(played, players):
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(players[0].user)
    files = unzip(client.get("/profile/my-data.zip").content)
    assert files["results.csv"].startswith("Когда подтверждён,")
    assert json.loads(files["data.json"])["sessions"][0]["answer"] == "Приду"


def test_an_anonymous_visitor_gets_no_zip(client):
    assert "/accounts/login/" in client.get("/profile/my-data.zip")["Location"]


def test_a_post_is_not_a_download(players, client_as):
    assert client_as(players[0]).post("/profile/my-data.zip").status_code == 405


# --- anonymising --------------------------------------------------------------------------------


def ledger_total() -> int:
    return LedgerEntry.objects.aggregate(total=Sum("amount"))["total"] or 0


def test_anonymising_keeps_the_ledger_and_results_and_removes_the_person(played, players, croupier):
    admin = factories.member(Member.Role.ADMIN)
    aahz = players[1]
    user = aahz.user
    token_issue(user=user)
    Authenticator.objects.create(user=user, type=Authenticator.Type.TOTP, data={"secret": "x"})
    signed_in = Client()
    signed_in.force_login(user)
    old_email, old_feed, balance = user.email, aahz.calendar_token, LedgerEntry.objects.filter(member=aahz).aggregate(
        total=Sum("amount"))["total"]
    before = ledger_total()

    member_anonymise(actor=admin, member=aahz)

    aahz.refresh_from_db()
    user = get_user_model().objects.get(pk=user.pk)
    assert aahz.display_name == f"Former member {aahz.pk}" and aahz.anonymised_at and not aahz.active
    assert user.email == "" and old_email not in user.username and not user.has_usable_password()
    assert not user.is_active
    assert not ApiToken.objects.filter(user=user).exists() and not Authenticator.objects.filter(user=user).exists()
    assert not any(str(s.get_decoded().get("_auth_user_id")) == str(user.pk) for s in Session.objects.all())
    assert aahz.calendar_token != old_feed
    assert Client().get(f"/calendar/member/{old_feed}.ics").status_code == 404
    # The history keeps no old name.
    assert set(Member.history.filter(id=aahz.pk).values_list("display_name", flat=True)) == {aahz.display_name}
    # The ledger is untouched and still balances; the result still names him as the winner.
    assert ledger_total() == before == 0
    assert LedgerEntry.objects.filter(member=aahz).aggregate(total=Sum("amount"))["total"] == balance
    result = Result.objects.get(deal=played, status=Result.Status.CONFIRMED)
    assert list(result.winners.all()) == [aahz]
    # The act is in the admin site's log, under his new name only.
    from django.contrib.admin.models import LogEntry

    entry = LogEntry.objects.get(object_id=str(aahz.pk), change_message="Anonymised")
    assert entry.user_id == admin.user_id and entry.object_repr == f"Former member {aahz.pk}"
    # He can no longer sign in.
    assert not Client().login(username=old_email, password="pw-12345678")
    assert signed_in.get("/profile/").status_code == 302


def test_the_former_members_name_is_read_in_the_readers_language(played, players):
    from django.utils import translation

    admin = factories.member(Member.Role.ADMIN)
    member_anonymise(actor=admin, member=players[2])
    pk = players[2].pk
    with translation.override("ru"):
        former = Member.objects.get(pk=pk)
        assert former.display_name == f"Бывший участник {pk}"
        # Saved again in Russian, it is still stored in the one form.
        former.save()
    assert Member.objects.get(pk=pk).display_name == f"Former member {pk}"
    assert Member.objects.filter(display_name=f"Former member {pk}").exists()
    page = Client(HTTP_ACCEPT_LANGUAGE="ru")
    page.force_login(admin.user)
    assert f"Бывший участник {pk}" in page.get(f"/members/{pk}/").content.decode()


def test_anonymising_frees_his_places_in_sessions_to_come(croupier, players):
    admin = factories.member(Member.Role.ADMIN)
    upcoming = factories.session(actor=croupier, days=2, capacity=2)
    club_services.rsvp_set(session=upcoming, member=players[0], actor=players[0], answer="going")
    club_services.rsvp_set(session=upcoming, member=players[1], actor=players[1], answer="going")
    club_services.rsvp_set(session=upcoming, member=players[2], actor=players[2], answer="going")
    assert RSVP.objects.get(session=upcoming, member=players[2]).answer == RSVP.Answer.WAITLISTED
    member_anonymise(actor=admin, member=players[0])
    assert RSVP.objects.get(session=upcoming, member=players[0]).answer == RSVP.Answer.DECLINED
    assert RSVP.objects.get(session=upcoming, member=players[2]).answer == RSVP.Answer.GOING


@pytest.mark.parametrize("role", [Member.Role.MEMBER, Member.Role.CROUPIER])
def test_only_an_admin_anonymises(players, role):
    actor = factories.member(role)
    with pytest.raises(Forbidden):
        member_anonymise(actor=actor, member=players[0])
    players[0].refresh_from_db()
    assert players[0].display_name == "Skeeve" and players[0].anonymised_at is None


def test_an_admin_cannot_anonymise_himself_nor_twice(players):
    admin = factories.member(Member.Role.ADMIN)
    with pytest.raises(Conflict):
        member_anonymise(actor=admin, member=admin)
    member_anonymise(actor=admin, member=players[0])
    with pytest.raises(Conflict):
        member_anonymise(actor=admin, member=players[0])


def test_the_page_asks_for_the_confirmation_then_anonymises(players, client_as):
    admin = factories.member(Member.Role.ADMIN)
    client = client_as(admin)
    page = client.get(f"/members/{players[0].pk}/anonymise/")
    assert page.status_code == 200 and "cannot be undone" in page.content.decode()
    refused = client.post(f"/members/{players[0].pk}/anonymise/", {})
    assert refused.status_code == 400 and "Tick the box" in refused.content.decode()
    players[0].refresh_from_db()
    assert players[0].anonymised_at is None
    done = client.post(f"/members/{players[0].pk}/anonymise/", {"confirm": "yes"})
    assert done.status_code == 302
    players[0].refresh_from_db()
    assert players[0].anonymised_at is not None


@pytest.mark.parametrize("role", [Member.Role.MEMBER, Member.Role.CROUPIER])
def test_the_page_is_an_admins(players, role, client_as):
    client = client_as(factories.member(role))
    assert client.get(f"/members/{players[0].pk}/anonymise/").status_code == 403
    assert client.post(f"/members/{players[0].pk}/anonymise/", {"confirm": "yes"}).status_code == 403
    players[0].refresh_from_db()
    assert players[0].anonymised_at is None


def test_an_inactive_member_still_downloads_his_data_an_anonymised_one_nothing(players):
    from club.access import check_own_data

    skeeve = players[0]
    Member.objects.filter(pk=skeeve.pk).update(active=False)
    skeeve.refresh_from_db()
    assert check_own_data(skeeve, skeeve) == skeeve
    with pytest.raises(Forbidden):
        check_own_data(players[1], skeeve)
    with pytest.raises(Forbidden):
        check_own_data(None, skeeve)
    member_anonymise(actor=factories.member(Member.Role.ADMIN), member=skeeve)
    skeeve.refresh_from_db()
    with pytest.raises(Forbidden):
        check_own_data(skeeve, skeeve)


# --- the same through the API ---------------------------------------------------------------------


def test_the_api_gives_the_callers_own_zip(played, players, api_as, client):
    response = api_as(players[0]).get("/api/members/me/data/")
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    data = json.loads(zipfile.ZipFile(io.BytesIO(response.content)).read("data.json"))
    assert data["profile"]["display_name"] == players[0].display_name
    assert client.get("/api/members/me/data/").status_code in (401, 403)


@pytest.mark.parametrize("role", [Member.Role.MEMBER, Member.Role.CROUPIER])
def test_the_api_anonymises_only_for_an_admin(players, role, api_as):
    actor = factories.member(role, display_name="Not an admin", password=None)
    response = api_as(actor).post(f"/api/members/{players[1].pk}/anonymise/", {"confirm": True}, format="json")
    assert response.status_code == 403
    players[1].refresh_from_db()
    assert players[1].anonymised_at is None


def test_the_api_anonymises_after_the_confirmation(played, players, api_as):
    admin = factories.member(Member.Role.ADMIN, display_name="Admin", password=None)
    client = api_as(admin)
    refused = client.post(f"/api/members/{players[1].pk}/anonymise/", {"confirm": False}, format="json")
    assert refused.status_code == 400 and refused.json()["extra"]["field"] == "confirm"
    players[1].refresh_from_db()
    assert players[1].anonymised_at is None
    done = client.post(f"/api/members/{players[1].pk}/anonymise/", {"confirm": True}, format="json")
    assert done.status_code == 200, done.json()
    players[1].refresh_from_db()
    assert players[1].anonymised_at is not None and done.json()["display_name"] == players[1].display_name
    assert LedgerEntry.objects.aggregate(total=Sum("amount"))["total"] == 0
    again = client.post(f"/api/members/{players[1].pk}/anonymise/", {"confirm": True}, format="json")
    assert again.status_code == 409
