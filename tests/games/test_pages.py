"""The games pages: recording a deal by taps, quick results, confirmation, dashboards and
statistics, each list and dashboard within a fixed number of queries."""

import pytest
from django.urls import reverse
from django.utils import translation

from club import services as club_services
from games import presenters, services
from games.models import Result
from rules import services as rules_services
from rules.models import Dispute
from tests.games.conftest import full_deal

pytestmark = pytest.mark.django_db


def _confirmed_deals(game, croupier, players, n):
    for _ in range(n):
        deal = services.deal_start(game=game, actor=croupier, quick=True)
        result = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=8)
        services.result_confirm(result=result, actor=croupier)


def test_record_a_card_by_tap_with_htmx(client_as, game, players, croupier):
    deal = services.deal_start(game=game, actor=croupier)
    client = client_as(players[0])
    page = client.get(deal.get_absolute_url())
    assert page.status_code == 200 and b"next card to" in page.content and b'data-card="Ah"' in page.content
    swapped = client.post(reverse("games:deal_card", args=[deal.pk]), {"card": "Ah"}, HTTP_HX_REQUEST="true")
    assert swapped.status_code == 200 and b'id="recorder"' in swapped.content and b"<html" not in swapped.content
    assert b'value="Ah" class="pick card red" data-card="Ah" disabled' in swapped.content
    refused = client.post(reverse("games:deal_card", args=[deal.pk]), {"card": "Ah"}, HTTP_HX_REQUEST="true")
    assert b"Ah is already dealt in this deal" in refused.content and b'role="alert"' in refused.content


def test_judged_result_page_shows_hands_trace_and_confirm(judge, client_as, game, croupier, players):
    deal = full_deal(game, croupier)
    client = client_as(players[1])
    client.post(reverse("games:deal_submit", args=[deal.pk]))
    result = Result.objects.get(deal=deal)
    page = client.get(deal.get_absolute_url()).content.decode()
    # Modifier 7 kills a card: told with the rule's title and the card by name.
    with translation.override("en"):
        m7 = presenters.rule_label("M7")
    assert "<strong>Dragon</strong> (30)" in page and f"{m7}: the " in page and "now a dead card" in page
    assert 'id="confirm-result"' not in page  # the submitter does not confirm
    client = client_as(players[2])
    assert 'id="confirm-result"' in client.get(deal.get_absolute_url()).content.decode()
    client.post(reverse("games:result_confirm", args=[result.pk]))
    result.refresh_from_db()
    assert result.status == "confirmed" and result.confirmed_by == players[2]


