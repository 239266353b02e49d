"""The request-wide net for control characters, and the Content-Security-Policy's middleware.

NUL and the other control characters have no place in a URL, a query string, a header or a form
field: PostgreSQL cannot store or compare a string with NUL (a server error deep in a query), and
the rest are probes or corruption. Tab, CR and LF stay allowed, as free text uses them. JSON
bodies are checked by the API's parser (club.api_parsers), which sees the decoded strings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from urllib.parse import urlsplit, urlunsplit

from csp.middleware import CSPMiddleware
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.utils.translation import gettext as _

from .api_parsers import control_character_error
from .redaction import path_without_secrets
from .validators import has_control_characters, shown


def _api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def _inputs(request: HttpRequest) -> Iterator[tuple[str, str]]:
    """(field, value) pairs of what the request carries, names included as values."""
    yield "path", request.path_info
    for key, value in request.META.items():
        if key.startswith("HTTP_") and isinstance(value, str):
            yield key[5:].replace("_", "-").title(), value
    for key, values in request.GET.lists():
        yield key, key
        for value in values:
            yield key, value
    if request.method in ("POST", "PUT", "PATCH"):
        # Django parses only form and multipart bodies here; a JSON body stays unread.
        for key, values in request.POST.lists():
            yield key, key
            for value in values:
                yield key, value
        for key, upload in request.FILES.items():
            yield key, key
            yield key, upload.name or ""


def _shown(field: str, value: str) -> str:
    """What a refusal may repeat of an address: the path without the secret it may carry (an
    invitation's, a calendar feed's token), and no query."""
    if field == "path":
        return path_without_secrets(value)
    if field == "Referer":
        parts = urlsplit(value)
        return urlunsplit((parts.scheme, parts.netloc, path_without_secrets(parts.path), "", ""))
    return value


class ControlCharacterMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            for field, value in _inputs(request):
                if has_control_characters(value):
                    error = control_character_error(field, _shown(field, value))
                    return self._refuse(request, error.message, error.extra)
        except MultiPartParserError:
            return self._refuse(request, _("The form data could not be read."), {"field": "body"})
        return self.get_response(request)

    def _refuse(self, request: HttpRequest, message: str, extra: dict) -> HttpResponse:
        if _api(request):
            return JsonResponse({"message": message, "extra": extra}, status=400)
        return render(request, "club/bad_input.html", {"message": message}, status=400)


class ApiVersionMiddleware:
    """Every answer names the site's API version (``X-Club-API-Version``). A page kept by a
    phone's service worker sends the version it was made for (``X-Club-Client-Version``) with the
    taps it recorded offline; one older than ``CLUB_API_OLDEST_CLIENT`` is refused before it
    changes anything (426, the API's error shape), and the page asks to be reloaded first."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        sent = request.headers.get("X-Club-Client-Version")
        if sent is not None and request.method not in ("GET", "HEAD", "OPTIONS"):
            version = int(sent) if sent.strip().isdigit() and len(sent) < 10 else 0
            if version < settings.CLUB_API_OLDEST_CLIENT:
                response = JsonResponse({
                    "message": _("This page is older than the site (version %(sent)s; the site needs %(oldest)s "
                                 "or newer): reload it, then your waiting taps are sent.")
                    % {"sent": shown(sent), "oldest": settings.CLUB_API_OLDEST_CLIENT},
                    "extra": {"field": "X-Club-Client-Version", "code": "reload", "value": shown(sent),
                              "oldest": settings.CLUB_API_OLDEST_CLIENT, "api_version": settings.CLUB_API_VERSION}},
                    status=426)
                response["X-Club-API-Version"] = str(settings.CLUB_API_VERSION)
                return response
        response = self.get_response(request)
        response["X-Club-API-Version"] = str(settings.CLUB_API_VERSION)
        return response


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's, but an answer without a body (204, 304) goes without the policy: it has no
    document for the policy to govern. Three quarters of an evening's requests are the phones'
    polls, and most are answered 204; building the policy twice (enforced and report-only) was a
    tenth of such a poll's processor time. Every answer with a body keeps the header."""

    BODILESS = (204, 304)

    def process_response(self, request: HttpRequest, response):
        if response.status_code in self.BODILESS:
            return response
        return super().process_response(request, response)
