"""What a server error tells the club: the mail to ADMINS (Django's AdminEmailHandler) and, when
SENTRY_DSN is set, the error tracker's event. Neither carries a secret (club.redaction decides
what is one): no password or code a form posted, no token in an address or its query, no cookie,
no Authorization header, no mail server password in the settings listed. The tracker's event
carries no member's address or name either: the member is named by his user id alone.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import sentry_sdk
from django.http import HttpRequest
from django.utils.datastructures import MultiValueDict
from django.views.debug import ExceptionReporter, SafeExceptionReporterFilter
from rest_framework.request import Request

from .redaction import HIDDEN, is_secret_input, path_without_secrets, request_path

# The password of an address such as redis://:pw@host or smtp://user:pw@host, wherever one is written.
_URL_PASSWORD = re.compile(r"(?P<start>[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@/\s]*@", re.I)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# What request.META holds that is an address: a path, a query, a whole URL.
_ADDRESS_META = ("PATH_INFO", "RAW_URI", "REQUEST_URI", "SCRIPT_URL", "HTTP_REFERER", "HTTP_HX_CURRENT_URL")


def without_credentials(text: str, hidden: str = HIDDEN) -> str:
    """``text`` with the password of every address in it written as ``hidden``."""
    return _URL_PASSWORD.sub(lambda m: f"{m['start']}{hidden}@", text)


def query_without_secrets(query: str, hidden: str = HIDDEN) -> str:
    """A query string with the value of each secret field (``?token=``, ``?password=``) hidden."""
    if not query:
        return query
    pairs = parse_qsl(query, keep_blank_values=True)
    if not any(is_secret_input(name) for name, _value in pairs):
        return query
    return urlencode([(name, hidden if is_secret_input(name) else value) for name, value in pairs],
                     safe="[]*")


def url_without_secrets(url: str, hidden: str = HIDDEN) -> str:
    """A URL, a path or a path with its query, without the secrets it carries: the token in an
    invitation's or a feed's path, secret query fields, a password before the host."""
    try:
        parts = urlsplit(without_credentials(url, hidden))
    except ValueError:
        return hidden
    return urlunsplit(parts._replace(path=path_without_secrets(parts.path) if parts.path.startswith("/") else parts.path,
                                     query=query_without_secrets(parts.query, hidden)))


def _hide_secret_fields(values: MultiValueDict | dict, hidden: str):
    secret = [name for name in values if is_secret_input(name)]
    if not secret:
        return values
    values = values.copy()
    for name in secret:
        values[name] = hidden
    return values


class ClubExceptionReporterFilter(SafeExceptionReporterFilter):
    """Django's filter, told what this site holds secret: every field club.redaction calls secret
    (whether or not its view was marked with sensitive_post_parameters), the tokens in addresses,
    passwords inside URLs in the settings (a broker's, a cache's)."""

    # Django's list, and CSRF_COOKIE: the CSRF middleware writes the cookie's secret in request.META.
    hidden_settings = re.compile(r"API|AUTH|TOKEN|KEY|SECRET|PASS|SIGNATURE|HTTP_COOKIE|^CSRF_COOKIE$|CREDENTIAL|DSN",
                                 re.I)

    def cleanse_setting(self, key, value):
        cleansed = super().cleanse_setting(key, value)
        if isinstance(cleansed, str):
            cleansed = without_credentials(cleansed, self.cleansed_substitute)
        return cleansed

    def get_safe_request_meta(self, request):
        meta = super().get_safe_request_meta(request)
        for name, value in meta.items():
            if isinstance(value, str) and (name in _ADDRESS_META or _is_address(value)):
                meta[name] = url_without_secrets(value, self.cleansed_substitute)
        if isinstance(meta.get("QUERY_STRING"), str):
            meta["QUERY_STRING"] = query_without_secrets(meta["QUERY_STRING"], self.cleansed_substitute)
        return meta

    def get_post_parameters(self, request):
        return _hide_secret_fields(super().get_post_parameters(request), self.cleansed_substitute)

    def cleanse_special_types(self, request, value):
        value = super().cleanse_special_types(request, value)
        try:
            if isinstance(value, (HttpRequest, Request)):
                # Its repr names the full path, with the token an invitation's address carries.
                return f"<{type(value).__name__}: {value.method} {request_path(value)!r}>"
            if isinstance(value, (MultiValueDict, dict)):
                return _hide_secret_fields(value, self.cleansed_substitute)
        except Exception as exc:  # noqa: BLE001 (a lazy object that cannot be looked at)
            return f"{exc!r} while evaluating a value"
        return value

    def get_traceback_frame_variables(self, request, tb_frame):
        return [(name, self.cleansed_substitute if is_secret_input(name) else value)
                for name, value in super().get_traceback_frame_variables(request, tb_frame)]


class _ShownRequest:
    """What the report's templates read of a request, with the secrets left out."""

    def __init__(self, request: HttpRequest, reporter_filter: SafeExceptionReporterFilter):
        hidden = reporter_filter.cleansed_substitute
        self.method = request.method
        self.path_info = path_without_secrets(request.path_info)
        self.META = reporter_filter.get_safe_request_meta(request)
        self.GET = _hide_secret_fields(request.GET, hidden)
        self.COOKIES = reporter_filter.get_safe_cookies(request)
        self.FILES = request.FILES


