"""Recording play at the table: the provisional judgement shown while a deal is being dealt, the
deal passing on after a quick result, and later deals judged again after a correction."""

from __future__ import annotations

import datetime as dt
from html import escape

import pytest
from django.urls import reverse

from club.errors import InvalidInput
from games import engine, presenters, selectors, services
from games.models import Deal, LedgerEntry, Result
from games.sitting import sitting_for
from rules.engines.dragon import preview as dragon_preview
from rules.engines.errors import RulesError
from tests.games.conftest import full_deal

pytestmark = pytest.mark.django_db


def _deal_cards(client, deal, cards):
    response = None
    for token in cards:
        response = client.post(reverse("games:deal_card", args=[deal.pk]), {"card": token}, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
    return response.content.decode()


# --- the provisional judgement on the deal page --------------------------------------------------

def test_each_card_shows_the_rules_that_acted_so_far_marked_provisional(client_as, game, croupier, players):
    """Base rule 20 (an odd deal inverts the suit order) acts from the first card of deal 1; the
    panel swapped in after a card shows it, marked provisional, with what the engine's provisional
    judgement says of the cards so far."""
    deal = services.deal_start(game=game, actor=croupier)
    client = client_as(players[0])
    assert 'id="deal-preview"' not in client.get(deal.get_absolute_url()).content.decode()
    page = _deal_cards(client, deal, ["Kd"])
    assert 'id="deal-preview"' in page and "provisional" in page
    assert "As if the deal ended now, after 1 of 36 cards" in page
    rules = page.split('id="preview-rules"')[1].split("</p>")[0]
    assert '<span class="badge">B20</span>' in rules and "suits inverted" in rules
    page = _deal_cards(client, deal, ["7c", "Ah", "2s", "10d"])
    found = selectors.deal_preview(sitting=sitting_for(deal))
    assert found is not None and found.dealt == 5
    rules = page.split('id="preview-rules"')[1].split("</p>")[0]
    for source in found.sources:
        assert f'<span class="badge">{source}</span>' in rules
    for c in found.cards:                       # the card tiles carry the provisional states
        if c.state != "natural":
            assert f'class="card {engine.card_colour(c.card)} {c.state}' in page
    # the full page shows the same panel; a submitted result replaces it by the judge's trace
    assert 'id="deal-preview"' in client.get(deal.get_absolute_url()).content.decode()


def test_the_provisional_trace_is_in_russian_for_russian_members(client_as, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    page = client_as(players[1]).get(deal.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    trace = page.split('id="preview-trace"')[1].split("</ol>")[0]
    found = selectors.deal_preview(sitting=sitting_for(deal))
    names = {engine.player_key(p.pk): p.display_name for p in players}
    lines = presenters.preview_lines(found, "ru", names)
    assert lines and all(escape(line) in trace for line in lines)
    assert lines != presenters.preview_lines(found, "en", names)


def test_a_partial_deal_the_engine_refuses_shows_nothing_provisional(monkeypatch, client_as, game, croupier,
                                                                     players):
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    client = client_as(players[0])

    def refuses(doc):
        raise dragon_preview.PreviewUnavailable("the cards so far cannot be judged yet", value=1)

    monkeypatch.setattr(dragon_preview, "preview_game", refuses)
    page = client.get(deal.get_absolute_url())
    assert page.status_code == 200 and b'id="deal-preview"' not in page.content and b"next card to" in page.content

    def breaks(doc):
        raise IndexError("a rule read a tenth card")

    monkeypatch.setattr(dragon_preview, "preview_game", breaks)
    swapped = client.post(reverse("games:deal_card", args=[deal.pk]), {"card": "Qs"}, HTTP_HX_REQUEST="true")
    assert swapped.status_code == 200 and b'id="deal-preview"' not in swapped.content
    assert deal.cards.count() == 2


def test_no_preview_before_the_first_card_after_the_result_or_for_quick_deals(judge, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    assert selectors.deal_preview(sitting=sitting_for(deal)) is None
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    assert selectors.deal_preview(sitting=sitting_for(deal)).dealt == 1
    digital = full_deal_done(game, croupier, players, deal)
    assert selectors.deal_preview(sitting=sitting_for(digital)) is None
    services.result_submit(deal=digital, actor=players[0])
    quick = services.deal_start(game=game, actor=croupier, quick=True)
    assert selectors.deal_preview(sitting=sitting_for(quick)) is None


def full_deal_done(game, croupier, players, deal):
    """Finish ``deal`` by the engine's own dealing order and confirm its result; the next deal is
    dealt by the site."""
    for token in engine.full_deck():
        if selectors.next_circle(sitting=sitting_for(deal)) is None:
            break
        if not deal.cards.filter(card=token).exists():
            services.deal_card(deal=deal, actor=croupier, card=token)
    assert selectors.deal_preview(sitting=sitting_for(deal)).complete
    services.result_confirm(result=services.result_submit(deal=deal, actor=players[0]), actor=players[1])
    assert selectors.deal_preview(sitting=sitting_for(deal)) is None
    return full_deal(game, croupier)


@pytest.mark.parametrize("earlier", [0, 3])
def test_the_recording_page_makes_a_bounded_number_of_queries(judge, django_assert_max_num_queries, client_as, game,
                                                              croupier, players, earlier):
    for n in range(earlier):
        done = full_deal(game, croupier, seed=f"q{n}")
        services.result_confirm(result=services.result_submit(deal=done, actor=players[0]), actor=players[1])
    deal = services.deal_start(game=game, actor=croupier)
    for token in ("Kd", "7c", "Ah", "2s", "10d", "Qh"):
        services.deal_card(deal=deal, actor=croupier, card=token)
    client = client_as(players[0])
    # The sitting is read once (players, deals, cards, bets, the precedents in force), whatever
    # the number of earlier deals.
    with django_assert_max_num_queries(12):
        page = client.get(deal.get_absolute_url())
    assert page.status_code == 200 and b'id="deal-preview"' in page.content


# --- a quick result passes the deal on --------------------------------------------------------------

def _confirm_quick(deal, players, croupier):
    result = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=8)
    services.result_confirm(result=result, actor=croupier)


def test_a_quick_deal_in_the_middle_passes_the_deal_on(judge, game, croupier, players):
    """Seed "Порядок сдачи карт": the deal passes clockwise. Deal 1 (N deals) is dealt, deal 2 is
    logged as a quick result (E dealt it), so deal 3 is dealt by S and its first card goes to W."""
    north, east, south, west = players
    first = full_deal(game, croupier, seed="a")
    assert selectors.deal_progress(sitting=sitting_for(first))["dealer"] == str(north.pk)
    services.result_confirm(result=services.result_submit(deal=first, actor=players[1]), actor=croupier)
    _confirm_quick(services.deal_start(game=game, actor=croupier, quick=True), players, croupier)
    third = services.deal_start(game=game, actor=croupier)
    progress = selectors.deal_progress(sitting=sitting_for(third))
    assert progress["dealer"] == str(south.pk) and progress["next"].recipient == str(west.pk)
    dealt = services.deal_card(deal=third, actor=croupier, card="Ah")
    assert dealt.member_id == west.pk


def test_the_digital_dealer_and_the_judge_count_the_quick_deal(real_judge, game, croupier, players):
    north, east, south, west = players
    _confirm_quick(services.deal_start(game=game, actor=croupier, quick=True), players, croupier)
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

    _confirm_quick(services.deal_start(game=game, actor=croupier, quick=True), players, croupier)
    second = services.deal_digital(game=game, actor=croupier, seed="b")
    doc = services.result_submit(deal=second, actor=players[0]).document
    seen = {}

    def spy(state, dealing, hands, **kwargs):
        seen["dealer"], seen["first"] = state.facts.dealer, dealing.dealt[0].player
        return {}

    monkeypatch.setattr(advisor, "advise_state", spy)
    assert engine.advice(doc) == {}
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
    _confirm_quick(services.deal_start(game=game, actor=croupier, quick=True), players, croupier)
    third = full_deal(game, croupier, seed="u3")
    services.result_submit(deal=third, actor=players[0])
    fourth = services.deal_start(game=game, actor=croupier, quick=True)
    services.result_submit_quick(deal=fourth, actor=players[0], winners=[players[2], players[3]], pot=12)
    fifth = services.deal_start(game=game, actor=croupier, quick=True)

    whole = engine.sitting_document(game)
    assert [d.get("unrecorded", False) for d in whole["deals"]] == [False, True, False, True]
    assert {k: v for k, v in whole["deals"][1].items() if k != "started_at"} == {
        "unrecorded": True, "winners": [str(players[1].pk)], "pot": 8, "bets": {str(p.pk): 2 for p in players}}
    assert whole["deals"][3]["winners"] == [str(players[2].pk), str(players[3].pk)]   # the draft counts
    assert whole["deals"][3]["bets"] == {str(p.pk): 3 for p in players}
    assert [d["number"] for d in engine.judge(whole)["deals"]] == [1, 2, 3, 4]
    upto_third = services._game_doc(game, upto=third)
    assert [d.get("unrecorded", False) for d in upto_third["deals"]] == [False, True, False]
    services.result_confirm(result=services.result_submit_quick(deal=fifth, actor=players[0], winners=[players[0]],
                                                                pot=8), actor=croupier)
    assert len(engine.sitting_document(game)["deals"]) == 5


def test_the_deal_after_quick_deals_is_judged_by_its_number(real_judge, game, croupier, players):
    """Base rule 20 (odd deals: suits inverted) and Table 1 (base rule 15: on a Wednesday deal 3 is
    dealt all dark and the weakest hand wins): after two quick deals the digital deal is deal 3,
    dealt by S, its first card to W; the provisional judgement while it is dealt says deal 3 too."""
    north, east, south, west = players
    for _ in range(2):
        _confirm_quick(services.deal_start(game=game, actor=croupier, quick=True, started_at=WEDNESDAY), players,
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
    _confirm_quick(services.deal_start(game=game, actor=croupier, quick=True), players, croupier)
    second = services.deal_start(game=game, actor=croupier)
    progress = selectors.deal_progress(sitting=sitting_for(second))
    assert progress["dealer"] == str(north.pk) and progress["next"].recipient == str(east.pk)


# --- a correction re-judges the later deals -------------------------------------------------------

@pytest.fixture
def history_judge():
    """A stand-in judge that reads history: deal 1 is won by the player ``switch["first"]`` seats
    clockwise from North; each later deal by the player left of the previous judged deal's winner
    (an unrecorded deal is counted, not judged), or, with ``switch["reads_history"]`` off, always by
    North."""
    switch = {"first": 0, "reads_history": True}
    order = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]

    def judge(doc):
        players = [p["id"] for p in sorted(doc["players"], key=lambda p: order.index(p["seat"]))]
        out, winner = [], None
        if doc.get("previous_game"):            # the previous Game's last winner, as deal 0
            winner = next((d["winners"][0] for d in reversed(judge(doc["previous_game"])["deals"])
                           if d.get("winners")), None)
        for number, deal in enumerate(doc["deals"], start=1):
            if deal.get("unrecorded"):
                out.append({"number": number, "dealer": players[(number - 1) % len(players)], "unrecorded": True,
                            "winners": deal.get("winners", []), "pot": deal.get("pot", 0), "trace": []})
                continue
            if winner is None:
                winner = players[switch["first"] % len(players)]
            elif switch["reads_history"]:
                winner = players[(players.index(winner) + 1) % len(players)]
            else:
                winner = players[0]
            pot = sum(deal["bets"].values())
            chips = {pid: (pot if pid == winner else 0) - deal["bets"].get(pid, 0) for pid in players}
            out.append({"number": number, "dealer": players[(number - 1) % len(players)], "pattern": [],
                        "players": {pid: {"cards": [], "hand": {"category": 40, "name": "pair", "cards": []}}
                                    for pid in players},
                        "winners": [winner], "chips": chips,
                        "trace": [{"source": "B5", "cards": [], "change": "winner", "player": winner, "text": ""}]})
        return {"deals": out}

    with engine.judge_override(judge):
        yield switch


def _confirmed_judged(game, croupier, players, seed):
    deal = full_deal(game, croupier, seed=seed)
    result = services.result_submit(deal=deal, actor=players[2])
    services.result_confirm(result=result, actor=players[3])
    return deal


def test_a_correction_of_deal_1_rejudges_deal_2_as_a_new_version(history_judge, game, croupier, players):
    """Base rule 2 and the like read the previous deal's winner: when a ruling changes deal 1's
    winner, deal 2 is judged again as a new version, the old one superseded, the ledger reversed
    and posted again and every deal summing to zero. A quick deal between them is left alone."""
    north, east, south, west = players
    first = _confirmed_judged(game, croupier, players, "c1")
    _confirm_quick(services.deal_start(game=game, actor=croupier, quick=True), players, croupier)
    second = _confirmed_judged(game, croupier, players, "c2")
    old = Result.objects.get(deal=second, status=Result.Status.CONFIRMED)
    assert [w.pk for w in old.winners.all()] == [east.pk]
    before = {m.pk: selectors.balance(member=m) for m in players}

    history_judge["first"] = 2                  # the croupier's ruling: deal 1 goes to South
    correction = services.result_rejudge(deal=first, actor=croupier)
    assert Result.objects.filter(deal=second).count() == 1      # nothing moves before it is confirmed
    services.result_confirm(result=correction, actor=players[0])

    new = Result.objects.get(deal=second, status=Result.Status.CONFIRMED)
    old.refresh_from_db()
    assert old.status == Result.Status.SUPERSEDED and new.version == 2 and new.supersedes_id == old.pk
    assert [w.pk for w in new.winners.all()] == [west.pk]
    assert new.submitted_by == croupier and new.confirmed_by == players[0]
    assert LedgerEntry.objects.filter(result=old, kind=LedgerEntry.Kind.REVERSAL).exists()
    for deal in Deal.objects.filter(game=game):
        assert selectors.deal_sums(deal=deal) == 0
        assert deal.results.filter(status=Result.Status.CONFIRMED).count() == 1
    assert Result.objects.filter(deal__mode=Deal.Mode.QUICK).count() == 1
    pot1, pot2 = first.bets.count() * game.ante, second.bets.count() * game.ante
    after = {m.pk: selectors.balance(member=m) for m in players}
    # the pot of each deal moves from the old winner to the new one
    assert after[north.pk] - before[north.pk] == -pot1 and after[south.pk] - before[south.pk] == pot1
    assert after[east.pk] - before[east.pk] == -pot2 and after[west.pk] - before[west.pk] == pot2


def test_a_correction_that_does_not_change_a_later_deal_makes_no_version(history_judge, game, croupier, players):
    history_judge["reads_history"] = False
    first = _confirmed_judged(game, croupier, players, "d1")
    second = _confirmed_judged(game, croupier, players, "d2")
    history_judge["first"] = 1
    services.result_confirm(result=services.result_rejudge(deal=first, actor=croupier), actor=players[0])
    assert Result.objects.filter(deal=first).count() == 2
    assert Result.objects.filter(deal=second).count() == 1
    assert Result.objects.get(deal=second).status == Result.Status.CONFIRMED


def test_a_stale_draft_of_a_later_deal_is_submitted_again(history_judge, game, croupier, players):
    east = players[1]
    first = _confirmed_judged(game, croupier, players, "e1")
    second = full_deal(game, croupier, seed="e2")
    draft = services.result_submit(deal=second, actor=players[2])
    assert [w.pk for w in draft.winners.all()] == [east.pk]
    history_judge["first"] = 2
    services.result_confirm(result=services.result_rejudge(deal=first, actor=croupier), actor=players[0])
    draft.refresh_from_db()
    assert draft.status == Result.Status.DISCARDED
    fresh = Result.objects.get(deal=second, status=Result.Status.DRAFT)
    assert fresh.submitted_by == players[2] and [w.pk for w in fresh.winners.all()] == [players[3].pk]
    assert not LedgerEntry.objects.filter(deal=second).exists()


def test_a_correction_the_later_deals_cannot_be_judged_with_is_not_confirmed(monkeypatch, history_judge, game,
                                                                             croupier, players):
    first = _confirmed_judged(game, croupier, players, "f1")
    _confirmed_judged(game, croupier, players, "f2")
    history_judge["first"] = 3
    correction = services.result_rejudge(deal=first, actor=croupier)
    calls = {"n": 0}
    real = engine.judge_last_deal

    def fails_on_deal_2(doc):
        calls["n"] += 1
        if len(doc["deals"]) == 2:
            raise RulesError("deal 2 no longer judges", value=2)
        return real(doc)

    monkeypatch.setattr(engine, "judge_last_deal", fails_on_deal_2)
    with pytest.raises(InvalidInput, match="deal 2 no longer judges"):
        services.result_confirm(result=correction, actor=players[0])
    correction.refresh_from_db()
    assert correction.status == Result.Status.DRAFT and calls["n"] == 1


def test_a_disputed_later_deal_gets_a_draft_for_the_croupier(history_judge, game, croupier, players):
    """Base rule 12: a disputed deal is confirmed only after the croupier's ruling, so the new
    version a correction makes of it waits as a draft; the confirmed version still counts."""
    first = _confirmed_judged(game, croupier, players, "g1")
    second = _confirmed_judged(game, croupier, players, "g2")
    services.dispute_raise(deal=second, actor=players[2], question="who won?")
    history_judge["first"] = 2
    services.result_confirm(result=services.result_rejudge(deal=first, actor=croupier), actor=players[0])
    assert Result.objects.get(deal=second, version=1).status == Result.Status.CONFIRMED
    draft = Result.objects.get(deal=second, version=2)
    assert draft.status == Result.Status.DRAFT and [w.pk for w in draft.winners.all()] == [players[3].pk]
    assert selectors.deal_sums(deal=second) == 0


def test_with_the_real_judge_an_unchanged_history_makes_no_new_version(real_judge, game, croupier, players):
    first = _confirmed_judged(game, croupier, players, "h1")
    second = _confirmed_judged(game, croupier, players, "h2")
    services.result_confirm(result=services.result_rejudge(deal=first, actor=croupier), actor=players[0])
    assert Result.objects.filter(deal=first).count() == 2
    assert list(Result.objects.filter(deal=second).values_list("version", "status")) == [(1, "confirmed")]


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


def test_m62_a_correction_rejudges_the_next_games_deals_when_they_read_the_previous_game(
        history_judge, session, croupier, players):
    """Under IP-M62-PREVIOUS last_at_table (modifier 62 in a Game's first deal reads the last deal played at
    the table), the next Game's first deal reads this Game: a confirmed correction here judges it again."""
    first_game = services.game_start(session=session, actor=croupier)
    first = _confirmed_judged(first_game, croupier, players, "g1")
    seats = {players[0].pk: "E", players[1].pk: "N", players[2].pk: "S", players[3].pk: "W"}
    second_game = services.game_reseat(game=first_game, actor=croupier, seats=seats)
    second_game.readings = {"IP-M62-PREVIOUS": "last_at_table"}
    second_game.save(update_fields=["readings"])
    second = _confirmed_judged(second_game, croupier, players, "g2")
    old = Result.objects.get(deal=second, status=Result.Status.CONFIRMED)

    history_judge["first"] = 2                  # the ruling changes the first Game's deal 1
    correction = services.result_rejudge(deal=first, actor=croupier)
    services.result_confirm(result=correction, actor=players[0])

    old.refresh_from_db()
    new = Result.objects.get(deal=second, status=Result.Status.CONFIRMED)
    assert old.status == Result.Status.SUPERSEDED and new.supersedes_id == old.pk
    assert [w.pk for w in new.winners.all()] != [w.pk for w in old.winners.all()]
    assert selectors.deal_sums(deal=second) == 0


def test_without_a_reading_that_looks_back_the_next_game_is_left_alone(history_judge, session, croupier, players):
    """With the default readings nothing of a Game reads the previous one: its deals keep their versions."""
    first_game = services.game_start(session=session, actor=croupier)
    first = _confirmed_judged(first_game, croupier, players, "g1")
    seats = {players[0].pk: "E", players[1].pk: "N", players[2].pk: "S", players[3].pk: "W"}
    second = _confirmed_judged(services.game_reseat(game=first_game, actor=croupier, seats=seats),
                               croupier, players, "g2")
    history_judge["first"] = 2
    services.result_confirm(result=services.result_rejudge(deal=first, actor=croupier), actor=players[0])
    assert Result.objects.filter(deal=second).count() == 1
