"""Conditional modifiers 13-25 of the seed's group "Раздача" (the deal): the statuses the last
open circles give (13, 15, 16, 24, 25), and the players' claims (14, 17-23: an inverted suit, new
real ranks, the Giants' choice, a raised dead fosk, a paid revival, a cancel of 16-22), with the
advisor's options for those claims (base rule 25).

The conventions of the group are in :mod:`.deal`.
"""

from __future__ import annotations

from ...cards import is_honor, lower_rank, opposite_rank, opposite_suit, raise_rank
from ...errors import RulesError
from ..context import SEATS
from ..state import DEAD, FREE, HOME, NATURAL, WILD, CardState, Claim, DealState
from ..tables import dead_rank
from .base import attach_final, attach_options, attach_setup, modifier
from .common import BLACK, RED, once_each
from .deal_common import claim_option, counts_as_card, earlier_keep_off, rebased_by, revival_undoes

__all__ = ["m16_opposite"]


def _live(c: CardState | None) -> bool:
    return c is not None and c.state != DEAD


# ---------------------------------------------------------------------------- shared readings
def _mandatory_default(state: DealState, rule: str, player: str) -> bool:
    """Whether to apply a mandatory choice the player did not declare."""
    if state.reading("IP-MANDATORY-CLAIM") == "refuse":
        raise RulesError(f"{rule} obliges {player} to choose, and no claim was declared",
                         value=rule, rule=rule)
    return True


def _one_claim(state: DealState, rule: str, player: str, claims: list[Claim]) -> Claim | None:
    mine = [c for c in claims if c.player == player]
    if len(mine) > 1:
        state.refuse(mine[1], f"{rule} gives {player} one choice")
    return mine[0] if mine else None


def _refuse_others(state: DealState, claims: list[Claim], allowed: set[str], reason: str) -> None:
    for claim in claims:
        if claim.player not in allowed:
            state.refuse(claim, reason)


# ---------------------------------------------------------------------------- M13
def _can_be(c: CardState, rank: int, suits: tuple[str, ...]) -> bool:
    """Whether a live card can play as ``rank`` of one of ``suits`` (M13's 'with all modifiers')."""
    if c.dead:
        return False
    if c.state == WILD:
        return True
    if c.state == HOME:
        return c.rank == rank
    if c.state == FREE:        # any honor of its suit, or itself (a free non-honour: IP-M44-FREE any_card)
        return (is_honor(rank) or c.rank == rank) and c.suit in suits
    return c.rank == rank and c.suit in suits


def _grant(state: DealState, c: CardState, status: str, *, override: bool = False, text: str = "") -> bool:
    """A status grant of modifiers 13, 15, 16, 24, 25 (IP-M13-DEADGRANT for dead cards)."""
    if c.dead and state.reading("IP-M13-DEADGRANT") == "revive_with_status":
        return state.revive(c, into=status, text=text)
    return state.grant(c, status, override=override, text=text)


def _m13_had_modifier(state: DealState, c: CardState) -> bool:
    if state.reading("IP-M13-HADMOD") == "conditional_modifiers_only":
        return any(n <= 12 for n in c.mods)
    return c.modified


@modifier(number=13, group="deal", readings=("IP-M13-NEXTTO", "IP-M13-DARKSCOPE", "IP-M13-NOCOND", "IP-M13-DEADGRANT",
                                             "IP-M13-HADMOD", "IP-M13-NINE", "IP-M5-IDENTITY"),
          summary="The Ten of spades with the Elf of clubs beside it in the last open circle: red "
                  "foskas to Four in the dark cards die (dead ones revive home), black Unicorns and "
                  "Giants in the dark cards become free (wild if already modified and the holder has "
                  "a red Nine or a black Eight).",
          reads=("circles", "card_states"), does=("kill", "revive", "home", "free", "wild"))
def m13(state: DealState) -> None:
    last = state.last_open
    if last is None:
        return
    row = state.circle(last)
    ok = False
    for i, c in enumerate(row):
        if c.is_(10, "s") and c.live and counts_as_card(state, c):
            near = ([row[j] for j in (i - 1, i + 1) if 0 <= j < len(row)]
                    if state.reading("IP-M13-NEXTTO") == "adjacent_in_same_circle" else row)
            if any(n.is_(11, "c") and n.live and counts_as_card(state, n) for n in near):
                ok = True
    if not ok:
        return
    dark = [c for c in state.cards if not c.open]
    for c in dark:
        if c.red and c.real_rank <= 4:
            if c.dead:          # "Если указанные фоски были убиты": the text names the state
                state.revive(c, into=HOME, text="a dead red fosk to Four in the dark cards")
            elif counts_as_card(state, c):
                state.kill(c, text="a red fosk to Four in the dark cards")
    qk = dark if state.reading("IP-M13-DARKSCOPE") == "dark_only" else state.cards
    for c in qk:
        if not (c.black and c.real_rank in (12, 13)):
            continue
        if c.dead or not _m13_had_modifier(state, c):
            if counts_as_card(state, c):
                _grant(state, c, FREE, text="a black Unicorn or Giant in the dark cards")
            continue
        if state.reading("IP-M13-NINE") == "final_state":
            modified: list[CardState] = state.marks.setdefault("M13-modified", [])  # type: ignore[assignment]
            modified.append(c)
            continue
        _m13_modified_qk(state, c)


