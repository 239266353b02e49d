"""One card tapped in the recorder reads its sitting once: a fixed, small number of queries
however many cards and deals came before."""

from __future__ import annotations

import contextlib

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club import services as club_services
from club.errors import Conflict
from club.models import Member
from games import services
from games.models import DealtCard
from games.sitting import sitting_for
from rules.models import Precedent
from tests import factories

SIX_SEATS = ("N", "NE", "SE", "S", "SW", "NW")


@pytest.fixture
def six_player_game(db):
    croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
    players = [factories.member(display_name=f"Player {n}", password=None) for n in range(6)]
    session = factories.session(actor=croupier, days=-1)
    for p in players:
        club_services.rsvp_set(session=session, member=p, actor=p, answer="going")
    club_services.seating_set(session=session, actor=croupier,
                              assignments={p.pk: seat for p, seat in zip(players, SIX_SEATS, strict=True)})
    return services.game_start(session=session, actor=croupier), croupier, players


def _deck_order(game, croupier):
    """The 54 cards of a seeded digital deal of ``game``: a deal the engine accepts card by card."""
    digital = services.deal_digital(game=game, actor=croupier, seed="taps")
    cards = list(DealtCard.objects.filter(deal=digital).order_by("seq").values_list("card", flat=True))
    digital.delete()
    return cards


TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


@contextlib.contextmanager
def at_most_queries(bound: int):
    """At most ``bound`` statements that read or write rows. The statements that open and close
    the tap's one transaction are left out: PostgreSQL's never reach the cursor, SQLite's
    ``BEGIN IMMEDIATE`` / ``COMMIT`` do, and inside a test's own transaction they are savepoints."""
    with CaptureQueriesContext(connection) as captured:
        yield captured
    data = [q["sql"] for q in captured.captured_queries if not q["sql"].lstrip().upper().startswith(TRANSACTION_CONTROL)]
    assert len(data) <= bound, f"{len(data)} queries, at most {bound} expected:\n" + "\n".join(s[:160] for s in data)


@pytest.mark.django_db(transaction=True)
def test_the_54th_tap_makes_at_most_12_queries(judge, six_player_game, client):
    game, croupier, players = six_player_game
    cards = _deck_order(game, croupier)
    assert len(cards) == 54
    deal = services.deal_start(game=game, actor=croupier)
    for token in cards[:53]:
        services.deal_card(deal=deal, actor=croupier, card=token)
    client.force_login(players[0].user)
    # The precedents in force are one query with an empty archive; with precedents in it their
    # fixes and citations are read too (rules.selectors.readings_in_force).
    bound = 12 + (2 if Precedent.objects.exists() else 0)
    with at_most_queries(bound):
        page = client.post(reverse("games:deal_card", args=[deal.pk]), {"card": cards[53]}, HTTP_HX_REQUEST="true")
    assert page.status_code == 200
    assert b'id="deal-complete"' in page.content
    assert DealtCard.objects.filter(deal=deal).count() == 54


def test_a_refused_tap_records_nothing_and_says_why(judge, six_player_game, client):
    game, croupier, players = six_player_game
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    client.force_login(players[0].user)
    with at_most_queries(12):
        page = client.post(reverse("games:deal_card", args=[deal.pk]), {"card": "Zz"}, HTTP_HX_REQUEST="true")
    assert page.status_code == 200 and b'id="card-error"' in page.content and b"Zz" in page.content
    assert DealtCard.objects.filter(deal=deal).count() == 1


def test_the_sitting_is_read_in_a_fixed_number_of_queries(judge, six_player_game, django_assert_max_num_queries):
    game, croupier, players = six_player_game
    for n in range(3):
        done = services.deal_digital(game=game, actor=croupier, seed=f"s{n}")
        services.result_confirm(result=services.result_submit(deal=done, actor=players[0]), actor=players[1])
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    deal = type(deal).objects.select_related("game__session__venue").get(pk=deal.pk)
    with django_assert_max_num_queries(6):
        sitting = sitting_for(deal)
    assert len(sitting.document["deals"]) == 4 and sitting.recorded == ("Kd",)


def test_a_stale_sitting_cannot_record_over_a_card_taken_back(judge, six_player_game):
    game, croupier, players = six_player_game
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    services.deal_card(deal=deal, actor=croupier, card="7c")
    stale = sitting_for(type(deal).objects.select_related("game__session__venue").get(pk=deal.pk))
    services.deal_card_undo(deal=deal, actor=croupier)
    with pytest.raises(Conflict, match="at the same time"):
        services.deal_card(deal=deal, actor=croupier, card="Ah", sitting=stale)
    assert list(DealtCard.objects.filter(deal=deal).values_list("card", flat=True)) == ["Kd"]


def test_the_first_tap_offers_to_take_it_back_and_names_the_next_player(judge, six_player_game, client):
    game, croupier, players = six_player_game
    deal = services.deal_start(game=game, actor=croupier)
    client.force_login(players[0].user)
    page = client.post(reverse("games:deal_card", args=[deal.pk]), {"card": "Kd"}, HTTP_HX_REQUEST="true")
    body = page.content.decode()
    assert page.status_code == 200 and 'name="undo"' in body and 'title="Kd"' in body
    assert 'id="next-circle"' in body and "next card to Player 2" in body
    undone = client.post(reverse("games:deal_card", args=[deal.pk]), {"undo": "1"}, HTTP_HX_REQUEST="true")
    assert 'name="undo"' not in undone.content.decode() and not DealtCard.objects.filter(deal=deal).exists()
