"""Cards drawn as cards, in the member's language, and charts as inline SVG."""

from __future__ import annotations

from django import template
from django.utils.html import format_html

from rules.engines.errors import RulesError

from .. import charts, engine, presenters

register = template.Library()

SUIT_SYMBOLS = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}


_lang = presenters.lang


@register.simple_tag
def card(token: str, state: str = "", extra: str = ""):
    """``<span class="card red">A♥</span>``; the rank in the member's notation."""
    try:
        text = engine.card_text(token, _lang())
        colour = engine.card_colour(token)
    except RulesError:
        return format_html('<span class="card">{}</span>', token)
    rank, suit = text[:-1], token[-1]
    classes = " ".join(c for c in ("card", colour, state if state != "natural" else "", extra) if c)
    return format_html('<span class="{}" title="{}">{}{}</span>', classes, token, rank, SUIT_SYMBOLS.get(suit, suit))


@register.filter
def card_label(token: str) -> str:
    try:
        return engine.card_text(token, _lang())[:-1] + SUIT_SYMBOLS.get(token[-1], "")
    except RulesError:
        return token


@register.simple_tag
def line_chart(points, title: str = ""):
    return charts.line_chart(points, title=title)


@register.simple_tag
def bar_chart(rows, title: str = ""):
    return charts.bar_chart(rows, title=title)


@register.filter
def get_item(mapping, key):
    if not hasattr(mapping, "get"):
        return None
    return mapping.get(key, mapping.get(str(key)))


@register.filter
def hand_name(category) -> str:
    """A hand by its number, as the club names it: the seed's Russian name, or the English one."""
    return presenters.hand_name(category, _lang())


@register.filter
def order_word(value) -> str:
    """A card or suit order in words: natural or inverted."""
    return presenters.order_label(str(value))


@register.filter
def rule_label(code) -> str:
    """A rule code with its title, "M15 · <title>"."""
    return presenters.rule_label(str(code))


@register.filter
def suit_symbol(suit) -> str:
    """A suit as its symbol: ♥ ♦ ♣ ♠."""
    return SUIT_SYMBOLS.get(str(suit), "")


@register.filter
def direction_words(direction) -> str:
    """A claim's direction (up, down, incrementing ...) in the member's words."""
    from games.services.recording import direction_words as words

    return words(direction)


@register.filter
def rank_words(rank) -> str:
    """A claim's chosen rank in the member's words: "the Unicorn (Q)"."""
    return presenters.rank_words(rank)


@register.filter
def card_tokens(cards) -> list[str]:
    """A claim's further cards (stored separated by spaces), one token each."""
    return str(cards or "").split()
