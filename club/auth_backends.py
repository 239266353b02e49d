"""Signing in, and the signed-in member read with his account.

Nearly every page shows or checks the member behind the account (the menu, the offline words,
every access helper), so the account is read with its member, by one fixed read: Django's
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
def _account_read(alias: str) -> tuple[str, tuple, tuple, int]:
    """The read of a signed-in account with its member, written once per database: one plain
    query (a left join: an account may have no member), and each column's conversions. Every
    request makes it, always of this shape; as plain SQL it costs a tenth of what the ORM spends
    building and compiling the same join each time, and one round trip instead of two
    (bench/evening.py). Last, where the member's primary key stands among his columns: NULL there
    means no member."""
    connection = connections[alias]
    quote = connection.ops.quote_name
    user = get_user_model()
    owner = Member._meta.get_field("user")

    def columns(model, table_alias: str) -> tuple[list[str], tuple]:
        fields = model._meta.concrete_fields
        # The conversions a query of the model applies to each column (the backend's, then the
        # field's): SQLite's dates and booleans, for one.
        read = []
        for field in fields:
            column = field.get_col(model._meta.db_table)
            read.append((field.attname, [*connection.ops.get_db_converters(column),
                                         *column.get_db_converters(connection)], column))
        return [f"{table_alias}.{quote(field.column)}" for field in fields], tuple(read)

    user_columns, user_read = columns(user, "u")
    member_columns, member_read = columns(Member, "m")
    key = quote(user._meta.pk.column)
    sql = (f"SELECT {', '.join(user_columns + member_columns)} FROM {quote(user._meta.db_table)} u "
           f"LEFT JOIN {quote(Member._meta.db_table)} m ON m.{quote(owner.column)} = u.{key} WHERE u.{key} = %s")
    member_key = [attname for attname, _, _ in member_read].index(Member._meta.pk.attname)
    return sql, user_read, member_read, member_key


def _instance(model, alias: str, read: tuple, values, connection):
    converted = []
    for (_attname, converters, column), value in zip(read, values, strict=True):
        for converter in converters:
            value = converter(value, column, connection)
        converted.append(value)
    return model.from_db(alias, [attname for attname, _, _ in read], converted)


def user_with_member(user_id):
    """The account ``user_id`` with its member (None when there is no such account, or the id is
    no number), as a query with ``select_related("member")`` would give them: each value through
    its field's conversion, made by the models' ``from_db``."""
    try:
        pk = int(user_id)
    except (TypeError, ValueError):
        return None
    if abs(pk) >= 2**63:
        return None
    model = get_user_model()
    alias = router.db_for_read(model)
    connection = connections[alias]
    sql, user_read, member_read, member_key = _account_read(alias)
    with connection.cursor() as cursor:
        cursor.execute(sql, [pk])
        row = cursor.fetchone()
    if row is None:
        return None
    user = _instance(model, alias, user_read, row[:len(user_read)], connection)
    member_values = row[len(user_read):]
    if member_values[member_key] is not None:
        # Both ends of the one-to-one, as select_related leaves them.
        user.member = _instance(Member, alias, member_read, member_values, connection)
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
