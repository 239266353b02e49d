"""On a phone, in English and in Russian: the claim form shows the target card only once the
rule typed reads one (modifier 43), and the claim is recorded with it; the interpretation points,
a point and its founding precedent read in Russian on a Russian page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.models import Claim
from tests import factories
from tests.e2e.conftest import phone_as, two_at_a_table


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_claim_with_a_target_card_on_a_phone(live_server, browser, settings, lang):
    settings.GAMES_ADVISE_AFTER_SUBMIT = False
    croupier, skeeve, tananda, game = two_at_a_table()
    deal = services.deal_start(game=game, actor=croupier)

    page = phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + deal.get_absolute_url())
    form = page.locator("#claim-form")
    target = form.locator("[data-claim-field=target]")
    assert target.is_hidden() and form.locator("[data-claim-field=direction]").is_hidden()
    # Modifier 43 aims at a red card: the target field appears as the rule is typed.
    form.locator("[name=rule]").fill("M43")
    target.wait_for(state="visible")
    assert form.locator("[data-claim-field=direction]").is_hidden()
    assert target.locator("label").inner_text() == ("Target card" if lang == "en" else "Целевая карта")
    form.locator("[name=card]").fill("5c")
    form.locator("[name=target]").fill("7h" if lang == "en" else "7ч")
    form.screenshot(path=f"/tmp/claim-target-{lang}.png")
    with page.expect_navigation():
        form.locator("button[type=submit]").tap()
    page.wait_for_selector("#claims [id^=withdraw-claim-]")
    claim = Claim.objects.get()
    assert (claim.rule, claim.card, claim.target) == ("M43", "5c", "7h")
    assert "7" in page.inner_text("#claims") and "♥" in page.inner_text("#claims")
    page.screenshot(path=f"/tmp/claim-target-list-{lang}.png", full_page=True)

    # Modifier 20 goes up or down: a direction it does not take is refused beside the field.
    form = page.locator("#claim-form")
    form.locator("[name=rule]").fill("M20")
    form.locator("[data-claim-field=direction]").wait_for(state="visible")
    form.locator("[name=direction]").select_option("home")
    with page.expect_navigation():
        form.locator("button[type=submit]").tap()
    error = page.locator("#id_direction_error").inner_text()
    assert error == ("M20 does not go home: choose up, down." if lang == "en"
                     else "M20 не идёт в направлении «домашняя»: выберите вверх, вниз.")
    page.locator("#claim-form").screenshot(path=f"/tmp/claim-direction-error-{lang}.png")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_points_and_a_founding_precedent_read_in_the_pages_language(live_server, browser, lang):
    from rules import services as rules_services
    from rules.models import Precedent
    from rules.rulebook import rulebook_sync

    rulebook_sync()
    rules_services.founding_precedents_load()
    member = factories.member(display_name="Skeeve", password=None)
    page = phone_as(browser, live_server, member, lang)

    page.goto(live_server.url + reverse("rules:point_list"))
    text = page.inner_text("main")
    question = ("What becomes wild under base rule 2?" if lang == "en"
                else "Что становится диким по базовому правилу 2?")
    assert question in text
    page.screenshot(path=f"/tmp/rules-points-{lang}.png")

    page.goto(live_server.url + reverse("rules:point_detail", args=["IP-R2-WILD-CARD"]))
    text = page.inner_text("main")
    assert question in text
    assert ("every card of that rank" if lang == "en" else "каждая карта этого номинала") in text
    page.screenshot(path=f"/tmp/rules-point-{lang}.png", full_page=True)

    founding = Precedent.objects.get(founding=True, fixes__point__point_id="IP-R2-WILD-CARD")
    page.goto(live_server.url + founding.get_absolute_url())
    text = page.inner_text("main")
    assert ("The club reads the rule so: the card of that rank and suit." if lang == "en"
            else "Клуб читает правило так: карта этого номинала и этой масти.") in text
    page.screenshot(path=f"/tmp/rules-founding-{lang}.png", full_page=True)
