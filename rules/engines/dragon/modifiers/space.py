"""Conditional modifiers 50-52, the seed's group "Пространственные" (space).

Modifier 50 reads the table's material (or the surface under the cards, IP-M50-SURFACE) and by default
inverts the card order before modifier 1, so that every reading of the order sees it, base rule 7
included (IP-M50-WHERE); 51 and 52 the compass seat of each player as modifier 53
leaves it (``state.seat``; under IP-M53-SCOPE ``number_order`` the seat as taken, since 53 comes
later). Modifier 52's incrementing / decrementing card changes the card IP-INCDEC-TARGET names (the
notes' IP-M52-TARGET). Modifiers 51 and 52 are rights a player uses once in a Game
(``once_per_game``: the judge refuses a second use from the Game's history).
"""

from __future__ import annotations

from ...cards import is_honor, lower_rank, raise_rank
from ...errors import RulesError
from ...readings import declare
from ..base_rules import reread_rule7
from ..state import DEAD, FREE, HOME, NATURAL, WILD, CardState, Claim, DealState
from ..tables import dead_rank, home_ranks, wild_rank
from .base import attach_estimate, attach_final, attach_options, attach_seed, modifier
from .cards import m41_shown
from .common import CARDINAL_SEATS, incdec_target, once_each, stepped_target
from .points_space import POINTS

__all__ = ["CARDINAL_SEATS", "m50_fires"]

declare("dragon", POINTS)  # the group's interpretation points, data in points_space.py


# ---------------------------------------------------------------------------- M50
def m50_fires(state: DealState) -> bool:
    """Modifier 50's condition: the table (or the surface, IP-M50-SURFACE) is not of natural materials."""
    room = state.table.room
    if state.reading("IP-M50-SURFACE") == "contact_surface" and room.natural_surface is not None:
        return not room.natural_surface
    return room.natural_table is False         # None: not recorded


def _m50_invert(state: DealState) -> None:
    if state.card_order == "inverted" and state.reading("IP-M50-R19") == "toggle":
        state.set_order("cards", "natural", text="the table is not of natural materials: a second inversion")
        return
    if state.card_order == "inverted":
        state.note("fired", (), "the table is not of natural materials; the card order is already inverted")
        return
    state.set_order("cards", "inverted", text="the table is not of natural materials")


@modifier(number=50, group="space", hook="setup",
          summary="A table not of natural materials (no table: the surface under the cards) inverts the "
                  "natural card order.",
          reads=("room",), does=("card_order",), readings=("IP-M50-R19", "IP-M50-WHERE", "IP-M50-SURFACE"))
def m50(state: DealState) -> None:
    """The table is a fact of the whole deal: "везде" (IP-M50-WHERE every_order_use) the inverted order
    holds from before modifier 1, so every later reading of the order sees it, and base rule 7 ("При
    инвертировании порядка карт этот модификатор тоже инвертируется") is read again in it. Under
    hand_ranking_only the order is inverted after the last modifier (``_m50_final``)."""
    if state.reading("IP-M50-WHERE") != "every_order_use" or not m50_fires(state):
        return
    _m50_invert(state)
    reread_rule7(state, "modifier 50")


@attach_final(50)
def _m50_final(state: DealState) -> None:
    if state.reading("IP-M50-WHERE") == "hand_ranking_only" and m50_fires(state):
        _m50_invert(state)


# ---------------------------------------------------------------------------- seats after modifier 53
def _seat(state: DealState, player: str) -> str:
    """The seat modifiers 51 and 52 read (IP-M53-SCOPE)."""
    if state.reading("IP-M53-SCOPE") == "number_order":
        return state.table.player(player).seat
    return state.seat(player)


# ---------------------------------------------------------------------------- M51 (claim)
def _one_each(state: DealState, rule: str, claims: list[Claim]) -> list[Claim]:
    seen: set[str] = set()
    for claim in claims:
        once_each(state, seen, claim, f"{rule} is used once in a Game")
    return claims


@modifier(number=51, group="space", kind="claim", once_per_game=True,
          summary="A player seated North, South, East or West may change the real rank or suit of one of "
                  "his cards, once in a Game.",
          reads=("seats", "card_states", "claims", "history"), does=("rank", "suit", "claim_right"),
          readings=("IP-M51-VALUE", "IP-M51-ONE-ATTRIBUTE", "IP-M53-SCOPE"))
