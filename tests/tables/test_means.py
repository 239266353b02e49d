"""Chips at the tables are bounded: by the table's limit, the session's stakes, and what the member
can cover (his chips plus the club's credit, CLUB_CREDIT_LIMIT). A refusal names the amount and
the limit, stands beside the field, and moves no chip."""

import pytest
from django.urls import reverse

from club.errors import InvalidInput
from games.models import LedgerEntry
from games.tables import access, services
from games.tables.models import CasinoHand, DiceMatch
from tests import factories

pytestmark = pytest.mark.django_db


def test_a_casino_stake_above_the_members_means_is_refused_and_nothing_moves(player, settings):
    settings.CLUB_CREDIT_LIMIT = 0
    with pytest.raises(InvalidInput) as error:
        services.casino_hand_start(actor=player, stake=5, seed="means-1")
    assert error.value.message == ("A stake of 5 chips is more than Skeeve can cover: 0 at most "
                                   "(chips 0; the club gives no credit).")
    assert error.value.extra == {"field": "stake", "value": 5, "max": 0, "member": player.pk}
    assert not CasinoHand.objects.exists() and not LedgerEntry.objects.exists()


def test_the_clubs_credit_is_the_floor_of_a_members_chips(player, settings):
    settings.CLUB_CREDIT_LIMIT = 5
    with pytest.raises(InvalidInput, match="A stake of 6 chips is more than Skeeve can cover: 5 at most"):
        services.casino_hand_start(actor=player, stake=6, seed="means-2")
    hand = services.casino_hand_start(actor=player, stake=5, seed="means-2")
    services.casino_hand_act(hand=hand, actor=player, action="fold")
    assert access.member_chips(player) == -5
    with pytest.raises(InvalidInput, match=r"0 at most \(chips -5, club credit 5\)"):
        services.casino_hand_start(actor=player, stake=1, seed="means-3")


def test_a_raise_the_member_cannot_cover_is_refused_and_the_hand_waits(player, settings):
    settings.CLUB_CREDIT_LIMIT = 2
    hand = services.casino_hand_start(actor=player, stake=2, seed="means-4")
    with pytest.raises(InvalidInput, match="A raise of 2 chips is more than Skeeve can cover") as error:
        services.casino_hand_act(hand=hand, actor=player, action="raise")
    assert error.value.extra["field"] == "action"
    hand.refresh_from_db()
    assert hand.phase == CasinoHand.Phase.FIRST_DECISION and hand.player_paid == 2
    assert access.member_chips(player) == -2


def test_the_casino_tables_limit_names_the_stake_and_the_limit(player, settings):
    settings.CASINO_MAX_STAKE = 100
    with pytest.raises(InvalidInput, match="from 1 to 100, not 500"):
        services.casino_hand_start(actor=player, stake=500, seed="means-5")


def test_a_dice_match_keeps_to_the_sessions_lowest_and_highest_stake(player, opponent, croupier):
    session = factories.session(actor=croupier, kind="tables", game="dice", min_stake=5, max_stake=10)
    with pytest.raises(InvalidInput) as low:
        services.dice_match_create(actor=player, first=player, second=opponent, stake=2, session=session)
    assert low.value.message == f"At {session.title} the stake is at least 5 chips, not 2."
    assert low.value.extra["field"] == "stake"
    with pytest.raises(InvalidInput, match="the stake is at most 10 chips, not 11"):
        services.dice_match_create(actor=player, first=player, second=opponent, stake=11, session=session)
    assert not DiceMatch.objects.exists()
    assert services.dice_match_create(actor=player, first=player, second=opponent, stake=5, session=session).stake == 5


def test_dice_stakes_need_the_means_of_whoever_puts_them_in(player, opponent, croupier, settings):
    settings.CLUB_CREDIT_LIMIT = 3
    with pytest.raises(InvalidInput, match="A stake of 4 chips is more than Skeeve can cover: 3 at most"):
        services.dice_match_create(actor=player, first=player, second=opponent, stake=4)
    match = services.dice_match_create(actor=player, first=player, second=opponent, stake=3)
    services.casino_hand_act(hand=services.casino_hand_start(actor=opponent, stake=1, seed="means-6"),
                             actor=opponent, action="fold")
    with pytest.raises(InvalidInput, match="A stake of 3 chips is more than Guido can cover: 2 at most"):
        services.dice_match_accept(match=match, actor=opponent)
    match.refresh_from_db()
    assert match.is_invited and access.member_chips(opponent) == -1
    # A croupier's match takes both stakes at once: each player must cover his own.
    with pytest.raises(InvalidInput, match=r"Skeeve can cover: 0 at most \(chips -3"):
        services.dice_match_create(actor=croupier, first=player, second=opponent, stake=3)


def test_the_casino_page_refuses_a_stake_beside_the_field(client, player, settings):
    settings.CLUB_CREDIT_LIMIT = 100
    client.force_login(player.user)
    assert client.post(reverse("tables:casino"), {"stake": "100"}).status_code == 302
    client.post(reverse("tables:casino_act", args=[CasinoHand.objects.get().pk]), {"action": "fold"})
    response = client.post(reverse("tables:casino"), {"stake": "50"})
    page = response.content.decode()
    assert response.status_code == 400
    beside = page[page.index('name="stake"'):]
    assert "A stake of 50 chips is more than Skeeve can cover: 0 at most (chips -100, club credit 100)." in beside[:800]
    assert 'class="message error"' not in page


def test_a_raise_in_a_dice_match_needs_the_chips_to_cover_it(player, opponent, croupier, settings):
    settings.CLUB_CREDIT_LIMIT = 3
    match = services.dice_match_create(actor=croupier, first=player, second=opponent, stake=3)
    services.dice_match_move(match=match, actor=croupier, player=player, action="roll", dice=[6, 6, 6, 2, 3])
    services.dice_match_move(match=match, actor=croupier, player=opponent, action="roll", dice=[1, 2, 4, 4, 5])
    before = DiceMatch.objects.get(pk=match.pk).document
    # Proposed by a player who cannot put it in: refused at once, beside the amount.
    with pytest.raises(InvalidInput, match=r"A raise of 2 chips is more than Skeeve can cover: 0 at most") as error:
        services.dice_match_move(match=match, actor=croupier, player=player, action="raise", amount=2)
    assert error.value.extra["field"] == "amount"
    match.refresh_from_db()
    assert match.pool <= 6 and access.member_chips(player) == -3 and access.member_chips(opponent) == -3
    assert before["state"]["rounds"] == match.document["state"]["rounds"]


def test_accepting_a_raise_needs_the_chips_of_both_players(player, opponent, croupier, settings):
    settings.CLUB_CREDIT_LIMIT = 5
    match = services.dice_match_create(actor=croupier, first=player, second=opponent, stake=3)
    services.casino_hand_act(hand=services.casino_hand_start(actor=opponent, stake=2, seed="means-7"),
                             actor=opponent, action="fold")
    services.dice_match_move(match=match, actor=croupier, player=player, action="roll", dice=[6, 6, 6, 2, 3])
    services.dice_match_move(match=match, actor=croupier, player=opponent, action="roll", dice=[1, 2, 4, 4, 5])
    services.dice_match_move(match=match, actor=croupier, player=player, action="raise", amount=2)
    with pytest.raises(InvalidInput, match=r"A raise of 2 chips is more than Guido can cover: 0 at most \(chips -5"):
        services.dice_match_move(match=match, actor=croupier, player=opponent, action="accept")
    match.refresh_from_db()
    assert match.pool == 6 and match.document["state"]["proposal"]
