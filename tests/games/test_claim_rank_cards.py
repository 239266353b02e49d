"""A claim names the rank it chooses (modifier 51) and further cards (modifier 14: the second card
whose suit inverts; modifier 44: the dead card revived as wild), only under the rules that read
them: the form, the API, offline taps and corrections carry them to the judge, and the deal page
says them in words.

The deals are dealt by hand so the modifiers' conditions hold: deal 1 is a quick result, deal 2
is dealt at 13:30 Moscow time, when Table 2 makes the Dragons (aces) dead (base rule 17, not in a
Game's first deal). Each test checks the condition from the judgement before the claim."""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo

import pytest
from django.urls import reverse
from django.utils import translation

from club.errors import InvalidInput
from games import engine, services
from games.models import Claim
from games.sitting import game_document, precedents_for
from tests.games.conftest import confirm_quick

pytestmark = pytest.mark.django_db

AT_1330 = dt.datetime(2026, 3, 4, 13, 30, tzinfo=zoneinfo.ZoneInfo("Europe/Moscow"))
# North (the first player) gets Ah Ad Ac face up (dead: three dead face-up cards), the 10d face up
# and the 4s dark, both natural.
DEAL_M14 = ("10h 2s 6h 6d 9h 9c 6c 8c 2c 3d 8h 9s 3h 6s Ah 5c 2h 8s Ad 7d Kd 3c Ac 10s 8d 5h Qh Jc Kc 7s 10d 3s "
            "Qd 2d 4s 5s").split()
# North gets five dead cards (As Ah Ad Ac and 10c) and the natural Jd and Jh face up.
DEAL_M44 = ("7h Kc 6d 4h 9s 6h As 3h 6c 2h 7d 5d 4s 9h Ah Kh Qd 8d Ad 10s 8s 8c Ac 10h Qs 7c Jd 6s 10d Jc Jh 4d "
            "Qh 3s 10c 5h").split()


def second_deal(game, croupier, players, cards):
    """Deal 2 of ``game`` at 13:30, its cards recorded in this order (deal 1: a quick result)."""
    confirm_quick(services.deal_start(game=game, actor=croupier, quick=True), players, croupier)
    deal = services.deal_start(game=game, actor=croupier, started_at=AT_1330)
    for token in cards:
        services.deal_card(deal=deal, actor=croupier, card=token)
    return deal


def judged(game) -> dict:
    return judged_document(game_document(game))


def judged_document(document: dict) -> dict:
    """The judgement of the last deal of ``document``, with the readings in force on its date."""
    return engine.judge_last_deal(document, precedents=precedents_for(document))


def cards_of(judgement: dict, member) -> dict[str, dict]:
    return {c["card"]: c for c in judgement["players"][str(member.pk)]["cards"]}


def claim(deal, who, **kw):
    return services.claim_declare(deal=deal, actor=who, member=who, **kw)


def test_modifier_51_a_rank_chosen_reaches_the_judge(game, croupier, players, real_judge):
    """Modifier 51: "Игрок сидящий на севере, юге, востоке или западе имеет право изменить реальный
    номинал или масть любой из своих карт один раз в течение игры." North makes his 10♦ a Unicorn
    (rank 12): judged as if dealt so (IP-M51-VALUE as_dealt), a Unicorn and a better hand."""
    deal = second_deal(game, croupier, players, DEAL_M14)
    north = players[0]
    before = judged(game)
    assert cards_of(before, north)["10d"]["rank"] == 10
    made = claim(deal, north, rule="M51", card="10♦", rank="Д")          # the Russian letter of the Unicorn
    assert (made.card, made.rank, made.cards) == ("10d", 12, "")
    document = game_document(game)
    assert document["deals"][-1]["claims"] == [{"player": str(north.pk), "rule": "M51", "card": "10d", "rank": 12}]
    after = judged_document(document)
    assert cards_of(after, north)["10d"]["rank"] == 12
    assert [t["after"] for t in after["trace"] if t["source"] == "M51"] == ["Qd"]
    hand_before = before["players"][str(north.pk)]["hand"]["category"]
    assert after["players"][str(north.pk)]["hand"]["category"] < hand_before       # lower is better
    assert not after.get("refused_claims")


