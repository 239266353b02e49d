"""The ratings page, the ratings on a member's statistics page, the trick game's bidding record
and the ratings API, on the demo club."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from games import ratings, selectors
from games.tournaments.models import Round, Seat, Tournament
from tests.test_write_access import _actor, club  # noqa: F401 (the demo club fixture)

pytestmark = pytest.mark.django_db


def _client(member, lang="en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    if member is not None:
        client.force_login(member.user)
    return client


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_game_has_its_tab_for_any_member(club, lang):  # noqa: F811
    client = _client(club["outsider"], lang)
    for game in ("all", *ratings.GAMES):
        page = client.get(f"/games/ratings/?game={game}")
        assert page.status_code == 200, game
        html = page.content.decode()
        assert 'aria-current="page"' in html and f'href="?game={game}" aria-current="page"' in html
        assert 'id="rating-rule"' in html
    dice = client.get("/games/ratings/?game=dice").content.decode()
    winner = selectors.ratings_board("dice")[0]["member"]
    assert winner.display_name in dice
    if lang == "ru":
        assert "Всесторонний" in client.get("/games/ratings/").content.decode()


def test_an_unknown_game_shows_the_all_rounder_and_strangers_sign_in_first(club):  # noqa: F811
    html = _client(club["outsider"]).get("/games/ratings/?game=golf").content.decode()
    assert 'href="?game=all" aria-current="page"' in html and "golf" not in html.split("<main", 1)[1]
    assert "mean of their ratings" in html                      # the rule, documented on the page
    assert _client(None).get("/games/ratings/").status_code == 302


def test_the_all_rounder_ranks_the_members_the_pure_rule_ranks(club):  # noqa: F811
    history = selectors.rating_history()
    expected = [r.member_id for r in ratings.all_rounder(history)]
    assert expected, "the demo club should have an all-rounder"
    assert [row["member"].pk for row in selectors.ratings_board("all")] == expected
    html = _client(club["outsider"]).get("/games/ratings/").content.decode()
    positions = [html.index(row["member"].display_name) for row in selectors.ratings_board("all")]
    assert positions == sorted(positions)


def test_a_members_ratings_are_public_but_his_chips_are_not(club):  # noqa: F811
    tananda = club["members"]["Tananda"]
    html = _client(club["outsider"]).get(f"/games/stats/{tananda.pk}/").content.decode()
    assert 'id="rating-tricks"' in html and "<svg" in html
    assert 'id="balance"' not in html
    assert 'id="bid-accuracy"' in html and 'id="forbidden-share"' in html


def test_the_bidding_record_on_the_page_is_counted_from_the_rounds(club):  # noqa: F811
    tananda = club["members"]["Tananda"]
    seats = dict(Seat.objects.filter(entry__member=tananda).values_list("table_id", "position"))
    bids = exact = dealt = restricted = 0
    for r in Round.objects.filter(table_id__in=seats, live=True, bids__isnull=False):
        seat = seats[r.table_id]
        bids += 1
        exact += r.bids[seat] == r.taken[seat]
        if r.dealer == seat:
            dealt += 1
            cards = r.number if r.number <= 7 else 8 if r.number <= 11 else 19 - r.number if r.number <= 18 else 8
            # The seed: the dealer may not bid so that all bids add up to the cards each holds; a
            # bid is forbidden only when the others' bids leave that sum within his reach.
            others = sum(r.bids) - r.bids[seat]
            restricted += 0 <= cards - others <= cards
    record = selectors.member_bid_record(tananda)
    assert (record.bids, record.exact, record.dealt, record.restricted) == (bids, exact, dealt, restricted)
    assert bids and dealt
    html = _client(tananda).get(f"/games/stats/{tananda.pk}/").content.decode()
    assert f">{round(100 * exact / bids)}%<" in html
    assert f">{round(100 * restricted / dealt)}%<" in html


def test_the_replay_is_cached_until_a_result_changes(club, monkeypatch):  # noqa: F811
    cache.clear()
    calls = []
    real = selectors.rating_matches
    monkeypatch.setattr(selectors, "rating_matches", lambda: calls.append(1) or real())
    first = selectors.rating_history()
    assert selectors.rating_history() == first and len(calls) == 1
    # A finished tournament's standings recomputed (a corrected round): the fingerprint moves.
    Tournament.objects.filter(status=Tournament.Status.FINISHED).update(standings_at=timezone.now())
    selectors.rating_history()
    assert len(calls) == 2


def test_a_cached_page_makes_few_queries(club, django_assert_max_num_queries):  # noqa: F811
    client = _client(club["outsider"])
    client.get("/games/ratings/?game=tricks")
    with django_assert_max_num_queries(12):
        assert client.get("/games/ratings/?game=tricks").status_code == 200


def test_the_api_lists_a_games_ratings_a_page_at_a_time(club):  # noqa: F811
    api = APIClient()
    api.force_authenticate(club["outsider"].user)
    rows = api.get("/api/game-ratings/?game=tricks&limit=3").json()
    board = selectors.ratings_board("tricks")
    assert rows["count"] == len(board) and len(rows["results"]) == 3 and rows["next"]
    assert [r["member"] for r in rows["results"]] == [b["member"].pk for b in board[:3]]
    assert rows["results"][0]["rating"] == pytest.approx(board[0]["ordinal"])
    everyone = api.get("/api/game-ratings/").json()["results"]
    assert everyone and all(r["games"] and r["mu"] is None for r in everyone)
    bad = api.get("/api/game-ratings/?game=golf")
    assert bad.status_code == 400 and bad.json()["extra"]["field"] == "game"
    member = board[0]["member"]
    history = api.get(f"/api/game-ratings/history/?member={member.pk}&game=tricks").json()
    assert [p["match"] for p in history["results"]] == list(range(1, history["count"] + 1))
    assert history["results"][-1]["rating"] == pytest.approx(board[0]["ordinal"])
    assert api.get("/api/game-ratings/history/?member=999999").status_code == 404
    assert APIClient().get("/api/game-ratings/").status_code in (401, 403)
