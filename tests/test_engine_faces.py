"""Each engine family has one face in the app that uses it, and nothing else imports
``rules.engines``: read from the source (no module is imported). A face names what it exports
(``__all__``, no star import) and reads nothing: it imports the engines and the standard library
only. The contract itself is import-linter's (pyproject.toml, ``engine-faces``); these checks keep
its list of faces and the faces' shape honest."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

from tests.test_import_structure import ROOT, imports_of, module_files

# The faces of the engine families (Dragon Poker's, games.engine, has its own test of what it
# reads: tests/games/test_import_layers.py). The API's answer to an engine's refusal,
# rules.api_errors, is the one other way in.
FACES = {
    "games.engine": "Dragon Poker",
    "games.tables.engines": "the engines' refusal for the table games",
    "games.tables.engines.casino": "the casino variant",
    "games.tables.engines.dice": "dice poker",
    "games.tables.engines.draker": "Draker combinations",
    "games.tournaments.engine": "the trick game",
    "rules.engine_face": "the rules archive",
}
PURE_FACES = sorted(set(FACES) - {"games.engine"})
STANDARD_LIBRARY = ("__future__", "importlib")


def _is_engine(target: str) -> bool:
    return target == "rules.engines" or target.startswith("rules.engines.")


def _allowed_importers() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "engine-faces")
    return set(contract["allowed_importers"])


def _within(module: str, packages: set[str]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def engine_importers(modules: dict[str, Path]) -> dict[str, int]:
    """Every module outside ``rules.engines`` that imports it, with the first line that does
    (inside a function too)."""
    found: dict[str, int] = {}
    for name, path in modules.items():
        if _is_engine(name):
            continue
        for imp in imports_of(name, path):
            if _is_engine(imp.target) or (imp.target == "rules" and "engines" in imp.names):
                found.setdefault(name, imp.line)
    return found


def test_the_contract_lets_in_exactly_the_faces():
    faces = {name for name in FACES if not _within(name, set(FACES) - {name})}
    assert _allowed_importers() == {"rules.engines", "rules.api_errors", *faces}


def test_nothing_but_a_face_imports_the_engines():
    allowed = _allowed_importers()
    strays = {name: line for name, line in engine_importers(module_files()).items() if not _within(name, allowed)}
    assert not strays, "modules importing rules.engines beside the faces:\n" + "\n".join(
        f"  {name} (l.{line})" for name, line in sorted(strays.items()))


def test_every_face_imports_the_engines():
    assert set(FACES) <= set(engine_importers(module_files()))


@pytest.mark.parametrize("face", PURE_FACES)
def test_a_face_reads_nothing(face):
    """The engines and the standard library only: no model, selector, cache or framework."""
    imported = {imp.target for imp in imports_of(face, module_files()[face])}
    assert {t for t in imported if not _is_engine(t) and t not in STANDARD_LIBRARY} == set()


@pytest.mark.parametrize("face", sorted(FACES))
def test_a_face_names_what_it_exports(face):
    """A docstring, an ``__all__`` of names the face binds, and no star import; a face that only
    names the engine's values exports every name it takes from the engines (Dragon Poker's face
    also keeps the engine's parts it maps the documents to)."""
    tree = ast.parse(module_files()[face].read_text(encoding="utf-8"))
    assert ast.get_docstring(tree)
    exported = next(ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets))
    bound, from_engines = set(), set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            names = {alias.asname or alias.name for alias in node.names}
            assert "*" not in names, f"{face} re-exports with a star"
            bound |= names
            if _is_engine(node.module or ""):
                from_engines |= names
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            bound |= {t.id for t in targets if isinstance(t, ast.Name)}
    assert set(exported) <= bound
    if face in PURE_FACES:
        assert from_engines <= set(exported)


def test_the_checks_find_a_stray_importer(tmp_path):
    """The importer check sees an engine import hidden in a function and a package's import of
    the engines as a name."""
    page = tmp_path / "page.py"
    page.write_text("def hand(category):\n    from rules.engines.dragon import HANDS\n    return HANDS[category]\n",
                    encoding="utf-8")
    other = tmp_path / "other.py"
    other.write_text("from rules import engines\n", encoding="utf-8")
    found = engine_importers({"games.page": page, "rules.other": other, "rules.engines.cards": page})
    assert found == {"games.page": 2, "rules.other": 1}
