"""What the writes of the tables share: who may play, the stakes' bounds, and the chip postings to
the club's ledger. The other service modules import this one; it imports none of them."""

from __future__ import annotations

import datetime as dt
import secrets
import uuid
from collections.abc import Iterable, Sequence

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.errors import Forbidden, InvalidInput
from club.models import Member
from games.models import LedgerEntry

from ..models import CasinoHand, DiceMatch

Account = LedgerEntry.Account
Kind = LedgerEntry.Kind
# A leg of a posting: (account, member or None, kind, amount).
Leg = tuple[str, Member | None, str, int]

# The largest stake or raise of any table; a session's own limits and the casino table's are
# narrower.
MAX_STAKE = 1000
# The casino table's limit when the settings name none (CASINO_MAX_STAKE).
CASINO_MAX_STAKE = 100

# What a refusal calls a field of the stakes.
FIELD_NAMES = {"stake": gettext_lazy("stake"), "max_raise": gettext_lazy("largest raise"),
               "amount": gettext_lazy("raise")}


def active_player(actor: Member | None) -> Member:
    """``actor``, who plays at the tables only as an active member."""
    if actor is None or not actor.active:
        raise Forbidden(_("Only an active club member may play at the tables."))
    return actor


def check_stake(stake: object, field: str = "stake", *, maximum: int = MAX_STAKE) -> int:
    """``stake`` (a stake, a largest raise or a raise: ``field``), a whole number of chips from 1 to
    ``maximum``."""
    if isinstance(stake, bool) or not isinstance(stake, int) or not 1 <= stake <= maximum:
        shown = stake if isinstance(stake, int) and not isinstance(stake, bool) else str(stake)[:40]
        raise InvalidInput(_("The %(field)s must be a whole number of chips from 1 to %(max)s, not %(value)s.")
                           % {"field": FIELD_NAMES.get(field, field), "max": maximum, "value": shown},
                           extra={"field": field, "value": shown, "max": maximum})
    return stake


def new_seed() -> str:
    """A fresh seed for a hand or a match the site deals or rolls itself."""
    return secrets.token_hex(8)


# --- chip postings -----------------------------------------------------------------------------

def chips_post(*, postings: Iterable[Sequence[Leg]], casino_hand: CasinoHand | None = None,
               dice_match: DiceMatch | None = None, at: dt.datetime | None = None) -> list[LedgerEntry]:
    """Write balanced postings to the club's ledger: each is a list of legs summing to zero and
    gets one UUID; the rows name the hand or the match (and the match's session, if any). Call it
    inside the caller's transaction, so the chips move exactly when the play is stored."""
    if (casino_hand is None) == (dice_match is None):
        raise InvalidInput(_("A table posting belongs to one casino hand or one dice match."))
    now = at or timezone.now()
    session_id = dice_match.session_id if dice_match is not None else None
    rows: list[LedgerEntry] = []
    for legs in postings:
        legs = [leg for leg in legs if leg[3] != 0]
        if not legs:
            continue
        total = sum(leg[3] for leg in legs)
        if total != 0:
            raise InvalidInput(_("A posting must sum to zero, not %(total)s.") % {"total": total}, extra={"legs": len(legs)})
        posting = uuid.uuid4()
        for account, member, kind, amount in legs:
            rows.append(LedgerEntry(posting=posting, account=account, member=member, kind=kind, amount=amount,
                                    casino_hand=casino_hand, dice_match=dice_match, session_id=session_id,
                                    created_at=now))
    # save() rather than bulk_create: the ledger keeps each row's history (django-simple-history).
    for row in rows:
        row.save()
    return rows


def into_pot(account: str, member: Member | None, kind: str, amount: int) -> list[Leg]:
    """The posting that moves ``amount`` chips from ``account`` into the pot."""
    return [(account, member, kind, -amount), (Account.POT, None, kind, amount)]

