"""Conditional modifiers 34-46, the seed's group "Карты" (cards).

Conventions (``rules/modifiers/26-50-deal-cards-time.md``): trigger cards are read by their real
rank and suit (base rules 13 and 24), dead cards excepted unless the text asks for a dead card
(39, 42-44); conditions are judged on the state reached so far (base rule 10). Modifier 34 lasts
the deal in which it fires and the two following deals of the Game and is cumulative: each
firing keeps its set of ranks in the deal's ``carry`` under "M34", and a later deal reads the
sets of the two deals before it from the history. Modifier 33 (in ``deal_26_33.py``) cancels 34 for
two deals, and a claim under 35 for one.

Modifiers 38-40 cancel 36 and 37, which act earlier in number order: base rule 11 lets the
higher number stand, so the state applies the modifiers again with the cancellation in force.
A modifier is cancelled once per deal, so when 39 and 40 both fire the first of them to act
cancels, for both, the ranks the two exempt together.
"""

from __future__ import annotations

from collections.abc import Callable

from ...cards import lower_rank, raise_rank
from ...readings import declare
from ..state import FREE, HOME, NATURAL, WILD, CardState, Claim, DealState, Rerun, rule_source
from .base import attach_estimate, attach_final, attach_options, modifier
from .common import claims_by_player, incdec_target, natural_card, stepped_target
from .points_cards import POINTS

__all__ = ["m34_ranks", "m41_shown", "alliances"]


declare("dragon", POINTS)  # the group's interpretation points, data in points_cards.py


def _one_claim(state: DealState, rule: str, claims: list[Claim]) -> dict[str, Claim]:
    """One claim per player under ``rule``: a second one is refused."""
    mine: dict[str, Claim] = {}
    for claim in claims:
        if claim.player in mine:
            state.refuse(claim, f"{rule} gives {claim.player} one choice")
        mine[claim.player] = claim
    return mine


# ---------------------------------------------------------------------------- M34
_M34_SETS = {"high": (8, 9, 10), "three": (2, 3, 4), "two": (5, 6, 7)}


def m34_ranks(number: int, players: int, zero: str = "zero_is_multiple", replace: str = "replace") -> frozenset[int]:
    """The ranks whose wild cards one firing of modifier 34 cancels in deal ``number``.

    Four players: deals 1, 5 -> 8-10; 2, 6 -> 5-7; 3, 7 -> 2-4; 4, 8 -> 2-7."""
    r = number % players
    counts = r != 0 or zero == "zero_is_multiple"
    ranks: set[int] = set()
    if counts and r % 3 == 0:
        ranks.update(_M34_SETS["three"])
    if counts and r % 2 == 0:
        ranks.update(_M34_SETS["two"])
    if not ranks or replace == "add":
        ranks.update(_M34_SETS["high"])
    return frozenset(ranks)


def _m34_fires(state: DealState) -> bool:
    images = state.table.room.saint_images
    return images % 2 == 1


def _m34_own(state: DealState) -> frozenset[int]:
    if not _m34_fires(state):
        return frozenset()
    return m34_ranks(state.facts.number, state.facts.players, state.reading("IP-M34-ZERO"),
                     state.reading("IP-M34-REPLACE"))


def _m33_covered(state: DealState) -> set[int]:
    """The deals of this Game in which modifier 33 took 34 out (its two-deal windows)."""
    covered: set[int] = set()
    for deal, last in state.history.carried("M33"):
        covered.update(range(deal, last + 1))    # type: ignore[arg-type,operator]
    return covered


def _m34_carried(state: DealState) -> dict[int, frozenset[int]]:
    """The sets of the two previous deals of the Game (deal number -> ranks). Under IP-M33-CARRY
    ``pause_windows`` the deals modifier 33 covered do not count: a set acts in the two following deals
    33 left to 34."""
    if state.history is None:
        return {}
    number = state.facts.number
    if state.reading("IP-M34-GAME") == "carries":
        kept = state.history.carried_across("M34")      # the previous Game's last deal is deal 0
    else:
        kept = state.history.carried("M34")
    if state.reading("IP-M33-CARRY") == "pause_windows":
        covered = _m33_covered(state)
        return {deal: frozenset(value) for deal, value in kept  # type: ignore[arg-type]
                if deal < number and sum(1 for d in range(deal + 1, number) if d not in covered) < 2}
    return {deal: frozenset(value) for deal, value in kept  # type: ignore[arg-type]
            if number - 2 <= deal < number}


