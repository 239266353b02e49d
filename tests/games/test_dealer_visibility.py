"""Who sees which card of a deal the site deals: each player his own dark cards and everyone's open
ones until a result is submitted; the croupier, who deals, every card unless he plays in the Game;
everyone every card once the deal is over. The page, the provisional judgement and the API keep
the same rule, so a dark card is never sent to a phone that may not show it."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from club import services as club_services
from games import access, pages, selectors, services
from games.models import Deal, DealtCard
from games.sitting import sitting_for
from tests import factories
from tests.games.conftest import SEATS, full_deal

pytestmark = pytest.mark.django_db


def _cards(deal):
    return list(DealtCard.objects.filter(deal=deal).order_by("seq"))


def _dark_of(deal, member):
    return [c.card for c in _cards(deal) if c.member_id == member.pk and not c.open]


def _open_of(deal, member):
    return [c.card for c in _cards(deal) if c.member_id == member.pk and c.open]


def _seen(deal, member):
    """The cards the deal page's selector gives ``member``: the face of each, None when hidden."""
    page = pages.deal_page(sitting=sitting_for(deal), member=member)
    return {row["gp"].member_id: [getattr(c, "card", None) for c, _state in row["cards"]] for row in page["rows"]}


def test_a_player_sees_his_own_dark_cards_and_every_open_card_but_not_the_others_dark_ones(game, croupier,
                                                                                             players):
    deal = full_deal(game, croupier)
    skeeve, aahz = players[0], players[1]
    assert _dark_of(deal, aahz) and _open_of(deal, aahz), "the seeded deal deals dark and open circles"
    seen = _seen(deal, skeeve)
    assert set(_dark_of(deal, skeeve)) <= set(seen[skeeve.pk])
    assert set(_open_of(deal, aahz)) <= set(seen[aahz.pk])
    assert not set(_dark_of(deal, aahz)) & set(seen[aahz.pk])
    # every card keeps its place: the hidden ones are counted, face down
    assert len(seen[aahz.pk]) == len(_dark_of(deal, aahz)) + len(_open_of(deal, aahz))
    assert seen[aahz.pk].count(None) == len(_dark_of(deal, aahz))


def test_the_croupier_who_deals_sees_every_card(game, croupier, players):
    """A club's croupier deals the cards at a real table and so sees them all."""
    deal = full_deal(game, croupier)
    seen = _seen(deal, croupier)
    for p in players:
        assert None not in seen[p.pk]
        assert set(seen[p.pk]) == set(_dark_of(deal, p)) | set(_open_of(deal, p))


def test_a_croupier_who_plays_in_the_game_is_a_player_like_the_others(db):
    croupier = factories.member("croupier", display_name="Tananda", password=None)
    others = [factories.member(display_name=name, password=None) for name in ("Skeeve", "Aahz", "Chumley")]
    session = factories.session(actor=croupier, days=-1)
    for p in (croupier, *others):
        club_services.rsvp_set(session=session, member=p, actor=p, answer="going")
    club_services.seating_set(session=session, actor=croupier,
                              assignments={p.pk: seat for p, seat in zip((croupier, *others), SEATS, strict=True)})
    game = services.game_start(session=session, actor=croupier)
    deal = services.deal_digital(game=game, actor=croupier)     # the site draws the seed
    seen = _seen(deal, croupier)
    assert set(_dark_of(deal, croupier)) <= set(seen[croupier.pk])
    assert not set(_dark_of(deal, others[0])) & set(seen[others[0].pk])
    assert access.sees_every_card(croupier, deal, player_ids=[croupier.pk], over=False) is False
    assert access.sees_every_card(croupier, deal, player_ids=[], over=False) is True


def test_once_the_result_is_submitted_everyone_sees_every_card(judge, game, croupier, players):
    deal = full_deal(game, croupier)
    services.result_submit(deal=deal, actor=players[0])
    seen = _seen(deal, players[1])
    for p in players:
        assert None not in seen[p.pk]
        assert set(seen[p.pk]) == set(_dark_of(deal, p)) | set(_open_of(deal, p))


