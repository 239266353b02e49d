"""The club's history for its admins: who changed what and when, read from the history every
tracked model keeps (django-simple-history), across the models, the newest first.

Each app registers its tracked models here as kinds (:func:`register_kind`, from its
``AppConfig.ready()``; the club's own below): the key that names the kind in the URL and the API,
how a record of it reads in words and which page it links to. The club cannot import the apps
above it, so the history knows their models only through what they register.

One page of it takes a fixed number of queries whatever its size: the page's (kind, history id)
pairs come from one UNION over the historical tables, then each kind on the page is read once
with its previous versions, and the members, sessions, games, deals and venues the rows name are
read once each.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import models
from django.db.models import OuterRef, Q, Subquery, Value
from django.utils import formats, timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from .models import RSVP, Member, ScheduledSession, SeatAssignment, Venue

# What a record is about, in words, and the page of it (None when it is gone).
Label = Callable[[Any, "Names"], tuple[str, str | None]]


@dataclass(frozen=True)
class ManyField:
    """A many-to-many field whose past values django-simple-history keeps in a table of their own
    (``HistoricalRecords(m2m_fields=[...])``): a change of it shows beside the record's own."""

    name: str
    # The model of its past values ("games.HistoricalResult_winners") and the column of it that
    # names the related row ("member_id").
    history: str
    column: str


@dataclass(frozen=True)
class Kind:
    """A tracked model as the history shows it."""

    key: str
    model: type[models.Model]
    label: Label
    # An object's history takes in the rows that belong to it (a session's RSVPs and seats):
    # (kind, the field naming the object); empty, the object's own rows only.
    scope: tuple[tuple[str, str], ...] = ()
    # A record reads the object it is about, for its name and its page.
    named: bool = False
    many: tuple[ManyField, ...] = ()


_KINDS: dict[str, Kind] = {}
_KIND_OF_MODEL: dict[type[models.Model], Kind] = {}
# How an object is named (a function of it; str() without one) and read (a queryset with what
# its name needs), by model.
_NAMES: dict[type[models.Model], Callable[[Any], str]] = {}
_READERS: dict[type[models.Model], Callable[[], models.QuerySet]] = {}

# kind key (in the URL and the API) -> the tracked model, in the order the kinds were registered.
# Every model with HistoricalRecords is here (a test keeps the two in step).
KINDS: dict[str, type[models.Model]] = {}


def register_kind(key: str, model: type[models.Model], *, label: Label, scope: Iterable[tuple[str, str]] = (),
                  named: bool = False, many: Iterable[ManyField] = ()) -> Kind:
    """Show the history of ``model`` under ``key`` (once; again with the same model is a no-op)."""
    known = _KINDS.get(key)
    if known is not None:
        if known.model is not model:
            raise ValueError(f"the history kind {key!r} is {known.model.__name__}'s already")
        return known
    kind = Kind(key=key, model=model, label=label, scope=tuple(scope), named=named, many=tuple(many))
    _KINDS[key] = kind
    _KIND_OF_MODEL[model] = kind
    KINDS[key] = model
    return kind


def register_name(model: type[models.Model], name: Callable[[Any], str] | None = None, *,
                  queryset: Callable[[], models.QuerySet] | None = None) -> None:
    """How the history names an object of ``model`` that a row is about or points at: ``name``
    (str() without one), read through ``queryset`` (with what the name needs)."""
    if name is not None:
        _NAMES[model] = name
    if queryset is not None:
        _READERS[model] = queryset


def name_fields(**names: Any) -> None:
    """Name the changed fields whose models give them no name of their own, in the member's words."""
    FIELD_NAMES.update(names)


CHANGES = {"+": gettext_lazy("created"), "~": gettext_lazy("changed"), "-": gettext_lazy("deleted")}

# Fields whose value is a document (JSON) or a secret: the row says they changed, not to what.
OPAQUE = (models.JSONField,)
HIDDEN_FIELDS = {"idempotency_key", "seating_seed", "seed"}

# Related models a row never names by value: the account behind a member.
NAMED_ELSEWHERE = {get_user_model()}

