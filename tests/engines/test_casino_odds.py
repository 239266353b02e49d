"""Casino variant: the player's expected value of play / raise / fold before the draw (C3)."""

from __future__ import annotations

import pytest

from rules.engines import casino
from rules.engines.cards import deck52, parse
from rules.engines.errors import RulesError

PLAYER = "Ah Ad 7c 5s 3h 2d"
STRAIGHT_HOUSE = "9h 8d 7s 6c 5h 4d"        # keeps all six
TWO_PAIRS_HOUSE = "Kh Kd Qc Qs 9h 4c"       # keeps four, draws two


def brute_force_mean(player, discard, house, minutes=range(60)):
    """The player's mean result (+1 win, -1 loss, 0 tie) by listing every replacement card and
    every minute with :func:`casino.showdown`: the house draws nothing here."""
    mine, theirs = parse(player), parse(house)
    assert not casino.keep_best(theirs)[1]
    keep = [c for c in mine if str(c) not in discard]
    stock = [c for c in deck52() if c not in mine and c not in theirs]
    assert len(discard) == 1
    score = {"player": 1, "house": -1, "tie": 0}
    total = count = 0
    for card in stock:
        for minute in minutes:
            total += score[casino.showdown(keep + [card], theirs, minute)]
            count += 1
    return total / count


def test_exact_enumeration_matches_a_brute_force_over_every_card_and_minute():
    odds = casino.odds(PLAYER, house=STRAIGHT_HOUSE, discard=["2d"], method="exact")
    assert odds.method == "exact" and odds.outcomes == 40
    mean = brute_force_mean(PLAYER, ["2d"], STRAIGHT_HOUSE)
    assert odds.ev["play"] == pytest.approx(mean, abs=1e-12)
    assert odds.ev["raise"] == pytest.approx(2 * mean, abs=1e-12)
    assert odds.win + odds.tie + odds.loss == pytest.approx(1.0)
    assert odds.stderr == {"fold": 0.0, "play": 0.0, "raise": 0.0}


def test_exact_enumeration_at_a_given_minute():
    for minute in (2, 12, 20):
        odds = casino.odds(PLAYER, house=STRAIGHT_HOUSE, discard=["2d"], minute=minute, method="exact")
        assert odds.ev["play"] == pytest.approx(
            brute_force_mean(PLAYER, ["2d"], STRAIGHT_HOUSE, minutes=[minute]), abs=1e-12)


def test_monte_carlo_agrees_with_exact_enumeration_within_its_stated_error():
    """House known (two pairs, draws two), the player draws one: 40 x 741 equally likely cases."""
    exact = casino.odds(PLAYER, house=TWO_PAIRS_HOUSE, discard=["2d"], method="exact")
    assert exact.outcomes == 40 * 741
    sampled = casino.odds(PLAYER, house=TWO_PAIRS_HOUSE, discard=["2d"], method="monte_carlo",
                          samples=3000, seed=1)
    assert sampled.method == "monte_carlo" and sampled.outcomes == 3000
    for decision in ("play", "raise"):
        assert sampled.stderr[decision] > 0
        assert abs(sampled.ev[decision] - exact.ev[decision]) <= 4 * sampled.stderr[decision]
    assert sampled.ev["fold"] == exact.ev["fold"] == -1.0


def test_monte_carlo_standard_error_shrinks_with_the_square_root_of_the_samples():
    small = casino.odds(PLAYER, samples=500, seed=3)
    large = casino.odds(PLAYER, samples=2000, seed=3)
    assert 1.6 < small.stderr["play"] / large.stderr["play"] < 2.4


def test_monte_carlo_is_seeded():
    a = casino.odds(PLAYER, samples=300, seed="x")
    b = casino.odds(PLAYER, samples=300, seed="x")
    c = casino.odds(PLAYER, samples=300, seed="y")
    assert a == b
    assert a.to_dict() != c.to_dict()


def test_auto_takes_exact_when_small_and_monte_carlo_otherwise():
    assert casino.odds(PLAYER, house=STRAIGHT_HOUSE, discard=["2d"]).method == "exact"
    assert casino.odds(PLAYER, samples=50).method == "monte_carlo"
    # the player keeps a pair and draws four: too many cases for the default limit
    assert casino.odds(PLAYER, house=TWO_PAIRS_HOUSE, samples=50).method == "monte_carlo"


