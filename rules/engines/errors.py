"""The one error type of the engines.

Every wrong input raises :class:`RulesError` (or a subclass) whose message names the offending
value; the site turns it into a 400 answer or a form error next to the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class RulesError(ValueError):
    """A rules engine was given an input the rules do not allow.

    ``value`` is the offending value and ``rule`` the rule or field that refuses it, when known.
    ``code`` names the kind of refusal for the errors a person at the table meets while recording
    (``not_a_card``, ``joker``, ``dealt_twice``, ``deal_complete``) and for the checks of a
    recorded trick-game round (``duplicate_card``, ``dealer_bid``, ...), so that a site can say it
    in its members' language; the message itself is English. ``values`` holds what such a sentence
    needs besides the code (cards as their codes, seats as numbers), JSON-able.
    """

    def __init__(self, message: str, *, value: object = None, rule: str | None = None,
                 code: str | None = None, values: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.value = value
        self.rule = rule
        self.code = code
        self.values: dict[str, Any] = dict(values or {})
