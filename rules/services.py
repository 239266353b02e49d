"""Writes of the precedent archive. Each service is one transaction and the only place its change
happens; every write keeps the search index current."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club import outbox
from club.errors import Conflict, InvalidInput, NotFound
from club.models import Member
from club.services import require_croupier
from club.states import transition

from . import access, archive_cache, search
from .models import (
    Dispute,
    InterpretationPoint,
    Precedent,
    PrecedentCitation,
    PrecedentImpact,
    ReadingFix,
    RulebookEntry,
    SavedSearch,
)

FOUNDING_DATE = dt.date(2003, 1, 1)
# How long the texts of a dispute and a precedent may be: a page of prose, not a file. The API's
# serializers and the pages' forms say the same, so a long text is refused before it is read.
QUESTION_MAX_LENGTH = 2000
TEXT_MAX_LENGTH = 8000
# A precedent's deal snapshot sent by a croupier, as JSON: a deal's worth, never a dump.
SNAPSHOT_MAX_CHARS = 20000
_INITIAL_STATUSES = (Precedent.Status.DRAFT, Precedent.Status.BINDING, Precedent.Status.ADVISORY)


def _next_permanent_id(year: int) -> str:
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
    import json

    size = len(json.dumps(value, default=str))
    if size > SNAPSHOT_MAX_CHARS:
        raise InvalidInput(_("%(field)s: a deal snapshot holds at most %(max)s characters, not %(size)s.")
                           % {"field": field, "max": SNAPSHOT_MAX_CHARS, "size": size},
                           extra={"field": field, "max": SNAPSHOT_MAX_CHARS, "size": size})


def _check_length(name: str, value: str, limit: int) -> None:
    if len(value or "") > limit:
        raise InvalidInput(_("%(field)s: at most %(max)s characters, not %(size)s.")
                           % {"field": name, "max": limit, "size": len(value)},
                           extra={"field": name, "max": limit, "size": len(value)})


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
        _check_length(name, value, 200 if name == "title" else TEXT_MAX_LENGTH)
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
        permanent_id=permanent_id or _next_permanent_id(ruled_on.year), title=title.strip(),
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
    from .tasks import precedent_whatif

    outbox.enqueue(precedent_whatif, precedent.pk)


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
    precedent.save()
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
        _check_length(name, value, 200 if name == "title" else TEXT_MAX_LENGTH)
        setattr(precedent, name, value.strip())
    precedent.updated_at = timezone.now()
    precedent.save()
    search.index_precedent(precedent)
    return precedent


# ----------------------------------------------------------------------------- founding precedents
def founding_title(point: InterpretationPoint) -> str:
    from .point_words import founding_texts

    return founding_texts(point, "en")["title"]


@transaction.atomic
def founding_precedents_load() -> list[Precedent]:
    """One binding precedent per interpretation point of the registry, dated at the club's
    founding, fixing the point's default reading (the club's reading in the rule notes). Points
    that already have one are left alone, so loading twice changes nothing. Written in bulk: the
    registry holds well over a hundred points."""
    from django.db.models import Prefetch

    from .point_words import founding_texts

    have = set(ReadingFix.objects.filter(precedent__founding=True).values_list("point__point_id", flat=True))
    points = [p for p in InterpretationPoint.objects.prefetch_related("rules").order_by("point_id")
              if p.point_id not in have]
    if not points:
        return []
    first = int(_next_permanent_id(FOUNDING_DATE.year).rsplit("-", 1)[1])
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


# ----------------------------------------------------------------------------- disputes
@transaction.atomic
def dispute_raise(*, actor: Member, deal_ref: str, question: str) -> Dispute:
    """Call the croupier on a recorded deal at one of the actor's tables (or any deal, for a
    croupier). The snapshot kept beside the dispute is the deal as stored, built here: what a
    caller says the deal was is never taken. One open dispute per deal."""
    from games.selectors import archive_deal_snapshot

    deal_ref = (deal_ref or "").strip()
    if not deal_ref:
        raise InvalidInput(_("%(field)s: this field is required.") % {"field": "deal_ref"}, extra={"field": "deal_ref", "value": deal_ref})
    if not (question or "").strip():
        raise InvalidInput(_("%(field)s: this field is required.") % {"field": "question"}, extra={"field": "question", "value": question})
    _check_length("question", question, QUESTION_MAX_LENGTH)
    access.check_can_open_dispute(actor, deal_ref)
    if Dispute.objects.select_for_update().filter(deal_ref=deal_ref, status=Dispute.Status.OPEN).exists():
        raise Conflict(_("Deal %(deal)s is already disputed.") % {"deal": deal_ref}, extra={"deal_ref": deal_ref})
    snapshot = archive_deal_snapshot(deal_ref) or {}
    return Dispute.objects.create(deal_ref=deal_ref, deal_snapshot=snapshot, raised_by=actor,
                                  question=question.strip())


def _close_dispute(dispute: Dispute, actor: Member, to: str, ruling: str) -> Dispute:
    access.access_dispute(actor, dispute.pk, for_write=True)
    dispute = Dispute.objects.select_for_update().get(pk=dispute.pk)
    if not (ruling or "").strip():
        raise InvalidInput(_("%(field)s: this field is required.") % {"field": "ruling"}, extra={"field": "ruling", "value": ruling})
    _check_length("ruling", ruling, TEXT_MAX_LENGTH)
    transition(dispute, to, what=_("dispute"))
    dispute.ruling = ruling.strip()
    dispute.ruled_by = actor
    dispute.ruled_at = timezone.now()
    dispute.save()
    return dispute


@transaction.atomic
def dispute_rule(*, dispute: Dispute, actor: Member, ruling: str) -> Dispute:
    """The croupier rules on the dispute; the deal's result may then be confirmed."""
    return _close_dispute(dispute, actor, Dispute.Status.RULED, ruling)


