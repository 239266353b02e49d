import pytest

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


class Table:
    """A seated game with one dealt deal, and one member of every role around it."""

    def __init__(self):
        from club import services as club_services
        from games import services as games_services

        self.croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
        self.admin = factories.member(Member.Role.ADMIN, display_name="Aahz", password=None)
        self.seated = factories.member(display_name="Skeeve", password=None)
        self.partner = factories.member(display_name="Massha", password=None)
        self.outsider = factories.member(display_name="Outsider", password=None)
        session = factories.session(actor=self.croupier, days=-1)
        for player in (self.seated, self.partner):
            club_services.rsvp_set(session=session, member=player, actor=player, answer="going")
        club_services.seating_set(session=session, actor=self.croupier,
                                  assignments={self.seated.pk: "N", self.partner.pk: "S"})
        self.game = games_services.game_start(session=session, actor=self.croupier)
        self.deal = games_services.deal_digital(game=self.game, actor=self.croupier, seed="rules-access")
        self.ref = f"deal-{self.deal.pk}"
        # The cards a dispute's copy of this deal holds: the site dealt it and it is still open,
        # so its dark cards stay face down there (every player of the table reads a dispute).
        self.cards = list(self.deal.cards.filter(open=True).order_by("seq").values_list("card", flat=True))

    def role(self, name: str):
        return {"anonymous": None, "outsider": self.outsider, "seated": self.seated,
                "croupier": self.croupier, "admin": self.admin}[name]


@pytest.fixture
def table(db):
    return Table()