@modifier(number=34, group="cards",
          summary="An odd number of saint images cancels wild Eights-Tens (deal number mod players a "
                  "multiple of 3: Twos-Fours; of 2: Fives-Sevens), for this deal and the next two, "
                  "cumulatively.",
          reads=("room", "deal_number", "players", "history", "card_states"), does=("unwild", "ban"),
          readings=("IP-M34-SOURCE", "IP-M34-ZERO", "IP-M34-REPLACE", "IP-M34-CARRY", "IP-M34-LATER",
                    "IP-M34-GAME", "IP-M33-CARRY"))
def m34(state: DealState) -> None:
    # IP-M33-CARRY suppress_new_only: modifier 33 leaves 34 the sets of the deals before, no new one.
    suppressed = "M33" in state.marks
    own = frozenset() if suppressed else _m34_own(state)
    ranks = set(own)
    if own:
        state.carry["M34"] = sorted(own)
    carried = _m34_carried(state)
    if own or state.reading("IP-M34-CARRY") == "persist" or (suppressed and _m34_fires(state)):
        for value in carried.values():
            ranks.update(value)
    if not ranks:
        return
    deals = sorted({*carried, *([state.facts.number] if own else [])})
    names = [str(d) if d > 0 else "the previous Game's last" + ("" if d == 0 else f" but {-d}") for d in deals]
    why = f"ranks {sorted(ranks)} cancelled by the sets of deal(s) {', '.join(names)}"
    if own:
        state.note("fired", (), f"{state.table.room.saint_images} saint image(s): {why}")
    only_modifiers = state.reading("IP-M34-SOURCE") == "modifier_made_only"
    for c in state.cards:
        if c.state != WILD or c.real_rank not in ranks:
            continue
        if only_modifiers and rule_source(c.state_source or "B"):
            continue
        state.strip(c, WILD, text=why)
    if state.reading("IP-M34-LATER") == "standing_ban":
        banned = frozenset(ranks)
        state.ban(WILD, lambda c: c.real_rank in banned, text=f"{why}: no card of these ranks becomes wild")


# ---------------------------------------------------------------------------- M35 (claim)
@modifier(number=35, group="cards", kind="claim",
          summary="A player holding a wild Seven of spades, shown before the betting, cancels modifier "
                  "34 for the current deal.",
          reads=("card_states", "claims", "modifiers", "room", "history"), does=("cancel", "claim_right"),
          readings=("IP-M35-ORDER", "IP-M35-SCOPE", "IP-M35-CARRY"))
def m35(state: DealState) -> None:
    claims = state.claims_for("M35")
    before_34 = state.reading("IP-M35-ORDER") == "before_34"
    for claim in claims:
        if not claim.shown_before_betting:
            state.refuse(claim, "the wild Seven of spades must be shown before the betting begins")
        if claim.card is not None and (claim.card.rank, claim.card.suit) != (7, "s"):
            state.refuse(claim, "modifier 35 is claimed with the Seven of spades")
        sevens = [c for c in state.hand(claim.player) if c.is_(7, "s")
                  and (c.state == WILD or (before_34 and c.state_source == "M34" and c.stripped_from))]
        if not sevens:
            state.refuse(claim, f"{claim.player} holds no wild Seven of spades")
        if state.reading("IP-M35-SCOPE") == "claimant_only":
            player = claim.player
            state.cancel(34, only=lambda c, p=player: c.player == p,
                         text=f"{player} shows the wild {sevens[0].card}: 34 spares his cards")
            continue
        known = state.cancelled.get(34)
        if known is not None and known[0] != state.current:
            state.note("void", sevens[:1], f"modifier 34 is already cancelled by {known[0]}")
            continue
        state.cancel(34, text=f"{claim.player} shows the wild {sevens[0].card}")
        own = _m34_own(state)
        if own and state.reading("IP-M35-CARRY") == "firing_still_counts":
            state.carry["M34"] = sorted(own)
        else:
            state.carry.pop("M34", None)


# ---------------------------------------------------------------------------- M36 - M40
@modifier(number=36, group="cards",
          summary="With animals in the room, a Giant in the second open circle revives the dead honors "
                  "among its holder's dark cards.",
          reads=("room", "circles", "card_states"), does=("revive", "protect"), readings=("IP-M36-LATER-KILLS",))
def m36(state: DealState) -> None:
    if not state.table.room.animals:            # none, or not counted
        return
    second = state.nth_open(2)
    if second is None:
        return
    for giant in state.circle(second):
        if not giant.is_(13) or giant.dead:
            continue
        targets = [c for c in state.hand(giant.player) if not c.open and c.dead and c.honor]
        if not targets:
            continue
        state.use_as_modifying(giant)
        final = state.reading("IP-M36-LATER-KILLS") == "revival_final"
        for c in targets:
            why = f"the {giant.card} came in the second open circle; animals are present"
            if state.revive(c, text=why) and final:
                state.protect(c, "kill", text=f"{why}: revived for good")


