"""The rulebook loaded from the engines' own registries, so the site's text cannot drift from the
code that judges.

:func:`expected_rows` reads the engines (nothing else) and returns the rows the database must
hold; :func:`rulebook_sync` upserts them (and the interpretation points) and deletes rows the
engines no longer have. The management command ``rulebook_sync`` and :func:`rules.demo.load`
call it; a test compares the database with :func:`expected_rows` after a sync.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from django.db import transaction

from . import archive_cache, search
from . import titles as rule_titles
from .engine_face import import_engines, registry
from .models import InterpretationPoint, RulebookEntry

# The rows read the engine modules by the names they were loaded under (the archive's face of the
# engines, rules.engine_face, lists and imports them): the other games' modules by game.
OTHER_GAMES = {
    "casino": "rules.engines.casino",
    "dice": "rules.engines.dice",
    "tricks": "rules.engines.tricks",
    "draker": "rules.engines.draker",
}
GAME_TITLES = {
    "casino": "Dragon Poker, the casino variant",
    "dice": "Dice poker",
    "tricks": "The 30-round trick game",
    "draker": "Draker combinations",
}


@dataclass(frozen=True)
class Row:
    key: str
    game: str
    kind: str
    number: int
    title: str
    text_ru: str = ""
    summary_en: str = ""
    data: dict = field(default_factory=dict)
    position: int = 0
    title_ru: str = ""

    def values(self) -> dict:
        return {"game": self.game, "kind": self.kind, "number": self.number, "title": self.title,
                "title_ru": self.title_ru, "text_ru": self.text_ru, "summary_en": self.summary_en,
                "data": self.data, "position": self.position}


def _titled(row: Row) -> Row:
    """``row`` with its short English and Russian titles (:mod:`rules.titles`); a key without
    titles keeps the fallback title it was built with."""
    both = rule_titles.titles(row.key)
    if both is None:
        return row
    return replace(row, title=both[0], title_ru=both[1])


def _dragon_rows(mods: dict[str, object]) -> list[Row]:
    rows: list[Row] = []
    seed = mods.get("rules.engines.dragon.seed_texts")
    if seed is None:
        return rows
    for n, text in sorted(seed.DEFINITIONS.items()):
        rows.append(Row(f"D{n}", "dragon", "definition", n, f"Definition {n}", text, "", {}, 100 + n))
    base = mods.get("rules.engines.dragon.base_rules")
    for n, text in sorted(seed.BASE_RULES.items()):
        rule = base.BASE_RULES.get(n) if base else None
        rows.append(Row(f"B{n}", "dragon", "base_rule", n, f"Base rule {n}", text,
                        rule.summary if rule else "", {"implemented_in": rule.where} if rule else {},
                        200 + n))
    tables = mods.get("rules.engines.dragon.tables")
    if tables is not None:
        specs = (
            (1, "Table 1: dark deals by weekday (base rule 15)", tables.TABLE1_RU, None),
            (2, "Table 2: wild and dead ranks by hour (base rules 16-17)", tables.TABLE2_RU,
             {str(h): list(v) for h, v in tables.TABLE2.items()}),
            (3, "Table 3: home ranks by month (base rule 18)", tables.TABLE3_RU,
             {str(m): list(v) for m, v in tables.TABLE3.items()}),
        )
        for n, title, ru_rows, values in specs:
            data = {"rows_ru": {str(k): v for k, v in ru_rows.items()}}
            if values is not None:
                data["values"] = values
            rows.append(Row(f"T{n}", "dragon", "table", n, title, "\n".join(ru_rows.values()),
                            title, data, 300 + n))
    registry = {}
    base_mods = mods.get("rules.engines.dragon.modifiers.base")
    if base_mods is not None:
        registry = base_mods.registry()
    for n, text in sorted(seed.MODIFIERS.items()):
        mod = registry.get(n)
        data = {"implemented": mod is not None}
        if mod is not None:
            data.update({"group": mod.group, "kind": mod.kind, "reads": list(mod.reads),
                         "does": list(mod.does), "readings": list(mod.readings)})
        rows.append(Row(f"M{n}", "dragon", "modifier", n, f"Modifier {n}", text,
                        mod.summary if mod else "", data, 400 + n))
    hands = mods.get("rules.engines.dragon.hands")
    if hands is not None:
        for hand in hands.HANDS:
            text = hand.seed_name + (f" - {hand.seed_text}" if hand.seed_text else "")
            rows.append(Row(f"H{hand.number}", "dragon", "hand", hand.number,
                            f"{hand.number}. {hand.english}", text, hand.shape,
                            {"name": hand.name}, 600 + hand.number))
    return rows


def _doc_summary(module) -> str:
    """The first paragraph of an engine's docstring: what the game is, in a member's words (the
    rest speaks to developers)."""
    return (module.__doc__ or "").strip().split("\n\n", 1)[0].replace("\n", " ")


def _other_game_rows(mods: dict[str, object]) -> list[Row]:
    rows: list[Row] = []
    for game, module_name in OTHER_GAMES.items():
        module = mods.get(module_name)
        if module is None:
            continue
        rows.append(Row(game, game, "game_rule", 0, GAME_TITLES[game], "", _doc_summary(module), {}, 0))
        if game == "casino":
            for order, table in (("H", module.HANDS), ("book-H", module.BOOK_HANDS)):
                for hand in table:
                    label = "casino order" if order == "H" else "book order"
                    rows.append(Row(f"casino-{order}{hand.category}", game, "hand", hand.category,
                                    f"{hand.category}. {hand.name.replace('_', ' ')} ({label})", hand.ru,
                                    "", {"name": hand.name, "order": table.order},
                                    (0 if order == "H" else 100) + hand.category))
        elif game == "dice":
            for number, name in enumerate(module.CATEGORIES):
                rows.append(Row(f"dice-F{number}", game, "hand", number,
                                f"{number}. {name.replace('_', ' ')}", "",
                                "Dice poker figure, low to high", {"name": name}, number + 1))
        elif game == "tricks":
            schedule = [list(module.schedule(n)) for n in range(1, module.ROUNDS + 1)]
            rows.append(Row("tricks-schedule", game, "table", 1, "The 30 rounds: cards each and kind", "",
                            "Cards dealt to each player and the kind of every round.",
                            {"rounds": schedule}, 1))
        elif game == "draker":
            for number, kind in enumerate(module.KINDS, start=1):
                rows.append(Row(f"draker-K{number}", game, "hand", number, kind.replace("_", " "), "",
                                "A Draker combination kind", {"name": kind}, number))
    return rows


def expected_rows() -> list[Row]:
    """The rulebook rows the engines define, in page order."""
    mods = import_engines()
    return [_titled(row) for row in _dragon_rows(mods) + _other_game_rows(mods)]


_RULE_REF = re.compile(r"\b([BMHTD]\d{1,3})\b")


def expected_points() -> dict[str, dict]:
    """The interpretation points of the registry as row values (after importing the engines)."""
    import_engines()
    out = {}
    for point_id, point in registry().items():
        out[point_id] = {"game": point.game, "question": point.question,
                         "seed_reference": point.seed_reference, "default": point.default,
                         "readings": list(point.readings), "readings_help": dict(point.readings_help)}
    return out


def _rule_keys_of(point: dict) -> set[str]:
    if point["game"] != "dragon":
        return {point["game"]}
    return set(_RULE_REF.findall(point["seed_reference"]))


@transaction.atomic
def rulebook_sync() -> dict[str, int]:
    """Upsert the rulebook rows and interpretation points from the engines; rows the engines no
    longer define are deleted (interpretation points a precedent fixed are kept). Returns counts.
    Running it twice changes nothing. The archive's version moves on once for all of it."""
    with archive_cache.batched():
        return _sync()


