"""The one application error type.

Services raise :class:`ApplicationError` (or a subclass carrying its HTTP status); the API's
exception handler (:mod:`club.api_errors`) turns it into the one API error shape.
This module imports none of DRF's views: DRF's settings name the club's JSON parser, which
raises these errors, and DRF's views read those settings as they load.
"""

from __future__ import annotations

from typing import Any

from rest_framework import status

from .redaction import is_secret_field


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
