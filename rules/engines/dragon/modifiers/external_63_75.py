"""Conditional modifiers 63-75 of the seed's group "Внешние" (external factors): drinks (63, 64),
the room (65, 72), the sexes (73), the dimensions the players come from (74, 75) and things of the
deal itself (66-71: the Two of spades, ranks stepping in a player's open circles, a card three
modifiers acted on).

The conventions of the group are in :mod:`.external`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import product

from ...cards import lower_rank, opposite_suit, raise_rank
from ...errors import RulesError
from ..state import FREE, HOME, NATURAL, WILD, CardState, Claim, DealState, rule_source
from .base import PatternView, attach_final, modifier, registry
from .common import incdec_target, natural_card, once_each, wild_even_if_dead
from .external_common import circle_cards, table_player

__all__ = ["room_closed", "steps_by", "m71_counted"]


# ---------------------------------------------------------------------------- M63, M64
def _m63_fires_for(state: DealState, c: CardState) -> bool:
    drinks = {p: table_player(state, p).drink for p in state.players}
    soft = [p for p, d in drinks.items() if d == "soft"]
    mode = state.reading("IP-M63-OTHER")
    if mode == "not_recipient":
        return any(p != c.player for p in soft)
    if mode == "with_alcohol":
        return bool(soft) and any(d == "alcohol" for d in drinks.values())
    if mode == "not_dealer":
        return any(p != state.facts.dealer for p in soft)
    return bool(soft)


@modifier(number=63, group="external",
          summary="A player drinks a soft drink: the Twos of the second open circle die instead of "
                  "becoming wild, and the Threes of the third circle are home in any case.",
          reads=("drink", "circles", "card_states"), does=("kill", "home", "revive"),
          readings=("IP-M63-OTHER", "IP-M63-THIRD-CIRCLE", "IP-M63-REGARDLESS"))
def m63(state: DealState) -> None:
    if not any(table_player(state, p).drink == "soft" for p in state.players):
        return
    why = "a player drinks a soft drink"
    killed = []
    for c in circle_cards(state, state.nth_open(2)):
        if c.is_(2) and _m63_fires_for(state, c) and state.kill(c, text=f"{why}: the Two dies, not wild"):
            killed.append(c)
    state.marks["M63"] = killed
    third = 3 if state.reading("IP-M63-THIRD-CIRCLE") == "third_circle" else state.nth_open(3)
    everything = state.reading("IP-M63-REGARDLESS") == "over_everything"
    for c in circle_cards(state, third):
        if not c.is_(3) or not _m63_fires_for(state, c):
            continue
        if c.dead:
            if rule_source(c.killed_by or "") and not everything:
                continue
            state.revive(c, into=HOME, text=f"{why}: home in any case")
        elif c.state != HOME:
            if c.state != NATURAL and rule_source(c.state_source or "") and not everything:
                continue
            state.grant(c, HOME, override=True, text=f"{why}: home in any case")
        if c.state == HOME:
            state.freeze(c, text="home regardless of other modifiers")


def _m91_condition(drinks: list[str], state: DealState) -> bool:
    """Modifier 91's condition (players drink alcohol), as its IP-M91-WHO reads it when the natural
    group is played."""
    try:
        who = state.reading("IP-M91-WHO")
    except RulesError:
        who = "any_player"
    alcohol = drinks.count("alcohol")
    if who == "all_players":
        return alcohol == len(drinks)
    if who == "majority":
        return alcohol * 2 > len(drinks)
    return alcohol > 0


@modifier(number=64, group="external",
          summary="More than 3 players with soft drinks: the Twos modifier 91 makes wild are home instead, "
                  "and the diamond honors of dark circles are free.",
          reads=("drink", "circles", "card_states", "modifiers"), does=("home", "revive", "free"),
          readings=("IP-M64-M91-REF", "IP-M64-VS-63"))
def m64(state: DealState) -> None:
    drinks = [table_player(state, p).drink for p in state.players]
    soft = drinks.count("soft")
    if soft <= 3:
        return
    why = f"{soft} players drink soft drinks"
    if _m91_condition(drinks, state) or state.reading("IP-M64-M91-REF") == "m91_cards":
        stands = state.reading("IP-M64-VS-63") == "m63_kill_stands"
        for c in circle_cards(state, state.nth_open(2)):
            if not c.is_(2):
                continue
            if c.dead:
                if stands and c.killed_by == "M63":
                    continue
                state.revive(c, into=HOME, text=f"{why}: a Two of modifier 91 is home")
            elif natural_card(c):
                state.grant(c, HOME, text=f"{why}: a Two of modifier 91 is home")
    for c in state.cards:
        if not c.open and c.real_suit == "d" and c.honor and natural_card(c):
            state.grant(c, FREE, text=f"{why}: a diamond honor in a dark circle")


# ---------------------------------------------------------------------------- M65, M66
def room_closed(state: DealState) -> bool:
    """Modifier 65's condition (and 66's under IP-M66-INDEPENDENT ``only_with_65``), as IP-M65-CLOSED reads it."""
    room = state.table.room
    reading = state.reading("IP-M65-CLOSED")
    if reading == "doors_closed":
        return room.doors_closed if room.doors_closed is not None else room.closed_room
    if reading == "whole_sitting":
        return room.closed_room and room.closed_throughout is not False
    return room.closed_room


@modifier(number=65, group="external",
          summary="A closed room: the diamond honors of the second and third open circles are free.",
          reads=("room", "circles", "card_states"), does=("free",), readings=("IP-M65-CLOSED",))
def m65(state: DealState) -> None:
    if not room_closed(state):
        return
    for number in (state.nth_open(2), state.nth_open(3)):
        for c in circle_cards(state, number):
            if c.real_suit == "d" and c.honor and natural_card(c):
                state.grant(c, FREE, text="the room is closed")


@modifier(number=66, group="external",
          summary="The Two of spades in the third open circle cancels modifier 65 and is wild.",
          reads=("circles", "card_states", "room", "modifiers"), does=("cancel", "wild", "revive"),
          readings=("IP-M66-INDEPENDENT", "IP-M66-DEAD-TWO", "IP-M65-CLOSED"),
          reads_when=(("room", "IP-M66-INDEPENDENT", "only_with_65"),))
def m66(state: DealState) -> None:
    twos = [c for c in circle_cards(state, state.nth_open(3)) if c.is_(2, "s")]
    if not twos:
        return
    # Under only_with_65 the modifier is 65's sequel: in a room not closed 65 does not act and there is
    # nothing to cancel, so 66 does nothing at all (and reads the room only here, ``reads_when``).
    if state.reading("IP-M66-INDEPENDENT") == "only_with_65" and not room_closed(state):
        return
    state.cancel(65, text=f"the {twos[0].card} showed in the third open circle")
    for c in twos:
        wild_even_if_dead(state, c, "IP-M66-DEAD-TWO", "shown in the third open circle")


# ---------------------------------------------------------------------------- M67 - M70
def steps_by(ranks: list[int], step: int, wrap: bool) -> bool:
    """Whether ``ranks`` (real ranks, any order) are distinct and step by ``step`` once sorted
    (cyclically over the 13 ranks when ``wrap``)."""
    idx = sorted(r - 2 for r in ranks)
    if len(set(idx)) != len(idx):
        return False
    if not wrap:
        return all(b - a == step for a, b in zip(idx, idx[1:], strict=False))
    have = set(idx)
    return any(all((start + k * step) % 13 in have for k in range(len(idx))) for start in have)


def _open_cards(state: DealState, player: str) -> list[CardState]:
    return [c for c in state.hand(player) if c.open]


def _groups(cards: list[CardState], step: int, wrap: bool, count: str, contiguous: bool,
            circles: bool) -> list[list[CardState]]:
    """The player's open-card groups whose ranks step by ``step`` (dealing order kept)."""
    n = len(cards)
    sizes: Iterable[int] = {"three_sorted_step": (3,), "two_cards": (2,)}.get(count, range(n, 1, -1))
    taken: list[set[int]] = []
    out: list[list[CardState]] = []
    ranks = [c.real_rank for c in cards]
    for k in sizes:
        if k > n:
            continue
        if contiguous:
            index_sets: Iterable[tuple[int, ...]] = [tuple(range(i, i + k)) for i in range(n - k + 1)]
        else:
            index_sets = _stepping_sets(ranks, k, step, wrap)
        span = step * (k - 1)
        for ix in index_sets:
            if contiguous and not wrap:
                window = [ranks[i] for i in ix]
                if max(window) - min(window) != span:
                    continue
            group = [cards[i] for i in ix]
            if circles and any(b.circle != a.circle + 1 for a, b in zip(group, group[1:], strict=False)):
                continue
            if not steps_by([ranks[i] for i in ix], step, wrap):
                continue
            if count == "any_length" and any(set(ix) <= t for t in taken):
                continue
            taken.append(set(ix))
            out.append(group)
    return out


