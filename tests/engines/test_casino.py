"""Casino variant: combinations, the book's order, situations and the showdown.

Seed: ``seeds/dragon-poker-rules.txt``, first part ("Старшинство комбинаций", "Модификаторы.
Ситуативные правила старшинства" and the dialogue's ascending order of hands).
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engines import casino, readings
from rules.engines.cards import CardSyntaxError, deck52, parse
from rules.engines.errors import RulesError
from tests.budgets import examples

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "dragon-poker-rules.txt"
PROPS = settings(max_examples=examples(120), deadline=None)


def name(hand, **kw):
    return casino.evaluate(hand, **kw).name


def wins(a, b, minute=20, **kw):
    return casino.showdown(a, b, minute, **kw)


# -- the 13 combinations: the seed's own examples ---------------------------------------------

@pytest.mark.parametrize(("hand", "expected"), [
    ("4s 5s 6s 7s 8s 9s", "straight_flush"),      # combination 1, the seed's 4-5-6-7-8-9 of spades
    ("9d 9h 9c 9s 4d 4c", "dragon"),               # combination 2, quad plus pair
    ("Kd Kh Ks 5c 5h 5s", "two_triples"),          # combination 3
    ("2c 4c 6c 8c 10c Kc", "flush"),               # combination 4 (the glossary's 2,4,6,8,10,K)
    ("3s 7s As 3h 7h Ah", "collision"),            # combination 5, the seed's 3-7-A of spades and hearts
    ("Jh Jd Jc Js 2s 9h", "quad"),                 # combination 6
    ("3h 4d 5s 6c 7h 8d", "straight"),             # combination 7, 3-4-5-6-7-8 of mixed suits
    ("Qh Qd Qc 8s 8h 2d", "full_house"),           # combination 8 (2+3)
    ("6h 6d 10c 10s Ah Ac", "three_pairs"),        # combination 9, two sixes, two tens, two aces
    ("6h 6d 6c Ks 9h 2d", "triple"),               # combination 9 (the second 9), three sixes
    ("10h 10d Ah Ac 7s 2d", "two_pairs"),          # combination 10, two tens and two aces
    ("10h 10d Ks 7c 5s 2d", "pair"),               # combination 11, two tens
    ("Kh 10d 8s 6c 4s 2d", "high_card"),           # combination 12
])
def test_each_combination_of_the_seed_list(hand, expected):
    value = casino.evaluate(hand)
    assert value.name == expected
    assert value.category == casino.HANDS.by_name(expected).category


def test_combination_5_collision_example_cards_and_top():
    """Combination 5: «Например, 3-7-Т пик и 3-7-Т червей»; the ace of hearts tops it."""
    value = casino.evaluate("3s 7s As 3h 7h Ah")
    assert set(value.cards) == set(parse("3s 7s As 3h 7h Ah"))
    assert str(value.top) == "Ah"
    assert casino.evaluate("3s 7s As 3h 7h Ah", order="book").name == "three_pairs"


@pytest.mark.parametrize("hand", [
    "3s 7h As 3h 7s Ad",     # the third pair uses other suits
    "3s 7d As 3h 7c Ah",     # every pair a different pair of suits
])
def test_combination_5_needs_the_same_suits_pair_by_pair(hand):
    assert name(hand) == "three_pairs"


def test_straight_ace_low_is_topped_by_the_six():
    """«6-5-4-3-2-Т ... старшей картой такого комбо будет 6»."""
    value = casino.evaluate("6c 5h 4d 3s 2c Ad")
    assert value.name == "straight"
    assert str(value.top) == "6c"
    assert value.key[1] == 6
    assert [str(c) for c in value.cards] == ["6c", "5h", "4d", "3s", "2c", "Ad"]
    # the lowest straight: a 7-high straight beats it, and so does a six-high of any kind
    assert wins("6c 5h 4d 3s 2c Ad", "7h 6d 5s 4c 3h 2d") == "house"
    assert casino.evaluate("Ah Kd Qs Jc 10h 9d").key > casino.evaluate("7h 6d 5s 4c 3h 2d").key


def test_straight_ace_low_suited_is_a_straight_flush_topped_by_the_six():
    value = casino.evaluate("Ah 2h 3h 4h 5h 6h")
    assert value.name == "straight_flush"
    assert value.key[1] == 6
    assert wins("Ah 2h 3h 4h 5h 6h", "2s 3s 4s 5s 6s 7s") == "house"


def test_straight_never_wraps_round_the_ace():
    """The ace is high (A-K-Q-J-10-9) or low (6-5-4-3-2-A), nothing else."""
    assert name("Qh Kd As 2c 3h 4d") == "high_card"


def test_ace_is_highest_outside_straights():
    """«Во всех остальных комбо туз - старше всех»."""
    assert wins("Ah Ad 7c 5s 3h 2d", "Kh Kd 7s 5c 3d 2c") == "player"
    assert wins("Ac 9c 7c 5c 3c 2c", "Kh Qh 9h 7h 5h 3h") == "player"


def test_equal_combinations_highest_card_then_suit():
    """«при их равенстве - по достоинству старшей карты, при их равном достоинстве - по старшей
    масти»; suits «червы-бубны-крести-пики сверху вниз»."""
    assert wins("Kh Ks 9c 7c 4d 2d", "Kd Kc 9h 7h 4s 2s") == "player"     # Kh over Kd
    assert wins("Kc Ks 9h 7h 4d 2d", "Kd Kh 9c 7c 4s 2s") == "house"
    for better, worse in (("h", "d"), ("d", "c"), ("c", "s")):
        assert casino.evaluate(f"A{better} 2c 4d 6s 8h 10c").key > casino.evaluate(f"A{worse} 3c 5d 7s 9h Jc").key


def test_numbering_clash_three_pairs_above_triple():
    """The seed numbers «9. Три пары» and «9. Тройка» alike; the list order stands."""
    three_pairs, triple = casino.HANDS.by_name("three_pairs"), casino.HANDS.by_name("triple")
    assert three_pairs.seed_number == triple.seed_number == 9
    assert three_pairs.category == 9 and triple.category == 10
    assert wins("2h 2d 3c 3s 4h 4d", "Ah Ad Ac Ks 9h 7d") == "player"


def test_numbering_shared_rank_reading():
    """IP-CASINO-NUMBERING shared_rank: the two 9s are one rank, the highest card decides."""
    shared = {"IP-CASINO-NUMBERING": "shared_rank"}
    assert wins("2h 2d 3c 3s 4h 4d", "Ah Ad Ac Ks 9h 7d", readings=shared) == "house"
    assert wins("Kh Kd 3c 3s 4h 4d", "Qh Qd Qc 9s 8h 7d", readings=shared) == "player"
    assert casino.evaluate("Ah Ad Ac Ks 9h 7d", readings=shared).name == "triple"
    # two pairs stay below either
    assert wins("2h 2d 2c 5s 8h 9d", "Ah Ad Kc Ks 9h 7d", readings=shared) == "player"


def test_combination_order_top_to_bottom():
    """Each combination of the list beats the one below it (one representative each)."""
    hands = ["4s 5s 6s 7s 8s 9s", "9d 9h 9c 9s 4d 4c", "Kd Kh Ks 5c 5h 5s", "2c 4c 6c 8c 10c Kc",
             "3s 7s As 3h 7h Ah", "Jh Jd Jc Js 2s 9h", "3h 4d 5s 6c 7h 8d", "Qh Qd Qc 8s 8h 2d",
             "6h 6d 10c 10s Ah Ac", "6h 6d 6c Ks 9h 2d", "10h 10d Ah Ac 7s 2d", "10h 10d Ks 7c 5s 2d",
             "Kh 10d 8s 6c 4s 2d"]
    values = [casino.evaluate(h) for h in hands]
    assert [v.name for v in values] == list(casino.HANDS.names())
    # the weakest of each category beats the strongest of the next
    assert casino.evaluate("2c 3c 4c 5c 6c Ac").key > casino.evaluate("Ah Ad Ac As Kh Kd").key
    assert casino.evaluate("2h 2d 3c 3s 4h 4d").key > casino.evaluate("Ah Ad Ac Ks Qh Jd").key
    assert all(a.key > b.key for a, b in zip(values, values[1:], strict=False))


# -- cards that form the combination -------------------------------------------------------

@pytest.mark.parametrize(("hand", "formed"), [
    ("Jh Jd Jc Js 2s 9h", "Jh Jd Jc Js"),
    ("Qh Qd Qc 8s 8h 2d", "Qh Qd Qc 8h 8s"),
    ("6h 6d 6c Ks 9h 2d", "6h 6d 6c"),
    ("10h 10d Ah Ac 7s 2d", "Ah Ac 10h 10d"),
    ("10h 10d Ks 7c 5s 2d", "10h 10d"),
    ("Kh 10d 8s 6c 4s 2d", "Kh"),
    ("9d 9h 9c 9s 4d 4c", "9h 9d 9c 9s 4d 4c"),
])
def test_cards_forming_the_combination(hand, formed):
    assert casino.evaluate(hand).cards == parse(formed)


# -- wrong hands -------------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "word"), [
    ("Ah Kd Qs Jc 10h", "six cards"),
    ("Ah Kd Qs Jc 10h 9d 8s", "six cards"),
    ("Ah Ah Qs Jc 10h 9d", "Ah"),
    ("Ah Jo Qs Jc 10h 9d", "joker"),
    ("", "six cards"),
])
def test_a_hand_is_six_distinct_cards(hand, word):
    with pytest.raises(RulesError, match=word):
        casino.evaluate(hand)


def test_a_bad_token_is_named():
    with pytest.raises(CardSyntaxError, match="Zz"):
        casino.evaluate("Ah Kd Qs Jc 10h Zz")


def test_unknown_order_and_reading_are_refused():
    with pytest.raises(RulesError, match="poker"):
        casino.evaluate("Ah Kd Qs Jc 10h 9d", order="poker")
    with pytest.raises(RulesError, match="sideways"):
        casino.evaluate("Ah Kd Qs Jc 10h 9d", readings={"IP-CASINO-TOP-CARD": "sideways"})


def test_russian_notation():
    assert name("3п 7п Тп 3ч 7ч Тч") == "collision"


# -- the hand tables ---------------------------------------------------------------------------

def test_hands_table_is_one_based_top_to_bottom():
    assert len(casino.HANDS) == 13
    assert casino.HANDS[1].name == "straight_flush" and casino.HANDS[13].name == "high_card"
    assert casino.HANDS.names() == ("straight_flush", "dragon", "two_triples", "flush", "collision",
                                    "quad", "straight", "full_house", "three_pairs", "triple",
                                    "two_pairs", "pair", "high_card")
    with pytest.raises(RulesError, match="0"):
        casino.HANDS[0]
    with pytest.raises(RulesError, match="14"):
        casino.HANDS[14]


def test_book_hands_are_the_dialogues_ascending_order():
    """The dialogue: «Восходящий порядок раскладов такой: Онер; Одна пара; ... Флешь-рояль»."""
    ascending = [h.name for h in reversed(list(casino.BOOK_HANDS))]
    assert ascending == ["honor", "pair", "two_pairs", "three_of_a_kind", "three_pairs", "full_house",
                         "four_of_a_kind", "flush", "straight", "full_belly", "full_dragon", "royal_flush"]
    assert [h.ru.split(" (")[0].rstrip(".") for h in reversed(list(casino.BOOK_HANDS))] == [
        "Онер", "Одна пара", "Две пары", "Три одного номинала", "Три пары", "Полный дом", "Каре",
        "Флеш", "Стрит", "Полное брюхо", "Полный дракон", "Флешь-рояль"]


@pytest.mark.skipif(not SEED.exists(), reason="the seed texts are not beside the repository")
def test_russian_names_are_the_seed_verbatim():
    text = SEED.read_text(encoding="utf-8").replace("\xa0", " ")
    for hand in (*casino.HANDS, *casino.BOOK_HANDS):
        assert hand.ru in text


@pytest.mark.parametrize(("hand", "expected"), [
    ("Kh 10d 8s 6c 4s 2d", "honor"),
    ("10h 10d Ks 7c 5s 2d", "pair"),
    ("10h 10d Ah Ac 7s 2d", "two_pairs"),
    ("6h 6d 6c Ks 9h 2d", "three_of_a_kind"),
    ("6h 6d 10c 10s Ah Ac", "three_pairs"),
    ("Qh Qd Qc 8s 8h 2d", "full_house"),
    ("Jh Jd Jc Js 2s 9h", "four_of_a_kind"),
    ("2c 4c 6c 8c 10c Kc", "flush"),
    ("2h 3d 4s 5c 6h 7d", "straight"),            # the glossary's 2,3,4,5,6,7
    ("Kd Kh Ks 5c 5h 5s", "full_belly"),
    ("9d 9h 9c 9s 4d 4c", "full_dragon"),
    ("Ah Kh Qh Jh 10h 9h", "royal_flush"),
])
def test_book_order_each_hand(hand, expected):
    value = casino.evaluate(hand, order="book")
    assert value.name == expected
    assert value.category == casino.BOOK_HANDS.by_name(expected).category


def test_book_order_straight_above_flush_unlike_the_casino():
    """The dialogue: flush then straight, «котируются выше и реверсируются из-за шестой карты»."""
    flush, straight = "2c 4c 6c 8c 10c Kc", "2h 3d 4s 5c 6h 7d"
    assert wins(straight, flush, order="book") == "player"
    assert wins(straight, flush) == "house"
    # both rank above four of a kind and the full house in the book
    assert wins(flush, "Jh Jd Jc Js 2s 9h", order="book") == "player"
    assert wins("Kd Kh Ks 5c 5h 5s", straight, order="book") == "player"


def test_book_order_has_no_collision():
    """The dialogue: «расклад "столкновение" весь вечер не будет иметь силы, вот потому-то мы и не
    потрудились занести его в список»: a collision is plain three pairs."""
    assert "collision" not in casino.BOOK_HANDS
    assert wins("3s 7s As 3h 7h Ah", "Jh Jd Jc Js 2s 9h", order="book") == "house"
    assert wins("3s 7s As 3h 7h Ah", "Jh Jd Jc Js 2s 9h") == "player"


def test_book_royal_reading():
    """IP-CASINO-BOOK-ROYAL: the glossary's royal flush is any suited sequence."""
    assert name("4s 5s 6s 7s 8s 9s", order="book") == "royal_flush"
    ace_high = {"IP-CASINO-BOOK-ROYAL": "ace_high_only"}
    assert name("4s 5s 6s 7s 8s 9s", order="book", readings=ace_high) == "straight"
    assert name("Ah Kh Qh Jh 10h 9h", order="book", readings=ace_high) == "royal_flush"


