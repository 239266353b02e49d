"""Two phones at one table, in headless Chromium against the live server: what one does, the other
sees without reloading (a dice roll, a card recorded), and the site's dealer shows each player only
his own dark cards. In English and in Russian."""

from __future__ import annotations

import pytest

from club import services as club_services
from club.models import Member
from games import services
from games.models import DealtCard
from games.tables import services as table_services
from tests import factories
from tests.e2e.conftest import phone_as

WAIT = 10_000  # ms: the pages poll every 3 seconds


def _mark_unreloaded(page):
    """A mark that a reload would wipe out: its survival shows the page changed in place."""
    page.evaluate("window.__notReloaded = true")


def _not_reloaded(page) -> bool:
    return page.evaluate("window.__notReloaded === true")


def _table(names):
    croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
    members = [factories.member(display_name=name, password=None) for name in names]
    session = factories.session(actor=croupier, days=0)
    club_services.seating_set(session=session, actor=croupier,
                              assignments={m.pk: seat for m, seat in zip(members, ("N", "E", "S", "W"), strict=False)})
    return croupier, members, services.game_start(session=session, actor=croupier)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_waiting_player_sees_the_others_roll_without_reloading(live_server, browser, lang):
    skeeve = factories.member(display_name="Skeeve", password=None)
    aahz = factories.member(display_name="Aahz", password=None)
    match = table_services.dice_match_create(actor=skeeve, first=skeeve, second=aahz, mode="seeded", seed="e2e")
    table_services.dice_match_accept(match=match, actor=aahz)

    waiting = phone_as(browser, live_server, aahz, lang)
    waiting.goto(live_server.url + match.get_absolute_url())
    waiting.wait_for_selector("#dice-waiting")
    assert waiting.locator("html").get_attribute("lang") == lang
    _mark_unreloaded(waiting)
    assert waiting.locator(".dice-moves").count() == 0

    mover = phone_as(browser, live_server, skeeve, lang)
    mover.goto(live_server.url + match.get_absolute_url())
    mover.locator('button[name="action"][value="roll"]').tap()
    mover.wait_for_selector("#dice-waiting")

    waiting.wait_for_selector(".dice-moves li", timeout=WAIT)
    waiting.wait_for_selector('button[name="action"][value="roll"]', timeout=WAIT)   # now his turn
    assert _not_reloaded(waiting)
    assert "Skeeve" in waiting.inner_text(".dice-moves")
    waiting.screenshot(path=f"/tmp/live-dice-{lang}.png", full_page=True)
    text = waiting.inner_text("main")
    if lang == "ru":
        assert "Ходы" in text and "Moves" not in text
    else:
        assert "Moves" in text


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_card_recorded_on_one_phone_appears_on_the_other(live_server, browser, settings, lang):
    settings.GAMES_ADVISE_AFTER_SUBMIT = False
    _croupier, (skeeve, aahz), game = _table(["Skeeve", "Aahz"])
    deal = services.deal_start(game=game, actor=skeeve)

    watching = phone_as(browser, live_server, aahz, lang)
    watching.goto(live_server.url + deal.get_absolute_url())
    watching.wait_for_selector("#deal-live")
    _mark_unreloaded(watching)

    recording = phone_as(browser, live_server, skeeve, lang)
    recording.goto(live_server.url + deal.get_absolute_url())
    tokens = []
    for n in range(3):
        pick = recording.locator(".card-picker button:not([disabled])").nth(n * 7)
        token = pick.get_attribute("data-card")
        pick.tap()
        recording.wait_for_selector(f'.card-picker button[data-card="{token}"][disabled]')
        tokens.append(token)

    for token in tokens:
        watching.wait_for_selector(f'.hand-cards [title="{token}"]', timeout=WAIT)
    assert _not_reloaded(watching)
    watching.screenshot(path=f"/tmp/live-deal-{lang}.png", full_page=True)
    assert list(DealtCard.objects.filter(deal=deal).order_by("seq").values_list("card", flat=True)) == tokens


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_sites_dealer_shows_a_player_his_dark_cards_and_not_the_others(live_server, browser, lang):
    croupier, (skeeve, aahz), game = _table(["Skeeve", "Aahz"])
    deal = services.deal_digital(game=game, actor=croupier, seed="e2e-dark")
    cards = list(DealtCard.objects.filter(deal=deal))
    mine = [c.card for c in cards if c.member_id == skeeve.pk and not c.open]
    theirs = [c.card for c in cards if c.member_id == aahz.pk and not c.open]
    their_open = [c.card for c in cards if c.member_id == aahz.pk and c.open]
    assert mine and theirs and their_open

    page = phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + deal.get_absolute_url())
    page.wait_for_selector(".hand-cards")
    html = page.content()
    for token in mine + their_open:
        assert page.locator(f'.hand-cards [title="{token}"]').count() == 1
    for token in theirs:
        assert f'title="{token}"' not in html
    assert page.locator(".card.back").count() == len(theirs)
    assert page.locator("#deal-preview").count() == 0
    page.screenshot(path=f"/tmp/live-dealer-{lang}.png", full_page=True)

    dealer = phone_as(browser, live_server, croupier, lang)
    dealer.goto(live_server.url + deal.get_absolute_url())
    dealer.wait_for_selector("#deal-preview")
    assert dealer.locator(".card.back").count() == 0
    dealer.screenshot(path=f"/tmp/live-dealer-croupier-{lang}.png", full_page=True)