@transaction.atomic
def dispute_replay(*, dispute: Dispute, actor: Member, reason: str = "") -> Dispute:
    """Base rule 12: no precedent and no agreement, so the deal is replayed."""
    _check_length("ruling", reason or "", TEXT_MAX_LENGTH)
    text = (reason or "").strip() or _("No precedent and no agreement: the deal is replayed (base rule 12).")
    dispute = _close_dispute(dispute, actor, Dispute.Status.REPLAYED, text)
    # The ruling replays the recorded deal itself (voided, a fresh one dealt at its number), so the
    # game goes on; a deal that cannot be replayed refuses the whole ruling, naming why.
    from games.models import Deal
    from games.services import deal_replay

    deal_id = access.deal_id_of(dispute.deal_ref)
    deal = Deal.all_objects.filter(pk=deal_id).select_related("game__session__venue").first() if deal_id else None
    if deal is not None and not deal.is_voided:
        deal_replay(deal=deal, actor=actor)
    return dispute


@transaction.atomic
def dispute_publish(*, dispute: Dispute, actor: Member, title: str, status: str = Precedent.Status.BINDING,
                    **precedent_fields) -> Precedent:
    """Publish a ruled dispute's ruling as a precedent, with the deal's snapshot as its situation."""
    access.access_dispute(actor, dispute.pk, for_write=True)
    dispute = Dispute.objects.select_for_update().get(pk=dispute.pk)
    if dispute.status != Dispute.Status.RULED:
        raise Conflict(_("Dispute #%(id)s is %(status)s: only a ruled dispute becomes a precedent.")
                       % {"id": dispute.pk, "status": dispute.status},
                       extra={"status": dispute.status})
    if dispute.precedent_id is not None:
        raise Conflict(_("Dispute #%(id)s is already published as %(precedent)s.")
                       % {"id": dispute.pk, "precedent": dispute.precedent.permanent_id},
                       extra={"precedent": dispute.precedent.permanent_id})
    fields = {"situation": _("Deal %(deal)s: %(question)s") % {"deal": dispute.deal_ref, "question": dispute.question}, "question": dispute.question,
              "ruling": dispute.ruling}
    fields.update({k: v for k, v in precedent_fields.items() if v not in (None, "")})
    snapshot = {k: dispute.deal_snapshot[k] for k in ("cards", "trace", "players", "date", "number")
                if k in dispute.deal_snapshot} or dict(dispute.deal_snapshot)
    precedent = precedent_file(actor=actor, title=title, status=status, deal_ref=dispute.deal_ref,
                               deal_snapshot=snapshot, ruled_on=(dispute.ruled_at or timezone.now()).date(),
                               **fields)
    dispute.precedent = precedent
    dispute.save(update_fields=["precedent"])
    return precedent


# ----------------------------------------------------------------------------- the what-if
@transaction.atomic
def precedent_whatif_compute(*, precedent: Precedent, sittings: Iterable[tuple[str, dict]] | None = None,
                             judge=None) -> list[PrecedentImpact]:
    """Judge the stored sittings played before the precedent took effect twice, with and without
    it, and keep the deals whose outcome differs (the list the croupier may re-judge). The rows
    are replaced, so running it twice gives the same rows."""
    from .judging import judge_with_precedents, outcome, sitting_date
    from .whatif import stored_sittings

    precedent = Precedent.objects.select_for_update().get(pk=precedent.pk)
    if not precedent.fixes.exists():
        raise Conflict(_("%(id)s fixes no reading: nothing would change.") % {"id": precedent.permanent_id},
                       extra={"precedent": precedent.permanent_id})
    if sittings is None:
        sittings = stored_sittings(before=precedent.effective_from)
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


def precedent_by_permanent_id(permanent_id: str) -> Precedent:
    try:
        return Precedent.objects.get(permanent_id=permanent_id)
    except Precedent.DoesNotExist:
        raise NotFound(_("No precedent %(id)s.") % {"id": repr(permanent_id)}, extra={"value": permanent_id})


# ----------------------------------------------------------------------------- followed searches
# How many searches a member follows, and how many one address may save in a day (a visitor's
# searches have no other owner to count against).
SAVED_SEARCHES_PER_MEMBER = 20
SAVED_SEARCHES_PER_ADDRESS_A_DAY = 10
_FILTER_LIMIT = 60


def address_key(address: str) -> str:
    """A keyed hash of a network address: enough to count what one address saved, without
    keeping the address."""
    import hashlib
    import hmac

    from django.conf import settings

    if not address:
        return ""
    return hmac.new(settings.SECRET_KEY.encode(), str(address).encode(), hashlib.sha256).hexdigest()


def _search_of(params: Mapping) -> tuple[str, dict[str, str]]:
    from .selectors import SEARCH_FILTERS, precedent_search_arguments

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
    import secrets

    from club.errors import TooManyAttempts

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
