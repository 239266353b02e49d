'''The declarative conditional modifiers of the club rules v2.2.1 and their registry.

Each of the seed's 100 conditional modifiers is one :class:`Modifier`: its number, its seed
group, the Russian text verbatim (taken from :mod:`..seed_texts` when not given), an English
summary, what it reads, what it does, its kind (``automatic``, ``claim`` or ``croupier``), the
interpretation points it consults, and one or more hooks:

* ``apply(state)``: the effect on the cards, run in number order (base rule 10) on the
  :class:`~rules.engines.dragon.state.DealState` after the base rules' card states;
* ``pattern(view)``: a change of the circle pattern (open / dark), run while the deal is being
  dealt, on the cards dealt so far (:class:`PatternView`);
* ``adjust(facts, readings)``: a change of an input of another rule (the month of Table 3, the
  clock, the compass), run before any card state is set;
* ``setup(state)``: for a modifier whose condition is known before any modifier acts (the
  seating, the deal number, the moon) and that only keeps cards from being changed later
  (``state.protect``) or sets what holds for the whole deal (modifier 50's card order under
  IP-M50-WHERE ``every_order_use``): run on the state after the base rules, before modifier 1.
* ``final(state)``: for a reading that judges a modifier's condition on the deal as every
  modifier left it (IP-M39-WHEN and IP-M40-WHEN ``final_state``, IP-M71-WHEN ``whole_deal``): run
  in number order after the last ``apply`` hook (:func:`attach_final`). A final hook that cancels
  a modifier which already acted reruns the deal with the cancellation in force (base rule 11).

The modifiers live in one module per seed group: ``deal.py`` (1-33), ``cards.py`` (34-46),
``time.py`` (47-49), ``space.py`` (50-52), ``external.py`` (53-88), ``natural.py`` (89-100).
A group too long for one module keeps its modifiers in parts by number, which its group module
imports: ``deal_1_12.py``, ``deal_13_25.py``, ``deal_26_33.py`` and ``external_53_62.py``,
``external_63_75.py``, ``external_76_88.py``, with what the parts share (and the group's
``declare``) in ``deal_common.py`` and ``external_common.py``.
:func:`registry` imports every group module; a number that none registers is listed by the
coverage table as not implemented.

How a modifier inspects the deal
--------------------------------
``state.cards`` (every card in dealing order), ``state.hand(player)``, ``state.circle(n)`` (one
circle in dealing order), ``state.open_circles`` / ``state.dark_circles`` (circle numbers of the
pattern as dealt), ``state.nth_open(k)``, ``state.last_open``, ``state.penultimate_open``,
``state.face_up()``, ``state.player_card(player, circle)``, ``state.players`` (play order, the
dealer last), ``state.position(player)`` / ``state.at_position(k)`` (1 = the dealer's left-hand
neighbour, the dealer counts last: modifier 1's remark), ``state.opposite(player)``,
``state.seat(player)``, ``state.facts`` (date, hour, weekday, moon part 1..8, sun up, deal
number, dealer), ``state.table`` (players' facts, room, weather, stakes, croupier's calls),
``state.history`` (the Game so far), ``state.reading("IP-...")``.

Each card is a :class:`~rules.engines.dragon.state.CardState`: ``c.card`` as dealt,
``c.real_rank`` / ``c.real_suit`` (what rank-tied rules read, base rules 13 and 24: test with
``c.is_(10)`` or ``c.is_(14, "s")``), ``c.rank`` / ``c.suit`` as played, ``c.state``,
``c.player``, ``c.circle``, ``c.pos``, ``c.open``, ``c.modified``, ``c.mods``.

How a modifier changes the deal
-------------------------------
Only through the state's methods, which trace every change with the card before and after and
apply base rules 3, 4, 8, 11, 13, 14 and 22 on the way (a refused change returns False):
``state.kill(c)``, ``state.revive(c, into=None)``, ``state.grant(c, "wild" | "home" | "free",
override=False)`` (``override=True`` only where the text lets a touched card be changed, base
rule 13), ``state.strip(c, "wild")``, ``state.change_rank(c, rank, real=False)``,
``state.change_suit(c, suit)``, ``state.set_role(c, "incrementing")``, ``state.freeze(c)``,
``state.use_as_modifying(c)`` (base rule 14), ``state.set_order("cards" | "suits", value)``,
``state.set_weakest_wins()``, ``state.cancel(number, only=None)`` (base rule 11: a lower
modifier that already acted is undone by applying the modifiers again), ``state.protect(c,
"kill")`` (no later kill: checked by ``kill``; a protection known before modifier 1 goes in the
``setup`` hook, so nothing needs undoing), ``state.annul_kill(c)`` (a kill undone as if it had not
happened, without a base-rule-22 slot), ``state.ban("wild", predicate)`` (no later grant of the
status: checked by ``grant``), ``state.rebase(c, rank, suit)`` (a new real rank or suit, as if
dealt so), ``state.note(...)`` for a change that touches no card. ``state.carry[key] = value`` keeps a value for later deals
of the Game (read back with ``state.history.carried(key)``).

Claims (a player's declared choice, base rule 25) reach a claim modifier as
``state.claims_for("M<n>")``; an illegal one is refused with ``state.refuse(claim, reason)``,
a RulesError naming the claim and the rule. ``once_per_game=True`` makes the judge refuse a
second claim of the same player under the same rule in one Game. ``options(state, player)``
lists the claims the modifier could give that player in a deal prepared without them: the
advisor (base rule 25) tries each one. A claim modifier whose claims act directly on the
claimant's own cards also has ``estimate(state, claim, ruleset)`` (those changes, so that the
advisor judges in full only the claims whose estimate beats the hand) and may have
``seed(state, claim)`` (a new real rank or suit to start the try with, as the judge would after
its rerun); both are attached with :func:`attach_estimate` and :func:`attach_seed`.

Readings: every ambiguity is a :class:`~rules.engines.readings.Point` record in the group's data
module (``modifiers/points_<group>.py``), which the group module declares at import time
(``declare("dragon", POINTS)``), named in the modifier's ``readings`` and read with
``state.reading(id)``. Each reading needs a test.

Adding a modifier: a worked example (modifier 7)
------------------------------------------------
The seed: "Если на первом открытом круге появилась Десятка, то она убивает Семерки (кроме тех,
которые будут сданы после нее в открытых кругах), вторая Десятка, сданная на открытых кругах,
аннулирует предыдущую."  In ``modifiers/points_deal.py``, a record of ``POINTS``::

    Point("IP-M7-SECOND", "M7", "What does a second face-up Ten do?", "pair_cancels", ("toggle",),
          {"pair_cancels": "the second face-up Ten voids the first",
           "toggle": "each later face-up Ten annuls the one before"}),

and in ``modifiers/deal_1_12.py``::

    @modifier(number=7, group="deal",
              summary="A Ten in the first open circle kills the Sevens, except those dealt face "
                      "up after it; a second face-up Ten annuls it.",
              reads=("circles", "card_states"), does=("kill",),
              readings=("IP-M7-SCOPE", "IP-M7-SECOND"))
    def m07(state):
        first = state.nth_open(1)
        tens = [c for c in state.face_up() if c.is_(10)]
        if first is None or not tens or tens[0].circle != first:
            return
        if len(tens) >= 2:                       # the second Ten annuls the first
            state.note("void", tens[:2], "a second face-up Ten annuls the first")
            return
        ten = tens[0]
        for c in state.cards:
            if c.is_(7) and not (c.open and c.seq > ten.seq):
                state.kill(c, text=f"killed by the {ten.card}")

(The modifier in ``deal_1_12.py`` also reads IP-M7-SCOPE, which chooses whose Sevens die.) The
decorator takes the Russian text from the seed by number, registers the modifier and returns the
function unchanged; ``state.current`` is "M7" while it runs, so every change is
traced under M7. Then, in ``tests/engines/dragon/``, ``test_m07_ten_kills_sevens`` (it fires)
and ``test_m07_second_ten_annuls`` (it does not), each citing modifier 7 in its docstring, and
a test for every reading of its interpretation points. Regenerate the coverage table
(``python -m rules.engines.dragon.coverage``).
'''

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ...errors import RulesError
from ...readings import Readings
from ..facts import DealFacts
from ..seed_texts import MODIFIERS as _SEED_TEXTS
from ..state import Claim, DealState, Rerun

