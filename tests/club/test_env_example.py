"""`.env.example` names every variable the code reads, with the code's own defaults.

The variables are found in the source itself: calls on the django-environ `Env` object
(`env("NAME")`, `env.str("NAME", default=...)`, `env.bool(...)`, `env.db_url(...)`, ...),
`os.environ.get("NAME")`, `os.environ["NAME"]`, `"NAME" in os.environ` and `os.getenv("NAME")` in
club/, games/, rules/ (club/gunicorn.conf.py included) and manage.py, and `$NAME` / `${NAME:-default}`
in the Procfile. The test suite's own switches (club/pytest_plugin.py, tests/) are not
configuration, and `os.environ.setdefault(...)` gives a variable to the process rather than reading
one. Each variable must also have a row in the README's variables tables.
"""

from __future__ import annotations

import ast
import functools
import operator
import re
from dataclasses import dataclass
from pathlib import Path

import environ

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / ".env.example"
SOURCE_DIRS = ("club", "games", "rules")
SOURCE_FILES = ("manage.py",)
NOT_CONFIGURATION = {Path("club/pytest_plugin.py")}
README_SECTIONS = ("Configuration", "Running the site for real")

EXAMPLE_LINE = re.compile(r"(?P<commented>#\s*)?(?P<name>[A-Z][A-Z0-9_]*)=(?P<value>.*)\Z")
PROCFILE_VARIABLE = re.compile(r"\$(?:\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)(?::?-(?P<default>[^}]*))?\}"
                               r"|(?P<bare>[A-Za-z_][A-Za-z0-9_]*))")
# django-environ's methods whose second positional argument is the default (list, tuple, dict and
# the call itself take a cast there).
DEFAULT_SECOND = {"str", "bytes", "bool", "int", "float", "json", "url", "path", "db_url", "db",
                  "cache_url", "cache", "email_url", "email", "search_url", "channels_url", "channels"}
CASTS = {"bool": bool, "int": int, "float": float, "list": list, "tuple": tuple, "str": str}


class Computed:
    """A default worked out when the code runs (a path, another variable, the cores)."""

    def __repr__(self):
        return "computed"


COMPUTED = Computed()
NO_DEFAULT = None


@dataclass(frozen=True)
class Read:
    name: str
    where: str  # file:line
    default: object = NO_DEFAULT  # a literal value, COMPUTED, or NO_DEFAULT
    cast: str = "raw"  # how the value is read: a django-environ method's name, or "raw"


ARITHMETIC = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
              ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Pow: operator.pow}


