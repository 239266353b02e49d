"""A whole deal recorded by taps on a phone, judged, and confirmed by a second player, in
headless Chromium against the live server."""

from __future__ import annotations

import pytest

from club import services as club_services
from club.models import Member
from games import services
from games.models import Result
from tests import factories
from tests.e2e.conftest import phone_as


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_record_a_deal_by_taps_and_confirm_as_another_player(live_server, browser, settings):
    settings.GAMES_ADVISE_AFTER_SUBMIT = False  # the advisor has its own tests; it takes seconds
    croupier = factories.member(Member.Role.CROUPIER, password=None)
    skeeve = factories.member(display_name="Skeeve", password=None)
    tananda = factories.member(display_name="Tananda", password=None)
    session = factories.session(actor=croupier, days=0)
    club_services.seating_set(session=session, actor=croupier, assignments={skeeve.pk: "N", tananda.pk: "S"})
    game = services.game_start(session=session, actor=croupier)

    page = phone_as(browser, live_server, skeeve)
    page.goto(live_server.url + game.get_absolute_url())
    page.locator("#new-deal").tap()
    page.wait_for_selector("#next-circle")
    deal_url = page.url

    # A typed card that is not a card is refused, naming it.
    page.fill("#card-input", "Zz")
    page.locator(".card-typed button").tap()
    page.wait_for_selector("#card-error")
    assert "Zz" in page.inner_text("#card-error")

    for n in range(18):
        assert "Circle" in page.inner_text("#next-circle")
        pick = page.locator(".card-picker button:not([disabled])").nth(n % 5)
        token = pick.get_attribute("data-card")
        pick.tap()
        page.wait_for_selector(f'.card-picker button[data-card="{token}"][disabled], #deal-complete')
    page.wait_for_selector("#deal-complete")
    page.locator("#submit-result").tap()
    page.wait_for_selector("#result-status")
    assert "Draft" in page.inner_text("#result-status")
    assert page.locator('#confirm-result').count() == 0  # the submitter cannot confirm

    other = phone_as(browser, live_server, tananda)
    other.goto(deal_url)
    other.locator("#confirm-result").tap()
    other.wait_for_selector("#result-status:has-text('Confirmed')")
    assert other.inner_text("#winners").strip()

    result = Result.objects.get(deal__game=game)
    assert result.status == "confirmed" and result.submitted_by == skeeve and result.confirmed_by == tananda
    assert result.deal.cards.count() == 18 and result.judgement["winners"]
