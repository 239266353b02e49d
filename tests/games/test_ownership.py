"""Nobody takes what is not theirs: a game seats only the session's people, pots and bets stay
within the stakes, redirects stay on the site, and a member's chips are private to him."""

import pytest
from django.urls import reverse

from club import services as club_services
from club.errors import InvalidInput
from games import selectors, services
from games.models import Game, LedgerEntry, Result

pytestmark = pytest.mark.django_db


def _seats(*members):
    return [{"member": m.pk, "seat": s} for m, s in zip(members, ("N", "E", "S", "W"), strict=False)]


# --- a game seats only members going to or seated in the session --------------------------------------


def test_two_players_cannot_seat_an_absent_member_and_take_his_chips(api_as, session, players, outsider):
    """The attack as reported: two seated members start a game with a member who is not coming,
    record a quick deal with a huge pot and confirm it between themselves."""
    client = api_as(players[0])
    response = client.post("/api/games/", {"session": session.pk, "seats": _seats(players[0], players[1], outsider)},
                           format="json")
    assert response.status_code == 400, response.json()
    body = response.json()
    assert outsider.display_name in body["message"]
    assert body["extra"] == {"field": "seats", "value": outsider.pk}
    assert not Game.objects.exists()
    assert selectors.balance(member=outsider) == 0


def test_a_croupier_cannot_seat_an_absent_member_either(api_as, session, croupier, players, outsider):
    response = api_as(croupier).post("/api/games/", {"session": session.pk,
                                                     "seats": _seats(players[0], players[1], outsider)}, format="json")
    assert response.status_code == 400 and outsider.display_name in response.json()["message"]
    # Once he says he is going, he may be seated.
    club_services.rsvp_set(session=session, member=outsider, actor=croupier, answer="going")
    response = api_as(croupier).post("/api/games/", {"session": session.pk,
                                                     "seats": _seats(players[0], players[1], outsider)}, format="json")
    assert response.status_code == 201, response.json()


@pytest.mark.parametrize("answer", ["maybe", "declined"])
def test_a_member_who_is_not_going_is_not_seated(session, croupier, players, outsider, answer):
    club_services.rsvp_set(session=session, member=outsider, actor=outsider, answer=answer)
    with pytest.raises(InvalidInput, match=outsider.display_name):
        services.game_start(session=session, actor=croupier,
                            seats={players[0].pk: "N", outsider.pk: "S"})


def test_a_member_seated_by_the_croupier_may_play_without_an_rsvp(session, croupier, players, outsider):
    club_services.seating_set(session=session, actor=croupier,
                              assignments={players[0].pk: "N", outsider.pk: "S"})
    game = services.game_start(session=session, actor=players[0])
    assert {gp.member_id for gp in game.players.all()} == {players[0].pk, outsider.pk}


def test_reseating_cannot_bring_in_an_absent_member(game, players, outsider):
    seats = {players[0].pk: "N", players[1].pk: "E", outsider.pk: "S"}
    with pytest.raises(InvalidInput, match=outsider.display_name):
        services.game_reseat(game=game, actor=players[0], seats=seats)
    assert Game.objects.count() == 1


def test_the_reseat_form_offers_only_the_sessions_people(client_as, game, croupier, players, outsider):
    page = client_as(croupier).get(game.get_absolute_url()).content.decode()
    assert f'value="{outsider.pk}"' not in page
    club_services.rsvp_set(session=game.session, member=outsider, actor=croupier, answer="going")
    page = client_as(croupier).get(game.get_absolute_url()).content.decode()
    assert f'value="{outsider.pk}"' in page


# --- pots, bets and stakes within the stakes -------------------------------------------------------------