def arithmetic(node: ast.expr) -> object:
    """A default written as arithmetic on numbers (`60 * 60 * 24 * 30`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -arithmetic(node.operand)
    if isinstance(node, ast.BinOp) and type(node.op) in ARITHMETIC:
        return ARITHMETIC[type(node.op)](arithmetic(node.left), arithmetic(node.right))
    raise ValueError(node)


def literal(node: ast.expr) -> object:
    for evaluate in (ast.literal_eval, arithmetic):
        try:
            return evaluate(node)
        except ValueError:
            pass
    return COMPUTED


def is_os_environ(node: ast.expr, environ_names: set[str]) -> bool:
    return ((isinstance(node, ast.Attribute) and node.attr == "environ"
             and isinstance(node.value, ast.Name) and node.value.id == "os")
            or (isinstance(node, ast.Name) and node.id in environ_names))


def reads_in_python(source: str, filename: str) -> tuple[list[Read], list[str]]:
    """The variables a module reads, and the places that read one under a name not written out."""
    tree = ast.parse(source, filename)
    env_objects: set[str] = set()  # names bound to a django-environ Env()
    environ_names: set[str] = set()  # `from os import environ`
    getenv_names: set[str] = set()  # `from os import getenv`
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "os":
            for alias in node.names:
                if alias.name == "environ":
                    environ_names.add(alias.asname or alias.name)
                elif alias.name == "getenv":
                    getenv_names.add(alias.asname or alias.name)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            func = node.value.func
            if (isinstance(func, ast.Attribute) and func.attr == "Env") or (
                    isinstance(func, ast.Name) and func.id == "Env"):
                env_objects.update(t.id for t in node.targets if isinstance(t, ast.Name))

    reads: list[Read] = []
    unnamed: list[str] = []

    def found(name_node: ast.expr, at: ast.AST, default=NO_DEFAULT, cast="raw"):
        where = f"{filename}:{at.lineno}"
        if isinstance(name_node, ast.Constant) and isinstance(name_node.value, str):
            reads.append(Read(name_node.value, where, default, cast))
        else:
            unnamed.append(where)

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            keywords = {k.arg: k.value for k in node.keywords}
            if isinstance(func, ast.Name) and func.id in env_objects:
                # env("NAME", cast=..., default=...)
                default = literal(keywords["default"]) if "default" in keywords else NO_DEFAULT
                cast = keywords.get("cast", node.args[1] if len(node.args) > 1 else None)
                found(node.args[0], node, default, cast.id if isinstance(cast, ast.Name) else "str")
            elif (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                  and func.value.id in env_objects):
                # env.int("NAME", default=...), env.db_url("DATABASE_URL"), ...
                if "default" in keywords:
                    default = literal(keywords["default"])
                elif func.attr in DEFAULT_SECOND and len(node.args) > 1:
                    default = literal(node.args[1])
                else:
                    default = NO_DEFAULT
                found(node.args[0], node, default, func.attr)
            elif (isinstance(func, ast.Attribute) and func.attr == "get"
                  and is_os_environ(func.value, environ_names)) or (
                    isinstance(func, ast.Attribute) and func.attr == "getenv"
                    and isinstance(func.value, ast.Name) and func.value.id == "os") or (
                    isinstance(func, ast.Name) and func.id in getenv_names):
                # os.environ.get("NAME", default), os.getenv("NAME", default)
                default = literal(node.args[1]) if len(node.args) > 1 else NO_DEFAULT
                found(node.args[0], node, default)
        elif (isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load)
              and is_os_environ(node.value, environ_names)):
            found(node.slice, node)  # os.environ["NAME"]: no default
        elif (isinstance(node, ast.Compare) and len(node.ops) == 1
              and isinstance(node.ops[0], ast.In | ast.NotIn)
              and is_os_environ(node.comparators[0], environ_names)):
            found(node.left, node)  # "NAME" in os.environ
    return reads, unnamed


def reads_in_procfile(text: str, filename: str) -> list[Read]:
    reads = []
    for number, line in enumerate(text.splitlines(), 1):
        for match in PROCFILE_VARIABLE.finditer(line):
            name = match["braced"] or match["bare"]
            default = match["default"] if match["default"] is not None else NO_DEFAULT
            reads.append(Read(name, f"{filename}:{number}", default))
    return reads


def python_sources() -> list[Path]:
    files = [path for folder in SOURCE_DIRS for path in sorted((ROOT / folder).rglob("*.py"))]
    files += [ROOT / name for name in SOURCE_FILES]
    return [path for path in files if path.relative_to(ROOT) not in NOT_CONFIGURATION]


@functools.cache
def code_reads() -> tuple[dict[str, list[Read]], list[str]]:
    """Every read of a variable in the code, by name, and the reads under a name not written out:
    parsed once for the tests of this module, which only look at them."""
    by_name: dict[str, list[Read]] = {}
    unnamed: list[str] = []
    for path in python_sources():
        reads, others = reads_in_python(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
        unnamed += others
        for read in reads:
            by_name.setdefault(read.name, []).append(read)
    procfile = ROOT / "Procfile"
    if procfile.exists():
        for read in reads_in_procfile(procfile.read_text(encoding="utf-8"), "Procfile"):
            by_name.setdefault(read.name, []).append(read)
    return by_name, unnamed


@dataclass(frozen=True)
class Entry:
    name: str
    value: str
    commented: bool
    line: int
    says: str  # the comment line before it


def unquoted(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return value


def example_entries() -> tuple[dict[str, Entry], list[str]]:
    """The variables `.env.example` names (set or commented out), and what is wrong with its shape."""
    entries: dict[str, Entry] = {}
    problems: list[str] = []
    if not EXAMPLE.exists():
        return entries, [f"{EXAMPLE.name} is missing at the repository root"]
    previous = ""
    for number, line in enumerate(EXAMPLE.read_text(encoding="utf-8").splitlines(), 1):
        match = EXAMPLE_LINE.match(line.strip())
        if match:
            name = match["name"]
            if name in entries:
                problems.append(f"line {number}: {name} is already on line {entries[name].line}")
            if not previous.startswith("#") or EXAMPLE_LINE.match(previous):
                problems.append(f"line {number}: {name} has no line before it saying what it does")
            entries[name] = Entry(name, unquoted(match["value"].strip()), bool(match["commented"]), number,
                                  previous.lstrip("#").strip())
        previous = line.strip()
    return entries, problems


def test_the_finder_sees_every_way_of_reading_a_variable():
    source = '''
import os
import environ
from os import environ as process_env, getenv
env = environ.Env()
environ.Env.read_env("/somewhere/.env")
DEBUG = env.bool("A_BOOL", default=False)
B = env("A_CALL", default="x")
C = env.list("A_LIST", default=["a", "b"])
D = env.db_url("A_URL")
E = env.str("A_COMPUTED", default=str(BASE_DIR))
F = os.environ.get("A_GET", "30")
G = os.environ["A_SUBSCRIPT"]
H = os.getenv("A_GETENV")
I = "A_MEMBER" in os.environ
J = process_env.get("A_IMPORTED")
K = getenv("A_GETENV_IMPORTED", "k")
L = env.int("A_POSITIONAL", 7)
os.environ.setdefault("NOT_READ", "x")
os.environ["NOT_READ_EITHER"] = "y"
M = env.str(name_from_somewhere)
O = env.int("A_PRODUCT", default=60 * 60 * 24)
settings = {"key": "value"}
N = settings.get("NOT_THE_ENVIRONMENT")
'''
    reads, unnamed = reads_in_python(source, "sample.py")
    found = {read.name: (read.default, read.cast) for read in reads}
    assert found == {
        "A_BOOL": (False, "bool"), "A_CALL": ("x", "str"), "A_LIST": (["a", "b"], "list"),
        "A_URL": (NO_DEFAULT, "db_url"), "A_COMPUTED": (COMPUTED, "str"), "A_GET": ("30", "raw"),
        "A_SUBSCRIPT": (NO_DEFAULT, "raw"), "A_GETENV": (NO_DEFAULT, "raw"),
        "A_MEMBER": (NO_DEFAULT, "raw"), "A_IMPORTED": (NO_DEFAULT, "raw"),
        "A_GETENV_IMPORTED": ("k", "raw"), "A_POSITIONAL": (7, "int"), "A_PRODUCT": (86400, "int"),
    }
    assert unnamed == ["sample.py:21"]
    procfile = "web: gunicorn --bind 0.0.0.0:${PORT:-8000}\nworker: celery --concurrency=$CONCURRENCY\n"
    assert {(r.name, r.default) for r in reads_in_procfile(procfile, "Procfile")} == {
        ("PORT", "8000"), ("CONCURRENCY", NO_DEFAULT)}


def test_the_code_reads_its_variables_by_name():
    by_name, unnamed = code_reads()
    assert not unnamed, ("a variable is read under a name not written out, which nothing can list: "
                         + ", ".join(unnamed))
    # Every kind of source is seen: the settings, gunicorn's file and the Procfile.
    assert {"SECRET_KEY", "GUNICORN_BIND", "CELERY_CONCURRENCY"} <= set(by_name)


def test_every_variable_the_code_reads_is_in_the_example():
    by_name, _ = code_reads()
    entries, _ = example_entries()
    missing = sorted(set(by_name) - set(entries))
    assert not missing, f"{EXAMPLE.name} lacks variables the code reads:\n" + "\n".join(
        f"  {name} (read at {', '.join(read.where for read in by_name[name])})" for name in missing)


def test_every_variable_in_the_example_is_read():
    by_name, _ = code_reads()
    entries, _ = example_entries()
    unread = sorted(set(entries) - set(by_name))
    assert not unread, f"{EXAMPLE.name} names variables nothing reads: " + ", ".join(
        f"{name} (line {entries[name].line})" for name in unread)


def test_each_example_line_says_what_it_does_once():
    _, problems = example_entries()
    assert not problems, f"{EXAMPLE.name}:\n" + "\n".join(problems)


def agrees(value: str, default: object, cast: str) -> bool:
    """Whether the example's value reads as the code's default does."""
    if cast in CASTS:
        try:
            return environ.Env.parse_value(value, CASTS[cast]) == default
        except ValueError:
            return False
    return value == str(default)


def test_the_example_sets_the_code_defaults():
    """A line set in the example gives the default the code has: copied as it is, the file changes
    nothing. A variable with no default, or one worked out at run time, is left commented out."""
    by_name, _ = code_reads()
    entries, _ = example_entries()
    wrong = []
    for name, entry in sorted(entries.items()):
        if entry.commented or name not in by_name:
            continue
        for read in by_name[name]:
            if read.default is COMPUTED:
                wrong.append(f"{name} (line {entry.line}): its default is worked out at {read.where}: "
                             f"comment it out")
            elif read.default is NO_DEFAULT:
                if read.cast != "raw":
                    wrong.append(f"{name} (line {entry.line}): {read.where} gives no default: comment it out")
            elif read.cast == "raw" and read.default == "":
                continue  # os.environ.get("NAME", ""): unset, whatever the value would mean
            elif not agrees(entry.value, read.default, read.cast):
                wrong.append(f"{name}={entry.value} (line {entry.line}), but {read.where} "
                             f"defaults to {read.default!r}")
    assert not wrong, f"{EXAMPLE.name}:\n" + "\n".join(wrong)


def readme_table_variables() -> set[str]:
    """The names in the rows of the tables headed `| variable | ...` in the README's sections."""
    names: set[str] = set()
    section = None
    in_table = in_code = header = False
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        heading = re.match(r"(#{1,2}) (.*)", line)
        if heading and not in_code:
            section = heading[2].strip()
        if not line.startswith("|"):
            in_table = False
            continue
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if not in_table:
            in_table = True
            header = cells[0].lower() == "variable" and section in README_SECTIONS
        elif header:
            names.update(re.findall(r"`([A-Z][A-Z0-9_]*)`", line))
    return names


def test_every_example_variable_has_a_row_in_the_readme():
    entries, _ = example_entries()
    documented = readme_table_variables()
    assert documented, "no variables table found in the README's sections " + ", ".join(README_SECTIONS)
    lacking = sorted(set(entries) - documented)
    assert not lacking, (
        f"variables in {EXAMPLE.name} without a row in the README's variables tables "
        f"({' / '.join(README_SECTIONS)}):\n" + "\n".join(
            f"  {name} ({'commented out' if entries[name].commented else entries[name].value}): "
            f"{entries[name].says}" for name in lacking))
