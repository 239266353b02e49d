"""Pages of the games app: the table, the deal being recorded, results, dashboards and
statistics. Thin views over services and selectors; htmx swaps the recording panel in place."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, TypeVar

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseStopPolling

from club import exports
from club import selectors as club_selectors
from club.errors import ApplicationError, Forbidden, NotFound
from club.models import GameKind, Member, ScheduledSession

from . import access, charts, pages, panels, presenters, selectors, services
from . import ratings as rating_rules
from .forms import (
    BetForm,
    ClaimForm,
    CorrectionForm,
    GameStartForm,
    LedgerFilterForm,
    QuickResultForm,
    ReseatForm,
)
from .models import Deal, Game, Result
from .sitting import DealInSitting, deals_upto, sitting_for
from .tables.selectors import draker_games

T = TypeVar("T")


def _member(request) -> Member:
    member = club_selectors.member_for_user(request.user)
    if member is None:
        raise Http404("This account is not a club member.")
    return member


def _page(access_fn, member: Member, pk, **kwargs):
    """A page's object through :mod:`games.access`, its refusals as the 404 and 403 pages."""
    try:
        return access_fn(member, pk, **kwargs)
    except NotFound as exc:
        raise Http404(exc.message)
    except Forbidden as exc:
        raise PermissionDenied(exc.message)


def _game(member: Member, pk: int, *, for_write: bool) -> Game:
    return _page(access.access_game, member, pk, for_write=for_write, queryset=selectors.game_page_queryset())


def _deal(member: Member, pk: int, *, for_write: bool) -> Deal:
    return _page(access.access_deal, member, pk, for_write=for_write, queryset=selectors.deal_access_queryset())


def _deal_sitting(member: Member, pk: int, *, for_write: bool) -> tuple[Deal, DealInSitting]:
    """The deal and its sitting, the deal found in the query that reads the deals before it."""
    deals = _page(access.access_deals_upto, member, pk, for_write=for_write, queryset=deals_upto)
    deal = next(d for d in deals if d.pk == int(pk))
    return deal, sitting_for(deal, deals=deals)


def _polled_deal(member: Member, pk: int) -> Deal:
    """The deal as its poll first reads it: only its revision, the member's right to see it checked."""
    return _page(access.access_deal_poll, member, pk)


def _result(member: Member, pk: int, *, for_write: bool) -> Result:
    return _page(access.access_result, member, pk, for_write=for_write)


def _next_or(request: HttpRequest, fallback):
    """Where a form asked to go back to, when it is on this site; else ``fallback``."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                                  require_https=request.is_secure()):
        return redirect(target)
    return redirect(fallback)


def _field_error(form: forms.Form, exc: ApplicationError) -> bool:
    """Put a service's refusal beside the form field it names; False when it names none."""
    field = exc.extra.get("field") if isinstance(exc.extra, dict) else None
    if field in form.fields:
        form.add_error(field, exc.message)
        return True
    return False


@login_required
def member_dashboard(request: HttpRequest) -> HttpResponse:
    member = _member(request)
    return render(request, "games/member_dashboard.html", {"member": member,
                                                           **pages.member_dashboard(member=member)})


@login_required
def croupier_dashboard(request: HttpRequest) -> HttpResponse:
    member = _member(request)
    if not member.is_croupier:
        raise Http404("The croupier's dashboard is for croupiers.")
    return render(request, "games/croupier_dashboard.html", {"member": member, **pages.croupier_dashboard()})


@login_required
def game_start(request: HttpRequest, session_pk: int) -> HttpResponse:
    member = _member(request)
    posted = request.method == "POST"
    session = _page(access.access_session, member, session_pk, for_write=posted)
    seats = list(session.seats.select_related("member").order_by("seat"))
    form = GameStartForm(request.POST or None, session=session, seats=seats)
    if posted and form.is_valid():
        try:
            game = services.game_start(session=session, actor=member, **form.service_kwargs())
        except ApplicationError as exc:
            if not _field_error(form, exc):
                form.add_error(None, exc.message)
        else:
            messages.success(request, _("Game %(number)s has started.") % {"number": game.number})
            return redirect(game)
    return render(request, "games/game_start.html", {"session": session, "form": form, "seats": seats})


