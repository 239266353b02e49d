"""Invitation mails go out through Celery: in-process by default, on a real worker in CI."""

import time

import pytest
from django.core import mail

from club import services
from club.models import Invitation
from tests import factories


@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_invitation_mail_is_sent_once_after_commit(celery_worker_process, admin_member):
    invitation = services.invitation_create(actor=admin_member, email="massha@example.org", display_name="Massha",
                                            dimension=factories.dimension(), site_url="https://club.example.org")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        invitation.refresh_from_db()
        if invitation.sent_at is not None:
            break
        time.sleep(0.2)
    assert invitation.sent_at is not None
    if celery_worker_process is None:  # in-process: the mail is in this process's outbox
        assert len(mail.outbox) == 1 and "/invitations/" in mail.outbox[0].body
    # Running the task again sends nothing more.
    from club.tasks import invitation_send

    # In-process, the first send may still be finishing in the outbox's publishing thread, and Celery
    # marks the whole process as inside a task meanwhile: this thread is not, so it may wait.
    assert invitation_send.delay(invitation.pk).get(timeout=30, disable_sync_subtasks=False) is False
    assert Invitation.objects.get(pk=invitation.pk).sent_at == invitation.sent_at
