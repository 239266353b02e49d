"""A poll that meets a write: the live answers are drawn from one read.

A polled part decides whether to keep polling (200 with its ``hx-trigger``) or to stop (286) and
draws itself; both must come from the same read of the deal, match or tournament. Each test here
commits a write through the real service at a point between the reads of one poll, and checks
that the answer is either the state before the write, still polling, or the state after it, with
what it shows (a result to confirm, the final report) and the stop: never a mix of the two.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import selectors, services
from games import views as game_views
from games.tables import selectors as table_selectors
from games.tables import services as table_services
from games.tables import views as table_views
from games.tournaments import selectors as tournament_selectors
from games.tournaments import services as tournament_services
from games.tournaments.models import Tournament
from tests.games.conftest import full_deal
from tests.tournaments.conftest import make_tournament, play_table

pytestmark = pytest.mark.django_db

STOP = 286


def _after(monkeypatch, module, name: str, write) -> None:
    """Run ``write`` (a service call) once, right after the poll's read ``module.name`` returns."""
    read = getattr(module, name)
    done = []

    def then_write(*args, **kwargs):
        value = read(*args, **kwargs)
        if not done:
            done.append(True)       # the write may read the same way: it does not write again
            write()
        return value

    monkeypatch.setattr(module, name, then_write)


def _opening_tag(html: str, element_id: str) -> str:
    start = html.index(f'id="{element_id}"')
    return html[html.rindex("<", 0, start):html.index(">", start)]


def _deal_since(html: str) -> str:
    return re.search(r'name="since" value="([^"]+)" id="deal-since"', html).group(1)


# --- the deal being recorded ---------------------------------------------------------------------------

def _deal_answer(response) -> str:
    """Which state the deal's live answer shows, after checking it shows one state only."""
    html = response.content.decode()
    polls = "hx-trigger" in _opening_tag(html, "deal-live")
    shows_result = '<section id="result">' in html
    if response.status_code == STOP:
        assert shows_result and not polls, "the poll stops without the result to show"
        assert 'id="deal-live-over"' in html
        return "over"
    assert response.status_code == 200
    assert polls, "the panel stops polling without saying why: the phone would never see the result"
    assert not shows_result and 'id="deal-live-over"' not in html
    return "recording"


@pytest.fixture
def waiting_deal(judge, client_as, game, croupier, players):
    """A deal all dealt whose page a player's phone opened before the last bet."""
    deal = full_deal(game, croupier)
    client = client_as(players[1])
    since = _deal_since(client.get(deal.get_absolute_url()).content.decode())
    services.bet_place(deal=deal, actor=players[0], member=players[0], amount=game.min_stake)
    return deal, client, since


def test_a_submit_between_the_stamp_and_the_panel_brings_the_result_and_stops(monkeypatch, waiting_deal, players):
    deal, client, since = waiting_deal
    _after(monkeypatch, selectors, "deal_stamp", lambda: services.result_submit(deal=deal, actor=players[0]))
    response = client.get(reverse("games:deal_live", args=[deal.pk]), {"since": since})
    assert _deal_answer(response) == "over"
    html = response.content.decode()
    assert 'id="confirm-result"' in html            # the other player confirms it from this phone
    # the result comes with the way to follow it, from the same stamp the panel leaves
    result_part = _opening_tag(html, "deal-result")
    assert reverse("games:deal_result_live", args=[deal.pk]) + "?since=" + _deal_since(html) in result_part
    deal.refresh_from_db()                              # where the deal stands now, the submit included
    assert _deal_since(html) == selectors.deal_stamp(deal=deal)


def test_a_submit_after_the_panel_was_read_is_seen_by_the_next_poll(monkeypatch, waiting_deal, players):
    deal, client, since = waiting_deal
    live = reverse("games:deal_live", args=[deal.pk])
    _after(monkeypatch, game_views, "sitting_for", lambda: services.result_submit(deal=deal, actor=players[0]))
    response = client.get(live, {"since": since})
    assert _deal_answer(response) == "recording"
    following = client.get(live, {"since": _deal_since(response.content.decode())})
    assert _deal_answer(following) == "over"


def test_a_discard_between_the_stamp_and_the_panel_keeps_the_phone_polling(monkeypatch, judge, client_as, game,
                                                                         croupier, players):
    deal = full_deal(game, croupier)
    client = client_as(players[1])
    since = _deal_since(client.get(deal.get_absolute_url()).content.decode())
    result = services.result_submit(deal=deal, actor=players[0])
    _after(monkeypatch, selectors, "deal_stamp", lambda: services.result_discard(result=result, actor=croupier))
    response = client.get(reverse("games:deal_live", args=[deal.pk]), {"since": since})
    assert _deal_answer(response) == "recording"


