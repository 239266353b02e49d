"""Nobody takes what is not theirs: a dice match against another member is an invitation he
accepts or declines; each player moves only for himself (a croupier may enter real dice for both,
and the record says so); stakes and raises stay within the table's limits; the casino stake too.
Denials are tested as carefully as the happy path."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from club.errors import Conflict, Forbidden, InvalidInput, NotFound
from games.tables import selectors, services
from games.tables.models import CasinoHand, DiceMatch
from tests import factories

pytestmark = pytest.mark.django_db

BOTH_ROLLS = ([6, 6, 6, 2, 3], [1, 2, 4, 4, 5])


def _chips(member):
    return selectors.table_balance(member=member)


def _error(response, status):
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"message", "extra"} and body["message"]
    return body


@pytest.fixture
def logged_in(client):
    def login(member):
        client.force_login(member.user)
        return client
    return login


# --- the attack, through the API ---------------------------------------------------------------

def test_opening_a_match_against_a_member_takes_none_of_his_chips(player, opponent, api_as):
    """The penetration test's two requests: open a match against the victim, then play his rolls."""
    thief = api_as(player)
    created = thief.post("/api/dice-matches/", {"first": player.pk, "second": opponent.pk, "stake": 900},
                         format="json")
    assert created.status_code == 201, created.content
    match = created.json()
    assert match["phase"] == "invited" and match["invitee"] == opponent.pk and match["created_by"] == player.pk
    # Only the creator's own stake is in the pool; the invitee's chips have not moved.
    assert match["pool"] == 900 and _chips(opponent) == 0 and _chips(player) == -900
    url = f"/api/dice-matches/{match['id']}/move/"
    body = _error(thief.post(url, {"action": "roll", "player": opponent.pk, "dice": [1, 1, 1, 1, 2]},
                             format="json"), 403)
    assert body["extra"]["value"] == opponent.pk
    # Nor may the match be played before the invitee has said yes.
    _error(thief.post(url, {"action": "roll", "dice": [6, 6, 6, 6, 6]}, format="json"), 409)
    assert _chips(opponent) == 0 and DiceMatch.objects.get().document["moves"] == []


def test_the_invitee_accepts_then_each_plays_for_himself(player, opponent, api_as):
    me, him = api_as(player), api_as(opponent)
    match = me.post("/api/dice-matches/", {"first": player.pk, "second": opponent.pk, "stake": 3},
                    format="json").json()
    base = f"/api/dice-matches/{match['id']}/"
    # The creator cannot accept on the invitee's behalf.
    _error(me.post(base + "accept/"), 403)
    assert _chips(opponent) == 0
    accepted = him.post(base + "accept/")
    assert accepted.status_code == 200, accepted.content
    body = accepted.json()
    assert body["phase"] == "roll" and body["pool"] == 6 and body["accepted_at"]
    assert _chips(opponent) == -3 and _chips(player) == -3
    _error(him.post(base + "accept/"), 409)
    # Even with real dice, a player types only his own roll.
    assert me.post(base + "move/", {"action": "roll", "dice": BOTH_ROLLS[0]}, format="json").status_code == 200
    body = _error(me.post(base + "move/", {"action": "roll", "player": opponent.pk, "dice": [6, 6, 6, 6, 6]},
                          format="json"), 403)
    assert body["extra"]["field"] == "player"
    # Without "player", a member's move is his own: here it is not his turn.
    _error(me.post(base + "move/", {"action": "roll", "dice": [6, 6, 6, 6, 6]}, format="json"), 400)
    after = him.post(base + "move/", {"action": "roll", "dice": BOTH_ROLLS[1]}, format="json").json()
    assert after["phase"] == "bargain"
    assert [(e["player"], e["entered_by"], e["by_croupier"]) for e in after["entries"]] == [
        (player.pk, player.pk, False), (opponent.pk, opponent.pk, False)]
    # A raise the proposer offers moves the acceptor's chips only when the acceptor accepts.
    me.post(base + "move/", {"action": "raise", "amount": 2}, format="json")
    assert _chips(opponent) == -3
    _error(me.post(base + "move/", {"action": "accept", "player": opponent.pk}, format="json"), 403)
    assert him.post(base + "move/", {"action": "accept"}, format="json").status_code == 200
    assert _chips(opponent) == -5 and _chips(player) == -5
    assert selectors.ledger_total() == 0 and selectors.unbalanced_postings() == []