def m51(state: DealState) -> None:
    """Under IP-M51-VALUE ``modified_value`` the new rank is a modified characteristic and the real
    rank stays as dealt. A free card given a foska's rank stays free: base rule 13 has the rules read
    its real rank, which is still an honor (definition 13), and the seed takes a free state away only
    by a kill (base rule 3); as a free card it "changes rank among the honors, not suit", so it plays
    as its new value or as any honor of its suit (the judge gives the evaluator ``free_foskas``)."""
    value = state.reading("IP-M51-VALUE")
    for claim in _one_each(state, "M51", state.claims_for("M51")):
        seat = _seat(state, claim.player)
        if seat not in CARDINAL_SEATS:
            state.refuse(claim, f"{claim.player} sits {seat}: modifier 51 is for North, South, East and West")
        if claim.card is None or (claim.rank is None and claim.suit is None):
            state.refuse(claim, "modifier 51 needs the card and its new rank or suit")
        if claim.rank is not None and claim.suit is not None \
                and state.reading("IP-M51-ONE-ATTRIBUTE") == "rank_or_suit":
            state.refuse(claim, "modifier 51 changes the rank or the suit, not both")
        if claim.rank is not None and claim.rank not in range(2, 15):
            state.refuse(claim, f"rank {claim.rank!r} is not 2..14")
        if claim.suit is not None and claim.suit not in ("h", "d", "c", "s"):
            state.refuse(claim, f"suit {claim.suit!r} is not one of h d c s")
        c = state.find(claim.player, claim.card)
        if claim.rank is not None and claim.rank == c.card.rank and c.seq not in state.rebased:
            state.refuse(claim, f"{claim.card} already has rank {claim.rank}")
        if claim.suit is not None and claim.suit == c.card.suit and c.seq not in state.rebased:
            state.refuse(claim, f"{claim.card} is already of that suit")
        text = f"{claim.player}'s once-per-Game change"
        if value == "as_dealt":
            # The card is judged as if dealt so: the rules and modifiers are applied again with it.
            state.rebase(c, claim.rank, suit=claim.suit, text=text)
            continue
        if value == "in_order_real" and (c.state != NATURAL or c.modified):
            state.refuse(claim, f"{claim.card} is no longer natural at modifier 51's turn")
        real = value == "in_order_real"
        if claim.rank is not None:
            if c.state == FREE and not is_honor(claim.rank):
                # modified_value: the real rank stays an honor, and nothing but a kill (base rule 3)
                # takes a free state away: the card stays free (see ``m51``'s docstring).
                text += (f"; still free: its real rank is an honor, it plays as {claim.rank}{c.suit} or as any "
                         "honor of its suit (definition 13, base rule 13)")
            state.change_rank(c, claim.rank, real=real, override=True, stays_natural=real, text=text)
        if claim.suit is not None:
            state.change_suit(c, claim.suit, real=real, override=True, text=text)


# ---------------------------------------------------------------------------- M52 (claim)
@modifier(number=52, group="space", kind="claim", once_per_game=True,
          summary="A player not covered by modifier 51 may make one red honor incrementing or one black "
                  "fosk decrementing, once in a Game.",
          reads=("seats", "card_states", "claims", "history"),
          does=("incrementing", "decrementing", "rank", "claim_right"),
          readings=("IP-M52-ELIGIBLE", "IP-M53-SCOPE", "IP-INCDEC-TARGET"))
def m52(state: DealState) -> None:
    """The claim names the modifying card (``card``) and the card it changes (``target``,
    IP-INCDEC-TARGET); ``direction`` may repeat what the card's colour already says."""
    for claim in _one_each(state, "M52", state.claims_for("M52")):
        seat = _seat(state, claim.player)
        spent = state.history is not None and state.history.claimed(claim.player, "M51")
        if seat in CARDINAL_SEATS and not (spent and state.reading("IP-M52-ELIGIBLE") == "no_m51_right_now"):
            state.refuse(claim, f"{claim.player} sits {seat}: modifier 51 covers him")
        if claim.card is None:
            state.refuse(claim, "modifier 52 needs the red honor or the black fosk")
        c = state.find(claim.player, claim.card)
        if c.red and is_honor(c.real_rank):
            role = "incrementing"
        elif c.black and not is_honor(c.real_rank):
            role = "decrementing"
        else:
            state.refuse(claim, f"{claim.card} is neither a red honor nor a black fosk")
        if claim.direction is not None and claim.direction != role:
            state.refuse(claim, f"{claim.card} can only be {role}")
        if c.dead or c.state != NATURAL or c.modified:
            state.refuse(claim, f"{claim.card} is not a natural card (base rule 24)")
        if state.reading("IP-INCDEC-TARGET") == "all_own_natural":
            targets = [t for t in state.hand(claim.player) if t is not c and t.state == NATURAL and not t.modified]
        else:
            if claim.target is None:
                state.refuse(claim, f"modifier 52 needs the card the {role} card changes (target)")
            t = incdec_target(state, claim)
            if t is c or t.state != NATURAL or t.modified:
                state.refuse(claim, f"{claim.target} is not another natural card of {claim.player}")
            targets = [t]
        state.set_role(c, role, text=f"{claim.player}'s once-per-Game right")
        for t in targets:
            new = raise_rank(t.rank, 1) if role == "incrementing" else lower_rank(t.rank, 1)
            state.change_rank(t, new, text=f"{role[:-3]}ed by the {c.card}")


