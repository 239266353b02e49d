"""Conditional modifiers 47-49 (seed group "Временные") and 50-52 ("Пространственные"), each firing
and not firing, and the readings of their interpretation points.

The deal group (1-33) and these two groups are played. October 2026 with four players plays
Table 3's August (2, 6, 10 home: no honor is home). Deal 1 is dealt by North (order E, S, W, N);
on 14 October 2026 modifier 1 takes the wild cards of the first hand, E.
"""

from __future__ import annotations

import pytest

from rules.engines.dragon.context import Player, Room, Table
from rules.engines.dragon.game import DealRecord, GameHistory
from rules.engines.dragon.modifiers.time import clock_shift, m47_rank
from rules.engines.errors import RulesError
from rules.engines.readings import resolve

from . import helpers
from .helpers import card, claim

OTHER_GROUPS = frozenset(range(34, 47)) | frozenset(range(53, 101))


def prepared(hands, **kw):
    kw.setdefault("disabled", OTHER_GROUPS)
    return helpers.prepared(hands, **kw)


def quiet_table(seats=("N", "E", "S", "W"), room: Room | None = None, **per_player) -> Table:
    players = [Player(id=s, seat=s, **{"clothing": "dark", **per_player.get(s, {})}) for s in seats]
    return Table(players=tuple(players), room=room or Room(), weather="other")


def at(hhmm: str) -> str:
    return f"2026-10-14T{hhmm}:00+03:00"        # a Wednesday


def game(*claims: tuple[str, str]) -> GameHistory:
    """Deal 1 of the Game with the once-per-Game claims ``(player, rule)`` it used."""
    return GameHistory([DealRecord(number=1, winners=(), winning_hands=(), claims=tuple(claims))])


# ---------------------------------------------------------------------------- M47
@pytest.mark.parametrize(("hhmm", "rank"), [("06:00", 11), ("11:59", 11), ("12:00", 12), ("17:30", 12),
                                            ("18:00", 13), ("23:59", 13), ("00:00", 14), ("05:59", 14)])
def test_m47_bands(hhmm, rank):
    """Modifier 47: "утро (600-1200) - Эльф; день (1200-1800) - Единорог; вечер (1800-000) - Великан;
    ночь (000-600) - Дракон" (IP-M47-BOUNDS half_open)."""
    import datetime as dt
    assert m47_rank(dt.time.fromisoformat(hhmm)) == rank


def test_m47_morning_frees_natural_elves():
    """Modifier 47: at 07:10 "следующие естественные карты становятся свободными: утро - Эльф": S's Jc
    is free; his Qc is not."""
    s = prepared({"S": "Jc Qc - - - - - - -"}, tbl=quiet_table(), started_at=at("07:10"))
    assert card(s, "Jc").state == "free" and card(s, "Qc").state == "natural"


def test_m47_near_miss_elf_wild_by_table_2():
    """Modifier 47 frees natural cards only: at 09:20 the Elves are wild (Table 2) and stay wild."""
    s = prepared({"S": "Jc - - - - - - - -"}, tbl=quiet_table(), started_at=at("09:20"))
    assert card(s, "Jc").state == "wild"


def test_ip_m47_bounds_end_inclusive():
    """IP-M47-BOUNDS: at 12:00 exactly the Unicorns are free (half_open), the Elves under end_inclusive."""
    hands = {"S": "Jc Qc - - - - - - -"}
    s = prepared(hands, tbl=quiet_table(), started_at=at("12:00"))
    assert card(s, "Qc").state == "free" and card(s, "Jc").state == "natural"
    s = prepared(hands, tbl=quiet_table(), started_at=at("12:00"), readings={"IP-M47-BOUNDS": "end_inclusive"})
    assert card(s, "Jc").state == "free" and card(s, "Qc").state == "natural"


def test_ip_m47_shift_unshifted():
    """IP-M47-SHIFT: 05:40 with a clock with hands is 06:40, morning, by default (the Jc is free); under
    unshifted modifier 47 reads the real 05:40, night: the Jc stays natural."""
    tbl = quiet_table(room=Room(analog_clocks=1))
    s = prepared({"S": "Jc - - - - - - - -"}, tbl=tbl, started_at=at("05:40"))
    assert card(s, "Jc").state == "free"
    s = prepared({"S": "Jc - - - - - - - -"}, tbl=tbl, started_at=at("05:40"), readings={"IP-M47-SHIFT": "unshifted"})
    assert card(s, "Jc").state == "natural"


