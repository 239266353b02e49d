"""No module of the site is over 800 lines: a longer one is split along a seam a reader can name
(the modifiers by the seed's numbering, the dice rolls apart from the match ...). The evaluator's
three modules are exempt, and so are the generated migrations."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("club", "games", "rules")
LIMIT = 800

# The evaluator's modules (evaluator.py and the two it delegates to).
EXEMPT = frozenset({
    "rules/engines/dragon/evaluator.py",
    "rules/engines/dragon/eval_flex.py",
    "rules/engines/dragon/eval_core.py",
})


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def oversized(root: Path, exempt: frozenset[str] = EXEMPT) -> dict[str, int]:
    """Every module under the site's packages in ``root`` that is over the limit, by its path from
    ``root``, with its line count; migrations and the ``exempt`` paths are left out."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            if "migrations" in path.relative_to(root).parts or name in exempt:
                continue
            lines = line_count(path)
            if lines > LIMIT:
                found[name] = lines
    return found


def test_no_module_is_over_800_lines():
    over = oversized(ROOT)
    assert not over, "over 800 lines, split them: " + ", ".join(f"{name} ({n})" for name, n in over.items())


def test_the_exempt_files_exist():
    """An exemption names a file that is there: a renamed evaluator module must be renamed here too."""
    assert all((ROOT / name).is_file() for name in EXEMPT)


def test_a_long_module_is_found_and_migrations_and_exemptions_are_not(tmp_path):
    def write(name: str, lines: int) -> None:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x = 1\n" * lines, encoding="utf-8")

    write("games/long.py", LIMIT + 1)
    write("games/at_the_limit.py", LIMIT)
    write("club/migrations/0001_initial.py", 3 * LIMIT)
    write("rules/engines/dragon/evaluator.py", 2 * LIMIT)
    write("rules/engines/dragon/eval_flex.py", 2 * LIMIT)
    write("elsewhere/long.py", 2 * LIMIT)          # not a package of the site

    assert oversized(tmp_path) == {"games/long.py": LIMIT + 1}
    assert oversized(tmp_path, exempt=frozenset()) == {
        "games/long.py": LIMIT + 1,
        "rules/engines/dragon/eval_flex.py": 2 * LIMIT,
        "rules/engines/dragon/evaluator.py": 2 * LIMIT,
    }
