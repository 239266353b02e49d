"""Writes of the double-entry chip ledger: the postings of a confirmed result and their reversal."""

from __future__ import annotations

import uuid
from collections.abc import Mapping

from django.utils import timezone

from ..models import (
    Bet,
    LedgerEntry,
    Result,
)

# --- the ledger ------------------------------------------------------------------------------------

def ledger_legs(*, chips: Mapping[str, int], bets: Mapping[int, list[tuple[str, int]]]) -> list[tuple[int | None, str, int]]:
    """The postings of a deal as pairs of legs (member id or None for the pot, kind, amount):
    every bet moves chips from the member to the pot, every payout from the pot to the member.
    A member's legs add up to their net chips; each pair adds up to zero."""
    legs: list[tuple[int | None, str, int]] = []
    for key, net in chips.items():
        member_id = int(key)
        put_in = 0
        for kind, amount in bets.get(member_id, []):
            legs += [(member_id, kind, -amount), (None, kind, amount)]
            put_in += amount
        payout = put_in + net
        if payout > 0:
            legs += [(None, LedgerEntry.Kind.PAYOUT, -payout), (member_id, LedgerEntry.Kind.PAYOUT, payout)]
        elif payout < 0:
            legs += [(member_id, LedgerEntry.Kind.BET, payout), (None, LedgerEntry.Kind.BET, -payout)]
    return legs


def ledger_post(result: Result) -> None:
    """Post a confirmed result's chips: every bet into the pot, every payout out of it (inside the
    confirmation's transaction)."""
    deal = result.deal
    bets: dict[int, list[tuple[str, int]]] = {}
    if result.kind == Result.Kind.QUICK and not deal.bets.exists():
        # No bets were recorded: each player's share of the pot is their stake.
        for key, _net in result.chips.items():
            share = result.pot // max(len(result.chips), 1)
            bets[int(key)] = [(LedgerEntry.Kind.BET, share)] if share else []
    else:
        for bet in deal.bets.all():
            kind = LedgerEntry.Kind.ANTE if bet.kind == Bet.Kind.ANTE else LedgerEntry.Kind.BET
            bets.setdefault(bet.member_id, []).append((kind, bet.amount))
    legs = ledger_legs(chips=result.chips, bets=bets)
    now = timezone.now()
    rows = []
    session_id = deal.game.session_id
    for i in range(0, len(legs), 2):
        posting = uuid.uuid4()
        for member_id, kind, amount in legs[i:i + 2]:
            rows.append(LedgerEntry(posting=posting, account=LedgerEntry.Account.MEMBER if member_id else
                                    LedgerEntry.Account.POT, member_id=member_id, kind=kind, amount=amount,
                                    deal=deal, result=result, session_id=session_id, created_at=now))
    for row in rows:
        row.save()


def ledger_reverse(result: Result) -> None:
    """Reverse every posting of a superseded result (the rows stay; each gets its opposite)."""
    now = timezone.now()
    postings: dict[uuid.UUID, uuid.UUID] = {}
    for entry in list(result.ledger.exclude(kind=LedgerEntry.Kind.REVERSAL)):
        new_posting = postings.setdefault(entry.posting, uuid.uuid4())
        LedgerEntry(posting=new_posting, account=entry.account, member_id=entry.member_id,
                    kind=LedgerEntry.Kind.REVERSAL, amount=-entry.amount, deal_id=entry.deal_id, result=result,
                    session_id=entry.session_id, created_at=now).save()
