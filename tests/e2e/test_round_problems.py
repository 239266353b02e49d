"""A flagged round's problems, on a phone, are said in the reader's language: the trick, the seat
by its name, the card drawn as a card and the rule it broke, with no English on a Russian page."""

from __future__ import annotations

import copy
import datetime
import re

import pytest
from django.urls import reverse

from club.models import Member
from games.tournaments import services
from games.tournaments.models import Round, Stage
from rules.engines import tricks
from tests import factories
from tests.e2e.conftest import phone_as

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def _with_an_illegal_play(played: tricks.PlayedRound) -> dict | None:
    """The round's record with one seat's cards of the first two tricks swapped, where that makes
    a play illegal (the recorded winners and tricks taken stay as they were)."""
    doc = played.to_dict()
    for seat in range(4):
        changed = copy.deepcopy(doc)
        first, second = changed["tricks"][0], changed["tricks"][1]
        i, j = (seat - first["leader"]) % 4, (seat - second["leader"]) % 4
        first["cards"][i], second["cards"][j] = second["cards"][j], first["cards"][i]
        if any(p.code == "illegal_play" for p in tricks.validate_round_play(changed)):
            return changed
    return None


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_flagged_rounds_problems_read_in_the_readers_language(live_server, browser, lang):
    croupier = factories.member(Member.Role.CROUPIER, password=None)
    tournament = services.tournament_create(actor=croupier, name="Autumn Cup", date=datetime.date(2026, 11, 1),
                                            seed=f"problems-{lang}")
    for _ in range(4):
        services.entry_add(actor=croupier, tournament=tournament, member=factories.member(password=None))
    services.stage_seat(actor=croupier, tournament=tournament, method=Stage.Method.DRAW)
    table = tournament.stages.get().tables.get()
    game = tricks.play_game(f"problems-{lang}", first_dealer=table.first_dealer)
    flagged = None
    for played in game.rounds:
        doc = played.to_dict()
        if flagged is None and played.number >= 2:
            changed = _with_an_illegal_play(played)
            if changed is not None:
                doc, flagged = changed, played.number
        services.round_record(actor=croupier, table=table, number=played.number, play=doc)
        if flagged is not None:
            break
    assert flagged is not None, "no round of the game could be made illegal"
    services.table_rescore(table_id=table.pk)
    row = Round.objects.get(table=table, number=flagged, live=True)
    assert row.flagged and any(p["code"] == "illegal_play" for p in row.problems)

    page = phone_as(browser, live_server, croupier, lang)
    page.goto(live_server.url + reverse("tournaments:round", args=[row.pk]))
    alert = page.locator(".message.error[role=alert]")
    alert.wait_for()
    words = alert.inner_text()
    illegal = {"en": "which is not allowed:", "ru": "так ходить нельзя:"}[lang]
    assert illegal in words, words
    assert re.search(r"(?:10|[2-9JQKA])[♥♦♣♠]|🃏", words), words   # the card drawn, not "7h"
    assert not re.search(r"\bseat \d|\b[0-9TJQKA][hdcs]\b", words), words
    if lang == "ru":
        assert "Взятка" in words and not LATIN_WORD.search(words), words
    page.screenshot(path=f"/tmp/round-problems-{lang}.png", full_page=True)
    alert.screenshot(path=f"/tmp/round-problems-alert-{lang}.png")
