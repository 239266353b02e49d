"""Reads of the precedent archive: readings in force, pages' querysets, the precedent graph."""

from __future__ import annotations

import datetime as dt
import threading
from dataclasses import dataclass

from django.db.models import Count, Exists, F, OuterRef, Prefetch, Q, QuerySet, prefetch_related_objects
from django.utils import timezone
from django.utils.translation import gettext as _

from club.errors import ApplicationError, InvalidInput
from club.validators import query_date, query_int

from . import archive_cache, search
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


def _as_date(on: dt.date | dt.datetime | str | None) -> dt.date:
    if on is None:
        return timezone.localdate()
    if isinstance(on, dt.datetime):
        return on.date()
    if isinstance(on, dt.date):
        return on
    return dt.date.fromisoformat(str(on)[:10])


def _was_binding_on(precedent: Precedent, on: dt.date) -> bool:
    """Whether the precedent was a binding ruling on ``on``: binding and in force from its date,
    or withdrawn later than ``on`` after having been binding."""
    if precedent.effective_from > on:
        return False
    if precedent.status == Precedent.Status.BINDING:
        return True
    return (precedent.status == Precedent.Status.WITHDRAWN and precedent.was_binding
            and precedent.withdrawn_on is not None and on < precedent.withdrawn_on)


def _ends_force() -> Exists:
    """Whether the precedent cites another in a way that ends the other's force."""
    return Exists(PrecedentCitation.objects.filter(citing=OuterRef("pk"),
                                                   treatment__in=PrecedentCitation.ENDS_FORCE))


def _candidates() -> QuerySet[Precedent]:
    return (Precedent.objects.filter(Q(status=Precedent.Status.BINDING)
                                     | Q(status=Precedent.Status.WITHDRAWN, was_binding=True))
            .annotate(ends_another=_ends_force()))


_FIXES = Prefetch("fixes", queryset=ReadingFix.objects.select_related("point"))


# The readings in force read in this process: {(archive version, day, game): (readings, applied)}.
_KEPT_READINGS: dict[tuple[str, dt.date, str | None], tuple[dict[str, str], list[Precedent]]] = {}
_KEPT_LOCK = threading.Lock()


def readings_in_force(on: dt.date | dt.datetime | str | None = None, *, game: str | None = None,
                      exclude: Precedent | None = None,
                      extra: Precedent | None = None) -> tuple[dict[str, str], list[Precedent]]:
    """The readings the club judges by on ``on`` and the precedents they come from (see
    :func:`compute_readings_in_force`), kept in the process until the archive changes
    (rules.archive_cache); what-ifs (``exclude``, ``extra``) are always computed afresh."""
    if exclude is not None or extra is not None:
        return compute_readings_in_force(on, game=game, exclude=exclude, extra=extra)
    key = (archive_cache.version(), _as_date(on), game)
    kept = _KEPT_READINGS.get(key)
    if kept is None:
        kept = compute_readings_in_force(key[1], game=game)
        with _KEPT_LOCK:  # gunicorn's threads share the process
            if len(_KEPT_READINGS) >= 64 or any(k[0] != key[0] for k in _KEPT_READINGS):
                _KEPT_READINGS.clear()
            _KEPT_READINGS[key] = kept
    readings, applied = kept
    return dict(readings), list(applied)


