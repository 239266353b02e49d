"""A member's own data as one zip: ``data.json`` with everything, and one CSV per table.

What is in it: his profile and account, his answers to sessions and his check-ins, his seats, the
results of the deals he played, his chip statement (the one of /games/statement/), his claims and
bets, the tournaments he entered, the disputes he raised and the precedents he ruled. Other members
appear by their display name only (a winner, a croupier who ruled): never their email, balance
or anything else of theirs. Secrets that open something (the calendar address, API token keys)
are left out: a leaked archive must not open his account or feed.

The club's own tables are made here; each app above it adds the tables of its rows by
registering a source (:func:`register_tables`) from its ``AppConfig.ready()``, as it does to
anonymise (:mod:`club.erasure`): the club does not import the apps.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from . import exports
from .accounts import two_factor_on
from .models import RSVP, ApiToken, CheckIn, Member, ScheduledSession, SeatAssignment


@dataclass(frozen=True)
class Table:
    """One table of the archive: its file name, its columns (key, heading) and its rows."""

    name: str
    columns: tuple[tuple[str, str], ...]
    rows: list[dict[str, Any]]


# A member and the site's address (for links) -> the tables of his rows an app keeps.
TableSource = Callable[[Member, str], Iterable[Table]]

_SOURCES: list[TableSource] = []


def register_tables(source: TableSource) -> TableSource:
    """Add ``source`` (once) to those every export reads, after those added before it; usable as
    a decorator."""
    if source not in _SOURCES:
        _SOURCES.append(source)
    return source


def when(value: dt.datetime | None) -> str | None:
    """A moment as the archive writes it: in the club's time, to the second."""
    if value is None:
        return None
    return timezone.localtime(value).isoformat(timespec="seconds") if timezone.is_aware(value) else value.isoformat()


def _profile(member: Member) -> dict[str, Any]:
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
        "api_tokens": [{"name": token.name, "issued": when(token.created), "last_used": when(token.last_used),
                        "expires": when(token.expiry)} for token in ApiToken.objects.filter(user=user)],
        "last_login": when(user.last_login),
        "date_joined": when(user.date_joined),
    }


def _sessions(member: Member) -> list[Table]:
    checkins = {c.session_id: c.at for c in CheckIn.objects.filter(member=member)}
    rsvps = RSVP.objects.filter(member=member).select_related("session").order_by("session__starts_at")
    answered = [{"session": r.session.title, "starts_at": when(r.session.starts_at), "answer": r.get_answer_display(),
                 "answered_at": when(r.requested_at), "checked_in_at": when(checkins.pop(r.session_id, None))}
                for r in rsvps]
    # A check-in without an answer still says he came.
    if checkins:
        for session in ScheduledSession.objects.filter(pk__in=checkins).order_by("starts_at"):
            answered.append({"session": session.title, "starts_at": when(session.starts_at), "answer": "",
                             "answered_at": None, "checked_in_at": when(checkins[session.pk])})
    seats = [{"session": s.session.title, "starts_at": when(s.session.starts_at), "seat": s.get_seat_display()}
             for s in SeatAssignment.objects.filter(member=member).select_related("session")
             .order_by("session__starts_at")]
    return [
        Table("sessions", (("session", _("Session")), ("starts_at", _("Starts at")), ("answer", _("Answer")),
                           ("answered_at", _("Answered at")), ("checked_in_at", _("Checked in at"))), answered),
        Table("seats", (("session", _("Session")), ("starts_at", _("Starts at")), ("seat", _("Seat"))), seats),
    ]


def member_data_tables(*, member: Member, site: str = "") -> tuple[dict[str, Any], list[Table]]:
    """The member's profile and his tables, as the archive holds them."""
    site = site.rstrip("/")
    return _profile(member), [*_sessions(member), *(table for source in _SOURCES for table in source(member, site))]


def member_data_zip(*, member: Member, site: str = "") -> bytes:
    """The archive: ``data.json`` (the profile and every table), ``profile.json`` and one CSV per table."""
    profile, tables = member_data_tables(member=member, site=site)
    everything = {"exported_at": when(timezone.now()), "profile": profile,
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
