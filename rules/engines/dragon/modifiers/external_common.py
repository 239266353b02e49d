"""What the three modules of the seed's group "Внешние" (external factors: :mod:`.external_53_62`,
:mod:`.external_63_75`, :mod:`.external_76_88`) share: the group's interpretation points and the
ways they look up a player's facts and a circle's cards."""

from __future__ import annotations

from ...readings import declare
from ..context import Player
from ..state import CardState, DealState
from .points_external import POINTS

__all__ = ["table_player", "circle_cards"]

declare("dragon", POINTS)  # the group's interpretation points, data in points_external.py


def table_player(state: DealState, pid: str) -> Player:
    """The table's facts of player ``pid`` (his seat, glasses, drink, dimension ...), looked up once per deal."""
    players = state.memo.get("players")
    if players is None:
        players = state.memo["players"] = {p.id: p for p in state.table.players}
    found = players.get(pid)
    return found if found is not None else state.table.player(pid)


def circle_cards(state: DealState, number: int | None) -> list[CardState]:
    """The cards of circle ``number`` in dealing order; none when there is no such circle."""
    return state.circle(number) if number is not None else []