def test_book_equal_reading():
    """IP-CASINO-BOOK-EQUAL: equal book hands by the casino rule, or tied."""
    assert wins("Kh Kd 7c 5s 3h 2d", "Qh Qd 7s 5c 3d 2c", order="book") == "player"
    tied = {"IP-CASINO-BOOK-EQUAL": "category_only"}
    assert wins("Kh Kd 7c 5s 3h 2d", "Qh Qd 7s 5c 3d 2c", order="book", readings=tied) == "tie"
    assert wins("Kh Kd 7c 5s 3h 2d", "Qh Qd Qs 5c 3d 2c", order="book", readings=tied) == "house"


# -- the equal-combination readings ----------------------------------------------------------

def test_top_card_reading_full_house_and_dragon():
    """IP-CASINO-TOP-CARD: the highest card of the combination (literal) or its main group."""
    assert wins("2h 2d 2c Ah Ad 9s", "Kh Kd Kc Qh Qd 9c") == "player"
    assert wins("2h 2d 2c 2s Ah Ad", "Kh Kd Kc Ks Qh Qd") == "player"
    main = {"IP-CASINO-TOP-CARD": "main_group"}
    assert wins("2h 2d 2c Ah Ad 9s", "Kh Kd Kc Qh Qd 9c", readings=main) == "house"
    assert wins("2h 2d 2c 2s Ah Ad", "Kh Kd Kc Ks Qh Qd", readings=main) == "house"
    # the other combinations are unchanged by it
    assert wins("Kh Kd 7c 5s 3h 2d", "Qh Qd 7s 5c 3d 2c", readings=main) == "player"


