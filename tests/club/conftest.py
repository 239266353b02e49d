import pytest
from rest_framework.test import APIClient

from club.models import Member
from tests import factories


@pytest.fixture
def croupier(db):
    return factories.member(Member.Role.CROUPIER)


@pytest.fixture
def admin_member(db):
    return factories.member(Member.Role.ADMIN)


@pytest.fixture
def plain_member(db):
    return factories.member()


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