@pytest.mark.parametrize("how", ["decline", "withdraw"])
def test_decline_and_withdraw_return_the_creators_stake(player, opponent, api_as, how):
    me, him = api_as(player), api_as(opponent)
    match = me.post("/api/dice-matches/", {"first": opponent.pk, "second": player.pk, "stake": 7},
                    format="json").json()
    assert match["invitee"] == opponent.pk and _chips(player) == -7
    base = f"/api/dice-matches/{match['id']}/"
    # The invitation's ends are each one side's: the creator withdraws, the invitee declines.
    _error((him if how == "withdraw" else me).post(base + how + "/"), 403)
    answer = (me if how == "withdraw" else him).post(base + how + "/")
    assert answer.status_code == 200, answer.content
    assert answer.json()["phase"] == {"decline": "declined", "withdraw": "withdrawn"}[how]
    assert answer.json()["pool"] == 0
    assert _chips(player) == 0 and _chips(opponent) == 0
    assert selectors.ledger_total() == 0 and selectors.unbalanced_postings() == []
    # Once ended the invitation cannot be answered again, nor the match played.
    for action in ("accept", "decline", "withdraw"):
        _error((me if action == "withdraw" else him).post(base + action + "/"), 409)
    _error(me.post(base + "move/", {"action": "roll", "dice": BOTH_ROLLS[0]}, format="json"), 409)
    assert _chips(player) == 0 and _chips(opponent) == 0


@pytest.mark.parametrize("action", ["accept", "decline", "withdraw", "move"])
def test_anonymous_and_a_third_member_are_denied_every_write(player, opponent, stranger, api_as, action):
    match = services.dice_match_create(actor=player, first=player, second=opponent, stake=4)
    url = f"/api/dice-matches/{match.pk}/{action}/"
    body = {"action": "roll", "dice": BOTH_ROLLS[0], "player": player.pk} if action == "move" else {}
    _error(APIClient().post(url, body, format="json"), 403)
    _error(api_as(stranger).post(url, body, format="json"), 403)
    _error(api_as(stranger).post(f"/api/dice-matches/999999/{action}/", body, format="json"), 404)
    match.refresh_from_db()
    assert match.phase == "invited" and match.pool == 4
    assert _chips(player) == -4 and _chips(opponent) == 0 and _chips(stranger) == 0
    # The same match accepted and under way: still nothing for anyone else.
    services.dice_match_accept(match=match, actor=opponent)
    if action == "move":
        _error(APIClient().post(url, body, format="json"), 403)
        _error(api_as(stranger).post(url, body, format="json"), 403)
        match.refresh_from_db()
        assert match.document["moves"] == []


# --- the croupier --------------------------------------------------------------------------------

def test_a_croupier_opens_a_match_and_enters_the_real_dice_for_both(player, opponent, croupier, api_as):
    desk = api_as(croupier)
    created = desk.post("/api/dice-matches/", {"first": player.pk, "second": opponent.pk, "stake": 2},
                        format="json")
    assert created.status_code == 201, created.content
    match = created.json()
    # The croupier's action moves both stakes, and the record says who opened the match.
    assert match["phase"] == "roll" and match["pool"] == 4 and match["created_by"] == croupier.pk
    assert match["invitee"] is None and _chips(player) == -2 and _chips(opponent) == -2
    url = f"/api/dice-matches/{match['id']}/move/"
    desk.post(url, {"action": "roll", "dice": BOTH_ROLLS[0]}, format="json")
    after = desk.post(url, {"action": "roll", "dice": BOTH_ROLLS[1]}, format="json").json()
    assert [(e["move"], e["player"], e["entered_by"], e["by_croupier"]) for e in after["entries"]] == [
        (1, player.pk, croupier.pk, True), (2, opponent.pk, croupier.pk, True)]


def test_the_match_page_says_a_croupier_entered_the_moves(player, opponent, croupier, logged_in):
    match = services.dice_match_create(actor=croupier, first=player, second=opponent)
    for member, dice in zip((player, opponent), BOTH_ROLLS, strict=True):
        services.dice_match_move(match=match, actor=croupier, player=member, action="roll", dice=dice)
    page = logged_in(player).get(match.get_absolute_url()).content.decode()
    assert page.count("entered by the croupier Tananda") == 2


def test_a_croupier_playing_in_a_match_invites_like_any_member(player, croupier):
    match = services.dice_match_create(actor=croupier, first=croupier, second=player, stake=5)
    assert match.phase == "invited" and _chips(player) == 0 and _chips(croupier) == -5


# --- the table's limits ------------------------------------------------------------------------

