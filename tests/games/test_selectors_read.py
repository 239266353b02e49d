"""Selectors read and return rows; the pages (``games/pages.py``, the views) put them into words
through the presenters. Read from the source (no module is imported), wherever an import stands:
the contract itself is import-linter's (pyproject.toml, ``selectors-read``); these checks keep
its lists honest."""

from __future__ import annotations

import tomllib

import pytest

from tests.test_import_structure import ROOT, imports_of, module_files

SELECTORS = ["games.selectors", "games.tables.selectors", "games.tournaments.selectors"]
PRESENTERS = ["games.presenters", "games.tables.presenters", "games.tournaments.presenters"]


def _contract() -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return next(c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "selectors-read")


def _imported(module: str) -> set[str]:
    """What ``module`` imports: the modules named and the names taken from them, as modules."""
    return {target for imp in imports_of(module, module_files()[module])
            for target in (imp.target, *(f"{imp.target}.{name}" for name in imp.names))}


def test_the_contract_keeps_every_selector_from_every_presenter():
    contract = _contract()
    assert contract["type"] == "forbidden"
    assert sorted(contract["source_modules"]) == sorted(SELECTORS)
    assert sorted(contract["forbidden_modules"]) == sorted(PRESENTERS)


@pytest.mark.parametrize("selector", SELECTORS)
def test_a_selector_imports_no_presenter(selector):
    assert _imported(selector) & set(PRESENTERS) == set()


def test_the_deal_page_is_composed_in_the_pages_module():
    """What the deal page and the dashboards show is assembled where the presenters are in reach."""
    assert "games.presenters" in _imported("games.pages")
    assert "games.pages" in _imported("games.views")