def _stepping_sets(ranks: list[int], k: int, step: int, wrap: bool) -> list[tuple[int, ...]]:
    """The index sets of ``k`` cards whose ranks step by ``step``, in the order
    ``itertools.combinations`` gives them: built from the ranks present rather than by trying
    every combination (the hot path of modifiers 67-69)."""
    at: dict[int, list[int]] = {}
    for i, r in enumerate(ranks):
        at.setdefault(r - 2, []).append(i)
    found: set[tuple[int, ...]] = set()
    for start in at:
        want = [(start + j * step) % 13 if wrap else start + j * step for j in range(k)]
        if len(set(want)) != k or any(w not in at for w in want):
            continue
        for pick in product(*(at[w] for w in want)):
            found.add(tuple(sorted(pick)))
    return sorted(found)


def _combo(state: DealState, number: int, player: str, group: list[CardState]) -> None:
    state.marks.setdefault("M67-69", []).append((number, player, tuple(group)))  # type: ignore[union-attr]


def _combo_changed(state: DealState, number: int, player: str, group: list[CardState], since: int) -> None:
    """Mark the combination for IP-M70-APPLICABLE ``changed_a_card`` when its firing changed a card:
    a trace entry since index ``since`` whose before and after differ (a revival, a status, a role, a
    rank). Refusals (base rules 14, 22) and freezes change nothing."""
    if any(e.before != e.after for e in state.trace[since:]):
        state.marks.setdefault("M67-69-changed", []).append(  # type: ignore[union-attr]
            (number, player, tuple(group)))


