"""Rulesets judged on the same machinery: the club rules v2.2.1 and the "Asprin evening".

``club-2.2.1`` is the club rulebook: the base rules with Tables 1-3 and every implemented
conditional modifier.

``asprin-evening`` is the evening of the seed's first part (``rules/dragon-variants.md``): the
book's dialogue names one evening's rules, and those replace the club's tables and conditional
modifiers. Kept from the club rules: dealing and its default pattern, base rule 1 (one suit
change per evening, the Game), base rules 3-6 and the 64 hands. The evening's own rules are
traced under their own sources ``E1``..``E9``:

E1 red Dragons are free on even deals; E2 Unicorns are free all evening; E3 every fifth deal the
card order is inverted; E4 Threes are dead all evening; E5 once a quad has won, its rank is dead
for the rest of the evening; E6 a Ten dealt face up in the first two open circles kills the
Sevens, a second such Ten cancels the first; E7 a Giant as the first face-up card deals one
more dark card (four open, five dark); E8 a natural hand beats an equal hand built with free
cards (base rule 6, as the club plays it). The evening's "the collision has no force all evening"
("расклад "столкновение" весь вечер не будет иметь силы, вот потому-то мы и не потрудились занести
его в список") is why the book's list leaves that hand out; the 64 hands have none such either
(three pairs whose suits match pair by pair count as the three pairs they are), so no hand is ever
played as a collision.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..cards import rank_name
from ..errors import RulesError
from .state import FREE, DealState

__all__ = ["Ruleset", "RULESETS", "ruleset"]

_ALL_MODIFIERS = frozenset(range(1, 101))


def _nothing(state: DealState) -> None:
    return None


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    disabled: frozenset[int] = frozenset()            # conditional modifiers not played
    club_tables: bool = True                          # base rules 2, 7, 15-21 with Tables 1-3
    readings: Mapping[str, str] = field(default_factory=dict)
    before_modifiers: Callable[[DealState], None] = _nothing
    after_modifiers: Callable[[DealState], None] = _nothing
    pattern: Callable[[object], None] | None = None   # a PatternView hook of its own


# ---------------------------------------------------------------------------- the Asprin evening
def _evening_states(state: DealState) -> None:
    number = state.facts.number
    if number % 5 == 0:
        state.set_order("cards", "inverted", "E3", text="every fifth deal")
    dead_ranks = {3}
    if state.history is not None:
        for deal in state.history.deals:
            for hand in deal.winning_hands:
                dead_ranks.update(c.rank for c in hand.quads())
    for c in state.cards:
        if c.real_rank in dead_ranks:
            state.kill(c, "E4" if c.real_rank == 3 else "E5",
                       text=f"{rank_name(c.real_rank)}s are dead this evening")
    for c in state.cards:
        if c.real_rank == 12:
            state.grant(c, FREE, "E2", text="Unicorns are free all evening")
        elif c.real_rank == 14 and c.red and number % 2 == 0:
            state.grant(c, FREE, "E1", text="red Dragons are free on even deals")
    early = {state.nth_open(1), state.nth_open(2)} - {None}
    tens = [c for c in state.face_up() if c.is_(10) and c.circle in early]
    if len(tens) == 1:
        ten = tens[0]
        for c in state.cards:
            if c.is_(7) and not (c.open and c.seq > ten.seq):
                state.kill(c, "E6", text=f"killed by the {ten.card}")
    elif len(tens) >= 2:
        state.note("void", tens[:2], "a second Ten cancels the first", source="E6")


def _evening_pattern(view) -> None:
    up = view.face_up()
    if not up or not up[0].is_(13):
        return
    opens = [i for i, kind in enumerate(view.pattern) if kind == "open" and i + 1 >= view.frm]
    if opens:
        new = list(view.pattern)
        new[opens[-1]] = "dark"
        view.current = "E7"
        view.set(new, f"the first face-up card is {up[0].card}")


RULESETS: dict[str, Ruleset] = {r.name: r for r in (
    Ruleset("club-2.2.1", "Club rules v2.2.1 (Yellow Crescent, Bazaar-on-Deva, 2003)"),
    Ruleset("asprin-evening", "An Asprin evening (the book's dialogue)", disabled=_ALL_MODIFIERS,
            club_tables=False, before_modifiers=_evening_states, pattern=_evening_pattern),
)}


def ruleset(name: str | Ruleset) -> Ruleset:
    if isinstance(name, Ruleset):
        return name
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        raise RulesError(f"unknown ruleset {name!r} (one of {', '.join(RULESETS)})", value=name)