__all__ = ["GROUPS", "GROUP_MODULES", "READS", "EFFECTS", "KINDS", "Modifier", "PatternView",
           "modifier", "register", "attach_options", "attach_setup", "attach_final", "registry",
           "apply_modifiers",
           "apply_adjustments", "apply_patterns", "Rerun"]

# The seed's groups, their numbers and the module holding them.
GROUPS: dict[str, range] = {
    "deal": range(1, 34), "cards": range(34, 47), "time": range(47, 50), "space": range(50, 53),
    "external": range(53, 89), "natural": range(89, 101),
}
GROUP_MODULES: dict[str, str] = {
    "deal": "deal", "cards": "cards", "time": "time", "space": "space",
    "external": "external", "natural": "natural",
}
KINDS = ("automatic", "claim", "croupier")

# What a modifier may read (documentation and the coverage table; checked on registration).
READS = frozenset({
    "date", "time", "weekday", "moon", "daylight", "weather", "deal_number", "players",
    "seats", "dealer", "sex", "beard", "glasses", "headwear", "clothing", "drink", "dimension",
    "spare_decks", "watches", "room", "circles", "card_states", "history", "claims", "croupier", "stakes",
    "modifiers",
})
# What a modifier may do.
EFFECTS = frozenset({
    "kill", "revive", "wild", "home", "free", "unwild", "unhome", "rank", "suit", "incrementing",
    "decrementing", "card_order", "suit_order", "pattern", "winner", "cancel", "claim_right", "protect", "ban",
    "month", "clock", "seats",
})


