"""The recorder without a network, in headless Chromium at phone size, in English and Russian:
the phone goes offline mid-deal, records the rest, reloads the page offline, comes back and sees
the deal judged and confirmable as one recorded online; two phones record the same deal, one
offline, and the conflict is shown with both versions; a tap sent twice counts once."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext

from club import services as club_services
from club.models import Member
from games import engine, services
from games.models import ActionReceipt, Bet, Claim, DealtCard, Result, SetAside
from games.sitting import sitting_for
from tests import factories
from tests.e2e.conftest import phone_as

SHOTS = Path("/tmp")
WAIT = 20_000
# Milliseconds between two looks of a wait, at the page or at the database: what is waited for is
# seen a few hundredths of a second after it happens, not a fifth.
POLL = 25


def _table():
    croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
    skeeve = factories.member(display_name="Skeeve", password=None)
    aahz = factories.member(display_name="Aahz", password=None)
    session = factories.session(actor=croupier, days=0)
    club_services.seating_set(session=session, actor=croupier, assignments={skeeve.pk: "N", aahz.pk: "S"})
    game = services.game_start(session=session, actor=croupier)
    return croupier, skeeve, aahz, game


def _until(page, script):
    """Wait until ``script`` (a function, maybe async) answers true; the page's CSP forbids the
    string predicates of ``wait_for_function``."""
    for _ in range(WAIT // POLL):
        if page.evaluate(script):
            return
        page.wait_for_timeout(POLL)
    raise AssertionError(f"still false: {script}")


def _kept_for_offline(page):
    """The service worker is in charge of the page and keeps it for offline use."""
    _until(page, "() => navigator.serviceWorker.controller !== null")
    _until(page, "async () => Boolean(await caches.match(location.href, {ignoreVary: true}))")


def _tap_card(page, n):
    pick = page.locator(".card-picker button:not([disabled])").nth(n % 5)
    token = pick.get_attribute("data-card")
    pick.tap()
    page.wait_for_selector(f'.card-picker button[data-card="{token}"][disabled], '
                           '#deal-complete, #deal-complete-offline', timeout=WAIT)
    return token


def _shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=True)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_deal_recorded_offline_is_judged_when_back_online(live_server, browser, settings, lang):
    settings.GAMES_ADVISE_AFTER_SUBMIT = False
    croupier, skeeve, aahz, game = _table()
    deal = services.deal_start(game=game, actor=skeeve)

    page = phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + deal.get_absolute_url())
    _kept_for_offline(page)
    tapped = [_tap_card(page, n) for n in range(3)]
    assert DealtCard.objects.filter(deal=deal).count() == 3

    page.context.set_offline(True)
    page.wait_for_selector("#offline-status:not([hidden])", timeout=WAIT)
    page.wait_for_selector("#offline-note", timeout=WAIT)

    # What the phone checks by itself, in the site's own words.
    with translation.override(lang):
        not_a_card = engine.rules_message(engine.RulesError("x", value="Zz", code="not_a_card"))
        twice = engine.rules_message(engine.RulesError("x", value=tapped[0], code="dealt_twice"))
    page.fill("#card-input", "Zz")
    page.locator(".card-typed button").tap()
    page.wait_for_selector("#card-error")
    assert page.inner_text("#card-error") == not_a_card
    page.fill("#card-input", tapped[0])
    page.locator(".card-typed button").tap()
    page.wait_for_selector(f"#card-error:has-text('{tapped[0]}')")
    assert page.inner_text("#card-error") == twice

    # A bet too high is refused beside its field, as the site words it; a bet in bounds waits.
    with translation.override(lang):
        too_high = gettext("A bet of %(amount)s is outside 1..%(max)s (the maximum stake).") % {
            "amount": game.max_stake + 1, "max": game.max_stake}
    page.fill("#bet-form input[name=amount]", str(game.max_stake + 1))
    page.locator("#bet-form button[type=submit]").tap()
    page.wait_for_selector("#bet-form .offline-error")
    assert page.inner_text("#bet-form .offline-error") == too_high
    page.fill("#bet-form input[name=amount]", str(game.min_stake))
    page.locator("#bet-form button[type=submit]").tap()
    page.wait_for_selector("#bets li.waiting-tap")

    # A claim: a modifier that does not exist is refused here; base rule 1 on his own card waits.
    own = DealtCard.objects.filter(deal=deal, member=skeeve).order_by("seq").first().card
    with translation.override(lang):
        no_such = gettext("There is no modifier %(number)s: the modifiers are numbered 1 to 100.") % {"number": "101"}
    page.fill("#claim-form input[name=rule]", "M101")
    page.locator("#claim-form button[type=submit]").tap()
    page.wait_for_selector("#claim-form .offline-error")
    assert page.inner_text("#claim-form .offline-error") == no_such
    page.fill("#claim-form input[name=rule]", "B1")
    page.fill("#claim-form input[name=card]", own)
    page.select_option("#claim-form select[name=suit]", "s" if own[-1] != "s" else "h")
    page.locator("#claim-form button[type=submit]").tap()
    page.wait_for_selector("#claims li.waiting-tap")
    assert page.locator("#claims li.none-yet").is_hidden()      # no "No claims." beside a waiting one

    tapped += [_tap_card(page, n) for n in range(3, 18)]
    page.wait_for_selector("#deal-complete-offline")
    assert "17" in page.inner_text("#offline-status")
    assert DealtCard.objects.filter(deal=deal).count() == 3 and not Bet.objects.filter(deal=deal, kind="raise")
    _shot(page, f"offline-recorded-{lang}.png")

    # The page reloaded without a network comes from the worker's cache, with the waiting taps.
    page.reload()
    page.wait_for_selector("#deal-complete-offline", timeout=WAIT)
    assert page.locator(".deal-players .card").count() == 18
    assert page.locator(".deal-players .card.waiting").count() == 15
    assert page.locator("#bets li.waiting-tap").count() == 1 and page.locator("#claims li.waiting-tap").count() == 1
    assert "17" in page.inner_text("#offline-status")
    _shot(page, f"offline-reloaded-{lang}.png")

    page.context.set_offline(False)
    page.wait_for_selector("#submit-result", timeout=WAIT)        # synced, and the site's page again
    assert list(DealtCard.objects.filter(deal=deal).order_by("seq").values_list("card", flat=True)) == tapped
    assert ActionReceipt.objects.filter(deal=deal).count() == 17
    assert list(Claim.objects.filter(deal=deal).values_list("rule", "card")) == [("B1", own)]
    assert list(Bet.objects.filter(deal=deal, kind="raise").values_list("member_id", "amount")) == [
        (skeeve.pk, game.min_stake)]
    assert page.locator("#offline-status").is_hidden()
    page.locator("#submit-result").tap()
    page.wait_for_selector("#result-status", timeout=WAIT)
    _shot(page, f"offline-judged-{lang}.png")

    other = phone_as(browser, live_server, aahz, lang)
    other.goto(live_server.url + deal.get_absolute_url())
    other.locator("#confirm-result").tap()
    other.wait_for_selector("#result-status.confirmed", timeout=WAIT)
    assert other.inner_text("#winners").strip()
    result = Result.objects.get(deal=deal)
    assert result.status == "confirmed" and result.submitted_by == skeeve and result.confirmed_by == aahz
    # Judged exactly as the same cards recorded online are.
    fresh = engine.judge_deal_in_sitting(sitting_for(deal))
    assert result.judgement["winners"] == fresh["winners"] and result.judgement["chips"] == fresh["chips"]


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_two_phones_record_the_same_deal_and_the_conflict_is_shown(live_server, browser, lang):
    croupier, skeeve, aahz, game = _table()
    deal = services.deal_start(game=game, actor=skeeve)
    services.deal_card(deal=deal, actor=skeeve, card="Ah")

    page = phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + deal.get_absolute_url())
    _kept_for_offline(page)
    page.context.set_offline(True)
    page.wait_for_selector("#offline-note", timeout=WAIT)
    page.locator('.card-picker button[data-card="5c"]').tap()
    page.locator('.card-picker button[data-card="6c"]').tap()
    page.wait_for_selector('.card-picker button[data-card="6c"][disabled]')

    # Meanwhile another phone, online, records the same places with other cards.
    services.deal_card(deal=deal, actor=aahz, card="Kd")
    services.deal_card(deal=deal, actor=aahz, card="Qs")

    page.context.set_offline(False)
    page.wait_for_selector("#conflict-theirs", timeout=WAIT)
    theirs, mine = page.inner_text("#conflict-theirs"), page.inner_text("#conflict-mine")
    assert "K" in theirs or "К" in theirs
    assert "5♣" in mine and "6♣" in mine
    assert DealtCard.objects.filter(deal=deal).count() == 3
    _shot(page, f"offline-conflict-{lang}.png")

    page.locator("#keep-theirs").tap()
    page.wait_for_selector("#set-aside", timeout=WAIT)
    assert list(DealtCard.objects.filter(deal=deal).order_by("seq").values_list("card", flat=True)) == ["Ah", "Kd", "Qs"]
    aside = SetAside.objects.get(deal=deal)
    assert aside.kept == "theirs" and [a["card"] for a in aside.actions] == ["5c", "6c"]
    assert "5♣" in page.inner_text("#set-aside")
    assert page.locator("#offline-status").is_hidden()
    _shot(page, f"offline-set-aside-{lang}.png")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_cards_taken_back_by_another_phone_come_back_with_this_phones_version(live_server, browser, lang):
    croupier, skeeve, aahz, game = _table()
    deal = services.deal_start(game=game, actor=skeeve)
    for card in ("Ah", "Kd", "Qs"):
        services.deal_card(deal=deal, actor=skeeve, card=card)

    page = phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + deal.get_absolute_url())
    _kept_for_offline(page)
    page.context.set_offline(True)
    page.wait_for_selector("#offline-note", timeout=WAIT)
    page.locator('.card-picker button[data-card="5c"]').tap()
    page.wait_for_selector('.card-picker button[data-card="5c"][disabled]')

    # Meanwhile another phone, online, takes two cards back.
    services.deal_card_undo(deal=deal, actor=aahz)
    services.deal_card_undo(deal=deal, actor=aahz)

    page.context.set_offline(False)
    page.wait_for_selector("#conflict-taken-back", timeout=WAIT)
    assert "2" in page.inner_text("#conflict-taken-back") and "3" in page.inner_text("#conflict-taken-back")
    assert "5♣" in page.inner_text("#conflict-mine")
    _shot(page, f"offline-taken-back-{lang}.png")

    page.locator("#keep-mine").tap()
    for _ in range(WAIT // POLL):       # the sync sends the phone's card, then the page reloads
        if DealtCard.objects.filter(deal=deal).count() == 4:
            break
        page.wait_for_timeout(POLL)
    page.wait_for_load_state()
    page.wait_for_selector("#offline-status", state="hidden", timeout=WAIT)
    _shot(page, f"offline-taken-back-kept-{lang}.png")
    assert list(DealtCard.objects.filter(deal=deal).order_by("seq").values_list("card", flat=True)) == \
        ["Ah", "Kd", "Qs", "5c"]
    assert SetAside.objects.get(deal=deal).kept == "mine"


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_tap_sent_twice_counts_once(live_server, browser, lang):
    croupier, skeeve, aahz, game = _table()
    deal = services.deal_start(game=game, actor=skeeve)

    page = phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + deal.get_absolute_url())
    _kept_for_offline(page)
    page.context.set_offline(True)
    page.wait_for_selector("#offline-note", timeout=WAIT)
    page.locator('.card-picker button[data-card="Ah"]').tap()
    page.wait_for_selector('.card-picker button[data-card="Ah"][disabled]')
    # The same tap twice in the queue, as when an answer is lost and the tap is sent again.
    page.evaluate("""() => new Promise((resolve, reject) => {
        const open = indexedDB.open("club-offline");
        open.onsuccess = () => {
            const tx = open.result.transaction("taps", "readwrite");
            const store = tx.objectStore("taps");
            store.getAll().onsuccess = (e) => { const copy = Object.assign({}, e.target.result[0]);
                delete copy.id; store.add(copy); };
            tx.oncomplete = resolve; tx.onerror = reject;
        };
    })""")
    page.reload()
    page.wait_for_selector("#offline-note", timeout=WAIT)
    assert "2" in page.inner_text("#offline-status")

    page.context.set_offline(False)
    page.wait_for_selector("#offline-note", state="detached", timeout=WAIT)     # synced: the site's page again
    page.wait_for_selector("#recorder:not([data-offline]) #next-circle", timeout=WAIT)
    assert list(DealtCard.objects.filter(deal=deal).values_list("card", flat=True)) == ["Ah"]
    assert ActionReceipt.objects.filter(deal=deal).count() == 1
    assert page.locator(".deal-players .card").count() == 1


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_page_older_than_the_site_is_told_to_reload_before_it_syncs(live_server, browser, settings, lang):
    croupier, skeeve, aahz, game = _table()
    deal = services.deal_start(game=game, actor=skeeve)

    page = phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + deal.get_absolute_url())
    _kept_for_offline(page)
    page.context.set_offline(True)
    page.wait_for_selector("#offline-note", timeout=WAIT)
    page.locator('.card-picker button[data-card="Ah"]').tap()
    page.wait_for_selector('.card-picker button[data-card="Ah"][disabled]')

    # Meanwhile the site is upgraded: the page the phone kept speaks an older API.
    settings.CLUB_API_VERSION = settings.CLUB_API_OLDEST_CLIENT = 3
    page.context.set_offline(False)
    page.wait_for_selector("#sync-reload", timeout=WAIT)
    with translation.override(lang):
        assert gettext("This page is older than the site: reload it, then your waiting taps are sent.") in \
            page.inner_text("#sync-problem")
    assert not DealtCard.objects.filter(deal=deal).exists()
    _shot(page, f"offline-old-page-{lang}.png")

    page.locator("#sync-reload").tap()          # the fresh page speaks version 3 and sends the tap
    for _ in range(WAIT // POLL):
        if DealtCard.objects.filter(deal=deal).exists():
            break
        page.wait_for_timeout(POLL)
    page.wait_for_selector("#recorder:not([data-offline]) .deal-players .card", timeout=WAIT)
    assert list(DealtCard.objects.filter(deal=deal).values_list("card", flat=True)) == ["Ah"]
