"""Conditional modifiers 76-88 of the seed's group "Внешние" (external factors): the phonetic names
of the dimensions of the players sitting opposite (76, 77) and the tones of the clothing (78-88, with
the croupier's call "hard to tell" for 85-88).

The conventions of the group are in :mod:`.external`.

The croupier's call that the dominant colour of the clothing is hard to tell is the table's
croupier fact ``{"clothing": "hard_to_tell"}``.

Under IP-M80-ORDER ``previous_deal_order`` modifiers 80, 84 and 88 read the card order the previous
deal was played in: every deal played in the inverted order keeps ``carry["card_order"] =
"inverted"`` (a key of its :class:`~rules.engines.dragon.game.DealRecord`'s ``carry``; a history
built by hand may set it too), and a deal without the key was played in the natural order.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ...cards import is_honor, lower_rank, opposite_rank
from ...errors import RulesError
from ..astro import sun_is_up
from ..state import DEAD, FREE, HOME, NATURAL, WILD, CardState, DealState
from .base import modifier
from .common import BLACK, natural_card
from .external_common import table_player

__all__ = ["CROUPIER_CLOTHING", "letter_counts", "dominant_tone", "dominant_hue", "in_window", "m84_rank",
           "m88_rank"]


CROUPIER_CLOTHING = "clothing"          # the croupier's call: {"clothing": "hard_to_tell"}
_HARD_TO_TELL = "hard_to_tell"


# ---------------------------------------------------------------------------- M76, M77
_RU_VOWELS = set("аеёиоуыэюя")
_RU_NEITHER = set("ьъ")
_EN_VOWELS = set("aeiouy")


_RU_IOTATED = set("еёюя")


def letter_counts(name: str, mode: str = "ru_letters") -> tuple[int, int]:
    """(vowels, consonants) of a name: Cyrillic letters by the Russian alphabet; Latin letters
    with a e i o u y as vowels.

    ``mode`` "sounds" (IP-M76-PHONETIC) counts the sounds the Cyrillic phonetic name stands for, by
    the rules of Russian sound-letter analysis: every vowel letter is one vowel sound; е ё ю я at the
    start of a word, after a vowel letter or after ь ъ stand for two sounds, [й] and a vowel, and so
    does и after ь; ь and ъ stand for no sound; a consonant letter doubled (лл, сс) is one long sound;
    every other consonant letter, й included, is one sound. The name is taken as written as it is
    pronounced: no further letter is dropped as silent."""
    vowels = consonants = 0
    prev = ""                       # the previous character of the name, "" at its start
    for ch in name.casefold():
        before, prev = prev, ch
        if not ch.isalpha():
            continue
        if "а" <= ch <= "я" or ch == "ё":
            if mode == "sounds":
                if ch in _RU_NEITHER:
                    continue
                if ch in _RU_VOWELS:
                    vowels += 1
                    if ((ch in _RU_IOTATED and (not before.isalpha() or before in _RU_VOWELS
                                                or before in _RU_NEITHER))
                            or (ch == "и" and before == "ь")):
                        consonants += 1
                elif ch != before:
                    consonants += 1
                continue
            if mode != "ru_letters" or ch in _RU_NEITHER:
                continue
            if ch in _RU_VOWELS:
                vowels += 1
            else:
                consonants += 1
        elif "a" <= ch <= "z":
            if ch in _EN_VOWELS:
                vowels += 1
            else:
                consonants += 1
    return vowels, consonants


def _m76_pairs(state: DealState) -> list[list[str]]:
    after = state.reading("IP-M76-SEAT-53") == "after_53"
    seat = {p: (state.seat(p) if after else table_player(state, p).seat) for p in state.players}
    at = {s: p for p, s in seat.items()}
    mode = state.reading("IP-M76-PAIRS")
    if mode == "cardinal_seats":
        return [[at[s] for s in ("N", "E", "S", "W") if s in at]]
    pairs = [[at[a], at[b]] for a, b in (("N", "S"), ("E", "W")) if a in at and b in at]
    if mode == "both_pairs" and len(pairs) < 2:
        return []
    return pairs


def _m76_vote(state: DealState) -> set[str]:
    """Which letters predominate: {"vowels"}, {"consonants"}, both (IP-M76-AGGREGATE any_pair), or none."""
    phon = state.reading("IP-M76-PHONETIC")

    def name(pid: str) -> str:
        p = table_player(state, pid)
        if phon == "en_letters":
            return p.dimension
        return p.dimension_phonetic or p.dimension

    def verdict(counts: list[tuple[int, int]]) -> set[str]:
        v = sum(a for a, _b in counts)
        k = sum(b for _a, b in counts)
        return {"vowels"} if v > k else {"consonants"} if k > v else set()

    groups = _m76_pairs(state)
    if not groups or not any(groups):
        return set()
    agg = state.reading("IP-M76-AGGREGATE")
    if agg == "any_pair":
        out: set[str] = set()
        for g in groups:
            out |= verdict([letter_counts(n, phon) for n in {name(p).strip().casefold() for p in g}])
        return out
    players = [p for g in groups for p in g]
    if agg == "per_player":
        return verdict([letter_counts(name(p), phon) for p in players])
    names = {name(p).strip().casefold() for p in players}
    if agg == "each_name":
        verdicts = [verdict([letter_counts(n, phon)]) for n in names]
        return verdicts[0] if verdicts and all(v == verdicts[0] for v in verdicts) else set()
    return verdict([letter_counts(n, phon) for n in names])


def _unkillable(state: DealState, number: int, protected: Callable[[CardState], bool], why: str) -> None:
    """The protected cards cannot be killed in this deal. The condition is known before any
    modifier acts (the seating and the deal number), so the protection is in force from modifier
    1 on: a conditional modifier's kill of these cards does not happen (base rule 11, the higher
    number stands over 1-75; none of 77-100 kills them), and no rerun is needed. Under
    IP-M76-KILL-SCOPE ``all_kills`` the kills of base rules 17 and 21, made before the modifiers,
    are annulled too. Under ``later_only`` only the kills of the modifiers numbered above the
    protecting one are stopped (none of them kills these cards in club-2.2.1). The cards are those
    that are protected when the modifiers begin."""
    scope = state.reading("IP-M76-KILL-SCOPE")
    stops: object = "all" if scope == "all_kills" else None
    if scope == "later_only":
        stops = tuple(f"M{n}" for n in range(number + 1, 101))
    for c in state.cards:
        if not protected(c):
            continue
        state.protect(c, "kill", stops=stops, text=why)
        if stops == "all":
            state.annul_kill(c, text=why)


_M76_READINGS = ("IP-M76-PAIRS", "IP-M76-PHONETIC", "IP-M76-AGGREGATE", "IP-M76-SEAT-53", "IP-M76-KILL-SCOPE",
                 "IP-M76-RULE22")


def _predominant_modifier(state: DealState, number: int, every: int, sound: str, colour: str,
                          ranks: tuple[int, ...]) -> None:
    if state.facts.number % every or sound not in _m76_vote(state):
        return
    _unkillable(state, number, lambda c: (c.red if colour == "red" else c.black) and c.real_rank in ranks,
                f"deal {state.facts.number}: {sound} predominate")


# Modifiers 76 and 77 as data: (number, every how many deals, what predominates in the phonetic names,
# the colour and the real ranks of the cards that cannot be killed, summary) (:func:`_predominant_modifier`).
_PREDOMINANT_MODIFIERS = (
    (76, 4, "vowels", "red", (3, 6, 9),
     "Vowels predominate in the phonetic names of the dimensions of the players sitting "
     "opposite on N, E, S, W: every 4th deal the red foskas of rank 3, 6, 9 cannot be killed."),
    (77, 5, "consonants", "black", (3, 7, 10),
     "Consonants predominate in the phonetic names of the dimensions of the players sitting "
     "opposite on N, E, S, W: every 5th deal the black Threes, Sevens and Tens cannot be killed."),
)
for _number, _every, _sound, _colour, _ranks, _summary in _PREDOMINANT_MODIFIERS:
    modifier(number=_number, group="external", hook="setup", summary=_summary,
             reads=("dimension", "seats", "deal_number", "card_states", "modifiers"), does=("protect", "revive"),
             readings=_M76_READINGS)(partial(_predominant_modifier, number=_number, every=_every, sound=_sound,
                                             colour=_colour, ranks=_ranks))
del _number, _every, _sound, _colour, _ranks, _summary


# ---------------------------------------------------------------------------- M78 - M88 (clothing)
def _croupier_hard(state: DealState) -> bool:
    call = state.table.croupier.get(CROUPIER_CLOTHING)
    if call is None:
        return False
    if call != _HARD_TO_TELL:
        raise RulesError(f"the croupier's call on the clothing {call!r} is not {_HARD_TO_TELL!r}", value=call)
    return True


def dominant_tone(tones: list[str | None], mode: str = "light_over_dark") -> str | None:
    """The dominant tone of the clothing ("light" / "dark"), or None (IP-M78-TONE). Players whose
    clothing is not recorded (None) are left out of the count."""
    tones = [t for t in tones if t is not None]
    light, dark, none = tones.count("light"), tones.count("dark"), tones.count("none")
    for tone, mine, other in (("light", light, dark), ("dark", dark, light)):
        if mode == "majority":
            if mine * 2 > len(tones):
                return tone
        elif mine > other and (mode != "plurality" or mine > none):
            return tone
    return None


def _tone(state: DealState) -> str | None:
    return dominant_tone([table_player(state, p).clothing for p in state.players], state.reading("IP-M78-TONE"))


def _tone_for_78_84(state: DealState) -> str | None:
    # The call stops 78-84 under complement and under hue (which handles the call as complement does).
    if _croupier_hard(state) and state.reading("IP-M85-NO-DOMINANT") != "ruling_adds_only":
        return None
    return _tone(state)


def _clothing_recorded(state: DealState) -> bool:
    return any(table_player(state, p).clothing is not None for p in state.players)


def dominant_hue(hues: list[str | None]) -> str | None:
    """IP-M85-NO-DOMINANT ``hue``: the hue worn by more players than any other hue, or None when the
    top count is shared or no hue is recorded. Players whose hue is not recorded (None) are left out."""
    counts: dict[str, int] = {}
    for h in hues:
        if h is not None:
            counts[h] = counts.get(h, 0) + 1
    if not counts:
        return None
    ranked = sorted(counts.values(), reverse=True)
    if len(ranked) > 1 and ranked[0] == ranked[1]:
        return None
    return max(counts, key=counts.__getitem__)


def _no_dominant(state: DealState) -> bool:
    """Modifiers 85-88: no dominant colour, or the croupier's call. Nobody's clothing recorded is
    no fact at all (the neutral default), not a fact of "no dominant colour". Under IP-M85-NO-DOMINANT
    ``hue`` the colour is the clothing's hue (:func:`dominant_hue`), nobody's hue recorded being no fact
    either; IP-M78-TONE compares light with dark and does not apply to hues."""
    if _croupier_hard(state):
        return True
    if state.reading("IP-M85-NO-DOMINANT") == "hue":
        hues = [table_player(state, p).clothing_hue for p in state.players]
        return any(h is not None for h in hues) and dominant_hue(hues) is None
    return _clothing_recorded(state) and _tone(state) is None


def _light_time(state: DealState) -> bool:
    f = state.facts
    if state.reading("IP-M78-SUN-CLOCK") == "shifted_time" and f.clock is not None:
        moment = f.clock
        up = sun_is_up(state.table.place.latitude, state.table.place.longitude, moment)
    else:
        moment, up = f.moment, f.sun_up
    if state.reading("IP-M78-DAYLIGHT") == "calendar_day":
        return up or moment.hour < 12
    return up


def in_window(hour: int, minute: int, start: int, end: int, both_ends: bool = False) -> bool:
    """Whether hh:mm lies in the window start..end (hours; it may cross midnight)."""
    t, s, e = hour * 60 + minute, start * 60, end * 60
    if both_ends and t == e:
        return True
    return s <= t < e if s < e else (t >= s or t < e)


def _window(state: DealState, start: int, end: int, player: str | None = None) -> bool:
    """Whether the deal's time (with ``player``, the time of his cards: his own under IP-M48-COUNT
    ``per_player_own``) lies in the window (IP-M85-CLOCK, IP-M85-WINDOW)."""
    f = state.facts
    if state.reading("IP-M85-CLOCK") == "game_time" and f.clock is not None:
        t = f.clock_of(player) if player is not None else f.clock
    else:
        t = f.moment
    return in_window(t.hour, t.minute, start, end, state.reading("IP-M85-WINDOW") == "both_ends_in")


def _in_time(state: DealState, start: int, end: int) -> list[str]:
    """The players whose cards' time lies in the window: all or none but under IP-M48-COUNT
    ``per_player_own``, where each player's own watches move his time."""
    return [p for p in state.players if _window(state, start, end, p)]


