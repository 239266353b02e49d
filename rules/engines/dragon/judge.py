"""Judging deals of the club rules v2.2.1.

Beneath :func:`judge_game` (the sitting document of ``engine-api.md``, JSON in and out) lies a
Python API for one deal:

* :func:`prepare_deal` deals the cards (circle patterns), applies the base rules' states and
  orders and the modifiers in number order, and returns the :class:`~.state.DealState`: the
  state of every card, the orders in force and the trace;
* :func:`judge_deal` adds each player's best hand (the evaluator), the winners by base rules 5-7,
  15 and 6, the pot and each player's chip result, and the record the next deal reads.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .. import cards as _cards_module
from ..cards import Card, parse_one
from ..errors import RulesError
from ..readings import Readings, resolve
from . import (
    evaluator,  # the hand evaluator (evaluator.py)
    readings_dragon,  # noqa: F401  (registers the points the state reads)
)
from .base_rules import apply_orders, apply_rule_states, apply_suit_claims
from .context import Place, Player, Room, Stakes, Table
from .deal import DEFAULT_PATTERN, Dealing
from .facts import DealFacts, deal_facts
from .game import DealRecord, GameHistory, WinningHand
from .modifiers.base import apply_adjustments, apply_modifiers, registry
from .presets import Ruleset
from .presets import ruleset as get_ruleset
from .state import DEAD, FREE, HOME, NATURAL, WILD, CardState, Claim, DealState, Rerun
from .trace import TraceEntry, render

__all__ = ["DealJudgement", "prepare_deal", "setup_deal", "evaluate_player", "judge_deal", "finish_deal",
           "judge_game", "judge_sitting_deal", "sitting_history", "unrecorded_deal", "is_unrecorded", "table_from_doc",
           "claim_from_doc", "claim_to_doc", "previous_game_records", "Refusal", "PREVIOUS_GAME_READINGS",
           "claim_rule_problem", "SUIT_CLAIMS", "CLAIM_NEEDS"]

_GAMES = ("dragon",)


# ---------------------------------------------------------------------------- one deal: card states
def _fresh_cards(dealing: Dealing) -> list[CardState]:
    return [CardState(d.seq, d.card, d.player, d.circle, d.pos, d.open) for d in dealing.dealt]


@dataclass(frozen=True, slots=True)
class Refusal:
    """A claim the rules do not allow in its deal: the deal is judged without it."""

    claim: Claim
    code: str            # once_per_game | no_right | not_held | not_played | not_allowed
    reason: str          # in English, naming the claim's rule


def prepare_deal(facts: DealFacts, dealing: Dealing, readings: Readings, *, history: GameHistory | None = None,
                 claims: Iterable[Claim] = (), ruleset: Ruleset | None = None,
                 rebased: Mapping[int, tuple] | None = None,
                 refusals: list[Refusal] | None = None) -> DealState:
    """Every card's state after the base rules and the modifiers (not yet the hands).

    ``rebased`` (seq -> (rank, source, rules_only)) starts the deal with cards already given a new
    real rank, as a rerun after modifiers 17-19 or 51 would: the advisor seeds a claim's rebase.

    An illegal claim raises a RulesError carrying the claim (``DealState.refuse``), unless
    ``refusals`` is given: the claim is then added to it and the deal judged again without it, from
    the start, since the claim may have changed cards before it was refused. The trace says so."""
    claims = list(claims)
    if refusals is None:
        return _prepare(facts, dealing, readings, history, claims, ruleset, rebased)
    found: list[Refusal] = []
    while True:
        try:
            state = _prepare(facts, dealing, readings, history, claims, ruleset, rebased)
        except RulesError as error:
            claim = _refused_claim(error, claims)
            if claim is None:
                raise
            reason = getattr(error, "reason", None) or error.message
            found.append(Refusal(claim, error.code or "not_allowed", reason))
            claims = [c for c in claims if c is not claim]
            continue
        for refusal in found:
            state.note("refused", (), f"{refusal.claim.describe()}: {refusal.reason}", source=refusal.claim.rule,
                       player=refusal.claim.player, after=refusal.code)
        refusals.extend(found)
        return state


def _refused_claim(error: RulesError, claims: list[Claim]) -> Claim | None:
    """The claim an error refuses: the one it carries, or the claim naming a card its player does not
    hold (``DealState.find``); None for an error no claim caused."""
    claim = getattr(error, "claim", None)
    if claim is not None:
        return next((c for c in claims if c is claim), None)
    if error.code == "not_held":
        player, card = getattr(error, "player", None), getattr(error, "card", None)
        for c in claims:
            if c.player == player and card in (c.card, c.target, *c.cards):
                error.reason = f"{player} holds no {card}"   # type: ignore[attr-defined]
                return c
    return None


def _prepare(facts: DealFacts, dealing: Dealing, readings: Readings, history: GameHistory | None,
             claims: list[Claim], ruleset: Ruleset | None, rebased: Mapping[int, tuple] | None) -> DealState:
    ruleset = ruleset or get_ruleset("club-2.2.1")
    for claim in claims:
        if claim.player not in facts.order:
            raise RulesError(f"{claim.describe()}: unknown player {claim.player!r}", value=claim.player)
    _check_claim_rules(claims, history, ruleset)
    cancelled: dict = {}
    reasons: dict[int, str] = {}          # the cancels that made the deal be applied again, with their reasons
    rebased = dict(rebased or {})
    cache = None
    for _attempt in range(64):
        for claim in claims:
            claim.used = False
        state = DealState(facts, _fresh_cards(dealing), dealing.pattern, readings, history, claims,
                          cancelled, rebased, reading_cache=cache)
        cache = state._rd
        if dealing.all_dark:       # base rule 15 (Table 1): the whole deal dark, before any pattern hook
            state.note("pattern", (), "base rule 15: the whole deal is dealt dark", source="T1",
                       before=list(DEFAULT_PATTERN), after=["dark"] * len(DEFAULT_PATTERN))
        for source, before, after, text in dealing.final_notes():
            state.note("pattern", (), text, source=source, before=list(before), after=list(after))
        for source, name, before, after in facts.adjustments:
            state.note(name, (), "", source=source, before=before, after=after)
        _note_unrecorded_previous(state)
        for number, (source, only) in cancelled.items():
            state.carried[number] = (source, reasons.get(number) or
                                     f"M{number} does not act" + (" on some cards" if only else ""))
        try:
            if state.reading("IP-B1-WHEN") == "before_rules":
                apply_suit_claims(state)
            if ruleset.club_tables:
                apply_orders(state, dealing.all_dark)
                apply_rule_states(state)
            for c in state.cards:
                found = rebased.get(c.seq)
                if found is not None and found[2]:     # M19: the base rules read it, modifiers not
                    c.modified = True
            ruleset.before_modifiers(state)
            apply_modifiers(state, ruleset.disabled)
            ruleset.after_modifiers(state)
            if state.reading("IP-B1-WHEN") == "after_modifiers":
                apply_suit_claims(state)
            state.note_carried_left()
        except Rerun as again:
            if again.rebase is not None:
                rebased[again.rebase[0]] = tuple(again.rebase[1:])
            else:
                cancelled[again.number] = (again.source, again.only)
                reasons[again.number] = again.text
            continue
        break
    else:  # pragma: no cover - each rerun adds a cancellation or a new rank, so this cannot loop
        raise RulesError("the modifiers do not settle", value=facts.number)
    for claim in claims:
        if not claim.used:
            number = int(claim.rule[1:]) if claim.rule[1:].isdigit() else None
            # A modifier cancelled by another (base rule 11) gives no right, but a claim under it
            # was made in good faith: it is void, not illegal. The state's own record counts,
            # since a cancel by a higher modifier that acts before the claim is read needs no rerun.
            if claim.rule.startswith("M") and number in state.cancelled:
                by = state.cancelled[number][0]
                state.note("void", (), f"{claim.describe()}: M{number} was cancelled by {by}", source=claim.rule,
                           player=claim.player)
                continue
            state.refuse(claim, f"{claim.rule} gives no right in this deal", code="no_right")
    return state


def _note_unrecorded_previous(state: DealState) -> None:
    """After an unrecorded deal (a quick result: winners and pot only) the rules that read the
    previous deal's winning hand or cards have nothing to read and do not act: the trace says so once."""
    previous = state.history.previous if state.history is not None else None
    if previous is None or previous.recorded:
        return
    state.note("not recorded", (), f"deal {previous.number} was played without recording its cards: base rules "
               "2, 7 and 21 and the modifiers that read the previous deal's hand or cards (33, 34, 60, 62, 80, 84, "
               "88) have nothing to read from it", source="B2")


