"""Members imported from a CSV file: every row checked first, then one invitation per row.

The file is a header line and one member a line, comma- or semicolon-separated, UTF-8 with or
without a byte order mark. Columns (the header names them, in any order; Russian names too):

- ``name``: the display name (required, unique in the club);
- ``email``: where the invitation goes (required, not a member's, not invited already);
- ``dimension``: the dimension's short name (slug) or its English or Russian name (required);
- ``role``: ``member`` (when empty), ``croupier`` or ``admin``;
- ``language``: the language of his mails, ``en`` or ``ru`` (empty: the club's).

A ``seat`` column is refused with its reason: the club has no seat of a member's own, seats are
drawn for each session.

Every bad cell is reported with its line and column; nothing is created while any is bad. The
rows are read with Python's ``csv`` module rather than tablib (as the downloads of club.exports
are written) because a report must name the line of the file a row started on, which tablib
does not keep. Invitations are made by :func:`club.services.invitation_create`, so their mails
go out through the outbox after the commit.
"""

from __future__ import annotations

import csv
import io
from dataclasses import asdict, dataclass, field
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models.functions import Lower
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from . import access, services
from .errors import InvalidInput
from .models import Dimension, Invitation, Member

User = get_user_model()

MAX_BYTES = 256 * 1024
MAX_ROWS = 500
NAME_MAX = 80

# Column -> the header names it answers to (lower case), English and Russian.
COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "display name", "display_name", "имя", "название"),
    "email": ("email", "e-mail", "mail", "почта", "эл. почта", "электронная почта"),
    "dimension": ("dimension", "измерение"),
    "role": ("role", "роль"),
    "language": ("language", "язык"),
}
REQUIRED = ("name", "email", "dimension")
# Seats are drawn for each session (club.seats); a file that gives members one is told so.
SEAT_HEADERS = ("seat", "место")
# What a person reads for each column.
COLUMN_LABELS = {
    "name": pgettext_lazy("import column", "name"),
    "email": pgettext_lazy("import column", "email"),
    "dimension": pgettext_lazy("import column", "dimension"),
    "role": pgettext_lazy("import column", "role"),
    "language": pgettext_lazy("import column", "language"),
    "file": pgettext_lazy("import column", "file"),
}


@dataclass(frozen=True)
class RowError:
    line: int  # the file's line the row starts on; 0: the file as a whole
    field: str  # a column of COLUMNS, "file", or the header cell that is wrong
    value: str
    message: str

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class ImportRow:
    line: int
    name: str
    email: str
    dimension: Dimension
    role: str
    language: str

    def as_dict(self) -> dict:
        return {"line": self.line, "name": self.name, "email": self.email, "dimension": self.dimension.slug,
                "role": self.role, "language": self.language}


@dataclass
class ImportPlan:
    rows: list[ImportRow] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and bool(self.rows)


def _cut(value: str) -> str:
    return value if len(value) <= 60 else value[:60] + "…"


