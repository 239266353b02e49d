"""Conditional modifiers 1-33, the seed's group "Раздача" (the deal).

The group is kept in three modules by the seed's numbering: :mod:`.deal_1_12` (the date's player,
Table 3's month, a woman dealing, the circle patterns, the kills of the open circles),
:mod:`.deal_13_25` (the statuses of the last open circles and the players' claims 14-23) and
:mod:`.deal_26_33` (the incrementing and decrementing cards, modifier 33); :mod:`.deal_common`
holds what they share and declares the group's interpretation points. Importing this module
registers all 33 (the registry imports it as the group's module, :data:`.base.GROUP_MODULES`) and
gives the group's public helpers one place to be imported from.

Conventions (``rules/modifiers/01-25-deal.md``): "k-th from the dealer" counts clockwise from
the dealer's left-hand neighbour (1), the dealer last; "the n-th open circle" counts open
circles only, in the pattern as dealt (IP-M5-AFTERMATH ``final_pattern``); trigger cards are
read by their real rank and suit whatever their state, dead cards excepted (IP-M26-CARD-STATE
``live_any_state``); conditions are judged on the state reached so far (base rule 10). The pattern
modifiers (5, 6, 12) act while the cards are dealt, before any card has a state: they read the cards
as dealt (IP-M5-IDENTITY ``real_identity_any_state``).
"""

from __future__ import annotations

from . import deal_1_12, deal_13_25, deal_26_33  # noqa: F401  (importing them registers modifiers 1-33)
from .deal_1_12 import (
    DARK_THEN_OPEN,
    OPEN_DEALER_DARK,
    UNDEALT,
    m1_number,
    m10_victim_rank,
    second_from_dealer,
)
from .deal_13_25 import m16_opposite

__all__ = ["UNDEALT", "OPEN_DEALER_DARK", "DARK_THEN_OPEN", "m1_number", "second_from_dealer", "m10_victim_rank",
           "m16_opposite"]