def _grant_all(state: DealState, wanted: Callable[[CardState], bool], status: str, why: str) -> None:
    """Give ``status`` to every natural card ``wanted`` selects; a dead one as IP-M78-DEAD reads."""
    dead_mode = state.reading("IP-M78-DEAD")
    for c in state.cards:
        if not wanted(c):
            continue
        if c.state == DEAD:
            if dead_mode == "revive":
                state.revive(c, into=status, text=why)
            elif dead_mode == "state_then_rules_3_4" and status != HOME:
                into = HOME if status == FREE else NATURAL
                rule = "B3" if status == FREE else "B4"
                state.revive(c, into=into, text=f"{why}: {status}, then base rule {rule[1:]}")
            continue
        if natural_card(c):
            state.grant(c, status, text=why)


def _cards(*wanted: tuple[int, str]) -> Callable[[CardState], bool]:
    return lambda c: any(c.is_(r, s) for r, s in wanted)


def _clothing_modifier(state: DealState, tone: str, deal: int, status: str,
                       wanted: tuple[tuple[int, str], ...]) -> None:
    if state.facts.number != deal or _tone_for_78_84(state) != tone:
        return
    if _light_time(state) != (tone == "light"):
        return
    why = f"{tone} clothing dominates, deal {deal} {'before' if tone == 'light' else 'after'} sunset"
    _grant_all(state, _cards(*wanted), status, why)


