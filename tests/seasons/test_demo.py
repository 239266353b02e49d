"""The demo season counts every game it can: the casino night's hands tied to it and the
trick-game evening's tournament place their players; loading twice changes nothing."""

from __future__ import annotations

import pytest

from games.seasons import demo, selectors
from games.tables import demo as tables_demo
from games.tournaments.models import Standing

pytestmark = pytest.mark.django_db


def test_the_demo_season_counts_the_casino_night_and_the_trick_evening():
    tables_demo.load()
    season = demo.load()
    assert season.games == ["dragon", "casino", "dice", "tricks"]
    view = selectors.standings(season)
    held = {s.title for s in view.sessions}
    assert {tables_demo.CASINO_NIGHT, demo.TRICK_EVENING} <= held
    lines = {row.member.display_name: row.line for row in view.rows}
    assert {name for name, line in lines.items() if line.tournaments} == set(demo.TRICK_PLAYERS)
    cup = Standing.objects.filter(tournament__session__title=demo.TRICK_EVENING)
    assert cup.count() == len(demo.TRICK_PLAYERS) and {s.rank for s in cup} >= {1}
    counts = (Standing.objects.count(), len(view.rows))
    assert demo.load().pk == season.pk
    assert counts == (Standing.objects.count(), len(selectors.standings(season).rows))