def compute_readings_in_force(on: dt.date | dt.datetime | str | None = None, *, game: str | None = None,
                              exclude: Precedent | None = None,
                              extra: Precedent | None = None) -> tuple[dict[str, str], list[Precedent]]:
    """The readings the club judges by on ``on`` and the precedents they come from.

    A precedent applies from its ``effective_from`` while it is binding; it stops applying from
    the date a later binding precedent that overrules or supersedes it takes effect, and from the
    date it is withdrawn. Where several applying precedents fix one point, the latest in force
    (then the latest ruled) wins. ``game`` keeps only that game's points. ``exclude`` leaves one
    precedent out and ``extra`` counts one in as if binding and in force on ``on`` whatever its
    date (the what-if of a new ruling).

    Two queries as a rule (the candidates, then the fixes of those in force); the citations that
    end another's force are read only when an active precedent has one. Fixes are fetched only
    for the precedents in force on the day, not the whole archive."""
    day = _as_date(on)
    candidates = _candidates()
    if exclude is not None:
        candidates = candidates.exclude(pk=exclude.pk)
    precedents = {p.pk: p for p in candidates}
    extra_pk = extra.pk if extra is not None else None
    if extra is not None and extra.pk not in precedents:
        precedents[extra.pk] = Precedent.objects.annotate(ends_another=_ends_force()).get(pk=extra.pk)
    active = [p for pk, p in precedents.items() if pk == extra_pk or _was_binding_on(p, day)]
    if any(p.ends_another for p in active):
        ended = set(PrecedentCitation.objects.filter(citing__in=[p.pk for p in active if p.ends_another],
                                                     treatment__in=PrecedentCitation.ENDS_FORCE)
                    .values_list("cited_id", flat=True))
        active = [p for p in active if p.pk not in ended]
    prefetch_related_objects(active, _FIXES)
    # The what-if's precedent counts as the latest word whatever its date.
    active.sort(key=lambda p: (p.pk == extra_pk, p.effective_from, p.ruled_on, p.pk))
    chosen: dict[str, tuple[str, Precedent]] = {}
    for precedent in active:
        for fix in precedent.fixes.all():
            if game is not None and fix.point.game != game:
                continue
            chosen[fix.point.point_id] = (fix.reading, precedent)
    readings = {point_id: reading for point_id, (reading, _) in sorted(chosen.items())}
    # By primary key: comparing model instances one by one made this quadratic in the archive.
    applied = sorted({precedent.pk: precedent for _reading, precedent in chosen.values()}.values(),
                     key=lambda p: p.permanent_id)
    return readings, applied


def readings_by_precedent(applied: list[Precedent], readings: dict[str, str]) -> dict[str, list[str]]:
    """For each applied precedent, the points whose reading in force it gave."""
    out: dict[str, list[str]] = {}
    for precedent in applied:
        out[precedent.permanent_id] = [f.point.point_id for f in precedent.fixes.all()
                                       if readings.get(f.point.point_id) == f.reading]
    return out


def deal_is_disputed(deal_ref: str) -> bool:
    """Whether the deal has an open dispute (its result must stay unconfirmed)."""
    return Dispute.objects.filter(deal_ref=deal_ref, status=Dispute.Status.OPEN).exists()


# ----------------------------------------------------------------------------- lists and pages
def published_precedents() -> QuerySet[Precedent]:
    return Precedent.objects.filter(status__in=Precedent.PUBLISHED)


def visible_precedents(member) -> QuerySet[Precedent]:
    """Drafts only for croupiers and admins."""
    if member is not None and member.is_croupier:
        return Precedent.objects.all()
    return published_precedents()


def precedent_list(*, member=None, rule: str | None = None, point: str | None = None,
                   status: str | None = None, date_from: dt.date | None = None,
                   date_to: dt.date | None = None, refs: list[str] | None = None) -> QuerySet[Precedent]:
    """Precedents for a list page or the API, filtered; ``rule`` is a rulebook key (B12, M34,
    H30, T2 ...) and matches a citation of the entry or of a point belonging to it."""
    qs = visible_precedents(member).select_related("ruled_by")
    if rule:
        qs = qs.filter(Q(cited_entries__key=rule) | Q(fixes__point__rules__key=rule)
                       | Q(cited_points__rules__key=rule))
    if point:
        qs = qs.filter(Q(fixes__point__point_id=point) | Q(cited_points__point_id=point))
    if status:
        qs = qs.filter(status=status)
    if date_from:
        qs = qs.filter(ruled_on__gte=date_from)
    if date_to:
        qs = qs.filter(ruled_on__lte=date_to)
    if refs is not None:
        qs = qs.filter(permanent_id__in=refs)
    return qs.distinct().prefetch_related(
        "cited_entries", "cited_points",
        Prefetch("fixes", queryset=ReadingFix.objects.select_related("point")))


# The query string of the precedent list: what a followed search keeps besides its words.
SEARCH_FILTERS = ("rule", "modifier", "hand", "point", "status", "from", "to")
# How many of a search's hits are read, best first.
SEARCH_HITS = 200


