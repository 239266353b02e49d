"""Choice widgets (a select, checkboxes, radio buttons) drawn as Django draws them, again the same,
per value, attributes and language; a table's players are offered without a query (games/forms.py)."""

from __future__ import annotations

import pytest
from django import forms
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games.forms import BetForm, QuickResultForm

pytestmark = pytest.mark.django_db


class Pick(forms.Form):
    colour = forms.ChoiceField(choices=[("r", "red"), ("g", "green")])
    size = forms.ChoiceField(choices=[("s", "small"), ("l", "large")], widget=forms.RadioSelect)
    code = forms.CharField()


def test_a_choice_widget_is_drawn_as_django_draws_it_and_again_the_same():
    first = str(Pick(initial={"colour": "g"})["colour"])
    assert first == ('<select name="colour" id="id_colour">\n  <option value="r">red</option>\n\n'
                     '  <option value="g" selected>green</option>\n\n</select>')
    assert str(Pick(initial={"colour": "g"})["colour"]) == first
    # Another value, other attributes: another drawing.
    assert 'value="r" selected' in str(Pick(initial={"colour": "r"})["colour"])
    assert 'id="id_x-colour"' in str(Pick(prefix="x")["colour"])
    assert 'value="l" required id="id_size_1" checked' in str(Pick(initial={"size": "l"})["size"])


def test_a_kept_drawing_is_per_language():
    class Yes(forms.Form):
        answer = forms.ChoiceField(choices=[("y", forms.BooleanField.default_error_messages["required"])])

    english = str(Yes()["answer"])
    with translation.override("ru"):
        russian = str(Yes()["answer"])
    assert english != russian and "This field is required." in english


def test_the_players_of_a_table_are_offered_without_a_query(game, players, outsider):
    gps = list(game.players.select_related("member"))
    with CaptureQueriesContext(connection) as queries:
        bet = str(BetForm(players=gps, member=players[1])["member"])
        winners = str(QuickResultForm(players=gps)["winners"])
    assert queries.captured_queries == []
    names = sorted(p.display_name for p in players)
    assert [bet.index(f">{name}</option>") for name in names] == sorted(bet.index(f">{name}</option>") for name in names)
    assert f'value="{players[1].pk}" selected' in bet
    assert all(f"{name}</label>" in winners for name in names)
    # What a form sends is still checked against the table's players.
    refused = BetForm({"member": outsider.pk, "amount": 1}, players=gps, member=players[1])
    assert not refused.is_valid() and "member" in refused.errors
    taken = BetForm({"member": players[2].pk, "amount": 1}, players=gps, member=players[1])
    assert taken.is_valid() and taken.cleaned_data["member"] == players[2]
