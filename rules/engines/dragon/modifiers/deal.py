"""Conditional modifiers 1-33, the seed's group "Раздача" (the deal).

Conventions (``rules/modifiers/01-25-deal.md``): "k-th from the dealer" counts clockwise from
the dealer's left-hand neighbour (1), the dealer last; "the n-th open circle" counts open
circles only, in the pattern as dealt (IP-M5-AFTERMATH ``final_pattern``); trigger cards are
read by their real rank and suit whatever their state, dead cards excepted (IP-M26-CARD-STATE
``live_any_state``); conditions are judged on the state reached so far (base rule 10). The pattern
modifiers (5, 6, 12) act while the cards are dealt, before any card has a state: they read the cards
as dealt (IP-M5-IDENTITY ``real_identity_any_state``).
"""

from __future__ import annotations

from ...cards import is_honor, lower_rank, opposite_rank, opposite_suit, raise_rank
from ...readings import declare
from ..context import SEATS
from ..state import DEAD, FREE, HOME, NATURAL, WILD, CardState, Claim, DealState, rule_source
from ..tables import dead_rank, home_ranks, wild_rank
from .base import PatternView, attach_final, attach_options, attach_setup, modifier
from .common import BLACK, RED, incdec_target, m3_month, natural_card, once_each
from .points_deal import POINTS

__all__: list[str] = []

declare("dragon", POINTS)  # the group's interpretation points, data in points_deal.py


def _live(c: CardState | None) -> bool:
    return c is not None and c.state != DEAD


def _named(state: DealState, c: CardState) -> bool:
    """Whether ``c`` takes part as a card a condition names or as the modifying card (IP-M26-CARD-STATE);
    the caller checks its rank and suit."""
    how = state.reading("IP-M26-CARD-STATE")
    if how == "natural_only":
        return c.state == NATURAL and not c.modified
    return how == "any_incl_dead" or c.state != DEAD


# ---------------------------------------------------------------------------- shared readings
def _mandatory_default(state: DealState, rule: str, player: str) -> bool:
    """Whether to apply a mandatory choice the player did not declare."""
    if state.reading("IP-MANDATORY-CLAIM") == "refuse":
        from ...errors import RulesError
        raise RulesError(f"{rule} obliges {player} to choose, and no claim was declared",
                         value=rule, rule=rule)
    return True


def _one_claim(state: DealState, rule: str, player: str, claims: list[Claim]) -> Claim | None:
    mine = [c for c in claims if c.player == player]
    if len(mine) > 1:
        state.refuse(mine[1], f"{rule} gives {player} one choice")
    return mine[0] if mine else None


def _refuse_others(state: DealState, claims: list[Claim], allowed: set[str], reason: str) -> None:
    for claim in claims:
        if claim.player not in allowed:
            state.refuse(claim, reason)


# ---------------------------------------------------------------------------- M1, M2
def m1_number(day: int, month: int, year: int, weekday: int, players: int, *, digital_root: bool = False) -> int:
    """The seed's sum, reduced by digit sums while it is above the number of players (IP-M1-COUNT
    ``digital_root``: down to one digit): 30 March 2000 (Thursday): 30+3+2000+4 = 2037 -> 12 -> 3."""
    total = day + month + year + weekday
    while total >= 10 and (digital_root or total > players):
        total = sum(int(d) for d in str(total))
    return total


def _m1_month(state: DealState) -> int:
    """The month in modifier 1's sum (IP-M3-SCOPE): the calendar month, or the one M3 shifted (as
    Table 3 reads it: after the clocks rolled the date over, IP-M48-SCOPE ``full_timestamp``, M3's
    shift of the new month)."""
    f = state.facts
    if state.reading("IP-M3-SCOPE") == "every_month_read" and any(
            source == "M3" and name == "table3_month" for source, name, _before, _after in f.adjustments):
        return f.table3_month
    return f.month


@modifier(number=1, group="deal",
          summary="Day + month + year + weekday, reduced by digit sums, names the player counted "
                  "clockwise from the dealer (the dealer last) who has no wild cards.",
          reads=("date", "weekday", "players", "dealer", "card_states"), does=("unwild", "ban"),
          readings=("IP-M1-COUNT", "IP-M1-UNWILD", "IP-M1-LAYER", "IP-M3-SCOPE"))
def m01(state: DealState) -> None:
    f = state.facts
    number = m1_number(f.day, _m1_month(state), f.year, f.weekday, f.players,
                       digital_root=state.reading("IP-M1-COUNT") == "digital_root")
    if number > f.players and state.reading("IP-M1-COUNT") == "no_effect":
        state.note("void", (), f"M1's number {number} exceeds {f.players} players")
        return
    player = state.at_position(number)
    position = state.position(player)
    why = f"{player} is player {position} from the dealer (the date's number is {number})"
    state.marks["M1"] = player
    stripped = []
    for c in state.hand(player):
        if state.strip(c, WILD, text=why):
            stripped.append(c)
    state.marks["M1-stripped"] = stripped
    if state.reading("IP-M1-LAYER") == "persistent":
        state.ban(WILD, lambda c: c.player == player, text=f"{why}: no card of his becomes wild in this deal")
    if not stripped:
        state.note("fired", (), f"{why}: no wild cards", player=player)


@modifier(number=2, group="deal", readings=("IP-M2-SOURCE",),
          summary="If the M1 player gets, in the first open circle, a wild card M1 cancelled, M1 is "
                  "annulled for all his cards.",
          reads=("circles", "card_states", "modifiers"), does=("wild", "cancel"))
def m02(state: DealState) -> None:
    stripped: list[CardState] = state.marks.get("M1-stripped", [])  # type: ignore[assignment]
    first = state.nth_open(1)
    if not stripped or first is None:
        return
    trigger = [c for c in stripped if c.circle == first]
    if not trigger:
        return
    state.bans[:] = [b for b in state.bans if b[2] != "M1"]     # IP-M1-LAYER persistent: M1 is annulled
    for c in stripped:
        state.restore(c, WILD, text=f"{trigger[0].card} came in the first open circle: M1 is annulled")


@attach_final(2)
def _m02_final(state: DealState) -> None:
    """IP-M2-SOURCE ``any_source``: the M1 player's card of the first open circle as the deal ends."""
    player = state.marks.get("M1")
    if state.reading("IP-M2-SOURCE") != "any_source" or player is None or state.is_cancelled(1):
        return
    x = state.player_card(player, state.nth_open(1))     # type: ignore[arg-type]
    if x is None or x.dead:
        return
    refused = any(e.source == "M1" and e.change == "refused" and x.card in e.cards for e in state.trace)
    if x.state == WILD or refused:
        state.cancel(1, text=f"{x.card}, wild for {player} but for modifier 1, came in the first open circle")


# ---------------------------------------------------------------------------- M3
@modifier(number=3, group="deal", hook="adjust",
          summary="The number of players shifts the month Table 3 reads: a multiple of 3 one "
                  "forward, of 2 two back, of 5 inverted.",
          reads=("players", "date"), does=("month",), readings=("IP-M3-BOTH", "IP-M3-INVERT"))
def m03(facts, readings) -> None:
    month = m3_month(facts.table3_month, facts.players, readings["IP-M3-BOTH"], readings["IP-M3-INVERT"])
    if month != facts.table3_month:
        facts.adjust("table3_month", month, "M3")


# ---------------------------------------------------------------------------- M4
def second_from_dealer(state: DealState) -> str | None:
    """The player 'second from the dealer' of modifiers 4 and 11 (IP-M4-SECOND), or None when
    the seat read is empty."""
    how = state.reading("IP-M4-SECOND")
    if how == "second_seat_clockwise":
        seat = state.seat(state.facts.dealer)
        return state.facts.player_at_seat(SEATS[(SEATS.index(seat) + 2) % len(SEATS)])
    return state.at_position(-2 if how == "counterclockwise" else 2)


@modifier(number=4, group="deal",
          summary="A woman deals: no home cards. If the second from her is a woman too, foskas and "
                  "Unicorns stay home, home Giants become free and the other Giants die.",
          reads=("sex", "dealer", "card_states", "history"), does=("unhome", "free", "kill", "ban"),
          readings=("IP-M4-SECOND", "IP-M4-CASEB-OTHERS", "IP-M4-DURATION", "IP-M4-LAYER"))
def m04(state: DealState) -> None:
    table = state.table
    woman = table.player(state.facts.dealer).sex == "f"
    carried = (state.reading("IP-M4-DURATION") == "rest_of_game" and state.history is not None
               and bool(state.history.carried("M4")))
    if not woman and not carried:
        return
    if woman and state.reading("IP-M4-DURATION") == "rest_of_game":
        state.carry["M4"] = state.facts.number
    second = second_from_dealer(state)
    case_b = woman and second is not None and table.player(second).sex == "f"
    keep_others = case_b and state.reading("IP-M4-CASEB-OTHERS") == "no"
    if state.reading("IP-M4-LAYER") == "persistent":
        state.ban(HOME, lambda c: not (case_b and (c.fosk or c.is_(12) or keep_others)),
                  text="no home cards in this deal")
    for c in state.cards:
        if case_b and c.is_(13):
            if c.state == HOME:
                state.grant(c, FREE, override=True, text="a home Giant becomes free (second from the dealer is a woman)")
            else:
                state.kill(c, text="a Giant that was not home dies (second from the dealer is a woman)")
            continue
        if c.state != HOME:
            continue
        if case_b and (c.fosk or c.is_(12) or keep_others):
            continue
        state.strip(c, HOME, text="a woman deals: no home cards")


# ---------------------------------------------------------------------------- pattern modifiers
# Besides "open" and "dark", a pattern hook may give a circle of the nine-circle plan one of these kinds;
# the dealing (``deal.Dealing``) deals it as the reading says.
UNDEALT = "undealt"                      # IP-M6-LENGTH eight_circles: the ninth circle is not dealt
OPEN_DEALER_DARK = "open_dealer_dark"    # IP-M5-SCOPE single_last_card: open, but the dealer's card dark
DARK_THEN_OPEN = "dark_then_open"        # IP-M5-SCOPE extra_dark_card: a dark circle, then this open one


