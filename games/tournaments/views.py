"""Tournament pages: thin views over the services and selectors. Reading is public; croupiers
and admins run tournaments; a player at a table records its rounds."""

from __future__ import annotations

import re
import uuid
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseStopPolling

from club import exports, outbox
from club.errors import ApplicationError, Forbidden, InvalidInput
from club.models import Member, ScheduledSession
from club.selectors import member_for_user

from . import access, selectors, services, tasks
from .forms import EntryForm, RoundCorrectionForm, RoundForm, StageForm, TournamentForm
from .models import Entry, Report, Round, Table, Tournament
from .presenters import problem_words, seat_name, transition_buttons


def _tournament_or_404(slug: str) -> Tournament:
    try:
        return selectors.tournament_by_slug(slug)
    except Tournament.DoesNotExist:
        raise Http404(_("No such tournament."))


def tournament_list(request: HttpRequest) -> HttpResponse:
    member = member_for_user(request.user)
    return render(request, "tournaments/tournament_list.html", {
        "tournaments": selectors.tournaments_list(), "can_run": bool(member and member.is_croupier)})


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    member = member_for_user(request.user)
    if member is None or not member.is_croupier:
        raise Http404(_("Only croupiers create tournaments."))
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(actor=member, **form.cleaned_data)
        except ApplicationError as error:
            field = error.extra.get("field") if isinstance(error.extra, dict) else None
            form.add_error(field if field in form.fields else None, error.message)
        else:
            messages.success(request, _("The tournament %(name)s is created: register its players.")
                             % {"name": tournament.name})
            return redirect(tournament)
    return render(request, "tournaments/tournament_new.html", {"form": form})


def _live_context(slug: str) -> dict:
    """The moving part of a tournament's page: its standings and its stages' tables."""
    try:
        tournament = selectors.tournament_detail(slug=slug)
    except Tournament.DoesNotExist:
        raise Http404(_("No such tournament."))
    stages = []
    for stage in tournament.stages.all():
        tables = [{"table": t, "lines": selectors.table_lines(t)} for t in stage.tables.all()]
        stages.append({"stage": stage, "tables": tables, "byes": list(stage.byes.all())})
    return {"tournament": tournament, "stages": stages, "view": selectors.standings(tournament),
            "live_stamp": selectors.tournament_detail_stamp(tournament)}


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    context = _live_context(slug)
    tournament = context["tournament"]
    member = member_for_user(request.user)
    can_run = bool(member and member.is_croupier and member.active)
    entries = list(tournament.entries.all())
    context.update(entries=entries, can_run=can_run)
    if can_run:
        entered = {e.member_id for e in entries}
        entry_form = EntryForm()
        entry_form.fields["member"].queryset = Member.objects.filter(active=True).exclude(pk__in=entered)
        context.update(entry_form=entry_form, stage_form=StageForm(),
                       transitions=transition_buttons(tournament),
                       to_register=services.session_players_to_register(tournament))
    context["work"] = _work(request, tournament, 0)
    return render(request, "tournaments/tournament_detail.html", context)


def _work(request: HttpRequest, tournament: Tournament, polls: int) -> dict | None:
    """The status line of a report or a full rescore asked for, and where to ask again (none once
    it is done or the page has asked long enough)."""
    status = selectors.work_status(tournament, kind=request.GET.get("work", ""), ref=request.GET.get("ref", ""))
    if status is None:
        return None
    again = "" if status.done or polls >= selectors.WORK_POLLS else "{}?{}".format(
        reverse("tournaments:work", args=[tournament.slug]),
        urlencode({"work": status.kind, "ref": status.ref, "n": polls + 1}))
    page = "{}?{}".format(tournament.get_absolute_url(), urlencode({"work": status.kind, "ref": status.ref}))
    return {"status": status, "again": again, "gave_up": not status.done and not again, "page": page}


def work(request: HttpRequest, slug: str) -> HttpResponse:
    """The status line alone, asked again by the page every 2 s until the work is done."""
    tournament = _tournament_or_404(slug)
    try:
        polls = max(0, int(request.GET.get("n", "0")))
    except ValueError:
        polls = 0
    found = _work(request, tournament, polls)
    if found is None:
        raise Http404(_("No such work on this tournament."))
    return render(request, "tournaments/_work.html", {"work": found, "tournament": tournament})