def test_cards_typed_in_at_the_table_are_seen_by_every_player(game, croupier, players):
    """A recorded deal's cards were typed in by someone at the table: nothing is hidden."""
    deal = services.deal_start(game=game, actor=croupier)
    for token in ("Kd", "7c", "Ah", "2s", "10d"):
        services.deal_card(deal=deal, actor=croupier, card=token)
    assert access.sees_every_card(players[3], deal, player_ids=[p.pk for p in players], over=False)
    seen = _seen(deal, players[3])
    assert all(None not in faces for faces in seen.values())


def test_the_provisional_judgement_of_a_digital_deal_is_shown_only_to_who_sees_every_card(judge, game, croupier,
                                                                                         players):
    """The rules that acted so far tell what the dark cards are: a player does not get them while
    the deal is open; the croupier does; after the result the judge's own trace takes over."""
    deal = full_deal(game, croupier)
    sitting = sitting_for(deal)
    assert selectors.deal_preview(sitting=sitting, member=players[0]) is None
    found = selectors.deal_preview(sitting=sitting, member=croupier)
    assert found is not None and found.dealt == len(_cards(deal))
    assert pages.deal_page(sitting=sitting, member=players[0])["preview"] is None
    assert pages.deal_page(sitting=sitting, member=croupier)["preview"] is not None
    services.result_submit(deal=deal, actor=players[0])
    assert selectors.deal_preview(sitting=sitting_for(deal), member=croupier) is None


def test_the_deal_page_sends_no_dark_card_of_another_player(client_as, game, croupier, players):
    deal = full_deal(game, croupier)
    html = client_as(players[0]).get(deal.get_absolute_url()).content.decode()
    for token in _dark_of(deal, players[1]):
        assert f'title="{token}"' not in html
    for token in _dark_of(deal, players[0]) + _open_of(deal, players[1]):
        assert f'title="{token}"' in html
    assert 'class="card back"' in html and 'id="deal-preview"' not in html
    assert 'id="pattern-changes"' not in html
    croupier_html = client_as(croupier).get(deal.get_absolute_url()).content.decode()
    assert 'class="card back"' not in croupier_html and 'id="deal-preview"' in croupier_html


