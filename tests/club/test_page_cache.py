"""Pages kept between writes (club/page_cache.py): a second look is answered from the cache, and
nothing written, nobody else, no other language and no message is ever hidden by it."""

import datetime as dt
from unittest import mock

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage import default_storage
from django.core.cache import caches
from django.db import connection, transaction
from django.test import override_settings
from django.utils import timezone

from club import page_cache
from club.models import Member
from tests import factories

pytestmark = pytest.mark.django_db


def _kept(response) -> str | None:
    return getattr(response.wsgi_request, "page_cache", None)


def _looked(client, path: str, **headers):
    """A first look, which gives the browser its CSRF cookie (an answer that sets a cookie is not
    kept), then the look that is kept."""
    client.get(path, **headers)
    return client.get(path, **headers)


def test_a_second_look_is_answered_from_the_cache(client_as, plain_member, croupier):
    shown = factories.session(actor=croupier, title="Moonlit draw")
    client = client_as(plain_member)
    first = _looked(client, "/sessions/")
    assert first.status_code == 200 and _kept(first) == "miss"
    second = client.get("/sessions/")
    assert second.status_code == 200 and _kept(second) == "hit"
    assert second.content == first.content and shown.title in second.content.decode()
    assert second["Content-Type"] == first["Content-Type"]


def test_a_write_is_seen_at_the_next_look(client_as, plain_member, croupier):
    client = client_as(plain_member)
    _looked(client, "/sessions/")
    assert _kept(client.get("/sessions/")) == "hit"
    factories.session(actor=croupier, title="Written after the first look")
    fresh = client.get("/sessions/")
    assert _kept(fresh) == "miss" and "Written after the first look" in fresh.content.decode()


def test_an_update_through_a_form_is_seen_at_once(client_as, plain_member):
    client = client_as(plain_member)
    _looked(client, "/members/")
    Member.objects.filter(pk=plain_member.pk).update(display_name="Renamed by an update")
    assert "Renamed by an update" in client.get("/members/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_committed_write_moves_the_generation_for_everyone(croupier):
    before = page_cache.generation()
    factories.venue()  # autocommit: every statement is committed at once
    assert page_cache.generation() > before
    moved = page_cache.generation()
    with transaction.atomic():
        factories.venue()
        factories.venue()
        registered = [f for _, f, _ in connection.run_on_commit if f is page_cache.bump]
        assert registered == [page_cache.bump]  # once for the transaction, however many rows
    assert page_cache.generation() > moved  # the commit moved it
    assert not any(f is page_cache.bump for _, f, _ in connection.run_on_commit)


def test_the_thread_that_wrote_sees_its_own_rows(client_as, plain_member, croupier):
    """Inside a transaction not yet committed (as every test here is), the writer's own next page
    moves the generation first: it sees its rows, nobody else does yet."""
    client = client_as(plain_member)
    _looked(client, "/sessions/")
    assert connection.in_atomic_block
    factories.session(actor=croupier, title="Not yet committed")
    assert connection.page_cache_dirty
    assert "Not yet committed" in client.get("/sessions/").content.decode()
    assert not connection.page_cache_dirty


def test_each_member_gets_his_own_page(client, plain_member, croupier):
    client.force_login(plain_member.user)
    mine = client.get("/")
    client.force_login(croupier.user)
    theirs = client.get("/")
    assert _kept(theirs) == "miss"
    assert croupier.display_name in theirs.content.decode()
    assert croupier.display_name not in mine.content.decode()


def test_each_language_gets_its_own_page(client_as, plain_member):
    client = client_as(plain_member)
    english = _looked(client, "/sessions/", HTTP_ACCEPT_LANGUAGE="en")
    russian = client.get("/sessions/", HTTP_ACCEPT_LANGUAGE="ru")
    assert _kept(russian) == "miss"
    assert english.content != russian.content and 'lang="ru"' in russian.content.decode()
    assert _kept(client.get("/sessions/", HTTP_ACCEPT_LANGUAGE="ru")) == "hit"


def test_the_query_and_the_format_are_part_of_the_page(client_as, plain_member):
    client = client_as(plain_member)
    _looked(client, "/sessions/")
    client.get("/api/sessions/")
    assert _kept(client.get("/api/sessions/?page_size=1")) == "miss"
    assert _kept(client.get("/api/sessions/", HTTP_ACCEPT="text/html")) == "miss"
    assert _kept(client.get("/api/sessions/")) == "hit"


def test_a_message_waiting_is_shown_not_hidden_by_a_kept_page(client_as, plain_member, rf):
    client = client_as(plain_member)
    _looked(client, "/sessions/")
    assert _kept(client.get("/sessions/")) == "hit"
    # A message queued by an earlier answer (as after a form), in the cookie the site keeps them in.
    request = rf.get("/")
    request.session = client.session
    request._messages = default_storage(request)
    request._messages.add(constants.SUCCESS, "Your answer is saved")
    from django.http import HttpResponse

    answer = HttpResponse()
    request._messages.update(answer)
    for morsel in answer.cookies.values():
        client.cookies[morsel.key] = morsel.value
    shown = client.get("/sessions/")
    assert _kept(shown) is None and "Your answer is saved" in shown.content.decode()
    assert "Your answer is saved" not in client.get("/sessions/").content.decode()  # shown once


def test_visitors_and_tokens_are_answered_afresh(client, plain_member):
    assert _kept(client.get("/rules/")) is None
    assert _kept(client.get("/rules/")) is None
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=plain_member.user)
    for _ in range(2):
        answer = client.get("/api/sessions/", HTTP_AUTHORIZATION=f"Token {token.key}")
        assert answer.status_code == 200 and _kept(answer) is None