def _with_work(tournament: Tournament, kind: str, ref: str):
    return redirect("{}?{}".format(tournament.get_absolute_url(), urlencode({"work": kind, "ref": ref})))


@login_required
@require_POST
def tournament_from_session(request: HttpRequest, pk: int) -> HttpResponse:
    """Start the tournament of a tournament session, its players registered from the RSVPs and the
    check-ins at the door."""
    session = get_object_or_404(ScheduledSession, pk=pk)
    try:
        actor = access.check_croupier(member_for_user(request.user))
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from exc
    try:
        tournament, added = services.tournament_for_session(actor=actor, session=session)
    except ApplicationError as error:
        messages.error(request, error.message)
        return redirect(session)
    messages.success(request, _registered_message(tournament, added))
    return redirect(tournament)


def _registered_message(tournament: Tournament, added: list[Entry]) -> str:
    if not added:
        return _("Everyone coming to %(session)s is already registered in %(name)s.") % {
            "session": tournament.session.title if tournament.session_id else "", "name": tournament.name}
    return ngettext("%(count)s player registered in %(name)s: %(names)s.",
                    "%(count)s players registered in %(name)s: %(names)s.", len(added)) % {
        "count": len(added), "name": tournament.name,
        "names": ", ".join(e.member.display_name for e in added)}


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament_or_404(slug)
    template = "tournaments/_standings.html" if request.htmx else "tournaments/standings.html"
    response = render(request, template, {"tournament": tournament, "view": selectors.standings(tournament)})
    if request.htmx and tournament.status != Tournament.Status.RUNNING:
        # A tournament no longer running changes no more: stop the page's polling.
        response.status_code = HttpResponseStopPolling.status_code
    return response


