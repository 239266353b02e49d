"""The one API error shape: DRF's exception handler (``REST_FRAMEWORK["EXCEPTION_HANDLER"]``).

It turns an :class:`~club.errors.ApplicationError`, the errors of the apps above the club and
DRF's own errors into ``{"message": ..., "extra": {...}}`` with the right status. An app whose
errors reach a view (the engines' ``RulesError``) registers how each reads as an application
error (:func:`register_error`) from its ``AppConfig.ready()``: the club does not import it.
"""

from __future__ import annotations

from collections.abc import Callable
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

from .errors import ApplicationError, echo
from .redaction import is_secret_field

# An error of another layer -> the application error it is answered as.
Translation = Callable[[Any], ApplicationError]

_TRANSLATIONS: dict[type[Exception], Translation] = {}


def register_error(error_type: type[Exception], translate: Translation) -> None:
    """Answer an ``error_type`` (and its subclasses) as ``translate(error)``: its message, its
    status, and its extra data with secrets left out and submitted values cut."""
    _TRANSLATIONS[error_type] = translate


def _safe_extra(extra: dict[str, Any], *, secret: bool = False) -> dict[str, Any]:
    """An error's extra data with secrets left out and submitted values cut: a key that names a
    secret is dropped, and so is the ``value`` of a ``field`` that does; in ``fields`` (a
    serializer's shape) a secret field keeps its errors, without its value."""
    secret_field = secret or is_secret_field(extra.get("field", ""))
    out: dict[str, Any] = {}
    for key, value in extra.items():
        if key == "fields" and isinstance(value, dict):
            out[key] = {name: _safe_extra(entry, secret=is_secret_field(name)) if isinstance(entry, dict) else entry
                        for name, entry in value.items()}
            continue
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
    for error_type, translate in _TRANSLATIONS.items():
        if isinstance(exc, error_type):
            exc = translate(exc)
            break
    if isinstance(exc, ProtectedError | RestrictedError):
        return _still_in_use(exc, context)
    if isinstance(exc, ApplicationError):
        return Response({"message": exc.message, "extra": _safe_extra(exc.extra)}, status=exc.status_code)
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
