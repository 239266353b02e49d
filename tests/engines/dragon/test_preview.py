"""The provisional judgement of a deal being dealt (preview.py): the rules that have acted on the
cards dealt so far, as if the deal ended now, and the deal's true number after an unrecorded deal."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engines import dragon
from rules.engines.cards import deck52, shuffled
from rules.engines.dragon.judge import judge_deal, sitting_history
from rules.engines.dragon.presets import ruleset as get_ruleset
from rules.engines.dragon.preview import PreviewUnavailable, preview_deal, preview_game
from rules.engines.errors import RulesError

from .helpers import table

STARTED = "2026-03-04T10:30:00+03:00"

# Deal 1 at N E S W: North deals, so each circle goes E, S, W, N. The default circles are dark,
# dark, dark, open x 5, dark: circle 4 is the first open circle. E gets the 7c in circle 2 (dark);
# N gets the 10d face up in circle 4; W gets the 10c face up in circle 6. No other Ten or Seven.
CIRCLES = [
    "2c 3d 4s 5h",     # 1 dark
    "7c 2d 3s 4h",     # 2 dark: E's 7c
    "5c 6d 8s 9h",     # 3 dark
    "Jc Qd Ks 10d",    # 4 open: N's 10d (the first open circle)
    "Ac 2s 3h 4c",     # 5 open
    "5d 6s 10c 8h",    # 6 open: W's 10c, a second face-up Ten
    "9c Jd Qs Kh",     # 7 open
    "Ah 2h 3c 4d",     # 8 open
    "5s 6h 8c 9d",     # 9 dark
]
DEAL = " ".join(CIRCLES).split()
TEN_D = DEAL.index("10d")
TEN_C = DEAL.index("10c")
SEVEN = DEAL.index("7c")


def only(*numbers):
    """The club ruleset with every modifier but ``numbers`` switched off."""
    rs = get_ruleset("club-2.2.1")
    return replace(rs, disabled=rs.disabled | (frozenset(range(1, 101)) - set(numbers)))


def state_of(preview, card):
    return next(c.state for c in preview.cards if c.card == card)


def test_m7_fires_once_its_ten_is_dealt_and_not_before():
    """M7 (seed: "Если на первом открытом круге появилась Десятка, то она убивает Семерки ..."): the
    dark 7c stays natural while no Ten has come face up in the first open circle; the card after
    the 10d of circle 4 shows it dead, killed by M7."""
    tbl, rs = table(), only(7)
    before = preview_deal(tbl, 1, STARTED, DEAL[:TEN_D], ruleset=rs)
    assert before.dealer == "N" and before.dealt == TEN_D and not before.complete
    assert state_of(before, "7c") == "natural"
    assert "M7" not in before.sources
    after = preview_deal(tbl, 1, STARTED, DEAL[:TEN_D + 1], ruleset=rs)
    assert state_of(after, "7c") == "dead"
    m7 = [e for e in after.fired if e.source == "M7"]
    assert m7 and m7[0].change == "dead" and [str(c) for c in m7[0].cards] == ["7c"]
    assert any("7c" in line and line.startswith("M7") for line in after.lines("en"))


def test_m7_provisional_kill_is_annulled_by_a_later_second_ten():
    """M7: "вторая Десятка, сданная на открытых кругах, аннулирует предыдущую" - what the preview
    showed is provisional: the 10c dealt face up in circle 6 annuls the Ten, and the 7c lives again."""
    tbl, rs = table(), only(7)
    just_before = preview_deal(tbl, 1, STARTED, DEAL[:TEN_C], ruleset=rs)
    assert state_of(just_before, "7c") == "dead"
    after = preview_deal(tbl, 1, STARTED, DEAL[:TEN_C + 1], ruleset=rs)
    assert state_of(after, "7c") == "natural"
    assert not [e for e in after.fired if e.source == "M7" and e.change == "dead"]


def test_b20_suit_order_acts_from_the_first_card():
    """Base rule 20: an odd deal inverts the suit order; it reads the deal number only, so the
    preview of a single card already shows it."""
    one = preview_deal(table(), 1, STARTED, DEAL[:1], ruleset=only())
    assert one.dealt == 1 and one.suit_order == "inverted" and "B20" in one.sources
    two = preview_deal(table(), 2, STARTED, DEAL[:1], ruleset=only())
    assert two.suit_order == "natural" and "B20" not in two.sources


def test_every_prefix_previews_and_the_whole_deal_matches_the_judge():
    """Every partial deal from one card on is previewed without error; once every card is down the
    preview's card states are the judge's (the preview is the judge's prepare step)."""
    for seed, seats in ((3, ("N", "E", "S", "W")), (11, ("N", "S")), (29, ("N", "NE", "E", "SE", "S", "SW"))):
        tbl = table(seats=seats)
        decks = 2 if len(seats) > 5 else 1
        cards = [str(c) for c in shuffled(deck52() * decks, seed)][:9 * len(seats)]
        for k in range(1, len(cards) + 1):
            preview = preview_deal(tbl, 2, "2026-11-29T21:15:00+03:00", cards[:k])
            assert preview.dealt == k == len(preview.cards)
        judged = judge_deal(tbl, 2, "2026-11-29T21:15:00+03:00", cards)
        assert preview.complete
        assert [(c.card, c.state, c.rank, c.suit) for c in preview.cards] == \
            [(str(c.card), c.state, c.rank, c.suit) for c in judged.state.cards]


def test_a_partial_deal_the_engine_refuses_is_unavailable_naming_the_card():
    with pytest.raises(PreviewUnavailable, match="Ah is dealt twice"):
        preview_deal(table(), 1, STARTED, ["Ah", "Kd", "Ah"])
    with pytest.raises(PreviewUnavailable, match="Zz"):
        preview_deal(table(), 1, STARTED, ["Zz"])
    with pytest.raises(PreviewUnavailable):
        preview_deal(table(), 1, STARTED, [])


PLAYERS = [{"id": "skeeve", "seat": "N"}, {"id": "aahz", "seat": "E"},
           {"id": "tanda", "seat": "S", "sex": "f"}, {"id": "massha", "seat": "W", "sex": "f"}]


def sitting(deals):
    return {"ruleset": "club-2.2.1", "players": PLAYERS,
            "place": {"latitude": 55.75, "longitude": 37.62, "timezone": "Europe/Moscow"},
            "stakes": {"min": 2, "max": 20}, "deals": deals}


def test_preview_game_reads_the_earlier_deals_as_history():
    """Base rule 17 (deal 2 and later): the preview of deal 2 is judged with deal 1 as history, as
    the judge does; the first card is dealt by the next player clockwise."""
    deal1 = {"started_at": "2026-11-29T21:15:00+03:00", "cards": [str(c) for c in shuffled(deck52(), 7)][:36],
             "bets": {"skeeve": 2, "aahz": 2, "tanda": 2, "massha": 2}}
    cards2 = [str(c) for c in shuffled(deck52(), 8)][:36]
    whole = dragon.judge_game(sitting([deal1, {"started_at": "2026-11-29T21:25:00+03:00", "cards": cards2}]))
    preview = preview_game(sitting([deal1, {"started_at": "2026-11-29T21:25:00+03:00", "cards": cards2}]))
    assert preview.number == 2 and preview.dealer == "aahz"
    expected = [c["state"] for pid in ("tanda", "massha", "skeeve", "aahz")
                for c in whole["deals"][1]["players"][pid]["cards"]]
    assert sorted(c.state for c in preview.cards) == sorted(expected)
    partial = preview_game(sitting([deal1, {"started_at": "2026-11-29T21:25:00+03:00", "cards": cards2[:5]}]))
    assert partial.dealt == 5 and partial.as_dict()["provisional"] is True


def test_a_history_kept_from_an_earlier_card_gives_the_same_preview():
    """The history before the deal being dealt depends only on the earlier deals: kept from the
    deal's first card, it previews every later card as judging the earlier deals again does, and
    previewing leaves it as it was."""
    cards1 = [str(c) for c in shuffled(deck52(), 7)][:36]
    cards2 = [str(c) for c in shuffled(deck52(), 8)][:36]
    deal1 = {"started_at": "2026-11-29T21:15:00+03:00", "cards": cards1,
             "bets": {"skeeve": 2, "aahz": 2, "tanda": 2, "massha": 2}}
    quick = {"started_at": "2026-11-29T21:20:00+03:00", "unrecorded": True, "winners": ["aahz"], "pot": 8}
    kept = sitting_history(sitting([deal1, quick, {"started_at": "2026-11-29T21:25:00+03:00", "cards": cards2[:1]}]),
                           upto=2)
    assert [d.number for d in kept.deals] == [1, 2] and kept.deals[0].winners
    for n in (1, 9, 20, 36):
        doc = sitting([deal1, quick, {"started_at": "2026-11-29T21:25:00+03:00", "cards": cards2[:n]}])
        assert preview_game(doc, history=kept).as_dict() == preview_game(doc).as_dict()
    assert len(kept) == 2


def test_an_unrecorded_deal_counts_in_the_preview_of_the_next():
    """Seed "Порядок сдачи карт" (the deal passes clockwise) and base rule 20 (an odd deal inverts the
    suit order): after deal 1 and an unrecorded deal 2 (a quick result), the deal being dealt is deal 3,
    dealt by S, its first card to W, and its suits inverted; the dealer key of a deal is refused."""
    cards1 = [str(c) for c in shuffled(deck52(), 7)][:36]
    cards3 = [str(c) for c in shuffled(deck52(), 5)][:7]
    deal1 = {"started_at": "2026-11-29T21:15:00+03:00", "cards": cards1}
    quick = {"started_at": "2026-11-29T21:20:00+03:00", "unrecorded": True, "winners": ["aahz"], "pot": 8}
    found = preview_game(sitting([deal1, quick, {"started_at": "2026-11-29T21:25:00+03:00", "cards": cards3}]))
    assert (found.number, found.dealer) == (3, "tanda")
    assert found.cards[0].player == "massha" and found.suit_order == "inverted"
    assert "B20" in found.sources and "not recorded" not in [e.change for e in found.fired]
    with pytest.raises(PreviewUnavailable, match="unrecorded"):
        preview_game(sitting([deal1, quick]))
    with pytest.raises(RulesError, match="dealer"):
        dragon.judge_game(sitting([{**deal1, "dealer": "aahz"}]))