# The rules whose claim names a suit (base rule 1's new suit, modifier 21's opposite suit,
# modifier 51's new suit): a suit given under any other rule is read by nothing.
SUIT_CLAIMS = frozenset({"B1", "M21", "M51"})
# What a claim must name under a rule whatever the deal (base rule 1: the card and its new suit).
CLAIM_NEEDS = {"B1": ("card", "suit")}


def claim_rule_problem(rule: str, ruleset: Ruleset | str | None = None) -> str | None:
    """Why no claim can be made under ``rule`` in any deal judged by ``ruleset``, as a code, or
    None when the rule takes claims: ``not_a_claim_rule`` (neither base rule 1 nor a modifier),
    ``unknown_modifier`` (no modifier of that number), ``takes_no_claims`` (the modifier acts by
    itself), ``not_played`` (the ruleset leaves the modifier out). The judge refuses a claim by
    this same check; the site asks it when the claim is entered."""
    if rule == "B1":
        return None
    number = int(rule[1:]) if rule[:1] == "M" and rule[1:].isdigit() else None
    if number is None:
        return "not_a_claim_rule"
    mod = registry().get(number)
    if mod is None:
        return "unknown_modifier"
    if not mod.takes_claims:
        return "takes_no_claims"
    if ruleset is not None and number in get_ruleset(ruleset).disabled:
        return "not_played"
    return None