@require_GET
def tournament_live(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings and the tables of a tournament, polled by its page (public, as the page is):
    nothing (204) while they stand where the page last saw them (``since``), else drawn afresh;
    once the tournament is no longer running the answer is 286, which stops the polling."""
    try:
        tournament = selectors.tournament_by_slug(slug)
    except Tournament.DoesNotExist:
        raise Http404(_("No such tournament."))
    if request.GET.get("since") == selectors.tournament_stamp(tournament):
        return HttpResponse(status=204)
    # The tournament may have moved on since: the status decides from the same read as the part.
    context = _live_context(slug)
    response = render(request, "tournaments/_tournament_live.html", context)
    if context["tournament"].status != Tournament.Status.RUNNING:
        response.status_code = HttpResponseStopPolling.status_code
    return response


@login_required
@require_POST
def tournament_manage(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament_or_404(slug)
    try:
        actor = access.check_croupier(member_for_user(request.user))
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from exc
    action = request.POST.get("action", "")
    try:
        if action == "add":
            form = EntryForm(request.POST)
            if not form.is_valid():
                raise InvalidInput(_("Choose a player."))
            entry = services.entry_add(actor=actor, tournament=tournament, member=form.cleaned_data["member"])
            messages.success(request, _("%(name)s is registered.") % {"name": entry.member.display_name})
        elif action == "register":
            added = services.entries_from_session(actor=actor, tournament=tournament)
            tournament.refresh_from_db()
            messages.success(request, _registered_message(tournament, added))
        elif action == "withdraw":
            entry = get_object_or_404(Entry, pk=request.POST.get("entry"), tournament=tournament)
            services.entry_withdraw(actor=actor, entry=entry)
            messages.success(request, _("%(name)s has withdrawn; the points earned stand.")
                             % {"name": entry.member.display_name})
        elif action == "seat":
            stage = services.stage_seat(actor=actor, tournament=tournament, method=request.POST.get("method", ""))
            messages.success(request, _("Stage %(n)s is seated.") % {"n": stage.number})
        elif action == "transition":
            tournament = services.tournament_transition(actor=actor, tournament=tournament,
                                                        to=request.POST.get("to", ""))
            messages.success(request, _("The tournament is now: %(status)s.")
                             % {"status": tournament.get_status_display()})
        elif action == "rescore":
            token = uuid.uuid4().hex
            with transaction.atomic():
                outbox.enqueue(tasks.tournament_rescore, tournament.pk, token)
            messages.success(request, _("A full rescore is on its way: every table is judged again."))
            return _with_work(tournament, "rescore", token)
        elif action == "report":
            with transaction.atomic():
                task_id = outbox.enqueue(tasks.tournament_report, tournament.pk)
            messages.success(request, _("The report is asked for: the line below shows when it is ready."))
            return _with_work(tournament, "report", task_id)
        elif action == "ratings":
            outbox.enqueue(tasks.ratings_recompute)
            messages.success(request, _("The ratings are being recomputed."))
        else:
            raise InvalidInput(_("Unknown action %(action)s.") % {"action": action})
    except ApplicationError as error:
        messages.error(request, error.message)
    return redirect(tournament)


# --- the score sheet -------------------------------------------------------------------------------

def _sheet_or_404(pk: int) -> Table:
    try:
        return selectors.table_for_sheet(pk)
    except Table.DoesNotExist:
        raise Http404(_("No such table."))


def _seat_inputs(seats, form: RoundForm | None, field_errors: dict[str, str]) -> list[dict]:
    """Each seat's bid and tricks inputs with the value sent and the refusal beside each."""
    data = form.data if form is not None and form.is_bound else {}
    rows = []
    for position, seat in enumerate(seats):
        rows.append({"seat": seat, "position": position,
                     "bid": str(data.get(f"bid_{position}", ""))[:40], "taken": str(data.get(f"taken_{position}", ""))[:40],
                     "bid_error": field_errors.get(f"bid_{position}", ""),
                     "taken_error": field_errors.get(f"taken_{position}", "")})
    return rows


def _seat_words(position: int, seats) -> dict:
    name = seats[position].entry.member.display_name if position < len(seats) else ""
    return {"seat": seat_name(position), "name": name}


def _round_field_errors(form: RoundForm, seats, error: ApplicationError | None = None) -> tuple[dict[str, str], str]:
    """The refusals of a round, each beside its seat's input in a sentence naming the seat and
    its player; what concerns no one input comes back as the message above the form."""
    errors: dict[str, str] = {}
    if error is not None:
        field = str(error.extra.get("field", "")) if isinstance(error.extra, dict) else ""
        found = re.fullmatch(r"(bids|taken)_([0-3])", field)
        if not found:
            return errors, str(error.message)
        kind, position = found.group(1), int(found.group(2))
        words = _seat_words(position, seats)
        if error.extra.get("value") is None:
            message = (_("Write the bid of %(seat)s (%(name)s).") if kind == "bids"
                       else _("Write the tricks %(seat)s (%(name)s) took.")) % words
        else:
            message = str(error.message)
        errors[f"{'bid' if kind == 'bids' else 'taken'}_{position}"] = message
        return errors, ""
    other = []
    for field, messages_ in form.errors.items():
        found = re.fullmatch(r"(bid|taken)_([0-3])", field)
        text = " ".join(str(m) for m in messages_)
        if not found:
            other.append(text)
            continue
        words = _seat_words(int(found.group(2)), seats) | {
            "value": str(form.data.get(field, ""))[:40], "error": text}
        errors[field] = (_("The bid of %(seat)s (%(name)s), %(value)s: %(error)s") if found.group(1) == "bid"
                         else _("The tricks of %(seat)s (%(name)s), %(value)s: %(error)s")) % words
    return errors, " ".join(other)


def _sheet_context(request: HttpRequest, table: Table, form: RoundForm | None = None, error: str = "",
                   field_errors: dict[str, str] | None = None) -> dict:
    member = member_for_user(request.user)
    sheet = selectors.score_sheet(table)
    can_record = services.can_record(member, table, [s.entry.member_id for s in sheet["seats"]]) and \
        table.stage.tournament.status == Tournament.Status.RUNNING
    if form is None and sheet["next"] is not None:
        form = RoundForm(initial={"number": sheet["next"].number}, table=table)
    return {**sheet, "tournament": table.stage.tournament, "form": form, "error": error, "can_record": can_record,
            "seat_inputs": _seat_inputs(sheet["seats"], form, field_errors or {})}


def sheet(request: HttpRequest, pk: int) -> HttpResponse:
    table = _sheet_or_404(pk)
    return render(request, "tournaments/sheet.html", _sheet_context(request, table))


def sheet_totals(request: HttpRequest, pk: int) -> HttpResponse:
    table = _sheet_or_404(pk)
    return render(request, "tournaments/_sheet_totals.html", _sheet_context(request, table))


@login_required
@require_POST
def sheet_record(request: HttpRequest, pk: int) -> HttpResponse:
    """Record a round from the sheet. With htmx the sheet comes back in place (totals included);
    a refusal comes back with its reason and the values kept."""
    table = get_object_or_404(Table, pk=pk)
    try:
        access.check_recorder(member_for_user(request.user), table)
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from exc
    form = RoundForm(request.POST, table=selectors.table_for_sheet(pk))
    error = ""
    status = 200
    field_errors: dict[str, str] = {}
    seats = list(table.seats.select_related("entry__member").order_by("position"))
    if form.is_valid():
        try:
            services.round_record(actor=member_for_user(request.user), table=table, **form.values())
        except ApplicationError as exc:
            field_errors, error = _round_field_errors(form, seats, exc)
            status = exc.status_code
        else:
            form = None
    else:
        field_errors, error = _round_field_errors(form, seats)
        status = 400
    if not request.htmx:
        if error or field_errors:
            messages.error(request, " ".join([error, *field_errors.values()]).strip())
        else:
            messages.success(request, _("The round is recorded."))
        return redirect("tournaments:sheet", pk=pk)
    table = selectors.table_for_sheet(pk)
    response = render(request, "tournaments/_sheet.html", _sheet_context(request, table, form, error, field_errors))
    # htmx swaps only 2xx answers by default: the refusal is shown in place, its status kept in a header.
    response["X-Refusal-Status"] = str(status)
    return response


def _round_context(request: HttpRequest, row: Round, form: RoundCorrectionForm | None = None) -> dict:
    member = member_for_user(request.user)
    tournament = row.table.stage.tournament
    can_direct = (access.can_direct(member) and (row.live or services.is_open_void(row))
                  and tournament.status == Tournament.Status.RUNNING)
    if can_direct and form is None:
        form = RoundCorrectionForm(initial={**{f"bid_{s}": None if row.bids is None else row.bids[s] for s in range(4)},
                                            **{f"taken_{s}": row.taken[s] for s in range(4)}})
    versions = list(Round.objects.filter(table_id=row.table_id, number=row.number).select_related("recorded_by")
                    .order_by("-version"))
    return {"round": row, "table": row.table, "tournament": tournament, "play": selectors.round_play(row),
            "seat_rows": [{"label": label, "bid": None if row.bids is None else row.bids[s], "taken": row.taken[s],
                           "score": row.scores[s]} for s, label in enumerate(selectors.SEAT_LABELS)],
            "problems": [problem_words(p) for p in row.problems],
            "versions": versions, "can_direct": can_direct, "correct_form": form if can_direct else None}


def _round_or_404(pk: int) -> Round:
    return get_object_or_404(Round.objects.select_related("table__stage__tournament", "recorded_by"), pk=pk)


def round_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "tournaments/round_detail.html", _round_context(request, _round_or_404(pk)))


