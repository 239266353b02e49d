"""Two submissions of one deal at once, the Celery tasks, and the demo loader."""

import threading
import time

import pytest
from django.db import connection, connections

from club.errors import Conflict
from club.models import OutboxMessage
from games import demo, selectors, services, task_names, tasks
from games.models import Deal, Game, LedgerEntry, Result
from rules.models import Dispute
from tests.games.conftest import full_deal


@pytest.mark.django_db(transaction=True)
def test_two_threads_submitting_the_same_deal(judge, game, croupier, players):
    if connection.vendor != "postgresql":
        pytest.skip("row locks and concurrent writers are tested on PostgreSQL")
    deal = full_deal(game, croupier)
    barrier = threading.Barrier(2)
    outcomes = []

    def submit(member):
        try:
            barrier.wait()
            result = services.result_submit(deal=Deal.objects.get(pk=deal.pk), actor=member)
            outcomes.append(("ok", result.version))
        except Conflict as exc:
            outcomes.append(("conflict", exc.extra.get("live_version")))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit, args=(p,)) for p in players[:2]]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(outcomes) == [("conflict", 1), ("ok", 1)]
    assert Result.objects.filter(deal=deal).count() == 1


@pytest.mark.django_db
def test_judge_and_submit_task_is_idempotent(judge, game, croupier, players):
    deal = full_deal(game, croupier)
    first = tasks.judge_and_submit.apply(args=(deal.pk, players[0].pk, "task-1")).get()
    again = tasks.judge_and_submit.apply(args=(deal.pk, players[0].pk, "task-1")).get()
    assert first["ok"] and first == again
    assert Result.objects.filter(deal=deal).count() == 1
    refused = tasks.judge_and_submit.apply(args=(deal.pk, players[1].pk, "task-2")).get()
    assert refused["ok"] is False and refused["extra"]["live_version"] == 1


@pytest.mark.django_db
def test_advice_is_attached_after_commit(real_judge, game, croupier, players, django_capture_on_commit_callbacks,
                                        settings):
    settings.GAMES_ADVISE_AFTER_SUBMIT = True
    deal = full_deal(game, croupier, seed="advice")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        result = services.result_submit(deal=deal, actor=players[0])
    assert result.advice is None and len(callbacks) == 1
    assert tasks.result_advise_task.apply(args=(result.pk,)).get() is True
    result.refresh_from_db()
    assert set(result.advice) == {str(p.pk) for p in players}
    services.result_advise(result=result)  # a second run stores the same advice
    assert Result.objects.get(pk=result.pk).advice == result.advice


@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_judging_in_a_worker(real_judge, celery_worker_process, game, croupier, players):
    deal = full_deal(game, croupier, seed="worker")
    tasks.judge_and_submit.delay_on_commit(deal.pk, players[0].pk, "worker-1")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not Result.objects.filter(deal=deal).exists():
        time.sleep(0.2)
    result = Result.objects.get(deal=deal)
    assert result.kind == "judged" and result.judgement["winners"]
    assert sorted(result.judgement["winners"]) == sorted(str(w.pk) for w in result.winners.all())
    if celery_worker_process is not None:
        # The worker's submission enqueued the advisor; wait for it so no task is left running.
        while time.monotonic() < deadline + 60 and Result.objects.get(pk=result.pk).advice is None:
            time.sleep(0.3)
        assert set(Result.objects.get(pk=result.pk).advice) == {str(p.pk) for p in players}


@pytest.mark.django_db
def test_real_judge_result_stores_the_engines_judgement(real_judge, game, croupier, players):
    deal = full_deal(game, croupier, seed="real")
    services.bet_place(deal=deal, actor=players[1], member=players[1], amount=3)
    result = services.result_submit(deal=deal, actor=players[0])
    judgement = result.judgement
    assert set(judgement["players"]) == {str(p.pk) for p in players}
    assert sorted(str(w.pk) for w in result.winners.all()) == sorted(judgement["winners"])
    assert result.chips == {k: int(v) for k, v in judgement["chips"].items()}
    assert result.best_category == min(p["hand"]["category"] for p in judgement["players"].values())
    assert result.pot == 4 * game.ante + 3
    services.result_confirm(result=result, actor=croupier)
    assert selectors.deal_sums(deal=deal) == 0
    for p in players:
        assert selectors.balance(member=p) == result.chips[str(p.pk)]


@pytest.mark.django_db
def test_demo_load_is_idempotent(real_judge):
    first = demo.load()
    counts = (Game.objects.count(), Deal.objects.count(), Result.objects.count(), LedgerEntry.objects.count(),
              Dispute.objects.count())
    second = demo.load()
    assert [g.pk for g in first["games"]] == [g.pk for g in second["games"]]
    assert counts == (Game.objects.count(), Deal.objects.count(), Result.objects.count(),
                      LedgerEntry.objects.count(), Dispute.objects.count())
    # The archive's demo disputes are of deals recorded here, so the games' demo raises them: a
    # player of the table calls the croupier on two of its deals, and the first is ruled.
    disputes = list(Dispute.objects.order_by("pk"))
    assert [(d.raised_by.display_name, d.status) for d in disputes] == [("Skeeve", "ruled"), ("Skeeve", "open")]
    for dispute in disputes:
        deal = Deal.objects.get(pk=int(dispute.deal_ref.removeprefix("deal-")))
        assert deal.game.players.filter(member=dispute.raised_by).exists()
        assert dispute.deal_snapshot["cards"] and dispute.deal_snapshot["number"] == deal.number
    assert Result.objects.filter(kind="quick", status="confirmed").count() == 2
    digital = Deal.objects.filter(mode="digital")
    assert digital.count() == 4 and all(d.seed for d in digital)
    for result in Result.objects.filter(status="confirmed"):
        assert result.confirmed_by_id != result.submitted_by_id
        assert selectors.deal_sums(deal=result.deal) == 0


@pytest.mark.django_db
def test_the_advisor_is_asked_for_by_the_name_its_task_is_registered_under(judge, settings, game, croupier,
                                                                             players):
    """The services enqueue the advisor by name (the tasks import the services, not the other way
    round): the outbox row names the task the worker knows, and a row queued before under Celery's
    own name for it still finds it."""
    settings.GAMES_ADVISE_AFTER_SUBMIT = True
    result = services.result_submit(deal=full_deal(game, croupier), actor=players[0])
    assert [m.task for m in OutboxMessage.objects.all() if m.args == [result.pk]] == [task_names.RESULT_ADVISE]
    assert tasks.result_advise_task.name == task_names.RESULT_ADVISE == "games.tasks.result_advise_task"
