"""A deal's revision (games/live.py): every write a polling phone must see moves it on, and a poll
that sends back the revision its page was drawn at is answered "nothing new" without drawing."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import selectors, services
from games.models import Deal
from tests.games.conftest import full_deal

pytestmark = pytest.mark.django_db


def _revision(deal: Deal) -> int:
    return Deal.all_objects.values_list("revision", flat=True).get(pk=deal.pk)


def _since(html: str) -> str:
    return re.search(r'name="since" value="([^"]+)" id="deal-since"', html).group(1)


class Moves:
    """The revisions of a deal as writes land on it, each checked to move it on."""

    def __init__(self, deal: Deal) -> None:
        self.deal, self.seen = deal, [_revision(deal)]

    def moved(self, what: str) -> None:
        now = _revision(self.deal)
        assert now > self.seen[-1], f"{what} left the revision at {now}"
        self.seen.append(now)


def test_cards_and_bets_move_the_revision_on(judge, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    moves = Moves(deal)
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    moves.moved("a card recorded")
    services.deal_card(deal=deal, actor=croupier, card="7c")
    moves.moved("a second card recorded")
    services.deal_card_undo(deal=deal, actor=croupier)
    moves.moved("a card taken back")
    bet = services.bet_place(deal=deal, actor=players[0], member=players[0], amount=game.min_stake)
    moves.moved("a bet placed")
    services.bet_withdraw(bet=bet, actor=players[0])
    moves.moved("a bet withdrawn")


def test_results_move_the_revision_on(judge, game, croupier, players):
    deal = full_deal(game, croupier)
    moves = Moves(deal)
    result = services.result_submit(deal=deal, actor=players[0])
    moves.moved("a result submitted")
    services.result_discard(result=result, actor=croupier)
    moves.moved("a result discarded")
    result = services.result_submit(deal=deal, actor=players[0])
    moves.moved("a result submitted again")
    services.result_confirm(result=result, actor=players[1])
    moves.moved("a result confirmed")


def test_a_poll_with_the_revision_it_was_drawn_at_gets_nothing_without_drawing(judge, client_as, game, croupier,
                                                                              players):
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    client = client_as(players[1])
    since = _since(client.get(deal.get_absolute_url()).content.decode())
    assert since == selectors.deal_stamp(deal=Deal.all_objects.get(pk=deal.pk))
    live = reverse("games:deal_live", args=[deal.pk])
    with CaptureQueriesContext(connection) as queries:
        response = client.get(live, {"since": since})
    assert response.status_code == 204 and response.templates == []
    # The signed-in account and its member, and the deal with its revision, nothing else (the
    # session and the cache are reads of their own on SQLite, where both live in the database; not
    # so on Redis).
    reads = [q["sql"] for q in queries.captured_queries
             if "django_session" not in q["sql"] and "club_cache" not in q["sql"]]
    assert len(reads) <= 3, "\n".join(reads)
    services.deal_card(deal=deal, actor=croupier, card="7c")
    response = client.get(live, {"since": since})
    assert response.status_code == 200 and response.templates
    assert _since(response.content.decode()) != since
