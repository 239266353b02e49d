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

from ..cards import Card, parse_one
from ..errors import RulesError
from ..readings import Readings, resolve
from . import readings_dragon  # noqa: F401  (registers the points the state reads)
from .base_rules import apply_orders, apply_rule_states, apply_suit_claims
from .context import Place, Player, Room, Stakes, Table
from .deal import Dealing
from .facts import DealFacts, deal_facts
from .game import DealRecord, GameHistory, WinningHand
from .modifiers.base import apply_adjustments, apply_modifiers, registry
from .presets import Ruleset
from .presets import ruleset as get_ruleset
from .state import DEAD, FREE, HOME, WILD, CardState, Claim, DealState, Rerun
from .trace import TraceEntry, render

__all__ = ["DealJudgement", "prepare_deal", "setup_deal", "evaluate_player", "judge_deal", "finish_deal",
           "judge_game", "table_from_doc", "claim_from_doc"]

_GAMES = ("dragon",)


def _evaluator():
    from . import evaluator  # the hand evaluator (evaluator.py)
    return evaluator


# ---------------------------------------------------------------------------- one deal: card states
def _fresh_cards(dealing: Dealing) -> list[CardState]:
    return [CardState(d.seq, d.card, d.player, d.circle, d.pos, d.open) for d in dealing.dealt]


def prepare_deal(facts: DealFacts, dealing: Dealing, readings: Readings, *, history: GameHistory | None = None,
                 claims: Iterable[Claim] = (), ruleset: Ruleset | None = None,
                 rebased: Mapping[int, tuple] | None = None) -> DealState:
    """Every card's state after the base rules and the modifiers (not yet the hands).

    ``rebased`` (seq -> (rank, source, rules_only)) starts the deal with cards already given a new
    real rank, as a rerun after modifiers 17-19 or 51 would: the advisor seeds a claim's rebase."""
    ruleset = ruleset or get_ruleset("club-2.2.1")
    claims = list(claims)
    for claim in claims:
        if claim.player not in facts.order:
            raise RulesError(f"{claim.describe()}: unknown player {claim.player!r}", value=claim.player)
    _check_claim_rules(claims, history, ruleset)
    cancelled: dict = {}
    rebased = dict(rebased or {})
    cache = None
    for _attempt in range(64):
        for claim in claims:
            claim.used = False
        state = DealState(facts, _fresh_cards(dealing), dealing.pattern, readings, history, claims,
                          cancelled, rebased, reading_cache=cache)
        cache = state._rd
        for source, before, after, text in dealing.final_notes():
            state.note("pattern", (), text, source=source, before=list(before), after=list(after))
        for source, name, before, after in facts.adjustments:
            state.note(name, (), "", source=source, before=before, after=after)
        for number, (source, only) in cancelled.items():
            state.note("cancelled", (), f"M{number} does not act" + (" on some cards" if only else ""),
                       source=source, after=f"M{number}")
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
        except Rerun as again:
            if again.rebase is not None:
                rebased[again.rebase[0]] = tuple(again.rebase[1:])
            else:
                cancelled[again.number] = (again.source, again.only)
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
            state.refuse(claim, f"{claim.rule} gives no right in this deal")
    return state


def _check_claim_rules(claims: list[Claim], history: GameHistory | None, ruleset: Ruleset) -> None:
    mods = registry()
    for claim in claims:
        if claim.rule == "B1":
            continue
        number = int(claim.rule[1:]) if claim.rule[:1] == "M" and claim.rule[1:].isdigit() else None
        if number is None:
            raise RulesError(f"{claim.describe()}: {claim.rule!r} is not a rule that takes claims",
                             value=claim.rule, rule=claim.rule)
        mod = mods.get(number)
        if mod is None or number in ruleset.disabled:
            raise RulesError(f"{claim.describe()}: modifier {number} is not played by this engine or ruleset",
                             value=claim.rule, rule=claim.rule)
        if not mod.takes_claims:
            raise RulesError(f"{claim.describe()}: modifier {number} takes no claims", value=claim.rule,
                             rule=claim.rule)
        if mod.once_per_game and history is not None and history.claimed(claim.player, claim.rule):
            raise RulesError(f"illegal {claim.describe()}: {claim.player} already used it in this Game",
                             value=claim.rule, rule=claim.rule)


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

    def trace_text(self, lang: str = "en") -> str:
        """The trace, one line per entry, in English or Russian."""
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
                "trace": [e.as_dict() for e in self.trace]}