# ---------------------------------------------------------------------------- M48
def test_m48_analog_clock_moves_the_time_forward():
    """Modifier 48: "Если в помещении есть стрелочные часы, то время сдвигается на 1 час вперед": 05:40 is
    read as 06:40: Table 2's 06:00-07:00 row makes the Eights wild, not the Sevens."""
    s = prepared({"S": "8c 7c - - - - - - -"}, tbl=quiet_table(room=Room(analog_clocks=1)), started_at=at("05:40"))
    assert s.facts.hour == 6
    assert card(s, "8c").state == "wild" and card(s, "7c").state == "natural"
    assert any(e.source == "M48" and e.change == "clock" for e in s.trace)


def test_m48_near_miss_no_clock():
    """Modifier 48: no clock with hands: 05:40, the Sevens are wild."""
    s = prepared({"S": "8c 7c - - - - - - -"}, tbl=quiet_table(), started_at=at("05:40"))
    assert s.facts.hour == 5 and card(s, "7c").state == "wild"


def test_m48_counts_two_clocks_at_most():
    """Modifier 48: "учитывается не более 2-х часов": three clocks move 05:40 to 07:40 (Nines wild)."""
    s = prepared({"S": "9c - - - - - - - -"}, tbl=quiet_table(room=Room(analog_clocks=3)), started_at=at("05:40"))
    assert s.facts.hour == 7 and card(s, "9c").state == "wild"


def test_ip_m48_count_once():
    """IP-M48-COUNT once: three clocks move the time one hour only."""
    s = prepared({"S": "8c - - - - - - - -"}, tbl=quiet_table(room=Room(analog_clocks=3)), started_at=at("05:40"),
                 readings={"IP-M48-COUNT": "once"})
    assert s.facts.hour == 6 and card(s, "8c").state == "wild"


def test_ip_m48_scope_modifiers_only():
    """IP-M48-SCOPE modifiers_only: Table 2 keeps the real 05:40 (Sevens wild) while modifier 47 reads
    06:40 (morning: the Jc is free)."""
    s = prepared({"S": "7c Jc - - - - - - -"}, tbl=quiet_table(room=Room(analog_clocks=1)), started_at=at("05:40"),
                 readings={"IP-M48-SCOPE": "modifiers_only"})
    assert s.facts.hour == 5
    assert card(s, "7c").state == "wild" and card(s, "Jc").state == "free"


# ---------------------------------------------------------------------------- M49
def test_m49_digital_clock_moves_the_time_back():
    """Modifier 49: "Если в помещении есть часы с цифровым отображением времени, то время сдвигается на
    1 час назад": 12:20 is read as 11:20: Giants wild (Table 2), morning (modifier 47 frees the Elves)."""
    s = prepared({"S": "Kc Jc - - - - - - -"}, tbl=quiet_table(room=Room(digital_clocks=1)), started_at=at("12:20"))
    assert s.facts.hour == 11
    assert card(s, "Kc").state == "wild" and card(s, "Jc").state == "free"


def test_m49_near_miss_with_an_analog_clock_the_shifts_cancel():
    """Modifiers 48 and 49 together (IP-M49-NET additive): +1 - 1: the deal is read at 12:20."""
    tbl = quiet_table(room=Room(digital_clocks=1, analog_clocks=1))
    s = prepared({"S": "Kc Jc - - - - - - -"}, tbl=tbl, started_at=at("12:20"))
    assert s.facts.hour == 12
    assert card(s, "Kc").state == "natural" and card(s, "Jc").state == "natural"


def test_ip_m49_net_higher_number_wins():
    """IP-M49-NET higher_number_wins: with both kinds of clock only 49's backward shift applies."""
    tbl = quiet_table(room=Room(digital_clocks=1, analog_clocks=1))
    s = prepared({"S": "Kc - - - - - - - -"}, tbl=tbl, started_at=at("12:20"),
                 readings={"IP-M49-NET": "higher_number_wins"})
    assert s.facts.hour == 11 and card(s, "Kc").state == "wild"
    rd = resolve({"IP-M49-NET": "higher_number_wins"})
    assert clock_shift(Room(digital_clocks=2, analog_clocks=2), rd) == -2
    assert clock_shift(Room(digital_clocks=2, analog_clocks=2), resolve({})) == 0


# ---------------------------------------------------------------------------- M50
def test_m50_table_not_of_natural_materials_inverts_the_card_order():
    """Modifier 50: "Если играют за столом не из натуральных материалов везде естественный порядок карт
    меняется на инвертированный"."""
    s = prepared({}, tbl=quiet_table(room=Room(natural_table=False)), started_at=at("10:20"))
    assert s.card_order == "inverted"
    assert any(e.source == "M50" for e in s.trace)


