"""The state of one deal, and the only way rules and modifiers change its cards.

A :class:`DealState` holds the cards (:class:`~rules.engines.dragon.card_state.CardState`, one per
dealt card: its state, real and played rank and suit, role and bookkeeping) with the orders in
force and the trace. Rules and modifiers never assign to a card: they call ``kill``, ``revive``,
``grant``, ``strip``, ``change_rank``, ``change_suit``, ``set_role``, ``use_as_modifying`` ... which
apply the cross-cutting base rules on the way:

* base rule 3 / 4: a free card that is killed becomes home, a wild card becomes natural;
* base rule 8 (IP-FREE-HOME) and base rule 13 (IP-R13-SCOPE): a card a rule or modifier has
  already touched gets no new status, rank or suit unless the caller says the text allows it
  (``override=True``); kills and revivals stay allowed (IP-KILL-REACH);
* base rule 14: a modified card used as a modifying card is frozen;
* base rule 22: at most three conditional modifiers act on one card; a fourth is skipped and
  the skip is traced;
* base rule 11: a modifier cancelled by another (``cancel``) changes nothing; when the cancelling
  modifier has the higher number and the cancelled one already acted, the deal's modifiers are
  applied again from the start with the cancellation in force (:class:`Rerun`);
* protections and bans: ``protect`` keeps a card from being killed (M76, M77, M92, M96-M98, and
  M36 under IP-M36-LATER-KILLS ``revival_final``), checked by ``kill``; ``ban`` keeps a status
  from being granted (M34 under IP-M34-LATER ``standing_ban``), checked by ``grant``;
  ``annul_kill`` undoes a kill as if it had not happened, without using one of the card's three
  base-rule-22 slots. A protection that stops a kill counts on the card only under IP-M76-RULE22
  ``counted_when_effective``.

Every change is appended to ``trace`` (see :mod:`.trace`) with the cards it touched, before and
after.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..cards import Card, is_honor
from ..errors import RulesError
from ..readings import Readings
from . import readings_dragon  # noqa: F401  (the points this module reads)
from .card_state import DEAD, FREE, HOME, NATURAL, STATES, WILD, CardState, Claim, rule_source
from .context import SEATS, number_from_north
from .facts import DealFacts
from .trace import TraceEntry

# The card states and the claims live in card_state.py; the engines import them from here.
__all__ = ["NATURAL", "HOME", "FREE", "WILD", "DEAD", "STATES", "CardState", "Claim", "DealState",
           "Rerun", "rule_source"]

_GRANTS = (HOME, FREE, WILD)
# Kills by these sources are base-rule kills (IP-REVIVE-RULE-KILLS "modifier_kills_only").
_RULE_KILLS = ("B17", "T2", "B21")


_MOD_NUMBERS = {f"M{n}": n for n in range(1, 101)}


def _modifier_number(source: str) -> int | None:
    return _MOD_NUMBERS.get(source)


class _ReadingCache(dict):
    """The deal's readings, each resolved once (the hot paths read them for every card)."""

    __slots__ = ("readings",)

    def __init__(self, readings: Readings) -> None:
        super().__init__()
        self.readings = readings

    def __missing__(self, point_id: str) -> str:
        value = self[point_id] = self.readings[point_id]
        return value

    @classmethod
    def shared(cls, readings: Readings) -> _ReadingCache:
        """One cache per distinct set of chosen readings: every deal of a sitting (and every try of
        the advisor) resolves the same readings, so each id is resolved once for all of them."""
        try:
            key = (type(readings), frozenset(readings.items()))
        except TypeError:           # an unhashable reading value: a cache of its own
            return cls(readings)
        found = _SHARED_CACHES.get(key)
        if found is None:
            if len(_SHARED_CACHES) >= 64:
                _SHARED_CACHES.clear()
            found = _SHARED_CACHES[key] = cls(readings)
        return found


