"""A member's own data as one zip: ``data.json`` with everything, and one CSV per table.

What is in it: his profile and account, his answers to sessions and his check-ins, his seats, the
results of the deals he played, his chip statement (the one of /games/statement/), his claims and
bets, the tournaments he entered, the disputes he raised and the precedents he ruled. Other members
appear by their display name only (a winner, a croupier who ruled): never their email, balance
or anything else of theirs. Secrets that open something (the calendar address, API token keys)
are left out: a leaked archive must not open his account or feed.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from . import exports
from .models import RSVP, CheckIn, Member, SeatAssignment


@dataclass(frozen=True)
class Table:
    """One table of the archive: its file name, its columns (key, heading) and its rows."""

    name: str
    columns: tuple[tuple[str, str], ...]
    rows: list[dict[str, Any]]


def _when(value: dt.datetime | None) -> str | None:
    if value is None:
        return None
    return timezone.localtime(value).isoformat(timespec="seconds") if timezone.is_aware(value) else value.isoformat()


def _profile(member: Member) -> dict[str, Any]:
    from .accounts import two_factor_on

    user = member.user
    return {
        "display_name": member.display_name,
        "email": user.email,
        "username": user.get_username(),
        "dimension": member.dimension.name,
        "sex": member.get_sex_display(),
        "beard": member.beard,
        "role": member.get_role_display(),
        "joined": member.joined.isoformat(),
        "active": member.active,
        "checkin_code": member.checkin_code,
        "language_of_mails": member.get_language_display() if member.language else "",
        "mails": {"session_day": member.mail_session_day, "session_soon": member.mail_session_soon,
                  "waitlist_place": member.mail_waitlist_place},
        "two_factor_sign_in": two_factor_on(user),
        "api_tokens": [{"id": token.key[:8], "issued": _when(token.created)} for token in Token.objects.filter(user=user)],
        "last_login": _when(user.last_login),
        "date_joined": _when(user.date_joined),
    }


def _sessions(member: Member) -> list[Table]:
    checkins = {c.session_id: c.at for c in CheckIn.objects.filter(member=member)}
    rsvps = RSVP.objects.filter(member=member).select_related("session").order_by("session__starts_at")
    answered = [{"session": r.session.title, "starts_at": _when(r.session.starts_at), "answer": r.get_answer_display(),
                 "answered_at": _when(r.requested_at), "checked_in_at": _when(checkins.pop(r.session_id, None))}
                for r in rsvps]
    # A check-in without an answer still says he came.
    if checkins:
        from .models import ScheduledSession

        for session in ScheduledSession.objects.filter(pk__in=checkins).order_by("starts_at"):
            answered.append({"session": session.title, "starts_at": _when(session.starts_at), "answer": "",
                             "answered_at": None, "checked_in_at": _when(checkins[session.pk])})
    seats = [{"session": s.session.title, "starts_at": _when(s.session.starts_at), "seat": s.get_seat_display()}
             for s in SeatAssignment.objects.filter(member=member).select_related("session")
             .order_by("session__starts_at")]
    return [
        Table("sessions", (("session", _("Session")), ("starts_at", _("Starts at")), ("answer", _("Answer")),
                           ("answered_at", _("Answered at")), ("checked_in_at", _("Checked in at"))), answered),
        Table("seats", (("session", _("Session")), ("starts_at", _("Starts at")), ("seat", _("Seat"))), seats),
    ]


def _play(member: Member, site: str) -> list[Table]:
    from games.models import Bet, Claim, Result
    from games.selectors import plays_in, statement
    from games.tournaments.models import Entry

    results = (Result.objects.filter(plays_in(member, "deal__game"), status=Result.Status.CONFIRMED)
               .select_related("deal__game").prefetch_related("winners").order_by("confirmed_at", "pk"))
    result_rows = [{"confirmed_at": _when(r.confirmed_at), "game": str(r.deal.game), "deal": r.deal.number,
                    "version": r.version, "winners": ", ".join(w.display_name for w in r.winners.all()),
                    "my_chips": (r.chips or {}).get(str(member.pk), 0), "pot": r.pot,
                    "link": site + r.deal.get_absolute_url()} for r in results]
    chips = [{"date": _when(row["entry"].created_at), "what": row["label"], "kind": row["entry"].get_kind_display(),
              "chips": row["entry"].amount, "balance": row["balance"], "link": site + row["url"]}
             for row in statement(member=member)]
    claims = [{"made_at": _when(c.created_at), "game": str(c.deal.game), "deal": c.deal.number, "rule": c.rule,
               "card": c.card, "suit": c.suit} for c in
              Claim.objects.filter(member=member).select_related("deal__game").order_by("created_at", "pk")]
    bets = [{"made_at": _when(b.created_at), "game": str(b.deal.game), "deal": b.deal.number,
             "kind": b.get_kind_display(), "amount": b.amount} for b in
            Bet.objects.filter(member=member).select_related("deal__game").order_by("created_at", "pk")]
    entries = [{"tournament": e.tournament.name, "status": e.tournament.get_status_display()} for e in
               Entry.objects.filter(member=member).select_related("tournament").order_by("tournament__pk")]
    return [
        Table("results", (("confirmed_at", _("Confirmed at")), ("game", _("Game")), ("deal", _("Deal")),
                          ("version", _("Version")), ("winners", _("Winners")), ("my_chips", _("My chips")),
                          ("pot", _("Pot")), ("link", _("Link"))), result_rows),
        Table("chip-statement", (("date", _("Date")), ("what", _("What")), ("kind", _("Kind")), ("chips", _("Chips")),
                                 ("balance", _("Balance")), ("link", _("Link"))), chips),
        Table("claims", (("made_at", _("Made at")), ("game", _("Game")), ("deal", _("Deal")), ("rule", _("Rule")),
                         ("card", _("Card")), ("suit", _("Suit"))), claims),
        Table("bets", (("made_at", _("Made at")), ("game", _("Game")), ("deal", _("Deal")), ("kind", _("Kind")),
                       ("amount", _("Chips"))), bets),
        Table("tournaments", (("tournament", _("Tournament")), ("status", _("Status"))), entries),
    ]


def _rulings(member: Member, site: str) -> list[Table]:
    from rules.models import Dispute, Precedent

    disputes = [{"raised_at": _when(d.raised_at), "deal": d.deal_ref, "question": d.question,
                 "status": d.get_status_display(), "ruling": d.ruling,
                 "ruled_by": d.ruled_by.display_name if d.ruled_by else "", "ruled_at": _when(d.ruled_at)}
                for d in Dispute.objects.filter(raised_by=member).select_related("ruled_by").order_by("raised_at")]
    precedents = [{"id": p.permanent_id, "title": p.title, "status": p.get_status_display(),
                   "ruled_on": p.ruled_on.isoformat(), "in_force_from": p.effective_from.isoformat(),
                   "link": site + reverse("rules:precedent_detail", args=[p.permanent_id])}
                  for p in Precedent.objects.filter(ruled_by=member).order_by("ruled_on", "permanent_id")]
    return [
        Table("disputes", (("raised_at", _("Raised at")), ("deal", _("Deal")), ("question", _("Question")),
                           ("status", _("Status")), ("ruling", _("Ruling")), ("ruled_by", _("Ruled by")),
                           ("ruled_at", _("Ruled at"))), disputes),
        Table("precedents", (("id", _("Precedent")), ("title", _("Title")), ("status", _("Status")),
                             ("ruled_on", _("Ruled on")), ("in_force_from", _("In force from")), ("link", _("Link"))),
              precedents),
    ]


def member_data_tables(*, member: Member, site: str = "") -> tuple[dict[str, Any], list[Table]]:
    """The member's profile and his tables, as the archive holds them."""
    site = site.rstrip("/")
    return _profile(member), [*_sessions(member), *_play(member, site), *_rulings(member, site)]


def member_data_zip(*, member: Member, site: str = "") -> bytes:
    """The archive: ``data.json`` (the profile and every table), ``profile.json`` and one CSV per table."""
    profile, tables = member_data_tables(member=member, site=site)
    everything = {"exported_at": _when(timezone.now()), "profile": profile,
                  **{table.name: table.rows for table in tables}}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("data.json", json.dumps(everything, ensure_ascii=False, indent=2))
        archive.writestr("profile.json", json.dumps(profile, ensure_ascii=False, indent=2))
        for table in tables:
            data = exports.dataset([heading for _key, heading in table.columns],
                                   ([row[key] for key, _heading in table.columns] for row in table.rows), fmt="csv")
            archive.writestr(f"{table.name}.csv", data.export("csv"))
    return buffer.getvalue()