_READS_78 = ("clothing", "croupier", "deal_number", "time", "daylight", "card_states")
_READINGS_78 = ("IP-M78-TONE", "IP-M78-DAYLIGHT", "IP-M78-SUN-CLOCK", "IP-M78-DEAD", "IP-M85-NO-DOMINANT")

# Modifiers 78, 79 and 81-83 as data: (number, dominant tone, deal number, status, the cards that get it,
# summary). Light clothing acts before sunset, dark after (:func:`_clothing_modifier`).
_CLOTHING_MODIFIERS = (
    (78, "light", 2, FREE, ((11, "h"), (11, "d")),
     "Light clothing dominates: deal 2, before sunset, is played with free red Elves."),
    (79, "light", 3, HOME, ((10, "h"), (10, "d")),
     "Light clothing dominates: deal 3, before sunset, is played with home red Tens."),
    (81, "dark", 1, FREE, ((12, "c"), (12, "s")),
     "Dark clothing dominates: deal 1, after sunset, is played with free black Unicorns."),
    (82, "dark", 2, FREE, ((14, "c"), (14, "s")),
     "Dark clothing dominates: deal 2, after sunset, is played with free black Dragons."),
    (83, "dark", 3, HOME, ((9, "c"), (9, "s")),
     "Dark clothing dominates: deal 3, after sunset, is played with home black Nines."),
)
for _number, _colour, _deal, _status, _wanted, _summary in _CLOTHING_MODIFIERS:
    modifier(number=_number, group="external", summary=_summary, reads=_READS_78, does=(_status,),
             readings=_READINGS_78)(partial(_clothing_modifier, tone=_colour, deal=_deal, status=_status,
                                            wanted=_wanted))
