"""What anonymising a member rewrites beyond the club's own rows.

A member's name and addresses are copied into rows that other apps keep: a tournament's stored
report, a dice match's record, an answer kept for a replayed tap, a dispute's question, the
search index of the precedent archive, and the history (django-simple-history) of each. The
club app cannot know them without importing the apps above it, so each app registers, in its
``AppConfig.ready()``, a scrubber: a callable that takes the :class:`FormerMember` and rewrites
the copies its own models keep. :func:`club.anonymise.member_anonymise` calls every registered
scrubber inside its transaction, so the copies change together with the member, or not at all.

The helpers here do the rewriting the same way everywhere: his display name (a whole word: "Al"
is not rewritten inside "Alan") becomes the name he keeps ("Former member 5"), and each of his
email addresses and his user name (in any case) a placeholder address. Rows are rewritten with
``QuerySet.update``: a copy corrected is no new change of the object, so no history row is
added, and the history rows already there are rewritten alike.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import models
from django.db.models import Q
from django.db.models.functions import Cast
from simple_history.exceptions import NotHistoricalModelError
from simple_history.utils import get_history_model_for_model

Scrubber = Callable[["FormerMember"], object]

_SCRUBBERS: list[Scrubber] = []


def register_scrubber(scrubber: Scrubber) -> Scrubber:
    """Add ``scrubber`` (once) to those anonymising runs; usable as a decorator."""
    if scrubber not in _SCRUBBERS:
        _SCRUBBERS.append(scrubber)
    return scrubber


def unregister_scrubber(scrubber: Scrubber) -> None:
    if scrubber in _SCRUBBERS:
        _SCRUBBERS.remove(scrubber)


def scrubbers() -> tuple[Scrubber, ...]:
    return tuple(_SCRUBBERS)


@dataclass(frozen=True)
class FormerMember:
    """A member being anonymised: what he was called and what he is called from now on.

    ``names`` are matched as whole words and in their case (a display name is unique, and a
    rulebook's "Pair" is not a member's "pair"); ``addresses`` (his email addresses) in any
    case, anywhere in a text."""

    member_id: int
    placeholder: str
    placeholder_address: str
    names: tuple[str, ...] = ()
    addresses: tuple[str, ...] = ()
    _pattern: re.Pattern | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = sorted({n for n in self.names if n and n != self.placeholder}, key=len, reverse=True)
        addresses = sorted({a for a in self.addresses if a}, key=len, reverse=True)
        object.__setattr__(self, "names", tuple(names))
        object.__setattr__(self, "addresses", tuple(addresses))
        parts = [f"(?P<name>{'|'.join(re.escape(n) for n in names)})"] if names else []
        if addresses:
            parts.append(f"(?P<address>(?i:{'|'.join(re.escape(a) for a in addresses)}))")
        if parts:
            # A name only as a whole word; an address wherever it stands.
            pattern = "|".join(
                rf"(?<!\w){part}(?!\w)" if part.startswith("(?P<name>") else part for part in parts)
            object.__setattr__(self, "_pattern", re.compile(pattern))

    @property
    def needles(self) -> tuple[str, ...]:
        """Every text whose presence in a row means the row may name him."""
        return (*self.names, *self.addresses)

    def _replacement(self, found: re.Match) -> str:
        return self.placeholder if found.lastgroup == "name" else self.placeholder_address

    def text(self, value: str) -> str:
        """``value`` with every mention of him rewritten."""
        if self._pattern is None or not value:
            return value
        return self._pattern.sub(self._replacement, value)

    def value(self, value: Any) -> Any:
        """A JSON value (dicts, lists, strings, numbers) with every string, keys included,
        rewritten; the same object when nothing in it names him."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            new = [self.value(v) for v in value]
            return value if all(a is b for a, b in zip(new, value, strict=True)) else new
        if isinstance(value, dict):
            new = {self.text(k) if isinstance(k, str) else k: self.value(v) for k, v in value.items()}
            same = list(new) == list(value) and all(new[k] is value[k] for k in value)
            return value if same else new
        return value

    def mentions(self, fields: Iterable[str], model: type[models.Model]) -> Q:
        """A filter that keeps every row of ``model`` whose ``fields`` may name him (and some
        that do not: :meth:`value` decides). A JSON field is searched as its stored text, where
        a name may stand escaped (``\\u0421`` for "С")."""
        q = Q(pk__in=[])
        for name in fields:
            model_field = model._meta.get_field(name)
            lookup = name
            if isinstance(model_field, models.JSONField):
                lookup = _as_text(name)
            for needle in self.needles:
                forms = {needle}
                if isinstance(model_field, models.JSONField):
                    forms |= {json.dumps(needle)[1:-1], json.dumps(needle, ensure_ascii=False)[1:-1]}
                for form in forms:
                    q |= Q(**{f"{lookup}__icontains": form})
        return q


def _as_text(name: str) -> str:
    return f"{name}_stored_text"


def _annotated(queryset: models.QuerySet, fields: Iterable[str]) -> models.QuerySet:
    casts = {_as_text(name): Cast(name, models.TextField()) for name in fields
             if isinstance(queryset.model._meta.get_field(name), models.JSONField)}
    return queryset.annotate(**casts) if casts else queryset


def _rewrite_rows(queryset: models.QuerySet, fields: tuple[str, ...], former: FormerMember) -> list[int]:
    model = queryset.model
    pk_name = model._meta.pk.attname
    candidates = _annotated(queryset, fields).filter(former.mentions(fields, model))
    changed = []
    for row in list(candidates.values(pk_name, *fields)):
        updates = {}
        for name in fields:
            old = row[name]
            new = former.value(old) if old is not None else None
            if new is not old and new != old:
                limit = getattr(model._meta.get_field(name), "max_length", None)
                updates[name] = new[:limit] if limit and isinstance(new, str) else new
        if updates:
            model._default_manager.filter(**{pk_name: row[pk_name]}).update(**updates)
            changed.append(row[pk_name])
    return changed


def history_model(model: type[models.Model]) -> type[models.Model] | None:
    """The model django-simple-history keeps ``model``'s past versions in, if it keeps any."""
    try:
        return get_history_model_for_model(model)
    except NotHistoricalModelError:
        return None


def rewrite(queryset: models.QuerySet, fields: Iterable[str], former: FormerMember, *,
            history: bool = True) -> list[int]:
    """Rewrite every mention of ``former`` in ``fields`` of the rows of ``queryset`` and, with
    ``history``, in the same fields of those rows' past versions; returns the primary keys of
    the live rows rewritten."""
    fields = tuple(fields)
    changed = _rewrite_rows(queryset, fields, former)
    past = history_model(queryset.model) if history else None
    if past is not None:
        kept = tuple(name for name in fields if any(f.name == name for f in past._meta.concrete_fields))
        pk_name = queryset.model._meta.pk.attname
        if kept:
            _rewrite_rows(past._default_manager.filter(**{f"{pk_name}__in": queryset.values(pk_name)}), kept, former)
    return changed
