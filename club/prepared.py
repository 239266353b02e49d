"""Reads of a fixed shape whose SQL is compiled once per process.

Turning a queryset into SQL costs Django about a millisecond of processor time (more with joins
and subqueries), often more than the database takes to answer. A read that a page makes on every
request, with the same shape each time and only its values changing (a member, the time), is
compiled once per process and database from stand-in values; each run sends the kept SQL with the
run's own values and builds the objects as Django's model iterable does: the same converters, the
same related objects from ``select_related``, then ``prefetch_related`` as the queryset names it.

    @prepared
    def results_of(member_id: int, since: datetime) -> QuerySet[Result]:
        return Result.objects.filter(winners=member_id, confirmed_at__gte=since)

    results_of(member.pk, now)   # -> list[Result]

The queryset's shape must not depend on the values (no ``if`` on them, no ``__in`` of a list):
under tests (``settings.TESTING``) every run also compiles the queryset from the real values and
refuses a run whose SQL differs from the kept one.
"""

from __future__ import annotations

import datetime as dt
import functools
import threading
import typing
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connections, router
from django.db.models import Prefetch, QuerySet, prefetch_related_objects
from django.db.models.query import ModelIterable, get_related_populators

# Stand-ins that no real read uses: the compiled parameters equal to one are that argument's places.
_STAND_INS = {
    int: lambda n: -7_300_001 - n,
    str: lambda n: f"\x1fstand-in-{n}\x1f",
    dt.datetime: lambda n: dt.datetime(1901, 2, 3, 4, 5, n, tzinfo=dt.UTC),
}


def _adapter(kind, connection) -> Callable:
    if kind is dt.datetime:
        return connection.ops.adapt_datetimefield_value
    return lambda value: value


class _Compiled:
    def __init__(self, queryset: QuerySet, stand_ins: list, kinds: list, alias: str) -> None:
        if queryset._iterable_class is not ModelIterable or queryset._known_related_objects:
            raise ImproperlyConfigured("a prepared read returns model objects of a plain queryset")
        connection = connections[alias]
        self.alias = alias
        self.adapters = [_adapter(kind, connection) for kind in kinds]
        self.compiler = queryset.query.get_compiler(using=alias)
        self.sql, params = self.compiler.as_sql()
        adapted = [adapt(value) for adapt, value in zip(self.adapters, stand_ins, strict=True)]
        # Each parameter is either an argument (its index) or a constant of the queryset.
        self.params: list[tuple[bool, object]] = []
        for value in params:
            places = [i for i, stand_in in enumerate(adapted) if type(value) is type(stand_in) and value == stand_in]
            self.params.append((True, places[0]) if places else (False, value))
        missing = set(range(len(stand_ins))) - {i for is_arg, i in self.params if is_arg}
        if missing:
            raise ImproperlyConfigured(f"a prepared read does not send its arguments {sorted(missing)} as they are")
        klass_info = self.compiler.klass_info
        self.model = klass_info["model"]
        first, last = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        self.fields = slice(first, last)
        self.init_list = [column[0].target.attname for column in self.compiler.select[first:last]]
        self.populators = get_related_populators(klass_info, self.compiler.select, alias)
        self.annotations = list(self.compiler.annotation_col_map.items())
        self.converters = self.compiler.get_converters(
            [column[0] for column in self.compiler.select[:self.compiler.col_count]])
        self.prefetch = list(queryset._prefetch_related_lookups)

    def params_for(self, values) -> list:
        adapted = [adapt(value) for adapt, value in zip(self.adapters, values, strict=True)]
        return [adapted[x] if is_arg else x for is_arg, x in self.params]

    def run(self, values) -> list:
        with connections[self.alias].cursor() as cursor:
            cursor.execute(self.sql, self.params_for(values))
            rows = cursor.fetchall()
        if self.converters:
            rows = self.compiler.apply_converters(rows, self.converters)
        objects = []
        for row in rows:
            obj = self.model.from_db(self.alias, self.init_list, row[self.fields])
            for populator in self.populators:
                populator.populate(row, obj)
            for name, position in self.annotations:
                setattr(obj, name, row[position])
            objects.append(obj)
        if self.prefetch and objects:
            prefetch_related_objects(objects, *(_own_copy(lookup) for lookup in self.prefetch))
        return objects


def _own_copy(lookup):
    """A Prefetch for one run: Django marks a Prefetch's queryset with an object of the run."""
    if isinstance(lookup, Prefetch) and lookup.queryset is not None:
        return Prefetch(lookup.prefetch_through, queryset=lookup.queryset._chain(), to_attr=lookup.to_attr)
    return lookup


class Prepared:
    """``build``'s queryset compiled once per database; calling it runs the read with new values."""

    def __init__(self, build: Callable[..., QuerySet]) -> None:
        hints = typing.get_type_hints(build)
        hints.pop("return", None)
        self.kinds = list(hints.values())
        unknown = [kind for kind in self.kinds if kind not in _STAND_INS]
        if unknown:
            raise ImproperlyConfigured(f"a prepared read takes int, str and datetime arguments, not {unknown}")
        self.build = build
        self.stand_ins = [_STAND_INS[kind](n) for n, kind in enumerate(self.kinds)]
        self._compiled: dict[tuple[str, str], _Compiled] = {}
        self._lock = threading.Lock()
        self.model = None
        functools.update_wrapper(self, build)

    def __call__(self, *values) -> list:
        for kind, value in zip(self.kinds, values, strict=True):
            if not isinstance(value, kind):
                raise TypeError(f"{self.build.__name__} takes {kind.__name__}, not {value!r}")
        compiled = self._compiled_for(values)
        if settings.TESTING:
            self._check_shape(compiled, values)
        return compiled.run(values)

    def _compiled_for(self, values) -> _Compiled:
        if self.model is None:
            self.model = self.build(*self.stand_ins).model
        alias = router.db_for_read(self.model)
        # The vendor is in the key: a test database of another vendor compiles anew.
        key = (alias, connections[alias].vendor)
        compiled = self._compiled.get(key)
        if compiled is None:
            with self._lock:
                compiled = self._compiled.get(key)
                if compiled is None:
                    queryset = self.build(*self.stand_ins)
                    compiled = self._compiled[key] = _Compiled(queryset, self.stand_ins, self.kinds, queryset.db)
        return compiled

    def _check_shape(self, compiled: _Compiled, values) -> None:
        sql, params = self.build(*values).query.get_compiler(using=compiled.alias).as_sql()
        if sql != compiled.sql or list(params) != compiled.params_for(values):
            raise ImproperlyConfigured(f"{self.build.__name__} changed its shape with its values: {values!r}")


def prepared(build: Callable[..., QuerySet]) -> Prepared:
    return Prepared(build)