del _number, _colour, _deal, _status, _wanted, _summary


def _previous_open(state: DealState) -> list[int]:
    """The real ranks of the previous deal's open cards."""
    previous = state.history.previous if state.history is not None else None
    if previous is None:
        return []
    return [c.rank for c in previous.open_cards]


_ORDER_KEY = "card_order"


def _keep_order(state: DealState) -> None:
    """IP-M80-ORDER ``previous_deal_order``: the deal keeps its card order for the next deal's 80, 84
    and 88 (the order is final by then: only base rule 19 and modifier 50 change it)."""
    if state.reading("IP-M80-ORDER") == "previous_deal_order" and state.card_order == "inverted":
        state.carry[_ORDER_KEY] = "inverted"


def _extreme(state: DealState, ranks: list[int], lowest: bool) -> list[int]:
    """The two lowest (highest) of ``ranks`` as IP-M80-ORDER and IP-M80-TWO-CARDS read them."""
    order = state.reading("IP-M80-ORDER")
    if order == "previous_deal_order":
        previous = state.history.previous if state.history is not None else None
        inverted = previous is not None and previous.carry.get(_ORDER_KEY) == "inverted"
    else:
        inverted = order == "current_deal_order" and state.card_order == "inverted"
    ascending = lowest != inverted
    ordered = sorted(ranks, reverse=not ascending)
    if state.reading("IP-M80-TWO-CARDS") == "two_ranks":
        distinct: list[int] = []
        for r in ordered:
            if r not in distinct:
                distinct.append(r)
        return distinct[:2]
    return sorted(set(ordered[:2]), key=ordered.index)