def test_russian_trace_and_cards(judge, client_as, game, croupier, players):
    deal = full_deal(game, croupier)
    services.result_submit(deal=deal, actor=players[0])
    client = client_as(players[1])
    page = client.get(deal.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    with translation.override("ru"):
        m7 = presenters.rule_label("M7")
    assert f"{m7}:" in page and "теперь мёртвая карта" in page  # the trace in Russian words


def test_quick_result_is_marked_as_such(client_as, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier, quick=True)
    client = client_as(players[0])
    client.post(reverse("games:deal_submit", args=[deal.pk]), {"winners": [players[2].pk], "pot": 8})
    assert Result.objects.get(deal=deal).kind == "quick"
    assert b"quick result" in client.get(deal.get_absolute_url()).content
    assert b"quick result" in client.get(game.get_absolute_url()).content


def test_game_start_page_prefills_the_venue(client_as, session, croupier):
    client = client_as(croupier)
    page = client.get(reverse("games:game_start", args=[session.pk]))
    assert page.status_code == 200
    data = {"min_stake": 2, "max_stake": 20, "animals": 1, "weather": "sunny", "saint_images": 0,
            "analog_clocks": 0, "digital_clocks": 0, "exits": 2}
    for gp in session.seats.all():
        data.update({f"clothing_{gp.member_id}": "dark", f"drink_{gp.member_id}": "soft",
                     f"spare_decks_{gp.member_id}": 0})
    response = client.post(reverse("games:game_start", args=[session.pk]), data)
    assert response.status_code == 302
    game = session.games.get()
    assert game.weather == "sunny" and {gp.clothing for gp in game.players.all()} == {"dark"}


def test_outsider_gets_404_on_a_table(client_as, game, outsider):
    assert client_as(outsider).get(game.get_absolute_url()).status_code == 404


@pytest.mark.parametrize("deals", [1, 6])
def test_pages_make_a_bounded_number_of_queries(django_assert_max_num_queries, client_as, game, croupier,
                                                players, deals):
    _confirmed_deals(game, croupier, players, deals)
    deal = game.deals.order_by("number").last()
    services.dispute_raise(deal=deal, actor=players[2], question="wrong pot")
    urls_for = {
        croupier: [reverse("games:croupier_dashboard"), reverse("games:member_dashboard"), game.get_absolute_url(),
                   reverse("games:leaderboard") + "?period=all", deal.get_absolute_url()],
        players[1]: [reverse("games:member_dashboard"), reverse("games:member_stats", args=[players[1].pk]),
                     game.get_absolute_url(), deal.get_absolute_url()],
    }
    for member, urls in urls_for.items():
        client = client_as(member)
        for url in urls:
            # The most is a member's statistics with his ratings replayed: one read per game rated
            # (Dragon Poker, casino, dice, Draker, the trick game) on top of the page's own.
            with django_assert_max_num_queries(23):
                assert client.get(url).status_code == 200, url


@pytest.mark.parametrize("deals", [1, 6])
def test_api_lists_make_a_bounded_number_of_queries(django_assert_max_num_queries, api_as, game, croupier,
                                                    players, deals):
    _confirmed_deals(game, croupier, players, deals)
    client = api_as(players[0])
    for url in ("/api/games/", "/api/deals/", "/api/results/", "/api/ledger/", "/api/stats/leaderboard/",
                f"/api/stats/{players[0].pk}/"):
        with django_assert_max_num_queries(12):
            assert client.get(url).status_code == 200, url


def test_recorded_deal_page_query_bound(judge, django_assert_max_num_queries, client_as, game, croupier, players):
    deal = full_deal(game, croupier)
    services.result_submit(deal=deal, actor=players[0])
    client = client_as(players[1])
    with django_assert_max_num_queries(25):
        assert client.get(deal.get_absolute_url()).status_code == 200


def test_reseat_from_the_game_page_starts_the_next_game(client_as, game, croupier, players, outsider):
    # A newcomer is one of the session's people: the croupier answers for him first.
    club_services.rsvp_set(session=game.session, member=outsider, actor=croupier, answer="going")
    client = client_as(croupier)
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'id="reseat"' in page
    data = {f"seat_{p.pk}": s for p, s in zip(players, ("N", "E", "S", ""), strict=True)}
    data.update({"newcomer": outsider.pk, "newcomer_seat": "W"})
    response = client.post(reverse("games:game_reseat", args=[game.pk]), data)
    game.refresh_from_db()
    nxt = game.session.games.get(number=2)
    assert response.status_code == 302 and response["Location"] == nxt.get_absolute_url()
    assert game.status == "ended" and nxt.status == "live"
    assert {gp.member_id: gp.seat for gp in nxt.players.all()} == {
        players[0].pk: "N", players[1].pk: "E", players[2].pk: "S", outsider.pk: "W"}


def test_calling_the_croupier_from_the_deal_page_creates_a_prefilled_archive_dispute(
        judge, client_as, game, croupier, players, outsider):
    deal = full_deal(game, croupier)
    services.result_submit(deal=deal, actor=players[0])
    client = client_as(players[1])
    page = client.get(deal.get_absolute_url()).content.decode()
    assert 'id="call-croupier"' in page and 'id="confirm-result"' in page
    response = client.post(reverse("games:deal_dispute", args=[deal.pk]), {"question": "Is 7c dead here?"})
    dispute = Dispute.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("rules:dispute_detail", args=[dispute.pk])
    assert dispute.deal_ref == f"deal-{deal.pk}" and dispute.question == "Is 7c dead here?"
    assert dispute.deal_snapshot["cards"] == list(deal.cards.order_by("seq").values_list("card", flat=True))
    assert dispute.deal_snapshot["result_version"] == 1
    page = client.get(deal.get_absolute_url()).content.decode()
    assert reverse("rules:dispute_detail", args=[dispute.pk]) in page
    assert 'id="confirm-result"' not in page and 'id="call-croupier"' not in page
    refused = client.post(reverse("games:result_confirm", args=[deal.results.get().pk]), follow=True)
    assert f"dispute #{dispute.pk}" in refused.content.decode()
    assert deal.results.get().status == Result.Status.DRAFT
    rules_services.dispute_rule(dispute=dispute, actor=croupier, ruling="Dead: the judgement stands.")
    assert 'id="confirm-result"' in client.get(deal.get_absolute_url()).content.decode()
    client.post(reverse("games:result_confirm", args=[deal.results.get().pk]))
    assert deal.results.get().status == Result.Status.CONFIRMED
    outsider_client = client_as(outsider)
    assert outsider_client.post(reverse("games:deal_dispute", args=[deal.pk]), {"question": "?"}).status_code == 404


@pytest.mark.parametrize("disputed", [1, 6])
def test_croupier_dashboard_lists_archive_disputes_within_its_query_bound(
        django_assert_max_num_queries, client_as, game, croupier, players, disputed):
    _confirmed_deals(game, croupier, players, disputed)
    disputes = [services.dispute_raise(deal=deal, actor=players[2], question=f"question {deal.number}")
                for deal in game.deals.order_by("number")]
    client = client_as(croupier)
    with django_assert_max_num_queries(12):
        page = client.get(reverse("games:croupier_dashboard")).content.decode()
    for dispute in disputes:
        assert reverse("rules:dispute_detail", args=[dispute.pk]) in page and dispute.question in page


def test_a_claim_is_listed_with_its_rule_title_and_suit_symbol(client_as, game, croupier, players):
    """Base rule 1: a suit change claimed on a card reads as the rule's title, the card and the suit."""
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="6s")
    owner = deal.cards.get(card="6s").member
    services.claim_declare(deal=deal, actor=croupier, member=owner, rule="B1", card="6s", suit="d")
    page = client_as(players[1]).get(deal.get_absolute_url()).content.decode()
    claims = page.split("Claims</h2>")[1].split("</ul>")[0]
    with translation.override("en"):
        b1 = presenters.rule_label("B1")
    assert b1 in claims and "→ ♦" in claims and " d<" not in claims


@pytest.mark.parametrize("deals", [1, 6])
def test_the_dashboards_read_result_lines_without_their_documents(django_assert_max_num_queries, client_as, game,
                                                                   croupier, players, deals):
    _confirmed_deals(game, croupier, players, deals)
    for _ in range(deals):  # drafts waiting for the winner's confirmation
        deal = services.deal_start(game=game, actor=croupier, quick=True)
        services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=8)
    for member, url, bound in ((players[1], reverse("games:member_dashboard"), 11),
                               (croupier, reverse("games:croupier_dashboard"), 12)):
        client = client_as(member)
        with django_assert_max_num_queries(bound) as done:
            page = client.get(url)
        assert page.status_code == 200
        assert page.content.decode().count("won by") >= (2 * deals if member == players[1] else deals)
        reads = [q["sql"] for q in done.captured_queries if 'FROM "games_result"' in q["sql"]]
        assert reads and not any('"games_result"."judgement"' in sql or '"games_result"."document"' in sql
                                 for sql in reads), url