def _check_claim_rules(claims: list[Claim], history: GameHistory | None, ruleset: Ruleset) -> None:
    mods = registry()
    for claim in claims:
        problem = claim_rule_problem(claim.rule, ruleset)
        if claim.rule == "B1":
            continue
        number = int(claim.rule[1:]) if problem != "not_a_claim_rule" else None
        if problem == "not_a_claim_rule":
            raise RulesError(f"{claim.describe()}: {claim.rule!r} is not a rule that takes claims",
                             value=claim.rule, rule=claim.rule)
        if problem == "unknown_modifier":
            raise RulesError(f"{claim.describe()}: modifier {number} is not played by this engine",
                             value=claim.rule, rule=claim.rule)
        if problem == "takes_no_claims":
            raise RulesError(f"{claim.describe()}: modifier {number} takes no claims", value=claim.rule,
                             rule=claim.rule)
        # A modifier the ruleset leaves out and a once-a-Game right used already refuse the claim,
        # not the document: the rest of the sitting is judged.
        if problem == "not_played":
            _refuse(claim, f"modifier {number} is not played by this ruleset", "not_played")
        if mods[number].once_per_game and history is not None and history.claimed(claim.player, claim.rule):
            _refuse(claim, f"{claim.player} already used it in this Game", "once_per_game")


def _refuse(claim: Claim, reason: str, code: str) -> None:
    error = RulesError(f"illegal {claim.describe()}: {reason}", value=claim.rule, rule=claim.rule, code=code)
    # The reason lies in the player's right, not the claim's choices: the advisor spares the like claims.
    error.claim, error.alike, error.reason = claim, (), reason   # type: ignore[attr-defined]
    raise error


# ---------------------------------------------------------------------------- one deal: hands and winners
@dataclass
class DealJudgement:
    facts: DealFacts
    state: DealState
    pattern: tuple[str, ...]
    hands: dict[str, object]                  # player -> evaluator HandValue
    winners: tuple[str, ...]
    bank: str
    pot: int
    chips: dict[str, int]
    record: DealRecord
    trace: list[TraceEntry] = field(default_factory=list)
    dealing: Dealing | None = None            # the cards as dealt (the advisor judges its tries from them)
    ruleset: Ruleset | None = None            # the ruleset it was judged under
    refused: list[Refusal] = field(default_factory=list)   # the claims refused, the deal judged without them

    def trace_text(self, lang: str = "en") -> str:
        """The trace, one plain line per entry (cards in the ``lang`` notation)."""
        return render(self.trace, lang)

    def as_dict(self) -> dict:
        s = self.state
        players = {}
        for pid in self.facts.order:
            hv = self.hands[pid]
            players[pid] = {
                "cards": [{"card": str(c.card), "circle": c.circle, "open": c.open, "state": c.state,
                           "rank": c.rank, "suit": c.suit, "role": c.role} for c in s.hand(pid)],
                "hand": {"category": hv.category, "name": hv.name,
                         "cards": [str(c) for c in _real_cards(s, pid, hv)]},
            }
        return {"number": self.facts.number, "dealer": self.facts.dealer, "pattern": list(self.pattern),
                "orders": {"cards": s.card_order, "suits": s.suit_order}, "weakest_wins": s.weakest_wins,
                "players": players, "winners": list(self.winners), "chips": dict(self.chips),
                "trace": [e.as_dict() for e in self.trace],
                "refused_claims": [{"claim": claim_to_doc(r.claim), "code": r.code, "reason": r.reason}
                                   for r in self.refused]}


_INTERNED = _cards_module._INTERNED


def _hand_inputs(state: DealState, player: str):
    """The evaluator's inputs: the cards as modified (rank, suit), with the state lists (None when
    the player holds a card twice: :func:`_distinct` then decides)."""
    hand = []
    wild, home, free, dead = [], [], [], []
    by_state = {WILD: wild, HOME: home, FREE: free, DEAD: dead}
    interned = _INTERNED
    for c in state.hand(player):
        played = interned.get((c.rank, c.suit)) or c.played
        hand.append(played)
        found = by_state.get(c.state)
        if found is not None:
            found.append(played)
    if len(set(hand)) != len(hand):
        return None
    return tuple(hand), tuple(wild), tuple(home), tuple(free), tuple(dead)


_RANK_OF_STATE = {WILD: 0, HOME: 1, FREE: 1, "natural": 2, DEAD: 3}


