"""One hand of the casino variant, the player against the house, as a small state machine.

Rules of play (seed, "Правила игры", cited as C1..C9): both sides ante one chip (C1); six cards
each (C2); the player plays, raises (one more chip each side) or folds (C3); the house always
matches (C4); both sides discard and are dealt replacements (C5); the player decides again (C6);
the cards are shown and the minute of the first reveal fixes the situational rules (C7); the
higher combination wins unless a situational rule says otherwise (C8); the win or loss is the
bank (C9).

Dealing: ``cards.shuffled(cards.deck52(), seed)``; the cards are dealt one at a time, the player
first, so the player holds deck positions 0, 2, ..., 10 and the house 1, 3, ..., 11; the
replacements come off the rest of the deck in order (the player's first by default, see
IP-CASINO-DRAW-ORDER) and take the discarded cards' places in the hand.

The house draws by :func:`keep_best`: it keeps the cards of its casino combination and draws
the rest. The reveal minute is an input, so a stored hand replays exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .. import cards as _cards
from ..cards import Card
from ..errors import RulesError
from ..readings import resolve
from .hands import HandValue, _as_value, _check_order, keep_best, outcome, situation
from .readings import DRAW_ORDER, PAYOUT, TIE

__all__ = ["CasinoHand", "play_hand", "PHASES", "DECISIONS", "settle"]

PHASES = ("first_decision", "draw", "second_decision", "reveal", "settled")
DECISIONS = ("play", "raise", "fold")
_FORMAT = 1
_DOC_KEYS = frozenset({
    "game", "format", "seed", "stake", "order", "readings", "actions", "phase", "player_cards",
    "house_cards", "bank", "player_paid", "house_paid", "minute", "situation", "player_value",
    "house_value", "outcome", "winner", "net", "trace",
})
_REPLAYED_KEYS = _DOC_KEYS - {"game", "format", "seed", "stake", "order", "readings", "actions"}


def _names(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def settle(result: int, *, player_paid: int, house_paid: int, readings: Mapping[str, str] | None = None
           ) -> tuple[str | None, int]:
    """The winner (None for a push) and the player's net chips for a showdown ``result``
    (+1 player, 0 tie, -1 house), per C9 and the readings of IP-CASINO-PAYOUT and IP-CASINO-TIE."""
    rd = resolve(readings, games=("casino",))
    if result == 0:
        if rd[TIE.id] == "push":
            return None, 0
        result = -1
    bank = player_paid + house_paid
    whole = rd[PAYOUT.id] == "bank_size"
    if result > 0:
        return "player", bank if whole else house_paid
    return "house", -(bank if whole else player_paid)


class CasinoHand:
    """One hand against the house. Methods are called in the order of play:

    ``act("play"|"raise"|"fold")``, ``draw(discard)``, ``act(...)``, ``reveal(minute)``.
    Anything out of order raises :class:`RulesError` with the reason. ``stake`` is the size of
    the ante and of a raise in chips (the seed's one chip).
    """

    def __init__(self, seed: int | str, stake: int = 1, readings: Mapping[str, str] | None = None,
                 order: str = "casino") -> None:
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise RulesError(f"a hand's seed is a whole number or a string, not {seed!r}", value=seed)
        if isinstance(stake, bool) or not isinstance(stake, int) or stake < 1:
            raise RulesError(f"the stake is a whole number of chips, at least 1, not {stake!r}", value=stake)
        _check_order(order)
        self.seed = seed
        self.stake = stake
        self.order = order
        self.readings = resolve(readings, games=("casino",))
        self._deck = _cards.shuffled(_cards.deck52(), seed)
        self._next = 12
        self.player_cards: tuple[Card, ...] = self._deck[0:12:2]
        self.house_cards: tuple[Card, ...] = self._deck[1:12:2]
        self.phase = "first_decision"
        self.player_paid = stake
        self.house_paid = stake
        self.minute: int | None = None
        self.situation: dict | None = None
        self.player_value: HandValue | None = None
        self.house_value: HandValue | None = None
        self.outcome: str | None = None     # "player" | "house" | "tie" at a showdown, "fold"
        self.winner: str | None = None      # who takes the bank; None for a push
        self.net: int | None = None         # the player's result in chips
        self._actions: list[dict] = []
        self._trace: list[dict] = []
        self._note("C1", "ante", f"each side puts {stake} in the bank")
        self._note("C2", "deal", "six cards to each side, one at a time, the player first",
                   player=_names(self.player_cards), house=_names(self.house_cards))

    # -- state ------------------------------------------------------------------------------

    @property
    def bank(self) -> int:
        return self.player_paid + self.house_paid

    @property
    def trace(self) -> tuple[dict, ...]:
        return tuple(dict(step) for step in self._trace)

    @property
    def actions(self) -> tuple[dict, ...]:
        return tuple(dict(a) for a in self._actions)

    def legal_actions(self) -> tuple[str, ...]:
        """What the player may do now: decisions, ``"draw"``, ``"reveal"``, or nothing."""
        if self.phase in ("first_decision", "second_decision"):
            return DECISIONS
        if self.phase in ("draw", "reveal"):
            return (self.phase,)
        return ()

    def _note(self, source: str, event: str, text: str, **data) -> None:
        self._trace.append({"step": len(self._trace) + 1, "source": source, "event": event,
                            "text": text, "bank": self.bank, **data})

    def _refuse(self, attempted: str) -> RulesError:
        if self.phase == "settled":
            return RulesError(f"the hand is over; {attempted!r} is not possible", value=attempted)
        expected = {"first_decision": "play, raise or fold", "draw": "draw",
                    "second_decision": "play, raise or fold", "reveal": "reveal"}[self.phase]
        return RulesError(f"out of order: {attempted!r} now, but the player must {expected}",
                          value=attempted)

    # -- the player's moves -----------------------------------------------------------------

    def act(self, action: str) -> CasinoHand:
        """The player's decision before (C3) or after (C6) the draw."""
        if self.phase not in ("first_decision", "second_decision"):
            raise self._refuse(action)
        if action not in DECISIONS:
            raise RulesError(f"the player's decision is play, raise or fold, not {action!r}", value=action)
        rule = "C3" if self.phase == "first_decision" else "C6"
        self._actions.append({"kind": "decision", "action": action})
        if action == "fold":
            self.outcome = "fold"
            self.winner = "house"
            whole = self.readings[PAYOUT.id] == "bank_size"
            self.net = -(self.bank if whole else self.player_paid)
            self._note(rule, "fold", "the player folds: the house wins the bank", side="player")
            self.phase = "settled"
            self._note("C9", "settle", "the bank goes to the house", winner="house", net=self.net)
            return self
        if action == "raise":
            self.player_paid += self.stake
            self._note(rule, "raise", f"the player raises: {self.stake} more in the bank", side="player")
            self.house_paid += self.stake
            self._note("C4", "match", "the house matches", side="house")
        else:
            self._note(rule, "play", "the player plays; the bank is unchanged", side="player")
        self.phase = "draw" if self.phase == "first_decision" else "reveal"
        return self

    def draw(self, discard: Iterable[str | Card] | str = ()) -> CasinoHand:
        """C5: the player discards ``discard`` (any number of cards of the hand, possibly none);
        the house discards by its fixed strategy; both get replacements from the deck."""
        if self.phase != "draw":
            raise self._refuse("draw")
        thrown = _cards.parse(discard)
        for c in thrown:
            if c not in self.player_cards:
                raise RulesError(f"card {c} is not in the player's hand ({_cards.format(self.player_cards)})",
                                 value=str(c), rule="C5")
        if len(set(thrown)) != len(thrown):
            twice = next(c for c in thrown if thrown.count(c) > 1)
            raise RulesError(f"card {twice} is discarded twice", value=str(twice), rule="C5")
        self._actions.append({"kind": "draw", "discard": _names(thrown)})
        _, house_thrown = keep_best(self.house_cards)
        sides = [("player", thrown), ("house", house_thrown)]
        if self.readings[DRAW_ORDER.id] == "house_first":
            sides.reverse()
        for side, out in sides:
            held = self.player_cards if side == "player" else self.house_cards
            fresh = list(self._deck[self._next:self._next + len(out)])
            self._next += len(out)
            given = iter(fresh)
            new = tuple(next(given) if c in out else c for c in held)
            if side == "player":
                self.player_cards = new
            else:
                self.house_cards = new
            text = (f"the {side} discards {len(out)} and is dealt {len(out)}"
                    + (" (the house keeps the cards of its combination)" if side == "house" else ""))
            self._note("C5", "draw", text, side=side, discard=_names(out), drawn=_names(fresh),
                       hand=_names(new))
        self.phase = "second_decision"
        return self

    def reveal(self, minute: int) -> CasinoHand:
        """C7-C9: the cards are shown; ``minute`` is the minute of the first side to show on the house
        clock (0..59) and fixes the situational rules for both sides; the bank is settled."""
        if self.phase != "reveal":
            raise self._refuse("reveal")
        sit = situation(minute)
        self._actions.append({"kind": "reveal", "minute": minute})
        self.minute = minute
        self.situation = sit
        rd = self.readings
        self.player_value = _as_value(self.player_cards, self.order, rd)
        self.house_value = _as_value(self.house_cards, self.order, rd)
        text = ("no situational rule" if sit["trump"] is None and not sit["inversion"]
                else "inversion: the lower combination wins" if sit["inversion"]
                else f"trump {sit['trump']}: a combination holding a trump beats one holding none")
        self._note("C7", "reveal", f"the cards are shown at minute {minute:02d}: {text}",
                   minute=minute, situation=dict(sit),
                   player=self.player_value.to_dict(), house=self.house_value.to_dict())
        result, decided_by = outcome(self.player_value, self.house_value, sit, rd)
        self.outcome = "player" if result > 0 else "house" if result < 0 else "tie"
        source = {"trump": "C-TRUMP", "inversion": "C-INVERSION", "rank": "C8"}[decided_by]
        self._note(source, "showdown", f"{self.player_value.name} against {self.house_value.name}: "
                   + ("equal" if result == 0 else f"the {self.outcome} wins"),
                   outcome=self.outcome, decided_by=decided_by)
        self.winner, self.net = settle(result, player_paid=self.player_paid,
                                       house_paid=self.house_paid, readings=rd)
        if result == 0:
            self._note(TIE.id, "tie", "equal combinations: " + (
                "each side takes back its chips" if self.winner is None else "the house takes the bank"))
        self.phase = "settled"
        self._note("C9", "settle", "the bank is settled", winner=self.winner, net=self.net)
        return self

    # -- storage ----------------------------------------------------------------------------

    def player_view(self) -> dict:
        """What the player may see: the house's cards stay hidden until the reveal or a fold."""
        doc = self.to_dict()
        if self.phase != "settled":
            doc["house_cards"] = None
            doc["trace"] = [step for step in doc["trace"] if step.get("side") != "house"]
            for step in doc["trace"]:
                step.pop("house", None)
        return doc

    def to_dict(self) -> dict:
        """A JSON-able record: the inputs (seed, stake, order, readings, actions) and what they
        produced; :meth:`from_dict` replays the inputs and checks the rest."""
        return {
            "game": "casino", "format": _FORMAT, "seed": self.seed, "stake": self.stake,
            "order": self.order, "readings": self.readings.chosen(),
            "actions": [dict(a) for a in self._actions],
            "phase": self.phase, "player_cards": _names(self.player_cards),
            "house_cards": _names(self.house_cards), "bank": self.bank,
            "player_paid": self.player_paid, "house_paid": self.house_paid,
            "minute": self.minute, "situation": dict(self.situation) if self.situation else None,
            "player_value": self.player_value.to_dict() if self.player_value else None,
            "house_value": self.house_value.to_dict() if self.house_value else None,
            "outcome": self.outcome, "winner": self.winner, "net": self.net,
            "trace": [dict(step) for step in self._trace],
        }

    @classmethod
    def from_dict(cls, doc: Mapping) -> CasinoHand:
        """Replay a stored hand. Every stored result must match the replay, else RulesError."""
        if not isinstance(doc, Mapping):
            raise RulesError(f"a stored hand is a mapping, not {doc!r}", value=doc)
        unknown = sorted(set(doc) - _DOC_KEYS)
        if unknown:
            raise RulesError(f"unknown key {unknown[0]!r} in a stored casino hand", value=unknown[0])
        if doc.get("game", "casino") != "casino":
            raise RulesError(f"not a casino hand: game {doc['game']!r}", value=doc["game"])
        if doc.get("format", _FORMAT) != _FORMAT:
            raise RulesError(f"unknown casino hand format {doc['format']!r}", value=doc["format"])
        if "seed" not in doc:
            raise RulesError("a stored casino hand needs its 'seed'", value="seed")
        hand = cls(seed=doc["seed"], stake=doc.get("stake", 1), readings=doc.get("readings") or None,
                   order=doc.get("order", "casino"))
        actions = doc.get("actions", [])
        if not isinstance(actions, list | tuple):
            raise RulesError(f"'actions' is a list, not {actions!r}", value=actions)
        for number, act in enumerate(actions, start=1):
            hand._replay(number, act)
        replayed = hand.to_dict()
        for key in sorted(_REPLAYED_KEYS & set(doc)):
            if doc[key] != replayed[key]:
                raise RulesError(f"stored {key!r} does not match the replay: {doc[key]!r} "
                                 f"against {replayed[key]!r}", value=key)
        return hand

    def _replay(self, number: int, act: object) -> None:
        if not isinstance(act, Mapping):
            raise RulesError(f"action {number} is a mapping, not {act!r}", value=act)
        kind = act.get("kind")
        fields = {"decision": {"kind", "action"}, "draw": {"kind", "discard"}, "reveal": {"kind", "minute"}}
        if kind not in fields:
            raise RulesError(f"action {number} has an unknown kind {kind!r}", value=kind)
        if set(act) != fields[kind]:
            raise RulesError(f"action {number} ({kind}) has the keys {sorted(act)}, "
                             f"expected {sorted(fields[kind])}", value=sorted(act))
        if kind == "decision":
            self.act(act["action"])
        elif kind == "draw":
            self.draw(act["discard"])
        else:
            self.reveal(act["minute"])


def play_hand(seed: int | str, first: str, discard: Iterable[str | Card] | str | None = None,
              second: str | None = None, minute: int | None = None, *, stake: int = 1,
              readings: Mapping[str, str] | None = None, order: str = "casino") -> CasinoHand:
    """A whole hand in one call: the first decision, the player's discard, the second decision
    and the reveal minute. After a fold the later arguments must be left out."""
    hand = CasinoHand(seed=seed, stake=stake, readings=readings, order=order)
    hand.act(first)
    if discard is not None or hand.phase != "settled":
        hand.draw(() if discard is None else discard)
    if second is not None or hand.phase != "settled":
        if second is None:
            raise RulesError("the hand needs the player's second decision (play, raise or fold)",
                             value=None, rule="C6")
        hand.act(second)
    if minute is not None or hand.phase != "settled":
        if minute is None:
            raise RulesError("the hand needs the reveal minute (0..59)", value=None, rule="C7")
        hand.reveal(minute)
    return hand