def test_exact_refused_where_it_is_not_possible():
    with pytest.raises(RulesError, match="unknown"):
        casino.odds(PLAYER, method="exact")
    with pytest.raises(RulesError, match="max_outcomes"):
        casino.odds(PLAYER, house=TWO_PAIRS_HOUSE, method="exact")


def test_fold_loses_the_ante_and_raise_doubles_the_bank():
    """C3: fold loses the bank of antes; raise puts one more chip each side."""
    odds = casino.odds(PLAYER, house=STRAIGHT_HOUSE, discard=["2d"], stake=3)
    assert odds.ev["fold"] == -3.0
    assert odds.ev["raise"] == pytest.approx(2 * odds.ev["play"])
    later = casino.odds(PLAYER, house=STRAIGHT_HOUSE, discard=["2d"], after_draw="raise")
    unit = odds.ev["play"] / 3
    assert later.ev["play"] == pytest.approx(2 * unit) and later.ev["raise"] == pytest.approx(3 * unit)


def test_payout_reading_doubles_every_ev():
    plain = casino.odds(PLAYER, house=STRAIGHT_HOUSE, discard=["2d"])
    whole = casino.odds(PLAYER, house=STRAIGHT_HOUSE, discard=["2d"],
                        readings={"IP-CASINO-PAYOUT": "bank_size"})
    for decision in ("fold", "play", "raise"):
        assert whole.ev[decision] == pytest.approx(2 * plain.ev[decision])


def test_tie_reading_in_the_odds():
    """Equal book hands tie under IP-CASINO-BOOK-EQUAL category_only: a push or the house's."""
    tied = {"IP-CASINO-BOOK-EQUAL": "category_only"}
    push = casino.odds("Kh Kd 7c 7s 3h 3d", house="Qh Qd 8c 8s 4h 4d", discard=[], minute=20,
                       order="book", readings=tied)
    assert push.outcomes == 1 and push.tie == 1.0 and push.ev["play"] == 0.0
    assert casino.odds("Kh Kd 7c 7s 3h 3d", house="Qh Qd 8c 8s 4h 4d", discard=[], minute=20,
                       order="book").win == 1.0
    house = casino.odds("Kh Kd 7c 7s 3h 3d", house="Qh Qd 8c 8s 4h 4d", discard=[], minute=20,
                        order="book", readings={**tied, "IP-CASINO-TIE": "house_wins"})
    assert house.ev["play"] == -1.0


def test_an_unbeatable_hand_at_a_plain_minute_and_under_inversion():
    odds = casino.odds("Ah Kh Qh Jh 10h 9h", house=TWO_PAIRS_HOUSE.replace("Kh", "Ks").replace("9h", "9s"),
                       minute=20)
    assert odds.keep == parse("Ah Kh Qh Jh 10h 9h") and odds.discard == ()
    assert odds.win == 1.0 and odds.ev["play"] == 1.0 and odds.best == "raise"
    inverted = casino.odds("Ah Kh Qh Jh 10h 9h", house="Ks Kd Qc Qs 9s 4c", minute=12)
    assert inverted.loss == 1.0 and inverted.ev["raise"] == -2.0


def test_a_certain_loss_makes_play_equal_to_fold():
    odds = casino.odds("2c 5d 7s 9c Jd 3h", house="Ah Kh Qh Jh 10h 9h", minute=20, discard=["3h"])
    assert odds.loss == 1.0
    assert odds.ev["play"] == odds.ev["fold"] == -1.0 and odds.best == "fold"


def test_the_player_keeps_its_best_combination_unless_told():
    odds = casino.odds(PLAYER, samples=20)
    assert odds.keep == parse("Ah Ad") and odds.discard == parse("7c 5s 3h 2d")


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"discard": ["Kc"]}, "Kc"),
    ({"discard": ["2d", "2d"]}, "twice"),
    ({"house": "Ah Kh Qh Jh 10h 9h"}, "both"),
    ({"after_draw": "fold"}, "fold"),
    ({"method": "guess"}, "guess"),
    ({"samples": 1}, "samples"),
    ({"minute": 60}, "60"),
    ({"stake": 0}, "stake"),
    ({"readings": {"IP-CASINO-TIE": "coin"}}, "coin"),
])
def test_bad_inputs(kwargs, word):
    with pytest.raises(RulesError, match=word):
        casino.odds(PLAYER, **kwargs)


def test_minute_situations_cover_the_hour():
    assert sum(n for _, n in casino.MINUTE_SITUATIONS) == 60
    for sit, n in casino.MINUTE_SITUATIONS:
        assert sum(casino.situation(m) == sit for m in range(60)) == n
