"""The interpretation-point registry, pinned: every engine's points (ids, games, questions, seed
references, defaults, alternatives and reading help) must equal the committed snapshot, so moving
where a point is declared cannot change what the precedent archive loads.

Regenerate the snapshot only for a deliberate change of the points:
    .venv/bin/python -m tests.engines.test_registry_snapshot
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from pathlib import Path

SNAPSHOT = Path(__file__).resolve().parent / "data" / "registry_snapshot.json"


def current() -> dict[str, dict]:
    # Every engine registers its points at import time: import every engine module, so the
    # snapshot does not depend on which modules other tests happened to load.
    import rules.engines
    from rules.engines import readings
    from rules.engines.dragon.modifiers import base

    for module in pkgutil.walk_packages(rules.engines.__path__, "rules.engines."):
        importlib.import_module(module.name)

    base.registry()  # loads every modifier group and so its points
    return {
        point_id: {
            "game": point.game,
            "question": point.question,
            "seed_reference": point.seed_reference,
            "default": point.default,
            "alternatives": list(point.alternatives),
            "readings_help": dict(point.readings_help),
        }
        for point_id, point in readings.registry().items()
    }


def test_registry_matches_snapshot():
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    found = current()
    assert sorted(found) == sorted(expected), (
        f"missing {sorted(set(expected) - set(found))}, new {sorted(set(found) - set(expected))}")
    for point_id, record in expected.items():
        assert found[point_id] == record, point_id
    # Reading help keeps its order too (the archive lists readings in it).
    assert json.dumps(found, ensure_ascii=False) == json.dumps(expected, ensure_ascii=False)


def test_snapshot_is_not_empty():
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    games = {record["game"] for record in expected.values()}
    assert len(expected) > 250 and "dragon" in games


if __name__ == "__main__":
    SNAPSHOT.write_text(json.dumps(current(), ensure_ascii=False, indent=1, sort_keys=False) + "\n",
                        encoding="utf-8")
