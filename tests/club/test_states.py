"""Every life declared as ``TRANSITIONS`` moves through one helper, with one 409 shape."""

from __future__ import annotations

import pytest

from club.errors import Conflict, InvalidInput
from club.models import ScheduledSession
from club.states import transition
from games.models import Result
from games.tournaments.models import Tournament
from rules.models import Dispute, Precedent

MODELS = [ScheduledSession, Result, Tournament, Precedent, Dispute]


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