@login_required
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    game = _game(member, pk, for_write=False)
    return _game_page(request, member, game)


def _game_page(request: HttpRequest, member, game: Game, reseat_form: ReseatForm | None = None,
               status: int = 200) -> HttpResponse:
    """The Game's page; ``reseat_form`` a refused change of seats, shown open with its errors."""
    deals = [(d, selectors.live_result(d)) for d in game.deals.all()]
    can_act = access.can_act_at(member, game)
    if reseat_form is None and can_act and game.status == Game.Status.LIVE:
        reseat_form = _reseat_form(game)
    return render(request, "games/game_detail.html", {
        "game": game, "deals": deals, "member": member, "can_act": can_act,
        "players": sorted(game.players.all(), key=lambda gp: gp.seat_index),
        "reseat_form": reseat_form, "reseat_open": status != 200}, status=status)


def _reseat_form(game: Game, data=None) -> ReseatForm:
    seated = [gp.member_id for gp in game.players.all()]
    # Only the session's people may join: a croupier answers for a newcomer or seats him first.
    candidates = (club_selectors.members_list(active_only=True)
                  .filter(pk__in=access.members_who_may_sit(game.session).values("pk"))
                  .exclude(pk__in=seated).order_by("display_name"))
    return ReseatForm(data, game=game, candidates=candidates)


@login_required
@require_POST
def game_reseat(request: HttpRequest, pk: int) -> HttpResponse:
    """A seat or a player changes: this Game ends and the next one starts."""
    member = _member(request)
    game = _game(member, pk, for_write=True)
    form = _reseat_form(game, request.POST)
    if not form.is_valid():
        return _game_page(request, member, game, form, status=400)
    try:
        nxt = services.game_reseat(game=game, actor=member, seats=form.seats())
    except forms.ValidationError as exc:           # a newcomer without a seat
        form.add_error("newcomer_seat", exc)
        return _game_page(request, member, game, form, status=400)
    except ApplicationError as exc:
        if not _field_error(form, exc):
            form.add_error(None, exc.message)
        return _game_page(request, member, game, form, status=400)
    messages.success(request, _("Game %(old)s ended; game %(new)s has started.") % {"old": game.number,
                                                                                   "new": nxt.number})
    return redirect(nxt)


