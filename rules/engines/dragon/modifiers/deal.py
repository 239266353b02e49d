"""Conditional modifiers 1-33, the seed's group "Раздача" (the deal).

Conventions (``rules/modifiers/01-25-deal.md``): "k-th from the dealer" counts clockwise from
the dealer's left-hand neighbour (1), the dealer last; "the n-th open circle" counts open
circles only, in the pattern as dealt (IP-M5-AFTERMATH ``final_pattern``); trigger cards are
read by their real rank and suit whatever their state, dead cards excepted (IP-M26-CARD-STATE
``live_any_state``); conditions are judged on the state reached so far (base rule 10).
"""

from __future__ import annotations

from ...cards import is_honor, lower_rank, opposite_rank, opposite_suit, raise_rank
from ...readings import InterpretationPoint
from ..state import DEAD, FREE, HOME, NATURAL, WILD, CardState, Claim, DealState
from .base import PatternView, attach_options, modifier, register_point

__all__: list[str] = []

RED = ("h", "d")
BLACK = ("c", "s")


def _ip(id: str, ref: str, question: str, default: str, alternatives: tuple[str, ...],
        help: dict[str, str]) -> str:
    register_point(InterpretationPoint(id=id, game="dragon", seed_reference=ref, question=question,
                                       default=default, alternatives=alternatives, readings_help=help))
    return id


def _live(c: CardState | None) -> bool:
    return c is not None and c.state != DEAD


# ---------------------------------------------------------------------------- shared readings
_ip("IP-MANDATORY-CLAIM", "M17, M18, M20", "A modifier obliges a player to choose (M17, M18, M20) "
    "and he declared no choice: what happens?", "first_eligible", ("refuse",),
    {"first_eligible": "the croupier applies it to the first eligible card in dealing order "
                       "(raising before lowering, definitions 9-10)",
     "refuse": "the deal cannot be judged: a RulesError names the missing choice"})


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
_ip("IP-M1-COUNT", "M1", "Modifier 1's number exceeds the number of players.", "wrap", ("no_effect",),
    {"wrap": "reduce by digit sums while above the players, then count on round the table",
     "no_effect": "nobody is affected when the number still exceeds the players"})


def m1_number(day: int, month: int, year: int, weekday: int, players: int) -> int:
    """The seed's sum, reduced by digit sums while it is above the number of players:
    30 March 2000 (Thursday): 30+3+2000+4 = 2037 -> 12 -> 3."""
    total = day + month + year + weekday
    while total > players and total >= 10:
        total = sum(int(d) for d in str(total))
    return total


_ip("IP-M1-LAYER", "M1, M4", "Is 'has no wild cards' a state for the whole deal, or one operation in modifier "
    "order?", "in_order", ("persistent",),
    {"in_order": "base rules 10-11: M1 strips the wild status that exists when it is applied; a higher "
                 "modifier that later makes one of his cards wild prevails",
     "persistent": "none of his cards is wild at the end of the deal, whatever the source"})


@modifier(number=1, group="deal",
          summary="Day + month + year + weekday, reduced by digit sums, names the player counted "
                  "clockwise from the dealer (the dealer last) who has no wild cards.",
          reads=("date", "weekday", "players", "dealer", "card_states"), does=("unwild", "ban"),
          readings=("IP-M1-COUNT", "IP-M1-UNWILD", "IP-M1-LAYER"))
def m01(state: DealState) -> None:
    f = state.facts
    number = m1_number(f.day, f.month, f.year, f.weekday, f.players)
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