def _dealt_is(view: PatternView, c, rank: int, suit: str | None = None) -> bool:
    """Whether a card being dealt counts as the card a pattern modifier (5, 6, 12) names (IP-M5-IDENTITY):
    by its rank and suit; under natural_state_only also natural by the states the tables give while
    dealing (Table 2's wild and dead ranks, Table 3's home ranks)."""
    if not c.is_(rank, suit):
        return False
    if view.reading("IP-M5-IDENTITY") == "real_identity_any_state":
        return True
    facts = view.facts
    hour = facts.hour_of(c.player)        # the holder's hour (IP-M48-COUNT per_player_own)
    if wild_rank(hour) == rank or (not facts.first_deal and dead_rank(hour) == rank):
        return False
    return rank not in home_ranks(facts.table3_month)


def _counts(state: DealState, c: CardState) -> bool:
    """Whether ``c`` counts as the trigger or target card a modifier of 7-25 names, where the modifier names
    no state (IP-M5-IDENTITY; base rule 24: "карта – естественная карта"); the caller checks its rank and
    suit. Under natural_state_only only a natural card counts: not wild, home, free or dead, and playing
    as its real rank and suit, which are the rank and suit it was dealt with unless a modifier gave them
    as those of 'an ordinary natural card' (a new real rank of modifiers 17, 18: ``state.rebased``)."""
    if state.reading("IP-M5-IDENTITY") != "natural_state_only":
        return True
    if c.state != NATURAL or (c.rank, c.suit) != (c.real_rank, c.real_suit):
        return False
    if (c.real_rank, c.real_suit) == (c.card.rank, c.card.suit):
        return True
    found = state.rebased.get(c.seq)
    return found is not None and not found[2]


@modifier(number=5, group="deal", hook="pattern", pattern_last=True,
          readings=("IP-M5-SCOPE", "IP-M5-IDENTITY", "IP-M5-AFTERMATH"),
          summary="A Dragon as the first face-up card: the last circle that would be open is dealt "
                  "dark, after every other dealing modifier.",
          reads=("circles",), does=("pattern",))
def m05(view: PatternView) -> None:
    up = view.face_up()
    if not up or not _dealt_is(view, up[0], 14):
        return
    opens = [i for i, kind in enumerate(view.pattern) if kind == "open" and i + 1 >= view.frm]
    if opens:
        new = list(view.pattern)
        scope = view.reading("IP-M5-SCOPE")
        new[opens[-1]] = {"last_open_circle": "dark", "single_last_card": OPEN_DEALER_DARK,
                          "extra_dark_card": DARK_THEN_OPEN}[scope]
        view.set(new, f"the first face-up card is {up[0].card}")


_M6_PATTERN = ("dark", "dark", "dark", "open", "open", "dark", "open", "open", "dark")
_M6_PRINTED = ("dark", "dark", "dark", "open", "open", "dark", "open", "open", UNDEALT)


@modifier(number=6, group="deal", hook="pattern",
          readings=("IP-M6-PAIR", "IP-M6-CIRCLE", "IP-M6-LENGTH", "IP-M5-IDENTITY"),
          summary="Two Threes of opposite suits face up in the first open circle: d,d,d,o,o,d,o,o(,d); "
                  "a Three in the second open circle cancels it.",
          reads=("circles",), does=("pattern",))
def m06(view: PatternView) -> None:
    first = view.nth_open(1)
    if view.reading("IP-M6-CIRCLE") == "circle_1_literal" and first != 1:
        return
    if first is None or not view.is_dealt(first):
        return
    shown = [c.card.suit for c in view.circle(first) if _dealt_is(view, c, 3)]
    threes = set(shown)
    if not ({"h", "s"} <= threes or {"d", "c"} <= threes):
        return
    if view.reading("IP-M6-PAIR") == "exactly_two_threes" and len(shown) != 2:
        return
    second = view.nth_open(2)
    if second is not None and view.is_dealt(second) and any(_dealt_is(view, c, 3) for c in view.circle(second)):
        return
    order = _M6_PRINTED if view.reading("IP-M6-LENGTH") == "eight_circles" else _M6_PATTERN
    view.set(order, "two Threes of opposite suits in the first open circle")


_M12_PATTERN = ("dark", "dark", "dark", "open", "open", "dark", "open", "dark", "open")


@modifier(number=12, group="deal", hook="pattern", readings=("IP-M12-WINDOW", "IP-M5-IDENTITY"),
          summary="The Nine of diamonds in the second open circle: d,d,d,o,o,d,o,d,o; void if the "
                  "Unicorn of clubs shows before the next open circle.",
          reads=("circles",), does=("pattern",))
def m12(view: PatternView) -> None:
    second = view.nth_open(2)
    if second is None or not view.is_dealt(second):
        return
    nines = [c for c in view.circle(second) if _dealt_is(view, c, 9, "d")]
    if not nines:
        return
    after = nines[0].seq if view.reading("IP-M12-WINDOW") == "after_9d_only" else -1
    if any(_dealt_is(view, c, 12, "c") and c.open and c.circle <= second and c.seq > after for c in view.dealt):
        return
    view.set(_M12_PATTERN, "the Nine of diamonds in the second open circle")


# ---------------------------------------------------------------------------- M7 - M11
def _annulled_touch(state: DealState, number: int, cards: list[CardState], why: str) -> None:
    """IP-M11-RULE22 ``count_every_touch``: the cards an annulled kill of modifier ``number`` (7-9)
    would have reached use one of their three base-rule-22 slots; nothing else about them changes."""
    if state.reading("IP-M11-RULE22") != "count_every_touch":
        return
    cancelled = state.cancelled.get(number)
    natural_only = state.reading("IP-KILL-REACH") == "natural_only"
    rule_wins = state.reading("IP-RULE11-STATES") == "rule_wins"
    touched = []
    for c in cards:
        if c.dead or c.frozen or number in c.mods or len(c.mods) >= 3:
            continue
        if natural_only and c.state != NATURAL:
            continue
        if cancelled is not None and (cancelled[1] is None or cancelled[1](c)):
            continue
        if rule_wins and c.state_source is not None and rule_source(c.state_source):
            continue
        c.mods = (*c.mods, number)
        touched.append(c)
    if touched:
        state.fired.add(number)        # a later cancel of the modifier must take the slots back (a rerun)
        state.note("void", touched, f"{why}: the annulled kill uses one of the card's three modifier slots "
                                    f"(base rule 22)")


@modifier(number=7, group="deal",
          summary="A Ten in the first open circle kills the Sevens, except those dealt face up after "
                  "it; a second face-up Ten annuls it.",
          reads=("circles", "card_states"), does=("kill",),
          readings=("IP-M7-SCOPE", "IP-M7-SECOND", "IP-M11-RULE22", "IP-M5-IDENTITY"))
def m07(state: DealState) -> None:
    first = state.nth_open(1)
    tens = [c for c in state.face_up() if c.is_(10) and c.live and _counts(state, c)]
    if first is None or not tens:
        return
    if state.reading("IP-M7-SECOND") == "toggle":
        ten = tens[-1]
        annulled = [t for t in tens[:-1] if t.circle == first]
    else:
        ten = tens[0]
        annulled = [ten] if len(tens) >= 2 and ten.circle == first else []
        if annulled:
            state.note("void", tens[:2], "a second face-up Ten annuls the first")
    if ten.circle == first and ten not in annulled:
        for c in _m7_sevens(state, ten):
            if state.kill(c, text=f"killed by the {ten.card} of the first open circle"):
                _killed_by_card(state, c, ten)
    for t in annulled:
        _annulled_touch(state, 7, _m7_sevens(state, t), f"the {t.card} a later Ten annulled")


def _m7_sevens(state: DealState, ten: CardState) -> list[CardState]:
    """The Sevens the Ten ``ten`` of the first open circle kills (IP-M7-SCOPE)."""
    scope = state.reading("IP-M7-SCOPE")
    out = []
    for c in state.cards:
        if not c.is_(7) or (c.open and c.seq > ten.seq) or not _counts(state, c):
            continue
        if (scope == "already_dealt_only" and c.seq > ten.seq) or (scope == "ten_holder_only" and c.player != ten.player):
            continue
        out.append(c)
    return out


@modifier(number=8, group="deal",
          summary="A Six in the second open circle kills the Elves dealt face up before it; a Six "
                  "dealt right after it annuls it.",
          reads=("circles", "card_states"), does=("kill",),
          readings=("IP-M8-ANNUL", "IP-M8-SCOPE", "IP-M11-RULE22", "IP-M5-IDENTITY"))
def m08(state: DealState) -> None:
    second = state.nth_open(2)
    if second is None:
        return
    row = state.circle(second)
    acting: list[CardState] = []
    annulled: list[CardState] = []
    i = 0
    while i < len(row):
        c = row[i]
        if c.is_(6) and c.live and _counts(state, c):
            nxt = row[i + 1] if i + 1 < len(row) else None
            if nxt is not None and nxt.is_(6) and nxt.live and _counts(state, nxt):
                if state.reading("IP-M8-ANNUL") == "annuller_acts":
                    acting.append(nxt)
                else:
                    state.note("void", (c, nxt), "the next Six annuls the previous one")
                annulled.append(c)
                i += 2
                continue
            acting.append(c)
        i += 1
    own = state.reading("IP-M8-SCOPE") == "six_holder_only"

    def elves(six: CardState) -> list[CardState]:
        return [c for c in state.face_up() if c.is_(11) and c.seq < six.seq and (not own or c.player == six.player)
                and _counts(state, c)]

    for six in acting:
        for c in elves(six):
            if state.kill(c, text=f"killed by the {six.card} of the second open circle"):
                _killed_by_card(state, c, six)
    for six in annulled:
        _annulled_touch(state, 8, elves(six), f"the {six.card} the next Six annulled")


