"""Every move at the tables says what happened, in a line at the top of the next page."""

import pytest
from django.urls import reverse

from games.tables.models import CasinoHand, DiceMatch

pytestmark = pytest.mark.django_db


def test_the_casino_says_what_each_step_did(client, player):
    client.force_login(player.user)
    page = client.post(reverse("tables:casino"), {"stake": "2"}, follow=True).content.decode()
    assert "A hand is dealt: you and the house put in 2 chips each." in page
    hand = CasinoHand.objects.get()
    page = client.post(reverse("tables:casino_act", args=[hand.pk]), {"action": "fold"}, follow=True).content.decode()
    assert "The hand is over: " in page and "your net -2 chips." in page


def test_a_dice_invitation_and_its_answer_say_what_moved(client, player, opponent):
    client.force_login(player.user)
    page = client.post(reverse("tables:dice_list"), {"first": player.pk, "second": opponent.pk, "stake": 3,
                                                     "mode": "recorded"}, follow=True).content.decode()
    assert "Guido is invited to the match; your stake of 3 chips is in the pool." in page
    match = DiceMatch.objects.get()
    client.force_login(opponent.user)
    page = client.post(reverse("tables:dice_accept", args=[match.pk]), follow=True).content.decode()
    assert "You accepted: your stake of 3 chips is in the pool and the match starts." in page
    client.force_login(player.user)
    page = client.post(match.get_absolute_url(), {"action": "roll", "player": player.pk, "die0": 6, "die1": 6,
                                                  "die2": 6, "die3": 2, "die4": 3}, follow=True).content.decode()
    assert "Skeeve: Roll. The pool is 6 chips." in page
