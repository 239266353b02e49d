"""Claims and bets on a phone: a bad claim refused beside its field (in English and Russian), a good
claim and a bet declared and withdrawn, and the croupier voiding a deal and starting the next, in
headless Chromium against the live server."""

from __future__ import annotations

import pytest

from club import services as club_services
from club.models import Member
from games import services
from games.models import Bet, Claim, Deal
from tests import factories
from tests.e2e.conftest import phone_as


def _phone_as(browser, live_server, member, lang="en"):
    return phone_as(browser, live_server, member, lang, confirm=True)  # data-confirm asks once more: yes


def _claim(page, rule, card="", suit=""):
    form = page.locator("#claim-form")
    form.locator("[name=rule]").fill(rule)
    form.locator("[name=card]").fill(card)
    form.locator("[name=suit]").select_option(suit)
    with page.expect_navigation():
        form.locator("button[type=submit]").tap()


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_claims_and_bets_declared_refused_withdrawn_and_a_deal_voided(live_server, browser, settings):
    settings.GAMES_ADVISE_AFTER_SUBMIT = False
    croupier = factories.member(Member.Role.CROUPIER, display_name="Garkin", password=None)
    skeeve = factories.member(display_name="Skeeve", password=None)
    tananda = factories.member(display_name="Tananda", password=None)
    session = factories.session(actor=croupier, days=0)
    club_services.seating_set(session=session, actor=croupier, assignments={skeeve.pk: "N", tananda.pk: "S"})
    game = services.game_start(session=session, actor=croupier)
    deal = services.deal_start(game=game, actor=croupier)

    page = _phone_as(browser, live_server, skeeve)
    page.goto(live_server.url + deal.get_absolute_url())

    # Modifier 999 does not exist: refused beside the rule, naming it, before anything is stored.
    _claim(page, "M999")
    error = page.locator("#claim-form .field-error").inner_text()
    assert "999" in error and "There is no modifier" in error
    page.locator("#claim-form").screenshot(path="/tmp/claims-bad-en.png")
    # Modifier 1 acts by itself: nobody claims it.
    _claim(page, "M1")
    assert "acts by itself" in page.locator("#claim-form .field-error").inner_text()
    assert not Claim.objects.exists()

    # Base rule 1: the Seven of clubs becomes a heart.
    page.goto(live_server.url + deal.get_absolute_url())
    _claim(page, "B1", "7c", "h")
    page.wait_for_selector("#claims [id^=withdraw-claim-]")
    assert "B1" in page.inner_text("#claims") and "♥" in page.inner_text("#claims")
    page.screenshot(path="/tmp/claims-good-en.png", full_page=True)
    claim = Claim.objects.get()
    page.locator(f"#withdraw-claim-{claim.pk}").tap()
    page.wait_for_selector("#claims:has-text('No claims.')")
    assert not Claim.objects.exists()

    # A bet, then taken back: nothing stays of it.
    form = page.locator("#bet-form")
    form.locator("[name=amount]").fill(str(game.min_stake))
    form.locator("button[type=submit]").tap()
    page.wait_for_selector("#bets [id^=withdraw-bet-]")
    bet = Bet.objects.get(kind=Bet.Kind.RAISE)
    page.screenshot(path="/tmp/claims-bet-en.png", full_page=True)
    page.locator(f"#withdraw-bet-{bet.pk}").tap()
    page.wait_for_selector("#bets:not(:has([id^=withdraw-bet-]))")
    assert not Bet.objects.filter(kind=Bet.Kind.RAISE).exists()

    # The same refusals in Russian.
    ru = _phone_as(browser, live_server, tananda, lang="ru")
    ru.goto(live_server.url + deal.get_absolute_url())
    _claim(ru, "M1")
    error = ru.locator("#claim-form .field-error").inner_text()
    assert "Модификатор 1 действует сам" in error
    _claim(ru, "B1", "7c")
    assert "новую масть" in ru.locator("#claim-form .field-error").inner_text()
    ru.locator("#claim-form").screenshot(path="/tmp/claims-bad-ru.png")
    ru.goto(live_server.url + deal.get_absolute_url())
    _claim(ru, "B1", "7h", "s")
    ru.wait_for_selector("#claims [id^=withdraw-claim-]")
    assert "Снять" in ru.inner_text("#claims")
    ru.screenshot(path="/tmp/claims-good-ru.png", full_page=True)

    # The croupier voids the deal; the game goes on with the next deal at the same number.
    boss = _phone_as(browser, live_server, croupier)
    boss.goto(live_server.url + deal.get_absolute_url())
    boss.locator("#croupier-deal").screenshot(path="/tmp/claims-croupier-en.png")
    boss.locator("#void-deal").tap()
    boss.wait_for_selector("#new-deal")
    assert "voided" in boss.inner_text("#deals")
    boss.screenshot(path="/tmp/claims-voided-en.png", full_page=True)
    boss.locator("#new-deal").tap()
    boss.wait_for_selector("#next-circle")
    fresh = Deal.objects.get(game=game)
    assert fresh.number == deal.number and fresh.pk != deal.pk
    assert boss.url.endswith(fresh.get_absolute_url())

    # In Russian, the voided deal says so and leads back to the game.
    ru.goto(live_server.url + deal.get_absolute_url())
    assert "аннулирована" in ru.inner_text("#voided")
    ru.screenshot(path="/tmp/claims-voided-ru.png", full_page=True)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_claim_the_judge_refuses_says_why_beside_it(live_server, browser, settings):
    settings.GAMES_ADVISE_AFTER_SUBMIT = False
    croupier = factories.member(Member.Role.CROUPIER, display_name="Garkin", password=None)
    skeeve = factories.member(display_name="Skeeve", password=None)
    tananda = factories.member(display_name="Tananda", password=None)
    session = factories.session(actor=croupier, days=0)
    club_services.seating_set(session=session, actor=croupier, assignments={skeeve.pk: "N", tananda.pk: "S"})
    game = services.game_start(session=session, actor=croupier)
    deal = services.deal_digital(game=game, actor=croupier, seed="s1")
    holds = deal.cards.filter(member=skeeve).first().card
    # modifier 42 needs three dead face-up cards, which this deal does not give Skeeve
    claim = services.claim_declare(deal=deal, actor=skeeve, member=skeeve, rule="M42", card=holds)
    services.result_submit(deal=deal, actor=tananda)
    for lang, word in (("en", "Refused: M42"), ("ru", "Отказано: M42")):
        page = _phone_as(browser, live_server, skeeve, lang=lang)
        page.goto(live_server.url + deal.get_absolute_url())
        refusal = page.inner_text(f"#refused-{claim.pk}")
        assert refusal.startswith(word) and "Skeeve" in refusal
        assert page.locator(f"#withdraw-claim-{claim.pk}").count() == 0
        page.locator("#claims").screenshot(path=f"/tmp/claims-refused-{lang}.png")