def test_modifier_14_further_cards_invert_their_suits(game, croupier, players, real_judge):
    """Modifier 14: "Игрок, к которому в открытых кругах пришли три убитые карты, может
    инвертировать масть для любых двух своих карт." North's three face-up Dragons are dead; he
    names the 10♦ and, as a further card, the 4♠: diamonds become clubs and spades hearts."""
    deal = second_deal(game, croupier, players, DEAL_M14)
    north = players[0]
    before = cards_of(judged(game), north)
    assert [c for c, row in before.items() if row["state"] == "dead" and row["open"]] == ["Ah", "Ad", "Ac"]
    made = claim(deal, north, rule="M14", card="10d", cards="4п")
    assert made.cards == "4s"
    document = game_document(game)
    assert document["deals"][-1]["claims"][0]["cards"] == ["4s"]
    after = cards_of(judged_document(document), north)
    assert (before["10d"]["suit"], before["4s"]["suit"]) == ("d", "s")
    assert (after["10d"]["suit"], after["4s"]["suit"]) == ("c", "h")


def test_modifier_44_revives_a_further_card_as_wild(game, croupier, players, real_judge):
    """Modifier 44: "Если игроку приходит на руки 5 убитых карт, то он может оживить одну из этих
    карт, оживить и объявить дикой еще одну из убитых и объявить свободной одну из своих неубитых
    карт." North holds five dead cards: he revives the A♠ (the claim's card), revives the 10♣ as
    wild (the further card) and frees the J♦ (the target): a pair becomes a triple."""
    deal = second_deal(game, croupier, players, DEAL_M44)
    north = players[0]
    before = judged(game)
    mine = cards_of(before, north)
    assert sorted(c for c, row in mine.items() if row["state"] == "dead") == ["10c", "Ac", "Ad", "Ah", "As"]
    claim(deal, north, rule="M44", card="As", cards=["10c"], target="Jd")
    after = judged(game)
    mine = cards_of(after, north)
    assert (mine["As"]["state"], mine["10c"]["state"], mine["Jd"]["state"]) == ("natural", "wild", "free")
    assert before["players"][str(north.pk)]["hand"]["name"] == "pair"
    assert after["players"][str(north.pk)]["hand"]["name"] == "triple"


@pytest.mark.parametrize(("kw", "field", "words"), [
    ({"rule": "M51", "card": "10d", "rank": 15}, "rank", "15 is not a rank: choose one of 2, 3, 4, 5, 6, 7, 8, 9, "
                                                         "10, J, Q, K, A."),
    ({"rule": "M51", "card": "10d", "rank": "1"}, "rank", "1 is not a rank"),
    ({"rule": "M51", "card": "10d", "rank": "Z"}, "rank", "Z is not a rank"),
    ({"rule": "M51", "card": "10d", "rank": 10}, "rank", "already has that rank"),
    ({"rule": "M51", "rank": 12}, "card", "names the card whose rank changes"),
    ({"rule": "M42", "card": "Ks", "rank": 5}, "rank", "M42 names no rank"),               # 42 chooses no rank
    ({"rule": "M51", "card": "10d", "rank": 12, "cards": "4s"}, "cards", "M51 names no further cards"),
    ({"rule": "M14", "card": "10d", "cards": "4s 8h"}, "cards", "at most 1 further card"),  # two cards in all
    ({"rule": "M14", "cards": "4s 8h 6h"}, "cards", "at most 2 further cards"),
    ({"rule": "M44", "card": "Ah", "cards": ["4s", "8h"]}, "cards", "at most 1 further card"),
    ({"rule": "M14", "card": "10d", "cards": "Kd"}, "cards", "was dealt to"),              # another player's card
    ({"rule": "M14", "card": "10d", "cards": "10♦"}, "cards", "is named twice"),
    ({"rule": "M14", "card": "10d", "cards": "Zz"}, "cards", "Zz"),
])
def test_a_bad_rank_or_further_card_is_refused_beside_its_field(game, croupier, players, kw, field, words):
    deal = second_deal(game, croupier, players, DEAL_M14)
    with pytest.raises(InvalidInput, match=re.escape(words)) as caught:
        claim(deal, players[0], **kw)
    assert caught.value.extra["field"] == field
    assert not Claim.objects.exists()