@modifier(number=37, group="cards",
          summary="An even number of animals revives the dead foskas among the second and the last "
                  "face-up cards of every player.",
          reads=("room", "circles", "card_states"), does=("revive",),
          readings=("IP-M37-WHICH", "IP-M37-ZERO", "IP-M37-REF"))
def m37(state: DealState) -> None:
    """The closing sentence ("Модификатор 35 также действителен") leaves 35 and 36 acting as they do
    under either reading of IP-M37-REF: neither is cancelled here."""
    animals = state.table.room.animals
    if animals is None or animals % 2 or (animals == 0 and state.reading("IP-M37-ZERO") == "needs_animals"):
        return
    if state.reading("IP-M37-WHICH") == "table_sequence":
        up = state.face_up()
        chosen = [up[i] for i in sorted({1, len(up) - 1}) if 0 <= i < len(up)] if len(up) >= 2 else []
    else:
        circles = [n for n in (state.nth_open(2), state.last_open) if n is not None]
        chosen = [c for n in dict.fromkeys(circles) for c in state.circle(n)]
    for c in chosen:
        if c.dead and c.fosk:
            state.revive(c, text=f"{animals} animals: the second or last face-up card")


@modifier(number=38, group="cards",
          summary="A red Unicorn in the second open circle cancels modifiers 36 and 37.",
          reads=("circles", "card_states", "modifiers"), does=("cancel",), readings=("IP-M38-SCOPE",))
def m38(state: DealState) -> None:
    second = state.nth_open(2)
    if second is None:
        return
    unicorns = [c for c in state.circle(second) if c.is_(12) and c.red and c.live]
    if not unicorns:
        return
    text = f"the {unicorns[0].card} came in the second open circle"
    if state.reading("IP-M38-SCOPE") == "that_player":
        players = frozenset(c.player for c in unicorns)
        only: Callable[[CardState], bool] | None = lambda c: c.player in players  # noqa: E731
    else:
        only = None
    state.cancel(36, only=only, text=text)
    state.cancel(37, only=only, text=text)


class _Ranks:
    """Which cards a partial cancellation of 36 or 37 spares (base rule 11, ``state.cancel(only=...)``):
    the cards of ``ranks``, and those an earlier partial cancellation (``also``, M38 ``that_player``)
    spared. It keeps its ranks so that a later firing can widen it."""

    __slots__ = ("ranks", "also")

    def __init__(self, ranks: frozenset[int], also: Callable[[CardState], bool] | None = None) -> None:
        self.ranks = ranks
        self.also = also

    def __call__(self, c: CardState) -> bool:
        return c.real_rank in self.ranks or (self.also is not None and self.also(c))


def _m39_fires(state: DealState) -> bool:
    third = state.nth_open(3)
    return third is not None and any(c.is_(11) and c.dead for c in state.circle(third))


def _m40_fires(state: DealState) -> bool:
    fourth = state.nth_open(4)
    return fourth is not None and any(c.is_(3) and c.state == WILD for c in state.circle(fourth))


def _exempt_36_37(state: DealState) -> None:
    """Cancel 36 and 37 for what 39 and 40 exempt together (each modifier is cancelled once)."""
    ranks36: set[int] = set()
    ranks37: set[int] = set()
    whole36 = False
    fired = []
    if (state.reading("IP-M39-WHEN") == "in_order" and _m39_fires(state)
            and state.reading("IP-M39-REF") == "off_by_one"):
        fired.append("M39")
        if state.reading("IP-M39-FOR") == "involved_cards":
            whole36 = True
        ranks36.update((11, 13))
    if (state.reading("IP-M40-WHEN") == "in_order" and _m40_fires(state)
            and state.reading("IP-M40-REF") == "off_by_one"):
        fired.append("M40")
        ranks36.update((12, 14))
        ranks37.add(10)
    text = " and ".join(fired)
    if whole36 or ranks36 == {11, 12, 13, 14}:
        state.cancel(36, text=f"{text}: 36 revives no card")
    elif ranks36:
        r36 = frozenset(ranks36)
        state.cancel(36, only=_Ranks(r36), text=f"{text}: 36 for ranks {sorted(r36)}")
    if ranks37:
        r37 = frozenset(ranks37)
        state.cancel(37, only=_Ranks(r37), text=f"{text}: 37 for ranks {sorted(r37)}")


