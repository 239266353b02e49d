"""The copies of a member's name that the rules archive keeps, rewritten when he is anonymised
(registered with :mod:`club.erasure` in :class:`rules.apps.RulesConfig`): the disputes' and the
precedents' texts and deal snapshots, the what-if's judgements, and the search index built from
the precedents (made again for those rewritten); his own followed searches go with their feeds
and the record of their mails. Whatever the archive kept between writes is stale afterwards."""

from __future__ import annotations

from django.db.models import Prefetch

from club import erasure

from . import archive_cache, search
from .models import DigestSent, Dispute, Precedent, PrecedentImpact, ReadingFix, SavedSearch

PRECEDENT_TEXTS = ("title", "situation", "question", "ruling", "title_ru", "situation_ru", "question_ru",
                   "ruling_ru", "deal_snapshot")


def scrub(former: erasure.FormerMember) -> None:
    SavedSearch.objects.filter(owner_id=former.member_id).delete()
    DigestSent.objects.filter(member_id=former.member_id).delete()
    erasure.rewrite(SavedSearch.objects.all(), ["query", "filters"], former)
    erasure.rewrite(Dispute.objects.all(), ["question", "ruling", "deal_snapshot"], former)
    erasure.rewrite(PrecedentImpact.objects.all(), ["before", "after"], former)
    rewritten = erasure.rewrite(Precedent.objects.all(), PRECEDENT_TEXTS, former)
    if rewritten:
        search.index_precedents(Precedent.objects.filter(pk__in=rewritten).prefetch_related(
            "cited_entries", "cited_points", Prefetch("fixes", queryset=ReadingFix.objects.select_related("point"))))
    archive_cache.changed()
