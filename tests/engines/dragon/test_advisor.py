"""Base rule 25: the advisor shows each player, after the deal, the claims that would have helped."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from rules.engines.cards import deck52, parse, parse_one, shuffled
from rules.engines.dragon.advisor import advise, advise_judgement, advise_state
from rules.engines.dragon.context import Place, Player, Room, Stakes, Table
from rules.engines.dragon.facts import deal_facts
from rules.engines.dragon.game import DealRecord, GameHistory, WinningHand
from rules.engines.dragon.judge import evaluate_player, judge_deal, prepare_deal, setup_deal
from rules.engines.dragon.modifiers.space import _new_rank_state
from rules.engines.dragon.presets import Ruleset, ruleset

from .helpers import ONLY_DEAL_GROUP, layout, table

WHEN = "2026-05-06T10:30:00"
RS = replace(ruleset("club-2.2.1"), disabled=ONLY_DEAL_GROUP)


@pytest.fixture(scope="module")
def deal():
    tbl = table()
    cards = layout(tbl, deal_facts(tbl, 1, WHEN).dealer,
                   {"E": "2h 4h 6h 9h Jh 9s - - -", "S": "2s 8s As 3d 10h - - - -"})
    return tbl, cards, advise(tbl, 1, WHEN, cards, ruleset=RS)


def test_b25_advisor_suggestions_beat_the_hand_and_hold_when_declared(deal):
    """Base rule 25: every suggestion beats the player's judged hand, best first; declaring the best
    one gives exactly the suggested hand."""
    tbl, cards, advice = deal
    assert set(advice) == set(tbl.ids)
    some = [a for a in advice.values() if a.suggestions]
    assert some
    for a in some:
        keys = [s.hand.key for s in a.suggestions]
        assert all(k > a.hand.key for k in keys) and keys == sorted(keys, reverse=True)
    a = some[0]
    judged = judge_deal(tbl, 1, WHEN, cards, claims=[a.best.claim], ruleset=RS)
    assert judged.hands[a.player].key == a.best.hand.key
    assert a.best.as_dict()["rule"] == a.best.claim.rule


def test_b25_advisor_skips_base_rule_1_once_used_in_the_game(deal):
    """Base rule 25 with base rule 1: a player who declared his suit change gets no other B1 advice."""
    tbl, cards, advice = deal
    player = next(p for p, a in advice.items() if a.best is not None and a.best.claim.rule == "B1")
    declared = [advice[player].best.claim]
    again = advise(tbl, 1, WHEN, cards, claims=declared, ruleset=RS)
    assert not any(s.claim.rule == "B1" for s in again[player].suggestions)


def test_b25_advisor_fast_mode_keeps_a_subset_of_the_thorough_suggestions(deal):
    """Base rule 25: the estimate that spares the full judging of most claims only leaves claims out;
    every suggestion it keeps is judged in full, exactly as the thorough advisor judges it, and a
    ``limit`` keeps the best of them in order (for this deal the first two of the full list)."""
    tbl, cards, advice = deal
    thorough = advise(tbl, 1, WHEN, cards, ruleset=RS, thorough=True)
    limited = advise(tbl, 1, WHEN, cards, ruleset=RS, limit=2)
    for player, a in advice.items():
        fast = {(s.claim.describe(), s.hand.key) for s in a.suggestions}
        full = {(s.claim.describe(), s.hand.key) for s in thorough[player].suggestions}
        assert fast <= full
        assert len(limited[player].suggestions) <= 2
        assert [s.hand.key for s in limited[player].suggestions] == [s.hand.key for s in a.suggestions[:2]]


def test_b25_advisor_judges_a_new_real_rank_from_the_start():
    """Base rule 25 with modifier 51 (IP-M51-VALUE as_dealt): a suggested rank change, seeded as the
    judge's rerun would find it, gives the same hand when it is declared and judged."""
    tbl = table(seats=("N", "E", "S", "W"))
    cards = layout(tbl, deal_facts(tbl, 1, WHEN).dealer, {"S": "2s 8s As 3d 10h - - - -"})
    rs = replace(ruleset("club-2.2.1"), disabled=frozenset(range(1, 101)) - {51})
    advice = advise(tbl, 1, WHEN, cards, ruleset=rs)
    ranks = [s for a in advice.values() for s in a.suggestions if s.claim.rule == "M51" and s.claim.rank]
    assert ranks
    for s in ranks[:3]:
        judged = judge_deal(tbl, 1, WHEN, cards, claims=[s.claim], ruleset=rs)
        assert judged.hands[s.claim.player].key == s.hand.key