def _distinct(state: DealState, player: str, quiet: bool = False):
    """The evaluator takes distinct cards. Two decks (IP-DECKS) or a changed rank or suit can give a
    player the same card twice: the copy in the more changeable state is kept (a wild copy can
    play as anything the other could), and the trace says so (``quiet``: it does not, for the
    advisor's tries)."""
    best: dict[Card, CardState] = {}
    for c in state.hand(player):
        played = c.played
        kept = best.get(played)
        if kept is None or _RANK_OF_STATE[c.state] < _RANK_OF_STATE[kept.state]:
            if kept is not None and not quiet:
                state.note("duplicate", (kept,), f"{played} twice: one copy counts", source="IP-DECKS")
            best[played] = c
        elif not quiet:
            state.note("duplicate", (c,), f"{played} twice: one copy counts", source="IP-DECKS")
    hand = tuple(best)
    lists: dict[str, list[Card]] = {WILD: [], HOME: [], FREE: [], DEAD: []}
    for played, c in best.items():
        found = lists.get(c.state)
        if found is not None:
            found.append(played)
    return hand, tuple(lists[WILD]), tuple(lists[HOME]), tuple(lists[FREE]), tuple(lists[DEAD])


def _combination(state: DealState, player: str, hv) -> list[CardState]:
    """The player's cards the evaluator's combination uses (it names them as modified)."""
    pool = [c for c in state.hand(player) if c.state != DEAD]
    out: list[CardState] = []
    for played in getattr(hv, "cards", ()):
        for c in pool:
            if c.played == played:
                out.append(c)
                pool.remove(c)
                break
    return out


def _real_cards(state: DealState, player: str, hv) -> list[Card]:
    """Map the evaluator's cards (as modified) back to the cards as dealt."""
    return [c.card for c in _combination(state, player, hv)]


def _bank_holder(state: DealState, bets: Mapping[str, int], bank: str | None) -> str:
    if bank is not None:
        if bank not in state.players:
            raise RulesError(f"bank holder {bank!r} is not a player", value=bank)
        return bank
    if state.reading("IP-BANK-HOLDER") == "highest_bet" and bets:
        top = max(bets.values())
        return next(p for p in state.players if bets.get(p, 0) == top)
    return state.players[0]


def judge_deal(table: Table, number: int, started_at: str | dt.datetime, cards: Iterable[Card | str], *,
               history: GameHistory | None = None, claims: Iterable[Claim] = (),
               bets: Mapping[str, int] | None = None, bank: str | None = None,
               readings: Mapping[str, str] | None = None, ruleset: str | Ruleset = "club-2.2.1",
               refuse: bool = False) -> DealJudgement:
    """Judge one deal of a Game: states, hands, winners, chips and trace. An illegal claim raises a
    RulesError; with ``refuse`` it is refused instead (the judgement's ``refused``) and the deal judged
    without it."""
    rs, rd, facts, dealing = setup_deal(table, number, started_at, cards, readings=readings, ruleset=ruleset)
    refusals: list[Refusal] | None = [] if refuse else None
    state = prepare_deal(facts, dealing, rd, history=history, claims=list(claims), ruleset=rs, refusals=refusals)
    judgement = finish_deal(state, dealing, bets or {}, bank, rs)
    judgement.refused = refusals or []
    return judgement


def setup_deal(table: Table, number: int, started_at: str | dt.datetime, cards: Iterable[Card | str], *,
               readings: Mapping[str, str] | None = None, ruleset: str | Ruleset = "club-2.2.1"):
    """The ruleset, the checked readings, the deal's facts and the dealt cards (circle patterns)."""
    rs, rd, facts = deal_start(table, number, started_at, readings=readings, ruleset=ruleset)
    dealing = Dealing(facts, rd, ruleset=rs).deal_all(cards)
    return rs, rd, facts, dealing


def deal_start(table: Table, number: int, started_at: str | dt.datetime, *,
               readings: Mapping[str, str] | None = None, ruleset: str | Ruleset = "club-2.2.1"):
    """What dealing and judging deal ``number`` start from: the ruleset, the checked readings (the
    ruleset's own under ``readings``) and the deal's facts (the dealer by the rotation reading) with
    the modifiers' adjustments applied. The recorder and the provisional judgement start here too."""
    rs = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(ruleset)
    rd = resolve({**rs.readings, **dict(readings or {})}, games=_GAMES)
    facts = deal_facts(table, number, started_at, rotation=rd["IP-DEAL-ROTATION"])
    apply_adjustments(facts, rd, rs.disabled)
    return rs, rd, facts


def evaluate_player(state: DealState, player: str, *, quiet: bool = False):
    """The player's best hand under the deal's states and orders (the evaluator). ``quiet``: a card
    held twice is not noted in the trace (the advisor's tries)."""
    inputs = _hand_inputs(state, player)
    hand, wild, home, free, dead = inputs if inputs is not None else _distinct(state, player, quiet)
    return evaluator.evaluate(hand, wild=wild, home=home, free=free, dead=dead,
                                 card_order=state.card_order, suit_order=state.suit_order,
                                 readings=state.readings, naturalness_reversed=state.naturalness_reversed,
                                 **_level_inputs(state, player, hand, (wild, home, free, dead)))


