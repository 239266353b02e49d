"""The archive's version: what is computed from the rulebook and the precedents (the readings in
force, the rulebook's index, the points list) is kept under it, and every write to those tables
moves it on, so nothing kept outlives the rows it was read from.

The version lives in the shared cache (every worker sees the same one); the readings in force are
also kept in each process, under the version they were read at. A write moves the version on at
once and again when its transaction commits: a reader that kept the old rows while the write was
still uncommitted keeps them under a version nobody asks for any more.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save

from club.models import Member

from .models import InterpretationPoint, Precedent, PrecedentCitation, ReadingFix, RulebookEntry

KEY = "rules:archive-version"
# Pages' fragments are kept at most this long (seconds), whatever happens.
FRAGMENT_TIMEOUT = 60 * 60


def version() -> str:
    current = cache.get(KEY)
    if current is None:
        cache.add(KEY, uuid.uuid4().hex, None)
        current = cache.get(KEY) or "unknown"
    return current


def _move_on() -> None:
    cache.set(KEY, uuid.uuid4().hex, None)


# Whether this thread is inside :func:`batched`, and whether anything changed there.
_batch = threading.local()


def changed(**_signal) -> None:
    """The rulebook or the precedents changed: everything kept from them is stale."""
    if getattr(_batch, "open", False):
        _batch.dirty = True
        return
    _move_on()
    transaction.on_commit(_move_on)


@contextmanager
def batched() -> Iterator[None]:
    """A write of many rows (the rulebook's sync: hundreds of entries and points) moves the
    version on once, when it ends, instead of twice per row; each move is a write to the shared
    cache. Use it inside the write's transaction, and read nothing kept from the archive within
    it: the version moves at its end, then again at the commit."""
    if getattr(_batch, "open", False):
        yield
        return
    _batch.open, _batch.dirty = True, False
    try:
        yield
    finally:
        dirty = _batch.dirty
        _batch.open = _batch.dirty = False
        if dirty:
            changed()


def member_changed(sender, instance: Member, created: bool, **_signal) -> None:
    """A member's change may rename who ruled a precedent; a new member ruled none yet."""
    if not created:
        changed()


def connect() -> None:
    for model in (RulebookEntry, InterpretationPoint, Precedent, PrecedentCitation, ReadingFix):
        post_save.connect(changed, sender=model, dispatch_uid=f"rules-archive-save-{model.__name__}")
        post_delete.connect(changed, sender=model, dispatch_uid=f"rules-archive-delete-{model.__name__}")
    # The API's precedents name who ruled them.
    post_save.connect(member_changed, sender=Member, dispatch_uid="rules-archive-save-Member")
    for through in (Precedent.cited_entries.through, Precedent.cited_points.through,
                    InterpretationPoint.rules.through):
        m2m_changed.connect(changed, sender=through, dispatch_uid=f"rules-archive-m2m-{through.__name__}")