def test_b25_advisor_suggests_a_free_foska_under_ip_m44_free_any_card():
    """Base rule 25 with modifier 44 ("объявить свободной одну из своих неубитых карт"): E has five dead
    cards in deal 2 (the Eights by base rule 21, the Elves by Table 2 at 10:20). Under IP-M44-FREE any_card
    the advisor offers his foskas too and suggests freeing the 9c (it plays as the Kc beside his three
    Kings); declaring it gives the suggested hand. Under honor_only no suggestion frees a foska."""
    tbl = table(seats=("N", "E", "S", "W"))
    eights = parse("8h 8d 8c 8s As")
    history = GameHistory([DealRecord(number=1, winners=("N",), winning_hands=(
        WinningHand("N", 1, eights, tuple((c.rank, c.suit) for c in eights), ("natural",) * 5),))])
    when = "2026-04-08T10:20:00+03:00"
    rs = Ruleset("only-44-tables", "modifier 44 with the tables", disabled=frozenset(range(1, 101)) - {44})
    cards = layout(tbl, deal_facts(tbl, 2, when).dealer, {"E": "8h 8d 8c Js Jd 9c Kh Kd Ks"})

    def foskas_freed(readings):
        advice = advise(tbl, 2, when, cards, history=history, readings=readings, ruleset=rs)["E"]
        return [s for s in advice.suggestions if s.claim.target is not None and not s.claim.target.is_honor]

    assert foskas_freed({}) == []
    any_card = {"IP-M44-FREE": "any_card"}
    nine = [s for s in foskas_freed(any_card) if s.claim.target == parse_one("9c")]
    assert nine
    best = max(nine, key=lambda s: s.hand.key)
    judged = judge_deal(tbl, 2, when, cards, history=history, claims=[best.claim], readings=any_card, ruleset=rs)
    assert judged.hands["E"].key == best.hand.key
    assert [c.state for c in judged.state.hand("E") if c.card == parse_one("9c")] == ["free"]


def test_b25_advisor_a_free_card_changed_to_a_foska_under_ip_m51_value_modified_value():
    """Base rule 25 with modifiers 47 and 51 under IP-M51-VALUE modified_value: S's Kd is free at 19:05
    (modifier 47, "вечер - Великан"); trying his change of its rank to a Two left a free card worth a
    foska, and the advice failed with "free card 2d is not an honor (definition 13)". The card stays free
    (its real rank is a Giant), so the advisor judges the try: it suggests the Two (four Twos with his 2h
    2c 2s), and declaring it gives the suggested hand."""
    tbl = table(seats=("N", "E", "S", "W"))
    when = "2026-03-11T19:05:00+03:00"
    rs = Ruleset("only-47-51", "modifiers 47 and 51", disabled=frozenset(range(1, 101)) - {47, 51},
                 club_tables=False)
    readings = {"IP-M51-VALUE": "modified_value"}
    cards = layout(tbl, deal_facts(tbl, 1, when).dealer, {"S": "Kd 2h 2c 2s 9c 5h 6s 7d 3c"})
    advice = advise(tbl, 1, when, cards, readings=readings, ruleset=rs)["S"]
    two = [s for s in advice.suggestions if s.claim.rule == "M51" and s.claim.card == parse_one("Kd")
           and s.claim.rank == 2]
    assert len(two) == 1
    judged = judge_deal(tbl, 1, when, cards, claims=[two[0].claim], readings=readings, ruleset=rs)
    assert judged.hands["S"].key == two[0].hand.key
    assert [c.state for c in judged.state.hand("S") if c.card == parse_one("Kd")] == ["free"]



def _busy_table() -> Table:
    """Six players in a room where many modifiers' facts hold (many claims are offered)."""
    players = (
        Player("skeeve", "N", dimension="Klah", sex="m", glasses=True, drink="alcohol", clothing="dark",
               spare_decks=1),
        Player("aahz", "NE", dimension="Perv", sex="m", beard=True, headwear=True, drink="soft", clothing="dark"),
        Player("tanda", "E", dimension="Klah", sex="f", glasses=True, drink="alcohol"),
        Player("massha", "S", dimension="Jahk", sex="f", headwear=True, drink="soft", clothing="dark", spare_decks=1),
        Player("chumley", "W", dimension="Trollia", sex="m", beard=True, drink="alcohol", clothing="dark"),
        Player("gleep", "NW", dimension="Klah", sex="m", headwear=True, glasses=True, drink="soft", clothing="dark"),
    )
    room = Room(saint_images=1, animals=2, analog_clocks=1, digital_clocks=1, natural_table=False, exits=3,
                closed_room=True)
    return Table(players=players, room=room, place=Place(55.75, 37.62, "Europe/Moscow"), weather="sunny",
                 stakes=Stakes(2, 20))