def test_top_card_scope_reading():
    """IP-CASINO-TOP-CARD-SCOPE: the deciding card from the combination or from the whole hand."""
    player, house = "5c 5s Ah 9d 7d 3c", "5h 5d Kh 9s 7s 3d"
    assert wins(player, house) == "house"                           # 5h over 5c
    assert wins(player, house, readings={"IP-CASINO-TOP-CARD-SCOPE": "hand"}) == "player"   # A over K


def test_suit_tiebreak_reading():
    """IP-CASINO-SUIT-TIEBREAK: the suit of the highest card, or the best suit in the combination."""
    player, house = "9s 8h 7c 6c 5d 4s", "9d 8d 7s 6s 5c 4c"
    assert wins(player, house) == "house"                           # 9d over 9s
    assert wins(player, house, readings={"IP-CASINO-SUIT-TIEBREAK": "any_card_suit"}) == "player"


def test_high_card_reading():
    """IP-CASINO-HIGH-CARD: combination 12 «сравниваются старшие карты на руках»."""
    player, house = "As Kd 7c 5s 3h 2d", "Ah Qd Jc 9s 8h 6d"
    assert wins(player, house) == "house"                           # Ah over As
    assert wins(player, house, readings={"IP-CASINO-HIGH-CARD": "all_cards"}) == "player"   # K over Q


