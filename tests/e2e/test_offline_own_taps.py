"""The phone never takes its own cards for another phone's, in headless Chromium at phone size, in
English and Russian: taps recorded offline on a deal's page and sent from another page (the game's)
are the site's from then on, in what the phone keeps of the deal, so the deal's page opened offline
again shows them and the next tap goes in without a conflict; a second phone that really recorded
meanwhile is still shown as a conflict; signing out leaves nothing of any deal in the phone."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext

from games import services
from games.models import DealtCard, SetAside
from tests.e2e.conftest import phone_as
from tests.e2e.test_offline import POLL, WAIT, _kept_for_offline, _shot, _table, _until

# The cards the deal's page the worker keeps for offline use shows as the site's.
KEPT_CARDS = """async (url) => {
    const hit = await caches.match(url, {ignoreVary: true});
    if (!hit) { return null; }
    const page = new DOMParser().parseFromString(await hit.text(), "text/html");
    const deal = page.getElementById("offline-deal");
    return deal ? JSON.parse(deal.textContent).dealt.map((c) => c.card) : null;
}"""

# The deal's page as the worker keeps it, and the same page put back in its place.
KEPT_HTML = """async (url) => (await (await caches.match(url, {ignoreVary: true})).text())"""
PUT_BACK = """async ([url, html]) => {
    const cache = await caches.open("club-pages");
    await cache.put(url, new Response(html, {headers: {"Content-Type": "text/html; charset=utf-8"}}));
}"""

PER_DEAL_KEYS = """() => Object.keys(localStorage).filter((name) => name.startsWith("club-deal-"))"""


def _site_cards(deal):
    return list(DealtCard.objects.filter(deal=deal).order_by("seq").values_list("card", flat=True))


def _until_site_has(page, deal, n):
    for _ in range(WAIT // POLL):
        if DealtCard.objects.filter(deal=deal).count() >= n:
            return
        page.wait_for_timeout(POLL)
    raise AssertionError(f"the site has {_site_cards(deal)}, not {n} cards")


def _tap(page, card):
    page.locator(f'.card-picker button[data-card="{card}"]').tap()
    page.wait_for_selector(f'.card-picker button[data-card="{card}"][disabled]', timeout=WAIT)


def _sent_from_the_games_page(page, live_server, game, deal, lang):
    """Kd 7s on the site; offline on the deal's page the phone taps Qh 2c, opens the game's page
    (from its cache) and comes back online there: the taps are sent. Then offline again, the
    deal's page is opened from the phone's cache. Answers the deal page's address."""
    game_url, deal_url = live_server.url + game.get_absolute_url(), live_server.url + deal.get_absolute_url()
    page.goto(game_url)
    _kept_for_offline(page)
    page.goto(deal_url)
    _kept_for_offline(page)
    stale = page.evaluate(KEPT_HTML, deal_url)

    page.context.set_offline(True)
    page.wait_for_selector("#offline-note", timeout=WAIT)
    _tap(page, "Qh")
    _tap(page, "2c")
    page.goto(game_url)                                  # from the worker's cache
    page.wait_for_selector("#offline-status:not([hidden])", timeout=WAIT)
    assert "2" in page.inner_text("#offline-status")
    _shot(page, f"own-taps-waiting-on-game-{lang}.png")

    page.context.set_offline(False)
    page.wait_for_selector("#offline-status", state="hidden", timeout=WAIT)
    _until_site_has(page, deal, 4)
    assert _site_cards(deal) == ["Kd", "7s", "Qh", "2c"]
    # What the phone keeps of the deal is what the site took: its saved cards at once, then the
    # deal's page it keeps for offline use, fetched again.
    saved = page.evaluate("(name) => JSON.parse(localStorage.getItem(name))", f"club-deal-{deal.pk}")
    assert [c["card"] for c in saved["dealt"]] == ["Kd", "7s", "Qh", "2c"]
    _until(page, f"async () => JSON.stringify(await ({KEPT_CARDS})({deal_url!r})) === "
                 '\'["Kd","7s","Qh","2c"]\'')
    # The network goes before that page is fetched again: the copy kept is the one from before the
    # taps, and what the phone saved of the deal still counts over it.
    page.evaluate(PUT_BACK, [deal_url, stale])
    assert page.evaluate(KEPT_CARDS, deal_url) == ["Kd", "7s"]

    page.context.set_offline(True)
    page.goto(deal_url)                                  # from the worker's cache
    page.wait_for_selector("#offline-note", timeout=WAIT)
    return deal_url


