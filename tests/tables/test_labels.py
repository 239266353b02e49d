"""The engines' internal values (play / raise / fold, the outcome, the dice phase) are shown by
their names in the page's language, never as the raw value."""

import pytest
from django.conf import settings
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from games.tables import services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_afterwards():
    """A request in Russian leaves Russian active in this thread; the next tests read English."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def _label(value, kind):
    return Template('{% load tables_tags %}{{ value|table_label:kind }}').render(Context({"value": value, "kind": kind}))


def test_decisions_and_outcomes_have_names_in_both_languages():
    with translation.override("en"):
        assert [_label(d, "decision") for d in ("play", "raise", "fold")] == ["Play", "Raise", "Fold"]
        assert _label("house", "outcome") == "The house wins"
    with translation.override("ru"):
        assert [_label(d, "decision") for d in ("play", "raise", "fold")] == ["Играть", "Поднять ставку", "Пас"]
        assert _label("fold", "outcome") == "Пас: банк забирает казино"
        assert _label("bargain", "phase") == "торг"
        assert _label("full_house", "dice_hand") == "фулл хаус"
    # A value with no name is shown as it is.
    assert _label("unheard-of", "decision") == "unheard-of"


def test_the_casino_page_names_the_decisions_and_the_outcome_in_russian(player, client):
    hand = services.casino_hand_start(actor=player, seed="labels")
    hand = services.casino_hand_act(hand=hand, actor=player, action="fold")
    client.force_login(player.user)
    page = client.get(hand.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "<strong>Пас: банк забирает казино</strong>" in page
    assert "<td>Поднять ставку" in page and "<td>raise" not in page
    page = client.get(reverse("tables:casino_history"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Folded: the house wins the bank" in page