def test_disjoint_hands_never_tie_under_the_default_readings_but_can_under_others():
    player, house = "Kd Kc 4h 4s 9c 2d", "Kh Ks 4d 4c 8c 3d"
    assert wins(player, house) == "house"
    assert wins(player, house, readings={"IP-CASINO-SUIT-TIEBREAK": "any_card_suit"}) == "tie"


# -- situations by the reveal minute ----------------------------------------------------------

def _seed_situation(minute):
    """The seed's text read literally, minute by minute."""
    trump = None
    for first, suit in ((0, "s"), (15, "c"), (30, "d"), (45, "h")):
        if first <= minute <= first + 4:
            trump = suit
    inversion = any(lo <= minute <= lo + 4 for lo in (10, 25, 40, 55))
    return {"trump": trump, "inversion": inversion}


@pytest.mark.parametrize("minute", range(60))
def test_situation_minute_table(minute):
    """«с 00 до 04 минуты козырь - пики, с 15 до 19 - крести, с 30 до 34 - бубны и с 45 по 49 -
    червы»; inversion «10-14, 25-29, 40-44, 55-59»."""
    assert casino.situation(minute) == _seed_situation(minute)


def test_situation_counts():
    table = [casino.situation(m) for m in range(60)]
    assert sum(s["inversion"] for s in table) == 20
    assert sum(s["trump"] is not None for s in table) == 20
    assert not any(s["inversion"] and s["trump"] for s in table)
    assert casino.situation(4)["trump"] == "s" and casino.situation(5) == {"trump": None, "inversion": False}


