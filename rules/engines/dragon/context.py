"""The inputs a deal is judged on that do not come from the cards: the Table.

A :class:`Table` is the fixed part of a Game (a sitting: the same players in the same seats):
the players with their seats and personal facts, the room, the venue and its weather, the
croupier's calls and the stakes. Everything is validated on construction; a bad value raises
:class:`~rules.engines.errors.RulesError` naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..errors import RulesError

__all__ = ["SEATS", "OPPOSITE_SEAT", "HUES", "Player", "Room", "Place", "Stakes", "Table", "number_from_north"]

# Clockwise from North; the deal and every "from the dealer" count run in this order.
SEATS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
_SEAT_INDEX = {seat: i for i, seat in enumerate(SEATS)}
OPPOSITE_SEAT: dict[str, str] = {seat: SEATS[(i + 4) % 8] for i, seat in enumerate(SEATS)}

_SEXES = ("m", "f")
_CLOTHING = ("light", "dark", "none")
# The hue of a player's clothing (IP-M85-NO-DOMINANT ``hue``): the colour that covers most of it.
HUES = ("red", "orange", "yellow", "green", "blue", "purple", "pink", "brown", "grey", "black", "white")
_DRINKS = ("none", "soft", "alcohol")
_WEATHER = ("sunny", "overcast", "other")


def _choice(what: str, value: object, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise RulesError(f"{what} {value!r} is not one of {', '.join(allowed)}", value=value)
    return value  # type: ignore[return-value]


def _flag(what: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise RulesError(f"{what} must be true or false, not {value!r}", value=value)
    return value


def _maybe(what: str, value: object, allowed: tuple[str, ...]) -> str | None:
    return None if value is None else _choice(what, value, allowed)


def _count(what: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{what} must be a whole number 0 or more, not {value!r}", value=value)
    return value


def number_from_north(seats: Mapping[str, str], player_id: str) -> int:
    """Base rule 15's count ("счет ведется по часовой стрелке, от игрока, сидящего на севере") over the
    seats ``seats`` gives (player -> compass seat): the player at North is 1, or the first occupied seat
    clockwise from North. Over the seats as modifier 53 leaves them under IP-M53-SCOPE ``everything``."""
    order = sorted(seats, key=lambda pid: _SEAT_INDEX[seats[pid]])
    if player_id not in order:
        raise RulesError(f"unknown player {player_id!r}", value=player_id)
    return order.index(player_id) + 1


@dataclass(frozen=True, slots=True)
class Player:
    """One player of the Game, with the facts the modifiers read (53-88 mostly).

    A fact left out takes its neutral value (engine-api.md, "Sitting documents"): the one that
    makes no modifier fire. For yes/no facts that is "no"; for the sex, the beard and the clothing
    it is None, "not recorded": a recorded clothing of "none" still counts, since the clothing
    modifiers split every recorded case between them (78-84 a dominant tone, 85-88 none), any
    recorded sex counts towards modifier 73's even number, and a recorded "no beard" counts towards
    modifier 56's even number of bearded players (zero is even under IP-M56-EVEN ``zero_counts``).
    """

    id: str
    seat: str
    dimension: str = ""
    dimension_phonetic: str = ""
    sex: str | None = None
    beard: bool | None = None
    glasses: bool = False
    headwear: bool = False
    clothing: str | None = None
    drink: str = "none"
    spare_decks: int = 0
    # Read only by readings that need them (IP-M48-COUNT ``per_player_own``, IP-M85-NO-DOMINANT
    # ``hue``): the clocks he wears or carries (with hands, digital) and his clothing's hue (None:
    # not recorded).
    analog_watches: int = 0
    digital_watches: int = 0
    clothing_hue: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id:
            raise RulesError(f"a player id must be a non-empty string, not {self.id!r}", value=self.id)
        _choice(f"seat of {self.id}", self.seat, SEATS)
        _maybe(f"sex of {self.id}", self.sex, _SEXES)
        for name in ("glasses", "headwear"):
            _flag(f"{name} of {self.id}", getattr(self, name))
        if self.beard is not None:
            _flag(f"beard of {self.id}", self.beard)
        _maybe(f"clothing of {self.id}", self.clothing, _CLOTHING)
        _choice(f"drink of {self.id}", self.drink, _DRINKS)
        _count(f"spare_decks of {self.id}", self.spare_decks)
        for name in ("analog_watches", "digital_watches"):
            _count(f"{name} of {self.id}", getattr(self, name))
        _maybe(f"clothing_hue of {self.id}", self.clothing_hue, HUES)
        for name in ("dimension", "dimension_phonetic"):
            if not isinstance(getattr(self, name), str):
                raise RulesError(f"{name} of {self.id} must be text, not {getattr(self, name)!r}",
                                 value=getattr(self, name))


@dataclass(frozen=True, slots=True)
class Room:
    """The room's facts. ``exits`` None is "not counted": a room has a door, so no count is
    neutral for modifier 72 (an odd number of exits), and left out it fires nothing. ``animals`` None
    is "not counted" too: a counted zero is even under IP-M37-ZERO ``zero_is_even`` (modifier 37
    acts), a count nobody made is neither odd nor even.

    ``natural_table`` None is "not recorded": only a table recorded as not of natural materials fires
    modifier 50, as a recorded natural table does not.

    ``natural_surface`` is the material the cards lie on when it is not the table's own (a synthetic
    cloth on a wooden table): None, "not recorded", is the table itself. Only IP-M50-SURFACE
    ``contact_surface`` reads it.

    ``bearded_onlookers`` counts the people present who do not play, the croupier and onlookers,
    wearing a beard (read only under IP-M56-EVEN ``everyone_present``).

    ``closed_room`` is every exit (doors, windows, chimneys, as modifier 72 counts them) closed at the
    first dealt card. Two optional facts refine it for IP-M65-CLOSED, None meaning "not recorded" (then
    ``closed_room`` stands for them): ``doors_closed``, every door closed whatever the windows and
    chimneys (read under ``doors_closed``), and ``closed_throughout``, the room kept closed for the whole
    Game (read under ``whole_sitting``)."""

    saint_images: int = 0
    animals: int | None = None
    analog_clocks: int = 0
    digital_clocks: int = 0
    natural_table: bool | None = None
    exits: int | None = None
    closed_room: bool = False
    natural_surface: bool | None = None
    doors_closed: bool | None = None
    closed_throughout: bool | None = None
    bearded_onlookers: int = 0         # people present who do not play (croupier, onlookers) with a beard

    def __post_init__(self) -> None:
        for name in ("saint_images", "analog_clocks", "digital_clocks", "bearded_onlookers"):
            _count(f"room {name}", getattr(self, name))
        for name in ("animals", "exits"):
            if getattr(self, name) is not None:
                _count(f"room {name}", getattr(self, name))
        _flag("room closed_room", self.closed_room)
        for name in ("natural_table", "natural_surface", "doors_closed", "closed_throughout"):
            if getattr(self, name) is not None:
                _flag(f"room {name}", getattr(self, name))


@dataclass(frozen=True, slots=True)
class Place:
    latitude: float = 55.75
    longitude: float = 37.62
    timezone: str = "Europe/Moscow"

    def __post_init__(self) -> None:
        for name, bound in (("latitude", 90), ("longitude", 180)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not -bound <= value <= bound:
                raise RulesError(f"place {name} {value!r} is outside -{bound}..{bound}", value=value)
        if not isinstance(self.timezone, str) or not self.timezone:
            raise RulesError(f"place timezone {self.timezone!r} is not a time zone name", value=self.timezone)


@dataclass(frozen=True, slots=True)
class Stakes:
    min: int = 2
    max: int = 20

    def __post_init__(self) -> None:
        for name in ("min", "max"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise RulesError(f"stake {name} must be a whole number above 0, not {value!r}", value=value)
        if self.max < self.min:
            raise RulesError(f"the maximum stake {self.max} is below the minimum {self.min}", value=self.max)


@dataclass(frozen=True, slots=True)
class Table:
    """A Game's fixed inputs. ``players`` are kept clockwise from North whatever the input order."""

    players: tuple[Player, ...]
    room: Room = field(default_factory=Room)
    place: Place = field(default_factory=Place)
    # None: not recorded, which fires neither modifier 89 nor 90 (an omitted fact is neutral).
    weather: str | None = None
    croupier: Mapping[str, str] = field(default_factory=dict)
    # None: not recorded (a sitting document without ``stakes``): modifier 62, which weighs the previous
    # deal's winnings in minimum stakes, has nothing to weigh them in and does not act.
    stakes: Stakes | None = field(default_factory=Stakes)

    def __post_init__(self) -> None:
        players = tuple(self.players)
        if not 2 <= len(players) <= 8:
            raise RulesError(f"a Game has 2..8 players, not {len(players)}", value=len(players))
        seen_ids: set[str] = set()
        seen_seats: set[str] = set()
        for p in players:
            if not isinstance(p, Player):
                raise RulesError(f"not a player: {p!r}", value=p)
            if p.id in seen_ids:
                raise RulesError(f"player {p.id!r} appears twice", value=p.id)
            if p.seat in seen_seats:
                raise RulesError(f"seat {p.seat!r} is taken twice", value=p.seat)
            seen_ids.add(p.id)
            seen_seats.add(p.seat)
        object.__setattr__(self, "players", tuple(sorted(players, key=lambda p: _SEAT_INDEX[p.seat])))
        if self.weather is not None:
            _choice("weather", self.weather, _WEATHER)
        if self.stakes is not None and not isinstance(self.stakes, Stakes):
            raise RulesError(f"not stakes: {self.stakes!r}", value=self.stakes)
        object.__setattr__(self, "croupier", dict(self.croupier))

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.players)

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise RulesError(f"unknown player {player_id!r}", value=player_id)

    def first_dealer(self) -> str:
        """The seed's "Порядок сдачи карт": North deals first; nobody at North, the next seat
        clockwise. The players are kept clockwise from North, so that is the first of them."""
        return self.players[0].id

    def dealer(self, deal_number: int) -> str:
        """The dealer of deal ``deal_number``: the deal passes clockwise (IP-DEAL-ROTATION)."""
        return self.players[(deal_number - 1) % len(self.players)].id

    def player_number(self, player_id: str) -> int:
        """Base rule 15's count: clockwise from the player at North, North = 1 (the first
        occupied seat clockwise from North when North is empty)."""
        return self.ids.index(player_id) + 1
