"""The engines' internal values (play / raise / fold, the outcome, the dice phase) are shown by
their names in the page's language, never as the raw value."""

import pytest
from django.conf import settings
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from games.tables import presenters, services

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


def test_the_moves_offered_post_their_code_and_show_their_name(player, opponent, client):
    """A move is a button: it posts the engine's code (what the API and the form take) and reads as
    its name; giving something up (fold, pass, decline, no raise) is the quieter button. The
    templates get them from the presenters and never compare the codes themselves."""
    hand = services.casino_hand_start(actor=player, seed="buttons")
    client.force_login(player.user)
    page = client.get(hand.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert ('<button type="submit" name="action" value="play">Играть</button>' in page
            and '<button type="submit" name="action" value="raise">Поднять ставку</button>' in page
            and '<button type="submit" name="action" value="fold" class="secondary">Пас</button>' in page)
    hand = services.casino_hand_act(hand=hand, actor=player, action="play")
    page = client.get(hand.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="discard"' in page and 'name="action"' not in page

    match = services.dice_match_create(actor=player, first=player, second=opponent, stake=1)
    match = services.dice_match_accept(match=match, actor=opponent)
    page = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # Real dice: the five faces are tapped in, and the only move is the roll.
    assert "Tap the five faces rolled" in page and page.count('class="facepick"') == 5
    assert '<button type="submit" name="action" value="roll">Roll</button>' in page and 'name="amount"' not in page
    for dice in ([6, 6, 6, 2, 3], [1, 2, 4, 4, 5]):
        mover = presenters.dice_to_act(match)
        match = services.dice_match_move(match=match, actor=mover, player=mover, action="roll", dice=dice)
    client.force_login(presenters.dice_to_act(match).user)
    page = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="amount"' in page and "Tap the five faces rolled" not in page
    assert ('<button type="submit" name="action" value="raise">Raise</button>' in page
            and '<button type="submit" name="action" value="no_raise" class="secondary">No raise</button>' in page)