def _level_inputs(state: DealState, player: str, hand: tuple, changeable: tuple) -> dict:
    """The evaluator's keywords for cards the state lists do not describe: natural cards whose suit
    modifier 14 inverted count at home's level (IP-M14-NATURALNESS ``as_home``), and free cards that
    are worth a foska (``free_foskas``: such a card plays as itself or as any honor of its suit): the one
    modifier 44 declares free under IP-M44-FREE ``any_card``, and a free card whose rank a later
    change made a foska's (modifier 51 under IP-M51-VALUE ``modified_value``: it stays free). Empty
    for every other hand."""
    out: dict = {}
    if any(not p.is_honor for p in changeable[2]):
        out["free_foskas"] = True
    inverted = state.marks.get("M14-inverted", ())
    if inverted and state.reading("IP-M14-NATURALNESS") == "as_home":
        taken = {p for group in changeable for p in group}
        level = tuple(dict.fromkeys(c.played for c in inverted      # type: ignore[union-attr]
                                    if c.player == player and c.state == NATURAL and c.played in hand
                                    and c.played not in taken))
        if level:
            out["home_level"] = level
    return out


def finish_deal(state: DealState, dealing: Dealing, bets: Mapping[str, int], bank: str | None,
                rs: Ruleset) -> DealJudgement:
    facts = state.facts
    for pid, amount in bets.items():
        if pid not in facts.order:
            raise RulesError(f"bets name unknown player {pid!r}", value=pid)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise RulesError(f"the bet of {pid} must be a whole number 0 or more, not {amount!r}", value=amount)
    hands = {pid: evaluate_player(state, pid) for pid in facts.order}
    holder = _bank_holder(state, bets, bank)
    winners = _winners(state, hands, holder)
    state.note("winner", (), "the weakest hand wins (base rule 15)" if state.weakest_wins else "",
               source="T1" if state.weakest_wins else "B5", after=list(winners))
    pot = sum(bets.values())
    chips = {pid: -bets.get(pid, 0) for pid in facts.order}
    if winners:
        share, rest = divmod(pot, len(winners))
        for i, pid in enumerate(winners):
            chips[pid] += share + (1 if i < rest else 0)
    record = _record(state, hands, winners, pot, bets)
    return DealJudgement(facts, state, dealing.pattern, hands, winners, holder, pot, chips, record,
                         list(state.trace), dealing, rs)


def _winners(state: DealState, hands: Mapping[str, object], holder: str) -> tuple[str, ...]:
    """Base rules 5-7 (the evaluator's key, naturalness reversed by rule 7), 15 (the weakest
    wins) and 6 (equal hands: the bank holder, then the dealer)."""
    keys = {pid: hands[pid].key for pid in state.players}
    best = min(keys.values()) if state.weakest_wins else max(keys.values())
    tied = [pid for pid in state.players if keys[pid] == best]
    if len(tied) == 1:
        return tuple(tied)
    if holder in tied:
        state.note("winner", (), "equal hands: the bank holder wins", source="B6", after=holder)
        return (holder,)
    if state.facts.dealer in tied:
        state.note("winner", (), "equal hands: the dealer wins", source="B6", after=state.facts.dealer)
        return (state.facts.dealer,)
    return tuple(tied)


def _min_stake(table: Table) -> int | None:
    return table.stakes.min if table.stakes is not None else None


def _record(state: DealState, hands: Mapping[str, object], winners: tuple[str, ...], pot: int,
            bets: Mapping[str, int] | None = None) -> DealRecord:
    wins = []
    for pid in winners:
        hv = hands[pid]
        used = _combination(state, pid, hv)
        chosen = getattr(hv, "values", None) or {}
        values = tuple(tuple(chosen.get(c.played, (c.rank, c.suit))) for c in used)
        wins.append(WinningHand(pid, hv.category, tuple(c.card for c in used), values,
                                tuple(c.state for c in used)))
    claims = tuple((c.player, c.rule) for c in state.claims)
    return DealRecord(
        number=state.facts.number, winners=winners, winning_hands=tuple(wins), pot=pot,
        min_stake=_min_stake(state.table),
        wild=tuple(c.card for c in state.cards if c.state == WILD),
        dead=tuple(c.card for c in state.cards if c.state == DEAD),
        open_cards=tuple(c.card for c in state.cards if c.open), weakest_won=state.weakest_wins,
        carry=dict(state.carry), claims=claims, bets=dict(bets or {}))


# ---------------------------------------------------------------------------- the sitting document
# The sitting document's format version (``version``): a document without it is version 1, still read.
DOCUMENT_VERSION = 2
_TOP_KEYS = {"version", "ruleset", "readings", "players", "room", "place", "weather", "croupier", "stakes", "deals",
             "previous_game"}
_PLAYER_KEYS = {"id", "seat", "dimension", "dimension_phonetic", "sex", "beard", "glasses", "headwear",
                "clothing", "drink", "spare_decks", "analog_watches", "digital_watches", "clothing_hue"}
_ROOM_KEYS = {"saint_images", "animals", "analog_clocks", "digital_clocks", "natural_table", "exits", "closed_room",
              "natural_surface", "doors_closed", "closed_throughout", "bearded_onlookers"}