def test_the_deal_page_in_russian_calls_a_hidden_card_face_down(client_as, game, croupier, players):
    deal = full_deal(game, croupier)
    client = client_as(players[0])
    client.cookies["django_language"] = "ru"
    html = client.get(deal.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "рубашкой вверх" in html and "face down" not in html


# --- the API ---------------------------------------------------------------------------------------

def _api_faces(response, member):
    return [c["card"] for c in response.json()["cards"] if c["member"] == member.pk]


def test_the_api_gives_no_dark_card_of_another_player(api_as, game, croupier, players):
    deal = full_deal(game, croupier)
    skeeve, aahz = players[0], players[1]
    client = api_as(skeeve)
    for response in (client.get(f"/api/deals/{deal.pk}/"),):
        assert response.status_code == 200
        theirs = _api_faces(response, aahz)
        assert not set(_dark_of(deal, aahz)) & set(theirs)
        assert theirs.count(None) == len(_dark_of(deal, aahz))
        assert set(_open_of(deal, aahz)) <= set(theirs)
        assert set(_dark_of(deal, skeeve)) <= set(_api_faces(response, skeeve))
    listed = next(d for d in client.get("/api/deals/", {"game": game.pk}).json()["results"] if d["id"] == deal.pk)
    assert not set(_dark_of(deal, aahz)) & {c["card"] for c in listed["cards"]}
    assert {c["card"] for c in listed["cards"] if c["member"] == skeeve.pk} >= set(_dark_of(deal, skeeve))


def test_the_api_gives_the_croupier_every_card_and_everyone_every_card_after_the_result(judge, api_as, game, croupier,
                                                                                        players):
    deal = full_deal(game, croupier)
    every = [c.card for c in _cards(deal)]
    assert [c["card"] for c in api_as(croupier).get(f"/api/deals/{deal.pk}/").json()["cards"]] == every
    services.result_submit(deal=deal, actor=players[0])
    assert [c["card"] for c in api_as(players[1]).get(f"/api/deals/{deal.pk}/").json()["cards"]] == every


def test_a_digital_deal_dealt_through_the_api_answers_with_the_dealers_cards_only(api_as, game, players):
    client = api_as(players[0])
    response = client.post("/api/deals/", {"game": game.pk, "mode": "digital"}, format="json")
    assert response.status_code == 201
    deal = Deal.objects.get(pk=response.json()["id"])
    faces = {c["card"] for c in response.json()["cards"]}
    assert set(_dark_of(deal, players[0])) <= faces
    assert not set(_dark_of(deal, players[2])) & faces
    assert response.json()["seed"] is None and deal.seed


def test_the_seed_is_a_dark_card_by_another_name(judge, api_as, client_as, game, croupier, players):
    """The seed replays the shuffle: a player neither reads it while the deal is open nor
    chooses it; the croupier who deals does both; after the result everyone reads it."""
    refused = api_as(players[0]).post("/api/deals/", {"game": game.pk, "mode": "digital", "seed": "mine"},
                                      format="json")
    assert refused.status_code == 403
    assert refused.json()["extra"]["field"] == "seed" and "seed" in refused.json()["message"]
    assert not Deal.objects.filter(game=game).exists()
    deal = full_deal(game, croupier, seed="croupiers-seed")
    assert api_as(players[1]).get(f"/api/deals/{deal.pk}/").json()["seed"] is None
    assert "croupiers-seed" not in client_as(players[1]).get(deal.get_absolute_url()).content.decode()
    assert api_as(croupier).get(f"/api/deals/{deal.pk}/").json()["seed"] == "croupiers-seed"
    services.result_submit(deal=deal, actor=players[0])
    assert api_as(players[1]).get(f"/api/deals/{deal.pk}/").json()["seed"] == "croupiers-seed"
    assert "croupiers-seed" in client_as(players[1]).get(deal.get_absolute_url()).content.decode()


def test_a_dispute_on_an_open_digital_deal_keeps_the_dark_cards_face_down(judge, client_as, game, croupier,
                                                                          players):
    """A dispute is read by every player of the table: its copy of a deal still open shows only
    the open cards; once the result stands the archive's copy of a deal holds them all."""
    deal = full_deal(game, croupier)
    dispute = services.dispute_raise(deal=deal, actor=players[0], question="Who deals next?")
    dark = [c.card for c in _cards(deal) if not c.open]
    assert dark and not set(dark) & set(dispute.deal_snapshot["cards"])
    assert set(dispute.deal_snapshot["cards"]) == {c.card for c in _cards(deal) if c.open}
    html = client_as(players[1]).get(reverse("rules:dispute_detail", args=[dispute.pk])).content.decode()
    assert not any(f'title="{t}"' in html for t in dark)


def test_the_archives_copy_of_a_finished_digital_deal_holds_every_card(judge, game, croupier, players):
    deal = full_deal(game, croupier)
    services.result_submit(deal=deal, actor=players[0])
    assert selectors.archive_deal_snapshot(f"deal-{deal.pk}")["cards"] == [c.card for c in _cards(deal)]


@pytest.mark.parametrize(("lang", "title", "open_word"), [
    ("en", "M12 · The Nine of diamonds changes the dealing", "open"),
    ("ru", "M12 · Девятка бубен меняет порядок сдачи", "открытый"),
])
def test_a_pattern_change_is_named_by_its_rule_in_the_page_language(lang, title, open_word):
    """Modifier 12 (the Nine of diamonds in the second open circle) changes the circles: the deal page
    names it by its title in the page's language, not by the engine's code and English note."""
    change = {"source": "M12", "before": [], "text": "the Nine of diamonds in the second open circle",
              "after": ["dark", "dark", "dark", "open", "open", "dark", "open", "dark", "open"]}
    with translation.override(lang):
        html = render_to_string("games/_recorder.html", {"pattern_changes": [change]})
    item = html.split('id="pattern-changes"')[1].split("</ul>")[0]
    assert title in item and open_word in item
    assert "Nine of diamonds in the second" not in item
