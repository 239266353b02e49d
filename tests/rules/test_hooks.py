"""What the archive asks of the games app above it goes through the slots the games app fills
(rules.hooks), never an import: the deals a member sees, a deal replayed by a ruling, a trace's
words. Without those registrations the archive still works, seeing no deal."""

import pytest

from club.models import OutboxMessage
from games import presenters, selectors
from games import services as games_services
from games.models import Deal
from rules import access, hooks, services, task_names, tasks
from rules.models import Dispute

from .helpers import founding, ruling

pytestmark = pytest.mark.django_db

TRACE = [{"source": "B20", "cards": [], "change": "suits", "before": None, "after": None, "player": None,
          "text": "B20: the suit order is inverted"}]


@pytest.fixture
def without_games():
    """The archive as it stands without the games app's registrations (put back afterwards)."""
    registered = [(hooks.register_deals_visible, selectors.archive_deals_visible_to),
                  (hooks.register_deal_replay, games_services.deal_replay_by_ref),
                  (hooks.register_trace_words, presenters.trace_lines)]
    for _register, function in registered:
        hooks.unregister(function)
    yield
    for register, function in registered:
        register(function)


def test_the_games_app_says_which_deals_a_member_sees(table):
    dispute = services.dispute_raise(actor=table.seated, deal_ref=table.ref, question="Wild?")
    assert access.deal_for_ref(table.seated, table.ref) == table.deal
    assert access.deal_for_ref(table.outsider, table.ref) is None
    assert list(access.disputes_visible_to(table.seated)) == [dispute]
    assert list(access.disputes_visible_to(table.outsider)) == []


def test_without_the_games_app_a_member_sees_no_deal_and_no_dispute(table, without_games):
    dispute = Dispute.objects.create(deal_ref=table.ref, deal_snapshot={}, raised_by=table.seated, question="?")
    assert access.deal_for_ref(table.seated, table.ref) is None
    assert list(access.disputes_visible_to(table.seated)) == []
    assert list(access.disputes_visible_to(table.croupier)) == [dispute]     # a croupier sees every one


def test_a_replay_ruling_replays_the_deal_through_the_games_app(table):
    dispute = services.dispute_raise(actor=table.seated, deal_ref=table.ref, question="?")
    services.dispute_replay(dispute=dispute, actor=table.croupier)
    assert Deal.all_objects.get(pk=table.deal.pk).is_voided
    assert Deal.objects.get(replay_of=table.deal).number == table.deal.number


def test_without_the_games_app_a_replay_ruling_only_closes_the_dispute(table, without_games):
    dispute = Dispute.objects.create(deal_ref=table.ref, deal_snapshot={}, raised_by=table.seated, question="?")
    services.dispute_replay(dispute=dispute, actor=table.croupier)
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.REPLAYED
    assert not Deal.all_objects.get(pk=table.deal.pk).is_voided and not Deal.objects.filter(replay_of=table.deal)


def test_a_trace_is_told_in_the_deal_pages_words(db):
    names = {"1": "Skeeve"}
    assert hooks.trace_lines(TRACE, names=names) == presenters.trace_lines(TRACE, names=names)
    assert hooks.trace_lines(TRACE, names=names) != ["B20: the suit order is inverted"]


def test_without_the_games_app_a_trace_is_told_by_the_engines_texts(without_games):
    assert hooks.trace_lines(TRACE, names={}) == ["B20: the suit order is inverted"]


def test_the_whatif_is_asked_for_by_the_name_its_task_is_registered_under(archive, croupier):
    """The services enqueue the what-if by name (the tasks import the services, not the other way
    round): the outbox row names the task the worker knows."""
    precedent = ruling(croupier, fixes={"IP-R2-WILD-CARD": "that_rank"},
                       cites={founding("IP-R2-WILD-CARD").permanent_id: "overrules"})
    assert [m.task for m in OutboxMessage.objects.all() if m.args == [precedent.pk]] == [task_names.PRECEDENT_WHATIF]
    assert tasks.precedent_whatif.name == task_names.PRECEDENT_WHATIF == "rules.tasks.precedent_whatif"