_PLACE_KEYS = {"latitude", "longitude", "timezone"}
_STAKE_KEYS = {"min", "max"}
_DEAL_KEYS = {"started_at", "cards", "bets", "claims", "bank", "unrecorded"}
_UNRECORDED_KEYS = {"started_at", "unrecorded", "winners", "pot", "bets"}
_CLAIM_KEYS = {"player", "rule", "card", "cards", "suit", "rank", "direction", "cancels", "target",
               "shown_before_betting"}


def _keys(where: str, value: object, allowed: set[str]) -> dict:
    if not isinstance(value, Mapping):
        raise RulesError(f"{where} must be an object, not {value!r}", value=value)
    for key in value:
        if key not in allowed:
            raise RulesError(f"unknown key {key!r} in {where}", value=key)
    return dict(value)


def deal_from_doc(where: str, deal_doc: object) -> dict:
    """A recorded deal of a sitting document as a dict, its keys checked (``RulesError`` naming
    ``where`` for a deal that is not an object or carries a key the contract does not know)."""
    return _keys(where, deal_doc, _DEAL_KEYS)


def table_from_doc(doc: Mapping) -> Table:
    players_doc = doc.get("players")
    if not isinstance(players_doc, list):
        raise RulesError(f"players must be a list, not {players_doc!r}", value=players_doc)
    players = tuple(Player(**_keys("a player", p, _PLAYER_KEYS)) for p in players_doc)
    room = Room(**_keys("room", doc.get("room", {}), _ROOM_KEYS))
    place = Place(**_keys("place", doc.get("place", {}), _PLACE_KEYS))
    stakes = Stakes(**_keys("stakes", doc["stakes"], _STAKE_KEYS)) if doc.get("stakes") is not None else None
    croupier = doc.get("croupier", {})
    if not isinstance(croupier, Mapping):
        raise RulesError(f"croupier must be an object, not {croupier!r}", value=croupier)
    return Table(players=players, room=room, place=place, weather=doc.get("weather"),
                 croupier=croupier, stakes=stakes)


_SUITS = ("h", "d", "c", "s")


def claim_from_doc(doc: Mapping) -> Claim:
    d = _keys("a claim", doc, _CLAIM_KEYS)
    for key in ("player", "rule"):
        if not isinstance(d.get(key), str):
            raise RulesError(f"a claim needs {key!r}", value=d.get(key))
    suit = d.get("suit")
    if suit is not None and suit not in _SUITS:
        raise RulesError(f"claim suit {suit!r} is not one of h d c s", value=suit)
    rank = d.get("rank")
    if rank is not None and (isinstance(rank, bool) or not isinstance(rank, int) or not 2 <= rank <= 14):
        raise RulesError(f"claim rank {rank!r} is not 2..14", value=rank)
    cards = d.get("cards", [])
    if not isinstance(cards, list):
        raise RulesError(f"claim cards must be a list, not {cards!r}", value=cards)
    shown = d.get("shown_before_betting", True)
    if not isinstance(shown, bool):
        raise RulesError(f"shown_before_betting must be true or false, not {shown!r}", value=shown)
    return Claim(player=d["player"], rule=d["rule"],
                 card=parse_one(d["card"]) if d.get("card") is not None else None,
                 cards=tuple(parse_one(c) for c in cards), suit=suit, rank=rank,
                 direction=d.get("direction"), cancels=d.get("cancels"),
                 target=parse_one(d["target"]) if d.get("target") is not None else None,
                 shown_before_betting=shown)


def claim_to_doc(claim: Claim) -> dict:
    """A claim as a sitting document gives it (:func:`claim_from_doc` reads it back)."""
    out: dict = {"player": claim.player, "rule": claim.rule}
    if claim.card is not None:
        out["card"] = str(claim.card)
    if claim.cards:
        out["cards"] = [str(c) for c in claim.cards]
    for key in ("suit", "rank", "direction", "cancels"):
        if getattr(claim, key) is not None:
            out[key] = getattr(claim, key)
    if claim.target is not None:
        out["target"] = str(claim.target)
    if not claim.shown_before_betting:
        out["shown_before_betting"] = False
    return out


