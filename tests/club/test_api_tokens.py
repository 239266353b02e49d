"""API tokens are secrets: kept as digests, named, shown once, listed without their keys, revoked
one by one by their owner only, and expiring after API_TOKEN_TTL_DAYS days."""

from __future__ import annotations

import datetime as dt
import importlib
import json
import zipfile
from io import BytesIO
from unittest import mock

import pytest
from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.core import mail
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from club import accounts
from club.anonymise import member_anonymise
from club.member_data import member_data_zip
from club.models import ApiToken, Member
from tests import factories

pytestmark = pytest.mark.django_db

PASSWORD = "pw-12345678"


def obtain(member, **extra) -> dict:
    response = APIClient().post("/api/token/", {"username": member.user.email, "password": PASSWORD, **extra},
                                format="json")
    assert response.status_code == 200, response.content
    return response.json()


def with_key(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def later(days: float):
    return mock.patch("django.utils.timezone.now", return_value=timezone.now() + dt.timedelta(days=days))


# --- it works until it expires or is revoked ------------------------------------------------------------

def test_a_token_works_until_it_expires(plain_member, settings):
    settings.API_TOKEN_TTL_DAYS = 30
    issued = obtain(plain_member)
    expires = dt.datetime.fromisoformat(issued["expires"])
    assert dt.timedelta(days=29, hours=23) < expires - timezone.now() <= dt.timedelta(days=30)
    client = with_key(issued["token"])
    assert client.get("/api/members/me/").status_code == 200
    with later(29.9):
        assert client.get("/api/members/me/").status_code == 200
    with later(30.1):
        refused = client.get("/api/members/me/", HTTP_ACCEPT_LANGUAGE="ru")
    assert refused.status_code == 401 and refused["WWW-Authenticate"] == "Token"
    body = refused.json()
    assert set(body) == {"message", "extra"} and "API-токен" in body["message"]
    assert issued["token"] not in refused.content.decode()
    # Expired is gone: it is listed nowhere, and stays refused.
    assert not ApiToken.objects.filter(pk=issued["id"]).exists()
    assert client.get("/api/members/me/").status_code == 401


def test_with_no_lifetime_a_token_works_until_revoked(plain_member, settings):
    settings.API_TOKEN_TTL_DAYS = 0
    issued = obtain(plain_member)
    assert issued["expires"] is None
    client = with_key(issued["token"])
    with later(3650):
        assert client.get("/api/members/me/").status_code == 200
    assert client.delete(f"/api/tokens/{issued['id']}/").status_code == 204
    refused = client.get("/api/members/me/")
    assert refused.status_code == 401 and "revoked" in refused.json()["message"]


def test_revoking_one_token_leaves_the_others(plain_member):
    first, second = obtain(plain_member, name="laptop"), obtain(plain_member, name="phone")
    assert with_key(first["token"]).delete(f"/api/tokens/{second['id']}/").status_code == 204
    assert with_key(second["token"]).get("/api/members/me/").status_code == 401
    assert with_key(first["token"]).get("/api/members/me/").status_code == 200
    assert [row["name"] for row in with_key(first["token"]).get("/api/tokens/").json()] == ["laptop"]


@pytest.mark.parametrize("header", ["Token ", "Token a b", "Token " + "é" * 10, "Token " + "ab" * 200,
                                    "Token 0123456789abcdef"])
def test_a_malformed_or_unknown_key_is_refused_in_words(header):
    response = APIClient().get("/api/members/me/", HTTP_AUTHORIZATION=header)
    assert response.status_code == 401
    assert "does not open the club" in response.json()["message"]


def test_the_last_use_is_noted_a_few_minutes_apart(plain_member):
    issued = obtain(plain_member)
    client = with_key(issued["token"])
    assert client.get("/api/tokens/").json()[0]["last_used"]  # this very request
    first = ApiToken.objects.get(pk=issued["id"]).last_used
    client.get("/api/members/me/")
    assert ApiToken.objects.get(pk=issued["id"]).last_used == first  # no write for every request
    with later(1):
        client.get("/api/members/me/")
    assert ApiToken.objects.get(pk=issued["id"]).last_used > first


# --- the key is a secret ------------------------------------------------------------------------------

def test_the_key_is_not_in_the_database(plain_member):
    issued = obtain(plain_member)
    key = issued["token"]
    table = connection.ops.quote_name(ApiToken._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {table}")  # noqa: S608
        rows = cursor.fetchall()
    assert len(rows) == 1
    # Knox keeps the key's first characters (to find its row) and a digest; nothing longer of it.
    stored = [str(value) for value in rows[0]]
    assert not any(key in value for value in stored)
    assert max(len(value) for value in stored if value and value in key) <= 15
    # Nor anywhere else: every text column of every table.
    for model in apps.get_models():
        fields = [f.attname for f in model._meta.concrete_fields if f.get_internal_type() in
                  ("CharField", "TextField", "JSONField")]
        for row in model._default_manager.values_list(*fields) if fields else ():
            assert not any(key in str(value) for value in row), model


def test_two_named_tokens_are_listed_without_their_keys(plain_member):
    laptop, phone = obtain(plain_member, name="  Score   sheet  "), obtain(plain_member, name="phone")
    plain = obtain(plain_member)
    assert laptop["name"] == "Score sheet" and laptop["token"] != phone["token"]
    assert plain["name"].startswith("API token of ")
    listed = with_key(phone["token"]).get("/api/tokens/")
    assert listed.status_code == 200
    rows = listed.json()
    assert [row["name"] for row in rows] == [plain["name"], "phone", "Score sheet"]
    assert set(rows[0]) == {"id", "name", "prefix", "created", "last_used", "expires"}
    assert [row["prefix"] for row in rows] == [plain["token"][:8], phone["token"][:8], laptop["token"][:8]]
    body = listed.content.decode()
    assert not any(issued["token"] in body for issued in (laptop, phone, plain))
    answer = APIClient().post("/api/token/", {"username": plain_member.user.email, "password": PASSWORD},
                              format="json")
    assert answer["Cache-Control"] == "no-store"


def test_a_name_too_long_is_refused(plain_member):
    response = APIClient().post("/api/token/", {"username": plain_member.user.email, "password": PASSWORD,
                                                "name": "x" * 101}, format="json")
    assert response.status_code == 400 and not ApiToken.objects.exists()


def test_a_member_holds_at_most_the_limit(plain_member):
    for _ in range(accounts.TOKEN_LIMIT):
        accounts.token_issue(user=plain_member.user)
    response = APIClient().post("/api/token/", {"username": plain_member.user.email, "password": PASSWORD},
                                format="json")
    assert response.status_code == 409 and "revoke one" in response.json()["message"]
    # Expired ones do not count.
    ApiToken.objects.filter(pk=ApiToken.objects.first().pk).update(expiry=timezone.now() - dt.timedelta(days=1))
    assert obtain(plain_member)["token"]


def test_the_schema_names_the_token_header(api):
    schema = api.get("/api/schema/", {"format": "json"}).json()
    scheme = schema["components"]["securitySchemes"]["tokenAuth"]
    assert scheme["in"] == "header" and scheme["name"] == "Authorization"


# --- whose they are -----------------------------------------------------------------------------------

def test_nobody_lists_or_revokes_another_members_token(plain_member):
    mine = obtain(plain_member, name="mine")
    theirs = obtain(factories.member(), name="Zebra script")
    me = with_key(mine["token"])
    assert [row["name"] for row in me.get("/api/tokens/").json()] == ["mine"]
    response = me.delete(f"/api/tokens/{theirs['id']}/")
    assert response.status_code == 404 and str(theirs["id"]) not in response.json()["message"]
    assert with_key(theirs["token"]).get("/api/members/me/").status_code == 200
    # Nor with a key in place of the number: the key is not repeated.
    response = me.delete(f"/api/tokens/{theirs['token']}/")
    assert response.status_code == 404 and theirs["token"][:12] not in response.content.decode()
    # Without a key: the API's answer to anyone not signed in.
    assert APIClient().get("/api/tokens/").status_code == 403
    assert APIClient().delete(f"/api/tokens/{mine['id']}/").status_code == 403


def test_the_profile_makes_a_token_shows_its_key_once_and_revokes_it(client, plain_member):
    theirs = accounts.token_issue(user=factories.member().user, name="Zebra script")
    client.force_login(plain_member.user)
    page = client.post(reverse("club:profile_edit"), {"new_token": "1", "name": "Score sheet"})
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    token = ApiToken.objects.get(user=plain_member.user)
    text = page.content.decode()
    key = text.split('id="new-token-key" value="')[1].split('"')[0]
    assert token.token_key == key[:15] and "Score sheet" in text
    assert with_key(key).get("/api/members/me/").status_code == 200
    again = client.get(reverse("club:profile_edit")).content.decode()
    assert key not in again and key[:8] in again and "Score sheet" in again and "Zebra script" not in again
    # Another member's token cannot be revoked from here.
    client.post(reverse("club:profile_edit"), {"revoke_token": theirs.token.pk})
    assert ApiToken.objects.filter(pk=theirs.token.pk).exists()
    response = client.post(reverse("club:profile_edit"), {"revoke_token": token.pk})
    assert response.status_code == 302
    assert not ApiToken.objects.filter(pk=token.pk).exists()
    assert with_key(key).get("/api/members/me/").status_code == 401


def test_the_profile_speaks_russian_about_tokens(client, plain_member):
    client.force_login(plain_member.user)
    page = client.post(reverse("club:profile_edit"), {"new_token": "1"}, HTTP_ACCEPT_LANGUAGE="ru")
    text = page.content.decode()
    assert "Новый токен" in text and "API-токен от " in ApiToken.objects.get().name


# --- leaving and taking one's data ----------------------------------------------------------------------

def test_the_data_export_names_the_tokens_without_keys(plain_member):
    issued = accounts.token_issue(user=plain_member.user, name="Score sheet")
    archive = zipfile.ZipFile(BytesIO(member_data_zip(member=plain_member)))
    data = json.loads(archive.read("data.json"))
    assert [row["name"] for row in data["profile"]["api_tokens"]] == ["Score sheet"]
    assert set(data["profile"]["api_tokens"][0]) == {"name", "issued", "last_used", "expires"}
    for name in archive.namelist():
        assert issued.key[:8].encode() not in archive.read(name)


def test_anonymising_removes_the_tokens(plain_member):
    issued = accounts.token_issue(user=plain_member.user)
    member_anonymise(actor=factories.member(Member.Role.ADMIN), member=plain_member)
    assert not ApiToken.objects.filter(user=plain_member.user).exists()
    assert with_key(issued.key).get("/api/members/me/").status_code == 401


# --- the plain tokens of before -------------------------------------------------------------------------

@pytest.fixture
def plain_token_table():
    yield "authtoken_token"
    if "authtoken_token" in connection.introspection.table_names():
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE {connection.ops.quote_name('authtoken_token')}")


@pytest.mark.django_db(transaction=True)
def test_the_plain_tokens_of_before_are_revoked_and_their_owners_told(plain_token_table):
    migration = importlib.import_module("club.migrations.0009_api_tokens")
    russian = factories.member(display_name="Гарри")
    Member.objects.filter(pk=russian.pk).update(language="ru")
    english = factories.member(display_name="Aahz")
    old_key = "0123456789abcdef0123456789abcdef01234567"
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TABLE {quote('authtoken_token')} ({quote('key')} varchar(40) PRIMARY KEY, "
                       f"{quote('created')} timestamp with time zone NOT NULL, {quote('user_id')} integer NOT NULL)")
        for n, member in enumerate((russian, english)):
            cursor.execute(f"INSERT INTO {quote('authtoken_token')} VALUES (%s, %s, %s)",
                           [old_key[:-1] + str(n), timezone.now(), member.user_id])
    MigrationRecorder(connection).record_applied("authtoken", "0001_initial")
    ContentType.objects.get_or_create(app_label="authtoken", model="token")
    mail.outbox = []

    with connection.schema_editor() as editor:
        migration.revoke_plain_tokens(apps, editor)

    assert "authtoken_token" not in connection.introspection.table_names()
    assert not MigrationRecorder(connection).migration_qs.filter(app="authtoken").exists()
    assert not ContentType.objects.filter(app_label="authtoken").exists()
    assert with_key(old_key[:-1] + "0").get("/api/members/me/").status_code == 401
    sent = {message.to[0]: message for message in mail.outbox}
    assert set(sent) == {russian.user.email, english.user.email}
    assert "Гарри" in sent[russian.user.email].body and "API-токен" in sent[russian.user.email].subject
    assert "Aahz" in sent[english.user.email].body and "/profile/" in sent[english.user.email].body
    assert old_key[:20] not in "".join(message.body for message in mail.outbox)


@pytest.mark.django_db(transaction=True)
def test_with_no_plain_tokens_the_migration_does_nothing():
    migration = importlib.import_module("club.migrations.0009_api_tokens")
    mail.outbox = []
    with connection.schema_editor() as editor:
        migration.revoke_plain_tokens(apps, editor)
    assert mail.outbox == []
