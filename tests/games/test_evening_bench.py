"""bench/evening.py reads the deal page as the browser does: what it polls, from which stamp, the
card picker's cards, the forms' tokens, the confirm form, and names each request by the page's
own URLs. A change of the markup it reads would leave the benchmark's phones polling nothing;
these tests say so at once."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from games import services

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))          # evening.py imports its neighbour stack.py
_spec = importlib.util.spec_from_file_location("bench_evening", BENCH / "evening.py")
evening = sys.modules["bench_evening"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(evening)

pytestmark = pytest.mark.django_db


def phone_of(member, table) -> tuple[Client, object]:
    client = Client()
    client.force_login(member.user)
    return client, evening.Phone(email=member.user.email, http=None, table=table, croupier=False)


def htmx_get(client, path: str, since: str):
    return client.get(path, {"since": since}, HTTP_HX_REQUEST="true")


def test_a_phone_follows_a_deal_from_its_first_card_to_the_confirmed_result(game, croupier, players, judge):
    deal = services.deal_start(game=game, actor=players[0])
    table = evening.Table(game=game.pk, session=game.session_id, deal=deal.pk)
    recorder_client, recorder = phone_of(players[0], table)
    watcher_client, watcher = phone_of(players[1], table)

    page = recorder_client.get(deal.get_absolute_url()).content.decode()
    recorder.read_deal_page(deal.pk, page)
    cards = evening.panel_cards(page)
    assert len(cards) == 52 and recorder.csrf
    watcher.read_deal_page(deal.pk, watcher_client.get(deal.get_absolute_url()).content.decode())
    assert watcher.poll == reverse("games:deal_live", args=[deal.pk]) and watcher.since and watcher.every == 3.0
    assert htmx_get(watcher_client, watcher.poll, watcher.since).status_code == 204

    # Card after card from the picker the panel offers, until it offers none.
    taps = 0
    while cards:
        panel = recorder_client.post(reverse("games:deal_card", args=[deal.pk]),
                                     {"card": cards[0], "csrfmiddlewaretoken": recorder.csrf},
                                     HTTP_HX_REQUEST="true").content.decode()
        assert not evening.error_text(panel, evening.CARD_ERROR)
        assert cards[0] not in evening.panel_cards(panel)
        cards, taps = evening.panel_cards(panel), taps + 1
    assert taps == deal.cards.count() > 0
    answer = htmx_get(watcher_client, watcher.poll, watcher.since)
    assert answer.status_code == 200
    watcher.follow(answer.content.decode(), live=True)
    assert watcher.poll == reverse("games:deal_live", args=[deal.pk])
    assert htmx_get(watcher_client, watcher.poll, watcher.since).status_code == 204

    # Submitted: the deal's poll stops, and the page follows the draft result instead.
    submitted = recorder_client.post(reverse("games:deal_submit", args=[deal.pk]))
    assert evening.DEAL_PATH.search(submitted["Location"])
    answer = htmx_get(watcher_client, watcher.poll, watcher.since)
    assert answer.status_code == 286
    watcher.follow(answer.content.decode(), live=False)
    assert watcher.poll == reverse("games:deal_result_live", args=[deal.pk])
    assert htmx_get(watcher_client, watcher.poll, watcher.since).status_code == 204

    # Another player confirms from his deal page; the result's poll stops.
    page = watcher_client.get(deal.get_absolute_url()).content.decode()
    form = evening.CONFIRM_FORM.search(page)
    assert form and 'id="result-status"' in page
    watcher_client.post(form.group(1))
    assert 'class="badge confirmed"' in watcher_client.get(deal.get_absolute_url()).content.decode()
    assert htmx_get(watcher_client, watcher.poll, watcher.since).status_code == 286

    # The next deal, from the game page's form, lands on a page whose picker offers every card.
    started = recorder_client.post(reverse("games:deal_new", args=[game.pk]), {"mode": "recorded"})
    landed = evening.DEAL_PATH.search(started["Location"])
    assert landed and int(landed.group(1)) != deal.pk
    assert len(evening.panel_cards(recorder_client.get(started["Location"]).content.decode())) == 52


def test_a_refused_tap_is_read_as_refused(game, players):
    deal = services.deal_start(game=game, actor=players[0])
    client, _ = phone_of(players[0], None)
    url = reverse("games:deal_card", args=[deal.pk])
    client.post(url, {"card": "Kd"}, HTTP_HX_REQUEST="true")
    panel = client.post(url, {"card": "Kd"}, HTTP_HX_REQUEST="true").content.decode()
    assert evening.error_text(panel, evening.CARD_ERROR)


@pytest.mark.parametrize(("method", "name", "args", "status", "kind"), [
    ("GET", "games:deal_live", [1], 204, "poll, nothing new"),
    ("GET", "games:deal_live", [1], 200, "poll, news"),
    ("GET", "games:deal_result_live", [1], 286, "poll, news"),
    ("GET", "games:deal_result_live", [1], 204, "poll, nothing new"),
    ("POST", "games:deal_card", [1], 200, "tap"),
    ("POST", "games:deal_submit", [1], 302, "submit"),
    ("POST", "games:result_confirm", [1], 302, "confirm"),
    ("POST", "games:deal_new", [1], 302, "next deal"),
    ("GET", "games:deal_detail", [1], 200, "deal page"),
    ("GET", "games:game_detail", [1], 200, "game page"),
    ("GET", "club:session_detail", [1], 200, "session page"),
    ("GET", "rules:precedent_list", [], 200, "precedent list"),
    ("GET", "club:dashboard", [], 200, "dashboard"),
    ("GET", "games:member_dashboard", [], 200, "my games"),
    ("GET", "games:croupier_dashboard", [], 200, "croupier's dashboard"),
])
def test_the_request_log_names_each_request_as_the_phones_do(method, name, args, status, kind):
    assert evening.kind_of(method, reverse(name, args=args), status) == kind
