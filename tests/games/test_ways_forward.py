"""Every state of a deal and a game offers a way forward: the deal page (or the game page, or the
session page once the game has ended) shows the croupier and a seated member a form, button or
link that applies in that state, and following it moves the game on."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import services
from games.models import Deal
from tests.games.conftest import full_deal

pytestmark = pytest.mark.django_db


def _actions(html: str) -> set[str]:
    """The form actions and links of a page."""
    return set(re.findall(r'(?:action|href)="([^"]+)"', html))


def _page(client, member, url) -> str:
    client.force_login(member.user)
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def _state(name, game, croupier, players):
    """The deal (or game) in state ``name`` and the URLs that move it on from there, for the
    croupier and for a seated member who did not submit anything."""
    deal_url = lambda d: reverse("games:deal_detail", args=[d.pk])          # noqa: E731
    game_url = reverse("games:game_detail", args=[game.pk])
    new_deal = reverse("games:deal_new", args=[game.pk])
    if name == "open":
        deal = services.deal_start(game=game, actor=croupier)
        ways = {reverse("games:deal_card", args=[deal.pk]), reverse("games:deal_claim", args=[deal.pk]),
                reverse("games:deal_bet", args=[deal.pk])}
        return deal_url(deal), ways, ways | {reverse("games:deal_void", args=[deal.pk])}
    if name == "recording":
        deal = services.deal_start(game=game, actor=croupier)
        services.deal_card(deal=deal, actor=croupier, card="Ah")
        ways = {reverse("games:deal_card", args=[deal.pk])}
        return deal_url(deal), ways, ways
    if name == "complete":
        deal = full_deal(game, croupier)
        ways = {reverse("games:deal_submit", args=[deal.pk])}
        return deal_url(deal), ways, ways
    if name == "draft":
        deal = full_deal(game, croupier)
        result = services.result_submit(deal=deal, actor=players[1])
        ways = {reverse("games:result_confirm", args=[result.pk]), reverse("games:result_discard", args=[result.pk])}
        return deal_url(deal), ways, ways | {reverse("games:deal_replay", args=[deal.pk])}
    if name == "confirmed":
        deal = full_deal(game, croupier)
        services.result_confirm(result=services.result_submit(deal=deal, actor=players[1]), actor=players[2])
        # the game page, where the next deal starts; a correction from the deal page itself
        ways = {game_url, reverse("games:deal_correct", args=[deal.pk])}
        return deal_url(deal), ways, ways
    if name == "voided":
        deal = services.deal_start(game=game, actor=croupier)
        services.deal_void(deal=deal, actor=croupier)
        return deal_url(deal), {game_url}, {game_url}
    if name == "replayed":
        deal = services.deal_start(game=game, actor=croupier)
        fresh = services.deal_replay(deal=deal, actor=croupier)
        return deal_url(deal), {deal_url(fresh)}, {deal_url(fresh)}
    if name == "game page":
        return game_url, {new_deal}, {new_deal}
    if name == "game ended":
        services.game_end(game=game, actor=croupier)
        session_url = game.session.get_absolute_url()
        return game_url, {session_url}, {session_url}
    raise AssertionError(name)


STATES = ("open", "recording", "complete", "draft", "confirmed", "voided", "replayed", "game page", "game ended")


@pytest.mark.parametrize("name", STATES)
@pytest.mark.parametrize("who", ["croupier", "seated"])
def test_every_state_offers_a_way_forward(judge, client, game, croupier, players, name, who):
    url, member_ways, croupier_ways = _state(name, game, croupier, players)
    member = croupier if who == "croupier" else players[0]
    expected = croupier_ways if who == "croupier" else member_ways
    found = _actions(_page(client, member, url))
    assert expected <= found, (name, who, expected - found)


@pytest.mark.parametrize("name", ["voided", "replayed"])
def test_after_a_void_or_a_replay_the_game_goes_on(judge, client, game, croupier, players, name):
    url, _ways, _c = _state(name, game, croupier, players)
    client.force_login(players[0].user)
    if name == "voided":
        response = client.post(reverse("games:deal_new", args=[game.pk]), {"mode": "recorded"})
        fresh = Deal.objects.get(game=game)
        assert response["Location"] == fresh.get_absolute_url() and fresh.number == 1
    else:
        fresh = Deal.objects.get(game=game)
        response = client.post(reverse("games:deal_card", args=[fresh.pk]), {"card": "Ah"})
        assert response.status_code == 302 and fresh.cards.count() == 1


def test_the_session_of_an_ended_game_starts_the_next(judge, client, game, croupier, players):
    services.game_end(game=game, actor=croupier)
    html = _page(client, players[0], game.session.get_absolute_url())
    assert reverse("games:game_start", args=[game.session.pk]) in _actions(html)


def test_a_voided_deal_page_says_who_voided_it_and_offers_no_recording(client, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_void(deal=deal, actor=croupier)
    html = _page(client, players[0], reverse("games:deal_detail", args=[deal.pk]))
    assert "voided" in html and croupier.display_name in html
    for name in ("deal_card", "deal_claim", "deal_bet", "deal_submit", "deal_void"):
        assert reverse(f"games:{name}", args=[deal.pk]) not in html
    game_html = _page(client, players[0], reverse("games:game_detail", args=[game.pk]))
    assert "badge voided" in game_html