@pytest.mark.parametrize("readings", [{}, {"IP-M51-VALUE": "modified_value"}, {"IP-NAT-ORDER": "naturalness_first"}],
                         ids=["defaults", "m51-modified-value", "naturalness-first"])
def test_b25_advisor_best_claims_search_gives_what_estimating_every_try_gives(readings):
    """Base rule 25 ("не обязаны указывать другому игроку на модификатор, который может улучшить его
    расклад": the advisor shows the best claims after the deal): taking the tries best first and
    leaving a card's tries behind its bound (the card made wild or home) gives, in order, the same
    best claims as estimating every try, for seeded six-player deals of a busy room over a Game,
    with 1, 3 and 5 claims asked for."""
    tbl = _busy_table()
    history = GameHistory()
    start = dt.datetime(2026, 11, 27, 19, 5)
    compared = 0
    for i in range(6):
        number = i + 1
        when = (start + dt.timedelta(minutes=7 * i)).isoformat()
        cards = shuffled(deck52() * 2, 500 + i)[:54]
        judgement = judge_deal(tbl, number, when, cards, history=history, readings=readings)
        trace = list(judgement.state.trace)
        for limit in (1, 3, 5):
            pruned = advise_judgement(judgement, limit=limit)
            assert judgement.state.trace == trace      # the advisor's tries leave the deal's trace alone
            rs, rd, facts, dealing = setup_deal(tbl, number, when, cards, readings=readings)
            state = prepare_deal(facts, dealing, rd, history=history, ruleset=rs)
            hands = {p: evaluate_player(state, p) for p in state.players}
            every = advise_state(state, dealing, hands, ruleset=rs, limit=limit, prune=False)
            for player, advice in pruned.items():
                got = [(s.claim.describe(), s.hand.key) for s in advice.suggestions]
                assert got == [(s.claim.describe(), s.hand.key) for s in every[player].suggestions], (i, limit)
                compared += len(got)
                if limit == 3:
                    for s in advice.suggestions:        # each one holds when declared
                        declared = judge_deal(tbl, number, when, cards, history=history, readings=readings,
                                              claims=[s.claim])
                        assert declared.hands[player].key == s.hand.key, s.claim.describe()
        history.add(judgement.record)
    assert compared > 40


def test_b25_advisor_refusals_say_which_claims_fare_alike():
    """Base rule 25 with modifiers 44 ("пять убитых карт") and 31: a claim refused for the player's
    right at the modifier's turn says which claims would be refused the same way, so the advisor
    does not judge them again: modifier 44 with four dead cards refuses any claim of that player
    (``alike=()``), modifier 31's leftover claim any claim naming the same card."""
    from rules.engines.dragon.state import Claim
    from rules.engines.errors import RulesError

    tbl = table(seats=("N", "E", "S", "W"))
    history = GameHistory([DealRecord(number=1, winners=("N",), winning_hands=())])
    when = "2026-04-08T10:20:00+03:00"
    only44 = Ruleset("only-44", "modifier 44", disabled=frozenset(range(1, 101)) - {44})
    cards = layout(tbl, deal_facts(tbl, 2, when).dealer, {"E": "8h 8d 8c Js Jd 9c Kh Kd Ks"})
    claim = Claim(player="E", rule="M44", card=parse_one("8h"))
    with pytest.raises(RulesError) as refused:
        judge_deal(tbl, 2, when, cards, history=history, claims=[claim], ruleset=only44)
    assert "needs five" in str(refused.value)
    assert refused.value.claim is claim and refused.value.alike == ()
    only31 = Ruleset("only-31", "modifier 31", disabled=frozenset(range(1, 101)) - {31})
    claim = Claim(player="E", rule="M31", card=parse_one("Kc"), target=parse_one("9c"))
    with pytest.raises(RulesError) as refused:
        judge_deal(tbl, 2, when, cards, history=history, claims=[claim], ruleset=only31)
    assert "no such right" in str(refused.value)
    assert refused.value.claim is claim and refused.value.alike == ("card",)


