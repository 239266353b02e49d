import pytest
from rest_framework.test import APIClient

from club.models import Member
from rules import services
from rules.models import Precedent
from rules.rulebook import rulebook_sync
from tests import factories


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The rulebook and the founding precedents once per session: every test starts from them
    (tests that flush the database load them again through ``archive``)."""
    with django_db_blocker.unblock():
        rulebook_sync()
        services.founding_precedents_load()


@pytest.fixture
def archive(db):
    if not Precedent.objects.filter(founding=True).exists():
        rulebook_sync()
        services.founding_precedents_load()


@pytest.fixture
def croupier(db):
    return factories.member(Member.Role.CROUPIER, password=None)


@pytest.fixture
def admin_member(db):
    return factories.member(Member.Role.ADMIN, password=None)


@pytest.fixture
def plain_member(db):
    return factories.member(password=None)


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def api_as():
    def login(member):
        client = APIClient()
        client.force_authenticate(member.user)
        return client
    return login