def decode(data: bytes) -> str:
    """The file's text: UTF-8, a byte order mark dropped; :class:`InvalidInput` otherwise."""
    if len(data) > MAX_BYTES:
        raise InvalidInput(_("The file is %(size)s KB; the most a file may have is %(limit)s KB.")
                           % {"size": (len(data) + 1023) // 1024, "limit": MAX_BYTES // 1024},
                           extra={"field": "file"})
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidInput(_("The file is not UTF-8 text: save it as “CSV UTF-8” and upload it again."),
                           extra={"field": "file"})
    if "\x00" in text:
        raise InvalidInput(_("The file is not a CSV text file."), extra={"field": "file"})
    return text


def _delimiter(header_line: str) -> str:
    return ";" if header_line.count(";") > header_line.count(",") else ","


def _choices() -> tuple[dict[str, Dimension], dict[str, str], dict[str, str]]:
    """Dimensions, roles and languages by every name a file may give them (lower case)."""
    dimensions: dict[str, Dimension] = {}
    for dimension in Dimension.objects.all():
        for key in (dimension.slug, dimension.name_en, dimension.name_ru):
            dimensions[key.strip().lower()] = dimension
    roles: dict[str, str] = {}
    languages: dict[str, str] = {}
    for lang, _name in settings.LANGUAGES:
        with translation.override(lang):
            for code, label in Member.Role.choices:
                roles[code] = code
                roles[str(label).lower()] = code
            for code, name in settings.LANGUAGES:
                languages[code] = code
                languages[str(name).lower()] = code
    return dimensions, roles, languages


def plan(*, data: bytes) -> ImportPlan:
    """Every row of the file checked against the club as it is now; nothing is written."""
    result = ImportPlan()
    try:
        text = decode(data)
    except InvalidInput as error:
        result.errors.append(RowError(0, "file", "", error.message))
        return result
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        result.errors.append(RowError(1, "file", "", _("The file is empty: its first line must name the columns.")))
        return result
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(lines[0]))
    try:
        header = next(reader)
    except csv.Error as error:
        result.errors.append(RowError(1, "file", "", _("The first line cannot be read: %(reason)s") % {"reason": error}))
        return result
    columns = _header(header, result)
    if result.errors:
        return result

    raw: list[tuple[int, dict[str, str]]] = []
    last = reader.line_num
    try:
        for cells in reader:
            line, last = last + 1, reader.line_num
            if not any(cell.strip() for cell in cells):
                continue
            if len(raw) >= MAX_ROWS:
                result.errors.append(RowError(line, "file", "", _(
                    "The file has more than %(limit)s members; import at most %(limit)s at a time.")
                    % {"limit": MAX_ROWS}))
                return result
            if len(cells) > len(header) and any(cell.strip() for cell in cells[len(header):]):
                result.errors.append(RowError(line, "file", _cut(";".join(cells[len(header):])), _(
                    "This line has %(cells)s cells but the first line names %(columns)s columns.")
                    % {"cells": len(cells), "columns": len(header)}))
                continue
            raw.append((line, {name: (cells[i].strip() if i < len(cells) else "") for name, i in columns.items()}))
    except csv.Error as error:
        result.errors.append(RowError(last + 1, "file", "", _("This line cannot be read: %(reason)s") % {"reason": error}))
        return result
    if not raw and not result.errors:
        result.errors.append(RowError(2, "file", "", _("The file names its columns but has no member under them.")))
        return result
    _check_rows(raw, result)
    return result


def _header(header: list[str], result: ImportPlan) -> dict[str, int]:
    aliases = {alias: column for column, names in COLUMNS.items() for alias in names}
    columns: dict[str, int] = {}
    for index, cell in enumerate(header):
        name = cell.strip().lower()
        if not name:
            continue
        column = aliases.get(name)
        if name in SEAT_HEADERS:
            result.errors.append(RowError(1, "file", _cut(cell.strip()), _(
                "A member has no seat of his own: seats are drawn for each session. Remove the column “%(column)s”.")
                % {"column": _cut(cell.strip())}))
        elif column is None:
            result.errors.append(RowError(1, "file", _cut(cell.strip()), _(
                "Unknown column “%(column)s”: the columns are %(known)s.")
                % {"column": _cut(cell.strip()), "known": ", ".join(str(COLUMN_LABELS[c]) for c in COLUMNS)}))
        elif column in columns:
            result.errors.append(RowError(1, "file", _cut(cell.strip()), _(
                "The column “%(column)s” is named twice.") % {"column": _cut(cell.strip())}))
        else:
            columns[column] = index
    for column in REQUIRED:
        if column not in columns:
            result.errors.append(RowError(1, "file", "", _("The first line has no column “%(column)s”.")
                                          % {"column": COLUMN_LABELS[column]}))
    return columns


