"""No framework's private names in the site's code, read from the source: they break silently on
an upgrade (conventions, "Speed": never build on a framework's private names). Two checks over
every module of club/, games/, rules/ and bench/ (migrations left out):

* An attribute ``x._name`` (one leading underscore, not a dunder) is read or written only when the
  project defines ``_name`` itself: a function, method or class of that name, a class attribute,
  an attribute set on ``self`` or ``cls`` (``setattr(self, ...)`` and a frozen class's
  ``object.__setattr__(self, ...)`` too), a ``__slots__`` entry or a module-level name. Any other one is a framework's: ``qs._result_cache = []``,
  ``deal._prefetched_objects_cache`` or ``getattr(deal, "_prefetched_objects_cache", None)``.
  Whatever ``x`` is: ``self._get_version_parameter()`` in a subclass of a framework's view is the
  framework's name too.

  Allowed by name, as documented API despite the underscore: ``_meta`` (Django's "Model _meta
  API", docs/ref/models/meta), ``_default_manager`` (Django's "Managers": code that handles any
  model reaches its rows through it), ``_change_reason`` (django-simple-history: how a save states
  why it was made) and namedtuple's ``_replace``, ``_asdict``, ``_fields``, ``_make`` (Python's
  collections docs).
* A class that inherits from a framework's class (Django, DRF, drf-spectacular, allauth, Celery,
  django-filter and the other apps below) defines no method or attribute ``_name`` the framework's
  class has: an override of drf-spectacular's ``_get_schema_response``. Each base is found from
  the module's imports and imported here (pytest-django has set Django up), and the name is looked
  up along its MRO: a helper a project base class defines itself is the project's.

The import rules (no import of ``django.x._y``, no circles) are tests/test_import_structure.py's.
"""

from __future__ import annotations

import ast
import functools
import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("club", "games", "rules", "bench")
FRAMEWORKS = ("django", "rest_framework", "drf_spectacular", "allauth", "celery", "django_filters",
              "knox", "simple_history", "django_htmx", "kombu")
# Documented API that starts with an underscore (see the module's docstring).
DOCUMENTED = frozenset({"_meta", "_default_manager", "_change_reason",
                        "_replace", "_asdict", "_fields", "_make"})


@dataclass(frozen=True)
class Source:
    module: str  # dotted name, for relative imports ("club.schema")
    path: Path
    tree: ast.Module


@dataclass(frozen=True)
class Finding:
    path: Path
    line: int
    what: str

    def __str__(self) -> str:
        try:
            shown = self.path.relative_to(ROOT)
        except ValueError:
            shown = self.path
        return f"  {shown}:{self.line}: {self.what}"


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and len(name) > 1


def source_of(path: Path, module: str) -> Source:
    return Source(module, path, ast.parse(path.read_text(encoding="utf-8"), str(path)))


