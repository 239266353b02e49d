"""The claim names what its rule reads beside the card and suit: a target card (modifiers 22,
28-32, 43, 44, 52, 74), a direction (modifiers 20, 21, 32, 52 up or down; 45, 46 incrementing or
decrementing; 46 free or home) and the rule modifier 23's claim cancels. The form shows each only
where the rule typed reads it, the refusals name the field, and the judge reads them."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from club.errors import InvalidInput
from games import engine, services
from games.models import Claim
from games.sitting import deal_document

pytestmark = pytest.mark.django_db


def _claim(deal, who, **kw):
    return services.claim_declare(deal=deal, actor=who, member=who, **kw)


@pytest.mark.parametrize(("rule", "reads"), [
    ("M22", ("target",)), ("M28", ("target",)), ("M43", ("target",)), ("M44", ("target", "cards")), ("M74", ("target",)),
    ("M32", ("target", "direction")), ("M52", ("target", "direction")),
    ("M20", ("direction",)), ("M21", ("direction",)), ("M45", ("direction",)), ("M46", ("direction",)),
    ("M23", ("cancels",)), ("B1", ()), ("M42", ()), ("M51", ("rank",)), ("M14", ("cards",)),
])
def test_which_rules_read_a_target_a_direction_or_a_cancelled_rule(rule, reads):
    assert engine.claim_reads(rule) == reads


def test_modifier_43_takes_a_target_card_and_the_judge_reads_it(game, croupier, players):
    """Modifier 43: four dead cards let a player revive one card and declare a red card wild."""
    deal = services.deal_start(game=game, actor=croupier)
    claim = _claim(deal, players[0], rule="M43", card="5c", target="7ч")
    assert (claim.rule, claim.card, claim.target) == ("M43", "5c", "7h")
    document = deal_document(deal, deal.started_at.tzinfo)
    assert document["claims"] == [{"player": engine.player_key(players[0].pk), "rule": "M43", "card": "5c",
                                   "target": "7h"}]


def test_modifier_45_takes_a_direction_and_modifier_23_the_rule_it_cancels(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    assert _claim(deal, players[0], rule="M45", card="Kh", direction="decrementing").direction == "decrementing"
    # a Russian keyboard's М is read as M in the rule cancelled too
    assert _claim(deal, players[1], rule="M23", cancels="м7").cancels == "M7"
    rows = {c["rule"]: c for c in deal_document(deal, deal.started_at.tzinfo)["claims"]}
    assert rows["M45"]["direction"] == "decrementing" and rows["M23"]["cancels"] == "M7"


@pytest.mark.parametrize(("kw", "field", "words"), [
    ({"rule": "M42", "card": "Ks", "target": "7h"}, "target", "names no target card"),          # 42 aims at no card
    ({"rule": "M43", "target": "Zz"}, "target", "Zz"),
    ({"rule": "M42", "card": "Ks", "direction": "up"}, "direction", "names no direction"),
    ({"rule": "M20", "direction": "home"}, "direction", "does not go home: choose up, down"),    # 20 moves a Giant
    ({"rule": "M43", "cancels": "M7"}, "cancels", "cancels no rule"),                           # only 23 cancels
    ({"rule": "M23", "cancels": "M101"}, "cancels", "M101 is no rule"),
    ({"rule": "M23", "cancels": "B26"}, "cancels", "B26 is no rule"),
])
def test_a_field_the_rule_does_not_read_or_a_bad_value_is_refused_beside_it(game, croupier, players, kw, field,
                                                                           words):
    deal = services.deal_start(game=game, actor=croupier)
    with pytest.raises(InvalidInput, match=words) as caught:
        _claim(deal, players[0], **kw)
    assert caught.value.extra["field"] == field
    assert not Claim.objects.exists()


def test_the_refusal_of_a_direction_is_in_russian_too(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    with translation.override("ru"), pytest.raises(InvalidInput) as caught:
        _claim(deal, players[0], rule="M20", direction="home")
    assert caught.value.message == "M20 не идёт в направлении «домашняя»: выберите вверх, вниз."


def _fields(html: str) -> dict[str, bool]:
    """The claim form's conditional fields: name -> shown."""
    form = html[html.index('id="claim-form"'):]
    form = form[:form.index("</form>")]
    return {m.group(1): "hidden" not in m.group(0) for m in re.finditer(r'<div data-claim-field="(\w+)"[^>]*>', form)}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_form_shows_a_field_only_where_the_rule_reads_it_with_the_error_beside_it(client, game, croupier,
                                                                                     players, lang):
    deal = services.deal_start(game=game, actor=croupier)
    client.force_login(players[0].user)
    page = client.get(deal.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert _fields(page) == {"target": False, "direction": False, "cancels": False, "rank": False, "cards": False}
    assert "M43" in page and "data-claim-reads" in page          # the rules the page's script reads
    response = client.post(reverse("games:deal_claim", args=[deal.pk]),
                           {"member": players[0].pk, "rule": "M20", "direction": "home"}, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    html = response.content.decode()
    assert _fields(html) == {"target": False, "direction": True, "cancels": False, "rank": False, "cards": False}
    error = re.search(r'id="id_direction_error">([^<]*)<', html).group(1)
    assert error == ("M20 does not go home: choose up, down." if lang == "en"
                     else "M20 не идёт в направлении «домашняя»: выберите вверх, вниз.")
    label = re.search(r'<label for="id_direction">([^<]*)</label>', html).group(1)
    assert label == ("Direction" if lang == "en" else "Направление")
    response = client.post(reverse("games:deal_claim", args=[deal.pk]),
                           {"member": players[0].pk, "rule": "M52", "card": "", "target": "7h", "direction": "up"})
    assert response.status_code == 302
    claim = Claim.objects.get()
    assert (claim.rule, claim.target, claim.direction) == ("M52", "7h", "up")
    translation.activate("en")


def test_the_api_takes_the_target_the_direction_and_the_cancelled_rule(api_as, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    api = api_as(players[0])
    body = api.post(f"/api/deals/{deal.pk}/claims/", {"rule": "M44", "card": "4c", "target": "9h"},
                    format="json").json()
    assert (body["rule"], body["target"], body["direction"], body["cancels"]) == ("M44", "9h", "", "")
    refused = api.post(f"/api/deals/{deal.pk}/claims/", {"rule": "M23", "cancels": "X9"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["extra"]["field"] == "cancels"


def test_a_correction_keeps_a_claims_target_and_direction(game, croupier, players, judge):
    """A claim under modifier 52 (a target card, up or down) corrected away and back keeps what it
    names: the judgement of the correction reads it, and the row made again stores it."""
    from tests.games.test_corrections import recorded_deal

    deal = recorded_deal(game, croupier)
    v1 = services.result_submit(deal=deal, actor=players[0])
    services.result_confirm(result=v1, actor=players[1])
    v1.refresh_from_db()
    claims = [{"member": players[1].pk, "rule": "M52", "card": "", "suit": "", "target": "7h", "direction": "up"}]
    v2 = services.result_correct(deal=deal, actor=players[2], supersedes=v1.version, claims=claims)
    assert v2.document["deals"][-1]["claims"] == [{"player": str(players[1].pk), "rule": "M52", "target": "7h",
                                                   "direction": "up"}]
    services.result_confirm(result=v2, actor=players[3])
    assert list(Claim.objects.filter(deal=deal).values_list("rule", "target", "direction")) == [("M52", "7h", "up")]
