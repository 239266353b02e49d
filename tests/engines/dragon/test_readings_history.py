"""Readings that look at the bets of a deal or past the Game: IP-M62-WINNINGS ``net_gain`` (each deal's
record keeps the players' bets), IP-M62-PREVIOUS ``last_at_table`` and IP-M34-GAME ``carries`` (the
history holds the previous Game at the table: the sitting document's optional ``previous_game``).

Four players at N, E, S, W; deal 1 is dealt by North (order E, S, W, N), deal 2 by East.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engines import dragon
from rules.engines.dragon.game import DealRecord, GameHistory
from rules.engines.dragon.judge import _judge_sitting, judge_deal, previous_game_records
from rules.engines.errors import RulesError
from rules.engines.readings import get

from .helpers import card, layout, table
from .test_judge import doc
from .test_modifiers_cards import SAINT, SUNDAY_0820, quiet_table
from .test_modifiers_cards import prepared as prepared_cards
from .test_modifiers_external_53_70 import M62_HANDS, STRAIGHT, only, prep, record, states


@pytest.mark.parametrize("point_id, default, alternative", [
    ("IP-M62-WINNINGS", "pot", "net_gain"), ("IP-M62-PREVIOUS", "same_game", "last_at_table"),
    ("IP-M34-GAME", "within_game", "carries")])
def test_history_points_are_registered_with_the_notes_readings(point_id, default, alternative):
    """Base rule 12 and the modifier notes (26-50, 51-75): the points are in the registry with the notes'
    default and alternative."""
    point = get(point_id)
    assert point.default == default and point.alternatives == (alternative,)


# ---------------------------------------------------------------------------- the bets of a deal
def test_the_record_keeps_each_players_bets_and_the_winners_net_gain():
    """IP-M62-WINNINGS needs the bets of the previous deal: the judge keeps the bets of the deal's record
    (the sitting document's "bets", ante included); the net gain is the pot less the winners' bets."""
    tbl = table()
    cards = layout(tbl, "N", {})
    bets = {"N": 6, "E": 2, "S": 2, "W": 2}
    j = judge_deal(tbl, 1, "2026-03-04T10:30:00+03:00", cards, bets=bets)
    assert j.record.bets == bets and j.record.pot == 12
    assert j.record.net_gain == 12 - sum(bets[w] for w in j.winners)
    assert DealRecord(number=1, winners=("E",), winning_hands=(), pot=30).net_gain == 30


# ---------------------------------------------------------------------------- IP-M62-WINNINGS
def _m62_history(pot: int, bets: dict[str, int], number: int = 1) -> DealRecord:
    return replace(record(number, winner="E", category=55, cards=STRAIGHT, pot=pot, min_stake=10), bets=bets)


def test_ip_m62_winnings_pot_reads_the_bank():
    """IP-M62-WINNINGS pot (default), modifier 62 ("если в предыдущей партии выигрыш составил более 10
    минимальных ставок"): a pot of 150 at a minimum stake of 10 is the winnings, whatever E put in himself:
    S's Kh is home, E's Ac free."""
    history = GameHistory([_m62_history(150, {"E": 60, "S": 30, "W": 30, "N": 30})])
    s = prep(M62_HANDS, number=2, history=history, ruleset=only(62))
    assert states(s, "Kh Ac") == ["home", "free"]


def test_ip_m62_winnings_net_gain_takes_off_the_winners_own_bets():
    """IP-M62-WINNINGS net_gain, modifier 62: the winnings are the pot less E's own 60: 90 is not more
    than 10 minimum stakes of 10, so nothing changes; with E's bets at 40 the net gain is 110 and 62 acts."""
    rd = {"IP-M62-WINNINGS": "net_gain"}
    history = GameHistory([_m62_history(150, {"E": 60, "S": 30, "W": 30, "N": 30})])
    s = prep(M62_HANDS, number=2, history=history, ruleset=only(62), readings=rd)
    assert states(s, "Kh Ac") == ["natural", "natural"]
    history = GameHistory([_m62_history(150, {"E": 40, "S": 40, "W": 40, "N": 30})])
    s = prep(M62_HANDS, number=2, history=history, ruleset=only(62), readings=rd)
    assert states(s, "Kh Ac") == ["home", "free"]


# ---------------------------------------------------------------------------- IP-M62-PREVIOUS
EARLIER_GAME = GameHistory(previous_game=[DealRecord(number=n, winners=(), winning_hands=()) for n in (1, 2)]
                           + [_m62_history(150, {}, number=3)])


def test_ip_m62_previous_same_game_is_void_in_a_games_first_deal():
    """IP-M62-PREVIOUS same_game (default), modifier 62 ("в предыдущей партии"): deal 1 of a Game has no
    previous deal, whatever the previous Game at the table paid."""
    s = prep(M62_HANDS, number=1, history=EARLIER_GAME, ruleset=only(62))
    assert states(s, "Kh Ac") == ["natural", "natural"]


def test_ip_m62_previous_last_at_table_reads_the_previous_games_last_deal():
    """IP-M62-PREVIOUS last_at_table, modifier 62: in deal 1 the previous Game's last deal (deal 3, pot 150
    at 10) counts: S's Kh is home, E's Ac free; in deal 2 this Game's deal 1 is the previous deal."""
    rd = {"IP-M62-PREVIOUS": "last_at_table"}
    s = prep(M62_HANDS, number=1, history=EARLIER_GAME, ruleset=only(62), readings=rd)
    assert states(s, "Kh Ac") == ["home", "free"]
    assert any(e.source == "M62" and "previous Game" in e.text for e in s.trace)
    quiet = GameHistory([DealRecord(number=1, winners=(), winning_hands=())],
                        previous_game=EARLIER_GAME.previous_game)
    s = prep(M62_HANDS, number=2, history=quiet, ruleset=only(62), readings=rd)
    assert states(s, "Kh Ac") == ["natural", "natural"]


# ---------------------------------------------------------------------------- IP-M34-GAME
def _m34(number: int, reading: str | None, deals=()):
    """Sunday 08:20: Table 2 makes the Tens wild. No saint image at this Game's table: only sets kept
    earlier can cancel them. The previous Game's deal 6 (its last but one) kept Twos-Fours, deal 7 (its
    last) Eights-Tens."""
    previous = [DealRecord(number=n, winners=(), winning_hands=()) for n in range(1, 6)]
    previous += [DealRecord(number=6, winners=(), winning_hands=(), carry={"M34": [2, 3, 4]}),
                 DealRecord(number=7, winners=(), winning_hands=(), carry={"M34": [8, 9, 10]})]
    history = GameHistory(list(deals), previous_game=previous)
    rd = {"IP-M34-GAME": reading} if reading else None
    return prepared_cards({"S": "10c 3d - - - - - - -"}, tbl=quiet_table(), number=number,
                          started_at=SUNDAY_0820, history=history, readings=rd)


def test_ip_m34_game_within_game_starts_each_game_afresh():
    """IP-M34-GAME within_game (default), modifier 34 ("Модификатор действует в течении текущей партии и двух
    последующих"): deal numbers restart with the Game, so the previous Game's sets do not reach deal 1:
    the 10c is wild."""
    assert card(_m34(1, None), "10c").state == "wild"


def test_ip_m34_game_carries_into_the_next_games_first_deals():
    """IP-M34-GAME carries, modifier 34: the previous Game's last deal (deal 0 here) and the one before
    (deal -1) are the two deals before deal 1, so deal 7's set cancels the wild 10c in deals 1 and 2, and
    runs out in deal 3."""
    s = _m34(1, "carries")
    assert card(s, "10c").state == "natural"
    assert any(e.source == "M34" and "previous Game's last" in e.text for e in s.trace)
    deal1 = DealRecord(number=1, winners=(), winning_hands=())
    assert card(_m34(2, "carries", [deal1]), "10c").state == "natural"
    deal2 = DealRecord(number=2, winners=(), winning_hands=())
    assert card(_m34(3, "carries", [deal1, deal2]), "10c").state == "wild"
    assert [d for d, _ in GameHistory([deal1], previous_game=[DealRecord(
        number=4, winners=(), winning_hands=(), carry={"M34": [8]})]).carried_across("M34")] == [0]


def test_ip_m34_game_carries_with_an_image_adds_the_games_own_set():
    """IP-M34-GAME carries, modifier 34 ("действие модификатора – аккумулятивное"): with a saint image deal 1
    of four players keeps Eights-Tens of its own and adds the previous Game's last two sets (Twos-Fours,
    Eights-Tens)."""
    previous = [DealRecord(number=1, winners=(), winning_hands=(), carry={"M34": [2, 3, 4]}),
                DealRecord(number=2, winners=(), winning_hands=(), carry={"M34": [5, 6, 7]})]
    s = prepared_cards({"S": "10c - - - - - - - -"}, tbl=quiet_table(room=SAINT), number=1,
                       started_at=SUNDAY_0820, history=GameHistory(previous_game=previous),
                       readings={"IP-M34-GAME": "carries"})
    assert card(s, "10c").state == "natural"
    assert "ranks [2, 3, 4, 5, 6, 7, 8, 9, 10]" in next(e.text for e in s.trace if e.source == "M34")


# ---------------------------------------------------------------------------- the sitting document's previous_game
def test_sitting_document_previous_game_is_judged_and_read_as_the_earlier_game():
    """The sitting document's optional previous_game (engine-api.md: "More keys may be added"): the previous
    Game's document is judged first and its deals become the history's previous_game; the Game's own
    judgement is the same without it under the default readings."""
    earlier = doc()
    outs, history = _judge_sitting(doc(previous_game=earlier))
    assert [d.number for d in history.previous_game] == [1, 2]
    assert history.previous_game[1].bets == earlier["deals"][1]["bets"]
    assert outs == dragon.judge_game(doc())["deals"]
    assert previous_game_records(doc(previous_game=earlier)) == history.previous_game
    assert previous_game_records(doc()) == ()


def test_the_deal_being_dealt_and_its_advice_read_the_previous_game_too():
    """The provisional judgement of the deal being dealt and the advisor (base rule 25) start from the same
    history as judge_game: the previous Game's deals, then this Game's deals before the last."""
    from rules.engines.dragon.judge import sitting_start

    earlier = doc()
    *_rest, deals, history = sitting_start(doc(previous_game=earlier), upto=1)
    assert [d.number for d in history.previous_game] == [1, 2]
    assert [d.number for d in history.deals] == [1]
    assert len(deals) == 2
    *_rest, history = sitting_start(doc())
    assert (history.previous_game, history.deals) == ((), [])


def test_sitting_document_previous_game_must_be_a_document():
    """A previous_game that is not a sitting document is refused, naming the value."""
    with pytest.raises(RulesError, match="previous_game must be a sitting document"):
        dragon.judge_game(doc(previous_game=["deal"]))
    with pytest.raises(RulesError, match="unknown key 'bogus'"):
        dragon.judge_game(doc(previous_game={**doc(), "bogus": 1}))


def test_sitting_document_previous_game_feeds_m62_under_last_at_table():
    """IP-M62-PREVIOUS last_at_table through the sitting document, modifier 62: the previous Game's deal 2
    (everybody put in 6: a pot of 24, above 10 minimum stakes of 2) was won by aahz with the Ac as the
    highest real card; in deal 1 of the next Game tanda gets the Ac face up: home under last_at_table,
    natural under the default same_game."""
    earlier = doc()
    for deal in earlier["deals"]:
        deal["bets"] = {"skeeve": 6, "aahz": 6, "tanda": 6, "massha": 6}
    now = doc(previous_game=earlier)
    cards = now["deals"][0]["cards"]
    cards[12], cards[13] = cards[13], cards[12]          # the Ac goes to tanda (second after the dealer)

    def ace(readings):
        out = dragon.judge_game({**now, "readings": readings})["deals"][0]
        return next(c["state"] for c in out["players"]["tanda"]["cards"] if c["card"] == "Ac")

    assert ace({}) == "natural"
    assert ace({"IP-M62-PREVIOUS": "last_at_table"}) == "home"
