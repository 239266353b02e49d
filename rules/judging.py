"""Judging a sitting with the readings in force on its date (base rule 12).

:func:`judge_with_precedents` is what the games app calls instead of calling
``rules.engines.dragon.judge_game`` directly: it merges the readings the binding precedents fix on
the sitting's date into the document's ``"readings"``, judges it, and adds the precedents that
mattered to each judgement's trace, with the precedent's permanent id as the trace source.
"""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Callable, Mapping

from .engine_face import judge_game, registry
from .selectors import readings_in_force

Judge = Callable[[dict], dict]


def dragon_judge() -> Judge:
    """The club-rules judge of the engines."""
    return judge_game


def sitting_date(doc: Mapping) -> dt.date | None:
    """The local date of the sitting's first dealt card (base rule 9), or None without deals."""
    for deal in doc.get("deals") or ():
        started = deal.get("started_at") if isinstance(deal, Mapping) else None
        if started:
            try:
                return dt.datetime.fromisoformat(str(started)).date()
            except ValueError:
                return dt.date.fromisoformat(str(started)[:10])
    return None


def precedent_trace_entry(precedent, points: dict[str, str]) -> dict:
    fixed = ", ".join(f"{point_id} = {reading}" for point_id, reading in sorted(points.items()))
    return {"source": precedent.permanent_id, "cards": [], "change": "reading", "before": None,
            "after": dict(sorted(points.items())), "player": None,
            "text": f"{precedent.permanent_id} ({precedent.title}): {fixed}"}


def judge_with_precedents(doc: Mapping, on: dt.date | dt.datetime | str | None = None, *,
                          judge: Judge | None = None, exclude=None, extra=None,
                          readings: tuple[dict[str, str], list] | None = None) -> dict:
    """Judge a sitting document with the readings in force on ``on`` (by default the date of its
    first deal).

    Readings the document sets itself override the precedents' (a croupier's explicit what-if);
    the precedents behind the other readings are applied. Each judgement's trace gets one entry
    per applied precedent that mattered to it: one whose point the engine's trace names, or
    whose reading is not the point's default (a default reading left alone changes nothing).
    The result also carries ``"readings"`` (the full mapping used) and ``"precedents"`` (the
    permanent ids applied). ``exclude`` / ``extra`` are passed to
    :func:`~rules.selectors.readings_in_force` for what-ifs; ``readings`` gives a precomputed
    ``readings_in_force`` answer for the same date."""
    day = on if on is not None else sitting_date(doc)
    in_force, applied = readings if readings is not None else readings_in_force(
        day, game="dragon", exclude=exclude, extra=extra)
    explicit = dict(doc.get("readings") or {})
    if judge is None:
        # A point the archive still holds but the engines no longer register cannot be passed on
        # (the rulebook test reports such drift); everything else goes to the engine.
        known = registry()
        in_force = {k: v for k, v in in_force.items() if k in known}
    merged = {**in_force, **explicit}
    document = copy.deepcopy(dict(doc))
    document["readings"] = merged
    result = (judge or dragon_judge())(document)

    # The points each applied precedent actually gave (not overridden by the document).
    given: dict[str, tuple[object, dict[str, str], set[str]]] = {}
    for precedent in applied:
        points = {f.point.point_id: f.reading for f in precedent.fixes.all()
                  if f.point.point_id not in explicit and in_force.get(f.point.point_id) == f.reading}
        if points:
            non_default = {f.point.point_id for f in precedent.fixes.all()
                           if f.point.point_id in points and f.reading != f.point.default}
            given[precedent.permanent_id] = (precedent, points, non_default)
    for judgement in result.get("deals", []):
        trace = judgement.setdefault("trace", [])
        named = {entry.get("source") for entry in trace}
        for _pid, (precedent, points, non_default) in sorted(given.items()):
            if non_default or named & set(points):
                trace.append(precedent_trace_entry(precedent, points))
    result["readings"] = merged
    result["precedents"] = sorted(given)
    return result


def outcome(judgement: Mapping) -> dict:
    """What a what-if compares of one judged deal: winners, chips and the winning hands."""
    hands = {player: (data.get("hand") or {}).get("category")
             for player, data in (judgement.get("players") or {}).items()}
    return {"winners": sorted(judgement.get("winners") or []),
            "chips": dict(sorted((judgement.get("chips") or {}).items())),
            "hands": dict(sorted(hands.items()))}
