"""Conditional modifiers 1-12 of the seed's group "Раздача" (the deal): the date's player without
wild cards (1, 2), the month Table 3 reads (3), a woman dealing (4), the circle patterns (5, 6, 12)
and the kills of the open circles with their revival (7-11).

The conventions of the group are in :mod:`.deal`. The pattern modifiers (5, 6, 12) act while the
cards are dealt, before any card has a state: they read the cards as dealt (IP-M5-IDENTITY
``real_identity_any_state``).
"""

from __future__ import annotations

from ...cards import lower_rank, raise_rank
from ..context import SEATS
from ..state import FREE, HOME, NATURAL, WILD, CardState, DealState, rule_source
from ..tables import dead_rank, home_ranks, wild_rank
from .base import PatternView, attach_final, modifier
from .common import m3_month
from .deal_common import counts_as_card, revival_undoes

__all__ = ["UNDEALT", "OPEN_DEALER_DARK", "DARK_THEN_OPEN", "m1_number", "second_from_dealer", "m10_victim_rank"]


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
    tens = [c for c in state.face_up() if c.is_(10) and c.live and counts_as_card(state, c)]
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
        if not c.is_(7) or (c.open and c.seq > ten.seq) or not counts_as_card(state, c):
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
        if c.is_(6) and c.live and counts_as_card(state, c):
            nxt = row[i + 1] if i + 1 < len(row) else None
            if nxt is not None and nxt.is_(6) and nxt.live and counts_as_card(state, nxt):
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
                and counts_as_card(state, c)]

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
        unicorns = [up[-1]] if up[-1].is_(12) and up[-1].live and counts_as_card(state, up[-1]) else []
    else:
        unicorns = [c for c in state.circle(state.last_open or 0) if c.is_(12) and c.live and counts_as_card(state, c)]
    if not unicorns:
        return
    early = {state.nth_open(1), state.nth_open(2)} - {None}
    if any(c.is_(13) and c.live and counts_as_card(state, c) for c in up if c.circle in early):
        return
    dark = [c for c in state.cards if not c.open and c.is_(12) and counts_as_card(state, c)]
    how = state.reading("IP-M9-DARKQ")
    for q in unicorns:
        fives = [c for c in up if c.is_(5) and c.seq < q.seq and counts_as_card(state, c)]
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
    undo = revival_undoes(state)
    face_up_only = state.reading("IP-M10-RED") == "face_up_only"
    for c in revived:
        state.revive(c, undo=undo, text=f"a dead black honor opposite another ({state.opposite(c.player)})")
    for c in revived:
        if c.dead:
            continue
        rank = m10_victim_rank(state, c.real_rank)
        for victim in _m10_victims(state, c.player):
            for v in state.hand(victim):
                if v.red and v.is_(rank) and (v.open or not face_up_only) and counts_as_card(state, v):
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
    if card is None or not (card.real_suit == "h" and card.fosk) or card.dead or not counts_as_card(state, card):
        return
    if state.reading("IP-M11-NEXT") == "next_players_next_face_up_card":
        after = state.next_player(card.player)
        nxt = next((c for c in state.hand(after) if c.open and c.seq > card.seq), None)
    else:
        nxt = state.cards[card.seq + 1] if card.seq + 1 < len(state.cards) else None
    only_hs = nxt is not None and nxt.open and nxt.is_(14, "s") and counts_as_card(state, nxt)
    known = state.marks.get("M7-M10-by", {})
    before_trigger = state.reading("IP-M11-WHICH") == "dealt_before_trigger"
    for c in state.face_up():
        if c.dead and c.killed_by in ("M7", "M8", "M9", "M10"):
            if before_trigger and known.get(c.seq, -1) > card.seq:     # type: ignore[union-attr]
                continue
            if only_hs and c.real_suit in ("d", "c"):
                continue
            state.revive(c, undo=revival_undoes(state), text=f"the {card.card} to the second hand in the third open circle")
