"""Building deals for the tests: tables, hands laid out by circle, prepared card states."""

from __future__ import annotations

from dataclasses import replace

from rules.engines.cards import parse, parse_one
from rules.engines.dragon.context import Player, Room, Table
from rules.engines.dragon.deal import Dealing
from rules.engines.dragon.facts import deal_facts
from rules.engines.dragon.judge import prepare_deal
from rules.engines.dragon.modifiers.base import apply_adjustments
from rules.engines.dragon.presets import ruleset as get_ruleset
from rules.engines.dragon.state import Claim
from rules.engines.readings import resolve

# Fillers that no modifier of 1-33 reacts to on their own, the quietest first.
FILLER = ("2c 4c 8d 9s 2d 4d 5d 8c 9c 2s 4s 8s 5c 5s 7c 7d 7s Jc Jd Js 3c 3d 3s "
          "5h 9h 2h 4h 8h 7h Jh 3h").split()


def table(seats=("N", "E", "S", "W"), room: Room | None = None, **per_player) -> Table:
    """Players p_<seat> at ``seats``; ``per_player`` maps a seat to a dict of player facts."""
    players = [Player(id=seat, seat=seat, **per_player.get(seat, {})) for seat in seats]
    return Table(players=tuple(players), room=room or Room())


def layout(tbl: Table, dealer: str, hands: dict[str, str]) -> list[str]:
    """The dealing order for hands given per player as nine cards in circle order ("-" marks a
    card the test does not care about; fillers are drawn so no card repeats)."""
    ids = tbl.ids
    d = ids.index(dealer)
    order = ids[d + 1:] + ids[:d + 1]
    wanted = {pid: hands.get(pid, " ".join(["-"] * 9)).split() for pid in order}
    for pid, cards in wanted.items():
        assert len(cards) == 9, (pid, cards)
    used = {parse_one(c) for cards in wanted.values() for c in cards if c != "-"}
    rest = [str(c) for c in parse(" ".join(f"{r}{s}" for s in "hdcs" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()))
            if str(c) not in FILLER]
    one_deck = [c for c in FILLER + rest if parse_one(c) not in used]
    fillers = iter(one_deck + one_deck)     # six or more players play two decks (IP-DECKS)
    out = []
    for circle in range(9):
        for pid in order:
            card = wanted[pid][circle]
            out.append(next(fillers) if card == "-" else card)
    return out


# The deal group's tests look at modifiers 1-33 alone; the other groups have their own tests.
ONLY_DEAL_GROUP = frozenset(range(34, 101))


def prepared(hands: dict[str, str], *, tbl: Table | None = None, number: int = 1,
             started_at: str = "2026-03-04T10:30:00+03:00", history=None, claims=(), readings=None,
             ruleset: str = "club-2.2.1", disabled: frozenset[int] | None = ONLY_DEAL_GROUP):
    """The DealState of a deal (dealer by rotation: deal 1 is dealt by North), by default with the
    modifiers of the other seed groups switched off."""
    tbl = tbl or table()
    rs = get_ruleset(ruleset)
    if disabled is not None:
        rs = replace(rs, disabled=rs.disabled | disabled)
    rd = resolve(readings or {}, games=("dragon",))
    facts = deal_facts(tbl, number, started_at, rotation=rd["IP-DEAL-ROTATION"])
    apply_adjustments(facts, rd, rs.disabled)
    cards = layout(tbl, facts.dealer, hands)
    dealing = Dealing(facts, rd, ruleset=rs).deal_all(cards)
    return prepare_deal(facts, dealing, rd, history=history, claims=list(claims), ruleset=rs)


def card(state, text: str):
    """The CardState of the card dealt as ``text``."""
    c = state.holder(parse_one(text))
    assert c is not None, text
    return c


def sources(state, change: str | None = None) -> list[str]:
    return [e.source for e in state.trace if change is None or e.change == change]


def claim(player: str, rule: str, **kw) -> Claim:
    for key in ("card", "target"):
        if isinstance(kw.get(key), str):
            kw[key] = parse_one(kw[key])
    if "cards" in kw:
        kw["cards"] = tuple(parse_one(c) for c in kw["cards"])
    return Claim(player=player, rule=rule, **kw)
