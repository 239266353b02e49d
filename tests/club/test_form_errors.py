"""Site-wide, a form field's refusal is drawn under its input, in words, with what the member
typed echoed back and cut to 40 characters; never as "* field * message" at the top."""

from games.tables.forms import DrakerTurnForm


def test_a_fields_refusal_stands_under_its_input_with_the_value_cut_to_40():
    form = DrakerTurnForm({"effects": "abc" * 20})
    assert not form.is_valid()
    html = form.as_div()
    field_at = html.index('id="id_effects"')
    error_at = html.index('id="id_effects_error"')
    assert field_at < error_at < html.index('id="id_spent_attack"')
    assert "Enter a whole number. (you wrote “" + ("abc" * 13) + "…”)" in html
    assert 'aria-describedby="id_effects_error"' in html
    assert "* effects" not in html


def test_a_value_already_named_by_the_refusal_is_not_echoed_twice():
    form = DrakerTurnForm({"effects": "7"})
    assert form.is_valid()
    form.add_error("effects", "7 effects are too many.")
    html = form.as_div()
    assert "you wrote" not in html and "7 effects are too many." in html
