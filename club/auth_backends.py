"""Signing in, and the signed-in member read with his account.

Nearly every page shows or checks the member behind the account (the menu, the offline words,
every access helper), so the account is read with its member, by two fixed reads: Django's
and allauth's backends as they are, but for ``get_user``.

Sessions begun before these backends name Django's or allauth's own path; the authentication
middleware below moves such a session to the matching backend here, so nobody is signed out.
"""

from __future__ import annotations

from functools import cache, partial

from allauth.account.auth_backends import AuthenticationBackend as AllauthBackend
from asgiref.sync import sync_to_async
from django.contrib import auth
from django.contrib.auth import get_user_model
from django.contrib.auth import middleware as auth_middleware
from django.contrib.auth.backends import ModelBackend
from django.db import connections, router
from django.utils.functional import SimpleLazyObject

from .models import Member


@cache
def _account_reads(alias: str) -> tuple[str, str]:
    """The two reads of a signed-in account, written once per database: its row, and its member's.
    Every request makes them, always of this shape; as plain SQL they cost a tenth of what the ORM
    spends building and compiling the same join each time (bench/evening.py)."""
    quote = connections[alias].ops.quote_name
    user = get_user_model()
    owner = Member._meta.get_field("user")
    return (f"SELECT * FROM {quote(user._meta.db_table)} WHERE {quote(user._meta.pk.column)} = %s",
            f"SELECT * FROM {quote(Member._meta.db_table)} WHERE {quote(owner.column)} = %s")


def user_with_member(user_id):
    """The account ``user_id`` with its member (None when there is no such account, or the id is
    no number). Read through ``Manager.raw``: the rows become the models as a query's would, each
    value through its field's conversion."""
    try:
        pk = int(user_id)
    except (TypeError, ValueError):
        return None
    model = get_user_model()
    alias = router.db_for_read(model)
    account_sql, member_sql = _account_reads(alias)
    user = next(iter(model.objects.using(alias).raw(account_sql, [pk])), None)
    if user is None:
        return None
    member = next(iter(Member.objects.using(alias).raw(member_sql, [pk])), None)
    if member is not None:
        user.member = member         # both ends of the one-to-one, as select_related leaves them
    return user


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
