"""Corrections of a deal whose cards were recorded: a card replaced, bets and claims changed, judged
again as a new draft version; a second person confirms it and only then the deal and the ledger
change (the old version and the old rows kept in the history)."""

from __future__ import annotations

import pytest

from club.errors import Conflict, Forbidden, InvalidInput
from games import engine, selectors, services
from games.models import Bet, Claim, DealtCard, LedgerEntry, Result
from games.sitting import game_document, readings_used
from tests.games.conftest import full_deal

pytestmark = pytest.mark.django_db


def recorded_deal(game, actor, seed="s1"):
    """A deal whose cards are recorded one by one, as a table taps them (the cards a seeded
    shuffle deals, so the deal is complete)."""
    deal = services.deal_start(game=game, actor=actor)
    doc = game_document(game, previous_game=False)
    for dealt in engine.seeded_cards(doc, deal.number, deal.started_at, seed, readings=readings_used(doc)):
        services.deal_card(deal=deal, actor=actor, card=str(dealt.card))
    return deal


@pytest.fixture
def confirmed(game, croupier, players, judge):
    deal = recorded_deal(game, croupier)
    v1 = services.result_submit(deal=deal, actor=players[0])
    services.result_confirm(result=v1, actor=players[1])
    v1.refresh_from_db()
    return deal, v1


def _unused_card(deal) -> str:
    dealt = set(deal.cards.values_list("card", flat=True))
    return next(c for c in engine.full_deck() if c not in dealt)


def _ledger(member) -> int:
    return selectors.balance(member=member)


def test_a_card_replaced_is_a_draft_until_another_player_confirms_it(confirmed, players):
    deal, v1 = confirmed
    first = deal.cards.order_by("seq").first()
    new_card = _unused_card(deal)
    v2 = services.result_correct(deal=deal, actor=players[2], supersedes=v1.version, cards={first.seq: new_card})
    assert (v2.version, v2.status, v2.supersedes_id) == (2, Result.Status.DRAFT, v1.pk)
    assert v2.correction["cards"] == [{"seq": first.seq, "from": first.card, "to": new_card}]
    assert v2.document["deals"][-1]["cards"][0] == new_card
    # Nothing on the deal changes while the correction waits.
    first.refresh_from_db()
    assert first.card != new_card

    services.result_confirm(result=v2, actor=players[3])
    first.refresh_from_db()
    v1.refresh_from_db()
    v2.refresh_from_db()
    assert first.card == new_card
    assert (v1.status, v2.status) == (Result.Status.SUPERSEDED, Result.Status.CONFIRMED)
    # The change is in the card's history; version 1 keeps the deal as it was judged.
    assert first.history.filter(card=new_card, history_type="~").exists()
    assert v1.document["deals"][-1]["cards"][0] != new_card
    assert selectors.deal_sums(deal=deal) == 0


def test_a_bet_changed_reverses_and_reposts_the_ledger(confirmed, game, players, croupier):
    deal, v1 = confirmed
    winner = players[0]    # the stand-in judge: North takes the pot
    before = _ledger(winner)
    bets = [{"member": b.member_id, "kind": b.kind, "amount": b.amount} for b in deal.bets.all()]
    bets.append({"member": players[1].pk, "kind": Bet.Kind.RAISE, "amount": game.min_stake})
    v2 = services.result_correct(deal=deal, actor=players[2], supersedes=v1.version, bets=bets)
    assert v2.pot == v1.pot + game.min_stake
    assert v2.chips[str(players[1].pk)] == v1.chips[str(players[1].pk)] - game.min_stake
    assert _ledger(winner) == before          # not posted before it is confirmed
    services.result_confirm(result=v2, actor=croupier)
    assert _ledger(winner) == before + game.min_stake
    assert deal.bets.filter(member=players[1], kind=Bet.Kind.RAISE).count() == 1
    assert LedgerEntry.objects.filter(result=v1, kind=LedgerEntry.Kind.REVERSAL).exists()
    assert selectors.deal_sums(deal=deal) == 0


def test_claims_added_and_removed_on_confirm(confirmed, players):
    deal, v1 = confirmed
    claims = [{"member": players[1].pk, "rule": "b1", "card": "", "suit": "h"}]
    v2 = services.result_correct(deal=deal, actor=players[2], supersedes=v1.version, claims=claims)
    assert v2.document["deals"][-1]["claims"] == [{"player": str(players[1].pk), "rule": "B1", "suit": "h"}]
    services.result_confirm(result=v2, actor=players[3])
    assert list(Claim.objects.filter(deal=deal).values_list("rule", "suit")) == [("B1", "h")]
    v3 = services.result_correct(deal=deal, actor=players[2], supersedes=v2.version, claims=[])
    services.result_confirm(result=v3, actor=players[0])
    assert not Claim.objects.filter(deal=deal).exists()
    assert Claim.history.filter(history_type="-").count() == 1