def _revive_keep(state: DealState, c: CardState, why: str) -> None:
    if c.dead:
        state.revive(c, undo=True, text=why)


def _incdec_target(state: DealState, rule: str, modifying: CardState, role: str, claims: list[Claim]) -> None:
    """The card an incrementing / decrementing card changes (IP-INCDEC-TARGET): its owner's
    named card (a claim), a named card of any player (``any_player``), or every natural card of his."""
    player = modifying.player
    mine = [c for c in claims if c.player == player and (c.card is None or c.card == modifying.card)]
    if state.reading("IP-INCDEC-TARGET") == "all_own_natural":
        chosen = [c for c in state.hand(player) if c is not modifying and natural_card(c)]
    else:
        chosen = []
        for claim in mine[:1]:
            if claim.target is None:
                state.refuse(claim, f"{rule} needs the card the {modifying.card} changes")
            t = incdec_target(state, claim)
            if t is modifying or t.dead:
                state.refuse(claim, f"{claim.target} cannot be changed by the {modifying.card}")
            chosen.append(t)
    for claim in mine:
        claims.remove(claim)
    if chosen and state.reading("IP-M68-KEEP") == "keeps_existing":
        state.use_as_modifying(modifying)
    step = 1 if role == "incrementing" else -1
    for t in chosen:
        state.change_rank(t, raise_rank(t.rank, step), real=True, override=True,
                          text=f"{role[:-3]}ed by the {modifying.card}")


