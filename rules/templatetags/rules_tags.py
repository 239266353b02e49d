"""Template helpers of the archive: cards drawn as cards."""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.translation import pgettext_lazy

from rules import point_words
from rules.models import PrecedentCitation

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


# A precedent's standing in one word (its strongest treatment), and each treatment's line.
_STANDING_WORDS = {
    "overrules": pgettext_lazy("precedent standing", "Overruled"),
    "supersedes": pgettext_lazy("precedent standing", "Superseded"),
    "distinguishes": pgettext_lazy("precedent standing", "Distinguished"),
    "follows": pgettext_lazy("precedent standing", "Followed"),
}
_STANDING_LINES = {
    "overrules": pgettext_lazy("precedent standing", "Overruled by"),
    "supersedes": pgettext_lazy("precedent standing", "Superseded by"),
    "distinguishes": pgettext_lazy("precedent standing", "Distinguished by"),
    "follows": pgettext_lazy("precedent standing", "Followed by"),
}


@register.filter
def standing_word(standing) -> str:
    """"Overruled", "Followed" ... for a :class:`rules.selectors.Standing`; "" when nothing cites it."""
    word = getattr(standing, "word", "")
    return str(_STANDING_WORDS[word]) if word else ""


@register.filter
def standing_line(treatment) -> str:
    return str(_STANDING_LINES.get(treatment, ""))


@register.filter
def treatment_label(treatment) -> str:
    """A citation's treatment in words of the page's language ("overrules", "отменяет")."""
    try:
        return str(PrecedentCitation.Treatment(treatment).label)
    except ValueError:
        return ""


@register.filter
def rule_words(text):
    """A point's or a founding precedent's text as words: codes marked as code, the seed's
    Russian marked as Russian on an English page (:func:`rules.point_words.marked`)."""
    return point_words.marked(text)


@register.filter
def point_question(point):
    """The point's question in the page's language."""
    return point_words.question(point)


@register.filter
def point_subject(point):
    """What the point is about in words (its rule's title, or its game), in the page's language."""
    return point_words.subject(point)


@register.filter
def reading_meaning(point, reading):
    """What ``reading`` of ``point`` means, in the page's language."""
    return point_words.readings_help(point).get(reading, "")


@register.filter
def game_words(game):
    """A game's name in the page's language."""
    return point_words.game_words(game)
