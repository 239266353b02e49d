"""The chip ledger: double entry, every deal summing to zero, corrections reversing and
re-posting (property-tested with hypothesis)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.errors import InvalidInput
from games import selectors, services
from games.models import LedgerEntry

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
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
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