@modifier(number=67, group="external",
          summary="Three cards of adjacent ranks in a row in a player's open circles: the middle one "
                  "revives and is home.",
          reads=("circles", "card_states"), does=("revive", "home"),
          readings=("IP-M67-MIDDLE", "IP-M67-IN-A-ROW", "IP-M67-WRAP", "IP-M67-OVERLAP"))
def m67(state: DealState) -> None:
    wrap = state.reading("IP-M67-WRAP") == "wrap"
    circles = state.reading("IP-M67-IN-A-ROW") == "consecutive_circles"
    overlap = state.reading("IP-M67-OVERLAP")
    by_rank = state.reading("IP-M67-MIDDLE") == "middle_rank"
    for player in state.players:
        groups = _groups(_open_cards(state, player), 1, wrap, "three_sorted_step", True, circles)
        used: set[int] = set()
        for i, group in enumerate(groups):
            if overlap == "first_triple" and i > 0:
                break
            if overlap == "non_overlapping" and used & {c.seq for c in group}:
                continue
            used |= {c.seq for c in group}
            _combo(state, 67, player, group)
            since = len(state.trace)
            middle = sorted(group, key=lambda c: c.real_rank)[1] if by_rank else group[1]
            why = "the middle of " + " ".join(str(c.card) for c in group)
            if middle.dead:
                state.revive(middle, into=HOME, text=why)
            elif natural_card(middle):
                state.grant(middle, HOME, text=why)
            _combo_changed(state, 67, player, group, since)


def _incdec_modifier(state: DealState, number: int, step: int, role: str, pick: Callable[[list], CardState],
                     count: str, contiguous: bool, wrap: bool, circles: bool) -> None:
    rule = f"M{number}"
    claims = state.claims_for(rule)
    for player in state.players:
        for group in _groups(_open_cards(state, player), step, wrap, count, contiguous, circles):
            _combo(state, number, player, group)
            since = len(state.trace)
            c = pick(group)
            why = " ".join(str(x.card) for x in group)
            _revive_keep(state, c, why)
            if not c.dead:
                if c.role != role:
                    state.set_role(c, role, text=f"{why}: {role}")
                if c.role == role:
                    _incdec_target(state, rule, c, role, claims)
            _combo_changed(state, number, player, group, since)
    for claim in claims:   # every modifying card takes the claims naming it (or none): alike for that card
        state.refuse(claim, f"{rule} gives {claim.player} no such right", alike=("card",))


@modifier(number=68, group="external",
          summary="Cards whose ranks step by 2 in a row in a player's open circles: the last revives and "
                  "is incrementing, keeping its other states.",
          reads=("circles", "card_states", "claims"), does=("revive", "incrementing", "rank", "claim_right"),
          readings=("IP-M68-COUNT", "IP-M67-IN-A-ROW", "IP-M68-WRAP", "IP-M68-KEEP", "IP-INCDEC-TARGET"))
def m68(state: DealState) -> None:
    _incdec_modifier(state, 68, 2, "incrementing", lambda g: g[-1], state.reading("IP-M68-COUNT"), True,
                     state.reading("IP-M68-WRAP") == "wrap",
                     state.reading("IP-M67-IN-A-ROW") == "consecutive_circles")


@modifier(number=69, group="external",
          summary="Cards whose ranks step by 3 in a player's open circles: the first revives and is "
                  "decrementing, keeping its other states.",
          reads=("circles", "card_states", "claims"), does=("revive", "decrementing", "rank", "claim_right"),
          readings=("IP-M69-IN-A-ROW", "IP-M69-COUNT", "IP-M69-WRAP", "IP-M68-KEEP", "IP-INCDEC-TARGET"))
def m69(state: DealState) -> None:
    _incdec_modifier(state, 69, 3, "decrementing", lambda g: g[0], state.reading("IP-M69-COUNT"),
                     state.reading("IP-M69-IN-A-ROW") == "in_a_row", state.reading("IP-M69-WRAP") == "wrap",
                     False)