def test_a_quick_pot_is_bounded_by_the_stakes(api_as, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    client = api_as(players[0])
    huge = client.post("/api/results/", {"deal": deal.pk, "winners": [players[0].pk], "pot": 999999}, format="json")
    assert huge.status_code == 400 and "999999" in huge.json()["message"]
    assert huge.json()["extra"]["field"] == "pot" and huge.json()["extra"]["value"] == 999999
    assert not Result.objects.exists()
    # Each of the four players antes and puts in at most the maximum stake.
    most = 4 * (game.ante + game.max_stake)
    over = client.post("/api/results/", {"deal": deal.pk, "winners": [players[0].pk], "pot": most + 4},
                       format="json")
    assert over.status_code == 400 and str(most + 4) in over.json()["message"] and str(most) in over.json()["message"]
    ok = client.post("/api/results/", {"deal": deal.pk, "winners": [players[0].pk], "pot": most}, format="json")
    assert ok.status_code == 201, ok.json()


def test_a_bet_is_at_least_the_minimum_stake_and_a_stake_at_most_the_maximum(api_as, game, croupier, players):
    game.min_stake, game.max_stake = 4, 10
    Game.objects.filter(pk=game.pk).update(min_stake=4, max_stake=10)
    deal = services.deal_start(game=game, actor=croupier)
    client = api_as(players[1])
    small = client.post(f"/api/deals/{deal.pk}/bets/", {"amount": 3}, format="json")
    assert small.status_code == 400 and "3" in small.json()["message"] and small.json()["extra"]["field"] == "amount"
    assert client.post(f"/api/deals/{deal.pk}/bets/", {"amount": 6}, format="json").status_code == 201
    # Matching a raise may add less than the minimum ...
    assert client.post(f"/api/deals/{deal.pk}/bets/", {"amount": 2}, format="json").status_code == 201
    # ... but the player's stake in the deal never passes the maximum.
    over = client.post(f"/api/deals/{deal.pk}/bets/", {"amount": 3}, format="json")
    assert over.status_code == 400 and "11" in over.json()["message"] and "10" in over.json()["message"]


def test_a_games_stakes_stay_within_the_sessions(api_as, session, croupier, players):
    response = api_as(players[0]).post("/api/games/", {"session": session.pk, "max_stake": 100000}, format="json")
    assert response.status_code == 400 and "100000" in response.json()["message"]
    assert response.json()["extra"] == {"field": "max_stake", "value": 100000}
    low = api_as(croupier).post("/api/games/", {"session": session.pk, "min_stake": 1}, format="json")
    assert low.status_code == 400 and low.json()["extra"]["field"] == "min_stake"
    ok = api_as(players[0]).post("/api/games/", {"session": session.pk, "min_stake": 4, "max_stake": 10},
                                 format="json")
    assert ok.status_code == 201 and (ok.json()["min_stake"], ok.json()["max_stake"]) == (4, 10)


def test_the_start_page_shows_a_stake_refusal_beside_the_field(client_as, session, croupier):
    data = {"min_stake": 2, "max_stake": 5000, "animals": 0, "weather": "sunny", "saint_images": 0,
            "analog_clocks": 0, "digital_clocks": 0, "exits": 1}
    for row in session.seats.all():
        data.update({f"clothing_{row.member_id}": "dark", f"drink_{row.member_id}": "soft",
                     f"spare_decks_{row.member_id}": 0})
    page = client_as(croupier).post(reverse("games:game_start", args=[session.pk]), data)
    assert page.status_code == 200 and not Game.objects.exists()
    assert "5000" in str(page.context["form"].errors["max_stake"])


def test_the_deal_page_shows_a_pot_refusal_beside_the_field(client_as, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    page = client_as(players[0]).post(reverse("games:deal_submit", args=[deal.pk]),
                                      {"winners": [players[0].pk], "pot": 999999})
    assert page.status_code == 400 and not Result.objects.exists()
    assert "999999" in str(page.context["quick_form"].errors["pot"])


def test_the_deal_page_shows_a_bet_refusal_beside_the_field(client_as, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    page = client_as(players[0]).post(reverse("games:deal_bet", args=[deal.pk]),
                                      {"member": players[0].pk, "amount": 999})
    assert page.status_code == 400 and not deal.bets.filter(kind="raise").exists()
    assert "999" in str(page.context["bet_form"].errors["amount"])


# --- redirects stay on the site ----------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "/\\evil.example/",
                                    "http://testserver.evil.example/"])
def test_confirming_never_redirects_off_the_site(client_as, game, croupier, players, target):
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    result = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=8)
    response = client_as(players[1]).post(reverse("games:result_confirm", args=[result.pk]), {"next": target})
    assert response.status_code == 302 and response["Location"] == deal.get_absolute_url()


