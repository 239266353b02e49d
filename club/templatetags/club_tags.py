"""Template filters of the club app."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.utils.translation import pgettext_lazy

from club.redaction import is_secret_input, request_path

register = template.Library()

# The compass seats as a member reads them: N, NE, ... in English, С, СВ, ... in Russian.
SEAT_SHORT = {
    "N": pgettext_lazy("compass seat", "N"), "NE": pgettext_lazy("compass seat", "NE"),
    "E": pgettext_lazy("compass seat", "E"), "SE": pgettext_lazy("compass seat", "SE"),
    "S": pgettext_lazy("compass seat", "S"), "SW": pgettext_lazy("compass seat", "SW"),
    "W": pgettext_lazy("compass seat", "W"), "NW": pgettext_lazy("compass seat", "NW"),
}


@register.filter
def seat_short(code: str) -> str:
    """A seat code (``"NE"``) in the member's language; anything else as it is."""
    return SEAT_SHORT.get(code, code)


# Inputs whose value a member typed and may be shown back to him beside the refusal.
ECHOED_WIDGETS = ("text", "number", "email", "url", "textarea", "datetime", "date", "time")


@register.filter
def address_to_return_to(request) -> str:
    """The page's address for a form that comes back to it (the language switch), or "" when the
    address carries a secret (an invitation's or a calendar feed's token, a password-reset key):
    the page never repeats it, and the form goes back by the Referer instead."""
    if not isinstance(getattr(request, "path", None), str):
        return ""
    if request_path(request) != request.path or any(is_secret_input(name) for name in request.GET):
        return ""
    return request.get_full_path()


@register.filter
def is_checkbox(field) -> bool:
    """A tick box: its label stands after it, where other inputs have theirs before."""
    return field.widget_type == "checkbox"


@register.filter
def echoed_value(field) -> str:
    """What the member typed into ``field``, cut to 40 characters, when the refusal beside it
    does not already name it (choices are not echoed: their values are not what he read), and
    never a secret: a two-factor or recovery code, a token (club.redaction)."""
    if not field.errors or field.widget_type not in ECHOED_WIDGETS or is_secret_input(field.name):
        return ""
    value = field.value()
    text = "" if value is None else str(value).strip()
    if not text:
        return ""
    text = text if len(text) <= 40 else text[:39] + "…"
    return "" if text in " ".join(str(e) for e in field.errors) else text


@register.simple_tag
def live_every() -> str:
    """The interval of a page's live parts, as htmx's ``every`` reads it (``3s``, ``300ms``):
    ``LIVE_POLL_SECONDS``, one setting for every polled part of the site."""
    ms = max(100, round(settings.LIVE_POLL_SECONDS * 1000))
    return f"{ms // 1000}s" if ms % 1000 == 0 else f"{ms}ms"
