"""The archive's pages: open to anonymous visitors for published rulings, a fixed number of
queries whatever the number of rows, the Atom feed, disputes for members."""

import datetime as dt

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rules.models import Dispute

from .helpers import founding, ruling

pytestmark = pytest.mark.django_db
R2 = "IP-R2-WILD-CARD"


def _client(member=None):
    client = Client()
    if member is not None:
        client.force_login(member.user)
    return client


@pytest.fixture
def chain(archive, croupier):
    first = ruling(croupier, title="Whole rank", on=dt.date(2015, 3, 14), fixes={R2: "that_rank"},
                   cites={founding(R2).permanent_id: "overrules"}, cites_rules=["B2"],
                   deal_snapshot={"cards": ["Ah", "10c"], "trace": [{"source": "B2", "cards": ["Ah"],
                                                                    "change": "wild", "text": ""}]})
    second = ruling(croupier, title="Back to the card", on=dt.date(2021, 9, 4), fixes={R2: "that_card"},
                    cites={first.permanent_id: "overrules"}, cites_rules=["B2"])
    return first, second


def _more_rulings(croupier, n):
    for i in range(n):
        ruling(croupier, title=f"Extra {i}", on=dt.date(2018, 1, 1 + i), cites_rules=["B2", "M7"],
               fixes={"IP-DECKS": "one_deck_only"})


@pytest.mark.parametrize("url", ["/rules/", "/rules/B2/", "/rules/M7/", "/rules/H30/", "/rules/T2/",
                                 "/rules/casino-H1/", "/rules/tricks-schedule/", "/rules/points/",
                                 f"/rules/points/{R2}/", "/rules/precedents/", "/rules/in-force/?on=2016-01-01",
                                 "/rules/search/?q=дикие+карты", "/rules/precedents/?q=rank&status=binding"])
def test_pages_are_open_to_anonymous_visitors(chain, url):
    assert _client().get(url).status_code == 200


def test_the_list_is_paged(chain):
    first_page = _client().get("/rules/precedents/").content.decode()
    assert "page=2" in first_page
    second = _client().get("/rules/precedents/?status=binding&page=2")
    assert second.status_code == 200 and "status=binding&amp;page=" in second.content.decode()


def test_a_precedent_page_shows_what_it_follows_and_what_overruled_it(chain):
    first, second = chain
    page = _client().get(f"/rules/precedents/{first.permanent_id}/").content.decode()
    assert "<svg" in page and founding(R2).permanent_id in page and second.permanent_id in page
    assert "it overrules this precedent" in page and "this precedent overrules it" in page
    assert '<span class="card red">A♥</span>' in page and '<span class="card black">10♣</span>' in page


def test_a_rule_page_lists_the_precedents_citing_it(chain):
    page = _client().get("/rules/B2/").content.decode()
    assert all(p.permanent_id in page for p in chain)
    assert founding(R2).permanent_id in page  # through its interpretation point


def test_readings_page_by_date(chain):
    page = _client().get("/rules/in-force/?on=2016-01-01").content.decode()
    assert "that_rank" in page and chain[0].permanent_id in page
    page = _client().get("/rules/in-force/?on=2022-01-01").content.decode()
    assert chain[1].permanent_id in page


def test_drafts_are_hidden_from_visitors(archive, croupier):
    draft = ruling(croupier, title="Hidden", status="draft")
    assert _client().get(f"/rules/precedents/{draft.permanent_id}/").status_code == 404
    assert _client(croupier).get(f"/rules/precedents/{draft.permanent_id}/").status_code == 200


def test_only_croupiers_change_a_status(chain, plain_member, croupier):
    first, _second = chain
    url = f"/rules/precedents/{first.permanent_id}/transition/"
    assert _client(plain_member).post(url, {"to": "withdrawn"}).status_code == 403
    first.refresh_from_db()
    assert first.status == "binding"
    _client(croupier).post(url, {"to": "withdrawn"})
    first.refresh_from_db()
    assert first.status == "withdrawn"


def test_the_atom_feed_lists_new_rulings(chain):
    response = _client().get("/rules/precedents/feed/")
    assert response["Content-Type"].startswith("application/atom+xml")
    body = response.content.decode()
    assert chain[1].permanent_id in body and "Back to the card" in body


