"""Conditional modifiers 89-100, the seed's group "Природные" (natural factors).

They read the sky and the room at the first dealt card (base rule 9): the weather recorded for
the Game, the moon in the seed's eight parts and whether the sun is up (both computed in
:mod:`..astro` from the date and the venue), the players' drinks and clothing.

"Odd" and "even" players are numbered as IP-PLAYER-NUMBER reads; seats are the ones modifier 53
leaves (``state.seat``). Modifiers 92 and 96-98 annul kills "connected with natural factors".
Their condition (the moon, the seats) is known before any modifier acts, so under
IP-M92-CANCEL-SCOPE ``listed_cards`` they protect the listed cards from the start: a kill by
modifier 89 or 90 does not happen (base rule 11, the higher number stands) and a kill by Table 2
(base rule 17), made before the modifiers, is annulled. Under ``whole_modifier`` they act at
their turn: the killing modifier is cancelled for those players and the deal's modifiers are
applied again. Revivals by 95 and 99 follow IP-REVIVE-RULE-KILLS for kills by base rules 17 and 21.

A few readings belong to the external group's modifiers and are shared with 100 (IP-M78-TONE,
IP-M78-DAYLIGHT, IP-M78-SUN-CLOCK, IP-M78-DEAD, IP-M85-NO-DOMINANT) and with the seat-reading
modifiers (IP-M76-SEAT-53): they are declared with the external group's points (``points_external.py``),
and read here with their default when that module is absent.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from functools import partial
from typing import NamedTuple

from astral import moon as _astral_moon

from ...errors import RulesError
from ...readings import declare
from ..astro import moon_part, principal_moon_part, sun_is_up
from ..context import SEATS
from ..state import FREE, HOME, NATURAL, WILD, CardState, DealState
from ..tables import home_ranks
from .base import attach_setup, modifier
from .common import CARDINAL_SEATS
from .points_natural import POINTS

__all__ = ["player_number", "moon_of_deal", "NATURAL_KILLS"]


declare("dragon", POINTS)  # the group's interpretation points, data in points_natural.py


def _shared(state: DealState, point_id: str, default: str) -> str:
    """A reading registered by another group's modifier; its default when that group is absent."""
    try:
        return state.reading(point_id)
    except RulesError:
        return default


def _seat(state: DealState, player: str) -> str:
    if _shared(state, "IP-M76-SEAT-53", "after_53") == "physical":
        return state.table.player(player).seat
    return state.seat(player)


def player_number(state: DealState, player: str) -> int:
    """IP-PLAYER-NUMBER: clockwise from the player at North = 1 (the first occupied seat clockwise
    from North), from the dealer's left-hand neighbour = 1, or the seat's own number (N 1 ... NW 8)."""
    how = state.reading("IP-PLAYER-NUMBER")
    if how == "from_dealer":
        return state.position(player)
    if how == "seat_number":
        return SEATS.index(_seat(state, player)) + 1
    numbers = state.memo.get("player_number")
    if numbers is None:
        ordered = sorted(state.players, key=lambda p: SEATS.index(_seat(state, p)))
        numbers = state.memo["player_number"] = {p: i + 1 for i, p in enumerate(ordered)}
    return numbers[player]


def _odd(state: DealState, player: str) -> bool:
    return player_number(state, player) % 2 == 1


# ---------------------------------------------------------------------------- M89, M90 (weather)
@modifier(number=89, group="natural",
          summary="Sunny weather kills the black honors odd players got in dark circles.",
          reads=("weather", "daylight", "players", "seats", "circles", "card_states"), does=("kill",),
          readings=("IP-M89-SUNNY-NIGHT", "IP-PLAYER-NUMBER"))
def m89(state: DealState) -> None:
    if state.table.weather != "sunny":
        return
    if not state.facts.sun_up and state.reading("IP-M89-SUNNY-NIGHT") == "sun_up":
        state.note("void", (), "sunny weather, but the sun has set")
        return
    for c in state.cards:
        if not c.open and c.honor and c.black and _odd(state, c.player):
            state.kill(c, text=f"sunny: a black honor in a dark circle of odd player {player_number(state, c.player)}")


@modifier(number=90, group="natural",
          summary="Overcast weather kills the red honors even players got in the second and third open circles.",
          reads=("weather", "players", "seats", "circles", "card_states"), does=("kill",),
          readings=("IP-PLAYER-NUMBER",))
def m90(state: DealState) -> None:
    if state.table.weather != "overcast":
        return
    circles = {state.nth_open(2), state.nth_open(3)} - {None}
    for c in state.cards:
        if c.circle in circles and c.honor and c.red and not _odd(state, c.player):
            state.kill(c, text=f"overcast: a red honor in the 2nd or 3rd open circle of even player "
                               f"{player_number(state, c.player)}")