def _dark_cards_seen(page, mine: list[str], theirs: list[str]) -> None:
    """The page shows each of ``mine`` and none of ``theirs``, whose backs it shows instead."""
    html = page.content()
    for token in mine:
        assert page.locator(f'.hand-cards [title="{token}"]').count() == 1, token
    for token in theirs:
        assert f'title="{token}"' not in html, token
    assert page.locator(".card.back").count() == len(theirs)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_two_phones_follow_the_sites_deal_each_seeing_only_his_own_dark_cards(live_server, browser, lang):
    """Both players' phones poll the deal the site dealt; a bet moves it on, each phone's panel is
    drawn again in place (once per kind of viewer: games/panels.py), and each still shows its
    player's dark cards and only the other's backs; the pot in the heading follows."""
    croupier, (skeeve, aahz), game = _table(["Skeeve", "Aahz"])
    deal = services.deal_digital(game=game, actor=croupier, seed="e2e-dark-live")
    cards = list(DealtCard.objects.filter(deal=deal))
    dark = {m.pk: [c.card for c in cards if c.member_id == m.pk and not c.open] for m in (skeeve, aahz)}
    assert dark[skeeve.pk] and dark[aahz.pk]

    phones = {}
    for member in (skeeve, aahz):
        page = phone_as(browser, live_server, member, lang)
        page.goto(live_server.url + deal.get_absolute_url())
        page.wait_for_selector("#deal-live .hand-cards")
        _mark_unreloaded(page)
        phones[member.pk] = (page, page.input_value("#deal-since"), int(page.inner_text("#pot")))

    services.bet_place(deal=deal, actor=skeeve, member=skeeve, amount=game.min_stake)
    for member, other in ((skeeve, aahz), (aahz, skeeve)):
        page, since, pot = phones[member.pk]
        page.wait_for_function("since => document.querySelector('#deal-since').value !== since", arg=since,
                               timeout=WAIT)
        assert _not_reloaded(page)
        _dark_cards_seen(page, dark[member.pk], dark[other.pk])
        # The pot in the heading follows the bet, and stays one element.
        assert page.locator("#pot").count() == 1 and int(page.inner_text("#pot")) == pot + game.min_stake
        page.screenshot(path=f"/tmp/live-dark-{lang}-{member.display_name}.png", full_page=True)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_admin_reads_the_clubs_ledger_on_a_phone(live_server, browser, lang):
    croupier, (skeeve, aahz), game = _table(["Skeeve", "Aahz"])
    admin = factories.member(Member.Role.ADMIN, display_name="Zol", password=None)
    table_services.dice_match_create(actor=croupier, first=skeeve, second=aahz, stake=3, mode="seeded", seed="led")
    page = phone_as(browser, live_server, admin, lang)
    page.goto(live_server.url + "/games/croupier/")
    page.locator("#ledger-link").tap()
    page.wait_for_selector("#ledger-balances")
    assert page.inner_text("#ledger-sum") == "0"
    assert page.locator("#ledger-entries tbody tr").count() == 4     # two stakes in, two in the pot
    page.screenshot(path=f"/tmp/live-ledger-{lang}.png", full_page=True)
    member = phone_as(browser, live_server, skeeve, lang)
    assert member.goto(live_server.url + "/games/ledger/").status == 403


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_result_confirmed_on_one_phone_shows_confirmed_on_the_other(live_server, browser, settings, lang):
    from django.utils import translation

    from games.models import Result

    settings.GAMES_ADVISE_AFTER_SUBMIT = False
    croupier, (skeeve, aahz), game = _table(["Skeeve", "Aahz"])
    deal = services.deal_digital(game=game, actor=croupier, seed="e2e-confirm")
    with translation.override(lang):
        draft, confirmed = str(Result.Status.DRAFT.label), str(Result.Status.CONFIRMED.label)

    # Aahz watches the deal before its result is in: the draft appears, then its confirmation.
    watching = phone_as(browser, live_server, aahz, lang)
    watching.goto(live_server.url + deal.get_absolute_url())
    watching.wait_for_selector("#deal-live")
    assert watching.locator("#result-status").count() == 0
    _mark_unreloaded(watching)

    services.result_submit(deal=deal, actor=croupier)
    watching.wait_for_selector(f"#result-status:has-text('{draft}')", timeout=WAIT)
    assert _not_reloaded(watching)

    confirming = phone_as(browser, live_server, skeeve, lang)
    confirming.goto(live_server.url + deal.get_absolute_url())
    confirming.locator("#confirm-result").tap()
    confirming.wait_for_selector(f"#result-status:has-text('{confirmed}')")

    watching.wait_for_selector(f"#result-status:has-text('{confirmed}')", timeout=WAIT)
    assert _not_reloaded(watching)
    assert "Skeeve" in watching.inner_text("#result")          # "confirmed by Skeeve"
    assert watching.locator("#confirm-result").count() == 0
    watching.screenshot(path=f"/tmp/live-confirmed-{lang}.png", full_page=True)
    # Confirmed, the page stops asking: the part drawn last carries no polling.
    assert watching.locator("#deal-result[hx-get]").count() == 0
    assert watching.locator("#deal-live[hx-get]").count() == 0


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_draft_discarded_on_one_phone_goes_from_the_other(live_server, browser, settings, lang):
    settings.GAMES_ADVISE_AFTER_SUBMIT = False
    croupier, (skeeve, aahz), game = _table(["Skeeve", "Aahz"])
    deal = services.deal_digital(game=game, actor=croupier, seed="e2e-discard")
    services.result_submit(deal=deal, actor=croupier)

    watching = phone_as(browser, live_server, aahz, lang)
    watching.goto(live_server.url + deal.get_absolute_url())
    watching.wait_for_selector("#deal-result[hx-get] #result-status")
    _mark_unreloaded(watching)

    discarding = phone_as(browser, live_server, skeeve, lang)
    discarding.goto(live_server.url + deal.get_absolute_url())
    with discarding.expect_navigation():
        discarding.locator('#result form[action$="/discard/"] button').tap()

    watching.wait_for_selector("#result-discarded", timeout=WAIT)
    assert _not_reloaded(watching)
    assert watching.locator("#result-status").count() == 0
    assert watching.locator("#deal-result[hx-get]").count() == 0
    # the versions below say so too, without a reload
    assert watching.locator("#history-v1 .badge.discarded").count() == 1
    assert watching.locator("#versions .badge.draft").count() == 0
    watching.screenshot(path=f"/tmp/live-discarded-{lang}.png", full_page=True)
