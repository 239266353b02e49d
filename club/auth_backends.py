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
from django.core.exceptions import ImproperlyConfigured
from django.db import connections, router
from django.db.backends.signals import connection_created
from django.db.models.query import get_related_populators
from django.dispatch import receiver
from django.utils.functional import SimpleLazyObject


class _UserWithMember:
    """``User.objects.select_related("member").filter(pk=...)``, its SQL compiled once per process.

    It runs on every signed-in request, and compiling it (about fifty columns of two tables) cost
    as much processor time as sending it and building both objects. The rows are turned into
    objects by the compiler that compiled it, as Django's own model iterable does: the same
    converters, the same objects, the same cache of the member on the user."""

    _PLACEHOLDER = -20_250_101

    def __init__(self, alias: str) -> None:
        queryset = get_user_model()._default_manager.select_related("member").filter(pk=self._PLACEHOLDER)
        self.alias = alias
        self.compiler = queryset.query.get_compiler(using=alias)
        self.sql, params = self.compiler.as_sql()
        if list(params) != [self._PLACEHOLDER]:
            raise ImproperlyConfigured(f"the signed-in user's query has parameters {params!r}")
        klass_info = self.compiler.klass_info
        self.model = klass_info["model"]
        first, last = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        self.fields = slice(first, last)
        self.init_list = [column[0].target.attname for column in self.compiler.select[first:last]]
        self.populators = get_related_populators(klass_info, self.compiler.select, alias)
        self.converters = self.compiler.get_converters(
            [column[0] for column in self.compiler.select[:self.compiler.col_count]])

    def get(self, user_id):
        with connections[self.alias].cursor() as cursor:
            cursor.execute(self.sql, [user_id])
            row = cursor.fetchone()
        if row is None:
            return None
        if self.converters:
            row = next(self.compiler.apply_converters([row], self.converters))
        user = self.model.from_db(self.alias, self.init_list, row[self.fields])
        for populator in self.populators:
            populator.populate(row, user)
        return user


_reads: dict[str, _UserWithMember] = {}


def user_with_member(user_id):
    """The account ``user_id`` with its member (None when there is no such account)."""
    alias = router.db_for_read(get_user_model())
    read = _reads.get(alias)
    if read is None:
        read = _reads[alias] = _UserWithMember(alias)
    return read.get(user_id)


@receiver(connection_created)
def _forget_compiled(sender, connection, **kwargs):
    # A new database (a test database, another vendor) may quote or number differently.
    _reads.pop(connection.alias, None)


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