def test_a_discarded_correction_leaves_the_deal_as_it_was(confirmed, players):
    deal, v1 = confirmed
    first = deal.cards.order_by("seq").first()
    v2 = services.result_correct(deal=deal, actor=players[2], supersedes=v1.version,
                                 cards={first.seq: _unused_card(deal)})
    services.result_discard(result=v2, actor=players[3])
    first.refresh_from_db()
    v1.refresh_from_db()
    assert v1.status == Result.Status.CONFIRMED and first.card == v1.document["deals"][-1]["cards"][0]


def test_the_submitter_cannot_confirm_his_own_correction(confirmed, players):
    deal, v1 = confirmed
    v2 = services.result_correct(deal=deal, actor=players[2], supersedes=v1.version,
                                 cards={0: _unused_card(deal)})
    with pytest.raises(Forbidden, match="another player or a croupier"):
        services.result_confirm(result=v2, actor=players[2])
    v2.refresh_from_db()
    assert v2.status == Result.Status.DRAFT


def test_an_outsider_cannot_correct(confirmed, outsider):
    deal, v1 = confirmed
    with pytest.raises(Forbidden):
        services.result_correct(deal=deal, actor=outsider, supersedes=v1.version, cards={0: _unused_card(deal)})
    assert deal.results.count() == 1


@pytest.mark.parametrize(("cards", "named"), [({0: "Zz"}, "Zz"), ({0: ""}, "Ah")])
def test_a_bad_card_is_refused_beside_its_field(confirmed, players, cards, named):
    deal, v1 = confirmed
    with pytest.raises(InvalidInput) as caught:
        services.result_correct(deal=deal, actor=players[2], supersedes=v1.version, cards=cards)
    assert caught.value.extra["field"] == "card_0" and named in caught.value.message
    assert deal.results.count() == 1


def test_a_card_already_dealt_is_refused_naming_it(confirmed, players):
    deal, v1 = confirmed
    second = deal.cards.order_by("seq")[1]
    with pytest.raises(InvalidInput) as caught:
        services.result_correct(deal=deal, actor=players[2], supersedes=v1.version, cards={0: second.card})
    assert caught.value.extra["field"] == "card_0"
    assert deal.results.count() == 1 and DealtCard.objects.filter(deal=deal, card=second.card).count() == 1


def test_a_correction_that_changes_nothing_is_refused(confirmed, players):
    deal, v1 = confirmed
    first = deal.cards.order_by("seq").first()
    with pytest.raises(InvalidInput, match="changes nothing"):
        services.result_correct(deal=deal, actor=players[2], supersedes=v1.version, cards={first.seq: first.card})


def test_a_bet_above_the_maximum_stake_is_refused_naming_it(confirmed, game, players):
    deal, v1 = confirmed
    bets = [{"member": players[1].pk, "kind": "raise", "amount": game.max_stake + 1, "field": "new_bet_amount"}]
    with pytest.raises(InvalidInput) as caught:
        services.result_correct(deal=deal, actor=players[2], supersedes=v1.version, bets=bets)
    assert caught.value.extra["field"] == "new_bet_amount" and str(game.max_stake + 1) in caught.value.message


def test_a_second_correction_waits_for_the_first(confirmed, players):
    deal, v1 = confirmed
    services.result_correct(deal=deal, actor=players[2], supersedes=v1.version, cards={0: _unused_card(deal)})
    with pytest.raises(Conflict, match="waiting for confirmation"):
        services.result_correct(deal=deal, actor=players[3], supersedes=v1.version, cards={1: _unused_card(deal)})


def test_a_corrected_deal_rejudges_the_later_deals(game, croupier, players, seen):
    first = recorded_deal(game, croupier, seed="a")
    v1 = services.result_submit(deal=first, actor=players[0])
    services.result_confirm(result=v1, actor=players[1])
    second = recorded_deal(game, croupier, seed="b")
    w1 = services.result_submit(deal=second, actor=players[0])
    services.result_confirm(result=w1, actor=players[1])
    new_card = _unused_card(first)
    v2 = services.result_correct(deal=first, actor=players[2], supersedes=v1.version, cards={0: new_card})
    seen.clear()
    services.result_confirm(result=v2, actor=players[3])
    # The later deal was judged again with the corrected first deal as its history.
    assert any(len(doc["deals"]) == 2 and doc["deals"][0]["cards"][0] == new_card for doc in seen)


