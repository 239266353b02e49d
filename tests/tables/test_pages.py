"""The table pages: what a member sees and does on a phone, with bounded query counts."""

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse

from games.tables import selectors, services
from games.tables.models import CasinoHand, DiceMatch
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client):
    def login(member):
        client.force_login(member.user)
        return client
    return login


def _settled_hands(member, count, start=0):
    for i in range(start, start + count):
        hand = services.casino_hand_start(actor=member, seed=f"page-{i}")
        hand = services.casino_hand_act(hand=hand, actor=member, action="play")
        hand = services.casino_hand_draw(hand=hand, actor=member, discard=[])
        hand = services.casino_hand_act(hand=hand, actor=member, action="play")
        services.casino_hand_reveal(hand=hand, actor=member, now=dt.datetime(2026, 1, 1, 9, i % 60, tzinfo=dt.UTC))


def test_a_hand_played_on_the_casino_page(player, logged_in):
    client = logged_in(player)
    page = client.get(reverse("tables:casino"))
    assert page.status_code == 200 and b"Deal a hand" in page.content
    response = client.post(reverse("tables:casino"), {"stake": "1"})
    hand = CasinoHand.objects.get()
    assert response.status_code == 302 and response["Location"] == hand.get_absolute_url()
    # With a hand in play, the table page leads to it.
    assert client.get(reverse("tables:casino"))["Location"] == hand.get_absolute_url()
    page = client.get(hand.get_absolute_url()).content.decode()
    assert 'class="card back"' in page and 'name="action" value="raise"' in page
    assert "What would the odds say" not in page
    client.post(reverse("tables:casino_act", args=[hand.pk]), {"action": "raise"})
    page = client.get(hand.get_absolute_url()).content.decode()
    assert "What would the odds say" in page and "your choice" in page and 'name="discard"' in page
    discard = hand.__class__.objects.get().document["player_cards"][:2]
    client.post(reverse("tables:casino_draw", args=[hand.pk]), {"discard": discard})
    client.post(reverse("tables:casino_act", args=[hand.pk]), {"action": "play"})
    client.post(reverse("tables:casino_reveal", args=[hand.pk]))
    hand.refresh_from_db()
    assert hand.is_settled
    page = client.get(hand.get_absolute_url()).content.decode()
    assert hand.seed in page and "on the house clock" in page


def test_a_refused_casino_move_shows_the_reason_on_the_page(player, stranger, logged_in):
    hand = services.casino_hand_start(actor=player, seed="refused")
    client = logged_in(player)
    response = client.post(reverse("tables:casino_draw", args=[hand.pk]), {})
    assert response.status_code == 400 and b"out of order" in response.content
    response = logged_in(stranger).post(reverse("tables:casino_act", args=[hand.pk]), {"action": "play"})
    assert response.status_code == 403
    hand.refresh_from_db()
    assert hand.phase == "first_decision"


def test_casino_history_shows_the_house_edge_with_bounded_queries(player, logged_in, django_assert_max_num_queries):
    _settled_hands(player, 3)
    client = logged_in(player)
    with django_assert_max_num_queries(12):
        page = client.get(reverse("tables:casino_history"))
    edge = selectors.casino_edge(member=player)
    assert f"{edge.edge * 100:.2f}%".encode() in page.content and b"<svg" in page.content
    _settled_hands(player, 6, start=3)
    with django_assert_max_num_queries(12):
        page = client.get(reverse("tables:casino_history"))
    assert page.content.count(b'href="/tables/casino/') >= 9