def _director_or_403(request: HttpRequest):
    member = member_for_user(request.user)
    try:
        return access.check_director(member, _("Only a tournament director (a croupier or an admin) corrects or "
                                               "voids a recorded round."))
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from exc


@login_required
@require_POST
def round_correct(request: HttpRequest, pk: int) -> HttpResponse:
    """A tournament director corrects a recorded round: a new version; the standings follow."""
    member = _director_or_403(request)
    row = _round_or_404(pk)
    form = RoundCorrectionForm(request.POST)
    if form.is_valid():
        try:
            new = services.round_correct(actor=member, row=row, **form.values())
        except ApplicationError as exc:
            field = exc.extra.get("field") if isinstance(exc.extra, dict) else None
            field = {"bids": "bid_0", "taken": "taken_0"}.get(field, field)
            field = field.replace("bids_", "bid_") if field else field
            form.add_error(field if field in form.fields else None, exc.message)
        else:
            messages.success(request, _("Round %(n)s is corrected: version %(version)s counts now, version %(old)s "
                                        "stays in the history. The standings are being scored again.")
                             % {"n": new.number, "version": new.version, "old": row.version})
            return redirect("tournaments:round", pk=new.pk)
    return render(request, "tournaments/round_detail.html", _round_context(request, row, form), status=400)


@login_required
@require_POST
def round_void(request: HttpRequest, pk: int) -> HttpResponse:
    member = _director_or_403(request)
    row = _round_or_404(pk)
    try:
        void = services.round_void(actor=member, row=row, reason=request.POST.get("reason", ""))
    except ApplicationError as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:round", pk=row.pk)
    messages.success(request, _("Round %(n)s is voided: it counts for nothing; its versions stay in the history. "
                                "The standings are being scored again.") % {"n": void.number})
    return redirect("tournaments:round", pk=void.pk)


