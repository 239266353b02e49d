"""The chip ledger: double entry, every deal summing to zero, corrections reversing and
re-posting (property-tested with hypothesis); the chips of the casino table and dice poker in the
same ledger."""

import uuid

import pytest
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from club.errors import InvalidInput
from games import selectors, services
from games.models import LedgerEntry
from games.tables import selectors as table_selectors
from games.tables import services as table_services
from tests.budgets import examples

member_ids = st.lists(st.integers(min_value=1, max_value=10_000), min_size=2, max_size=8, unique=True)


@st.composite
def deals(draw):
    players = draw(member_ids)
    bets = {p: [("ante", 1)] + [("bet", a) for a in draw(st.lists(st.integers(1, 40), max_size=4))]
            for p in players}
    pot = sum(a for rows in bets.values() for _, a in rows)
    winners = draw(st.lists(st.sampled_from(players), min_size=1, max_size=len(players), unique=True))
    share, rest = divmod(pot, len(winners))
    chips = {str(p): (share if p in winners else 0) - sum(a for _, a in bets[p]) for p in players}
    chips[str(winners[0])] += rest
    return bets, chips


@given(deals())
def test_every_posting_sums_to_zero_and_members_net_their_chips(deal):
    bets, chips = deal
    legs = services.ledger_legs(chips=chips, bets=bets)
    assert sum(amount for _, _, amount in legs) == 0
    for i in range(0, len(legs), 2):
        assert legs[i][2] + legs[i + 1][2] == 0  # each posting is a balanced pair
    for key, net in chips.items():
        assert sum(a for m, _, a in legs if m == int(key)) == net
    assert sum(a for m, _, a in legs if m is None) == -sum(chips.values())


@given(players=member_ids, data=st.data())
def test_quick_chips_sum_to_zero_or_are_refused(players, data):
    winners = data.draw(st.lists(st.sampled_from(players), min_size=1, max_size=len(players), unique=True))
    pot = data.draw(st.integers(0, 500))
    try:
        chips = services.quick_chips(players=players, winners=winners, pot=pot, bets={})
    except InvalidInput as exc:
        assert str(pot) in exc.message
        return
    assert sum(chips.values()) == 0
    assert all(chips[str(w)] >= chips[str(p)] for w in winners for p in players)


@pytest.mark.django_db
@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(plays=st.lists(st.tuples(st.integers(0, 3), st.integers(1, 12), st.booleans()), min_size=1, max_size=4))
def test_results_and_corrections_keep_every_deal_at_zero(game, croupier, players, plays):
    for winner, quarter_pot, correct in plays:
        deal = services.deal_start(game=game, actor=croupier, quick=True)
        pot = quarter_pot * 4
        result = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[winner]], pot=pot)
        services.result_confirm(result=result, actor=croupier)
        if correct:
            fix = services.result_submit_quick(deal=deal, actor=players[1], winners=[players[(winner + 1) % 4]],
                                               pot=pot, supersedes=result.version)
            services.result_confirm(result=fix, actor=croupier)
        assert selectors.deal_sums(deal=deal) == 0
    members = sum(selectors.balance(member=p) for p in players)
    pot_account = sum(e.amount for e in LedgerEntry.objects.filter(deal__game=game, account="pot"))
    assert members + pot_account == 0
    assert pot_account == 0  # quick results pay the whole pot out


# --- one ledger: the chips of the casino table and of dice poker ------------------------------------

DICE = [
    (0, "roll", {"dice": [6, 6, 6, 2, 3]}), (1, "roll", {"dice": [1, 2, 4, 4, 5]}),
    (0, "raise", {"amount": 2}), (1, "accept", {}),
    (0, "reroll", {"indices": [3, 4], "dice": [6, 1]}), (1, "reroll", {"indices": [0], "dice": [4]}),
    (0, "roll", {"dice": [5, 5, 3, 2, 1]}), (1, "roll", {"dice": [6, 6, 4, 4, 2]}),
    (0, "no_raise", {}), (1, "no_raise", {}),
    (0, "reroll", {"indices": [2, 3, 4], "dice": [5, 2, 2]}), (1, "reroll", {"indices": [], "dice": []}),
]


