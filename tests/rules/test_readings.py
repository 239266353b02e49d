"""Founding precedents and the readings in force on a date."""

import datetime as dt

import pytest

from rules import services
from rules.engines import readings as engine_readings
from rules.models import InterpretationPoint, Precedent
from rules.rulebook import import_engines
from rules.selectors import readings_in_force

from .helpers import founding, ruling

pytestmark = pytest.mark.django_db
R2 = "IP-R2-WILD-CARD"


def test_every_registered_point_has_a_binding_founding_precedent(archive):
    import_engines()
    registry = engine_readings.registry()
    in_force, applied = readings_in_force(dt.date(2003, 1, 1))
    assert in_force == {point_id: point.default for point_id, point in registry.items()}
    assert len(applied) == len(registry)
    p = founding(R2)
    assert p.permanent_id.startswith("P-2003-") and p.status == "binding"
    assert p.effective_from == dt.date(2003, 1, 1)
    assert [e.key for e in p.cited_entries.all()] == ["B2"]
    assert readings_in_force(dt.date(2002, 12, 31)) == ({}, [])


def test_founding_load_is_idempotent(archive):
    count = Precedent.objects.count()
    assert services.founding_precedents_load() == []
    assert Precedent.objects.count() == count


def test_founding_load_adds_a_new_point(archive):
    InterpretationPoint.objects.create(point_id="IP-TEST-NEW", game="dragon", question="New?", default="a",
                                       readings=["a", "b"])
    created = services.founding_precedents_load()
    assert [p.fixes.get().point.point_id for p in created] == ["IP-TEST-NEW"]


def test_an_overruled_precedent_stops_applying_from_the_later_date(archive, croupier):
    whole_rank = ruling(croupier, title="Whole rank", on=dt.date(2015, 3, 14), fixes={R2: "that_rank"},
                        cites={founding(R2).permanent_id: "overrules"})
    back = ruling(croupier, title="Back to the card", on=dt.date(2021, 9, 4), fixes={R2: "that_card"},
                  cites={whole_rank.permanent_id: "overrules"})
    assert whole_rank.permanent_id == "P-2015-001" and back.permanent_id == "P-2021-001"

    def on(day):
        got, applied = readings_in_force(day)
        source = next(p.permanent_id for p in applied if any(f.point.point_id == R2 for f in p.fixes.all()))
        return got[R2], source

    assert on(dt.date(2015, 3, 13)) == ("that_card", founding(R2).permanent_id)
    assert on(dt.date(2015, 3, 14)) == ("that_rank", "P-2015-001")
    assert on(dt.date(2021, 9, 3)) == ("that_rank", "P-2015-001")
    assert on(dt.date(2021, 9, 4)) == ("that_card", "P-2021-001")


def test_effective_date_may_differ_from_the_ruling_date(archive, croupier):
    services.precedent_file(actor=croupier, title="From next season", situation="s", question="q", ruling="r",
                            ruled_on=dt.date(2020, 12, 1), effective_from=dt.date(2021, 1, 1),
                            status="binding", fixes={R2: "that_rank"})
    assert readings_in_force(dt.date(2020, 12, 31))[0][R2] == "that_card"
    assert readings_in_force(dt.date(2021, 1, 1))[0][R2] == "that_rank"


def test_drafts_and_advisory_rulings_do_not_bind(archive, croupier):
    ruling(croupier, title="Draft", status="draft", fixes={R2: "that_rank"})
    ruling(croupier, title="Advice", status="advisory", fixes={R2: "that_rank"})
    assert readings_in_force(dt.date(2016, 1, 1))[0][R2] == "that_card"


def test_a_withdrawn_precedent_applies_until_its_withdrawal(archive, croupier):
    p = ruling(croupier, fixes={R2: "that_rank"}, on=dt.date(2015, 3, 14))
    services.precedent_transition(precedent=p, actor=croupier, to="withdrawn", on=dt.date(2018, 1, 1))
    assert readings_in_force(dt.date(2017, 12, 31))[0][R2] == "that_rank"
    assert readings_in_force(dt.date(2018, 1, 1))[0][R2] == "that_card"


def test_a_later_binding_precedent_wins_even_without_overruling(archive, croupier):
    ruling(croupier, fixes={R2: "that_rank"}, on=dt.date(2015, 3, 14))
    got, applied = readings_in_force(dt.date(2016, 1, 1), game="dragon")
    assert got[R2] == "that_rank"
    assert all(f.point.game == "dragon" for p in applied for f in p.fixes.all())
    assert "IP-DICE-TIE" not in got
