"""The server side of the taps a phone recorded offline and sends when it is back: each tap is
done once per Idempotency-Key, cards are taken in order (a card sent for another place is a
conflict naming the site's cards), a sync that failed halfway resumes from the first tap not
acknowledged, a version set aside stays in the deal's history, and a page too old is refused."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders

from games import services
from games.models import ActionReceipt, Bet, DealtCard, SetAside

pytestmark = pytest.mark.django_db

CARDS = ["Ah", "Kd", "10c", "2s", "Qh", "Jd", "9c", "8s", "7h", "6d", "5c", "4s"]
VERSION = {"X-Club-Client-Version": "2"}


def _card(client, deal, card, seq, key):
    return client.post(f"/api/deals/{deal.pk}/cards/", {"card": card, "seq": seq}, format="json",
                       headers={"Idempotency-Key": key, **VERSION})


def test_a_tap_replayed_twice_counts_once(api_as, game, players):
    deal = services.deal_start(game=game, actor=players[0])
    client = api_as(players[0])
    first = _card(client, deal, "Тч", 0, "tap-1")
    again = _card(client, deal, "Тч", 0, "tap-1")
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json() and first.json()["card"] == "Ah"
    assert DealtCard.objects.filter(deal=deal).count() == 1
    assert ActionReceipt.objects.filter(key="tap-1").count() == 1

    bet = {"member": players[0].pk, "amount": game.min_stake}
    for _ in range(2):
        answer = client.post(f"/api/deals/{deal.pk}/bets/", bet, format="json", headers={"Idempotency-Key": "bet-1"})
        assert answer.status_code == 201
    assert Bet.objects.filter(deal=deal, kind=Bet.Kind.RAISE).count() == 1


def test_the_same_key_for_another_kind_of_tap_is_refused(api_as, game, players):
    deal = services.deal_start(game=game, actor=players[0])
    client = api_as(players[0])
    assert _card(client, deal, "Ah", 0, "tap-1").status_code == 201
    bet = client.post(f"/api/deals/{deal.pk}/bets/", {"amount": game.min_stake}, format="json",
                      headers={"Idempotency-Key": "tap-1"})
    assert bet.status_code == 409 and bet.json()["extra"]["field"] == "Idempotency-Key"
    assert not Bet.objects.filter(deal=deal, kind=Bet.Kind.RAISE).exists()


def test_a_key_is_one_member_s(api_as, game, players):
    """Two phones may draw the same key by chance: each member's keys are his own."""
    deal = services.deal_start(game=game, actor=players[0])
    assert _card(api_as(players[0]), deal, "Ah", 0, "same").status_code == 201
    second = _card(api_as(players[1]), deal, "Kd", 1, "same")
    assert second.status_code == 201 and second.json()["card"] == "Kd"
    assert list(deal.cards.values_list("card", flat=True)) == ["Ah", "Kd"]


def test_cards_are_taken_in_order_and_a_card_for_another_place_is_a_conflict(api_as, game, players):
    deal = services.deal_start(game=game, actor=players[0])
    online, offline = api_as(players[1]), api_as(players[0])
    for seq, card in enumerate(CARDS[:3]):
        assert _card(online, deal, card, seq, f"online-{seq}").status_code == 201
    # The offline phone saw one card and recorded its second and third.
    answer = _card(offline, deal, "5h", 1, "offline-1")
    assert answer.status_code == 409
    extra = answer.json()["extra"]
    assert extra["code"] == "seq" and extra["seq"] == 1 and extra["dealt"] == 3
    assert [c["card"] for c in extra["recorded"]] == ["Kd", "10c"]
    assert "card 2" in answer.json()["message"].lower()
    assert deal.cards.count() == 3
    # A refusal is not kept: once the versions are settled the same key goes through.
    assert not ActionReceipt.objects.filter(key="offline-1").exists()


def test_a_sync_that_failed_halfway_resumes_from_the_first_tap_not_acknowledged(api_as, game, players,
                                                                                 monkeypatch):
    deal = services.deal_start(game=game, actor=players[0])
    client = api_as(players[0])
    taps = [(card, seq, f"k{seq}") for seq, card in enumerate(CARDS[:6])]
    real = services.deal_card
    calls = {"n": 0}

    def failing(**kwargs):
        calls["n"] += 1
        if calls["n"] == 4:
            raise RuntimeError("the connection dropped")
        return real(**kwargs)

    monkeypatch.setattr(services, "deal_card", failing)
    client.raise_request_exception = False
    acknowledged = 0
    for card, seq, key in taps:
        answer = _card(client, deal, card, seq, key)
        if answer.status_code != 201:
            break
        acknowledged += 1
    assert acknowledged == 3
    # Nothing of the failed tap was saved: neither the card nor its receipt.
    assert deal.cards.count() == 3 and not ActionReceipt.objects.filter(key="k3").exists()

    # The phone sends again from the first tap not acknowledged; were an acknowledged tap sent
    # again (its answer lost), it would count once.
    for card, seq, key in taps[2:]:
        assert _card(client, deal, card, seq, key).status_code == 201
    assert list(deal.cards.order_by("seq").values_list("card", flat=True)) == CARDS[:6]
    assert ActionReceipt.objects.filter(deal=deal).count() == 6


