"""Conditional modifiers 53-88, the seed's group "Внешние" (external factors).

They read the players and the room rather than the cards alone: spare decks (53), glasses
(54, 55, 58), beards (56, 59), headwear (57-59, 61), drinks (63, 64), the room's exits (65, 72), the
sexes (73), the dimensions the players come from and their phonetic names (74-77), the tones of the
clothing (78-88, with the croupier's call "hard to tell" for 85-88), and a few things of the deal
itself (60, 62, 66-71).

The group is kept in three modules by the seed's numbering: :mod:`.external_53_62`,
:mod:`.external_63_75` and :mod:`.external_76_88`; :mod:`.external_common` holds what they share and
declares the group's interpretation points. Importing this module registers all of them (the
registry imports it as the group's module, :data:`.base.GROUP_MODULES`) and gives the group's public
helpers one place to be imported from.

Conventions (``rules/modifiers/51-75-space-external.md``, ``76-100-external-natural.md``):
"k-th from the dealer" counts clockwise from the dealer's left-hand neighbour (1), the dealer
last; "the n-th open circle" counts open circles of the pattern as dealt; trigger cards are read
by their real rank and suit (base rules 13, 24); the kills and revivals obey IP-KILL-REACH and
IP-REVIVE-RULE-KILLS through the state. Facts of a player ("the players have X on") fire when at
least one player has X, unless a reading says otherwise.
"""

from __future__ import annotations

from . import external_53_62, external_63_75, external_76_88  # noqa: F401  (importing them registers 53-88)
from .external_53_62 import m53_seats
from .external_63_75 import m71_counted, room_closed, steps_by
from .external_76_88 import (
    CROUPIER_CLOTHING,
    dominant_hue,
    dominant_tone,
    in_window,
    letter_counts,
    m84_rank,
    m88_rank,
)

__all__ = ["CROUPIER_CLOTHING", "m53_seats", "m71_counted", "letter_counts", "dominant_tone", "in_window",
           "m84_rank", "m88_rank", "room_closed", "steps_by", "dominant_hue"]
