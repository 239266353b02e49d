"""The season pages and API: who reads, who writes, what the forms and the files say."""

from __future__ import annotations

import datetime as dt
import io

import openpyxl
import pytest
from django.urls import reverse
from django.utils import timezone

from club.models import Member, ScheduledSession
from games.seasons.models import Season
from tests import factories

pytestmark = pytest.mark.django_db

FORM = {"name": "Spring", "start_date": "2026-03-01", "end_date": "2026-05-31", "games": ["dragon"],
        "placing": "10, 7, 5", "deal_won": "1", "attendance": "1", "min_evenings": "2", "best_of": "0",
        "championship_size": "4"}


def test_member_reads_the_standings_with_links_to_stats(season, played, client_as, django_assert_max_num_queries):
    client = client_as(played["eve"])
    with django_assert_max_num_queries(14):
        page = client.get(season.get_absolute_url())
    assert page.status_code == 200
    html = page.content.decode()
    assert reverse("games:member_stats", args=[played["ann"].pk]) in html
    assert html.count('class="qualifier"') == 2
    assert reverse("seasons:edit", args=[season.pk]) not in html
    assert "championship_form" not in page.context or page.context["championship_form"] is None
    assert client.get(reverse("seasons:list")).status_code == 200


def test_anonymous_is_sent_to_log_in_for_the_pages_and_the_file(season, client):
    for url in (reverse("seasons:list"), season.get_absolute_url(), reverse("seasons:export", args=[season.pk])):
        answer = client.get(url)
        assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]


def test_a_member_may_not_create_or_edit(season, played, client_as):
    client = client_as(played["ann"])
    assert client.get(reverse("seasons:new")).status_code == 403
    assert client.post(reverse("seasons:new"), FORM).status_code == 403
    assert client.post(reverse("seasons:edit", args=[season.pk]), FORM).status_code == 403
    answer = client.post(reverse("seasons:championship", args=[season.pk]),
                         {"venue": played["venue"].pk, "starts_at": "2030-01-01T19:00", "ends_at": "2030-01-01T23:00"})
    assert answer.status_code == 403
    assert list(Season.objects.values_list("name", flat=True)) == ["Winter"]
    assert not ScheduledSession.objects.filter(starts_at__year=2030).exists()


def test_a_croupier_creates_and_edits_a_season(croupier, client_as):
    client = client_as(croupier)
    answer = client.post(reverse("seasons:new"), FORM)
    season = Season.objects.get()
    assert answer.status_code == 302 and answer["Location"] == season.get_absolute_url()
    assert season.parts == {"placing": {"table": [10, 7, 5]}, "deal_won": {"points": 1}, "attendance": {"points": 1}}
    assert (season.start_date, season.min_evenings, season.championship_size) == (dt.date(2026, 3, 1), 2, 4)
    answer = client.post(reverse("seasons:edit", args=[season.pk]), {**FORM, "deal_won": "0", "best_of": "3"})
    season.refresh_from_db()
    assert season.parts == {"placing": {"table": [10, 7, 5]}, "attendance": {"points": 1}} and season.best_of == 3


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"placing": "10, x, 5"}, "placing", "“x”"),
    ({"end_date": "2026-02-01"}, "end_date", "2026-02-01"),
    ({"start_date": "1850-01-01"}, "start_date", "1850-01-01"),
    ({"championship_size": "12"}, "championship_size", "8"),
    ({"games": ["draker"]}, "games", "draker"),
])
def test_bad_input_is_named_beside_its_field_and_nothing_is_saved(croupier, client_as, changes, field, words):
    answer = client_as(croupier).post(reverse("seasons:new"), {**FORM, **changes})
    assert answer.status_code == 200
    assert field in answer.context["form"].errors
    assert words in " ".join(answer.context["form"].errors[field])
    assert not Season.objects.exists()


def test_no_way_to_earn_points_is_refused(croupier, client_as):
    answer = client_as(croupier).post(reverse("seasons:new"), {**FORM, "placing": "", "deal_won": "0",
                                                                "attendance": "0"})
    assert answer.context["form"].non_field_errors()
    assert not Season.objects.exists()


def test_a_croupier_creates_the_championship_from_the_page(season, played, client_as):
    client = client_as(played["croupier"])
    assert "championship_form" in client.get(season.get_absolute_url()).context
    answer = client.post(reverse("seasons:championship", args=[season.pk]),
                         {"title": "", "venue": played["venue"].pk, "starts_at": "2030-01-01T19:00",
                          "ends_at": "2030-01-01T23:00"})
    season.refresh_from_db()
    assert answer.status_code == 302 and answer["Location"] == season.championship.get_absolute_url()
    assert sorted(season.championship.rsvps.values_list("member__display_name", flat=True)) == ["Ann", "Bob"]