def _check_rows(raw: list[tuple[int, dict[str, str]]], result: ImportPlan) -> None:
    dimensions, roles, languages = _choices()
    emails = {cells["email"].lower() for _line, cells in raw if cells["email"]}
    names = {cells["name"].lower() for _line, cells in raw if cells["name"]}
    members_emails = set(User.objects.annotate(low=Lower("email")).filter(low__in=emails).values_list("low", flat=True))
    valid_since = timezone.now() - timedelta(days=settings.INVITATION_VALID_DAYS)
    invited = set(Invitation.objects.annotate(low=Lower("email"))
                  .filter(low__in=emails, accepted_at__isnull=True, created_at__gt=valid_since)
                  .values_list("low", flat=True))
    taken_names = set(Member.objects.annotate(low=Lower("display_name")).filter(low__in=names)
                      .values_list("low", flat=True))
    seen_emails: dict[str, int] = {}
    seen_names: dict[str, int] = {}
    dimension_names = ", ".join(sorted({d.name for d in dimensions.values()}))

    for line, cells in raw:
        errors: list[RowError] = []

        def bad(column: str, message: str, _line=line, _cells=cells, _errors=errors) -> None:
            _errors.append(RowError(_line, column, _cut(_cells.get(column, "")), message))

        name = cells["name"]
        if not name:
            bad("name", _("The name is missing."))
        elif len(name) > NAME_MAX:
            bad("name", _("The name has %(length)s characters; at most %(limit)s.") % {"length": len(name), "limit": NAME_MAX})
        elif name.lower() in seen_names:
            bad("name", _("The same name is on line %(line)s.") % {"line": seen_names[name.lower()]})
        elif name.lower() in taken_names:
            bad("name", _("A member of the club already has this name."))
        if name:
            seen_names.setdefault(name.lower(), line)

        email = cells["email"].lower()
        if not email:
            bad("email", _("The email address is missing."))
        else:
            try:
                validate_email(email)
            except ValidationError:
                bad("email", _("This is not an email address."))
            else:
                if email in seen_emails:
                    bad("email", _("The same email address is on line %(line)s.") % {"line": seen_emails[email]})
                elif email in members_emails:
                    bad("email", _("This address is already a member's."))
                elif email in invited:
                    bad("email", _("This address was invited already and the invitation is still open."))
            seen_emails.setdefault(email, line)

        dimension = dimensions.get(cells["dimension"].lower()) if cells["dimension"] else None
        if not cells["dimension"]:
            bad("dimension", _("The dimension is missing."))
        elif dimension is None:
            bad("dimension", _("Unknown dimension; the club's are: %(names)s.") % {"names": dimension_names})

        role = roles.get(cells.get("role", "").lower(), None) if cells.get("role") else Member.Role.MEMBER
        if role is None:
            bad("role", _("Unknown role; a role is one of: %(roles)s.")
                % {"roles": ", ".join(str(label).lower() for _code, label in Member.Role.choices)})

        language = languages.get(cells.get("language", "").lower(), None) if cells.get("language") else ""
        if language is None:
            bad("language", _("Unknown language; a language is one of: %(codes)s.")
                % {"codes": ", ".join(code for code, _name in settings.LANGUAGES)})

        if errors:
            result.errors.extend(errors)
        else:
            result.rows.append(ImportRow(line, name, email, dimension, role, language))


def error_message(error: RowError) -> str:
    """One error as a person reads it: where, which column, what is wrong."""
    where = (_("Line %(line)s") % {"line": error.line}) if error.line else _("The file")
    if error.field in COLUMN_LABELS and error.field != "file":
        where = _("%(where)s, %(column)s") % {"where": where, "column": COLUMN_LABELS[error.field]}
    return f"{where}: {error.message}"


def members_import(*, actor: Member, data: bytes, dry_run: bool = False, site_url: str = "") -> tuple[ImportPlan, list[Invitation]]:
    """Check the file and, unless ``dry_run``, invite every member it lists, all in one
    transaction: any bad row refuses the whole file (:class:`InvalidInput` with every error)."""
    access.check_admin(actor)
    with transaction.atomic():
        checked = plan(data=data)
        if checked.errors:
            raise InvalidInput(
                ngettext("The file has %(count)s error; nothing was imported. %(first)s",
                         "The file has %(count)s errors; nothing was imported. %(first)s", len(checked.errors))
                % {"count": len(checked.errors), "first": error_message(checked.errors[0])},
                extra={"errors": [dict(e.as_dict(), message=error_message(e)) for e in checked.errors[:200]]})
        if dry_run:
            return checked, []
        invitations = [services.invitation_create(actor=actor, email=row.email, display_name=row.name,
                                                  dimension=row.dimension, role=row.role, language=row.language,
                                                  site_url=site_url)
                       for row in checked.rows]
    return checked, invitations