def _widen(state: DealState, number: int, ranks: frozenset[int] | None, text: str) -> None:
    """Cancel modifier ``number`` for ``ranks`` (None: wholly) on top of any cancellation in force,
    after every modifier has acted (IP-M39-WHEN / IP-M40-WHEN ``final_state``). A cancellation only
    ever widens; when the modifier has acted, the deal is settled again with the wider one."""
    found = state.cancelled.get(number)
    if found is None:
        only = None if ranks is None else _Ranks(ranks)
        state.cancel(number, only=only, text=text)
        return
    state.note_carried(number, state.current or "?")
    old = found[1]
    if old is None:
        return
    if ranks is None:
        new = None
    elif isinstance(old, _Ranks):
        if ranks <= old.ranks:
            return
        new = _Ranks(old.ranks | ranks, old.also)
    else:
        new = _Ranks(ranks, old)
    if isinstance(new, _Ranks) and number == 36 and new.also is None and new.ranks >= {11, 12, 13, 14}:
        new = None
    source = state.current or "?"
    state.note("cancelled", (), text, source=source, after=f"M{number}")
    if number in state.fired:
        raise Rerun(number, source, new, text=text)
    state.cancelled[number] = (source, new)


def _final_exempt(state: DealState, number: int) -> None:
    """Modifier 39's or 40's condition judged on the deal as every modifier left it."""
    if state.reading(f"IP-M{number}-WHEN") != "final_state":
        return
    if number == 39:
        if not _m39_fires(state):
            return
        if state.reading("IP-M39-REF") == "as_written":
            state.note("fired", (), "modifier 35 is cancelled for Elves and Giants (it never touches them)")
            return
        whole = state.reading("IP-M39-FOR") == "involved_cards"
        _widen(state, 36, None if whole else frozenset((11, 13)),
               "M39, the Elf of the third open circle dead at the end of the deal: 36 for Elves and Giants")
        return
    if not _m40_fires(state):
        return
    if state.reading("IP-M40-REF") == "as_written":
        state.note("fired", (), "modifier 35 for Unicorns and Dragons and 36 for Tens are cancelled "
                                "(neither touches them)")
        return
    why = "M40, the Three of the fourth open circle wild at the end of the deal"
    _widen(state, 36, frozenset((12, 14)), f"{why}: 36 for Unicorns and Dragons")
    _widen(state, 37, frozenset((10,)), f"{why}: 37 for Tens")


@modifier(number=39, group="cards",
          summary="A dead Elf in the third open circle cancels modifier 35 (read: 36) for Elves and Giants.",
          reads=("circles", "card_states", "modifiers"), does=("cancel",),
          readings=("IP-M39-REF", "IP-M39-FOR", "IP-M39-WHEN"))
def m39(state: DealState) -> None:
    if state.reading("IP-M39-WHEN") == "final_state" or not _m39_fires(state):
        return
    if state.reading("IP-M39-REF") == "as_written":
        state.note("fired", (), "modifier 35 is cancelled for Elves and Giants (it never touches them)")
        return
    _exempt_36_37(state)


@modifier(number=40, group="cards",
          summary="A wild Three in the fourth open circle cancels modifier 35 (read: 36) for Unicorns and "
                  "Dragons and 36 (read: 37) for Tens.",
          reads=("circles", "card_states", "modifiers"), does=("cancel",), readings=("IP-M40-REF", "IP-M40-WHEN"))
def m40(state: DealState) -> None:
    if state.reading("IP-M40-WHEN") == "final_state" or not _m40_fires(state):
        return
    if state.reading("IP-M40-REF") == "as_written":
        state.note("fired", (), "modifier 35 for Unicorns and Dragons and 36 for Tens are cancelled "
                                "(neither touches them)")
        return
    _exempt_36_37(state)


@attach_final(39)
def _m39_final(state: DealState) -> None:
    _final_exempt(state, 39)


@attach_final(40)
def _m40_final(state: DealState) -> None:
    _final_exempt(state, 40)


# ---------------------------------------------------------------------------- M41
def m41_shown(state: DealState) -> dict[int, list[CardState]]:
    """Modifier 41's count: the face-up cards by real rank, as IP-M41-COUNTED counts them."""
    counted = state.reading("IP-M41-COUNTED")
    counts: dict[int, list[CardState]] = {}
    for c in state.face_up():
        if (counted == "live_only" and c.dead) or (counted == "natural_only" and c.state != NATURAL):
            continue
        counts.setdefault(c.real_rank, []).append(c)
    return counts


