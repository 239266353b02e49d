"""Template helpers of the tables: playing cards drawn as cards, dice as dice faces."""

from __future__ import annotations

from django import template
from django.utils.html import format_html

from ..presenters import LABELS, casino_hand_name

register = template.Library()

_SUITS = {"h": ("♥", "red"), "d": ("♦", "red"), "c": ("♣", "black"), "s": ("♠", "black")}
_FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


@register.simple_tag
def table_card(token, state: str = ""):
    """``<span class="card red">A♥</span>`` for "Ah"; an unknown token is shown as is."""
    text = str(token)
    suit = _SUITS.get(text[-1:].lower()) if len(text) >= 2 else None
    if suit is None:
        return format_html('<span class="card {}">{}</span>', state, text)
    symbol, colour = suit
    return format_html('<span class="card {}">{}{}</span>', f"{colour} {state}".strip(), text[:-1].upper(), symbol)


@register.simple_tag
def die(value, state: str = ""):
    """A die drawn by its face, with the number for screen readers and small screens."""
    try:
        face = _FACES[int(value)]
    except (TypeError, ValueError, KeyError):
        return format_html('<span class="die {}">?</span>', state)
    return format_html('<span class="die {}" title="{}"><span aria-hidden="true">{}</span> {}</span>',
                       state, value, face, value)


@register.filter
def get_item(mapping, key):
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def signed(value):
    try:
        return f"{int(value):+d}"
    except (TypeError, ValueError):
        return value


@register.filter
def percent(value, digits: int = 1):
    try:
        return f"{float(value) * 100:.{int(digits)}f}%"
    except (TypeError, ValueError):
        return ""


@register.filter
def table_label(value, kind: str):
    """The display name of an internal value: ``{{ d|table_label:"decision" }}`` shows "Fold"
    for "fold" in the page's language; a value with no name is shown as is."""
    return LABELS.get(kind, {}).get(value, value)


@register.filter
def casino_hand(name) -> str:
    """A casino combination by its name in the page's language."""
    return casino_hand_name(name)
