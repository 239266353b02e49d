"""A new binding precedent lists the past deals it would judge differently."""

import datetime as dt

import pytest

from rules import judging, services, whatif
from rules.models import PrecedentImpact
from rules.selectors import deals_to_rejudge
from rules.tasks import precedent_whatif

from .helpers import FakeJudge, founding, ruling, sitting

pytestmark = pytest.mark.django_db
R2 = "IP-R2-WILD-CARD"


def _docs():
    return [("game-1", sitting("2014-05-01", deals=2)), ("game-2", sitting("2016-05-01")),
            ("game-3", sitting("2012-01-01", readings={R2: "that_card"}))]


def test_whatif_lists_the_past_deals_judged_differently(archive, croupier):
    p = ruling(croupier, on=dt.date(2015, 3, 14), fixes={R2: "that_rank"},
               cites={founding(R2).permanent_id: "overrules"})
    impacts = services.precedent_whatif_compute(precedent=p, sittings=_docs(), judge=FakeJudge())
    # game-2 is after the ruling, game-3 sets its own reading: only game-1's two deals change.
    assert [(i.deal_ref, i.deal_number) for i in impacts] == [("game-1", 1), ("game-1", 2)]
    assert impacts[0].before["winners"] == ["skeeve"] and impacts[0].after["winners"] == ["tananda"]
    assert impacts[0].played_on == dt.date(2014, 5, 1)
    assert deals_to_rejudge(p.permanent_id) == [("game-1", 1), ("game-1", 2)]
    again = services.precedent_whatif_compute(precedent=p, sittings=_docs(), judge=FakeJudge())
    assert len(again) == 2 and PrecedentImpact.objects.filter(precedent=p).count() == 2


def test_a_ruling_that_confirms_the_reading_changes_nothing(archive, croupier):
    p = ruling(croupier, on=dt.date(2015, 3, 14), fixes={R2: "that_card"},
               cites={founding(R2).permanent_id: "follows"})
    assert services.precedent_whatif_compute(precedent=p, sittings=_docs(), judge=FakeJudge()) == []


def test_the_task_reads_the_registered_deal_source(archive, croupier, monkeypatch):
    judge = FakeJudge()
    monkeypatch.setattr(judging, "dragon_judge", lambda: judge)
    asked = []

    def source(before=None):
        asked.append(before)
        return iter(_docs())

    whatif.register_deal_source(source)
    try:
        p = ruling(croupier, on=dt.date(2015, 3, 14), fixes={R2: "that_rank"},
                   cites={founding(R2).permanent_id: "overrules"})
        assert precedent_whatif.apply(args=[p.pk]).get() == 2
    finally:
        whatif.unregister_deal_source(source)
    assert asked == [dt.date(2015, 3, 14)]
    assert len(judge.seen) == 4  # game-1 and game-3 twice each; game-2 is later than the ruling
    assert precedent_whatif.apply(args=[10**9]).get() == 0


@pytest.mark.django_db(transaction=True)
def test_filing_a_binding_ruling_enqueues_the_whatif(celery_worker_process, croupier):
    """With a broker the real worker runs the task (no deal source is registered there, so it
    lists nothing); without one it runs in-process when the transaction commits."""
    from rules.rulebook import rulebook_sync

    rulebook_sync()
    services.founding_precedents_load()
    p = ruling(croupier, on=dt.date(2015, 3, 14), fixes={R2: "that_rank"})
    result = precedent_whatif.delay(p.pk)
    assert result.get(timeout=60) == 0
