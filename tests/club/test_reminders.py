"""Reminder mails through beat: the windows before a session, a place from the waitlist, an
invitation about to expire; each at most once, as the member chose, in his language, with an
unsubscribe link that works without logging in."""

from __future__ import annotations

import re
from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club import reminders, services, tasks
from club.celery import app
from club.errors import Forbidden
from club.models import Invitation, MailSent
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def in_process():
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def _session_in(croupier, hours: float, **fields):
    start = timezone.now() + timedelta(hours=hours)
    return factories.session(actor=croupier, starts_at=start, ends_at=start + timedelta(hours=4), **fields)


def _going(session, member):
    services.rsvp_set(session=session, member=member, actor=member, answer="going")
    return member


def _unsubscribe_path(message) -> str:
    link = re.search(r"https?://\S+/mails/unsubscribe/\S+/", message.body).group(0)
    return link.split("://", 1)[1].split("/", 1)[1].join(["/", ""])


def test_a_day_before_those_going_get_one_mail_and_a_rerun_sends_nothing(croupier, plain_member):
    session = _session_in(croupier, 20, title="Evening at the Bazaar")
    _going(session, plain_member)
    maybe = factories.member()
    services.rsvp_set(session=session, member=maybe, actor=maybe, answer="maybe")
    assert tasks.reminders_due() == 1
    assert [m.to for m in mail.outbox] == [[plain_member.user.email]]
    assert "Evening at the Bazaar" in mail.outbox[0].subject
    assert MailSent.objects.filter(kind="session_day", member=plain_member, object_id=session.pk).count() == 1
    # Beat runs again, and again: nothing more.
    assert tasks.reminders_due.apply().get() == 0
    assert tasks.reminders_due() == 0
    assert len(mail.outbox) == 1


def test_the_windows_a_day_and_two_hours_before(croupier, plain_member):
    far = _session_in(croupier, 30)
    day = _session_in(croupier, 20)
    soon = _session_in(croupier, 1.5)
    for session in (far, day, soon):
        _going(session, plain_member)
    due = reminders.reminders_due()
    assert due["session_day"] == [(day.pk, plain_member.pk)]
    assert due["session_soon"] == [(soon.pk, plain_member.pk)]
    assert reminders.reminders_send_due() == 2
    # Eighteen hours on, the day-old session is two hours away, and the far one a day away.
    later = timezone.now() + timedelta(hours=18, minutes=30)
    due = reminders.reminders_due(now=later)
    assert due["session_soon"] == [(day.pk, plain_member.pk)]
    assert due["session_day"] == [(far.pk, plain_member.pk)]
    kinds = sorted(MailSent.objects.values_list("kind", "object_id"))
    assert kinds == sorted([("session_day", day.pk), ("session_soon", soon.pk)])


def test_cancelled_sessions_and_declined_members_get_nothing(croupier, plain_member):
    cancelled = _session_in(croupier, 20)
    _going(cancelled, plain_member)
    services.session_transition(session=cancelled, actor=croupier, to="cancelled")
    declined = _session_in(croupier, 20)
    _going(declined, plain_member)
    services.rsvp_set(session=declined, member=plain_member, actor=plain_member, answer="declined")
    assert reminders.reminders_send_due() == 0 and mail.outbox == []


def test_preferences_are_respected(croupier, plain_member):
    services.member_mail_preferences_set(member=plain_member, actor=plain_member, mail_session_day=False)
    _going(_session_in(croupier, 20), plain_member)
    soon = _going(_session_in(croupier, 1), factories.member())
    _going(_session_in(croupier, 1), plain_member)
    assert reminders.reminders_send_due() == 2  # the two-hour ones; his day one is off
    assert sorted(m.to[0] for m in mail.outbox) == sorted([plain_member.user.email, soon.user.email])
    assert not MailSent.objects.filter(kind="session_day").exists()


def test_a_failed_send_leaves_no_row_and_the_next_run_sends_it(croupier, plain_member):
    _going(_session_in(croupier, 20), plain_member)
    with mock.patch("django.core.mail.EmailMultiAlternatives.send", side_effect=ConnectionError("smtp down")):
        with pytest.raises(ConnectionError):
            reminders.reminders_send_due()
    assert not MailSent.objects.exists() and mail.outbox == []
    assert reminders.reminders_send_due() == 1


