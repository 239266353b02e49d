"""Services of the tables: casino hands against the house, dice matches, chip postings."""

import datetime as dt
import zoneinfo

import pytest

from club.errors import Conflict, Forbidden, InvalidInput
from games.models import LedgerEntry
from games.tables import selectors, services
from games.tables.models import DiceMatch
from rules.engines import casino as casino_engine
from rules.engines import dice as dice_engine
from rules.engines.errors import RulesError
from tests import factories

pytestmark = pytest.mark.django_db

MOSCOW = zoneinfo.ZoneInfo("Europe/Moscow")


def _play_to_reveal(hand, member, first="play", second="play"):
    hand = services.casino_hand_act(hand=hand, actor=member, action=first)
    hand = services.casino_hand_draw(hand=hand, actor=member, discard=hand.document["player_cards"][:2])
    return services.casino_hand_act(hand=hand, actor=member, action=second)


def _member_chips(member):
    return selectors.table_balance(member=member)


def test_a_hand_antes_from_the_ledger_and_settles_with_the_house(player):
    venue = factories.venue(timezone="Europe/Moscow")
    hand = services.casino_hand_start(actor=player, stake=2, venue=venue, seed="s-1")
    assert hand.phase == "first_decision" and hand.player_paid == 2
    assert _member_chips(player) == -2 and selectors.ledger_total() == 0
    hand = _play_to_reveal(hand, player, first="raise", second="play")
    assert _member_chips(player) == -4
    at = dt.datetime(2026, 3, 1, 21, 37, tzinfo=MOSCOW)
    hand = services.casino_hand_reveal(hand=hand, actor=player, now=at.astimezone(dt.UTC))
    assert hand.is_settled and hand.minute == 37 and hand.time_zone == "Europe/Moscow"
    # The stored record replays to the same result from the seed, the decisions and the minute.
    replay = casino_engine.play_hand("s-1", "raise", hand.document["actions"][1]["discard"], "play", 37, stake=2)
    assert replay.net == hand.net and replay.trace == tuple(hand.document["trace"])
    assert casino_engine.CasinoHand.from_dict(hand.document).net == hand.net
    assert _member_chips(player) == hand.net
    assert selectors.ledger_total() == 0 and selectors.unbalanced_postings() == []
    house = sum(LedgerEntry.objects.filter(account="casino").values_list("amount", flat=True))
    assert house == -hand.net
    assert sum(LedgerEntry.objects.filter(account="pot").values_list("amount", flat=True)) == 0


def test_the_reveal_minute_is_read_from_the_venue_clock_or_the_site_clock(player, settings):
    settings.TIME_ZONE = "Asia/Kolkata"  # a half-hour offset moves the minute
    at = dt.datetime(2026, 3, 1, 12, 10, tzinfo=dt.UTC)
    hand = _play_to_reveal(services.casino_hand_start(actor=player, seed="s-2"), player)
    hand = services.casino_hand_reveal(hand=hand, actor=player, now=at)
    assert (hand.minute, hand.time_zone) == (40, "Asia/Kolkata")
    assert hand.document["minute"] == 40


def test_the_first_decision_stores_what_the_odds_said(player):
    hand = services.casino_hand_start(actor=player, seed="s-3")
    assert hand.odds is None
    hand = services.casino_hand_act(hand=hand, actor=player, action="raise")
    assert hand.odds["chosen"] == "raise"
    assert set(hand.odds["ev"]) == {"fold", "play", "raise"} and hand.odds["ev"]["fold"] == -1.0
    assert hand.odds["stderr"]["play"] > 0 and hand.odds["method"] == "monte_carlo"
    assert hand.odds["best"] in ("fold", "play", "raise")


def test_a_fold_settles_at_once_and_the_house_takes_the_ante(player):
    hand = services.casino_hand_start(actor=player, seed="s-4")
    hand = services.casino_hand_act(hand=hand, actor=player, action="fold")
    assert hand.is_settled and hand.net == -1 and hand.outcome == "fold"
    assert _member_chips(player) == -1 and selectors.ledger_total() == 0
    edge = selectors.casino_edge(member=player)
    assert (edge.hands, edge.staked, edge.house_net, edge.edge) == (1, 1, 1, 1.0)


def test_moves_out_of_order_are_refused_with_the_engines_reason_and_nothing_changes(player):
    hand = services.casino_hand_start(actor=player, seed="s-5")
    with pytest.raises(RulesError, match="out of order: 'draw'"):
        services.casino_hand_draw(hand=hand, actor=player, discard=[])
    with pytest.raises(RulesError, match="not 'bluff'"):
        services.casino_hand_act(hand=hand, actor=player, action="bluff")
    hand = services.casino_hand_act(hand=hand, actor=player, action="play")
    with pytest.raises(RulesError, match="is not in the player's hand"):
        services.casino_hand_draw(hand=hand, actor=player, discard=[
            next(c for c in ("Ah", "Kh", "Qh") if c not in hand.document["player_cards"])])
    hand.refresh_from_db()
    assert hand.phase == "draw" and LedgerEntry.objects.count() == 4