def test_the_refusals_are_in_russian_too(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    with translation.override("ru"):
        with pytest.raises(InvalidInput) as caught:
            claim(deal, players[0], rule="M51", card="10d", rank=15)
        assert caught.value.message == "15 — не ранг: выберите один из 2, 3, 4, 5, 6, 7, 8, 9, 10, В, Д, К, Т."
        with pytest.raises(InvalidInput) as caught:
            claim(deal, players[0], rule="M44", card="Ah", cards="4s 8h")
        assert caught.value.message == "Заявка по M44 называет не больше 1 другой карты."


def test_the_api_takes_a_rank_and_further_cards(api_as, game, croupier, players):
    deal = second_deal(game, croupier, players, DEAL_M14)
    api = api_as(players[0])
    body = api.post(f"/api/deals/{deal.pk}/claims/", {"rule": "M51", "card": "10d", "rank": 12},
                    format="json").json()
    assert (body["rule"], body["rank"], body["cards"]) == ("M51", 12, [])
    body = api.post(f"/api/deals/{deal.pk}/claims/", {"rule": "M14", "card": "10d", "cards": ["4п"]},
                    format="json").json()
    assert (body["rule"], body["rank"], body["cards"]) == ("M14", None, ["4s"])
    for sent, field in (({"rule": "M51", "card": "10d", "rank": 15}, "rank"),
                        ({"rule": "M42", "card": "Ks", "cards": ["4s"]}, "cards"),
                        ({"rule": "M14", "card": "10d", "cards": ["Kd"]}, "cards")):   # Kd is another's
        refused = api.post(f"/api/deals/{deal.pk}/claims/", sent, format="json")
        assert refused.status_code == 400
        extra = refused.json()["extra"]
        assert extra.get("field") == field or field in extra.get("fields", {})
    assert Claim.objects.count() == 2


def test_a_tap_set_aside_keeps_the_rank_and_the_further_cards(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    aside = services.deal_set_aside(deal=deal, actor=croupier, kept="theirs", from_seq=0, actions=[
        {"kind": "claim", "member": players[0].pk, "rule": "M44", "card": "As", "cards": ["10c"], "target": "Jd"},
        {"kind": "claim", "member": players[0].pk, "rule": "M51", "card": "10d", "rank": 12}])
    assert aside.actions == [
        {"kind": "claim", "card": "As", "rule": "M44", "target": "Jd", "cards": ["10c"], "member": players[0].pk},
        {"kind": "claim", "card": "10d", "rule": "M51", "member": players[0].pk, "rank": 12}]


def _shown_fields(html: str) -> dict[str, bool]:
    form = html[html.index('id="claim-form"'):]
    form = form[:form.index("</form>")]
    return {m.group(1): "hidden" not in m.group(0) for m in re.finditer(r'<div data-claim-field="(\w+)"[^>]*>', form)}


@pytest.mark.parametrize(("lang", "option", "words"), [
    ("en", "Q · Unicorn", "the Unicorn (Q)"), ("ru", "Д · единорог", "единорог (Д)")])
def test_the_form_asks_a_rank_in_the_members_words_and_the_page_says_it(client, game, croupier, players, lang,
                                                                         option, words):
    deal = second_deal(game, croupier, players, DEAL_M14)
    client.force_login(players[0].user)
    page = client.get(deal.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert f'<option value="12">{option}</option>' in page
    assert "&quot;M51&quot;: [&quot;rank&quot;]" in page                  # what the page's script reads
    assert "&quot;M14&quot;: [&quot;cards&quot;]" in page
    response = client.post(reverse("games:deal_claim", args=[deal.pk]),
                           {"member": players[0].pk, "rule": "M51", "card": "10d", "rank": "15"},
                           HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    html = response.content.decode()
    assert _shown_fields(html)["rank"] and not _shown_fields(html)["cards"]
    error = re.search(r'id="id_rank_error">([^<]*)<', html).group(1)
    assert error.startswith("15 is not a rank" if lang == "en" else "15 — не ранг")
    assert client.post(reverse("games:deal_claim", args=[deal.pk]),
                       {"member": players[0].pk, "rule": "M51", "card": "10d", "rank": "12"}).status_code == 302
    assert client.post(reverse("games:deal_claim", args=[deal.pk]),
                       {"member": players[0].pk, "rule": "M14", "card": "10d", "cards": "4s"}).status_code == 302
    page = client.get(deal.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    claims = page[page.index('id="claims"'):]
    claims = claims[:claims.index("</ul>")]
    assert f'<span class="claim-rank">{words}</span>' in claims
    assert re.search(r'class="claim-cards">[^<]+<span class="card black" title="4s">4♠</span>', claims)
    translation.activate("en")


@pytest.fixture
def confirmed_m44(game, croupier, players, real_judge):
    deal = second_deal(game, croupier, players, DEAL_M44)
    v1 = services.result_submit(deal=deal, actor=players[1])
    services.result_confirm(result=v1, actor=players[2])
    v1.refresh_from_db()
    return deal, v1


def test_a_correction_adds_claims_with_further_cards_and_a_rank(client, confirmed_m44, players):
    """A correction adds modifier 44's claim as the correction form sends it: the new version is
    judged with the further card revived as wild, and confirming it stores the claim with it. A
    later correction adding modifier 51's claim (a rank) keeps every field of the claim already
    recorded."""
    deal, v1 = confirmed_m44
    north = players[0]
    assert cards_of(v1.judgement, north)["10c"]["state"] == "dead"
    client.force_login(players[1].user)
    url = reverse("games:deal_correct", args=[deal.pk])
    cards = {f"card_{c.seq}": c.card for c in deal.cards.all()}      # the form sends every card as it stands
    response = client.post(url, {**cards, "supersedes": v1.version, "new_claim_member": north.pk, "new_claim_rule": "м44",
                                 "new_claim_card": "As", "new_claim_cards": "10c 9h"})
    assert response.status_code == 400
    error = re.search(r'id="id_new_claim_cards_error">([^<]*)<', response.content.decode()).group(1)
    assert error == "A claim under M44 names at most 1 further card."
    response = client.post(url, {**cards, "supersedes": v1.version, "new_claim_member": north.pk, "new_claim_rule": "M44",
                                 "new_claim_card": "As", "new_claim_cards": "10♣", "new_claim_target": "Jd"})
    assert response.status_code == 302
    v2 = deal.results.get(version=v1.version + 1)
    m44 = {"player": str(north.pk), "rule": "M44", "card": "As", "target": "Jd", "cards": ["10c"]}
    assert v2.document["deals"][-1]["claims"] == [m44]
    assert cards_of(v2.judgement, north)["10c"]["state"] == "wild"
    services.result_confirm(result=v2, actor=players[3])
    assert list(Claim.objects.filter(deal=deal).values_list("rule", "card", "cards", "target", "rank")) == [
        ("M44", "As", "10c", "Jd", None)]
    v2.refresh_from_db()
    response = client.post(url, {**cards, "supersedes": v2.version, "new_claim_member": north.pk, "new_claim_rule": "M51",
                                 "new_claim_card": "Jh", "new_claim_rank": "13"})
    assert response.status_code == 302
    v3 = deal.results.get(version=v2.version + 1)
    assert v3.document["deals"][-1]["claims"] == [m44, {"player": str(north.pk), "rule": "M51", "card": "Jh",
                                                         "rank": 13}]
    assert [t["after"] for t in v3.judgement["trace"] if t["source"] == "M51"] == ["Kh"]
    services.result_confirm(result=v3, actor=players[2])
    assert list(Claim.objects.filter(deal=deal).order_by("pk").values_list("rule", "cards", "target", "rank")) == [
        ("M44", "10c", "Jd", None), ("M51", "", "", 13)]


def test_a_correction_refuses_a_further_card_another_player_holds_or_a_rank_unread(confirmed_m44, players):
    deal, v1 = confirmed_m44
    north = players[0]
    with pytest.raises(InvalidInput, match="was dealt to") as caught:
        services.result_correct(deal=deal, actor=players[1], supersedes=v1.version, claims=[
            {"member": north.pk, "rule": "M44", "card": "As", "cards": "Kc", "prefix": "new_claim_"}])
    assert caught.value.extra["field"] == "new_claim_cards"
    with pytest.raises(InvalidInput, match="M44 names no rank") as caught:
        services.result_correct(deal=deal, actor=players[1], supersedes=v1.version, claims=[
            {"member": north.pk, "rule": "M44", "card": "As", "rank": "5", "prefix": "new_claim_"}])
    assert caught.value.extra["field"] == "new_claim_rank"
    with pytest.raises(InvalidInput, match="15 is not a rank") as caught:
        services.result_correct(deal=deal, actor=players[1], supersedes=v1.version, claims=[
            {"member": north.pk, "rule": "M51", "card": "Jd", "rank": 15, "prefix": "new_claim_"}])
    assert caught.value.extra["field"] == "new_claim_rank"
    assert deal.results.count() == 1
