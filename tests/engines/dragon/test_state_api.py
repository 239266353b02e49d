"""The card-state layer's guarded changes added for modifiers that keep cards from later changes:
``protect`` (checked by ``kill``), ``annul_kill``, ``ban`` (checked by ``grant``), ``rebase`` of a suit
and ``change_rank(..., unfreeze=True)``; and the modifier readings that use them (IP-M34-LATER,
IP-M36-LATER-KILLS, IP-M46-MODIFIED, IP-M76-RULE22)."""

from __future__ import annotations

import pytest

from rules.engines.dragon.state import DEAD, FREE, HOME, NATURAL, WILD
from rules.engines.errors import RulesError

from .helpers import card, prepared

EVERY_MODIFIER = frozenset(range(1, 101))


def _state(readings=None):
    """A deal with no modifier played, at a time no table row touches these cards."""
    return prepared({"E": "9c 8d - - - - - - -", "S": "Kh 5s - - - - - - -"}, disabled=EVERY_MODIFIER,
                    started_at="2026-03-04T10:30:00+03:00", readings=readings)


def test_protect_stops_modifier_kills_not_rule_kills():
    """Modifiers 76, 77, 92, 96-98 ("неубиваемые"): a protected card is not killed by a conditional
    modifier; by default (IP-M76-KILL-SCOPE modifier_kills) a base rule still kills it; ``stops="all"``
    stops every kill, and a tuple stops only the named sources (M92: "M89", "M90")."""
    s = _state()
    c = card(s, "9c")
    s.protect(c, "kill", "M76")
    assert not s.kill(c, "M7") and c.state == NATURAL
    assert any(e.change == "kill stopped" and e.source == "M76" and "M7" in e.text for e in s.trace)
    assert s.kill(c, "T2") and c.state == DEAD
    d = card(s, "8d")
    s.protect(d, "kill", "M76", stops="all")
    assert not s.kill(d, "T2") and d.live
    k = card(s, "Kh")
    s.protect(k, "kill", "M92", stops=("M89", "M90"))
    assert not s.kill(k, "M89") and s.kill(k, "M57") and k.dead
    with pytest.raises(RulesError, match="kill"):
        s.protect(d, "wild", "M76")


def test_protect_of_a_cancelled_protector_does_not_act():
    """Base rule 11: a protection whose modifier is cancelled stops nothing."""
    s = _state()
    c = card(s, "9c")
    s.protect(c, "kill", "M76")
    s.cancel(76, "M99")
    assert s.kill(c, "M80") and c.dead


def test_ip_m76_rule22_protection_counts_only_when_read_so():
    """IP-M76-RULE22 with base rule 22: counted_when_effective puts the protector on the card when it stops
    a kill, and with three modifiers already on the card the protection cannot act: the kill happens."""
    s = _state({"IP-M76-RULE22": "counted_when_effective"})
    c = card(s, "9c")
    s.protect(c, "kill", "M76")
    assert not s.kill(c, "M7") and c.mods == (76,)
    d = card(s, "8d")
    d.mods = (10, 20, 30)
    s.protect(d, "kill", "M76")
    assert s.kill(d, "M30") and d.dead          # modifier 30 already counts on the card
    s = _state()
    d = card(s, "8d")
    d.mods = (10, 20, 30)
    s.protect(d, "kill", "M76")
    assert not s.kill(d, "M30") and d.mods == (10, 20, 30)