# The names of the fields whose model gives them none of their own, in the member's words (the
# apps add theirs: name_fields).
FIELD_NAMES = {
    "closed_at": pgettext_lazy("changed field", "closed at"),
    "closed_by": pgettext_lazy("changed field", "closed by"), "confirmed_at": pgettext_lazy("changed field", "confirmed at"),
    "confirmed_by": pgettext_lazy("changed field", "confirmed by"), "created_at": pgettext_lazy("changed field", "created at"),
    "created_by": pgettext_lazy("changed field", "created by"),
    "member": pgettext_lazy("changed field", "member"), "requested_at": pgettext_lazy("changed field", "asked for a place at"),
    "session": pgettext_lazy("changed field", "session"), "slug": pgettext_lazy("changed field", "address name"),
    "started_by": pgettext_lazy("changed field", "started by"), "submitted_at": pgettext_lazy("changed field", "submitted at"),
    "submitted_by": pgettext_lazy("changed field", "submitted by"),
    "user": pgettext_lazy("changed field", "account"),
}

MAX_PAGE_SIZE = 100
PAGE_SIZES = (25, 50, 100)


def kind_name(key: str) -> str:
    return capfirst(str(KINDS[key]._meta.verbose_name))


def kind_choices() -> list[tuple[str, str]]:
    return sorted(((key, kind_name(key)) for key in KINDS), key=lambda c: c[1])


@dataclass
class Filters:
    member: Member | None = None
    kind: str | None = None
    since: dt.date | None = None
    until: dt.date | None = None
    # An object's history: its kind and primary key.
    object_kind: str | None = None
    object_id: int | None = None


def _history_qs(key: str, filters: Filters):
    rows = KINDS[key].history.order_by()
    if filters.member is not None:
        rows = rows.filter(history_user_id=filters.member.user_id)
    if filters.since is not None:
        rows = rows.filter(history_date__date__gte=filters.since)
    if filters.until is not None:
        rows = rows.filter(history_date__date__lte=filters.until)
    return rows


def history_rows(filters: Filters):
    """The matching history, the newest first, as (kind, history_id, history_date) values: one
    query over every historical table (a UNION ALL), which a paginator counts and slices."""
    parts = []
    if filters.object_kind:
        known = _KINDS.get(filters.object_kind)
        scope = (known.scope if known is not None else ()) or ((filters.object_kind, "id"),)
        for key, name in scope:
            if filters.kind and key != filters.kind:
                continue
            parts.append((key, Q(**{name: filters.object_id})))
    else:
        parts = [(key, Q()) for key in KINDS if not filters.kind or key == filters.kind]
    if not parts:
        parts = [(next(iter(KINDS)), Q(pk__in=[]))]
    querysets = [_history_qs(key, filters).filter(q).annotate(audit_kind=Value(key, output_field=models.CharField()))
                 .values("audit_kind", "history_id", "history_date") for key, q in parts]
    first, rest = querysets[0], querysets[1:]
    combined = first.union(*rest, all=True) if rest else first
    return combined.order_by("-history_date", "-history_id")


# --- turning a page of (kind, history id) into rows a person reads --------------------------------

@dataclass
class Change:
    field: str
    name: str
    old: str
    new: str


@dataclass
class Row:
    when: dt.datetime
    kind: str
    kind_name: str
    change: str
    change_name: str
    object_id: int
    label: str
    url: str | None
    who: Member | None
    changes: list[Change] = field(default_factory=list)

    @property
    def is_deletion(self) -> bool:
        return self.change == "-"


