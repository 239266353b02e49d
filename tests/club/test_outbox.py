"""The transactional outbox: a task is a row written with the change that asks for it, published
after the commit without the request waiting on the broker, and published by the relay when the
broker was down. The tests marked ``needs_broker`` run against the real broker of CI's second run
(PostgreSQL + Redis) and are skipped where tasks run in-process."""

import os
import time
import uuid

import pytest
from django.core import mail
from django.db import transaction

from club import outbox, services
from club.celery import app
from club.models import Invitation, OutboxMessage
from games.tournaments import tasks as tournament_tasks
from games.tournaments.models import Tournament
from tests import factories

needs_broker = pytest.mark.skipif(not os.environ.get("CELERY_BROKER_URL"),
                                  reason="needs a real broker: set CELERY_BROKER_URL")

# A port nothing listens on: connecting is refused at once, as with a broker that is down.
CLOSED_PORT_BROKER = "redis://127.0.0.1:1/0"


def wait_for(predicate, what, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def in_process():
    """Tasks run here, whatever broker the run has: what the default run (and ``make run``) does."""
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def invite(admin, email="massha@example.org"):
    return services.invitation_create(actor=admin, email=email, display_name="Massha",
                                      dimension=factories.dimension(), site_url="https://club.example.org")


# --- in-process (no broker) ---------------------------------------------------------------------

@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_change_leaves_no_message_and_runs_nothing(in_process, admin_member):
    with pytest.raises(RuntimeError), transaction.atomic():
        invite(admin_member)
        assert OutboxMessage.objects.count() == 1  # written in the caller's transaction
        raise RuntimeError("the caller changes its mind")
    assert not OutboxMessage.objects.exists()
    assert not Invitation.objects.exists()
    assert mail.outbox == []


@pytest.mark.django_db(transaction=True)
def test_a_committed_change_leaves_one_message_and_the_task_ran(in_process, admin_member):
    invitation = invite(admin_member)
    message = OutboxMessage.objects.get()
    assert (message.task, message.args, message.kwargs) == (
        "club.tasks.invitation_send", [invitation.pk, "https://club.example.org"], {})
    assert message.sent_at is not None and message.attempts == 1 and message.last_error == ""
    invitation.refresh_from_db()
    assert invitation.sent_at is not None
    assert len(mail.outbox) == 1 and "/invitations/" in mail.outbox[0].body


@pytest.mark.django_db
def test_the_relay_sends_an_unsent_message_once(in_process, admin_member):
    # The test's transaction never commits, so only the relay can send the message.
    invitation = invite(admin_member)
    message = OutboxMessage.objects.get()
    assert message.sent_at is None and mail.outbox == []
    assert outbox.backlog()[0] == 1

    assert outbox.relay() == 1
    message.refresh_from_db()
    invitation.refresh_from_db()
    assert message.sent_at is not None and invitation.sent_at is not None
    assert len(mail.outbox) == 1
    assert outbox.relay() == 0
    assert len(mail.outbox) == 1 and outbox.backlog() == (0, None)


@pytest.mark.django_db(transaction=True)
def test_a_task_that_fails_in_process_raises_and_its_message_stays_unsent(in_process):
    with pytest.raises(Tournament.DoesNotExist), transaction.atomic():
        outbox.enqueue(tournament_tasks.standings_recompute, 987654)
    message = OutboxMessage.objects.get()
    assert message.sent_at is None and message.attempts == 1
    assert "DoesNotExist" in message.last_error
    # The relay records the failure again and goes on; nothing is marked sent that did not run.
    assert outbox.relay() == 0
    message.refresh_from_db()
    assert message.sent_at is None and message.attempts == 2


def test_arguments_that_are_not_json_are_refused_at_once(in_process, db):
    with pytest.raises(TypeError):
        outbox.enqueue(tournament_tasks.standings_recompute, object())
    assert not OutboxMessage.objects.exists()


@pytest.mark.django_db
def test_health_is_liveness_and_ready_reports_each_part(client, settings):
    assert client.get("/health/").json() == {"status": "ok"}
    if not app.conf.task_always_eager:
        pytest.skip("with a broker, readiness is tested against it below")
    response = client.get("/ready/")
    assert response.status_code == 200
    checks = response.json()["checks"]
    assert {name for name, check in checks.items() if check.get("ok")} == {"database", "cache", "broker", "worker"}
    assert all(checks[name]["age"] == 0.0 for name in ("database", "cache", "broker", "worker"))
    assert checks["outbox"] == {"unsent": 0, "age": None, "dead": 0}


# --- a real broker (CI's second run) ------------------------------------------------------------

@pytest.fixture
def broker_down(monkeypatch):
    """Publishing goes to a closed port, as when the broker is down; the worker, already running,
    keeps its own connection."""
    def drop_pooled_connections():
        # A connection pooled earlier would still reach the real broker (the pools are kept per
        # broker URL: dropping the app's references makes it take the one for the URL now set).
        app._pool = None
        app.amqp._producer_pool = None

    monkeypatch.setenv("CELERY_BROKER_WRITE_URL", CLOSED_PORT_BROKER)
    drop_pooled_connections()

    def back():
        monkeypatch.delenv("CELERY_BROKER_WRITE_URL", raising=False)
        drop_pooled_connections()

    yield back
    back()


@needs_broker
@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_the_broker_down_delays_the_work_but_never_the_request(celery_worker_process, broker_down, api_as,
                                                               admin_member):
    payload = {"email": "tanda@example.org", "display_name": "Tanda", "dimension": factories.dimension().slug,
               "role": "member"}
    start = time.monotonic()
    response = api_as(admin_member).post("/api/invitations/", payload, format="json")
    assert time.monotonic() - start < 2.0
    assert response.status_code == 201, response.content[:300]
    invitation = Invitation.objects.get(email="tanda@example.org")
    message = OutboxMessage.objects.get()
    # The publishing attempt after the commit failed; the row waits, with the reason. A broker
    # that could not be reached tried nothing: no attempt counts against the message.
    wait_for(lambda: OutboxMessage.objects.get().last_error != "", "the publishing attempt")
    message.refresh_from_db()
    assert message.sent_at is None and message.attempts == 0 and message.dead_at is None
    assert "127.0.0.1:1" in message.last_error or "refused" in message.last_error.lower()
    assert Invitation.objects.get(pk=invitation.pk).sent_at is None

    # Readiness says so, at once; liveness does not care.
    start = time.monotonic()
    ready = api_as(admin_member).get("/ready/")
    assert time.monotonic() - start < 3.0
    assert ready.status_code == 503 and ready.json()["status"] == "unavailable"
    checks = ready.json()["checks"]
    assert not checks["broker"]["ok"] and checks["database"]["ok"] and checks["cache"]["ok"]
    assert checks["outbox"]["unsent"] == 1
    assert api_as(admin_member).get("/health/").status_code == 200

    # While the broker is down the relay sends nothing and keeps the row.
    assert outbox.relay() == 0
    assert OutboxMessage.objects.get().sent_at is None

    # The broker is back: the relay publishes it, once, and the worker mails the invitation.
    broker_down()
    assert outbox.relay() == 1
    assert outbox.relay() == 0
    wait_for(lambda: Invitation.objects.get(pk=invitation.pk).sent_at is not None, "the invitation mail")
    assert OutboxMessage.objects.get().sent_at is not None


@needs_broker
@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_a_rescore_asked_while_the_broker_is_down_is_done_once_it_is_back(celery_worker_process, broker_down,
                                                                          api_as, croupier):
    from tests.tournaments.conftest import make_tournament

    tournament = make_tournament(croupier, 4, seed="outbox")
    start = time.monotonic()
    response = api_as(croupier).post(f"/api/tournaments/{tournament.slug}/rescore/")
    assert time.monotonic() - start < 2.0
    assert response.status_code == 202
    token = response.json()["queued"]
    wait_for(lambda: OutboxMessage.objects.filter(task="tournaments.tournament_rescore").exclude(last_error="")
             .exists(), "the publishing attempt")
    assert Tournament.objects.get(pk=tournament.pk).rescore_token != token

    broker_down()  # the broker is back
    assert outbox.relay() >= 1
    wait_for(lambda: Tournament.objects.get(pk=tournament.pk).rescore_token == token, "the rescore's standings")


@needs_broker
@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_a_message_is_published_right_after_the_commit(celery_worker_process, admin_member):
    invitation = invite(admin_member)
    # No relay runs here: the attempt made after the commit is what sends it.
    wait_for(lambda: Invitation.objects.get(pk=invitation.pk).sent_at is not None, "the invitation mail")
    message = OutboxMessage.objects.get()
    assert message.sent_at is not None and message.attempts == 1


@needs_broker
@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_ready_is_200_with_a_live_worker_and_503_with_a_stale_heartbeat(celery_worker_process, client, settings):
    wait_for(lambda: client.get("/ready/").status_code == 200, "readiness")
    checks = client.get("/ready/").json()["checks"]
    assert all(checks[name]["ok"] for name in ("database", "cache", "broker", "worker"))
    assert 0 <= checks["worker"]["age"] <= settings.WORKER_HEARTBEAT_MAX_AGE

    settings.WORKER_HEARTBEAT_MAX_AGE = -1  # any heartbeat is too old
    response = client.get("/ready/")
    assert response.status_code == 503
    assert not response.json()["checks"]["worker"]["ok"] and response.json()["checks"]["broker"]["ok"]


@pytest.mark.django_db
def test_the_relay_command_sends_what_waits(in_process, admin_member):
    from io import StringIO

    from django.core.management import call_command

    invite(admin_member)
    out = StringIO()
    call_command("outbox_relay", "--once", stdout=out)
    assert out.getvalue().strip() == "sent 1, waiting 0"
    assert len(mail.outbox) == 1 and OutboxMessage.objects.get().sent_at is not None


def test_beat_runs_the_relay_every_few_seconds(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["outbox-relay"]
    assert entry["task"] in app.tasks and entry["schedule"] <= 10


# --- dead letters and pruning ------------------------------------------------------------------

@pytest.fixture
def through_a_broker():
    """The relay publishes to a broker (which one, the test says), in any run."""
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def memory_broker(through_a_broker, monkeypatch):
    """Publishing goes to an in-memory broker: the relay's broker path without a broker to run."""
    monkeypatch.setenv("CELERY_BROKER_WRITE_URL", "memory://")


def refused(monkeypatch, task_ids):
    """The broker refuses the messages of ``task_ids`` (and takes every other one)."""
    send = app.amqp.send_task_message

    def send_or_refuse(producer, name, message, **options):
        if message.headers["id"] in task_ids:
            raise OSError("the broker refused the message")
        return send(producer, name, message, **options)

    monkeypatch.setattr(app.amqp, "send_task_message", send_or_refuse)


@pytest.mark.django_db
def test_a_message_failing_in_process_is_given_up_after_the_limit(in_process, settings):
    settings.OUTBOX_MAX_ATTEMPTS = 3
    outbox.enqueue(tournament_tasks.standings_recompute, 987654)  # no such tournament: it fails
    assert [outbox.relay(), outbox.relay()] == [0, 0]
    message = OutboxMessage.objects.get()
    assert message.attempts == 2 and message.dead_at is None
    assert outbox.relay() == 0
    message.refresh_from_db()
    assert message.attempts == 3 and message.dead_at is not None and "DoesNotExist" in message.last_error
    # Given up: no more tries, and it no longer counts as waiting.
    assert outbox.relay() == 0
    message.refresh_from_db()
    assert message.attempts == 3
    assert outbox.backlog() == (0, None) and outbox.dead_count() == 1


@pytest.mark.django_db
def test_a_message_the_broker_refuses_dies_and_no_longer_blocks_the_next(memory_broker, monkeypatch, settings):
    settings.OUTBOX_MAX_ATTEMPTS = 2
    poison = outbox.enqueue(tournament_tasks.standings_recompute, 1)
    outbox.enqueue(tournament_tasks.standings_recompute, 2)
    refused(monkeypatch, {poison})

    # The relay stops at the failing message: the one after it waits.
    assert outbox.relay() == 0
    assert OutboxMessage.objects.filter(sent_at__isnull=True).count() == 2
    assert outbox.relay() == 0
    first, second = OutboxMessage.objects.order_by("pk")
    assert first.attempts == 2 and first.dead_at is not None and "refused" in first.last_error
    assert second.sent_at is None
    # Dead, the first is skipped and the second goes out.
    assert outbox.relay() == 1
    first.refresh_from_db()
    second.refresh_from_db()
    assert second.sent_at is not None and second.attempts == 1
    assert first.sent_at is None and first.attempts == 2
    assert outbox.relay() == 0
    assert OutboxMessage.objects.get(pk=first.pk).attempts == 2


@pytest.mark.django_db
def test_a_broker_that_cannot_be_reached_gives_no_message_up(through_a_broker, monkeypatch, settings):
    settings.OUTBOX_MAX_ATTEMPTS = 1
    monkeypatch.setenv("CELERY_BROKER_WRITE_URL", CLOSED_PORT_BROKER)
    outbox.enqueue(tournament_tasks.standings_recompute, 1)
    assert [outbox.relay(), outbox.relay(), outbox.relay()] == [0, 0, 0]
    message = OutboxMessage.objects.get()
    assert message.attempts == 0 and message.dead_at is None and message.last_error != ""
    assert outbox.backlog()[0] == 1 and outbox.dead_count() == 0


@pytest.fixture
def dead_message(in_process, settings):
    settings.OUTBOX_MAX_ATTEMPTS = 1
    outbox.enqueue(tournament_tasks.standings_recompute, 987654)
    outbox.relay()
    message = OutboxMessage.objects.get()
    assert message.dead_at is not None
    return message


@pytest.mark.django_db
def test_ready_counts_the_dead_messages_and_stays_ready(dead_message, client):
    response = client.get("/ready/")
    assert response.status_code == 200
    assert response.json()["checks"]["outbox"] == {"unsent": 0, "age": None, "dead": 1}


@pytest.mark.django_db
def test_the_admin_shows_the_dead_messages_and_sends_them_again(dead_message, client, admin_member):
    client.force_login(admin_member.user)
    listing = client.get("/admin/club/outboxmessage/?state=dead").content.decode()
    assert "1 message was given up after failing too often" in listing
    assert "tournaments.standings_recompute" in listing and "DoesNotExist" in listing
    assert "tournaments.standings_recompute" not in client.get("/admin/club/outboxmessage/?state=sent").content.decode()

    response = client.post("/admin/club/outboxmessage/", {"action": "retry_dead", "_selected_action": [dead_message.pk]},
                           follow=True)
    assert "1 message will be sent again." in response.content.decode()
    dead_message.refresh_from_db()
    assert dead_message.dead_at is None and dead_message.attempts == 0
    assert outbox.backlog()[0] == 1 and outbox.dead_count() == 0
    assert "given up after failing" not in client.get("/admin/club/outboxmessage/").content.decode()


@pytest.mark.django_db
def test_the_admin_in_russian_names_the_dead_messages(dead_message, client, admin_member):
    client.force_login(admin_member.user)
    listing = client.get("/admin/club/outboxmessage/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "1 сообщение не удалось отправить" in listing


@pytest.mark.django_db
def test_only_a_club_admin_sends_dead_messages_again(dead_message, client, croupier, django_user_model):
    client.force_login(croupier.user)
    response = client.post("/admin/club/outboxmessage/", {"action": "retry_dead", "_selected_action": [dead_message.pk]})
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    # A superuser of the site who is no member of the club is refused in the club's words.
    outsider = django_user_model.objects.create_superuser("root", "root@example.org", "pw-12345678")
    client.force_login(outsider)
    response = client.post("/admin/club/outboxmessage/", {"action": "retry_dead", "_selected_action": [dead_message.pk]},
                           follow=True)
    assert "Only an admin may do this." in response.content.decode()
    dead_message.refresh_from_db()
    assert dead_message.dead_at is not None and outbox.dead_count() == 1


@pytest.mark.django_db
def test_pruning_forgets_old_sent_messages_and_keeps_the_unsent_and_the_recent(in_process, settings):
    from datetime import timedelta

    from django.utils import timezone

    from club.tasks import outbox_prune

    settings.OUTBOX_RETENTION_DAYS = 7
    now = timezone.now()

    def ago(days):
        return now - timedelta(days=days)

    def row(name, created, sent=None, dead=None):
        return OutboxMessage.objects.create(task=name, task_id=uuid.uuid4(), created_at=created, sent_at=sent,
                                            dead_at=dead).task

    row("old-sent", ago(30), sent=ago(8))
    kept = {row("recent-sent", ago(30), sent=ago(6)), row("old-unsent", ago(30)),
            row("old-dead", ago(30), dead=ago(20))}
    assert outbox_prune.delay().get() == 1
    assert set(OutboxMessage.objects.values_list("task", flat=True)) == kept
    assert outbox_prune.delay().get() == 0


def test_beat_prunes_the_outbox_daily(settings):
    from celery.schedules import crontab

    app.loader.import_default_modules()
    entry = settings.CELERY_BEAT_SCHEDULE["outbox-prune"]
    assert entry["task"] == "club.outbox_prune" and entry["task"] in app.tasks
    assert isinstance(entry["schedule"], crontab) and entry["schedule"].hour == {4}