def _hand_inputs(state: DealState, player: str):
    """The evaluator's inputs: the cards as modified (rank, suit), with the state lists."""
    pairs = [(c.played, c.state) for c in state.hand(player)]
    hand = tuple(p for p, _ in pairs)
    wild = tuple(p for p, st in pairs if st == WILD)
    home = tuple(p for p, st in pairs if st == HOME)
    free = tuple(p for p, st in pairs if st == FREE)
    dead = tuple(p for p, st in pairs if st == DEAD)
    return hand, wild, home, free, dead


_RANK_OF_STATE = {WILD: 0, HOME: 1, FREE: 1, "natural": 2, DEAD: 3}


def _distinct(state: DealState, player: str):
    """The evaluator takes distinct cards. Two decks (IP-DECKS) or a changed rank or suit can give a
    player the same card twice: the copy in the more changeable state is kept (a wild copy can
    play as anything the other could), and the trace says so."""
    best: dict[Card, CardState] = {}
    for c in state.hand(player):
        kept = best.get(c.played)
        if kept is None or _RANK_OF_STATE[c.state] < _RANK_OF_STATE[kept.state]:
            if kept is not None:
                state.note("duplicate", (kept,), f"{c.played} twice: one copy counts", source="IP-DECKS")
            best[c.played] = c
        else:
            state.note("duplicate", (c,), f"{c.played} twice: one copy counts", source="IP-DECKS")
    cards = list(best.values())
    hand = tuple(c.played for c in cards)
    pick = lambda st: tuple(c.played for c in cards if c.state == st)  # noqa: E731
    return hand, pick(WILD), pick(HOME), pick(FREE), pick(DEAD)


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
               ) -> DealJudgement:
    """Judge one deal of a Game: states, hands, winners, chips and trace."""
    rs, rd, facts, dealing = setup_deal(table, number, started_at, cards, readings=readings, ruleset=ruleset)
    state = prepare_deal(facts, dealing, rd, history=history, claims=list(claims), ruleset=rs)
    return finish_deal(state, dealing, bets or {}, bank, rs)


def setup_deal(table: Table, number: int, started_at: str | dt.datetime, cards: Iterable[Card | str], *,
               readings: Mapping[str, str] | None = None, ruleset: str | Ruleset = "club-2.2.1"):
    """The ruleset, the checked readings, the deal's facts and the dealt cards (circle patterns)."""
    rs = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(ruleset)
    rd = resolve({**rs.readings, **dict(readings or {})}, games=_GAMES)
    facts = deal_facts(table, number, started_at, rotation=rd["IP-DEAL-ROTATION"])
    apply_adjustments(facts, rd, rs.disabled)
    dealing = Dealing(facts, rd, ruleset=rs).deal_all(cards)
    return rs, rd, facts, dealing


def evaluate_player(state: DealState, player: str):
    """The player's best hand under the deal's states and orders (the evaluator)."""
    hand, wild, home, free, dead = _hand_inputs(state, player)
    if len(set(hand)) != len(hand):
        hand, wild, home, free, dead = _distinct(state, player)
    return _evaluator().evaluate(hand, wild=wild, home=home, free=free, dead=dead,
                                 card_order=state.card_order, suit_order=state.suit_order,
                                 readings=state.readings, naturalness_reversed=state.naturalness_reversed)


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
    record = _record(state, hands, winners, pot)
    return DealJudgement(facts, state, dealing.pattern, hands, winners, holder, pot, chips, record,
                         list(state.trace))


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