# ---------------------------------------------------------------------------- options for the advisor (base rule 25)
def _spent(state: DealState, player: str, rule: str) -> bool:
    return state.history is not None and state.history.claimed(player, rule)


@attach_options(51)
def _m51_options(state: DealState, player: str) -> list[Claim]:
    if _seat(state, player) not in CARDINAL_SEATS or _spent(state, player, "M51"):
        return []
    out = []
    for c in state.hand(player):
        out += [Claim(player=player, rule="M51", card=c.card, rank=r) for r in range(2, 15) if r != c.card.rank]
        out += [Claim(player=player, rule="M51", card=c.card, suit=s) for s in "hdcs" if s != c.real_suit]
    return out


@attach_options(52)
def _m52_options(state: DealState, player: str) -> list[Claim]:
    spent51 = _spent(state, player, "M51") and state.reading("IP-M52-ELIGIBLE") == "no_m51_right_now"
    if (_seat(state, player) in CARDINAL_SEATS and not spent51) or _spent(state, player, "M52"):
        return []
    hand = state.hand(player)
    plain = [c for c in hand if c.state == NATURAL and not c.modified]
    out = []
    for c in plain:
        if c.red and is_honor(c.real_rank):
            role = "incrementing"
        elif c.black and not is_honor(c.real_rank):
            role = "decrementing"
        else:
            continue
        out += [Claim(player=player, rule="M52", card=c.card, direction=role, target=t.card) for t in plain if t is not c]
    return out


# ---------------------------------------------------------------------------- estimates for the advisor (base rule 25)
@attach_estimate(51)
def _m51_estimate(state: DealState, option: Claim, ruleset) -> list | None:
    """The card with its new rank or suit, and the state its new real rank gives it as dealt."""
    if option.card is None:
        return None
    c = state.find(option.player, option.card)
    rank = option.rank if option.rank is not None else c.rank
    suit = option.suit if option.suit is not None else c.suit
    return [(c, rank, suit, _new_rank_state(state, c, option.rank if option.rank is not None else c.real_rank,
                                            ruleset))]


@attach_estimate(52)
def _m52_estimate(state: DealState, option: Claim, ruleset) -> list | None:
    """The claimant's own target one rank up or down."""
    if option.target is None or option.direction not in ("incrementing", "decrementing"):
        return None
    return stepped_target(state, option)


def _new_rank_state(state: DealState, c: CardState, rank: int, ruleset) -> str | None:
    """The state a natural or dead card judged as dealt with a new real rank or suit (IP-M51-VALUE
    ``as_dealt``) takes from its real ``rank`` alone, as far as the deal as prepared shows it:
    Table 2's dead rank at its holder's hour (base rule 17) or a quad of the previous deal's
    winning hand (base rule 21, the card as dealt), else modifier 41's kill of a dark card of a
    rank three face-up cards show, else Table 2's wild rank (base rule 16) or Table 3's home ranks
    (base rule 18). None: natural, as far as the estimate knows."""
    if c.state not in (NATURAL, DEAD) or state.reading("IP-M51-VALUE") != "as_dealt":
        return None
    facts = state.facts
    tables = ruleset.club_tables
    hour = facts.hour_of(c.player)
    if tables and not facts.first_deal and rank == dead_rank(hour):
        return DEAD
    previous = state.history.previous if tables and state.history is not None else None
    if previous is not None and any(c.card in hand.quads() for hand in previous.winning_hands):
        return DEAD                       # base rule 21 kills the card as dealt, whatever it becomes
    m41 = 41 not in ruleset.disabled and not (41 in state.cancelled and state.cancelled[41][1] is None)
    if m41 and not c.open and state.reading("IP-M41-REAL-CHANGED") != "printed_fourth" \
            and len(m41_shown(state).get(rank, ())) >= 3:
        return DEAD
    if tables and rank == wild_rank(hour):
        return WILD
    if tables and rank in home_ranks(facts.table3_month):
        return HOME
    return None


@attach_seed(51)
def _m51_seed(state: DealState, option: Claim) -> dict | None:
    """The new real rank or suit the claim gives its card under IP-M51-VALUE ``as_dealt``, to start
    the try with (the judge finds it at modifier 51's turn and applies the modifiers again). None
    when the card might refuse it at that turn (base rules 11, 14, 22), so the try runs as the
    judge does."""
    if state.reading("IP-M51-VALUE") != "as_dealt" or (option.rank is None) == (option.suit is None):
        return None
    if 51 in state.cancelled or state.reading("IP-RULE11-STATES") == "rule_wins":
        return None
    try:
        c = state.find(option.player, option.card)
    except RulesError:
        return None
    if c.frozen or (len(c.mods) >= 3 and 51 not in c.mods) or c.seq in state.rebased:
        return None
    found = (option.rank, "M51", False) if option.suit is None else (None, "M51", False, option.suit)
    return {**state.rebased, c.seq: found}
