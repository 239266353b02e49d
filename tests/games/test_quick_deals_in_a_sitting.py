"""A quick result (winners and pot, no cards) passes the deal on: the deals after it keep their true
number and dealer, for the digital dealer, the judge, the advisor and the archive's documents."""

from __future__ import annotations

import datetime as dt

import pytest

from games import engine, selectors, services
from games.sitting import game_document, precedents_for, readings_used, sitting_document, sitting_for
from tests.games.conftest import confirm_quick, full_deal

pytestmark = pytest.mark.django_db


# --- a quick result passes the deal on --------------------------------------------------------------

def test_a_quick_deal_in_the_middle_passes_the_deal_on(judge, game, croupier, players):
    """Seed "Порядок сдачи карт": the deal passes clockwise. Deal 1 (N deals) is dealt, deal 2 is
    logged as a quick result (E dealt it), so deal 3 is dealt by S and its first card goes to W."""
    north, east, south, west = players
    first = full_deal(game, croupier, seed="a")
    assert selectors.deal_progress(sitting=sitting_for(first))["dealer"] == str(north.pk)
    services.result_confirm(result=services.result_submit(deal=first, actor=players[1]), actor=croupier)
    confirm_quick(services.deal_start(game=game, actor=croupier, quick=True), players, croupier)
    third = services.deal_start(game=game, actor=croupier)
    progress = selectors.deal_progress(sitting=sitting_for(third))
    assert progress["dealer"] == str(south.pk) and progress["next"].recipient == str(west.pk)
    dealt = services.deal_card(deal=third, actor=croupier, card="Ah")
    assert dealt.member_id == west.pk


def test_the_digital_dealer_and_the_judge_count_the_quick_deal(real_judge, game, croupier, players):
    north, east, south, west = players
    confirm_quick(services.deal_start(game=game, actor=croupier, quick=True), players, croupier)
    second = services.deal_digital(game=game, actor=croupier, seed="b")
    first_card = second.cards.order_by("seq").first()
    assert first_card.member_id == south.pk        # E deals deal 2, so S receives first
    result = services.result_submit(deal=second, actor=players[0])
    assert result.judgement["dealer"] == str(east.pk)
    assert result.judgement["number"] == 2
    assert result.document["deals"][0] == {
        "started_at": result.document["deals"][0]["started_at"], "unrecorded": True, "winners": [str(east.pk)],
        "pot": 8, "bets": {str(p.pk): 2 for p in players}}


def test_the_advisor_judges_the_deal_after_a_quick_deal_by_its_number(monkeypatch, real_judge, game, croupier,
                                                                        players):
    from rules.engines.dragon import advisor

    confirm_quick(services.deal_start(game=game, actor=croupier, quick=True), players, croupier)
    second = services.deal_digital(game=game, actor=croupier, seed="b")
    doc = services.result_submit(deal=second, actor=players[0]).document
    seen = {}

    def spy(state, dealing, hands, **kwargs):
        seen["dealer"], seen["first"] = state.facts.dealer, dealing.dealt[0].player
        return {}

    monkeypatch.setattr(advisor, "advise_state", spy)
    assert engine.advice(doc, readings=readings_used(doc)) == {}
    assert seen == {"dealer": str(players[1].pk), "first": str(players[2].pk)}


def test_without_quick_deals_the_document_has_no_unrecorded_deal(judge, game, croupier, players):
    deal = full_deal(game, croupier)
    result = services.result_submit(deal=deal, actor=players[1])
    assert [set(d) for d in result.document["deals"]] == [{"started_at", "cards", "bets", "claims"}]


WEDNESDAY = dt.datetime(2026, 12, 2, 12, 0, tzinfo=dt.UTC)      # Table 1: weekday number 3


