"""The facts of the evening some readings look at, recorded when the club notes them: each player's
watches (``analog_watches``: with hands, ``digital_watches``; worn or carried, 0 by default) and the
hue of his clothing (``clothing_hue``: one of the engine's HUES, "" / None when not recorded), and
the room's ``bearded_onlookers`` (the people present who do not play, the croupier and onlookers,
wearing a beard; 0 by default). The start page, the API and the services take them, refuse a bad
value naming it, and the sitting document hands them to the engine."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club.errors import InvalidInput
from games import engine, services
from games.forms import GameStartForm
from games.models import Game, GamePlayer, Hue
from games.sitting import sitting_document
from rules.engines.dragon.context import HUES
from rules.engines.dragon.judge import table_from_doc
from tests.games.conftest import full_deal

pytestmark = pytest.mark.django_db

WATCHES = ("analog_watches", "digital_watches")


def _start_data(session, **more):
    """The start page's form as a croupier fills it, the new facts left empty."""
    data = {"min_stake": 2, "max_stake": 20, "animals": 0, "weather": "overcast", "saint_images": 0,
            "analog_clocks": 0, "digital_clocks": 0, "exits": 2}
    for gp in session.seats.all():
        data.update({f"clothing_{gp.member_id}": "light", f"drink_{gp.member_id}": "none",
                     f"spare_decks_{gp.member_id}": 0})
    data.update(more)
    return data


def _player(doc: dict, member) -> dict:
    return next(p for p in doc["players"] if p["id"] == engine.player_key(member.pk))


def test_the_club_offers_every_hue_the_engine_knows():
    assert tuple(Hue.values) == HUES


# --- the start page ---------------------------------------------------------------------------------

def test_the_start_page_offers_the_new_facts(client_as, session, croupier, players):
    page = client_as(croupier).get(reverse("games:game_start", args=[session.pk])).content.decode()
    assert 'name="bearded_onlookers"' in page
    for p in players:
        for name in WATCHES:
            assert f'name="{name}_{p.pk}"' in page
        select = page.split(f'name="clothing_hue_{p.pk}"')[1].split("</select>")[0]
        assert '<option value="" selected>not recorded</option>' in select
        for value, label in Hue.choices:
            assert f'<option value="{value}">{label}</option>' in select


def test_the_start_page_speaks_russian_to_russian_members(client_as, session, croupier):
    page = client_as(croupier).get(reverse("games:game_start", args=[session.pk]),
                                   HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Бородатых среди неиграющих (крупье, зрители)" in page
    assert "Стрелочные часы (на руке или при себе)" in page and "Электронные часы (на руке или при себе)" in page
    assert "Преобладающий цвет одежды" in page
    assert '<option value="grey">Серый</option>' in page and '<option value="" selected>не отмечено</option>' in page


def test_the_start_page_stores_the_facts_and_the_engine_gets_them(client_as, session, croupier, players):
    skeeve, aahz = players[0], players[1]
    response = client_as(croupier).post(reverse("games:game_start", args=[session.pk]), _start_data(
        session, bearded_onlookers=3, **{f"analog_watches_{skeeve.pk}": 2, f"digital_watches_{skeeve.pk}": 1,
                                         f"clothing_hue_{skeeve.pk}": "blue", f"digital_watches_{aahz.pk}": 4}))
    assert response.status_code == 302
    game = session.games.get()
    assert game.bearded_onlookers == 3
    rows = {gp.member_id: gp for gp in game.players.all()}
    assert (rows[skeeve.pk].analog_watches, rows[skeeve.pk].digital_watches, rows[skeeve.pk].clothing_hue) == (2, 1, "blue")
    # Left empty: no watches, the hue not recorded.
    assert (rows[aahz.pk].analog_watches, rows[aahz.pk].digital_watches, rows[aahz.pk].clothing_hue) == (0, 4, "")

    doc = sitting_document(game)
    assert doc["room"]["bearded_onlookers"] == 3
    assert {k: _player(doc, skeeve)[k] for k in (*WATCHES, "clothing_hue")} == {
        "analog_watches": 2, "digital_watches": 1, "clothing_hue": "blue"}
    assert (_player(doc, aahz)["analog_watches"], _player(doc, aahz)["digital_watches"]) == (0, 4)
    assert "clothing_hue" not in _player(doc, aahz)
    table = table_from_doc(doc)
    by_id = {p.id: p for p in table.players}
    assert (by_id[str(skeeve.pk)].analog_watches, by_id[str(skeeve.pk)].digital_watches,
            by_id[str(skeeve.pk)].clothing_hue) == (2, 1, "blue")
    assert by_id[str(aahz.pk)].clothing_hue is None and table.room.bearded_onlookers == 3


@pytest.mark.parametrize(("field", "bad"), [("clothing_hue", "magenta"), ("analog_watches", -1),
                                            ("digital_watches", "two"), ("analog_watches", 21)])
def test_the_form_refuses_a_bad_player_fact_naming_it(session, players, field, bad):
    seats = list(session.seats.select_related("member"))
    name = f"{field}_{players[2].pk}"
    form = GameStartForm(_start_data(session, **{name: bad}), session=session, seats=seats)
    assert not form.is_valid()
    assert list(form.errors) == [name]
    if field == "clothing_hue":
        assert "magenta" in str(form.errors[name])


def test_the_form_refuses_a_negative_count_of_bearded_onlookers(session):
    seats = list(session.seats.select_related("member"))
    form = GameStartForm(_start_data(session, bearded_onlookers=-1), session=session, seats=seats)
    assert not form.is_valid() and list(form.errors) == ["bearded_onlookers"]


def test_the_start_page_shows_the_refusal_beside_the_players_fact(client_as, session, croupier, players):
    name = f"clothing_hue_{players[0].pk}"
    response = client_as(croupier).post(reverse("games:game_start", args=[session.pk]),
                                        _start_data(session, **{name: "magenta"}))
    assert response.status_code == 200 and "magenta" in response.content.decode()
    assert not Game.objects.filter(session=session).exists()


# --- the services -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("field", "bad"), [("clothing_hue", "magenta"), ("clothing_hue", 0), ("clothing_hue", False),
                                            ("analog_watches", -1), ("digital_watches", True),
                                            ("digital_watches", "2")])
