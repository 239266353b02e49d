"""Signing in, and the signed-in member read with his account.

Nearly every page shows or checks the member behind the account (the menu, the offline words,
every access helper), so the account is read with its member in one query: Django's and
allauth's backends as they are, but for ``get_user``.

Sessions begun before these backends name Django's or allauth's own path; the authentication
middleware below moves such a session to the matching backend here, so nobody is signed out.
"""

from __future__ import annotations

from functools import partial

from allauth.account.auth_backends import AuthenticationBackend as AllauthBackend
from asgiref.sync import sync_to_async
from django.contrib import auth
from django.contrib.auth import get_user_model
from django.contrib.auth import middleware as auth_middleware
from django.contrib.auth.backends import ModelBackend
from django.db.models import QuerySet
from django.utils.functional import SimpleLazyObject

from club.prepared import prepared


@prepared
def _user_with_member(user_id: int) -> QuerySet:
    # On every signed-in request: compiled once (club/prepared.py); about fifty columns of two
    # tables took as long to compile as to send and build.
    return get_user_model()._default_manager.select_related("member").filter(pk=user_id)


def user_with_member(user_id):
    """The account ``user_id`` with its member (None when there is no such account)."""
    try:
        found = _user_with_member(int(user_id))
    except (TypeError, ValueError):
        return None
    return found[0] if found else None


class _WithMember:
    def get_user(self, user_id):
        user = user_with_member(user_id)
        if user is None:
            return None
        return user if self.user_can_authenticate(user) else None


class MemberModelBackend(_WithMember, ModelBackend):
    """Username and password (the admin's sign-in)."""


class MemberAllauthBackend(_WithMember, AllauthBackend):
    """Email and password, codes and the rest of allauth's ways in."""


# The backend a session names -> the one that serves it now.
RENAMED = {
    "django.contrib.auth.backends.ModelBackend": "club.auth_backends.MemberModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend": "club.auth_backends.MemberAllauthBackend",
}


def _current_backend(request):
    path = request.session.get(auth.BACKEND_SESSION_KEY)
    if path in RENAMED:
        request.session[auth.BACKEND_SESSION_KEY] = RENAMED[path]
    return request


async def _auser(request):
    await sync_to_async(_current_backend)(request)
    return await auth_middleware.auser(request)


class AuthenticationMiddleware(auth_middleware.AuthenticationMiddleware):
    """Django's, reading the user through the backend his session names, renamed if need be."""

    def process_request(self, request):
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: auth.get_user(_current_backend(request)))
        request.auser = partial(_auser, request)