@dataclass(frozen=True, slots=True)
class Modifier:
    """One conditional modifier (see the module docstring)."""

    number: int
    group: str
    summary: str
    reads: tuple[str, ...]
    does: tuple[str, ...]
    kind: str = "automatic"
    text_ru: str = ""
    apply: Callable[[DealState], None] | None = None
    pattern: Callable[[PatternView], None] | None = None
    pattern_last: bool = False          # M5: after every other dealing modifier
    adjust: Callable[[DealFacts, Readings], None] | None = None
    setup: Callable[[DealState], None] | None = None
    once_per_game: bool = False
    readings: tuple[str, ...] = ()
    options: Callable[[DealState, str], list] | None = None   # the claims it could give a player (advisor)
    final: Callable[[DealState], None] | None = None         # after every modifier (IP-M39-WHEN ...)
    # The advisor's estimate of one of its claims (base rule 25): what the claim does directly to
    # the claimant's own cards, [(card, new rank, new suit, new state or None)], or None when the
    # claim must be judged in full; called as ``estimate(state, claim, ruleset)``.
    estimate: Callable[[DealState, Claim, object], list | None] | None = None
    # The new real rank or suit a claim gives a card from the start of the advisor's try, as the
    # judge would after its rerun ({card seq: rebase}), or None: ``seed(state, claim)``.
    seed: Callable[[DealState, Claim], dict | None] | None = None
    # Inputs of ``reads`` read only under one reading of a point: (input, point id, reading). Under
    # every other reading the modifier does not look at them (:meth:`reads_under`).
    reads_when: tuple[tuple[str, str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.group not in GROUPS:
            raise RulesError(f"modifier {self.number}: unknown group {self.group!r}", value=self.group)
        if self.number not in GROUPS[self.group]:
            raise RulesError(f"modifier {self.number} is not in the seed group {self.group!r}",
                             value=self.number)
        if self.kind not in KINDS:
            raise RulesError(f"modifier {self.number}: kind {self.kind!r} is not one of {KINDS}",
                             value=self.kind)
        seed = _SEED_TEXTS[self.number]
        if not self.text_ru:
            object.__setattr__(self, "text_ru", seed)
        elif self.text_ru != seed:
            raise RulesError(f"modifier {self.number}: the Russian text differs from the seed",
                             value=self.number)
        unknown = set(self.reads) - READS
        if unknown:
            raise RulesError(f"modifier {self.number} reads unknown inputs {sorted(unknown)}",
                             value=sorted(unknown))
        stray = {fact for fact, _point, _reading in self.reads_when} - set(self.reads)
        if stray:
            raise RulesError(f"modifier {self.number} reads {sorted(stray)} under a reading but not in reads",
                             value=sorted(stray))
        unknown = set(self.does) - EFFECTS
        if unknown:
            raise RulesError(f"modifier {self.number} has unknown effects {sorted(unknown)}",
                             value=sorted(unknown))
        if self.apply is None and self.pattern is None and self.adjust is None and self.setup is None:
            raise RulesError(f"modifier {self.number} has no hook", value=self.number)

    @property
    def source(self) -> str:
        return f"M{self.number}"

    def reads_under(self, reading: Callable[[str], str]) -> frozenset[str]:
        """What it reads under the readings ``reading`` gives (point id -> reading): ``reads`` less
        the inputs of ``reads_when`` whose reading is not in force."""
        skipped = {fact for fact, point, wanted in self.reads_when if reading(point) != wanted}
        return frozenset(self.reads) - skipped

    @property
    def takes_claims(self) -> bool:
        return self.kind == "claim" or "claim_right" in self.does


_REGISTRY: dict[int, Modifier] = {}
_SOURCES = {n: f"M{n}" for n in range(1, 101)}


def register(mod: Modifier) -> Modifier:
    known = _REGISTRY.get(mod.number)
    if known is not None and known != mod:
        raise RulesError(f"modifier {mod.number} is registered twice", value=mod.number)
    _REGISTRY[mod.number] = mod
    return mod


def modifier(*, number: int, group: str, summary: str, reads: tuple[str, ...], does: tuple[str, ...],
             kind: str = "automatic", hook: str = "apply", pattern_last: bool = False,
             once_per_game: bool = False, readings: tuple[str, ...] = (), text_ru: str = "",
             options: Callable[[DealState, str], list] | None = None,
             reads_when: tuple[tuple[str, str, str], ...] = ()):
    """Decorator: register the function as modifier ``number``'s ``hook`` ("apply", "pattern",
    "adjust" or "setup") and return the function unchanged."""
    if hook not in ("apply", "pattern", "adjust", "setup"):
        raise RulesError(f"unknown modifier hook {hook!r}", value=hook)

    def wrap(fn):
        register(Modifier(number=number, group=group, summary=summary, reads=tuple(reads),
                          does=tuple(does), kind=kind, text_ru=text_ru, pattern_last=pattern_last,
                          once_per_game=once_per_game, readings=tuple(readings), options=options,
                          reads_when=tuple(reads_when), **{hook: fn}))
        return fn

    return wrap


def _attach(number: int, hook: str):
    """Decorator: give registered modifier ``number`` the function as its ``hook``."""

    def wrap(fn):
        mod = _REGISTRY.get(number)
        if mod is None:
            raise RulesError(f"modifier {number} is not registered", value=number)
        _REGISTRY[number] = replace(mod, **{hook: fn})
        return fn

    return wrap


def attach_options(number: int):
    """Decorator: give registered modifier ``number`` its advisor ``options`` function (for
    modifiers whose options are written after them in their module)."""
    return _attach(number, "options")


def attach_estimate(number: int):
    """Decorator: give registered modifier ``number`` the advisor's ``estimate`` of its claims."""
    return _attach(number, "estimate")


def attach_seed(number: int):
    """Decorator: give registered modifier ``number`` the advisor's ``seed`` of its claims' tries."""
    return _attach(number, "seed")


def attach_setup(number: int):
    """Decorator: give registered modifier ``number`` a ``setup`` hook besides its ``apply`` (a
    modifier whose default reading protects cards from the start and whose alternative acts at its
    turn)."""
    return _attach(number, "setup")


def attach_final(number: int):
    """Decorator: give registered modifier ``number`` a ``final`` hook, run after every modifier's
    ``apply`` hook (a reading that judges its condition, or applies its effect, on the deal as the
    last modifier left it)."""
    return _attach(number, "final")


_LOADED = False


def _load_groups() -> None:
    global _LOADED
    if _LOADED:
        return
    package = __name__.rsplit(".", 1)[0]
    for module in GROUP_MODULES.values():
        importlib.import_module(f"{package}.{module}")
    _LOADED = True


def registry() -> dict[int, Modifier]:
    """Every implemented modifier, by number (the group modules that exist are imported)."""
    _load_groups()
    return dict(sorted(_REGISTRY.items()))


_ORDERED: tuple[Modifier, ...] | None = None


def _ordered() -> tuple[Modifier, ...]:
    global _ORDERED
    if _ORDERED is None or len(_ORDERED) != len(_REGISTRY):
        _ORDERED = tuple(registry().values())
    return _ORDERED


def apply_adjustments(facts: DealFacts, readings: Readings, disabled: frozenset[int] = frozenset()) -> None:
    """The ``adjust`` hooks in number order, before any card state is set."""
    for mod in _ordered():
        if mod.adjust is not None and mod.number not in disabled:
            mod.adjust(facts, readings)


def apply_modifiers(state: DealState, disabled: frozenset[int] = frozenset()) -> None:
    """The ``apply`` hooks in number order (base rule 10). A modifier cancelled for the whole
    deal is skipped; ``disabled`` are modifiers a ruleset does not play."""
    cancelled = state.cancelled
    for mod in _setups(disabled):
        number = mod.number
        if number in cancelled and cancelled[number][1] is None:
            continue
        state.current = _SOURCES[number]
        mod.setup(state)
    for mod in _ordered():
        number = mod.number
        if mod.apply is None or number in disabled:
            continue
        if number in cancelled and cancelled[number][1] is None:
            continue
        state.current = _SOURCES[number]
        mod.apply(state)
    for mod in _finals(disabled):
        number = mod.number
        if number in cancelled and cancelled[number][1] is None:
            continue
        state.current = _SOURCES[number]
        mod.final(state)
    state.current = None


_FINALS: dict[tuple[int, frozenset[int]], tuple[Modifier, ...]] = {}


def _finals(disabled: frozenset[int]) -> tuple[Modifier, ...]:
    key = (len(_REGISTRY), disabled)
    found = _FINALS.get(key)
    if found is None:
        found = _FINALS[key] = tuple(m for m in _ordered() if m.final is not None and m.number not in disabled)
    return found


_SETUPS: dict[tuple[int, frozenset[int]], tuple[Modifier, ...]] = {}


def _setups(disabled: frozenset[int]) -> tuple[Modifier, ...]:
    key = (len(_REGISTRY), disabled)
    found = _SETUPS.get(key)
    if found is None:
        found = _SETUPS[key] = tuple(m for m in _ordered() if m.setup is not None and m.number not in disabled)
    return found


# ---------------------------------------------------------------------------- circle patterns
@dataclass(slots=True)
class DealtCard:
    """A card as the dealing sees it before any state: for the pattern hooks."""

    seq: int
    card: object          # rules.engines.cards.Card
    player: str
    circle: int
    pos: int
    open: bool

    def is_(self, rank: int, suit: str | None = None) -> bool:
        return self.card.rank == rank and (suit is None or self.card.suit == suit)


@dataclass(slots=True)
class PatternView:
    """What a ``pattern`` hook sees: the facts, the cards dealt so far and the pattern in force
    (a list of "open" / "dark" for circles 1..9, which the hook may change from ``frm`` on; the
    circles already dealt keep their kind)."""

    facts: DealFacts
    readings: Readings
    dealt: list[DealtCard]
    pattern: list[str]
    frm: int                                  # the first circle not yet dealt
    notes: list[tuple[str, tuple[str, ...], tuple[str, ...], str]] = field(default_factory=list)
    current: str = ""

    def circle(self, number: int) -> list[DealtCard]:
        return [c for c in self.dealt if c.circle == number]

    def nth_open(self, k: int) -> int | None:
        opens = [i + 1 for i, kind in enumerate(self.pattern) if kind == "open"]
        return opens[k - 1] if 0 < k <= len(opens) else None

    def is_dealt(self, circle: int) -> bool:
        return circle < self.frm

    def face_up(self) -> list[DealtCard]:
        return [c for c in self.dealt if c.open]

    def set(self, pattern: list[str] | tuple[str, ...], text: str = "") -> None:
        """Put ``pattern`` in force (the dealt circles keep their kind)."""
        new = [self.pattern[i] if i + 1 < self.frm else pattern[i] for i in range(len(self.pattern))]
        if new != self.pattern:
            self.notes.append((self.current, tuple(self.pattern), tuple(new), text))
            self.pattern[:] = new

    def reading(self, point_id: str) -> str:
        return self.readings[point_id]


def apply_patterns(view: PatternView, disabled: frozenset[int] = frozenset()) -> None:
    """The ``pattern`` hooks: in number order, then those that come last (modifier 5)."""
    for mod in _pattern_hooks(disabled):
        view.current = _SOURCES[mod.number]
        mod.pattern(view)
    view.current = ""


_PATTERN_HOOKS: dict[tuple[int, frozenset[int]], tuple[Modifier, ...]] = {}


def _pattern_hooks(disabled: frozenset[int]) -> tuple[Modifier, ...]:
    key = (len(_REGISTRY), disabled)
    found = _PATTERN_HOOKS.get(key)
    if found is None:
        hooks = [m for m in _ordered() if m.pattern is not None and m.number not in disabled]
        found = _PATTERN_HOOKS[key] = tuple([m for m in hooks if not m.pattern_last] +
                                            [m for m in hooks if m.pattern_last])
    return found