def _casino_hand(member, seed):
    hand = table_services.casino_hand_start(actor=member, stake=2, seed=seed)
    hand = table_services.casino_hand_act(hand=hand, actor=member, action="play")
    hand = table_services.casino_hand_draw(hand=hand, actor=member, discard=[])
    hand = table_services.casino_hand_act(hand=hand, actor=member, action="play")
    return table_services.casino_hand_reveal(hand=hand, actor=member)


@pytest.mark.django_db
def test_the_balance_on_the_dashboard_includes_casino_hands_and_dice_matches(client, settings, game, croupier,
                                                                              players):
    settings.TABLES_CASINO_ODDS_SAMPLES = 60
    skeeve, aahz = players[0], players[1]
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    result = services.result_submit_quick(deal=deal, actor=skeeve, winners=[skeeve], pot=8)
    services.result_confirm(result=result, actor=croupier)
    dragon = selectors.balance(member=skeeve)
    assert dragon == 6
    hands = [_casino_hand(skeeve, seed) for seed in ("one-ledger-1", "one-ledger-2")]
    assert all(h.is_settled for h in hands)
    match = table_services.dice_match_create(actor=croupier, first=skeeve, second=aahz, stake=3,
                                             session=game.session)
    for who, action, fields in DICE:
        match = table_services.dice_match_move(match=match, actor=croupier, player=(skeeve, aahz)[who],
                                               action=action, **fields)
    assert match.winner == skeeve and match.pool == 10
    expected = dragon + sum(h.net for h in hands) + 5
    assert selectors.balance(member=skeeve) == expected
    assert table_selectors.table_balance(member=skeeve) == sum(h.net for h in hands) + 5
    client.force_login(skeeve.user)
    page = client.get(reverse("games:member_dashboard")).content.decode()
    assert f'<span id="balance">{expected}</span>' in page
    # Every posting of the one ledger, whatever its source, sums to zero.
    sums = LedgerEntry.objects.values("posting").annotate(total=Sum("amount"))
    assert sums.count() > 10 and {row["total"] for row in sums} == {0}
    assert LedgerEntry.objects.filter(casino_hand__in=hands).count() > 0
    assert set(LedgerEntry.objects.filter(dice_match=match).values_list("session", flat=True)) == {game.session_id}
    # The dice match is played at the game's session: its chips count in that session's balance.
    by_session = selectors.balances_by_session(member=skeeve)
    assert by_session[0]["session_id"] == game.session_id and by_session[0]["total"] == dragon + 5
    assert by_session[-1]["session_id"] is None and by_session[-1]["total"] == sum(h.net for h in hands)
    stats = client.get(reverse("games:member_stats", args=[skeeve.pk]))
    assert stats.status_code == 200 and "outside a session" in stats.content.decode()
    # The member's ledger through the API shows his own table postings too, and nobody else's.
    api = APIClient()
    api.force_authenticate(aahz.user)
    rows = api.get(f"/api/ledger/?dice_match={match.pk}&limit=100").json()["results"]
    assert rows and sum(r["amount"] for r in rows) == -5 and {r["dice_match"] for r in rows} == {match.pk}
    assert {r["member"] for r in rows} == {aahz.pk}
    api.force_authenticate(croupier.user)
    rows = api.get(f"/api/ledger/?dice_match={match.pk}&limit=100").json()["results"]
    assert sum(r["amount"] for r in rows) == 0


@pytest.mark.django_db
def test_a_ledger_row_has_exactly_one_source(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    result = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[0]], pot=4)
    services.result_confirm(result=result, actor=croupier)
    hand = table_services.casino_hand_start(actor=players[0], stake=1, seed="src")
    row = dict(posting=uuid.uuid4(), account="pot", kind="bet", amount=1)
    for sources in ({}, {"deal": deal, "result": result, "session": game.session, "casino_hand": hand},
                    {"casino_hand": hand, "dice_match": table_services.dice_match_create(
                        actor=croupier, first=players[0], second=players[1])},
                    {"deal": deal, "session": game.session}):
        with pytest.raises(IntegrityError), transaction.atomic():
            LedgerEntry.objects.create(**row, **sources)