def test_only_the_player_acts_on_a_hand_and_one_hand_at_a_time(player, stranger, croupier):
    hand = services.casino_hand_start(actor=player, seed="s-6")
    for other in (stranger, croupier):
        with pytest.raises(Forbidden):
            services.casino_hand_act(hand=hand, actor=other, action="play")
    with pytest.raises(Conflict):
        services.casino_hand_start(actor=player)
    with pytest.raises(InvalidInput, match="0"):
        services.casino_hand_start(actor=stranger, stake=0)


def test_house_edge_is_house_net_over_total_staked(player, stranger):
    nets = []
    for i in range(4):
        hand = services.casino_hand_start(actor=player, seed=f"edge-{i}", stake=1 + i)
        hand = _play_to_reveal(hand, player, first="raise" if i % 2 else "play")
        hand = services.casino_hand_reveal(hand=hand, actor=player, now=dt.datetime(2026, 1, 1, 10, 5 * i, tzinfo=dt.UTC))
        nets.append((hand.net, hand.player_paid))
    services.casino_hand_act(hand=services.casino_hand_start(actor=stranger, seed="other"), actor=stranger,
                             action="fold")
    edge = selectors.casino_edge(member=player)
    staked = sum(p for _, p in nets)
    assert edge.hands == 4 and edge.staked == staked
    assert edge.house_net == -sum(n for n, _ in nets)
    assert edge.edge == pytest.approx(edge.house_net / staked)
    assert selectors.casino_edge().hands == 5
    assert selectors.ledger_total() == 0 and selectors.unbalanced_postings() == []


# --- dice ---------------------------------------------------------------------------------------

RECORDED = [
    (0, "roll", {"dice": [6, 6, 6, 2, 3]}), (1, "roll", {"dice": [1, 2, 4, 4, 5]}),
    (0, "raise", {"amount": 2}), (1, "accept", {}),
    (0, "reroll", {"indices": [3, 4], "dice": [6, 1]}), (1, "reroll", {"indices": [0], "dice": [4]}),
    (0, "roll", {"dice": [5, 5, 3, 2, 1]}), (1, "roll", {"dice": [6, 6, 4, 4, 2]}),
    (0, "no_raise", {}), (1, "no_raise", {}),
    (0, "reroll", {"indices": [2, 3, 4], "dice": [5, 2, 2]}), (1, "reroll", {"indices": [], "dice": []}),
]


def test_a_recorded_match_settles_the_pool_through_the_ledger(player, opponent, croupier):
    session = factories.session(actor=croupier)
    match = services.dice_match_create(actor=croupier, first=player, second=opponent, stake=3, session=session)
    assert match.pool == 6 and _member_chips(player) == -3 and _member_chips(opponent) == -3
    players = (player, opponent)
    for who, action, fields in RECORDED:
        match = services.dice_match_move(match=match, actor=croupier, player=players[who], action=action, **fields)
    assert match.is_over and match.winner == player and match.pool == 10
    assert _member_chips(player) == 5 and _member_chips(opponent) == -5
    assert selectors.ledger_total() == 0 and selectors.unbalanced_postings() == []
    assert dice_engine.Match.from_dict(match.document).winner == player.display_name


def _accepted(match, invitee):
    return services.dice_match_accept(match=match, actor=invitee)


def test_each_player_types_only_his_own_real_dice(player, opponent, croupier):
    match = _accepted(services.dice_match_create(actor=player, first=player, second=opponent), opponent)
    match = services.dice_match_move(match=match, actor=player, player=player, action="roll", dice=[1, 1, 2, 3, 4])
    with pytest.raises(Forbidden):
        services.dice_match_move(match=match, actor=player, player=opponent, action="roll", dice=[2, 2, 5, 5, 6])
    match = services.dice_match_move(match=match, actor=opponent, player=opponent, action="roll",
                                     dice=[2, 2, 5, 5, 6])
    assert match.phase == "bargain"
    # A croupier at the table may type either side's dice; the record says he entered them.
    match = services.dice_match_move(match=match, actor=croupier, player=player, action="no_raise")
    assert match.entries[-1] == {"player": player.pk, "entered_by": croupier.pk, "by_croupier": True}


