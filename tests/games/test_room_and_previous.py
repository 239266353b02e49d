"""The evening's optional room facts (the engine's Room: ``natural_surface`` for IP-M50-SURFACE,
``doors_closed`` and ``closed_throughout`` for IP-M65-CLOSED, None "not recorded") and the previous
Game at the table, which the judge reads only under IP-M62-PREVIOUS ``last_at_table``, IP-M34-GAME
``carries`` and IP-M33-GAME-END ``carries``."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from club.errors import InvalidInput
from games import engine, selectors, services
from games.forms import GameStartForm
from games.models import Game
from games.sitting import previous_game_document, readings_used, sitting_document, sitting_for
from rules.engines.dragon import preview as dragon_preview
from rules.engines.dragon.judge import PREVIOUS_GAME_READINGS, table_from_doc
from rules.rulebook import rulebook_sync
from tests.games.conftest import full_deal
from tests.rules.helpers import ruling

pytestmark = pytest.mark.django_db

OPTIONAL = ("natural_surface", "doors_closed", "closed_throughout")


@pytest.fixture
def previewed(monkeypatch):
    """The documents the provisional judgement was given."""
    documents = []
    real = dragon_preview.preview_game

    def remembering(doc, **kwargs):
        documents.append(doc)
        return real(doc, **kwargs)

    monkeypatch.setattr(dragon_preview, "preview_game", remembering)
    return documents


def _start_data(session, **room):
    data = {"min_stake": 2, "max_stake": 20, "animals": 0, "weather": "overcast", "saint_images": 0,
            "analog_clocks": 0, "digital_clocks": 0, "exits": 2}
    for gp in session.seats.all():
        data.update({f"clothing_{gp.member_id}": "light", f"drink_{gp.member_id}": "none",
                     f"spare_decks_{gp.member_id}": 0})
    data.update(room)
    return data


# --- the room facts --------------------------------------------------------------------------------

def test_the_start_page_offers_the_three_facts_as_yes_no_or_not_recorded(client_as, session, croupier):
    page = client_as(croupier).get(reverse("games:game_start", args=[session.pk])).content.decode()
    for name in OPTIONAL:
        select = page.split(f'name="{name}"')[1].split("</select>")[0]
        assert '<option value="" selected>not recorded</option>' in select
        assert '<option value="yes">yes</option>' in select and '<option value="no">no</option>' in select


def test_the_start_page_speaks_russian_to_russian_members(client_as, session, croupier):
    page = client_as(croupier).get(reverse("games:game_start", args=[session.pk]),
                                   HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Все двери закрыты (окна и дымоходы не в счёт)" in page
    assert "Карты лежат на натуральном материале" in page and "Помещение остаётся закрытым всю игру" in page
    assert '<option value="" selected>не отмечено</option>' in page and '<option value="yes">да</option>' in page
    assert "Оставьте факт «да / нет» «не отмеченным»" in page


def test_m50_m65_the_recorded_facts_are_stored_and_reach_the_engine_only_when_recorded(client_as, session, croupier):
    # IP-M65-CLOSED "doors_closed": "every door closed, windows and chimneys aside: the room's doors_closed";
    # IP-M50-SURFACE "contact_surface": "the surface the cards lie on (the room's natural_surface, when recorded)".
    response = client_as(croupier).post(reverse("games:game_start", args=[session.pk]),
                                        _start_data(session, natural_surface="no", doors_closed="yes",
                                                    closed_throughout=""))
    assert response.status_code == 302
    game = session.games.get()
    assert (game.natural_surface, game.doors_closed, game.closed_throughout) == (False, True, None)
    room = sitting_document(game)["room"]
    assert room["natural_surface"] is False and room["doors_closed"] is True and "closed_throughout" not in room
    engine_room = table_from_doc(sitting_document(game)).room
    assert (engine_room.natural_surface, engine_room.doors_closed, engine_room.closed_throughout) == (False, True, None)


def test_facts_not_recorded_are_left_out_of_the_sitting_document(game):
    assert (game.natural_surface, game.doors_closed, game.closed_throughout) == (None, None, None)
    room = sitting_document(game)["room"]
    assert not set(OPTIONAL) & set(room)


def test_the_form_refuses_a_bad_value_naming_it(session):
    seats = list(session.seats.select_related("member"))
    form = GameStartForm(_start_data(session, doors_closed="maybe"), session=session, seats=seats)
    assert not form.is_valid()
    assert "maybe" in str(form.errors["doors_closed"])


@pytest.mark.parametrize("bad", ["maybe", 1, "yes"])
def test_the_service_refuses_a_bad_value_naming_it(session, croupier, bad):
    with pytest.raises(InvalidInput) as refused:
        services.game_start(session=session, actor=croupier, room={"closed_throughout": bad})
    assert repr(bad) in refused.value.message and "closed_throughout" in refused.value.message
    assert not Game.objects.filter(session=session).exists()


def test_a_reseat_keeps_the_evenings_room_facts(session, croupier, players):
    game = services.game_start(session=session, actor=croupier,
                               room={"natural_surface": True, "doors_closed": False, "closed_throughout": None})
    nxt = services.game_reseat(game=game, actor=croupier, seats=_swapped(players))
    assert (nxt.natural_surface, nxt.doors_closed, nxt.closed_throughout) == (True, False, None)


# --- the previous Game at the table -----------------------------------------------------------------

def _swapped(players):
    return {players[0].pk: "E", players[1].pk: "N", players[2].pk: "S", players[3].pk: "W"}


def _played_game(session, croupier, players, readings=None):
    """A session's first Game with one judged deal, followed (after a reseat) by a second Game."""
    first = services.game_start(session=session, actor=croupier, readings=readings)
    deal = full_deal(first, croupier)
    services.result_submit(deal=deal, actor=players[0])
    second = services.game_reseat(game=first, actor=croupier, seats=_swapped(players))
    return first, second


