"""Claims and bets checked when entered and withdrawn until the result is in; a deal voided or
replayed by the croupier, so the game always goes on."""

from __future__ import annotations

import pytest
from django.utils import translation

from club.errors import Conflict, Forbidden, InvalidInput
from games import pages, presenters, services
from games.models import Bet, Claim, Deal, LedgerEntry, Result
from games.sitting import sitting_for
from rules import services as rules_services
from rules.models import Dispute
from tests.games.conftest import full_deal

pytestmark = pytest.mark.django_db


def _claim(deal, who, **kw):
    return services.claim_declare(deal=deal, actor=who, member=who, **kw)


# --- claims checked when entered --------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "words"), [
    ("M999", "There is no modifier 999"),
    ("M1", "Modifier 1 acts by itself"),           # modifier 1 changes the deal by itself: no claims
    ("M7", "Modifier 7 acts by itself"),
    ("Q5", "Q5 is not a rule a claim is made under"),
    ("B2", "B2 is not a rule a claim is made under"),   # of the base rules only rule 1 is claimed
])
def test_a_claim_under_a_rule_that_takes_none_is_refused_beside_the_rule(game, croupier, players, rule, words):
    deal = services.deal_start(game=game, actor=croupier)
    with pytest.raises(InvalidInput, match=words) as caught:
        _claim(deal, players[0], rule=rule)
    assert caught.value.extra["field"] == "rule"
    assert f"by {players[0].pk}" not in caught.value.message      # never the engine's "claim M999 by 2"
    assert not Claim.objects.exists()