def test_a_receipt_is_saved_with_its_tap_or_not_at_all(game, players):
    deal = services.deal_start(game=game, actor=players[0])

    def act(locked):
        services.deal_card(deal=locked, actor=players[0], card="Ah")
        raise RuntimeError("after the card, before the answer")

    with pytest.raises(RuntimeError):
        services.action_once(actor=players[0], deal=deal, key="k", kind="card", act=act)
    assert not deal.cards.exists() and not ActionReceipt.objects.exists()


def test_keep_theirs_sets_the_phone_s_taps_aside_in_the_history(api_as, client_as, game, players):
    deal = services.deal_start(game=game, actor=players[0])
    online, offline = api_as(players[1]), api_as(players[0])
    for seq, card in enumerate(CARDS[:3]):
        _card(online, deal, card, seq, f"online-{seq}")
    mine = [{"kind": "card", "card": "5h", "seq": 1, "member": players[1].pk},
            {"kind": "bet", "amount": 2, "member": players[0].pk}]
    answer = offline.post(f"/api/deals/{deal.pk}/set-aside/", {"kept": "theirs", "from_seq": 1, "actions": mine},
                          format="json", headers={"Idempotency-Key": "aside-1"})
    assert answer.status_code == 201, answer.json()
    assert deal.cards.count() == 3
    aside = SetAside.objects.get(deal=deal)
    assert aside.kept == "theirs" and aside.chosen_by == players[0] and aside.actions[0]["card"] == "5h"
    page = client_as(players[2]).get(deal.get_absolute_url())
    assert 'id="set-aside"' in page.content.decode() and "5h" in page.content.decode()


def test_keep_mine_takes_the_site_s_cards_back_once(api_as, game, players):
    deal = services.deal_start(game=game, actor=players[0])
    online, offline = api_as(players[1]), api_as(players[0])
    for seq, card in enumerate(CARDS[:3]):
        _card(online, deal, card, seq, f"online-{seq}")
    choice = {"kept": "mine", "from_seq": 1}
    headers = {"Idempotency-Key": "aside-offline-1"}
    assert offline.post(f"/api/deals/{deal.pk}/set-aside/", choice, format="json", headers=headers).status_code == 201
    assert list(deal.cards.values_list("card", flat=True)) == ["Ah"]
    assert _card(offline, deal, "5h", 1, "offline-1").status_code == 201
    # The choice sent again (its answer lost) does not take back the phone's own card.
    assert offline.post(f"/api/deals/{deal.pk}/set-aside/", choice, format="json", headers=headers).status_code == 201
    assert list(deal.cards.values_list("card", flat=True)) == ["Ah", "5h"]
    aside = SetAside.objects.get(deal=deal)
    assert [a["card"] for a in aside.actions] == ["Kd", "10c"]


def test_keep_mine_puts_back_the_cards_another_phone_took_back(api_as, game, players):
    """The phone saw three cards on the site, went offline and recorded the fourth; meanwhile the
    other phone took two back. The conflict says the site has one card; keeping the phone's version
    puts the two back as they were and takes the phone's card."""
    deal = services.deal_start(game=game, actor=players[0])
    offline = api_as(players[0])
    for seq, card in enumerate(CARDS[:3]):
        assert _card(offline, deal, card, seq, f"offline-{seq}").status_code == 201
    for _ in range(2):
        services.deal_card_undo(deal=deal, actor=players[1])
    conflict = _card(offline, deal, CARDS[3], 3, "offline-3")
    assert conflict.status_code == 409
    assert conflict.json()["extra"]["dealt"] == 1 and conflict.json()["extra"]["recorded"] == []
    headers = {"Idempotency-Key": "aside-offline-3"}
    chosen = offline.post(f"/api/deals/{deal.pk}/set-aside/", {"kept": "mine", "from_seq": 3}, format="json",
                          headers=headers)
    assert chosen.status_code == 201, chosen.json()
    assert list(deal.cards.values_list("card", flat=True)) == CARDS[:3]
    assert _card(offline, deal, CARDS[3], 3, "offline-3").status_code == 201
    assert list(deal.cards.values_list("card", flat=True)) == CARDS[:4]


