"""Server-rendered pages of the club: thin views over services and selectors."""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from . import access, accounts, calendar, reminders, selectors, services
from . import audit as history
from . import member_import as importer
from .accounts import INVITATION_SESSION_KEY
from .anonymise import member_anonymise as anonymise
from .errors import ECHO_LIMIT, ApplicationError, Forbidden, TooManyAttempts
from .forms import (
    AuditFilterForm,
    InvitationForm,
    MailPreferencesForm,
    MemberImportForm,
    ProfileForm,
    SeatForm,
    SessionForm,
)
from .member_data import member_data_zip
from .models import RSVP, Dimension, Invitation, MailSent, Member, ScheduledSession, Venue
from .qr import checkin_qr_svg
from .readiness import readiness
from .seats import Seat


def health(request: HttpRequest) -> JsonResponse:
    """Liveness: the process answers. What it depends on is /ready/."""
    return JsonResponse({"status": "ok"})


def ready(request: HttpRequest) -> JsonResponse:
    """Readiness: the database, the cache, the broker and a worker, each with its age; 503 when
    one of them fails."""
    ok, checks = readiness()
    return JsonResponse({"status": "ok" if ok else "unavailable", "checks": checks}, status=200 if ok else 503)


def _member_or_404(request) -> Member:
    member = selectors.member_for_user(request.user)
    if member is None:
        raise Http404(_("This account is not a club member."))
    return member


def dashboard(request: HttpRequest) -> HttpResponse:
    member = selectors.member_for_user(request.user)
    now = timezone.now()
    context = {"upcoming": selectors.upcoming_ten(now), "member": member}
    # Croupiers and admins are asked to turn two-factor sign-in on until they do.
    context["two_factor_nudge"] = accounts.is_staff_member(request.user) and not accounts.two_factor_on(request.user)
    if member is not None:
        context["my_rsvps"] = selectors.upcoming_rsvps(member.pk, now)
    return render(request, "club/dashboard.html", context)


@login_required
def member_list(request: HttpRequest) -> HttpResponse:
    return render(request, "club/member_list.html", {"members": selectors.members_page()})


@login_required
def member_detail(request: HttpRequest, pk: int) -> HttpResponse:
    member = get_object_or_404(selectors.members_list(), pk=pk)
    seats = member.seat_assignments.select_related("session__venue").order_by("-session__starts_at")[:20]
    return render(request, "club/member_detail.html", {
        "member": member, "seats": seats, **selectors.member_page_parts(member=member)})


def dimension_list(request: HttpRequest) -> HttpResponse:
    return render(request, "club/dimension_list.html", {"dimensions": Dimension.objects.all()})


def dimension_detail(request: HttpRequest, slug: str) -> HttpResponse:
    dimension = get_object_or_404(Dimension, slug=slug)
    members = dimension.members.filter(active=True).order_by("display_name")
    # Who belongs to the club is for members to see, as on the members page.
    if selectors.member_for_user(request.user) is None:
        return render(request, "club/dimension_detail.html", {
            "dimension": dimension, "members": [], "member_count": members.count(), "names_hidden": True})
    return render(request, "club/dimension_detail.html", {"dimension": dimension, "members": members})


def venue_detail(request: HttpRequest, slug: str) -> HttpResponse:
    venue = get_object_or_404(Venue, slug=slug)
    sessions = selectors.sessions_upcoming().filter(venue=venue)[:10]
    return render(request, "club/venue_detail.html", {"venue": venue, "sessions": sessions})


