"""Modifier 74 under IP-M74-INCREMENT ``make_incrementing``: the red honor becomes an incrementing
card, and the card it changes is chosen as IP-INCDEC-TARGET says (one of its owner's cards, or a
card of any player)."""

from __future__ import annotations

import pytest

from rules.engines.errors import RulesError

from .helpers import card, claim
from .test_modifiers_external_53_70 import only, prep
from .test_modifiers_external_71_88 import DEVA3, M74_HANDS

INCREMENTING = {"IP-M74-INCREMENT": "make_incrementing"}


def test_ip_m74_increment_make_incrementing_changes_the_owners_chosen_card():
    """Modifier 74 ("эти игроки должны инкрементировать один из своих красных онеров"), IP-M74-INCREMENT
    make_incrementing with IP-INCDEC-TARGET owner_picks_one: E's Qh is incrementing and raises the card
    E names, his Kd (a Giant becomes a Dragon); a card of another player cannot be named."""
    s = prep(M74_HANDS, tbl=DEVA3, ruleset=only(74), readings=INCREMENTING,
             claims=[claim("E", "M74", card="Qh", target="Kd")])
    assert card(s, "Qh").role == "incrementing" and card(s, "Qh").rank == 12
    assert card(s, "Kd").rank == 14
    with pytest.raises(RulesError):
        prep(M74_HANDS, tbl=DEVA3, ruleset=only(74), readings=INCREMENTING,
             claims=[claim("E", "M74", card="Qh", target="9h")])


def test_ip_incdec_target_any_player_lets_modifier_74_change_another_players_card():
    """Modifier 74 with IP-INCDEC-TARGET any_player: E's incrementing Qh may raise a card of another
    player: N's 9h becomes a Ten, and E's own Kd stays a Giant."""
    readings = {**INCREMENTING, "IP-INCDEC-TARGET": "any_player"}
    s = prep(M74_HANDS, tbl=DEVA3, ruleset=only(74), readings=readings,
             claims=[claim("E", "M74", card="Qh", target="9h")])
    assert card(s, "Qh").role == "incrementing"
    assert card(s, "9h").rank == 10 and card(s, "9h").player == "N"
    assert card(s, "Kd").rank == 13
