"""Writes of precedents: filing one (its citations of rules, points and earlier precedents, the
readings it fixes, its deal's snapshot), editing a draft, moving it along its statuses. A new
binding precedent that fixes a reading enqueues its what-if (:mod:`.impacts`) by the task's name."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club import outbox
from club.errors import Conflict, InvalidInput, NotFound
from club.models import Member
from club.services import require_croupier
from club.states import transition

from .. import archive_cache, search, task_names
from ..models import InterpretationPoint, Precedent, PrecedentCitation, ReadingFix, RulebookEntry
from .common import TEXT_MAX_LENGTH, check_length

# A precedent's deal snapshot sent by a croupier, as JSON: a deal's worth, never a dump.
SNAPSHOT_MAX_CHARS = 20000
_INITIAL_STATUSES = (Precedent.Status.DRAFT, Precedent.Status.BINDING, Precedent.Status.ADVISORY)


def next_permanent_id(year: int) -> str:
    """The next free permanent id of ``year`` (P-2003-042), read under a lock of the year's ids."""
    prefix = f"P-{year}-"
    taken = Precedent.objects.select_for_update().filter(permanent_id__startswith=prefix).values_list(
        "permanent_id", flat=True)
    numbers = [int(p[len(prefix):]) for p in taken if p[len(prefix):].isdigit()]
    return f"{prefix}{max(numbers, default=0) + 1:03d}"


def _entries(keys: Iterable[str]) -> list[RulebookEntry]:
    keys = list(dict.fromkeys(keys))
    found = {e.key: e for e in RulebookEntry.objects.filter(key__in=keys)}
    for key in keys:
        if key not in found:
            raise InvalidInput(_("Unknown rule %(rule)s.") % {"rule": repr(key)}, extra={"field": "cites_rules", "value": key})
    return [found[k] for k in keys]


def _points(ids: Iterable[str], field: str = "cites_points") -> dict[str, InterpretationPoint]:
    ids = list(dict.fromkeys(ids))
    found = {p.point_id: p for p in InterpretationPoint.objects.filter(point_id__in=ids)}
    for point_id in ids:
        if point_id not in found:
            raise InvalidInput(_("Unknown interpretation point %(point)s.") % {"point": repr(point_id)},
                               extra={"field": field, "value": point_id})
    return found


def _check_fixes(fixes: Mapping[str, str]) -> dict[InterpretationPoint, str]:
    points = _points(fixes.keys(), field="fixes")
    out = {}
    for point_id, reading in fixes.items():
        point = points[point_id]
        if reading not in point.readings:
            raise InvalidInput(_("%(point)s: unknown reading %(reading)s (one of %(readings)s).")
                               % {"point": point_id, "reading": repr(reading), "readings": ", ".join(point.readings)},
                               extra={"field": "fixes", "value": reading, "point": point_id})
        out[point] = reading
    return out


def _check_citations(precedent: Precedent, cites: Mapping[str, str]) -> list[tuple[Precedent, str]]:
    out = []
    found = {p.permanent_id: p for p in Precedent.objects.filter(permanent_id__in=list(cites))}
    for permanent_id, treatment in cites.items():
        if treatment not in PrecedentCitation.Treatment.values:
            raise InvalidInput(_("Unknown treatment %(treatment)s of %(id)s.") % {"treatment": repr(treatment), "id": permanent_id},
                               extra={"field": "cites_precedents", "value": treatment})
        cited = found.get(permanent_id)
        if cited is None:
            raise InvalidInput(_("Unknown precedent %(id)s.") % {"id": repr(permanent_id)},
                               extra={"field": "cites_precedents", "value": permanent_id})
        if cited.pk == precedent.pk:
            raise InvalidInput(_("A precedent cannot cite itself (%(id)s).") % {"id": permanent_id},
                               extra={"field": "cites_precedents", "value": permanent_id})
        if cited.effective_from > precedent.effective_from:
            raise InvalidInput(_("%(id)s is later than this precedent: only earlier precedents are cited.") % {"id": permanent_id},
                               extra={"field": "cites_precedents", "value": permanent_id})
        if treatment in PrecedentCitation.ENDS_FORCE and not cited.is_published:
            raise InvalidInput(_("%(id)s is not published: there is nothing to %(treatment)s.")
                               % {"id": permanent_id, "treatment": treatment[:-1]},
                               extra={"field": "cites_precedents", "value": permanent_id})
        out.append((cited, treatment))
    return out


