"""The recording panel as the phones at a table poll it: drawn once per change of the deal and kind
of viewer, not once per phone.

Every phone at a table polls its deal (``games:deal_live``); after each card, bet or claim each of
them finds news and needs the panel again. What the panel shows depends on the deal as it stands
(its ``revision``, games/live.py), the reader's language and what kind of viewer he is: whether he
may record here, and whose dark cards he sees (:func:`viewer_kind`). The first phone to ask after a
change draws the panel (or the phone that tapped the card, which draws it anyway); the others of
its kind take the drawing from the ``panels`` cache (club/settings.py), which a new revision leaves
behind (no invalidation: the key moves on, the old drawing expires).

The one thing of a phone's own in a drawn panel, its CSRF token, is left as a slot that
:func:`filled` fills for each request. The panel of a deal whose result is in (the poll's last
answer, with the result) is always drawn afresh: it comes once per phone.
"""

from __future__ import annotations

from django.core.cache import caches
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from club.models import Member

from .models import Deal

# What a drawn panel holds where a form's CSRF token goes (Django's ``{% csrf_token %}`` writes
# the context's ``csrf_token``): no token of any phone is kept, each answer gets its own.
CSRF_SLOT = "csrf-slot-of-the-phone"

# How long a drawing is kept: the table moves on within minutes, and a key is never reused.
KEEP_SECONDS = 600


def viewer_kind(member: Member, *, mode: str, over: bool, seated: bool) -> str:
    """What of a deal's panel differs between readers: whether ``member`` may record (an active
    croupier, or an active player of the table: :func:`games.access.can_act_at`) and whose dark
    cards he sees (:func:`games.access.sees_every_card`: all of them on a recorded or finished
    deal and for the croupier who deals without playing; else his own only, so his drawing is his
    alone). ``seated``: he plays in the deal's Game."""
    can_act = member.active and (member.is_croupier or seated)
    every = mode != Deal.Mode.DIGITAL or over or (member.is_croupier and not seated)
    return f"{'act' if can_act else 'see'}-{'all' if every else member.pk}"


def key(deal_pk: int, revision: int, kind: str) -> str:
    return f"deal-panel:{deal_pk}:{revision}:{get_language()}:{kind}"


def kept(key: str) -> str | None:
    """The panel drawn under ``key``, if some phone of that kind drew it."""
    drawn = caches["panels"].get(key)
    return None if drawn is None else drawn.decode()


def keep(key: str, html: str) -> None:
    caches["panels"].set(key, html.encode(), KEEP_SECONDS)


def filled(html: str, request: HttpRequest) -> SafeString:
    """A drawn panel with the phone's own CSRF token in its forms."""
    return mark_safe(html.replace(CSRF_SLOT, get_token(request)))
