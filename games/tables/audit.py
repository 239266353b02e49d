"""What the club's history (:mod:`club.audit`) shows of the tables: the recorded Draker games, their
players and turns. Registered by :meth:`games.tables.apps.TablesConfig.ready`."""

from __future__ import annotations

from django.utils import formats, timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from club import audit
from club.audit import Names

from .models import DrakerGame, DrakerPlayer, DrakerTurn


def draker_game_name(game: DrakerGame) -> str:
    when = formats.date_format(timezone.localtime(game.played_at), "SHORT_DATETIME_FORMAT")
    return _("the Draker game of %(when)s") % {"when": when}


def _game_label(record, names: Names) -> tuple[str, str | None]:
    return capfirst(names.name(DrakerGame, record.id)), names.url(DrakerGame, record.id)


def _player_label(record, names: Names) -> tuple[str, str | None]:
    return (_("%(member)s in %(game)s") % {"member": names.member(record),
                                           "game": names.name(DrakerGame, record.game_id)},
            names.url(DrakerGame, record.game_id))


def _turn_label(record, names: Names) -> tuple[str, str | None]:
    return (_("Turn %(number)s of %(game)s") % {"number": record.number,
                                                "game": names.name(DrakerGame, record.game_id)},
            names.url(DrakerGame, record.game_id))


def register() -> None:
    """Add the Draker games' kinds and their names to the club's history."""
    audit.register_name(DrakerGame, draker_game_name)
    audit.register_kind("draker_game", DrakerGame, label=_game_label, named=True,
                        scope=(("draker_game", "id"), ("draker_player", "game_id"), ("draker_turn", "game_id")))
    audit.register_kind("draker_player", DrakerPlayer, label=_player_label)
    audit.register_kind("draker_turn", DrakerTurn, label=_turn_label)