def test_annul_kill_restores_the_prior_state_without_a_rule22_slot():
    """Modifiers 92, 96-98 (and 76 under all_kills): an annulled kill did not happen: the dead card gets
    back its state, a free card base rule 3 made home is free again, a wild card base rule 4 made
    natural is wild again; the killer's slot goes and the annulment takes none (base rule 22)."""
    s = _state()
    k = card(s, "Kh")
    s.grant(k, HOME, "T3")
    s.kill(k, "M89")
    assert k.dead and 89 in k.mods
    assert s.annul_kill(k, "M92") and k.state == HOME and k.state_source == "T3" and k.mods == ()
    f = card(s, "Kh")
    s.strip(f, HOME, "M1")
    assert s.grant(f, FREE, "M47", override=True) and s.kill(f, "M89") and f.state == HOME
    assert s.annul_kill(f, "M96") and f.state == FREE and f.state_source == "M47"
    w = card(s, "5s")
    s.grant(w, WILD, "T2")
    s.kill(w, "M89")
    assert w.state == NATURAL and s.annul_kill(w, "M97") and w.state == WILD
    assert not s.annul_kill(card(s, "9c"), "M92")          # nothing to annul
    assert 92 not in k.mods and 96 not in f.mods


def test_ban_keeps_a_status_from_being_granted():
    """Modifier 34 under IP-M34-LATER standing_ban: no card of a cancelled rank becomes wild later in the
    deal, whoever grants it; other ranks and statuses are not touched; a cancelled ban does nothing."""
    s = _state()
    s.ban(WILD, lambda c: c.real_rank == 9, "M34")
    c = card(s, "9c")
    assert not s.grant(c, WILD, "M43") and c.natural
    assert any(e.change == "refused" and e.source == "M34" for e in s.trace)
    assert s.grant(card(s, "5s"), WILD, "M43") and s.grant(c, HOME, "M44")
    s = _state()
    s.ban(WILD, lambda c: c.real_rank == 9, "M34")
    s.cancel(34, "M35")
    assert s.grant(card(s, "9c"), WILD, "M43")
    with pytest.raises(RulesError, match="status"):
        s.ban(DEAD, lambda c: True, "M34")


def test_change_rank_unfreeze_reaches_a_frozen_card():
    """Modifier 46 (IP-M46-MODIFIED any_own_card): "декремент/инкремент может применяться к уже
    модифицированным картам": the rank change reaches a card modifiers 28, 29, 31 or base rule 14 froze,
    which stays frozen for anything else; without ``unfreeze`` base rule 14 refuses it."""
    s = _state()
    c = card(s, "9c")
    s.freeze(c, "M28")
    assert not s.change_rank(c, 10, "M45", override=True)
    assert s.change_rank(c, 10, "M46", override=True, unfreeze=True) and c.rank == 10 and c.frozen


def test_rebase_needs_a_rank_or_a_suit():
    """Modifiers 17-19, 51: a rebase names the new rank or suit."""
    s = _state()
    with pytest.raises(RulesError, match="rank or a suit"):
        s.rebase(card(s, "9c"), None, None, "M51")


# ---------------------------------------------------------------------------- the step API (deal.Dealing)
def _stepped(hands, readings, circles):
    """Deal 1 of four players (N deals; E, S, W, N receive) card by card through the step API: before each
    card, what ``next_circle`` says of it. Returns the dealing and, per circle, (number, kind, each
    recipient's kind)."""
    from rules.engines.dragon.deal import Dealing
    from rules.engines.dragon.facts import deal_facts
    from rules.engines.readings import resolve

    from .helpers import table
    from .test_readings_dealing import APRIL, cards_for

    facts = deal_facts(table(), 1, APRIL)
    dealing = Dealing(facts, resolve(readings, games=("dragon",)))
    seen = []
    for i, token in enumerate(cards_for(hands, circles)):
        circle = dealing.next_circle()
        assert circle is not None and circle.recipients == ("E", "S", "W", "N")
        assert dealing.next_recipient() == circle.recipients[i % 4]
        assert dealing.next_kind() == circle.kind_for(dealing.next_recipient())
        if i % 4 == 0:
            seen.append((circle.number, circle.kind, circle.kinds))
        dealt = dealing.deal(token)
        assert dealt.open == (circle.kinds[i % 4] == "open")
    return dealing, seen


O4, D4 = ("open",) * 4, ("dark",) * 4