def judge_game(doc: Mapping) -> dict:
    """Judge a sitting document (``engine-api.md``, "Sitting documents"): every deal in order, each
    with the deals before it as history.

    The optional ``previous_game`` is the sitting document of the previous Game at the same table (the
    same format; it is judged first, its own ``previous_game`` likewise). Its deals are read only under
    the readings that look past the Game: IP-M62-PREVIOUS ``last_at_table`` (modifier 62 in a Game's first
    deal reads its last deal) and IP-M34-GAME ``carries`` (modifier 34's sets of its last two deals).

    A deal of ``deals`` may be *unrecorded*: dealt and played, but logged without its cards (a quick
    result, only who won and the pot)::

        {"started_at": "2026-11-29T21:25:00+03:00", "unrecorded": True,
         "winners": ["aahz"],                  # optional, default none known
         "pot": 8,                             # optional, default 0
         "bets": {"skeeve": 2, "aahz": 2}}     # optional: total put in by each player

    It takes no ``cards``, ``claims`` or ``bank``. It counts: deals are numbered by their place in
    ``deals``, so the deals after it keep their true numbers (base rule 17's first deal, Table 1's
    deal number, base rules 19 and 20, the dealer by IP-DEAL-ROTATION). Nothing of it is judged: its
    entry in the result is ``{"number", "dealer", "unrecorded": True, "winners", "pot", "trace": []}``,
    the dealer by the rotation reading. The history the later deals read holds its number, winners,
    pot and bets and nothing of its cards: the rules that read the previous deal's winning hand or
    cards (base rules 2, 7 and 21, modifiers 33, 34, 60, 62, 80, 84, 88 ...) find nothing and do not
    act, and the next deal's trace says once that its previous deal was not recorded."""
    return {"deals": _judge_sitting(doc)[0]}


# The readings under which the judge reads the sitting document's ``previous_game`` (point id -> reading);
# under every other reading it is never judged, so a caller may leave it out.
PREVIOUS_GAME_READINGS: Mapping[str, str] = {"IP-M62-PREVIOUS": "last_at_table", "IP-M34-GAME": "carries",
                                             "IP-M33-GAME-END": "carries"}


def previous_game_records(doc: Mapping) -> tuple[DealRecord, ...]:
    """The deal records of the sitting document's optional ``previous_game`` (the previous Game at the
    same table, judged in full), for a :class:`~.game.GameHistory`'s ``previous_game``; () without it."""
    previous_doc = doc.get("previous_game")
    if previous_doc is None:
        return ()
    if not isinstance(previous_doc, Mapping):
        raise RulesError(f"previous_game must be a sitting document, not {previous_doc!r}", value=previous_doc)
    # Judged for its records only: the entries of judge_game would be thrown away.
    deals = previous_doc.get("deals")
    return tuple(sitting_start(previous_doc, upto=len(deals) if isinstance(deals, list) else None)[4].deals)


def _judge_sitting(doc: Mapping) -> tuple[list[dict], GameHistory]:
    """The judged deals of a sitting document and the Game's history."""
    table, rs, readings, deals, history = sitting_start(doc)
    out = [judge_sitting_deal(table, number, deal_doc, history=history, readings=readings, ruleset=rs)
           for number, deal_doc in enumerate(deals, start=1)]
    return out, history


def sitting_start(doc: Mapping, *, upto: int | None = None, history: GameHistory | None = None):
    """A sitting document checked and read: its table, ruleset, readings, deals, and the Game's
    history before deal ``upto + 1`` (the previous Game's deals, then deals 1..``upto`` judged in
    full; none of this Game's without ``upto``). The advisor and the provisional judgement of the
    deal being dealt start from its last deal's history. ``history``: that history when the caller
    has it already (:func:`sitting_history` of the same document and ``upto``), not judged again."""
    doc = _keys("the sitting document", doc, _TOP_KEYS)
    version = doc.get("version", 1)
    if isinstance(version, bool) or version not in (1, DOCUMENT_VERSION):
        raise RulesError(f"version {version!r} is not a sitting document version (1 or {DOCUMENT_VERSION})",
                         value=version)
    rs = get_ruleset(doc.get("ruleset", "club-2.2.1"))
    readings = doc.get("readings") or {}
    table = table_from_doc(doc)
    deals = doc.get("deals")
    if not isinstance(deals, list):
        raise RulesError(f"deals must be a list, not {deals!r}", value=deals)
    if history is None:
        history = GameHistory(previous_game=previous_game_records(doc))
        for number, deal_doc in enumerate(deals[:upto or 0], start=1):
            _add_sitting_deal(table, number, deal_doc, history=history, readings=readings, ruleset=rs)
    return table, rs, readings, deals, history


def sitting_history(doc: Mapping, *, upto: int) -> GameHistory:
    """The Game's history before deal ``upto + 1`` of a sitting document (:func:`sitting_start`):
    what the deals before it leave to be read, each judged in full. It depends on nothing of the
    deals after ``upto``, so a caller judging deal ``upto + 1`` card by card may keep it."""
    return sitting_start(doc, upto=upto)[4]


def is_unrecorded(deal_doc: object) -> bool:
    """Whether a deal of a sitting document is an unrecorded deal (see :func:`judge_game`)."""
    if not isinstance(deal_doc, Mapping) or "unrecorded" not in deal_doc:
        return False
    flag = deal_doc["unrecorded"]
    if not isinstance(flag, bool):
        raise RulesError(f"unrecorded must be true or false, not {flag!r}", value=flag)
    return flag


