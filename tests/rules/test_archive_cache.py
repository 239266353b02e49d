"""What is kept from the archive (the readings in force, the rulebook's index, the points list)
is read again after every kind of write to the rulebook or the precedents."""

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone

from rules import archive_cache, selectors, services
from rules.models import InterpretationPoint, Precedent, RulebookEntry
from rules.rulebook import rulebook_sync
from tests import factories

from .helpers import founding, ruling

pytestmark = pytest.mark.django_db
R2 = "IP-R2-WILD-CARD"


def _page(url: str) -> str:
    response = Client().get(url)
    assert response.status_code == 200
    return response.content.decode()


def _reading_cell(page: str, point_id: str) -> str:
    row = page.split(f'<tr data-point="{point_id}">', 1)[1].split("</tr>", 1)[0]
    return row.rsplit("<td>", 1)[1].split("</td>", 1)[0]


def _meaning(point_id: str, reading: str) -> str:
    """How the points page tells ``reading`` of the point (its meaning, in English)."""
    from rules.point_words import marked, readings_help

    return str(marked(readings_help(InterpretationPoint.objects.get(point_id=point_id), "en")[reading], "en"))


def test_the_readings_in_force_follow_a_new_ruling_and_its_withdrawal(archive, croupier):
    today = timezone.localdate()
    before, _ = selectors.readings_in_force(today)
    assert before[R2] == founding(R2).fixes.get().reading
    other = "that_rank" if before[R2] != "that_rank" else "that_card"
    new = ruling(croupier, title="Changed", on=today - dt.timedelta(days=1), fixes={R2: other},
                 cites={founding(R2).permanent_id: "overrules"})
    assert selectors.readings_in_force(today)[0][R2] == other
    services.precedent_transition(precedent=new, actor=croupier, to=Precedent.Status.WITHDRAWN, on=today)
    assert selectors.readings_in_force(today)[0][R2] == before[R2]


def test_the_kept_readings_are_the_callers_own_copy(archive):
    readings, applied = selectors.readings_in_force()
    readings[R2] = "scribbled"
    applied.clear()
    again, applied_again = selectors.readings_in_force()
    assert again[R2] != "scribbled" and applied_again


def test_the_points_page_follows_a_ruling_and_an_edited_point(archive, croupier):
    page = _page("/rules/points/")
    founding_reading = founding(R2).fixes.get().reading
    assert _reading_cell(page, R2) == _meaning(R2, founding_reading)
    other = "that_rank" if founding_reading != "that_rank" else "that_card"
    ruling(croupier, title="Changed", on=timezone.localdate() - dt.timedelta(days=1), fixes={R2: other},
           cites={founding(R2).permanent_id: "overrules"})
    assert _reading_cell(_page("/rules/points/"), R2) == _meaning(R2, other)
    point = InterpretationPoint.objects.get(point_id=R2)
    point.question = "Is the whole rank wild, asked anew?"
    point.save()
    assert "Is the whole rank wild, asked anew?" in _page("/rules/points/")


def test_the_index_follows_a_ruling_a_citation_and_an_edited_entry(archive, croupier):
    assert "Freshly ruled" not in _page("/rules/")
    new = ruling(croupier, title="Freshly ruled", cites_rules=["B2"])
    page = _page("/rules/")
    assert "Freshly ruled" in page
    entry = RulebookEntry.objects.filter(game="dragon", precedents__isnull=True).order_by("key").first()
    entry_line = page.split(f'href="{entry.get_absolute_url()}"', 1)[1].split("</li>", 1)[0]
    assert "precedent" not in entry_line
    new.cited_entries.add(entry)  # a many-to-many change sends no save
    page = _page("/rules/")
    assert "1 precedent" in page.split(f'href="{entry.get_absolute_url()}"', 1)[1].split("</li>", 1)[0]
    entry.title = "An amended title"
    entry.save()
    assert "An amended title" in _page("/rules/")


def test_every_write_moves_the_version_on(archive, croupier):
    first = archive_cache.version()
    assert archive_cache.version() == first
    ruling(croupier, title="Another")
    second = archive_cache.version()
    assert second != first
    InterpretationPoint.objects.get(point_id=R2).save()
    assert archive_cache.version() != second


@pytest.mark.parametrize(("url", "bound"), [("/rules/", 3), ("/rules/points/", 3)])
def test_a_kept_page_is_drawn_without_the_archive(archive, django_assert_max_num_queries, url, bound):
    _page(url)
    # The session-less visitor's page: the cache (a database table here) and nothing of the archive.
    with django_assert_max_num_queries(bound):
        _page(url)


def test_the_precedent_list_follows_a_ruling_and_shows_drafts_to_croupiers_only(archive, croupier, plain_member):
    def page(member, url="/rules/precedents/"):
        client = Client()
        client.force_login(member.user)
        response = client.get(url)
        assert response.status_code == 200
        return response.content.decode()

    assert "A draft ruling" not in page(croupier) + page(plain_member)
    draft = ruling(croupier, title="A draft ruling", on=dt.date(2030, 1, 1), status="draft")
    assert "A draft ruling" in page(croupier)
    assert "A draft ruling" not in page(plain_member)
    services.precedent_transition(precedent=draft, actor=croupier, to=Precedent.Status.BINDING)
    assert "A draft ruling" in page(plain_member)
    # A filtered list is never the kept one.
    assert "A draft ruling" not in page(plain_member, "/rules/precedents/?status=withdrawn")


