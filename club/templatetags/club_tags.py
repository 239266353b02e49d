"""Template filters of the club app."""

from __future__ import annotations

from django import template
from django.utils.translation import pgettext_lazy

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
def echoed_value(field) -> str:
    """What the member typed into ``field``, cut to 40 characters, when the refusal beside it
    does not already name it (choices are not echoed: their values are not what he read)."""
    if not field.errors or field.widget_type not in ECHOED_WIDGETS:
        return ""
    value = field.value()
    text = "" if value is None else str(value).strip()
    if not text:
        return ""
    text = text if len(text) <= 40 else text[:39] + "…"
    return "" if text in " ".join(str(e) for e in field.errors) else text