def test_a_stake_above_the_limit_is_refused_naming_it(player, opponent, croupier, api_as, logged_in):
    client = api_as(player)
    body = _error(client.post("/api/dice-matches/", {"first": player.pk, "second": opponent.pk, "stake": 5000},
                              format="json"), 400)
    assert "5000" in body["message"]
    session = factories.session(actor=croupier, min_stake=2, max_stake=20)
    body = _error(client.post("/api/dice-matches/", {"first": player.pk, "second": opponent.pk, "stake": 21,
                                                     "session": session.pk}, format="json"), 400)
    assert "21" in body["message"] and "20" in body["message"] and body["extra"]["field"] == "stake"
    body = _error(client.post("/api/dice-matches/", {"first": player.pk, "second": opponent.pk, "stake": 2,
                                                     "max_raise": 50, "session": session.pk}, format="json"), 400)
    assert "50" in body["message"] and body["extra"]["field"] == "max_raise"
    response = logged_in(player).post(reverse("tables:dice_list"), {
        "first": player.pk, "second": opponent.pk, "stake": 5000, "mode": "recorded"})
    assert response.status_code == 400 and "5000" in response.context["form"].errors["stake"][0]
    response = logged_in(player).post(reverse("tables:dice_list"), {
        "first": player.pk, "second": opponent.pk, "stake": 21, "mode": "recorded", "session": session.pk})
    assert response.status_code == 400 and "21" in response.context["form"].errors["stake"][0]
    assert DiceMatch.objects.count() == 0 and _chips(player) == 0


def test_a_raise_above_the_sessions_limit_is_refused_naming_it(player, opponent, croupier, api_as):
    session = factories.session(actor=croupier, min_stake=2, max_stake=20)
    match = services.dice_match_create(actor=croupier, first=player, second=opponent, stake=2, session=session)
    for member, dice in zip((player, opponent), BOTH_ROLLS, strict=True):
        services.dice_match_move(match=match, actor=croupier, player=member, action="roll", dice=dice)
    url = f"/api/dice-matches/{match.pk}/move/"
    body = _error(api_as(player).post(url, {"action": "raise", "amount": 500}, format="json"), 400)
    assert "500" in body["message"] and "20" in body["message"] and body["extra"]["field"] == "amount"
    assert api_as(player).post(url, {"action": "raise", "amount": 20}, format="json").status_code == 200


def test_a_casino_stake_above_the_table_limit_is_refused(player, api_as, logged_in, settings):
    body = _error(api_as(player).post("/api/casino-hands/", {"stake": 500}, format="json"), 400)
    assert "500" in body["message"] and body["extra"]["field"] == "stake"
    settings.CASINO_MAX_STAKE = 5
    body = _error(api_as(player).post("/api/casino-hands/", {"stake": 6}, format="json"), 400)
    assert "6" in body["message"] and "5" in body["message"]
    response = logged_in(player).post(reverse("tables:casino"), {"stake": "6"})
    assert response.status_code == 400 and "6" in response.context["form"].errors["stake"][0]
    assert CasinoHand.objects.count() == 0 and _chips(player) == 0
    assert api_as(player).post("/api/casino-hands/", {"stake": 5}, format="json").status_code == 201


# --- the one access rule -----------------------------------------------------------------------

ACCESS_TABLE = [
    # (action, who, allowed) for a match the player opened against the opponent, still invited.
    ("view", "player", True), ("view", "opponent", True), ("view", "stranger", True), ("view", "croupier", True),
    ("move", "player", True), ("move", "opponent", True), ("move", "stranger", False), ("move", "croupier", True),
    ("accept", "player", False), ("accept", "opponent", True), ("accept", "stranger", False),
    ("accept", "croupier", False),
    ("decline", "player", False), ("decline", "opponent", True), ("decline", "stranger", False),
    ("decline", "croupier", False),
    ("withdraw", "player", True), ("withdraw", "opponent", False), ("withdraw", "stranger", False),
    ("withdraw", "croupier", False),
]


@pytest.mark.parametrize(("action", "who", "allowed"), ACCESS_TABLE)
def test_access_dice_match_table(player, opponent, stranger, croupier, action, who, allowed):
    from games.tables import access

    match = services.dice_match_create(actor=player, first=player, second=opponent)
    actor = {"player": player, "opponent": opponent, "stranger": stranger, "croupier": croupier}[who]
    if allowed:
        assert access.access_dice_match(actor, match.pk, for_action=action).pk == match.pk
    else:
        with pytest.raises(Forbidden):
            access.access_dice_match(actor, match.pk, for_action=action)
    with pytest.raises(Forbidden):
        access.access_dice_match(None, match.pk, for_action=action)
    with pytest.raises(NotFound):
        access.access_dice_match(actor, match.pk + 1000, for_action=action)


def test_access_casino_hand_table(player, stranger, croupier):
    from games.tables import access

    hand = services.casino_hand_start(actor=player, seed="access")
    assert access.access_casino_hand(player, hand.pk, for_action="play").pk == hand.pk
    assert access.access_casino_hand(croupier, hand.pk, for_action="view").pk == hand.pk
    for actor, for_action in ((croupier, "play"), (stranger, "play"), (stranger, "view"), (None, "view")):
        with pytest.raises(Forbidden):
            access.access_casino_hand(actor, hand.pk, for_action=for_action)
    with pytest.raises(NotFound):
        access.access_casino_hand(player, hand.pk + 1000, for_action="view")