def test_illegal_dice_moves_are_refused_with_the_engines_reason(player, opponent):
    match = _accepted(services.dice_match_create(actor=player, first=player, second=opponent), opponent)
    with pytest.raises(RulesError, match="it is Skeeve's turn"):
        services.dice_match_move(match=match, actor=opponent, player=opponent, action="roll", dice=[1, 2, 3, 4, 5])
    with pytest.raises(RulesError, match="die value 7"):
        services.dice_match_move(match=match, actor=player, player=player, action="roll", dice=[1, 2, 3, 4, 7])
    with pytest.raises(RulesError, match="no seed"):
        services.dice_match_move(match=match, actor=player, player=player, action="roll")
    with pytest.raises(RulesError, match="may not raise now"):
        services.dice_match_move(match=match, actor=player, player=player, action="raise", amount=2)
    match.refresh_from_db()
    assert match.document["moves"] == [] and LedgerEntry.objects.count() == 4


def test_a_seeded_match_is_played_by_each_player_for_themselves(player, opponent, stranger, croupier):
    match = _accepted(services.dice_match_create(actor=player, first=player, second=opponent, mode="seeded",
                                                 seed="d-1"), opponent)
    with pytest.raises(Forbidden):
        services.dice_match_move(match=match, actor=player, player=opponent, action="roll")
    with pytest.raises(Forbidden):
        services.dice_match_move(match=match, actor=stranger, player=player, action="roll")
    with pytest.raises(InvalidInput, match="rolls its own dice"):
        services.dice_match_move(match=match, actor=player, player=player, action="roll", dice=[6, 6, 6, 6, 6])
    match = services.dice_match_move(match=match, actor=player, player=player, action="roll")
    match = services.dice_match_move(match=match, actor=croupier, player=opponent, action="roll")
    assert match.document["moves"][0]["source"] == "rng"
    replay = dice_engine.Match((player.display_name, opponent.display_name), seed="d-1")
    assert [list(replay.roll(p)) for p in replay.players] == [m["dice"] for m in match.document["moves"]]


def test_a_seeded_match_played_to_the_end_balances_the_ledger(player, opponent):
    match = _accepted(services.dice_match_create(actor=player, first=player, second=opponent, mode="seeded",
                                                 seed="d-2", stake=2), opponent)
    members = {player.display_name: player, opponent.display_name: opponent}
    for _ in range(200):
        if match.is_over:
            break
        state = match.document["state"]
        mover = members[state["to_act"]]
        action = {"roll": "roll", "bargain": "raise", "respond": "accept", "reroll": "reroll"}[state["phase"]]
        fields = {"amount": 1} if action == "raise" else {"indices": [0, 1]} if action == "reroll" else {}
        match = services.dice_match_move(match=match, actor=mover, player=mover, action=action, **fields)
    assert match.is_over and match.winner in (player, opponent)
    loser = opponent if match.winner == player else player
    assert _member_chips(match.winner) == -_member_chips(loser) > 0
    assert selectors.ledger_total() == 0 and selectors.unbalanced_postings() == []


def test_who_may_open_a_match(player, opponent, stranger, croupier):
    with pytest.raises(Forbidden):
        services.dice_match_create(actor=stranger, first=player, second=opponent)
    with pytest.raises(InvalidInput, match="differ"):
        services.dice_match_create(actor=player, first=player, second=player)
    with pytest.raises(InvalidInput, match="no seed"):
        services.dice_match_create(actor=player, first=player, second=opponent, seed="x")
    assert services.dice_match_create(actor=croupier, first=player, second=opponent).created_by == croupier
    assert DiceMatch.objects.count() == 1


def test_dice_odds_show_the_best_reroll_for_the_current_rolls(player, opponent):
    match = _accepted(services.dice_match_create(actor=player, first=player, second=opponent), opponent)
    assert selectors.dice_odds(match) == []
    match = services.dice_match_move(match=match, actor=player, player=player, action="roll", dice=[6, 6, 6, 2, 3])
    match = services.dice_match_move(match=match, actor=opponent, player=opponent, action="roll",
                                     dice=[1, 2, 4, 4, 5])
    odds = {row["member"]: row for row in selectors.dice_odds(match)}
    expected = dice_engine.best_reroll([1, 2, 4, 4, 5], [6, 6, 6, 2, 3])
    assert odds[opponent]["best"]["indices"] == list(expected.subset)
    assert odds[opponent]["best"]["win"] == round(float(expected.win) * 100, 1)
    assert odds[player]["keep"]["win"] == 100.0


def test_draker_calculator_scores_and_balances_a_turn():
    cards = [{"rank": r, "profession": 3, "suit": "e", "tokens": t, "effects": 0, "pool": "own"}
             for r, t in ((5, 1), (6, 0), (7, -1))]
    result = services.draker_calculate(cards=cards, spent_defence=20, spent_attack=2)
    score = result["score"]
    assert score.kinds == {"straight_rank", "kare_profession"} and score.flush
    assert (score.base, score.multiplier, score.final, score.role) == (3, 6, 18, "defence")
    assert result["balance"].earned_defence == 18 and result["balance"].life_cost == (2 + 2) * 3
    with pytest.raises(RulesError, match="rank 15"):
        services.draker_calculate(cards=[{"rank": 15, "profession": 1, "suit": "h"}])
