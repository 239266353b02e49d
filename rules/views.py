"""Pages of the rulebook and the precedent archive: thin views over selectors and services."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_POST

from club import selectors as club_selectors
from club.errors import ApplicationError, Forbidden, NotFound
from club.models import Member

from . import access, archive_cache, hooks, point_words, search, selectors, services, whatif
from .api import precedent_queryset
from .following import search_label
from .forms import DisputeForm, PrecedentFilterForm, PrecedentForm, PublishForm, RulingForm
from .models import Dispute, InterpretationPoint, Precedent, RulebookEntry
from .titles import is_russian

PAGE_SIZE = 50
GAME_NAMES = {"dragon": gettext_lazy("Dragon Poker, club rules v2.2.1"),
              "casino": gettext_lazy("Dragon Poker, the casino variant"), "dice": gettext_lazy("Dice poker"),
              "tricks": gettext_lazy("The 30-round trick game"), "draker": gettext_lazy("Draker combinations")}


def _member(request):
    return club_selectors.member_for_user(request.user)


# The kinds of the trick game's rounds (the schedule's table), as the standings name them.
ROUND_KINDS = {"open": pgettext_lazy("trick game round", "open"), "dark": pgettext_lazy("trick game round", "dark"),
               "minimum": pgettext_lazy("trick game round", "minimum"),
               "maximum": pgettext_lazy("trick game round", "maximum")}
GROUP_NAMES = {"definitions": gettext_lazy("Definitions"), "base-rules": gettext_lazy("Base rules"),
               "tables": pgettext_lazy("rulebook", "Tables"), "modifiers": gettext_lazy("Conditional modifiers"),
               "hands": pgettext_lazy("rulebook", "Hands"), "other-games": gettext_lazy("Other games"),
               "modifiers-1": gettext_lazy("Modifiers 1-25: the deal"),
               "modifiers-2": gettext_lazy("Modifiers 26-50: the deal, cards and time"),
               "modifiers-3": gettext_lazy("Modifiers 51-75: space and the world outside"),
               "modifiers-4": gettext_lazy("Modifiers 76-100: the world outside and nature"),
               **GAME_NAMES}


def _index_group(group: selectors.RulebookGroup) -> dict:
    return {"slug": group.slug, "name": GROUP_NAMES.get(group.slug, ""), "count": group.count,
            "entries": group.entries, "groups": [_index_group(g) for g in group.groups]}


def _kept(**context) -> dict:
    """The context of a page whose body is kept in the cache under the archive's version
    (rules.archive_cache): callables in it are only called when the body is drawn afresh."""
    return {**context, "archive_version": archive_cache.version(),
            "fragment_timeout": archive_cache.FRAGMENT_TIMEOUT}


def index(request: HttpRequest) -> HttpResponse:
    def groups():
        return [_index_group(g) for g in selectors.rulebook_index()]

    recent = selectors.published_precedents().filter(founding=False).order_by("-ruled_on", "-permanent_id")[:10]
    return render(request, "rules/index.html", _kept(groups=groups, recent=recent))


def entry_detail(request: HttpRequest, key: str) -> HttpResponse:
    if search.names_nothing(key):
        raise Http404
    try:
        entry = selectors.entry_detail(key=key)
    except RulebookEntry.DoesNotExist:
        raise Http404(_("No such rule."))
    precedents = selectors.precedents_citing_entry(entry, member=_member(request))
    rounds = [(cards, ROUND_KINDS.get(kind, kind)) for cards, kind in entry.data.get("rounds", [])]
    return render(request, "rules/entry_detail.html", {"entry": entry, "precedents": precedents, "rounds": rounds,
                                                       "game_name": GAME_NAMES.get(entry.game, "")})


def point_list(request: HttpRequest) -> HttpResponse:
    def in_force():
        return selectors.readings_in_force()[0]

    return render(request, "rules/point_list.html", _kept(
        points=selectors.points_list(), in_force=in_force, today=timezone.localdate().isoformat()))


def point_detail(request: HttpRequest, point_id: str) -> HttpResponse:
    if search.names_nothing(point_id):
        raise Http404
    try:
        point = selectors.point_detail(point_id=point_id)
    except InterpretationPoint.DoesNotExist:
        raise Http404(_("No such interpretation point."))
    precedents = selectors.precedent_list(member=_member(request), point=point.point_id)
    readings, _applied = selectors.readings_in_force()
    return render(request, "rules/point_detail.html", {
        "point": point, "precedents": precedents, "in_force": readings.get(point.point_id),
        "readings": point_words.help_rows(point), "russian": is_russian()})


def precedent_list(request: HttpRequest) -> HttpResponse:
    form = PrecedentFilterForm(request.GET or None)
    params = form.params() if form.is_valid() else {}
    error = None
    try:
        found = precedent_queryset(request, params)
    except ApplicationError as exc:
        found, error = [], exc.message
    page = Paginator(found, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    # The unfiltered list's pages are kept (a bounded set: the page numbers, for members and for
    # croupiers, who also see drafts); a search or a filter is drawn afresh. Each row's standing is
    # read only when the rows are drawn.
    return render(request, "rules/precedent_list.html", _kept(
        form=form, precedents=lambda: selectors.with_standing(page.object_list), page=page, error=error,
        query=query.urlencode(), filtered=any(k != "q" for k in params),
        kept=error is None and set(request.GET) <= {"page"},
        follow_params=params if error is None and (form.is_valid() or not request.GET) else None))


def precedent_detail(request: HttpRequest, permanent_id: str) -> HttpResponse:
    if search.names_nothing(permanent_id):
        raise Http404
    try:
        precedent = selectors.precedent_detail(permanent_id=permanent_id, member=_member(request))
    except Precedent.DoesNotExist:
        raise Http404(_("No such precedent."))
    nodes, edges, width, height = selectors.precedent_graph(precedent)
    member = _member(request)
    standing = selectors.precedent_standings([precedent])[precedent.pk]
    return render(request, "rules/precedent_detail.html", {
        "precedent": precedent, "nodes": nodes, "edges": edges, "width": width, "height": height,
        "standing": standing,
        "can_write": bool(member and member.is_croupier),
        "transitions": [(to, Precedent.Status(to).label) for to in Precedent.TRANSITIONS.get(precedent.status, ())]})


@login_required
def precedent_new(request: HttpRequest) -> HttpResponse:
    member = _member(request)
    if member is None or not member.is_croupier:
        raise _forbidden(Forbidden(_("Only a croupier or an admin may do this.")))
    form = PrecedentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            precedent = services.precedent_file(actor=member, **form.cleaned_data)
        except ApplicationError as exc:
            field = exc.extra.get("field")
            form.add_error(field if field in form.fields else None, exc.message)
        else:
            messages.success(request, _("Filed as %(id)s.") % {"id": precedent.permanent_id})
            return redirect(precedent)
    return render(request, "rules/precedent_new.html", {"form": form})


@login_required
@require_POST
def precedent_transition(request: HttpRequest, permanent_id: str) -> HttpResponse:
    if search.names_nothing(permanent_id):
        raise Http404
    member = _member(request)
    try:
        precedent = services.precedent_by_permanent_id(permanent_id)
        services.precedent_transition(precedent=precedent, actor=member, to=request.POST.get("to", ""))
        messages.success(request, _("The precedent is now %(status)s.") % {"status": request.POST.get("to")})
    except Forbidden as exc:
        raise Http404(exc.message) if member is None else _forbidden(exc)
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return redirect("rules:precedent_detail", permanent_id=permanent_id)


def _forbidden(exc):
    return PermissionDenied(exc.message)


def readings_page(request: HttpRequest) -> HttpResponse:
    raw = request.GET.get("on", "")
    try:
        on = dt.date.fromisoformat(raw) if raw else timezone.localdate()
    except ValueError:
        messages.error(request, _("%(value)s is not a date.") % {"value": raw})
        on = timezone.localdate()
    readings, applied = selectors.readings_in_force(on)
    by_point = {}
    for precedent in applied:
        for fix in precedent.fixes.all():
            if readings.get(fix.point.point_id) == fix.reading:
                by_point[fix.point.point_id] = precedent
    points = InterpretationPoint.objects.in_bulk(list(readings), field_name="point_id")
    rows = [(points[point_id], reading, by_point.get(point_id)) for point_id, reading in readings.items()
            if point_id in points]
    return render(request, "rules/readings.html", {"on": on, "rows": rows})


SEARCH_PAGE_SIZE = 20


def search_page(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "")
    try:
        search.check_text(q)
    except ApplicationError as exc:
        # Not echoed back: the box starts empty, with the reason beside it.
        return render(request, "rules/search.html", {"q": "", "page": None, "error": exc.message}, status=400)
    member = _member(request)
    hits = search.search(q, include_private=bool(member and member.is_croupier)) if q else []
    page = Paginator(hits, SEARCH_PAGE_SIZE).get_page(request.GET.get("page"))
    snippets = search.snippets(q, page.object_list)
    entries = {e.key: e for e in RulebookEntry.objects.filter(
        key__in=[h.ref for h in page.object_list if h.kind == "entry"])}
    results = [{"hit": h, "entry": entries.get(h.ref), "snippet": snippets.get(h.doc_id, "")}
               for h in page.object_list]
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "rules/search.html", {"q": q, "page": page, "results": results,
                                                 "count": len(hits), "query": query.urlencode()})


# ----------------------------------------------------------------------------- disputes
def _dispute_or_404(member, pk: int, *, for_write: bool) -> Dispute:
    try:
        return access.access_dispute(member, pk, for_write=for_write)
    except NotFound:
        raise Http404(_("No such dispute."))
    except Forbidden as exc:
        raise _forbidden(exc)


@login_required
def dispute_list(request: HttpRequest) -> HttpResponse:
    status = request.GET.get("status") or None
    disputes = access.disputes_visible_to(_member(request))
    if status in Dispute.Status.values:
        disputes = disputes.filter(status=status)
    return render(request, "rules/dispute_list.html", {"disputes": disputes})


@login_required
def dispute_new(request: HttpRequest) -> HttpResponse:
    member = _member(request)
    if member is None:
        raise Http404(_("This account is not a club member."))
    deal_ref = request.GET.get("deal", "")[:120]
    # The deal's cards only for who may see the deal.
    snapshot = whatif.deal_snapshot(deal_ref) if access.deal_for_ref(member, deal_ref) is not None else None
    form = DisputeForm(request.POST or None, initial={"deal_ref": deal_ref})
    if request.method == "POST" and form.is_valid():
        try:
            dispute = services.dispute_raise(actor=member, **form.cleaned_data)
        except ApplicationError as exc:
            form.add_error(exc.extra.get("field") if exc.extra.get("field") in form.fields else None, exc.message)
        else:
            messages.success(request, _("The croupier has been called."))
            return redirect(dispute)
    return render(request, "rules/dispute_new.html", {"form": form, "snapshot": snapshot})


@login_required
def dispute_detail(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    dispute = _dispute_or_404(member, pk, for_write=False)
    return render(request, "rules/dispute_detail.html", {
        "dispute": dispute, "can_rule": access.can_rule(member), "trace": _snapshot_trace(dispute.deal_snapshot),
        "ruling_form": RulingForm(), "publish_form": PublishForm(initial={"title": dispute.question[:200]})})


def _snapshot_trace(snapshot: dict) -> list[str]:
    """The trace kept with a dispute, told as the deal page tells it (players by display name; the
    words are the games app's: rules.hooks)."""
    trace = (snapshot or {}).get("trace") or []
    keys = {str(k) for k in (snapshot or {}).get("players") or {}} | {str(t.get("player")) for t in trace}
    names = dict(Member.objects.filter(pk__in=[k for k in keys if k.isdigit()]).values_list("pk", "display_name"))
    return hooks.trace_lines(trace, names={str(pk): name for pk, name in names.items()})


@login_required
@require_POST
def dispute_act(request: HttpRequest, pk: int, what: str) -> HttpResponse:
    if what not in ("rule", "replay", "publish"):
        raise Http404
    member = _member(request)
    dispute = _dispute_or_404(member, pk, for_write=True)
    try:
        if what in ("rule", "replay"):
            form = RulingForm(request.POST)
            if not form.is_valid():
                messages.error(request, " ".join(form.errors["ruling"]))
                return redirect(dispute)
            if what == "rule":
                services.dispute_rule(dispute=dispute, actor=member, ruling=form.cleaned_data["ruling"])
                messages.success(request, _("The dispute is ruled."))
            else:
                services.dispute_replay(dispute=dispute, actor=member, reason=form.cleaned_data["ruling"])
                messages.success(request, _("The deal is to be replayed."))
        else:
            form = PublishForm(request.POST)
            if not form.is_valid():
                messages.error(request, _("A title is required."))
                return redirect(dispute)
            precedent = services.dispute_publish(dispute=dispute, actor=member, **form.cleaned_data)
            messages.success(request, _("Published as %(id)s.") % {"id": precedent.permanent_id})
            return redirect(precedent)
    except Forbidden as exc:
        raise _forbidden(exc)
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return redirect(dispute)


def precedent_graph_page(request: HttpRequest, permanent_id: str) -> HttpResponse:
    """The citations around a precedent, two steps each way."""
    if search.names_nothing(permanent_id):
        raise Http404
    member = _member(request)
    try:
        precedent = selectors.visible_precedents(member).get(permanent_id=permanent_id)
    except Precedent.DoesNotExist:
        raise Http404(_("No such precedent."))
    nodes, edges, width, height = selectors.precedent_graph_around(precedent, member=member)
    return render(request, "rules/precedent_graph.html", {
        "precedent": precedent, "nodes": nodes, "edges": edges, "width": width, "height": height})


# ----------------------------------------------------------------------------- followed searches
def _saved_or_404(request, token: str, *, for_write: bool):
    try:
        return access.access_saved_search(_member(request), token, for_write=for_write)
    except NotFound as exc:
        raise Http404(exc.message)
    except Forbidden as exc:
        raise _forbidden(exc)


def _list_url(params: dict) -> str:
    query = QueryDict(mutable=True)
    query.update(params)
    return reverse("rules:precedent_list") + (f"?{query.urlencode()}" if params else "")


@require_POST
def follow(request: HttpRequest) -> HttpResponse:
    """"Follow this search" on the precedent list: anybody, a visitor too."""
    member = _member(request)
    try:
        saved = services.saved_search_create(actor=member, params=request.POST,
                                             address=request.META.get("REMOTE_ADDR", ""))
    except Forbidden as exc:
        raise _forbidden(exc)
    except ApplicationError as exc:
        messages.error(request, exc.message)
        return redirect(_list_url({k: v for k, v in request.POST.items()
                                   if k in ("q", *selectors.SEARCH_FILTERS)}))
    if member is None:
        messages.success(request, _("You follow this search. Keep this page's address: it is the only way back to it."))
    else:
        messages.success(request, _("You follow this search. New and changed precedents come to you by mail each day."))
    return redirect(saved)


def followed_detail(request: HttpRequest, token: str) -> HttpResponse:
    saved = _saved_or_404(request, token, for_write=False)
    member = _member(request)
    news = selectors.with_standing(selectors.saved_search_news(saved, limit=10))
    return render(request, "rules/followed_detail.html", {
        "saved": saved, "label": search_label(saved), "news": news,
        "feed_url": request.build_absolute_uri(reverse("rules:followed_feed", args=[saved.token])),
        "page_url": request.build_absolute_uri(saved.get_absolute_url()),
        "list_url": _list_url(saved.params()),
        "is_owner": member is not None and saved.owner_id == member.pk,
        "may_change": saved.owner_id is None or (member is not None and saved.owner_id == member.pk)})


@login_required
def followed_list(request: HttpRequest) -> HttpResponse:
    member = _member(request)
    if member is None:
        raise Http404(_("This account is not a club member."))
    searches = [{"saved": s, "label": search_label(s), "list_url": _list_url(s.params())}
                for s in selectors.saved_searches_of(member)]
    return render(request, "rules/followed_list.html", {"searches": searches,
                                                        "limit": services.SAVED_SEARCHES_PER_MEMBER})


@require_POST
def followed_delete(request: HttpRequest, token: str) -> HttpResponse:
    member = _member(request)
    saved = _saved_or_404(request, token, for_write=True)
    services.saved_search_delete(saved=saved, actor=member)
    messages.success(request, _("You no longer follow this search; its feed is closed."))
    return redirect("rules:followed_list" if member is not None else "rules:precedent_list")


@login_required
@require_POST
def followed_digest(request: HttpRequest, token: str) -> HttpResponse:
    member = _member(request)
    saved = _saved_or_404(request, token, for_write=True)
    try:
        services.saved_search_digest_set(saved=saved, actor=member, on=request.POST.get("on") == "1")
    except Forbidden as exc:
        raise _forbidden(exc)
    if request.POST.get("on") == "1":
        messages.success(request, _("This search comes to you by mail each day it has news."))
    else:
        messages.success(request, _("No more mails for this search; its feed stays."))
    return redirect(request.POST.get("next") == "detail" and saved.get_absolute_url() or "rules:followed_list")


def followed_unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """The link at the foot of a digest: GET asks, POST stops every digest of the member. The
    signed token is the only key; no login."""
    try:
        target = access.check_digest_unsubscribe(token)
    except ApplicationError as exc:
        raise Http404(exc.message)
    done = False
    if request.method == "POST":
        services.saved_search_digests_off(member=target)
        done = True
    return render(request, "rules/followed_unsubscribe.html", {"done": done})
