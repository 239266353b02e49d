"""A refusal of the tournament's score sheet, on a phone, names the seat in the reader's language
(the dealer, North / Север), never its code, beside the input it concerns."""

from __future__ import annotations

import datetime
import re

import pytest

from club.models import Member
from games.tournaments import services
from games.tournaments.models import Round, Stage
from rules.engines import tricks
from tests import factories
from tests.e2e.conftest import phone_as

NAMES = {"en": ["North", "East", "South", "West"], "ru": ["Север", "Восток", "Юг", "Запад"]}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_dealers_refused_bid_names_his_seat_in_the_readers_language(live_server, browser, lang):
    croupier = factories.member(Member.Role.CROUPIER, password=None)
    tournament = services.tournament_create(actor=croupier, name="Autumn Cup", date=datetime.date(2026, 11, 1),
                                            seed=f"seats-{lang}")
    for _ in range(4):
        services.entry_add(actor=croupier, tournament=tournament, member=factories.member(password=None))
    services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.DRAW)
    table = tournament.stages.get().tables.get()
    dealer = tricks.dealer_of(1, table.first_dealer, tournament.readings)

    page = phone_as(browser, live_server, croupier, lang)
    page.goto(live_server.url + table.get_absolute_url())
    # Round 1, one card each: the others bid 0, so the dealer may not bid 1.
    for seat in range(4):
        page.fill(f"input[name=bid_{seat}]", "1" if seat == dealer else "0")
        page.fill(f"input[name=taken_{seat}]", "1" if seat == dealer else "0")
    page.locator(".record-round button[type=submit]").tap()
    page.wait_for_selector(f"input[name=bid_{dealer}][aria-invalid=true]")
    refusal = page.inner_text(".record-round .field-error")
    assert f"({NAMES[lang][dealer]})" in refusal
    assert not re.search(r"\((?:[NESW]|[СВЮЗ])\)", refusal)
    page.locator(".record-round").screenshot(path=f"/tmp/tournament-seat-refusal-{lang}.png")
    assert not Round.objects.filter(table=table).exists()