def test_confirming_follows_a_next_on_the_site(client_as, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    result = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=8)
    response = client_as(players[1]).post(reverse("games:result_confirm", args=[result.pk]),
                                          {"next": reverse("games:member_dashboard")})
    assert response["Location"] == reverse("games:member_dashboard")


# --- balances are private --------------------------------------------------------------------------------


def _confirmed_quick(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    result = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=8)
    services.result_confirm(result=result, actor=croupier)
    return deal


def test_a_members_balance_is_his_own(api_as, game, croupier, players):
    _confirmed_quick(game, croupier, players)
    other = api_as(players[0]).get(f"/api/stats/{players[1].pk}/")
    assert other.status_code == 200
    body = other.json()
    assert body["played"] == 1 and body["won"] == 1   # results are the club's
    assert body["balance"] is None and body["net"] is None and body["net_series"] is None
    own = api_as(players[1]).get(f"/api/stats/{players[1].pk}/").json()
    assert own["balance"] == 6 and own["net"] == 6 and own["net_series"][-1] == [1, 6]
    assert api_as(croupier).get(f"/api/stats/{players[1].pk}/").json()["balance"] == 6


def test_the_club_may_open_balances_to_all_members(api_as, game, croupier, players, settings):
    settings.CLUB_OPEN_BALANCES = True
    _confirmed_quick(game, croupier, players)
    assert api_as(players[0]).get(f"/api/stats/{players[1].pk}/").json()["balance"] == 6


def test_the_stats_page_hides_another_members_chips(client_as, game, croupier, players):
    _confirmed_quick(game, croupier, players)
    page = client_as(players[0]).get(reverse("games:member_stats", args=[players[1].pk]))
    assert page.status_code == 200
    assert page.context["balance"] is None and page.context["sessions"] == []
    assert page.context["stats"]["net_series"] == [] and 'id="balance"' not in page.content.decode()
    own = client_as(players[1]).get(reverse("games:member_stats", args=[players[1].pk]))
    assert own.context["balance"] == 6 and 'id="balance"' in own.content.decode()


def test_the_ledger_shows_a_member_only_his_own_entries(api_as, game, croupier, players):
    deal = _confirmed_quick(game, croupier, players)
    mine = api_as(players[0]).get(f"/api/ledger/?deal={deal.pk}&limit=100").json()
    assert mine["count"] > 0 and {row["member"] for row in mine["results"]} == {players[0].pk}
    peek = api_as(players[0]).get(f"/api/ledger/?member={players[1].pk}").json()
    assert peek["count"] == 0
    everything = api_as(croupier).get(f"/api/ledger/?deal={deal.pk}&limit=100").json()
    assert sum(row["amount"] for row in everything["results"]) == 0
    assert everything["count"] == LedgerEntry.objects.filter(deal=deal).count()


def test_the_leaderboard_shows_results_not_chips(api_as, client_as, game, croupier, players):
    _confirmed_quick(game, croupier, players)
    board = api_as(players[0]).get("/api/stats/leaderboard/?period=week").json()
    assert board[0]["member"] == players[1].pk and board[0]["won"] == 1
    assert all(row["net"] is None for row in board)
    assert api_as(croupier).get("/api/stats/leaderboard/?period=week").json()[0]["net"] == 6
    page = client_as(players[0]).get(reverse("games:leaderboard") + "?period=week")
    assert all(row["net"] is None for row in page.context["rows"])
