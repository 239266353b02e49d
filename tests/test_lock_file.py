"""The lock files say the truth about pyproject.toml: requirements.lock (a club's server) pins every
dependency of the site, requirements-dev.lock (`make install`, CI) those and the dev extra's, each at
a version its range admits, with its hashes, and both at the same versions; requirements-uv.lock
pins the installer `make install` uses, in the range requirements-uv.in gives. A dependency added
without `make lock` fails here."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+?)(?:\s*\\)?$")


def _pins(name: str) -> dict[str, tuple[str, int]]:
    """Each pinned package of the lock file ``name``: its version and how many hashes follow it."""
    pins: dict[str, tuple[str, int]] = {}
    current = None
    for line in (ROOT / name).read_text().splitlines():
        match = PIN.match(line)
        if match:
            current = canonicalize_name(match.group(1))
            pins[current] = (match.group(2), 0)
        elif current and line.strip().startswith("--hash=sha256:"):
            version, hashes = pins[current]
            pins[current] = (version, hashes + 1)
    return pins


def _declared(*, dev: bool) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extra = project["optional-dependencies"]["dev"] if dev else []
    return [Requirement(text) for text in project["dependencies"] + extra]


def _problems(declared: list[Requirement], pins: dict[str, tuple[str, int]]) -> list[str]:
    wrong = []
    for requirement in declared:
        pinned = pins.get(canonicalize_name(requirement.name))
        if pinned is None:
            wrong.append(f"{requirement.name} is not pinned")
        elif not requirement.specifier.contains(pinned[0], prereleases=True):
            wrong.append(f"{requirement.name}=={pinned[0]} is outside {requirement.specifier}")
    return wrong


@pytest.mark.parametrize(("name", "dev"), [("requirements.lock", False), ("requirements-dev.lock", True)])
def test_every_declared_dependency_is_pinned_in_its_range_with_hashes(name, dev):
    pins = _pins(name)
    wrong = _problems(_declared(dev=dev), pins)
    assert not wrong, f"{name}: run `make lock`:\n" + "\n".join(wrong)
    assert len(pins) > len(_declared(dev=dev))  # the dependencies' own dependencies are pinned too
    assert [package for package, (_, hashes) in pins.items() if hashes == 0] == []


def test_the_installer_is_pinned_in_its_range_with_hashes():
    declared = [Requirement(line) for line in (ROOT / "requirements-uv.in").read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    pins = _pins("requirements-uv.lock")
    assert [requirement.name for requirement in declared] == ["uv"]
    assert _problems(declared, pins) == [], "requirements-uv.lock: run `make lock`"
    assert pins["uv"][1] > 0


def test_the_server_and_the_development_run_the_same_versions():
    site, dev = _pins("requirements.lock"), _pins("requirements-dev.lock")
    assert {name: site[name][0] for name in site} == {name: dev[name][0] for name in site if name in dev}


def test_a_missing_or_stale_pin_is_named():
    """The check itself: a dependency the lock lacks, or pins outside its new range, is named."""
    pins = {"django": ("5.2.9", 2)}
    assert _problems([Requirement("Django~=5.2.0")], pins) == []
    assert _problems([Requirement("django~=6.0")], pins) == ["django==5.2.9 is outside ~=6.0"]
    assert _problems([Requirement("segno~=1.6")], pins) == ["segno is not pinned"]
