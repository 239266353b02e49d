"""Dice poker: five six-sided dice each, two players, first to two round wins takes the pool.

Source: ``seeds/dice-poker.txt``. The seed fixes the figures, low to high: pair, two pairs, set,
small straight (1-2-3-4-5), big straight (2-3-4-5-6), full house, four of a kind, poker (five of a
kind); a roll with none of them is "nothing". With identical figures "the remaining dice are
compared, the higher die wins" (IP-DICE-TIE says how); identical hands draw the round and the
round is replayed, with no cap on the number of rounds.

The engine has three parts:

* :func:`evaluate` / :func:`compare`: the value of a roll and the comparison of two rolls;
* :func:`win_probability` / :func:`best_reroll` / :func:`all_rerolls`: exact odds of a reroll
  against an opponent's fixed roll, by enumerating every outcome;
* :class:`Match`: the match as a state machine (stakes, first rolls, bargaining, rerolls,
  comparison, the pool), deterministic with a seed or with the rolls supplied by the caller,
  with a trace and a JSON-able form (:meth:`Match.to_dict` / :meth:`Match.from_dict`).

The rolls and their odds live in :mod:`.dice_rolls`; this module holds the match and re-exports
them, so the engine is imported from here.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .dice_rolls import (
    CATEGORIES,
    DICE,
    FACES,
    GAME,
    TIE,
    DiceHand,
    RerollOdds,
    all_rerolls,
    best_reroll,
    compare,
    evaluate,
    is_whole_number,
    validate_indices,
    validate_roll,
    win_probability,
)
from .errors import RulesError
from .readings import InterpretationPoint, Readings, register, resolve

__all__ = [
    "CATEGORIES", "FACES", "DICE", "DiceHand", "evaluate", "compare", "validate_roll",
    "RerollOdds", "win_probability", "best_reroll", "all_rerolls",
    "Match", "ACTIONS", "PHASES", "TIE", "DECLINE", "PASS",
]

ROUNDS_TO_WIN = 2

DECLINE = register(InterpretationPoint(
    id="IP-DICE-DECLINE",
    game=GAME,
    question="A player declines a proposed raise: what does it cost?",
    seed_reference="dice seed, 'Второй игрок может принять повышение, может отклонить его'",
    default="round_goes_on",
    alternatives=("proposer_wins_round",),
    readings_help={
        "round_goes_on": "no raise is added; the round goes on to the rerolls",
        "proposer_wins_round": "the round ends at once; the proposer of the raise wins it",
    },
))

PASS = register(InterpretationPoint(
    id="IP-DICE-PASS",
    game=GAME,
    question="A player says 'pass' to a proposed raise: what does that player lose?",
    seed_reference="dice seed, 'или сказать \"пас\", если считает ситуацию безнадежно проигрышной'",
    default="loses_round",
    alternatives=("loses_match",),
    readings_help={
        "loses_round": "the round ends at once; the other player wins it",
        "loses_match": "the match ends at once; the other player takes the pool",
    },
))


# --------------------------------------------------------------------------------------------
# The match

PHASES: tuple[str, ...] = ("roll", "bargain", "respond", "reroll", "over")
ACTIONS: tuple[str, ...] = ("roll", "raise", "no_raise", "accept", "decline", "pass", "reroll")
FORMAT = "dice-match/1"
_ACTIONS_BY_PHASE = {
    "roll": ("roll",),
    "bargain": ("raise", "no_raise"),
    "respond": ("accept", "decline", "pass"),
    "reroll": ("reroll",),
    "over": (),
}
_MOVE_KEYS = {
    "roll": ({"action", "player"}, {"dice", "source"}),
    "raise": ({"action", "player", "amount"}, set()),
    "no_raise": ({"action", "player"}, set()),
    "accept": ({"action", "player"}, set()),
    "decline": ({"action", "player"}, set()),
    "pass": ({"action", "player"}, set()),
    "reroll": ({"action", "player", "indices"}, {"dice", "source"}),
}


class Match:
    """A match of dice poker between two players.

    The players act in the order given, every round: both roll; bargaining gives the first
    player, then the second, the chance to propose one raise (``raise`` or ``no_raise``); a
    raise is answered by the other player (``accept``, ``decline`` or ``pass``); then each
    rerolls any of their dice (possibly none); the hands are compared. The first player to win
    two rounds takes the pool; drawn rounds are replayed without limit.

    Dice come from ``random.Random(seed)`` or, when the caller supplies ``values`` to a roll or
    reroll, from the caller (recorded play). A match without a seed needs the values every time.
    Every refused move raises a RulesError saying why; the state is unchanged then.
    """

    def __init__(self, players: Sequence[str] = ("first", "second"), *, stake: int = 1,
                 seed: int | str | None = None, readings: Mapping[str, str] | None = None,
                 max_raise: int | None = None) -> None:
        players = tuple(players) if not isinstance(players, str) else (players,)
        if len(players) != 2:
            raise RulesError(f"dice poker is played by two players, got {list(players)!r}",
                             value=players)
        for player in players:
            if not isinstance(player, str) or not player:
                raise RulesError(f"a player is named by a non-empty string, got {player!r}",
                                 value=player)
        if players[0] == players[1]:
            raise RulesError(f"the two players must differ, got {players[0]!r} twice",
                             value=players[0])
        if not is_whole_number(stake) or stake <= 0:
            raise RulesError(f"the stake must be a positive whole number, got {stake!r}", value=stake)
        if max_raise is not None and (not is_whole_number(max_raise) or max_raise <= 0):
            raise RulesError(f"max_raise must be a positive whole number or None, got {max_raise!r}",
                             value=max_raise)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise RulesError(f"the seed must be a whole number or a string, got {seed!r}", value=seed)
        self.players: tuple[str, str] = (players[0], players[1])
        self.stake = stake
        self.seed = seed
        self.max_raise = max_raise
        self.readings: Readings = resolve(readings, games=(GAME,))
        self._rng = random.Random(seed) if seed is not None else None

        self.round = 1
        self.phase = "roll"
        self._turn = 0
        self.dice: dict[str, tuple[int, ...] | None] = {p: None for p in self.players}
        self.wins: dict[str, int] = {p: 0 for p in self.players}
        self.contributions: dict[str, int] = {p: 0 for p in self.players}
        self.pool = 0
        self.proposal: tuple[str, int] | None = None
        self.winner: str | None = None
        self.rounds: list[dict[str, Any]] = []
        self.moves: list[dict[str, Any]] = []
        self.trace: list[dict[str, Any]] = []
        self._bargain_spoken = 0
        self._raised_this_round = 0

        for player in self.players:
            self._put(player, stake)
            self._event("stake", player, amount=stake, pool=self.pool,
                        text=f"{player} puts the stake of {stake} into the pool")

    # ---- reading the state

    @property
    def to_act(self) -> str | None:
        """The player whose move it is, or None when the match is over."""
        if self.phase == "over":
            return None
        return self.players[self._turn]

    def legal_actions(self) -> tuple[str, ...]:
        return _ACTIONS_BY_PHASE[self.phase]

    def other(self, player: str) -> str:
        self._check_player(player)
        return self.players[1 - self.players.index(player)]

    def state(self) -> dict[str, Any]:
        """A JSON-able summary of where the match stands."""
        return {
            "round": self.round,
            "phase": self.phase,
            "to_act": self.to_act,
            "dice": {p: (list(d) if d is not None else None) for p, d in self.dice.items()},
            "wins": dict(self.wins),
            "pool": self.pool,
            "contributions": dict(self.contributions),
            "proposal": ({"player": self.proposal[0], "amount": self.proposal[1]}
                         if self.proposal else None),
            "winner": self.winner,
            "net": self.net(),
            "rounds": [dict(r) for r in self.rounds],
        }

    def net(self) -> dict[str, int] | None:
        """Each player's gain (+) or loss (-) once the match is over: the winner takes the pool."""
        if self.winner is None:
            return None
        return {p: (self.pool if p == self.winner else 0) - self.contributions[p]
                for p in self.players}

    # ---- moves

    def apply(self, move: Mapping[str, Any]) -> None:
        """Play one move given as a dict: ``{"action": "reroll", "player": "a", "indices": [0, 3]}``,
        ``{"action": "raise", "player": "a", "amount": 5}``, ``{"action": "roll", "player": "a",
        "dice": [1, 2, 3, 4, 5]}`` (dice optional when the match has a seed)."""
        if not isinstance(move, Mapping):
            raise RulesError(f"a move is a mapping, got {move!r}", value=move)
        action = move.get("action")
        if action not in _MOVE_KEYS:
            raise RulesError(f"unknown action {action!r} (one of {', '.join(ACTIONS)})", value=action)
        required, optional = _MOVE_KEYS[action]
        for key in move:
            if key not in required | optional:
                raise RulesError(f"unknown key {key!r} in a {action} move", value=key)
        for key in required:
            if key not in move:
                raise RulesError(f"a {action} move needs {key!r}", value=move)
        player = move["player"]
        if action == "roll":
            self.roll(player, move.get("dice"))
        elif action == "reroll":
            self.reroll(player, move["indices"], move.get("dice"))
        elif action == "raise":
            self.raise_stake(player, move["amount"])
        elif action == "no_raise":
            self.no_raise(player)
        elif action == "accept":
            self.accept(player)
        elif action == "decline":
            self.decline(player)
        else:
            self.pass_(player)

    def roll(self, player: str, values: Sequence[int] | None = None) -> tuple[int, ...]:
        """The first roll of the round for ``player``: five dice."""
        self._check_move(player, "roll")
        dice, source = self._dice(DICE, values, what=f"{player}'s roll")
        self.dice[player] = dice
        self._record({"action": "roll", "player": player, "dice": list(dice), "source": source})
        self._event("roll", player, dice=list(dice), hand=evaluate(dice, readings=self.readings).name,
                    text=f"{player} rolls {_show(dice)}")
        if self._turn == 0:
            self._turn = 1
        else:
            self.phase = "bargain"
            self._turn = 0
            self._bargain_spoken = 0
        return dice

    def raise_stake(self, player: str, amount: int) -> None:
        """Propose to raise the stake by ``amount``; the other player answers."""
        self._check_move(player, "raise")
        if not is_whole_number(amount) or amount <= 0:
            raise RulesError(f"a raise must be a positive whole number, got {amount!r}", value=amount)
        if self.max_raise is not None and amount > self.max_raise:
            raise RulesError(f"a raise of {amount} is above the limit of {self.max_raise}", value=amount)
        self.proposal = (player, amount)
        self.phase = "respond"
        self._turn = 1 - self._turn
        self._record({"action": "raise", "player": player, "amount": amount})
        self._event("raise", player, amount=amount,
                    text=f"{player} proposes to raise the stake by {amount}")

    def no_raise(self, player: str) -> None:
        """Let the chance to propose a raise go by."""
        self._check_move(player, "no_raise")
        self._record({"action": "no_raise", "player": player})
        self._event("no_raise", player, text=f"{player} proposes no raise")
        self._bargain_spoken += 1
        if self._bargain_spoken == 1:
            self._turn = 1 - self._turn
        else:
            self._start_rerolls()

    def accept(self, player: str) -> None:
        """Accept the proposed raise: both players add it to the pool."""
        self._check_move(player, "accept")
        proposer, amount = self._take_proposal()
        self._record({"action": "accept", "player": player})
        for p in (proposer, player):
            self._put(p, amount)
        self._raised_this_round += amount
        self._event("accept", player, amount=amount, pool=self.pool,
                    text=f"{player} accepts; both add {amount}, the pool is {self.pool}")
        self._start_rerolls()

    def decline(self, player: str) -> None:
        """Decline the proposed raise (IP-DICE-DECLINE says what follows)."""
        self._check_move(player, "decline")
        proposer, amount = self._take_proposal()
        self._record({"action": "decline", "player": player})
        reading = self.readings[DECLINE.id]
        if reading == "proposer_wins_round":
            self._event("decline", player, amount=amount, rule=DECLINE.id, reading=reading,
                        text=f"{player} declines the raise of {amount}; {proposer} wins the round")
            self._round_won(proposer, how="decline")
        else:
            self._event("decline", player, amount=amount, rule=DECLINE.id, reading=reading,
                        text=f"{player} declines the raise of {amount}; the round goes on")
            self._start_rerolls()

    def pass_(self, player: str) -> None:
        """Say "pass" to the proposed raise (IP-DICE-PASS says what is lost)."""
        self._check_move(player, "pass")
        proposer, amount = self._take_proposal()
        self._record({"action": "pass", "player": player})
        reading = self.readings[PASS.id]
        if reading == "loses_match":
            self._event("pass", player, amount=amount, rule=PASS.id, reading=reading,
                        text=f"{player} passes and gives up the match")
            self._match_won(proposer, how="pass")
        else:
            self._event("pass", player, amount=amount, rule=PASS.id, reading=reading,
                        text=f"{player} passes and gives up the round")
            self._round_won(proposer, how="pass")

    def reroll(self, player: str, indices: Iterable[int],
               values: Sequence[int] | None = None) -> tuple[int, ...]:
        """Reroll the player's own dice at ``indices`` (0..4, each at most once, possibly none)."""
        self._check_move(player, "reroll")
        if not isinstance(indices, (str, bytes)) and isinstance(indices, Iterable):
            indices = tuple(indices)
        chosen = validate_indices(indices)
        if values is not None:
            values = _ordered_values(indices, values)
        new, source = self._dice(len(chosen), values, what=f"{player}'s reroll")
        current = self.dice[player]
        assert current is not None
        dice = list(current)
        for index, value in zip(chosen, new, strict=True):
            dice[index] = value
        self.dice[player] = tuple(dice)
        self._record({"action": "reroll", "player": player, "indices": list(chosen),
                      "dice": list(new), "source": source})
        text = (f"{player} rerolls positions {', '.join(map(str, chosen))}: {_show(dice)}" if chosen
                else f"{player} keeps all dice: {_show(dice)}")
        self._event("reroll", player, indices=list(chosen), values=list(new), dice=list(dice),
                    hand=evaluate(dice, readings=self.readings).name, text=text)
        if self._turn == 0:
            self._turn = 1
        else:
            self._showdown()
        return self.dice[player]

    # ---- serialization

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-able data: its set-up and every move, with the derived state and
        trace (checked against a replay by :meth:`from_dict`)."""
        return {
            "format": FORMAT,
            "players": list(self.players),
            "stake": self.stake,
            "seed": self.seed,
            "max_raise": self.max_raise,
            "readings": self.readings.chosen(),
            "moves": copy.deepcopy(self.moves),
            "state": self.state(),
            "trace": copy.deepcopy(self.trace),
        }

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any]) -> Match:
        """Rebuild a match by replaying its moves; rolls drawn from the seed are drawn again and
        must equal the recorded ones; a stored state or trace must equal the replay's."""
        if not isinstance(doc, Mapping):
            raise RulesError(f"a dice match document is a mapping, got {doc!r}", value=doc)
        known = {"format", "players", "stake", "seed", "max_raise", "readings", "moves", "state",
                 "trace"}
        for key in doc:
            if key not in known:
                raise RulesError(f"unknown key {key!r} in a dice match document", value=key)
        if doc.get("format", FORMAT) != FORMAT:
            raise RulesError(f"unknown dice match format {doc.get('format')!r}", value=doc.get("format"))
        for key in ("players", "moves"):
            if key not in doc:
                raise RulesError(f"a dice match document needs {key!r}", value=doc)
        match = cls(doc["players"], stake=doc.get("stake", 1), seed=doc.get("seed"),
                    readings=doc.get("readings") or None, max_raise=doc.get("max_raise"))
        moves = doc["moves"]
        if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
            raise RulesError(f"moves must be a list, got {moves!r}", value=moves)
        for number, move in enumerate(moves, start=1):
            match._replay(number, move)
        if "state" in doc and doc["state"] != match.state():
            raise RulesError("the stored state of the match does not agree with its moves",
                             value=doc["state"])
        if "trace" in doc and doc["trace"] != match.trace:
            raise RulesError("the stored trace of the match does not agree with its moves",
                             value=doc["trace"])
        return match

    def _replay(self, number: int, move: Any) -> None:
        if not isinstance(move, Mapping):
            raise RulesError(f"move {number} is not a mapping: {move!r}", value=move)
        source = move.get("source", "given")
        if source not in ("rng", "given"):
            raise RulesError(f"move {number}: unknown dice source {source!r}", value=source)
        if move.get("action") in ("roll", "reroll") and source == "rng":
            recorded = move.get("dice")
            replayed = {k: v for k, v in move.items() if k not in ("dice", "source")}
            self.apply(replayed)
            drawn = self.moves[-1]["dice"]
            if recorded is not None and list(recorded) != drawn:
                raise RulesError(f"move {number}: recorded dice {list(recorded)!r} are not the "
                                 f"seed's dice {drawn!r}", value=recorded)
        else:
            self.apply({k: v for k, v in move.items() if k != "source"})

    # ---- internals

    def _check_player(self, player: object) -> None:
        if player not in self.players:
            raise RulesError(f"{player!r} is not a player of this match "
                             f"({self.players[0]!r}, {self.players[1]!r})", value=player)

    def _check_move(self, player: object, action: str) -> None:
        if self.phase == "over":
            raise RulesError(f"the match is over ({self.winner} won); no {action} is possible",
                             value=action)
        self._check_player(player)
        if action not in _ACTIONS_BY_PHASE[self.phase]:
            allowed = " or ".join(_ACTIONS_BY_PHASE[self.phase])
            if action == "raise" and self.phase == "respond":
                why = "a raise is already proposed and must be answered first"
            elif action == "raise" and self.phase == "reroll":
                why = "the bargaining of this round is over"
            elif action == "raise":
                why = "bargaining starts after both first rolls"
            elif action in ("accept", "decline", "pass"):
                why = "no raise is proposed"
            else:
                why = f"the match is at the {self.phase} step"
            raise RulesError(f"{player} may not {action} now: {why} (expected {allowed} from "
                             f"{self.to_act})", value=action)
        if player != self.to_act:
            raise RulesError(f"it is {self.to_act}'s turn to {' or '.join(self.legal_actions())}, "
                             f"not {player}'s", value=player)

    def _dice(self, count: int, values: Sequence[int] | None, *, what: str
              ) -> tuple[tuple[int, ...], str]:
        if values is None and count == 0:
            return (), ("rng" if self._rng is not None else "given")
        if values is None:
            if self._rng is None:
                raise RulesError(f"{what}: this match has no seed, so the dice values must be given",
                                 value=None)
            return tuple(self._rng.randint(1, 6) for _ in range(count)), "rng"
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise RulesError(f"{what}: dice values must be a list, got {values!r}", value=values)
        given = tuple(values)
        if len(given) != count:
            raise RulesError(f"{what} needs {count} dice values, got {len(given)}: {list(given)!r}",
                             value=values)
        for value in given:
            if not is_whole_number(value) or value not in FACES:
                raise RulesError(f"die value {value!r} in {what} is not one of 1..6", value=value)
        return given, "given"

    def _put(self, player: str, amount: int) -> None:
        self.contributions[player] += amount
        self.pool += amount

    def _take_proposal(self) -> tuple[str, int]:
        assert self.proposal is not None
        proposal, self.proposal = self.proposal, None
        return proposal

    def _record(self, move: dict[str, Any]) -> None:
        self.moves.append(move)

    def _event(self, event: str, player: str | None, **details: Any) -> None:
        self.trace.append({"round": self.round, "event": event, "player": player, **details})

    def _start_rerolls(self) -> None:
        self.phase = "reroll"
        self._turn = 0

    def _showdown(self) -> None:
        first, second = self.players
        hand1 = evaluate(self.dice[first], readings=self.readings)  # type: ignore[arg-type]
        hand2 = evaluate(self.dice[second], readings=self.readings)  # type: ignore[arg-type]
        outcome = (hand1.key > hand2.key) - (hand1.key < hand2.key)
        detail = {"hands": {first: hand1.name, second: hand2.name}, "rule": TIE.id,
                  "reading": hand1.tie_rule}
        if outcome == 0:
            self._event("showdown", None, result="draw", **detail,
                        text=f"{first}'s {hand1.name} and {second}'s {hand2.name} are equal: "
                             f"the round is drawn and replayed")
            self._round_over(None, how="comparison")
            return
        winner = first if outcome > 0 else second
        self._event("showdown", None, result=winner, **detail,
                    text=f"{first}'s {_show(hand1.dice)} ({hand1.name}) against {second}'s "
                         f"{_show(hand2.dice)} ({hand2.name}): {winner} is better")
        self._round_won(winner, how="comparison")

    def _round_won(self, winner: str, *, how: str) -> None:
        self.wins[winner] += 1
        self._round_over(winner, how=how)
        if self.wins[winner] >= ROUNDS_TO_WIN:
            self._match_won(winner, how="rounds")
        else:
            self._next_round()

    def _round_over(self, winner: str | None, *, how: str) -> None:
        self.rounds.append({
            "number": self.round,
            "dice": {p: (list(d) if d is not None else None) for p, d in self.dice.items()},
            "winner": winner,
            "how": how,
            "raised": self._raised_this_round,
        })
        if winner is None:
            self._event("round_drawn", None, text=f"round {self.round} is drawn and does not count")
            self._next_round()
        else:
            self._event("round_won", winner, wins=dict(self.wins),
                        text=f"{winner} wins round {self.round} ({how})")

    def _next_round(self) -> None:
        self.round += 1
        self.phase = "roll"
        self._turn = 0
        self.dice = {p: None for p in self.players}
        self.proposal = None
        self._raised_this_round = 0

    def _match_won(self, winner: str, *, how: str) -> None:
        if how == "pass":
            self.rounds.append({
                "number": self.round,
                "dice": {p: (list(d) if d is not None else None) for p, d in self.dice.items()},
                "winner": winner, "how": "pass", "raised": self._raised_this_round,
            })
        self.winner = winner
        self.phase = "over"
        self.proposal = None
        self._event("match_won", winner, pool=self.pool, net=self.net(), how=how,
                    text=f"{winner} wins the match and takes the pool of {self.pool}")


def _ordered_values(indices: Iterable[int], values: Sequence[int]) -> tuple[int, ...]:
    """Values given alongside indices in the caller's order, re-ordered to the sorted indices."""
    given_indices = list(indices)
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise RulesError(f"dice values must be a list, got {values!r}", value=values)
    given = list(values)
    if len(given) != len(given_indices):
        raise RulesError(f"{len(given_indices)} dice are rerolled but {len(given)} values are given: "
                         f"{given!r}", value=values)
    return tuple(v for _, v in sorted(zip(given_indices, given, strict=True)))


def _show(dice: Iterable[int]) -> str:
    return "-".join(str(d) for d in dice)