@modifier(number=41, group="cards",
          summary="Three face-up cards of one real rank kill the card of that rank dealt in a dark circle.",
          reads=("circles", "card_states"), does=("kill",), readings=("IP-M41-COUNTED", "IP-M41-REAL-CHANGED"))
def m41(state: DealState) -> None:
    counts = m41_shown(state)
    printed = state.reading("IP-M41-REAL-CHANGED") == "printed_fourth"
    for rank, shown in counts.items():
        if len(shown) < 3:
            continue
        for c in state.cards:
            if not c.open and (c.card.rank if printed else c.real_rank) == rank:
                state.kill(c, text=f"three face-up cards of its rank: {' '.join(str(x.card) for x in shown[:3])}")


# ---------------------------------------------------------------------------- M42 - M44 (claims)
def _dead_count_ok(state: DealState, n: int, want: int) -> bool:
    return n == want or (n > want and state.reading("IP-M42-COUNT") == "at_least")


@modifier(number=42, group="cards", kind="claim",
          summary="A player with three dead face-up cards may declare one of his black honors wild.",
          reads=("circles", "card_states", "claims"), does=("wild", "claim_right"), readings=("IP-M42-COUNT",))
def m42(state: DealState) -> None:
    for player, claim in _one_claim(state, "M42", state.claims_for("M42")).items():
        dead_up = [c for c in state.hand(player) if c.open and c.dead]
        if not _dead_count_ok(state, len(dead_up), 3):
            state.refuse(claim, f"{player} has {len(dead_up)} dead face-up card(s), modifier 42 needs three")
        if claim.card is None:
            state.refuse(claim, "modifier 42 needs the black honor to declare wild")
        c = state.find(player, claim.card)
        if not (c.black and c.honor):
            state.refuse(claim, f"{claim.card} is not a black honor")
        if not natural_card(c):
            state.refuse(claim, f"{claim.card} is {c.state} or already modified (base rule 13)")
        state.grant(c, WILD, text=f"{player} has three dead face-up cards")


@modifier(number=43, group="cards", kind="claim",
          summary="A player with four dead cards may revive one of them and declare one of his red cards wild.",
          reads=("card_states", "claims"), does=("revive", "wild", "claim_right"),
          readings=("IP-M42-COUNT", "IP-M43-PARTS", "IP-M43-SAME"))
def m43(state: DealState) -> None:
    for player, claim in _one_claim(state, "M43", state.claims_for("M43")).items():
        dead = [c for c in state.hand(player) if c.dead]
        if not _dead_count_ok(state, len(dead), 4):
            state.refuse(claim, f"{player} has {len(dead)} dead card(s), modifier 43 needs four",
                         alike=())
        if claim.card is None and claim.target is None:
            state.refuse(claim, "modifier 43 needs the dead card to revive (card) and/or the red card (target)")
        if (claim.card is None or claim.target is None) and state.reading("IP-M43-PARTS") == "both_or_none":
            state.refuse(claim, "modifier 43's two parts are taken together (IP-M43-PARTS both_or_none)")
        revived = None
        if claim.card is not None:
            revived = state.find(player, claim.card)
            if not revived.dead:
                state.refuse(claim, f"{claim.card} is not one of {player}'s dead cards")
        if claim.target is not None:
            red = state.find(player, claim.target)
            same = revived is not None and red is revived
            if same and state.reading("IP-M43-SAME") == "distinct":
                state.refuse(claim, "the red card declared wild must not be the revived card (IP-M43-SAME)")
            if not red.red:
                state.refuse(claim, f"{claim.target} is not red")
            if not same and not natural_card(red):
                state.refuse(claim, f"{claim.target} is {red.state} or already modified (base rule 13)")
        if revived is not None:
            state.revive(revived, text=f"{player} has four dead cards")
        if claim.target is not None:
            red = state.find(player, claim.target)
            if red.dead:
                continue
            # A card just revived is live and natural again: the text's own exception to base rule 13.
            state.grant(red, WILD, override=red is revived and red.state == NATURAL,
                        text=f"{player} has four dead cards")


@modifier(number=44, group="cards", kind="claim",
          summary="A player with five dead cards may revive one of them, revive another as wild, and "
                  "declare one of his live cards free.",
          reads=("card_states", "claims"), does=("revive", "wild", "free", "claim_right"),
          readings=("IP-M42-COUNT", "IP-M43-PARTS", "IP-M44-FREE"))