def _sync() -> dict[str, int]:
    rows = expected_rows()
    existing = {e.key: e for e in RulebookEntry.objects.all()}
    created = updated = 0
    changed: list[RulebookEntry] = []
    for row in rows:
        values = row.values()
        entry = existing.get(row.key)
        if entry is None:
            entry = RulebookEntry.objects.create(key=row.key, **values)
            created += 1
            changed.append(entry)
        elif any(getattr(entry, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(entry, k, v)
            entry.save()
            updated += 1
            changed.append(entry)
    stale = set(existing) - {r.key for r in rows}
    deleted = 0
    if stale:
        stale_entries = RulebookEntry.objects.filter(key__in=stale, precedents__isnull=True)
        search.remove_entries([e.key for e in stale_entries])
        deleted, _ = stale_entries.delete()

    entries_by_key = {e.key: e for e in RulebookEntry.objects.all()}
    points = expected_points()
    known = {p.point_id: p for p in InterpretationPoint.objects.prefetch_related("rules")}
    points_changed = 0
    for point_id, values in points.items():
        point = known.get(point_id)
        if point is None:
            point = InterpretationPoint.objects.create(point_id=point_id, **values)
            points_changed += 1
        elif any(getattr(point, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(point, k, v)
            point.save()
            points_changed += 1
        wanted = {entries_by_key[k].pk for k in _rule_keys_of(values) if k in entries_by_key}
        if {e.pk for e in point.rules.all()} != wanted:
            point.rules.set(wanted)
    for point_id in set(known) - set(points):
        point = known[point_id]
        if not point.fixes.exists():
            point.delete()
    search.index_entries(changed)
    return {"created": created, "updated": updated, "deleted": deleted, "points": points_changed,
            "rows": len(rows), "point_count": len(points)}


def rulebook_differences() -> list[str]:
    """What differs between the database and the engines (empty after a sync)."""
    problems = []
    rows = {r.key: r for r in expected_rows()}
    stored = {e.key: e for e in RulebookEntry.objects.all()}
    for key in sorted(set(rows) - set(stored)):
        problems.append(f"missing rulebook entry {key}")
    for key in sorted(set(stored) - set(rows)):
        problems.append(f"rulebook entry {key} is not in the engines")
    for key in sorted(set(rows) & set(stored)):
        for k, v in rows[key].values().items():
            if getattr(stored[key], k) != v:
                problems.append(f"rulebook entry {key}: {k} differs")
    points = expected_points()
    stored_points = {p.point_id: p for p in InterpretationPoint.objects.all()}
    for point_id in sorted(set(points) - set(stored_points)):
        problems.append(f"missing interpretation point {point_id}")
    for point_id in sorted(set(stored_points) - set(points)):
        problems.append(f"interpretation point {point_id} is not in the registry")
    for point_id in sorted(set(points) & set(stored_points)):
        for k, v in points[point_id].items():
            if getattr(stored_points[point_id], k) != v:
                problems.append(f"interpretation point {point_id}: {k} differs")
    return problems
