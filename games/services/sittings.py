"""Writes of a sitting (a Game): starting, ending and reseating it."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from club.errors import Conflict, InvalidInput, NotFound
from club.models import Member, ScheduledSession, SeatAssignment
from club.seats import CLOCKWISE, MAX_PLAYERS, MIN_PLAYERS
from club.states import transition

from .. import access, engine
from ..engine import RulesError
from ..models import (
    Clothing,
    Drink,
    Game,
    GamePlayer,
    Hue,
    Weather,
)

PLAYER_FACTS = ("glasses", "headwear", "clothing", "drink", "spare_decks", "analog_watches", "digital_watches",
                "clothing_hue")
ROOM_FACTS = ("animals", "weather", "saint_images", "analog_clocks", "digital_clocks", "natural_table", "exits",
              "closed_room", *Game.OPTIONAL_ROOM_FACTS, "bearded_onlookers")


# --- permissions -------------------------------------------------------------------------------------
# The rules live in games.access; this name stays for the callers that know it.

require_table = access.check_table


# --- games (sittings) --------------------------------------------------------------------------------

def _check_choice(field: str, value, choices) -> None:
    if value not in choices:
        raise InvalidInput(_("%(field)s: %(value)s is not one of %(choices)s.")
                           % {"field": field, "value": repr(value), "choices": ", ".join(map(str, choices))},
                           extra={"field": field, "value": value})


def _check_count(field: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value > 1000:
        raise InvalidInput(_("%(field)s: %(value)s must be a whole number from 0 to 1000.") % {"field": field, "value": repr(value)},
                           extra={"field": field, "value": value})
    return value


def _clean_player_facts(member_id: int, facts: Mapping) -> dict:
    out = {}
    for key, value in facts.items():
        if key not in PLAYER_FACTS:
            raise InvalidInput(_("Unknown player fact %(key)s.") % {"key": repr(key)}, extra={"field": key, "member": member_id})
        if key in ("glasses", "headwear"):
            out[key] = bool(value)
        elif key == "clothing":
            # None or "": not recorded.
            if value is not None and value != "":
                _check_choice("clothing", value, Clothing.values)
            out[key] = value or ""
        elif key == "drink":
            _check_choice("drink", value, Drink.values)
            out[key] = value
        elif key == "clothing_hue":
            # None or "": not recorded.
            if value is not None and value != "":
                _check_choice("clothing_hue", value, Hue.values)
            out[key] = value or ""
        else:
            out[key] = _check_count(key, value)
    return out


def _clean_room(room: Mapping) -> dict:
    out = {}
    for key, value in room.items():
        if key not in ROOM_FACTS:
            raise InvalidInput(_("Unknown room fact %(key)s.") % {"key": repr(key)}, extra={"field": key})
        if key == "weather":
            _check_choice("weather", value, Weather.values)
            out[key] = value
        elif key in ("natural_table", "closed_room"):
            out[key] = bool(value)
        elif key == "animals" and value is None:      # not counted
            out[key] = None
        elif key in Game.OPTIONAL_ROOM_FACTS:
            if value is not None and not isinstance(value, bool):
                raise InvalidInput(_("%(field)s: %(value)s must be yes, no or not recorded.")
                                   % {"field": key, "value": repr(value)}, extra={"field": key, "value": value})
            out[key] = value
        else:
            out[key] = _check_count(key, value)
    return out


def _end_live(session: ScheduledSession, actor: Member) -> Game | None:
    live = Game.objects.select_for_update().filter(session=session, status=Game.Status.LIVE).first()
    if live is not None:
        transition(live, Game.Status.ENDED, what=_("game"))
        live.ended_at = timezone.now()
        live.save(update_fields=["status", "ended_at"])
    return live


@transaction.atomic
def game_start(*, session: ScheduledSession, actor: Member, seats: Mapping[int, str] | None = None,
               player_facts: Mapping[int, Mapping] | None = None, room: Mapping | None = None,
               min_stake: int | None = None, max_stake: int | None = None,
               readings: Mapping[str, str] | None = None, croupier_calls: Mapping | None = None) -> Game:
    """Start the next Game of a session from its seating (or ``seats``: member id -> seat). A live
    Game of the session ends first: a changed seat, player or stake is a new Game."""
    access.check_session_start(actor, session)
    session = ScheduledSession.objects.select_for_update().select_related("venue").get(pk=session.pk)
    if session.status == ScheduledSession.Status.CANCELLED:
        raise Conflict(_("The session is cancelled: no game can start."), extra={"status": session.status})
    if session.kind != ScheduledSession.Kind.DRAGON:
        raise Conflict(_("%(session)s is a %(kind)s: its play starts from the session page, not as a Dragon Poker "
                         "game.") % {"session": session.title, "kind": session.get_kind_display().lower()},
                       extra={"field": "session", "value": session.kind})
    if seats is None:
        seats = dict(SeatAssignment.objects.filter(session=session).values_list("member_id", "seat"))
    seats = {int(k): v for k, v in seats.items()}
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise InvalidInput(_("A game needs 2 to 8 seated players, not %(count)s.") % {"count": len(seats)},
                           extra={"field": "seats", "value": len(seats)})
    taken: dict[str, int] = {}
    for member_id, seat in seats.items():
        if seat not in CLOCKWISE:
            raise InvalidInput(_("Unknown seat %(seat)s.") % {"seat": repr(seat)}, extra={"field": "seat", "value": seat})
        if seat in taken:
            raise Conflict(_("Seat %(seat)s is given twice.") % {"seat": seat}, extra={"seat": seat})
        taken[seat] = member_id
    members = {m.pk: m for m in Member.objects.filter(pk__in=list(seats))}
    for member_id in seats:
        if member_id not in members:
            raise NotFound(_("No member %(id)s.") % {"id": member_id}, extra={"field": "member", "value": member_id})
    # Nobody is played for in his absence: a game seats the session's people only.
    may_sit = set(access.members_who_may_sit(session).filter(pk__in=list(seats)).values_list("pk", flat=True))
    for member_id in seats:
        if member_id not in may_sit:
            raise InvalidInput(_("%(name)s is neither going to nor seated in this session; a croupier answers "
                                 "for him or seats him first.") % {"name": members[member_id]},
                               extra={"field": "seats", "value": member_id})
    min_stake = session.min_stake if min_stake is None else min_stake
    max_stake = session.max_stake if max_stake is None else max_stake
    if isinstance(min_stake, bool) or not isinstance(min_stake, int) or min_stake < 1:
        raise InvalidInput(_("The minimum stake %(min)s must be 1 or more.") % {"min": repr(min_stake)},
                           extra={"field": "min_stake", "value": min_stake})
    if isinstance(max_stake, bool) or not isinstance(max_stake, int) or max_stake < min_stake:
        raise InvalidInput(_("The maximum stake %(max)s is below the minimum %(min)s.") % {"max": repr(max_stake), "min": min_stake},
                           extra={"field": "max_stake", "value": max_stake})
    # A game plays for the stakes the session announced, never for more.
    if min_stake < session.min_stake:
        raise InvalidInput(_("The minimum stake %(min)s is below the session's minimum %(least)s.")
                           % {"min": min_stake, "least": session.min_stake},
                           extra={"field": "min_stake", "value": min_stake})
    if max_stake > session.max_stake:
        raise InvalidInput(_("The maximum stake %(max)s is above the session's maximum %(most)s.")
                           % {"max": max_stake, "most": session.max_stake},
                           extra={"field": "max_stake", "value": max_stake})
    venue = session.venue
    facts = {"saint_images": venue.saint_images, "analog_clocks": venue.analog_clocks,
             "digital_clocks": venue.digital_clocks, "natural_table": venue.natural_table,
             "exits": venue.exits, "closed_room": venue.closed_room}
    facts.update(_clean_room(room or {}))
    cleaned_facts = {int(k): _clean_player_facts(int(k), v) for k, v in (player_facts or {}).items()}
    for member_id in cleaned_facts:
        if member_id not in seats:
            raise InvalidInput(_("Member %(id)s has facts but no seat.") % {"id": member_id}, extra={"field": "player_facts",
                                                                                  "value": member_id})
    if readings:
        try:
            engine.check_readings(readings)
        except RulesError as exc:
            raise InvalidInput(engine.rules_message(exc), extra={"field": "readings", "value": str(exc.value)})
    _end_live(session, actor)
    number = (Game.objects.filter(session=session).aggregate(n=Max("number"))["n"] or 0) + 1
    game = Game(session=session, number=number, kind=session.game, min_stake=min_stake, max_stake=max_stake,
                readings=dict(readings or {}), croupier_calls=dict(croupier_calls or {}), started_by=actor, **facts)
    game.save()
    for member_id, seat in seats.items():
        GamePlayer(game=game, member=members[member_id], seat=seat, **cleaned_facts.get(member_id, {})).save()
    return game


@transaction.atomic
def game_end(*, game: Game, actor: Member) -> Game:
    require_table(actor, game)
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.status != Game.Status.LIVE:
        raise Conflict(_("Game %(number)s has already ended.") % {"number": game.number}, extra={"status": game.status})
    transition(game, Game.Status.ENDED, what=_("game"))
    game.ended_at = timezone.now()
    game.save(update_fields=["status", "ended_at"])
    return game


@transaction.atomic
def game_reseat(*, game: Game, actor: Member, seats: Mapping[int, str],
                player_facts: Mapping[int, Mapping] | None = None) -> Game:
    """A seat or a player changes: the Game ends and the next one starts with the same stakes and
    room, the players who stay keeping their facts of the evening."""
    require_table(actor, game)
    current = {gp.member_id: gp.seat for gp in game.players.all()}
    seats = {int(k): v for k, v in seats.items()}
    if seats == current:
        raise InvalidInput(_("The seating is unchanged: the Game goes on."), extra={"field": "seats"})
    facts = {gp.member_id: {k: getattr(gp, k) for k in PLAYER_FACTS} for gp in game.players.all()}
    for member_id, more in (player_facts or {}).items():
        facts.setdefault(int(member_id), {}).update(more)
    return game_start(session=game.session, actor=actor, seats=seats,
                      player_facts={k: v for k, v in facts.items() if k in seats},
                      room={k: getattr(game, k) for k in ROOM_FACTS}, min_stake=game.min_stake,
                      max_stake=game.max_stake, readings=game.readings, croupier_calls=game.croupier_calls)
