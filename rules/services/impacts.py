"""The what-if of a precedent: the stored sittings played before it took effect, judged with and
without it, and the deals whose outcome it changes (the list the croupier may re-judge)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils.translation import gettext as _

from club.errors import Conflict

from .. import whatif
from ..judging import judge_with_precedents, outcome, sitting_date
from ..models import Precedent, PrecedentImpact


@transaction.atomic
def precedent_whatif_compute(*, precedent: Precedent, sittings: Iterable[tuple[str, dict]] | None = None,
                             judge=None) -> list[PrecedentImpact]:
    """Judge the stored sittings played before the precedent took effect twice, with and without
    it, and keep the deals whose outcome differs (the list the croupier may re-judge). The rows
    are replaced, so running it twice gives the same rows."""
    precedent = Precedent.objects.select_for_update().get(pk=precedent.pk)
    if not precedent.fixes.exists():
        raise Conflict(_("%(id)s fixes no reading: nothing would change.") % {"id": precedent.permanent_id},
                       extra={"precedent": precedent.permanent_id})
    if sittings is None:
        sittings = whatif.stored_sittings(before=precedent.effective_from)
    impacts = []
    for ref, doc in sittings:
        day = sitting_date(doc)
        if day is None or day >= precedent.effective_from:
            continue
        before = judge_with_precedents(doc, on=day, judge=judge, exclude=precedent)
        after = judge_with_precedents(doc, on=day, judge=judge, extra=precedent)
        for old, new in zip(before.get("deals", []), after.get("deals", []), strict=False):
            if outcome(old) != outcome(new):
                impacts.append(PrecedentImpact(precedent=precedent, deal_ref=ref,
                                               deal_number=old.get("number") or 1, played_on=day,
                                               before=outcome(old), after=outcome(new)))
    PrecedentImpact.objects.filter(precedent=precedent).delete()
    PrecedentImpact.objects.bulk_create(impacts)
    return list(PrecedentImpact.objects.filter(precedent=precedent))