def test_m62_with_the_defaults_no_path_gets_the_previous_game(seen, previewed, session, croupier, players):
    # IP-M62-PREVIOUS "same_game": "the deal before this one in this Game; none in a Game's first deal".
    _first, second = _played_game(session, croupier, players)
    deal = services.deal_start(game=second, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    selectors.deal_preview(sitting=sitting_for(deal))
    assert previewed and "previous_game" not in previewed[-1]
    digital = full_deal(services.game_reseat(game=second, actor=croupier, seats=dict(
        zip((p.pk for p in players), ("N", "E", "S", "W"), strict=True))), croupier)
    result = services.result_submit(deal=digital, actor=players[0])
    assert "previous_game" not in seen[-1] and "previous_game" not in result.document


def test_m62_a_games_own_reading_last_at_table_gives_every_judging_path_the_previous_game(
        seen, previewed, session, croupier, players):
    # IP-M62-PREVIOUS "last_at_table": "the last deal played at the table, in a Game's first deal the
    # previous Game's last (the sitting document's previous_game)".
    first, second = _played_game(session, croupier, players, readings={"IP-M62-PREVIOUS": "last_at_table"})
    expected = previous_game_document(second)
    assert expected is not None and "previous_game" not in expected
    assert expected["players"] == sitting_document(first)["players"]
    assert len(expected["deals"]) == 1 and expected["deals"][0]["cards"] == sitting_document(first)["deals"][0]["cards"]

    deal = services.deal_start(game=second, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    selectors.deal_preview(sitting=sitting_for(deal))                                  # the provisional judgement
    assert previewed[-1]["previous_game"] == expected
    services.deal_card_undo(deal=deal, actor=croupier)
    third = services.game_reseat(game=second, actor=croupier, seats=dict(
        zip((p.pk for p in players), ("N", "E", "S", "W"), strict=True)))
    # The third Game follows the second, whose only deal has no result: it has no deal that was played.
    assert previous_game_document(third)["deals"] == []
    deal = full_deal(third, croupier)
    result = services.result_submit(deal=deal, actor=players[0])          # the judgement
    assert seen[-1]["previous_game"] == previous_game_document(third)
    assert result.document["previous_game"] == seen[-1]["previous_game"]  # the advisor reads the stored document
    assert "previous_game" not in seen[-1]["previous_game"]               # one level only


@pytest.mark.parametrize(("point_id", "reading"), sorted(PREVIOUS_GAME_READINGS.items()))
def test_b12_a_precedent_selecting_a_reading_that_looks_past_the_game_brings_the_previous_game(
        seen, session, croupier, players, point_id, reading):
    # Base rule 12: the readings the binding precedents put in force on the sitting's date are the judge's.
    rulebook_sync()
    ruling(croupier, title="The table remembers", on=dt.date(2015, 3, 14), fixes={point_id: reading})
    _first, second = _played_game(session, croupier, players)
    services.result_submit(deal=full_deal(second, croupier), actor=players[0])
    assert seen[-1]["readings"][point_id] == reading
    assert seen[-1]["previous_game"] == previous_game_document(second)


def test_b12_the_games_own_reading_over_the_precedent_leaves_the_previous_game_out(seen, session, croupier,
                                                                                     players):
    rulebook_sync()
    ruling(croupier, title="The table remembers", on=dt.date(2015, 3, 14),
           fixes={"IP-M62-PREVIOUS": "last_at_table"})
    _first, second = _played_game(session, croupier, players, readings={"IP-M62-PREVIOUS": "same_game"})
    services.result_submit(deal=full_deal(second, croupier), actor=players[0])
    assert "previous_game" not in seen[-1]


def test_a_sessions_first_game_has_no_previous_game(seen, session, croupier, players):
    game = services.game_start(session=session, actor=croupier, readings={"IP-M62-PREVIOUS": "last_at_table"})
    services.result_submit(deal=full_deal(game, croupier), actor=players[0])
    assert "previous_game" not in seen[-1]


def test_the_previous_games_quick_deals_count_as_unrecorded_deals(judge, session, croupier, players):
    first = services.game_start(session=session, actor=croupier, readings={"IP-M34-GAME": "carries"})
    services.result_submit(deal=full_deal(first, croupier), actor=players[0])
    quick = services.deal_start(game=first, actor=croupier, quick=True)
    services.result_submit_quick(deal=quick, actor=players[0], winners=[players[1]], pot=8)
    services.deal_start(game=first, actor=croupier, quick=True)           # left without a result
    second = services.game_reseat(game=first, actor=croupier, seats=_swapped(players))
    deals = previous_game_document(second)["deals"]
    assert [bool(d.get("unrecorded")) for d in deals] == [False, True]
    assert deals[1]["winners"] == [engine.player_key(players[1].pk)] and deals[1]["pot"] == 8


def test_the_previous_game_is_judged_with_the_readings_it_was_judged_by(session, croupier, players):
    rulebook_sync()
    ruling(croupier, title="The whole rank is wild", on=dt.date(2015, 3, 14), fixes={"IP-R2-WILD-CARD": "that_rank"})
    _first, second = _played_game(session, croupier, players, readings={"IP-M62-PREVIOUS": "last_at_table"})
    readings = previous_game_document(second)["readings"]
    assert readings["IP-R2-WILD-CARD"] == "that_rank" and readings["IP-M62-PREVIOUS"] == "last_at_table"


@pytest.mark.parametrize(("reading", "reads_it"), [("last_at_table", True), ("same_game", False)])
def test_m62_the_real_judge_reads_the_previous_games_last_deal_in_a_games_first_deal(
        real_judge, session, croupier, players, reading, reads_it):
    # Modifier 62: the previous deal's winnings above 10 minimum stakes make the highest card of its winning
    # combination home for everyone but its winner; under IP-M62-PREVIOUS "last_at_table" a Game's first
    # deal reads the previous Game's last deal. The seeds deal a first Game whose deal (pot 24 at a
    # minimum stake of 2) is won with two Aces, and a second Game whose first deal gives another player an Ace.
    # the seeds were chosen for this moment (the hour and the date choose wild, dead and home ranks)
    moment = dt.datetime(2026, 11, 29, 18, 30, tzinfo=dt.UTC)
    first = services.game_start(session=session, actor=croupier, readings={"IP-M62-PREVIOUS": reading})
    deal = full_deal(first, croupier, seed="p1", started_at=moment)
    for player in players:
        services.bet_place(deal=deal, actor=croupier, member=player, amount=5)
    services.result_submit(deal=deal, actor=players[0])
    second = services.game_reseat(game=first, actor=croupier, seats=_swapped(players))
    result = services.result_submit(deal=full_deal(second, croupier, seed="q0", started_at=moment + dt.timedelta(minutes=7)),
                                    actor=players[0])
    m62 = [entry["text"] for entry in result.judgement["trace"] if entry["source"] == "M62"]
    if reads_it:
        assert m62 and all("deal 1 of the previous Game paid 24" in text for text in m62)
    else:
        assert m62 == [] and "previous_game" not in result.document


def test_b25_the_advice_uses_the_readings_the_judgement_used(judge, session, croupier, players, monkeypatch):
    """Base rule 25: the advisor judges every claim as the real deal was judged, so it gets the readings
    the binding precedents put in force on the sitting's date, not only the Game's own."""
    from rules.engines.dragon import advisor

    rulebook_sync()
    ruling(croupier, title="Kickers", on=dt.date(2015, 3, 14), fixes={"IP-KICKERS": "remaining_high_to_low"})
    game = services.game_start(session=session, actor=croupier)
    result = services.result_submit(deal=full_deal(game, croupier), actor=players[0])
    given = []
    monkeypatch.setattr(advisor, "advise", lambda *args, **kwargs: given.append(kwargs["readings"]) or {})
    engine.advice(result.document, readings=readings_used(result.document))
    assert given and given[-1]["IP-KICKERS"] == "remaining_high_to_low"


def test_the_recorder_deals_with_the_readings_the_judgement_uses(judge, session, croupier, players):
    """The seed's dealing order (IP-DEAL-ROTATION) fixed by a binding precedent: the recorder's next circle
    and the digital dealer follow it as the judge does (North deals every deal under north_always)."""
    rulebook_sync()
    ruling(croupier, title="North always deals", on=dt.date(2015, 3, 14), fixes={"IP-DEAL-ROTATION": "north_always"})
    game = services.game_start(session=session, actor=croupier)
    services.result_submit(deal=full_deal(game, croupier), actor=players[0])
    second = services.deal_start(game=game, actor=croupier)
    assert selectors.deal_progress(sitting=sitting_for(second))["dealer"] == str(players[0].pk)      # North, not East