def judge_sitting_deal(table: Table, number: int, deal_doc: Mapping, *, history: GameHistory,
                       readings: Mapping[str, str], ruleset: Ruleset) -> dict:
    """Deal ``number`` of a sitting document judged with ``history`` (the deals before it), whose
    record it then adds to ``history``: the deal's entry of :func:`judge_game`'s result."""
    if is_unrecorded(deal_doc):
        entry, record = unrecorded_deal(table, number, deal_doc, readings=readings, ruleset=ruleset)
        history.add(record)
        return entry
    judgement, claims, claims_doc = _judge_recorded(table, number, deal_doc, history=history, readings=readings,
                                                    ruleset=ruleset)
    out = judgement.as_dict()
    given = {id(claim): dict(claims_doc[i]) for i, claim in enumerate(claims)}
    for entry, refusal in zip(out["refused_claims"], judgement.refused, strict=True):
        entry["claim"] = given.get(id(refusal.claim), entry["claim"])    # the claim as the document gives it
    return out


def _add_sitting_deal(table: Table, number: int, deal_doc: Mapping, *, history: GameHistory,
                      readings: Mapping[str, str], ruleset: Ruleset) -> None:
    """:func:`judge_sitting_deal` for a deal read only as history: its record added, no entry
    written (the entry names every player's hand, which costs more than the judging)."""
    if is_unrecorded(deal_doc):
        history.add(unrecorded_deal(table, number, deal_doc, readings=readings, ruleset=ruleset)[1])
    else:
        _judge_recorded(table, number, deal_doc, history=history, readings=readings, ruleset=ruleset)


def _judge_recorded(table: Table, number: int, deal_doc: Mapping, *, history: GameHistory,
                    readings: Mapping[str, str], ruleset: Ruleset) -> tuple[DealJudgement, list[Claim], list]:
    """A recorded deal of a sitting document judged with ``history``, its record added to it: the
    judgement, the claims read and the claims as the document gives them."""
    d = deal_from_doc(f"deal {number}", deal_doc)
    if "started_at" not in d or "cards" not in d:
        raise RulesError(f"deal {number} needs started_at and cards", value=number)
    claims_doc = d.get("claims", [])
    if not isinstance(claims_doc, list):
        raise RulesError(f"claims of deal {number} must be a list, not {claims_doc!r}", value=claims_doc)
    claims = [claim_from_doc(c) for c in claims_doc]
    bets = d.get("bets", {})
    if not isinstance(bets, Mapping):
        raise RulesError(f"bets of deal {number} must be an object", value=bets)
    judgement = judge_deal(table, number, d["started_at"], d["cards"], history=history, claims=claims,
                           bets=bets, bank=d.get("bank"), readings=readings, ruleset=ruleset, refuse=True)
    history.add(judgement.record)
    return judgement, claims, claims_doc


def unrecorded_deal(table: Table, number: int, deal_doc: Mapping, *, readings: Mapping[str, str] | None = None,
                    ruleset: str | Ruleset = "club-2.2.1") -> tuple[dict, DealRecord]:
    """An unrecorded deal of a sitting document (see :func:`judge_game`): its entry in the result
    (number, dealer by IP-DEAL-ROTATION, winners, pot; nothing judged) and the record later deals read
    (number, winners, pot and bets; no winning hand, no open, wild or dead card, nothing carried)."""
    where = f"deal {number}"
    d = _keys(f"{where} (unrecorded)", deal_doc, _UNRECORDED_KEYS)
    if "started_at" not in d:
        raise RulesError(f"{where} needs started_at", value=number)
    rs = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(ruleset)
    rd = resolve({**rs.readings, **dict(readings or {})}, games=_GAMES)
    facts = deal_facts(table, number, d["started_at"], rotation=rd["IP-DEAL-ROTATION"])
    ids = table.ids
    winners = d.get("winners", [])
    if not isinstance(winners, list):
        raise RulesError(f"winners of {where} must be a list, not {winners!r}", value=winners)
    for pid in winners:
        if pid not in ids:
            raise RulesError(f"winners of {where} name unknown player {pid!r}", value=pid)
    if len(set(winners)) != len(winners):
        raise RulesError(f"winners of {where} name a player twice: {winners!r}", value=winners)
    pot = d.get("pot", 0)
    if isinstance(pot, bool) or not isinstance(pot, int) or pot < 0:
        raise RulesError(f"the pot of {where} must be a whole number 0 or more, not {pot!r}", value=pot)
    bets = d.get("bets", {})
    if not isinstance(bets, Mapping):
        raise RulesError(f"bets of {where} must be an object", value=bets)
    for pid, amount in bets.items():
        if pid not in ids:
            raise RulesError(f"bets of {where} name unknown player {pid!r}", value=pid)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise RulesError(f"the bet of {pid} in {where} must be a whole number 0 or more, not {amount!r}",
                             value=amount)
    record = DealRecord(number=number, winners=tuple(winners), winning_hands=(), pot=pot,
                        min_stake=_min_stake(table), bets=dict(bets), recorded=False)
    entry = {"number": number, "dealer": facts.dealer, "unrecorded": True, "winners": list(winners), "pot": pot,
             "trace": []}
    return entry, record


# The modifiers register their interpretation points at import: load every group module before
# any caller's readings are resolved.
registry()