def m44(state: DealState) -> None:
    """The claim names the card revived (``card``), the card revived as wild (``cards[0]``) and the
    card declared free (``target``): an honor, or under IP-M44-FREE ``any_card`` any live card ("одну
    из своих неубитых карт"), a foska then playing as itself or as any honor of its suit."""
    for player, claim in _one_claim(state, "M44", state.claims_for("M44")).items():
        dead = [c for c in state.hand(player) if c.dead]
        if not _dead_count_ok(state, len(dead), 5):
            state.refuse(claim, f"{player} has {len(dead)} dead card(s), modifier 44 needs five",
                         alike=())
        if len(claim.cards) > 1:
            state.refuse(claim, "modifier 44 revives one card as wild")
        parts = (claim.card, claim.cards[0] if claim.cards else None, claim.target)
        if all(p is None for p in parts):
            state.refuse(claim, "modifier 44 needs a card to revive, a card to revive wild or a card to free")
        if any(p is None for p in parts) and state.reading("IP-M43-PARTS") == "both_or_none":
            state.refuse(claim, "modifier 44's parts are taken together (IP-M43-PARTS both_or_none)")
        revived = state.find(player, parts[0]) if parts[0] is not None else None
        wild = state.find(player, parts[1]) if parts[1] is not None else None
        for c, what in ((revived, "revive"), (wild, "revive as wild")):
            if c is not None and not c.dead:
                state.refuse(claim, f"{c.card} is not one of {player}'s dead cards ({what})")
        if revived is not None and revived is wild:
            state.refuse(claim, "modifier 44 revives two different cards")
        free = state.find(player, parts[2]) if parts[2] is not None else None
        if free is not None:
            if free is wild:
                state.refuse(claim, f"{free.card} is the card revived as wild; it cannot also be free")
            if not free.honor and state.reading("IP-M44-FREE") != "any_card":
                state.refuse(claim, f"{free.card} is not an honor: only honors are free (definition 13, "
                                    f"IP-M44-FREE {state.reading('IP-M44-FREE')})")
            if free is not revived and not natural_card(free):
                state.refuse(claim, f"{free.card} is {free.state} or already modified (base rule 13)")
        text = f"{player} has five dead cards"
        if revived is not None:
            state.revive(revived, text=text)
        if wild is not None and state.revive(wild, text=text):
            state.grant(wild, WILD, override=True, text=text)
        if free is not None and free.live:
            state.grant(free, FREE, override=free is revived and free.state == NATURAL, text=text)


# ---------------------------------------------------------------------------- M45, M46 (alliances)
def alliances(state: DealState, player: str, *, open_only: bool, one_suit: bool) -> list[tuple[CardState, CardState]]:
    """The player's alliances (definition 19): a Giant and a Unicorn on adjacent circles."""
    hand = state.hand(player)
    adjacent_open = state.reading("IP-M45-ADJACENT") == "consecutive_open"
    opens = state.open_circles
    found = []
    for k in hand:
        if not k.is_(13):
            continue
        for q in hand:
            if not q.is_(12):
                continue
            if open_only and not (k.open and q.open):
                continue
            if one_suit and k.real_suit != q.real_suit:
                continue
            if adjacent_open and k.open and q.open:
                near = abs(opens.index(k.circle) - opens.index(q.circle)) == 1
            else:
                near = abs(k.circle - q.circle) == 1
            if near:
                found.append((k, q) if k.seq < q.seq else (q, k))
    return found


def _apply_role(state: DealState, rule: str, claim: Claim, modifying: CardState, role: str,
                eligible: Callable[[CardState], bool], *, real: bool, override: bool,
                unfreeze: bool = False) -> None:
    """An incrementing / decrementing card changes one other card of its owner (IP-INCDEC-TARGET
    ``owner_picks_one``; ``any_player``: a card of any player) or every natural card of his
    (``all_own_natural``)."""
    player = modifying.player
    if state.reading("IP-INCDEC-TARGET") == "all_own_natural":
        targets = [c for c in state.hand(player) if c is not modifying and natural_card(c)]
    else:
        if claim.target is None:
            state.refuse(claim, f"{rule} needs the card the {role} card changes (target)")
        t = incdec_target(state, claim)
        if t is modifying or t.dead or not eligible(t):
            state.refuse(claim, f"{claim.target} cannot be changed by the {modifying.card}")
        targets = [t]
    was_modified = modifying.modified
    state.set_role(modifying, role, text=f"{player}'s claim")
    step = 1 if role == "incrementing" else -1
    for t in targets:
        new = raise_rank(t.rank, step) if step > 0 else lower_rank(t.rank, 1)
        state.change_rank(t, new, real=real, override=override, unfreeze=unfreeze,
                          text=f"{role[:-3]}ed by the {modifying.card}")
    if was_modified:
        state.use_as_modifying(modifying)