def test_services_refuse_without_the_views(player, opponent, stranger):
    match = services.dice_match_create(actor=player, first=player, second=opponent, stake=2)
    with pytest.raises(Forbidden):
        services.dice_match_accept(match=match, actor=player)
    with pytest.raises(Forbidden):
        services.dice_match_decline(match=match, actor=stranger)
    with pytest.raises(Forbidden):
        services.dice_match_withdraw(match=match, actor=opponent)
    with pytest.raises(Conflict):
        services.dice_match_move(match=match, actor=player, player=player, action="roll", dice=BOTH_ROLLS[0])
    match = services.dice_match_accept(match=match, actor=opponent)
    with pytest.raises(Forbidden):
        services.dice_match_move(match=match, actor=player, player=opponent, action="roll", dice=BOTH_ROLLS[0])
    with pytest.raises(Conflict):
        services.dice_match_withdraw(match=match, actor=player)
    with pytest.raises(InvalidInput, match="3000"):
        services.dice_match_create(actor=player, first=player, second=stranger, stake=2, max_raise=3000)


# --- the pages -----------------------------------------------------------------------------------

def test_the_invitee_accepts_on_the_match_page(player, opponent, logged_in):
    match = services.dice_match_create(actor=player, first=player, second=opponent, stake=2)
    client = logged_in(opponent)
    index = client.get(reverse("tables:index")).content.decode()
    assert "Skeeve invites you to a dice match" in index and match.get_absolute_url() in index
    page = client.get(match.get_absolute_url()).content.decode()
    assert f'action="{reverse("tables:dice_accept", args=[match.pk])}"' in page
    assert f'action="{reverse("tables:dice_decline", args=[match.pk])}"' in page
    assert reverse("tables:dice_withdraw", args=[match.pk]) not in page and 'value="roll"' not in page
    assert client.post(reverse("tables:dice_accept", args=[match.pk])).status_code == 302
    match.refresh_from_db()
    assert match.phase == "roll" and _chips(opponent) == -2
    assert "invites you" not in client.get(reverse("tables:index")).content.decode()


def test_the_creator_withdraws_on_the_match_page(player, opponent, stranger, logged_in):
    match = services.dice_match_create(actor=player, first=player, second=opponent, stake=2)
    page = logged_in(player).get(match.get_absolute_url()).content.decode()
    assert f'action="{reverse("tables:dice_withdraw", args=[match.pk])}"' in page
    assert reverse("tables:dice_accept", args=[match.pk]) not in page
    assert "Waiting for Guido to accept" in page
    # Another member's answer is refused; the page says the invitation still stands.
    client = logged_in(stranger)
    for name in ("dice_accept", "dice_decline", "dice_withdraw"):
        assert client.post(reverse(f"tables:{name}", args=[match.pk])).status_code == 403
    assert client.post(match.get_absolute_url(), {"action": "roll", "player": player.pk}).status_code == 403
    client = logged_in(player)
    assert client.post(reverse("tables:dice_accept", args=[match.pk])).status_code == 403
    assert client.post(reverse("tables:dice_withdraw", args=[match.pk])).status_code == 302
    match.refresh_from_db()
    assert match.phase == "withdrawn" and _chips(player) == 0
    response = client.post(reverse("tables:dice_withdraw", args=[match.pk]))
    assert response.status_code == 409


def test_anonymous_answers_go_to_the_login_page(player, opponent, client):
    match = services.dice_match_create(actor=player, first=player, second=opponent, stake=2)
    for name in ("dice_accept", "dice_decline", "dice_withdraw", "dice_match"):
        response = client.post(reverse(f"tables:{name}", args=[match.pk]), {"action": "roll"})
        assert response.status_code == 302 and "login" in response["Location"]
    match.refresh_from_db()
    assert match.phase == "invited"


def test_a_member_cannot_type_the_other_players_dice_on_the_page(player, opponent, logged_in):
    match = services.dice_match_create(actor=player, first=player, second=opponent)
    services.dice_match_accept(match=match, actor=opponent)
    client = logged_in(player)
    faces = {f"die{i}": v for i, v in enumerate(BOTH_ROLLS[0])}
    assert client.post(match.get_absolute_url(), {"action": "roll", "player": player.pk, **faces}).status_code == 302
    faces = {f"die{i}": v for i, v in enumerate(BOTH_ROLLS[1])}
    response = client.post(match.get_absolute_url(), {"action": "roll", "player": opponent.pk, **faces})
    assert response.status_code == 403
    match.refresh_from_db()
    assert len(match.document["moves"]) == 1
    # It is the opponent's turn: the creator's page waits for him and offers no move.
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Waiting for Guido to move." in page and 'value="roll"' not in page