def test_writes_and_answers_that_must_not_be_replayed_are_not_kept(client_as, plain_member):
    client = client_as(plain_member)
    assert _kept(client.post("/sessions/")) is None
    client.get("/accounts/email/")
    assert _kept(client.get("/accounts/email/")) is None  # sign-in pages are skipped
    _looked(client, "/sessions/")
    missing = client.get("/sessions/999999999/")
    assert missing.status_code == 404 and _kept(client.get("/sessions/999999999/")) == "miss"


def test_a_page_lives_at_most_its_seconds(client_as, plain_member, settings):
    client = client_as(plain_member)
    _looked(client, "/sessions/")
    later = timezone.now() + dt.timedelta(seconds=settings.PAGE_CACHE_SECONDS)
    with mock.patch("django.utils.timezone.now", return_value=later):
        assert _kept(client.get("/sessions/")) == "miss"


def test_zero_seconds_keeps_nothing(client_as, plain_member, settings):
    settings.PAGE_CACHE_SECONDS = 0
    client = client_as(plain_member)
    _looked(client, "/sessions/")
    assert _kept(client.get("/sessions/")) is None


def test_a_changed_setting_moves_the_generation():
    before = page_cache.generation()
    with override_settings(CLUB_NAME_FOR_TEST="x"):
        assert page_cache.generation() > before


def test_a_lost_generation_starts_beyond_every_kept_one():
    before = page_cache.generation()
    caches["default"].delete(page_cache.GENERATION_KEY)
    assert page_cache.generation() > before
    caches["default"].delete(page_cache.GENERATION_KEY)
    page_cache.bump()
    assert page_cache.generation() > before


def test_a_cache_that_is_down_costs_nothing_but_speed(client_as, plain_member, croupier):
    broken = mock.Mock()
    broken.get.side_effect = ConnectionError("cache down")
    broken.incr.side_effect = ConnectionError("cache down")
    broken.set.side_effect = ConnectionError("cache down")
    broken.add.side_effect = ConnectionError("cache down")
    client = client_as(plain_member)
    with mock.patch.object(page_cache, "_shared", return_value=broken):
        factories.session(actor=croupier, title="Written while the cache is down")
        answer = client.get("/sessions/")
    assert answer.status_code == 200 and "Written while the cache is down" in answer.content.decode()


@pytest.mark.parametrize(("sql", "expected"), [
    ('SELECT "club_member"."id" FROM "club_member"', False),
    ('INSERT INTO "club_member" ("email") VALUES (%s)', True),
    ('UPDATE "games_game" SET "status" = %s', True),
    ('DELETE FROM "games_result" WHERE "id" = %s', True),
    ("INSERT OR REPLACE INTO club_rsvp VALUES (1)", True),
    ('TRUNCATE "club_member", "games_game"', True),
    ('ALTER TABLE "club_member" ADD COLUMN "x" integer', True),
    ('UPDATE "django_session" SET "expire_date" = %s', False),
    ('INSERT INTO "club_cache" ("cache_key") VALUES (%s)', False),
    ('DELETE FROM "club_cache" WHERE "expires" < %s', False),
    ('UPDATE "club_outboxmessage" SET "sent_at" = %s', True),
    ("SAVEPOINT s1", False),
])
def test_which_statements_move_the_generation(sql, expected):
    assert page_cache.writes(sql) is expected
