"""Writes of Draker: the calculator (one combination and the turn's balance, nothing stored) and
games as the club played them, with their turns (no stakes: the ledger is untouched)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from club import states
from club.errors import Conflict, InvalidInput
from club.models import Member, ScheduledSession
from games.access import members_who_may_sit

from ..access import access_draker_game, check_draker_record
from ..engines import draker as draker_engine
from ..models import DrakerGame, DrakerPlayer, DrakerTurn
from .common import active_player

# --- the calculator ----------------------------------------------------------------------------

def draker_calculate(*, cards: Sequence[Mapping[str, Any]], effects: int = 0, spent_attack: int = 0,
                     spent_defence: int = 0, earned_attack: int = 0, earned_defence: int = 0,
                     readings: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Score one combination and the turn's balance: the combination's final value counts as
    attack or defence points earned by its role, beside the points earned otherwise. Nothing is
    stored; the engine's RulesError names any bad card."""
    parsed = [draker_engine.Card.from_dict(card) for card in cards]
    found = draker_engine.score(parsed, effects=effects, readings=readings)
    balance = draker_engine.turn_balance(
        spent_attack=spent_attack, spent_defence=spent_defence,
        earned_attack=earned_attack + (found.final if found.role == "attack" else 0),
        earned_defence=earned_defence + (found.final if found.role == "defence" else 0),
        readings=readings)
    return {"score": found, "balance": balance}


# --- Draker games ------------------------------------------------------------------------------
# The seed values combinations and charges 3 life points per point spent beyond those earned; it
# fixes neither the starting life nor how a game ends. So a game is recorded as the club played
# it: its placings (1 the winner, the last one left), optionally each player's life points at the
# end, and optionally its turns valued by the engine. The bounds below are the site's, to catch
# typing slips, not rules of the game.

DRAKER_MAX_PLAYERS = 12
DRAKER_LIFE_BOUND = 9999


def _player_error(message: str, *, row: int, field: str, value: object) -> InvalidInput:
    return InvalidInput(message, extra={"field": "players", "row": row, "column": field, "value": value})


def _draker_players(players: Sequence[Mapping[str, Any]]) -> list[tuple[Member, int, int | None]]:
    """The players as (member, place, life), checked: two or more, each once, active, the places
    1..n each once, the life points a whole number within the site's bound."""
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise InvalidInput(_("Name the players of the game."), extra={"field": "players"})
    count = len(players)
    if count < 2:
        raise InvalidInput(_("A Draker game has two or more players, not %(n)s.") % {"n": count},
                           extra={"field": "players", "value": count, "min": 2})
    if count > DRAKER_MAX_PLAYERS:
        raise InvalidInput(_("A game records at most %(max)s players, not %(n)s.")
                           % {"max": DRAKER_MAX_PLAYERS, "n": count},
                           extra={"field": "players", "value": count, "max": DRAKER_MAX_PLAYERS})
    rows: list[tuple[Member, int, int | None]] = []
    seen_members: dict[int, int] = {}
    seen_places: dict[int, int] = {}
    for row, entry in enumerate(players):
        member, place, life = entry.get("member"), entry.get("place"), entry.get("life")
        if not isinstance(member, Member):
            raise _player_error(_("Choose the player of row %(row)s.") % {"row": row + 1}, row=row, field="member",
                                value=None)
        if not member.active:
            raise _player_error(_("%(name)s is not an active member.") % {"name": member.display_name}, row=row,
                                field="member", value=member.pk)
        if member.pk in seen_members:
            raise _player_error(_("%(name)s is named twice.") % {"name": member.display_name}, row=row,
                                field="member", value=member.pk)
        if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= count:
            shown = place if isinstance(place, int) and not isinstance(place, bool) else str(place)[:40]
            raise _player_error(_("A place is a whole number from 1 to %(n)s, not %(value)s.")
                                % {"n": count, "value": shown}, row=row, field="place", value=shown)
        if place in seen_places:
            raise _player_error(_("%(name)s and %(other)s cannot both have place %(place)s: each place is one "
                                  "player's.") % {"name": member.display_name, "place": place,
                                                  "other": rows[seen_places[place]][0].display_name},
                                row=row, field="place", value=place)
        if life is not None and (isinstance(life, bool) or not isinstance(life, int)
                                 or not -DRAKER_LIFE_BOUND <= life <= DRAKER_LIFE_BOUND):
            shown = life if isinstance(life, int) and not isinstance(life, bool) else str(life)[:40]
            raise _player_error(_("Life points are a whole number from %(min)s to %(max)s, not %(value)s.")
                                % {"min": -DRAKER_LIFE_BOUND, "max": DRAKER_LIFE_BOUND, "value": shown},
                                row=row, field="life", value=shown)
        seen_members[member.pk] = row
        seen_places[place] = row
        rows.append((member, place, life))
    return rows