# --- reports and ratings ---------------------------------------------------------------------------

def report(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament_or_404(slug)
    made = Report.objects.filter(tournament=tournament).only("generated_at").first()
    return render(request, "tournaments/report.html", {
        "tournament": tournament, "view": selectors.standings(tournament), "report": made})


def report_csv(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament_or_404(slug)
    made = Report.objects.filter(tournament=tournament).first()
    if made is None:
        raise Http404(_("The report has not been made yet."))
    response = HttpResponse(made.csv, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.csv"'
    return response


def ratings(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/ratings.html", {"ratings": selectors.ratings_leaderboard()})


def member_rating(request: HttpRequest, member_id: int) -> HttpResponse:
    member = get_object_or_404(Member, pk=member_id)
    return render(request, "tournaments/member_rating.html",
                  {"member": member, "rating_chart": selectors.rating_chart(member=member)})


# --- standings and score sheets as files -----------------------------------------------------------

@require_GET
def standings_export(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings as their page shows them, as a file (``?format=csv|xlsx``); public as the page is."""
    tournament = _tournament_or_404(slug)
    view = selectors.standings(tournament)
    headers = [pgettext("standings", "Rank"), _("Player"), _("Points"), *[str(m.name) for m in view.columns], _("Rounds"),
               _("Bye points"), _("Withdrawn")]
    rows = [[s.rank, s.entry.member.display_name, s.points, *s.metric_values, s.rounds, s.metrics.get("bye_points", 0),
             _("yes") if s.entry.withdrawn else ""] for s in view.rows]
    return exports.response(headers, rows, name=f"{tournament.name} {_('Standings')}",
                            fmt=exports.requested_format(request))


@require_GET
def sheet_export(request: HttpRequest, pk: int) -> HttpResponse:
    """A table's score sheet as a file: each round's cards, kind and dealer, then each seat's bid,
    tricks, score and running total; rounds not yet played are blank. Public as the sheet is."""
    table = _sheet_or_404(pk)
    sheet = selectors.score_sheet(table)
    names = [seat.entry.member.display_name for seat in sheet["seats"]]
    headers = [_("Round"), _("Cards each"), _("Kind"), _("Dealer")]
    for name in names:
        headers += [_("%(name)s: bid") % {"name": name}, _("%(name)s: tricks") % {"name": name},
                    _("%(name)s: score") % {"name": name}, _("%(name)s: total") % {"name": name}]
    rows = []
    for row in sheet["rows"]:
        line = [row.number, row.cards_each, str(row.kind_name), names[row.dealer] if row.dealer < len(names) else ""]
        for cell in row.cells[:len(names)]:
            line += [cell.get("bid"), cell.get("taken"), cell.get("score"), cell.get("total")]
        rows.append(line)
    tournament = table.stage.tournament
    name = _("%(tournament)s stage %(stage)s table %(table)s") % {
        "tournament": tournament.name, "stage": table.stage.number, "table": table.number}
    return exports.response(headers, rows, name=name, fmt=exports.requested_format(request))


def _printable(slug: str) -> tuple[Tournament, object, list[Table]]:
    try:
        tournament = selectors.tournament_by_slug(slug)
    except Tournament.DoesNotExist:
        raise Http404(_("No such tournament."))
    stage, tables = selectors.current_stage_tables(tournament)
    return tournament, stage, tables


def print_sheets(request: HttpRequest, slug: str) -> HttpResponse:
    """Every table's score sheet of the current stage, one to a sheet of paper."""
    tournament, stage, tables = _printable(slug)
    sheets = [selectors.score_sheet(table) for table in tables]
    return render(request, "tournaments/print_sheets.html",
                  {"tournament": tournament, "stage": stage, "sheets": sheets})


def table_cards(request: HttpRequest, slug: str) -> HttpResponse:
    """A card for each table of the current stage, its seats and players, to stand on the table."""
    tournament, stage, tables = _printable(slug)
    cards = [{"table": table, "dealer": selectors.score_sheet(table)["rows"][0].dealer,
              "seats": [{"label": seat_name(s.position), "member": s.entry.member,
                         "position": s.position} for s in table.seats.all()]}
             for table in tables]
    return render(request, "tournaments/table_cards.html",
                  {"tournament": tournament, "stage": stage, "cards": cards})
