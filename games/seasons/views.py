"""Season pages: thin views over the services and selectors. Members read the standings;
croupiers and admins create and edit seasons and call the championship."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_POST

from club import exports
from club.errors import ApplicationError, Forbidden
from club.models import GameKind
from club.selectors import member_for_user

from . import access, selectors, services
from .forms import ChampionshipForm, SeasonForm
from .models import CHIP_GAMES, Season


def _season_or_404(pk: int) -> Season:
    try:
        return selectors.season_detail(pk=pk)
    except Season.DoesNotExist:
        raise Http404(_("No such season."))


def _editor(request: HttpRequest, check=access.check_season_editor):
    try:
        return check(member_for_user(request.user))
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from exc


def _form_error(form, error: ApplicationError) -> None:
    field = error.extra.get("field") if isinstance(error.extra, dict) else None
    form.add_error(field if field in form.fields else None, error.message)


@login_required
def season_list(request: HttpRequest) -> HttpResponse:
    return render(request, "seasons/season_list.html", {
        "seasons": selectors.seasons_list(), "can_run": access.can_run(member_for_user(request.user))})


@login_required
def season_new(request: HttpRequest) -> HttpResponse:
    actor = _editor(request)
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_create(actor=actor, **form.service_kwargs())
        except ApplicationError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("The season %(name)s is created.") % {"name": season.name})
            return redirect(season)
    return render(request, "seasons/season_form.html", {"form": form, "season": None})


@login_required
def season_edit(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _editor(request)
    season = _season_or_404(pk)
    form = SeasonForm(request.POST or None, initial=SeasonForm.initial_of(season))
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_update(season=season, actor=actor, **form.service_kwargs())
        except ApplicationError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("The season %(name)s is saved.") % {"name": season.name})
            return redirect(season)
    return render(request, "seasons/season_form.html", {"form": form, "season": season})


def _formula_lines(season: Season) -> list[str]:
    parts = season.parts or {}
    lines = []
    if "placing" in parts:
        lines.append(_("By the evening's placing: %(points)s")
                     % {"points": ", ".join(str(p) for p in parts["placing"]["table"])})
    if "deal_won" in parts:
        lines.append(_("Per deal won: %(points)s") % {"points": parts["deal_won"]["points"]})
    if "attendance" in parts:
        lines.append(_("For coming: %(points)s") % {"points": parts["attendance"]["points"]})
    return lines


def _game_lines(season: Season) -> list[str]:
    """What each counted game gives to each part of the formula, in the season's order."""
    said = {
        GameKind.DRAGON: _("Dragon Poker: the net chips of the evening's deals place its players; each deal "
                           "won scores; playing counts as coming."),
        GameKind.CASINO: _("Casino variant: the net chips of a member's settled hands tied to the evening "
                           "count in his chips of the evening (a hand tied to no session counts for none); "
                           "no deals won; playing counts as coming."),
        GameKind.DICE: _("Dice poker: the net chips of the matches played at the evening count in the "
                         "players' chips of the evening; no deals won; playing counts as coming."),
        GameKind.TRICKS: _("The trick game: a finished tournament played at the evening places its players by "
                           "its final standings, a placing of its own beside the chips; no deals won; "
                           "playing counts as coming."),
    }
    lines = [str(said[g]) for g in season.games if g in said]
    if sum(1 for g in season.games if g in CHIP_GAMES) > 1:
        lines.append(_("The chip games count together: one placing by the evening's net chips in all of them."))
    return lines


def _detail(request: HttpRequest, season: Season, championship_form: ChampionshipForm | None = None,
            status: int = 200) -> HttpResponse:
    can_run = access.can_run(member_for_user(request.user))
    if can_run and championship_form is None and not season.championship_id:
        championship_form = ChampionshipForm(initial={"title": _("%(season)s: championship") % {"season": season.name}})
    view = selectors.standings(season)
    if championship_form is not None and not championship_form.is_bound and view.sessions:
        # Where the season's last evening was played: the likeliest room for its championship.
        championship_form.initial["venue"] = view.sessions[-1].venue_id
    return render(request, "seasons/season_detail.html", {
        "season": season, "view": view, "can_run": can_run,
        "formula": _formula_lines(season), "game_lines": _game_lines(season),
        "championship_form": championship_form}, status=status)


@login_required
def season_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _detail(request, _season_or_404(pk))


@login_required
@require_POST
def season_championship(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _editor(request, access.check_championship)
    season = _season_or_404(pk)
    form = ChampionshipForm(request.POST)
    if form.is_valid():
        try:
            session = services.championship_create(season=season, actor=actor, **form.cleaned_data)
        except ApplicationError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("The championship %(title)s is scheduled and its players are down as going.")
                             % {"title": session.title})
            return redirect(session)
    return _detail(request, season, form, status=400)


@login_required
@require_GET
def season_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings as the page shows them, as a file (``?format=csv|xlsx``)."""
    season = _season_or_404(pk)
    view = selectors.standings(season)
    headers = [pgettext("standings", "Rank"), _("Member"), _("Points"), _("Evenings"), _("Evenings counted")]
    if season.counts_deals:
        headers.append(_("Deals won"))
    if season.counts_tournaments:
        headers.append(_("Tournaments"))
    headers += [_("Qualifies"), _("Championship")]
    rows = [[r.line.rank, r.member.display_name, r.line.points, r.line.evenings, len(r.line.counted),
             *([r.line.wins] if season.counts_deals else []),
             *([r.line.tournaments] if season.counts_tournaments else []),
             _("yes") if r.line.qualified else "", _("yes") if r.line.invited else ""] for r in view.rows]
    return exports.response(headers, rows, name=f"{season.name} {_('Standings')}",
                            fmt=exports.requested_format(request))
