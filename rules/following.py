"""The daily mail of followed searches: for each member, the precedents his searches match that
were published or changed since his last mail, in his language, plain text and HTML, with a link
that stops these mails without logging in.

A member gets at most one a day: the :class:`~rules.models.DigestSent` row of (member, day) is
written in the transaction that sends the mail, and a unique constraint refuses a second, so beat
may run as often as it likes (and two runs at once send nothing twice). A failed send leaves no
row and no new "last mail" time: the next run tries again.
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from club.models import Member
from club.reminders import member_language

from . import access, selectors
from .models import DigestSent, Precedent, SavedSearch
from .templatetags.rules_tags import standing_word
from .titles import title


def _site(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def search_label(saved: SavedSearch) -> str:
    """A followed search in words: what it searches for and its filters."""
    parts = [f"“{saved.query}”"] if saved.query else []
    names = {"rule": _("rule %(value)s"), "modifier": _("modifier %(value)s"), "hand": _("hand %(value)s"),
             "point": _("point %(value)s"), "from": _("ruled from %(value)s"), "to": _("ruled until %(value)s")}
    for name, value in (saved.filters or {}).items():
        code = {"modifier": f"M{value}", "hand": f"H{value}"}.get(name, value)
        if name in ("rule", "modifier", "hand") and title(code):
            # A rule is shown with its title, as everywhere on the site.
            value = f"{code} · {title(code)}"
        if name == "status":
            label = dict(Precedent.Status.choices).get(value, value)
            parts.append(_("status: %(value)s") % {"value": str(label).lower()})
        elif name in names:
            parts.append(names[name] % {"value": value})
    return ", ".join(parts) or _("every precedent")


def _news(member: Member) -> list[tuple[SavedSearch, list]]:
    sections = []
    for saved in SavedSearch.objects.filter(owner=member, digest=True).order_by("created_at", "pk"):
        found = selectors.saved_search_news(saved, since=saved.last_digest_at or saved.created_at)
        if found:
            sections.append((saved, selectors.with_standing(found)))
    return sections


def _mail(member: Member, sections) -> EmailMultiAlternatives:
    with translation.override(member_language(member)):
        unsubscribe = _site(reverse("rules:followed_unsubscribe", args=[access.digest_unsubscribe_token(member)]))
        count = sum(len(found) for _saved, found in sections)
        context = {
            "greeting": _("Hello, %(name)s!") % {"name": member.display_name},
            "intro": _("New and changed precedents of the searches you follow:"),
            "sections": [{"label": search_label(saved), "url": _site(saved.get_absolute_url()),
                          "precedents": [{"id": p.permanent_id, "title": p.display_title, "status": p.get_status_display(),
                                          "standing": standing_word(p.standing), "url": _site(p.get_absolute_url())}
                                         for p in found]}
                         for saved, found in sections],
            "manage_label": _("Your followed searches"), "manage_url": _site(reverse("rules:followed_list")),
            "reason": _("You get this mail because you follow these searches of the precedent archive."),
            "unsubscribe_url": unsubscribe, "club": settings.CLUB_NAME}
        message = EmailMultiAlternatives(
            subject=_("The precedent archive: %(count)s new or changed") % {"count": count},
            body=render_to_string("rules/mail/digest.txt", context), to=[member.user.email],
            headers={"List-Unsubscribe": f"<{unsubscribe}>"})
        message.attach_alternative(render_to_string("rules/mail/digest.html", context), "text/html")
        return message


def digest_send(*, member_id: int, now=None) -> int:
    """Today's mail of one member's followed searches, if something is new and it has not gone
    out today: the number of precedents it lists (0 when nothing was sent)."""
    now = now or timezone.now()
    member = Member.objects.select_related("user").filter(pk=member_id, active=True).first()
    if member is None or not member.user.email:
        return 0
    day = timezone.localdate(now)
    if DigestSent.objects.filter(member=member, day=day).exists():
        return 0
    sections = _news(member)
    count = sum(len(found) for _saved, found in sections)
    if not count:
        return 0
    with transaction.atomic():
        try:
            with transaction.atomic():
                DigestSent.objects.create(member=member, day=day, sent_at=now, precedents=count)
        except IntegrityError:
            return 0
        SavedSearch.objects.filter(owner=member, digest=True).update(last_digest_at=now)
        _mail(member, sections).send()
    return count


def digests_due(*, now=None) -> list[int]:
    """The members with a followed search mailed and no mail yet today."""
    now = now or timezone.now()
    sent = DigestSent.objects.filter(day=timezone.localdate(now)).values("member_id")
    return list(SavedSearch.objects.filter(digest=True, owner__active=True).exclude(owner__in=sent)
                .order_by("owner_id").values_list("owner_id", flat=True).distinct())


def digests_send_due(*, now=None) -> int:
    """Send every digest due now; the number of mails sent."""
    now = now or timezone.now()
    return sum(1 for member_id in digests_due(now=now) if digest_send(member_id=member_id, now=now))