@pytest.mark.parametrize(("url", "bound"), [
    ("/rules/", 6), ("/rules/precedents/", 8), ("/rules/precedents/?q=extra", 8), ("/rules/B2/", 10),
    ("/rules/M7/", 10), ("/rules/points/", 8), (f"/rules/points/{R2}/", 10), ("/rules/in-force/", 6),
    ("/rules/precedents/feed/", 4), ("/rules/search/?q=карты", 8), ("/rules/search/?q=extra+rank&page=2", 8),
])
def test_archive_pages_make_a_bounded_number_of_queries(chain, croupier, url, bound):
    # Drawn afresh each time (every ruling moves the archive's version on); the cache's own table
    # (the database cache of the tests, Redis in production) is not the archive's work.
    def archive_queries() -> list[str]:
        with CaptureQueriesContext(connection) as done:
            assert _client().get(url).status_code == 200
        return [q["sql"] for q in done.captured_queries if '"club_cache"' not in q["sql"]]

    assert len(archive_queries()) <= bound
    _more_rulings(croupier, 5)
    assert len(archive_queries()) <= bound


def test_precedent_page_query_bound(chain, croupier, django_assert_max_num_queries):
    first, _second = chain
    for i in range(5):
        ruling(croupier, title=f"Follower {i}", on=dt.date(2016, 1, 1 + i), cites={first.permanent_id: "follows"})
    with django_assert_max_num_queries(14):
        assert _client().get(f"/rules/precedents/{first.permanent_id}/").status_code == 200


def test_a_member_calls_the_croupier_and_the_croupier_rules(archive, table):
    assert _client().get("/rules/disputes/new/").status_code == 302  # to the login page
    response = _client(table.seated).post("/rules/disputes/new/", {"deal_ref": table.ref, "question": "Wild?"})
    dispute = Dispute.objects.get(deal_ref=table.ref)
    assert response.status_code == 302 and response["Location"] == dispute.get_absolute_url()
    page = _client(table.seated).get(dispute.get_absolute_url()).content.decode()
    assert "Wild?" in page and "replay" not in page
    _client(table.seated).post(f"/rules/disputes/{dispute.pk}/replay/")
    dispute.refresh_from_db()
    assert dispute.status == "open"
    _client(table.croupier).post(f"/rules/disputes/{dispute.pk}/replay/", {"ruling": ""})
    dispute.refresh_from_db()
    assert dispute.status == "replayed"
    assert "Wild?" in _client(table.partner).get("/rules/disputes/").content.decode()


def test_publishing_a_ruled_dispute_from_its_page(archive, table):
    _client(table.seated).post("/rules/disputes/new/", {"deal_ref": table.ref, "question": "Dead?"})
    dispute = Dispute.objects.get(deal_ref=table.ref)
    _client(table.croupier).post(f"/rules/disputes/{dispute.pk}/rule/", {"ruling": "Dead by Table 2."})
    response = _client(table.croupier).post(f"/rules/disputes/{dispute.pk}/publish/",
                                            {"title": "Table 2 kills", "status": "binding"})
    dispute.refresh_from_db()
    assert dispute.precedent is not None
    assert response["Location"] == dispute.precedent.get_absolute_url()


def test_a_croupier_files_a_precedent_from_the_site(archive, plain_member, croupier):
    assert _client(plain_member).get("/rules/precedents/new/").status_code == 403
    data = {"title": "North deals", "situation": "S", "question": "Q", "ruling": "R", "status": "binding",
            "ruled_on": "2019-02-02", "cites_rules": "B15, B6",
            "fixes": "IP-DEAL-ROTATION=north_always",
            "cites_precedents": f"{founding('IP-DEAL-ROTATION').permanent_id}=overrules"}
    response = _client(croupier).post("/rules/precedents/new/", {**data, "fixes": "IP-DEAL-ROTATION=everyone"})
    assert response.status_code == 200 and "everyone" in response.content.decode()
    response = _client(croupier).post("/rules/precedents/new/", data)
    assert response.status_code == 302 and response["Location"] == "/rules/precedents/P-2019-001/"
    page = _client().get("/rules/precedents/P-2019-001/").content.decode()
    assert "north_always" in page and "B15" in page


def test_the_dispute_form_starts_from_the_deal(archive, table):
    from rules.templatetags.rules_tags import card

    page = _client(table.seated).get(f"/rules/disputes/new/?deal={table.ref}").content.decode()
    assert f'value="{table.ref}"' in page and str(card(table.cards[0])) in page
    _client(table.seated).post("/rules/disputes/new/", {"deal_ref": table.ref, "question": "Joker?"})
    assert Dispute.objects.get(deal_ref=table.ref).deal_snapshot["cards"] == table.cards


def test_founding_readings_are_not_news(archive):
    body = _client().get("/rules/precedents/feed/").content.decode()
    assert "The club&#x27;s reading" not in body and "The club's reading" not in body
