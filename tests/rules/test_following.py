"""Followed searches of the precedent archive: saving one (a visitor too), its feed at a secret
address, a member's daily mail (once a day, in his language, an unsubscribe link without login),
who may delete or change one, bounded input; and each precedent's standing and the citations
around it."""

from __future__ import annotations

import datetime as dt
import re
from datetime import timedelta

import pytest
from django.core import mail
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from club.errors import Forbidden, InvalidInput, NotFound, TooManyAttempts
from club.models import Member
from rules import access, following, selectors, services, tasks
from rules.models import DigestSent, Precedent, SavedSearch

from .helpers import founding, ruling

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()
    yield
    cache.clear()


def _page(member=None) -> Client:
    client = Client()
    if member is not None:
        client.force_login(member.user)
    return client


def _api(member=None) -> APIClient:
    client = APIClient()
    if member is not None:
        client.force_authenticate(member.user)
    return client


def _follow(member, **params) -> SavedSearch:
    return services.saved_search_create(actor=member, params=params)


# ----------------------------------------------------------------------------- saving a search
def test_a_visitor_follows_a_search_from_the_list_and_gets_its_secret_address(archive, croupier):
    page = _page().get("/rules/precedents/", {"q": "wild", "status": "binding"})
    assert 'id="follow-search"' in page.content.decode()
    response = _page().post("/rules/precedents/follow/", {"q": "wild", "status": "binding", "ignored": "x"})
    saved = SavedSearch.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/rules/precedents/followed/{saved.token}/"
    assert saved.owner is None and saved.digest is False
    assert saved.query == "wild" and saved.filters == {"status": "binding"}
    body = _page().get(response["Location"]).content.decode()
    assert 'id="keep-address"' in body and f"/rules/precedents/followed/{saved.token}/feed/" in body
    assert len(saved.token) >= 40


def test_a_member_follows_a_search_and_lists_it(archive, plain_member):
    response = _page(plain_member).post("/rules/precedents/follow/", {"rule": "B2"})
    saved = SavedSearch.objects.get()
    assert response.status_code == 302 and saved.owner == plain_member and saved.digest is True
    body = _page(plain_member).get("/rules/precedents/followed/").content.decode()
    assert "rule B2" in body and saved.token in body
    assert 'id="keep-address"' not in _page(plain_member).get(saved.get_absolute_url()).content.decode()


@pytest.mark.parametrize("params, field", [
    ({"q": "wild\x00card"}, "q"),
    ({"q": "x" * 201}, "q"),
    ({"rule": "B\x072"}, "rule"),
    ({"status": "lost"}, "status"),
    ({"modifier": "101"}, "modifier"),
    ({"from": "2015-13-01"}, "from"),
    ({"point": "p" * 61}, "point"),
])
def test_a_bad_search_is_refused_naming_the_field_and_nothing_is_saved(archive, plain_member, params, field):
    with pytest.raises(InvalidInput) as refused:
        _follow(plain_member, **params)
    assert refused.value.message.startswith(field)
    response = _page(plain_member).post("/rules/precedents/follow/", params, follow=True)
    assert field in response.content.decode()
    response = _api(plain_member).post("/api/saved-searches/", params, format="json")
    assert response.status_code == 400 and set(response.json()) == {"message", "extra"}
    assert not SavedSearch.objects.exists()


def test_a_member_follows_at_most_so_many_searches(archive, plain_member, monkeypatch):
    monkeypatch.setattr("rules.services.searches.SAVED_SEARCHES_PER_MEMBER", 2)
    _follow(plain_member, q="one")
    _follow(plain_member, q="two")
    with pytest.raises(TooManyAttempts):
        _follow(plain_member, q="three")
    assert _api(plain_member).post("/api/saved-searches/", {"q": "three"}, format="json").status_code == 429
    assert SavedSearch.objects.count() == 2