def session_list(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    feed_url = request.build_absolute_uri(reverse("club:calendar_public"))
    return render(request, "club/session_list.html", {
        "upcoming": selectors.upcoming_all(now), "past": selectors.past_thirty(now),
        "feed_url": feed_url, "feed_webcal": _webcal(feed_url)})


def session_detail(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        session = selectors.session_detail(pk=pk)
    except ScheduledSession.DoesNotExist:
        raise Http404(_("No such session."))
    member = selectors.member_for_user(request.user)
    rsvps = list(session.rsvps.all())
    mine = next((r for r in rsvps if member and r.member_id == member.pk), None)
    context = {
        "session": session, "member": member, "my_rsvp": mine,
        # Who answered is for members' eyes; others see how many.
        "names_hidden": member is None,
        "going": [r for r in rsvps if r.answer == RSVP.Answer.GOING],
        "waitlist": [r for r in rsvps if r.answer == RSVP.Answer.WAITLISTED],
        "maybe": [r for r in rsvps if r.answer == RSVP.Answer.MAYBE],
        "chart": selectors.seating_chart(session),
        "answers": [RSVP.Answer.GOING, RSVP.Answer.MAYBE, RSVP.Answer.DECLINED],
        # Each move the session may make, its words, and whether it cancels it (asked once more).
        "transitions": [(t, ScheduledSession.Status(t).label, t == ScheduledSession.Status.CANCELLED)
                        for t in ScheduledSession.TRANSITIONS.get(session.status, ())],
        "seat_form": SeatForm(session=session) if member and member.is_croupier else None,
        "games": list(session.games.all()),
        "tournament": session.tournaments.order_by("pk").first(),
    }
    if member is not None and member.is_croupier:
        context.update(selectors.attendance(session), show_attendance=True)
    return render(request, "club/session_detail.html", context)


def _redirect_with_error(request, error: ApplicationError, to):
    """A refusal goes back to the page with its reason; an action the member may not take at all
    is a 403."""
    if isinstance(error, Forbidden):
        raise PermissionDenied(error.message)
    messages.error(request, error.message)
    return redirect(to)


@login_required
@require_POST
def session_rsvp(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_object_or_404(ScheduledSession, pk=pk)
    member = _member_or_404(request)
    try:
        rsvp = services.rsvp_set(session=session, member=member, actor=member, answer=request.POST.get("answer", ""))
    except ApplicationError as error:
        return _redirect_with_error(request, error, session)
    messages.success(request, _RSVP_SAID[rsvp.answer]() % {"session": session.title})
    return redirect(session)


# What the member is told after answering, by the answer the service stored.
_RSVP_SAID = {
    RSVP.Answer.GOING: lambda: _("You are coming to %(session)s: your place is kept."),
    RSVP.Answer.WAITLISTED: lambda: _("%(session)s is full: you are on the waitlist and move up when a place frees."),
    RSVP.Answer.MAYBE: lambda: _("Your answer to %(session)s is maybe: no place is kept for you."),
    RSVP.Answer.DECLINED: lambda: _("You are not coming to %(session)s: your place is freed."),
}


@login_required
@require_POST
def session_transition(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_object_or_404(ScheduledSession, pk=pk)
    try:
        session = services.session_transition(session=session, actor=_member_or_404(request),
                                              to=request.POST.get("to", ""))
    except ApplicationError as error:
        return _redirect_with_error(request, error, session)
    messages.success(request, _("The session is now: %(status)s.") % {"status": session.get_status_display()})
    return redirect(session)


@login_required
@require_POST
def session_seating(request: HttpRequest, pk: int) -> HttpResponse:
    """Apply the proposed seating (a new seed draws a new one), or put one member in one seat."""
    session = get_object_or_404(ScheduledSession, pk=pk)
    actor = _member_or_404(request)
    try:
        if request.POST.get("member"):
            form = SeatForm(request.POST, session=session)
            if not form.is_valid():
                messages.error(request, _seat_form_refusal(form))
                return redirect(session)
            seat = form.cleaned_data["seat"]
            services.seat_assign(session=session, actor=actor, member=form.cleaned_data["member"], seat=seat)
            messages.success(request, _("%(name)s sits at %(seat)s.") % {
                "name": form.cleaned_data["member"].display_name, "seat": Seat(seat).label})
        else:
            rows = services.seating_apply_proposal(session=session, actor=actor,
                                                   seed=request.POST.get("seed") or None)
            messages.success(request, _("The seating is drawn: %(seats)s.") % {"seats": ", ".join(
                f"{Seat(row.seat).label} {row.member.display_name}" for row in rows)})
    except ApplicationError as error:
        return _redirect_with_error(request, error, session)
    return redirect(session)


@login_required
def session_checkin(request: HttpRequest, pk: int) -> HttpResponse:
    """The door: a croupier checks members in by their short code, typed or scanned from the QR
    code on their profile, and sees who came against who said they would."""
    actor = _member_or_404(request)
    try:
        access.check_checkin(actor)
    except Forbidden as error:
        raise PermissionDenied(error.message)
    session = get_object_or_404(selectors.sessions_with_counts().prefetch_related("rsvps__member"), pk=pk)
    error, typed = None, ""
    if request.method == "POST":
        typed = str(request.POST.get("code", ""))[:ECHO_LIMIT]
        try:
            checkin, created = services.checkin_record(session=session, actor=actor, code=request.POST.get("code", ""))
        except Forbidden as refusal:
            raise PermissionDenied(refusal.message)
        except ApplicationError as refusal:
            error = refusal.message
        else:
            name = checkin.member.display_name
            if created:
                messages.success(request, _("%(name)s is checked in.") % {"name": name})
            else:
                messages.info(request, _("%(name)s is already checked in (at %(time)s).") % {
                    "name": name, "time": date_format(timezone.localtime(checkin.at, session.venue.tz), "TIME_FORMAT")})
            return redirect("club:session_checkin", pk=session.pk)
    return render(request, "club/session_checkin.html", {
        "session": session, "member": actor, "error": error, "typed": typed,
        "open": session.status not in (ScheduledSession.Status.CANCELLED, ScheduledSession.Status.CLOSED),
        **selectors.attendance(session)}, status=400 if error else 200)


def _seat_form_refusal(form: SeatForm) -> str:
    """The seating form's refusal as a sentence naming the member and the seat asked for."""
    seat = str(form.data.get("seat", ""))[:40]
    if "member" in form.errors:
        chosen = str(form.data.get("member", ""))
        found = Member.objects.filter(pk=int(chosen)).first() if chosen.isdigit() else None
        if found is None:
            return _("Choose the member to seat among those coming to this session.")
        return _("%(name)s is not coming to this session: only the members coming can be seated.") % {
            "name": found.display_name}
    return _("There is no seat %(value)s at the table: choose one of the eight compass seats.") % {
        "value": seat or _("(none chosen)")}


def _too_many_attempts(request: HttpRequest, error: TooManyAttempts) -> HttpResponse:
    return render(request, "club/too_many_attempts.html", {"message": error.message}, status=error.status_code)


def invitation_open(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation link is a way in: a wrong token counts as a failed sign-in from the address,
    and a locked address or invited account cannot open one."""
    # A NUL byte names no invitation (and PostgreSQL cannot compare it).
    invitation = None if "\x00" in token else services.invitation_pending(token=token[:64])
    try:
        if invitation is None:
            accounts.count_failure(request, login=f"invitation:{token[:64]}")
            raise Http404(_("This invitation is not valid any more."))
        accounts.check_not_locked(request, login=invitation.email)
    except TooManyAttempts as error:
        return _too_many_attempts(request, error)
    request.session[INVITATION_SESSION_KEY] = token
    return redirect("account_signup")


def _form_error(form, error: ApplicationError) -> None:
    field = error.extra.get("field")
    form.add_error(field if field in form.fields else None, error.message)


@login_required
def invitation_create(request: HttpRequest) -> HttpResponse:
    actor = _member_or_404(request)
    if not actor.is_admin:
        raise PermissionDenied
    form = InvitationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            invitation = services.invitation_create(actor=actor, site_url=request.build_absolute_uri("/"),
                                                    **form.cleaned_data)
        except ApplicationError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Invitation sent to %(email)s.") % {"email": invitation.email})
            return redirect("club:invitation_create")
    pending = Invitation.objects.filter(accepted_at__isnull=True).select_related("dimension")[:50]
    return render(request, "club/invitation_form.html", {"form": form, "pending": pending})


@login_required
def profile_edit(request: HttpRequest) -> HttpResponse:
    member = _member_or_404(request)
    if request.method == "POST" and "revoke_token" in request.POST:
        try:
            accounts.token_revoke(user=request.user, token_id=request.POST["revoke_token"])
        except ApplicationError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("The API token is revoked: programs using it are signed out."))
        return redirect(reverse("club:profile_edit") + "#api-tokens")
    issued = None
    if request.method == "POST" and "new_token" in request.POST:
        try:
            issued = accounts.token_issue(user=request.user, name=request.POST.get("name", ""))
        except ApplicationError as error:
            messages.error(request, error.message)
            return redirect(reverse("club:profile_edit") + "#api-tokens")
    form = ProfileForm(request.POST if request.method == "POST" and issued is None else None,
                       instance=Member.objects.get(pk=member.pk))
    if request.method == "POST" and form.is_valid():
        changes = {f: form.cleaned_data[f] for f in form.changed_data}
        try:
            services.member_update(member=member, actor=member, **changes)
        except ApplicationError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Profile saved."))
            return redirect(member)
    response = render(request, "club/profile_form.html", {
        "form": form, "tokens": accounts.tokens_of(user=request.user), **_calendar_context(request, member),
        "new_token": issued, "two_factor_on": accounts.two_factor_on(request.user),
        "checkin_code": member.checkin_code, "checkin_qr": checkin_qr_svg(member.checkin_code)})
    if issued is not None:
        # The key is in this answer only, and no cache may keep it.
        response["Cache-Control"] = "no-store"
    return response


# --- calendar feeds and reminder mails ------------------------------------------------------------------

def _calendar_context(request: HttpRequest, member: Member, mail_form: MailPreferencesForm | None = None) -> dict:
    member = Member.objects.get(pk=member.pk)
    feed_url = request.build_absolute_uri(reverse("club:calendar_member", args=[member.calendar_token]))
    return {"feed_url": feed_url, "feed_webcal": _webcal(feed_url),
            "mail_form": mail_form or MailPreferencesForm(instance=member)}


def _webcal(url: str) -> str:
    """The same address for calendar programs: a webcal link opens the subscription."""
    return "webcal://" + url.split("://", 1)[1]


def _ics(body: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=calendar.CONTENT_TYPE)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["Cache-Control"] = "private, max-age=300"
    return response


def calendar_public(request: HttpRequest) -> HttpResponse:
    """The club's sessions, as anyone sees them on the sessions page."""
    body = calendar.feed(name=_("%(club)s: sessions") % {"club": settings.CLUB_NAME},
                         sessions=selectors.sessions_for_public_feed(), site_url=request.build_absolute_uri("/"))
    return _ics(body, "sessions.ics")


def calendar_member(request: HttpRequest, token: str) -> HttpResponse:
    """A member's own feed, behind the secret in its address (no login: calendar programs have none)."""
    member = selectors.member_by_calendar_token(token=token)
    if member is None:
        raise Http404(_("No calendar at this address. Copy the current address from your profile."))
    with translation.override(reminders.member_language(member)):
        body = calendar.feed(name=_("%(club)s: my games") % {"club": settings.CLUB_NAME},
                             sessions=selectors.sessions_for_member_feed(member=member),
                             tournaments=selectors.tournaments_for_member_feed(member=member),
                             site_url=request.build_absolute_uri("/"))
    return _ics(body, "my-games.ics")


@login_required
@require_POST
def calendar_reset(request: HttpRequest) -> HttpResponse:
    member = _member_or_404(request)
    try:
        services.member_calendar_reset(member=member, actor=member)
    except ApplicationError as error:
        return _redirect_with_error(request, error, "club:profile_edit")
    messages.success(request, _("Your calendar has a new address: subscribe again with it; the old one "
                                "no longer works."))
    return redirect(reverse("club:profile_edit") + "#calendar")


@login_required
@require_POST
def mail_preferences(request: HttpRequest) -> HttpResponse:
    member = _member_or_404(request)
    form = MailPreferencesForm(request.POST, instance=Member.objects.get(pk=member.pk))
    if form.is_valid():
        try:
            services.member_mail_preferences_set(member=member, actor=member, **form.cleaned_data)
        except ApplicationError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Your mail preferences are saved."))
            return redirect(reverse("club:profile_edit") + "#mails")
    return render(request, "club/profile_form.html", {
        "form": ProfileForm(instance=Member.objects.get(pk=member.pk)),
        "tokens": accounts.tokens_of(user=request.user), **_calendar_context(request, member, form)})


def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """The link at the foot of every reminder: GET asks, POST turns that kind of mail off. The
    signed token is the only key; no login."""
    try:
        kind, target = access.check_unsubscribe(token)
    except ApplicationError as error:
        raise Http404(error.message)
    kind_label = MailSent.Kind(kind).label
    done = False
    if request.method == "POST":
        if kind == MailSent.Kind.INVITATION_EXPIRY:
            services.invitation_reminders_off(invitation=target)
        else:
            services.member_mail_preferences_set(member=target, actor=None, **{reminders.PREFERENCE[kind]: False})
        done = True
    return render(request, "club/unsubscribe.html", {
        "kind_label": kind_label, "done": done, "is_member": kind != MailSent.Kind.INVITATION_EXPIRY})


@login_required
def session_create(request: HttpRequest) -> HttpResponse:
    actor = _member_or_404(request)
    if not actor.is_croupier:
        raise PermissionDenied
    form = SessionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            session = services.session_create(actor=actor, **form.cleaned_data)
        except ApplicationError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("%(title)s is scheduled as a %(kind)s. Open it for RSVPs when the members may answer.")
                             % {"title": session.title, "kind": session.get_kind_display().lower()})
            return redirect(session)
    return render(request, "club/session_form.html", {"form": form})


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever the page says; the icon is the static SVG (its
    hashed name is known only once the static files are collected, hence at request time)."""
    return redirect(static("favicon.svg"), permanent=True)


# --- members imported from a CSV file ------------------------------------------------------------

IMPORT_SALT = "club.member_import"
IMPORT_PREVIEW_AGE = 3600


def _admin_or_403(request) -> Member:
    actor = _member_or_404(request)
    try:
        return access.check_admin(actor)
    except Forbidden as exc:
        raise PermissionDenied(exc.message)


@login_required
def member_import(request: HttpRequest) -> HttpResponse:
    """Upload a CSV, read the preview (every bad row named), confirm: the invitations are made
    in one transaction. The confirmed file travels signed in the preview's form, not stored."""
    actor = _admin_or_403(request)
    form = MemberImportForm()
    context = {"max_rows": importer.MAX_ROWS, "max_kb": importer.MAX_BYTES // 1024,
               "roles": Member.Role.choices, "languages": settings.LANGUAGES}
    plan = data = None
    if request.method == "POST" and "payload" in request.POST:
        try:
            text = signing.loads(request.POST["payload"], salt=IMPORT_SALT, max_age=IMPORT_PREVIEW_AGE)
        except signing.BadSignature:
            messages.error(request, _("This preview is too old or was changed; upload the file again."))
            return redirect("club:member_import")
        data = str(text).encode()
        try:
            _plan, invitations = importer.members_import(actor=actor, data=data,
                                                         site_url=request.build_absolute_uri("/"))
        except ApplicationError as error:
            messages.error(request, error.message)
            plan = importer.plan(data=data)
        else:
            messages.success(request, ngettext("%(count)s invitation sent.", "%(count)s invitations sent.",
                                               len(invitations)) % {"count": len(invitations)})
            return redirect("club:invitation_create")
    elif request.method == "POST":
        form = MemberImportForm(request.POST, request.FILES)
        if form.is_valid():
            data = form.cleaned_data["file"].read(importer.MAX_BYTES + 1)
            plan = importer.plan(data=data)
    if plan is not None:
        context["plan"] = plan
        context["errors"] = [importer.error_message(error) for error in plan.errors]
        if plan.ok:
            context["payload"] = signing.dumps(data.decode("utf-8-sig"), salt=IMPORT_SALT, compress=True)
    context["form"] = form
    return render(request, "club/member_import.html", context)


# --- a member's own data, and anonymising a member who left -------------------------------------

@login_required
@require_GET
def member_data(request: HttpRequest) -> HttpResponse:
    """The reader's own data as a zip of JSON and CSV files; nobody else's, whoever asks."""
    member = _member_or_404(request)
    try:
        access.check_own_data(member, member)
    except Forbidden as exc:
        raise PermissionDenied(exc.message)
    body = member_data_zip(member=member, site=request.build_absolute_uri("/"))
    answer = HttpResponse(body, content_type="application/zip")
    answer["Content-Disposition"] = f'attachment; filename="my-data-{timezone.localdate().isoformat()}.zip"'
    return answer


@login_required
def member_anonymise(request: HttpRequest, pk: int) -> HttpResponse:
    """An admin's page for a member who left: what anonymising keeps and removes, then a confirm."""
    actor = _admin_or_403(request)
    member = get_object_or_404(Member.objects.select_related("user", "dimension"), pk=pk)
    error = ""
    if request.method == "POST":
        if request.POST.get("confirm") != "yes":
            error = _("Tick the box to confirm: anonymising cannot be undone.")
        else:
            try:
                old_name = member.display_name
                anonymise(actor=actor, member=member)
            except ApplicationError as exc:
                error = exc.message
            else:
                messages.success(request, _("%(name)s is anonymised: he is now “%(placeholder)s”.")
                                 % {"name": old_name, "placeholder": member.display_name})
                return redirect(member)
    return render(request, "club/member_anonymise.html", {"subject": member, "error": error},
                  status=400 if error else 200)
# What the service worker keeps from its first start: the look, the scripts and the icons, so a
# page it kept can be drawn without a network.
_PRECACHED = ("vendor/pico.min.css", "css/club.css", "css/deal.css", "vendor/htmx.min.js", "js/confirm.js",
              "js/offline.js", "js/print.js", "css/print.css", "favicon.svg", "icons/icon.svg", "icons/icon-192.png", "icons/icon-512.png")


def _precached() -> tuple[list[str], str]:
    """The static URLs the worker keeps and a version that changes with any of their contents."""
    urls, digest = [], hashlib.sha256(str(settings.CLUB_API_VERSION).encode())
    for name in _PRECACHED:
        urls.append(static(name))
        found = finders.find(name)
        if found:
            with open(found, "rb") as handle:
                digest.update(handle.read())
        digest.update(urls[-1].encode())
    return urls, digest.hexdigest()[:16]


def service_worker(request: HttpRequest) -> HttpResponse:
    """The site's service worker, at the root so its scope covers every page: it keeps the static
    files and the pages a member opened, and draws them from its cache when the phone is offline."""
    urls, version = _precached()
    response = render(request, "club/sw.js", {"precache": json.dumps(urls), "version": version,
                                              "static_prefix": settings.STATIC_URL},
                      content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


def web_manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: the site installs on a phone's home screen as an app of its own."""
    response = JsonResponse({
        "name": f"{settings.CLUB_NAME} · {_('Dragon Poker club')}",
        "short_name": settings.CLUB_NAME,
        "description": _("Record deals at the table, even without a network."),
        "lang": translation.get_language(),
        "start_url": reverse("club:dashboard"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#1f2a44",
        "theme_color": "#1f2a44",
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any maskable"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any maskable"},
            {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response
def _audit_filters(request: HttpRequest, **fixed):
    form = AuditFilterForm(request.GET or None)
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        return form, history.Filters(member=data.get("member"), kind=data.get("kind") or None, since=data.get("since"),
                             until=data.get("until"), **fixed), data.get("size") or 25
    # A filter the form refuses shows its error beside the field, and the page shows nothing
    # rather than rows the admin did not ask for.
    return form, (None if form.is_bound else history.Filters(**fixed)), 25


@login_required
def audit(request: HttpRequest, kind: str | None = None, pk: int | None = None) -> HttpResponse:
    """The club's history for its admins: who changed what and when, the newest first, by who made
    the change, the kind of object and days; or one object's history (with the rows that belong
    to it)."""
    try:
        access.check_audit(selectors.member_for_user(request.user))
    except Forbidden as error:
        raise PermissionDenied(error.message)
    subject = None
    fixed = {}
    if kind is not None:
        if kind not in history.KINDS:
            raise Http404(_("No such kind of object."))
        subject = history.object_title(kind, pk)
        if subject is None:
            raise Http404(_("This object has no history."))
        fixed = {"object_kind": kind, "object_id": pk}
    form, filters, size = _audit_filters(request, **fixed)
    page = rows = None
    if filters is not None:
        page = Paginator(history.history_rows(filters), min(size, history.MAX_PAGE_SIZE)).get_page(
            request.GET.get("page"))
        rows = history.rows_for_page(list(page.object_list))
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "club/audit.html", {
        "form": form, "page": page, "rows": rows, "query": query.urlencode(), "subject": subject,
        "subject_kind": history.kind_name(kind) if kind else None})
