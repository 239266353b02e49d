"""The shape of the imports, read from the source (no module is imported): no two modules of the
site import each other, directly or round a longer circle, not even from inside a function; and
nothing is built on a framework's private names (Django, DRF, allauth, Celery), which break
silently on an upgrade. The layers themselves are import-linter's (pyproject.toml, `make lint`)."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("club", "games", "rules")
FRAMEWORKS = ("django", "rest_framework", "allauth", "celery")


@dataclass(frozen=True)
class Import:
    module: str  # the importing module
    line: int
    target: str  # the module imported from ("django.db.models")
    names: tuple[str, ...]  # the names taken from it (empty for "import x")


def module_files() -> dict[str, Path]:
    """The site's modules by dotted name; migrations and files no import can name (a dot in the
    stem: gunicorn.conf.py) are left out."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts or "." in path.stem:
                continue
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _statements(nodes: Iterable[ast.AST]) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, however deep (in functions, classes, try and if blocks), except
    those under ``if TYPE_CHECKING:``, which never run."""
    for node in nodes:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _statements(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        yield from _statements(ast.iter_child_nodes(node))


def imports_of(name: str, path: Path) -> list[Import]:
    is_package = path.name == "__init__.py"
    found = []
    for node in _statements(ast.parse(path.read_text(encoding="utf-8"), str(path)).body):
        if isinstance(node, ast.Import):
            found += [Import(name, node.lineno, alias.name, ()) for alias in node.names]
            continue
        target = node.module or ""
        if node.level:
            base = name.split(".") if is_package else name.split(".")[:-1]
            base = base[:len(base) - (node.level - 1)]
            target = ".".join([*base, target] if target else base)
        found.append(Import(name, node.lineno, target, tuple(alias.name for alias in node.names)))
    return found


@functools.cache
def site_imports() -> dict[str, tuple[Import, ...]]:
    """Every site module's imports, read once for all the checks: module -> its imports."""
    return {name: tuple(imports_of(name, path)) for name, path in module_files().items()}


def import_graph() -> dict[str, dict[str, int]]:
    """module -> {a site module it imports: the first line that does}. ``from a import b`` is an
    import of a.b when that is a module, else of a."""
    modules = module_files()
    graph: dict[str, dict[str, int]] = {name: {} for name in modules}
    for name, imports in site_imports().items():
        for imp in imports:
            targets = [f"{imp.target}.{n}" if f"{imp.target}.{n}" in modules else imp.target for n in imp.names]
            for target in targets or [imp.target]:
                if target in modules and target != name:
                    graph[name].setdefault(target, imp.line)
    return graph


def knots(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The groups of modules that import each other round a circle: the strongly connected
    components of more than one module (Tarjan's), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a long chain of imports cannot reach Python's recursion limit.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(groups)


def circle_through(group: list[str], graph: dict[str, dict[str, int]]) -> list[str]:
    """A shortest circle from the group's first module back to itself, inside the group."""
    start, members = group[0], set(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(graph[node]):
            if child == start:
                return paths[node] + [start]
            if child in members and child not in paths:
                paths[child] = paths[node] + [child]
                queue.append(child)
    return group  # unreachable for a strongly connected group


def shown(group: list[str], graph: dict[str, dict[str, int]]) -> str:
    """A knot as a circle through it, with the line of each import, and how many modules it ties
    when the circle does not pass through them all."""
    circle = circle_through(group, graph)
    steps = " -> ".join(f"{a} (l.{graph[a][b]})" for a, b in zip(circle, circle[1:], strict=False))
    more = f"  [one circle of a knot of {len(group)}: {', '.join(group)}]" if len(group) > len(circle) - 1 else ""
    return f"{steps} -> {circle[-1]}{more}"


def private_imports(imports: Iterable[Import]) -> list[Import]:
    """The imports of a framework's private names (``from django.x import _y``, a ``_module`` on
    its path) and of any module whose path has ``internal`` in it."""
    found = []
    for imp in imports:
        parts = imp.target.split(".")
        internal = any("internal" in part for part in parts)
        private = parts[0] in FRAMEWORKS and (
            any(part.startswith("_") for part in parts) or any(n.startswith("_") for n in imp.names))
        if internal or private:
            found.append(imp)
    return found


def _listed(imports: Iterable[Import]) -> str:
    return "\n".join(f"  {imp.module} (l.{imp.line}): from {imp.target} import {', '.join(imp.names) or '*'}"
                     for imp in imports)


# --- the checks themselves ---------------------------------------------------------------------

def test_no_modules_import_each_other():
    graph = import_graph()
    found = knots(graph)
    assert not found, "modules that import each other (a circle; inside functions counts too):\n" + "\n".join(
        "  " + shown(group, graph) for group in found)


def test_nothing_imports_a_frameworks_private_names():
    found = private_imports(imp for imports in site_imports().values() for imp in imports)
    assert not found, "imports of private or internal framework names:\n" + _listed(found)


# --- the checks check: each finds what it is for ---------------------------------------------------

def test_a_circle_is_found_and_shown_with_its_lines():
    graph = {"a": {"b": 3}, "b": {"c": 7}, "c": {"a": 1}, "d": {"a": 2}}
    assert knots(graph) == [["a", "b", "c"]]
    assert shown(["a", "b", "c"], graph) == "a (l.3) -> b (l.7) -> c (l.1) -> a"
    # A knot wider than its shortest circle is named whole.
    graph = {"a": {"b": 1}, "b": {"a": 2, "c": 3}, "c": {"b": 4}}
    assert knots(graph) == [["a", "b", "c"]]
    assert shown(["a", "b", "c"], graph) == "a (l.1) -> b (l.2) -> a  [one circle of a knot of 3: a, b, c]"
    assert knots({"a": {"b": 1}, "b": {}}) == []


def test_imports_in_functions_count_and_type_checking_ones_do_not(tmp_path):
    path = tmp_path / "services.py"
    path.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from .models import Member\n"
        "def send():\n"
        "    from . import tasks\n"
        "    from django.db.models.sql.query import _get_col\n", encoding="utf-8")
    found = imports_of("club.services", path)
    assert [(imp.target, imp.names) for imp in found] == [
        ("typing", ("TYPE_CHECKING",)), ("club", ("tasks",)), ("django.db.models.sql.query", ("_get_col",))]


def test_private_and_internal_imports_are_found(tmp_path):
    path = tmp_path / "accounts.py"
    path.write_text(
        "from allauth.core.internal import ratelimit\n"
        "from allauth.account.adapter import get_adapter\n"
        "import django.db.models.sql.query as query\n"
        "from django.db.models import _Sentinel\n"
        "from celery.app import _state\n"
        "from games._private import x\n"
        "from .internal import y\n", encoding="utf-8")
    found = private_imports(imports_of("club.accounts", path))
    assert [imp.target for imp in found] == [
        "allauth.core.internal", "django.db.models", "celery.app", "club.internal"]
    assert _listed(found[:1]) == "  club.accounts (l.1): from allauth.core.internal import ratelimit"


def test_the_graph_names_modules_not_packages():
    graph = import_graph()
    # "from . import outbox" in club/tasks.py is an import of the module club.outbox.
    assert "club.outbox" in graph["club.tasks"]
    assert "club.services" in graph["club.tasks"] and "club.tasks" not in graph["club.services"]
