"""Draker combinations (seeds/draker-combinations.txt): kinds, values, attack and defence, and the
life-point balance of a turn."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.engines import draker
from rules.engines.draker import Card
from rules.engines.errors import RulesError
from rules.engines.readings import get
from tests.budgets import examples

NO_FLOOR = {"IP-DRAKER-STRENGTH-FLOOR": "no_floor"}
POOLED = {"IP-DRAKER-BALANCE": "pooled"}


def card(rank, profession, suit="h", tokens=0, **kw) -> Card:
    return Card(rank=rank, profession=profession, suit=suit, tokens=tokens, **kw)


# ---- the seed's example


def test_seed_example_double_straight_flush_is_24():
    """Seed 'Пример': three cards, a straight by rank and by profession, one "+1" token, one suit:
    base 3 + 1 = 4, x2 for the additional straight, x3 for the flush = 24."""
    s = draker.score([Card(rank=2, profession=5, suit="h", tokens=+1), card(3, 6), card(4, 7)])
    assert s.kinds == {"straight_rank", "straight_profession"}
    assert s.flush is True
    assert s.base == 4
    assert s.multiplier == 6
    assert s.final == 24
    assert any("x2" in step for step in s.breakdown)
    assert any("x3" in step for step in s.breakdown)
    assert s.breakdown[-2] == "final value: 4 x 6 = 24"


# ---- cards


@pytest.mark.parametrize("kwargs, named", [
    ({"rank": 1, "profession": 1, "suit": "h"}, "rank 1"),
    ({"rank": 15, "profession": 1, "suit": "h"}, "rank 15"),
    ({"rank": "Q", "profession": 1, "suit": "h"}, "'Q'"),
    ({"rank": 5, "profession": 0, "suit": "h"}, "profession 0"),
    ({"rank": 5, "profession": 11, "suit": "h"}, "profession 11"),
    ({"rank": 5, "profession": 3, "suit": "x"}, "'x'"),
    ({"rank": 5, "profession": 3, "suit": "h", "tokens": 0.5}, "0.5"),
    ({"rank": 5, "profession": 3, "suit": "h", "effects": "big"}, "'big'"),
    ({"rank": 5, "profession": 3, "suit": "h", "pool": "hand"}, "'hand'"),
])
def test_bad_cards_are_refused_naming_the_value(kwargs, named):
    with pytest.raises(RulesError, match=named):
        Card(**kwargs)


def test_card_ranks_and_professions():
    """Ranks run Two .. King, Ace (the seed names Queen-King-Ace and Ace-Two-Three);
    professions are the deck's ten, youngest first."""
    assert draker.RANKS == tuple(range(2, 15))
    assert sorted(draker.PROFESSIONS) == list(range(1, 11))
    assert draker.PROFESSIONS[1] == "spearman" and draker.PROFESSIONS[10] == "etsilop"
    assert set(draker.SUITS) >= {"h", "d", "c", "s"}


def test_card_from_dict_round_trip():
    c = card(12, 4, "s", tokens=-1, effects=2, pool="common")
    assert Card.from_dict(c.to_dict()) == c
    with pytest.raises(RulesError, match="'colour'"):
        Card.from_dict({"rank": 2, "profession": 1, "suit": "h", "colour": "red"})
    with pytest.raises(RulesError, match="'profession'"):
        Card.from_dict({"rank": 2, "suit": "h"})
    assert draker.score([c.to_dict()]).cards == (c,)


# ---- kinds (seed: "Стрит", "Каре")


@pytest.mark.parametrize("cards, kinds", [
    # straight by rank only
    ([card(5, 1), card(6, 9), card(7, 4)], {"straight_rank"}),
    # straight by profession only
    ([card(9, 2), card(2, 3), card(13, 4)], {"straight_profession"}),
    # kare by rank only
    ([card(8, 1), card(8, 5), card(8, 9, "s")], {"kare_rank"}),
    # kare by profession only
    ([card(3, 6), card(10, 6), card(12, 6)], {"kare_profession"}),
    # seed: "стритом по профессии и каре по достоинству"
    ([card(8, 4), card(8, 5), card(8, 6)], {"kare_rank", "straight_profession"}),
    # straight by rank and kare by profession
    ([card(9, 7), card(10, 7), card(11, 7), card(12, 7)], {"straight_rank", "kare_profession"}),
    # seed: "стритом как по достоинству, так и по профессии"
    ([card(4, 2), card(5, 3), card(6, 4)], {"straight_rank", "straight_profession"}),
    # the order the cards are given in does not matter
    ([card(7, 4), card(5, 1), card(6, 9)], {"straight_rank"}),
])
def test_seed_kinds(cards, kinds):
    assert draker.score(cards).kinds == kinds
    assert draker.kinds_of(cards) == kinds


