"""Secrets: which names carry one, and addresses with theirs left out.

No error message, log line or API answer repeats a secret: a password, an API token, a one-time
or recovery code, the token in an invitation, calendar, unsubscribe or followed-search link,
allauth's password-reset and email-confirmation keys. An error names the field ("password
contains a control character"); a log line or a page shows such an address with ``[secret]`` in
place of its secret.
"""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpRequest
from django.urls import Resolver404, ResolverMatch, resolve

# What a secret in an address is shown as.
HIDDEN = "[secret]"

# Names of what carries a secret, in any case and with anything around them: ``password2``,
# ``oldpassword``, ``calendar_token``, ``client_secret``, the ``Authorization``, ``Cookie`` and
# ``X-CSRFToken`` headers, a passkey's ``credential``.
SECRET_WORDS = ("password", "passwd", "secret", "token", "authorization", "cookie", "credential")
# Two-factor and sign-in codes come in fields called ``code``, ``recovery_code``, ``codes`` (with a
# form's prefix, ``form-0-code``): secrets as what a request sends, though an error's own ``code``
# (the reason it gives) and a ``language_code`` are not.
_CODE_NAME = re.compile(r"(?:^|-)(?:(?:recovery|login|verification|one_time|totp|mfa|auth|backup)_)?(?:codes?|otp)$")
# The last name of a path such as ``auth.password`` or ``codes[0]``.
_LAST_NAME = re.compile(r"([^.\[\]]*)(?:\[\d*\])*$")
# allauth's addresses whose ``key`` is a secret (the rulebook's entries have keys that are not).
_SECRET_KEY_ROUTES = ("account_confirm_email", "account_reset_password_from_key")


def _last_name(name: Any) -> str:
    text = str(name).lower()
    match = _LAST_NAME.search(text)
    return match.group(1) if match and match.group(1) else text


def is_secret_field(name: Any) -> bool:
    """Whether a field or key called ``name`` holds a secret whose value nothing may repeat
    (passwords, tokens, keys, the one-time code ``otp``), whatever its spelling; a path such as
    ``auth.password`` is judged by its last name."""
    name = _last_name(name)
    return (any(word in name for word in SECRET_WORDS) or name in ("key", "otp")
            or name.endswith(("_key", "-key")))


def is_secret_input(name: Any) -> bool:
    """Whether what a request sends under ``name`` (a form or query field, a header, a JSON key) is
    a secret: every secret field, and the one-time and recovery codes of two-factor sign-in."""
    return is_secret_field(name) or _CODE_NAME.search(_last_name(name)) is not None


def _secrets_of(match: ResolverMatch) -> list[str]:
    """The values of the URL parameters of ``match`` that are secrets, longest first."""
    found = []
    for name, value in match.kwargs.items():
        secret = "token" in name or "secret" in name or (name == "key" and match.url_name in _SECRET_KEY_ROUTES)
        if secret and isinstance(value, str) and value:
            found.append(value)
    return sorted(found, key=len, reverse=True)


def path_without_secrets(path: str, *, match: ResolverMatch | None = None) -> str:
    """``path`` (a path_info, or a path under the match ``match``) with the secrets its address
    carries written as HIDDEN. A path that matches no address is returned as it is."""
    if match is None:
        try:
            match = resolve(path)
        except Resolver404:
            return path
    for secret in _secrets_of(match):
        path = path.replace(secret, HIDDEN)
    return path


def request_path(request: HttpRequest) -> str:
    """The request's path (script prefix included) as a log line or an error may show it."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        try:
            match = resolve(request.path_info, getattr(request, "urlconf", None))
        except Resolver404:
            return request.path
    return path_without_secrets(request.path, match=match)