def test_b25_advisor_estimates_a_new_rank_with_table_2():
    """Base rule 25 with modifier 51 (IP-M51-VALUE as_dealt: the card is judged as dealt so) and Table 2
    (base rules 16-17: at 10:30 Unicorns are wild and Elves dead from the second deal on): S's new
    Unicorn is estimated as the wild card the judge makes it, and the suggestion holds when declared; a new
    Elf would be dead, and no suggestion makes one."""
    tbl = table(seats=("N", "E", "S", "W"))
    when = "2026-05-06T10:30:00+03:00"
    history = GameHistory([DealRecord(number=1, winners=("N",), winning_hands=())])
    rs = replace(ruleset("club-2.2.1"), disabled=frozenset(range(1, 101)) - {51})
    cards = layout(tbl, deal_facts(tbl, 2, when).dealer, {"S": "2s 8s 9s 3d 10h 4c 5h 6d 7c"})
    advice = advise(tbl, 2, when, cards, history=history, ruleset=rs)["S"]
    ranks = [s for s in advice.suggestions if s.claim.rule == "M51" and s.claim.rank is not None]
    assert ranks and not any(s.claim.rank == 11 for s in ranks)
    unicorns = [s for s in ranks if s.claim.rank == 12]
    assert unicorns
    for s in unicorns[:2]:
        judged = judge_deal(tbl, 2, when, cards, history=history, claims=[s.claim], ruleset=rs)
        assert judged.hands["S"].key == s.hand.key
        assert [c.state for c in judged.state.hand("S") if c.card == s.claim.card] == ["wild"]
    # the estimate itself: Elf dead, Unicorn wild, May's home ranks (Four, Seven, Dragon) home, a Nine natural
    state = judge_deal(tbl, 2, when, cards, history=history, ruleset=rs).state
    nine = state.find("S", parse_one("9s"))
    assert [_new_rank_state(state, nine, r, rs) for r in (11, 12, 4, 7, 14, 9)] == \
        ["dead", "wild", "home", "home", "home", None]


def test_b25_advisor_estimates_modifier_41s_kill_of_a_dark_card():
    """Base rule 25 with modifier 51 (as dealt) and modifier 41 ("три открытые карты одного номинала убивают
    карту этого номинала, пришедшую в темную"): a dark card given the rank that three face-up cards show is
    estimated dead; a face-up card given it is not."""
    tbl = table(seats=("N", "E", "S", "W"))
    when = "2026-05-06T10:30:00+03:00"
    rs = replace(ruleset("club-2.2.1"), disabled=frozenset(range(1, 101)) - {41, 51}, club_tables=False)
    cards = layout(tbl, deal_facts(tbl, 1, when).dealer, {"N": "- - - 9c - - - - -", "E": "- - - 9d - - - - -",
                                                         "W": "- - - 9h - - - - -", "S": "2s 8s 4s 3d 10h 4c 5h 6d 7c"})
    state = judge_deal(tbl, 1, when, cards, ruleset=rs).state
    dark, up = state.find("S", parse_one("2s")), state.find("S", parse_one("3d"))
    assert not dark.open and up.open
    assert (_new_rank_state(state, dark, 9, rs), _new_rank_state(state, up, 9, rs)) == ("dead", None)
    assert _new_rank_state(state, dark, 10, rs) is None


def test_b25_advising_a_judged_deal_reads_its_own_ruleset():
    """Base rule 25 in the Asprin evening (base rule 1: "раз за вечер игрок может сменить масть одной из
    своих карт"): advising a deal already judged under the evening gives what advising its inputs under the
    evening gives, not the club rules' advice."""
    tbl = _busy_table()
    when = "2026-11-27T19:05:00"
    cards = shuffled(deck52() * 2, 77)[:54]
    judgement = judge_deal(tbl, 1, when, cards, ruleset="asprin-evening")
    got = advise_judgement(judgement, limit=3)
    want = advise(tbl, 1, when, cards, ruleset="asprin-evening", limit=3)
    club = advise(tbl, 1, when, cards, limit=3)
    shown = lambda advice: {p: [(s.claim.describe(), s.hand.key) for s in a.suggestions]  # noqa: E731
                            for p, a in advice.items()}
    assert shown(got) == shown(want) != shown(club)


def test_b25_the_estimating_claims_are_those_acting_on_the_claimants_own_cards():
    """Base rule 25's advisor estimates a claim through its modifier's own ``estimate`` hook: the
    claims of modifiers 43 and 44 (dead cards revived, a card made wild or free), 45 and 46 (an
    alliance card's target one rank up or down, or the card free or home), 51 (a card's real rank
    or suit, with a ``seed`` for the try) and 52 (a target one rank up or down). Every other claim
    modifier is judged in full."""
    from rules.engines.dragon.modifiers.base import registry

    mods = registry()
    assert {n for n, m in mods.items() if m.estimate is not None} == {43, 44, 45, 46, 51, 52}
    assert {n for n, m in mods.items() if m.seed is not None} == {51}
    assert all(mods[n].options is not None for n in (43, 44, 45, 46, 51, 52))
