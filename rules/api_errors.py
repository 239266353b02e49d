"""How the API answers an engine's refusal (:class:`~rules.engines.errors.RulesError`): a 400 that
names the offending value (cut, and never a secret's) and the rule that refuses it. Registered
with the API's exception handler (:func:`club.api_errors.register_error`) by
:meth:`rules.apps.RulesConfig.ready`: the club does not import the engines."""

from __future__ import annotations

from club import api_errors
from club.errors import InvalidInput

from .engines.errors import RulesError


def rules_error(error: RulesError) -> InvalidInput:
    value = error.value if isinstance(error.value, str | int | float | bool | None) else str(error.value)
    extra = {"value": value}
    if error.rule:
        extra["rule"] = error.rule
    return InvalidInput(error.message, extra)


def register() -> None:
    api_errors.register_error(RulesError, rules_error)