@pytest.mark.parametrize("minute", [-1, 60, 5.0, "5", True, None])
def test_situation_minute_outside_0_59(minute):
    with pytest.raises(RulesError, match="minute"):
        casino.situation(minute)


def test_trump_beats_any_combination_without_trump():
    """«Любая комбинация, хоть одна карта в которой козырная, автоматически становится старше любой
    "некозырной"»."""
    high_card_with_spade = "As Kd 9c 7h 5d 3c"
    straight_flush = "4h 5h 6h 7h 8h 9h"
    assert wins(high_card_with_spade, straight_flush, minute=2) == "player"   # spades
    assert wins(high_card_with_spade, straight_flush, minute=20) == "house"
    assert wins("Kh 10d 8s 6c 4s 2d", "Qs Qd 7s 5c 3d 2c", minute=47) == "player"   # hearts
    assert wins("Kh 10d 8s 6c 4s 2d", "Qs Qd 7s 5c 3d 2c", minute=20) == "house"
    assert wins("Ac Kd 9s 7h 5d 3c", "4h 5h 6h 7h 8h 9h", minute=16) == "player"   # clubs
    assert wins("Ad Kc 9s 7h 5s 3c", "4h 5h 6h 7h 8h 9h", minute=31) == "player"   # diamonds


def test_trump_on_both_sides_or_neither_compares_as_usual():
    """«Если козыри есть (или отсутствуют) в комбинацях у обоих игроков - они сравниваются, как обычно»."""
    assert wins("As Kd 9c 7h 5d 3c", "4s 5s 6s 7s 8s 9s", minute=3) == "house"
    assert wins("Ad Kd 9c 7h 5d 3c", "4h 5h 6h 7h 8h 9h", minute=3) == "house"