def test_step_api_default_deals_nine_circles():
    """The step API, modifier 5 under IP-M5-SCOPE last_open_circle (default): circle 8 is announced dark to
    all four before it is dealt; nine circles, then None."""
    dealing, seen = _stepped({"E": "- - - As - - - - -"}, {}, 9)
    assert [k for _n, k, _ks in seen] == ["dark"] * 3 + ["open"] * 4 + ["dark"] * 2
    assert seen[7] == (8, "dark", D4)
    assert dealing.complete and dealing.next_circle() is None and dealing.total == 36


def test_step_api_single_last_card_announces_the_dealers_dark_card():
    """The step API, modifier 5 under IP-M5-SCOPE single_last_card ("темной будет последняя карта, которая
    должна быть открытой"): circle 8 is an open circle whose last card, the dealer N's, is announced and
    dealt dark."""
    dealing, seen = _stepped({"E": "- - - As - - - - -"}, {"IP-M5-SCOPE": "single_last_card"}, 9)
    assert seen[7] == (8, "open", ("open", "open", "open", "dark"))
    assert [ks for _n, _k, ks in seen[3:7]] == [O4] * 4
    assert dealing.complete and dealing.next_circle() is None


def test_step_api_extra_dark_card_announces_a_tenth_circle():
    """The step API, modifier 5 under IP-M5-SCOPE extra_dark_card ("расклад играется с одной дополнительно
    темной"): before the Dragon shows the deal has 36 cards; once it has, 40: circle 8 is announced dark,
    circle 9 open and circle 10 dark, then None."""
    from rules.engines.dragon.deal import Dealing
    from rules.engines.dragon.facts import deal_facts
    from rules.engines.readings import resolve

    from .helpers import table
    from .test_readings_dealing import APRIL

    rd = {"IP-M5-SCOPE": "extra_dark_card"}
    assert Dealing(deal_facts(table(), 1, APRIL), resolve(rd, games=("dragon",))).total == 36
    dealing, seen = _stepped({"E": "- - - As - - - - -"}, rd, 10)
    assert seen[7:] == [(8, "dark", D4), (9, "open", O4), (10, "dark", D4)]
    assert dealing.complete and dealing.next_circle() is None and dealing.total == 40
    with pytest.raises(RulesError, match="one card too many"):
        dealing.deal("As")


def test_step_api_eight_circles_ends_after_the_eighth():
    """The step API, modifier 6 under IP-M6-LENGTH eight_circles ("т,т,т,о,о,т,о,о"): circle 6 is announced
    dark, and after circle 8 the deal is complete: no ninth circle is announced, a 33rd card is refused."""
    hands = {"E": "- - - 3h - - - - -", "W": "- - - 3s - - - - -"}
    dealing, seen = _stepped(hands, {"IP-M6-LENGTH": "eight_circles"}, 8)
    assert [k for _n, k, _ks in seen] == ["dark"] * 3 + ["open", "open", "dark", "open", "open"]
    assert dealing.complete and dealing.next_circle() is None and dealing.next_recipient() is None
    assert dealing.total == 32
    with pytest.raises(RulesError, match="one card too many"):
        dealing.deal("As")


def test_deal_from_seed_deals_as_many_circles_as_the_reading_gives():
    """The digital dealer (``deal_from_seed``) deals circle by circle: under IP-M5-SCOPE extra_dark_card a
    shuffle whose first face-up card is a Dragon gets ten cards each, any other nine."""
    from rules.engines.dragon.deal import deal_from_seed
    from rules.engines.dragon.facts import deal_facts
    from rules.engines.readings import resolve

    from .helpers import table
    from .test_readings_dealing import APRIL

    rd = resolve({"IP-M5-SCOPE": "extra_dark_card"}, games=("dragon",))
    facts = deal_facts(table(), 1, APRIL)
    sizes = {}
    for seed in range(40):
        dealing = deal_from_seed(facts, seed, rd)
        first_up = next(c for c in dealing.dealt if c.open)
        sizes.setdefault(first_up.card.rank == 14, set()).add(len(dealing.dealt))
        assert dealing.complete
    assert sizes == {True: {40}, False: {36}}