def _record(state: DealState, hands: Mapping[str, object], winners: tuple[str, ...], pot: int) -> DealRecord:
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
        min_stake=state.table.stakes.min,
        wild=tuple(c.card for c in state.cards if c.state == WILD),
        dead=tuple(c.card for c in state.cards if c.state == DEAD),
        open_cards=tuple(c.card for c in state.cards if c.open), weakest_won=state.weakest_wins,
        carry=dict(state.carry), claims=claims)


# ---------------------------------------------------------------------------- the sitting document
_TOP_KEYS = {"ruleset", "readings", "players", "room", "place", "weather", "croupier", "stakes", "deals"}
_PLAYER_KEYS = {"id", "seat", "dimension", "dimension_phonetic", "sex", "beard", "glasses", "headwear",
                "clothing", "drink", "spare_decks"}
_ROOM_KEYS = {"saint_images", "animals", "analog_clocks", "digital_clocks", "natural_table", "exits", "closed_room"}
_PLACE_KEYS = {"latitude", "longitude", "timezone"}
_STAKE_KEYS = {"min", "max"}
_DEAL_KEYS = {"started_at", "cards", "bets", "claims", "bank"}
_CLAIM_KEYS = {"player", "rule", "card", "cards", "suit", "rank", "direction", "cancels", "target",
               "shown_before_betting"}


def _keys(where: str, value: object, allowed: set[str]) -> dict:
    if not isinstance(value, Mapping):
        raise RulesError(f"{where} must be an object, not {value!r}", value=value)
    for key in value:
        if key not in allowed:
            raise RulesError(f"unknown key {key!r} in {where}", value=key)
    return dict(value)


def table_from_doc(doc: Mapping) -> Table:
    players_doc = doc.get("players")
    if not isinstance(players_doc, list):
        raise RulesError(f"players must be a list, not {players_doc!r}", value=players_doc)
    players = tuple(Player(**_keys("a player", p, _PLAYER_KEYS)) for p in players_doc)
    room = Room(**_keys("room", doc.get("room", {}), _ROOM_KEYS))
    place = Place(**_keys("place", doc.get("place", {}), _PLACE_KEYS))
    stakes = Stakes(**_keys("stakes", doc.get("stakes", {}), _STAKE_KEYS))
    croupier = doc.get("croupier", {})
    if not isinstance(croupier, Mapping):
        raise RulesError(f"croupier must be an object, not {croupier!r}", value=croupier)
    return Table(players=players, room=room, place=place, weather=doc.get("weather", "overcast"),
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


def judge_game(doc: Mapping) -> dict:
    """Judge a sitting document (``engine-api.md``, "Sitting documents"): every deal in order, each
    with the deals before it as history."""
    doc = _keys("the sitting document", doc, _TOP_KEYS)
    rs = get_ruleset(doc.get("ruleset", "club-2.2.1"))
    readings = doc.get("readings") or {}
    table = table_from_doc(doc)
    deals = doc.get("deals")
    if not isinstance(deals, list):
        raise RulesError(f"deals must be a list, not {deals!r}", value=deals)
    history = GameHistory()
    out = []
    for number, deal_doc in enumerate(deals, start=1):
        d = _keys(f"deal {number}", deal_doc, _DEAL_KEYS)
        if "started_at" not in d or "cards" not in d:
            raise RulesError(f"deal {number} needs started_at and cards", value=number)
        claims = [claim_from_doc(c) for c in d.get("claims", [])]
        bets = d.get("bets", {})
        if not isinstance(bets, Mapping):
            raise RulesError(f"bets of deal {number} must be an object", value=bets)
        judgement = judge_deal(table, number, d["started_at"], d["cards"], history=history, claims=claims,
                               bets=bets, bank=d.get("bank"), readings=readings, ruleset=rs)
        history.add(judgement.record)
        out.append(judgement.as_dict())
    return {"deals": out}


# The modifiers register their interpretation points at import: load every group module before
# any caller's readings are resolved.
registry()