# --- the pages -----------------------------------------------------------------------------------

def test_the_deal_page_shows_the_correction_to_a_second_person(client, confirmed, players):
    from django.urls import reverse

    deal, v1 = confirmed
    first = deal.cards.order_by("seq").first()
    new_card = _unused_card(deal)
    client.force_login(players[2].user)
    data = {f"card_{c.seq}": c.card for c in deal.cards.all()}
    data.update({f"card_{first.seq}": "Zz", "supersedes": v1.version})
    refused = client.post(reverse("games:deal_correct", args=[deal.pk]), data)
    assert refused.status_code == 400 and "Zz" in refused.content.decode()
    assert deal.results.count() == 1
    data[f"card_{first.seq}"] = new_card
    response = client.post(reverse("games:deal_correct", args=[deal.pk]), data, follow=True)
    page = response.content.decode()
    assert response.redirect_chain[-1][0].endswith("#version-2")
    assert 'id="version-2"' in page and "Version 2 is submitted" in page
    assert 'id="confirm-correction"' not in page          # not by its submitter
    client.force_login(players[3].user)
    dashboard = client.get(reverse("games:member_dashboard")).content.decode()
    assert f'{reverse("games:deal_detail", args=[deal.pk])}#version-2' in dashboard
    page = client.get(reverse("games:deal_detail", args=[deal.pk])).content.decode()
    assert 'id="confirm-correction"' in page and 'id="pending-changes"' in page
    v2 = deal.results.get(version=2)
    response = client.post(reverse("games:result_confirm", args=[v2.pk]), follow=True)
    assert "Version 2 is confirmed and counts now" in response.content.decode()


def test_a_quick_correction_waits_beside_the_live_version(client, game, croupier, players):
    from django.urls import reverse

    deal = services.deal_start(game=game, actor=croupier, quick=True)
    v1 = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[0]], pot=8)
    services.result_confirm(result=v1, actor=players[1])
    client.force_login(players[2].user)
    client.post(reverse("games:deal_submit", args=[deal.pk]),
                {"winners": [players[1].pk], "pot": 8, "supersedes": v1.version})
    client.force_login(players[3].user)
    page = client.get(reverse("games:deal_detail", args=[deal.pk])).content.decode()
    assert 'id="version-2"' in page and 'id="confirm-correction"' in page
    v2 = deal.results.get(version=2)
    response = client.post(reverse("games:result_discard", args=[v2.pk]), follow=True)
    assert "Version 2 is discarded; version 1 still counts." in response.content.decode()


def test_a_digital_deal_corrects_its_bets_not_its_cards(game, croupier, players, judge):
    deal = full_deal(game, croupier)
    v1 = services.result_submit(deal=deal, actor=players[0])
    services.result_confirm(result=v1, actor=players[1])
    with pytest.raises(InvalidInput, match="digital dealer") as caught:
        services.result_correct(deal=deal, actor=players[2], supersedes=v1.version, cards={0: _unused_card(deal)})
    assert caught.value.extra["field"] == "card_0"
    bets = [{"member": b.member_id, "kind": b.kind, "amount": b.amount} for b in deal.bets.all()]
    bets.append({"member": players[2].pk, "kind": "raise", "amount": game.min_stake})
    v2 = services.result_correct(deal=deal, actor=players[2], supersedes=v1.version, bets=bets)
    assert v2.pot == v1.pot + game.min_stake


def test_the_deal_page_with_a_correction_waiting_stays_within_its_query_bound(
        client, confirmed, players, django_assert_max_num_queries):
    from django.urls import reverse

    deal, v1 = confirmed
    client.force_login(players[3].user)
    with django_assert_max_num_queries(25):      # with the correction form
        page = client.get(reverse("games:deal_detail", args=[deal.pk]))
    assert 'id="correction-form"' in page.content.decode()
    services.result_correct(deal=deal, actor=players[2], supersedes=v1.version, cards={0: _unused_card(deal)})
    with django_assert_max_num_queries(25):      # the recorded deal page's bound (tests/games/test_pages.py)
        page = client.get(reverse("games:deal_detail", args=[deal.pk]))
    assert 'id="confirm-correction"' in page.content.decode()