@pytest.mark.parametrize("ranks, straight", [
    ((12, 13, 14), True),        # Queen-King-Ace
    ((14, 2, 3), True),          # Ace-Two-Three
    ((14, 2), True),
    ((13, 14), True),
    ((12, 13, 14, 2), False),    # seed: Queen-King-Ace-Two is forbidden
    ((13, 14, 2), False),
    ((14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13), True),
    ((2, 2, 3), False),
    ((2, 4, 5), False),
])
def test_seed_ace_rule(ranks, straight):
    """Seed: the ace plays high (Q-K-A) or low (A-2-3), never across (Q-K-A-2)."""
    cards = [card(r, 1 + (3 * i) % 10, "hdcs"[i % 4]) for i, r in enumerate(ranks)]
    assert ("straight_rank" in draker.kinds_of(cards)) is straight


def test_professions_do_not_wrap():
    cards = [card(2, 9), card(7, 10), card(12, 1)]
    assert draker.kinds_of(cards) == frozenset()
    with pytest.raises(RulesError):
        draker.score(cards)


def reference_rank_straight(ranks) -> bool:
    """A run is a window of the sequence A 2 3 .. K A taken once each."""
    sequence = [14, *range(2, 15)]
    return any(sorted(ranks) == sorted(sequence[i:i + len(ranks)])
               for i in range(len(sequence) - len(ranks) + 1))


@pytest.mark.parametrize("length", [2, 3, 4])
def test_rank_straights_against_a_reference_over_all_rank_tuples(length):
    for ranks in itertools.product(draker.RANKS, repeat=length):
        cards = [card(r, 1 + i * 3, "hdcs"[i]) for i, r in enumerate(ranks)]
        assert ("straight_rank" in draker.kinds_of(cards)) is reference_rank_straight(ranks), ranks


def test_seed_any_length_even_one_card():
    """Seed: 'В комбинации может быть любое количество карт, хоть одна'. A single card is every
    kind at once, but multipliers need three cards, so it is worth its strength."""
    s = draker.score([card(9, 3, tokens=2)])
    assert s.kinds == set(draker.KINDS)
    assert s.base == 3 and s.final == 3 and s.multiplier == 1
    assert "no multipliers: fewer than 3 cards" in s.breakdown


def test_seed_multipliers_only_from_three_cards():
    """Seed: 'Это правило используется только для комбинаций, состоящих из трёх и более карт'."""
    two = draker.score([card(5, 5, "d"), card(5, 5, "d")])
    assert two.kinds == {"kare_rank", "kare_profession"} and two.flush
    assert two.final == 2
    three = draker.score([card(5, 5, "d"), card(5, 5, "d"), card(5, 5, "d")])
    assert three.final == 3 * 2 * 3


def test_seed_x2_per_additional_kind_and_x3_flush():
    plain = draker.score([card(5, 1, "h"), card(6, 9, "d"), card(7, 4, "s")])
    assert (plain.base, plain.multiplier, plain.final) == (3, 1, 3)
    flush = draker.score([card(5, 1, "c"), card(6, 9, "c"), card(7, 4, "c")])
    assert (flush.multiplier, flush.final) == (3, 9)
    double = draker.score([card(5, 4, "h"), card(6, 5, "d"), card(7, 6, "s")])
    assert (double.multiplier, double.final) == (2, 6)
    kare_and_straight = draker.score([card(8, 4, "e"), card(8, 5, "e"), card(8, 6, "e"), card(8, 7, "e")])
    assert (kare_and_straight.multiplier, kare_and_straight.final) == (6, 24)


def test_no_combination_is_refused_naming_the_cards():
    with pytest.raises(RulesError) as caught:
        draker.score([card(2, 1), card(5, 4, "s")])
    message = str(caught.value)
    assert "2h/spearman" in message and "5s/field_musician" in message
    assert caught.value.value == ["2h/spearman", "5s/field_musician"]


@pytest.mark.parametrize("cards", [[], "2h", None, [card(2, 1), "3h"]])
def test_not_a_list_of_cards_is_refused(cards):
    with pytest.raises(RulesError):
        draker.score(cards)


# ---- strength (seed: "Сила карты равна 1 ...")


def test_seed_card_strength_tokens_and_effects():
    s = draker.score([card(2, 1, tokens=2), card(3, 2, tokens=-1), card(4, 3, effects=3)])
    assert s.strengths == (3, 0, 4)
    assert s.base == 7


def test_seed_combination_effects_change_the_base():
    s = draker.score([card(2, 1), card(3, 2, "s"), card(4, 3, "d")], effects=2)
    assert s.base == 5 and s.final == 5 * 2


