"""Writes of followed searches of the precedent archive: following one (a member's, mailed daily
until he turns it off, or a visitor's, with only its secret address), its daily mail turned on or
off, and following it no more."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from collections.abc import Mapping

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.errors import TooManyAttempts
from club.models import Member

from .. import access, search
from ..models import SavedSearch
from ..selectors import SEARCH_FILTERS, precedent_search_arguments

# How many searches a member follows, and how many one address may save in a day (a visitor's
# searches have no other owner to count against).
SAVED_SEARCHES_PER_MEMBER = 20
SAVED_SEARCHES_PER_ADDRESS_A_DAY = 10
_FILTER_LIMIT = 60


def address_key(address: str) -> str:
    """A keyed hash of a network address: enough to count what one address saved, without
    keeping the address."""
    if not address:
        return ""
    return hmac.new(settings.SECRET_KEY.encode(), str(address).encode(), hashlib.sha256).hexdigest()


def _search_of(params: Mapping) -> tuple[str, dict[str, str]]:
    query = str(params.get("q") or "").strip()
    filters = {}
    for name in SEARCH_FILTERS:
        value = params.get(name)
        if value in (None, ""):
            continue
        value = value.isoformat() if isinstance(value, dt.date) else str(value).strip()
        search.check_text(value, field=name, max_length=_FILTER_LIMIT)
        filters[name] = value
    # The list's own checks: a search that the list would refuse is not followed either.
    precedent_search_arguments({**filters, "q": query}, member=None)
    return query, filters


@transaction.atomic
def saved_search_create(*, actor: Member | None, params: Mapping, address: str = "") -> SavedSearch:
    """Follow a search of the precedent archive: ``params`` as the precedent list takes them
    (q, rule, modifier, hand, point, status, from, to). A member's search is mailed daily until
    he turns it off; a visitor has only the secret address."""
    access.check_can_save_search(actor)
    query, filters = _search_of(params)
    key = address_key(address)
    if actor is not None:
        Member.objects.select_for_update().filter(pk=actor.pk).first()
        if SavedSearch.objects.filter(owner=actor).count() >= SAVED_SEARCHES_PER_MEMBER:
            raise TooManyAttempts(_("You follow %(max)s searches already: stop following one first.")
                                  % {"max": SAVED_SEARCHES_PER_MEMBER}, extra={"max": SAVED_SEARCHES_PER_MEMBER})
    if key and SavedSearch.objects.filter(
            address=key, created_at__gte=timezone.now() - dt.timedelta(days=1)).count() >= SAVED_SEARCHES_PER_ADDRESS_A_DAY:
        raise TooManyAttempts(_("Too many searches followed from here today; try again tomorrow."),
                              extra={"max": SAVED_SEARCHES_PER_ADDRESS_A_DAY})
    return SavedSearch.objects.create(query=query, filters=filters, token=secrets.token_urlsafe(32), owner=actor,
                                      digest=actor is not None, address=key)


@transaction.atomic
def saved_search_delete(*, saved: SavedSearch, actor: Member | None) -> None:
    """Stop following a search: its feed address answers no more."""
    saved = access.access_saved_search(actor, saved.token, for_write=True)
    saved.delete()


@transaction.atomic
def saved_search_digest_set(*, saved: SavedSearch, actor: Member, on: bool) -> SavedSearch:
    """Turn the daily mail of a member's followed search on or off."""
    saved = access.access_saved_search(actor, saved.token, for_write=True)
    access.check_can_mail_digest(actor, saved)
    saved.digest = bool(on)
    saved.save(update_fields=["digest"])
    return saved


@transaction.atomic
def saved_search_digests_off(*, member: Member) -> int:
    """The unsubscribe link of a digest (its signed token is the only key): no more digests for
    this member; the searches and their feeds stay."""
    return SavedSearch.objects.filter(owner=member, digest=True).update(digest=False)