_ROLES = ("incrementing", "decrementing")


@modifier(number=45, group="cards", kind="claim",
          summary="A player who got an alliance on open circles may declare one of its cards incrementing "
                  "or decrementing.",
          reads=("circles", "card_states", "claims"), does=("incrementing", "decrementing", "rank", "claim_right"),
          readings=("IP-M45-ADJACENT", "IP-M45-MULTI", "IP-M46-WITH-45"))
def m45(state: DealState) -> None:
    claims = state.claims_for("M45")
    for player, mine in claims_by_player(claims).items():
        found = alliances(state, player, open_only=True, one_suit=False)
        if state.reading("IP-M46-WITH-45") == "46_only":
            found = [(a, b) for a, b in found if a.real_suit != b.real_suit]
        if not found:
            state.refuse(mine[0], f"{player} got no alliance on open circles")
        limit = len(found) if state.reading("IP-M45-MULTI") == "one_per_alliance" else 1
        if len(mine) > limit:
            state.refuse(mine[limit], f"{player}'s alliances give {limit} declaration(s)")
        used: set[int] = set()
        for claim in mine:
            if claim.direction not in _ROLES:
                state.refuse(claim, "modifier 45 declares a card 'incrementing' or 'decrementing'")
            pair = next((i for i, (a, b) in enumerate(found)
                         if claim.card in (a.card, b.card) and i not in used), None)
            if pair is None:
                state.refuse(claim, f"{claim.card} is not a card of an alliance {player} may still use")
            used.add(pair)
            a, b = found[pair]
            modifying = a if a.card == claim.card else b
            if modifying.dead:
                state.refuse(claim, f"{claim.card} is dead")
            _apply_role(state, "M45", claim, modifying, claim.direction, natural_card, real=False, override=False)


_FIRST = ("free", "incrementing")
_SECOND = ("home", "decrementing")


@modifier(number=46, group="cards", kind="claim",
          summary="A player who got an alliance of one suit may make one of its cards free or incrementing "
                  "and the other home or decrementing; the change may reach modified cards, which then "
                  "take modifiers by their new rank.",
          reads=("circles", "card_states", "claims"),
          does=("free", "home", "incrementing", "decrementing", "rank", "claim_right"),
          readings=("IP-M45-ADJACENT", "IP-M46-MODIFIED"))
def m46(state: DealState) -> None:
    """Each claim names one alliance card (``card``) and what it becomes (``direction``: "free" or
    "incrementing" for the first card, "home" or "decrementing" for the second); an incrementing
    or decrementing card names the card it changes (``target``)."""
    claims = state.claims_for("M46")
    for player, mine in claims_by_player(claims).items():
        found = alliances(state, player, open_only=False, one_suit=True)
        if not found:
            state.refuse(mine[0], f"{player} got no alliance of one suit")
        plan: list[tuple[Claim, CardState]] = []
        for claim in mine:
            if claim.direction not in _FIRST + _SECOND:
                state.refuse(claim, "modifier 46 makes a card free, home, incrementing or decrementing")
            pair = next(((a, b) for a, b in found if claim.card in (a.card, b.card)), None)
            if pair is None:
                state.refuse(claim, f"{claim.card} is not a card of {player}'s alliance of one suit")
            c = pair[0] if pair[0].card == claim.card else pair[1]
            other = pair[1] if c is pair[0] else pair[0]
            same_pair = [(cl, x) for cl, x in plan if x in pair]
            for cl, x in same_pair:
                if x is c or (cl.direction in _FIRST) == (claim.direction in _FIRST):
                    state.refuse(claim, "one card of the alliance is free or incrementing, the other home "
                                        "or decrementing")
            if c.dead or other.dead:
                state.refuse(claim, f"{claim.card}'s alliance has a dead card")
            if claim.direction in ("free", "home") and not natural_card(c):
                state.refuse(claim, f"{claim.card} is {c.state} or already modified (base rule 13)")
            plan.append((claim, c))
        for claim, c in plan:
            text = f"{player}'s alliance of one suit"
            if claim.direction == "free":
                state.grant(c, FREE, text=text)
            elif claim.direction == "home":
                state.grant(c, HOME, text=text)
            else:
                # "decrement / increment may be applied to already modified cards": base rule 13 yields,
                # and under IP-M46-MODIFIED any_own_card base rule 14 and the freezes of 28, 29, 31 too.
                any_card = state.reading("IP-M46-MODIFIED") == "any_own_card"
                _apply_role(state, "M46", claim, c, claim.direction,
                            (lambda t: t.live) if any_card else (lambda t: t.live and not t.frozen),
                            real=True, override=True, unfreeze=any_card)