@modifier(number=9, group="deal", readings=("IP-M9-LAST", "IP-M9-DARKQ", "IP-M11-RULE22", "IP-M5-IDENTITY"),
          summary="A Unicorn as the last face-up card kills the face-up Fives, if no Giant showed in "
                  "the first two open circles; a Unicorn dealt dark spares its player.",
          reads=("circles", "card_states"), does=("kill",))
def m09(state: DealState) -> None:
    up = state.face_up()
    if not up:
        return
    if state.reading("IP-M9-LAST") == "last_face_up_card":
        unicorns = [up[-1]] if up[-1].is_(12) and up[-1].live and _counts(state, up[-1]) else []
    else:
        unicorns = [c for c in state.circle(state.last_open or 0) if c.is_(12) and c.live and _counts(state, c)]
    if not unicorns:
        return
    early = {state.nth_open(1), state.nth_open(2)} - {None}
    if any(c.is_(13) and c.live and _counts(state, c) for c in up if c.circle in early):
        return
    dark = [c for c in state.cards if not c.open and c.is_(12) and _counts(state, c)]
    how = state.reading("IP-M9-DARKQ")
    for q in unicorns:
        fives = [c for c in up if c.is_(5) and c.seq < q.seq and _counts(state, c)]
        if how == "cancels_all_if_same_player":
            if any(d.player == q.player for d in dark):
                state.note("void", (q,), f"{q.player} also got a dark Unicorn: no Five dies")
                _annulled_touch(state, 9, fives, f"the {q.card} a dark Unicorn of {q.player} annulled")
                continue
            spared: set[str] = set()
        else:
            spared = {d.player for d in dark if how == "exempts_its_recipient" or d.seq > q.seq}
        for c in fives:
            if c.player not in spared:
                if state.kill(c, text=f"killed by the {q.card} in the last face-up dealing"):
                    _killed_by_card(state, c, q)
        _annulled_touch(state, 9, [c for c in fives if c.player in spared],
                        f"the {q.card} a dark Unicorn annulled for their holder")


def _m10_victims(state: DealState, owner: str) -> list[str]:
    """The players whose red cards die for a revived card of ``owner`` (IP-M10-NEXT)."""
    how = state.reading("IP-M10-NEXT")
    if how == "next_counterclockwise":
        return [state.next_player(owner, -1)]
    if how == "both_ranks_both_players":
        pair = (owner, state.opposite(owner) or owner)
        return list(dict.fromkeys(state.next_player(p) for p in pair))
    return [state.next_player(owner)]


def _undo(state: DealState) -> bool:
    return state.reading("IP-M10-REVIVED") == "state_without_the_kill"


def m10_victim_rank(state: DealState, rank: int) -> int:
    """The rank of the red cards that die for a revived black honor of ``rank`` (IP-M10-LOWER)."""
    if state.reading("IP-M10-LOWER") == "lower_in_current_order" and state.card_order == "inverted":
        return raise_rank(rank, 2)
    return lower_rank(rank, 2)


@modifier(number=10, group="deal", readings=("IP-M10-REVIVED", "IP-M10-RED", "IP-M10-NEXT", "IP-M10-MULTI", "IP-M10-LOWER",
                                             "IP-M5-IDENTITY"),
          summary="Two dead black honors dealt face up to players sitting opposite revive; the next "
                  "players clockwise lose their red cards two ranks lower.",
          reads=("seats", "circles", "card_states"), does=("revive", "kill"))
def m10(state: DealState) -> None:
    dead_black = {}
    for c in state.face_up():
        if c.dead and c.honor and c.black:
            dead_black.setdefault(c.player, []).append(c)
    revived: list[CardState] = []
    if state.reading("IP-M10-MULTI") == "exactly_two" and sum(map(len, dead_black.values())) != 2:
        return
    for player, cards in dead_black.items():
        other = state.opposite(player)
        if other is not None and other in dead_black:
            revived.extend(cards)
    undo = _undo(state)
    face_up_only = state.reading("IP-M10-RED") == "face_up_only"
    for c in revived:
        state.revive(c, undo=undo, text=f"a dead black honor opposite another ({state.opposite(c.player)})")
    for c in revived:
        if c.dead:
            continue
        rank = m10_victim_rank(state, c.real_rank)
        for victim in _m10_victims(state, c.player):
            for v in state.hand(victim):
                if v.red and v.is_(rank) and (v.open or not face_up_only) and _counts(state, v):
                    if state.kill(v, text=f"instead of the revived {c.card} of {c.player}"):
                        pair = [x for x in revived if x.player in (c.player, state.opposite(c.player))]
                        _killed_by_card(state, v, max(pair, key=lambda x: x.seq))


def _killed_by_card(state: DealState, victim: CardState, killer: CardState) -> None:
    """Remember the card a kill of modifiers 7-10 hangs on (IP-M11-WHICH)."""
    known: dict[int, int] = state.marks.setdefault("M7-M10-by", {})  # type: ignore[assignment]
    known[victim.seq] = killer.seq


@modifier(number=11, group="deal", readings=("IP-M4-SECOND", "IP-M11-NEXT", "IP-M11-WHICH", "IP-M11-RULE22",
                                             "IP-M5-IDENTITY"),
          summary="A heart fosk to the second hand in the third open circle revives the face-up "
                  "cards killed by M7-M10; the Dragon of spades dealt next keeps diamonds and clubs dead.",
          reads=("circles", "card_states", "modifiers"), does=("revive",))
def m11(state: DealState) -> None:
    third = state.nth_open(3)
    second = second_from_dealer(state)
    card = state.player_card(second, third) if second is not None else None
    if card is None or not (card.real_suit == "h" and card.fosk) or card.dead or not _counts(state, card):
        return
    if state.reading("IP-M11-NEXT") == "next_players_next_face_up_card":
        after = state.next_player(card.player)
        nxt = next((c for c in state.hand(after) if c.open and c.seq > card.seq), None)
    else:
        nxt = state.cards[card.seq + 1] if card.seq + 1 < len(state.cards) else None
    only_hs = nxt is not None and nxt.open and nxt.is_(14, "s") and _counts(state, nxt)
    known = state.marks.get("M7-M10-by", {})
    before_trigger = state.reading("IP-M11-WHICH") == "dealt_before_trigger"
    for c in state.face_up():
        if c.dead and c.killed_by in ("M7", "M8", "M9", "M10"):
            if before_trigger and known.get(c.seq, -1) > card.seq:     # type: ignore[union-attr]
                continue
            if only_hs and c.real_suit in ("d", "c"):
                continue
            state.revive(c, undo=_undo(state), text=f"the {card.card} to the second hand in the third open circle")


# ---------------------------------------------------------------------------- M13
def _can_be(c: CardState, rank: int, suits: tuple[str, ...]) -> bool:
    """Whether a live card can play as ``rank`` of one of ``suits`` (M13's 'with all modifiers')."""
    if c.dead:
        return False
    if c.state == WILD:
        return True
    if c.state == HOME:
        return c.rank == rank
    if c.state == FREE:        # any honor of its suit, or itself (a free non-honour: IP-M44-FREE any_card)
        return (is_honor(rank) or c.rank == rank) and c.suit in suits
    return c.rank == rank and c.suit in suits


def _grant(state: DealState, c: CardState, status: str, *, override: bool = False, text: str = "") -> bool:
    """A status grant of modifiers 13, 15, 16, 24, 25 (IP-M13-DEADGRANT for dead cards)."""
    if c.dead and state.reading("IP-M13-DEADGRANT") == "revive_with_status":
        return state.revive(c, into=status, text=text)
    return state.grant(c, status, override=override, text=text)


def _m13_had_modifier(state: DealState, c: CardState) -> bool:
    if state.reading("IP-M13-HADMOD") == "conditional_modifiers_only":
        return any(n <= 12 for n in c.mods)
    return c.modified


@modifier(number=13, group="deal", readings=("IP-M13-NEXTTO", "IP-M13-DARKSCOPE", "IP-M13-NOCOND", "IP-M13-DEADGRANT",
                                             "IP-M13-HADMOD", "IP-M13-NINE", "IP-M5-IDENTITY"),
          summary="The Ten of spades with the Elf of clubs beside it in the last open circle: red "
                  "foskas to Four in the dark cards die (dead ones revive home), black Unicorns and "
                  "Giants in the dark cards become free (wild if already modified and the holder has "
                  "a red Nine or a black Eight).",
          reads=("circles", "card_states"), does=("kill", "revive", "home", "free", "wild"))
def m13(state: DealState) -> None:
    last = state.last_open
    if last is None:
        return
    row = state.circle(last)
    ok = False
    for i, c in enumerate(row):
        if c.is_(10, "s") and c.live and _counts(state, c):
            near = ([row[j] for j in (i - 1, i + 1) if 0 <= j < len(row)]
                    if state.reading("IP-M13-NEXTTO") == "adjacent_in_same_circle" else row)
            if any(n.is_(11, "c") and n.live and _counts(state, n) for n in near):
                ok = True
    if not ok:
        return
    dark = [c for c in state.cards if not c.open]
    for c in dark:
        if c.red and c.real_rank <= 4:
            if c.dead:          # "Если указанные фоски были убиты": the text names the state
                state.revive(c, into=HOME, text="a dead red fosk to Four in the dark cards")
            elif _counts(state, c):
                state.kill(c, text="a red fosk to Four in the dark cards")
    qk = dark if state.reading("IP-M13-DARKSCOPE") == "dark_only" else state.cards
    for c in qk:
        if not (c.black and c.real_rank in (12, 13)):
            continue
        if c.dead or not _m13_had_modifier(state, c):
            if _counts(state, c):
                _grant(state, c, FREE, text="a black Unicorn or Giant in the dark cards")
            continue
        if state.reading("IP-M13-NINE") == "final_state":
            modified: list[CardState] = state.marks.setdefault("M13-modified", [])  # type: ignore[assignment]
            modified.append(c)
            continue
        _m13_modified_qk(state, c)


