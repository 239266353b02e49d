"""The 64-row hand table of the club rules v2.2.1 ("Расклады"), checked against the seed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.engines import dragon
from rules.engines.errors import RulesError

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "dragon-poker-rules.txt"

CODE_NAMES = [
    "long_flush_poker", "middle_flush_poker", "long_flush_straight", "medium_flush_poker", "flush_poker",
    "color_poker", "middle_flush_straight", "little_flush_poker", "poker", "marble_cemetery",
    "little_color_poker", "opposition_cross_flush", "red_dragon", "long_color_straight", "little_poker",
    "opposition_cross_color", "medium_flush_straight", "big_giant", "flush_straight", "granite_cemetery",
    "black_dragon", "middle_color_straight", "opposition_cross", "little_flush_straight",
    "golden_horseshoe", "giant", "long_straight", "white_unicorn", "cemetery", "dragon",
    "bronze_horseshoe", "light_elf", "two_two_three_suit", "middle_straight", "black_unicorn",
    "little_giant", "medium_color_straight", "horseshoe", "cross", "dark_elf", "unicorn",
    "two_two_three_color", "full_belly", "medium_straight", "color_opposition", "sated_belly", "elf",
    "two_two_three", "quad", "color_straight", "opposition", "little_color_straight", "hodgepodge",
    "belly", "straight", "little_straight", "flush", "little_flush", "full", "triple", "two_pairs",
    "color", "pair", "honor",
]


def test_table_has_64_hands_numbered_in_seed_order():
    """"Расклады" 1-64: one row per hand, numbered 1..64, best first."""
    assert len(dragon.HANDS) == 64
    assert [h.number for h in dragon.HANDS] == list(range(1, 65))
    assert [h.name for h in dragon.HANDS] == CODE_NAMES
    assert len(set(CODE_NAMES)) == 64


def test_public_api_hand_30_is_dragon():
    """Hand #30 "Дракон" is reached as HANDS[30] (1-based)."""
    assert dragon.HANDS[30].name == "dragon"
    assert dragon.HANDS[30].seed_name == "Дракон"
    assert dragon.HANDS[1].name == "long_flush_poker"
    assert dragon.HANDS[64].name == "honor"


def test_nothing_is_category_65_below_the_list():
    """IP-HODGEPODGE: the value for live cards that form no hand when #53 does not apply."""
    assert dragon.HANDS[65].name == "nothing"
    assert dragon.NOTHING_CATEGORY == 65
    assert dragon.BY_NAME["nothing"].number == 65


@pytest.mark.parametrize("bad", [0, 66, -1, "30", True])
def test_unknown_hand_number_is_refused(bad):
    with pytest.raises(KeyError):
        dragon.HANDS[bad]


def test_each_row_has_english_name_and_shape():
    for hand in dragon.HANDS:
        assert hand.english and hand.shape and hand.seed_name
        assert dragon.BY_NAME[hand.name] is hand


def _seed_hands() -> dict[int, tuple[str, str]]:
    text = SEED.read_text(encoding="utf-8")
    block = text[text.index("\nРасклады\n"):text.index("Чем меньше номер расклада")]
    found = {}
    for line in block.splitlines():
        m = re.match(r"(\d+)\. (.*)", line)
        if m:
            number, rest = int(m.group(1)), m.group(2)
            parts = re.split(r" [-–] ", rest, maxsplit=1)
            found[number] = (parts[0].strip(), parts[1].strip() if len(parts) > 1 else "")
    return found


@pytest.mark.skipif(not SEED.exists(), reason="the seed text is not on this machine")
def test_names_and_definitions_are_the_seeds_verbatim():
    """Every hand's Russian name and definition is the seed's own text ("Расклады" 1-64): the
    seed is the authority (e.g. #46 "Сытое Брюхо", #61 "Пара" for two pairs, #52 without colour)."""
    seed = _seed_hands()
    assert sorted(seed) == list(range(1, 65))
    for hand in dragon.HANDS:
        name, text = seed[hand.number]
        assert hand.seed_name == name, hand.number
        assert hand.seed_text == text.rstrip("\xa0").strip(), hand.number


def test_seed_names_spot_check():
    """Hands #33, #42, #48 have only a name in the seed; #61 "Пара" is two pairs, #63 "Одна Двойка"
    one pair, #53 "Разнобой"."""
    assert dragon.HANDS[33].seed_name == "2+2+3 масть" and dragon.HANDS[33].seed_text == ""
    assert dragon.HANDS[42].seed_name == "2+2+3 цвет"
    assert dragon.HANDS[48].seed_name == "2+2+3"
    assert dragon.HANDS[61].seed_name == "Пара" and dragon.HANDS[61].name == "two_pairs"
    assert dragon.HANDS[63].seed_name == "Одна Двойка" and dragon.HANDS[63].name == "pair"
    assert dragon.HANDS[53].seed_name == "Разнобой"
    assert dragon.HANDS[46].seed_name == "Сытое Брюхо"


def test_hand_table_is_read_only():
    with pytest.raises(AttributeError):
        dragon.HANDS[30].name = "x"


def test_every_hand_reading_is_registered_for_dragon():
    """The interpretation points of the hand list live in the one registry, game "dragon"."""
    from rules.engines import readings

    ids = {"IP-QUALIFIER-SCOPE", "IP-KICKERS", "IP-OPPOSITION", "IP-NAT-USED", "IP-NAT-FREE",
           "IP-NAT-ORDER", "IP-DRAGON-PAIR", "IP-COLOR-OPPOSITION", "IP-LITTLE-COLOR-STRAIGHT",
           "IP-HODGEPODGE", "IP-BIG-GIANT", "IP-HORSESHOE"}
    registered = readings.registry()
    for point_id in ids:
        assert registered[point_id].game == "dragon"
    with pytest.raises(RulesError):
        readings.resolve({"IP-HORSESHOE": "horse"}, games=("dragon",))
