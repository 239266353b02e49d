"""What the archive asks of the games app above it, without importing it.

A dispute is about a recorded deal, and a ruling may replay one; the deals belong to the games app,
which depends on the archive, so the archive never imports it. The games app fills these slots in
its ``AppConfig.ready()`` instead (as it registers its stored sittings with :mod:`rules.whatif`):

* ``register_deals_visible(callable)``: ``callable(actor)`` returns a QuerySet of the recorded
  deals whose cards ``actor`` may see (a player of their Game, a croupier or an admin; voided deals
  too). The disputes a member sees and may raise are those of these deals (:mod:`rules.access`).
* ``register_deal_replay(callable)``: ``callable(deal_ref=..., actor=...)`` replays the recorded
  deal a reference names when a croupier rules that it is replayed (base rule 12), inside the
  ruling's transaction; a deal that cannot be replayed raises, and the ruling with it.
* ``register_trace_words(callable)``: ``callable(trace, names=...)`` gives the lines a member
  reads of a judgement's trace kept with a dispute, as the deal page tells it.

Each slot holds one callable; registering again replaces it. Without the games app the archive
sees no deals, replays none and tells a trace by the engine's own texts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.db.models import QuerySet

if TYPE_CHECKING:   # the games app imports this module before the models are ready
    from club.models import Member

DealsVisible = Callable[["Member | None"], QuerySet]
DealReplay = Callable[..., object]
TraceWords = Callable[..., list[str]]

_hooks: dict[str, Callable[..., Any]] = {}


def register_deals_visible(function: DealsVisible) -> DealsVisible:
    _hooks["deals_visible"] = function
    return function


def register_deal_replay(function: DealReplay) -> DealReplay:
    _hooks["deal_replay"] = function
    return function


def register_trace_words(function: TraceWords) -> TraceWords:
    _hooks["trace_words"] = function
    return function


def unregister(function: Callable[..., Any]) -> None:
    """Empty every slot ``function`` fills (a stand-in registered by a test)."""
    for name in [name for name, held in _hooks.items() if held is function]:
        del _hooks[name]


def deals_visible_to(actor: Member | None) -> QuerySet | None:
    """The recorded deals ``actor`` may see, or None when no app keeps deals."""
    function = _hooks.get("deals_visible")
    return None if function is None else function(actor)


def deal_replay(*, deal_ref: str, actor: Member) -> None:
    """Replay the recorded deal ``deal_ref`` names (nothing when no app keeps deals)."""
    function = _hooks.get("deal_replay")
    if function is not None:
        function(deal_ref=deal_ref, actor=actor)


def trace_lines(trace: Sequence[Mapping], *, names: Mapping[str, str]) -> list[str]:
    """A judgement's trace as a member reads it: the deal page's words where the games app gives
    them, else each entry's own text."""
    function = _hooks.get("trace_words")
    if function is None:
        return [str(entry.get("text") or "") for entry in trace]
    return function(trace, names=names)
