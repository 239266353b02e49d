"""Readings that need facts of the Table beyond the seed's minimum: IP-M65-CLOSED (the room's optional
doors_closed and closed_throughout).

Four players at N, E, S, W; deal 1 is dealt by North (order E, S, W, N); open circles 4-8.
"""

from __future__ import annotations

import pytest

from rules.engines.dragon.context import Player, Room, Table
from rules.engines.dragon.judge import table_from_doc
from rules.engines.errors import RulesError
from rules.engines.readings import get

from .test_modifiers_external_53_70 import M65_HANDS, only, prep, states


def _room(**facts) -> Table:
    return Table(players=tuple(Player(id=s, seat=s) for s in ("N", "E", "S", "W")), room=Room(**facts))


# ---------------------------------------------------------------------------- IP-M65-CLOSED
def test_ip_m65_closed_is_registered_with_the_notes_readings():
    """Base rule 12 and the modifier notes (51-75): IP-M65-CLOSED with its default and both alternatives."""
    point = get("IP-M65-CLOSED")
    assert point.default == "all_exits_closed_at_deal"
    assert point.alternatives == ("doors_closed", "whole_sitting")


WINDOW_OPEN = {"closed_room": False, "doors_closed": True}       # the doors shut, a window open


@pytest.mark.parametrize("facts, reading, freed", [
    ({"closed_room": True}, None, True),
    (WINDOW_OPEN, None, False),
    (WINDOW_OPEN, "doors_closed", True),
    ({"closed_room": True}, "doors_closed", True),            # doors not recorded: closed_room stands
    ({"closed_room": False}, "doors_closed", False),
    ({"closed_room": True, "closed_throughout": False}, None, True),
    ({"closed_room": True, "closed_throughout": False}, "whole_sitting", False),
    ({"closed_room": True}, "whole_sitting", True),            # not recorded: closed_room stands
    ({"closed_room": False, "closed_throughout": True}, "whole_sitting", False),
])
def test_ip_m65_closed_readings(facts, reading, freed):
    """IP-M65-CLOSED, modifier 65 ("Если Игра происходит в закрытом помещении (с закрытыми выходами), то
    онеры бубен, которые приходят во втором и третьем открытом круге становятся свободными"): E's Kd of the
    second open circle is free when the room counts as closed: every exit closed at the deal (default), the
    doors alone (doors_closed), or closed at the deal and kept closed for the Game (whole_sitting)."""
    rd = {"IP-M65-CLOSED": reading} if reading else None
    s = prep(M65_HANDS, tbl=_room(**facts), ruleset=only(65), readings=rd)
    assert states(s, "Kd Jd") == (["free", "free"] if freed else ["natural", "natural"])


def test_ip_m65_closed_reaches_modifier_66_only_with_65():
    """IP-M65-CLOSED and IP-M66-INDEPENDENT only_with_65, modifier 66 ("делает дикой эту Двойку пик"): the
    Two of spades is wild only in a room modifier 65 counts as closed: with the doors shut and a window open
    under doors_closed, but not by default."""
    hands = {"W": "- - - - - 2s - - -"}
    rd = {"IP-M66-INDEPENDENT": "only_with_65"}
    assert states(prep(hands, tbl=_room(**WINDOW_OPEN), ruleset=only(65, 66), readings=rd), "2s") == ["natural"]
    rd["IP-M65-CLOSED"] = "doors_closed"
    assert states(prep(hands, tbl=_room(**WINDOW_OPEN), ruleset=only(65, 66), readings=rd), "2s") == ["wild"]


def test_room_door_facts_are_optional_in_the_sitting_document():
    """The room's doors_closed and closed_throughout are optional facts of the sitting document (left out:
    not recorded); a value that is not true or false is refused, naming it."""
    players = [{"id": "N", "seat": "N"}, {"id": "S", "seat": "S"}]
    room = table_from_doc({"players": players}).room
    assert (room.doors_closed, room.closed_throughout) == (None, None)
    room = table_from_doc({"players": players, "room": {"doors_closed": True, "closed_throughout": False}}).room
    assert (room.doors_closed, room.closed_throughout) == (True, False)
    for name in ("doors_closed", "closed_throughout"):
        with pytest.raises(RulesError, match=name):
            table_from_doc({"players": players, "room": {name: "yes"}})