def test_a_confirm_between_the_stamp_and_the_result_stops_its_following(monkeypatch, judge, client_as, game,
                                                                       croupier, players):
    deal = full_deal(game, croupier)
    result = services.result_submit(deal=deal, actor=players[0])
    client = client_as(players[1])
    _after(monkeypatch, selectors, "deal_stamp", lambda: services.result_confirm(result=result, actor=croupier))
    response = client.get(reverse("games:deal_result_live", args=[deal.pk]), {"since": "stale"})
    html = response.content.decode()
    assert response.status_code == STOP
    assert "hx-trigger" not in _opening_tag(html, "deal-result") and 'class="badge confirmed"' in html
    assert 'id="confirm-result"' not in html


def test_the_polls_that_draw_the_deal_read_it_once(waiting_deal, players, django_assert_max_num_queries):
    """The sitting the answer is drawn from is the only read of the deal besides the stamp: the
    panel of a deal still being recorded and the answer that brings its result cost what they
    did when the stamp decided (the sign-in and the page cache's look-up included)."""
    deal, client, since = waiting_deal
    live = reverse("games:deal_live", args=[deal.pk])
    with django_assert_max_num_queries(22):
        assert _deal_answer(client.get(live, {"since": since})) == "recording"
    services.result_submit(deal=deal, actor=players[0])
    with django_assert_max_num_queries(21) as counted:
        assert _deal_answer(client.get(live, {"since": since})) == "over"
    assert sum(q["sql"].startswith('SELECT "games_result"."id"') for q in counted.captured_queries) == 1


# --- a dice match ----------------------------------------------------------------------------------------

def test_a_match_withdrawn_after_it_was_read_is_seen_by_the_next_poll(monkeypatch, client_as, players):
    skeeve, aahz = players[0], players[1]
    match = table_services.dice_match_create(actor=skeeve, first=skeeve, second=aahz, mode="seeded", seed="race")
    live = reverse("tables:dice_match_live", args=[match.pk])
    waiting = client_as(aahz)
    _after(monkeypatch, table_views, "_page_access",
           lambda: table_services.dice_match_withdraw(match=match, actor=skeeve))
    response = waiting.get(live, {"since": "stale"})
    assert response.status_code == 200 and "hx-trigger" in _opening_tag(response.content.decode(), "dice-live")
    since = re.search(r"\?since=([^\"&]+)\"", response.content.decode()).group(1)
    assert since == table_selectors.dice_stamp(match)
    assert waiting.get(live, {"since": since}).status_code == STOP


# --- a tournament --------------------------------------------------------------------------------------

def _tournament_answer(response) -> str:
    html = response.content.decode()
    polls = "hx-trigger" in _opening_tag(html, "tournament-live")
    if response.status_code == STOP:
        assert not polls, "the poll stops while the part asks for more"
        return "stopped"
    assert response.status_code == 200
    assert polls, "the part stops polling with a 200: the page is left between two states"
    return "running"


@pytest.fixture
def running(croupier):
    tournament = make_tournament(croupier, 4, seed="race")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    return tournament


def test_a_tournament_finished_between_the_stamp_and_the_tables_stops_the_poll(monkeypatch, client, croupier,
                                                                              running):
    live = reverse("tournaments:live", args=[running.slug])

    def finish():
        tournament = Tournament.objects.get(pk=running.pk)
        tournament_services.tournament_transition(actor=croupier, tournament=tournament, to=Tournament.Status.FINISHED)

    _after(monkeypatch, tournament_selectors, "tournament_stamp", finish)
    response = client.get(live, {"since": "stale"})
    assert _tournament_answer(response) == "stopped"
    assert reverse("tournaments:report", args=[running.slug]) in response.content.decode()


def test_rounds_recorded_while_the_tables_are_drawn_are_shown_by_the_next_poll(monkeypatch, client, croupier,
                                                                              running):
    live = reverse("tournaments:live", args=[running.slug])
    table = running.stages.get().tables.get()
    _after(monkeypatch, tournament_selectors, "tournament_detail",
           lambda: play_table(croupier, table, "race:1", through=3))
    response = client.get(live, {"since": "stale"})
    assert _tournament_answer(response) == "running"
    assert "3 of 30 rounds" not in response.content.decode()
    since = re.search(r"\?since=([^\"&]+)\"", response.content.decode()).group(1)
    following = client.get(live, {"since": since})
    assert following.status_code == 200 and "3 of 30 rounds" in following.content.decode()