def test_one_address_saves_at_most_so_many_a_day(archive, monkeypatch):
    monkeypatch.setattr("rules.services.searches.SAVED_SEARCHES_PER_ADDRESS_A_DAY", 2)
    for q in ("one", "two"):
        services.saved_search_create(actor=None, params={"q": q}, address="203.0.113.5")
    with pytest.raises(TooManyAttempts):
        services.saved_search_create(actor=None, params={"q": "three"}, address="203.0.113.5")
    services.saved_search_create(actor=None, params={"q": "three"}, address="203.0.113.6")
    assert "203.0.113" not in "".join(SavedSearch.objects.values_list("address", flat=True))
    response = _page().post("/rules/precedents/follow/", {"q": "four"}, REMOTE_ADDR="203.0.113.5", follow=True)
    assert "Too many searches" in response.content.decode()
    assert SavedSearch.objects.count() == 3


# ----------------------------------------------------------------------------- the feed
def test_the_feed_lists_new_and_changed_precedents_newest_first(archive, croupier):
    saved = _follow(None, q="wild")
    first = ruling(croupier, title="Wild Aces", fixes={})
    draft = ruling(croupier, title="Wild draft", status="draft")
    other = ruling(croupier, title="Hats indoors")
    later = ruling(croupier, title="Wild Kings", on=dt.date(2016, 1, 1), cites={first.permanent_id: "overrules"})
    news = selectors.saved_search_news(saved)
    assert [p.title for p in news] == ["Wild Aces", "Wild Kings"]   # the overruling changed Wild Aces last
    assert draft not in news and other not in news
    body = _page().get(f"/rules/precedents/followed/{saved.token}/feed/").content.decode()
    assert body.index(first.permanent_id) < body.index(later.permanent_id)
    assert "Wild draft" not in body and "<feed" in body
    assert selectors.saved_search_news(saved, since=timezone.now()) == []


@pytest.mark.parametrize("token, status", [("not-a-token", 404), ("x" * 65, 404), ("abc%01def", 400),
                                           ("abc%00def", 400)])
def test_a_wrong_secret_is_refused(archive, token, status):
    saved = _follow(None, q="wild")
    assert _page().get(f"/rules/precedents/followed/{token}/feed/").status_code == status
    assert _page().get(f"/rules/precedents/followed/{token}/").status_code == status
    assert _page().get(f"/rules/precedents/followed/{saved.token[:-1]}/feed/").status_code == 404


def test_a_deleted_search_closes_its_feed(archive):
    saved = _follow(None, q="wild")
    response = _page().post(f"/rules/precedents/followed/{saved.token}/delete/")
    assert response.status_code == 302
    assert _page().get(f"/rules/precedents/followed/{saved.token}/feed/").status_code == 404


# ----------------------------------------------------------------------------- who may change one
def test_only_its_member_deletes_or_mails_a_members_search(archive, plain_member, croupier):
    saved = _follow(plain_member, q="wild")
    other = _follow(croupier, q="hats")
    # Another member, or a visitor holding the secret (the feed's address), may read but not change it.
    for client in (_page(croupier), _page()):
        assert client.get(saved.get_absolute_url()).status_code == 200
        assert client.post(f"/rules/precedents/followed/{saved.token}/delete/").status_code == 403
    assert _page(croupier).post(f"/rules/precedents/followed/{saved.token}/digest/", {"on": "0"}).status_code == 403
    assert _page().post(f"/rules/precedents/followed/{saved.token}/digest/", {"on": "0"}).status_code == 302
    saved.refresh_from_db()
    assert saved.digest is True
    with pytest.raises(Forbidden):
        services.saved_search_delete(saved=saved, actor=croupier)
    # Through the API another's search does not exist.
    assert _api(croupier).delete(f"/api/saved-searches/{saved.pk}/").status_code == 404
    assert _api().delete(f"/api/saved-searches/{saved.pk}/").status_code in (401, 403)
    assert [r["id"] for r in _api(plain_member).get("/api/saved-searches/").json()["results"]] == [saved.pk]
    assert SavedSearch.objects.count() == 2
    # Its member does both.
    assert _page(plain_member).post(f"/rules/precedents/followed/{saved.token}/digest/", {"on": "0"}).status_code == 302
    saved.refresh_from_db()
    assert saved.digest is False
    assert _api(plain_member).delete(f"/api/saved-searches/{saved.pk}/").status_code == 204
    assert list(SavedSearch.objects.all()) == [other]