class ClubExceptionReporter(ExceptionReporter):
    """Django's report of an error (the admins' mail, the DEBUG page), whose request part names
    its address and query without their secrets."""

    def get_traceback_data(self):
        data = super().get_traceback_data()
        if self.request is not None:
            shown = _ShownRequest(self.request, self.filter)
            hidden = self.filter.cleansed_substitute
            data["request"] = shown
            data["request_GET_items"] = shown.GET.items()
            data["request_insecure_uri"] = url_without_secrets(data["request_insecure_uri"], hidden)
        return data


# --- the error tracker ---------------------------------------------------------------------------

FILTERED = "[Filtered]"


def _scrubbed(value: Any, replacements: dict[str, str], key: Any = None) -> Any:
    if key is not None and is_secret_input(key):
        return FILTERED
    if isinstance(value, dict):
        return {k: _scrubbed(v, replacements, k) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_scrubbed(v, replacements) for v in value]
    if isinstance(value, str):
        for secret, shown in replacements.items():
            value = value.replace(secret, shown)
        return _EMAIL.sub("[email]", without_credentials(value))
    return value


def _is_address(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(("/", "http://", "https://"))


def scrub_event(event: dict, hint: dict | None = None) -> dict:
    """The event as the tracker may keep it (sentry_sdk's ``before_send``): the member by his user
    id alone, no cookies, no request body, no secret header, field or query value, the token in
    the address hidden, no cache key, and no mail address anywhere (messages, local variables,
    breadcrumbs)."""
    user = event.get("user")
    if isinstance(user, dict):
        event["user"] = {"id": user["id"]} if "id" in user else {}
    replacements: dict[str, str] = {}
    request = event.get("request")
    if isinstance(request, dict):
        request.pop("cookies", None)
        request.pop("data", None)
        env = request.get("env")
        if isinstance(env, dict):
            env.pop("REMOTE_ADDR", None)
        headers = request.get("headers")
        if isinstance(headers, dict):
            # The Referer, htmx's HX-Current-URL: addresses, with the secrets they may carry.
            request["headers"] = {name: url_without_secrets(value) if _is_address(value) else value
                                  for name, value in headers.items()
                                  if not is_secret_input(name) and name.lower() != "x-forwarded-for"}
        query = request.get("query_string")
        if isinstance(query, str) and query:
            # Also where a request's repr names its full path (local variables of the stack).
            replacements[query] = request["query_string"] = query_without_secrets(query, FILTERED)
        url = request.get("url")
        if isinstance(url, str):
            path = urlsplit(url).path
            shown = path_without_secrets(path)
            if shown != path:
                replacements[path] = shown
    # A cache command names its key, and a cached session's key is the member's session: the
    # command alone is kept (Redis breadcrumbs and spans).
    crumbs = event.get("breadcrumbs")
    for crumb in crumbs.get("values", []) if isinstance(crumbs, dict) else []:
        if _is_cache_call(crumb.get("category")):
            crumb["message"] = _command_only(crumb.get("message"))
    for span in event.get("spans") or []:
        if _is_cache_call(span.get("op")):
            span["description"] = _command_only(span.get("description"))
    return _scrubbed(event, replacements)


def _is_cache_call(name: Any) -> bool:
    return isinstance(name, str) and ("redis" in name or name.startswith("cache"))


def _command_only(text: Any) -> Any:
    return text.split(" ", 1)[0] if isinstance(text, str) else text


def sentry_init(*, dsn: str, environment: str | None = None, **options: Any) -> None:
    """Start reporting errors to the tracker at ``dsn`` (Sentry, or a server that speaks its
    protocol), with no personal data: see scrub_event. ``options`` go to ``sentry_sdk.init``."""
    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        send_default_pii=False,
        # A form's body may hold a password: the tracker gets none.
        max_request_body_size="never",
        before_send=scrub_event,
        before_send_transaction=scrub_event,
        **options,
    )
