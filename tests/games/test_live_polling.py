"""The pages that move on by themselves: a deal recorded at another phone, a dice match waiting for
the other player's move, a tournament's standings and tables. Each polls a GET endpoint behind
the same access check as its page, answers 204 (nothing to swap) while nothing changed, the part
drawn afresh when something did, and 286 (htmx stops polling) once the thing is finished."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games import services
from games.tables import services as table_services
from games.tournaments import services as tournament_services
from games.tournaments.models import Tournament
from tests.games.conftest import full_deal
from tests.tournaments.conftest import make_tournament, play_table

pytestmark = pytest.mark.django_db

STOP = 286


def _since(html: str, url: str) -> str:
    """The stamp a page polls with: the ``since`` of its ``hx-get``, or, on a deal's page, of the
    recording panel (which a tapped card swaps in with the stamp it leaves)."""
    assert f'hx-get="{url}' in html, f"the page does not poll {url}"
    found = (re.search(re.escape(url) + r"\?since=([^\"&]+)\"", html)
             or re.search(r'name="since" value="([^"]+)" id="deal-since"', html))
    assert found, f"the page polls {url} without saying where it stood"
    return found.group(1)


# --- a deal recorded at another phone ---------------------------------------------------------------

def test_an_empty_answer_carries_no_policy_a_drawn_panel_does(client_as, game, croupier, players):
    """A 204 has no document for a Content-Security-Policy to govern; a panel swapped into the
    page keeps the policy (club.middleware.ContentSecurityPolicyMiddleware)."""
    deal = services.deal_start(game=game, actor=croupier)
    client = client_as(players[1])
    live = reverse("games:deal_live", args=[deal.pk])
    since = _since(client.get(deal.get_absolute_url()).content.decode(), live)
    nothing = client.get(live, {"since": since})
    assert nothing.status_code == 204 and "Content-Security-Policy" not in nothing.headers
    services.deal_card(deal=deal, actor=players[0], card="Kd")
    drawn = client.get(live, {"since": since})
    assert drawn.status_code == 200 and "script-src 'self'" in drawn.headers["Content-Security-Policy"]



def test_a_card_recorded_at_another_phone_appears_on_the_polling_page(client_as, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    client = client_as(players[1])
    live = reverse("games:deal_live", args=[deal.pk])
    page = client.get(deal.get_absolute_url()).content.decode()
    assert 'hx-trigger="every 3s"' in page
    since = _since(page, live)
    assert client.get(live, {"since": since}).status_code == 204
    services.deal_card(deal=deal, actor=players[0], card="Kd")
    response = client.get(live, {"since": since})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'title="Kd"' in html and 'id="deal-live"' in html
    assert client.get(live, {"since": _since(html, live)}).status_code == 204
    # a bet changes the pot shown beside each player
    services.bet_place(deal=deal, actor=players[0], member=players[0], amount=game.min_stake)
    assert client.get(live, {"since": _since(html, live)}).status_code == 200


def test_the_phone_that_taps_a_card_is_not_redrawn_by_its_own_polling(client_as, game, croupier, players):
    """The panel a tap swaps in carries the stamp the tap left, so the next poll of that phone
    finds nothing new and leaves a half-typed card alone."""
    deal = services.deal_start(game=game, actor=croupier)
    client = client_as(players[0])
    live = reverse("games:deal_live", args=[deal.pk])
    panel = client.post(reverse("games:deal_card", args=[deal.pk]), {"card": "Kd"}, HTTP_HX_REQUEST="true")
    since = re.search(r'name="since" value="([^"]+)" id="deal-since"', panel.content.decode()).group(1)
    assert client.get(live, {"since": since}).status_code == 204
    panel = client.post(reverse("games:deal_card", args=[deal.pk]), {"undo": "1"}, HTTP_HX_REQUEST="true")
    since = re.search(r'name="since" value="([^"]+)" id="deal-since"', panel.content.decode()).group(1)
    assert client.get(live, {"since": since}).status_code == 204


def test_a_card_taken_back_and_another_recorded_is_seen_as_a_change(client_as, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    client = client_as(players[1])
    live = reverse("games:deal_live", args=[deal.pk])
    since = _since(client.get(deal.get_absolute_url()).content.decode(), live)
    services.deal_card_undo(deal=deal, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Ah")
    assert 'title="Ah"' in client.get(live, {"since": since}).content.decode()


def test_polling_stops_with_286_once_the_result_is_submitted(judge, client_as, game, croupier, players):
    deal = full_deal(game, croupier)
    client = client_as(players[1])
    live = reverse("games:deal_live", args=[deal.pk])
    since = _since(client.get(deal.get_absolute_url()).content.decode(), live)
    services.result_submit(deal=deal, actor=players[0])
    response = client.get(live, {"since": since})
    assert response.status_code == STOP
    html = response.content.decode()
    assert 'id="deal-live-over"' in html and "hx-trigger" not in html.split('id="deal-live"')[1].split(">")[0]
    assert 'class="card back"' not in html            # the deal is over: every card is turned up
    # the page of a deal with a result does not poll at all
    assert live not in client.get(deal.get_absolute_url()).content.decode()


def test_the_polled_part_hides_the_dark_cards_the_page_hides(client_as, game, croupier, players):
    deal = full_deal(game, croupier)
    html = client_as(players[0]).get(reverse("games:deal_live", args=[deal.pk])).content.decode()
    theirs = [c.card for c in deal.cards.all() if c.member_id == players[1].pk and not c.open]
    assert theirs and not any(f'title="{t}"' in html for t in theirs)
    # the stamp in the page's URL carries row ids, never a card
    assert not any(t in _since(client_as(players[0]).get(deal.get_absolute_url()).content.decode(),
                               reverse("games:deal_live", args=[deal.pk])) for t in theirs)


def test_a_deal_is_polled_only_by_who_may_see_it(client, client_as, game, croupier, players, outsider):
    deal = services.deal_start(game=game, actor=croupier)
    live = reverse("games:deal_live", args=[deal.pk])
    assert client.get(live).status_code == 302                 # to the login page
    assert client_as(outsider).get(live).status_code == 404
    assert client_as(croupier).get(live).status_code == 200
    assert client_as(players[2]).post(live).status_code == 405


def test_an_unchanged_deal_answers_in_a_few_queries(client_as, game, croupier, players, django_assert_max_num_queries):
    deal = full_deal(game, croupier)
    client = client_as(players[0])
    live = reverse("games:deal_live", args=[deal.pk])
    since = _since(client.get(deal.get_absolute_url()).content.decode(), live)
    with django_assert_max_num_queries(5):
        assert client.get(live, {"since": since}).status_code == 204


def _result_since(html: str, url: str) -> str:
    found = re.search(re.escape(url) + r"\?since=([^\"&]+)\"", html)
    assert found, f"the page does not follow its result at {url}"
    return found.group(1)


def test_a_draft_result_is_followed_until_another_player_confirms_it(judge, client_as, game, croupier, players):
    deal = full_deal(game, croupier)
    result = services.result_submit(deal=deal, actor=players[0])
    client = client_as(players[1])
    live = reverse("games:deal_result_live", args=[deal.pk])
    since = _result_since(client.get(deal.get_absolute_url()).content.decode(), live)
    assert client.get(live, {"since": since}).status_code == 204
    services.result_confirm(result=result, actor=croupier)
    response = client.get(live, {"since": since})
    assert response.status_code == STOP
    html = response.content.decode()
    assert 'id="result-status"' in html and "Confirmed" in html and "hx-get" not in html.split(">")[0]
    assert 'id="confirm-result"' not in html
    # a confirmed result is not followed at all
    assert live not in client.get(deal.get_absolute_url()).content.decode()


def test_a_discarded_draft_stops_the_following_with_a_way_forward(judge, client_as, game, croupier, players):
    deal = full_deal(game, croupier)
    result = services.result_submit(deal=deal, actor=players[0])
    client = client_as(players[1])
    live = reverse("games:deal_result_live", args=[deal.pk])
    since = _result_since(client.get(deal.get_absolute_url()).content.decode(), live)
    services.result_discard(result=result, actor=croupier)
    response = client.get(live, {"since": since})
    assert response.status_code == STOP
    html = response.content.decode()
    assert 'id="result-discarded"' in html and f'href="{deal.get_absolute_url()}"' in html
    assert 'id="result-status"' not in html
    # the list of versions below is redrawn with it: v1 now reads discarded, not draft
    versions = html[html.index('<section id="versions"'):]
    assert 'hx-swap-oob="true"' in versions.split(">")[0]
    assert 'class="badge discarded"' in versions and 'class="badge draft"' not in versions


def test_a_draft_nobody_confirms_is_followed_for_an_hour_only(judge, client_as, game, croupier, players):
    from games.models import Result

    deal = full_deal(game, croupier)
    result = services.result_submit(deal=deal, actor=players[0])
    client = client_as(players[1])
    live = reverse("games:deal_result_live", args=[deal.pk])
    assert live in client.get(deal.get_absolute_url()).content.decode()
    Result.objects.filter(pk=result.pk).update(submitted_at=result.submitted_at - dt.timedelta(hours=2))
    response = client.get(live, {"since": "stale"})
    assert response.status_code == STOP
    assert 'id="result-unwatched"' in response.content.decode()
    assert live not in client.get(deal.get_absolute_url()).content.decode()


def test_the_part_that_ends_the_recording_brings_the_draft_and_follows_it(judge, client_as, game, croupier,
                                                                         players):
    deal = full_deal(game, croupier)
    client = client_as(players[1])
    since = _since(client.get(deal.get_absolute_url()).content.decode(), reverse("games:deal_live", args=[deal.pk]))
    services.result_submit(deal=deal, actor=players[0])
    html = client.get(reverse("games:deal_live", args=[deal.pk]), {"since": since}).content.decode()
    result_part = html.split('id="deal-result"', 1)[1].split(">", 1)[0]
    assert 'hx-swap-oob="true"' in result_part
    assert reverse("games:deal_result_live", args=[deal.pk]) in result_part


def test_a_result_is_followed_only_by_who_may_see_the_deal(client, client_as, game, croupier, outsider,
                                                            django_assert_max_num_queries):
    deal = full_deal(game, croupier)
    live = reverse("games:deal_result_live", args=[deal.pk])
    assert client.get(live).status_code == 302
    assert client_as(outsider).get(live).status_code == 404
    assert client_as(croupier).post(live).status_code == 405
    reader = client_as(croupier)
    since = _since(reader.get(deal.get_absolute_url()).content.decode(), reverse("games:deal_live", args=[deal.pk]))
    with django_assert_max_num_queries(5):
        assert reader.get(live, {"since": since}).status_code == 204


# --- a dice match waiting for the other's move -----------------------------------------------------------

def test_the_waiting_player_sees_the_others_move(client_as, players):
    skeeve, aahz = players[0], players[1]
    match = table_services.dice_match_create(actor=skeeve, first=skeeve, second=aahz, mode="seeded", seed="live")
    table_services.dice_match_accept(match=match, actor=aahz)
    live = reverse("tables:dice_match_live", args=[match.pk])
    waiting = client_as(aahz)
    page = waiting.get(match.get_absolute_url()).content.decode()
    assert 'id="dice-waiting"' in page and 'hx-trigger="every 3s"' in page
    since = _since(page, live)
    assert waiting.get(live, {"since": since}).status_code == 204
    table_services.dice_match_move(match=match, actor=skeeve, player=skeeve, action="roll")
    html = waiting.get(live, {"since": since}).content.decode()
    assert 'class="dice-moves"' in html
    # now it is his turn: the part comes with his form and no longer polls
    assert 'value="roll"' in html and "hx-trigger" not in html
    mover = Client()
    mover.force_login(skeeve.user)
    # and the one who has moved waits in his turn
    assert live in mover.get(match.get_absolute_url()).content.decode().split('id="dice-live"')[1][:200]


def test_a_closed_match_stops_the_polling(client_as, players, django_assert_max_num_queries):
    skeeve, aahz = players[0], players[1]
    match = table_services.dice_match_create(actor=skeeve, first=skeeve, second=aahz, mode="seeded", seed="end")
    client = client_as(aahz)
    live = reverse("tables:dice_match_live", args=[match.pk])
    since = _since(client.get(match.get_absolute_url()).content.decode(), live)
    with django_assert_max_num_queries(4):
        assert client.get(live, {"since": since}).status_code == 204
    table_services.dice_match_withdraw(match=match, actor=skeeve)
    response = client.get(live, {"since": since})
    assert response.status_code == STOP and "hx-trigger" not in response.content.decode()


def test_a_match_is_polled_by_members_only(client, players):
    skeeve, aahz = players[0], players[1]
    match = table_services.dice_match_create(actor=skeeve, first=skeeve, second=aahz, mode="seeded", seed="who")
    live = reverse("tables:dice_match_live", args=[match.pk])
    assert client.get(live).status_code == 302                 # to the login page
    client.force_login(get_user_model().objects.create_user("not-a-member", password=None))
    assert client.get(live).status_code == 404                 # an account that is no member
    client.force_login(players[3].user)
    assert client.get(live).status_code == 200                 # the club's matches are public at the club
    assert client.get(reverse("tables:dice_match_live", args=[match.pk + 999])).status_code == 404


# --- a tournament's standings and tables ---------------------------------------------------------------

def test_the_tournament_page_polls_its_standings_and_tables_until_it_finishes(client, croupier,
                                                                            django_assert_max_num_queries):
    tournament = make_tournament(croupier, 4, seed="live")        # seating the first stage runs it
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    live = reverse("tournaments:live", args=[tournament.slug])
    page = client.get(tournament.get_absolute_url()).content.decode()
    since = _since(page, live)
    assert page.count('hx-trigger="every 3s"') == 1             # one poll, not one per part
    with django_assert_max_num_queries(3):
        assert client.get(live, {"since": since}).status_code == 204
    table = tournament.stages.get().tables.get()
    play_table(croupier, table, "live:1", through=3)
    tournament_services.standings_recompute(tournament_id=tournament.pk)
    response = client.get(live, {"since": since})
    assert response.status_code == 200
    html = response.content.decode()
    assert "3 of 30 rounds" in html and 'id="standings"' in html
    with django_assert_max_num_queries(14):
        client.get(live, {"since": "stale"})
    tournament.refresh_from_db()
    tournament_services.tournament_transition(actor=croupier, tournament=tournament, to=Tournament.Status.FINISHED)
    response = client.get(live, {"since": _since(html, live)})
    assert response.status_code == STOP and "hx-trigger" not in response.content.decode()


def test_the_standings_page_stops_polling_once_the_tournament_is_not_running(client, croupier):
    tournament = make_tournament(croupier, 4, seed="stand", seat=False)
    url = reverse("tournaments:standings", args=[tournament.slug])
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == STOP
    tournament_services.tournament_transition(actor=croupier, tournament=tournament, to=Tournament.Status.RUNNING)
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and 'hx-trigger="every 3s"' in response.content.decode()


@pytest.mark.parametrize(("seconds", "every"), [(3.0, "3s"), (0.3, "300ms"), (10, "10s"), (1.5, "1500ms")])
def test_the_pages_poll_every_live_poll_seconds(client_as, game, croupier, players, settings, seconds, every):
    """One setting paces every live part (LIVE_POLL_SECONDS): the deal's page polls at it, in the
    units htmx reads."""
    settings.LIVE_POLL_SECONDS = seconds
    deal = services.deal_start(game=game, actor=croupier)
    page = client_as(players[1]).get(deal.get_absolute_url()).content.decode()
    assert f'hx-trigger="every {every}"' in page