@modifier(number=70, group="external", kind="claim",
          summary="Modifiers 67-69 apply to two or more players: every other player may make home one of "
                  "his honors whose suit is absent from one of their combinations.",
          reads=("card_states", "claims", "modifiers"), does=("home", "claim_right"),
          readings=("IP-M70-APPLICABLE", "IP-M70-ABSENT"))
def m70(state: DealState) -> None:
    claims = state.claims_for("M70")
    if not claims:
        return
    applicable = state.reading("IP-M70-APPLICABLE")
    # Under changed_a_card a combination whose firing changed no card is not one "involved".
    key = "M67-69-changed" if applicable == "changed_a_card" else "M67-69"
    combos: list[tuple[int, str, tuple[CardState, ...]]] = state.marks.get(key, [])  # type: ignore[assignment]
    players = {p for _n, p, _g in combos}
    if applicable == "same_modifier_two_players":
        fires = any(len({p for n, p, _g in combos if n == m}) >= 2 for m in (67, 68, 69))
    else:
        fires = len(players) >= 2
    if not fires:
        for claim in claims:
            state.refuse(claim, "modifiers 67-69 do not apply to two players")
    suits = [{c.real_suit for c in group} for _n, _p, group in combos]
    absent_all = state.reading("IP-M70-ABSENT") == "absent_from_all"
    seen: set[str] = set()
    for claim in claims:
        if claim.player in players:
            state.refuse(claim, f"{claim.player} has a combination of modifiers 67-69")
        once_each(state, seen, claim, "modifier 70 makes one honor home")
        if claim.card is None:
            state.refuse(claim, "modifier 70 needs the honor to make home")
        c = state.find(claim.player, claim.card)
        if not (c.honor and natural_card(c)):
            state.refuse(claim, f"{claim.card} is not a natural honor")
        absent = [c.real_suit not in s for s in suits]
        if not (all(absent) if absent_all else any(absent)):
            state.refuse(claim, f"the suit of {claim.card} is in {'a' if absent_all else 'every'} combination")
        state.grant(c, HOME, text=f"{claim.player}'s claim: modifiers 67-69 apply to {len(players)} players")


# ---------------------------------------------------------------------------- M71
def m71_counted(mods: Iterable[int], which: str = "any_three") -> int:
    """How many of the modifiers ``mods`` that acted on a card count for modifier 71 (IP-M71-WHICH)."""
    if which == "claimed_only":
        known = registry()
        return sum(1 for n in mods if n in known and known[n].kind == "claim")
    return len(tuple(mods))


@modifier(number=71, group="external", kind="claim",
          summary="A player with a card three modifiers acted on may declare one of his dead cards revived.",
          reads=("card_states", "claims", "modifiers"), does=("revive", "claim_right"),
          readings=("IP-M71-WHICH", "IP-M71-WHEN", "IP-REVIVE-RULE-KILLS"))
def m71(state: DealState) -> None:
    """Which kills the revival undoes is IP-REVIVE-RULE-KILLS (the notes' IP-M71-RULE-KILLS); under
    IP-M71-WHEN ``whole_deal`` the claims are judged after every modifier (``_m71_final``)."""
    if state.reading("IP-M71-WHEN") == "at_its_turn":
        _m71_revive(state)


@attach_final(71)
def _m71_final(state: DealState) -> None:
    if state.reading("IP-M71-WHEN") == "whole_deal":
        _m71_revive(state)


def _m71_revive(state: DealState) -> None:
    seen: set[str] = set()
    which = state.reading("IP-M71-WHICH")
    for claim in state.claims_for("M71"):
        once_each(state, seen, claim, "modifier 71 revives one card")
        triple = [c for c in state.hand(claim.player) if m71_counted(c.mods, which) >= 3]
        if not triple:
            state.refuse(claim, f"no card of {claim.player} has had three modifiers applied")
        if claim.card is None:
            state.refuse(claim, "modifier 71 needs the dead card to revive")
        c = state.find(claim.player, claim.card)
        if not c.dead:
            state.refuse(claim, f"{claim.card} is not dead")
        if not state.revive(c, undo=False, text=f"three modifiers acted on {triple[0].card}"):
            state.refuse(claim, f"{claim.card} cannot be revived")