def _m13_modified_qk(state: DealState, c: CardState) -> None:
    """M13's third sentence for one already modified black Unicorn or Giant."""
    helpers = [h for h in state.hand(c.player)
               if h is not c and (_can_be(h, 9, RED) or _can_be(h, 8, BLACK))]
    if helpers:
        state.use_as_modifying(helpers[0])
        state.grant(c, WILD, override=True, text=f"already modified, and {c.player} holds {helpers[0].card}")
    elif state.reading("IP-M13-NOCOND") == "free":
        state.grant(c, FREE, override=True, text="already modified, no red Nine or black Eight")


@attach_final(13)
def _m13_final(state: DealState) -> None:
    """IP-M13-NINE ``final_state``: the red Nine or black Eight judged on the deal as every modifier left it."""
    for c in state.marks.get("M13-modified", ()):      # type: ignore[union-attr]
        _m13_modified_qk(state, c)


# ---------------------------------------------------------------------------- M14 (claim)
@modifier(number=14, group="deal", kind="claim",
          readings=("IP-M14-COUNT", "IP-M14-TARGET", "IP-M14-RANKWORD", "IP-M14-NATURALNESS"),
          summary="A player with three dead face-up cards may invert the suit of two of his cards.",
          reads=("circles", "card_states", "claims"), does=("suit", "claim_right"))
def m14(state: DealState) -> None:
    for claim in state.claims_for("M14"):
        dead_up = [c for c in state.hand(claim.player) if c.open and c.dead]
        if len(dead_up) < 3 or (len(dead_up) > 3 and state.reading("IP-M14-COUNT") == "exactly_three"):
            state.refuse(claim, f"{claim.player} has {len(dead_up)} dead face-up card(s), modifier 14 needs three")
        chosen = ([claim.card] if claim.card is not None else []) + list(claim.cards)
        if not 1 <= len(chosen) <= 2:
            state.refuse(claim, "modifier 14 inverts the suit of one or two cards")
        for card in chosen:
            c = state.find(claim.player, card)
            anything = state.reading("IP-M14-TARGET") == "any_card"
            if (c.modified or c.dead) and not anything:
                state.refuse(claim, f"{card} is already modified (base rule 13)")
            if state.change_suit(c, opposite_suit(c.real_suit), real=state.reading("IP-M14-RANKWORD") == "new_suit",
                                 override=anything, text="inverted by its owner's claim"):
                # IP-M14-NATURALNESS: the judge tells the evaluator which cards these are
                inverted: list[CardState] = state.marks.setdefault("M14-inverted", [])  # type: ignore[assignment]
                inverted.append(c)


# ---------------------------------------------------------------------------- M15, M16
@modifier(number=15, group="deal", readings=("IP-M15-LOWEST", "IP-M15-TIE", "IP-M15-RULEWILD", "IP-M5-IDENTITY"),
          summary="No face-up card wild by a rule: the Dragons of the lowest face-up card's suit and "
                  "of the opposite suit are wild.",
          reads=("circles", "card_states"), does=("wild",))
def m15(state: DealState) -> None:
    up = state.face_up()
    if not up:
        return
    if state.reading("IP-M15-RULEWILD") == "identity":
        rule_wild = {card for e in state.trace if e.change == WILD and e.source in ("B2", "T2") for card in e.cards}
        if any(c.card in rule_wild for c in up):
            return
    elif any(c.state == WILD and c.state_source in ("B2", "T2") for c in up):
        return
    suit_rank = {s: i for i, s in enumerate("hdcs" if state.suit_order == "natural" else "schd")}
    inverted = state.reading("IP-M15-LOWEST") == "current_order" and state.card_order == "inverted"
    first = state.reading("IP-M15-TIE") == "first_dealt"
    cards = [c for c in up if _counts(state, c)]      # "наименьшая по номиналу карта" (IP-M5-IDENTITY)
    if not cards:
        return
    lowest = min(cards, key=lambda c: (-c.real_rank if inverted else c.real_rank,
                                       c.seq if first else -suit_rank[c.real_suit]))
    tied = [lowest]
    if state.reading("IP-M15-TIE") == "all_tied_suits":
        tied = [c for c in cards if c.real_rank == lowest.real_rank]
    suits = {s for c in tied for s in (c.real_suit, opposite_suit(c.real_suit))}
    shown = list(dict.fromkeys(str(c.card) for c in tied))
    why = f"the lowest face-up card is {shown[0]}" if len(shown) == 1 else \
        f"the lowest face-up cards are {' '.join(shown)}"
    for c in state.cards:
        if c.real_rank == 14 and c.real_suit in suits and _counts(state, c):
            _grant(state, c, WILD, text=why)


