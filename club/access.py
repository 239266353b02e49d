"""Who may act in the club app, in one place: croupiers run sessions and venues, admins manage
members, dimensions and invitations; a member edits only himself. ``check_*`` raise
:class:`Forbidden` (403) before anything the actor sent is read."""

from __future__ import annotations

from django.core import signing
from django.utils.translation import gettext as _

from .errors import Forbidden, NotFound
from .models import Invitation, MailSent, Member


def check_croupier(actor: Member | None, message: str | None = None) -> Member:
    """An active croupier or admin; ``message`` says what only he may do."""
    if actor is None or not actor.active or not actor.is_croupier:
        raise Forbidden(message or _("Only a croupier or an admin may do this."))
    return actor


def check_checkin(actor: Member | None) -> Member:
    """Checking members in at the door is the croupier's job."""
    return check_croupier(actor, _("Only a croupier or an admin may check members in."))


def check_admin(actor: Member | None) -> Member:
    if actor is None or not actor.active or not actor.is_admin:
        raise Forbidden(_("Only an admin may do this."))
    return actor


def check_member_edit(actor: Member | None, member: Member) -> Member:
    """An admin edits anyone; a member edits himself (which fields, the service says)."""
    if actor is None or not actor.active or not (actor.is_admin or actor.pk == member.pk):
        raise Forbidden(_("Only an admin may change another member or a member's role."))
    return actor


def check_own(actor: Member | None, member: Member) -> Member:
    """What is the member's alone (his calendar address, the mails he gets): himself only."""
    if actor is None or not actor.active or actor.pk != member.pk:
        raise Forbidden(_("Only the member himself may change this."))
    return actor


def check_own_data(actor: Member | None, member: Member) -> Member:
    """Everything the club keeps about a member (the download of his data) is his alone, also
    when he is no longer active; not an admin's, not a croupier's."""
    if actor is None or actor.pk != member.pk or actor.anonymised_at is not None:
        raise Forbidden(_("Only the member himself may download his data."))
    return actor


# --- unsubscribe links: a signed token names who and which mails, so no login is needed ----------

UNSUBSCRIBE_SALT = "club.mail.unsubscribe"


def unsubscribe_token(*, kind: str, member: Member | None = None, invitation=None) -> str:
    """The signed part of an unsubscribe link for one kind of mail to a member (or an invitee)."""
    if member is not None:
        return signing.dumps({"k": kind, "m": member.pk}, salt=UNSUBSCRIBE_SALT, compress=True)
    return signing.dumps({"k": kind, "i": invitation.pk}, salt=UNSUBSCRIBE_SALT, compress=True)


def check_unsubscribe(token: str):
    """The (kind, member or invitation) a signed token names; a tampered or unknown one is a 404."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        raise NotFound(_("This unsubscribe link is not valid. Change your mail preferences on your profile."))
    kind = data.get("k") if isinstance(data, dict) else None
    if kind not in MailSent.Kind.values:
        raise NotFound(_("This unsubscribe link is not valid. Change your mail preferences on your profile."))
    if kind == MailSent.Kind.INVITATION_EXPIRY:
        target = Invitation.objects.filter(pk=data.get("i")).first()
    else:
        target = Member.objects.filter(pk=data.get("m")).first()
    if target is None:
        raise NotFound(_("This unsubscribe link is not valid. Change your mail preferences on your profile."))
    return kind, target


def check_audit(actor: Member | None) -> Member:
    """The club's history (who changed what, and when) is for its admins."""
    if actor is None or not actor.active or not actor.is_admin:
        raise Forbidden(_("The club's history of changes is for its admins."))
    return actor