# ---------------------------------------------------------------------------- M72, M73
@modifier(number=72, group="external",
          summary="An odd number of exits: the Fours of the second open circle are home, and the Unicorns "
                  "of the last open circle are wild when it is the ninth circle.",
          reads=("room", "circles", "card_states"), does=("home", "wild"), readings=("IP-M72-NINTH",))
def m72(state: DealState) -> None:
    exits = state.table.room.exits
    if exits is None or exits % 2 == 0:       # not counted: the neutral default
        return
    why = f"{exits} exits"
    for c in circle_cards(state, state.nth_open(2)):
        if c.is_(4) and natural_card(c):
            state.grant(c, HOME, text=why)
    last = state.last_open
    final = len(state.pattern)
    if last == final and (final == 9 or state.reading("IP-M72-NINTH") == "final_circle"):
        for c in state.circle(last):
            if c.is_(12) and natural_card(c):
                state.grant(c, WILD, text=f"{why}: the last open circle is the ninth")


@modifier(number=73, group="external",
          summary="An even number of players of one sex: the foskas of the third open circle invert the "
                  "opposite suit.",
          reads=("sex", "circles", "card_states"), does=("suit",), readings=("IP-M73-SUIT", "IP-M73-EVEN"))
def m73(state: DealState) -> None:
    sexes = [table_player(state, p).sex for p in state.players]
    if None in sexes:       # an unrecorded sex: no count of either sex is known
        return
    zero = state.reading("IP-M73-EVEN") == "zero_counts"
    if not any(sexes.count(s) % 2 == 0 and (zero or sexes.count(s) > 0) for s in ("m", "f")):
        return
    mode = state.reading("IP-M73-SUIT")
    fosks = [c for c in circle_cards(state, state.nth_open(3)) if c.fosk and natural_card(c)]
    why = "an even number of players of one sex"
    if mode == "own_to_opposite":
        for c in fosks:
            state.change_suit(c, opposite_suit(c.real_suit), text=f"{why}: third open circle")
        return
    changed: set[int] = {c.seq for c in fosks}
    for f in fosks:
        pool = state.hand(f.player) if mode == "recipient_opposite_to_own" else state.cards
        for c in pool:
            if c.seq not in changed and c.real_suit == opposite_suit(f.real_suit) and natural_card(c):
                changed.add(c.seq)
                state.change_suit(c, f.real_suit, text=f"{why}: inverted by the {f.card}")


# ---------------------------------------------------------------------------- M74
def _m74_groups(state: DealState) -> list[list[str]]:
    by_dim: dict[str, list[str]] = {}
    for p in state.players:
        dim = table_player(state, p).dimension.strip().casefold()
        if dim:
            by_dim.setdefault(dim, []).append(p)
    return [ps for ps in by_dim.values() if len(ps) > 2]


@modifier(number=74, group="external",
          summary="More than 2 players from one dimension: each must raise a red honor by 1, else lower a "
                  "black honor, else a black fosk; a player none of this applies to may declare a card wild.",
          reads=("dimension", "card_states", "claims"),
          does=("rank", "incrementing", "decrementing", "wild", "claim_right"),
          readings=("IP-M74-OTHERWISE", "IP-M74-INCREMENT", "IP-M74-CANDIDATES", "IP-MANDATORY-CLAIM",
                    "IP-INCDEC-TARGET"))
