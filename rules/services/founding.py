"""The founding precedents: one binding precedent per interpretation point of the registry, dated
at the club's founding, fixing the point's default reading."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from .. import archive_cache, search
from ..models import InterpretationPoint, Precedent, ReadingFix
from ..point_words import founding_texts
from .precedents import next_permanent_id

FOUNDING_DATE = dt.date(2003, 1, 1)


def founding_title(point: InterpretationPoint) -> str:
    return founding_texts(point, "en")["title"]


@transaction.atomic
def founding_precedents_load() -> list[Precedent]:
    """One binding precedent per interpretation point of the registry, dated at the club's
    founding, fixing the point's default reading (the club's reading in the rule notes). Points
    that already have one are left alone, so loading twice changes nothing. Written in bulk: the
    registry holds well over a hundred points."""
    have = set(ReadingFix.objects.filter(precedent__founding=True).values_list("point__point_id", flat=True))
    points = [p for p in InterpretationPoint.objects.prefetch_related("rules").order_by("point_id")
              if p.point_id not in have]
    if not points:
        return []
    first = int(next_permanent_id(FOUNDING_DATE.year).rsplit("-", 1)[1])
    now = timezone.now()
    precedents = []
    for offset, point in enumerate(points):
        en, ru = founding_texts(point, "en"), founding_texts(point, "ru")
        precedents.append(Precedent(
            permanent_id=f"P-{FOUNDING_DATE.year}-{first + offset:03d}", founding=True,
            title=en["title"], situation=en["situation"], question=en["question"], ruling=en["ruling"],
            title_ru=ru["title"], situation_ru=ru["situation"], question_ru=ru["question"], ruling_ru=ru["ruling"],
            ruled_on=FOUNDING_DATE, effective_from=FOUNDING_DATE, status=Precedent.Status.BINDING,
            was_binding=True, ruled_by_kind=Precedent.RuledBy.PANEL, published_at=now, updated_at=now))
    Precedent.objects.bulk_create(precedents)
    ids = dict(Precedent.objects.filter(permanent_id__in=[p.permanent_id for p in precedents])
               .values_list("permanent_id", "pk"))
    entry_links, point_links, fixes = [], [], []
    for precedent, point in zip(precedents, points, strict=True):
        pk = ids[precedent.permanent_id]
        entry_links += [Precedent.cited_entries.through(precedent_id=pk, rulebookentry_id=e.pk)
                        for e in point.rules.all()]
        point_links.append(Precedent.cited_points.through(precedent_id=pk, interpretationpoint_id=point.pk))
        fixes.append(ReadingFix(precedent_id=pk, point=point, reading=point.default))
    Precedent.cited_entries.through.objects.bulk_create(entry_links)
    Precedent.cited_points.through.objects.bulk_create(point_links)
    ReadingFix.objects.bulk_create(fixes)
    archive_cache.changed()  # bulk writes send no signals
    created = list(Precedent.objects.filter(pk__in=ids.values()).prefetch_related(
        "cited_entries", "cited_points", Prefetch("fixes", queryset=ReadingFix.objects.select_related("point")))
        .order_by("permanent_id"))
    search.index_precedents(created)
    return created
