"""Cards drawn as cards, in the member's language, and charts as inline SVG."""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from .. import charts, engine, presenters
from ..engine import RulesError
from ..services.recording import direction_words as recorded_direction_words

register = template.Library()

SUIT_SYMBOLS = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}


_lang = presenters.lang


@register.simple_tag
def card(token: str, state: str = "", extra: str = ""):
    """``<span class="card red">A♥</span>``; the rank in the member's notation."""
    drawn = _card_html if isinstance(token, str) and isinstance(state, str) and isinstance(extra, str) else _draw_card
    return drawn(_lang(), token, state, extra)


def _draw_card(lang: str, token, state, extra) -> str:
    try:
        text = engine.card_text(token, lang)
        colour = engine.card_colour(token)
    except RulesError:
        return format_html('<span class="card">{}</span>', token)
    rank, suit = text[:-1], token[-1]
    classes = " ".join(c for c in ("card", colour, state if state != "natural" else "", extra) if c)
    return format_html('<span class="{}" title="{}">{}{}</span>', classes, token, rank, SUIT_SYMBOLS.get(suit, suit))


# A deal page draws the same few dozen cards many times over (the hands, the picker, the trace) on
# every tap: each drawing is made once per notation and state.
_card_html = lru_cache(maxsize=4096)(_draw_card)


@register.filter
def card_label(token: str) -> str:
    return _card_label(_lang(), token) if isinstance(token, str) else token


@lru_cache(maxsize=1024)
def _card_label(lang: str, token: str) -> str:
    try:
        return engine.card_text(token, lang)[:-1] + SUIT_SYMBOLS.get(token[-1], "")
    except RulesError:
        return token


@register.simple_tag
def card_picker(deck):
    """The card picker's buttons, one per ``(token, dealt)`` of ``deck`` (a dealt card's is
    disabled): the same 52 buttons on every tap, so each is drawn once per notation and state."""
    lang = _lang()
    return mark_safe("".join(_pick_button(lang, token, bool(dealt)) for token, dealt in deck))  # noqa: S308


@lru_cache(maxsize=256)
def _pick_button(lang: str, token: str, dealt: bool) -> str:
    return format_html('<button type="submit" name="card" value="{}" class="pick card {}" data-card="{}"{}>{}</button>',
                       token, "red" if token[-1:] in "hd" else "black", token,
                       mark_safe(" disabled") if dealt else "", _card_label(lang, token))  # noqa: S308


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
def circle_name(kind) -> str:
    """A circle's kind in words: open or dark."""
    return presenters.circle_name(str(kind))


@register.filter
def period_name(period) -> str:
    """A leaderboard period in words: week, month, year, all time."""
    return presenters.period_name(period)


@register.filter
def rating_tab(game) -> presenters.RatingTab:
    """What the ratings page shows for a tab (``all`` or a game): its layout and how it rates."""
    return presenters.rating_tab(game)


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
    return recorded_direction_words(direction)


@register.filter
def rank_words(rank) -> str:
    """A claim's chosen rank in the member's words: "the Unicorn (Q)"."""
    return presenters.rank_words(rank)


@register.filter
def card_tokens(cards) -> list[str]:
    """A claim's further cards (stored separated by spaces), one token each."""
    return str(cards or "").split()