def test_m50_near_miss_wooden_table():
    """Modifier 50: a table of natural materials keeps the natural card order."""
    s = prepared({}, tbl=quiet_table(), started_at=at("10:20"))
    assert s.card_order == "natural"


def test_ip_m50_r19_toggle():
    """IP-M50-R19: in deal 4 of four players base rule 19 has inverted the order already: it stays
    inverted (set_inverted), and turns natural again under toggle."""
    tbl = quiet_table(room=Room(natural_table=False))
    s = prepared({}, tbl=tbl, number=4, started_at=at("10:20"))
    assert s.card_order == "inverted"
    s = prepared({}, tbl=tbl, number=4, started_at=at("10:20"), readings={"IP-M50-R19": "toggle"})
    assert s.card_order == "natural"


# ---------------------------------------------------------------------------- M51 (claim, once per Game)
def test_m51_cardinal_player_changes_the_real_rank():
    """Modifier 51: "Игрок сидящий на севере, юге, востоке или западе имеет право изменить реальный
    номинал ... любой из своих карт": S makes his 7c a Ten; judged as dealt (IP-M51-VALUE as_dealt), it is
    a real Ten, natural, and wild by Table 2 at 08:20 as any Ten."""
    s = prepared({"S": "7c - - - - - - - -"}, tbl=quiet_table(), started_at=at("08:20"),
                 claims=[claim("S", "M51", card="7c", rank=10)])
    c = card(s, "7c")
    assert (c.real_rank, c.rank) == (10, 10) and c.state == "wild"


def test_m51_changes_the_suit():
    """Modifier 51: "... или масть": E's 7c becomes a real heart."""
    s = prepared({"E": "7c - - - - - - - -"}, tbl=quiet_table(), started_at=at("10:20"),
                 claims=[claim("E", "M51", card="7c", suit="h")])
    assert card(s, "7c").real_suit == "h" and card(s, "7c").suit == "h"


def test_m51_near_miss_diagonal_seat():
    """Modifier 51: the player at SE has no such right: the claim is refused, naming the rule."""
    with pytest.raises(RulesError, match="M51"):
        prepared({"SE": "7c - - - - - - - -"}, tbl=quiet_table(("N", "E", "SE", "W")), started_at=at("10:20"),
                 claims=[claim("SE", "M51", card="7c", rank=10)])


def test_m51_once_per_game():
    """Modifier 51: "один раз в течение игры": a second use in the Game is refused."""
    with pytest.raises(RulesError, match="already used"):
        prepared({"S": "7c - - - - - - - -"}, tbl=quiet_table(), number=2, started_at=at("10:20"),
                 history=game(("S", "M51")), claims=[claim("S", "M51", card="7c", rank=10)])


def test_ip_m51_value_readings():
    """IP-M51-VALUE: under in_order_real the Ten is real for modifiers after 51 but Table 2 read the Seven
    (natural, not wild); under modified_value the card plays as a Ten, its real rank stays Seven and it
    is modified."""
    kw = dict(tbl=quiet_table(), started_at=at("08:20"), claims=[claim("S", "M51", card="7c", rank=10)])
    s = prepared({"S": "7c - - - - - - - -"}, readings={"IP-M51-VALUE": "in_order_real"}, **kw)
    c = card(s, "7c")
    assert (c.real_rank, c.rank, c.state, c.modified) == (10, 10, "natural", False)
    s = prepared({"S": "7c - - - - - - - -"}, readings={"IP-M51-VALUE": "modified_value"}, **kw)
    c = card(s, "7c")
    assert (c.real_rank, c.rank, c.state, c.modified) == (7, 10, "natural", True)


def test_ip_m51_one_attribute_readings():
    """IP-M51-ONE-ATTRIBUTE: "номинал или масть": rank and suit in one use are refused by default and
    allowed under rank_and_suit."""
    c = [claim("E", "M51", card="7c", rank=10, suit="h")]
    with pytest.raises(RulesError, match="not both"):
        prepared({"E": "7c - - - - - - - -"}, tbl=quiet_table(), started_at=at("10:20"), claims=c)
    s = prepared({"E": "7c - - - - - - - -"}, tbl=quiet_table(), started_at=at("10:20"), claims=c,
                 readings={"IP-M51-ONE-ATTRIBUTE": "rank_and_suit"})
    assert (card(s, "7c").real_rank, card(s, "7c").real_suit) == (10, "h")


# ---------------------------------------------------------------------------- M52 (claim, once per Game)
NE_TABLE = ("N", "NE", "S", "W")