def test_strength_floor_reading_floor_zero():
    """IP-DRAKER-STRENGTH-FLOOR default: a card never goes below zero strength."""
    s = draker.score([card(2, 1, tokens=-3), card(3, 5, "s"), card(4, 9, "d")])
    assert s.strengths == (0, 1, 1)
    assert s.base == 2 and s.final == 2
    assert any("IP-DRAKER-STRENGTH-FLOOR" in step for step in s.breakdown)
    low = draker.score([card(2, 1, tokens=-1), card(3, 5, "s", tokens=-1), card(4, 9, "d")], effects=-5)
    assert low.base == 0


def test_strength_floor_reading_no_floor():
    s = draker.score([card(2, 1, tokens=-3), card(3, 5, "s"), card(4, 9, "d")], readings=NO_FLOOR)
    assert s.strengths == (-2, 1, 1)
    assert s.base == 0
    low = draker.score([card(2, 1, tokens=-3), card(3, 5, "s"), card(4, 9, "d")], effects=-1,
                       readings=NO_FLOOR)
    assert low.base == -1 and low.final == -1


def test_interpretation_points_are_registered_for_draker():
    floor = get("IP-DRAKER-STRENGTH-FLOOR")
    assert (floor.game, floor.default, floor.alternatives) == ("draker", "floor_zero", ("no_floor",))
    balance = get("IP-DRAKER-BALANCE")
    assert (balance.game, balance.default, balance.alternatives) == ("draker", "separate", ("pooled",))
    with pytest.raises(RulesError, match="IP-DICE-TIE"):
        draker.score([card(2, 1)], readings={"IP-DICE-TIE": "rest_only"})


# ---- attack and defence (seed: "атакующей ... только в случае, если в ней участвует хотя бы одна
# карта общего пула")


def test_seed_attack_needs_a_common_card_defence_none():
    own = [card(5, 1), card(6, 9, "s"), card(7, 4, "d")]
    assert draker.score(own).role == "defence"
    assert draker.role(own) == "defence"
    mixed = [card(5, 1), card(6, 9, "s", pool="common"), card(7, 4, "d")]
    assert draker.score(mixed).role == "attack"


def test_seed_declaration_with_the_laid_card_in_both():
    """Seed: a player may declare an attack and a defence combination at once; the laid card is
    in both."""
    laid = card(6, 5)
    attack = [laid, card(7, 6, "s", pool="common"), card(8, 7, "d")]
    defence = [laid, card(6, 2, "c")]
    d = draker.declare(laid, attack=attack, defence=defence)
    assert d.attack_points == 3 * 2
    assert d.defence_points == 2
    assert d.effects_allowed


def test_declaration_refusals():
    laid = card(6, 5)
    with pytest.raises(RulesError, match="does not hold the laid card"):
        draker.declare(laid, defence=[card(7, 6), card(8, 7)])
    with pytest.raises(RulesError, match="holds no card of the common pool"):
        draker.declare(laid, attack=[laid, card(7, 6)])
    with pytest.raises(RulesError, match="holds a card of the common pool"):
        draker.declare(laid, defence=[laid, card(7, 6, pool="common")])
    with pytest.raises(RulesError, match="declares no combination"):
        draker.declare(laid)
    with pytest.raises(RulesError, match="comes from the hand"):
        draker.declare(card(6, 5, pool="common"), attack=[card(6, 5, pool="common")])
    with pytest.raises(RulesError, match="form no combination"):
        draker.declare(laid, defence=[laid, card(9, 9)])


def test_seed_effects_need_three_cards_and_fall_with_every_combination():
    """Seed: effects only after a combination of three or more cards; if every combination the
    laid card formed is killed, its standard and free individual effects are cancelled."""
    laid = card(6, 5)
    short = draker.declare(laid, defence=[laid, card(7, 6)])
    assert not short.effects_allowed
    assert not short.effects_stand()
    d = draker.declare(laid, attack=[laid, card(7, 6, pool="common"), card(8, 7)],
                       defence=[laid, card(6, 1, "s")])
    assert d.effects_stand()
    assert d.effects_stand(killed=["defence"])
    assert d.effects_stand(killed=["attack"])
    assert not d.effects_stand(killed=["attack", "defence"])
    with pytest.raises(RulesError, match="'both'"):
        d.effects_stand(killed=["both"])
    with pytest.raises(RulesError, match="no attack combination"):
        short.effects_stand(killed=["attack"])


# ---- the life-point balance (seed: "за каждое \"лишнее\" потраченное очко ... три очка жизни")


def test_seed_three_life_points_per_excess_point():
    b = draker.turn_balance(earned_attack=6, spent_attack=8)
    assert b.excess == 2 and b.life_cost == 6
    assert draker.turn_balance(earned_attack=6, spent_attack=6).life_cost == 0