def test_the_refusal_is_in_russian_too(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    with translation.override("ru"), pytest.raises(InvalidInput) as caught:
        _claim(deal, players[0], rule="M999")
    assert "999" in caught.value.message and "modifier" not in caught.value.message.lower()
    assert "Модификатора 999 нет" in caught.value.message


def test_a_modifier_that_takes_claims_is_accepted(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    # modifier 42: three dead face-up cards let a player declare a black honor wild (a claim)
    claim = _claim(deal, players[0], rule="m42", card="Ks")
    assert (claim.rule, claim.card, claim.suit) == ("M42", "Ks", "")
    # a Russian keyboard's М is read as M
    assert _claim(deal, players[1], rule="М42", card="Kc").rule == "M42"


def test_base_rule_1_needs_the_card_and_another_suit(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    with pytest.raises(InvalidInput, match="names the card") as caught:
        _claim(deal, players[0], rule="B1", suit="h")
    assert caught.value.extra["field"] == "card"
    with pytest.raises(InvalidInput, match="names the new suit") as caught:
        _claim(deal, players[0], rule="B1", card="7c")
    assert caught.value.extra["field"] == "suit"
    with pytest.raises(InvalidInput, match="already of that suit") as caught:
        _claim(deal, players[0], rule="B1", card="7c", suit="c")
    assert caught.value.extra["field"] == "suit"
    assert not Claim.objects.exists()


def test_a_suit_under_a_rule_that_reads_none_is_refused(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    with pytest.raises(InvalidInput, match="M42 names no suit") as caught:
        _claim(deal, players[0], rule="M42", card="Ks", suit="h")
    assert caught.value.extra["field"] == "suit"


def test_a_claim_names_the_claimants_own_card(game, croupier, players):
    deal = full_deal(game, croupier)
    theirs = deal.cards.exclude(member=players[0]).first()
    with pytest.raises(InvalidInput) as caught:
        _claim(deal, players[0], rule="B1", card=theirs.card, suit="h" if theirs.card[-1] != "h" else "s")
    assert caught.value.extra["field"] == "card"
    assert theirs.member.display_name in caught.value.message and players[0].display_name in caught.value.message


def test_a_player_claims_for_himself_a_croupier_for_anyone(game, croupier, players, outsider):
    deal = services.deal_start(game=game, actor=croupier)
    with pytest.raises(Forbidden):
        services.claim_declare(deal=deal, actor=players[0], member=players[1], rule="B1", card="7c", suit="h")
    with pytest.raises(InvalidInput, match="does not play"):
        services.claim_declare(deal=deal, actor=croupier, member=outsider, rule="B1", card="7c", suit="h")
    assert services.claim_declare(deal=deal, actor=croupier, member=players[1], rule="B1", card="7c",
                                  suit="h").member == players[1]


# --- withdrawing ----------------------------------------------------------------------------------------


def test_the_owner_or_a_croupier_withdraws_a_claim_another_player_does_not(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    mine = _claim(deal, players[0], rule="B1", card="7c", suit="h")
    with pytest.raises(Forbidden, match=players[0].display_name):
        services.claim_withdraw(claim=mine, actor=players[1])
    assert Claim.objects.filter(pk=mine.pk).exists()
    services.claim_withdraw(claim=mine, actor=players[0])
    assert not Claim.objects.filter(pk=mine.pk).exists()
    again = _claim(deal, players[0], rule="B1", card="7c", suit="h")
    services.claim_withdraw(claim=again, actor=croupier)
    assert not deal.claims.exists()
    assert Claim.history.filter(id=mine.pk, history_type="-").exists()     # the history keeps it


def test_nothing_is_withdrawn_once_the_result_is_submitted(judge, game, croupier, players):
    deal = full_deal(game, croupier)
    bet = services.bet_place(deal=deal, actor=players[0], member=players[0], amount=game.min_stake)
    holds = deal.cards.filter(member=players[0]).first().card
    claim = _claim(deal, players[0], rule="B1", card=holds, suit="h" if holds[-1] != "h" else "s")
    services.result_submit(deal=deal, actor=players[1])
    with pytest.raises(Conflict, match="version 1") as caught:
        services.claim_withdraw(claim=claim, actor=players[0])
    assert caught.value.status_code == 409
    with pytest.raises(Conflict, match="version 1"):
        services.bet_withdraw(bet=bet, actor=croupier)
    assert Claim.objects.filter(pk=claim.pk).exists() and Bet.objects.filter(pk=bet.pk).exists()


def test_a_withdrawn_bet_moves_no_chip(judge, game, croupier, players):
    deal = full_deal(game, croupier)
    bet = services.bet_place(deal=deal, actor=players[2], member=players[2], amount=game.min_stake)
    with pytest.raises(Forbidden):
        services.bet_withdraw(bet=bet, actor=players[0])
    services.bet_withdraw(bet=bet, actor=players[2])
    result = services.result_submit(deal=deal, actor=players[1])
    assert result.pot == 4 * game.ante
    services.result_confirm(result=result, actor=players[2])
    legs = LedgerEntry.objects.filter(deal=deal, member=players[2])
    assert sum(e.amount for e in legs) == -game.ante                 # his ante, nothing of the bet
    assert not legs.filter(kind=LedgerEntry.Kind.BET).exists()


def test_an_ante_is_not_withdrawn(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    ante = deal.bets.get(member=players[0])
    with pytest.raises(Conflict, match="ante"):
        services.bet_withdraw(bet=ante, actor=croupier)


# --- voiding and replaying --------------------------------------------------------------------------------


def test_a_bad_claim_no_longer_blocks_the_game(judge, game, croupier, players):
    """The dead end this closes: a claim the judge refuses to read used to leave the deal without a
    result and every later deal refused. Now it cannot be entered, and a deal left open is voided."""
    deal = full_deal(game, croupier)
    with pytest.raises(InvalidInput):
        _claim(deal, players[0], rule="M999")
    with pytest.raises(Conflict, match="no live result"):
        services.deal_start(game=game, actor=croupier)
    services.deal_void(deal=deal, actor=croupier)
    nxt = services.deal_start(game=game, actor=croupier)
    assert nxt.number == deal.number and nxt.replay_of is None


def test_only_a_croupier_voids_and_nothing_is_posted(judge, game, croupier, players):
    deal = full_deal(game, croupier)
    services.bet_place(deal=deal, actor=players[0], member=players[0], amount=game.min_stake)
    draft = services.result_submit(deal=deal, actor=players[1])
    with pytest.raises(Forbidden):
        services.deal_void(deal=deal, actor=players[0])
    voided = services.deal_void(deal=deal, actor=croupier)
    assert voided.voided_by == croupier and voided.voided_at is not None
    assert Result.objects.get(pk=draft.pk).status == Result.Status.DISCARDED
    assert not LedgerEntry.objects.filter(deal=deal).exists()
    assert not Deal.objects.filter(pk=deal.pk).exists()               # it counts as not played
    assert Deal.all_objects.filter(pk=deal.pk).exists()               # and stays in the history
    with pytest.raises(Conflict, match="already voided"):
        services.deal_void(deal=voided, actor=croupier)


def test_a_confirmed_deal_is_corrected_not_voided(judge, game, croupier, players):
    deal = full_deal(game, croupier)
    result = services.result_submit(deal=deal, actor=players[1])
    services.result_confirm(result=result, actor=players[2])
    with pytest.raises(Conflict, match="correction"):
        services.deal_void(deal=deal, actor=croupier)
    later = full_deal(game, croupier, seed="s2")
    with pytest.raises(Conflict, match="followed by deal 2"):
        services.deal_void(deal=deal, actor=croupier)
    assert services.deal_void(deal=later, actor=croupier).is_voided


def test_a_replay_deals_again_at_the_same_number_and_the_judge_reads_it_alone(seen, game, croupier, players):
    first = full_deal(game, croupier, seed="s1")
    services.result_confirm(result=services.result_submit(deal=first, actor=players[0]), actor=players[1])
    second = full_deal(game, croupier, seed="s2")
    fresh = services.deal_replay(deal=second, actor=croupier)
    assert fresh.number == 2 and fresh.replay_of_id == second.pk and fresh.mode == Deal.Mode.DIGITAL
    assert fresh.seed != second.seed and fresh.cards.count() == second.cards.count()
    result = services.result_submit(deal=fresh, actor=players[0])
    doc = result.document
    assert len(doc["deals"]) == 2
    assert doc["deals"][1]["cards"] == [c.card for c in fresh.cards.order_by("seq")]
    assert services.deal_start(game=game, actor=croupier).number == 3


def test_the_replay_ruling_of_a_dispute_replays_the_deal_and_unblocks_the_game(judge, game, croupier, players):
    """Base rule 12: no precedent and no agreement, the deal is replayed."""
    deal = full_deal(game, croupier)
    draft = services.result_submit(deal=deal, actor=players[0])
    dispute = services.dispute_raise(deal=deal, actor=players[1], question="Which suit does the Dragon play?")
    with pytest.raises(Conflict, match="disputed"):
        services.deal_void(deal=deal, actor=croupier)
    rules_services.dispute_replay(dispute=dispute, actor=croupier)
    assert Dispute.objects.get(pk=dispute.pk).status == Dispute.Status.REPLAYED
    assert Result.objects.get(pk=draft.pk).status == Result.Status.DISCARDED
    fresh = Deal.objects.get(replay_of=deal)
    assert fresh.number == deal.number
    services.result_confirm(result=services.result_submit(deal=fresh, actor=players[0]), actor=players[1])
    assert services.deal_start(game=game, actor=croupier).number == deal.number + 1


def test_a_replay_that_cannot_be_made_refuses_the_whole_ruling(judge, game, croupier, players):
    deal = full_deal(game, croupier)
    result = services.result_submit(deal=deal, actor=players[0])
    services.result_confirm(result=result, actor=players[1])
    dispute = services.dispute_raise(deal=deal, actor=players[1], question="Was the Dragon wild?")
    with pytest.raises(Conflict, match="correction"):
        rules_services.dispute_replay(dispute=dispute, actor=croupier)
    assert Dispute.objects.get(pk=dispute.pk).status == Dispute.Status.OPEN


# --- the judge's refusals, in words -----------------------------------------------------------------------


def test_a_refused_claim_is_shown_beside_it_in_words(real_judge, quick_advice, game, croupier, players):
    deal = full_deal(game, croupier)
    holds = deal.cards.filter(member=players[0]).first().card
    # modifier 42 needs three dead face-up cards: in this deal it gives no right, the judge refuses it
    claim = _claim(deal, players[0], rule="M42", card=holds)
    services.result_submit(deal=deal, actor=players[1])
    refused = (sitting_for(deal).live.judgement or {}).get("refused_claims")
    assert refused and refused[0]["claim"]["rule"] == "M42"
    page = pages.deal_page(sitting=sitting_for(deal), member=players[0], lang="en")
    words = page["refusals"][claim.pk]
    assert words.startswith("Refused:") and players[0].display_name in words
    assert "M42" in words and f" {players[0].pk} " not in words          # names, never member ids
    with translation.override("ru"):
        ru = presenters.claim_refusals(sitting_for(deal).live.judgement, [claim], "ru")[claim.pk]
    assert ru.startswith("Отказано") and players[0].display_name in ru


# --- the API ------------------------------------------------------------------------------------------------


def test_api_refuses_a_bad_claim_naming_the_field(api_as, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    response = api_as(players[0]).post(f"/api/deals/{deal.pk}/claims/", {"rule": "M999"}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert set(body) == {"message", "extra"} and body["extra"]["field"] == "rule"
    assert "999" in body["message"]
    response = api_as(players[0]).post(f"/api/deals/{deal.pk}/claims/", {"rule": "M1"}, format="json",
                                       HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400 and "Модификатор 1 действует сам" in response.json()["message"]


def test_api_withdraws_claims_and_bets_with_their_denials(judge, api_as, game, croupier, players):
    deal = full_deal(game, croupier)
    holds = deal.cards.filter(member=players[0]).first().card
    claim = _claim(deal, players[0], rule="B1", card=holds, suit="h" if holds[-1] != "h" else "s")
    bet = services.bet_place(deal=deal, actor=players[0], member=players[0], amount=game.min_stake)
    response = api_as(players[1]).post(f"/api/claims/{claim.pk}/withdraw/")
    assert response.status_code == 403 and players[0].display_name in response.json()["message"]
    response = api_as(players[0]).post(f"/api/claims/{claim.pk}/withdraw/")
    assert response.status_code == 200 and response.json()["claims"] == []
    claim = _claim(deal, players[0], rule="B1", card=holds, suit="h" if holds[-1] != "h" else "s")
    response = api_as(croupier).post(f"/api/bets/{bet.pk}/withdraw/")
    assert response.status_code == 200
    assert [b["kind"] for b in response.json()["bets"]] == ["ante"] * 4
    services.result_submit(deal=deal, actor=players[1])
    response = api_as(players[0]).post(f"/api/claims/{claim.pk}/withdraw/")
    assert response.status_code == 409 and "version 1" in response.json()["message"]


def test_api_voids_and_replays_for_a_croupier_only(api_as, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    assert api_as(players[0]).post(f"/api/deals/{deal.pk}/void/").status_code == 403
    response = api_as(croupier).post(f"/api/deals/{deal.pk}/replay/")
    assert response.status_code == 201
    fresh = response.json()
    assert fresh["number"] == deal.number and fresh["replay_of"] == deal.pk and fresh["voided_at"] is None
    voided = api_as(croupier).post(f"/api/deals/{fresh['id']}/void/").json()
    assert voided["voided_by"] == croupier.pk and voided["voided_at"]
    assert api_as(players[0]).get(f"/api/deals/{fresh['id']}/").status_code == 200    # kept in the history
    response = api_as(players[0]).post("/api/deals/", {"game": game.pk}, format="json")
    assert response.status_code == 201 and response.json()["number"] == deal.number


def test_the_deal_page_shows_the_refusal_beside_the_claim(real_judge, quick_advice, client, game, croupier, players):
    deal = full_deal(game, croupier)
    holds = deal.cards.filter(member=players[0]).first().card
    claim = _claim(deal, players[0], rule="M42", card=holds)     # modifier 42: no three dead face-up cards here
    services.result_submit(deal=deal, actor=players[1])
    client.force_login(players[0].user)
    html = client.get(deal.get_absolute_url()).content.decode()
    assert f'id="refused-{claim.pk}">Refused:' in html
    assert f'id="withdraw-claim-{claim.pk}"' not in html           # the result is in: no withdrawing
    html = client.get(deal.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert f'id="refused-{claim.pk}">Отказано:' in html
