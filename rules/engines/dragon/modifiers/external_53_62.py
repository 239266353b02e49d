"""Conditional modifiers 53-62 of the seed's group "Внешние" (external factors): spare decks (53),
glasses (54, 55, 58), beards (56, 59), headwear (57-59, 61) and the previous deal (60, 62).

The conventions of the group are in :mod:`.external`.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..context import SEATS
from ..state import FREE, HOME, WILD, CardState, DealState, rule_source
from .base import attach_final, modifier
from .common import natural_card, once_each, wild_even_if_dead
from .external_common import circle_cards, table_player

__all__ = ["m53_seats"]


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
    if not table_player(state, dealer).glasses:
        for claim in claims:
            state.refuse(claim, "the dealer wears no glasses")
        return
    wearers = [p for p in state.players if table_player(state, p).glasses]
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
    if table_player(state, dealer).glasses:
        return []
    return [p for p in state.players if p != dealer and table_player(state, p).glasses]


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
    return table_player(state, state.at_position(3)).headwear


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
    bearded = [p for p in state.players if table_player(state, p).beard]
    n = len(bearded)
    even_reading = state.reading("IP-M56-EVEN")
    onlookers = state.table.room.bearded_onlookers if even_reading == "everyone_present" else 0
    # Zero bearded people is a count (IP-M56-EVEN zero_counts) only when every player's beard is recorded:
    # a Game whose beards nobody noted has no number of them (an omitted fact fires nothing).
    zero = even_reading == "zero_counts" and all(table_player(state, p).beard is not None for p in state.players)
    even = (n + onlookers) % 2 == 0 and (n + onlookers > 0 or zero)
    threes_wild = even and state.facts.number % 2 == 1
    if threes_wild:
        who = f"{n} bearded players" + (f" and {onlookers} bearded onlookers" if onlookers else "")
        for c in circle_cards(state, state.nth_open(3)):
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
    wearers = {p for p in state.players if table_player(state, p).headwear}
    who = state.reading("IP-M57-WHO")
    if not wearers or (who == "all_players_wear" and len(wearers) < len(state.players)):
        return
    ranks = {5, 10} | ({11, 12, 13} if state.reading("IP-M57-MULTIPLE") == "honors_count_ten" else set())
    victims: list[CardState] = []
    for c in circle_cards(state, state.nth_open(4)):
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
    facts = {p: table_player(state, p) for p in state.players}
    subjects = {p for p, f in facts.items() if f.glasses and not f.headwear}
    if state.reading("IP-M58-SAME-PLAYER") == "split":
        fires = any(not f.headwear for f in facts.values()) and any(f.glasses for f in facts.values())
    else:
        fires = bool(subjects)
    if not fires:
        return
    only_subjects = state.reading("IP-M58-WHO") == "that_player_only"
    for c in circle_cards(state, state.nth_open(2)):
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
    facts = table_player(state, second)
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
    for c in circle_cards(state, state.nth_open(4)):
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
