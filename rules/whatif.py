"""Where the archive finds recorded deals without depending on the games app's models.

The games app registers, in its ``AppConfig.ready``:

* a deal source: ``register_deal_source(callable)``; ``callable(before=date | None)`` yields
  ``(ref, sitting_document)`` pairs of the stored sittings played before ``before`` (all when
  None). The what-if of a new binding precedent judges them.
* a deal lookup: ``register_deal_lookup(callable)``; ``callable(ref)`` returns a snapshot dict
  of one recorded deal (its cards, trace, players, date) or None. A dispute raised from a deal
  starts prefilled with it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator

DealSource = Callable[..., Iterable[tuple[str, dict]]]
DealLookup = Callable[[str], dict | None]

_SOURCES: list[DealSource] = []
_LOOKUPS: list[DealLookup] = []


def register_deal_source(source: DealSource) -> DealSource:
    if source not in _SOURCES:
        _SOURCES.append(source)
    return source


def unregister_deal_source(source: DealSource) -> None:
    if source in _SOURCES:
        _SOURCES.remove(source)


def register_deal_lookup(lookup: DealLookup) -> DealLookup:
    if lookup not in _LOOKUPS:
        _LOOKUPS.append(lookup)
    return lookup


def unregister_deal_lookup(lookup: DealLookup) -> None:
    if lookup in _LOOKUPS:
        _LOOKUPS.remove(lookup)


def stored_sittings(before: dt.date | None = None) -> Iterator[tuple[str, dict]]:
    for source in list(_SOURCES):
        yield from source(before=before)


def deal_snapshot(ref: str) -> dict | None:
    for lookup in list(_LOOKUPS):
        found = lookup(ref)
        if found is not None:
            return found
    return None
