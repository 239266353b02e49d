"""Neutral defaults of the sitting document (engine-api.md, "Sitting documents": missing optional
facts take the neutral value): a document that names only the players' ids and seats fires none
of the modifiers that read the players' or the room's facts."""

from __future__ import annotations

import pytest

from rules.engines.cards import deck52, shuffled
from rules.engines.dragon.context import Player, Room
from rules.engines.dragon.game import GameHistory
from rules.engines.dragon.judge import judge_deal, table_from_doc
from rules.engines.dragon.modifiers.base import registry
from rules.engines.errors import RulesError

_FACTS = {"sex", "beard", "glasses", "headwear", "clothing", "drink", "dimension", "spare_decks", "room",
          "croupier"}
# Modifier 66 reads the room only under its IP-M66-INDEPENDENT alternative; its trigger is the Two of
# spades in the third open circle.
FACT_DRIVEN = {n for n, m in registry().items() if 53 <= n <= 88 and set(m.reads) & _FACTS} - {66}
SEATS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def _fired(doc: dict, games: int = 5) -> set[int]:
    """Modifiers that changed something in ``games`` Games of deals 1-4 at hours spread over the day."""
    tbl = table_from_doc(doc)
    n = len(tbl.players)
    fired: set[int] = set()
    for seed in range(games):
        history = GameHistory()
        for number in range(1, 5):
            hour = (seed * 5 + number * 7) % 24
            cards = shuffled(deck52() * 2 if n > 5 else deck52(), seed * 10 + number)[:9 * n]
            j = judge_deal(tbl, number, f"2026-03-0{number}T{hour:02d}:10:00+03:00", cards, history=history)
            history.add(j.record)
            fired |= j.state.fired
    return fired


@pytest.mark.parametrize("n", [2, 4, 6])
def test_minimal_document_fires_no_fact_modifier(n):
    """engine-api.md: missing facts are neutral. Modifiers 72 (exits), 73 (sex), 78-88 (clothing) and
    the other fact-driven ones of 53-88 stay silent for a document with ids and seats only."""
    doc = {"players": [{"id": f"p{i}", "seat": s} for i, s in enumerate(SEATS[:n])]}
    assert not _fired(doc) & FACT_DRIVEN


def test_recorded_facts_still_fire():
    """The same deals with the facts recorded (one exit, four men, everybody's clothing "none")
    fire modifier 72 (an odd number of exits), 73 (an even number of one sex) and 85-88 (no
    dominant colour): the neutral defaults are what keep them silent above."""
    doc = {"players": [{"id": f"p{i}", "seat": s, "sex": "m", "clothing": "none"} for i, s in enumerate(SEATS[:4])],
           "room": {"exits": 1}}
    fired = _fired(doc)
    assert {72, 73} <= fired and fired & {85, 86, 87, 88}


def test_neutral_values_and_validation():
    """The neutral values: sex and clothing not recorded (None), exits not counted (None); a
    recorded value is still checked."""
    p = Player("a", "N")
    assert (p.sex, p.clothing, p.glasses, p.drink) == (None, None, False, "none")
    assert Room().exits is None and Room(exits=2).exits == 2
    with pytest.raises(RulesError, match="clothing"):
        Player("a", "N", clothing="grey")
    with pytest.raises(RulesError, match="exits"):
        Room(exits=-1)