_SHARED_CACHES: dict[tuple, _ReadingCache] = {}


class Rerun(Exception):
    """Apply the rules and modifiers again from the start: a higher modifier cancelled a lower
    one that already acted (``number``), or a modifier gave a card a new real rank or suit that
    every rule and modifier must judge it by (``rebase``: (seq, rank, source, rules_only) with the
    suit appended when the suit changes; rank None when only the suit does)."""

    def __init__(self, number: int | None, source: str, only: Callable[[CardState], bool] | None = None,
                 rebase: tuple[int, int, str, bool] | None = None, text: str = "") -> None:
        super().__init__(number if number is not None else rebase)
        self.number = number
        self.source = source
        self.only = only
        self.rebase = rebase
        self.text = text              # the cancel's reason, for the trace of the deal applied again


class DealState:
    """The cards of one deal, the orders in force and the trace."""

    def __init__(self, facts: DealFacts, cards: Iterable[CardState], pattern: tuple[str, ...],
                 readings: Readings, history=None, claims: Iterable[Claim] = (),
                 cancelled: dict[int, tuple[str, Callable[[CardState], bool] | None]] | None = None,
                 rebased: dict[int, tuple] | None = None,
                 reading_cache: _ReadingCache | None = None) -> None:
        self.facts = facts
        self.table = facts.table
        self._readings = readings
        # A rerun or an advisor's try reads the same readings: the resolved values are shared.
        self._rd = reading_cache if reading_cache is not None and reading_cache.readings is readings \
            else _ReadingCache.shared(readings)
        self.reading = self._rd.__getitem__       # the hot path: a dict lookup, resolved once per id
        self.history = history            # the Game so far (game.GameHistory) or None
        self.cards: list[CardState] = list(cards)
        self.pattern = pattern            # "open" / "dark" per circle, as dealt
        self.card_order = "natural"
        self.suit_order = "natural"
        self.weakest_wins = False
        self.naturalness_reversed = False
        self.trace: list[TraceEntry] = []
        self.claims: list[Claim] = list(claims)
        self.cancelled = dict(cancelled or {})
        # Cancels carried into a second application of the deal (base rule 11's rerun): number -> (source,
        # reason). Each is traced when its canceller reaches it again, so its line keeps its place.
        self.carried: dict[int, tuple[str, str]] = {}
        self.carry: dict[str, object] = {}     # effects that outlast the deal (M33, M34 ...)
        self.fired: set[int] = set()            # modifiers that changed something
        self.current: str | None = None         # the rule or modifier being applied
        self.marks: dict[str, object] = {}      # what one modifier leaves for a later one (M1 -> M2)
        self.memo: dict[object, object] = {}    # facts derived once per deal (seat numbers ...)
        # seq -> [(what it is kept from, the protecting source, the kills it stops: None for
        # conditional modifiers' kills, "all", or a tuple of sources)]
        self.protected: dict[int, list[tuple[str, str, object]]] = {}
        self.bans: list[tuple[str, Callable[[CardState], bool], str]] = []   # (status, which cards, source)
        self.rebased = dict(rebased or {})      # seq -> (rank, source, rules_only[, suit]): M17-M19, M51
        for c in self.cards:
            found = self.rebased.get(c.seq)
            if found is not None:
                rank, source, rules_only = found[:3]
                suit = found[3] if len(found) > 3 else None
                modifiers_only = len(found) > 4 and found[4]    # M30 under IP-M30-REREAD rerun_all_modifiers
                if rank is not None:
                    c.rank = rank
                    if not modifiers_only:
                        c.rule_rank = rank
                    if not rules_only:
                        c.real_rank = rank
                if suit is not None:
                    c.suit = c.real_suit = suit
                c.mods = (int(source[1:]),)
                self.trace.append(TraceEntry(source, "rank" if rank is not None else "suit", (c.card,), str(c.card),
                                             str(c.played), c.player,
                                             "the new rank is real" if not rules_only else
                                             "the base rules read the new rank"))
        self._hands: dict[str, list[CardState]] = {pid: [] for pid in facts.order}
        self._circles: dict[int, list[CardState]] = {}
        for c in self.cards:
            self._hands[c.player].append(c)
            self._circles.setdefault(c.circle, []).append(c)
        # IP-M5-AFTERMATH pattern_before_m5: the modifiers count open circles as modifier 5 found them
        # (a dealing's pattern carries them as ``before_m5``); the cards keep the face they were dealt with.
        before = getattr(pattern, "before_m5", None)
        if before is not None and before != pattern and self._rd["IP-M5-AFTERMATH"] == "pattern_before_m5":
            pattern = before
        self.open_circles = tuple(i + 1 for i, kind in enumerate(pattern) if kind == "open")
        self.dark_circles = tuple(i + 1 for i, kind in enumerate(pattern) if kind == "dark")

    # ------------------------------------------------------------------ reading the deal
    @property
    def players(self) -> tuple[str, ...]:
        """Play order: the dealer's left-hand neighbour first, the dealer last."""
        return self.facts.order

    def position(self, player_id: str) -> int:
        return self.facts.position(player_id)

    def at_position(self, k: int) -> str:
        return self.facts.at_position(k)

    def next_player(self, player_id: str, step: int = 1) -> str:
        """The player ``step`` places clockwise after ``player_id``."""
        return self.facts.at_position(self.facts.position(player_id) + step)

    def hand(self, player_id: str) -> list[CardState]:
        return self._hands[player_id]

    def circle(self, number: int) -> list[CardState]:
        """The cards of circle ``number`` in dealing order (first hand ... dealer)."""
        return self._circles.get(number, [])

    def nth_open(self, k: int) -> int | None:
        """The circle number of the k-th open circle (1-based), or None."""
        return self.open_circles[k - 1] if 0 < k <= len(self.open_circles) else None

    @property
    def last_open(self) -> int | None:
        return self.open_circles[-1] if self.open_circles else None

    @property
    def penultimate_open(self) -> int | None:
        return self.open_circles[-2] if len(self.open_circles) >= 2 else None

    def face_up(self) -> list[CardState]:
        return [c for c in self.cards if c.open]

    def player_card(self, player_id: str, circle: int | None) -> CardState | None:
        if circle is None:
            return None
        for c in self._hands[player_id]:
            if c.circle == circle:
                return c
        return None

    def find(self, player_id: str, card: Card) -> CardState:
        """The card ``card`` (as dealt) in the hand of ``player_id``."""
        for c in self._hands[player_id]:
            if c.card == card:
                return c
        error = RulesError(f"{player_id} holds no {card}", value=str(card), code="not_held")
        error.player, error.card = player_id, card   # type: ignore[attr-defined]
        raise error

    def holder(self, card: Card) -> CardState | None:
        for c in self.cards:
            if c.card == card:
                return c
        return None

    def seat(self, player_id: str) -> str:
        return self.facts.seat_of(player_id)

    def opposite(self, player_id: str) -> str | None:
        return self.facts.opposite(player_id)

    @property
    def readings(self) -> Readings:
        return self._readings

    @readings.setter
    def readings(self, value: Readings) -> None:
        self._readings = value
        self._rd = _ReadingCache.shared(value)
        self.reading = self._rd.__getitem__

    def reading(self, point_id: str) -> str:
        """The reading of ``point_id`` in force for this deal (each instance binds a faster lookup)."""
        return self._rd[point_id]

    def player_number(self, player_id: str) -> int:
        """The "odd" / "even" players' numbering (IP-PLAYER-NUMBER): clockwise from the player at
        North = 1 (base rule 15's count), from the dealer's left-hand neighbour = 1, or the seat's
        own number (N 1 ... NW 8)."""
        if self._rd["IP-PLAYER-NUMBER"] == "from_dealer":
            return self.facts.position(player_id)
        if self._rd["IP-PLAYER-NUMBER"] == "seat_number":
            return SEATS.index(self.seat(player_id)) + 1
        if self._rd["IP-M53-SCOPE"] == "everything":       # base rule 15's count over modifier 53's seats
            return number_from_north(self.facts.seats, player_id)
        return self.table.player_number(player_id)

    # ------------------------------------------------------------------ claims
    def claims_for(self, rule: str) -> list[Claim]:
        """The declared claims under ``rule`` ("B1", "M17" ...), marked as looked at."""
        found = [c for c in self.claims if c.rule == rule]
        for c in found:
            c.used = True
        return found

    def refuse(self, claim: Claim, reason: str, *, alike: tuple[str, ...] | None = None,
               code: str = "not_allowed") -> None:
        """An illegal claim: a RulesError naming the claim and the rule. ``alike`` says, when the
        reason lies in the player's right at the modifier's turn and not in the claim's choices,
        which of the claim's fields a claim under the same rule by the same player would have to
        share to be refused the same way (``()``: none); the error carries it with the claim, so
        that the advisor does not try such claims again. ``code`` names the kind of refusal
        (``once_per_game``, ``no_right``, ``not_allowed`` ...) and ``reason`` says it in English:
        the sitting's judgement lists them with the refused claim."""
        error = RulesError(f"illegal {claim.describe()}: {reason}", value=claim.rule, rule=claim.rule, code=code)
        error.claim, error.alike, error.reason = claim, alike, reason   # type: ignore[attr-defined]
        raise error

    def refuse_all(self, rule: str, reason: str) -> None:
        """Refuse every claim under ``rule`` (the modifier's condition does not hold)."""
        for claim in self.claims_for(rule):
            self.refuse(claim, reason)

    # ------------------------------------------------------------------ trace
    def note(self, change: str, cards: Iterable[CardState] = (), text: str = "", *,
             source: str | None = None, before: object = None, after: object = None,
             player: str | None = None) -> None:
        """Record something that changed no card (a pattern, an order, a claim, a cancellation)."""
        cards = list(cards)
        self.trace.append(TraceEntry(source or self.current or "?", change,
                                     tuple(c.card for c in cards), before, after,
                                     player if player is not None else (cards[0].player if cards else None),
                                     text))

    def _record(self, source: str, change: str, c: CardState, before: str, after: str, text: str) -> None:
        self.trace.append(TraceEntry(source, change, (c.card,), before, after, c.player, text))

    # ------------------------------------------------------------------ the guarded changes
    def _gate(self, c: CardState, source: str, change: str) -> bool:
        """Base rules 11, 14 and 22 for one change of one card by ``source``."""
        number = _MOD_NUMBERS.get(source)
        if number is not None:
            cancelled = self.cancelled.get(number)
            if cancelled is not None and (cancelled[1] is None or cancelled[1](c)):
                return False
        if c.frozen:
            self._record("B14", "refused", c, c.state, c.state, f"{source} {change}: the card is frozen")
            return False
        if (number is not None and c.state_source is not None and rule_source(c.state_source)
                and self._rd["IP-RULE11-STATES"] == "rule_wins"):
            return False
        if number is not None and number not in c.mods and len(c.mods) >= 3:
            self._record("B22", "refused", c, c.state, c.state,
                         f"{source} {change}: three modifiers already acted on the card")
            return False
        return True

    def _count(self, c: CardState, source: str) -> None:
        number = _MOD_NUMBERS.get(source)
        if number is not None:
            if number not in c.mods:
                c.mods = (*c.mods, number)
            self.fired.add(number)
        c.modified = True

    def _may_regrant(self, c: CardState, override: bool) -> bool:
        """Base rule 13 (IP-R13-SCOPE): may a touched card get a new status, rank or suit?"""
        if not c.modified or override:
            return True
        return self._rd["IP-R13-SCOPE"] == "last_applied_wins"

    def grant(self, c: CardState, status: str, source: str | None = None, *, override: bool = False,
              text: str = "") -> bool:
        """Make a live card home, free or wild. Refused (False) for a dead card (IP-M13-DEADGRANT
        ``no_revival``), for a touched card unless ``override`` (base rule 13) and by base rules
        8, 14 and 22. A free card is an honor (definition 13), save the card modifier 44 declares
        free under IP-M44-FREE ``any_card`` ("объявить свободной одну из своих неубитых карт"): a
        foska then plays as itself or as any honor of its suit."""
        source = source or self.current or "?"
        if status not in _GRANTS:
            raise RulesError(f"{status!r} is not a status a rule grants", value=status)
        if c.state == DEAD or c.state == status:
            return False
        if status == FREE and not is_honor(c.rank) and not (
                source == "M44" and self._rd["IP-M44-FREE"] == "any_card"):
            return False
        if not self._may_regrant(c, override):
            if rule_source(source) and c.held is None:
                c.held = (status, source)
            return False
        if (not override and {c.state, status} == {FREE, HOME}
                and self._rd["IP-FREE-HOME"] == "first_applied_stands"):
            return False
        if self.bans and self._banned(c, status, source):
            return False
        if not self._gate(c, source, status):
            return False
        before = c.state
        c.state = status
        c.state_source = source
        self._count(c, source)
        self._record(source, status, c, before, status, text)
        return True

    def ban(self, status: str, predicate: Callable[[CardState], bool], source: str | None = None,
            text: str = "") -> None:
        """No card ``predicate`` selects gets ``status`` for the rest of the deal, whoever grants it
        (M34 under IP-M34-LATER ``standing_ban``). Cards that already have it keep it."""
        source = source or self.current or "?"
        if status not in _GRANTS:
            raise RulesError(f"{status!r} is not a status a rule grants", value=status)
        self.bans.append((status, predicate, source))
        self.note("ban", (), text or f"no card becomes {status}", source=source, after=status)

    def _banned(self, c: CardState, status: str, source: str) -> bool:
        for banned, predicate, by in self.bans:
            if banned != status or by == source or not predicate(c):
                continue
            number = _MOD_NUMBERS.get(by)
            if number is not None:
                if self.is_cancelled(number):
                    continue
                self.fired.add(number)      # a later cancel of the ban must rerun the deal
            self._record(by, "refused", c, c.state, c.state, f"{source} {status}: banned by {by}")
            return True
        return False

    def strip(self, c: CardState, status: str, source: str | None = None, text: str = "") -> bool:
        """Take a status away (M1: "has no wild cards"): the card plays as its real self, unless a
        status a rule could not give it is waiting (IP-M1-UNWILD ``other_states_kept``)."""
        source = source or self.current or "?"
        if c.state != status or not self._gate(c, source, f"no {status}"):
            return False
        after = NATURAL
        if c.held is not None and self._rd["IP-M1-UNWILD"] == "other_states_kept":
            after = c.held[0]
        c.stripped_from = c.state_source
        c.state = after
        c.state_source = source
        c.rank, c.suit = c.real_rank, c.real_suit
        self._count(c, source)
        self._record(source, f"not {status}", c, status, after, text)
        return True

    def restore(self, c: CardState, status: str, source: str | None = None, text: str = "") -> bool:
        """Give back a status a higher modifier had taken (M2 undoing M1); the status keeps the
        source that first gave it."""
        source = source or self.current or "?"
        if c.state == DEAD or not self._gate(c, source, status):
            return False
        before = c.state
        c.state = status
        c.state_source = c.stripped_from or source
        self._count(c, source)
        self._record(source, status, c, before, status, text)
        return True

    def kill(self, c: CardState, source: str | None = None, text: str = "") -> bool:
        """Kill a card, with base rules 3 (free -> home) and 4 (wild -> natural)."""
        source = source or self.current or "?"
        if c.state == DEAD:
            return False
        if c.state != NATURAL and self._rd["IP-KILL-REACH"] == "natural_only":
            return False
        if c.seq in self.protected and self._protects(c, source):
            return False
        if not self._gate(c, source, "dead"):
            return False
        before = c.state
        c.prior_source = c.state_source
        self._count(c, source)
        if before == FREE:
            c.state = HOME
            c.state_source = "B3"
            self._record(source, "dead", c, before, HOME, text)
            # Base rule 3 says why the kill left it home: the kill's own line is the change (free -> home).
            self._record("B3", "home", c, HOME, HOME, "a killed free card becomes home")
            return True
        if before == WILD:
            c.state = NATURAL
            c.state_source = "B4"
            c.rank, c.suit = c.real_rank, c.real_suit
            self._record(source, "dead", c, before, NATURAL, text)
            self._record("B4", "natural", c, NATURAL, NATURAL, "a killed wild card becomes natural")
            return True
        c.prior = before
        c.state = DEAD
        c.killed_by = source
        c.state_source = source
        self._record(source, "dead", c, before, DEAD, text)
        return True

    def protect(self, c: CardState, from_: str = "kill", source: str | None = None, *,
                stops: object = None, text: str = "") -> None:
        """The card cannot be killed for the rest of the deal (``from_`` "kill", the one protection
        the rules give). ``stops``: None for the kills of conditional modifiers, "all" for every
        kill, or a tuple of the sources whose kills it stops (M92: "M89", "M90")."""
        source = source or self.current or "?"
        if from_ != "kill":
            raise RulesError(f"a card is protected from 'kill', not {from_!r}", value=from_)
        entries = self.protected.setdefault(c.seq, [])
        if any(e[1] == source for e in entries):
            return
        entries.append((from_, source, stops))
        self.trace.append(TraceEntry(source, "protected", (c.card,), c.state, c.state, c.player,
                                     text or "cannot be killed in this deal"))

    def _protects(self, c: CardState, killer: str) -> bool:
        """Whether a protection of the card stops a kill by ``killer`` (and trace it)."""
        killer_number = _MOD_NUMBERS.get(killer)
        for _from, by, stops in self.protected[c.seq]:
            if stops is None:
                if killer_number is None:
                    continue
            elif stops != "all" and killer not in stops:   # type: ignore[operator]
                continue
            number = _MOD_NUMBERS.get(by)
            if number is not None:
                entry = self.cancelled.get(number)
                if entry is not None and (entry[1] is None or entry[1](c)):
                    continue
                if self._rd["IP-M76-RULE22"] == "counted_when_effective" and number not in c.mods:
                    if len(c.mods) >= 3:
                        self._record("B22", "refused", c, c.state, c.state,
                                     f"{by} protection: three modifiers already acted on the card")
                        continue
                    c.mods = (*c.mods, number)
                self.fired.add(number)
            self._record(by, "kill stopped", c, c.state, c.state, f"{killer} does not kill it")
            return True
        return False

    def annul_kill(self, c: CardState, source: str | None = None, text: str = "") -> bool:
        """Undo the card's kill as if it had not happened: a dead card gets back the state it had,
        a card base rule 3 or 4 turned home or natural gets back free or wild. No base-rule-22 slot
        is used: the annulment changes no characteristic of the card (IP-M76-RULE22)."""
        source = source or self.current or "?"
        if c.state == DEAD:
            before, after = DEAD, c.prior
            killer = _MOD_NUMBERS.get(c.killed_by or "")
            if killer is not None and killer in c.mods:     # the kill did not happen: nor its slot
                c.mods = tuple(n for n in c.mods if n != killer)
            c.killed_by = None
        elif c.state == NATURAL and c.state_source == "B4":
            before, after = NATURAL, WILD
        elif c.state == HOME and c.state_source == "B3":
            before, after = HOME, FREE
        else:
            return False
        number = _MOD_NUMBERS.get(source)
        if number is not None and self.is_cancelled(number):
            return False
        c.state = after
        c.state_source = c.prior_source
        if number is not None:
            self.fired.add(number)
        self._record(source, "kill annulled", c, before, after, text)
        return True

    def revive(self, c: CardState, source: str | None = None, *, into: str | None = None,
               undo: bool | None = None, text: str = "") -> bool:
        """Bring a dead card back: into ``into`` when the text names a state (M13, M16 ...), else
        into the state it had before its kill when ``undo`` (by default as IP-M28-REVIVED-STATE
        reads, ``undo_kill``), else natural."""
        source = source or self.current or "?"
        if c.state != DEAD:
            return False
        if c.killed_by in _RULE_KILLS and self._rd["IP-REVIVE-RULE-KILLS"] == "modifier_kills_only":
            return False
        if not self._gate(c, source, "revived"):
            return False
        if into is None:
            if undo is None:
                undo = self._rd["IP-M28-REVIVED-STATE"] == "undo_kill"
            into = c.prior if undo else NATURAL
        c.state = into
        c.state_source = source
        c.killed_by = None
        self._count(c, source)
        self._record(source, "revived" if into == NATURAL else f"revived {into}", c, DEAD, into, text)
        return True

    def change_rank(self, c: CardState, rank: int, source: str | None = None, *, real: bool = False,
                    override: bool = False, stays_natural: bool = False, unfreeze: bool = False,
                    text: str = "") -> bool:
        """Play the card as ``rank``; ``real`` when later modifiers read the new rank;
        ``stays_natural`` when the text lets modifiers still change the card (M30, M32);
        ``unfreeze`` when the text changes even a frozen card (M46 under IP-M46-FROZEN)."""
        source = source or self.current or "?"
        if not self._may_regrant(c, override):
            return False
        frozen = c.frozen
        if unfreeze and frozen:
            c.frozen = False
        try:
            allowed = self._gate(c, source, "rank")
        finally:
            c.frozen = frozen
        if not allowed:
            return False
        before = str(c.played)
        c.rank = rank
        if real:
            c.real_rank = rank
        was = c.modified
        self._count(c, source)
        if stays_natural:
            c.modified = was
        self._record(source, "rank", c, before, str(c.played), text)
        return True

    def rebase(self, c: CardState, rank: int | None = None, suit: str | None = None, source: str | None = None,
               *, rules_only: bool = False, modifiers_only: bool = False, text: str = "") -> None:
        """Give the card a new real rank or suit, as if it had been dealt so (M17, M18, M51), or a
        rank only the base rules read as real (M19), or only the modifiers (M30, M32 under
        IP-M30-REREAD ``rerun_all_modifiers``): the rules and modifiers are applied again."""
        source = source or self.current or "?"
        if c.seq in self.rebased:
            return
        if rank is None and suit is None:
            raise RulesError("a rebase needs a rank or a suit", value=c.card)
        if not self._gate(c, source, "rank" if rank is not None else "suit"):
            return
        found = (rank, source, rules_only) if suit is None else (rank, source, rules_only, suit)
        if modifiers_only:
            found = (rank, source, rules_only, suit, True)
        raise Rerun(None, source, rebase=(c.seq, *found))

    def change_suit(self, c: CardState, suit: str, source: str | None = None, *, real: bool = False,
                    override: bool = False, text: str = "") -> bool:
        source = source or self.current or "?"
        if not self._may_regrant(c, override) or not self._gate(c, source, "suit"):
            return False
        before = str(c.played)
        c.suit = suit
        if real:
            c.real_suit = suit
        self._count(c, source)
        self._record(source, "suit", c, before, str(c.played), text)
        return True

    def set_role(self, c: CardState, role: str, source: str | None = None, text: str = "") -> bool:
        """Mark a card incrementing or decrementing (definitions 17-18)."""
        source = source or self.current or "?"
        if role not in ("incrementing", "decrementing"):
            raise RulesError(f"a role is incrementing or decrementing, not {role!r}", value=role)
        if not self._gate(c, source, role):
            return False
        before = c.role
        c.role = role
        self._count(c, source)
        self.trace.append(TraceEntry(source, role, (c.card,), before, role, c.player, text))
        return True

    def freeze(self, c: CardState, source: str | None = None, text: str = "") -> None:
        """No rule or modifier changes the card any more (modifiers 28, 31)."""
        if not c.frozen:
            c.frozen = True
            self.trace.append(TraceEntry(source or self.current or "?", "frozen", (c.card,), None, None,
                                         c.player, text))

    def use_as_modifying(self, c: CardState, source: str | None = None) -> None:
        """Base rule 14: a modified card used as a modifying card is frozen."""
        if c.modified and not c.frozen:
            c.frozen = True
            self.trace.append(TraceEntry("B14", "frozen", (c.card,), None, None, c.player,
                                         f"a modified card used as modifying card by {source or self.current}"))

    # ------------------------------------------------------------------ orders, winner, cancels
    def set_order(self, which: str, value: str, source: str | None = None, text: str = "") -> None:
        """Set the card order (``cards``) or the suit order (``suits``)."""
        attr = {"cards": "card_order", "suits": "suit_order"}.get(which)
        if attr is None or value not in ("natural", "inverted"):
            raise RulesError(f"no order {which!r} = {value!r}", value=value)
        before = getattr(self, attr)
        if before == value:
            return
        setattr(self, attr, value)
        self.note(f"{which} order", (), text, source=source, before=before, after=value)

    def set_weakest_wins(self, source: str | None = None, text: str = "") -> None:
        if not self.weakest_wins:
            self.weakest_wins = True
            self.note("weakest wins", (), text, source=source, before=False, after=True)

    def reverse_naturalness(self, source: str | None = None, text: str = "") -> None:
        if not self.naturalness_reversed:
            self.naturalness_reversed = True
            self.note("naturalness reversed", (), text, source=source, before=False, after=True)

    def cancel(self, number: int, source: str | None = None, *,
               only: Callable[[CardState], bool] | None = None, text: str = "") -> None:
        """Modifier ``number`` does not act in this deal (for the cards ``only`` selects, or all).

        When it already acted and the canceller has the higher number (base rule 11), the
        modifiers are applied again from the start with the cancellation in force."""
        source = source or self.current or "?"
        if number in self.cancelled:
            self.note_carried(number, source)
            return
        self.cancelled[number] = (source, only)
        self.note("cancelled", (), text or f"M{number} does not act", source=source, after=f"M{number}")
        canceller = _modifier_number(source)
        if number in self.fired and (canceller is None or canceller > number):
            raise Rerun(number, source, only, text=text)

    def note_carried(self, number: int, source: str) -> None:
        """Trace a cancel carried into this application of the deal when ``source``, its canceller, gets
        to it again."""
        found = self.carried.get(number)
        if found is not None and found[0] == source:
            del self.carried[number]
            self.note("cancelled", (), found[1], source=source, after=f"M{number}")

    def note_carried_left(self) -> None:
        """Trace the carried cancels no canceller reached again this time: they still hold."""
        for number, (source, text) in list(self.carried.items()):
            self.note("cancelled", (), text, source=source, after=f"M{number}")
        self.carried.clear()

    def is_cancelled(self, number: int) -> bool:
        entry = self.cancelled.get(number)
        return entry is not None and entry[1] is None

    # ------------------------------------------------------------------ summaries
    def by_state(self, state: str) -> list[CardState]:
        return [c for c in self.cards if c.state == state]
