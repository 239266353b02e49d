"""Services of the games app: sittings, deals guided by the engine, bets, claims, versioned
results with confirmation, quick results and the ledger."""

import pytest

from club.errors import Conflict, Forbidden, InvalidInput
from games import engine, pages, selectors, services
from games.models import Bet, Deal, Game, LedgerEntry, Result
from games.sitting import game_document, readings_used, sitting_document, sitting_for
from rules import selectors as rules_selectors
from rules import services as rules_services
from rules.engines.errors import RulesError
from rules.models import Dispute as ArchiveDispute
from tests.games.conftest import full_deal

pytestmark = pytest.mark.django_db


def test_game_starts_from_the_seating_with_venue_facts_prefilled(session, croupier, players):
    game = services.game_start(session=session, actor=croupier, room={"animals": 2, "weather": "sunny"},
                               player_facts={players[0].pk: {"glasses": True, "drink": "alcohol"}})
    seats = {gp.member_id: gp.seat for gp in game.players.all()}
    assert seats == {p.pk: s for p, s in zip(players, ("N", "E", "S", "W"), strict=False)}
    assert game.animals == 2 and game.weather == "sunny"
    assert game.exits == session.venue.exits and game.natural_table == session.venue.natural_table
    assert game.min_stake == session.min_stake and game.ante == (session.min_stake + 1) // 2
    me = game.players.get(member=players[0])
    assert me.glasses is True and me.drink == "alcohol"


def test_game_start_refuses_bad_facts_naming_them(session, croupier, players):
    with pytest.raises(InvalidInput, match="purple"):
        services.game_start(session=session, actor=croupier, player_facts={players[0].pk: {"clothing": "purple"}})
    with pytest.raises(InvalidInput, match="hail"):
        services.game_start(session=session, actor=croupier, room={"weather": "hail"})
    assert not Game.objects.exists()


def test_only_players_or_croupiers_start_games(session, outsider, players):
    with pytest.raises(Forbidden):
        services.game_start(session=session, actor=outsider)
    assert services.game_start(session=session, actor=players[1]).number == 1


def test_reseating_ends_the_game_and_starts_the_next(game, croupier, players):
    swapped = {players[0].pk: "E", players[1].pk: "N", players[2].pk: "S", players[3].pk: "W"}
    nxt = services.game_reseat(game=game, actor=croupier, seats=swapped)
    game.refresh_from_db()
    assert game.status == Game.Status.ENDED and game.ended_at is not None
    assert nxt.number == 2 and nxt.status == Game.Status.LIVE
    assert nxt.players.get(member=players[0]).seat == "E"
    with pytest.raises(InvalidInput, match="unchanged"):
        services.game_reseat(game=nxt, actor=croupier, seats=swapped)
    with pytest.raises(Conflict, match="ended"):
        services.deal_start(game=game, actor=croupier)


def test_deal_start_antes_half_the_minimum_stake(game, croupier):
    deal = services.deal_start(game=game, actor=croupier)
    antes = list(deal.bets.filter(kind=Bet.Kind.ANTE))
    assert len(antes) == 4 and {b.amount for b in antes} == {game.ante}