def precedent_search_arguments(params, *, member=None) -> tuple[dict, list[str] | None]:
    """The precedent list's query string (q, rule, modifier, hand, point, status, from, to) as
    the arguments of :func:`precedent_list`, and the full-text hits' permanent ids best first
    (None without words). A bad value is an :class:`~club.errors.InvalidInput` naming it."""
    for name, limit in (("q", search.QUERY_MAX_LENGTH), ("rule", 40), ("point", 60)):
        search.check_text(params.get(name) and str(params.get(name)), field=name, max_length=limit)
    rule = params.get("rule") or None
    for name, prefix, top in (("modifier", "M", 100), ("hand", "H", 64)):
        number = query_int(params, name, min_value=1, max_value=top)
        if number is not None:
            rule = f"{prefix}{number}"
    status = params.get("status") or None
    if status and status not in Precedent.Status.values:
        raise InvalidInput(_("status: unknown status %(status)s.") % {"status": repr(str(status)[:40])},
                           extra={"field": "status", "value": str(status)[:40]})
    refs = None
    q = (params.get("q") or "").strip()
    if q:
        hits = search.search(q, kind="precedent", include_private=bool(member and member.is_croupier),
                             limit=SEARCH_HITS)
        refs = [h.ref for h in hits]
    arguments = {"member": member, "rule": rule, "point": params.get("point") or None, "status": status,
                 "date_from": query_date(params, "from"), "date_to": query_date(params, "to"), "refs": refs}
    return arguments, refs


def precedent_search(params, *, member=None):
    """The precedents the list page and the API show for a query string: ranked by the search
    when it has words, else in the archive's order."""
    arguments, refs = precedent_search_arguments(params, member=member)
    qs = precedent_list(**arguments)
    if refs is not None:
        order = {ref: i for i, ref in enumerate(refs)}
        return sorted(qs, key=lambda p: order.get(p.permanent_id, len(order)))
    return qs


def precedent_detail(*, permanent_id: str, member=None) -> Precedent:
    return (visible_precedents(member).select_related("ruled_by")
            .prefetch_related("panel", "cited_entries", "cited_points",
                              Prefetch("fixes", queryset=ReadingFix.objects.select_related("point")),
                              Prefetch("citations", queryset=PrecedentCitation.objects.select_related("cited")),
                              Prefetch("cited_by", queryset=PrecedentCitation.objects.select_related("citing")),
                              "impacts", "disputes")
            .get(permanent_id=permanent_id))


def rulebook_sections() -> dict[str, list[RulebookEntry]]:
    """Every rulebook entry grouped by game, with the number of published precedents citing it."""
    entries = RulebookEntry.objects.annotate(
        precedent_count=Count("precedents", filter=Q(precedents__status__in=Precedent.PUBLISHED), distinct=True))
    sections: dict[str, list[RulebookEntry]] = {}
    for entry in entries:
        sections.setdefault(entry.game, []).append(entry)
    return sections


@dataclass(frozen=True)
class RulebookGroup:
    """A group of the rulebook's index: ``slug`` names it (definitions, base-rules, tables,
    modifiers, modifiers-1 .. modifiers-4, hands, other-games, casino, dice, tricks, draker),
    ``entries`` are its own rows and ``groups`` its subgroups."""

    slug: str
    entries: tuple = ()
    groups: tuple = ()

    @property
    def count(self) -> int:
        return len(self.entries) + sum(g.count for g in self.groups)


