"""The signed-in account is read with its member in one query, and a session begun under
Django's or allauth's own backend stays signed in."""

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.auth_backends import RENAMED

pytestmark = pytest.mark.django_db


def test_logging_in_by_email_names_the_clubs_backend(client, plain_member):
    client.post(reverse("account_login"), {"login": plain_member.user.email, "password": "pw-12345678"})
    assert client.session[BACKEND_SESSION_KEY] == "club.auth_backends.MemberAllauthBackend"


def test_the_member_comes_with_the_account(client_as, plain_member):
    """The account and its member are read by the one fixed read, once a request: nothing else on
    the page reads the account or the member again."""
    client = client_as(plain_member)
    client.get(reverse("club:dimension_list"))
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("club:dimension_list")).status_code == 200
    account_reads = [q["sql"] for q in queries.captured_queries if 'FROM "auth_user"' in q["sql"]]
    member_reads = [q["sql"] for q in queries.captured_queries if '"club_member"' in q["sql"]]
    assert len(account_reads) == 1, account_reads
    assert 'LEFT JOIN "club_member" m ON m."user_id" = u."id"' in account_reads[0]
    assert account_reads[0].endswith(f'WHERE u."id" = {plain_member.user.pk}')
    assert member_reads == account_reads, member_reads


def test_an_account_without_a_member_still_signs_in(client, django_user_model):
    user = django_user_model.objects.create_superuser("root", "root@example.org", "pw-12345678")
    client.force_login(user)
    assert client.get(reverse("club:dimension_list")).status_code == 200


@pytest.mark.parametrize("old_path", sorted(RENAMED))
def test_a_session_begun_under_the_old_backend_stays_signed_in(client, plain_member, old_path):
    session = client.session
    session[SESSION_KEY] = str(plain_member.user.pk)
    session[BACKEND_SESSION_KEY] = old_path
    session[HASH_SESSION_KEY] = plain_member.user.get_session_auth_hash()
    session.save()
    client.cookies["sessionid"] = session.session_key
    response = client.get(reverse("games:member_dashboard"))
    assert response.status_code == 200
    assert response.context["user"] == plain_member.user
    assert client.session[BACKEND_SESSION_KEY] == RENAMED[old_path]


def test_a_session_naming_an_unknown_backend_is_signed_out(client, plain_member):
    session = client.session
    session[SESSION_KEY] = str(plain_member.user.pk)
    session[BACKEND_SESSION_KEY] = "somewhere.else.Backend"
    session[HASH_SESSION_KEY] = plain_member.user.get_session_auth_hash()
    session.save()
    client.cookies["sessionid"] = session.session_key
    assert client.get(reverse("games:member_dashboard")).status_code == 302


def test_the_account_is_read_whole_with_its_member(plain_member, django_user_model):
    from club.auth_backends import user_with_member

    user = user_with_member(plain_member.user.pk)
    expected = django_user_model.objects.select_related("member").get(pk=plain_member.user.pk)
    for field in django_user_model._meta.concrete_fields:
        assert getattr(user, field.attname) == getattr(expected, field.attname), field.name
    for field in type(plain_member)._meta.concrete_fields:
        assert getattr(user.member, field.attname) == getattr(expected.member, field.attname), field.name
    assert isinstance(user.is_active, bool) and user.last_login == expected.last_login
    with CaptureQueriesContext(connection) as queries:
        assert user.member.user is user and user.member.dimension_id == plain_member.dimension_id
    assert queries.captured_queries == []


def test_each_account_is_read_with_its_own_member_or_none(plain_member, django_user_model):
    from club.auth_backends import user_with_member

    root = django_user_model.objects.create_superuser("root", "root@example.org", "pw-12345678")
    assert user_with_member(root.pk).username == "root"
    with pytest.raises(django_user_model.member.RelatedObjectDoesNotExist):
        user_with_member(root.pk).member  # noqa: B018 (the read itself is the test)
    assert user_with_member(plain_member.user.pk).member == plain_member
    assert user_with_member(root.pk + plain_member.user.pk + 1000) is None


def test_a_deactivated_account_is_signed_out_at_once(client_as, plain_member):
    client = client_as(plain_member)
    assert client.get(reverse("games:member_dashboard")).status_code == 200
    type(plain_member.user).objects.filter(pk=plain_member.user.pk).update(is_active=False)
    assert client.get(reverse("games:member_dashboard")).status_code == 302


@pytest.mark.parametrize("user_id", [None, "", "abc", "1.5"])
def test_an_id_that_is_no_number_finds_nobody(user_id):
    from club.auth_backends import user_with_member

    assert user_with_member(user_id) is None
