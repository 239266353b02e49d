"""Accounts: the club is private, so signup is open only with an admin's invitation
(or when the OPEN_SIGNUP setting is on)."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings

INVITATION_SESSION_KEY = "club_invitation_token"


class ClubAccountAdapter(DefaultAccountAdapter):
    def is_open_for_signup(self, request) -> bool:
        if settings.OPEN_SIGNUP:
            return True
        from .services import invitation_pending

        token = request.session.get(INVITATION_SESSION_KEY) if hasattr(request, "session") else None
        return bool(token) and invitation_pending(token=token) is not None

    def save_user(self, request, user, form, commit=True):
        user = super().save_user(request, user, form, commit=commit)
        token = request.session.pop(INVITATION_SESSION_KEY, None) if hasattr(request, "session") else None
        if commit:
            from .services import invitation_accept, member_for_open_signup

            if token:
                invitation_accept(token=token, user=user)
            elif settings.OPEN_SIGNUP:
                member_for_open_signup(user=user)
        return user
