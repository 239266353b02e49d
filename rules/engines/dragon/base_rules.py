"""The 25 base rules ("Основные правила") as data, and the ones that set card states and orders.

Where a base rule is data (its number, the Russian text verbatim, an English summary and where
the engine implements it), it is a :class:`BaseRule` in :data:`BASE_RULES`. Base rules that
give the deal's starting card states (2, 16-18 with Tables 2-3, 21), its orders (7, 15, 19, 20)
and base rule 1's claimed suit change are applied here; rules 3, 4, 8, 11, 13, 14 and 22 guard
every change in :mod:`.state`; 5-7 and 15 decide the winner in :mod:`.judge`; 10 is the order
of :func:`.modifiers.base.apply_modifiers`; 9 is :mod:`.facts`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import rank_name
from .seed_texts import BASE_RULES as _TEXTS
from .state import HOME, WILD, DealState
from .tables import TABLE2_RU, TABLE3_RU, dead_rank, home_ranks, wild_rank

__all__ = ["BaseRule", "BASE_RULES", "apply_rule_states", "apply_orders", "apply_suit_claims", "reread_rule7"]


@dataclass(frozen=True, slots=True)
class BaseRule:
    number: int
    summary: str
    where: str                 # the part of the engine that implements it
    text_ru: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "text_ru", _TEXTS[self.number])

    @property
    def source(self) -> str:
        return f"B{self.number}"


BASE_RULES: dict[int, BaseRule] = {r.number: r for r in (
    BaseRule(1, "Each player may change the suit of one card once per Game (a claim).", "base_rules.apply_suit_claims"),
    BaseRule(2, "The highest natural card of the previous winning hand becomes wild.", "base_rules.apply_rule_states"),
    BaseRule(3, "A free card that a rule or modifier kills becomes home.", "state.DealState.kill"),
    BaseRule(4, "A wild card that a rule or modifier kills becomes natural.", "state.DealState.kill"),
    BaseRule(5, "A more natural hand beats a less natural one (natural > home > wild).", "judge.winners"),
    BaseRule(6, "Equal hands: the more natural, then the bank holder, then the dealer wins.", "judge.winners"),
    BaseRule(7, "When the previous winning hand's highest card is below Ten, the less natural hand "
                "wins; inverted with the card order; not in a Game's first deal.", "base_rules.apply_orders"),
    BaseRule(8, "A card is never free and home at once.", "state.DealState.grant"),
    BaseRule(9, "Every modifier reads the time of the first dealt card.", "facts.deal_facts"),
    BaseRule(10, "Conditional modifiers act in number order.", "modifiers.base.apply_modifiers"),
    BaseRule(11, "Of two modifiers that cancel each other the higher number stands; a modifier "
                 "against a base rule loses unless it names the rule.", "state.DealState.cancel"),
    BaseRule(12, "Ambiguities are settled by precedent (interpretation points).", "readings"),
    BaseRule(13, "Rank-tied rules read real rank and suit; a modified card gets no new status, "
                 "rank or suit from rules or modifiers.", "state.DealState.grant"),
    BaseRule(14, "A modified card used as a modifying card is not modified any more.",
             "state.DealState.use_as_modifying"),
    BaseRule(15, "A deal number that is a multiple of the weekday number (Table 1) is dealt dark "
                 "and the weakest hand wins; Monday adds the dealer's number.", "deal.Dealing, base_rules.apply_orders"),
    BaseRule(16, "The hour makes a rank wild (Table 2).", "base_rules.apply_rule_states"),
    BaseRule(17, "The previous hour's wild rank is dead for the hour (Table 2); not in the first deal.",
             "base_rules.apply_rule_states"),
    BaseRule(18, "The month makes ranks home (Table 3).", "base_rules.apply_rule_states"),
    BaseRule(19, "A deal number that is a multiple of the number of players inverts the card order.",
             "base_rules.apply_orders"),
    BaseRule(20, "Even deals keep the natural suit order; odd deals invert it.", "base_rules.apply_orders"),
    BaseRule(21, "The cards of a quad in the winning hand are dead in the next deal.", "base_rules.apply_rule_states"),
    BaseRule(22, "At most three conditional modifiers act on one card.", "state.DealState._gate"),
    BaseRule(23, "Cards with real characteristics are natural.", "state.CardState"),
    BaseRule(24, "In rules and modifiers, rank and suit are the real ones and a card is a natural card "
                 "unless stated otherwise.", "state.CardState.is_"),
    BaseRule(25, "Nobody must point another player to a modifier that would help him (the advisor "
                 "shows it after the deal).", "advisor.advise"),
)}


def apply_rule_states(state: DealState) -> None:
    """Base rules 2, 16, 17, 18 and 21 in number order: the card states every deal starts from."""
    facts = state.facts
    previous = state.history.previous if state.history is not None else None
    # Base rule 2.
    if previous is not None and previous.winning_hands:
        top = previous.winning_hands[0].highest_natural()
        if top is not None:
            state.current = "B2"
            by_rank = state.reading("IP-R2-WILD-CARD") == "that_rank"
            for c in state.cards:
                if c.rule_rank == top.rank and (by_rank or c.real_suit == top.suit):
                    state.grant(c, WILD, "B2", text=f"the highest natural card of deal {previous.number}'s "
                                                    f"winning hand is {top}")
    # Base rule 16 (Table 2), each card at its holder's hour (the deal's hour but under IP-M48-COUNT
    # per_player_own).
    for c in state.cards:
        hour = facts.hour_of(c.player)
        wild = wild_rank(hour)
        if c.rule_rank == wild:
            state.grant(c, WILD, "T2", text=f"B16, {TABLE2_RU[hour]}: {rank_name(wild)} wild")
    # Base rule 17 (Table 2): no dead rank in a Game's first deal.
    if not facts.first_deal:
        for c in state.cards:
            hour = facts.hour_of(c.player)
            dead = dead_rank(hour)
            if c.rule_rank == dead:
                state.kill(c, "T2", text=f"B17, {TABLE2_RU[hour]}: {rank_name(dead)} dead")
    # Base rule 18 (Table 3), with the month modifiers may have shifted (M3).
    month = facts.table3_month
    home = home_ranks(month)
    for c in state.cards:
        if c.rule_rank in home:
            state.grant(c, HOME, "T3", text=f"B18, {TABLE3_RU[month]}")
    # Base rule 21.
    if previous is not None:
        quads = {q for hand in previous.winning_hands for q in hand.quads()}
        for c in state.cards:
            if c.card in quads:
                state.kill(c, "B21", text=f"a quad of deal {previous.number}'s winning hand")
    state.current = None


def apply_orders(state: DealState, all_dark: bool) -> None:
    """Base rules 7, 15, 19 and 20: who wins and the orders in force before the modifiers."""
    facts = state.facts
    previous = state.history.previous if state.history is not None else None
    if all_dark:
        state.set_weakest_wins("T1", text=f"B15: deal {facts.number} is a multiple of the weekday number")
    if facts.number % facts.players == 0:
        state.set_order("cards", "inverted", "B19",
                        text=f"deal {facts.number} is a multiple of {facts.players} players")
    if facts.number % 2:
        state.set_order("suits", "inverted", "B20", text=f"deal {facts.number} is odd")
    # Base rule 7 reads the card order in force (after rule 19; modifier 50's inversion, known from the
    # table, is read again by reread_rule7 under IP-M50-WHERE every_order_use).
    verdict = _rule7(state)
    if verdict is not None:
        state.memo["B7"] = True
        if verdict:
            state.reverse_naturalness("B7", text=f"the highest card of deal {previous.number}'s "
                                                 f"winning hand is below Ten")


def _rule7(state: DealState) -> bool | None:
    """Base rule 7 in the card order in force: whether the less natural hand wins (None: the rule does
    not apply, as in a Game's first deal)."""
    previous = state.history.previous if state.history is not None else None
    if previous is None or not previous.winning_hands:
        return None
    hand = previous.winning_hands[0]
    if state.reading("IP-B7-CARD") == "played_value":
        ranks = [r for r, _s in hand.values]
    else:
        ranks = [c.rank for c in hand.cards]
    if not ranks:
        return None
    return max(ranks) < 10 if state.card_order == "natural" else min(ranks) > 10


def reread_rule7(state: DealState, why: str) -> None:
    """Base rule 7 read again after a change of the card order that holds for the whole deal (modifier
    50 under IP-M50-WHERE every_order_use: "При инвертировании порядка карт этот модификатор тоже
    инвертируется"). Only where the base rules were applied and rule 7 read a previous hand."""
    if not state.memo.get("B7"):
        return
    verdict = _rule7(state)
    if verdict is None or verdict == state.naturalness_reversed:
        return
    previous = state.history.previous
    text = (f"{why}: the highest card of deal {previous.number}'s winning hand is "
            f"{'below' if verdict else 'not below'} Ten in the {state.card_order} card order")
    if verdict:
        state.reverse_naturalness("B7", text=text)
    else:
        state.naturalness_reversed = False
        state.note("naturalness reversed", (), text, source="B7", before=True, after=False)


_SUIT_NAMES = {"h": "hearts", "d": "diamonds", "c": "clubs", "s": "spades"}


def apply_suit_claims(state: DealState) -> None:
    """Base rule 1: a player changes the suit of one of his cards, once per Game."""
    seen: set[str] = set()
    for claim in state.claims_for("B1"):
        if claim.player in seen:
            state.refuse(claim, "base rule 1 allows one suit change per Game", code="once_per_game")
        if state.history is not None and state.history.claimed(claim.player, "B1"):
            state.refuse(claim, f"{claim.player} already changed a suit in this Game", code="once_per_game")
        if claim.card is None or claim.suit not in _SUIT_NAMES:
            state.refuse(claim, "base rule 1 needs the card and the new suit")
        c = state.find(claim.player, claim.card)
        if claim.suit == c.suit:
            state.refuse(claim, f"{claim.card} already plays as {_SUIT_NAMES[claim.suit]}")
        if c.state in (WILD, HOME):
            state.refuse(claim, f"{claim.card} is {c.state}: its suit is the owner's choice already")
        seen.add(claim.player)
        state.change_suit(c, claim.suit, "B1", override=True,
                          text=f"{claim.player} changes the suit to {_SUIT_NAMES[claim.suit]}")