@functools.cache
def project_sources() -> tuple[Source, ...]:
    """Every module of the project, parsed once for all the checks (they only read the trees)."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            found.append(source_of(path, ".".join(parts[:-1] if parts[-1] == "__init__" else parts)))
    return tuple(found)


# --- what the project defines -------------------------------------------------------------------

def _named_attribute(call: ast.Call) -> str | None:
    """The attribute a call names by a string, as ``getattr(x, "_name")`` does."""
    if len(call.args) >= 2 and isinstance(call.args[1], ast.Constant) and isinstance(call.args[1].value, str):
        return call.args[1].value
    return None


def _assigned_names(statement: ast.stmt) -> Iterable[str]:
    targets: list[ast.expr] = []
    if isinstance(statement, ast.Assign):
        targets = statement.targets
    elif isinstance(statement, ast.AnnAssign | ast.AugAssign):
        targets = [statement.target]
    for target in targets:
        for node in ast.walk(target):
            if isinstance(node, ast.Name):
                yield node.id


def defined_names(sources: Iterable[Source]) -> set[str]:
    """The private names the project's own source defines (see the module's docstring)."""
    names: set[str] = set()
    for source in sources:
        for node in ast.walk(source.tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            if isinstance(node, ast.Module | ast.ClassDef):
                for statement in node.body:
                    names.update(_assigned_names(statement))
                    if isinstance(statement, ast.Assign) and "__slots__" in _assigned_names(statement):
                        names.update(c.value for c in ast.walk(statement.value)
                                     if isinstance(c, ast.Constant) and isinstance(c.value, str))
            if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                    and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                names.add(node.attr)
            # setattr(self, "_x", ...) and object.__setattr__(self, "_x", ...) (a frozen class)
            if (isinstance(node, ast.Call) and _named_attribute(node) is not None
                    and isinstance(node.args[0], ast.Name) and node.args[0].id in ("self", "cls")
                    and ((isinstance(node.func, ast.Name) and node.func.id == "setattr")
                         or (isinstance(node.func, ast.Attribute) and node.func.attr == "__setattr__"))):
                names.add(node.args[1].value)
    return {name for name in names if is_private(name)}


# --- the first check: x._name -------------------------------------------------------------------

def _framework_private(name: str | None, defined: set[str]) -> bool:
    return name is not None and is_private(name) and name not in defined and name not in DOCUMENTED


def private_attributes(sources: Iterable[Source], defined: set[str]) -> list[Finding]:
    """``x._name`` and ``getattr(x, "_name")`` (``hasattr``, ``setattr``, ``delattr``) of a name
    the project does not define."""
    found = []
    for source in sources:
        for node in ast.walk(source.tree):
            if isinstance(node, ast.Attribute) and _framework_private(node.attr, defined):
                verb = "writes" if isinstance(node.ctx, ast.Store | ast.Del) else "reads"
                found.append(Finding(source.path, node.lineno, f"{verb} {ast.unparse(node)}"))
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id in ("getattr", "hasattr", "setattr", "delattr")
                  and _framework_private(_named_attribute(node), defined)):
                verb = "writes" if node.func.id in ("setattr", "delattr") else "reads"
                found.append(Finding(source.path, node.lineno, f"{verb} {ast.unparse(node)}"))
    return sorted(found, key=lambda f: (str(f.path), f.line))


# --- the second check: a framework's private method overridden ----------------------------------------

def _bindings(source: Source) -> dict[str, tuple[str, str | None]]:
    """name -> (module, attribute or None) for every name the module's imports bind."""
    package = source.module.split(".")
    if source.path.name != "__init__.py":
        package = package[:-1]
    bound: dict[str, tuple[str, str | None]] = {}
    for node in ast.walk(source.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = (alias.name, None)
                else:
                    root = alias.name.split(".")[0]
                    bound[root] = (root, None)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package[:len(package) - (node.level - 1)]
                module = ".".join([*base, module] if module else base)
            for alias in node.names:
                bound[alias.asname or alias.name] = (module, alias.name)
    return bound


def _dotted(node: ast.expr) -> list[str] | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return [node.id, *reversed(parts)]


def _imported(module: str, attribute: str | None):
    found = importlib.import_module(module)
    if attribute is None:
        return found
    try:
        return getattr(found, attribute)
    except AttributeError:
        return importlib.import_module(f"{module}.{attribute}")


def _bases(expr: ast.expr, bound, classes: dict[str, ast.ClassDef], seen: frozenset[str] = frozenset()) -> list[type]:
    """The classes ``expr`` (a class's base) names, imported; a class of the same module stands
    for its own bases."""
    parts = _dotted(expr)
    if parts is None:
        return []
    root, rest = parts[0], parts[1:]
    if root in classes and root not in bound and not rest:
        if root in seen:
            return []
        return [found for base in classes[root].bases for found in _bases(base, bound, classes, seen | {root})]
    if root not in bound:
        return []
    try:
        found = _imported(*bound[root])
        for name in rest:
            found = getattr(found, name)
    except (ImportError, AttributeError):
        return []
    return [found] if isinstance(found, type) else []


def _framework(cls: type) -> bool:
    return cls.__module__.split(".")[0] in FRAMEWORKS


def _class_names(node: ast.ClassDef) -> Iterable[tuple[int, str]]:
    for statement in node.body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            yield statement.lineno, statement.name
        else:
            for name in _assigned_names(statement):
                yield statement.lineno, name


def framework_overrides(sources: Iterable[Source]) -> list[Finding]:
    found = []
    for source in sources:
        bound = _bindings(source)
        classes = {node.name: node for node in ast.walk(source.tree) if isinstance(node, ast.ClassDef)}
        for node in classes.values():
            names = [(line, name) for line, name in _class_names(node) if is_private(name)]
            if not names:
                continue
            bases = [found for base in node.bases for found in _bases(base, bound, classes)]
            for line, name in names:
                for base in bases:
                    owner = next((cls for cls in base.__mro__ if name in vars(cls)), None)
                    if owner is not None and _framework(owner):
                        found.append(Finding(source.path, line, f"{node.name}.{name} overrides "
                                                                f"{owner.__module__}.{owner.__qualname__}.{name}"))
                        break
    return found


def _listed(found: Iterable[Finding]) -> str:
    return "\n".join(str(finding) for finding in found)


# --- the checks themselves ---------------------------------------------------------------------

def test_the_code_touches_no_frameworks_private_attributes():
    sources = project_sources()
    found = private_attributes(sources, defined_names(sources))
    assert not found, "a framework's private names (use its public API):\n" + _listed(found)


def test_no_class_overrides_a_frameworks_private_method():
    found = framework_overrides(project_sources())
    assert not found, "overrides of a framework's private names (use its public hooks):\n" + _listed(found)


# --- the checks check: each finds what it is for ---------------------------------------------------

def _sample(tmp_path: Path, name: str, text: str, module: str = "club.sample") -> Source:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return source_of(path, module)


def test_a_faked_prefetch_is_found(tmp_path):
    source = _sample(tmp_path, "sitting.py", (
        "def _cards_of(deal, qs):\n"
        "    qs._result_cache = []\n"
        "    cache = deal._prefetched_objects_cache\n"
        "    if getattr(deal, '_prefetched_objects_cache', None) is None:\n"
        "        setattr(deal, '_prefetch_done', True)\n"
        "    return _cards_of, cache\n"))
    found = private_attributes([source], defined_names([source]))
    assert [(f.line, f.what) for f in found] == [
        (2, "writes qs._result_cache"), (3, "reads deal._prefetched_objects_cache"),
        (4, "reads getattr(deal, '_prefetched_objects_cache', None)"),
        (5, "writes setattr(deal, '_prefetch_done', True)")]
    assert str(found[0]) == f"  {tmp_path / 'sitting.py'}:2: writes qs._result_cache"


def test_the_projects_own_private_names_and_documented_ones_pass(tmp_path):
    source = _sample(tmp_path, "helpers.py", (
        "from collections import namedtuple\n"
        "_KEPT = {}\n"
        "def _helper():\n"
        "    return 1\n"
        "class Kept:\n"
        "    __slots__ = ('_slot',)\n"
        "    _documents: dict = {}\n"
        "    def __init__(self):\n"
        "        self._seen = set()\n"
        "        self.__private = 1\n"
        "def use(other, model, parts):\n"
        "    other._helper(); Kept._documents.clear(); other._seen.add(1); other._slot\n"
        "    module._KEPT; model._meta.get_field('pk'); model._default_manager.all()\n"
        "    return parts._replace(query='')\n"))
    assert private_attributes([source], defined_names([source])) == []
    # The same uses are a framework's where the project does not define them.
    bare = _sample(tmp_path, "bare.py", "def use(other):\n    return other._helper, other._seen\n")
    assert [f.what for f in private_attributes([bare], defined_names([bare]))] == [
        "reads other._helper", "reads other._seen"]


def test_a_framework_name_on_self_is_found_too(tmp_path):
    source = _sample(tmp_path, "schema.py", (
        "from drf_spectacular.views import SpectacularAPIView\n"
        "class View(SpectacularAPIView):\n"
        "    def get_schema(self, request):\n"
        "        return self._get_version_parameter(request)\n"))
    found = private_attributes([source], defined_names([source]))
    assert [(f.line, f.what) for f in found] == [(4, "reads self._get_version_parameter")]


def test_an_override_of_a_frameworks_private_method_is_found(tmp_path):
    source = _sample(tmp_path, "schema.py", (
        "from drf_spectacular import views\n"
        "from drf_spectacular.views import SpectacularAPIView\n"
        "from rest_framework import serializers\n"
        "class CachedSchemaView(SpectacularAPIView):\n"
        "    _documents = {}\n"
        "    def _get_schema_response(self, request):\n"
        "        return None\n"
        "    def _own_helper(self):\n"
        "        return None\n"
        "class Middle(views.SpectacularAPIView):\n"
        "    pass\n"
        "class Deeper(Middle):\n"
        "    def _get_filename(self, request, version):\n"
        "        return ''\n"
        "class Input(serializers.Serializer):\n"
        "    _declared_fields = {}\n"))
    found = framework_overrides([source])
    assert [(f.line, f.what) for f in found] == [
        (6, "CachedSchemaView._get_schema_response overrides "
            "drf_spectacular.views.SpectacularAPIView._get_schema_response"),
        (13, "Deeper._get_filename overrides drf_spectacular.views.SpectacularAPIView._get_filename"),
        (16, "Input._declared_fields overrides rest_framework.serializers.Serializer._declared_fields"),
    ]


def test_a_project_base_classs_own_helpers_are_the_projects(tmp_path):
    # club.api_serializers.ModelSerializer is the project's, over DRF's: a helper of its own is
    # no framework's, while DRF's private names stay DRF's through it.
    source = _sample(tmp_path, "api.py", (
        "from club.api_serializers import ModelSerializer\n"
        "class Rows(ModelSerializer):\n"
        "    def _rows(self):\n"
        "        return []\n"
        "    def _get_model_fields(self):\n"
        "        return {}\n"), module="club.api_rows")
    found = framework_overrides([source])
    assert [(f.line, f.what.split(" overrides ")[0]) for f in found] == [(5, "Rows._get_model_fields")]