def test_the_service_refuses_a_bad_player_fact_naming_it(session, croupier, players, field, bad):
    with pytest.raises(InvalidInput) as refused:
        services.game_start(session=session, actor=croupier, player_facts={players[0].pk: {field: bad}})
    assert field in refused.value.message and repr(bad) in refused.value.message
    assert refused.value.extra == {"field": field, "value": bad}
    assert not Game.objects.filter(session=session).exists()


@pytest.mark.parametrize("bad", [-1, 2.5, "3", None])
def test_the_service_refuses_a_bad_count_of_bearded_onlookers(session, croupier, bad):
    with pytest.raises(InvalidInput) as refused:
        services.game_start(session=session, actor=croupier, room={"bearded_onlookers": bad})
    assert "bearded_onlookers" in refused.value.message and repr(bad) in refused.value.message
    assert not Game.objects.filter(session=session).exists()


@pytest.mark.parametrize("not_recorded", [None, ""])
def test_a_hue_not_recorded_is_stored_empty_and_left_out_of_the_document(session, croupier, players, not_recorded):
    game = services.game_start(session=session, actor=croupier,
                               player_facts={players[0].pk: {"clothing_hue": not_recorded}})
    assert game.players.get(member=players[0]).clothing_hue == ""
    assert all("clothing_hue" not in p for p in sitting_document(game)["players"])


def test_by_default_nobody_wears_a_watch_and_no_onlooker_a_beard(game):
    doc = sitting_document(game)
    assert doc["room"]["bearded_onlookers"] == 0
    assert all((p["analog_watches"], p["digital_watches"]) == (0, 0) and "clothing_hue" not in p
               for p in doc["players"])


def test_a_reseat_keeps_the_evenings_new_facts(session, croupier, players):
    game = services.game_start(session=session, actor=croupier, room={"bearded_onlookers": 2},
                               player_facts={players[0].pk: {"analog_watches": 1, "clothing_hue": "red"},
                                             players[3].pk: {"digital_watches": 2}})
    swapped = {players[0].pk: "E", players[1].pk: "N", players[2].pk: "S", players[3].pk: "W"}
    nxt = services.game_reseat(game=game, actor=croupier, seats=swapped,
                               player_facts={players[1].pk: {"clothing_hue": "pink"}})
    rows = {gp.member_id: gp for gp in nxt.players.all()}
    assert nxt.bearded_onlookers == 2
    assert (rows[players[0].pk].analog_watches, rows[players[0].pk].clothing_hue) == (1, "red")
    assert rows[players[3].pk].digital_watches == 2 and rows[players[1].pk].clothing_hue == "pink"


