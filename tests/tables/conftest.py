import pytest

from club.models import Member
from tests import factories


@pytest.fixture(autouse=True)
def _fewer_odds_samples(settings):
    # The odds' Monte Carlo sample count only changes their stated error, not what is stored.
    settings.TABLES_CASINO_ODDS_SAMPLES = 60
    # Members are made with passwords; a slow hash would make every test wait for nothing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # New members hold no chips; the play these tests check is not about what they can cover
    # (tests/tables/test_means.py is, and sets the club's credit itself).
    settings.CLUB_CREDIT_LIMIT = 100_000


@pytest.fixture
def player(db):
    return factories.member(display_name="Skeeve")


@pytest.fixture
def opponent(db):
    return factories.member(display_name="Guido")


@pytest.fixture
def stranger(db):
    return factories.member(display_name="Vic")


@pytest.fixture
def croupier(db):
    return factories.member(Member.Role.CROUPIER, display_name="Tananda")


