"""Readings of the external modifiers 55, 70, 76 and 77: each new reading with a deal where it gives
another result than the default.

As in ``test_modifiers_external_53_70``: the modifiers under test alone (``only``), Tables 1-3 only where
a test needs them. Deal 1 is dealt by North (order E, S, W, N: P1 = E, P2 = S, P3 = W, P4 = N); the
default pattern is d d d o o o o o d (open circles 4-8). Hands are nine cards in circle order.
"""

from __future__ import annotations

import pytest

from rules.engines.dragon.modifiers.external import letter_counts
from rules.engines.errors import RulesError
from rules.engines.readings import get

from .helpers import card, claim, table
from .test_modifiers_external_53_70 import JANUARY, SUNDAY, _m70, only, players, prep, states
from .test_modifiers_external_71_88 import M76_SEATS, _dim, _m76


@pytest.mark.parametrize("point_id, reading", [
    ("IP-M55-SOURCES", "all_sources"), ("IP-M70-APPLICABLE", "changed_a_card"),
    ("IP-M76-KILL-SCOPE", "later_only"), ("IP-M76-PHONETIC", "sounds")])
def test_new_readings_are_registered_as_alternatives(point_id, reading):
    """Base rule 12 and the modifier notes (51-75, 76-100): the readings are alternatives of their points."""
    point = get(point_id)
    assert reading in point.alternatives and reading != point.default
    assert point.readings_help[reading]


# ---------------------------------------------------------------------------- IP-M55-SOURCES
GLASSES_S = {"N": {"beard": True}, "E": {}, "S": {"glasses": True}, "W": {}}


def test_ip_m55_sources_all_sources_bars_a_later_modifiers_home():
    """IP-M55-SOURCES all_sources, modifier 55 ("если у сдающего очки не одеты, но одеты у игроков, то у
    этих игроков (у тех, кто одел очки) отменяются домашние карты, если это ... Великан треф или Дракон
    треф"): the dealer N wears no glasses, S does and claims modifier 56 (N has a beard): by default his
    Ac and Ad are both home (56 acts after 55); under all_sources the Ac stays natural, the Ad is home."""
    hands = {"S": "Ac - - - - - - - Ad"}
    kw = {"tbl": players(**GLASSES_S), "started_at": SUNDAY, "ruleset": only(55, 56),
          "claims": [claim("S", "M56")]}
    assert states(prep(hands, **kw), "Ac Ad") == ["home", "home"]
    s = prep(hands, readings={"IP-M55-SOURCES": "all_sources"}, **kw)
    assert states(s, "Ac Ad") == ["natural", "home"]
    assert any(e.source == "M55" and e.change == "refused" for e in s.trace)


def test_ip_m55_sources_all_sources_undoes_a_revival_into_home():
    """IP-M55-SOURCES all_sources, modifier 55 ("отменяются домашние карты, если это ... Великан треф"):
    S, bare-headed in glasses, makes modifier 58 kill his Kc of the second open circle (circle 5); modifier
    67 revives it home as the middle of Qh Kc Jd. By default it stays home; under all_sources it is
    natural at the end of the deal, while the dealer N (no glasses) keeps nothing from 55."""
    hands = {"S": "- - - Qh Kc Jd - - -"}
    kw = {"tbl": players(**GLASSES_S), "started_at": SUNDAY, "ruleset": only(55, 58, 67)}
    assert card(prep(hands, **kw), "Kc").state == "home"
    s = prep(hands, readings={"IP-M55-SOURCES": "all_sources"}, **kw)
    assert card(s, "Kc").state == "natural"
    assert [e.source for e in s.trace if e.change == "not home"] == ["M55"]
    glasses_dealer = players(N={"glasses": True}, E={}, S={"glasses": True}, W={})
    s = prep(hands, readings={"IP-M55-SOURCES": "all_sources"}, **dict(kw, tbl=glasses_dealer))
    assert card(s, "Kc").state == "home"


