"""Conditional modifiers 53-88, the seed's group "Внешние" (external factors).

They read the players and the room rather than the cards alone: spare decks (53), glasses
(54, 55, 58), beards (56, 59), headwear (57-59, 61), drinks (63, 64), the room's exits (65, 72),
the sexes (73), the dimensions the players come from and their phonetic names (74-77), the
tones of the clothing (78-88, with the croupier's call "hard to tell" for 85-88), and a few
things of the deal itself (60, 62, 66-71).

Conventions (``rules/modifiers/51-75-space-external.md``, ``76-100-external-natural.md``):
"k-th from the dealer" counts clockwise from the dealer's left-hand neighbour (1), the dealer
last; "the n-th open circle" counts open circles of the pattern as dealt; trigger cards are read
by their real rank and suit (base rules 13, 24); the kills and revivals obey IP-KILL-REACH and
IP-REVIVE-RULE-KILLS through the state. Facts of a player ("the players have X on") fire when at
least one player has X, unless a reading says otherwise.

The croupier's call that the dominant colour of the clothing is hard to tell is the table's
croupier fact ``{"clothing": "hard_to_tell"}``.

Under IP-M80-ORDER ``previous_deal_order`` modifiers 80, 84 and 88 read the card order the previous
deal was played in: every deal played in the inverted order keeps ``carry["card_order"] =
"inverted"`` (a key of its :class:`~rules.engines.dragon.game.DealRecord`'s ``carry``; a history
built by hand may set it too), and a deal without the key was played in the natural order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from itertools import product

from ...cards import is_honor, lower_rank, opposite_rank, opposite_suit, raise_rank
from ...errors import RulesError
from ...readings import declare
from ..astro import sun_is_up
from ..context import SEATS
from ..state import DEAD, FREE, HOME, NATURAL, WILD, CardState, Claim, DealState, rule_source
from .base import PatternView, attach_final, modifier
from .common import BLACK, incdec_target, natural_card, once_each, wild_even_if_dead
from .points_external import POINTS

__all__ = ["CROUPIER_CLOTHING", "m53_seats", "m71_counted", "letter_counts", "dominant_tone", "in_window",
           "m84_rank", "m88_rank"]

CROUPIER_CLOTHING = "clothing"          # the croupier's call: {"clothing": "hard_to_tell"}
_HARD_TO_TELL = "hard_to_tell"


declare("dragon", POINTS)  # the group's interpretation points, data in points_external.py


def _player(state: DealState, pid: str):
    players = state.memo.get("players")
    if players is None:
        players = state.memo["players"] = {p.id: p for p in state.table.players}
    found = players.get(pid)
    return found if found is not None else state.table.player(pid)


def _circle(state: DealState, number: int | None) -> list[CardState]:
    return state.circle(number) if number is not None else []


# ---------------------------------------------------------------------------- M53
def _turn(seat: str, step: int) -> str:
    return SEATS[(SEATS.index(seat) + step) % 8]


def m53_seats(seats: dict[str, str], spare_decks: dict[str, int], readings) -> dict[str, str] | None:
    """The seats every modifier reads after modifier 53, or None when it does not act."""
    counted = sum(1 for n in spare_decks.values() if n > 0)
    if counted == 0:
        return None
    if readings["IP-M53-COUNT"] == "with_play_deck":
        counted += 1
    if counted % 2 == 0:
        return None
    if counted not in (1, 3, 5) and readings["IP-M53-OTHER-ODD"] == "only_1_3_5":
        return None
    cardinal_only = readings["IP-M53-INTERCARDINAL"] == "cardinal_only"

    def opposite(seat: str) -> str:
        if cardinal_only and seat not in ("N", "E", "S", "W"):
            return seat
        return _turn(seat, 4)

    if counted in (3, 5):
        step = 1 if counted == 3 else -1
        if readings["IP-M53-SHIFT-DIRECTION"] == "label_moves":
            step = -step
        compose = readings["IP-M53-COMPOSE"] == "compose"
        return {p: _turn(opposite(s) if compose else s, step) for p, s in seats.items()}
    return {p: opposite(s) for p, s in seats.items()}


@modifier(number=53, group="external", hook="adjust",
          summary="Spare decks (at most one per player) turn the compass: an odd count to the opposite "
                  "points, 3 decks one point clockwise, 5 one point counter-clockwise, an even count "
                  "nothing.",
          reads=("spare_decks", "seats"), does=("seats",),
          readings=("IP-M53-COUNT", "IP-M53-OTHER-ODD", "IP-M53-COMPOSE", "IP-M53-SHIFT-DIRECTION",
                    "IP-M53-INTERCARDINAL"))
def m53(facts, readings) -> None:
    decks = {p.id: p.spare_decks for p in facts.table.players}
    seats = m53_seats(dict(facts.seats), decks, readings)
    if seats is not None and seats != facts.seats:
        facts.adjust("seats", seats, "M53")


# ---------------------------------------------------------------------------- M54, M55
@modifier(number=54, group="external", kind="claim",
          summary="The dealer in glasses: each player may make one of his Giants free in this deal; if "
                  "other players wear glasses too, the Unicorns of the players in glasses are free.",
          reads=("glasses", "dealer", "card_states", "claims"), does=("free", "claim_right"),
          readings=("IP-M54-UNICORNS", "IP-M54-WEARERS"))
def m54(state: DealState) -> None:
    claims = state.claims_for("M54")
    dealer = state.facts.dealer
    if not _player(state, dealer).glasses:
        for claim in claims:
            state.refuse(claim, "the dealer wears no glasses")
        return
    wearers = [p for p in state.players if _player(state, p).glasses]
    mode = state.reading("IP-M54-WEARERS")
    if mode == "all_players":
        fires = len(wearers) == len(state.players)
    else:
        fires = any(p != dealer for p in wearers)
    freed = [p for p in wearers if not (mode == "others_only" and p == dealer)] if fires else []
    unicorns = state.reading("IP-M54-UNICORNS")
    if unicorns in ("unicorns_too", "all_unicorns_instead"):
        for p in freed:
            for c in state.hand(p):
                if c.is_(12) and natural_card(c):
                    state.grant(c, FREE, text=f"the dealer and {p} wear glasses")
    seen: set[str] = set()
    for claim in claims:
        once_each(state, seen, claim, "modifier 54 frees one card per player in a deal")
        rank, name = 13, "Giant"
        if claim.player in freed and unicorns == "unicorn_instead":
            rank, name = 12, "Unicorn"
        if claim.player in freed and unicorns == "all_unicorns_instead":
            state.refuse(claim, f"{claim.player} wears glasses: his Unicorns are free instead")
        if claim.card is None:
            state.refuse(claim, f"modifier 54 needs the {name} to free")
        c = state.find(claim.player, claim.card)
        if not c.is_(rank):
            state.refuse(claim, f"{claim.card} is not a {name}")
        if not natural_card(c):
            state.refuse(claim, f"{claim.card} is not natural (base rule 24)")
        state.grant(c, FREE, text=f"{claim.player}'s choice: the dealer wears glasses")


_M55_CARDS = ((11, "h"), (12, "d"), (13, "c"), (14, "c"))


def _m55_wearers(state: DealState) -> list[str]:
    """The players modifier 55 acts for: in glasses while the dealer wears none."""
    dealer = state.facts.dealer
    if _player(state, dealer).glasses:
        return []
    return [p for p in state.players if p != dealer and _player(state, p).glasses]


def _m55_card(c: CardState) -> bool:
    return any(c.is_(r, s) for r, s in _M55_CARDS)


@modifier(number=55, group="external",
          summary="The dealer wears no glasses but other players do: for them the Elf of hearts, Unicorn "
                  "of diamonds, Giant of clubs and Dragon of clubs are not home.",
          reads=("glasses", "dealer", "card_states"), does=("unhome",), readings=("IP-M55-SOURCES",))
def m55(state: DealState) -> None:
    """Under IP-M55-SOURCES ``all_sources`` a ban keeps later modifiers from making the four cards
    home for the players in glasses, and ``_m55_final`` takes away a home status that reaches them
    another way (a revival into home, base rule 3's killed free card)."""
    wearers = _m55_wearers(state)
    if not wearers:
        return
    sources = state.reading("IP-M55-SOURCES")
    for p in wearers:
        for c in state.hand(p):
            if c.state != HOME or not _m55_card(c):
                continue
            if sources == "modifiers_only" and rule_source(c.state_source or ""):
                continue
            state.strip(c, HOME, text=f"{p} wears glasses, the dealer does not")
    if sources == "all_sources":
        who = frozenset(wearers)
        state.ban(HOME, lambda c: c.player in who and _m55_card(c),
                  text="no Elf of hearts, Unicorn of diamonds, Giant or Dragon of clubs is home for "
                       + ", ".join(wearers))


@attach_final(55)
def _m55_final(state: DealState) -> None:
    if state.reading("IP-M55-SOURCES") != "all_sources":
        return
    for p in _m55_wearers(state):
        for c in state.hand(p):
            if c.state == HOME and _m55_card(c):
                state.strip(c, HOME, text=f"{p} wears glasses, the dealer does not")


# ---------------------------------------------------------------------------- M56, M61
def _m61_voids(state: DealState) -> bool:
    if len(state.players) < 3 and state.reading("IP-M61-FEW-PLAYERS") == "no_effect":
        return False
    return _player(state, state.at_position(3)).headwear


def _m56_claimed_before(state: DealState) -> list[tuple[int, str]]:
    """(deal, player) of every earlier M56 claim of the Game."""
    if state.history is None:
        return []
    return [(d.number, p) for d in state.history.deals for p, rule in d.claims if rule == "M56"]


@modifier(number=56, group="external", kind="claim", once_per_game=True,
          summary="Bearded players at the table: once per Game a player may make his Dragons home. An "
                  "even number of bearded players: in odd deals the Threes of the third open circle are "
                  "wild and no Dragon becomes home.",
          reads=("beard", "deal_number", "circles", "card_states", "claims", "history"),
          does=("home", "wild", "claim_right"),
          readings=("IP-M56-CLAIMANT", "IP-M56-EXTENT", "IP-M56-EVEN", "IP-M56-NO-HOME"))
def m56(state: DealState) -> None:
    if _m61_voids(state):
        # Modifier 61 voids this one: its claims are left unjudged and the judge notes them void.
        state.note("void", (), "the player third from the dealer wears headwear (modifier 61)")
        return
    bearded = [p for p in state.players if _player(state, p).beard]
    n = len(bearded)
    even_reading = state.reading("IP-M56-EVEN")
    onlookers = state.table.room.bearded_onlookers if even_reading == "everyone_present" else 0
    # Zero bearded people is a count (IP-M56-EVEN zero_counts) only when every player's beard is recorded:
    # a Game whose beards nobody noted has no number of them (an omitted fact fires nothing).
    zero = even_reading == "zero_counts" and all(_player(state, p).beard is not None for p in state.players)
    even = (n + onlookers) % 2 == 0 and (n + onlookers > 0 or zero)
    threes_wild = even and state.facts.number % 2 == 1
    if threes_wild:
        who = f"{n} bearded players" + (f" and {onlookers} bearded onlookers" if onlookers else "")
        for c in _circle(state, state.nth_open(3)):
            if c.is_(3) and natural_card(c):
                state.grant(c, WILD, text=f"{who}, deal {state.facts.number} is odd")
        if state.reading("IP-M56-NO-HOME") == "no_home_dragons":
            for c in state.cards:
                if c.is_(14) and c.state == HOME:
                    state.strip(c, HOME, text="Dragons do not become home in this deal")
    claims = state.claims_for("M56")
    extent = state.reading("IP-M56-EXTENT")
    claimant = state.reading("IP-M56-CLAIMANT")
    if extent == "rest_of_game" and bearded and not threes_wild and state.history is not None:
        for _deal, players in state.history.carried("M56"):
            for p in players:  # type: ignore[union-attr]
                if p in state.players:
                    _m56_home(state, [c for c in state.hand(p) if c.is_(14)], f"{p} claimed earlier in the Game")
    if not claims:
        return
    if not bearded:
        for claim in claims:
            state.refuse(claim, "no player has a beard")
    if threes_wild:
        for claim in claims:
            state.refuse(claim, "an even number of bearded players: Dragons do not become home in odd deals")
    earlier = _m56_claimed_before(state)
    seen: set[str] = set()
    carried: list[str] = []
    for claim in claims:
        once_each(state, seen, claim, "modifier 56 is claimed once")
        if claimant == "bearded_only" and claim.player not in bearded:
            state.refuse(claim, f"{claim.player} has no beard")
        if claimant == "table_once" and (earlier or len(claims) > 1):
            state.refuse(claim, "the table has one modifier 56 claim per Game")
        owners = list(state.players) if claimant == "table_once" else [claim.player]
        if extent == "one_dragon":
            if claim.card is None:
                state.refuse(claim, "modifier 56 needs the Dragon to make home")
            c = state.find(claim.player, claim.card)
            if not (c.is_(14) and natural_card(c)):
                state.refuse(claim, f"{claim.card} is not a natural Dragon")
            _m56_home(state, [c], f"{claim.player}'s claim")
            continue
        for p in owners:
            _m56_home(state, [c for c in state.hand(p) if c.is_(14)], f"{claim.player}'s claim")
        carried.extend(owners)
    if extent == "rest_of_game" and carried:
        state.carry["M56"] = tuple(carried)


def _m56_home(state: DealState, cards: Iterable[CardState], why: str) -> None:
    for c in cards:
        if natural_card(c):
            state.grant(c, HOME, text=why)


@modifier(number=61, group="external",
          summary="The player third from the dealer wears headwear: modifier 56 is void.",
          reads=("headwear", "dealer", "modifiers"), does=("cancel",), readings=("IP-M61-FEW-PLAYERS",))
def m61(state: DealState) -> None:
    if _m61_voids(state):
        state.cancel(56, text=f"{state.at_position(3)}, third from the dealer, wears headwear")


# ---------------------------------------------------------------------------- M57 - M60
@modifier(number=57, group="external",
          summary="A player in headwear: the cards of the fourth open circle whose rank is a multiple "
                  "of 5 die.",
          reads=("headwear", "circles", "card_states"), does=("kill",),
          readings=("IP-M57-WHO", "IP-M57-MULTIPLE"))
def m57(state: DealState) -> None:
    wearers = {p for p in state.players if _player(state, p).headwear}
    who = state.reading("IP-M57-WHO")
    if not wearers or (who == "all_players_wear" and len(wearers) < len(state.players)):
        return
    ranks = {5, 10} | ({11, 12, 13} if state.reading("IP-M57-MULTIPLE") == "honors_count_ten" else set())
    victims: list[CardState] = []
    for c in _circle(state, state.nth_open(4)):
        if who == "wearers_cards_only" and c.player not in wearers:
            continue
        if c.real_rank in ranks and state.kill(c, text="a player wears headwear: fourth open circle"):
            victims.append(c)
    state.marks["M57"] = victims


@modifier(number=58, group="external",
          summary="A player without headwear but in glasses: the Nines and Giants of the second open "
                  "circle die.",
          reads=("headwear", "glasses", "circles", "card_states"), does=("kill",),
          readings=("IP-M58-WHO", "IP-M58-SAME-PLAYER"))
def m58(state: DealState) -> None:
    facts = {p: _player(state, p) for p in state.players}
    subjects = {p for p, f in facts.items() if f.glasses and not f.headwear}
    if state.reading("IP-M58-SAME-PLAYER") == "split":
        fires = any(not f.headwear for f in facts.values()) and any(f.glasses for f in facts.values())
    else:
        fires = bool(subjects)
    if not fires:
        return
    only_subjects = state.reading("IP-M58-WHO") == "that_player_only"
    for c in _circle(state, state.nth_open(2)):
        if only_subjects and c.player not in subjects:
            continue
        if c.is_(9) or c.is_(13):
            state.kill(c, text="a player without headwear wears glasses: second open circle")


@modifier(number=59, group="external",
          summary="The second from the dealer in headwear and with a beard, and the Five of spades to him "
                  "in the fourth open circle: the cards modifier 57 killed before it revive, and it is wild.",
          reads=("headwear", "beard", "dealer", "circles", "card_states", "modifiers"),
          does=("revive", "wild"), readings=("IP-M59-PREVIOUS", "IP-M59-DEAD-FIVE"))
def m59(state: DealState) -> None:
    second = state.at_position(2)
    facts = _player(state, second)
    if not (facts.headwear and facts.beard):
        return
    five = state.player_card(second, state.nth_open(4))
    if five is None or not five.is_(5, "s"):
        return
    all_victims = state.reading("IP-M59-PREVIOUS") == "all_victims"
    for v in state.marks.get("M57", []):  # type: ignore[union-attr]
        if v is five or (not all_victims and v.seq > five.seq):
            continue
        state.revive(v, undo=False, text=f"revived by the {five.card} of {second}")
    wild_even_if_dead(state, five, "IP-M59-DEAD-FIVE", f"{second}, second from the dealer, wears headwear and a beard")


_FULL_BELLY = 43


@modifier(number=60, group="external",
          summary="The previous deal won with Full Belly or weaker: the Fives of the fourth open circle "
                  "revive home, and the Tens modifier 57 killed revive as Unicorns. Void in a Game's "
                  "first deal.",
          reads=("history", "deal_number", "circles", "card_states", "modifiers"),
          does=("revive", "home", "rank"),
          readings=("IP-M60-BELOW", "IP-M60-TEN-RANK", "IP-M60-STILL-DEAD"))
def m60(state: DealState) -> None:
    previous = state.history.previous if state.history is not None else None
    if state.facts.first_deal or previous is None or not previous.winning_hands:
        return
    category = previous.winning_hands[0].category
    if state.reading("IP-M60-BELOW") == "weaker_or_equal":
        below = category >= _FULL_BELLY
    else:
        below = category <= _FULL_BELLY
    if not below:
        return
    why = f"deal {previous.number} was won with hand #{category}"
    for c in _circle(state, state.nth_open(4)):
        if not c.is_(5):
            continue
        if c.dead:
            state.revive(c, into=HOME, text=why)
        elif natural_card(c):
            state.grant(c, HOME, text=why)
    real = state.reading("IP-M60-TEN-RANK") == "real"
    for v in state.marks.get("M57", []):  # type: ignore[union-attr]
        if not v.is_(10):
            continue
        if v.dead:
            if not state.revive(v, undo=False, text=why):
                continue
        elif state.reading("IP-M60-STILL-DEAD") == "still_dead_only":
            continue
        state.change_rank(v, 12, real=real, override=True, text=f"{why}: raised to a Unicorn")


# ---------------------------------------------------------------------------- M62
@modifier(number=62, group="external",
          summary="The previous deal's winnings above 10 minimum stakes: the highest real card of the "
                  "winning combination is home for everyone but the previous winner, whose Dragons are "
                  "free if he holds a Two.",
          reads=("history", "stakes", "card_states"), does=("home", "free"),
          readings=("IP-M62-CARD", "IP-M62-TIE", "IP-M62-TWO", "IP-M62-WINNINGS", "IP-M62-PREVIOUS"))
def m62(state: DealState) -> None:
    history = state.history
    if history is None:
        return
    previous = history.last_at_table if state.reading("IP-M62-PREVIOUS") == "last_at_table" else history.previous
    if previous is None or not previous.winning_hands or previous.min_stake is None:   # stakes not recorded
        return
    net = state.reading("IP-M62-WINNINGS") == "net_gain"
    winnings = previous.net_gain if net else previous.pot
    if winnings <= 10 * previous.min_stake:
        return
    cards = [c for hand in previous.winning_hands for c in hand.cards]
    if not cards:
        return
    top = max(c.rank for c in cards)
    tops = [c for c in cards if c.rank == top]
    if state.reading("IP-M62-TIE") == "natural_suit_order":
        tops = [min(tops, key=lambda c: "hdcs".index(c.suit))]
    by_rank = state.reading("IP-M62-CARD") == "that_rank"
    winners = set(previous.winners)
    which = f"deal {previous.number}" + ("" if previous is history.previous else " of the previous Game")
    why = f"{which} paid {winnings}{' net' if net else ''}, above 10 minimum stakes of {previous.min_stake}"
    for c in state.cards:
        if c.player in winners or not natural_card(c):
            continue
        if any(c.is_(x.rank, None if by_rank else x.suit) for x in tops):
            state.grant(c, HOME, text=f"{why}: the highest card of its winning combination")
    any_two = state.reading("IP-M62-TWO") == "any_real_two"
    for w in winners:
        if w not in state.players:
            continue
        hand = state.hand(w)
        if not any(c.is_(2) and (any_two or natural_card(c)) for c in hand):
            continue
        for c in hand:
            if c.is_(14) and natural_card(c):
                state.grant(c, FREE, text=f"{why}: {w} won it and holds a Two")


# ---------------------------------------------------------------------------- M63, M64
def _m63_fires_for(state: DealState, c: CardState) -> bool:
    drinks = {p: _player(state, p).drink for p in state.players}
    soft = [p for p, d in drinks.items() if d == "soft"]
    mode = state.reading("IP-M63-OTHER")
    if mode == "not_recipient":
        return any(p != c.player for p in soft)
    if mode == "with_alcohol":
        return bool(soft) and any(d == "alcohol" for d in drinks.values())
    if mode == "not_dealer":
        return any(p != state.facts.dealer for p in soft)
    return bool(soft)


@modifier(number=63, group="external",
          summary="A player drinks a soft drink: the Twos of the second open circle die instead of "
                  "becoming wild, and the Threes of the third circle are home in any case.",
          reads=("drink", "circles", "card_states"), does=("kill", "home", "revive"),
          readings=("IP-M63-OTHER", "IP-M63-THIRD-CIRCLE", "IP-M63-REGARDLESS"))
def m63(state: DealState) -> None:
    if not any(_player(state, p).drink == "soft" for p in state.players):
        return
    why = "a player drinks a soft drink"
    killed = []
    for c in _circle(state, state.nth_open(2)):
        if c.is_(2) and _m63_fires_for(state, c) and state.kill(c, text=f"{why}: the Two dies, not wild"):
            killed.append(c)
    state.marks["M63"] = killed
    third = 3 if state.reading("IP-M63-THIRD-CIRCLE") == "third_circle" else state.nth_open(3)
    everything = state.reading("IP-M63-REGARDLESS") == "over_everything"
    for c in _circle(state, third):
        if not c.is_(3) or not _m63_fires_for(state, c):
            continue
        if c.dead:
            if rule_source(c.killed_by or "") and not everything:
                continue
            state.revive(c, into=HOME, text=f"{why}: home in any case")
        elif c.state != HOME:
            if c.state != NATURAL and rule_source(c.state_source or "") and not everything:
                continue
            state.grant(c, HOME, override=True, text=f"{why}: home in any case")
        if c.state == HOME:
            state.freeze(c, text="home regardless of other modifiers")


def _m91_condition(drinks: list[str], state: DealState) -> bool:
    """Modifier 91's condition (players drink alcohol), as its IP-M91-WHO reads it when the natural
    group is played."""
    try:
        who = state.reading("IP-M91-WHO")
    except RulesError:
        who = "any_player"
    alcohol = drinks.count("alcohol")
    if who == "all_players":
        return alcohol == len(drinks)
    if who == "majority":
        return alcohol * 2 > len(drinks)
    return alcohol > 0


@modifier(number=64, group="external",
          summary="More than 3 players with soft drinks: the Twos modifier 91 makes wild are home instead, "
                  "and the diamond honors of dark circles are free.",
          reads=("drink", "circles", "card_states", "modifiers"), does=("home", "revive", "free"),
          readings=("IP-M64-M91-REF", "IP-M64-VS-63"))
def m64(state: DealState) -> None:
    drinks = [_player(state, p).drink for p in state.players]
    soft = drinks.count("soft")
    if soft <= 3:
        return
    why = f"{soft} players drink soft drinks"
    if _m91_condition(drinks, state) or state.reading("IP-M64-M91-REF") == "m91_cards":
        stands = state.reading("IP-M64-VS-63") == "m63_kill_stands"
        for c in _circle(state, state.nth_open(2)):
            if not c.is_(2):
                continue
            if c.dead:
                if stands and c.killed_by == "M63":
                    continue
                state.revive(c, into=HOME, text=f"{why}: a Two of modifier 91 is home")
            elif natural_card(c):
                state.grant(c, HOME, text=f"{why}: a Two of modifier 91 is home")
    for c in state.cards:
        if not c.open and c.real_suit == "d" and c.honor and natural_card(c):
            state.grant(c, FREE, text=f"{why}: a diamond honor in a dark circle")


# ---------------------------------------------------------------------------- M65, M66
def room_closed(state: DealState) -> bool:
    """Modifier 65's condition (and 66's under IP-M66-INDEPENDENT ``only_with_65``), as IP-M65-CLOSED reads it."""
    room = state.table.room
    reading = state.reading("IP-M65-CLOSED")
    if reading == "doors_closed":
        return room.doors_closed if room.doors_closed is not None else room.closed_room
    if reading == "whole_sitting":
        return room.closed_room and room.closed_throughout is not False
    return room.closed_room


@modifier(number=65, group="external",
          summary="A closed room: the diamond honors of the second and third open circles are free.",
          reads=("room", "circles", "card_states"), does=("free",), readings=("IP-M65-CLOSED",))
def m65(state: DealState) -> None:
    if not room_closed(state):
        return
    for number in (state.nth_open(2), state.nth_open(3)):
        for c in _circle(state, number):
            if c.real_suit == "d" and c.honor and natural_card(c):
                state.grant(c, FREE, text="the room is closed")


@modifier(number=66, group="external",
          summary="The Two of spades in the third open circle cancels modifier 65 and is wild.",
          reads=("circles", "card_states", "room", "modifiers"), does=("cancel", "wild", "revive"),
          readings=("IP-M66-INDEPENDENT", "IP-M66-DEAD-TWO", "IP-M65-CLOSED"),
          reads_when=(("room", "IP-M66-INDEPENDENT", "only_with_65"),))
def m66(state: DealState) -> None:
    twos = [c for c in _circle(state, state.nth_open(3)) if c.is_(2, "s")]
    if not twos:
        return
    # Under only_with_65 the modifier is 65's sequel: in a room not closed 65 does not act and there is
    # nothing to cancel, so 66 does nothing at all (and reads the room only here, ``reads_when``).
    if state.reading("IP-M66-INDEPENDENT") == "only_with_65" and not room_closed(state):
        return
    state.cancel(65, text=f"the {twos[0].card} showed in the third open circle")
    for c in twos:
        wild_even_if_dead(state, c, "IP-M66-DEAD-TWO", "shown in the third open circle")


# ---------------------------------------------------------------------------- M67 - M70
def steps_by(ranks: list[int], step: int, wrap: bool) -> bool:
    """Whether ``ranks`` (real ranks, any order) are distinct and step by ``step`` once sorted
    (cyclically over the 13 ranks when ``wrap``)."""
    idx = sorted(r - 2 for r in ranks)
    if len(set(idx)) != len(idx):
        return False
    if not wrap:
        return all(b - a == step for a, b in zip(idx, idx[1:], strict=False))
    have = set(idx)
    return any(all((start + k * step) % 13 in have for k in range(len(idx))) for start in have)


def _open_cards(state: DealState, player: str) -> list[CardState]:
    return [c for c in state.hand(player) if c.open]


def _groups(cards: list[CardState], step: int, wrap: bool, count: str, contiguous: bool,
            circles: bool) -> list[list[CardState]]:
    """The player's open-card groups whose ranks step by ``step`` (dealing order kept)."""
    n = len(cards)
    sizes: Iterable[int] = {"three_sorted_step": (3,), "two_cards": (2,)}.get(count, range(n, 1, -1))
    taken: list[set[int]] = []
    out: list[list[CardState]] = []
    ranks = [c.real_rank for c in cards]
    for k in sizes:
        if k > n:
            continue
        if contiguous:
            index_sets: Iterable[tuple[int, ...]] = [tuple(range(i, i + k)) for i in range(n - k + 1)]
        else:
            index_sets = _stepping_sets(ranks, k, step, wrap)
        span = step * (k - 1)
        for ix in index_sets:
            if contiguous and not wrap:
                window = [ranks[i] for i in ix]
                if max(window) - min(window) != span:
                    continue
            group = [cards[i] for i in ix]
            if circles and any(b.circle != a.circle + 1 for a, b in zip(group, group[1:], strict=False)):
                continue
            if not steps_by([ranks[i] for i in ix], step, wrap):
                continue
            if count == "any_length" and any(set(ix) <= t for t in taken):
                continue
            taken.append(set(ix))
            out.append(group)
    return out


def _stepping_sets(ranks: list[int], k: int, step: int, wrap: bool) -> list[tuple[int, ...]]:
    """The index sets of ``k`` cards whose ranks step by ``step``, in the order
    ``itertools.combinations`` gives them: built from the ranks present rather than by trying
    every combination (the hot path of modifiers 67-69)."""
    at: dict[int, list[int]] = {}
    for i, r in enumerate(ranks):
        at.setdefault(r - 2, []).append(i)
    found: set[tuple[int, ...]] = set()
    for start in at:
        want = [(start + j * step) % 13 if wrap else start + j * step for j in range(k)]
        if len(set(want)) != k or any(w not in at for w in want):
            continue
        for pick in product(*(at[w] for w in want)):
            found.add(tuple(sorted(pick)))
    return sorted(found)


def _combo(state: DealState, number: int, player: str, group: list[CardState]) -> None:
    state.marks.setdefault("M67-69", []).append((number, player, tuple(group)))  # type: ignore[union-attr]


def _combo_changed(state: DealState, number: int, player: str, group: list[CardState], since: int) -> None:
    """Mark the combination for IP-M70-APPLICABLE ``changed_a_card`` when its firing changed a card:
    a trace entry since index ``since`` whose before and after differ (a revival, a status, a role, a
    rank). Refusals (base rules 14, 22) and freezes change nothing."""
    if any(e.before != e.after for e in state.trace[since:]):
        state.marks.setdefault("M67-69-changed", []).append(  # type: ignore[union-attr]
            (number, player, tuple(group)))


def _revive_keep(state: DealState, c: CardState, why: str) -> None:
    if c.dead:
        state.revive(c, undo=True, text=why)


def _incdec_target(state: DealState, rule: str, modifying: CardState, role: str, claims: list[Claim]) -> None:
    """The card an incrementing / decrementing card changes (IP-INCDEC-TARGET): its owner's
    named card (a claim), a named card of any player (``any_player``), or every natural card of his."""
    player = modifying.player
    mine = [c for c in claims if c.player == player and (c.card is None or c.card == modifying.card)]
    if state.reading("IP-INCDEC-TARGET") == "all_own_natural":
        chosen = [c for c in state.hand(player) if c is not modifying and natural_card(c)]
    else:
        chosen = []
        for claim in mine[:1]:
            if claim.target is None:
                state.refuse(claim, f"{rule} needs the card the {modifying.card} changes")
            t = incdec_target(state, claim)
            if t is modifying or t.dead:
                state.refuse(claim, f"{claim.target} cannot be changed by the {modifying.card}")
            chosen.append(t)
    for claim in mine:
        claims.remove(claim)
    if chosen and state.reading("IP-M68-KEEP") == "keeps_existing":
        state.use_as_modifying(modifying)
    step = 1 if role == "incrementing" else -1
    for t in chosen:
        state.change_rank(t, raise_rank(t.rank, step), real=True, override=True,
                          text=f"{role[:-3]}ed by the {modifying.card}")


@modifier(number=67, group="external",
          summary="Three cards of adjacent ranks in a row in a player's open circles: the middle one "
                  "revives and is home.",
          reads=("circles", "card_states"), does=("revive", "home"),
          readings=("IP-M67-MIDDLE", "IP-M67-IN-A-ROW", "IP-M67-WRAP", "IP-M67-OVERLAP"))
def m67(state: DealState) -> None:
    wrap = state.reading("IP-M67-WRAP") == "wrap"
    circles = state.reading("IP-M67-IN-A-ROW") == "consecutive_circles"
    overlap = state.reading("IP-M67-OVERLAP")
    by_rank = state.reading("IP-M67-MIDDLE") == "middle_rank"
    for player in state.players:
        groups = _groups(_open_cards(state, player), 1, wrap, "three_sorted_step", True, circles)
        used: set[int] = set()
        for i, group in enumerate(groups):
            if overlap == "first_triple" and i > 0:
                break
            if overlap == "non_overlapping" and used & {c.seq for c in group}:
                continue
            used |= {c.seq for c in group}
            _combo(state, 67, player, group)
            since = len(state.trace)
            middle = sorted(group, key=lambda c: c.real_rank)[1] if by_rank else group[1]
            why = "the middle of " + " ".join(str(c.card) for c in group)
            if middle.dead:
                state.revive(middle, into=HOME, text=why)
            elif natural_card(middle):
                state.grant(middle, HOME, text=why)
            _combo_changed(state, 67, player, group, since)


def _incdec_modifier(state: DealState, number: int, step: int, role: str, pick: Callable[[list], CardState],
                     count: str, contiguous: bool, wrap: bool, circles: bool) -> None:
    rule = f"M{number}"
    claims = state.claims_for(rule)
    for player in state.players:
        for group in _groups(_open_cards(state, player), step, wrap, count, contiguous, circles):
            _combo(state, number, player, group)
            since = len(state.trace)
            c = pick(group)
            why = " ".join(str(x.card) for x in group)
            _revive_keep(state, c, why)
            if not c.dead:
                if c.role != role:
                    state.set_role(c, role, text=f"{why}: {role}")
                if c.role == role:
                    _incdec_target(state, rule, c, role, claims)
            _combo_changed(state, number, player, group, since)
    for claim in claims:   # every modifying card takes the claims naming it (or none): alike for that card
        state.refuse(claim, f"{rule} gives {claim.player} no such right", alike=("card",))


@modifier(number=68, group="external",
          summary="Cards whose ranks step by 2 in a row in a player's open circles: the last revives and "
                  "is incrementing, keeping its other states.",
          reads=("circles", "card_states", "claims"), does=("revive", "incrementing", "rank", "claim_right"),
          readings=("IP-M68-COUNT", "IP-M67-IN-A-ROW", "IP-M68-WRAP", "IP-M68-KEEP", "IP-INCDEC-TARGET"))
def m68(state: DealState) -> None:
    _incdec_modifier(state, 68, 2, "incrementing", lambda g: g[-1], state.reading("IP-M68-COUNT"), True,
                     state.reading("IP-M68-WRAP") == "wrap",
                     state.reading("IP-M67-IN-A-ROW") == "consecutive_circles")


@modifier(number=69, group="external",
          summary="Cards whose ranks step by 3 in a player's open circles: the first revives and is "
                  "decrementing, keeping its other states.",
          reads=("circles", "card_states", "claims"), does=("revive", "decrementing", "rank", "claim_right"),
          readings=("IP-M69-IN-A-ROW", "IP-M69-COUNT", "IP-M69-WRAP", "IP-M68-KEEP", "IP-INCDEC-TARGET"))
def m69(state: DealState) -> None:
    _incdec_modifier(state, 69, 3, "decrementing", lambda g: g[0], state.reading("IP-M69-COUNT"),
                     state.reading("IP-M69-IN-A-ROW") == "in_a_row", state.reading("IP-M69-WRAP") == "wrap",
                     False)


@modifier(number=70, group="external", kind="claim",
          summary="Modifiers 67-69 apply to two or more players: every other player may make home one of "
                  "his honors whose suit is absent from one of their combinations.",
          reads=("card_states", "claims", "modifiers"), does=("home", "claim_right"),
          readings=("IP-M70-APPLICABLE", "IP-M70-ABSENT"))
def m70(state: DealState) -> None:
    claims = state.claims_for("M70")
    if not claims:
        return
    applicable = state.reading("IP-M70-APPLICABLE")
    # Under changed_a_card a combination whose firing changed no card is not one "involved".
    key = "M67-69-changed" if applicable == "changed_a_card" else "M67-69"
    combos: list[tuple[int, str, tuple[CardState, ...]]] = state.marks.get(key, [])  # type: ignore[assignment]
    players = {p for _n, p, _g in combos}
    if applicable == "same_modifier_two_players":
        fires = any(len({p for n, p, _g in combos if n == m}) >= 2 for m in (67, 68, 69))
    else:
        fires = len(players) >= 2
    if not fires:
        for claim in claims:
            state.refuse(claim, "modifiers 67-69 do not apply to two players")
    suits = [{c.real_suit for c in group} for _n, _p, group in combos]
    absent_all = state.reading("IP-M70-ABSENT") == "absent_from_all"
    seen: set[str] = set()
    for claim in claims:
        if claim.player in players:
            state.refuse(claim, f"{claim.player} has a combination of modifiers 67-69")
        once_each(state, seen, claim, "modifier 70 makes one honor home")
        if claim.card is None:
            state.refuse(claim, "modifier 70 needs the honor to make home")
        c = state.find(claim.player, claim.card)
        if not (c.honor and natural_card(c)):
            state.refuse(claim, f"{claim.card} is not a natural honor")
        absent = [c.real_suit not in s for s in suits]
        if not (all(absent) if absent_all else any(absent)):
            state.refuse(claim, f"the suit of {claim.card} is in {'a' if absent_all else 'every'} combination")
        state.grant(c, HOME, text=f"{claim.player}'s claim: modifiers 67-69 apply to {len(players)} players")


# ---------------------------------------------------------------------------- M71
def m71_counted(mods: Iterable[int], which: str = "any_three") -> int:
    """How many of the modifiers ``mods`` that acted on a card count for modifier 71 (IP-M71-WHICH)."""
    if which == "claimed_only":
        from .base import registry
        known = registry()
        return sum(1 for n in mods if n in known and known[n].kind == "claim")
    return len(tuple(mods))


@modifier(number=71, group="external", kind="claim",
          summary="A player with a card three modifiers acted on may declare one of his dead cards revived.",
          reads=("card_states", "claims", "modifiers"), does=("revive", "claim_right"),
          readings=("IP-M71-WHICH", "IP-M71-WHEN", "IP-REVIVE-RULE-KILLS"))
def m71(state: DealState) -> None:
    """Which kills the revival undoes is IP-REVIVE-RULE-KILLS (the notes' IP-M71-RULE-KILLS); under
    IP-M71-WHEN ``whole_deal`` the claims are judged after every modifier (``_m71_final``)."""
    if state.reading("IP-M71-WHEN") == "at_its_turn":
        _m71_revive(state)


@attach_final(71)
def _m71_final(state: DealState) -> None:
    if state.reading("IP-M71-WHEN") == "whole_deal":
        _m71_revive(state)


def _m71_revive(state: DealState) -> None:
    seen: set[str] = set()
    which = state.reading("IP-M71-WHICH")
    for claim in state.claims_for("M71"):
        once_each(state, seen, claim, "modifier 71 revives one card")
        triple = [c for c in state.hand(claim.player) if m71_counted(c.mods, which) >= 3]
        if not triple:
            state.refuse(claim, f"no card of {claim.player} has had three modifiers applied")
        if claim.card is None:
            state.refuse(claim, "modifier 71 needs the dead card to revive")
        c = state.find(claim.player, claim.card)
        if not c.dead:
            state.refuse(claim, f"{claim.card} is not dead")
        if not state.revive(c, undo=False, text=f"three modifiers acted on {triple[0].card}"):
            state.refuse(claim, f"{claim.card} cannot be revived")


# ---------------------------------------------------------------------------- M72, M73
@modifier(number=72, group="external",
          summary="An odd number of exits: the Fours of the second open circle are home, and the Unicorns "
                  "of the last open circle are wild when it is the ninth circle.",
          reads=("room", "circles", "card_states"), does=("home", "wild"), readings=("IP-M72-NINTH",))
def m72(state: DealState) -> None:
    exits = state.table.room.exits
    if exits is None or exits % 2 == 0:       # not counted: the neutral default
        return
    why = f"{exits} exits"
    for c in _circle(state, state.nth_open(2)):
        if c.is_(4) and natural_card(c):
            state.grant(c, HOME, text=why)
    last = state.last_open
    final = len(state.pattern)
    if last == final and (final == 9 or state.reading("IP-M72-NINTH") == "final_circle"):
        for c in state.circle(last):
            if c.is_(12) and natural_card(c):
                state.grant(c, WILD, text=f"{why}: the last open circle is the ninth")


@modifier(number=73, group="external",
          summary="An even number of players of one sex: the foskas of the third open circle invert the "
                  "opposite suit.",
          reads=("sex", "circles", "card_states"), does=("suit",), readings=("IP-M73-SUIT", "IP-M73-EVEN"))
def m73(state: DealState) -> None:
    sexes = [_player(state, p).sex for p in state.players]
    if None in sexes:       # an unrecorded sex: no count of either sex is known
        return
    zero = state.reading("IP-M73-EVEN") == "zero_counts"
    if not any(sexes.count(s) % 2 == 0 and (zero or sexes.count(s) > 0) for s in ("m", "f")):
        return
    mode = state.reading("IP-M73-SUIT")
    fosks = [c for c in _circle(state, state.nth_open(3)) if c.fosk and natural_card(c)]
    why = "an even number of players of one sex"
    if mode == "own_to_opposite":
        for c in fosks:
            state.change_suit(c, opposite_suit(c.real_suit), text=f"{why}: third open circle")
        return
    changed: set[int] = {c.seq for c in fosks}
    for f in fosks:
        pool = state.hand(f.player) if mode == "recipient_opposite_to_own" else state.cards
        for c in pool:
            if c.seq not in changed and c.real_suit == opposite_suit(f.real_suit) and natural_card(c):
                changed.add(c.seq)
                state.change_suit(c, f.real_suit, text=f"{why}: inverted by the {f.card}")


# ---------------------------------------------------------------------------- M74
def _m74_groups(state: DealState) -> list[list[str]]:
    by_dim: dict[str, list[str]] = {}
    for p in state.players:
        dim = _player(state, p).dimension.strip().casefold()
        if dim:
            by_dim.setdefault(dim, []).append(p)
    return [ps for ps in by_dim.values() if len(ps) > 2]


@modifier(number=74, group="external",
          summary="More than 2 players from one dimension: each must raise a red honor by 1, else lower a "
                  "black honor, else a black fosk; a player none of this applies to may declare a card wild.",
          reads=("dimension", "card_states", "claims"),
          does=("rank", "incrementing", "decrementing", "wild", "claim_right"),
          readings=("IP-M74-OTHERWISE", "IP-M74-INCREMENT", "IP-M74-CANDIDATES", "IP-MANDATORY-CLAIM",
                    "IP-INCDEC-TARGET"))
def m74(state: DealState) -> None:
    claims = state.claims_for("M74")
    groups = _m74_groups(state)
    members = {p for g in groups for p in g}
    otherwise = state.reading("IP-M74-OTHERWISE")
    any_live = state.reading("IP-M74-CANDIDATES") == "any_live_card"
    make_role = state.reading("IP-M74-INCREMENT") == "make_incrementing"
    mine: dict[str, Claim] = {}
    for claim in claims:
        if claim.player in mine:
            state.refuse(claim, "modifier 74 acts on one card per player")
        mine[claim.player] = claim
    wild_right: set[str] = set()
    for p in state.players:
        if p not in members:
            continue
        ok = [c for c in state.hand(p) if (c.live if any_live else natural_card(c))]
        cascade = (([c for c in ok if c.honor and c.red], 1, "a red honor"),
                   ([c for c in ok if c.honor and c.black], -1, "a black honor"),
                   ([c for c in ok if c.fosk and c.black], -1, "a black fosk"))
        cands, step, name = next(((cs, st, nm) for cs, st, nm in cascade if cs), ([], 0, ""))
        if not cands:
            if otherwise == "member_without_targets":
                wild_right.add(p)
            continue
        claim = mine.pop(p, None)
        if claim is not None:
            if claim.card is None:
                state.refuse(claim, f"modifier 74 needs {name} of {p}")
            c = state.find(p, claim.card)
            if c not in cands:
                state.refuse(claim, f"{claim.card} is not {name} {p} must change first")
        else:
            if state.reading("IP-MANDATORY-CLAIM") == "refuse":
                raise RulesError(f"M74 obliges {p} to change {name}, and no claim was declared",
                                 value="M74", rule="M74")
            c = cands[0]
        why = f"{p} is one of {len(next(g for g in groups if p in g))} players from one dimension"
        if make_role:
            state.set_role(c, "incrementing" if step > 0 else "decrementing", text=why)
            if claim is not None and claim.target is not None:
                _incdec_target(state, "M74", c, c.role or "incrementing", [claim])
        else:
            state.change_rank(c, raise_rank(c.rank, 1) if step > 0 else lower_rank(c.rank, 1),
                              override=any_live, text=f"{why}: {name} changed by 1")
    if otherwise == "outside_group" and groups:
        wild_right |= set(state.players) - members
    if otherwise == "no_group" and not groups:
        wild_right |= set(state.players)
    for p, claim in mine.items():
        if p not in wild_right:
            state.refuse(claim, f"modifier 74 gives {p} no right to declare a card wild")
        if claim.card is None:
            state.refuse(claim, "modifier 74 needs the card to declare wild")
        c = state.find(p, claim.card)
        if c.dead:
            state.refuse(claim, f"{claim.card} is dead")
        state.grant(c, WILD, override=True, text=f"{p}'s declaration: no condition of modifier 74 applies to him")


# ---------------------------------------------------------------------------- M75
_M75_PATTERN = ("open", "dark", "dark", "open", "open", "open", "open", "open", "dark")


def _all_dimensions_differ(players) -> bool:
    dims = [p.dimension.strip().casefold() for p in players]
    return all(dims) and len(set(dims)) == len(dims)


@modifier(number=75, group="external", hook="pattern",
          summary="Every player from a different dimension: every third deal has its first circle open "
                  "(o,d,d,o,o,o,o,o,d).",
          reads=("dimension", "deal_number", "circles"), does=("pattern",),
          readings=("IP-M75-EVERY-THIRD", "IP-M75-PATTERN", "IP-M75-RULE15"))
def m75(view: PatternView) -> None:
    """In a deal base rule 15 deals all dark, the dealing runs this hook alone, and only under
    IP-M75-RULE15 ``m75_wins`` (``deal.Dealing._predict``)."""
    if not _all_dimensions_differ(view.facts.table.players):
        return
    residue = 0 if view.reading("IP-M75-EVERY-THIRD") == "multiples_of_3" else 1
    if view.facts.number % 3 != residue:
        return
    why = f"every player from a different dimension, deal {view.facts.number}"
    if view.reading("IP-M75-PATTERN") == "whole_pattern":
        view.set(_M75_PATTERN, why)
        return
    new = list(view.pattern)
    new[0] = "open"
    view.set(new, why)


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
    seat = {p: (state.seat(p) if after else _player(state, p).seat) for p in state.players}
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
        p = _player(state, pid)
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
    return dominant_tone([_player(state, p).clothing for p in state.players], state.reading("IP-M78-TONE"))


def _tone_for_78_84(state: DealState) -> str | None:
    # The call stops 78-84 under complement and under hue (which handles the call as complement does).
    if _croupier_hard(state) and state.reading("IP-M85-NO-DOMINANT") != "ruling_adds_only":
        return None
    return _tone(state)


def _clothing_recorded(state: DealState) -> bool:
    return any(_player(state, p).clothing is not None for p in state.players)


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
        hues = [_player(state, p).clothing_hue for p in state.players]
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