def test_keep_mine_cannot_invent_cards_the_site_never_had(api_as, game, players):
    deal = services.deal_start(game=game, actor=players[0])
    offline = api_as(players[0])
    assert _card(offline, deal, CARDS[0], 0, "offline-0").status_code == 201
    refused = offline.post(f"/api/deals/{deal.pk}/set-aside/", {"kept": "mine", "from_seq": 3}, format="json",
                           headers={"Idempotency-Key": "aside-offline-3"})
    assert refused.status_code == 409 and refused.json()["extra"]["field"] == "from_seq"
    assert list(deal.cards.values_list("card", flat=True)) == CARDS[:1]
    assert not SetAside.objects.exists()


def test_choosing_a_version_needs_a_key_and_a_seat_at_the_table(api_as, game, players, outsider):
    deal = services.deal_start(game=game, actor=players[0])
    no_key = api_as(players[0]).post(f"/api/deals/{deal.pk}/set-aside/", {"kept": "mine", "from_seq": 0},
                                     format="json")
    assert no_key.status_code == 400 and no_key.json()["extra"]["field"] == "Idempotency-Key"
    stranger = api_as(outsider).post(f"/api/deals/{deal.pk}/set-aside/", {"kept": "mine", "from_seq": 0},
                                     format="json", headers={"Idempotency-Key": "x"})
    assert stranger.status_code == 404
    bad = api_as(players[0]).post(f"/api/deals/{deal.pk}/set-aside/", {"kept": "both", "from_seq": 0},
                                  format="json", headers={"Idempotency-Key": "y"})
    assert bad.status_code == 400 and not SetAside.objects.exists()


def test_an_old_page_is_told_to_reload_before_anything_changes(api_as, client, game, players, settings):
    settings.CLUB_API_OLDEST_CLIENT = 3
    deal = services.deal_start(game=game, actor=players[0])
    answer = api_as(players[0]).post(f"/api/deals/{deal.pk}/cards/", {"card": "Ah", "seq": 0}, format="json",
                                     headers={"Idempotency-Key": "k", "X-Club-Client-Version": "2"})
    assert answer.status_code == 426
    body = answer.json()
    assert body["extra"]["code"] == "reload" and "reload" in body["message"]
    assert answer["X-Club-API-Version"] == str(settings.CLUB_API_VERSION)
    assert not deal.cards.exists()
    # A client that says nothing of its version (another program of the API) is not refused.
    assert api_as(players[0]).post(f"/api/deals/{deal.pk}/cards/", {"card": "Ah"}, format="json").status_code == 201
    # Every answer names the version, pages included.
    assert client.get("/health/")["X-Club-API-Version"] == str(settings.CLUB_API_VERSION)


def test_the_service_worker_and_the_manifest(client):
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and sw["Content-Type"].startswith("text/javascript")
    assert sw["Service-Worker-Allowed"] == "/" and sw["Cache-Control"] == "no-cache"
    body = sw.content.decode()
    precache = body.split("var PRECACHE = ")[1].split(";")[0]
    assert "/static/js/offline.js" in precache and "//" not in precache      # the site's own files, no CDN
    manifest = client.get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    data = manifest.json()
    assert data["display"] == "standalone" and data["start_url"] == "/" and data["scope"] == "/"
    assert {icon["sizes"] for icon in data["icons"]} >= {"192x192", "512x512"}
    for icon in data["icons"]:
        assert finders.find(icon["src"].removeprefix(settings.STATIC_URL)), icon["src"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.celery_worker
def test_beat_forgets_the_answers_to_old_taps_only(api_as, game, players, settings, tasks_done):
    """The answers kept for taps sent again are forgotten after ACTION_RECEIPT_DAYS, by beat's
    daily task on the worker; a recent one still answers a tap sent twice."""
    import datetime as dt

    from django.utils import timezone

    from games import tasks

    deal = services.deal_start(game=game, actor=players[0])
    client = api_as(players[0])
    for seq, card in enumerate(CARDS[:2]):
        assert _card(client, deal, card, seq, f"tap-{seq}").status_code == 201
    ActionReceipt.objects.filter(key="tap-0").update(
        created_at=timezone.now() - dt.timedelta(days=settings.ACTION_RECEIPT_DAYS + 1))
    tasks.receipts_prune.delay()
    tasks_done()
    assert list(ActionReceipt.objects.values_list("key", flat=True)) == ["tap-1"]
    assert _card(client, deal, CARDS[1], 1, "tap-1").status_code == 201
    assert DealtCard.objects.filter(deal=deal).count() == 2
    assert settings.CELERY_BEAT_SCHEDULE["receipts-prune"]["task"] == tasks.receipts_prune.name