def test_trump_scope_reading():
    """IP-CASINO-TRUMP-SCOPE: a kicker trump counts only under the "hand" reading."""
    player, house = "Kh Kd 7c 5h 3d 2c", "Qh Qd 9s 6c 4h 2d"     # the house's spade is a kicker
    assert wins(player, house, minute=1) == "player"
    assert wins(player, house, minute=1, readings={"IP-CASINO-TRUMP-SCOPE": "hand"}) == "house"
    # a high card's combination is its highest card alone
    assert casino.evaluate("Kh 10d 8s 6c 4s 2d").holds("s") is False
    assert casino.evaluate("Kh 10d 8s 6c 4s 2d").holds("s", scope="hand") is True
    with pytest.raises(RulesError, match="pocket"):
        casino.evaluate("Kh 10d 8s 6c 4s 2d").holds("s", scope="pocket")


def test_inversion_lower_combination_wins():
    """«после оценки комбинаций на руках выигрывает тот, у кого она младше»."""
    assert wins("Kh 10d 8s 6c 4s 2d", "4h 5h 6h 7h 8h 9h", minute=12) == "player"
    assert wins("Kh Kd 7c 5s 3h 2d", "Qh Qd 7s 5c 3d 2c", minute=57) == "house"
    assert wins("Kh Kd 7c 5s 3h 2d", "Qh Qd 7s 5c 3d 2c", minute=50) == "player"


def test_inversion_reading_category_only():
    """IP-CASINO-INVERSION category_only: equal combinations still go to the higher card."""
    only = {"IP-CASINO-INVERSION": "category_only"}
    assert wins("Kh Kd 7c 5s 3h 2d", "Qh Qd 7s 5c 3d 2c", minute=57, readings=only) == "player"
    assert wins("Kh 10d 8s 6c 4s 2d", "4h 5h 6h 7h 8h 9h", minute=12, readings=only) == "player"


def test_showdown_accepts_values_of_the_same_order_only():
    a, b = casino.evaluate("Kh Kd 7c 5s 3h 2d"), casino.evaluate("Qh Qd 7s 5c 3d 2c", order="book")
    assert casino.showdown(a, "Qh Qd 7s 5c 3d 2c", 20) == "player"
    with pytest.raises(RulesError, match="book"):
        casino.showdown(a, b, 20)
    with pytest.raises(RulesError, match="book"):
        casino.compare(a, b)


def test_casino_points_are_registered_for_the_casino():
    points = {p.id: p for p in readings.registry().values() if p.game == "casino"}
    assert set(points) == {p.id for p in casino.CASINO_POINTS}
    assert "IP-CASINO-TRUMP-SCOPE" in points and points["IP-CASINO-TRUMP-SCOPE"].default == "combination"


# -- properties --------------------------------------------------------------------------------

DECK = deck52()