def _snapshot(value, field: str = "deal_snapshot") -> dict:
    if value is None or value == "":
        return {}
    if not isinstance(value, Mapping):
        raise InvalidInput(_("%(field)s: a deal snapshot is an object, not %(type)s.") % {"field": field, "type": type(value).__name__},
                           extra={"field": field, "value": str(value)[:40]})
    return dict(value)


def check_snapshot_size(value, field: str = "deal_snapshot") -> None:
    """A snapshot typed in by a croupier is a deal's worth of JSON (the ones the archive builds
    from a stored deal are not bounded)."""
    size = len(json.dumps(value, default=str))
    if size > SNAPSHOT_MAX_CHARS:
        raise InvalidInput(_("%(field)s: a deal snapshot holds at most %(max)s characters, not %(size)s.")
                           % {"field": field, "max": SNAPSHOT_MAX_CHARS, "size": size},
                           extra={"field": field, "max": SNAPSHOT_MAX_CHARS, "size": size})


def _member_list(members: Iterable[Member] | None) -> list[Member]:
    return list(members or [])


@transaction.atomic
def precedent_file(*, actor: Member | None, title: str, situation: str, question: str, ruling: str,
                   ruled_on: dt.date | None = None, effective_from: dt.date | None = None,
                   status: str = Precedent.Status.DRAFT, ruled_by_kind: str = Precedent.RuledBy.CROUPIER,
                   panel: Iterable[Member] | None = None, cites_rules: Iterable[str] = (),
                   cites_points: Iterable[str] = (), cites_precedents: Mapping[str, str] | None = None,
                   fixes: Mapping[str, str] | None = None, deal_ref: str = "",
                   deal_snapshot: Mapping | None = None, founding: bool = False,
                   permanent_id: str | None = None) -> Precedent:
    """File a precedent. ``fixes`` maps interpretation point ids to the reading the ruling fixes;
    ``cites_precedents`` maps earlier precedents' permanent ids to a treatment (follows,
    distinguishes, overrules, supersedes). ``actor`` is None only for the founding loader."""
    if actor is not None or not founding:
        require_croupier(actor)
    for name, value in (("title", title), ("situation", situation), ("question", question), ("ruling", ruling)):
        if not (value or "").strip():
            raise InvalidInput(_("%(field)s: this field is required.") % {"field": name}, extra={"field": name, "value": value})
        check_length(name, value, 200 if name == "title" else TEXT_MAX_LENGTH)
    if status not in _INITIAL_STATUSES:
        raise InvalidInput(_("A new precedent cannot be %(status)s.") % {"status": repr(status)}, extra={"field": "status", "value": status})
    if ruled_by_kind not in Precedent.RuledBy.values:
        raise InvalidInput(_("Unknown ruler %(ruler)s.") % {"ruler": repr(ruled_by_kind)}, extra={"field": "ruled_by_kind", "value": ruled_by_kind})
    panel_members = _member_list(panel)
    if ruled_by_kind == Precedent.RuledBy.PANEL and len(panel_members) < 2 and not founding:
        raise InvalidInput(_("A panel has at least two members."), extra={"field": "panel", "value": len(panel_members)})
    ruled_on = ruled_on or timezone.localdate()
    effective_from = effective_from or ruled_on
    now = timezone.now()
    precedent = Precedent(
        permanent_id=permanent_id or next_permanent_id(ruled_on.year), title=title.strip(),
        situation=situation.strip(), question=question.strip(), ruling=ruling.strip(), deal_ref=deal_ref,
        deal_snapshot=_snapshot(deal_snapshot), ruled_by_kind=ruled_by_kind, ruled_by=actor,
        ruled_on=ruled_on, effective_from=effective_from, status=status, founding=founding,
        was_binding=status == Precedent.Status.BINDING,
        published_at=now if status in Precedent.PUBLISHED else None, updated_at=now)
    precedent.save()
    if panel_members:
        precedent.panel.set(panel_members)
    precedent.cited_entries.set(_entries(cites_rules))
    precedent.cited_points.set(list(_points(cites_points).values()))
    checked_fixes = _check_fixes(fixes or {})
    ReadingFix.objects.bulk_create([ReadingFix(precedent=precedent, point=p, reading=r)
                                    for p, r in checked_fixes.items()])
    PrecedentCitation.objects.bulk_create([
        PrecedentCitation(citing=precedent, cited=cited, treatment=treatment)
        for cited, treatment in _check_citations(precedent, cites_precedents or {})])
    if precedent.is_published:
        _touch_cited(precedent)
    search.index_precedent(precedent)
    archive_cache.changed()  # the fixes and citations came in bulk, after the precedent's save
    if precedent.status == Precedent.Status.BINDING and checked_fixes and not founding:
        _enqueue_whatif(precedent)
    return precedent