def test_the_judge_is_handed_the_new_facts(seen, session, croupier, players):
    game = services.game_start(session=session, actor=croupier, room={"bearded_onlookers": 1},
                               player_facts={players[1].pk: {"analog_watches": 1, "digital_watches": 2,
                                                             "clothing_hue": "black"}})
    result = services.result_submit(deal=full_deal(game, croupier), actor=players[0])
    for doc in (seen[-1], result.document):
        assert doc["room"]["bearded_onlookers"] == 1
        aahz = _player(doc, players[1])
        assert (aahz["analog_watches"], aahz["digital_watches"], aahz["clothing_hue"]) == (1, 2, "black")
        assert "clothing_hue" not in _player(doc, players[0])


# --- the API ----------------------------------------------------------------------------------------

def _seats(players, **facts_of_first):
    return [{"member": p.pk, "seat": s, **(facts_of_first if i == 0 else {})}
            for i, (p, s) in enumerate(zip(players, "NESW", strict=True))]


def test_the_api_takes_the_new_facts_and_shows_them_back(api_as, session, croupier, players):
    seats = _seats(players, analog_watches=1, digital_watches=3, clothing_hue="green")
    seats[1]["clothing_hue"] = None
    response = api_as(croupier).post("/api/games/", {"session": session.pk, "seats": seats,
                                                     "room": {"bearded_onlookers": 4}}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["bearded_onlookers"] == 4
    shown = {p["member"]: p for p in body["players"]}
    first, second = shown[players[0].pk], shown[players[1].pk]
    assert (first["analog_watches"], first["digital_watches"], first["clothing_hue"]) == (1, 3, "green")
    assert (second["analog_watches"], second["digital_watches"], second["clothing_hue"]) == (0, 0, None)
    stored = GamePlayer.objects.get(game_id=body["id"], member=players[0])
    assert (stored.analog_watches, stored.digital_watches, stored.clothing_hue) == (1, 3, "green")
    assert api_as(croupier).get(f"/api/games/{body['id']}/").json()["players"] == body["players"]


@pytest.mark.parametrize(("field", "bad"), [("clothing_hue", "magenta"), ("analog_watches", -1),
                                            ("digital_watches", "many"), ("digital_watches", 21)])
def test_the_api_refuses_a_bad_player_fact_naming_it(api_as, session, croupier, players, field, bad):
    response = api_as(croupier).post("/api/games/", {"session": session.pk, "seats": _seats(players, **{field: bad})},
                                     format="json")
    assert response.status_code == 400
    extra = str(response.json()["extra"])
    assert field in extra and repr(bad) in extra
    assert not Game.objects.filter(session=session).exists()


def test_the_api_refuses_a_bad_count_of_bearded_onlookers_naming_it(api_as, session, croupier):
    response = api_as(croupier).post("/api/games/", {"session": session.pk, "room": {"bearded_onlookers": -3}},
                                     format="json")
    assert response.status_code == 400
    assert response.json()["extra"]["fields"]["room"]["errors"].keys() == {"bearded_onlookers"}
    assert "-3" in response.json()["extra"]["fields"]["room"]["value"]


def test_the_api_reseat_records_a_newcomers_facts(api_as, game, croupier, players):
    seats = [{"member": p.pk, "seat": s} for p, s in zip(players, "ESNW", strict=True)]
    seats[2]["clothing_hue"] = "orange"
    seats[2]["analog_watches"] = 2
    response = api_as(croupier).post(f"/api/games/{game.pk}/reseat/", {"seats": seats}, format="json")
    assert response.status_code == 201, response.json()
    shown = {p["member"]: p for p in response.json()["players"]}
    assert (shown[players[2].pk]["clothing_hue"], shown[players[2].pk]["analog_watches"]) == ("orange", 2)


# --- the game's page --------------------------------------------------------------------------------

def test_the_games_page_lists_the_new_facts(client_as, session, croupier, players):
    game = services.game_start(session=session, actor=croupier, room={"bearded_onlookers": 2},
                               player_facts={players[0].pk: {"analog_watches": 1, "digital_watches": 2,
                                                             "clothing_hue": "purple"}})
    page = client_as(croupier).get(game.get_absolute_url()).content.decode()
    assert "2 bearded onlookers" in page
    assert "1 watch with hands" in page and "2 digital watches" in page and "clothing hue: purple" in page
    russian = client_as(croupier).get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "2 с бородой среди неиграющих" in russian
    assert "стрелочных часов при себе: 1" in russian and "электронных часов при себе: 2" in russian
    assert "цвет одежды: фиолетовый" in russian


def test_the_games_page_says_nothing_of_facts_not_recorded(client_as, game, croupier):
    page = client_as(croupier).get(game.get_absolute_url()).content.decode()
    assert "bearded onlooker" not in page and "watch" not in page and "clothing hue" not in page
