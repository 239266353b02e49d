"""Template helpers of the archive: cards drawn as cards."""

from __future__ import annotations

from django import template
from django.utils.html import format_html

register = template.Library()

_SUITS = {"h": ("♥", "red"), "d": ("♦", "red"), "c": ("♣", "black"), "s": ("♠", "black")}


@register.simple_tag
def card(token, state: str = ""):
    """``<span class="card red">A♥</span>`` for "Ah"; a joker or an unknown token is shown as is."""
    text = str(token)
    suit = _SUITS.get(text[-1:].lower()) if len(text) >= 2 else None
    if suit is None:
        return format_html('<span class="card {}">{}</span>', state, text)
    rank = text[:-1].upper().replace("T", "10")
    symbol, colour = suit
    classes = f"{colour} {state}".strip()
    return format_html('<span class="card {}">{}{}</span>', classes, rank, symbol)


@register.filter
def lookup(mapping, key):
    try:
        return mapping.get(key)
    except AttributeError:
        return None
