"""Pages of the games app: the table, the deal being recorded, results, dashboards and
statistics. Thin views over services and selectors; htmx swaps the recording panel in place."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club import selectors as club_selectors
from club.errors import ApplicationError
from club.models import Member, ScheduledSession

from . import engine, selectors, services
from .forms import BetForm, ClaimForm, GameStartForm, QuickResultForm, ReseatForm
from .models import Deal, Game, Result


def _member(request) -> Member:
    member = club_selectors.member_for_user(request.user)
    if member is None:
        raise Http404("This account is not a club member.")
    return member


def _lang() -> str:
    return "ru" if (get_language() or "en").startswith("ru") else "en"


def _visible_game(member: Member, pk: int) -> Game:
    if not selectors.games_visible_to(member).filter(pk=pk).exists():
        raise Http404("No such game at your tables.")
    return selectors.game_detail(pk=pk)


def _visible_deal(member: Member, pk: int) -> Deal:
    if not selectors.deals_visible_to(member).filter(pk=pk).exists():
        raise Http404("No such deal at your tables.")
    return selectors.deal_detail(pk=pk)


@login_required
def member_dashboard(request: HttpRequest) -> HttpResponse:
    member = _member(request)
    return render(request, "games/member_dashboard.html", {"member": member,
                                                           **selectors.member_dashboard(member=member)})


@login_required
def croupier_dashboard(request: HttpRequest) -> HttpResponse:
    member = _member(request)
    if not member.is_croupier:
        raise Http404("The croupier's dashboard is for croupiers.")
    return render(request, "games/croupier_dashboard.html", {"member": member, **selectors.croupier_dashboard()})


@login_required
def game_start(request: HttpRequest, session_pk: int) -> HttpResponse:
    member = _member(request)
    session = get_object_or_404(ScheduledSession.objects.select_related("venue"), pk=session_pk)
    seats = list(session.seats.select_related("member").order_by("seat"))
    form = GameStartForm(request.POST or None, session=session, seats=seats)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_start(session=session, actor=member, **form.service_kwargs())
        except ApplicationError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Game %(number)s has started.") % {"number": game.number})
            return redirect(game)
    return render(request, "games/game_start.html", {"session": session, "form": form, "seats": seats})


@login_required
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    game = _visible_game(member, pk)
    deals = [(d, selectors.live_result(d)) for d in game.deals.all()]
    can_act = services.can_act_at(member, game)
    return render(request, "games/game_detail.html", {
        "game": game, "deals": deals, "member": member, "can_act": can_act,
        "players": sorted(game.players.all(), key=lambda gp: gp.seat_index),
        "reseat_form": _reseat_form(game) if can_act and game.status == Game.Status.LIVE else None})


def _reseat_form(game: Game, data=None) -> ReseatForm:
    seated = [gp.member_id for gp in game.players.all()]
    candidates = club_selectors.members_list(active_only=True).exclude(pk__in=seated).order_by("display_name")
    return ReseatForm(data, game=game, candidates=candidates)


@login_required
@require_POST
def game_reseat(request: HttpRequest, pk: int) -> HttpResponse:
    """A seat or a player changes: this Game ends and the next one starts."""
    member = _member(request)
    game = _visible_game(member, pk)
    form = _reseat_form(game, request.POST)
    try:
        if not form.is_valid():
            raise ApplicationError(form.errors.as_text())
        nxt = services.game_reseat(game=game, actor=member, seats=form.seats())
    except (ApplicationError, forms.ValidationError) as exc:
        messages.error(request, getattr(exc, "message", None) or " ".join(getattr(exc, "messages", [str(exc)])))
        return redirect(game)
    messages.success(request, _("Game %(old)s ended; game %(new)s has started.") % {"old": game.number,
                                                                                   "new": nxt.number})
    return redirect(nxt)


@login_required
@require_POST
def deal_new(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    game = _visible_game(member, pk)
    mode = request.POST.get("mode", Deal.Mode.RECORDED)
    try:
        if mode == Deal.Mode.DIGITAL:
            deal = services.deal_digital(game=game, actor=member, seed=request.POST.get("seed") or None)
        else:
            deal = services.deal_start(game=game, actor=member, quick=mode == Deal.Mode.QUICK)
    except ApplicationError as exc:
        messages.error(request, exc.message)
        return redirect(game)
    return redirect(deal)


@login_required
@require_POST
def game_end(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    game = _visible_game(member, pk)
    try:
        services.game_end(game=game, actor=member)
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return redirect(game)


def _deal_context(request, member: Member, deal: Deal, **extra) -> dict:
    page = selectors.deal_page(deal=deal, member=member, lang=_lang())
    page.update({"member": member, "bet_form": BetForm(players=page["players"], member=member),
                 "claim_form": ClaimForm(players=page["players"], member=member),
                 "quick_form": QuickResultForm(players=page["players"])})
    page["preview"] = _preview(deal, page) if page["recording"] else None
    page.update(extra)
    return page


def _state_labels() -> dict[str, str]:
    return {"wild": _("wild"), "home": _("home"), "free": _("free"), "dead": _("dead"), "natural": _("natural")}


def _order_label(value: str) -> str:
    return pgettext("card or suit order", "inverted") if value == "inverted" else pgettext("card or suit order", "natural")


def _preview(deal: Deal, page: dict) -> dict | None:
    """The cards dealt so far judged as if the deal ended now: the rules that acted and the
    states they left, marked provisional. The card tiles take the provisional states. Nothing
    when the engine cannot judge these cards yet."""
    found = services.deal_preview(deal=deal)
    if found is None:
        return None
    states = {c.seq: c.state for c in found.cards}
    for row in page["rows"]:
        row["cards"] = [(c, states.get(c.seq, state)) for c, state in row["cards"]]
    labels, names = _state_labels(), page["names"]
    changed = [{"card": c.card, "state": c.state, "label": labels.get(c.state, c.state),
                "player": names.get(c.player, c.player)}
               for c in found.cards if c.state != "natural"]
    return {"dealt": found.dealt, "total": found.total, "complete": found.complete,
            "sources": list(found.sources), "changed": changed,
            "lines": engine.preview_lines(found, _lang(), names),
            "card_order": _order_label(found.card_order), "suit_order": _order_label(found.suit_order),
            "weakest_wins": found.weakest_wins}


@login_required
def deal_detail(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    deal = _visible_deal(member, pk)
    return render(request, "games/deal_detail.html", _deal_context(request, member, deal))


@login_required
@require_POST
def deal_card(request: HttpRequest, pk: int) -> HttpResponse:
    """A tapped or typed card. With htmx the recording panel is swapped in place."""
    member = _member(request)
    deal = _visible_deal(member, pk)
    error = None
    try:
        if request.POST.get("undo"):
            services.deal_card_undo(deal=deal, actor=member)
        else:
            services.deal_card(deal=deal, actor=member, card=request.POST.get("card", ""))
    except ApplicationError as exc:
        error = exc.message
    if request.htmx:
        deal = selectors.deal_detail(pk=pk)
        return render(request, "games/_recorder.html", _deal_context(request, member, deal, card_error=error))
    if error:
        messages.error(request, error)
    return redirect(deal)


def _deal_form_post(request: HttpRequest, pk: int, form_class, act) -> HttpResponse:
    """Validate a deal's form, hand its data to ``act(deal, member, data)`` (a service call) and go
    back to the deal, with the form's or the service's error as a message."""
    member = _member(request)
    deal = _visible_deal(member, pk)
    form = form_class(request.POST, players=list(deal.game.players.all()), member=member)
    if form.is_valid():
        try:
            act(deal, member, form.cleaned_data)
        except ApplicationError as exc:
            messages.error(request, exc.message)
    else:
        messages.error(request, form.errors.as_text())
    return redirect(deal)


@login_required
@require_POST
def deal_bet(request: HttpRequest, pk: int) -> HttpResponse:
    return _deal_form_post(request, pk, BetForm, lambda deal, member, data: services.bet_place(
        deal=deal, actor=member, member=data["member"], amount=data["amount"]))


@login_required
@require_POST
def deal_claim(request: HttpRequest, pk: int) -> HttpResponse:
    return _deal_form_post(request, pk, ClaimForm, lambda deal, member, data: services.claim_declare(
        deal=deal, actor=member, **data))


@login_required
@require_POST
def deal_submit(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    deal = _visible_deal(member, pk)
    supersedes = request.POST.get("supersedes")
    supersedes = int(supersedes) if supersedes and supersedes.isdigit() else None
    try:
        if deal.mode == Deal.Mode.QUICK:
            form = QuickResultForm(request.POST, players=list(deal.game.players.all()))
            if not form.is_valid():
                messages.error(request, form.errors.as_text())
                return redirect(deal)
            services.result_submit_quick(deal=deal, actor=member, winners=form.cleaned_data["winners"],
                                         pot=form.cleaned_data["pot"], supersedes=supersedes,
                                         note=form.cleaned_data.get("note") or "")
        else:
            services.result_submit(deal=deal, actor=member, supersedes=supersedes)
        messages.success(request, _("The result is submitted; another player or the croupier confirms it."))
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return redirect(deal)


def _visible_result(member: Member, pk: int) -> Result:
    return get_object_or_404(selectors.results_visible_to(member), pk=pk)


@login_required
@require_POST
def result_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    result = _visible_result(member, pk)
    try:
        services.result_confirm(result=result, actor=member)
        messages.success(request, _("Version %(version)s is confirmed.") % {"version": result.version})
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return redirect(request.POST.get("next") if request.POST.get("next", "").startswith("/") else result.deal)


@login_required
@require_POST
def result_discard(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    result = _visible_result(member, pk)
    try:
        services.result_discard(result=result, actor=member)
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return redirect(result.deal)


@login_required
@require_POST
def deal_dispute(request: HttpRequest, pk: int) -> HttpResponse:
    """Call the croupier: a dispute in the precedent archive, prefilled with the deal."""
    member = _member(request)
    deal = _visible_deal(member, pk)
    try:
        dispute = services.dispute_raise(deal=deal, actor=member, question=request.POST.get("question", ""))
    except ApplicationError as exc:
        messages.error(request, exc.message)
        return redirect(deal)
    messages.success(request, _("Dispute #%(number)s is raised; the croupier will rule.") % {"number": dispute.pk})
    return redirect(dispute)


@login_required
def member_stats(request: HttpRequest, pk: int) -> HttpResponse:
    _member(request)
    member = get_object_or_404(Member, pk=pk)
    stats = selectors.member_stats(member=member)
    return render(request, "games/member_stats.html", {
        "stats": stats, "subject": member, "balance": selectors.balance(member=member),
        "sessions": selectors.balances_by_session(member=member),
        "hand_bars": [(name, count) for name, count, _cat in stats["hands"]]})


@login_required
def leaderboard(request: HttpRequest) -> HttpResponse:
    _member(request)
    period = request.GET.get("period", "month")
    if period not in selectors.PERIODS:
        period = "month"
    rows = selectors.leaderboard(period=period)
    return render(request, "games/leaderboard.html", {
        "rows": rows, "period": period, "periods": list(selectors.PERIODS),
        "bars": [(r["member"].display_name, r["net"]) for r in rows if r["net"] > 0]})


@login_required
@require_POST
def deal_rejudge(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    deal = get_object_or_404(Deal, pk=pk)
    try:
        result = services.result_rejudge(deal=deal, actor=member)
    except ApplicationError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Judged again as version %(version)s; another person confirms it.")
                         % {"version": result.version})
    return redirect(deal)


def deal_in_sitting(request: HttpRequest, pk: int, position: int) -> HttpResponse:
    """The ``position``-th confirmed judged deal of a Game: how the precedent archive names the
    deals a ruling would judge differently."""
    deals = list(Deal.objects.filter(game_id=pk, results__status=Result.Status.CONFIRMED,
                                     results__kind=Result.Kind.JUDGED).distinct().order_by("number"))
    if not 1 <= position <= len(deals):
        raise Http404("No such deal.")
    return redirect(deals[position - 1])