def test_cards_follow_the_engines_circles_and_refuse_duplicates(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    stepper = engine.dealing(sitting_for(deal))
    first = stepper.next_circle()
    row = services.deal_card(deal=deal, actor=croupier, card="Ah")
    assert row.member_id == int(first.recipient) and row.circle == 1 and row.open is (first.kind == "open")
    with pytest.raises(InvalidInput, match="Ah"):
        services.deal_card(deal=deal, actor=croupier, card="Ah")
    with pytest.raises(InvalidInput, match="Zz"):
        services.deal_card(deal=deal, actor=croupier, card="Zz")
    row = services.deal_card(deal=deal, actor=croupier, card="10т")  # Russian notation
    assert row.card == "10c"
    assert deal.cards.count() == 2
    assert services.deal_card_undo(deal=deal, actor=croupier) == "10c"


def test_the_engines_refusals_while_recording_speak_the_members_language(game, croupier):
    """A card dealt twice, a non-card, a joker and one card too many are refused naming the value, in
    Russian for a Russian member (the engine's own message is English)."""
    from django.utils import translation

    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Ah")
    with translation.override("ru"):
        with pytest.raises(InvalidInput, match="Ah уже сдана"):
            services.deal_card(deal=deal, actor=croupier, card="Ah")
        with pytest.raises(InvalidInput, match="Это не карта: Zz"):
            services.deal_card(deal=deal, actor=croupier, card="Zz")
        with pytest.raises(InvalidInput, match="Джокер"):
            services.deal_card(deal=deal, actor=croupier, card="Jo")
    with pytest.raises(InvalidInput, match="Ah is already dealt"):
        services.deal_card(deal=deal, actor=croupier, card="Ah")
    from rules.engines.dragon.deal import Dealing
    from rules.engines.errors import RulesError

    stepper = engine.dealing(sitting_for(deal))
    dealing: Dealing = stepper.dealing
    for card in [c for c in engine.full_deck() if c != "Ah"][: dealing.total - 1]:
        dealing.deal(card)
    with pytest.raises(RulesError) as refused:
        dealing.deal("Ah")
    with translation.override("ru"):
        assert engine.rules_message(refused.value) == "Сдача завершена: Ah — лишняя карта."
    assert engine.rules_message(RulesError("something else", value=1)) == "something else"


def test_digital_dealer_is_replayable_from_its_seed(game, croupier):
    deal = full_deal(game, croupier, seed="table-7")
    cards = list(deal.cards.order_by("seq").values_list("card", "member_id", "circle", "open"))
    assert len(cards) == 36 and len({c[0] for c in cards}) == 36
    doc = game_document(game)
    replay = engine.seeded_cards(doc, 1, deal.started_at, "table-7", readings=readings_used(doc))
    assert [(str(d.card), int(d.player), d.circle, d.open) for d in replay] == cards


def test_outsiders_cannot_record(game, outsider):
    with pytest.raises(Forbidden):
        services.deal_start(game=game, actor=outsider)


def test_bets_within_the_maximum_and_only_for_oneself(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    services.bet_place(deal=deal, actor=players[0], member=players[0], amount=game.max_stake)
    with pytest.raises(InvalidInput, match=str(game.max_stake + 1)):
        services.bet_place(deal=deal, actor=players[0], member=players[0], amount=game.max_stake + 1)
    with pytest.raises(Forbidden):
        services.bet_place(deal=deal, actor=players[0], member=players[1], amount=2)


def test_claims_are_checked_and_stored(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    claim = services.claim_declare(deal=deal, actor=players[0], member=players[0], rule="b1", card="7т", suit="h")
    assert (claim.rule, claim.card, claim.suit) == ("B1", "7c", "h")
    with pytest.raises(InvalidInput, match="X9"):
        services.claim_declare(deal=deal, actor=players[0], member=players[0], rule="X9")


def test_result_judged_confirmed_by_another_and_posted(judge, game, croupier, players):
    deal = full_deal(game, croupier)
    services.bet_place(deal=deal, actor=players[2], member=players[2], amount=4)
    result = services.result_submit(deal=deal, actor=players[1])
    assert result.status == Result.Status.DRAFT and result.kind == Result.Kind.JUDGED
    assert [w.pk for w in result.winners.all()] == [players[0].pk]
    assert result.judgement["trace"] and result.document["deals"][-1]["bets"][str(players[2].pk)] == 5
    assert result.pot == 4 * game.ante + 4
    with pytest.raises(Forbidden, match="another player"):
        services.result_confirm(result=result, actor=players[1])
    services.result_confirm(result=result, actor=players[3])
    result.refresh_from_db()
    assert result.status == Result.Status.CONFIRMED and result.confirmed_by == players[3]
    assert selectors.deal_sums(deal=deal) == 0
    assert selectors.balance(member=players[0]) == result.pot - game.ante
    assert selectors.balance(member=players[2]) == -(game.ante + 4)


def test_second_submission_is_a_conflict_naming_the_live_version(judge, game, croupier, players):
    deal = full_deal(game, croupier)
    first = services.result_submit(deal=deal, actor=players[1])
    with pytest.raises(Conflict, match="version 1") as exc:
        services.result_submit(deal=deal, actor=players[2])
    assert exc.value.extra["live_version"] == first.version
    assert Result.objects.filter(deal=deal).count() == 1


def test_idempotency_key_returns_the_first_submission(judge, game, croupier, players):
    deal = full_deal(game, croupier)
    first = services.result_submit(deal=deal, actor=players[1], idempotency_key="abc")
    again = services.result_submit(deal=deal, actor=players[1], idempotency_key="abc")
    assert again.pk == first.pk and Result.objects.count() == 1


def test_correction_is_a_new_version_superseding_and_reposting(judge, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    v1 = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=8)
    services.result_confirm(result=v1, actor=croupier)
    assert selectors.balance(member=players[1]) == 6
    with pytest.raises(Conflict, match="supersedes=1"):
        services.result_submit_quick(deal=deal, actor=players[0], winners=[players[2]], pot=8)
    v2 = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[2]], pot=8, supersedes=1)
    assert v2.version == 2
    v1.refresh_from_db()
    assert v1.status == Result.Status.CONFIRMED  # the old version stays live until the correction is confirmed
    services.result_confirm(result=v2, actor=players[3])
    v1.refresh_from_db()
    assert v1.status == Result.Status.SUPERSEDED
    assert selectors.balance(member=players[1]) == -2 and selectors.balance(member=players[2]) == 6
    assert selectors.deal_sums(deal=deal) == 0
    assert LedgerEntry.objects.filter(result=v1, kind=LedgerEntry.Kind.REVERSAL).exists()
    assert v1.history.count() >= 2  # who changed it and when is kept


def test_transitions_follow_the_declared_table(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    result = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=4)
    services.result_discard(result=result, actor=croupier)
    with pytest.raises(Conflict, match="The result is discarded and cannot change any more"):
        services.result_confirm(result=result, actor=croupier)
    assert Result.TRANSITIONS[Result.Status.CONFIRMED] == (Result.Status.SUPERSEDED,)


def test_quick_result_refuses_a_pot_that_cannot_be_shared(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    with pytest.raises(InvalidInput, match="pot of 7"):
        services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=7)
    with pytest.raises(Conflict, match="judged"):
        services.result_submit_quick(deal=full_deal_after(game, croupier, deal, players), actor=players[0],
                                     winners=[players[1]], pot=8)


def full_deal_after(game, croupier, quick_deal, players):
    result = services.result_submit_quick(deal=quick_deal, actor=players[0], winners=[players[1]], pot=8)
    services.result_confirm(result=result, actor=croupier)
    return full_deal(game, croupier)


def test_recorded_deal_must_be_complete_before_judging(judge, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Ah")
    with pytest.raises(InvalidInput, match="1 of 36"):
        services.result_submit(deal=deal, actor=players[0])


def test_next_deal_waits_for_the_previous_result(judge, game, croupier, players):
    full_deal(game, croupier)
    with pytest.raises(Conflict, match="Deal 1"):
        services.deal_start(game=game, actor=croupier)


def test_a_judge_that_refuses_stores_nothing(game, croupier, players):
    def refusing(doc):
        raise RulesError("no judgement for this test", value="Zz")
    deal = full_deal(game, croupier)
    with engine.judge_override(refusing), pytest.raises(InvalidInput, match="no judgement"):
        services.result_submit(deal=deal, actor=players[0])
    assert not Result.objects.exists()


def test_the_judge_named_in_the_settings_judges(settings, game, croupier, players):
    from tests.games.conftest import stand_in_judge

    settings.CLUB_JUDGE = "tests.games.conftest.stand_in_judge"
    assert engine.judge_function() is stand_in_judge
    deal = full_deal(game, croupier)
    result = services.result_submit(deal=deal, actor=players[0])
    assert result.judgement["trace"][0]["text"] == "seven of clubs dies"      # the stand-in's trace


def test_calling_the_croupier_raises_an_archive_dispute_prefilled_with_the_deal(game, croupier, players, outsider):
    deal = full_deal(game, croupier)
    # The site dealt it and no result stands: the copy every player may read keeps the dark cards
    # face down (the croupier sees them on the deal page).
    cards = list(deal.cards.filter(open=True).order_by("seq").values_list("card", flat=True))
    dispute = services.dispute_raise(deal=deal, actor=players[2], question="Is the seven of clubs dead?")
    assert isinstance(dispute, ArchiveDispute) and dispute.status == ArchiveDispute.Status.OPEN
    assert dispute.deal_ref == f"deal-{deal.pk}" and dispute.raised_by == players[2]
    assert dispute.deal_snapshot["ref"] == dispute.deal_ref and dispute.deal_snapshot["number"] == deal.number
    assert dispute.deal_snapshot["cards"] == cards and 0 < len(cards) < 36
    assert rules_selectors.deal_is_disputed(f"deal-{deal.pk}")
    with pytest.raises(Conflict, match="already disputed"):
        services.dispute_raise(deal=deal, actor=players[0], question="and the ace?")
    assert ArchiveDispute.objects.count() == 1


def test_only_a_player_of_the_table_or_a_croupier_disputes_a_deal(game, croupier, players, outsider):
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    with pytest.raises(Forbidden, match="does not sit at this table"):
        services.dispute_raise(deal=deal, actor=outsider, question="I saw it all")
    assert not ArchiveDispute.objects.exists()
    assert services.dispute_raise(deal=deal, actor=croupier, question="Who antes?").raised_by == croupier


def test_confirming_is_refused_while_disputed_and_allowed_once_ruled(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    result = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=4)
    dispute = services.dispute_raise(deal=deal, actor=players[2], question="Chumley won, not Aahz")
    with pytest.raises(Conflict, match=f"dispute #{dispute.pk}") as refused:
        services.result_confirm(result=result, actor=players[1])
    assert refused.value.extra["dispute"] == dispute.pk
    result.refresh_from_db()
    assert result.status == Result.Status.DRAFT and not LedgerEntry.objects.exists()
    rules_services.dispute_rule(dispute=dispute, actor=croupier, ruling="Aahz won: the result stands.")
    confirmed = services.result_confirm(result=result, actor=players[1])
    assert confirmed.status == Result.Status.CONFIRMED and selectors.deal_sums(deal=deal) == 0
    assert selectors.balance(member=players[1]) == 3


def test_the_croupier_dashboard_lists_open_archive_disputes_of_deals(game, croupier, players):
    deals = []
    for _ in range(3):
        deal = services.deal_start(game=game, actor=croupier, quick=True)
        services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=4)
        deals.append(deal)
        services.dispute_raise(deal=deal, actor=players[2], question=f"deal {deal.number}?")
    ruled = ArchiveDispute.objects.get(deal_ref=f"deal-{deals[0].pk}")
    rules_services.dispute_rule(dispute=ruled, actor=croupier, ruling="It stands.")
    # a row from before disputes had to name a recorded deal (the archive refuses such a reference now)
    ArchiveDispute.objects.create(deal_ref="game-elsewhere", question="not a deal of ours", raised_by=players[2])
    listed = pages.croupier_dashboard()["disputes"]
    assert [(d.deal_id, d.question) for d in listed] == [(d.pk, f"deal {d.number}?") for d in deals[1:]]


def test_sitting_document_from_rows(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Qs")
    services.claim_declare(deal=deal, actor=players[0], member=players[0], rule="B1", card="7c", suit="h")
    doc = game_document(game)
    assert doc["ruleset"] == "club-2.2.1" and doc["stakes"] == {"min": game.min_stake, "max": game.max_stake}
    assert [p["seat"] for p in doc["players"]] == ["N", "E", "S", "W"]
    north = doc["players"][0]
    assert north["id"] == str(players[0].pk) and north["dimension_phonetic"] == players[0].dimension.phonetic
    # The clothing and the animals nobody recorded are left out (modifiers 37 and 78-88 read them).
    assert set(north) == {"id", "seat", "dimension", "dimension_phonetic", "sex", "beard", "glasses",
                          "headwear", "drink", "spare_decks", "analog_watches", "digital_watches"}
    assert "animals" not in doc["room"]
    assert doc["room"]["exits"] == game.exits and doc["place"]["timezone"] == "Europe/Moscow"
    assert doc["deals"] == [{"started_at": deal.started_at.astimezone(game.session.venue.tz).isoformat(),
                             "cards": ["Qs"], "bets": {str(p.pk): game.ante for p in players},
                             "claims": [{"player": str(players[0].pk), "rule": "B1", "card": "7c", "suit": "h"}]}]
    assert Deal.objects.count() == 1


def test_the_rules_archive_reads_confirmed_judged_deals(judge, game, croupier, players):
    from rules import whatif

    deal = full_deal(game, croupier)
    result = services.result_submit(deal=deal, actor=players[0])
    assert list(whatif.stored_sittings()) == []  # a draft does not count yet
    services.result_confirm(result=result, actor=croupier)
    [(ref, doc)] = list(whatif.stored_sittings())
    assert ref == f"game-{game.pk}" and len(doc["deals"]) == 1 and len(doc["deals"][0]["cards"]) == 36
    snapshot = whatif.deal_snapshot(f"deal-{deal.pk}")
    assert snapshot["cards"] == doc["deals"][0]["cards"] and snapshot["trace"] == result.judgement["trace"]
    assert whatif.deal_snapshot("deal-999999") is None and whatif.deal_snapshot("nonsense") is None


def test_a_game_records_the_weather_as_not_recorded_unless_someone_says_it(session, croupier, players):
    """Modifiers 89 and 90 read the weather; a club that does not record it must not get the
    overcast kills of 90 in every deal: the document leaves the weather out, which fires neither."""
    game = services.game_start(session=session, actor=croupier)
    assert game.weather == "not_recorded" and "weather" not in sitting_document(game)
    told = services.game_start(session=session, actor=croupier, room={"weather": "overcast"})
    assert sitting_document(told)["weather"] == "overcast"


def test_a_refused_card_is_named_in_at_most_forty_characters():
    from games.engine import rules_message
    from rules.engines import cards
    from rules.engines.errors import RulesError

    with pytest.raises(RulesError) as refused:
        cards.parse("Z" * 5000)
    message = rules_message(refused.value)
    assert "Z" * 40 in message and "Z" * 41 not in message and "5♣" in message


def test_sitting_document_keeps_recorded_clothing_and_animals(game, croupier, players):
    """Modifiers 37 ("Если животных четное количество") and 78-84 (a dominant tone of the clothing) read
    what the club recorded: a counted zero animals and a recorded tone are in the document."""
    game.players.filter(member=players[0]).update(clothing="light")
    type(game).objects.filter(pk=game.pk).update(animals=0)
    game.refresh_from_db()
    doc = game_document(game)
    assert doc["players"][0]["clothing"] == "light" and "clothing" not in doc["players"][1]
    assert doc["room"]["animals"] == 0
