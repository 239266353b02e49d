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