class Names:
    """The members, venues, sessions, games and deals a page names, read once each: what the
    records' foreign keys point at, the objects the records of a named kind are about, and the
    ``also`` (model, primary key) pairs."""

    def __init__(self, records: list[Any], also: Iterable[tuple[type[models.Model], int]] = ()):
        wanted: dict[type, set[int]] = defaultdict(set)
        for record in records:
            for f in record.instance_type._meta.concrete_fields:
                if isinstance(f, models.ForeignKey):
                    value = getattr(record, f.attname, None)
                    if value is not None:
                        wanted[f.related_model].add(value)
            kind = _KIND_OF_MODEL.get(record.instance_type)
            if kind is not None and kind.named:
                wanted[record.instance_type].add(record.id)
        for model, pk in also:
            wanted[model].add(pk)
        # A deal names its game, a game its session, a session its day in its venue's zone: each
        # is read with what its name needs (register_name).
        self.by_model: dict[type, dict[int, Any]] = {}
        for model, ids in wanted.items():
            if model in NAMED_ELSEWHERE:
                continue
            reader = _READERS.get(model)
            self.by_model[model] = (reader() if reader is not None else model._default_manager).in_bulk(ids)

    def get(self, model, pk):
        return self.by_model.get(model, {}).get(pk)

    def name(self, model, pk) -> str:
        obj = self.get(model, pk)
        if pk is None:
            return "—"
        if obj is None:
            return _("a deleted %(kind)s") % {"kind": model._meta.verbose_name}
        naming = _NAMES.get(model)
        return naming(obj) if naming is not None else str(obj)

    def url(self, model, pk) -> str | None:
        """The page of the object, None when it is gone."""
        obj = self.get(model, pk)
        return obj.get_absolute_url() if obj is not None else None

    def member(self, record) -> str:
        """The member a record names, by his name ("" for a record of nobody's)."""
        return self.name(Member, record.member_id) if hasattr(record, "member_id") else ""


def session_name(session) -> str:
    day = formats.date_format(timezone.localtime(session.starts_at, session.venue.tz), "SHORT_DATE_FORMAT")
    return _("%(title)s of %(day)s") % {"title": session.title, "day": day}


def _value(model, name: str, value, names: Names) -> str:
    if value is None or value == "":
        return "—"
    f = model._meta.get_field(name)
    if isinstance(f, models.ForeignKey):
        return names.name(f.related_model, value)
    if f.choices:
        return str(dict(f.flatchoices).get(value, value))
    if isinstance(f, models.BooleanField):
        return _("yes") if value else _("no")
    if isinstance(f, models.DateTimeField):
        return formats.date_format(timezone.localtime(value), "SHORT_DATETIME_FORMAT")
    if isinstance(f, models.DateField):
        return formats.date_format(value, "SHORT_DATE_FORMAT")
    if isinstance(value, (int, float)) or hasattr(value, "as_tuple"):
        return formats.number_format(value)
    return str(value)


# (kind, many-to-many field, history id) -> the primary keys the field held in that version.
ManyValues = dict[tuple[str, str, int], set[int]]


def _changes(key: str, record, previous, many_values: ManyValues, names: Names) -> list[Change]:
    kind = _KINDS[key]
    model = kind.model
    if previous is None or record.history_type != "~":
        return []
    delta = record.diff_against(previous, excluded_fields=[*(many.name for many in kind.many), *HIDDEN_FIELDS])
    out = []
    for change in delta.changes:
        f = model._meta.get_field(change.field)
        name = capfirst(str(FIELD_NAMES.get(change.field, f.verbose_name)))
        if isinstance(f, OPAQUE):
            out.append(Change(change.field, name, "", ""))
        else:
            out.append(Change(change.field, name, _value(model, change.field, change.old, names),
                              _value(model, change.field, change.new, names)))
    for many in kind.many:
        old = many_values.get((key, many.name, previous.history_id), set())
        new = many_values.get((key, many.name, record.history_id), set())
        if old != new:
            f = model._meta.get_field(many.name)

            def shown(ids, related=f.related_model):
                return ", ".join(sorted(names.name(related, pk) for pk in ids)) or "—"
            out.append(Change(many.name, capfirst(str(f.verbose_name)), shown(old), shown(new)))
    return out


def _many_values(records: dict[tuple[str, int], Any], previous: dict[tuple[str, int], Any]) -> ManyValues:
    """What each many-to-many field held in the page's records and their previous versions: one
    query per such field of a kind on the page."""
    values: ManyValues = defaultdict(set)
    for key in sorted({k for k, _id in records}):
        kind = _KINDS[key]
        if not kind.many:
            continue
        history_ids = [k[1] for k in records if k[0] == key]
        history_ids += [p.history_id for k, p in previous.items() if k[0] == key and p is not None]
        for many in kind.many:
            through = apps.get_model(many.history)
            for history_id, pk in through.objects.filter(history_id__in=history_ids).values_list(
                    "history_id", many.column):
                values[(key, many.name, history_id)].add(pk)
    return values


