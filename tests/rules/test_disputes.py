"""Calling the croupier on a recorded deal: open, ruled or replayed, and published as a precedent."""

import pytest

from club.errors import Conflict, Forbidden, InvalidInput, NotFound
from rules import services
from rules.models import Dispute
from rules.selectors import deal_is_disputed

pytestmark = pytest.mark.django_db


def test_a_dispute_starts_prefilled_with_the_deal(table):
    dispute = services.dispute_raise(actor=table.seated, deal_ref=table.ref, question="Was the Two wild?")
    assert dispute.deal_snapshot["cards"] == table.cards and dispute.deal_snapshot["ref"] == table.ref
    assert dispute.status == "open" and dispute.raised_by == table.seated


def test_the_result_stays_unconfirmed_while_disputed(table):
    assert not deal_is_disputed(table.ref)
    dispute = services.dispute_raise(actor=table.seated, deal_ref=table.ref, question="Was the Two wild?")
    assert deal_is_disputed(table.ref)
    with pytest.raises(Conflict, match=table.ref):
        services.dispute_raise(actor=table.partner, deal_ref=table.ref, question="Again?")
    services.dispute_rule(dispute=dispute, actor=table.croupier, ruling="It was wild.")
    assert not deal_is_disputed(table.ref)
    dispute.refresh_from_db()
    assert dispute.status == "ruled" and dispute.ruled_by == table.croupier


def test_no_precedent_and_no_agreement_ends_in_a_replay(table):
    dispute = services.dispute_raise(actor=table.seated, deal_ref=table.ref, question="?")
    services.dispute_replay(dispute=dispute, actor=table.croupier)
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.REPLAYED
    assert "replayed" in dispute.ruling
    with pytest.raises(Conflict, match="replayed"):
        services.dispute_rule(dispute=dispute, actor=table.croupier, ruling="Too late")


def test_only_a_croupier_rules(table):
    dispute = services.dispute_raise(actor=table.seated, deal_ref=table.ref, question="?")
    with pytest.raises(Forbidden):
        services.dispute_rule(dispute=dispute, actor=table.seated, ruling="Mine")
    with pytest.raises(NotFound):           # a member who does not see the dispute is not told of it
        services.dispute_rule(dispute=dispute, actor=table.outsider, ruling="Mine")
    with pytest.raises(InvalidInput, match="question"):
        services.dispute_raise(actor=table.seated, deal_ref=table.ref, question=" ")


def test_only_who_sees_the_deal_raises_a_dispute_on_it(table):
    with pytest.raises(InvalidInput, match=table.ref):
        services.dispute_raise(actor=table.outsider, deal_ref=table.ref, question="?")
    with pytest.raises(Forbidden):
        services.dispute_raise(actor=None, deal_ref=table.ref, question="?")
    table.seated.active = False
    table.seated.save(update_fields=["active"])
    with pytest.raises(Forbidden):
        services.dispute_raise(actor=table.seated, deal_ref=table.ref, question="?")
    assert not Dispute.objects.exists()
    assert services.dispute_raise(actor=table.admin, deal_ref=table.ref, question="?").raised_by == table.admin


def test_a_ruling_is_published_as_a_precedent(archive, table):
    dispute = services.dispute_raise(actor=table.seated, deal_ref=table.ref, question="Was the Two wild?")
    with pytest.raises(Conflict, match="open"):
        services.dispute_publish(dispute=dispute, actor=table.croupier, title="Too early")
    services.dispute_rule(dispute=dispute, actor=table.croupier, ruling="The Two was wild by Table 2.")
    precedent = services.dispute_publish(dispute=dispute, actor=table.croupier, title="Table 2 wins over claims",
                                         cites_rules=["T2"])
    assert precedent.status == "binding" and precedent.deal_ref == table.ref
    assert precedent.deal_snapshot["cards"] == table.cards
    assert precedent.ruling == "The Two was wild by Table 2."
    assert [e.key for e in precedent.cited_entries.all()] == ["T2"]
    dispute.refresh_from_db()
    assert dispute.precedent == precedent
    with pytest.raises(Conflict, match="already published"):
        services.dispute_publish(dispute=dispute, actor=table.croupier, title="Twice")
