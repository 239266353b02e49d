"""Where a deal stands, for the phones that poll it.

Every row written for a deal (a card recorded or taken back, a bet, a claim, a result submitted,
confirmed, discarded or corrected) and every change of the deal itself (voided) moves the deal's
``revision`` on, in the same transaction, by one UPDATE (:func:`deal_moved`, :func:`deal_changed`,
connected in ``GamesConfig.ready()`` to the saves and deletes of those models, so no service can
forget it). A poll compares the revision its page was drawn at
with the deal's: equal, nothing is drawn; the page is drawn afresh otherwise, with the revision
read before anything it shows, so a write that lands in between makes one more drawing, never a
missed one.
"""

from __future__ import annotations

from django.db.models import F

from .models import Bet, Claim, Deal, DealtCard, Result

# The rows whose writes move their deal on.
DEAL_ROWS = (DealtCard, Bet, Claim, Result)


def deal_moved(sender, instance, **kwargs) -> None:
    """Move the deal of ``instance`` (one of :data:`DEAL_ROWS`) on: one UPDATE, no read."""
    Deal.all_objects.filter(pk=instance.deal_id).update(revision=F("revision") + 1)


def deal_changed(sender, instance: Deal, created: bool, **kwargs) -> None:
    """Move a deal on when the deal itself changes (a void): one UPDATE, no read. A new deal
    starts at revision 0."""
    if not created:
        Deal.all_objects.filter(pk=instance.pk).update(revision=F("revision") + 1)


def stamp(revision: int) -> str:
    """The stamp a deal's page sends back when it polls: the revision it was drawn at."""
    return f"r{revision}"
