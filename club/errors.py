"""The one application error type and the one API error shape.

Services raise :class:`ApplicationError` (or a subclass carrying its HTTP status); the DRF
exception handler turns it, engine errors and DRF's own errors into
``{"message": ..., "extra": {...}}`` with the right status.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions as drf_exceptions
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler

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
    """Add the submitted value beside each field's errors, so a 400 names the bad value."""
    if not isinstance(fields, dict) or not hasattr(data, "get"):
        return fields
    out = {}
    for key, errors in fields.items():
        if key in data:
            value = data.get(key)
            out[key] = {"errors": errors, "value": value if isinstance(value, str | int | float | bool | None)
                        else str(value)}
        else:
            out[key] = {"errors": errors}
    return out


def api_exception_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, ApplicationError):
        return Response({"message": exc.message, "extra": exc.extra}, status=exc.status_code)
    if isinstance(exc, RulesError):
        extra = {"value": exc.value if isinstance(exc.value, str | int | float | bool | None) else str(exc.value)}
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
