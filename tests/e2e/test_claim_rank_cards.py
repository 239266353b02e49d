"""On a phone, in English and in Russian: the claim form asks for a rank only under modifier 51
and for further cards only under modifiers 14 and 44; the claims are recorded with them and the
deal page says them in words (the rank by its name, the cards as cards); too many further cards
are refused beside their field. The correction form's claim to add asks for them the same way,
and claims tapped offline reach the site with them."""

from __future__ import annotations

import pytest

from games import services
from games.models import Claim
from tests.e2e.conftest import phone_as, two_at_a_table


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_claim_with_a_rank_and_further_cards_on_a_phone(live_server, browser, settings, lang):
    settings.GAMES_ADVISE_AFTER_SUBMIT = False
    ru = lang == "ru"
    croupier, skeeve, tananda, game = two_at_a_table()
    deal = services.deal_start(game=game, actor=croupier)

    page = phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + deal.get_absolute_url())
    form = page.locator("#claim-form")
    rank = form.locator("[data-claim-field=rank]")
    cards = form.locator("[data-claim-field=cards]")
    assert rank.is_hidden() and cards.is_hidden()
    # Modifier 51 chooses a new rank for one card: the rank appears, the further cards do not.
    form.locator("[name=rule]").fill("M51")
    rank.wait_for(state="visible")
    assert cards.is_hidden()
    assert rank.locator("label").inner_text() == ("Выбранный ранг" if ru else "Rank chosen")
    options = form.locator("[name=rank] option").all_inner_texts()
    assert ("Д · единорог" if ru else "Q · Unicorn") in options and ("Т · дракон" if ru else "A · Dragon") in options
    form.locator("[name=card]").fill("10б" if ru else "10d")
    form.locator("[name=rank]").select_option("12")
    form.screenshot(path=f"/tmp/claim-rank-{lang}.png")
    with page.expect_navigation():
        form.locator("button[type=submit]").tap()
    page.wait_for_selector("#claims .claim-rank")
    assert page.inner_text("#claims .claim-rank") == ("единорог (Д)" if ru else "the Unicorn (Q)")
    assert Claim.objects.get().rank == 12

    # Modifier 14 inverts two cards: the claim's card and one more; a third is refused beside the field.
    form = page.locator("#claim-form")
    form.locator("[name=rule]").fill("M14")
    form.locator("[data-claim-field=cards]").wait_for(state="visible")
    assert form.locator("[data-claim-field=rank]").is_hidden()
    form.locator("[name=card]").fill("9h")
    form.locator("[name=cards]").fill("4п 8ч" if ru else "4s 8h")
    with page.expect_navigation():
        form.locator("button[type=submit]").tap()
    error = page.locator("#id_cards_error").inner_text()
    assert error.startswith("Заявка по M14 называет не больше 1 другой карты." if ru
                            else "A claim under M14 names at most 1 further card.")
    page.locator("#claim-form").screenshot(path=f"/tmp/claim-cards-error-{lang}.png")
    form = page.locator("#claim-form")
    assert form.locator("[data-claim-field=cards]").is_visible()
    form.locator("[name=cards]").fill("4п" if ru else "4s")
    with page.expect_navigation():
        form.locator("button[type=submit]").tap()
    page.wait_for_selector("#claims .claim-cards")
    assert page.inner_text("#claims .claim-cards") == ("а также 4♠" if ru else "also 4♠")
    assert list(Claim.objects.order_by("pk").values_list("rule", "card", "rank", "cards")) == [
        ("M51", "10d", 12, ""), ("M14", "9h", None, "4s")]
    page.locator("#claims").screenshot(path=f"/tmp/claim-rank-cards-list-{lang}.png")
    page.screenshot(path=f"/tmp/claim-rank-cards-page-{lang}.png", full_page=True)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_correction_form_asks_the_claim_it_adds_for_what_its_rule_reads(live_server, browser, settings, lang):
    settings.GAMES_ADVISE_AFTER_SUBMIT = False
    ru = lang == "ru"
    croupier, skeeve, tananda, game = two_at_a_table()
    deal = services.deal_digital(game=game, actor=croupier, seed="s1")
    services.result_confirm(result=services.result_submit(deal=deal, actor=skeeve), actor=tananda)

    page = phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + deal.get_absolute_url())
    page.locator("#correct summary").tap()
    box = page.locator("#correction-new-claim")
    rank, cards = box.locator("[data-claim-field=rank]"), box.locator("[data-claim-field=cards]")
    assert rank.is_hidden() and cards.is_hidden()
    box.locator("[name=new_claim_rule]").fill("м51")            # a Russian keyboard's М
    rank.wait_for(state="visible")
    assert cards.is_hidden()
    assert rank.inner_text().startswith("Выбранный ранг" if ru else "Rank chosen")
    box.locator("[name=new_claim_rule]").fill("M44")
    cards.wait_for(state="visible")
    assert rank.is_hidden() and box.locator("[data-claim-field=target]").is_visible()
    assert cards.inner_text().startswith("Другие карты" if ru else "Further cards")
    box.screenshot(path=f"/tmp/correction-claim-fields-{lang}.png")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_claims_tapped_offline_reach_the_site_with_their_rank_and_further_cards(live_server, browser, settings):
    from tests.e2e.test_offline import WAIT, _kept_for_offline, _table, _until

    settings.GAMES_ADVISE_AFTER_SUBMIT = False
    croupier, skeeve, aahz, game = _table()
    deal = services.deal_start(game=game, actor=skeeve)
    page = phone_as(browser, live_server, skeeve, "ru")
    page.goto(live_server.url + deal.get_absolute_url())
    _kept_for_offline(page)
    page.context.set_offline(True)
    page.wait_for_selector("#offline-note", timeout=WAIT)
    form = page.locator("#claim-form")
    form.locator("[name=rule]").fill("M51")
    form.locator("[data-claim-field=rank]").wait_for(state="visible")
    form.locator("[name=card]").fill("10б")
    form.locator("[name=rank]").select_option("14")
    form.locator("button[type=submit]").tap()
    page.wait_for_selector("#claims li.waiting-tap")
    form.locator("[name=rule]").fill("M44")
    form.locator("[data-claim-field=cards]").wait_for(state="visible")
    form.locator("[name=card]").fill("Тп")
    form.locator("[name=cards]").fill("10т")
    form.locator("[name=target]").fill("Вб")
    form.locator("button[type=submit]").tap()
    _until(page, "() => document.querySelectorAll('#claims li.waiting-tap').length === 2")
    assert not Claim.objects.exists()
    page.context.set_offline(False)
    page.wait_for_selector("#offline-status[hidden]", state="attached", timeout=WAIT)
    page.wait_for_selector("#claims .claim-cards", timeout=WAIT)
    assert list(Claim.objects.order_by("pk").values_list("rule", "card", "rank", "cards", "target")) == [
        ("M51", "10d", 14, "", ""), ("M44", "As", None, "10c", "Jd")]
    assert page.inner_text("#claims .claim-rank") == "дракон (Т)"