def _deal_reopened_offline(live_server, browser, lang):
    """Skeeve's deal with two cards on the site and two more tapped offline, sent from the Game's
    page, the deal's page then reopened offline (:func:`_sent_from_the_games_page`):
    (skeeve, aahz, deal, page)."""
    _croupier, skeeve, aahz, game = _table()
    deal = services.deal_start(game=game, actor=skeeve)
    for card in ("Kd", "7s"):
        services.deal_card(deal=deal, actor=skeeve, card=card)
    page = phone_as(browser, live_server, skeeve, lang)
    _sent_from_the_games_page(page, live_server, game, deal, lang)
    return skeeve, aahz, deal, page


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_taps_sent_from_another_page_are_the_sites_on_the_deal_page_kept(live_server, browser, lang):
    skeeve, aahz, deal, page = _deal_reopened_offline(live_server, browser, lang)

    assert page.locator(".deal-players .card").count() == 4
    assert page.locator(".deal-players .card.waiting").count() == 0
    for card in ("Qh", "2c"):
        assert page.locator(f'.card-picker button[data-card="{card}"]').is_disabled()
    _shot(page, f"own-taps-deal-reopened-{lang}.png")

    _tap(page, "9h")
    assert page.locator(".deal-players .card.waiting").count() == 1
    page.context.set_offline(False)
    page.wait_for_selector("#recorder:not([data-offline]) #next-circle", timeout=WAIT)   # synced: the site's page
    _until_site_has(page, deal, 5)
    assert _site_cards(deal) == ["Kd", "7s", "Qh", "2c", "9h"]
    assert not SetAside.objects.filter(deal=deal).exists()
    assert page.locator("#sync-problem").count() == 0
    assert page.locator("#offline-status").is_hidden()
    assert page.locator(".deal-players .card").count() == 5
    _shot(page, f"own-taps-synced-{lang}.png")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_second_phone_that_recorded_meanwhile_is_still_a_conflict(live_server, browser, lang):
    skeeve, aahz, deal, page = _deal_reopened_offline(live_server, browser, lang)
    assert page.locator(".deal-players .card").count() == 4
    _tap(page, "9h")

    # Meanwhile another phone, online, records the fifth card.
    services.deal_card(deal=deal, actor=aahz, card="Ac")

    page.context.set_offline(False)
    page.wait_for_selector("#conflict-theirs", timeout=WAIT)
    theirs, mine = page.inner_text("#conflict-theirs"), page.inner_text("#conflict-mine")
    with translation.override(lang):
        assert gettext("Another phone recorded this deal meanwhile: from card %(seq)s the two versions differ. "
                       "Choose the one that counts; the other stays in the deal's history.") % {"seq": 5} \
            in page.inner_text("#sync-problem")
    ace = "A♣" if lang == "en" else "Т♣"
    assert ace in theirs and "9♥" in mine
    # The phone's own cards, taken by the site, are on neither side.
    for own in ("Q♥" if lang == "en" else "Д♥", "2♣"):
        assert own not in theirs and own not in mine
    assert page.locator("#conflict-theirs li").count() == 1 and page.locator("#conflict-mine li").count() == 1
    _shot(page, f"own-taps-real-conflict-{lang}.png")

    page.locator("#keep-mine").tap()
    for _ in range(WAIT // POLL):       # the card set aside, then the phone's sent
        if _site_cards(deal)[-1:] == ["9h"]:
            break
        page.wait_for_timeout(POLL)
    page.wait_for_selector("#recorder:not([data-offline]) #next-circle", timeout=WAIT)
    assert _site_cards(deal) == ["Kd", "7s", "Qh", "2c", "9h"]
    aside = SetAside.objects.get(deal=deal)
    assert aside.kept == "mine" and [a["card"] for a in aside.actions] == ["Ac"]
    _shot(page, f"own-taps-real-conflict-kept-{lang}.png")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_signing_out_leaves_nothing_of_any_deal_on_the_phone(live_server, browser, lang):
    croupier, skeeve, aahz, game = _table()
    deal = services.deal_start(game=game, actor=skeeve)
    page = phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + deal.get_absolute_url())
    _kept_for_offline(page)
    page.context.set_offline(True)
    page.wait_for_selector("#offline-note", timeout=WAIT)
    _tap(page, "Ah")
    page.context.set_offline(False)
    page.wait_for_selector("#recorder:not([data-offline]) #next-circle", timeout=WAIT)
    assert _site_cards(deal) == ["Ah"]
    assert page.evaluate(PER_DEAL_KEYS) == [f"club-deal-{deal.pk}"]

    with translation.override(lang):
        log_out = gettext("Log out")
    page.get_by_role("button", name=log_out).tap()
    page.wait_for_url(lambda url: "/deals/" not in url, timeout=WAIT)
    page.wait_for_load_state()
    assert page.evaluate(PER_DEAL_KEYS) == []
    deal_url = live_server.url + deal.get_absolute_url()
    _until(page, f"async () => !(await caches.match({deal_url!r}, {{ignoreVary: true}}))")
    _shot(page, f"own-taps-signed-out-{lang}.png")