# ---------------------------------------------------------------------------- M91 (drink)
def _grant_dead_aware(state: DealState, c: CardState, status: str, text: str) -> None:
    """A status given to a card that may be dead (IP-M78-DEAD)."""
    if not c.dead:
        state.grant(c, status, text=text)
        return
    how = _shared(state, "IP-M78-DEAD", "stays_dead")
    if how == "revive":
        state.revive(c, into=status, text=text + "; the status revives it")
    elif how == "state_then_rules_3_4" and status in (FREE, WILD):
        # Base rule 3 turns a dead free card home, base rule 4 a dead wild card natural.
        state.revive(c, into=HOME if status == FREE else NATURAL, text=text + f"; dead {status}: base rule "
                                                                               f"{3 if status == FREE else 4}")


@modifier(number=91, group="natural",
          summary="Players drinking alcohol during the deal make wild the Twos of the second open circle.",
          reads=("drink", "circles", "card_states", "modifiers"), does=("wild", "revive"),
          readings=("IP-M91-WHO", "IP-M91-VS-63-64"))
def m91(state: DealState) -> None:
    players = state.table.players
    drinkers = sum(1 for p in players if p.drink == "alcohol")
    who = state.reading("IP-M91-WHO")
    if not drinkers or (who == "all_players" and drinkers < len(players)) \
            or (who == "majority" and drinkers * 2 <= len(players)):
        return
    second = state.nth_open(2)
    if second is None:
        return
    higher_wins = state.reading("IP-M91-VS-63-64") == "higher_number_wins"
    for c in state.circle(second):
        if not c.is_(2):
            continue
        why = f"{drinkers} player(s) drink alcohol"
        if higher_wins and c.dead and c.killed_by == "M63":
            state.revive(c, into=WILD, text=f"{why}: modifier 91 stands over 63 (IP-M91-VS-63-64)")
        elif higher_wins and c.state == HOME and c.state_source == "M64":
            state.grant(c, WILD, override=True, text=f"{why}: modifier 91 stands over 64 (IP-M91-VS-63-64)")
        else:
            _grant_dead_aware(state, c, WILD, why)


# ---------------------------------------------------------------------------- the moon
NATURAL_KILLS = ("T2", "M89", "M90")