def m74(state: DealState) -> None:
    claims = state.claims_for("M74")
    groups = _m74_groups(state)
    members = {p for g in groups for p in g}
    otherwise = state.reading("IP-M74-OTHERWISE")
    any_live = state.reading("IP-M74-CANDIDATES") == "any_live_card"
    make_role = state.reading("IP-M74-INCREMENT") == "make_incrementing"
    mine: dict[str, Claim] = {}
    for claim in claims:
        if claim.player in mine:
            state.refuse(claim, "modifier 74 acts on one card per player")
        mine[claim.player] = claim
    wild_right: set[str] = set()
    for p in state.players:
        if p not in members:
            continue
        ok = [c for c in state.hand(p) if (c.live if any_live else natural_card(c))]
        cascade = (([c for c in ok if c.honor and c.red], 1, "a red honor"),
                   ([c for c in ok if c.honor and c.black], -1, "a black honor"),
                   ([c for c in ok if c.fosk and c.black], -1, "a black fosk"))
        cands, step, name = next(((cs, st, nm) for cs, st, nm in cascade if cs), ([], 0, ""))
        if not cands:
            if otherwise == "member_without_targets":
                wild_right.add(p)
            continue
        claim = mine.pop(p, None)
        if claim is not None:
            if claim.card is None:
                state.refuse(claim, f"modifier 74 needs {name} of {p}")
            c = state.find(p, claim.card)
            if c not in cands:
                state.refuse(claim, f"{claim.card} is not {name} {p} must change first")
        else:
            if state.reading("IP-MANDATORY-CLAIM") == "refuse":
                raise RulesError(f"M74 obliges {p} to change {name}, and no claim was declared",
                                 value="M74", rule="M74")
            c = cands[0]
        why = f"{p} is one of {len(next(g for g in groups if p in g))} players from one dimension"
        if make_role:
            state.set_role(c, "incrementing" if step > 0 else "decrementing", text=why)
            if claim is not None and claim.target is not None:
                _incdec_target(state, "M74", c, c.role or "incrementing", [claim])
        else:
            state.change_rank(c, raise_rank(c.rank, 1) if step > 0 else lower_rank(c.rank, 1),
                              override=any_live, text=f"{why}: {name} changed by 1")
    if otherwise == "outside_group" and groups:
        wild_right |= set(state.players) - members
    if otherwise == "no_group" and not groups:
        wild_right |= set(state.players)
    for p, claim in mine.items():
        if p not in wild_right:
            state.refuse(claim, f"modifier 74 gives {p} no right to declare a card wild")
        if claim.card is None:
            state.refuse(claim, "modifier 74 needs the card to declare wild")
        c = state.find(p, claim.card)
        if c.dead:
            state.refuse(claim, f"{claim.card} is dead")
        state.grant(c, WILD, override=True, text=f"{p}'s declaration: no condition of modifier 74 applies to him")


# ---------------------------------------------------------------------------- M75
_M75_PATTERN = ("open", "dark", "dark", "open", "open", "open", "open", "open", "dark")


def _all_dimensions_differ(players) -> bool:
    dims = [p.dimension.strip().casefold() for p in players]
    return all(dims) and len(set(dims)) == len(dims)


@modifier(number=75, group="external", hook="pattern",
          summary="Every player from a different dimension: every third deal has its first circle open "
                  "(o,d,d,o,o,o,o,o,d).",
          reads=("dimension", "deal_number", "circles"), does=("pattern",),
          readings=("IP-M75-EVERY-THIRD", "IP-M75-PATTERN", "IP-M75-RULE15"))
def m75(view: PatternView) -> None:
    """In a deal base rule 15 deals all dark, the dealing runs this hook alone, and only under
    IP-M75-RULE15 ``m75_wins`` (``deal.Dealing._predict``)."""
    if not _all_dimensions_differ(view.facts.table.players):
        return
    residue = 0 if view.reading("IP-M75-EVERY-THIRD") == "multiples_of_3" else 1
    if view.facts.number % 3 != residue:
        return
    why = f"every player from a different dimension, deal {view.facts.number}"
    if view.reading("IP-M75-PATTERN") == "whole_pattern":
        view.set(_M75_PATTERN, why)
        return
    new = list(view.pattern)
    new[0] = "open"
    view.set(new, why)
