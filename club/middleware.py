"""The request-wide net for control characters.

NUL and the other control characters have no place in a URL, a query string, a header or a form
field: PostgreSQL cannot store or compare a string with NUL (a server error deep in a query), and
the rest are probes or corruption. Tab, CR and LF stay allowed, as free text uses them. JSON
bodies are checked by the API's parser (club.api_parsers), which sees the decoded strings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.utils.translation import gettext as _

from .api_parsers import control_character_error
from .validators import has_control_characters


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


class ControlCharacterMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            for field, value in _inputs(request):
                if has_control_characters(value):
                    error = control_character_error(field, value)
                    return self._refuse(request, error.message, error.extra)
        except MultiPartParserError:
            return self._refuse(request, _("The form data could not be read."), {"field": "body"})
        return self.get_response(request)

    def _refuse(self, request: HttpRequest, message: str, extra: dict) -> HttpResponse:
        if _api(request):
            return JsonResponse({"message": message, "extra": extra}, status=400)
        return render(request, "club/bad_input.html", {"message": message}, status=400)