def test_the_championship_form_names_a_bad_time(season, played, client_as):
    answer = client_as(played["croupier"]).post(
        reverse("seasons:championship", args=[season.pk]),
        {"venue": played["venue"].pk, "starts_at": "2030-01-01T19:00", "ends_at": "2030-01-01T18:00"})
    assert answer.status_code == 400
    assert "ends_at" in answer.context["championship_form"].errors
    season.refresh_from_db()
    assert season.championship is None


def test_the_standings_as_csv_and_xlsx(season, played, client_as):
    client = client_as(played["eve"])
    csv = client.get(reverse("seasons:export", args=[season.pk]) + "?format=csv")
    assert csv["Content-Type"].startswith("text/csv")
    lines = csv.content.decode().splitlines()
    assert lines[0] == "Rank,Member,Points,Evenings,Evenings counted,Deals won,Qualifies,Championship"
    assert lines[1] == "1,Ann,23,2,2,2,yes,yes"
    assert lines[4] == "4,Eve,1,1,1,0,,"
    xlsx = client.get(reverse("seasons:export", args=[season.pk]) + "?format=xlsx")
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx.content)).active
    assert [c.value for c in sheet[2]][:3] == [1, "Ann", 23]


# --- the API -------------------------------------------------------------------------------------

BODY = {"name": "Spring", "start_date": "2026-03-01", "end_date": "2026-05-31", "games": ["dragon", "dice"],
        "parts": {"placing": {"table": [5, 3, 1]}}, "min_evenings": 1, "best_of": 4, "championship_size": 3}


def test_api_croupier_creates_and_patches(croupier, api_as):
    client = api_as(croupier)
    made = client.post("/api/seasons/", BODY, format="json")
    assert made.status_code == 201, made.json()
    assert made.json()["games"] == ["dragon", "dice"]
    patched = client.patch(f"/api/seasons/{made.json()['id']}/", {"best_of": 2}, format="json")
    assert patched.status_code == 200 and patched.json()["best_of"] == 2


def test_api_member_reads_but_may_not_write(season, played, api_as, api):
    client = api_as(played["eve"])
    assert client.get("/api/seasons/").json()["count"] == 1
    standings = client.get(f"/api/seasons/{season.pk}/standings/").json()
    assert standings["count"] == 4
    assert standings["results"][0] == {"rank": 1, "tied": False, "member": played["ann"].pk, "member_name": "Ann",
                                       "points": 23, "evenings": 2, "evenings_counted": 2, "deals_won": 2,
                                       "tournaments": 0, "qualified": True, "invited": True}
    assert client.post("/api/seasons/", BODY, format="json").status_code == 403
    assert client.patch(f"/api/seasons/{season.pk}/", {"name": "x"}, format="json").status_code == 403
    assert client.post(f"/api/seasons/{season.pk}/championship/", {}, format="json").status_code == 403
    assert api.get("/api/seasons/").status_code in (401, 403)
    assert Season.objects.get().name == "Winter"


def test_api_bad_formula_is_a_400_naming_the_field(croupier, api_as):
    answer = api_as(croupier).post("/api/seasons/", {**BODY, "parts": {"placing": {"table": [5, "x"]}}}, format="json")
    assert answer.status_code == 400
    assert answer.json()["extra"]["field"] == "placing"
    assert not Season.objects.exists()


def test_api_championship(season, played, api_as):
    starts = timezone.now() + dt.timedelta(days=3)
    answer = api_as(played["croupier"]).post(f"/api/seasons/{season.pk}/championship/", {
        "venue": played["venue"].slug, "starts_at": starts.isoformat(),
        "ends_at": (starts + dt.timedelta(hours=4)).isoformat()}, format="json")
    assert answer.status_code == 201
    assert sorted(answer.json()["invited"]) == sorted([played["ann"].pk, played["bob"].pk])
    again = api_as(played["croupier"]).post(f"/api/seasons/{season.pk}/championship/", {
        "venue": played["venue"].slug, "starts_at": starts.isoformat(),
        "ends_at": (starts + dt.timedelta(hours=4)).isoformat()}, format="json")
    assert again.status_code == 409


def test_an_admin_is_a_croupier_here(api_as):
    admin = factories.member(Member.Role.ADMIN)
    assert api_as(admin).post("/api/seasons/", BODY, format="json").status_code == 201