def m16_opposite(state: DealState, player: str) -> str | None:
    """The player opposite ``player`` for modifier 16 (IP-M16-OPPOSITE)."""
    if state.reading("IP-M16-OPPOSITE") == "halfway_round_the_players":
        return state.next_player(player, len(state.players) // 2)
    return state.opposite(player)


@modifier(number=16, group="deal", readings=("IP-M16-HIS", "IP-M16-REVIVE-COND", "IP-M16-OPPOSITE", "IP-M5-IDENTITY"),
          summary="The Dragon of hearts in the last open circle: for the player opposite, whose last "
                  "face-up card is dead, the Fives of spades and hearts are wild (dead ones revive home).",
          reads=("seats", "circles", "card_states"), does=("wild", "revive", "home"))
def m16(state: DealState) -> None:
    last = state.last_open
    if last is None:
        return
    for ah in state.circle(last):
        if not ah.is_(14, "h") or ah.dead or not _counts(state, ah):
            continue
        other = m16_opposite(state, ah.player)
        if other is None:
            continue
        his_last = state.player_card(other if state.reading("IP-M16-HIS") == "opposite_player" else ah.player, last)
        condition = his_last is not None and his_last.dead
        revive_anyway = state.reading("IP-M16-REVIVE-COND") == "no"
        if not condition and not revive_anyway:
            continue
        for c in state.hand(other):
            if not condition and not c.dead:
                continue
            if c.real_rank == 5 and c.real_suit in ("s", "h"):
                if c.dead:      # "Если эти Пятерки были убиты": the text names the state
                    state.revive(c, into=HOME, text=f"{ah.card} to {ah.player}, opposite")
                elif _counts(state, c):
                    state.grant(c, WILD, text=f"{ah.card} to {ah.player}, opposite")


# ---------------------------------------------------------------------------- M17 - M19 (new real ranks)
def _rebased_by(state: DealState, c: CardState, rule: str) -> bool:
    found = state.rebased.get(c.seq)
    return found is not None and found[1] == rule


def _rebase_claim(state: DealState, rule: str, trigger, eligible, new_rank, *, rules_only: bool = False) -> None:
    """M17-M18: the holder of the trigger cards must give one eligible card a new real rank."""
    claims = state.claims_for(rule)
    holders = [p for p in state.players if trigger(state.hand(p))]
    _refuse_others(state, claims, set(holders), f"{rule}'s cards did not come to this player")
    for player in holders:
        claim = _one_claim(state, rule, player, claims)
        if claim is not None:
            if claim.card is None:
                state.refuse(claim, f"{rule} needs the card to change")
            c = state.find(player, claim.card)
            if not (_rebased_by(state, c, rule) or (c.seq not in state.rebased and eligible(c))):
                state.refuse(claim, f"{claim.card} may not be chosen under {rule}")
            state.rebase(c, new_rank(c), rules_only=rules_only, text=f"{player}'s choice")
            continue
        hand = state.hand(player)
        if any(_rebased_by(state, x, rule) for x in hand):
            continue
        first = next((c for c in hand if c.seq not in state.rebased and eligible(c)), None)
        if first is not None and _mandatory_default(state, rule, player):
            state.rebase(first, new_rank(first), text="no choice declared: the first eligible card")


def _holds(cards: list[CardState], *wanted: tuple[int, str]) -> bool:
    have = {(c.card.rank, c.card.suit) for c in cards}
    return all(w in have for w in wanted)


def _m17_eligible(state: DealState, c: CardState) -> bool:
    if state.reading("IP-M17-TARGET") == "any_red_card":
        return c.card.suit in RED
    return c.card.suit in RED and not c.modified and c.live


def _m18_eligible(state: DealState, c: CardState) -> bool:
    if state.reading("IP-M18-TARGET") == "any_heart_or_club_card":
        return c.card.suit in ("h", "c")
    return c.card.suit in ("h", "c") and not c.modified and c.live


def _earlier_keep_off(state: DealState, rule: str) -> None:
    """IP-M17-REAPPLY / IP-M18-REAPPLY ``later_only``, IP-M30-REREAD ``modifiers_and_rules``: the
    modifiers before ``rule`` do not act on the card ``rule`` gave a new real rank (run before
    modifier 1, on the deal applied again)."""
    number = int(rule[1:])
    if rule in ("M30", "M32"):
        if state.reading("IP-M30-REREAD") != "modifiers_and_rules":
            return
    elif state.reading(f"IP-{rule}-REAPPLY") != "later_only":
        return
    seqs = {seq for seq, found in state.rebased.items() if found[1] == rule}
    if not seqs:
        return
    for earlier in range(1, number):
        if earlier not in state.cancelled:
            state.cancel(earlier, only=lambda c, seqs=seqs: c.seq in seqs,
                         text=f"M{earlier} does not act on the card {rule} gave a new real rank")


def _m17_trigger(state: DealState, cards: list[CardState]) -> bool:
    cards = [c for c in cards if _counts(state, c)]         # IP-M5-IDENTITY
    if state.reading("IP-M17-SUIT") == "all_three_spades":
        return _holds(cards, (2, "s"), (8, "s"), (14, "s"))
    ranks = {c.card.rank for c in cards}
    return 2 in ranks and 8 in ranks and _holds(cards, (14, "s"))


def _m18_trigger(state: DealState, cards: list[CardState]) -> bool:
    cards = [c for c in cards if _counts(state, c)]         # IP-M5-IDENTITY
    if state.reading("IP-M18-SUIT") == "all_three_diamonds":
        return _holds(cards, (5, "d"), (9, "d"), (13, "d"))
    ranks = {c.card.rank for c in cards}
    return 5 in ranks and 9 in ranks and _holds(cards, (13, "d"))


@modifier(number=17, group="deal", kind="claim",
          readings=("IP-M17-SUIT", "IP-MANDATORY-CLAIM", "IP-M17-TARGET", "IP-M17-REAPPLY", "IP-M5-IDENTITY"),
          summary="Whoever holds the Two, Eight and Dragon of spades must lower one red card by 2; "
                  "the new rank is real.",
          reads=("card_states", "claims"), does=("rank", "claim_right"))
def m17(state: DealState) -> None:
    def eligible(c: CardState) -> bool:
        return _m17_eligible(state, c)

    _rebase_claim(state, "M17", lambda cards: _m17_trigger(state, cards), eligible,
                  lambda c: lower_rank(c.card.rank, 2))


@modifier(number=18, group="deal", kind="claim",
          readings=("IP-M18-SUIT", "IP-MANDATORY-CLAIM", "IP-M18-TARGET", "IP-M18-REAPPLY", "IP-M5-IDENTITY"),
          summary="Whoever holds the Five, Nine and Giant of diamonds must raise one heart or club "
                  "card by 3; the new rank is real.",
          reads=("card_states", "claims"), does=("rank", "claim_right"))
def m18(state: DealState) -> None:
    def eligible(c: CardState) -> bool:
        return _m18_eligible(state, c)

    _rebase_claim(state, "M18", lambda cards: _m18_trigger(state, cards), eligible,
                  lambda c: raise_rank(c.card.rank, 3))


@attach_setup(17)
def _m17_setup(state: DealState) -> None:
    _earlier_keep_off(state, "M17")


@attach_setup(18)
def _m18_setup(state: DealState) -> None:
    _earlier_keep_off(state, "M18")


def _m19_right(state: DealState, player: str) -> bool:
    up = [c for c in state.hand(player) if c.open]
    strict = state.reading("IP-M19-ROW") == "adjacent_circle_numbers"
    for a, b in zip(up, up[1:], strict=False):
        pair = {(a.card.rank, a.card.suit), (b.card.rank, b.card.suit)}
        if pair == {(2, "c"), (2, "s")} and (not strict or b.circle - a.circle == 1) \
                and _counts(state, a) and _counts(state, b):
            return any(c.is_(11, "d") and not c.open and _counts(state, c) for c in state.hand(player))
    return False


def _m19_target(state: DealState, c: CardState) -> bool:
    if is_honor(c.card.rank) or c.card.rank == 8:
        return False
    return c.dead or not c.modified or state.reading("IP-M19-TARGET") == "any_fosk"


@modifier(number=19, group="deal", kind="claim",
          readings=("IP-M19-SCOPE", "IP-M19-ROW", "IP-M19-TARGET", "IP-M19-DEAD", "IP-M5-IDENTITY"),
          summary="Two black Twos face up on successive open circles and the Elf of diamonds dark: the "
                  "player may invert the rank of one fosk; the base rules read the new rank.",
          reads=("circles", "card_states", "claims"), does=("rank", "claim_right"))
def m19(state: DealState) -> None:
    claims = state.claims_for("M19")
    for claim in claims:
        if not _m19_right(state, claim.player):
            state.refuse(claim, "modifier 19 needs the two black Twos face up in a row and the Elf of diamonds dark")
        if claim.card is None:
            state.refuse(claim, "modifier 19 needs the fosk to invert")
        c = state.find(claim.player, claim.card)
        dead = state.reading("IP-M19-DEAD")
        if c.seq in state.rebased:
            if dead == "always_revived" and c.dead:
                state.revive(c, text="an inverted fosk lives (IP-M19-DEAD always_revived)")
            continue
        if not _m19_target(state, c):
            state.refuse(claim, f"{claim.card} is not a natural or dead fosk with an opposite rank")
        rules_only = state.reading("IP-M19-SCOPE") == "rules_only"
        if c.dead and dead == "stays_dead":
            # No new judgement: the dead card only takes the new rank (for a later revival).
            state.change_rank(c, opposite_rank(c.card.rank), real=not rules_only, override=True,
                              text=f"{claim.player}'s choice; the card stays dead")
            continue
        state.rebase(c, opposite_rank(c.card.rank), rules_only=rules_only, text=f"{claim.player}'s choice")


# ---------------------------------------------------------------------------- M20 - M22
@modifier(number=20, group="deal",
          summary="Two Giants of opposite suits in a player's dark cards: one becomes free, the other "
                  "moves 3 ranks up or down (the holder chooses).",
          reads=("circles", "card_states", "claims"), does=("free", "rank", "claim_right"),
          readings=("IP-M20-FOUR", "IP-M20-REAL", "IP-M20-MODIFIED", "IP-M20-CHOICE", "IP-MANDATORY-CLAIM"))
def m20(state: DealState) -> None:
    claims = state.claims_for("M20")
    if claims and state.reading("IP-M20-CHOICE") == "croupier":
        state.refuse(claims[0], "the croupier chooses under modifier 20 (IP-M20-CHOICE croupier)")
    overrides = state.reading("IP-M20-MODIFIED") == "m20_overrides"
    used: set[int] = set()
    for player in state.players:
        kings = [c for c in state.hand(player) if not c.open and c.is_(13) and c.live]
        pairs = []
        for a in kings:
            for b in kings:
                if a.seq < b.seq and b.real_suit == opposite_suit(a.real_suit) \
                        and a.seq not in used and b.seq not in used:
                    pairs.append((a, b))
                    used.update((a.seq, b.seq))
        if state.reading("IP-M20-FOUR") == "once":
            pairs = pairs[:1]
        mine = [c for c in claims if c.player == player]
        if mine and not pairs:
            state.refuse(mine[0], f"{player} has no two dark Giants of opposite suits")
        for a, b in pairs:
            claim = next((c for c in mine if c.card in (a.card, b.card)), None)
            if claim is not None:
                mine.remove(claim)
                free, moved = (a, b) if claim.card == a.card else (b, a)
                direction = claim.direction or "up"
                if direction not in ("up", "down"):
                    state.refuse(claim, "modifier 20 moves the other Giant 'up' or 'down'")
            else:
                if len(mine) == 1 and len(pairs) == 1:
                    state.refuse(mine[0], "modifier 20's claim names one of the two Giants")
                if state.reading("IP-M20-CHOICE") != "croupier":
                    _mandatory_default(state, "M20", player)
                free, moved, direction = a, b, "up"
            state.grant(free, FREE, override=overrides, text="one of two dark Giants of opposite suits")
            rank = raise_rank(13, 3) if direction == "up" else lower_rank(13, 3)
            state.change_rank(moved, rank, real=state.reading("IP-M20-REAL") == "real", override=overrides,
                              text=f"the other Giant moves 3 {direction}")
        for claim in mine:
            state.refuse(claim, f"{claim.card} is not one of {player}'s dark Giants of opposite suits")


def _neighbours(state: DealState, a: str, b: str) -> bool:
    if state.reading("IP-M21-NEIGHBOURS") == "adjacent_compass_seats":
        i, j = SEATS.index(state.seat(a)), SEATS.index(state.seat(b))
        return (i - j) % 8 in (1, 7)
    return True


def _adjacent_circles(state: DealState, x: int, y: int) -> bool:
    if state.reading("IP-M21-CIRCLES") == "consecutive_open_circles":
        opens = state.open_circles
        return x in opens and y in opens and abs(opens.index(x) - opens.index(y)) == 1
    return abs(x - y) == 1


def _m21_is(state: DealState, c: CardState, rank: int, suit: str) -> bool:
    if state.reading("IP-M21-PREVIOUS") == "target_only":
        return c.card.rank == rank and c.card.suit == suit
    return c.is_(rank, suit)


def _kill_still_holds(state: DealState, c: CardState) -> bool:
    """Whether the kill of ``c`` still fits its changed rank and suit (IP-M21-DEAD)."""
    rank, suit, dealt = c.rank, c.suit, c.card
    by = c.killed_by
    if by in ("T2", "B17"):
        return rank == dead_rank(state.facts.hour_of(c.player))
    if by == "M7":
        return rank == 7
    if by == "M9":
        return rank == 5
    if by == "M13":
        return suit in RED and rank <= 4
    if by == "M26":
        return suit == "s" and rank in (5, 7)
    if by in ("B21", "M10"):
        return (rank, suit) == (dealt.rank, dealt.suit)
    return True


def _m21_right(state: DealState, player: str) -> bool:
    players = state.players
    n = len(players)
    for i in range(n):
        a, b = players[i], players[(i + 1) % n]
        if player not in (a, b) or not _neighbours(state, a, b):
            continue
        for x, y in ((a, b), (b, a)):
            qd = [c for c in state.hand(x) if c.open and _m21_is(state, c, 12, "d") and c.live]
            ks = [c for c in state.hand(y) if c.open and _m21_is(state, c, 13, "s") and c.live]
            if any(_adjacent_circles(state, q.circle, k.circle) for q in qd for k in ks):
                return any(not c.open and _m21_is(state, c, 14, "h") for c in state.hand(player))
    return False


@modifier(number=21, group="deal", kind="claim",
          readings=("IP-M21-NEIGHBOURS", "IP-M21-CIRCLES", "IP-M21-PREVIOUS", "IP-M21-DEAD"),
          summary="The Unicorn of diamonds and the Giant of spades face up to neighbours in adjacent "
                  "circles: the one of them with the Dragon of hearts dark may raise a dead fosk by 4 "
                  "and/or invert its suit (it stays dead).",
          reads=("seats", "circles", "card_states", "claims"), does=("rank", "suit", "claim_right"))
def m21(state: DealState) -> None:
    for claim in state.claims_for("M21"):
        if not _m21_right(state, claim.player):
            state.refuse(claim, "modifier 21's cards did not show for this player")
        if claim.card is None:
            state.refuse(claim, "modifier 21 needs the dead fosk")
        c = state.find(claim.player, claim.card)
        if not c.dead or not c.fosk:
            state.refuse(claim, f"{claim.card} is not a dead fosk")
        if claim.direction not in (None, "up"):
            state.refuse(claim, "modifier 21 raises by 4 ('up') or only inverts the suit")
        if claim.direction is None and claim.suit is None:
            state.refuse(claim, "modifier 21 needs 'up' and/or the opposite suit")
        if claim.suit is not None and claim.suit != opposite_suit(c.real_suit):
            state.refuse(claim, f"the suit opposite {claim.card}'s is {opposite_suit(c.real_suit)}")
        if claim.direction == "up":
            state.change_rank(c, raise_rank(c.real_rank, 4), real=True, override=True, text="raised by 4")
        if claim.suit is not None:
            state.change_suit(c, claim.suit, real=True, override=True, text="suit inverted")
        if state.reading("IP-M21-DEAD") == "escapes_rank_or_suit_tied_kill" and not _kill_still_holds(state, c):
            state.revive(c, text=f"its kill by {c.killed_by} does not fit {c.played}")


def _m22_excluded(state: DealState, triggers: list[CardState]) -> set[str]:
    if state.reading("IP-M22-WHO") == "did_not_receive_all_three":
        return {p for p in state.players if len({(c.card.rank, c.card.suit) for c in triggers if c.player == p}) == 3}
    return {c.player for c in triggers}


def _m22_payment(state: DealState, f: CardState) -> bool:
    """Whether the spade fosk ``f`` may pay for modifier 22's revival (IP-M22-NOFOSK, IP-M22-NONDEAD)."""
    if not (f.real_suit == "s" and f.fosk):
        return False
    how = state.reading("IP-M22-NOFOSK")
    if f.dead and (how == "no_live_spade_fosk" or state.reading("IP-M22-NONDEAD") == "spade_fosk_must_be_live"):
        return False
    return how != "no_eligible_spade_fosk" or not f.modified


@modifier(number=22, group="deal", kind="claim",
          readings=("IP-M22-WHO", "IP-M22-NONDEAD", "IP-M22-NOFOSK", "IP-M5-IDENTITY"),
          summary="The Three of clubs, Four of hearts and Five of spades face up: each player who got "
                  "none of them may revive a dead diamond honor by lowering a live spade fosk by 6.",
          reads=("circles", "card_states", "claims"), does=("revive", "rank", "claim_right"))
def m22(state: DealState) -> None:
    claims = state.claims_for("M22")
    if not claims:
        return
    up = state.face_up()
    # IP-M5-IDENTITY: under trigger_cards_must_be_live the text names the three cards' state (any live one)
    named = state.reading("IP-M22-NONDEAD") == "trigger_cards_must_be_live"
    triggers = [c for c in up if (c.card.rank, c.card.suit) in ((3, "c"), (4, "h"), (5, "s"))
                and (c.live or state.reading("IP-M22-NONDEAD") != "trigger_cards_must_be_live")
                and (named or _counts(state, c))]
    if len({(c.card.rank, c.card.suit) for c in triggers}) < 3:
        state.refuse(claims[0], "the Three of clubs, Four of hearts and Five of spades did not all show")
    receivers = _m22_excluded(state, triggers)
    seen: set[str] = set()
    for claim in claims:
        if claim.player in receivers:
            state.refuse(claim, f"{claim.player} received one of the three cards")
        once_each(state, seen, claim, "modifier 22 revives one honor")
        if claim.card is None or claim.target is None:
            state.refuse(claim, "modifier 22 needs the dead diamond honor (card) and the spade fosk (target)")
        honor = state.find(claim.player, claim.card)
        fosk = state.find(claim.player, claim.target)
        if not (honor.dead and honor.real_suit == "d" and honor.honor):
            state.refuse(claim, f"{claim.card} is not a dead diamond honor")
        if not _m22_payment(state, fosk):
            state.refuse(claim, f"{claim.target} is not a spade fosk that may pay (IP-M22-NOFOSK)")
        state.revive(honor, undo=_undo(state), text="revived under modifier 22")
        # A modified fosk may pay only where IP-M22-NOFOSK allows it: the text then overrides base rule 13.
        state.change_rank(fosk, lower_rank(fosk.real_rank, 6), text="lowered by 6 to pay for the revival",
                          override=state.reading("IP-M22-NOFOSK") != "no_eligible_spade_fosk")


# ---------------------------------------------------------------------------- M23
_NATURAL_FACTORS = {"T2", "M47", "M48", "M49", *(f"M{n}" for n in range(78, 101))}


def _as_qh(c: CardState) -> bool:
    if c.dead:
        return False
    return (c.state == WILD or (c.state == FREE and c.suit == "h")
            or (c.state == HOME and c.rank == 12))


def _m23_obtained(state: DealState, c: CardState, factors: set[str]) -> bool:
    """A second Unicorn of hearts owing itself to a natural factor (IP-M23-OBTAINED)."""
    if state.reading("IP-M23-OBTAINED") == "rank_or_suit_changed_into_qh":
        return (c.live and c.rank == 12 and c.suit == "h" and not c.is_(12, "h")
                and any(e.source in factors and e.change in ("rank", "suit") and c.card in e.cards
                        for e in state.trace))
    return _as_qh(c) and c.state_source in factors


def _m23_in_time(state: DealState, cards: list[CardState]) -> bool:
    """IP-M23-DEADLINE ``before_betting_may_start``: the cards came by the end of the second open circle."""
    if state.reading("IP-M23-DEADLINE") != "before_betting_may_start":
        return True
    second = state.nth_open(2)
    return second is None or all(c.circle <= second for c in cards)


@modifier(number=23, group="deal", kind="claim",
          summary="A player with two Unicorns of hearts, one natural and one obtained through a natural "
                  "factor, may cancel one of modifiers 16-22, shown before the betting.",
          reads=("card_states", "claims", "modifiers", "time", "weather"), does=("cancel", "claim_right"),
          readings=("IP-M23-FACTOR", "IP-M23-SCOPE", "IP-M23-OBTAINED", "IP-M23-DEADLINE"))
def m23(state: DealState) -> None:
    factors = set(_NATURAL_FACTORS)
    if state.reading("IP-M23-FACTOR") == "conditional_modifiers_only":
        factors.discard("T2")
    for claim in state.claims_for("M23"):
        if not claim.shown_before_betting:
            state.refuse(claim, "the Unicorns must be shown before the betting begins")
        target = claim.cancels or ""
        if not (target.startswith("M") and target[1:].isdigit() and 16 <= int(target[1:]) <= 22):
            state.refuse(claim, "modifier 23 cancels one of modifiers 16-22")
        hand = state.hand(claim.player)
        natural = [c for c in hand if c.is_(12, "h") and c.state == NATURAL]
        obtained = [c for c in hand if c not in natural and _m23_obtained(state, c, factors)]
        if not natural or not obtained:
            state.refuse(claim, f"{claim.player} lacks a natural Unicorn of hearts and one obtained "
                                f"through a natural factor")
        if not _m23_in_time(state, [natural[0], obtained[0]]):
            state.refuse(claim, "both Unicorns must have come by the end of the second open circle")
        own = claim.player if state.reading("IP-M23-SCOPE") == "own_cards_only" else None
        state.cancel(int(target[1:]), only=(lambda c, p=own: c.player == p) if own else None,
                     text=f"{claim.player} shows {natural[0].card} and {obtained[0].card}")


# ---------------------------------------------------------------------------- M24 - M27
@modifier(number=24, group="deal", readings=("IP-M24-EVEN", "IP-M24-PENULT", "IP-M5-IDENTITY"),
          summary="A red honor in the penultimate open circle makes all the player's Sixes wild, if a "
                  "Six came to him in an even circle.",
          reads=("circles", "card_states"), does=("wild",))
def m24(state: DealState) -> None:
    pen = state.penultimate_open if state.reading("IP-M24-PENULT") == "final_pattern" else 7
    if pen is None:
        return
    for player in state.players:
        c = state.player_card(player, pen)
        if not _live(c) or not (c.honor and c.red) or not _counts(state, c):
            continue
        sixes = [s for s in state.hand(player) if s.is_(6) and _counts(state, s)]
        how = state.reading("IP-M24-EVEN")
        if how == "even_open_circle":
            even = {state.nth_open(2), state.nth_open(4)} - {None}
        elif how == "even_number_face_up_only":
            even = {2, 4, 6, 8} & set(state.open_circles)
        else:
            even = {2, 4, 6, 8}
        if any(s.circle in even for s in sixes):
            for s in sixes:
                _grant(state, s, WILD, text=f"{c.card} in the penultimate open circle")


@modifier(number=25, group="deal", readings=("IP-M25-EIGHT", "IP-M25-ANY", "IP-M5-IDENTITY"),
          summary="A black 3-6 in the first open circle makes wild the player's Eight of the last "
                  "open circle.",
          reads=("circles", "card_states"), does=("wild",))
def m25(state: DealState) -> None:
    first, last = state.nth_open(1), state.last_open
    if first is None or last is None or first == last:
        return
    if state.reading("IP-M25-ANY") == "all_four_must_show":
        shown = {c.real_rank for c in state.circle(first)
                 if c.black and c.live and 3 <= c.real_rank <= 6 and _counts(state, c)}
        if shown != {3, 4, 5, 6}:
            return
    for player in state.players:
        a, b = state.player_card(player, first), state.player_card(player, last)
        if _live(a) and a.black and 3 <= a.real_rank <= 6 and b is not None and b.is_(8) \
                and _counts(state, a) and _counts(state, b):
            eights = [b] if state.reading("IP-M25-EIGHT") == "eight_of_last_open_circle" else [
                c for c in state.hand(player) if c.is_(8) and _counts(state, c)]
            for e in eights:
                _grant(state, e, WILD, text=f"{a.card} in the first open circle")


def _m26_players(state: DealState) -> list[str]:
    how = state.reading("IP-M26-SEAT")
    if how == "second_counterclockwise":
        return [state.at_position(-2)]
    if how == "both_sides":
        return list(dict.fromkeys((state.at_position(2), state.at_position(-2))))
    return [state.at_position(2)]


@modifier(number=26, group="deal", readings=("IP-M26-NEXT-WHO", "IP-M26-PENALTY", "IP-M26-OPEN-INDEX",
                                             "IP-M26-SEAT", "IP-M26-CARD-STATE"),
          summary="A spade fosk to the second player from the dealer in the second open circle becomes "
                  "wild if the next circle shows the Giant of hearts or Unicorn of diamonds; if it does "
                  "not, his face-up Five and Seven of spades die.",
          reads=("circles", "dealer", "card_states"), does=("wild", "kill"))
def m26(state: DealState) -> None:
    if len(state.players) < 3:
        return
    if state.reading("IP-M26-OPEN-INDEX") == "nth_open":
        second = state.nth_open(2)
    else:
        second = 2 if state.pattern[1] == "open" else None
    for player in _m26_players(state):
        _m26_for(state, player, second)


def _m26_for(state: DealState, player: str, second: int | None) -> None:
    x = state.player_card(player, second)
    if x is None:
        return
    trigger = x.real_suit == "s" and x.fosk and _named(state, x)
    if not trigger and state.reading("IP-M26-PENALTY") == "needs_trigger":
        return
    nxt = x.circle + 1
    if nxt > len(state.pattern) or state.pattern[nxt - 1] != "open":
        return
    shown = [c for c in state.circle(nxt) if _named(state, c) and (c.is_(13, "h") or c.is_(12, "d"))
             and (c.player == player or state.reading("IP-M26-NEXT-WHO") == "any_player")]
    if shown:
        if trigger:
            state.grant(x, WILD, text=f"{shown[0].card} showed on the next circle")
        return
    for c in state.hand(player):
        if c.open and c.real_suit == "s" and c.real_rank in (5, 7):
            state.kill(c, text="no Giant of hearts or Unicorn of diamonds on the next circle")


@modifier(number=27, group="deal", readings=("IP-M27-FIRST-CIRCLE", "IP-M27-NEW-RANK", "IP-M26-CARD-STATE"),
          summary="An odd number of players and the Nine of clubs face up on the third open circle: "
                  "the hearts honors of circle 1 play as their opposite foskas.",
          reads=("players", "circles", "card_states"), does=("rank",))
def m27(state: DealState) -> None:
    if len(state.players) % 2 == 0:
        return
    third = state.nth_open(3)
    if third is None or not any(c.is_(9, "c") and _named(state, c) for c in state.circle(third)):
        return
    first = 1 if state.reading("IP-M27-FIRST-CIRCLE") == "circle_1" else state.nth_open(1)
    for c in state.circle(first or 0):
        if c.real_suit == "h" and c.honor and c.state == NATURAL and not c.modified:
            why = "the Nine of clubs on the third open circle"
            if state.reading("IP-M27-NEW-RANK") == "real":
                state.rebase(c, opposite_rank(c.real_rank), text=why)
            else:
                state.change_rank(c, opposite_rank(c.real_rank), text=why)


# ---------------------------------------------------------------------------- M28 - M32 (incrementing / decrementing)
def _incdec(state: DealState, rule: str, modifying: CardState, role: str, targets, *, revive_dead: bool,
            freeze: bool, stays_natural: bool, claims: list[Claim]) -> None:
    """One incrementing / decrementing card: mark it, then change its owner's chosen target
    (IP-INCDEC-TARGET ``owner_picks_one``; ``any_player``: a card of any player) or all his natural
    cards (``all_own_natural``)."""
    player = modifying.player
    state.set_role(modifying, role, text=f"{modifying.card} is {role} for {player}")
    step = 1 if role == "incrementing" else -1
    mine = [c for c in claims if c.player == player and (c.card is None or c.card == modifying.card)]
    if state.reading("IP-INCDEC-TARGET") == "all_own_natural":
        chosen = [c for c in state.hand(player) if c is not modifying
                  and ((c.state == NATURAL and not c.modified) or _rebased_by(state, c, rule))]
        for claim in mine:
            claims.remove(claim)
    else:
        chosen = []
        for claim in mine[:1]:
            claims.remove(claim)
            if claim.target is None:
                state.refuse(claim, f"{rule} needs the target card")
            t = incdec_target(state, claim)
            if t is modifying or not (targets(t) or _rebased_by(state, t, rule)):
                state.refuse(claim, f"{claim.target} cannot be changed by the {modifying.card}")
            chosen.append(t)
    if chosen:
        state.use_as_modifying(modifying)
    reread = state.reading("IP-M30-REREAD") if stays_natural else "later_modifiers"
    for t in chosen:
        if _rebased_by(state, t, rule):
            continue                      # changed already: the deal was applied again with its new rank
        if t.dead:
            if not revive_dead:
                continue
            state.revive(t, text=f"taken out from under its kill by the {modifying.card}")
        new = raise_rank(t.rank, step)
        if reread != "later_modifiers":
            state.rebase(t, new, modifiers_only=reread == "rerun_all_modifiers",
                         text=f"{role[:-3]}ed by the {modifying.card} ({reread})")
        state.change_rank(t, new, real=True, override=True,
                          stays_natural=stays_natural, text=f"{role[:-3]}ed by the {modifying.card}")
        if freeze:
            state.freeze(t, text=f"changed by the {modifying.card}")


def _natural_or_dead(c: CardState) -> bool:
    return c.dead or (c.state == NATURAL and not c.modified)


def _leftover(state: DealState, rule: str, claims: list[Claim]) -> None:
    """The claims no card of their player's gave a right to: every modifying card takes the claims
    naming it (or none), so another claim naming the same card is refused alike."""
    for claim in claims:
        state.refuse(claim, f"{rule} gives {claim.player} no such right", alike=("card",))


def _incdec_now(state: DealState, number: int) -> bool:
    """Whether modifier ``number`` (28-32) acts at its turn (IP-M28-WHEN / IP-M29-WHEN ``in_order``)
    rather than after every modifier (``final_state``, its ``final`` hook)."""
    point = "IP-M29-WHEN" if number == 29 else "IP-M28-WHEN"
    return state.reading(point) == "in_order"


@modifier(number=28, group="deal", kind="claim",
          summary="The Four of spades is incrementing for its holder if he has a dead heart; it may "
                  "revive a dead card; the changed card is frozen.",
          reads=("card_states", "claims"), does=("incrementing", "rank", "revive", "claim_right"),
          readings=("IP-INCDEC-TARGET", "IP-M26-CARD-STATE", "IP-M28-WHEN"))
def m28(state: DealState) -> None:
    if not _incdec_now(state, 28):
        return
    _m28_act(state)


def _m28_act(state: DealState) -> None:
    claims = state.claims_for("M28")
    for c in state.cards:
        if c.is_(4, "s") and _named(state, c) and any(h.dead and h.real_suit == "h" for h in state.hand(c.player)):
            _incdec(state, "M28", c, "incrementing", _natural_or_dead, revive_dead=True, freeze=True,
                    stays_natural=False, claims=claims)
    _leftover(state, "M28", claims)


def _m29_right(state: DealState, c: CardState) -> bool:
    if not (c.is_(7, "d") and _named(state, c)):
        return False
    need = 1 if state.reading("IP-M29-COUNT") == "at_least_one" else 2
    return sum(
        1 for h in state.hand(c.player) if h.state == FREE and h.real_suit == "c" and is_honor(h.real_rank)) >= need


def _m29_targets(state: DealState):
    return natural_card if state.reading("IP-M29-SAME") == "freeze_only" else _natural_or_dead


@modifier(number=29, group="deal", kind="claim",
          readings=("IP-M29-COUNT", "IP-M29-SAME", "IP-INCDEC-TARGET", "IP-M26-CARD-STATE", "IP-M29-WHEN"),
          summary="The Seven of diamonds is incrementing for its holder if he has a free club honor; "
                  "as modifier 28.",
          reads=("card_states", "claims"), does=("incrementing", "rank", "revive", "claim_right"))
def m29(state: DealState) -> None:
    if not _incdec_now(state, 29):
        return
    _m29_act(state)


def _m29_act(state: DealState) -> None:
    claims = state.claims_for("M29")
    for c in state.cards:
        if _m29_right(state, c):
            _incdec(state, "M29", c, "incrementing", _m29_targets(state),
                    revive_dead=state.reading("IP-M29-SAME") == "all_of_28", freeze=True,
                    stays_natural=False, claims=claims)
    _leftover(state, "M29", claims)


@modifier(number=30, group="deal", kind="claim", readings=("IP-INCDEC-TARGET", "IP-M30-REREAD", "IP-M28-WHEN"),
          summary="A dead Elf of hearts is decrementing for its holder, on natural cards only; "
                  "modifiers then read the new rank.",
          reads=("card_states", "claims"), does=("decrementing", "rank", "claim_right"))
def m30(state: DealState) -> None:
    if not _incdec_now(state, 30):
        return
    _m30_act(state)


def _m30_act(state: DealState) -> None:
    claims = state.claims_for("M30")
    for c in state.cards:
        if c.is_(11, "h") and c.dead:
            # A dead card acting as modifying card is the text's own exception to definition 3.
            _incdec(state, "M30", c, "decrementing", natural_card, revive_dead=False, freeze=False,
                    stays_natural=True, claims=claims)
    _leftover(state, "M30", claims)


def _m31_right(state: DealState, c: CardState) -> bool:
    if not c.is_(13, "c"):
        return False
    if c.dead:
        return state.reading("IP-M31-NOT-NATURAL") == "incl_dead"
    return c.state != NATURAL or c.modified


@modifier(number=31, group="deal", kind="claim", readings=("IP-M31-NOT-NATURAL", "IP-INCDEC-TARGET", "IP-M28-WHEN"),
          summary="A Giant of clubs that is not natural is decrementing for its holder, on natural and "
                  "dead cards (reviving them); the changed card is frozen.",
          reads=("card_states", "claims"), does=("decrementing", "rank", "revive", "claim_right"))
def m31(state: DealState) -> None:
    if not _incdec_now(state, 31):
        return
    _m31_act(state)


def _m31_act(state: DealState) -> None:
    claims = state.claims_for("M31")
    for c in state.cards:
        if _m31_right(state, c):
            _incdec(state, "M31", c, "decrementing", _natural_or_dead, revive_dead=True, freeze=True,
                    stays_natural=False, claims=claims)
    _leftover(state, "M31", claims)


@modifier(number=32, group="deal", kind="claim",
          summary="Black Sixes are incrementing or decrementing (the holder says which) if he holds "
                  "both red Unicorns dead; on natural cards, which modifiers then read by the new rank.",
          reads=("card_states", "claims"), does=("incrementing", "decrementing", "rank", "claim_right"),
          readings=("IP-INCDEC-TARGET", "IP-M26-CARD-STATE", "IP-M32-EACH", "IP-M30-REREAD", "IP-M28-WHEN"))
def m32(state: DealState) -> None:
    if not _incdec_now(state, 32):
        return
    _m32_act(state)


def _m32_act(state: DealState) -> None:
    claims = state.claims_for("M32")
    one_choice = state.reading("IP-M32-EACH") == "one_choice_for_both"
    chosen: dict[str, str] = {}
    for c in state.cards:
        if not (c.real_rank == 6 and c.black and _named(state, c)):
            continue
        hand = state.hand(c.player)
        if not (any(q.is_(12, "h") and q.dead for q in hand) and any(q.is_(12, "d") and q.dead for q in hand)):
            continue
        mine = [x for x in claims if x.player == c.player and (x.card is None or x.card == c.card)]
        if not mine and state.reading("IP-INCDEC-TARGET") != "all_own_natural":
            continue
        direction = mine[0].direction if mine else chosen.get(c.player, "incrementing")
        if direction not in ("incrementing", "decrementing"):
            state.refuse(mine[0], "modifier 32 needs 'incrementing' or 'decrementing'")
        if one_choice and chosen.setdefault(c.player, direction) != direction:
            state.refuse(mine[0], f"{c.player}'s black Sixes are both {chosen[c.player]} "
                                  f"(IP-M32-EACH one_choice_for_both)")
        _incdec(state, "M32", c, direction, natural_card, revive_dead=False, freeze=False,
                stays_natural=True, claims=claims)
    _leftover(state, "M32", claims)


def _incdec_final(number: int, act) -> None:
    """Give modifier ``number`` (28-32) the ``final`` hook where it acts under ``final_state``."""
    def final(state: DealState) -> None:
        if not _incdec_now(state, number):
            act(state)
    attach_final(number)(final)


_incdec_final(28, _m28_act)
_incdec_final(29, _m29_act)
_incdec_final(30, _m30_act)
_incdec_final(31, _m31_act)
_incdec_final(32, _m32_act)


@attach_setup(30)
def _m30_setup(state: DealState) -> None:
    _earlier_keep_off(state, "M30")


@attach_setup(32)
def _m32_setup(state: DealState) -> None:
    _earlier_keep_off(state, "M32")


# ---------------------------------------------------------------------------- M33
def _m33_cancel(state: DealState, text: str) -> None:
    """Modifier 33 takes modifier 34 out of this deal (IP-M33-CARRY)."""
    if state.reading("IP-M33-CARRY") == "suppress_new_only":
        if "M33" in state.marks:
            return
        state.marks["M33"] = text                 # read by 34: no new set; the carried sets still act
        state.note("cancelled", (), f"{text}: M34 makes no new set", source="M33", after="M34")
        return
    state.cancel(34, text=text)


def _m33_window_open(state: DealState) -> bool:
    """Whether a firing of modifier 33 in an earlier deal still cancels 34 in this one (IP-M33-GAME-END)."""
    if state.history is None:
        return False
    number = state.facts.number
    if state.reading("IP-M33-GAME-END") == "carries":
        # The previous Game's last deal counts as deal 0: its window reaches deal 1.
        return any((last if deal > 0 else deal + 1) >= number      # type: ignore[operator]
                   for deal, last in state.history.carried_across("M33"))
    return any(last >= number for _deal, last in state.history.carried("M33"))  # type: ignore[operator]


@modifier(number=33, group="deal", readings=("IP-M33-SCOPE", "IP-M33-RULE11", "IP-M33-GAME-END", "IP-M33-CARRY"),
          summary="A Giant, Unicorn and Elf of one suit face up cancel modifier 34 for this deal and the next.",
          reads=("circles", "history", "modifiers"), does=("cancel",))
def m33(state: DealState) -> None:
    if state.reading("IP-M33-RULE11") == "higher_number_wins":
        return
    number = state.facts.number
    if _m33_window_open(state):
        _m33_cancel(state, "modifier 33 fired in the previous deal")
    up = [c for c in state.face_up() if c.live]
    groups = [up] if state.reading("IP-M33-SCOPE") == "table" else [
        [c for c in up if c.player == p] for p in state.players]
    shown = [{(c.real_rank, c.real_suit) for c in g} for g in groups]
    for suit in "hdcs":
        if any((11, suit) in g and (12, suit) in g and (13, suit) in g for g in shown):
            state.carry["M33"] = number + 1
            _m33_cancel(state, f"the Giant, Unicorn and Elf of {suit} showed face up")
            return


# ---------------------------------------------------------------------------- options for the advisor (base rule 25)
_options = attach_options


def _c(player: str, rule: str, **kw) -> Claim:
    return Claim(player=player, rule=rule, **kw)


@_options(14)
def _m14_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    if sum(1 for c in hand if c.open and c.dead) < 3:
        return []
    free = [c.card for c in hand if not c.modified and c.live]
    out = [_c(player, "M14", cards=(a,)) for a in free]
    out += [_c(player, "M14", cards=(a, b)) for i, a in enumerate(free) for b in free[i + 1:]]
    return out


@_options(17)
def _m17_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    if not _m17_trigger(state, hand):
        return []
    return [_c(player, "M17", card=c.card) for c in hand if _m17_eligible(state, c)]


@_options(18)
def _m18_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    if not _m18_trigger(state, hand):
        return []
    return [_c(player, "M18", card=c.card) for c in hand if _m18_eligible(state, c)]


@_options(19)
def _m19_options(state: DealState, player: str) -> list[Claim]:
    if not _m19_right(state, player):
        return []
    return [_c(player, "M19", card=c.card) for c in state.hand(player) if _m19_target(state, c)]


@_options(20)
def _m20_options(state: DealState, player: str) -> list[Claim]:
    kings = [c for c in state.hand(player) if not c.open and c.is_(13) and c.live]
    out = []
    for a in kings:
        if any(b.real_suit == opposite_suit(a.real_suit) for b in kings):
            out += [_c(player, "M20", card=a.card, direction=d) for d in ("up", "down")]
    return out


@_options(21)
def _m21_options(state: DealState, player: str) -> list[Claim]:
    if not _m21_right(state, player):
        return []
    out = []
    for c in state.hand(player):
        if c.dead and c.fosk:
            opp = opposite_suit(c.real_suit)
            out += [_c(player, "M21", card=c.card, direction="up"), _c(player, "M21", card=c.card, suit=opp),
                    _c(player, "M21", card=c.card, direction="up", suit=opp)]
    return out


@_options(22)
def _m22_options(state: DealState, player: str) -> list[Claim]:
    triggers = [c for c in state.face_up() if (c.card.rank, c.card.suit) in ((3, "c"), (4, "h"), (5, "s"))]
    if len({(c.card.rank, c.card.suit) for c in triggers}) < 3 or player in _m22_excluded(state, triggers):
        return []
    hand = state.hand(player)
    honors = [c for c in hand if c.dead and c.real_suit == "d" and c.honor]
    fosks = [c for c in hand if c.live and c.real_suit == "s" and c.fosk and not c.modified]
    return [_c(player, "M22", card=h.card, target=f.card) for h in honors for f in fosks]


@_options(23)
def _m23_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    if not any(c.is_(12, "h") and c.state == NATURAL for c in hand):
        return []
    factors = set(_NATURAL_FACTORS)
    if state.reading("IP-M23-FACTOR") == "conditional_modifiers_only":
        factors.discard("T2")
    if not any(_m23_obtained(state, c, factors) and not c.is_(12, "h") for c in hand):
        return []
    return [_c(player, "M23", cancels=f"M{n}") for n in range(16, 23)]


def _target_options(rule: str, modifying, targets):
    def options(state: DealState, player: str) -> list[Claim]:
        out = []
        for m in state.hand(player):
            if modifying(state, m):
                out += [_c(player, rule, card=m.card, target=t.card) for t in state.hand(player)
                        if t is not m and targets(t)]
        return out
    return options


_options(28)(_target_options("M28", lambda s, c: c.is_(4, "s") and _named(s, c) and any(
    h.dead and h.real_suit == "h" for h in s.hand(c.player)), _natural_or_dead))


@_options(29)
def _m29_options(state: DealState, player: str) -> list[Claim]:
    return _target_options("M29", _m29_right, _m29_targets(state))(state, player)


_options(30)(_target_options("M30", lambda s, c: c.is_(11, "h") and c.dead, natural_card))
_options(31)(_target_options("M31", _m31_right, _natural_or_dead))


@_options(32)
def _m32_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    if not (any(q.is_(12, "h") and q.dead for q in hand) and any(q.is_(12, "d") and q.dead for q in hand)):
        return []
    return [_c(player, "M32", card=six.card, direction=d, target=t.card)
            for six in hand if six.real_rank == 6 and six.black and _named(state, six)
            for d in ("incrementing", "decrementing") for t in hand if t is not six and natural_card(t)]
