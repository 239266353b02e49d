"""Draker games as the club played them: a member records a game he plays in, another player of
it or a croupier confirms it (never the member who entered it), and only then does it count in
the Draker rating. No stakes, so the ledger never moves. Denials are tested as carefully as the
happy path; who may do what is one table of action x role x relation."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from club import services as club_services
from club.errors import Conflict, Forbidden, InvalidInput, NotFound
from club.models import RSVP, Member
from games import selectors as game_selectors
from games.models import LedgerEntry
from games.tables import access, services
from games.tables.models import DrakerGame, DrakerPlayer, DrakerTurn
from rules.engines.errors import RulesError
from tests import factories

pytestmark = pytest.mark.django_db

# The seed's example: three cards, a straight by rank and by profession, one "+1" token, a flush: 24.
SEED_EXAMPLE = [{"rank": 5, "profession": 1, "suit": "h", "tokens": 1}, {"rank": 6, "profession": 2, "suit": "h"},
                {"rank": 7, "profession": 3, "suit": "h"}]


@pytest.fixture
def third(db):
    return factories.member(display_name="Frumple")


def _places(*members, lives=None):
    lives = lives or [None] * len(members)
    return [{"member": m, "place": n, "life": life} for n, (m, life) in enumerate(zip(members, lives, strict=True), start=1)]


def _record(actor, *members, **kwargs):
    return services.draker_game_record(actor=actor, players=_places(*members), **kwargs)


# --- recording and confirming -----------------------------------------------------------------

def test_a_player_records_a_draft_and_another_player_confirms_it(player, opponent, third):
    ledger = LedgerEntry.objects.count()
    game = services.draker_game_record(actor=player, players=_places(third, player, opponent, lives=[5, 0, -3]),
                                       note="after the dice")
    assert game.status == "draft" and game.entered_by == player and game.confirmed_by is None
    assert [(p.member, p.place, p.life) for p in game.players.order_by("place")] == [
        (third, 1, 5), (player, 2, 0), (opponent, 3, -3)]
    confirmed = services.draker_game_confirm(game=game, actor=opponent)
    assert confirmed.status == "confirmed" and confirmed.confirmed_by == opponent and confirmed.confirmed_at
    # No stakes: not one chip moved.
    assert LedgerEntry.objects.count() == ledger
    # The record keeps its history: entered as a draft, then confirmed.
    assert [h.status for h in DrakerGame.history.filter(id=game.pk).order_by("history_date")] == ["draft", "confirmed"]
    assert DrakerPlayer.history.filter(game_id=game.pk).count() == 3


def test_the_entering_member_cannot_confirm_his_own_record(player, opponent):
    game = _record(player, player, opponent)
    with pytest.raises(Forbidden):
        services.draker_game_confirm(game=game, actor=player)
    assert DrakerGame.objects.get(pk=game.pk).status == "draft"


def test_a_croupier_enters_a_game_of_others_and_a_player_or_another_croupier_confirms(player, opponent, croupier):
    game = _record(croupier, player, opponent)
    with pytest.raises(Forbidden):
        services.draker_game_confirm(game=game, actor=croupier)
    other = factories.member(Member.Role.CROUPIER, display_name="Aahz")
    assert services.draker_game_confirm(game=game, actor=other).confirmed_by == other
    second = _record(croupier, player, opponent)
    assert services.draker_game_confirm(game=second, actor=player).status == "confirmed"


def test_a_confirmed_game_is_confirmed_once_and_a_draft_may_be_discarded(player, opponent, third):
    game = services.draker_game_confirm(game=_record(player, player, opponent), actor=opponent)
    with pytest.raises(Conflict):
        services.draker_game_confirm(game=game, actor=opponent)
    with pytest.raises(Conflict):
        services.draker_game_discard(game=game, actor=player)
    draft = _record(player, player, opponent, third)
    discarded = services.draker_game_discard(game=draft, actor=third)
    assert discarded.status == "discarded" and discarded.closed_by == third
    with pytest.raises(Conflict):
        services.draker_game_confirm(game=draft, actor=opponent)


# --- refusals ---------------------------------------------------------------------------------

def test_a_member_records_only_a_game_he_plays_in(player, opponent, stranger):
    with pytest.raises(Forbidden) as refused:
        _record(stranger, player, opponent)
    assert refused.value.extra["field"] == "players"
    assert not DrakerGame.objects.exists()


def test_fewer_than_two_players_is_no_game(player):
    with pytest.raises(InvalidInput) as refused:
        _record(player, player)
    assert refused.value.extra == {"field": "players", "value": 1, "min": 2}
    with pytest.raises(InvalidInput):
        services.draker_game_record(actor=player, players=[])


def test_each_place_is_one_players_and_each_player_is_named_once(player, opponent, third):
    shared = [{"member": player, "place": 1}, {"member": opponent, "place": 1}, {"member": third, "place": 3}]
    with pytest.raises(InvalidInput) as refused:
        services.draker_game_record(actor=player, players=shared)
    assert refused.value.extra == {"field": "players", "row": 1, "column": "place", "value": 1}
    assert player.display_name in refused.value.message and opponent.display_name in refused.value.message
    twice = [{"member": player, "place": 1}, {"member": player, "place": 2}]
    with pytest.raises(InvalidInput) as refused:
        services.draker_game_record(actor=player, players=twice)
    assert refused.value.extra["column"] == "member"
    assert not DrakerGame.objects.exists() and not DrakerPlayer.objects.exists()


@pytest.mark.parametrize(("place", "life"), [(0, None), (3, None), (-1, None), ("1", None), (True, None),
                                             (2, 10_000), (2, -10_000), (2, 1.5)])
def test_places_and_life_points_stay_within_bounds(player, opponent, place, life):
    rows = [{"member": player, "place": 1}, {"member": opponent, "place": place, "life": life}]
    with pytest.raises(InvalidInput) as refused:
        services.draker_game_record(actor=player, players=rows)
    assert refused.value.extra["row"] == 1
    assert refused.value.extra["column"] == ("place" if life is None else "life")
    assert not DrakerGame.objects.exists()


def test_too_many_players_an_inactive_player_or_a_future_game_are_refused(player, opponent):
    crowd = [player, opponent] + [factories.member() for _ in range(services.DRAKER_MAX_PLAYERS - 1)]
    with pytest.raises(InvalidInput) as refused:
        _record(player, *crowd)
    assert refused.value.extra["max"] == services.DRAKER_MAX_PLAYERS
    gone = factories.member(display_name="Gone")
    Member.objects.filter(pk=gone.pk).update(active=False)
    gone.refresh_from_db()
    with pytest.raises(InvalidInput) as refused:
        _record(player, player, gone)
    assert refused.value.extra["value"] == gone.pk
    with pytest.raises(InvalidInput) as refused:
        _record(player, player, opponent, played_at=timezone.now() + dt.timedelta(days=1))
    assert refused.value.extra["field"] == "played_at"
    assert not DrakerGame.objects.exists()


def test_a_game_of_a_session_is_played_by_members_taking_part(player, opponent, stranger, croupier):
    session = factories.session(actor=croupier)
    for member in (player, opponent):
        club_services.rsvp_set(session=session, member=member, actor=member, answer=RSVP.Answer.GOING)
    game = _record(player, player, opponent, session=session)
    assert game.session == session
    with pytest.raises(InvalidInput) as refused:
        _record(player, player, stranger, session=session)
    assert refused.value.extra["value"] == stranger.pk
    assert DrakerGame.objects.count() == 1


# --- turns valued by the engine ---------------------------------------------------------------

def test_a_turn_is_valued_as_the_seed_says_and_overspending_costs_three_life_points_a_point(player, opponent):
    game = _record(player, player, opponent)
    turn = services.draker_turn_record(game=game, actor=opponent, player=player, cards=SEED_EXAMPLE,
                                       spent_defence=30)
    assert (turn.number, turn.final, turn.role) == (1, 24, "defence")
    # 30 defence points spent against 24 earned: 6 too many, 3 life points each.
    assert turn.balance["excess"] == 6 and turn.life_cost == 18
    assert turn.entered_by == opponent
    second = services.draker_turn_record(game=game, actor=player, player=opponent, cards=SEED_EXAMPLE[1:2])
    assert (second.number, second.final, second.life_cost) == (2, 1, 0)


def test_a_turn_is_refused_for_a_bad_card_an_outsider_or_a_confirmed_game(player, opponent, stranger):
    game = _record(player, player, opponent)
    with pytest.raises(RulesError):
        services.draker_turn_record(game=game, actor=player, player=player,
                                    cards=[{"rank": 15, "profession": 1, "suit": "h"}])
    with pytest.raises(Forbidden):
        services.draker_turn_record(game=game, actor=stranger, player=player, cards=SEED_EXAMPLE)
    with pytest.raises(InvalidInput):
        services.draker_turn_record(game=game, actor=player, player=stranger, cards=SEED_EXAMPLE)
    services.draker_game_confirm(game=game, actor=opponent)
    with pytest.raises(Conflict):
        services.draker_turn_record(game=game, actor=player, player=player, cards=SEED_EXAMPLE)
    assert not DrakerTurn.objects.exists()


# --- who may do what: action x role x relation ------------------------------------------------

ROLES = ("member", "croupier", "inactive")
RELATIONS = ("entered", "plays", "none")
# (action, role, relation) -> allowed. An inactive member may do nothing; reading is open to
# every active member; a second person confirms.
ALLOWED = {
    ("view", "member", "entered"): True, ("view", "member", "plays"): True, ("view", "member", "none"): True,
    ("view", "croupier", "entered"): True, ("view", "croupier", "plays"): True, ("view", "croupier", "none"): True,
    ("turn", "member", "entered"): True, ("turn", "member", "plays"): True, ("turn", "member", "none"): False,
    ("turn", "croupier", "entered"): True, ("turn", "croupier", "plays"): True, ("turn", "croupier", "none"): True,
    ("confirm", "member", "entered"): False, ("confirm", "member", "plays"): True,
    ("confirm", "member", "none"): False, ("confirm", "croupier", "entered"): False,
    ("confirm", "croupier", "plays"): True, ("confirm", "croupier", "none"): True,
    ("discard", "member", "entered"): True, ("discard", "member", "plays"): True,
    ("discard", "member", "none"): False, ("discard", "croupier", "entered"): True,
    ("discard", "croupier", "plays"): True, ("discard", "croupier", "none"): True,
    ("record", "member", "entered"): True, ("record", "member", "plays"): True, ("record", "member", "none"): False,
    ("record", "croupier", "entered"): True, ("record", "croupier", "plays"): True,
    ("record", "croupier", "none"): True,
}
TABLE = [(action, role, relation) for action in access.DRAKER_ACTIONS for role in ROLES for relation in RELATIONS]


def test_the_table_covers_every_action():
    assert set(access.DRAKER_ACTIONS) == {"record", "view", "turn", "confirm", "discard"}
    assert {(a, r, rel) for a, r, rel in TABLE if r != "inactive"} == set(ALLOWED)


@pytest.mark.parametrize(("action", "role", "relation"), TABLE)
def test_who_may_act_on_a_draker_game(action, role, relation):
    actor = factories.member(Member.Role.CROUPIER if role == "croupier" else Member.Role.MEMBER)
    a, b = factories.member(), factories.member()
    # "entered": the actor entered the game and plays in it (a croupier entering for others does not);
    # "plays": another player entered it; "none": the actor has no part in it.
    if relation == "entered":
        players = (a, b) if role == "croupier" else (actor, a)
        entered_by = actor
    else:
        players = (actor, a) if relation == "plays" else (a, b)
        entered_by = a
    game = None if action == "record" else _record(entered_by, *players)
    if role == "inactive":
        Member.objects.filter(pk=actor.pk).update(active=False)
        actor.refresh_from_db()
    allowed = ALLOWED.get((action, role, relation), False)
    if action == "record":
        call = lambda: _record(actor, *players)  # noqa: E731
    else:
        call = lambda: access.access_draker_game(actor, game.pk, for_action=action)  # noqa: E731
    if allowed:
        assert call() is not None
    else:
        with pytest.raises(Forbidden):
            call()


def test_an_unknown_game_is_not_found(player):
    with pytest.raises(NotFound):
        access.access_draker_game(player, 999_999, for_action="view")
    with pytest.raises(NotFound):
        access.access_draker_game(player, "x" * 100, for_action="view")


# --- the Draker rating ------------------------------------------------------------------------

def test_a_confirmed_game_rates_its_winner_up_and_a_draft_counts_for_nothing(player, opponent, third):
    cache.clear()
    game = _record(player, third, player, opponent)
    assert game_selectors.ratings_board("draker") == []
    services.draker_game_confirm(game=game, actor=opponent)
    board = game_selectors.ratings_board("draker")
    assert [row["member"] for row in board] == [third, player, opponent]
    assert board[0]["mu"] > 25 > board[2]["mu"] and board[0]["played"] == 1
    history = game_selectors.member_rating_history(third)
    assert [p.ref for p in history["draker"]] == [game.pk]
    # A second confirmed game with the other order moves the ratings again, in the order of play.
    later = _record(opponent, opponent, third, played_at=timezone.now())
    services.draker_game_confirm(game=later, actor=third)
    after = {row["member"]: row for row in game_selectors.ratings_board("draker")}
    assert after[opponent]["mu"] > board[2]["mu"] and after[third]["played"] == 2


def test_draker_counts_in_the_all_rounder_ranking(player, opponent):
    from games import ratings

    cache.clear()
    for _ in range(2):
        services.draker_game_confirm(game=_record(player, player, opponent), actor=opponent)
    matches = [m for m in game_selectors.rating_matches() if m.game == "draker"]
    assert len(matches) == 2 and all(dict(m.scores)[player.pk] > dict(m.scores)[opponent.pk] for m in matches)
    history = ratings.replay(matches + [ratings.Match("dice", (timezone.now(),), timezone.localdate(), 1,
                                                      ((player.pk, 1), (opponent.pk, 0))),
                                        ratings.Match("dice", (timezone.now(),), timezone.localdate(), 2,
                                                      ((player.pk, 1), (opponent.pk, 0)))])
    top = ratings.all_rounder(history)[0]
    assert top.member_id == player.pk and top.games == ("dice", "draker")


# --- the API ----------------------------------------------------------------------------------

def _error(response, status):
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"message", "extra"} and body["message"]
    return body


def test_the_api_records_confirms_and_reads_a_game(player, opponent, api_as):
    me, him = api_as(player), api_as(opponent)
    created = me.post("/api/draker-games/", {"players": [
        {"member": opponent.pk, "place": 1, "life": 4}, {"member": player.pk, "place": 2}]}, format="json")
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["status"] == "draft" and body["entered_by"] == player.pk and body["turns"] == []
    assert [(p["member"], p["place"], p["life"]) for p in body["players"]] == [(opponent.pk, 1, 4),
                                                                                (player.pk, 2, None)]
    url = f"/api/draker-games/{body['id']}/"
    turn = him.post(url + "turns/", {"player": opponent.pk, "cards": SEED_EXAMPLE, "spent_defence": 25},
                    format="json")
    assert turn.status_code == 201, turn.content
    turns = turn.json()["turns"]
    assert turns[0]["final"] == 24 and turns[0]["life_cost"] == 3
    assert turn.json()["players"][0]["life_lost_in_turns"] == 3
    _error(me.post(url + "confirm/"), 403)
    confirmed = him.post(url + "confirm/")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "confirmed"
    _error(him.post(url + "confirm/"), 409)
    listed = me.get("/api/draker-games/").json()
    assert [g["id"] for g in listed["results"]] == [body["id"]] and "turns" not in listed["results"][0]
    assert me.get(url).json()["turns"][0]["number"] == 1


def test_the_api_refuses_with_the_sites_error_shape(player, opponent, stranger, api_as):
    me = api_as(player)
    body = _error(me.post("/api/draker-games/", {"players": [{"member": player.pk, "place": 1}]}, format="json"), 400)
    assert body["extra"]["field"] == "players"
    body = _error(me.post("/api/draker-games/", {"players": [{"member": player.pk, "place": 1},
                                                             {"member": opponent.pk, "place": 1}]},
                          format="json"), 400)
    assert body["extra"]["column"] == "place"
    _error(api_as(stranger).post("/api/draker-games/", {"players": [{"member": player.pk, "place": 1},
                                                                     {"member": opponent.pk, "place": 2}]},
                                 format="json"), 403)
    game = _record(player, player, opponent)
    _error(api_as(stranger).post(f"/api/draker-games/{game.pk}/confirm/"), 403)
    _error(api_as(stranger).post(f"/api/draker-games/{game.pk}/turns/", {}, format="json"), 403)
    _error(me.post(f"/api/draker-games/{game.pk}/turns/", {"player": player.pk, "cards": [
        {"rank": 2, "profession": 1, "suit": "h"}, {"rank": 9, "profession": 5, "suit": "s"}]}, format="json"), 400)
    _error(me.get("/api/draker-games/999999/"), 404)
    assert DrakerGame.objects.get(pk=game.pk).status == "draft" and not DrakerTurn.objects.exists()


# --- the pages --------------------------------------------------------------------------------

def _page(client, member):
    client.force_login(member.user)
    return client


def test_a_member_records_on_the_page_and_the_refusal_stands_beside_the_field(client, player, opponent, third):
    page = _page(client, player)
    url = reverse("tables:draker_games")
    assert page.get(url).status_code == 200
    refused = page.post(url, {"member_0": player.pk, "member_1": player.pk})
    assert refused.status_code == 400
    html = refused.content.decode()
    assert 'id="id_member_1_error"' in html and "named twice" in html
    gap = page.post(url, {"member_0": player.pk, "member_2": opponent.pk})
    assert gap.status_code == 400 and 'id="id_member_1_error"' in gap.content.decode()
    done = page.post(url, {"member_0": third.pk, "life_0": "6", "member_1": player.pk, "member_2": opponent.pk})
    assert done.status_code == 302
    game = DrakerGame.objects.get()
    assert [(p.member, p.place, p.life) for p in game.players.all()] == [(third, 1, 6), (player, 2, None),
                                                                          (opponent, 3, None)]
    detail = page.get(done["Location"]).content.decode()
    assert 'id="draker-confirm"' not in detail and 'id="draker-not-yours"' in detail
    client.force_login(opponent.user)
    assert 'id="draker-confirm"' in client.get(done["Location"]).content.decode()
    assert client.post(reverse("tables:draker_game_confirm", args=[game.pk])).status_code == 302
    assert DrakerGame.objects.get().status == "confirmed"


def test_the_page_records_a_turn_with_the_engines_value(client, player, opponent):
    game = _record(player, player, opponent)
    page = _page(client, opponent)
    cards = {"c0-rank": "5", "c0-profession": "1", "c0-suit": "h", "c0-tokens": "1", "c0-pool": "own",
             "c1-rank": "6", "c1-profession": "2", "c1-suit": "h", "c1-pool": "own",
             "c2-rank": "7", "c2-profession": "3", "c2-suit": "h", "c2-pool": "own"}
    response = page.post(reverse("tables:draker_game_turn", args=[game.pk]),
                         {"player": player.pk, **cards, "spent_defence": "26"})
    assert response.status_code == 302, response.content.decode()[:500]
    turn = DrakerTurn.objects.get()
    assert (turn.final, turn.life_cost, turn.player) == (24, 6, player)
    html = page.get(game.get_absolute_url()).content.decode()
    assert "24" in html and 'id="draker-turns"' in html
    bad = page.post(reverse("tables:draker_game_turn", args=[game.pk]),
                    {"player": player.pk, "c0-rank": "2", "c0-profession": "1", "c0-suit": "h",
                     "c1-rank": "9", "c1-profession": "5", "c1-suit": "s"})
    assert bad.status_code == 400 and 'id="draker-turn-error"' in bad.content.decode()
    assert DrakerTurn.objects.count() == 1


def test_the_pages_make_a_fixed_number_of_queries(client, player, opponent, third, django_assert_max_num_queries):
    for _ in range(5):
        services.draker_game_confirm(game=_record(player, player, opponent, third), actor=opponent)
    page = _page(client, player)
    # The session, the member, the games with their players, the drafts waiting, the form's choices.
    with django_assert_max_num_queries(9):
        assert page.get(reverse("tables:draker_games")).status_code == 200
    draft = _record(player, player, opponent)
    for _ in range(3):
        services.draker_turn_record(game=draft, actor=player, player=opponent, cards=SEED_EXAMPLE)
    with django_assert_max_num_queries(7):
        assert page.get(draft.get_absolute_url()).status_code == 200
    # The replay's queries on a cold cache and the tab's recent games.
    cache.clear()
    with django_assert_max_num_queries(19):
        assert page.get("/games/ratings/?game=draker").status_code == 200


def test_an_admin_reads_the_games_history_of_changes(client, player, opponent):
    admin = factories.member(Member.Role.ADMIN, display_name="Aahz")
    game = services.draker_game_confirm(game=_record(player, player, opponent), actor=opponent)
    client.force_login(admin.user)
    page = client.get(game.get_absolute_url()).content.decode()
    history = reverse("club:audit_object", args=["draker_game", game.pk])
    assert f'href="{history}"' in page
    audit = client.get(history)
    assert audit.status_code == 200
    html = audit.content.decode()
    # The record, its players and their places, each named in words.
    assert "The Draker game of" in html and "Skeeve in the Draker game of" in html
    assert "Guido in the Draker game of" in html and f"Draker game {game.pk}" not in html