def _touch_cited(precedent: Precedent) -> None:
    """A published precedent that cites earlier ones changes their standing: they are news to
    whoever follows them."""
    Precedent.objects.filter(cited_by__citing=precedent).update(updated_at=timezone.now())


def _enqueue_whatif(precedent: Precedent) -> None:
    outbox.enqueue(task_names.PRECEDENT_WHATIF, precedent.pk)


@transaction.atomic
def precedent_transition(*, precedent: Precedent, actor: Member, to: str,
                         on: dt.date | None = None) -> Precedent:
    """Move a precedent along :attr:`Precedent.TRANSITIONS`; withdrawing ends its force from
    ``on`` (today by default)."""
    require_croupier(actor)
    precedent = Precedent.objects.select_for_update().get(pk=precedent.pk)
    transition(precedent, to, what=_("precedent"))
    if to == Precedent.Status.BINDING:
        precedent.was_binding = True
    if to == Precedent.Status.WITHDRAWN:
        precedent.withdrawn_on = on or timezone.localdate()
    now = timezone.now()
    if precedent.published_at is None and to in Precedent.PUBLISHED:
        precedent.published_at = now
    precedent.updated_at = now
    precedent.save(update_fields=["status", "was_binding", "withdrawn_on", "published_at", "updated_at"])
    if to in (Precedent.Status.BINDING, Precedent.Status.ADVISORY):
        _touch_cited(precedent)
    search.index_precedent(precedent)
    if to == Precedent.Status.BINDING and precedent.fixes.exists():
        _enqueue_whatif(precedent)
    return precedent


@transaction.atomic
def precedent_update(*, precedent: Precedent, actor: Member, **fields) -> Precedent:
    """Edit the texts of a draft (a published precedent's words are what the club relied on)."""
    require_croupier(actor)
    precedent = Precedent.objects.select_for_update().get(pk=precedent.pk)
    if precedent.status != Precedent.Status.DRAFT:
        raise Conflict(_("%(id)s is %(status)s: only a draft can be edited.")
                       % {"id": precedent.permanent_id, "status": precedent.status},
                       extra={"status": precedent.status})
    editable = {"title", "situation", "question", "ruling"}
    for name, value in fields.items():
        if name not in editable:
            raise InvalidInput(_("%(field)s cannot be edited.") % {"field": name}, extra={"field": name})
        if not (value or "").strip():
            raise InvalidInput(_("%(field)s: this field is required.") % {"field": name}, extra={"field": name, "value": value})
        check_length(name, value, 200 if name == "title" else TEXT_MAX_LENGTH)
        setattr(precedent, name, value.strip())
    precedent.updated_at = timezone.now()
    precedent.save(update_fields=[*fields, "updated_at"])
    search.index_precedent(precedent)
    return precedent


def precedent_by_permanent_id(permanent_id: str) -> Precedent:
    try:
        return Precedent.objects.get(permanent_id=permanent_id)
    except Precedent.DoesNotExist:
        raise NotFound(_("No precedent %(id)s.") % {"id": repr(permanent_id)}, extra={"value": permanent_id})