def test_m52_off_cardinal_player_makes_a_red_honor_incrementing():
    """Modifier 52: "Игроки не попадающие под модификатор 51 могут присвоить одному из своих красных
    онеров статус инкрементирующего": NE's Qh raises his 7c to an Eight."""
    s = prepared({"NE": "Qh 7c - - - - - - -"}, tbl=quiet_table(NE_TABLE), started_at=at("08:20"),
                 claims=[claim("NE", "M52", card="Qh", target="7c")])
    assert card(s, "Qh").role == "incrementing" and card(s, "7c").rank == 8


def test_m52_black_fosk_decrementing():
    """Modifier 52: "... или одной из черных фосок – статус декрементирующей": NE's 9s lowers his Kd."""
    s = prepared({"NE": "9s Kd - - - - - - -"}, tbl=quiet_table(NE_TABLE), started_at=at("08:20"),
                 claims=[claim("NE", "M52", card="9s", target="Kd")])
    assert card(s, "9s").role == "decrementing" and card(s, "Kd").rank == 12


def test_m52_near_miss_cardinal_player_or_black_honor():
    """Modifier 52: the player at N is covered by modifier 51; a black honor is neither kind of card."""
    with pytest.raises(RulesError, match="M52"):
        prepared({"N": "Qh 7c - - - - - - -"}, tbl=quiet_table(NE_TABLE), started_at=at("08:20"),
                 claims=[claim("N", "M52", card="Qh", target="7c")])
    with pytest.raises(RulesError, match="neither"):
        prepared({"NE": "Qc 7c - - - - - - -"}, tbl=quiet_table(NE_TABLE), started_at=at("08:20"),
                 claims=[claim("NE", "M52", card="Qc", target="7c")])


def test_m52_once_per_game():
    """Modifier 52: "один раз в течении игры"."""
    with pytest.raises(RulesError, match="already used"):
        prepared({"NE": "Qh 7c - - - - - - -"}, tbl=quiet_table(NE_TABLE), number=2, started_at=at("08:20"),
                 history=game(("NE", "M52")), claims=[claim("NE", "M52", card="Qh", target="7c")])


def test_ip_m52_eligible_no_m51_right_now():
    """IP-M52-ELIGIBLE: N, who spent modifier 51 in deal 1, is still covered by 51 by default, and may use
    52 under no_m51_right_now."""
    kw = dict(tbl=quiet_table(NE_TABLE), number=2, started_at=at("08:20"), history=game(("N", "M51")),
              claims=[claim("N", "M52", card="Qh", target="7c")])
    hands = {"N": "Qh 7c - - - - - - -"}
    with pytest.raises(RulesError, match="covers him"):
        prepared(hands, **kw)
    s = prepared(hands, readings={"IP-M52-ELIGIBLE": "no_m51_right_now"}, **kw)
    assert card(s, "7c").rank == 8


def test_m51_advisor_offers_the_seed_example():
    """Modifier 51 and base rule 25: S holds 9c Jc Qc Kc Ac 7c 4d 4h 6s; the advisor's best suggestion
    turns one card into the Ten of clubs, a Флеш-стрит (hand 19, 9c-Ac) he lacks without it."""
    from dataclasses import replace

    from rules.engines.dragon.advisor import advise
    from rules.engines.dragon.facts import deal_facts
    from rules.engines.dragon.presets import ruleset

    tbl = quiet_table(("NE", "S", "SW", "NW"))
    rs = replace(ruleset("club-2.2.1"), disabled=OTHER_GROUPS)
    cards = helpers.layout(tbl, deal_facts(tbl, 1, at("10:20")).dealer, {"S": "9c Jc Qc Kc Ac 7c 4d 4h 6s"})
    advice = advise(tbl, 1, at("10:20"), cards, ruleset=rs)["S"]
    assert advice.hand.category > 19
    best = advice.best
    assert best.claim.rule == "M51" and best.hand.category == 19


def test_m51_new_suit_is_judged_as_dealt():
    """Modifier 51 with IP-M51-VALUE as_dealt: "изменить реальный ... масть": the new suit is given to the
    card from the start (a rebase, as for a new rank), so every rule and modifier from modifier 1 on reads
    the card as a heart; the judge reruns once and the claim's modifier counts on the card."""
    s = prepared({"E": "7c - - - - - - - -"}, tbl=quiet_table(), started_at=at("10:20"),
                 claims=[claim("E", "M51", card="7c", suit="h")])
    c = card(s, "7c")
    assert (c.real_suit, c.suit, c.state, c.mods) == ("h", "h", "natural", (51,))
    assert s.rebased[c.seq] == (None, "M51", False, "h")
    first = next(i for i, e in enumerate(s.trace) if e.source == "M51")
    assert s.trace[first].change == "suit" and s.trace[first].after == "7h"
    assert not any(e.source[:1] == "M" and e.source != "M51" for e in s.trace[:first])
