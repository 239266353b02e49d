"""Every life declared as ``TRANSITIONS`` moves through one helper, with one 409 shape; every model
with a status declares its life, and no code sets a status but that helper."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.apps import apps

from club.errors import Conflict, InvalidInput
from club.models import ScheduledSession
from club.states import transition
from games.models import Game, Result
from games.tables.models import DrakerGame
from games.tournaments.models import Tournament
from rules.models import Dispute, Precedent

MODELS = [ScheduledSession, Game, Result, Tournament, DrakerGame, Precedent, Dispute]
ROOT = Path(__file__).resolve().parents[2]


def test_every_model_with_a_status_declares_its_life():
    with_status = {m for m in apps.get_models() if m.__module__.split(".")[0] in ("club", "games", "rules")
                   and hasattr(m, "Status") and any(f.name == "status" for f in m._meta.get_fields())}
    assert with_status == set(MODELS)
    assert all(hasattr(m, "TRANSITIONS") for m in MODELS)


def _status_assignments(source: str) -> list[int]:
    """The lines where ``source`` assigns an object's ``status`` attribute."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AugAssign | ast.AnnAssign) else []
        found += [node.lineno for t in targets if isinstance(t, ast.Attribute) and t.attr == "status"]
    return found


def test_no_code_sets_a_status_but_the_transition_helper():
    found = {}
    for app in ("club", "games", "rules"):
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts or path == ROOT / "club" / "states.py":
                continue
            lines = _status_assignments(path.read_text())
            if lines:
                found[str(path.relative_to(ROOT))] = lines
    assert found == {}


def test_the_scan_finds_a_status_set_by_hand():
    assert _status_assignments("game.status = 'ended'\nother.name = 'x'\n") == [1]


def _refused_move(model):
    for status in model.Status.values:
        for to in model.Status.values:
            if to not in model.TRANSITIONS.get(status, ()):
                return status, to
    raise AssertionError(f"{model.__name__} allows every move")


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_a_move_the_table_refuses_is_a_409_of_one_shape(model):
    current, to = _refused_move(model)
    obj = model(status=current)
    with pytest.raises(Conflict) as refused:
        transition(obj, to, what="thing")
    assert refused.value.extra == {"field": "status", "value": to, "from": current, "to": to,
                                   "allowed": list(model.TRANSITIONS.get(current, ()))}
    assert obj.status == current
    assert str(model.Status(current).label)[1:] in refused.value.message  # statuses in words, not codes


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_allowed_move_is_made_and_an_unknown_status_is_bad_input(model):
    for current, targets in model.TRANSITIONS.items():
        for to in targets:
            obj = model(status=current)
            assert transition(obj, to, what="thing") == current and obj.status == to
    with pytest.raises(InvalidInput) as bad:
        transition(model(status=model.Status.values[0]), "x" * 500, what="thing")
    assert bad.value.extra == {"field": "status", "value": "x" * 40}