def test_the_api_list_follows_rulings_drafts_and_the_ruler_s_name(archive, croupier, plain_member, api_as):
    def listed(member, query=""):
        response = api_as(member).get(f"/api/precedents/?limit=100&offset=0{query}")
        assert response.status_code == 200
        return {p["title"]: p for p in response.json()["results"]}

    assert "Filed by API" not in listed(croupier)
    draft = ruling(croupier, title="Filed by API", on=dt.date(2030, 1, 2), status="draft")
    assert "Filed by API" in listed(croupier) and "Filed by API" not in listed(plain_member)
    services.precedent_transition(precedent=draft, actor=croupier, to=Precedent.Status.BINDING)
    assert listed(plain_member)["Filed by API"]["ruled_by"] == croupier.display_name
    croupier.display_name = "Renamed Croupier"
    croupier.save()
    assert listed(plain_member)["Filed by API"]["ruled_by"] == "Renamed Croupier"
    assert "Filed by API" not in listed(plain_member, "&status=withdrawn")


def test_a_kept_api_page_is_answered_without_reading_the_precedents(archive, croupier, plain_member, api_as,
                                                                     django_assert_max_num_queries):
    client = api_as(plain_member)
    first = client.get("/api/precedents/?limit=2&offset=1")
    assert first.status_code == 200 and first.json()["count"] > 3
    # The kept page: its count and links as the first answer gave them, and no precedent read.
    with django_assert_max_num_queries(3):
        again = client.get("/api/precedents/?limit=2&offset=1")
    assert again.json() == first.json() and again.json()["next"] and again.json()["previous"]
    # A page past the end is not kept: it answers the list's count and no rows, every time.
    past = client.get("/api/precedents/?offset=100000").json()
    assert past["results"] == [] and past["count"] == first.json()["count"]
    assert client.get("/api/precedents/?offset=100000").json() == past
    # A ruling moves the version on: the kept pages are not answered any more.
    ruling(croupier, title="Ruled after the page was kept", on=dt.date(2030, 1, 3), status="binding")
    assert client.get("/api/precedents/?limit=2&offset=1").json()["count"] == first.json()["count"] + 1


# ----------------------------------------------------------------------------- kept searches
def _search_reads(queries) -> list[str]:
    return [q["sql"] for q in queries.captured_queries
            if "rules_searchdocument" in q["sql"] or "rules_search_fts" in q["sql"]]


def test_a_search_asked_again_reads_nothing_of_the_index(archive):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from rules import search

    hits = search.search("дикие карты")
    snippets = search.snippets("дикие карты", hits[:5])
    with CaptureQueriesContext(connection) as queries:
        assert search.search("дикие карты") == hits
        assert search.snippets("дикие карты", hits[:5]) == snippets
    assert _search_reads(queries) == []
    with CaptureQueriesContext(connection) as queries:
        search.search("дикие карты", include_private=True)
    assert _search_reads(queries), "a search of drafts too is not the members' search"


def test_a_kept_search_finds_a_new_ruling(archive, croupier):
    from rules import search

    assert search.search("Zebroid") == []
    new = ruling(croupier, title="Zebroid", ruling="Short.", on=dt.date(2017, 1, 1))
    assert [h.ref for h in search.search("Zebroid")] == [new.permanent_id]


def test_a_kept_search_follows_the_index_written_in_bulk(archive):
    from rules import search

    assert "D1" in [h.ref for h in search.search("дикие карты", kind="entry")]
    search.remove_entries(["D1"])
    assert "D1" not in [h.ref for h in search.search("дикие карты", kind="entry")]
    search.index_entries([RulebookEntry.objects.get(key="D1")])
    assert "D1" in [h.ref for h in search.search("дикие карты", kind="entry")]


def test_a_kept_search_shows_titles_in_the_asking_language(archive):
    from django.utils import translation

    from rules import search

    entry = RulebookEntry.objects.get(key="D1")
    with translation.override("en"):
        english = {h.ref: h.title for h in search.search("дикие карты", kind="entry")}
    with translation.override("ru"):
        russian = {h.ref: h.title for h in search.search("дикие карты", kind="entry")}
    assert english["D1"] == entry.title and russian["D1"] == entry.title_ru


def test_a_batch_of_writes_moves_the_version_once_at_its_end(archive):
    """The rulebook's sync writes hundreds of rows; the version moves once when it ends (then at
    the commit), not twice per row, and still moves."""
    before = archive_cache.version()
    with archive_cache.batched():
        for entry in RulebookEntry.objects.order_by("pk")[:3]:
            entry.title = entry.title + " (edited)"
            entry.save()
        assert archive_cache.version() == before      # nothing moved inside the batch
    assert archive_cache.version() != before


def test_a_rulebook_sync_that_changes_a_row_moves_the_version(archive):
    entry = RulebookEntry.objects.order_by("pk").first()
    RulebookEntry.objects.filter(pk=entry.pk).update(title="Scribbled")   # no signal: not yet moved
    before = archive_cache.version()
    assert rulebook_sync()["updated"] == 1
    assert archive_cache.version() != before
    assert RulebookEntry.objects.get(pk=entry.pk).title == entry.title


def test_a_renamed_member_moves_the_version_a_new_member_does_not(archive, croupier):
    """The API's precedents name who ruled them: a member's new name is a change of the archive;
    a member who has just joined ruled nothing yet."""
    before = archive_cache.version()
    factories.member(display_name="Newcomer", password=None)
    assert archive_cache.version() == before
    croupier.display_name = "Garkin the Renamed"
    croupier.save()
    assert archive_cache.version() != before