# ---------------------------------------------------------------------------- options for the advisor (base rule 25)
def _c(player: str, rule: str, **kw) -> Claim:
    return Claim(player=player, rule=rule, **kw)


@attach_options(35)
def _m35_options(state: DealState, player: str) -> list[Claim]:
    return [_c(player, "M35", card=c.card) for c in state.hand(player) if c.is_(7, "s") and c.state == WILD][:1]


@attach_options(42)
def _m42_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    if not _dead_count_ok(state, sum(1 for c in hand if c.open and c.dead), 3):
        return []
    return [_c(player, "M42", card=c.card) for c in hand if c.black and c.honor and natural_card(c)]


@attach_options(43)
def _m43_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    dead = [c for c in hand if c.dead]
    if not _dead_count_ok(state, len(dead), 4):
        return []
    reds = [c for c in hand if c.red and (natural_card(c) or c.dead)]
    out = [_c(player, "M43", card=d.card, target=r.card) for d in dead for r in reds if r.live or r is d]
    if state.reading("IP-M43-PARTS") == "each_optional":
        out += [_c(player, "M43", card=d.card) for d in dead]
        out += [_c(player, "M43", target=r.card) for r in reds if r.live]
    return out


@attach_options(44)
def _m44_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    dead = [c for c in hand if c.dead]
    if not _dead_count_ok(state, len(dead), 5):
        return []
    any_card = state.reading("IP-M44-FREE") == "any_card"      # a foska may be declared free
    frees = [c for c in hand if (c.honor or any_card) and (natural_card(c) or c.dead)]
    out = []
    for a in [None, *dead]:
        for b in [None, *dead]:
            if b is not None and b is a:
                continue
            for f in [None, *frees]:
                if f is not None and (f is b or (f.dead and f is not a)):
                    continue
                parts = (a, b, f)
                if all(p is None for p in parts) or (
                        any(p is None for p in parts) and state.reading("IP-M43-PARTS") == "both_or_none"):
                    continue
                out.append(_c(player, "M44", card=a.card if a else None, cards=(b.card,) if b else (),
                              target=f.card if f else None))
    return out


@attach_options(45)
def _m45_options(state: DealState, player: str) -> list[Claim]:
    out = []
    for pair in alliances(state, player, open_only=True, one_suit=False):
        for m in pair:
            for role in _ROLES:
                out += [_c(player, "M45", card=m.card, direction=role, target=t.card)
                        for t in state.hand(player) if t is not m and natural_card(t)]
    return out


@attach_options(46)
def _m46_options(state: DealState, player: str) -> list[Claim]:
    out = []
    for pair in alliances(state, player, open_only=False, one_suit=True):
        if any(c.dead for c in pair):
            continue
        for m in pair:
            if natural_card(m):
                out += [_c(player, "M46", card=m.card, direction="free"),
                        _c(player, "M46", card=m.card, direction="home")]
            for role in _ROLES:
                out += [_c(player, "M46", card=m.card, direction=role, target=t.card)
                        for t in state.hand(player) if t is not m and t.live]
    return out


# ---------------------------------------------------------------------------- estimates for the advisor (base rule 25)
@attach_estimate(43)
@attach_estimate(44)
def _revive_estimate(state: DealState, option: Claim, ruleset) -> list | None:
    """Modifiers 43 and 44: the dead cards revived (44's second one as wild) and the target made wild
    (43) or free (44)."""
    out = []
    if option.card is not None:
        c = state.find(option.player, option.card)
        out.append((c, c.rank, c.suit, NATURAL))
    for other in option.cards:                    # M44: revived as wild
        c = state.find(option.player, other)
        out.append((c, c.rank, c.suit, WILD))
    if option.target is not None:
        c = state.find(option.player, option.target)
        out.append((c, c.rank, c.suit, WILD if option.rule == "M43" else FREE))
    return out or None


@attach_estimate(45)
@attach_estimate(46)
def _alliance_estimate(state: DealState, option: Claim, ruleset) -> list | None:
    """Modifiers 45 and 46: the claimant's own target one rank up or down (not under
    IP-INCDEC-TARGET ``all_own_natural``, where every natural card changes at once); 46's alliance
    card made free or home."""
    if option.target is not None and option.direction in _ROLES:
        if state.reading("IP-INCDEC-TARGET") == "all_own_natural":
            return None
        return stepped_target(state, option)
    if option.rule == "M46" and option.target is None and option.direction in (FREE, HOME):
        c = state.find(option.player, option.card)
        return [(c, c.rank, c.suit, option.direction)]
    return None
