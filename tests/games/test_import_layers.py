"""The engine's face and the services, read from the source: the face reads nothing (pure functions
over what games.sitting read), and no service imports the tasks that call it. That no two modules
import each other is tests/test_import_structure.py's, the layers import-linter's (pyproject.toml)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _imported(module: str) -> set[str]:
    """Every module ``module`` imports, wherever the import stands (inside a function or a
    TYPE_CHECKING block too: either ties the modules all the same), relative imports resolved."""
    path = ROOT.joinpath(*module.split(".")).with_suffix(".py")
    is_package = not path.exists()
    if is_package:
        path = ROOT.joinpath(*module.split("."), "__init__.py")
    here = module.split(".") if is_package else module.split(".")[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*here[:len(here) - node.level + 1], *([node.module] if node.module else [])])
            out |= {base, *(f"{base}.{alias.name}" for alias in node.names)}
    return out


def test_the_engines_face_reads_nothing():
    """No model, no query, no selector of the archive, and not the sitting's reader itself."""
    read = ("games.models", "games.sitting", "games.selectors", "rules.selectors", "rules.models", "django.db")
    assert {name for name in _imported("games.engine") if name.startswith(read)} == set()


def test_the_reader_of_a_sitting_finds_its_imports():
    """The check above sees what it looks for: games.sitting reads the models and the archive."""
    assert {"games.models", "rules.selectors", "games.engine"} <= _imported("games.sitting")


SERVICE_PACKAGES = ("club.services", "rules.services", "games.services", "games.tables.services",
                    "games.tournaments.services")
SERVICES = [f"{package}.{p.stem}" if p.stem != "__init__" else package for package in SERVICE_PACKAGES
            for p in sorted(ROOT.joinpath(*package.split(".")).glob("*.py"))]
TASKS = ("club.tasks", "rules.tasks", "games.tasks", "games.tournaments.tasks")


@pytest.mark.parametrize("module", SERVICES)
def test_no_service_imports_the_tasks_that_call_it(module):
    """The tasks import the services; a service enqueues a task by its name (club.task_names,
    games.task_names, ...)."""
    assert {name for name in _imported(module) if name.startswith(TASKS)} == set()
