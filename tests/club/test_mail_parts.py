"""Every mail the club sends goes through Django's mail with a plain-text and an HTML part, both
saying the same and carrying the same link: invitations, the invitation's and sessions' reminders,
password resets (allauth's). The followed searches' digest is checked in tests/rules/test_following.py."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from club import reminders, services
from club.models import Invitation
from tests import factories

pytestmark = pytest.mark.django_db


def parts(message) -> tuple[str, str]:
    """The plain text and the HTML of one mail; fails unless it has exactly those two."""
    assert message.content_subtype == "plain"
    html = [content for content, mimetype in getattr(message, "alternatives", []) if mimetype == "text/html"]
    assert len(html) == 1, f"{message.subject!r} has no HTML part"
    return message.body, html[0]


def invite(admin_member, *, language: str = "") -> Invitation:
    invitation = services.invitation_create(actor=admin_member, email="massha@example.org", display_name="Massha",
                                            dimension=factories.dimension(), language=language)
    mail.outbox.clear()
    assert services.invitation_mail(invitation_id=invitation.pk, site_url="https://club.example.org")
    return invitation


def test_the_invitation_has_text_and_html_with_its_link(admin_member):
    invitation = invite(admin_member)
    [message] = mail.outbox
    text, html = parts(message)
    link = f"https://club.example.org/invitations/{invitation.token}/"
    assert link in text and f'href="{link}"' in html
    assert "Massha" in html and "Accept the invitation" in html and "<!DOCTYPE html>" in html


def test_the_invitation_html_is_in_the_invitees_language(admin_member):
    invite(admin_member, language="ru")
    text, html = parts(mail.outbox[0])
    assert "Принять приглашение" in html and "Здравствуйте, Massha!" in html
    assert '<html lang="ru">' in html and "Accept" not in html


def test_the_invitation_reminder_has_text_and_html(admin_member):
    invitation = invite(admin_member)
    Invitation.objects.filter(pk=invitation.pk).update(created_at=timezone.now() - timedelta(days=13))
    mail.outbox.clear()
    assert reminders.invitation_reminder_send(invitation_id=invitation.pk)
    text, html = parts(mail.outbox[0])
    assert f"/invitations/{invitation.token}/" in text and f"/invitations/{invitation.token}/" in html


def test_a_session_reminder_has_text_and_html(croupier, plain_member):
    start = timezone.now() + timedelta(hours=20)
    session = factories.session(actor=croupier, starts_at=start, ends_at=start + timedelta(hours=4))
    services.rsvp_set(session=session, member=plain_member, actor=plain_member, answer="going")
    mail.outbox.clear()
    assert reminders.session_reminder_send(kind="session_day", session_id=session.pk, member_id=plain_member.pk)
    text, html = parts(mail.outbox[0])
    assert session.get_absolute_url() in text and session.get_absolute_url() in html


def test_the_password_reset_has_text_and_html_with_its_link(client, plain_member):
    assert client.post(reverse("account_reset_password"), {"email": plain_member.user.email}).status_code == 302
    [message] = mail.outbox
    text, html = parts(message)
    link = re.search(r"https?://\S+/password/reset/key/\S+/", text).group(0)
    assert f'href="{link}"' in html and "password reset" in html


def test_the_password_reset_html_is_in_the_readers_language(client, plain_member):
    client.post(reverse("account_reset_password"), {"email": plain_member.user.email}, HTTP_ACCEPT_LANGUAGE="ru")
    text, html = parts(mail.outbox[0])
    assert "пароль" in text.lower() and "пароль" in html.lower()


def test_a_reset_asked_for_an_unknown_address_has_text_and_html(client):
    assert client.post(reverse("account_reset_password"), {"email": "stranger@example.org"}).status_code == 302
    [message] = mail.outbox
    text, html = parts(message)
    assert "stranger@example.org" in text and "stranger@example.org" in html