# ---------------------------------------------------------------------------- IP-M70-APPLICABLE
def test_ip_m70_applicable_changed_a_card():
    """IP-M70-APPLICABLE changed_a_card, modifier 70 ("если модификаторы 67 - 69 применимы к двум и более
    игрокам, то все остальные игроки могут сделать домашним один из своих онеров"): in January (Table 3:
    Giants home) E's 2c 4h 3d make the 4h home, while S's Jc Kc Qc leave his Kc home as it was. Both
    combinations count by default, so N may make his Jh home; under changed_a_card only E's counts and
    N's claim is illegal."""
    hands = {"E": "- - - 2c 4h 3d 9s 8d -", "S": "- - - Jc Kc Qc 6s 2h -", "N": "Jh - - - - - - - -"}
    kw = {"tbl": table(("N", "E", "S")), "started_at": JANUARY, "ruleset": only(67, 70, tables=True),
          "claims": [claim("N", "M70", card="Jh")]}
    s = prep(hands, **kw)
    assert states(s, "4h Kc Jh") == ["home", "home", "home"]
    with pytest.raises(RulesError, match="two players"):
        prep(hands, readings={"IP-M70-APPLICABLE": "changed_a_card"}, **kw)
    # Firings that changed a card count as before: E's 4h and S's Jc made home.
    s = _m70("9c Jc 10c 6s 2h", [claim("N", "M70", card="Kh")],
             readings={"IP-M70-APPLICABLE": "changed_a_card"})
    assert card(s, "Kh").state == "home"


# ---------------------------------------------------------------------------- IP-M76-KILL-SCOPE
def test_ip_m76_kill_scope_later_only():
    """IP-M76-KILL-SCOPE later_only, modifier 76 ("каждая 4-я партия играется с неубиваемыми красными
    фосками, кратными по номиналу 3"): N "Иаоп" and S "Дева", deal 4: modifier 13 (numbered below 76)
    kills SW's 3h; the default stops that kill, later_only lets it stand and stops only the kills of
    modifiers 77-100 (a kill by 90 of NE's 6d is stopped, one by 41 is not)."""
    hands = {"NE": "6d - - - - - - 10s -", "S": "- - - - - - - Jc -", "SW": "3h 4h - - - - - - -"}
    assert states(_m76(hands=hands), "3h 4h") == ["natural", "dead"]
    s = _m76(hands=hands, readings={"IP-M76-KILL-SCOPE": "later_only"})
    assert states(s, "3h 4h") == ["dead", "dead"]
    six = card(s, "6d")
    assert not s.kill(six, source="M90") and six.state == "natural"
    assert s.kill(six, source="M41") and six.state == "dead"


def test_ip_m77_kill_scope_later_only():
    """IP-M76-KILL-SCOPE later_only for modifier 77 ("каждая 5-я партия играется с неубиваемыми черными
    Тройками, Семерками, Десятками"): N "Клах" and S "Дева" (3 vowels, 5 consonants), deal 5: modifier 7
    (S's 10d in the first open circle) kills N's 7h and, under later_only, his 7c too."""
    tbl = players(N=_dim("Klah", "Клах"), S=_dim("Deva", "Дева"))
    hands = {"S": "- - - 10d - - - - -", "N": "7c 7h - - - - - - -"}
    kw = {"tbl": tbl, "number": 5, "started_at": "2026-05-10T10:30:00+03:00", "ruleset": only(7, 77)}
    assert states(prep(hands, **kw), "7c 7h") == ["natural", "dead"]
    s = prep(hands, readings={"IP-M76-KILL-SCOPE": "later_only"}, **kw)
    assert states(s, "7c 7h") == ["dead", "dead"]


# ---------------------------------------------------------------------------- IP-M76-PHONETIC
def test_ip_m76_phonetic_sounds_letter_to_sound_rules():
    """IP-M76-PHONETIC sounds, modifiers 76-77 ("в фонетическом названии измерений ... преобладают
    гласные буквы"): я after a vowel and е after ъ are [й] + a vowel, ь is silent and и after it is
    [й'и], a doubled consonant is one sound; letters and Latin names count as under ru_letters."""
    assert letter_counts("Империя") == (4, 3) and letter_counts("Империя", "sounds") == (4, 4)
    assert letter_counts("Яма", "sounds") == (2, 2) and letter_counts("Подъезд", "sounds") == (2, 5)
    assert letter_counts("Соловьи", "sounds") == (3, 4) and letter_counts("Касса", "sounds") == (2, 2)
    assert letter_counts("Дева", "sounds") == (2, 2) and letter_counts("Klah", "sounds") == (1, 3)


def test_ip_m76_phonetic_sounds():
    """IP-M76-PHONETIC sounds, modifier 76 ("если в фонетическом названии измерений ... преобладают
    гласные буквы, то каждая 4-я партия играется с неубиваемыми красными фосками"): N "Империя" and S
    "Дева" have 6 vowel letters against 5 consonant letters, so by default modifier 13's kill of SW's 3h
    in deal 4 does not happen; counted in sounds ("Империя" is [имп'эр'ийа]) they tie 6-6 and the 3h dies."""
    seats = dict(M76_SEATS, N=_dim("Imperia", "Империя"))
    assert card(_m76(seats=seats), "3h").state == "natural"
    assert card(_m76(seats=seats, readings={"IP-M76-PHONETIC": "sounds"}), "3h").state == "dead"