def _check_draker_session(session: ScheduledSession, rows: list[tuple[Member, int, int | None]]) -> None:
    """A game of a session is played by members taking part in it: going to it or seated in it."""
    if session.status == ScheduledSession.Status.CANCELLED:
        raise InvalidInput(_("%(session)s was cancelled; no game was played there.") % {"session": session.title},
                           extra={"field": "session", "value": session.pk})
    taking_part = set(members_who_may_sit(session).filter(pk__in=[m.pk for m, _p, _l in rows])
                      .values_list("pk", flat=True))
    for row, (member, _place, _life) in enumerate(rows):
        if member.pk not in taking_part:
            raise _player_error(_("%(name)s does not take part in %(session)s.")
                                % {"name": member.display_name, "session": session.title},
                                row=row, field="member", value=member.pk)


@transaction.atomic
def draker_game_record(*, actor: Member | None, players: Sequence[Mapping[str, Any]],
                       session: ScheduledSession | None = None, played_at: dt.datetime | None = None,
                       note: str = "") -> DrakerGame:
    """Record a Draker game: ``players`` as {"member", "place", "life" (optional)}, place 1 the
    winner. A member records a game he plays in, a croupier any game; the record is a draft until
    another player or a croupier confirms it (:func:`draker_game_confirm`)."""
    actor = active_player(actor)
    rows = _draker_players(players)
    check_draker_record(actor, [m.pk for m, _p, _l in rows])
    if session is not None:
        _check_draker_session(session, rows)
    now = timezone.now()
    played_at = played_at or now
    if played_at > now + dt.timedelta(minutes=5):
        raise InvalidInput(_("A game is recorded once it is played, not for %(when)s.")
                           % {"when": timezone.localtime(played_at).strftime("%Y-%m-%d %H:%M")},
                           extra={"field": "played_at", "value": played_at.isoformat()})
    note = (note or "").strip()
    if len(note) > 200:
        raise InvalidInput(_("A note is at most 200 characters."), extra={"field": "note", "value": len(note)})
    game = DrakerGame.objects.create(session=session, played_at=played_at, note=note, entered_by=actor,
                                     entered_at=now)
    for member, place, life in sorted(rows, key=lambda r: r[1]):
        # save() rather than bulk_create: each row keeps its history (django-simple-history).
        DrakerPlayer(game=game, member=member, place=place, life=life).save()
    return game


def _draker_move(game: DrakerGame, actor: Member | None, action: str, to: str) -> tuple[DrakerGame, Member]:
    game = access_draker_game(actor, game.pk, for_action=action, lock=True)
    states.transition(game, to, what=pgettext("in a sentence", "Draker game"))
    return game, actor


@transaction.atomic
def draker_game_confirm(*, game: DrakerGame, actor: Member | None) -> DrakerGame:
    """A second person confirms the record: another player of the game or a croupier. From now
    on the game counts in the Draker rating."""
    game, actor = _draker_move(game, actor, "confirm", DrakerGame.Status.CONFIRMED)
    game.confirmed_by = actor
    game.confirmed_at = timezone.now()
    game.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    return game


@transaction.atomic
def draker_game_discard(*, game: DrakerGame, actor: Member | None) -> DrakerGame:
    """A player of the game or a croupier discards a draft that is wrong; it is kept, never rated."""
    game, actor = _draker_move(game, actor, "discard", DrakerGame.Status.DISCARDED)
    game.closed_by = actor
    game.closed_at = timezone.now()
    game.save(update_fields=["status", "closed_by", "closed_at"])
    return game


@transaction.atomic
def draker_turn_record(*, game: DrakerGame, actor: Member | None, player: Member,
                       cards: Sequence[Mapping[str, Any]], effects: int = 0, spent_attack: int = 0,
                       spent_defence: int = 0, earned_attack: int = 0, earned_defence: int = 0) -> DrakerTurn:
    """One combination declared in a turn of a draft game, valued by the engine as the calculator
    values it; the engine's RulesError names a bad card or number and nothing is stored."""
    game = access_draker_game(actor, game.pk, for_action="turn", lock=True)
    if not game.is_draft:
        raise Conflict(_("The game is %(status)s: its turns stand as they were recorded.")
                       % {"status": game.get_status_display().lower()},
                       extra={"game": game.pk, "status": game.status})
    if not any(p.member_id == player.pk for p in game.players.all()):
        raise InvalidInput(_("%(name)s does not play in this game.") % {"name": player.display_name},
                           extra={"field": "player", "value": player.pk})
    numbers = {"effects": effects, "spent_attack": spent_attack, "spent_defence": spent_defence,
               "earned_attack": earned_attack, "earned_defence": earned_defence}
    found = draker_calculate(cards=cards, **numbers)
    score, balance = found["score"], found["balance"]
    number = (game.turns.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    turn = DrakerTurn(game=game, number=number, player=player,
                      declared={"cards": [c.to_dict() for c in score.cards], **numbers},
                      score=score.to_dict(), balance=balance.to_dict(), final=score.final, role=score.role,
                      life_cost=balance.life_cost, entered_by=actor)
    turn.save()
    return turn