@modifier(number=2, group="deal",
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


# ---------------------------------------------------------------------------- M3
_ip("IP-M3-BOTH", "M3", "Six players are a multiple of 3 and of 2: which shifts apply?",
    "apply_all_in_text_order", ("first_match_only",),
    {"apply_all_in_text_order": "+1 then -2: one month back", "first_match_only": "+1 only"})
_ip("IP-M3-INVERT", "M3", "What is an 'inverted' month (five players)?", "mirror", ("opposite",),
    {"mirror": "13 - m (January <-> December), definitions 6-7", "opposite": "m + 6"})


def m3_month(month: int, players: int, both: str = "apply_all_in_text_order", invert: str = "mirror") -> int:
    m = month
    matched = False
    if players % 3 == 0:
        m = (m - 1 + 1) % 12 + 1
        matched = True
    if players % 2 == 0 and not (matched and both == "first_match_only"):
        m = (m - 1 - 2) % 12 + 1
        matched = True
    if players % 5 == 0 and not (matched and both == "first_match_only"):
        m = 13 - m if invert == "mirror" else (m - 1 + 6) % 12 + 1
    return m


@modifier(number=3, group="deal", hook="adjust",
          summary="The number of players shifts the month Table 3 reads: a multiple of 3 one "
                  "forward, of 2 two back, of 5 inverted.",
          reads=("players", "date"), does=("month",), readings=("IP-M3-BOTH", "IP-M3-INVERT"))
def m03(facts, readings) -> None:
    month = m3_month(facts.table3_month, facts.players, readings["IP-M3-BOTH"], readings["IP-M3-INVERT"])
    if month != facts.table3_month:
        facts.adjust("table3_month", month, "M3")


# ---------------------------------------------------------------------------- M4
_ip("IP-M4-SECOND", "M4", "Who is 'second from the dealer'?", "second_occupied_clockwise", ("counterclockwise",),
    {"second_occupied_clockwise": "the second occupied seat clockwise, counting from the dealer's left",
     "counterclockwise": "the second occupied seat counterclockwise"})
_ip("IP-M4-CASEB-OTHERS", "M4", "In case B, do home Elves and Dragons lose home status?", "yes", ("no",),
    {"yes": "the modifier is lifted only for foskas and Unicorns", "no": "case B changes nothing but the Giants"})


_ip("IP-M4-DURATION", "M4", "'в игре': this deal, or the whole Game (sitting)?", "this_deal", ("rest_of_game",),
    {"this_deal": "the trigger (who deals) changes every deal; 'в игре' means 'in play'",
     "rest_of_game": "from the first deal a woman deals onwards: no home cards (case A) in every later deal"})
_ip("IP-M4-LAYER", "M4", "Which home cards are removed?", "in_order", ("persistent",),
    {"in_order": "the home status that exists when modifier 4 is applied; later grants of home stand",
     "persistent": "no card becomes home later in the deal either, except case B's foskas and Unicorns "
                   "(a free card a later kill turns home by base rule 3 is not a grant and stays home)"})


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
    second = state.at_position(2 if state.reading("IP-M4-SECOND") != "counterclockwise" else -2)
    case_b = woman and table.player(second).sex == "f"
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
@modifier(number=5, group="deal", hook="pattern", pattern_last=True,
          summary="A Dragon as the first face-up card: the last circle that would be open is dealt "
                  "dark, after every other dealing modifier.",
          reads=("circles",), does=("pattern",))
def m05(view: PatternView) -> None:
    up = view.face_up()
    if not up or not up[0].is_(14):
        return
    opens = [i for i, kind in enumerate(view.pattern) if kind == "open" and i + 1 >= view.frm]
    if opens:
        new = list(view.pattern)
        new[opens[-1]] = "dark"
        view.set(new, f"the first face-up card is {up[0].card}")


_M6_PATTERN = ("dark", "dark", "dark", "open", "open", "dark", "open", "open", "dark")


_ip("IP-M6-PAIR", "M6", "What if three or four Threes show in the first open circle?",
    "at_least_one_opposite_pair", ("exactly_two_threes",),
    {"at_least_one_opposite_pair": "any opposite pair among them fires it",
     "exactly_two_threes": "it fires only with exactly two Threes, of opposite suits"})


_ip("IP-M6-CIRCLE", "M6", "Circle 1 is dark by default: which circle is 'the first circle'?", "first_open_circle",
    ("circle_1_literal",), {"first_open_circle": "the first open circle",
                            "circle_1_literal": "circle 1, so M6 fires only when circle 1 is open"})


@modifier(number=6, group="deal", hook="pattern", readings=("IP-M6-PAIR", "IP-M6-CIRCLE"),
          summary="Two Threes of opposite suits face up in the first open circle: d,d,d,o,o,d,o,o(,d); "
                  "a Three in the second open circle cancels it.",
          reads=("circles",), does=("pattern",))
def m06(view: PatternView) -> None:
    first = view.nth_open(1)
    if view.reading("IP-M6-CIRCLE") == "circle_1_literal" and first != 1:
        return
    if first is None or not view.is_dealt(first):
        return
    shown = [c.card.suit for c in view.circle(first) if c.is_(3)]
    threes = set(shown)
    if not ({"h", "s"} <= threes or {"d", "c"} <= threes):
        return
    if view.reading("IP-M6-PAIR") == "exactly_two_threes" and len(shown) != 2:
        return
    second = view.nth_open(2)
    if second is not None and view.is_dealt(second) and any(c.is_(3) for c in view.circle(second)):
        return
    view.set(_M6_PATTERN, "two Threes of opposite suits in the first open circle")


_M12_PATTERN = ("dark", "dark", "dark", "open", "open", "dark", "open", "dark", "open")


_ip("IP-M12-WINDOW", "M12", "When must the Unicorn of clubs show to void modifier 12?",
    "from_deal_start_to_next_open_circle", ("after_9d_only",),
    {"from_deal_start_to_next_open_circle": "any face-up Qc up to the end of the second open circle",
     "after_9d_only": "only a Qc dealt face up after the 9d"})


@modifier(number=12, group="deal", hook="pattern", readings=("IP-M12-WINDOW",),
          summary="The Nine of diamonds in the second open circle: d,d,d,o,o,d,o,d,o; void if the "
                  "Unicorn of clubs shows before the next open circle.",
          reads=("circles",), does=("pattern",))
def m12(view: PatternView) -> None:
    second = view.nth_open(2)
    if second is None or not view.is_dealt(second):
        return
    nines = [c for c in view.circle(second) if c.is_(9, "d")]
    if not nines:
        return
    after = nines[0].seq if view.reading("IP-M12-WINDOW") == "after_9d_only" else -1
    if any(c.is_(12, "c") and c.open and c.circle <= second and c.seq > after for c in view.dealt):
        return
    view.set(_M12_PATTERN, "the Nine of diamonds in the second open circle")


# ---------------------------------------------------------------------------- M7 - M11
_ip("IP-M7-SECOND", "M7", "What does a second face-up Ten do?", "pair_cancels", ("toggle",),
    {"pair_cancels": "the second face-up Ten voids the first and kills nothing",
     "toggle": "each later face-up Ten annuls the one before; the last one acts if it is in the first open circle"})


_ip("IP-M7-SCOPE", "M7", "Which Sevens does the Ten kill?", "all_players_except_later_open",
    ("already_dealt_only", "ten_holder_only"),
    {"all_players_except_later_open": "every Seven except those dealt face up after the Ten",
     "already_dealt_only": "only Sevens dealt before the Ten",
     "ten_holder_only": "only the Ten holder's Sevens (except those dealt face up after it)"})


@modifier(number=7, group="deal",
          summary="A Ten in the first open circle kills the Sevens, except those dealt face up after "
                  "it; a second face-up Ten annuls it.",
          reads=("circles", "card_states"), does=("kill",), readings=("IP-M7-SCOPE", "IP-M7-SECOND"))
def m07(state: DealState) -> None:
    first = state.nth_open(1)
    tens = [c for c in state.face_up() if c.is_(10) and c.live]
    if first is None or not tens:
        return
    if state.reading("IP-M7-SECOND") == "toggle":
        ten = tens[-1]
        if ten.circle != first:
            return
    else:
        ten = tens[0]
        if ten.circle != first:
            return
        if len(tens) >= 2:
            state.note("void", tens[:2], "a second face-up Ten annuls the first")
            return
    scope = state.reading("IP-M7-SCOPE")
    for c in state.cards:
        if not c.is_(7) or (c.open and c.seq > ten.seq):
            continue
        if (scope == "already_dealt_only" and c.seq > ten.seq) or (scope == "ten_holder_only" and c.player != ten.player):
            continue
        state.kill(c, text=f"killed by the {ten.card} of the first open circle")


_ip("IP-M8-ANNUL", "M8", "Does the annulling Six kill on its own?", "pair_cancels", ("annuller_acts",),
    {"pair_cancels": "two Sixes in a row cancel each other", "annuller_acts": "the second Six kills the Elves dealt before it"})


_ip("IP-M8-SCOPE", "M8", "Whose Elves does the Six kill?", "all_players", ("six_holder_only",),
    {"all_players": "every player's", "six_holder_only": "only the Six holder's"})


@modifier(number=8, group="deal",
          summary="A Six in the second open circle kills the Elves dealt face up before it; a Six "
                  "dealt right after it annuls it.",
          reads=("circles", "card_states"), does=("kill",), readings=("IP-M8-ANNUL", "IP-M8-SCOPE"))
def m08(state: DealState) -> None:
    second = state.nth_open(2)
    if second is None:
        return
    row = state.circle(second)
    acting: list[CardState] = []
    i = 0
    while i < len(row):
        c = row[i]
        if c.is_(6) and c.live:
            nxt = row[i + 1] if i + 1 < len(row) else None
            if nxt is not None and nxt.is_(6) and nxt.live:
                if state.reading("IP-M8-ANNUL") == "annuller_acts":
                    acting.append(nxt)
                else:
                    state.note("void", (c, nxt), "the next Six annuls the previous one")
                i += 2
                continue
            acting.append(c)
        i += 1
    own = state.reading("IP-M8-SCOPE") == "six_holder_only"
    for six in acting:
        for c in state.face_up():
            if c.is_(11) and c.seq < six.seq and (not own or c.player == six.player):
                state.kill(c, text=f"killed by the {six.card} of the second open circle")


_ip("IP-M9-LAST", "M9", "Does 'appeared last in the face-up dealing' mean the single last face-up card?",
    "last_face_up_card", ("any_in_last_open_circle",),
    {"last_face_up_card": "the last card dealt face up",
     "any_in_last_open_circle": "any Unicorn of the last open circle kills the face-up Fives dealt before it"})


_ip("IP-M9-DARKQ", "M9", "What does a dark Unicorn annul?", "exempts_its_recipient",
    ("cancels_all_if_same_player", "only_dark_after"),
    {"exempts_its_recipient": "its recipient's Fives are spared, whichever dark circle it came in",
     "cancels_all_if_same_player": "a dark Unicorn dealt to the player who got the killing Unicorn cancels "
                                   "the kill for everybody; other dark Unicorns spare nobody",
     "only_dark_after": "only the dark Unicorns dealt after the face-up one spare their recipients"})


@modifier(number=9, group="deal", readings=("IP-M9-LAST", "IP-M9-DARKQ"),
          summary="A Unicorn as the last face-up card kills the face-up Fives, if no Giant showed in "
                  "the first two open circles; a Unicorn dealt dark spares its player.",
          reads=("circles", "card_states"), does=("kill",))
def m09(state: DealState) -> None:
    up = state.face_up()
    if not up:
        return
    if state.reading("IP-M9-LAST") == "last_face_up_card":
        unicorns = [up[-1]] if up[-1].is_(12) and up[-1].live else []
    else:
        unicorns = [c for c in state.circle(state.last_open or 0) if c.is_(12) and c.live]
    if not unicorns:
        return
    early = {state.nth_open(1), state.nth_open(2)} - {None}
    if any(c.is_(13) and c.live for c in up if c.circle in early):
        return
    dark = [c for c in state.cards if not c.open and c.is_(12)]
    how = state.reading("IP-M9-DARKQ")
    for q in unicorns:
        if how == "cancels_all_if_same_player":
            if any(d.player == q.player for d in dark):
                state.note("void", (q,), f"{q.player} also got a dark Unicorn: no Five dies")
                continue
            spared: set[str] = set()
        else:
            spared = {d.player for d in dark if how == "exempts_its_recipient" or d.seq > q.seq}
        for c in up:
            if c.is_(5) and c.player not in spared and c.seq < q.seq:
                state.kill(c, text=f"killed by the {q.card} in the last face-up dealing")


_ip("IP-M10-REVIVED", "M10, M11, M22", "What state does a revived card have when the text names none?",
    "natural", ("state_without_the_kill",),
    {"natural": "its real rank and suit, no status", "state_without_the_kill": "the state it had before the kill"})
_ip("IP-M10-RED", "M10", "Which red cards of the lower rank die?", "all_of_that_rank_any_circle", ("face_up_only",),
    {"all_of_that_rank_any_circle": "every red card of that rank of the next player",
     "face_up_only": "only his face-up ones"})


_ip("IP-M10-NEXT", "M10", "Who are 'the players seated next around the circle'?", "next_clockwise_of_each_owner",
    ("next_counterclockwise",),
    {"next_clockwise_of_each_owner": "each revived card's owner's clockwise neighbour",
     "next_counterclockwise": "each owner's counterclockwise neighbour"})


def _undo(state: DealState) -> bool:
    return state.reading("IP-M10-REVIVED") == "state_without_the_kill"


_ip("IP-M10-MULTI", "M10", "What if there are more than two qualifying cards, or more than one pair?",
    "every_opposite_pair", ("exactly_two",),
    {"every_opposite_pair": "'there are two' means at least two: every opposite pair of holders qualifies",
     "exactly_two": "the modifier fires only when the deal has exactly two dead black face-up honors"})
_ip("IP-M10-LOWER", "M10", "What does '2 lower' mean when the card order is inverted (base rule 19)?",
    "real_rank_minus_2", ("lower_in_current_order",),
    {"real_rank_minus_2": "definition 10 lowers along the rank sequence: A -> Q, J -> 9",
     "lower_in_current_order": "towards the weaker end of the order in force: towards the Dragon when inverted"})


def m10_victim_rank(state: DealState, rank: int) -> int:
    """The rank of the red cards that die for a revived black honor of ``rank`` (IP-M10-LOWER)."""
    if state.reading("IP-M10-LOWER") == "lower_in_current_order" and state.card_order == "inverted":
        return raise_rank(rank, 2)
    return lower_rank(rank, 2)


@modifier(number=10, group="deal", readings=("IP-M10-REVIVED", "IP-M10-RED", "IP-M10-NEXT", "IP-M10-MULTI", "IP-M10-LOWER"),
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
        victim = state.next_player(c.player, 1 if state.reading("IP-M10-NEXT") != "next_counterclockwise" else -1)
        rank = m10_victim_rank(state, c.real_rank)
        for v in state.hand(victim):
            if v.red and v.is_(rank) and (v.open or not face_up_only):
                state.kill(v, text=f"instead of the revived {c.card} of {c.player}")


@modifier(number=11, group="deal",
          summary="A heart fosk to the second hand in the third open circle revives the face-up "
                  "cards killed by M7-M10; the Dragon of spades dealt next keeps diamonds and clubs dead.",
          reads=("circles", "card_states", "modifiers"), does=("revive",))
def m11(state: DealState) -> None:
    third = state.nth_open(3)
    card = state.player_card(state.at_position(2), third)
    if card is None or not (card.real_suit == "h" and card.fosk) or card.dead:
        return
    nxt = state.cards[card.seq + 1] if card.seq + 1 < len(state.cards) else None
    only_hs = nxt is not None and nxt.open and nxt.is_(14, "s")
    for c in state.face_up():
        if c.dead and c.killed_by in ("M7", "M8", "M9", "M10"):
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
    if c.state == FREE:
        return is_honor(rank) and c.suit in suits
    return c.rank == rank and c.suit in suits


_ip("IP-M13-NEXTTO", "M13", "What does 'next to it' cover?", "adjacent_in_same_circle", ("anywhere_in_same_circle",),
    {"adjacent_in_same_circle": "the card dealt just before or just after the 10s",
     "anywhere_in_same_circle": "any card of the same circle"})
_ip("IP-M13-DARKSCOPE", "M13", "Does 'in the dark cards' also restrict the black Unicorns and Giants?",
    "dark_only", ("all_black_QK",),
    {"dark_only": "only dark ones become free", "all_black_QK": "every black Q and K, face up or dark"})


_ip("IP-M13-NOCOND", "M13", "What do modified black Unicorns and Giants become without a red Nine or black Eight?",
    "unchanged", ("free",), {"unchanged": "they stay as they are (base rule 13)", "free": "they become free"})
_ip("IP-M13-DEADGRANT", "M13, M15, M16, M24, M25", "Does a dead card that 'becomes free / wild' revive?",
    "no_revival", ("revive_with_status",),
    {"no_revival": "granting a status does not revive a card", "revive_with_status": "it revives with the status"})


def _grant(state: DealState, c: CardState, status: str, *, override: bool = False, text: str = "") -> bool:
    """A status grant of modifiers 13, 15, 16, 24, 25 (IP-M13-DEADGRANT for dead cards)."""
    if c.dead and state.reading("IP-M13-DEADGRANT") == "revive_with_status":
        return state.revive(c, into=status, text=text)
    return state.grant(c, status, override=override, text=text)


@modifier(number=13, group="deal", readings=("IP-M13-NEXTTO", "IP-M13-DARKSCOPE", "IP-M13-NOCOND", "IP-M13-DEADGRANT"),
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
        if c.is_(10, "s") and c.live:
            near = ([row[j] for j in (i - 1, i + 1) if 0 <= j < len(row)]
                    if state.reading("IP-M13-NEXTTO") == "adjacent_in_same_circle" else row)
            if any(n.is_(11, "c") and n.live for n in near):
                ok = True
    if not ok:
        return
    dark = [c for c in state.cards if not c.open]
    for c in dark:
        if c.red and c.real_rank <= 4:
            if c.dead:
                state.revive(c, into=HOME, text="a dead red fosk to Four in the dark cards")
            else:
                state.kill(c, text="a red fosk to Four in the dark cards")
    qk = dark if state.reading("IP-M13-DARKSCOPE") == "dark_only" else state.cards
    for c in qk:
        if not (c.black and c.real_rank in (12, 13)):
            continue
        if c.dead or not c.modified:
            _grant(state, c, FREE, text="a black Unicorn or Giant in the dark cards")
            continue
        helpers = [h for h in state.hand(c.player)
                   if h is not c and (_can_be(h, 9, RED) or _can_be(h, 8, BLACK))]
        if helpers:
            state.use_as_modifying(helpers[0])
            state.grant(c, WILD, override=True, text=f"already modified, and {c.player} holds {helpers[0].card}")
        elif state.reading("IP-M13-NOCOND") == "free":
            state.grant(c, FREE, override=True, text="already modified, no red Nine or black Eight")


# ---------------------------------------------------------------------------- M14 (claim)
_ip("IP-M14-COUNT", "M14", "Three dead face-up cards: at least three or exactly three?", "at_least_three",
    ("exactly_three",), {"at_least_three": "three or more", "exactly_three": "exactly three"})


_ip("IP-M14-TARGET", "M14", "Which cards are 'any two of his cards'?", "unmodified_only", ("any_card",),
    {"unmodified_only": "live cards no rule or modifier touched (base rule 13)",
     "any_card": "any of his cards, dead, wild and home ones included"})


_ip("IP-M14-RANKWORD", "M14", "The text says 'by their changed rank', but only the suit changed: what do later "
    "modifiers read?", "new_suit", ("real_suit",),
    {"new_suit": "'changed characteristics': suit-tied modifiers read the new suit (rules 13 and 24 yield)",
     "real_suit": "modifiers keep reading the dealt suit; the change matters only for the hand"})


@modifier(number=14, group="deal", kind="claim", readings=("IP-M14-COUNT", "IP-M14-TARGET", "IP-M14-RANKWORD"),
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
            state.change_suit(c, opposite_suit(c.real_suit), real=state.reading("IP-M14-RANKWORD") == "new_suit",
                              override=anything, text="inverted by its owner's claim")


# ---------------------------------------------------------------------------- M15, M16
_ip("IP-M15-LOWEST", "M15", "Lowest in which card order?", "natural_order", ("current_order",),
    {"natural_order": "Two lowest (definition 5)", "current_order": "the card order in force (a Dragon when inverted)"})
_ip("IP-M15-TIE", "M15", "Several face-up cards share the lowest rank: which suit counts?", "lower_suit_in_force",
    ("first_dealt",),
    {"lower_suit_in_force": "the one of the lower suit in the deal's suit order", "first_dealt": "the first dealt"})


_ip("IP-M15-RULEWILD", "M15", "Does a rule-wild card that has lost its wild status still block modifier 15?",
    "actual_state", ("identity",),
    {"actual_state": "only a face-up card that is wild by a base rule when 15 is processed blocks it",
     "identity": "a face-up card a base rule made wild blocks it even after M1 stripped it or a kill made it "
                 "natural (base rule 4)"})


@modifier(number=15, group="deal", readings=("IP-M15-LOWEST", "IP-M15-TIE", "IP-M15-RULEWILD"),
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
    lowest = min(up, key=lambda c: (-c.real_rank if inverted else c.real_rank,
                                    c.seq if first else -suit_rank[c.real_suit]))
    suits = (lowest.real_suit, opposite_suit(lowest.real_suit))
    for c in state.cards:
        if c.real_rank == 14 and c.real_suit in suits:
            _grant(state, c, WILD, text=f"the lowest face-up card is {lowest.card}")


_ip("IP-M16-HIS", "M16", "Whose last open card must be dead?", "opposite_player", ("ah_recipient",),
    {"opposite_player": "the opposite player's", "ah_recipient": "the Dragon of hearts holder's"})


_ip("IP-M16-REVIVE-COND", "M16", "Does the revival of the dead Fives also need the dead last face-up card?", "yes",
    ("no",), {"yes": "the second sentence is about 'these Fives' of the first",
              "no": "the opposite player's dead Fives revive home whenever the Ah shows"})


_ip("IP-M16-OPPOSITE", "M16", "Who is 'the player seated opposite'?", "geometric_opposite_seat",
    ("halfway_round_the_players",),
    {"geometric_opposite_seat": "N-S, NE-SW and so on, as modifier 10 spells out",
     "halfway_round_the_players": "the player half the number of players (rounded down) clockwise on"})


def m16_opposite(state: DealState, player: str) -> str | None:
    """The player opposite ``player`` for modifier 16 (IP-M16-OPPOSITE)."""
    if state.reading("IP-M16-OPPOSITE") == "halfway_round_the_players":
        return state.next_player(player, len(state.players) // 2)
    return state.opposite(player)


@modifier(number=16, group="deal", readings=("IP-M16-HIS", "IP-M16-REVIVE-COND", "IP-M16-OPPOSITE"),
          summary="The Dragon of hearts in the last open circle: for the player opposite, whose last "
                  "face-up card is dead, the Fives of spades and hearts are wild (dead ones revive home).",
          reads=("seats", "circles", "card_states"), does=("wild", "revive", "home"))
def m16(state: DealState) -> None:
    last = state.last_open
    if last is None:
        return
    for ah in state.circle(last):
        if not ah.is_(14, "h") or ah.dead:
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
                if c.dead:
                    state.revive(c, into=HOME, text=f"{ah.card} to {ah.player}, opposite")
                else:
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


_ip("IP-M17-SUIT", "M17", "Does 'of spades' qualify the Two, the Eight and the Dragon?", "all_three_spades",
    ("any_two_any_eight_plus_as",),
    {"all_three_spades": "2s, 8s and As", "any_two_any_eight_plus_as": "any Two, any Eight and the As"})
_ip("IP-M18-SUIT", "M18", "Does 'of diamonds' qualify the Five, the Nine and the Giant?", "all_three_diamonds",
    ("any_five_any_nine_plus_kd",),
    {"all_three_diamonds": "5d, 9d and Kd", "any_five_any_nine_plus_kd": "any Five, any Nine and the Kd"})


def _m17_trigger(state: DealState, cards: list[CardState]) -> bool:
    if state.reading("IP-M17-SUIT") == "all_three_spades":
        return _holds(cards, (2, "s"), (8, "s"), (14, "s"))
    ranks = {c.card.rank for c in cards}
    return 2 in ranks and 8 in ranks and _holds(cards, (14, "s"))


def _m18_trigger(state: DealState, cards: list[CardState]) -> bool:
    if state.reading("IP-M18-SUIT") == "all_three_diamonds":
        return _holds(cards, (5, "d"), (9, "d"), (13, "d"))
    ranks = {c.card.rank for c in cards}
    return 5 in ranks and 9 in ranks and _holds(cards, (13, "d"))


@modifier(number=17, group="deal", kind="claim", readings=("IP-M17-SUIT", "IP-MANDATORY-CLAIM"),
          summary="Whoever holds the Two, Eight and Dragon of spades must lower one red card by 2; "
                  "the new rank is real.",
          reads=("card_states", "claims"), does=("rank", "claim_right"))
def m17(state: DealState) -> None:
    def eligible(c: CardState) -> bool:
        return c.card.suit in RED and not c.modified and c.live

    _rebase_claim(state, "M17", lambda cards: _m17_trigger(state, cards), eligible,
                  lambda c: lower_rank(c.card.rank, 2))


@modifier(number=18, group="deal", kind="claim", readings=("IP-M18-SUIT", "IP-MANDATORY-CLAIM"),
          summary="Whoever holds the Five, Nine and Giant of diamonds must raise one heart or club "
                  "card by 3; the new rank is real.",
          reads=("card_states", "claims"), does=("rank", "claim_right"))
def m18(state: DealState) -> None:
    def eligible(c: CardState) -> bool:
        return c.card.suit in ("h", "c") and not c.modified and c.live

    _rebase_claim(state, "M18", lambda cards: _m18_trigger(state, cards), eligible,
                  lambda c: raise_rank(c.card.rank, 3))


_ip("IP-M19-ROW", "M19", "What counts as 'two in a row in the open circles'?", "successive_open_circles",
    ("adjacent_circle_numbers",),
    {"successive_open_circles": "his face-up cards of two consecutive open circles (a dark circle between does not break it)",
     "adjacent_circle_numbers": "circle numbers that differ by one"})


def _m19_right(state: DealState, player: str) -> bool:
    up = [c for c in state.hand(player) if c.open]
    strict = state.reading("IP-M19-ROW") == "adjacent_circle_numbers"
    for a, b in zip(up, up[1:], strict=False):
        pair = {(a.card.rank, a.card.suit), (b.card.rank, b.card.suit)}
        if pair == {(2, "c"), (2, "s")} and (not strict or b.circle - a.circle == 1):
            return any(c.is_(11, "d") and not c.open for c in state.hand(player))
    return False


_ip("IP-M19-SCOPE", "M19", "Does the new rank count for modifiers too?", "rules_only", ("rules_and_modifiers",),
    {"rules_only": "the text names the Rules; M17-M18 name 'modifiers and rules' when they mean both",
     "rules_and_modifiers": "'the rank becomes real': modifiers read it too"})


@modifier(number=19, group="deal", kind="claim", readings=("IP-M19-SCOPE",),
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
        if c.seq in state.rebased:
            continue
        if is_honor(c.card.rank) or c.card.rank == 8 or (c.modified and not c.dead):
            state.refuse(claim, f"{claim.card} is not a natural or dead fosk with an opposite rank")
        state.rebase(c, opposite_rank(c.card.rank), rules_only=state.reading("IP-M19-SCOPE") == "rules_only",
                     text=f"{claim.player}'s choice")


# ---------------------------------------------------------------------------- M20 - M22
_ip("IP-M20-FOUR", "M20", "What if all four Giants are dark?", "each_opposite_pair", ("once",),
    {"each_opposite_pair": "two applications, one per pair of opposite suits", "once": "one application"})
_ip("IP-M20-REAL", "M20", "Is the shifted rank real?", "not_real", ("real",),
    {"not_real": "base rule 13: no rule or modifier reads the new rank", "real": "later modifiers read the new rank"})


@modifier(number=20, group="deal",
          summary="Two Giants of opposite suits in a player's dark cards: one becomes free, the other "
                  "moves 3 ranks up or down (the holder chooses).",
          reads=("circles", "card_states", "claims"), does=("free", "rank", "claim_right"), readings=("IP-M20-FOUR", "IP-M20-REAL"))
def m20(state: DealState) -> None:
    claims = state.claims_for("M20")
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
                _mandatory_default(state, "M20", player)
                free, moved, direction = a, b, "up"
            state.grant(free, FREE, text="one of two dark Giants of opposite suits")
            rank = raise_rank(13, 3) if direction == "up" else lower_rank(13, 3)
            state.change_rank(moved, rank, real=state.reading("IP-M20-REAL") == "real",
                              text=f"the other Giant moves 3 {direction}")
        for claim in mine:
            state.refuse(claim, f"{claim.card} is not one of {player}'s dark Giants of opposite suits")


_ip("IP-M21-NEIGHBOURS", "M21", "Who are 'two players seated next to each other'?", "consecutive_in_play_order",
    ("adjacent_compass_seats",),
    {"consecutive_in_play_order": "next to each other among the occupied seats",
     "adjacent_compass_seats": "both seats occupied and 45 degrees apart"})
_ip("IP-M21-CIRCLES", "M21", "What are 'adjacent circles'?", "circle_numbers_differ_by_1", ("consecutive_open_circles",),
    {"circle_numbers_differ_by_1": "circles whose numbers differ by one",
     "consecutive_open_circles": "two open circles with only dark circles between them"})


def _neighbours(state: DealState, a: str, b: str) -> bool:
    if state.reading("IP-M21-NEIGHBOURS") == "adjacent_compass_seats":
        from ..context import SEATS
        i, j = SEATS.index(state.seat(a)), SEATS.index(state.seat(b))
        return (i - j) % 8 in (1, 7)
    return True


def _adjacent_circles(state: DealState, x: int, y: int) -> bool:
    if state.reading("IP-M21-CIRCLES") == "consecutive_open_circles":
        opens = state.open_circles
        return x in opens and y in opens and abs(opens.index(x) - opens.index(y)) == 1
    return abs(x - y) == 1


def _m21_right(state: DealState, player: str) -> bool:
    players = state.players
    n = len(players)
    for i in range(n):
        a, b = players[i], players[(i + 1) % n]
        if player not in (a, b) or not _neighbours(state, a, b):
            continue
        for x, y in ((a, b), (b, a)):
            qd = [c for c in state.hand(x) if c.open and c.is_(12, "d") and c.live]
            ks = [c for c in state.hand(y) if c.open and c.is_(13, "s") and c.live]
            if any(_adjacent_circles(state, q.circle, k.circle) for q in qd for k in ks):
                return any(not c.open and c.is_(14, "h") for c in state.hand(player))
    return False


@modifier(number=21, group="deal", kind="claim", readings=("IP-M21-NEIGHBOURS", "IP-M21-CIRCLES"),
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


_ip("IP-M22-WHO", "M22", "Who are 'the players to whom these cards did not come'?", "received_none_of_the_three",
    ("did_not_receive_all_three",),
    {"received_none_of_the_three": "players who got none of the 3c, 4h, 5s",
     "did_not_receive_all_three": "every player who did not get all three"})


def _m22_excluded(state: DealState, triggers: list[CardState]) -> set[str]:
    if state.reading("IP-M22-WHO") == "did_not_receive_all_three":
        return {p for p in state.players if len({(c.card.rank, c.card.suit) for c in triggers if c.player == p}) == 3}
    return {c.player for c in triggers}


_ip("IP-M22-NONDEAD", "M22", "What does 'applies only to non-dead cards' mean?", "spade_fosk_must_be_live",
    ("trigger_cards_must_be_live",),
    {"spade_fosk_must_be_live": "the spade fosk paid with must be alive",
     "trigger_cards_must_be_live": "the face-up 3c, 4h and 5s must be alive"})
_ip("IP-M22-NOFOSK", "M22", "What does 'if there are no foskas' mean?", "no_eligible_spade_fosk",
    ("no_fosk_at_all", "no_live_spade_fosk"),
    {"no_eligible_spade_fosk": "the payment is a live, unmodified spade fosk (base rule 13)",
     "no_fosk_at_all": "any spade fosk of his pays, modified or not (alive as IP-M22-NONDEAD reads)",
     "no_live_spade_fosk": "a live spade fosk pays, a modified one too"})


def _m22_payment(state: DealState, f: CardState) -> bool:
    """Whether the spade fosk ``f`` may pay for modifier 22's revival (IP-M22-NOFOSK, IP-M22-NONDEAD)."""
    if not (f.real_suit == "s" and f.fosk):
        return False
    how = state.reading("IP-M22-NOFOSK")
    if f.dead and (how == "no_live_spade_fosk" or state.reading("IP-M22-NONDEAD") == "spade_fosk_must_be_live"):
        return False
    return how != "no_eligible_spade_fosk" or not f.modified


@modifier(number=22, group="deal", kind="claim", readings=("IP-M22-WHO", "IP-M22-NONDEAD", "IP-M22-NOFOSK"),
          summary="The Three of clubs, Four of hearts and Five of spades face up: each player who got "
                  "none of them may revive a dead diamond honor by lowering a live spade fosk by 6.",
          reads=("circles", "card_states", "claims"), does=("revive", "rank", "claim_right"))
def m22(state: DealState) -> None:
    claims = state.claims_for("M22")
    if not claims:
        return
    up = state.face_up()
    triggers = [c for c in up if (c.card.rank, c.card.suit) in ((3, "c"), (4, "h"), (5, "s"))
                and (c.live or state.reading("IP-M22-NONDEAD") != "trigger_cards_must_be_live")]
    if len({(c.card.rank, c.card.suit) for c in triggers}) < 3:
        state.refuse(claims[0], "the Three of clubs, Four of hearts and Five of spades did not all show")
    receivers = _m22_excluded(state, triggers)
    seen: set[str] = set()
    for claim in claims:
        if claim.player in receivers:
            state.refuse(claim, f"{claim.player} received one of the three cards")
        if claim.player in seen:
            state.refuse(claim, "modifier 22 revives one honor")
        seen.add(claim.player)
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
_ip("IP-M23-FACTOR", "M23", "Which sources count as 'modifiers whose modifying element is a natural factor'?",
    "rules_and_modifiers_with_natural_trigger", ("conditional_modifiers_only",),
    {"rules_and_modifiers_with_natural_trigger": "Table 2 (time of day) and modifiers 47-49, 78-100",
     "conditional_modifiers_only": "modifiers 47-49, 78-100 only"})


def _as_qh(c: CardState) -> bool:
    if c.dead:
        return False
    return (c.state == WILD or (c.state == FREE and c.suit == "h")
            or (c.state == HOME and c.rank == 12))


_ip("IP-M23-SCOPE", "M23", "Does the cancellation apply to everyone or only to the claimant?",
    "whole_deal_all_players", ("own_cards_only",),
    {"whole_deal_all_players": "the modifier does not act in the deal", "own_cards_only": "only on his cards"})


@modifier(number=23, group="deal", kind="claim",
          summary="A player with two Unicorns of hearts, one natural and one obtained through a natural "
                  "factor, may cancel one of modifiers 16-22, shown before the betting.",
          reads=("card_states", "claims", "modifiers", "time", "weather"), does=("cancel", "claim_right"),
          readings=("IP-M23-FACTOR", "IP-M23-SCOPE"))
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
        obtained = [c for c in hand if c not in natural and _as_qh(c) and c.state_source in factors]
        if not natural or not obtained:
            state.refuse(claim, f"{claim.player} lacks a natural Unicorn of hearts and one obtained "
                                f"through a natural factor")
        own = claim.player if state.reading("IP-M23-SCOPE") == "own_cards_only" else None
        state.cancel(int(target[1:]), only=(lambda c, p=own: c.player == p) if own else None,
                     text=f"{claim.player} shows {natural[0].card} and {obtained[0].card}")


# ---------------------------------------------------------------------------- M24 - M27
_ip("IP-M24-EVEN", "M24", "What is 'an even circle'?", "even_circle_number_any_kind", ("even_open_circle",),
    {"even_circle_number_any_kind": "circles 2, 4, 6, 8, dark or open",
     "even_open_circle": "the second or fourth open circle"})


_ip("IP-M24-PENULT", "M24", "Which circle is the penultimate open circle?", "final_pattern",
    ("default_pattern_circle_7",),
    {"final_pattern": "the circles as dealt (IP-M5-AFTERMATH): circle 7 by default, circle 6 after M5 ...",
     "default_pattern_circle_7": "circle 7, the default pattern's penultimate open circle, whatever was dealt"})


@modifier(number=24, group="deal", readings=("IP-M24-EVEN", "IP-M24-PENULT"),
          summary="A red honor in the penultimate open circle makes all the player's Sixes wild, if a "
                  "Six came to him in an even circle.",
          reads=("circles", "card_states"), does=("wild",))
def m24(state: DealState) -> None:
    pen = state.penultimate_open if state.reading("IP-M24-PENULT") == "final_pattern" else 7
    if pen is None:
        return
    for player in state.players:
        c = state.player_card(player, pen)
        if not _live(c) or not (c.honor and c.red):
            continue
        sixes = [s for s in state.hand(player) if s.is_(6)]
        if state.reading("IP-M24-EVEN") == "even_open_circle":
            even = {state.nth_open(2), state.nth_open(4)} - {None}
        else:
            even = {2, 4, 6, 8}
        if any(s.circle in even for s in sixes):
            for s in sixes:
                _grant(state, s, WILD, text=f"{c.card} in the penultimate open circle")


_ip("IP-M25-EIGHT", "M25", "Which Eight becomes wild?", "eight_of_last_open_circle", ("all_his_eights",),
    {"eight_of_last_open_circle": "only that card", "all_his_eights": "every Eight of that player"})


_ip("IP-M25-ANY", "M25", "Must all four black foskas 3-6 show in the first open circle?", "any_one",
    ("all_four_must_show",), {"any_one": "any of them, for its own recipient",
                              "all_four_must_show": "all four must show, each for its recipient"})


@modifier(number=25, group="deal", readings=("IP-M25-EIGHT", "IP-M25-ANY"),
          summary="A black 3-6 in the first open circle makes wild the player's Eight of the last "
                  "open circle.",
          reads=("circles", "card_states"), does=("wild",))
def m25(state: DealState) -> None:
    first, last = state.nth_open(1), state.last_open
    if first is None or last is None or first == last:
        return
    if state.reading("IP-M25-ANY") == "all_four_must_show":
        shown = {c.real_rank for c in state.circle(first) if c.black and c.live and 3 <= c.real_rank <= 6}
        if shown != {3, 4, 5, 6}:
            return
    for player in state.players:
        a, b = state.player_card(player, first), state.player_card(player, last)
        if _live(a) and a.black and 3 <= a.real_rank <= 6 and b is not None and b.is_(8):
            eights = [b] if state.reading("IP-M25-EIGHT") == "eight_of_last_open_circle" else [
                c for c in state.hand(player) if c.is_(8)]
            for e in eights:
                _grant(state, e, WILD, text=f"{a.card} in the first open circle")


_ip("IP-M26-NEXT-WHO", "M26", "Must the Giant of hearts or Unicorn of diamonds come to the same player?",
    "any_player", ("same_player",),
    {"any_player": "to anyone on the next circle", "same_player": "to the player who got the spade fosk"})


_ip("IP-M26-PENALTY", "M26", "Do the player's Five and Seven of spades die when his card was no spade fosk?",
    "needs_trigger", ("whenever_next_open_lacks",),
    {"needs_trigger": "only after a spade fosk in the second open circle",
     "whenever_next_open_lacks": "whenever the circle after the second open one is open and shows neither card"})


_ip("IP-M26-OPEN-INDEX", "M26", "Is 'the 2nd open circle' the second face-up circle, or circle 2 when it is "
    "open?", "nth_open", ("circle_index",),
    {"nth_open": "open circles are numbered among themselves (definition 22's example)",
     "circle_index": "circle number 2, only when it is dealt open (never, in the patterns the rules make)"})


@modifier(number=26, group="deal", readings=("IP-M26-NEXT-WHO", "IP-M26-PENALTY", "IP-M26-OPEN-INDEX"),
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
    player = state.at_position(2)
    x = state.player_card(player, second)
    if x is None:
        return
    trigger = x.real_suit == "s" and x.fosk and x.live
    if not trigger and state.reading("IP-M26-PENALTY") == "needs_trigger":
        return
    nxt = x.circle + 1
    if nxt > len(state.pattern) or state.pattern[nxt - 1] != "open":
        return
    shown = [c for c in state.circle(nxt) if c.live and (c.is_(13, "h") or c.is_(12, "d"))
             and (c.player == player or state.reading("IP-M26-NEXT-WHO") == "any_player")]
    if shown:
        if trigger:
            state.grant(x, WILD, text=f"{shown[0].card} showed on the next circle")
        return
    for c in state.hand(player):
        if c.open and c.real_suit == "s" and c.real_rank in (5, 7):
            state.kill(c, text="no Giant of hearts or Unicorn of diamonds on the next circle")


_ip("IP-M27-FIRST-CIRCLE", "M27", "Is 'the first circle' circle 1 or the first open circle?", "circle_1",
    ("first_open",), {"circle_1": "circle 1, dark or open", "first_open": "the first open circle"})


_ip("IP-M27-NEW-RANK", "M27", "Is the new rank a real rank?", "modified", ("real",),
    {"modified": "it plays as the foska; rank-tied modifiers read its real (honor) rank (base rule 13)",
     "real": "the foska rank becomes real: the card is judged as if dealt so, by Tables 2-3 and every "
             "modifier"})


@modifier(number=27, group="deal", readings=("IP-M27-FIRST-CIRCLE", "IP-M27-NEW-RANK"),
          summary="An odd number of players and the Nine of clubs face up on the third open circle: "
                  "the hearts honors of circle 1 play as their opposite foskas.",
          reads=("players", "circles", "card_states"), does=("rank",))
def m27(state: DealState) -> None:
    if len(state.players) % 2 == 0:
        return
    third = state.nth_open(3)
    if third is None or not any(c.is_(9, "c") and c.live for c in state.circle(third)):
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
    (IP-INCDEC-TARGET ``owner_picks_one``) or all his natural cards (``all_own_natural``)."""
    player = modifying.player
    state.set_role(modifying, role, text=f"{modifying.card} is {role} for {player}")
    step = 1 if role == "incrementing" else -1
    mine = [c for c in claims if c.player == player and (c.card is None or c.card == modifying.card)]
    if state.reading("IP-INCDEC-TARGET") == "all_own_natural":
        chosen = [c for c in state.hand(player) if c is not modifying and c.state == NATURAL and not c.modified]
        for claim in mine:
            claims.remove(claim)
    else:
        chosen = []
        for claim in mine[:1]:
            claims.remove(claim)
            if claim.target is None:
                state.refuse(claim, f"{rule} needs the target card")
            t = state.find(player, claim.target)
            if t is modifying or not targets(t):
                state.refuse(claim, f"{claim.target} cannot be changed by the {modifying.card}")
            chosen.append(t)
    if chosen:
        state.use_as_modifying(modifying)
    for t in chosen:
        if t.dead:
            if not revive_dead:
                continue
            state.revive(t, text=f"taken out from under its kill by the {modifying.card}")
        new = raise_rank(t.rank, step)
        state.change_rank(t, new, real=True, override=True,
                          stays_natural=stays_natural, text=f"{role[:-3]}ed by the {modifying.card}")
        if freeze:
            state.freeze(t, text=f"changed by the {modifying.card}")


def _natural_or_dead(c: CardState) -> bool:
    return c.dead or (c.state == NATURAL and not c.modified)


def _natural(c: CardState) -> bool:
    return c.state == NATURAL and not c.modified


def _leftover(state: DealState, rule: str, claims: list[Claim]) -> None:
    for claim in claims:
        state.refuse(claim, f"{rule} gives {claim.player} no such right")


@modifier(number=28, group="deal", kind="claim",
          summary="The Four of spades is incrementing for its holder if he has a dead heart; it may "
                  "revive a dead card; the changed card is frozen.",
          reads=("card_states", "claims"), does=("incrementing", "rank", "revive", "claim_right"))
def m28(state: DealState) -> None:
    claims = state.claims_for("M28")
    for c in state.cards:
        if c.is_(4, "s") and c.live and any(h.dead and h.real_suit == "h" for h in state.hand(c.player)):
            _incdec(state, "M28", c, "incrementing", _natural_or_dead, revive_dead=True, freeze=True,
                    stays_natural=False, claims=claims)
    _leftover(state, "M28", claims)


_ip("IP-M29-COUNT", "M29", "One free club honor or several?", "at_least_one", ("at_least_two",),
    {"at_least_one": "one is enough (the singular adjective)", "at_least_two": "two or more (the plural noun)"})


def _m29_right(state: DealState, c: CardState) -> bool:
    if not (c.is_(7, "d") and c.live):
        return False
    need = 1 if state.reading("IP-M29-COUNT") == "at_least_one" else 2
    return sum(
        1 for h in state.hand(c.player) if h.state == FREE and h.real_suit == "c") >= need


@modifier(number=29, group="deal", kind="claim", readings=("IP-M29-COUNT",),
          summary="The Seven of diamonds is incrementing for its holder if he has a free club honor; "
                  "as modifier 28.",
          reads=("card_states", "claims"), does=("incrementing", "rank", "revive", "claim_right"))
def m29(state: DealState) -> None:
    claims = state.claims_for("M29")
    for c in state.cards:
        if _m29_right(state, c):
            _incdec(state, "M29", c, "incrementing", _natural_or_dead, revive_dead=True, freeze=True,
                    stays_natural=False, claims=claims)
    _leftover(state, "M29", claims)


@modifier(number=30, group="deal", kind="claim",
          summary="A dead Elf of hearts is decrementing for its holder, on natural cards only; "
                  "modifiers then read the new rank.",
          reads=("card_states", "claims"), does=("decrementing", "rank", "claim_right"))
def m30(state: DealState) -> None:
    claims = state.claims_for("M30")
    for c in state.cards:
        if c.is_(11, "h") and c.dead:
            # A dead card acting as modifying card is the text's own exception to definition 3.
            _incdec(state, "M30", c, "decrementing", _natural, revive_dead=False, freeze=False,
                    stays_natural=True, claims=claims)
    _leftover(state, "M30", claims)


_ip("IP-M31-NOT-NATURAL", "M31", "Does a dead Giant of clubs count as 'not natural'?", "live_non_natural",
    ("incl_dead",), {"live_non_natural": "only a live wild, home, free or changed Kc",
                     "incl_dead": "a dead Kc acts too"})


def _m31_right(state: DealState, c: CardState) -> bool:
    if not c.is_(13, "c"):
        return False
    if c.dead:
        return state.reading("IP-M31-NOT-NATURAL") == "incl_dead"
    return c.state != NATURAL or c.modified


@modifier(number=31, group="deal", kind="claim", readings=("IP-M31-NOT-NATURAL",),
          summary="A Giant of clubs that is not natural is decrementing for its holder, on natural and "
                  "dead cards (reviving them); the changed card is frozen.",
          reads=("card_states", "claims"), does=("decrementing", "rank", "revive", "claim_right"))
def m31(state: DealState) -> None:
    claims = state.claims_for("M31")
    for c in state.cards:
        if _m31_right(state, c):
            _incdec(state, "M31", c, "decrementing", _natural_or_dead, revive_dead=True, freeze=True,
                    stays_natural=False, claims=claims)
    _leftover(state, "M31", claims)


@modifier(number=32, group="deal", kind="claim",
          summary="Black Sixes are incrementing or decrementing (the holder says which) if he holds "
                  "both red Unicorns dead; on natural cards, which modifiers then read by the new rank.",
          reads=("card_states", "claims"), does=("incrementing", "decrementing", "rank", "claim_right"))
def m32(state: DealState) -> None:
    claims = state.claims_for("M32")
    for c in state.cards:
        if not (c.real_rank == 6 and c.black and c.live):
            continue
        hand = state.hand(c.player)
        if not (any(q.is_(12, "h") and q.dead for q in hand) and any(q.is_(12, "d") and q.dead for q in hand)):
            continue
        mine = [x for x in claims if x.player == c.player and (x.card is None or x.card == c.card)]
        if not mine and state.reading("IP-INCDEC-TARGET") != "all_own_natural":
            continue
        direction = mine[0].direction if mine else "incrementing"
        if direction not in ("incrementing", "decrementing"):
            state.refuse(mine[0], "modifier 32 needs 'incrementing' or 'decrementing'")
        _incdec(state, "M32", c, direction, _natural, revive_dead=False, freeze=False,
                stays_natural=True, claims=claims)
    _leftover(state, "M32", claims)


# ---------------------------------------------------------------------------- M33
_ip("IP-M33-SCOPE", "M33", "The Giant, Unicorn and Elf among all open cards, or in one player's?", "table",
    ("one_player",), {"table": "any players'", "one_player": "all three in one player's face-up cards"})


_ip("IP-M33-RULE11", "M33", "33 cancels the higher-numbered 34: does base rule 11 let 34 stand?",
    "explicit_cancel_applies", ("higher_number_wins",),
    {"explicit_cancel_applies": "33 names 34: that is the 'stated otherwise'",
     "higher_number_wins": "34 stands and 33 is void"})


@modifier(number=33, group="deal", readings=("IP-M33-SCOPE", "IP-M33-RULE11"),
          summary="A Giant, Unicorn and Elf of one suit face up cancel modifier 34 for this deal and the next.",
          reads=("circles", "history", "modifiers"), does=("cancel",))
def m33(state: DealState) -> None:
    if state.reading("IP-M33-RULE11") == "higher_number_wins":
        return
    number = state.facts.number
    carried = state.history.carried("M33") if state.history is not None else []
    if any(last >= number for _deal, last in carried):  # type: ignore[operator]
        state.cancel(34, text="modifier 33 fired in the previous deal")
    up = [c for c in state.face_up() if c.live]
    groups = [up] if state.reading("IP-M33-SCOPE") == "table" else [
        [c for c in up if c.player == p] for p in state.players]
    shown = [{(c.real_rank, c.real_suit) for c in g} for g in groups]
    for suit in "hdcs":
        if any((11, suit) in g and (12, suit) in g and (13, suit) in g for g in shown):
            state.carry["M33"] = number + 1
            state.cancel(34, text=f"the Giant, Unicorn and Elf of {suit} showed face up")
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
    return [_c(player, "M17", card=c.card) for c in hand if c.card.suit in RED and not c.modified and c.live]


@_options(18)
def _m18_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    if not _m18_trigger(state, hand):
        return []
    return [_c(player, "M18", card=c.card) for c in hand if c.card.suit in ("h", "c") and not c.modified and c.live]


@_options(19)
def _m19_options(state: DealState, player: str) -> list[Claim]:
    if not _m19_right(state, player):
        return []
    return [_c(player, "M19", card=c.card) for c in state.hand(player)
            if c.fosk and c.card.rank != 8 and (c.dead or not c.modified)]


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
    if not any(_as_qh(c) and c.state_source in _NATURAL_FACTORS and not c.is_(12, "h") for c in hand):
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


_options(28)(_target_options("M28", lambda s, c: c.is_(4, "s") and c.live and any(
    h.dead and h.real_suit == "h" for h in s.hand(c.player)), _natural_or_dead))
_options(29)(_target_options("M29", _m29_right, _natural_or_dead))
_options(30)(_target_options("M30", lambda s, c: c.is_(11, "h") and c.dead, _natural))
_options(31)(_target_options("M31", _m31_right, _natural_or_dead))


@_options(32)
def _m32_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    if not (any(q.is_(12, "h") and q.dead for q in hand) and any(q.is_(12, "d") and q.dead for q in hand)):
        return []
    return [_c(player, "M32", card=six.card, direction=d, target=t.card)
            for six in hand if six.real_rank == 6 and six.black and six.live
            for d in ("incrementing", "decrementing") for t in hand if t is not six and _natural(t)]