def test_the_mail_is_in_his_language_in_text_and_html_without_codes(croupier, plain_member):
    venue = factories.venue(name="Deva", address="Bazaar 7")
    session = _session_in(croupier, 20, title="Игра", venue_=venue)
    services.member_mail_preferences_set(member=plain_member, actor=plain_member, language="ru")
    _going(session, plain_member)
    english = _going(session, factories.member())
    reminders.reminders_send_due()
    by_to = {m.to[0]: m for m in mail.outbox}
    russian = by_to[plain_member.user.email]
    assert "Напоминание" in russian.subject
    assert "Здравствуйте" in russian.body and "Deva, Bazaar 7" in russian.body
    html, mime = russian.alternatives[0]
    assert mime == "text/html" and "Здравствуйте" in html and 'lang="ru"' in html
    assert "Reminder" in by_to[english.user.email].subject
    for message in mail.outbox:
        assert "session_day" not in message.body and "None" not in message.body
        assert message.extra_headers["List-Unsubscribe"].startswith("<http")


def test_a_place_from_the_waitlist_is_mailed_once(croupier, in_process, django_capture_on_commit_callbacks):
    session = factories.session(actor=croupier, capacity=2)
    first, second, waiting = factories.member(), factories.member(), factories.member()
    for member in (first, second, waiting):
        _going(session, member)
    assert mail.outbox == []
    with django_capture_on_commit_callbacks(execute=True):
        services.rsvp_set(session=session, member=first, actor=first, answer="declined")
    assert [m.to for m in mail.outbox] == [[waiting.user.email]]
    assert session.title in mail.outbox[0].subject
    rsvp = session.rsvps.get(member=waiting)
    assert tasks.reminder_waitlist_place(rsvp.pk) is False
    assert len(mail.outbox) == 1


def test_a_waitlisted_member_who_turned_the_mail_off_gets_none(croupier, in_process,
                                                               django_capture_on_commit_callbacks):
    session = factories.session(actor=croupier, capacity=2)
    first, second, waiting = factories.member(), factories.member(), factories.member()
    services.member_mail_preferences_set(member=waiting, actor=waiting, mail_waitlist_place=False)
    for member in (first, second, waiting):
        _going(session, member)
    with django_capture_on_commit_callbacks(execute=True):
        services.rsvp_set(session=session, member=first, actor=first, answer="declined")
    assert mail.outbox == []
    assert session.rsvps.get(member=waiting).answer == "going"


def _invitation(admin, days_old: float, **fields) -> Invitation:
    invitation = services.invitation_create(actor=admin, email=fields.pop("email", "massha@example.org"),
                                            display_name="Massha", dimension=factories.dimension())
    Invitation.objects.filter(pk=invitation.pk).update(
        created_at=timezone.now() - timedelta(days=days_old), sent_at=timezone.now(), **fields)
    invitation.refresh_from_db()
    return invitation


def test_an_invitee_is_reminded_once_before_the_invitation_expires(admin_member, settings):
    settings.INVITATION_VALID_DAYS, settings.INVITATION_REMIND_HOURS = 14, 48
    due = _invitation(admin_member, 13)
    _invitation(admin_member, 5, email="early@example.org")
    expired = _invitation(admin_member, 15, email="late@example.org")
    _invitation(admin_member, 13, email="joined@example.org", accepted_at=timezone.now())
    mail.outbox.clear()
    assert reminders.reminders_send_due() == 1
    assert [m.to for m in mail.outbox] == [["massha@example.org"]]
    assert f"/invitations/{due.token}/" in mail.outbox[0].body
    assert reminders.reminders_send_due() == 0 and len(mail.outbox) == 1
    # The expired one no longer opens the way in.
    assert services.invitation_pending(token=expired.token) is None
    assert services.invitation_pending(token=due.token) is not None
    assert Client().get(reverse("club:invitation_open", args=[expired.token])).status_code == 404