def test_a_dice_match_recorded_on_the_phone_page(player, opponent, logged_in):
    client = logged_in(player)
    response = client.post(reverse("tables:dice_list"), {"first": player.pk, "second": opponent.pk, "stake": 1,
                                                         "mode": "recorded"})
    match = DiceMatch.objects.get()
    assert response.status_code == 302
    url = match.get_absolute_url()
    # The opponent accepts the invitation on his own phone; each then types his own dice.
    them = Client()
    them.force_login(opponent.user)
    assert them.post(reverse("tables:dice_accept", args=[match.pk])).status_code == 302
    faces = {f"die{i}": v for i, v in enumerate([6, 6, 6, 2, 3])}
    assert client.post(url, {"action": "roll", "player": player.pk, **faces}).status_code == 302
    # The engine's reason stands next to the field: a die left empty in a roll of real dice.
    response = them.post(url, {"action": "roll", "player": opponent.pk, "die0": "1", "die1": "2"})
    assert response.status_code == 400
    form = response.context["form"]
    assert "die0" in form.errors and "None" in form.errors["die0"][0]
    response = them.post(url, {"action": "accept", "player": opponent.pk})
    assert response.status_code == 400 and "action" in response.context["form"].errors
    faces = {f"die{i}": v for i, v in enumerate([1, 2, 4, 4, 5])}
    them.post(url, {"action": "roll", "player": opponent.pk, **faces})
    page = client.get(url).content.decode()
    assert "What would the odds say" in page and "Best reroll" in page
    client.post(url, {"action": "no_raise", "player": player.pk})
    them.post(url, {"action": "no_raise", "player": opponent.pk})
    response = client.post(url, {"action": "reroll", "player": player.pk, "reroll": ["3", "4"], "die3": "6",
                                 "die4": "1"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.document["state"]["dice"][player.display_name] == [6, 6, 6, 6, 1]


def test_pages_with_many_dice_matches_keep_their_query_count(player, opponent, croupier, logged_in,
                                                             django_assert_max_num_queries):
    session = factories.session(actor=croupier)
    for _ in range(2):
        services.dice_match_create(actor=player, first=player, second=opponent, session=session,
                                   stake=session.min_stake)
    client = logged_in(player)
    match = DiceMatch.objects.first()
    with django_assert_max_num_queries(10):
        assert client.get(reverse("tables:dice_list")).status_code == 200
    with django_assert_max_num_queries(10):
        assert client.get(match.get_absolute_url()).status_code == 200
    for _ in range(6):
        services.dice_match_create(actor=player, first=player, second=opponent, session=session,
                                   stake=session.min_stake)
    with django_assert_max_num_queries(10):
        page = client.get(reverse("tables:dice_list"))
    assert page.content.count(b'href="/tables/dice/') >= 8


def test_the_draker_calculator_needs_no_login(client):
    assert client.get(reverse("tables:draker")).status_code == 200
    query = {"c0-rank": "5", "c0-profession": "3", "c0-suit": "e", "c0-tokens": "1", "c0-pool": "own",
             "c1-rank": "6", "c1-profession": "3", "c1-suit": "e", "c1-tokens": "0", "c1-pool": "own",
             "c2-rank": "7", "c2-profession": "3", "c2-suit": "e", "c2-tokens": "-1", "c2-pool": "own",
             "spent_defence": "20"}
    page = client.get(reverse("tables:draker"), query)
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="draker-final">18<' in html and 'id="draker-life">6<' in html
    assert "straight by rank" in html and "kare by profession" in html
    page = client.get(reverse("tables:draker"), {"c0-rank": "2", "c0-profession": "1", "c0-suit": "h",
                                                 "c1-rank": "9", "c1-profession": "5", "c1-suit": "s"})
    assert page.status_code == 400 and b"form no combination" in page.content


def test_the_tables_index_and_logins(client, player):
    assert client.get(reverse("tables:index")).status_code == 200
    assert client.get(reverse("tables:casino")).status_code == 302  # to the login page
    assert client.get(reverse("tables:dice_list")).status_code == 302


def test_a_seeded_match_page_waits_for_the_player_to_move(player, opponent, logged_in):
    match = services.dice_match_create(actor=player, first=player, second=opponent, mode="seeded", seed="wait")
    services.dice_match_accept(match=match, actor=opponent)
    page = logged_in(opponent).get(match.get_absolute_url()).content.decode()
    assert "Waiting for Skeeve to move." in page and 'value="roll"' not in page
    client = logged_in(player)
    assert 'value="roll"' in client.get(match.get_absolute_url()).content.decode()
    assert client.post(match.get_absolute_url(), {"action": "roll"}).status_code == 302
    match.refresh_from_db()
    assert match.document["state"]["dice"]["Skeeve"] is not None and match.document["moves"][0]["source"] == "rng"


def test_a_casino_hand_page_is_the_players_and_keeps_its_query_count(player, stranger, croupier, logged_in,
                                                                     django_assert_max_num_queries):
    hand = services.casino_hand_start(actor=player, seed="count")
    assert logged_in(stranger).get(hand.get_absolute_url()).status_code == 403
    page = logged_in(croupier).get(hand.get_absolute_url()).content.decode()
    assert 'class="card back"' in page and 'name="action"' not in page
    client = logged_in(player)
    with django_assert_max_num_queries(8):
        assert client.get(hand.get_absolute_url()).status_code == 200