def _m13_modified_qk(state: DealState, c: CardState) -> None:
    """M13's third sentence for one already modified black Unicorn or Giant."""
    helpers = [h for h in state.hand(c.player)
               if h is not c and (_can_be(h, 9, RED) or _can_be(h, 8, BLACK))]
    if helpers:
        state.use_as_modifying(helpers[0])
        state.grant(c, WILD, override=True, text=f"already modified, and {c.player} holds {helpers[0].card}")
    elif state.reading("IP-M13-NOCOND") == "free":
        state.grant(c, FREE, override=True, text="already modified, no red Nine or black Eight")


@attach_final(13)
def _m13_final(state: DealState) -> None:
    """IP-M13-NINE ``final_state``: the red Nine or black Eight judged on the deal as every modifier left it."""
    for c in state.marks.get("M13-modified", ()):      # type: ignore[union-attr]
        _m13_modified_qk(state, c)


# ---------------------------------------------------------------------------- M14 (claim)
@modifier(number=14, group="deal", kind="claim",
          readings=("IP-M14-COUNT", "IP-M14-TARGET", "IP-M14-RANKWORD", "IP-M14-NATURALNESS"),
          summary="A player with three dead face-up cards may invert the suit of two of his cards.",
          reads=("circles", "card_states", "claims"), does=("suit", "claim_right"))
def m14(state: DealState) -> None:
    for claim in state.claims_for("M14"):
        dead_up = [c for c in state.hand(claim.player) if c.open and c.dead]
        if len(dead_up) < 3 or (len(dead_up) > 3 and state.reading("IP-M14-COUNT") == "exactly_three"):
            state.refuse(claim, f"{claim.player} has {len(dead_up)} dead face-up card(s), modifier 14 needs three")
        chosen = ([claim.card] if claim.card is not None else []) + list(claim.cards)
        if not 1 <= len(chosen) <= 2:
            state.refuse(claim, "modifier 14 inverts the suit of one or two cards")
        for card in chosen:
            c = state.find(claim.player, card)
            anything = state.reading("IP-M14-TARGET") == "any_card"
            if (c.modified or c.dead) and not anything:
                state.refuse(claim, f"{card} is already modified (base rule 13)")
            if state.change_suit(c, opposite_suit(c.real_suit), real=state.reading("IP-M14-RANKWORD") == "new_suit",
                                 override=anything, text="inverted by its owner's claim"):
                # IP-M14-NATURALNESS: the judge tells the evaluator which cards these are
                inverted: list[CardState] = state.marks.setdefault("M14-inverted", [])  # type: ignore[assignment]
                inverted.append(c)


# ---------------------------------------------------------------------------- M15, M16
@modifier(number=15, group="deal", readings=("IP-M15-LOWEST", "IP-M15-TIE", "IP-M15-RULEWILD", "IP-M5-IDENTITY"),
          summary="No face-up card wild by a rule: the Dragons of the lowest face-up card's suit and "
                  "of the opposite suit are wild.",
          reads=("circles", "card_states"), does=("wild",))
def m15(state: DealState) -> None:
    up = state.face_up()
    if not up:
        return
    if state.reading("IP-M15-RULEWILD") == "identity":
        rule_wild = {card for e in state.trace if e.change == WILD and e.source in ("B2", "T2") for card in e.cards}
        if any(c.card in rule_wild for c in up):
            return
    elif any(c.state == WILD and c.state_source in ("B2", "T2") for c in up):
        return
    suit_rank = {s: i for i, s in enumerate("hdcs" if state.suit_order == "natural" else "schd")}
    inverted = state.reading("IP-M15-LOWEST") == "current_order" and state.card_order == "inverted"
    first = state.reading("IP-M15-TIE") == "first_dealt"
    cards = [c for c in up if counts_as_card(state, c)]      # "наименьшая по номиналу карта" (IP-M5-IDENTITY)
    if not cards:
        return
    lowest = min(cards, key=lambda c: (-c.real_rank if inverted else c.real_rank,
                                       c.seq if first else -suit_rank[c.real_suit]))
    tied = [lowest]
    if state.reading("IP-M15-TIE") == "all_tied_suits":
        tied = [c for c in cards if c.real_rank == lowest.real_rank]
    suits = {s for c in tied for s in (c.real_suit, opposite_suit(c.real_suit))}
    shown = list(dict.fromkeys(str(c.card) for c in tied))
    why = f"the lowest face-up card is {shown[0]}" if len(shown) == 1 else \
        f"the lowest face-up cards are {' '.join(shown)}"
    for c in state.cards:
        if c.real_rank == 14 and c.real_suit in suits and counts_as_card(state, c):
            _grant(state, c, WILD, text=why)


