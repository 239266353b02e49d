"""The API's JSON parser: bounded nesting and no control characters in any string.

Python's JSON decoder recurses once per level, so a body of ten thousand brackets ends in a
RecursionError (a server error) before any serializer sees it; a string with NUL cannot be
stored in PostgreSQL. Both are refused here with a 400 in the API's one error shape.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _
from rest_framework.parsers import JSONParser

from .errors import InvalidInput
from .redaction import is_secret_input
from .validators import has_control_characters, shown

MAX_DEPTH = 32


def _too_deep() -> InvalidInput:
    return InvalidInput(_("The JSON is nested more than %(limit)s levels deep.") % {"limit": MAX_DEPTH},
                        extra={"limit": MAX_DEPTH})


def check_json(data: Any) -> Any:
    """Walk parsed JSON without recursion: refuse nesting past MAX_DEPTH and control characters
    in keys and strings, naming where (``seats[0].seed``)."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if isinstance(value, str):
            if has_control_characters(value):
                raise control_character_error(where or _("body"), value)
        elif isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise _too_deep()
            if isinstance(value, dict):
                for key, inner in value.items():
                    path = f"{where}.{key}" if where else key
                    if has_control_characters(key):
                        raise control_character_error(shown(path), key)
                    stack.append((inner, path, depth + 1))
            else:
                stack.extend((inner, f"{where}[{i}]", depth + 1) for i, inner in enumerate(value))
    return data


def control_character_error(field: str, value: str) -> InvalidInput:
    """The refusal of a value with a control character. ``extra`` names the field twice: as
    ``field``, and in the ``fields`` shape a serializer's 400 has, so a client shows it beside the
    field either way. A secret (a password, a token, a code, the Authorization header) is named,
    never repeated."""
    name = shown(field)
    if is_secret_input(field):
        message = (_("%(field)s contains a control character (such as NUL), which is not allowed.")
                   % {"field": name})
        return InvalidInput(message, extra={"field": name, "fields": {name: {"errors": [message]}}})
    message = (_("%(field)s: %(value)s contains a control character (such as NUL), which is not allowed.")
               % {"field": name, "value": f"\"{shown(value)}\""})
    return InvalidInput(message, extra={"field": name, "fields": {name: {"errors": [message], "value": shown(value)}}})


def loads(text: str | bytes) -> Any:
    """json.loads with the API's bounds, for JSON typed into a form field. Raises ValueError
    (as json.loads does for bad JSON) with the reason."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError(str(_too_deep().message)) from None
    try:
        return check_json(data)
    except InvalidInput as error:
        raise ValueError(error.message) from None


class ClubJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise _too_deep() from None
        return check_json(data)