def _part(day: dt.date, reading: str, timezone: str) -> int:
    if reading == "starting_eighths":
        index = int(_astral_moon.phase(day) // 3.5) % 8
        return index or 8
    if reading == "principal_days":
        return principal_moon_part(day, timezone)
    return moon_part(day)


def moon_of_deal(state: DealState) -> int:
    """The moon's part 1..8 for this deal (IP-M92-MOON-PHASE, IP-M92-MOON-MOMENT)."""
    day = state.facts.moment.date()
    if state.reading("IP-M92-MOON-MOMENT") == "game_start" and state.history is not None:
        first = [value for deal, value in state.history.carried("moon") if deal == 1]
        if first:
            day = dt.date.fromisoformat(str(first[0]))
    return _part(day, state.reading("IP-M92-MOON-PHASE"), state.table.place.timezone)


def _keep_moon_day(state: DealState) -> None:
    if state.facts.first_deal:
        state.carry["moon"] = state.facts.moment.date().isoformat()


def _spare_from_start(state: DealState, players: Iterable[str], listed: Callable[[CardState], bool],
                      text: str) -> None:
    """IP-M92-CANCEL-SCOPE ``listed_cards``: the listed cards of ``players`` are protected from the
    natural-factor kills from modifier 1 on; Table 2's kills of them are annulled (no base-rule-22
    slot is used, IP-M76-RULE22)."""
    players = frozenset(players)
    if not players:
        return
    t2 = state.reading("IP-M92-NATURAL-KILLS") != "modifiers_only"
    t2_killed = {card for e in state.trace if e.change == "dead" and e.source == "T2" for card in e.cards} \
        if t2 else set()
    stops = tuple(s for s in NATURAL_KILLS if s.startswith("M"))
    for c in state.cards:
        if c.player in players and listed(c):
            state.protect(c, "kill", stops=stops, text=text)
            if c.card in t2_killed:
                state.annul_kill(c, text=text)


def _spare(state: DealState, players: Iterable[str], listed: Callable[[CardState], bool], text: str) -> None:
    """IP-M92-CANCEL-SCOPE ``whole_modifier``: a natural-factor kill that hits a listed card of
    ``players`` is void for them: it kills none of their cards (M92, M96-M98)."""
    players = frozenset(players)
    if not players:
        return
    sources = set(NATURAL_KILLS)
    if state.reading("IP-M92-NATURAL-KILLS") == "modifiers_only":
        sources.discard("T2")
    kills: list[tuple[str, CardState, object]] = []
    for e in state.trace:
        if e.change != "dead" or e.source not in sources or e.player not in players:
            continue
        for c in state.hand(e.player):
            if c.card in e.cards:
                kills.append((e.source, c, e.before))
    hit = {source for source, c, _ in kills if listed(c)}
    if not hit:
        return
    for source in sorted(s for s in hit if s.startswith("M")):
        state.cancel(int(source[1:]), only=lambda c: c.player in players, text=text)
    if "T2" in hit:
        for source, c, _before in kills:
            if source == "T2":
                state.annul_kill(c, text=text)


_MOON_READS = ("moon", "date", "players", "seats", "card_states", "modifiers")
_MOON_POINTS = ("IP-M92-MOON-PHASE", "IP-M92-MOON-MOMENT")
_SPARE_POINTS = (*_MOON_POINTS, "IP-M92-NATURAL-KILLS", "IP-M92-CANCEL-SCOPE")


def _moon_status(state: DealState, part: int, who: Callable[[str], bool], wanted: Callable[[CardState], bool],
                 status: str, text: str) -> None:
    if moon_of_deal(state) != part:
        return
    for c in state.cards:
        if c.dead or not who(c.player):
            continue      # "Убитые карты изменениям не подлежат"
        if wanted(c):
            state.grant(c, status, text=text)


def _moon_revive(state: DealState, part: int, who: Callable[[str], bool], wanted: Callable[[CardState], bool],
                 text: str) -> None:
    if moon_of_deal(state) != part:
        return
    natural = state.reading("IP-M95-REVIVED-STATE") == "natural"
    month = state.facts.table3_month
    for c in state.cards:
        if not (c.dead and wanted(c) and who(c.player)):
            continue
        if natural:
            state.revive(c, into=NATURAL, text=text)
            continue
        if state.revive(c, undo=True, text=text) and c.state == NATURAL and c.stripped_from is None \
                and c.rule_rank in home_ranks(month):
            state.grant(c, HOME, "T3", override=True, text="B18: the home rank of the month, the card alive again")


class _Moon(NamedTuple):
    """A moon modifier as data: in moon part ``part``, the cards ``cards`` selects of the players ``who``
    admits get ``effect``: "spare" (natural factors do not kill them), FREE, HOME or "revive"."""

    number: int
    part: int
    who: Callable[[DealState, str], bool]
    effect: str
    cards: Callable[[CardState], bool]
    text: str
    summary: str
    readings: tuple[str, ...]


def _suits_ranks(suits: str, ranks: tuple[int, ...]) -> Callable[[CardState], bool]:
    return lambda c: c.real_suit in suits and c.real_rank in ranks


def _seated(seats: tuple[str, ...], inside: bool = True) -> Callable[[DealState, str], bool]:
    return lambda state, player: (_seat(state, player) in seats) == inside


_SPARE_READINGS = (*_SPARE_POINTS, "IP-PLAYER-NUMBER", "IP-M76-RULE22")
_REVIVE_READINGS = (*_MOON_POINTS, "IP-M95-REVIVED-STATE")

_MOON_MODIFIERS = (
    _Moon(92, 1, lambda state, p: not _odd(state, p), "spare", _suits_ranks("cs", (3, 4, 5)),
          "black Threes, Fours and Fives of even players",
          "Young crescent (moon part 1): for even players, natural factors do not kill black Threes, "
          "Fours and Fives.", _SPARE_READINGS),
    _Moon(93, 2, _seated(CARDINAL_SEATS), FREE, _suits_ranks("h", (13, 11)),
          "moon part 2 (young half), a player at N, E, S or W",
          "Young half (moon part 2): the heart Giants and Elves of players seated N, E, S, W are free; "
          "dead cards do not change.", _MOON_POINTS),
    _Moon(94, 3, _seated(CARDINAL_SEATS, inside=False), HOME, _suits_ranks("s", (2, 3, 4)),
          "moon part 3 (before full), a player off N, E, S, W",
          "Quarter before full (moon part 3): the spade Two, Three and Four of players not seated "
          "N, E, S, W are home; dead cards do not change.", _MOON_POINTS),
    _Moon(95, 4, _seated(("N", "NE", "NW"), inside=False), "revive", lambda c: c.real_suit == "d" and c.fosk,
          "full moon, a player off N, NE, NW",
          "Full moon (part 4): the dead diamond foskas of players not seated N, NE, NW revive.", _REVIVE_READINGS),
    _Moon(96, 5, _odd, "spare", _suits_ranks("hd", (6, 7, 8)), "red Sixes, Sevens and Eights of odd players",
          "Quarter after full (moon part 5): for odd players, natural factors do not kill red Sixes, "
          "Sevens and Eights.", _SPARE_READINGS),
    _Moon(97, 6, _seated(("NW", "W", "SW")), "spare", _suits_ranks("cd", (9, 10, 11)),
          "club and diamond Nines, Tens and Elves at NW, W, SW",
          "Old half (moon part 6): for players seated NW, W, SW, natural factors do not kill club and "
          "diamond Nines, Tens and Elves.", (*_SPARE_POINTS, "IP-M76-RULE22")),
    _Moon(98, 7, _seated(("NE", "E", "SE")), "spare", _suits_ranks("hs", (12, 13, 14)),
          "heart and spade Unicorns, Giants and Dragons at NE, E, SE",
          "Old crescent (moon part 7): for players seated NE, E, SE, natural factors do not kill heart "
          "and spade Unicorns, Giants and Dragons.", (*_SPARE_POINTS, "IP-M76-RULE22")),
    _Moon(99, 8, _seated(("S", "SE", "SW"), inside=False), "revive", lambda c: c.real_suit == "h" and c.honor,
          "new moon, a player off S, SE, SW",
          "New moon (part 8): the dead heart honors of players not seated S, SE, SW revive.", _REVIVE_READINGS),
)
_MOON_DOES = {"spare": ("protect", "revive", "cancel"), FREE: ("free",), HOME: ("home",), "revive": ("revive",)}


def _moon_modifier(state: DealState, row: _Moon, setup: bool = False) -> None:
    """One moon modifier (92-99) as its row reads. The spares act in the ``setup`` hook under
    IP-M92-CANCEL-SCOPE ``listed_cards``, at their turn under ``whole_modifier``."""
    if row.effect == "spare":
        if row.number == 92 and not setup:
            _keep_moon_day(state)     # the first moon modifier keeps the day for IP-M92-MOON-MOMENT
        players = [p for p in state.players if row.who(state, p)]
        if (state.reading("IP-M92-CANCEL-SCOPE") == "listed_cards") != setup or moon_of_deal(state) != row.part:
            return
        text = f"moon part {row.part}: natural factors do not kill {row.text}"
        (_spare_from_start if setup else _spare)(state, players, row.cards, text)
    elif row.effect == "revive":
        _moon_revive(state, row.part, lambda player: row.who(state, player), row.cards, row.text)
    else:
        _moon_status(state, row.part, lambda player: row.who(state, player), row.cards, row.effect, row.text)


for _row in _MOON_MODIFIERS:
    modifier(number=_row.number, group="natural", summary=_row.summary, reads=_MOON_READS,
             does=_MOON_DOES[_row.effect], readings=_row.readings)(partial(_moon_modifier, row=_row))
    if _row.effect == "spare":
        attach_setup(_row.number)(partial(_moon_modifier, row=_row, setup=True))
del _row


# ---------------------------------------------------------------------------- M100
def light_dominates(state: DealState) -> bool:
    """Light tones dominate the players' clothing (IP-M78-TONE), and the croupier has not ruled the
    colour hard to tell (IP-M85-NO-DOMINANT)."""
    if state.table.croupier.get("clothing") == "hard_to_tell" \
            and _shared(state, "IP-M85-NO-DOMINANT", "complement") != "ruling_adds_only":
        return False
    tones = [p.clothing for p in state.table.players]
    light, dark, none = tones.count("light"), tones.count("dark"), tones.count("none")
    how = _shared(state, "IP-M78-TONE", "light_over_dark")
    if how == "plurality":
        return light > dark and light > none
    if how == "majority":
        return light * 2 > len(tones)
    return light > dark


def daylight(state: DealState) -> bool:
    """The light time of day, before sunset (IP-M78-DAYLIGHT, IP-M78-SUN-CLOCK)."""
    facts = state.facts
    up = facts.sun_up
    if _shared(state, "IP-M78-SUN-CLOCK", "real_sun") == "shifted_time" and facts.clock is not None:
        place = state.table.place
        up = sun_is_up(place.latitude, place.longitude, facts.clock)
    if up:
        return True
    # Under calendar_day the night before sunrise still belongs to the day's light time.
    shifted = _shared(state, "IP-M78-SUN-CLOCK", "real_sun") == "shifted_time" and facts.clock is not None
    moment = facts.clock if shifted else facts.moment
    return _shared(state, "IP-M78-DAYLIGHT", "sunrise_to_sunset") == "calendar_day" and moment.hour < 12


@modifier(number=100, group="natural",
          summary="Light tones dominating the clothing: the Game's first deal, before sunset, is played with "
                  "free red Kings (Giants).",
          reads=("clothing", "croupier", "deal_number", "daylight", "card_states"), does=("free",),
          readings=("IP-M100-KINGS",))
def m100(state: DealState) -> None:
    if not state.facts.first_deal or not light_dominates(state) or not daylight(state):
        return
    if state.reading("IP-M100-KINGS") == "void":
        state.note("void", (), "the deck has no Kings")
        return
    for c in state.cards:
        if c.real_rank == 13 and c.red:
            _grant_dead_aware(state, c, FREE, "light clothing, the first deal before sunset")