def test_the_sitting_document_holds_the_quick_deals_as_unrecorded_deals(judge, game, croupier, players):
    """Every deal of the Game keeps its number as its place in the document: a quick deal is an
    unrecorded deal (winners, pot, and each player's share of the pot as bets), in number order; a
    quick deal still waiting for its result is left out only while it is the last one."""
    first = full_deal(game, croupier, seed="u1")
    services.result_confirm(result=services.result_submit(deal=first, actor=players[0]), actor=players[1])
    confirm_quick(services.deal_start(game=game, actor=croupier, quick=True), players, croupier)
    third = full_deal(game, croupier, seed="u3")
    services.result_submit(deal=third, actor=players[0])
    fourth = services.deal_start(game=game, actor=croupier, quick=True)
    services.result_submit_quick(deal=fourth, actor=players[0], winners=[players[2], players[3]], pot=12)
    fifth = services.deal_start(game=game, actor=croupier, quick=True)

    whole = sitting_document(game)
    assert [d.get("unrecorded", False) for d in whole["deals"]] == [False, True, False, True]
    assert {k: v for k, v in whole["deals"][1].items() if k != "started_at"} == {
        "unrecorded": True, "winners": [str(players[1].pk)], "pot": 8, "bets": {str(p.pk): 2 for p in players}}
    assert whole["deals"][3]["winners"] == [str(players[2].pk), str(players[3].pk)]   # the draft counts
    assert whole["deals"][3]["bets"] == {str(p.pk): 3 for p in players}
    assert [d["number"] for d in engine.judge(whole, precedents=precedents_for(whole))["deals"]] == [1, 2, 3, 4]
    upto_third = game_document(game, upto=third)
    assert [d.get("unrecorded", False) for d in upto_third["deals"]] == [False, True, False]
    services.result_confirm(result=services.result_submit_quick(deal=fifth, actor=players[0], winners=[players[0]],
                                                                pot=8), actor=croupier)
    assert len(sitting_document(game)["deals"]) == 5


def test_the_deal_after_quick_deals_is_judged_by_its_number(real_judge, game, croupier, players):
    """Base rule 20 (odd deals: suits inverted) and Table 1 (base rule 15: on a Wednesday deal 3 is
    dealt all dark and the weakest hand wins): after two quick deals the digital deal is deal 3,
    dealt by S, its first card to W; the provisional judgement while it is dealt says deal 3 too."""
    north, east, south, west = players
    for _ in range(2):
        confirm_quick(services.deal_start(game=game, actor=croupier, quick=True, started_at=WEDNESDAY), players,
                       croupier)
    third = services.deal_digital(game=game, actor=croupier, seed="w3", started_at=WEDNESDAY)
    assert third.number == 3 and third.cards.order_by("seq").first().member_id == west.pk
    judgement = services.result_submit(deal=third, actor=players[0]).judgement
    assert (judgement["number"], judgement["dealer"]) == (3, str(south.pk))
    assert judgement["orders"]["suits"] == "inverted" and "B20" in [t["source"] for t in judgement["trace"]]
    assert judgement["pattern"] == ["dark"] * 9 and judgement["weakest_wins"] is True
    assert any(t["source"] == "T1" for t in judgement["trace"])

    services.result_confirm(result=third.results.get(), actor=players[1])
    fourth = services.deal_start(game=game, actor=croupier, started_at=WEDNESDAY)
    services.deal_card(deal=fourth, actor=croupier, card="Kd")
    found = selectors.deal_preview(sitting=sitting_for(fourth))
    assert (found.number, found.dealer) == (4, str(west.pk)) and found.cards[0].player == str(north.pk)
    assert found.card_order == "inverted"               # base rule 19: deal 4 of four players


def test_the_deal_after_a_quick_deal_follows_the_rotation_reading(judge, session, croupier, players):
    """IP-DEAL-ROTATION ``north_always``: North deals every deal, quick deals or not, so the first
    card of deal 2 goes to East."""
    north, east, south, west = players
    game = services.game_start(session=session, actor=croupier, readings={"IP-DEAL-ROTATION": "north_always"})
    confirm_quick(services.deal_start(game=game, actor=croupier, quick=True), players, croupier)
    second = services.deal_start(game=game, actor=croupier)
    progress = selectors.deal_progress(sitting=sitting_for(second))
    assert progress["dealer"] == str(north.pk) and progress["next"].recipient == str(east.pk)


def test_the_archives_sittings_keep_every_deals_number(judge, game, croupier, players):
    """The archive's documents (the what-if of a precedent) hold the confirmed deals; a deal between them
    whose result is not confirmed was dealt all the same and stands as an unrecorded deal, so deal 3 is
    judged as deal 3 (Table 1, base rules 17 and 20 read the number)."""
    from games import selectors

    for n in range(3):
        deal = full_deal(game, croupier, seed=f"archive-{n}")
        result = services.result_submit(deal=deal, actor=players[0])
        if n != 1:
            services.result_confirm(result=result, actor=players[1])
    (_ref, doc), = list(selectors.archive_sittings())
    assert [bool(d.get("unrecorded")) for d in doc["deals"]] == [False, True, False]
    assert "cards" not in doc["deals"][1] and "winners" not in doc["deals"][1]