@modifier(number=80, group="external",
          summary="Light clothing dominates: deal 4, before sunset, is played with wild red honors of the "
                  "ranks of the two lowest cards dealt open in the previous deal.",
          reads=(*_READS_78, "history"), does=("wild",),
          readings=(*_READINGS_78, "IP-M80-NON-HONOR", "IP-M80-ORDER", "IP-M80-TWO-CARDS"))
def m80(state: DealState) -> None:
    _keep_order(state)
    if state.facts.number != 4 or _tone_for_78_84(state) != "light" or not _light_time(state):
        return
    ranks = _previous_open(state)
    mode = state.reading("IP-M80-NON-HONOR")
    if mode == "lowest_honors":
        ranks = [r for r in ranks if is_honor(r)]
    wild: set[int] = set()
    for r in _extreme(state, ranks, lowest=True):
        if is_honor(r):
            wild.add(r)
        elif mode == "mirror":
            o = opposite_rank(r)
            if o is not None and is_honor(o):
                wild.add(o)
    if wild:
        _grant_all(state, lambda c: c.red and c.real_rank in wild, WILD,
                   "light clothing dominates, deal 4 before sunset: the lowest open cards of deal 3")


def m84_rank(rank: int, eight: str = "mirror_8_none") -> int | None:
    """Modifier 84: the opposite rank, lowered by 2 until it is an honor (None for an Eight that
    has no opposite)."""
    o = opposite_rank(rank)
    if o is None:
        if eight != "mirror_8_self":
            return None
        o = rank
    while not is_honor(o):
        o = lower_rank(o, 2)
    return o


def m88_rank(rank: int, inclusive: bool = True) -> int:
    """Modifier 88: the rank, lowered by 3 until it lies in Five..Elf (Six..Ten if exclusive)."""
    lo, hi = (5, 11) if inclusive else (6, 10)
    while not lo <= rank <= hi:
        rank = lower_rank(rank, 3)
    return rank


def _convert(state: DealState, sources: dict[int, int], colour: tuple[str, ...] | None, why: str,
             players: list[str] | None = None) -> None:
    """IP-M84-TARGET ``convert_cards``: the cards of each source rank (of ``players``: every player's by
    default) take the target rank and are wild."""
    for c in state.cards:
        if c.real_rank not in sources or (colour is not None and c.real_suit not in colour):
            continue
        if players is not None and c.player not in players:
            continue
        target = sources[c.real_rank]
        if c.dead or not natural_card(c):
            _grant_all(state, lambda x, c=c: x is c, WILD, why)
            continue
        if target != c.real_rank:
            state.change_rank(c, target, text=f"{why}: lowered to {target}")
        state.grant(c, WILD, override=True, text=why)


@modifier(number=84, group="external",
          summary="Dark clothing dominates: deal 4, after sunset, is played with wild black honors "
                  "opposite in rank to the two highest cards dealt open in the previous deal, a fosk "
                  "lowered by 2 until it is an honor.",
          reads=(*_READS_78, "history"), does=("wild", "rank"),
          readings=(*_READINGS_78, "IP-M80-ORDER", "IP-M80-TWO-CARDS", "IP-M84-OPPOSITE", "IP-M84-TARGET"))
def m84(state: DealState) -> None:
    _keep_order(state)
    if state.facts.number != 4 or _tone_for_78_84(state) != "dark" or _light_time(state):
        return
    eight = state.reading("IP-M84-OPPOSITE")
    why = "dark clothing dominates, deal 4 after sunset: the highest open cards of deal 3"
    sources: dict[int, int] = {}
    for r in _extreme(state, _previous_open(state), lowest=False):
        target = m84_rank(r, eight)
        if target is None:
            continue
        o = opposite_rank(r) or r
        sources[o] = target
    if not sources:
        return
    if state.reading("IP-M84-TARGET") == "convert_cards":
        _convert(state, sources, BLACK, why)
        return
    wild = set(sources.values())
    _grant_all(state, lambda c: c.black and c.real_rank in wild, WILD, why)