def rows_for_page(page: list[dict]) -> list[Row]:
    """The page's history rows in words: one query per kind on the page (its records with their
    previous versions' ids), one for the previous versions, one per kind of object they name."""
    ids_by_kind: dict[str, list[int]] = defaultdict(list)
    for item in page:
        ids_by_kind[item["audit_kind"]].append(item["history_id"])
    records: dict[tuple[str, int], Any] = {}
    previous: dict[tuple[str, int], Any] = {}
    for key, ids in ids_by_kind.items():
        history = KINDS[key].history
        earlier = (history.model.objects.filter(id=OuterRef("id"))
                   .filter(Q(history_date__lt=OuterRef("history_date"))
                           | Q(history_date=OuterRef("history_date"), history_id__lt=OuterRef("history_id")))
                   .order_by("-history_date", "-history_id").values("history_id")[:1])
        found = list(history.filter(history_id__in=ids).select_related("history_user__member")
                     .annotate(previous_id=Subquery(earlier)))
        wanted = [r.previous_id for r in found if r.previous_id is not None and r.history_type == "~"]
        before = history.in_bulk(wanted, field_name="history_id") if wanted else {}
        for r in found:
            records[(key, r.history_id)] = r
            previous[(key, r.history_id)] = before.get(r.previous_id)
    many_values = _many_values(records, previous)
    everything = list(records.values()) + [p for p in previous.values() if p is not None]
    # The rows a many-to-many field held (a result's winners) are named like any a row names.
    also = [(_KINDS[key].model._meta.get_field(name).related_model, pk)
            for (key, name, _history_id), pks in many_values.items() for pk in pks]
    names = Names(everything, also)
    out = []
    for item in page:
        key = item["audit_kind"]
        record = records.get((key, item["history_id"]))
        if record is None:
            continue
        label, url = _KINDS[key].label(record, names)
        user = record.history_user
        who = getattr(user, "member", None) if user is not None else None
        out.append(Row(
            when=record.history_date, kind=key, kind_name=kind_name(key), change=record.history_type,
            change_name=str(CHANGES[record.history_type]), object_id=record.id, label=label, url=url, who=who,
            changes=_changes(key, record, previous[(key, item["history_id"])], many_values, names)))
    return out


def object_title(key: str, pk: int) -> tuple[str, str | None] | None:
    """An object's name and page, from its latest history record (so a deleted object is still
    named); None when it has no history."""
    record = KINDS[key].history.filter(id=pk).order_by("-history_date", "-history_id").first()
    if record is None:
        return None
    return _KINDS[key].label(record, Names([record]))


# --- the club's own kinds -------------------------------------------------------------------------

def _session_label(record, names: Names) -> tuple[str, str | None]:
    obj = names.get(ScheduledSession, record.id)
    return (session_name(obj) if obj else record.title), names.url(ScheduledSession, record.id)


def _rsvp_label(record, names: Names) -> tuple[str, str | None]:
    return (_("%(member)s's answer for %(session)s") % {
        "member": names.member(record), "session": names.name(ScheduledSession, record.session_id)},
        names.url(ScheduledSession, record.session_id))


def _seat_label(record, names: Names) -> tuple[str, str | None]:
    return (_("%(member)s's seat at %(session)s") % {
        "member": names.member(record), "session": names.name(ScheduledSession, record.session_id)},
        names.url(ScheduledSession, record.session_id))


register_name(Member, lambda member: member.display_name)
register_name(ScheduledSession, session_name, queryset=lambda: ScheduledSession.objects.select_related("venue"))
register_kind("member", Member, label=lambda record, names: (record.display_name, names.url(Member, record.id)),
              named=True)
register_kind("venue", Venue, label=lambda record, names: (record.name, names.url(Venue, record.id)), named=True)
register_kind("session", ScheduledSession, label=_session_label, named=True,
              scope=(("session", "id"), ("rsvp", "session_id"), ("seat", "session_id")))
register_kind("rsvp", RSVP, label=_rsvp_label)
register_kind("seat", SeatAssignment, label=_seat_label)