def test_a_visitors_search_has_no_mail(archive, plain_member):
    saved = _follow(None, q="wild")
    with pytest.raises(Forbidden):
        services.saved_search_digest_set(saved=saved, actor=plain_member, on=True)
    assert _page(plain_member).post(f"/rules/precedents/followed/{saved.token}/digest/", {"on": "1"}).status_code == 403
    assert SavedSearch.objects.get().digest is False


def test_the_api_creates_and_lists_ones_own(archive, plain_member, croupier):
    _follow(croupier, q="hats")
    response = _api(plain_member).post("/api/saved-searches/", {"q": "wild", "rule": "B2", "digest": False},
                                       format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["query"] == "wild" and body["filters"] == {"rule": "B2"} and body["digest"] is False
    assert body["feed_url"] == f"/rules/precedents/followed/{body['token']}/feed/"
    assert [r["query"] for r in _api(plain_member).get("/api/saved-searches/").json()["results"]] == ["wild"]
    assert _api().post("/api/saved-searches/", {"q": "wild"}, format="json").status_code in (401, 403)


def test_access_by_secret(archive, plain_member):
    saved = _follow(plain_member, q="wild")
    assert access.access_saved_search(None, saved.token, for_write=False) == saved
    with pytest.raises(NotFound):
        access.access_saved_search(plain_member, saved.token[:-1], for_write=False)
    with pytest.raises(Forbidden):
        access.access_saved_search(None, saved.token, for_write=True)
    assert access.access_saved_search(plain_member, saved.token, for_write=True) == saved


# ----------------------------------------------------------------------------- the daily mail
def _unsubscribe_path(message) -> str:
    return re.search(r"http://[^/\s]+(/rules/precedents/followed/unsubscribe/[^/\s]+/)", message.body).group(1)


def test_the_digest_goes_once_a_day_with_only_the_news(archive, croupier, plain_member):
    saved = _follow(plain_member, q="wild")
    _follow(plain_member, q="hats")
    ruling(croupier, title="Wild Aces")
    ruling(croupier, title="Hats indoors")
    assert following.digests_due() == [plain_member.pk]
    assert following.digests_send_due() == 1
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [plain_member.user.email]
    assert "Wild Aces" in message.body and "Hats indoors" in message.body
    assert "2 new or changed" in message.subject
    html = message.alternatives[0][0]
    assert "Wild Aces" in html and "/rules/precedents/followed/unsubscribe/" in html
    assert DigestSent.objects.get(member=plain_member).precedents == 2
    saved.refresh_from_db()
    assert saved.last_digest_at is not None
    # Again the same day: nothing, even with news.
    ruling(croupier, title="Wild Kings", on=dt.date(2016, 1, 1))
    assert following.digests_send_due() == 0 and following.digests_due() == []
    assert len(mail.outbox) == 1
    # The next day: only what came since.
    assert following.digests_send_due(now=timezone.now() + timedelta(days=1)) == 1
    assert "Wild Kings" in mail.outbox[1].body and "Wild Aces" not in mail.outbox[1].body


def test_no_news_no_mail(archive, croupier, plain_member):
    ruling(croupier, title="Wild Aces")
    _follow(plain_member, q="wild")          # followed after it: not news
    assert following.digests_send_due() == 0 and mail.outbox == [] and not DigestSent.objects.exists()


def test_the_digest_is_in_the_members_language(archive, croupier):
    from tests import factories

    russian = factories.member(password=None)
    Member.objects.filter(pk=russian.pk).update(language="ru")
    _follow(russian, q="wild")
    ruling(croupier, title="Wild Aces")
    following.digests_send_due()
    message = mail.outbox[0]
    assert "Здравствуйте" in message.body and "Архив прецедентов" in message.subject
    assert "Wild Aces" in message.body and "Отписаться" in message.body


def test_a_failed_send_records_nothing_and_is_tried_again(archive, croupier, plain_member, monkeypatch):
    _follow(plain_member, q="wild")
    ruling(croupier, title="Wild Aces")

    def fail(self):
        raise OSError("the mail server is down")

    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", fail)
    with pytest.raises(OSError):
        following.digests_send_due()
    assert not DigestSent.objects.exists() and SavedSearch.objects.get().last_digest_at is None
    monkeypatch.undo()
    assert following.digests_send_due() == 1


def test_the_unsubscribe_link_stops_the_digests_without_login(archive, croupier, plain_member):
    saved = _follow(plain_member, q="wild")
    ruling(croupier, title="Wild Aces")
    following.digests_send_due()
    path = _unsubscribe_path(mail.outbox[0])
    asked = _page().get(path)
    assert asked.status_code == 200 and 'id="unsubscribe-confirm"' in asked.content.decode()
    assert SavedSearch.objects.get().digest is True
    done = _page().post(path)
    assert 'id="unsubscribe-done"' in done.content.decode()
    saved.refresh_from_db()
    assert saved.digest is False
    # The feed stays.
    assert _page().get(f"/rules/precedents/followed/{saved.token}/feed/").status_code == 200
    assert _page().post(path[:-3] + "xx/").status_code == 404
    assert _page().get("/rules/precedents/followed/unsubscribe/forged/").status_code == 404


@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_the_beat_task_sends_each_digest_once(archive, croupier, plain_member, tasks_done):
    _follow(plain_member, q="wild")
    ruling(croupier, title="Wild Aces")
    assert tasks.followed_digests.delay().get(timeout=60) == 1
    tasks_done()
    assert DigestSent.objects.filter(member=plain_member).count() == 1
    assert SavedSearch.objects.get().last_digest_at is not None
    # Beat runs it again: nothing more.
    assert tasks.followed_digests.delay().get(timeout=60) == 0
    tasks_done()
    assert DigestSent.objects.count() == 1


def test_beat_runs_the_digest_daily():
    from django.conf import settings

    entry = settings.CELERY_BEAT_SCHEDULE["followed-digests"]
    assert entry["task"] == "rules.followed_digests" == tasks.followed_digests.name
    assert entry["schedule"].hour == {8} and entry["schedule"].minute == {0}


# ----------------------------------------------------------------------------- standing
@pytest.fixture
def chain(archive, croupier):
    """A 2015 ruling overruling a founding reading, followed in 2016, distinguished in 2017 and
    overruled in 2021 (and a draft that would supersede it: drafts do not count)."""
    base = founding("IP-R2-WILD-CARD")
    first = ruling(croupier, title="Whole rank", cites={base.permanent_id: "overrules"})
    follows = ruling(croupier, title="Follows", on=dt.date(2016, 1, 1), cites={first.permanent_id: "follows"})
    distinguishes = ruling(croupier, title="Distinguishes", on=dt.date(2017, 1, 1),
                           cites={first.permanent_id: "distinguishes"})
    overrules = ruling(croupier, title="Back to the card", on=dt.date(2021, 1, 1),
                       cites={first.permanent_id: "overrules"})
    ruling(croupier, title="A draft", on=dt.date(2022, 1, 1), status="draft",
           cites={first.permanent_id: "follows"})
    return {"base": base, "first": first, "follows": follows, "distinguishes": distinguishes,
            "overrules": overrules}


def test_standing_comes_from_the_published_treatments(chain):
    standings = selectors.precedent_standings([chain["first"], chain["follows"], chain["base"]])
    first = standings[chain["first"].pk]
    assert first.word == "overrules" and first.ends_force
    assert [t for t, _c in first.lines()] == ["overrules", "distinguishes", "follows"]
    assert first.by_treatment["follows"] == [chain["follows"]]
    assert standings[chain["follows"].pk].word == ""
    assert standings[chain["base"].pk].word == "overrules"


def test_standing_of_a_page_takes_one_query(chain, croupier):
    for i in range(10):
        ruling(croupier, title=f"More {i}", on=dt.date(2018, 1, 1), cites={chain["first"].permanent_id: "follows"})
    page = list(Precedent.objects.all()[:50])
    with CaptureQueriesContext(connection) as queries:
        selectors.precedent_standings(page)
    assert len(queries) == 1


def test_the_pages_and_the_api_show_the_standing(chain):
    first = chain["first"]
    body = _page().get(first.get_absolute_url()).content.decode()
    standing = body.split('id="standing"')[1].split("</section>")[0]
    assert "Overruled by" in standing and chain["overrules"].get_absolute_url() in standing
    assert "Distinguished by" in standing and "Followed by" in standing and "A draft" not in standing
    listing = _page().get("/rules/precedents/", {"q": "Whole rank"}).content.decode()
    assert 'class="badge standing overrules">Overruled<' in listing
    russian = _page().get(first.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Overruled by" not in russian
    api = _api().get(f"/api/precedents/{first.permanent_id}/").json()["standing"]
    assert api == {"word": "overrules", "overruled_by": [chain["overrules"].permanent_id],
                   "distinguished_by": [chain["distinguishes"].permanent_id],
                   "followed_by": [chain["follows"].permanent_id], "superseded_by": []}
    rows = _api().get("/api/precedents/", {"q": "Whole rank"}).json()["results"]
    assert rows[0]["standing"]["word"] == "overrules"


def test_the_precedent_list_takes_a_fixed_number_of_queries(chain, croupier, django_assert_max_num_queries):
    for i in range(10):
        ruling(croupier, title=f"More {i}", on=dt.date(2018, 1, 1), cites={chain["first"].permanent_id: "follows"})
    with django_assert_max_num_queries(20):
        assert _page().get("/rules/precedents/").status_code == 200


# ----------------------------------------------------------------------------- the citations graph
def test_the_graph_page_shows_two_steps_each_way(chain, croupier):
    later = ruling(croupier, title="Follows the follower", on=dt.date(2019, 1, 1),
                   cites={chain["follows"].permanent_id: "follows"})
    nodes, edges, width, height = selectors.precedent_graph_around(chain["base"])
    shown = {n.permanent_id for n in nodes}
    # base <- first (1 step) <- follows, distinguishes, overrules (2 steps); later is 3 steps away.
    assert chain["first"].permanent_id in shown and chain["follows"].permanent_id in shown
    assert later.permanent_id not in shown and "A draft" not in {n.title for n in nodes}
    by_id = {n.permanent_id: n for n in nodes}
    assert by_id[chain["base"].permanent_id].x < by_id[chain["first"].permanent_id].x < by_id[chain["follows"].permanent_id].x
    assert {(e.source.permanent_id, e.target.permanent_id, e.treatment) for e in edges} >= {
        (chain["first"].permanent_id, chain["base"].permanent_id, "overrules")}
    response = _page().get(f"/rules/precedents/{chain['base'].permanent_id}/graph/")
    assert response.status_code == 200 and chain["follows"].permanent_id in response.content.decode()
    detail = _page().get(chain["base"].get_absolute_url()).content.decode()
    assert f"/rules/precedents/{chain['base'].permanent_id}/graph/" in detail
    assert _page().get("/rules/precedents/P-1999-999/graph/").status_code == 404


def test_a_draft_is_not_drawn_for_a_member(chain, croupier, plain_member):
    draft = Precedent.objects.get(title="A draft")
    assert _page(plain_member).get(f"/rules/precedents/{draft.permanent_id}/graph/").status_code == 404
    assert _page(croupier).get(f"/rules/precedents/{draft.permanent_id}/graph/").status_code == 200
    nodes, _e, _w, _h = selectors.precedent_graph_around(chain["first"], member=croupier)
    assert draft.permanent_id in {n.permanent_id for n in nodes}


def test_the_api_schema_names_the_dates_of_a_followed_search_from_and_to(client):
    # The serializer adds "from" and "to" in get_fields (Python keeps "from" for itself).
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    fields = schema["components"]["schemas"]["SavedSearchInputRequest"]["properties"]
    assert fields["from"] == fields["to"] == {"type": "string", "format": "date", "nullable": True}
    assert list(fields)[-2:] == ["from", "to"]