def m16_opposite(state: DealState, player: str) -> str | None:
    """The player opposite ``player`` for modifier 16 (IP-M16-OPPOSITE)."""
    if state.reading("IP-M16-OPPOSITE") == "halfway_round_the_players":
        return state.next_player(player, len(state.players) // 2)
    return state.opposite(player)


@modifier(number=16, group="deal", readings=("IP-M16-HIS", "IP-M16-REVIVE-COND", "IP-M16-OPPOSITE", "IP-M5-IDENTITY"),
          summary="The Dragon of hearts in the last open circle: for the player opposite, whose last "
                  "face-up card is dead, the Fives of spades and hearts are wild (dead ones revive home).",
          reads=("seats", "circles", "card_states"), does=("wild", "revive", "home"))
def m16(state: DealState) -> None:
    last = state.last_open
    if last is None:
        return
    for ah in state.circle(last):
        if not ah.is_(14, "h") or ah.dead or not counts_as_card(state, ah):
            continue
        other = m16_opposite(state, ah.player)
        if other is None:
            continue
        his_last = state.player_card(other if state.reading("IP-M16-HIS") == "opposite_player" else ah.player, last)
        condition = his_last is not None and his_last.dead
        revive_anyway = state.reading("IP-M16-REVIVE-COND") == "no"
        if not condition and not revive_anyway:
            continue
        for c in state.hand(other):
            if not condition and not c.dead:
                continue
            if c.real_rank == 5 and c.real_suit in ("s", "h"):
                if c.dead:      # "Если эти Пятерки были убиты": the text names the state
                    state.revive(c, into=HOME, text=f"{ah.card} to {ah.player}, opposite")
                elif counts_as_card(state, c):
                    state.grant(c, WILD, text=f"{ah.card} to {ah.player}, opposite")


# ---------------------------------------------------------------------------- M17 - M19 (new real ranks)
def _rebase_claim(state: DealState, rule: str, trigger, eligible, new_rank, *, rules_only: bool = False) -> None:
    """M17-M18: the holder of the trigger cards must give one eligible card a new real rank."""
    claims = state.claims_for(rule)
    holders = [p for p in state.players if trigger(state.hand(p))]
    _refuse_others(state, claims, set(holders), f"{rule}'s cards did not come to this player")
    for player in holders:
        claim = _one_claim(state, rule, player, claims)
        if claim is not None:
            if claim.card is None:
                state.refuse(claim, f"{rule} needs the card to change")
            c = state.find(player, claim.card)
            if not (rebased_by(state, c, rule) or (c.seq not in state.rebased and eligible(c))):
                state.refuse(claim, f"{claim.card} may not be chosen under {rule}")
            state.rebase(c, new_rank(c), rules_only=rules_only, text=f"{player}'s choice")
            continue
        hand = state.hand(player)
        if any(rebased_by(state, x, rule) for x in hand):
            continue
        first = next((c for c in hand if c.seq not in state.rebased and eligible(c)), None)
        if first is not None and _mandatory_default(state, rule, player):
            state.rebase(first, new_rank(first), text="no choice declared: the first eligible card")


def _holds(cards: list[CardState], *wanted: tuple[int, str]) -> bool:
    have = {(c.card.rank, c.card.suit) for c in cards}
    return all(w in have for w in wanted)


def _m17_eligible(state: DealState, c: CardState) -> bool:
    if state.reading("IP-M17-TARGET") == "any_red_card":
        return c.card.suit in RED
    return c.card.suit in RED and not c.modified and c.live


def _m18_eligible(state: DealState, c: CardState) -> bool:
    if state.reading("IP-M18-TARGET") == "any_heart_or_club_card":
        return c.card.suit in ("h", "c")
    return c.card.suit in ("h", "c") and not c.modified and c.live


def _m17_trigger(state: DealState, cards: list[CardState]) -> bool:
    cards = [c for c in cards if counts_as_card(state, c)]         # IP-M5-IDENTITY
    if state.reading("IP-M17-SUIT") == "all_three_spades":
        return _holds(cards, (2, "s"), (8, "s"), (14, "s"))
    ranks = {c.card.rank for c in cards}
    return 2 in ranks and 8 in ranks and _holds(cards, (14, "s"))


def _m18_trigger(state: DealState, cards: list[CardState]) -> bool:
    cards = [c for c in cards if counts_as_card(state, c)]         # IP-M5-IDENTITY
    if state.reading("IP-M18-SUIT") == "all_three_diamonds":
        return _holds(cards, (5, "d"), (9, "d"), (13, "d"))
    ranks = {c.card.rank for c in cards}
    return 5 in ranks and 9 in ranks and _holds(cards, (13, "d"))


@modifier(number=17, group="deal", kind="claim",
          readings=("IP-M17-SUIT", "IP-MANDATORY-CLAIM", "IP-M17-TARGET", "IP-M17-REAPPLY", "IP-M5-IDENTITY"),
          summary="Whoever holds the Two, Eight and Dragon of spades must lower one red card by 2; "
                  "the new rank is real.",
          reads=("card_states", "claims"), does=("rank", "claim_right"))
def m17(state: DealState) -> None:
    def eligible(c: CardState) -> bool:
        return _m17_eligible(state, c)

    _rebase_claim(state, "M17", lambda cards: _m17_trigger(state, cards), eligible,
                  lambda c: lower_rank(c.card.rank, 2))


@modifier(number=18, group="deal", kind="claim",
          readings=("IP-M18-SUIT", "IP-MANDATORY-CLAIM", "IP-M18-TARGET", "IP-M18-REAPPLY", "IP-M5-IDENTITY"),
          summary="Whoever holds the Five, Nine and Giant of diamonds must raise one heart or club "
                  "card by 3; the new rank is real.",
          reads=("card_states", "claims"), does=("rank", "claim_right"))
def m18(state: DealState) -> None:
    def eligible(c: CardState) -> bool:
        return _m18_eligible(state, c)

    _rebase_claim(state, "M18", lambda cards: _m18_trigger(state, cards), eligible,
                  lambda c: raise_rank(c.card.rank, 3))


@attach_setup(17)
def _m17_setup(state: DealState) -> None:
    earlier_keep_off(state, "M17")


@attach_setup(18)
def _m18_setup(state: DealState) -> None:
    earlier_keep_off(state, "M18")


def _m19_right(state: DealState, player: str) -> bool:
    up = [c for c in state.hand(player) if c.open]
    strict = state.reading("IP-M19-ROW") == "adjacent_circle_numbers"
    for a, b in zip(up, up[1:], strict=False):
        pair = {(a.card.rank, a.card.suit), (b.card.rank, b.card.suit)}
        if pair == {(2, "c"), (2, "s")} and (not strict or b.circle - a.circle == 1) \
                and counts_as_card(state, a) and counts_as_card(state, b):
            return any(c.is_(11, "d") and not c.open and counts_as_card(state, c) for c in state.hand(player))
    return False


def _m19_target(state: DealState, c: CardState) -> bool:
    if is_honor(c.card.rank) or c.card.rank == 8:
        return False
    return c.dead or not c.modified or state.reading("IP-M19-TARGET") == "any_fosk"


@modifier(number=19, group="deal", kind="claim",
          readings=("IP-M19-SCOPE", "IP-M19-ROW", "IP-M19-TARGET", "IP-M19-DEAD", "IP-M5-IDENTITY"),
          summary="Two black Twos face up on successive open circles and the Elf of diamonds dark: the "
                  "player may invert the rank of one fosk; the base rules read the new rank.",
          reads=("circles", "card_states", "claims"), does=("rank", "claim_right"))
def m19(state: DealState) -> None:
    claims = state.claims_for("M19")
    for claim in claims:
        if not _m19_right(state, claim.player):
            state.refuse(claim, "modifier 19 needs the two black Twos face up in a row and the Elf of diamonds dark")
        if claim.card is None:
            state.refuse(claim, "modifier 19 needs the fosk to invert")
        c = state.find(claim.player, claim.card)
        dead = state.reading("IP-M19-DEAD")
        if c.seq in state.rebased:
            if dead == "always_revived" and c.dead:
                state.revive(c, text="an inverted fosk lives (IP-M19-DEAD always_revived)")
            continue
        if not _m19_target(state, c):
            state.refuse(claim, f"{claim.card} is not a natural or dead fosk with an opposite rank")
        rules_only = state.reading("IP-M19-SCOPE") == "rules_only"
        if c.dead and dead == "stays_dead":
            # No new judgement: the dead card only takes the new rank (for a later revival).
            state.change_rank(c, opposite_rank(c.card.rank), real=not rules_only, override=True,
                              text=f"{claim.player}'s choice; the card stays dead")
            continue
        state.rebase(c, opposite_rank(c.card.rank), rules_only=rules_only, text=f"{claim.player}'s choice")


# ---------------------------------------------------------------------------- M20 - M22
@modifier(number=20, group="deal",
          summary="Two Giants of opposite suits in a player's dark cards: one becomes free, the other "
                  "moves 3 ranks up or down (the holder chooses).",
          reads=("circles", "card_states", "claims"), does=("free", "rank", "claim_right"),
          readings=("IP-M20-FOUR", "IP-M20-REAL", "IP-M20-MODIFIED", "IP-M20-CHOICE", "IP-MANDATORY-CLAIM"))
def m20(state: DealState) -> None:
    claims = state.claims_for("M20")
    if claims and state.reading("IP-M20-CHOICE") == "croupier":
        state.refuse(claims[0], "the croupier chooses under modifier 20 (IP-M20-CHOICE croupier)")
    overrides = state.reading("IP-M20-MODIFIED") == "m20_overrides"
    used: set[int] = set()
    for player in state.players:
        kings = [c for c in state.hand(player) if not c.open and c.is_(13) and c.live]
        pairs = []
        for a in kings:
            for b in kings:
                if a.seq < b.seq and b.real_suit == opposite_suit(a.real_suit) \
                        and a.seq not in used and b.seq not in used:
                    pairs.append((a, b))
                    used.update((a.seq, b.seq))
        if state.reading("IP-M20-FOUR") == "once":
            pairs = pairs[:1]
        mine = [c for c in claims if c.player == player]
        if mine and not pairs:
            state.refuse(mine[0], f"{player} has no two dark Giants of opposite suits")
        for a, b in pairs:
            claim = next((c for c in mine if c.card in (a.card, b.card)), None)
            if claim is not None:
                mine.remove(claim)
                free, moved = (a, b) if claim.card == a.card else (b, a)
                direction = claim.direction or "up"
                if direction not in ("up", "down"):
                    state.refuse(claim, "modifier 20 moves the other Giant 'up' or 'down'")
            else:
                if len(mine) == 1 and len(pairs) == 1:
                    state.refuse(mine[0], "modifier 20's claim names one of the two Giants")
                if state.reading("IP-M20-CHOICE") != "croupier":
                    _mandatory_default(state, "M20", player)
                free, moved, direction = a, b, "up"
            state.grant(free, FREE, override=overrides, text="one of two dark Giants of opposite suits")
            rank = raise_rank(13, 3) if direction == "up" else lower_rank(13, 3)
            state.change_rank(moved, rank, real=state.reading("IP-M20-REAL") == "real", override=overrides,
                              text=f"the other Giant moves 3 {direction}")
        for claim in mine:
            state.refuse(claim, f"{claim.card} is not one of {player}'s dark Giants of opposite suits")


def _neighbours(state: DealState, a: str, b: str) -> bool:
    if state.reading("IP-M21-NEIGHBOURS") == "adjacent_compass_seats":
        i, j = SEATS.index(state.seat(a)), SEATS.index(state.seat(b))
        return (i - j) % 8 in (1, 7)
    return True


def _adjacent_circles(state: DealState, x: int, y: int) -> bool:
    if state.reading("IP-M21-CIRCLES") == "consecutive_open_circles":
        opens = state.open_circles
        return x in opens and y in opens and abs(opens.index(x) - opens.index(y)) == 1
    return abs(x - y) == 1


def _m21_is(state: DealState, c: CardState, rank: int, suit: str) -> bool:
    if state.reading("IP-M21-PREVIOUS") == "target_only":
        return c.card.rank == rank and c.card.suit == suit
    return c.is_(rank, suit)


def _kill_still_holds(state: DealState, c: CardState) -> bool:
    """Whether the kill of ``c`` still fits its changed rank and suit (IP-M21-DEAD)."""
    rank, suit, dealt = c.rank, c.suit, c.card
    by = c.killed_by
    if by in ("T2", "B17"):
        return rank == dead_rank(state.facts.hour_of(c.player))
    if by == "M7":
        return rank == 7
    if by == "M9":
        return rank == 5
    if by == "M13":
        return suit in RED and rank <= 4
    if by == "M26":
        return suit == "s" and rank in (5, 7)
    if by in ("B21", "M10"):
        return (rank, suit) == (dealt.rank, dealt.suit)
    return True


def _m21_right(state: DealState, player: str) -> bool:
    players = state.players
    n = len(players)
    for i in range(n):
        a, b = players[i], players[(i + 1) % n]
        if player not in (a, b) or not _neighbours(state, a, b):
            continue
        for x, y in ((a, b), (b, a)):
            qd = [c for c in state.hand(x) if c.open and _m21_is(state, c, 12, "d") and c.live]
            ks = [c for c in state.hand(y) if c.open and _m21_is(state, c, 13, "s") and c.live]
            if any(_adjacent_circles(state, q.circle, k.circle) for q in qd for k in ks):
                return any(not c.open and _m21_is(state, c, 14, "h") for c in state.hand(player))
    return False


@modifier(number=21, group="deal", kind="claim",
          readings=("IP-M21-NEIGHBOURS", "IP-M21-CIRCLES", "IP-M21-PREVIOUS", "IP-M21-DEAD"),
          summary="The Unicorn of diamonds and the Giant of spades face up to neighbours in adjacent "
                  "circles: the one of them with the Dragon of hearts dark may raise a dead fosk by 4 "
                  "and/or invert its suit (it stays dead).",
          reads=("seats", "circles", "card_states", "claims"), does=("rank", "suit", "claim_right"))
def m21(state: DealState) -> None:
    for claim in state.claims_for("M21"):
        if not _m21_right(state, claim.player):
            state.refuse(claim, "modifier 21's cards did not show for this player")
        if claim.card is None:
            state.refuse(claim, "modifier 21 needs the dead fosk")
        c = state.find(claim.player, claim.card)
        if not c.dead or not c.fosk:
            state.refuse(claim, f"{claim.card} is not a dead fosk")
        if claim.direction not in (None, "up"):
            state.refuse(claim, "modifier 21 raises by 4 ('up') or only inverts the suit")
        if claim.direction is None and claim.suit is None:
            state.refuse(claim, "modifier 21 needs 'up' and/or the opposite suit")
        if claim.suit is not None and claim.suit != opposite_suit(c.real_suit):
            state.refuse(claim, f"the suit opposite {claim.card}'s is {opposite_suit(c.real_suit)}")
        if claim.direction == "up":
            state.change_rank(c, raise_rank(c.real_rank, 4), real=True, override=True, text="raised by 4")
        if claim.suit is not None:
            state.change_suit(c, claim.suit, real=True, override=True, text="suit inverted")
        if state.reading("IP-M21-DEAD") == "escapes_rank_or_suit_tied_kill" and not _kill_still_holds(state, c):
            state.revive(c, text=f"its kill by {c.killed_by} does not fit {c.played}")


def _m22_excluded(state: DealState, triggers: list[CardState]) -> set[str]:
    if state.reading("IP-M22-WHO") == "did_not_receive_all_three":
        return {p for p in state.players if len({(c.card.rank, c.card.suit) for c in triggers if c.player == p}) == 3}
    return {c.player for c in triggers}


def _m22_payment(state: DealState, f: CardState) -> bool:
    """Whether the spade fosk ``f`` may pay for modifier 22's revival (IP-M22-NOFOSK, IP-M22-NONDEAD)."""
    if not (f.real_suit == "s" and f.fosk):
        return False
    how = state.reading("IP-M22-NOFOSK")
    if f.dead and (how == "no_live_spade_fosk" or state.reading("IP-M22-NONDEAD") == "spade_fosk_must_be_live"):
        return False
    return how != "no_eligible_spade_fosk" or not f.modified


@modifier(number=22, group="deal", kind="claim",
          readings=("IP-M22-WHO", "IP-M22-NONDEAD", "IP-M22-NOFOSK", "IP-M5-IDENTITY"),
          summary="The Three of clubs, Four of hearts and Five of spades face up: each player who got "
                  "none of them may revive a dead diamond honor by lowering a live spade fosk by 6.",
          reads=("circles", "card_states", "claims"), does=("revive", "rank", "claim_right"))
def m22(state: DealState) -> None:
    claims = state.claims_for("M22")
    if not claims:
        return
    up = state.face_up()
    # IP-M5-IDENTITY: under trigger_cards_must_be_live the text names the three cards' state (any live one)
    named = state.reading("IP-M22-NONDEAD") == "trigger_cards_must_be_live"
    triggers = [c for c in up if (c.card.rank, c.card.suit) in ((3, "c"), (4, "h"), (5, "s"))
                and (c.live or state.reading("IP-M22-NONDEAD") != "trigger_cards_must_be_live")
                and (named or counts_as_card(state, c))]
    if len({(c.card.rank, c.card.suit) for c in triggers}) < 3:
        state.refuse(claims[0], "the Three of clubs, Four of hearts and Five of spades did not all show")
    receivers = _m22_excluded(state, triggers)
    seen: set[str] = set()
    for claim in claims:
        if claim.player in receivers:
            state.refuse(claim, f"{claim.player} received one of the three cards")
        once_each(state, seen, claim, "modifier 22 revives one honor")
        if claim.card is None or claim.target is None:
            state.refuse(claim, "modifier 22 needs the dead diamond honor (card) and the spade fosk (target)")
        honor = state.find(claim.player, claim.card)
        fosk = state.find(claim.player, claim.target)
        if not (honor.dead and honor.real_suit == "d" and honor.honor):
            state.refuse(claim, f"{claim.card} is not a dead diamond honor")
        if not _m22_payment(state, fosk):
            state.refuse(claim, f"{claim.target} is not a spade fosk that may pay (IP-M22-NOFOSK)")
        state.revive(honor, undo=revival_undoes(state), text="revived under modifier 22")
        # A modified fosk may pay only where IP-M22-NOFOSK allows it: the text then overrides base rule 13.
        state.change_rank(fosk, lower_rank(fosk.real_rank, 6), text="lowered by 6 to pay for the revival",
                          override=state.reading("IP-M22-NOFOSK") != "no_eligible_spade_fosk")


# ---------------------------------------------------------------------------- M23
_NATURAL_FACTORS = {"T2", "M47", "M48", "M49", *(f"M{n}" for n in range(78, 101))}


def _as_qh(c: CardState) -> bool:
    if c.dead:
        return False
    return (c.state == WILD or (c.state == FREE and c.suit == "h")
            or (c.state == HOME and c.rank == 12))


def _m23_obtained(state: DealState, c: CardState, factors: set[str]) -> bool:
    """A second Unicorn of hearts owing itself to a natural factor (IP-M23-OBTAINED)."""
    if state.reading("IP-M23-OBTAINED") == "rank_or_suit_changed_into_qh":
        return (c.live and c.rank == 12 and c.suit == "h" and not c.is_(12, "h")
                and any(e.source in factors and e.change in ("rank", "suit") and c.card in e.cards
                        for e in state.trace))
    return _as_qh(c) and c.state_source in factors


def _m23_in_time(state: DealState, cards: list[CardState]) -> bool:
    """IP-M23-DEADLINE ``before_betting_may_start``: the cards came by the end of the second open circle."""
    if state.reading("IP-M23-DEADLINE") != "before_betting_may_start":
        return True
    second = state.nth_open(2)
    return second is None or all(c.circle <= second for c in cards)


@modifier(number=23, group="deal", kind="claim",
          summary="A player with two Unicorns of hearts, one natural and one obtained through a natural "
                  "factor, may cancel one of modifiers 16-22, shown before the betting.",
          reads=("card_states", "claims", "modifiers", "time", "weather"), does=("cancel", "claim_right"),
          readings=("IP-M23-FACTOR", "IP-M23-SCOPE", "IP-M23-OBTAINED", "IP-M23-DEADLINE"))
def m23(state: DealState) -> None:
    factors = set(_NATURAL_FACTORS)
    if state.reading("IP-M23-FACTOR") == "conditional_modifiers_only":
        factors.discard("T2")
    for claim in state.claims_for("M23"):
        if not claim.shown_before_betting:
            state.refuse(claim, "the Unicorns must be shown before the betting begins")
        target = claim.cancels or ""
        if not (target.startswith("M") and target[1:].isdigit() and 16 <= int(target[1:]) <= 22):
            state.refuse(claim, "modifier 23 cancels one of modifiers 16-22")
        hand = state.hand(claim.player)
        natural = [c for c in hand if c.is_(12, "h") and c.state == NATURAL]
        obtained = [c for c in hand if c not in natural and _m23_obtained(state, c, factors)]
        if not natural or not obtained:
            state.refuse(claim, f"{claim.player} lacks a natural Unicorn of hearts and one obtained "
                                f"through a natural factor")
        if not _m23_in_time(state, [natural[0], obtained[0]]):
            state.refuse(claim, "both Unicorns must have come by the end of the second open circle")
        own = claim.player if state.reading("IP-M23-SCOPE") == "own_cards_only" else None
        state.cancel(int(target[1:]), only=(lambda c, p=own: c.player == p) if own else None,
                     text=f"{claim.player} shows {natural[0].card} and {obtained[0].card}")


# ---------------------------------------------------------------------------- M24 - M27
@modifier(number=24, group="deal", readings=("IP-M24-EVEN", "IP-M24-PENULT", "IP-M5-IDENTITY"),
          summary="A red honor in the penultimate open circle makes all the player's Sixes wild, if a "
                  "Six came to him in an even circle.",
          reads=("circles", "card_states"), does=("wild",))
def m24(state: DealState) -> None:
    pen = state.penultimate_open if state.reading("IP-M24-PENULT") == "final_pattern" else 7
    if pen is None:
        return
    for player in state.players:
        c = state.player_card(player, pen)
        if not _live(c) or not (c.honor and c.red) or not counts_as_card(state, c):
            continue
        sixes = [s for s in state.hand(player) if s.is_(6) and counts_as_card(state, s)]
        how = state.reading("IP-M24-EVEN")
        if how == "even_open_circle":
            even = {state.nth_open(2), state.nth_open(4)} - {None}
        elif how == "even_number_face_up_only":
            even = {2, 4, 6, 8} & set(state.open_circles)
        else:
            even = {2, 4, 6, 8}
        if any(s.circle in even for s in sixes):
            for s in sixes:
                _grant(state, s, WILD, text=f"{c.card} in the penultimate open circle")


@modifier(number=25, group="deal", readings=("IP-M25-EIGHT", "IP-M25-ANY", "IP-M5-IDENTITY"),
          summary="A black 3-6 in the first open circle makes wild the player's Eight of the last "
                  "open circle.",
          reads=("circles", "card_states"), does=("wild",))
def m25(state: DealState) -> None:
    first, last = state.nth_open(1), state.last_open
    if first is None or last is None or first == last:
        return
    if state.reading("IP-M25-ANY") == "all_four_must_show":
        shown = {c.real_rank for c in state.circle(first)
                 if c.black and c.live and 3 <= c.real_rank <= 6 and counts_as_card(state, c)}
        if shown != {3, 4, 5, 6}:
            return
    for player in state.players:
        a, b = state.player_card(player, first), state.player_card(player, last)
        if _live(a) and a.black and 3 <= a.real_rank <= 6 and b is not None and b.is_(8) \
                and counts_as_card(state, a) and counts_as_card(state, b):
            eights = [b] if state.reading("IP-M25-EIGHT") == "eight_of_last_open_circle" else [
                c for c in state.hand(player) if c.is_(8) and counts_as_card(state, c)]
            for e in eights:
                _grant(state, e, WILD, text=f"{a.card} in the first open circle")


# ---------------------------------------------------------------------------- options for the advisor (base rule 25)
_options = attach_options


@_options(14)
def _m14_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    if sum(1 for c in hand if c.open and c.dead) < 3:
        return []
    free = [c.card for c in hand if not c.modified and c.live]
    out = [claim_option(player, "M14", cards=(a,)) for a in free]
    out += [claim_option(player, "M14", cards=(a, b)) for i, a in enumerate(free) for b in free[i + 1:]]
    return out


@_options(17)
def _m17_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    if not _m17_trigger(state, hand):
        return []
    return [claim_option(player, "M17", card=c.card) for c in hand if _m17_eligible(state, c)]


@_options(18)
def _m18_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    if not _m18_trigger(state, hand):
        return []
    return [claim_option(player, "M18", card=c.card) for c in hand if _m18_eligible(state, c)]


@_options(19)
def _m19_options(state: DealState, player: str) -> list[Claim]:
    if not _m19_right(state, player):
        return []
    return [claim_option(player, "M19", card=c.card) for c in state.hand(player) if _m19_target(state, c)]


@_options(20)
def _m20_options(state: DealState, player: str) -> list[Claim]:
    kings = [c for c in state.hand(player) if not c.open and c.is_(13) and c.live]
    out = []
    for a in kings:
        if any(b.real_suit == opposite_suit(a.real_suit) for b in kings):
            out += [claim_option(player, "M20", card=a.card, direction=d) for d in ("up", "down")]
    return out


@_options(21)
def _m21_options(state: DealState, player: str) -> list[Claim]:
    if not _m21_right(state, player):
        return []
    out = []
    for c in state.hand(player):
        if c.dead and c.fosk:
            opp = opposite_suit(c.real_suit)
            out += [claim_option(player, "M21", card=c.card, direction="up"), claim_option(player, "M21", card=c.card, suit=opp),
                    claim_option(player, "M21", card=c.card, direction="up", suit=opp)]
    return out


@_options(22)
def _m22_options(state: DealState, player: str) -> list[Claim]:
    triggers = [c for c in state.face_up() if (c.card.rank, c.card.suit) in ((3, "c"), (4, "h"), (5, "s"))]
    if len({(c.card.rank, c.card.suit) for c in triggers}) < 3 or player in _m22_excluded(state, triggers):
        return []
    hand = state.hand(player)
    honors = [c for c in hand if c.dead and c.real_suit == "d" and c.honor]
    fosks = [c for c in hand if c.live and c.real_suit == "s" and c.fosk and not c.modified]
    return [claim_option(player, "M22", card=h.card, target=f.card) for h in honors for f in fosks]


@_options(23)
def _m23_options(state: DealState, player: str) -> list[Claim]:
    hand = state.hand(player)
    if not any(c.is_(12, "h") and c.state == NATURAL for c in hand):
        return []
    factors = set(_NATURAL_FACTORS)
    if state.reading("IP-M23-FACTOR") == "conditional_modifiers_only":
        factors.discard("T2")
    if not any(_m23_obtained(state, c, factors) and not c.is_(12, "h") for c in hand):
        return []
    return [claim_option(player, "M23", cancels=f"M{n}") for n in range(16, 23)]
