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
