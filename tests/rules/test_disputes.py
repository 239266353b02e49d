"""Calling the croupier on a recorded deal: open, ruled or replayed, and published as a precedent."""

import pytest

from club.errors import Conflict, Forbidden, InvalidInput
from rules import services, whatif
from rules.models import Dispute
from rules.selectors import deal_is_disputed

pytestmark = pytest.mark.django_db


@pytest.fixture
def lookup():
    def find(ref):
        if ref == "game-7#2":
            return {"cards": ["Ah", "2c"], "trace": [{"source": "T2", "cards": ["2c"], "change": "wild"}]}
        return None

    whatif.register_deal_lookup(find)
    yield find
    whatif.unregister_deal_lookup(find)


def test_a_dispute_starts_prefilled_with_the_deal(plain_member, lookup):
    dispute = services.dispute_raise(actor=plain_member, deal_ref="game-7#2", question="Was the Two wild?")
    assert dispute.deal_snapshot["cards"] == ["Ah", "2c"]
    assert dispute.status == "open" and dispute.raised_by == plain_member


def test_the_result_stays_unconfirmed_while_disputed(plain_member, croupier, lookup):
    assert not deal_is_disputed("game-7#2")
    dispute = services.dispute_raise(actor=plain_member, deal_ref="game-7#2", question="Was the Two wild?")
    assert deal_is_disputed("game-7#2")
    with pytest.raises(Conflict, match="game-7#2"):
        services.dispute_raise(actor=plain_member, deal_ref="game-7#2", question="Again?")
    services.dispute_rule(dispute=dispute, actor=croupier, ruling="It was wild.")
    assert not deal_is_disputed("game-7#2")
    dispute.refresh_from_db()
    assert dispute.status == "ruled" and dispute.ruled_by == croupier


def test_no_precedent_and_no_agreement_ends_in_a_replay(plain_member, croupier):
    dispute = services.dispute_raise(actor=plain_member, deal_ref="g#1", question="?", deal_snapshot={"cards": []})
    services.dispute_replay(dispute=dispute, actor=croupier)
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.REPLAYED
    assert "replayed" in dispute.ruling
    with pytest.raises(Conflict, match="replayed"):
        services.dispute_rule(dispute=dispute, actor=croupier, ruling="Too late")


def test_only_a_croupier_rules(plain_member):
    dispute = services.dispute_raise(actor=plain_member, deal_ref="g#1", question="?")
    with pytest.raises(Forbidden):
        services.dispute_rule(dispute=dispute, actor=plain_member, ruling="Mine")
    with pytest.raises(InvalidInput, match="question"):
        services.dispute_raise(actor=plain_member, deal_ref="g#2", question=" ")


def test_a_ruling_is_published_as_a_precedent(archive, plain_member, croupier, lookup):
    dispute = services.dispute_raise(actor=plain_member, deal_ref="game-7#2", question="Was the Two wild?")
    with pytest.raises(Conflict, match="open"):
        services.dispute_publish(dispute=dispute, actor=croupier, title="Too early")
    services.dispute_rule(dispute=dispute, actor=croupier, ruling="The Two was wild by Table 2.")
    precedent = services.dispute_publish(dispute=dispute, actor=croupier, title="Table 2 wins over claims",
                                         cites_rules=["T2"])
    assert precedent.status == "binding" and precedent.deal_ref == "game-7#2"
    assert precedent.deal_snapshot["cards"] == ["Ah", "2c"]
    assert precedent.ruling == "The Two was wild by Table 2."
    assert [e.key for e in precedent.cited_entries.all()] == ["T2"]
    dispute.refresh_from_db()
    assert dispute.precedent == precedent
    with pytest.raises(Conflict, match="already published"):
        services.dispute_publish(dispute=dispute, actor=croupier, title="Twice")