@st.composite
def six_cards(draw):
    """Six distinct cards, biased toward repeated ranks, one suit and sequences."""
    kind = draw(st.sampled_from(["any", "few_ranks", "sequence", "suited"]))
    if kind == "few_ranks":
        ranks = draw(st.lists(st.integers(2, 14), min_size=2, max_size=4, unique=True))
        pool = [c for c in DECK if c.rank in ranks]
    elif kind == "sequence":
        low = draw(st.integers(1, 9))
        ranks = [14 if r == 1 else r for r in range(low, low + 6)]
        pool = [c for c in DECK if c.rank in ranks]
        picks = [draw(st.sampled_from([c for c in pool if c.rank == r])) for r in ranks]
        if draw(st.booleans()):
            suit = picks[0].suit
            picks = [next(c for c in pool if c.rank == p.rank and c.suit == suit) for p in picks]
        return tuple(picks)
    elif kind == "suited":
        suit = draw(st.sampled_from("hdcs"))
        pool = [c for c in DECK if c.suit == suit]
    else:
        pool = list(DECK)
    return tuple(draw(st.lists(st.sampled_from(pool), min_size=6, max_size=6, unique=True)))


def _sequence(ranks):
    for values in (ranks, {1 if r == 14 else r for r in ranks}):
        if len(values) == 6 and max(values) - min(values) == 5:
            return True
    return False


def reference_name(hand):
    """The seed's definitions checked literally over subsets of the hand, top to bottom."""
    def groups(size):
        return [g for g in combinations(hand, size) if len({c.rank for c in g}) == 1]

    ranks = [c.rank for c in hand]
    one_suit = len({c.suit for c in hand}) == 1
    sequence = _sequence(set(ranks))
    quads, triples, pairs = groups(4), groups(3), groups(2)
    pair_ranks = {g[0].rank for g in pairs}
    triple_ranks = {g[0].rank for g in triples}
    if one_suit and sequence:
        return "straight_flush"
    if quads and any(r != quads[0][0].rank for r in pair_ranks):
        return "dragon"
    if len(triple_ranks) == 2:
        return "two_triples"
    if one_suit:
        return "flush"
    if len(pair_ranks) == 3 and not triples:
        suit_sets = {frozenset(c.suit for c in g) for g in pairs}
        if len(suit_sets) == 1:
            return "collision"
    if quads:
        return "quad"
    if sequence:
        return "straight"
    if triple_ranks and pair_ranks - triple_ranks:
        return "full_house"
    if len(pair_ranks) == 3:
        return "three_pairs"
    if triple_ranks:
        return "triple"
    if len(pair_ranks) == 2:
        return "two_pairs"
    if pair_ranks:
        return "pair"
    return "high_card"


@PROPS
@given(six_cards())
def test_property_matches_the_reference_reading_of_the_definitions(hand):
    assert casino.evaluate(hand).name == reference_name(hand)


@PROPS
@given(six_cards(), st.randoms(use_true_random=False), st.sampled_from(casino.ORDERS))
def test_property_permuting_a_hand_changes_nothing(hand, rnd, order):
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    a, b = casino.evaluate(hand, order=order), casino.evaluate(shuffled, order=order)
    assert a == b


@PROPS
@given(six_cards(), six_cards(), six_cards())
def test_property_the_order_is_total(a, b, c):
    va, vb, vc = (casino.evaluate(h) for h in (a, b, c))
    assert sum((va.key < vb.key, va.key == vb.key, va.key > vb.key)) == 1
    assert casino.compare(va, vb) == -casino.compare(vb, va)
    if va.key <= vb.key <= vc.key:
        assert va.key <= vc.key
    # the key ranks the category first
    if va.category < vb.category:
        assert va.key > vb.key
    if va.key == vb.key:
        assert va.name == vb.name


@PROPS
@given(six_cards(), six_cards(), st.integers(0, 59), st.sampled_from(casino.ORDERS))
def test_property_showdown_is_antisymmetric(a, b, minute, order):
    swapped = {"player": "house", "house": "player", "tie": "tie"}
    assert casino.showdown(b, a, minute, order=order) == swapped[casino.showdown(a, b, minute, order=order)]


@PROPS
@given(st.permutations(DECK), st.integers(0, 59))
def test_property_dealt_hands_never_tie_under_the_default_readings(deck, minute):
    """The highest cards of two hands from one deck are different cards, so rank then suit decide."""
    assert casino.showdown(deck[:6], deck[6:12], minute) != "tie"