def test_balance_reading_separate():
    """IP-DRAKER-BALANCE default: a defence surplus does not pay for attack overspending."""
    b = draker.turn_balance(earned_attack=10, earned_defence=2, spent_attack=4, spent_defence=5)
    assert b.excess == 3 and b.life_cost == 9
    assert b.reading == "separate"


def test_balance_reading_pooled():
    b = draker.turn_balance(earned_attack=10, earned_defence=2, spent_attack=4, spent_defence=5,
                            readings=POOLED)
    assert b.excess == 0 and b.life_cost == 0
    b = draker.turn_balance(earned_attack=1, earned_defence=2, spent_attack=4, spent_defence=5,
                            readings=POOLED)
    assert b.excess == 6 and b.life_cost == 18


def test_balance_counts_declared_points():
    laid = card(4, 2)
    d = draker.declare(laid, attack=[laid, card(5, 3, "s", pool="common"), card(6, 4, "d")])
    assert d.attack_points == 6
    b = draker.turn_balance(declarations=[d], spent_attack=7, spent_defence=1)
    assert (b.earned_attack, b.excess, b.life_cost) == (6, 2, 6)
    assert b.to_dict()["life_cost"] == 6


@pytest.mark.parametrize("kwargs, named", [
    ({"spent_attack": -1}, "-1"), ({"earned_defence": 1.5}, "1.5"), ({"declarations": [3]}, "3"),
])
def test_bad_balance_input_is_refused(kwargs, named):
    with pytest.raises(RulesError, match=named):
        draker.turn_balance(**kwargs)


# ---- properties

suits = st.sampled_from(sorted(draker.SUITS))
tokens = st.integers(-2, 3)


@st.composite
def combinations(draw):
    """Cards that form at least one kind: a run or a kare by rank or by profession."""
    length = draw(st.integers(1, 6))
    kind = draw(st.sampled_from(draker.KINDS))
    if kind == "straight_rank":
        start = draw(st.integers(1, 14 - length + 1))
        ranks = [14 if r == 1 else r for r in range(start, start + length)]
    else:
        ranks = draw(st.lists(st.sampled_from(draker.RANKS), min_size=length, max_size=length))
    if kind == "kare_rank":
        ranks = [ranks[0]] * length
    if kind == "straight_profession":
        start = draw(st.integers(1, 10 - length + 1))
        professions = list(range(start, start + length))
    else:
        professions = draw(st.lists(st.integers(1, 10), min_size=length, max_size=length))
    if kind == "kare_profession":
        professions = [professions[0]] * length
    one_suit = draw(st.booleans())
    cards = []
    for r, p in zip(ranks, professions, strict=True):
        suit = "h" if one_suit else draw(suits)
        cards.append(Card(rank=r, profession=p, suit=suit, tokens=draw(tokens)))
    return cards


floors = st.sampled_from([None, NO_FLOOR])


@settings(max_examples=examples(120), deadline=None)
@given(combinations(), st.randoms(use_true_random=False), floors)
def test_permuting_cards_never_changes_the_score(cards, rnd, readings):
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    a, b = draker.score(cards, readings=readings), draker.score(shuffled, readings=readings)
    assert (a.kinds, a.flush, a.base, a.final) == (b.kinds, b.flush, b.base, b.final)


@settings(max_examples=examples(120), deadline=None)
@given(combinations(), st.data(), floors)
def test_adding_a_plus_one_token_never_lowers_the_value(cards, data, readings):
    i = data.draw(st.integers(0, len(cards) - 1))
    before = draker.score(cards, readings=readings)
    raised = list(cards)
    c = raised[i]
    raised[i] = Card(rank=c.rank, profession=c.profession, suit=c.suit, tokens=c.tokens + 1)
    after = draker.score(raised, readings=readings)
    assert after.kinds == before.kinds
    assert after.base >= before.base
    assert after.final >= before.final


@settings(max_examples=examples(120), deadline=None)
@given(combinations())
def test_value_is_base_times_an_allowed_multiplier(cards):
    s = draker.score(cards)
    assert s.final == s.base * s.multiplier
    if len(cards) < 3:
        assert s.multiplier == 1
    else:
        assert s.multiplier in ({1, 2} if not s.flush else {3, 6})
        assert (s.multiplier % 2 == 0) == (len(s.kinds) == 2)
    assert s.base >= 0
    assert s.kinds <= set(draker.KINDS) and s.kinds


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.tuples(st.integers(2, 14), st.integers(1, 10), suits), min_size=1, max_size=5))
def test_any_cards_either_score_or_are_refused_with_their_names(specs):
    cards = [Card(rank=r, profession=p, suit=s) for r, p, s in specs]
    assume(len(cards) >= 1)
    if draker.kinds_of(cards):
        assert draker.score(cards).final >= 1
    else:
        with pytest.raises(RulesError) as caught:
            draker.score(cards)
        assert str(cards[0]) in str(caught.value)
