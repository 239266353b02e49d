"""Corrections on a phone, in English and in Russian: a recorded deal corrected by replacing a card
and confirmed by another player; a tournament round corrected by the director."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club import services as club_services
from club.models import Member
from games import engine, services
from games.models import Result
from games.tournaments import services as tournament_services
from games.tournaments.models import Round, Stage, TableScore
from tests import factories
from tests.e2e.conftest import phone_as

WORDS = {
    "en": {"confirmed": "Confirmed", "draft": "Draft", "superseded": "Superseded"},
    "ru": {"confirmed": "Подтвержд", "draft": "Черновик", "superseded": "Заменён"},
}


def _phone_as(browser, live_server, member, lang="en"):
    return phone_as(browser, live_server, member, lang, confirm=True)  # data-confirm asks once more: yes


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_card_corrected_and_confirmed_by_another_player(live_server, browser, settings, lang):
    settings.GAMES_ADVISE_AFTER_SUBMIT = False
    croupier = factories.member(Member.Role.CROUPIER, password=None)
    skeeve = factories.member(display_name="Skeeve", password=None)
    tananda = factories.member(display_name="Tananda", password=None)
    session = factories.session(actor=croupier, days=0)
    club_services.seating_set(session=session, actor=croupier, assignments={skeeve.pk: "N", tananda.pk: "S"})
    game = services.game_start(session=session, actor=croupier)

    page = _phone_as(browser, live_server, skeeve, lang)
    page.goto(live_server.url + game.get_absolute_url())
    page.locator("#new-deal").tap()
    page.wait_for_selector("#next-circle")
    deal_url = page.url
    while page.locator("#deal-complete").count() == 0:
        pick = page.locator(".card-picker button:not([disabled])").first
        token = pick.get_attribute("data-card")
        pick.tap()
        page.wait_for_selector(f'.card-picker button[data-card="{token}"][disabled], #deal-complete')
    page.locator("#submit-result").tap()
    other = _phone_as(browser, live_server, tananda, lang)
    other.goto(deal_url)
    other.locator("#confirm-result").tap()
    other.wait_for_selector(f"#result-status:has-text('{WORDS[lang]['confirmed']}')")

    # Skeeve corrects the first card; a card not dealt is typed in its place.
    v1 = Result.objects.get(deal__game=game)
    deal = v1.deal
    first = deal.cards.order_by("seq").first()
    dealt = set(deal.cards.values_list("card", flat=True))
    new_card = next(c for c in engine.full_deck() if c not in dealt)
    page.goto(deal_url)
    page.locator("#correct summary").tap()
    # A card that is not a card is refused beside its field, naming it.
    page.fill(f"#id_card_{first.seq}", "Zz")
    page.locator("#submit-correction").tap()
    page.wait_for_selector("#correction-form .error")
    assert "Zz" in page.inner_text("#correction-form .error")
    page.screenshot(path=f"/tmp/corrections-{lang}-1-error.png", full_page=True)
    page.locator(f"#id_card_{first.seq}").locator("xpath=..").screenshot(path=f"/tmp/corrections-{lang}-1-field.png")
    page.fill(f"#id_card_{first.seq}", new_card)
    page.locator("#submit-correction").tap()
    page.wait_for_selector("#pending-changes")
    assert page.locator("#confirm-correction").count() == 0    # not by its submitter
    assert page.locator("#pending-waits").count() == 1
    page.screenshot(path=f"/tmp/corrections-{lang}-2-submitted.png", full_page=True)

    # The dashboard links straight to the version waiting.
    other.goto(live_server.url + reverse("games:member_dashboard"))
    link = other.locator('a[href$="#version-2"]')
    assert link.count() == 1
    link.first.tap()
    other.wait_for_selector("#confirm-correction")
    other.screenshot(path=f"/tmp/corrections-{lang}-3-pending.png", full_page=True)
    other.locator("#version-2").screenshot(path=f"/tmp/corrections-{lang}-3-pending-section.png")
    other.locator("#confirm-correction").tap()
    other.wait_for_selector(f"#result-status:has-text('{WORDS[lang]['confirmed']}')")
    assert "v2" in other.inner_text("#result h2")
    assert other.locator("#history-v1").count() == 1
    assert WORDS[lang]["superseded"] in other.inner_text("#history-v1")
    other.screenshot(path=f"/tmp/corrections-{lang}-4-confirmed.png", full_page=True)
    other.locator("#versions").screenshot(path=f"/tmp/corrections-{lang}-4-versions.png")
    other.locator(".messages").first.screenshot(path=f"/tmp/corrections-{lang}-4-message.png")

    first.refresh_from_db()
    v1.refresh_from_db()
    assert first.card == new_card and v1.status == Result.Status.SUPERSEDED
    assert deal.results.get(version=2).status == Result.Status.CONFIRMED


@pytest.mark.e2e
@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_tournament_round_corrected_by_the_director(live_server, browser, lang, tasks_done):
    import datetime

    croupier = factories.member(Member.Role.CROUPIER, password=None)
    tournament = tournament_services.tournament_create(actor=croupier, name="Autumn Cup",
                                                       date=datetime.date(2026, 11, 1), seed="e2e")
    for _ in range(4):
        tournament_services.entry_add(actor=croupier, tournament=tournament, member=factories.member(password=None))
    tournament_services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.DRAW)
    table = tournament.stages.get().tables.get()
    row = tournament_services.round_record(actor=croupier, table=table, number=1, bids=[1, 1, 0, 0],
                                           taken=[0, 1, 0, 0])
    tournament_services.table_rescore(table_id=table.pk)
    tournament_services.standings_recompute(tournament_id=tournament.pk)
    before = TableScore.objects.get(table=table, position=0).points

    page = _phone_as(browser, live_server, croupier, lang)
    page.goto(live_server.url + table.get_absolute_url())
    # The card play of round 2 is typed trick by trick: a card that is not one is named beside it.
    page.locator("#card-play summary").tap()
    assert page.locator("#card-play textarea").count() == 0
    page.fill("#id_trump_card", "7h")
    for place, card in enumerate(["Ah", "Kh", "Zq", "Qh"]):
        page.fill(f"#id_card_1_{place}", card)
    for place, card in enumerate(["As", "Ks", "Qs", "Js"]):
        page.fill(f"#id_card_2_{place}", card)
    for seat in range(4):
        page.fill(f"input[name=bid_{seat}]", "0" if seat else "1")
    page.locator(".record-round button[type=submit]").tap()
    page.wait_for_selector("#card-play .error")
    assert "Zq" in page.inner_text("#trick-1")
    page.locator("#card-play").screenshot(path=f"/tmp/corrections-{lang}-5-card-play.png")
    assert Round.objects.filter(table=table).count() == 1
    page.locator("#sheet a[href*='/rounds/']").first.tap()
    page.wait_for_selector("#correct-round")
    page.fill("#id_taken_0", "1")
    page.fill("#id_taken_1", "1")
    page.locator("#correct-round-button").tap()
    page.wait_for_selector("#round-error, .error")
    assert "2" in page.inner_text("#correct-round")
    page.fill("#id_taken_1", "0")
    page.fill("#id_reason", "N took the trick")
    page.locator("#correct-round-button").tap()
    page.wait_for_selector("#round-history")
    page.screenshot(path=f"/tmp/corrections-{lang}-5-round.png", full_page=True)
    # The table is scored again by a task: on the real worker, once it has run.
    tasks_done()
    live = Round.objects.get(table=table, number=1, live=True)
    assert live.version == 2 and live.pk != row.pk
    after = TableScore.objects.get(table=table, position=0).points
    assert after != before and after == live.scores[0]
    page.goto(live_server.url + tournament.get_absolute_url() + "standings/")
    page.screenshot(path=f"/tmp/corrections-{lang}-6-standings.png", full_page=True)
    assert str(after) in page.inner_text("main")