def _croupier_modifier(state: DealState, deal: int, start: int, end: int, wanted: tuple[tuple[int, str], ...],
                       moved: tuple[str, int] | None = None) -> None:
    if moved is not None and state.reading(moved[0]) != "as_written":
        deal = moved[1]
    if state.facts.number != deal or not _no_dominant(state):
        return
    held = _in_time(state, start, end)
    if not held:
        return
    why = (f"no dominant colour in the clothing, deal {deal} between {start:02d}:00 and {end:02d}:00")
    named = _cards(*wanted)
    _grant_all(state, lambda c: c.player in held and named(c), FREE, why)


_READS_85 = ("clothing", "croupier", "deal_number", "time", "card_states")
_READINGS_85 = ("IP-M78-TONE", "IP-M78-DEAD", "IP-M85-NO-DOMINANT", "IP-M85-WINDOW", "IP-M85-CLOCK")

# Modifiers 85-87 as data: (number, deal number, the hours the window opens and closes, the cards played
# free, summary, and the reading that may move the deal with the deal it moves it to: modifier 87's is
# the deal its text names under IP-M87-DEAL-NUMBER ``as_written``, else deal 3). With no dominant colour
# in the clothing, the players in the window get the cards free (:func:`_croupier_modifier`).
_CROUPIER_MODIFIERS = (
    (85, 1, 5, 17, ((12, "c"), (11, "h"), (13, "s"), (14, "d")),
     "No dominant colour in the clothing (or the croupier finds it hard to tell): deal 1, "
     "between 05:00 and 17:00, is played with free Qc, Jh, Ks and Ad.", None),
    (86, 2, 11, 23, ((11, "c"), (13, "h"), (14, "s"), (12, "d")),
     "No dominant colour in the clothing (or hard to tell): deal 2, between 11:00 and 23:00, "
     "is played with free Jc, Kh, As and Qd.", None),
    (87, 2, 16, 4, ((11, "d"), (13, "c"), (14, "h"), (12, "s")),
     "No dominant colour in the clothing (or hard to tell): deal 2, between 16:00 and 04:00, "
     "is played with free Jd, Kc, Ah and Qs.", ("IP-M87-DEAL-NUMBER", 3)),
)
for _number, _deal, _start, _end, _wanted, _summary, _moved in _CROUPIER_MODIFIERS:
    modifier(number=_number, group="external", kind="croupier", summary=_summary, reads=_READS_85,
             does=("free",), readings=(*_READINGS_85, *(_moved[:1] if _moved else ())))(
        partial(_croupier_modifier, deal=_deal, start=_start, end=_end, wanted=_wanted, moved=_moved))
del _number, _deal, _start, _end, _wanted, _summary, _moved


@modifier(number=88, group="external", kind="croupier",
          summary="No dominant colour in the clothing (or hard to tell): deal 2, between 19:00 and 07:00, "
                  "is played with wild cards of the ranks of the two highest cards dealt open in the "
                  "previous deal, lowered by 3 until they lie in Five..Elf.",
          reads=(*_READS_85, "history"), does=("wild", "rank"),
          readings=(*_READINGS_85, "IP-M87-DEAL-NUMBER", "IP-M88-RANGE", "IP-M80-ORDER", "IP-M80-TWO-CARDS",
                    "IP-M84-TARGET"))
def m88(state: DealState) -> None:
    _keep_order(state)
    deal = 2 if state.reading("IP-M87-DEAL-NUMBER") == "as_written" else 4
    held = _in_time(state, 19, 7) if state.facts.number == deal and _no_dominant(state) else []
    if not held:
        return
    inclusive = state.reading("IP-M88-RANGE") == "inclusive"
    sources = {r: m88_rank(r, inclusive) for r in _extreme(state, _previous_open(state), lowest=False)}
    if not sources:
        return
    why = f"no dominant colour in the clothing, deal {deal} between 19:00 and 07:00"
    if state.reading("IP-M84-TARGET") == "convert_cards":
        _convert(state, sources, None, why, held)
        return
    wild = set(sources.values())
    _grant_all(state, lambda c: c.player in held and c.real_rank in wild, WILD, why)
