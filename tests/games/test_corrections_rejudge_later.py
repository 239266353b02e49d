"""A confirmed correction re-judges the later deals of the Game (and the next Game's, when a reading
looks back), making new versions only where a result changes."""

from __future__ import annotations

import pytest

from club.errors import InvalidInput
from games import engine, selectors, services
from games.models import Deal, LedgerEntry, Result
from rules.engines.errors import RulesError
from tests.games.conftest import confirm_quick, full_deal

pytestmark = pytest.mark.django_db


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
    confirm_quick(services.deal_start(game=game, actor=croupier, quick=True), players, croupier)
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

    def fails_on_deal_2(doc, **kwargs):
        calls["n"] += 1
        if len(doc["deals"]) == 2:
            raise RulesError("deal 2 no longer judges", value=2)
        return real(doc, **kwargs)

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