def test_unsubscribe_works_logged_out(croupier, plain_member):
    _going(_session_in(croupier, 20), plain_member)
    reminders.reminders_send_due()
    path = _unsubscribe_path(mail.outbox[0])
    client = Client()
    page = client.get(path)
    assert page.status_code == 200 and b"unsubscribe-confirm" in page.content
    plain_member.refresh_from_db()
    assert plain_member.mail_session_day  # a GET changes nothing
    response = client.post(path)
    assert response.status_code == 200 and b"unsubscribe-done" in response.content
    plain_member.refresh_from_db()
    assert not plain_member.mail_session_day and plain_member.mail_session_soon
    # The next session's day reminder does not come.
    _going(_session_in(croupier, 21), plain_member)
    assert reminders.reminders_send_due() == 0


def test_a_tampered_unsubscribe_token_is_refused(croupier, plain_member):
    _going(_session_in(croupier, 20), plain_member)
    reminders.reminders_send_due()
    path = _unsubscribe_path(mail.outbox[0])
    token = path.rstrip("/").rsplit("/", 1)[1]
    tampered = token[:-3] + ("aaa" if not token.endswith("aaa") else "bbb")
    for bad in (tampered, "not-a-token", token[::-1]):
        client = Client()
        assert client.get(reverse("club:unsubscribe", args=[bad])).status_code == 404
        assert client.post(reverse("club:unsubscribe", args=[bad])).status_code == 404
    plain_member.refresh_from_db()
    assert plain_member.mail_session_day


def test_a_token_signed_for_another_purpose_is_refused(plain_member):
    from django.core import signing

    forged = signing.dumps({"k": "session_day", "m": plain_member.pk}, compress=True)  # no salt
    assert Client().post(reverse("club:unsubscribe", args=[forged])).status_code == 404
    plain_member.refresh_from_db()
    assert plain_member.mail_session_day


def test_an_invitee_unsubscribes_from_the_reminder(admin_member):
    invitation = _invitation(admin_member, 13)
    mail.outbox.clear()
    reminders.reminders_send_due()
    path = _unsubscribe_path(mail.outbox[0])
    assert Client().post(path).status_code == 200
    invitation.refresh_from_db()
    assert invitation.reminders_off
    MailSent.objects.all().delete()
    assert reminders.reminders_send_due() == 0


def test_mail_preferences_on_the_profile(plain_member):
    client = Client()
    url = reverse("club:mail_preferences")
    response = client.post(url, {"language": "ru"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(plain_member.user)
    response = client.post(url, {"language": "ru", "mail_session_soon": "on"})
    assert response.status_code == 302
    plain_member.refresh_from_db()
    assert (plain_member.language, plain_member.mail_session_day, plain_member.mail_session_soon,
            plain_member.mail_waitlist_place) == ("ru", False, True, False)
    response = client.post(url, {"language": "xx"})
    assert response.status_code == 200 and "xx" in response.content.decode()
    plain_member.refresh_from_db()
    assert plain_member.language == "ru"


def test_nobody_changes_another_members_mails(plain_member, admin_member):
    for actor in (factories.member(), admin_member):
        with pytest.raises(Forbidden):
            services.member_mail_preferences_set(member=plain_member, actor=actor, mail_session_day=False)
    plain_member.refresh_from_db()
    assert plain_member.mail_session_day


def test_the_beat_schedule_runs_the_reminders(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["reminders-due"]
    assert entry["task"] == "club.reminders_due" == tasks.reminders_due.name
    assert entry["schedule"] == settings.REMINDER_INTERVAL


@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_the_beat_task_on_the_worker_sends_each_reminder_once(croupier, plain_member, tasks_done):
    """What beat does every few minutes, through the broker to a real worker where one is configured:
    the reminder is sent once, and two more runs send nothing."""
    session = _session_in(croupier, 20, title="Evening at the Bazaar")
    _going(session, plain_member)
    tasks.reminders_due.delay()
    tasks_done()
    sent = MailSent.objects.filter(kind="session_day", member=plain_member, object_id=session.pk)
    assert sent.count() == 1
    tasks.reminders_due.delay()
    tasks.reminders_due.delay()
    tasks_done()
    assert MailSent.objects.filter(member=plain_member).count() == 1