@login_required
@require_POST
def deal_new(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    game = _game(member, pk, for_write=True)
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
    game = _game(member, pk, for_write=True)
    try:
        services.game_end(game=game, actor=member)
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return redirect(game)


def _deal_context(request, member: Member, deal: Deal, *, sitting: DealInSitting | None = None, panel: bool = False,
                  **extra) -> dict:
    """The deal page's context from the deal's sitting, read once (:func:`games.sitting.sitting_for`)
    unless the caller has it already. ``panel``: only what the recording panel shows
    (``games/_recorder.html``, swapped in by htmx on every tap): no disputes, forms or versions."""
    sitting = sitting_for(deal) if sitting is None else sitting
    page = pages.deal_page(sitting=sitting, member=member, lang=presenters.lang(), disputes=not panel)
    if panel:
        page.update({"member": member, "offline": presenters.offline_recorder(page)})
        page.update(extra)
        return page
    page.update({"member": member, "bet_form": BetForm(players=page["players"], member=member),
                 "claim_form": ClaimForm(players=page["players"], member=member),
                 "quick_form": QuickResultForm(players=page["players"])})
    page.update(pages.pending_correction(results=page["results"], players=page["players"], cards=page["cards"],
                                         member=member, can_act=page["can_act"],
                                         disputed=page.get("open_dispute") is not None))
    versions = {r.pk: r.version for r in page["results"]}
    for r in page["results"]:
        r.corrects_version = versions.get(r.supersedes_id)
    live = page["live"]
    if (deal.mode != Deal.Mode.QUICK and page["can_act"] and live is not None
            and live.status == Result.Status.CONFIRMED and page["pending"] is None):
        page["correction_form"] = _correction_form(page)
    page["offline"] = presenters.offline_recorder(page)
    page["result_watch"] = _follows(live)
    page["set_asides"] = list(deal.set_asides.select_related("chosen_by"))
    page.update(extra)
    return page


# How long a deal page follows a draft result that nobody confirms or discards.
RESULT_WATCH = dt.timedelta(hours=1)


def _follows(live: Result | None) -> bool:
    """Whether the deal page follows ``live`` as it changes: a draft, submitted within the hour."""
    return (live is not None and live.status == Result.Status.DRAFT
            and timezone.now() - live.submitted_at < RESULT_WATCH)


def _correction_form(page: dict, data=None) -> CorrectionForm:
    return CorrectionForm(data, players=page["players"], cards=page["cards"], bets=page["bets"],
                          claims=page["claims"], names={gp.member_id: gp.member.display_name for gp in page["players"]})


@login_required
def deal_detail(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    deal, sitting = _deal_sitting(member, pk, for_write=False)
    return render(request, "games/deal_detail.html", _deal_context(request, member, deal, sitting=sitting))


@login_required
@require_POST
def deal_card(request: HttpRequest, pk: int) -> HttpResponse:
    """A tapped or typed card. With htmx the recording panel is swapped in place."""
    member = _member(request)
    error = None
    # The sitting is read once: the service records the card against it, and the panel (the next
    # circle, the provisional judgement) is drawn from it with the new card added.
    if request.POST.get("undo"):
        deal, sitting = _deal(member, pk, for_write=True), None
    else:
        deal, sitting = _deal_sitting(member, pk, for_write=True)
    exact = False
    try:
        if request.POST.get("undo"):
            services.deal_card_undo(deal=deal, actor=member)
        else:
            read_at = sitting.deal.revision
            row = services.deal_card(deal=deal, actor=member, card=request.POST.get("card", ""), sitting=sitting)
            sitting = sitting.with_card(row)
            # Nothing else was written for the deal between the sitting's read and the card: the
            # panel drawn here is the deal at the card's revision, for the table's polls too.
            exact = row.deal_revision == read_at + 1 == sitting.deal.revision
    except ApplicationError as exc:
        error = exc.message
    if request.htmx:
        page = _deal_context(request, member, deal, sitting=sitting, panel=True, card_error=error)
        if not exact:
            return render(request, "games/_recorder.html", page)
        recorder, _live = _drawn_panel(member, sitting, page)
        return HttpResponse(panels.filled(recorder, request))
    if error:
        messages.error(request, error)
    return redirect(deal)


def _deal_with_form(request: HttpRequest, member: Member, deal: Deal, name: str, form: forms.Form,
                    status: int) -> HttpResponse:
    """The deal page again with ``form`` as the member filled it in, its errors beside its fields."""
    return render(request, "games/deal_detail.html", _deal_context(request, member, deal, **{name: form}),
                  status=status)


def _deal_form_post(request: HttpRequest, pk: int, form_class, name: str, act) -> HttpResponse:
    """Validate a deal's form, hand its data to ``act(deal, member, data)`` (a service call) and go
    back to the deal; a refusal that names a field comes back beside it, any other as a message."""
    member = _member(request)
    deal = _deal(member, pk, for_write=True)
    form = form_class(request.POST, players=list(deal.game.players.all()), member=member)
    if not form.is_valid():
        return _deal_with_form(request, member, deal, name, form, 400)
    try:
        act(deal, member, form.cleaned_data)
    except ApplicationError as exc:
        if _field_error(form, exc):
            return _deal_with_form(request, member, deal, name, form, exc.status_code)
        messages.error(request, exc.message)
    return redirect(deal)


@login_required
@require_POST
def deal_bet(request: HttpRequest, pk: int) -> HttpResponse:
    return _deal_form_post(request, pk, BetForm, "bet_form", lambda deal, member, data: services.bet_place(
        deal=deal, actor=member, member=data["member"], amount=data["amount"]))


@login_required
@require_POST
def deal_claim(request: HttpRequest, pk: int) -> HttpResponse:
    return _deal_form_post(request, pk, ClaimForm, "claim_form", lambda deal, member, data: services.claim_declare(
        deal=deal, actor=member, **data))


def _withdraw(request: HttpRequest, row, withdraw, said: str) -> HttpResponse:
    """A claim or a bet withdrawn from its deal's page: the service decides, a message says what
    happened, and the page is shown again."""
    try:
        withdraw(actor=_member(request))
    except ApplicationError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, said)
    return redirect(row.deal)


@login_required
@require_POST
def claim_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    claim = _page(access.access_claim, _member(request), pk, for_write=True)
    return _withdraw(request, claim, lambda actor: services.claim_withdraw(claim=claim, actor=actor),
                     _("%(name)s's claim under %(rule)s is withdrawn.")
                     % {"name": claim.member.display_name, "rule": presenters.rule_label(claim.rule)})


@login_required
@require_POST
def bet_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    bet = _page(access.access_bet, _member(request), pk, for_write=True)
    return _withdraw(request, bet, lambda actor: services.bet_withdraw(bet=bet, actor=actor),
                     _("%(name)s's bet of %(amount)s is withdrawn.")
                     % {"name": bet.member.display_name, "amount": bet.amount})


def _act(request: HttpRequest, run: Callable[[], T], *, said: Callable[[T], str], to: Callable[[T], Any],
         back: Any) -> HttpResponse:
    """One service call of a POST: ``run()``; when it is done, ``said(value)`` as a message and a
    redirect to ``to(value)``. A refusal goes ``back``: a message and a redirect to that object or
    URL, or, when ``back`` is a function, the response it makes of the refusal."""
    try:
        value = run()
    except ApplicationError as exc:
        if callable(back):
            return back(exc)
        messages.error(request, exc.message)
        return redirect(back)
    messages.success(request, said(value))
    return redirect(to(value))


@login_required
@require_POST
def deal_void(request: HttpRequest, pk: int) -> HttpResponse:
    """The croupier voids a deal: it counts as not played; the game goes on."""
    member = _member(request)
    deal = _deal(member, pk, for_write=True)
    return _act(request, lambda: services.deal_void(deal=deal, actor=member), back=deal, to=lambda _void: deal.game,
                said=lambda _void: _("Deal %(number)s is voided: it counts as not played. Start the next deal.")
                % {"number": deal.number})


@login_required
@require_POST
def deal_replay(request: HttpRequest, pk: int) -> HttpResponse:
    """The croupier orders a deal replayed: it is voided and a fresh deal starts at its number."""
    member = _member(request)
    deal = _deal(member, pk, for_write=True)
    return _act(request, lambda: services.deal_replay(deal=deal, actor=member), back=deal, to=lambda fresh: fresh,
                said=lambda _fresh: _("Deal %(number)s is voided and dealt again.") % {"number": deal.number})


@login_required
@require_POST
def deal_submit(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    deal = _deal(member, pk, for_write=True)
    supersedes = request.POST.get("supersedes")
    supersedes = int(supersedes) if supersedes and supersedes.isdigit() else None
    form = None
    try:
        if deal.mode == Deal.Mode.QUICK:
            form = QuickResultForm(request.POST, players=list(deal.game.players.all()))
            if not form.is_valid():
                return _deal_with_form(request, member, deal, "quick_form", form, 400)
            services.result_submit_quick(deal=deal, actor=member, winners=form.cleaned_data["winners"],
                                         pot=form.cleaned_data["pot"], supersedes=supersedes,
                                         note=form.cleaned_data.get("note") or "")
        else:
            services.result_submit(deal=deal, actor=member, supersedes=supersedes)
        messages.success(request, _("The result is submitted; another player or the croupier confirms it."))
    except ApplicationError as exc:
        if form is not None and _field_error(form, exc):
            return _deal_with_form(request, member, deal, "quick_form", form, exc.status_code)
        messages.error(request, exc.message)
    return redirect(deal)


@login_required
@require_POST
def deal_correct(request: HttpRequest, pk: int) -> HttpResponse:
    """A correction of a deal whose cards were recorded: cards, bets and claims as they should
    stand, judged again as a new draft version that a second person confirms."""
    member = _member(request)
    deal = _deal(member, pk, for_write=True)
    sitting = sitting_for(deal)
    page = _deal_context(request, member, deal, sitting=sitting)
    form = _correction_form(page, request.POST)
    supersedes = request.POST.get("supersedes", "")
    if not form.is_valid():
        return render(request, "games/deal_detail.html", {**page, "correction_form": form}, status=400)

    def refused(exc: ApplicationError) -> HttpResponse:
        if not _field_error(form, exc):
            form.add_error(None, exc.message)
        return render(request, "games/deal_detail.html", {**page, "correction_form": form}, status=exc.status_code)

    return _act(request, lambda: services.result_correct(
        deal=deal, actor=member, supersedes=int(supersedes) if supersedes.isdigit() else None, **form.service_kwargs()),
        back=refused, to=lambda result: f"{deal.get_absolute_url()}#version-{result.version}",
        said=lambda result: _("Version %(version)s is submitted: the deal judged again with your changes. Another "
                              "player or the croupier confirms it; until then version %(old)s counts.")
        % {"version": result.version, "old": result.supersedes.version})


@login_required
@require_POST
def result_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    result = _result(member, pk, for_write=True)
    try:
        services.result_confirm(result=result, actor=member)
        if result.supersedes_id:
            messages.success(request, _("Version %(version)s is confirmed and counts now; the chips of version "
                                        "%(old)s are reversed and version %(old)s stays in the history.")
                             % {"version": result.version, "old": result.supersedes.version})
        else:
            messages.success(request, _("Version %(version)s is confirmed.") % {"version": result.version})
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return _next_or(request, result.deal)


@login_required
@require_POST
def result_discard(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    result = _result(member, pk, for_write=True)
    try:
        services.result_discard(result=result, actor=member)
        if result.supersedes_id:
            messages.success(request, _("Version %(version)s is discarded; version %(old)s still counts.")
                             % {"version": result.version, "old": result.supersedes.version})
        else:
            messages.success(request, _("Version %(version)s is discarded; submit the result again.")
                             % {"version": result.version})
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return _next_or(request, result.deal)


@login_required
@require_POST
def deal_dispute(request: HttpRequest, pk: int) -> HttpResponse:
    """Call the croupier: a dispute in the precedent archive, prefilled with the deal."""
    member = _member(request)
    deal = _deal(member, pk, for_write=True)
    return _act(request, lambda: services.dispute_raise(deal=deal, actor=member, question=request.POST.get("question", "")),
                back=deal, to=lambda dispute: dispute,
                said=lambda dispute: _("Dispute #%(number)s is raised; the croupier will rule.") % {"number": dispute.pk})


@login_required
def statement(request: HttpRequest) -> HttpResponse:
    """The member's own chip statement: his balance and every entry, linked to its deal or match."""
    member = _member(request)
    if member is None:
        raise Http404
    rows = selectors.statement(member=member)
    return render(request, "games/statement.html", {"rows": rows, "balance": rows[-1]["balance"] if rows else 0})


@login_required
@require_GET
def statement_csv(request: HttpRequest) -> HttpResponse:
    """A member's statement as a file (``?format=csv|xlsx``): the reader's own, or with
    ``?member=`` another member's for a croupier or an admin."""
    member = reader = _member(request)
    subject = request.GET.get("member", "")
    if subject:
        member = Member.objects.filter(pk=subject).first() if subject.isdigit() else None
        if member is None:
            raise Http404(_("No member %(id)s.") % {"id": subject[:40]})
        try:
            access.check_statement_of(reader, member)
        except Forbidden as exc:
            raise PermissionDenied(exc.message)
    rows = [[row["entry"].created_at, row["label"], row["entry"].get_kind_display(), row["entry"].amount,
             row["balance"], request.build_absolute_uri(row["url"])] for row in selectors.statement(member=member)]
    return exports.response([_("Date"), _("What"), _("Kind"), _("Chips"), _("Balance"), _("Link")], rows,
                            name=f"chip-statement {member.display_name}", fmt=exports.requested_format(request))


@login_required
def member_stats(request: HttpRequest, pk: int) -> HttpResponse:
    reader = _member(request)
    member = get_object_or_404(Member, pk=pk)
    chips = access.can_see_chips_of(reader, member)
    stats = selectors.member_stats(member=member, with_chips=chips)
    return render(request, "games/member_stats.html", {
        "stats": stats, "subject": member, "chips": chips,
        "statement_open": reader.pk == member.pk or reader.is_croupier,
        "balance": selectors.balance(member=member) if chips else None,
        "sessions": selectors.balances_by_session(member=member) if chips else [],
        "hand_bars": [(presenters.hand_name(cat, presenters.lang()), count) for _name, count, cat in stats["hands"]],
        "modifier_bars": [(presenters.rule_label(source), count) for source, count in stats["modifiers"]],
        "rating_charts": _rating_charts(member), "bid_record": selectors.member_bid_record(member)})


def _rating_games() -> list[tuple[str, str]]:
    return ([(rating_rules.ALL_ROUNDER, _("All-rounder"))]
            + [(game, GameKind(game).label) for game in rating_rules.GAMES])


# The latest confirmed Draker games the Draker tab of the ratings lists.
RECENT_DRAKER_GAMES = 5


@login_required
def ratings(request: HttpRequest) -> HttpResponse:
    """Every game's ratings, one game at a time (``?game=``), and the all-rounder ranking: public
    to members (a rating shows no chips)."""
    games = _rating_games()
    game = request.GET.get("game", rating_rules.ALL_ROUNDER)
    if game not in dict(games):
        game = rating_rules.ALL_ROUNDER
    recent_draker = []
    if game == "draker":
        # The Draker tab is where its games are recorded from, so it shows the latest rated ones.
        recent_draker = list(draker_games(status="confirmed")[:RECENT_DRAKER_GAMES])
    return render(request, "games/ratings.html", {
        "games": games, "game": game, "game_name": dict(games)[game], "rows": selectors.ratings_board(game),
        "min_matches": rating_rules.ALL_ROUNDER_MIN_MATCHES, "min_games": rating_rules.ALL_ROUNDER_MIN_GAMES,
        "recent_draker": recent_draker})


def _rating_charts(member: Member) -> list[dict]:
    """The member's rating history in each game he has played: a chart (from the starting
    rating, 0) and the rows of its table."""
    names = dict(_rating_games())
    out = []
    for game, points in selectors.member_rating_history(member).items():
        series = [(0, 0.0)] + [(p.played, round(p.ordinal, 2)) for p in points]
        title = _("Rating in %(game)s") % {"game": names[game]}
        out.append({"game": game, "name": names[game], "points": points, "latest": points[-1],
                    "svg": charts.line_chart(series, title=title, decimals=1)})
    return out


@login_required
def leaderboard(request: HttpRequest) -> HttpResponse:
    reader = _member(request)
    period = request.GET.get("period", "month")
    if period not in selectors.PERIODS:
        period = "month"
    chips = access.can_see_all_chips(reader)
    rows = selectors.leaderboard(period=period, with_chips=chips)
    key = "net" if chips else "won"
    return render(request, "games/leaderboard.html", {
        "rows": rows, "period": period, "periods": list(selectors.PERIODS), "chips": chips,
        "bars": [(r["member"].display_name, r[key]) for r in rows if r[key] > 0]})


@login_required
@require_POST
def deal_rejudge(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    deal = _deal(member, pk, for_write=True)
    try:
        result = services.result_rejudge(deal=deal, actor=member)
    except ApplicationError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Judged again as version %(version)s; another person confirms it.")
                         % {"version": result.version})
    return redirect(deal)


@login_required
def deal_in_sitting(request: HttpRequest, pk: int, position: int) -> HttpResponse:
    """The ``position``-th confirmed judged deal of a Game: how the precedent archive names the
    deals a ruling would judge differently."""
    game = _page(access.access_game, _member(request), pk, for_write=False)
    deals = list(Deal.objects.filter(game_id=game.pk, results__status=Result.Status.CONFIRMED,
                                     results__kind=Result.Kind.JUDGED).distinct().order_by("number"))
    if not 1 <= position <= len(deals):
        raise Http404("No such deal.")
    return redirect(deals[position - 1])


@login_required
@require_GET
def deal_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The deal's cards as another phone records them, polled by the deal page: nothing (204)
    while the deal stands where the page last saw it (``since``), else the recording panel drawn
    afresh, as the reader may see it (drawn once per change and kind of viewer: games/panels.py);
    once a result stands the answer is 286, which stops the polling, with a way to the result."""
    member = _member(request)
    polled = _polled_deal(member, pk)
    if request.GET.get("since") == selectors.deal_stamp(deal=polled):
        return HttpResponse(status=204)
    # A drawing is kept only of a deal with no result, at the revision it was drawn at; a result
    # moves the revision on, so a deal whose result is in finds none and is drawn below.
    drawn = panels.kept(panels.key(polled.pk, polled.revision, panels.viewer_kind(
        member, mode=polled.mode, over=False, seated=polled.viewer_seated)))
    if drawn is not None:
        return HttpResponse(panels.filled(drawn, request))
    # A result may be submitted or discarded since the stamp was read: whether the deal is over, the
    # panel, its stamp and the status are all taken from the one sitting read here.
    # The member's right to see the deal was checked with the poll's read: the deal is read by id,
    # with the deals before it.
    deals = list(deals_upto(polled.pk))
    deal = next(d for d in deals if d.pk == polled.pk)
    sitting = sitting_for(deal, deals=deals)
    if sitting.live is not None:
        # Once the result is in, its section comes along (out of band): the whole page's context.
        response = render(request, "games/_deal_live.html",
                          _deal_context(request, member, deal, sitting=sitting, live_over=True))
        response.status_code = HttpResponseStopPolling.status_code
        return response
    page = _deal_context(request, member, deal, sitting=sitting, panel=True, live_over=False)
    _recorder, drawn = _drawn_panel(member, sitting, page)
    return HttpResponse(panels.filled(drawn, request))


def _drawn_panel(member: Member, sitting: DealInSitting, page: dict) -> tuple[str, str]:
    """The recording panel of a deal with no result yet, as ``member`` sees it at the sitting's
    revision: the recorder (a tap's answer) and the poll's answer around it, drawn without the
    request (nothing of the phone's own but its CSRF token, left as a slot: games/panels.py). The
    poll's answer is kept for the table's other phones of his kind."""
    recorder = render_to_string("games/_recorder.html", {**page, "csrf_token": panels.CSRF_SLOT})
    drawn = render_to_string("games/_deal_live.html", {"deal": sitting.deal, "live": None, "live_over": False,
                                                       "recorder": mark_safe(recorder), "pot_oob": page["pot"]})
    seated = any(gp.member_id == member.pk for gp in sitting.players)
    panels.keep(panels.key(sitting.deal.pk, sitting.deal.revision, panels.viewer_kind(
        member, mode=sitting.deal.mode, over=False, seated=seated)), drawn)
    return recorder, drawn


@login_required
@require_GET
def deal_result_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The deal's draft result as another phone confirms or discards it, polled by the deal page:
    nothing (204) while the deal stands where the page last saw it (``since``), else the result
    drawn afresh; once the result is confirmed or discarded (or has waited an hour) the answer is
    286, which stops the polling. The list of versions comes with it."""
    member = _member(request)
    if request.GET.get("since") == selectors.deal_stamp(deal=_polled_deal(member, pk)):
        return HttpResponse(status=204)
    # What is drawn, its stamp and whether to stop all come from the page's one read of the sitting.
    deal = _deal(member, pk, for_write=False)
    page = _deal_context(request, member, deal)
    live = page["live"]
    page["result_gone"] = live is None
    page["result_unwatched"] = live is not None and live.status == Result.Status.DRAFT and not page["result_watch"]
    # The list of versions below changes with the result (a draft confirmed, discarded): it comes
    # along, swapped out of band.
    response = HttpResponse(render_to_string("games/_deal_result.html", page, request)
                            + render_to_string("games/_deal_versions.html", {**page, "versions_oob": True}, request))
    if not page["result_watch"]:
        response.status_code = HttpResponseStopPolling.status_code
    return response


def _admin(request: HttpRequest) -> Member:
    member = _member(request)
    if not (member.active and member.is_admin):
        raise PermissionDenied(_("The club's ledger is for its admins; your own chips are under My chips."))
    return member


def _ledger_filter(request: HttpRequest) -> tuple[LedgerFilterForm, dict]:
    form = LedgerFilterForm(request.GET or None)
    if form.is_bound and form.is_valid():
        return form, {k: form.cleaned_data.get(k) for k in ("member", "since", "until")}
    return form, {}


@login_required
def ledger(request: HttpRequest) -> HttpResponse:
    """The club's chip ledger for its admins: every member's balance, the ledger's sum (zero when
    sound) and the latest entries, by member and days."""
    _admin(request)
    form, filters = _ledger_filter(request)
    return render(request, "games/ledger.html", {"form": form, **selectors.ledger_overview(**filters),
                                                 "query": request.GET.urlencode()})


@login_required
@require_GET
def ledger_csv(request: HttpRequest) -> HttpResponse:
    """The club's ledger as filtered on its page, as a file (``?format=csv|xlsx``): admins only."""
    _admin(request)
    _form, filters = _ledger_filter(request)
    rows = [[row["entry"].created_at, row["entry"].get_account_display(),
             row["entry"].member.display_name if row["entry"].member else "", row["label"],
             row["entry"].get_kind_display(), row["entry"].amount, request.build_absolute_uri(row["url"])]
            for row in selectors.ledger_entries(limit=None, **filters)]
    return exports.response([_("Date"), _("Account"), _("Member"), _("What"), _("Kind"), _("Chips"), _("Link")],
                            rows, name="chip-ledger", fmt=exports.requested_format(request))


@login_required
def game_start_of_its_kind(request: HttpRequest, session_pk: int) -> HttpResponse:
    """The Dragon Poker start form is for Dragon Poker evenings: a tournament or tables session
    goes back to its page, whose "start play" opens the right thing, and says why."""
    session = ScheduledSession.objects.filter(pk=session_pk).only("kind", "title").first()
    if session is not None and session.kind != ScheduledSession.Kind.DRAGON:
        messages.info(request, _("%(session)s is a %(kind)s: start its play from here.")
                      % {"session": session.title, "kind": session.get_kind_display().lower()})
        return redirect("club:session_detail", pk=session.pk)
    return game_start(request, session_pk)


# --- results as files ------------------------------------------------------------------------------

def _results_export(request: HttpRequest, games: list[Game], *, name: str, with_game: bool) -> HttpResponse:
    table = selectors.results_table(games=games)
    headers = ([_("Game")] if with_game else []) + [
        _("Deal"), _("Version"), _("Status"), _("Kind"), _("Winners"), _("Pot"),
        *[p.display_name for p in table["players"]], _("Note")]
    rows = []
    for row in table["rows"]:
        result = row["result"]
        rows.append(([row["game"].number] if with_game else []) + [
            row["deal"].number, result.version, result.get_status_display(), result.get_kind_display(),
            row["winners"], result.pot, *row["chips"], result.note])
    return exports.response(headers, rows, name=name, fmt=exports.requested_format(request))


@login_required
@require_GET
def game_results_export(request: HttpRequest, pk: int) -> HttpResponse:
    """A Game's deal results as a file (``?format=csv|xlsx``), for whoever may see its page."""
    game = _game(_member(request), pk, for_write=False)
    return _results_export(request, [game], name=str(game), with_game=False)


@login_required
@require_GET
def session_results_export(request: HttpRequest, session_pk: int) -> HttpResponse:
    """The deal results of a session's Games the member may see (a croupier every one, a player
    those he sat at), as a file."""
    member = _member(request)
    session = _page(access.access_session, member, session_pk, for_write=False)
    games = list(selectors.games_visible_to(member).filter(session=session).order_by("number", "pk"))
    return _results_export(request, games, name=session.title, with_game=True)
