"""The one application error type and the one API error shape.

Services raise :class:`ApplicationError` (or a subclass carrying its HTTP status); the DRF
exception handler turns it, engine errors and DRF's own errors into
``{"message": ..., "extra": {...}}`` with the right status.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import ProtectedError, RestrictedError
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions as drf_exceptions
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler, set_rollback

from rules.engines.errors import RulesError


class ApplicationError(Exception):
    status_code = status.HTTP_400_BAD_REQUEST

    def __init__(self, message: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra or {}


class InvalidInput(ApplicationError):
    status_code = status.HTTP_400_BAD_REQUEST


class Forbidden(ApplicationError):
    status_code = status.HTTP_403_FORBIDDEN


class NotFound(ApplicationError):
    status_code = status.HTTP_404_NOT_FOUND


class Conflict(ApplicationError):
    status_code = status.HTTP_409_CONFLICT


class TooManyAttempts(ApplicationError):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS


# How much of a submitted value an error may repeat back.
ECHO_LIMIT = 40
_SECRET_WORDS = ("password", "passwd", "secret", "token")


def is_secret_field(name: Any) -> bool:
    """Fields whose submitted value an error must never repeat, whatever their spelling."""
    name = str(name).lower()
    return (any(word in name for word in _SECRET_WORDS) or name in ("key", "otp")  # otp: a one-time code
            or name.endswith(("_key", "-key")))


def _scrub(value: Any, depth: int = 0) -> Any:
    """A container as an error may repeat it: secrets left out, strings cut, only the first few
    items, a few levels deep."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, dict):
        return "…" if depth >= 3 else {str(k)[:ECHO_LIMIT]: _scrub(v, depth + 1)
                                       for k, v in list(value.items())[:20] if not is_secret_field(k)}
    if isinstance(value, list | tuple | set):
        return "…" if depth >= 3 else [_scrub(v, depth + 1) for v in list(value)[:20]]
    text = str(value)
    return text if len(text) <= ECHO_LIMIT else text[:ECHO_LIMIT] + "…"


def echo(value: Any) -> Any:
    """A submitted value as an error may show it: scalars as they are, text cut to ECHO_LIMIT
    characters, a container as its text with secrets left out (at most ten times as long)."""
    if isinstance(value, dict | list | tuple | set):
        text = str(_scrub(value))
        return text if len(text) <= 10 * ECHO_LIMIT else text[:10 * ECHO_LIMIT] + "…"
    return _scrub(value)


def _safe_extra(extra: dict[str, Any]) -> dict[str, Any]:
    """An error's extra data with secrets left out and submitted values cut: a key that names a
    secret is dropped, and so is the ``value`` of a ``field`` that does."""
    secret_field = is_secret_field(extra.get("field", ""))
    out: dict[str, Any] = {}
    for key, value in extra.items():
        if is_secret_field(key) or (secret_field and key == "value"):
            continue
        if isinstance(value, dict):
            out[key] = _safe_extra(value)
        elif key == "value" and isinstance(value, str):
            out[key] = echo(value)
        else:
            out[key] = value
    return out


def _first_message(detail: Any) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            inner = _first_message(value)
            return inner if key in ("non_field_errors", "detail") else f"{key}: {inner}"
        return _("Invalid input.")
    if isinstance(detail, list | tuple):
        return _first_message(detail[0]) if detail else _("Invalid input.")
    return str(detail)


def _with_values(fields: Any, data: Any) -> Any:
    """Add the submitted value beside each field's errors, so a 400 names the bad value; a secret
    (a password, a token, a key) is never repeated, and other values at most in part."""
    if not isinstance(fields, dict) or not hasattr(data, "get"):
        return fields
    out = {}
    for key, errors in fields.items():
        entry = {"errors": errors}
        if key in data and not is_secret_field(key):
            entry["value"] = echo(data.get(key))
        out[key] = entry
    return out


def _still_in_use(exc: ProtectedError | RestrictedError, context: dict) -> Response:
    """Deleting what other rows still point at (a venue with sessions, a dimension with members) is
    a conflict: name the object and what uses it, kind by kind, with counts."""
    rows = exc.protected_objects if isinstance(exc, ProtectedError) else exc.restricted_objects
    counts: dict[Any, int] = {}
    for row in rows:
        counts[type(row)] = counts.get(type(row), 0) + 1
    uses = ", ".join(f"{model._meta.verbose_name_plural}: {n}" for model, n in counts.items())
    view = context.get("view")
    lookup = getattr(view, "lookup_url_kwarg", None) or getattr(view, "lookup_field", "pk")
    name = str(getattr(view, "kwargs", {}).get(lookup, ""))[:40]
    set_rollback()
    return Response({"message": _("%(name)s cannot be deleted while it is in use (%(uses)s).")
                     % {"name": name or _("This object"), "uses": uses},
                     "extra": {"value": name, "used_by": {model._meta.label_lower: n for model, n in counts.items()}}},
                    status=status.HTTP_409_CONFLICT)


def api_exception_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, ProtectedError | RestrictedError):
        return _still_in_use(exc, context)
    if isinstance(exc, ApplicationError):
        return Response({"message": exc.message, "extra": _safe_extra(exc.extra)}, status=exc.status_code)
    if isinstance(exc, RulesError):
        extra = {"value": echo(exc.value if isinstance(exc.value, str | int | float | bool | None) else str(exc.value))}
        if exc.rule:
            extra["rule"] = exc.rule
        return Response({"message": exc.message, "extra": extra}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, DjangoValidationError):
        detail = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        exc = drf_exceptions.ValidationError(detail)
    elif isinstance(exc, Http404):
        exc = drf_exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = drf_exceptions.PermissionDenied()

    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, drf_exceptions.ValidationError):
        request = context.get("request")
        data = getattr(request, "data", None)
        fields = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        response.data = {"message": _first_message(exc.detail), "extra": {"fields": _with_values(fields, data)}}
    else:
        detail = response.data.get("detail", "") if isinstance(response.data, dict) else response.data
        response.data = {"message": str(detail), "extra": {}}
    return response