def rulebook_index() -> list[RulebookGroup]:
    """The rulebook as the index shows it, in one query: the club rules' definitions, base rules,
    tables, the modifiers in the seed's four groups of 25, the hands, then the other games."""
    sections = rulebook_sections()
    dragon = sections.pop("dragon", [])

    def of_kind(kind):
        return tuple(e for e in dragon if e.kind == kind)

    modifiers = of_kind(RulebookEntry.Kind.MODIFIER)
    quarters = tuple(RulebookGroup(f"modifiers-{i + 1}", tuple(m for m in modifiers if (m.number - 1) // 25 == i))
                     for i in range(4))
    groups = [RulebookGroup("definitions", of_kind(RulebookEntry.Kind.DEFINITION)),
              RulebookGroup("base-rules", of_kind(RulebookEntry.Kind.BASE_RULE)),
              RulebookGroup("tables", of_kind(RulebookEntry.Kind.TABLE)),
              RulebookGroup("modifiers", groups=tuple(q for q in quarters if q.entries)),
              RulebookGroup("hands", of_kind(RulebookEntry.Kind.HAND))]
    others = tuple(RulebookGroup(game, tuple(entries)) for game, entries in sections.items())
    groups.append(RulebookGroup("other-games", groups=others))
    return [g for g in groups if g.count]


def entry_detail(*, key: str) -> RulebookEntry:
    return RulebookEntry.objects.prefetch_related("interpretation_points").get(key=key)


def precedents_citing_entry(entry: RulebookEntry, member=None) -> QuerySet[Precedent]:
    return precedent_list(member=member, rule=entry.key)


def points_list() -> QuerySet[InterpretationPoint]:
    return InterpretationPoint.objects.only("point_id", "game", "question", "default", "readings_help")


def point_detail(*, point_id: str) -> InterpretationPoint:
    return InterpretationPoint.objects.prefetch_related("rules").get(point_id=point_id)


def disputes_list(*, status: str | None = None) -> QuerySet[Dispute]:
    """Every dispute, whoever asks: for the games app's own checks and the croupier's dashboard.
    What a member is shown comes from :func:`rules.access.disputes_visible_to`."""
    qs = Dispute.objects.select_related("raised_by", "ruled_by", "precedent")
    if status:
        qs = qs.filter(status=status)
    return qs


# ----------------------------------------------------------------------------- the graph
@dataclass(frozen=True)
class GraphNode:
    permanent_id: str
    title: str
    status: str
    x: int
    y: int
    current: bool

    @property
    def withdrawn(self) -> bool:
        return self.status == Precedent.Status.WITHDRAWN


@dataclass(frozen=True)
class GraphEdge:
    source: GraphNode
    target: GraphNode
    treatment: str

    @property
    def ends_force(self) -> bool:
        """The citing precedent overrules or supersedes the cited one: drawn in red."""
        return self.treatment in PrecedentCitation.ENDS_FORCE

    @property
    def mid_x(self) -> int:
        return (self.source.x + self.target.x) // 2

    @property
    def mid_y(self) -> int:
        return (self.source.y + self.target.y) // 2


def precedent_graph(precedent: Precedent) -> tuple[list[GraphNode], list[GraphEdge], int, int]:
    """The precedent with what it cites (left) and what cites it (right), laid out for an SVG:
    nodes, edges, width, height. Uses the prefetched citations of :func:`precedent_detail`."""
    cites = list(precedent.citations.all())
    cited_by = list(precedent.cited_by.all())
    rows = max(len(cites), len(cited_by), 1)
    row_h, width = 56, 600
    height = rows * row_h + 16
    center = GraphNode(precedent.permanent_id, precedent.display_title, precedent.status, width // 2,
                       height // 2, True)
    nodes, edges = [center], []
    for i, c in enumerate(cites):
        node = GraphNode(c.cited.permanent_id, c.cited.display_title, c.cited.status, 90, 8 + row_h * i + row_h // 2, False)
        nodes.append(node)
        edges.append(GraphEdge(center, node, c.treatment))
    for i, c in enumerate(cited_by):
        node = GraphNode(c.citing.permanent_id, c.citing.display_title, c.citing.status, width - 90,
                         8 + row_h * i + row_h // 2, False)
        nodes.append(node)
        edges.append(GraphEdge(node, center, c.treatment))
    return nodes, edges, width, height


def deals_to_rejudge(permanent_id: str) -> list[tuple[str, int]]:
    """The recorded deals a binding precedent would judge differently, as (deal reference, deal
    number) pairs from its last what-if: the list the croupier re-judges from (the games app
    makes the new result versions)."""
    return list(PrecedentImpact.objects.filter(precedent__permanent_id=permanent_id)
                .order_by("deal_ref", "deal_number").values_list("deal_ref", "deal_number"))


def precedent_graph_around(precedent: Precedent, *, member=None, steps: int = 2,
                           limit: int = 60) -> tuple[list[GraphNode], list[GraphEdge], int, int]:
    """The citations around a precedent, ``steps`` citations away in either direction, laid out
    in columns: what it cites (and what those cite) to the left, what cites it to the right, a
    precedent reached both ways in the column nearest the centre. One query per step; at most
    ``limit`` precedents, the nearest first."""
    visible = set(visible_precedents(member).values_list("pk", flat=True)) if steps else set()
    column = {precedent.pk: 0}
    found = {precedent.pk: precedent}
    links: dict[tuple[int, int], str] = {}
    frontier = {precedent.pk}
    for _step in range(steps):
        if not frontier or len(found) >= limit:
            break
        rows = (PrecedentCitation.objects.filter(Q(citing__in=frontier) | Q(cited__in=frontier))
                .select_related("citing", "cited").order_by("cited__effective_from", "citing__effective_from", "pk"))
        reached = set()
        for row in rows:
            if row.citing_id not in visible or row.cited_id not in visible:
                continue
            for near, far, side in ((row.citing_id, row.cited, -1), (row.cited_id, row.citing, +1)):
                if near in frontier and far.pk not in column and len(found) < limit:
                    column[far.pk] = column[near] + side
                    found[far.pk] = far
                    reached.add(far.pk)
            if row.citing_id in found and row.cited_id in found:
                links[(row.citing_id, row.cited_id)] = row.treatment
        frontier = reached
    # The citations between precedents already shown, found by the last step's neighbours.
    columns = sorted(set(column.values()))
    col_w, row_h = 180, 56
    width = max(len(columns), 1) * col_w
    by_column: dict[int, list[int]] = {}
    for pk, col in column.items():
        by_column.setdefault(col, []).append(pk)
    rows_n = max(len(v) for v in by_column.values())
    height = rows_n * row_h + 16
    nodes: dict[int, GraphNode] = {}
    for index, col in enumerate(columns):
        members = sorted(by_column[col], key=lambda pk: (found[pk].effective_from, found[pk].permanent_id))
        top = (height - len(members) * row_h) // 2
        for i, pk in enumerate(members):
            p = found[pk]
            nodes[pk] = GraphNode(p.permanent_id, p.display_title, p.status, index * col_w + col_w // 2,
                                  top + row_h * i + row_h // 2, pk == precedent.pk)
    edges = [GraphEdge(nodes[citing], nodes[cited], treatment)
             for (citing, cited), treatment in sorted(links.items())]
    return list(nodes.values()), edges, width, height


# ----------------------------------------------------------------------------- standing
# The strongest treatment decides the one word a list shows.
STANDING_ORDER = (PrecedentCitation.Treatment.OVERRULES, PrecedentCitation.Treatment.SUPERSEDES,
                  PrecedentCitation.Treatment.DISTINGUISHES, PrecedentCitation.Treatment.FOLLOWS)


@dataclass(frozen=True)
class Standing:
    """How later published precedents have treated one: for each treatment, the precedents that
    gave it (earliest first)."""

    by_treatment: dict

    @property
    def word(self) -> str:
        """The strongest treatment ("overrules" ...), or "" when nothing cites it."""
        return next((t for t in STANDING_ORDER if self.by_treatment.get(t)), "")

    @property
    def ends_force(self) -> bool:
        return self.word in PrecedentCitation.ENDS_FORCE

    def lines(self) -> list[tuple[str, list[Precedent]]]:
        return [(t, self.by_treatment[t]) for t in STANDING_ORDER if self.by_treatment.get(t)]


def precedent_standings(precedents) -> dict[int, Standing]:
    """The standing of each precedent, from the treatments recorded on the citations of published
    precedents: one query for a whole page, whatever its size."""
    pks = [p.pk for p in precedents]
    found: dict[int, dict[str, list[Precedent]]] = {pk: {} for pk in pks}
    if pks:
        rows = (PrecedentCitation.objects.filter(cited__in=pks, citing__status__in=Precedent.PUBLISHED)
                .select_related("citing").order_by("citing__effective_from", "citing__permanent_id"))
        for row in rows:
            found[row.cited_id].setdefault(row.treatment, []).append(row.citing)
    return {pk: Standing(by_treatment) for pk, by_treatment in found.items()}


def with_standing(precedents):
    """The precedents, each with its ``standing`` set (one query)."""
    precedents = list(precedents)
    standings = precedent_standings(precedents)
    for p in precedents:
        p.standing = standings[p.pk]
    return precedents


# ----------------------------------------------------------------------------- followed searches
# The most a feed or one search of a digest lists.
FOLLOWED_ITEMS = 30


def saved_search_news(saved: SavedSearch, *, since=None, limit: int = FOLLOWED_ITEMS) -> list[Precedent]:
    """The published precedents a followed search matches, newest change first; with ``since``,
    only those published or changed after it. Drafts never: a feed's address is no login."""
    try:
        arguments, _refs = precedent_search_arguments(saved.params(), member=None)
    except ApplicationError:  # a search that no longer parses finds nothing rather than failing
        return []
    # The founding readings are the club's starting point: news only once something changed them.
    qs = precedent_list(**arguments).filter(Q(founding=False) | Q(updated_at__gt=F("published_at")))
    if since is not None:
        qs = qs.filter(updated_at__gt=since)
    return list(qs.order_by("-updated_at", "-permanent_id")[:limit])


def saved_searches_of(member) -> QuerySet[SavedSearch]:
    return SavedSearch.objects.filter(owner=member).order_by("-created_at", "-pk")
