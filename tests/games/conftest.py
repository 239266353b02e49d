"""Fixtures of the games tests: a seated session, a live Game, and a stand-in for the judge.

The stand-in keeps the contract of ``rules.engines.dragon.judge_game`` (one judgement per deal,
winners, chips summing to zero, a trace; an unrecorded deal counted but not judged) with a fixed
rule of its own: the first player clockwise from North wins the pot. The ``judge`` fixture names
it in ``settings.CLUB_JUDGE``; tests that need the real judge use ``real_judge``.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from club import services as club_services
from club.models import Member
from games import engine, services
from tests import factories

SEATS = ("N", "E", "S", "W")


def stand_in_judge(doc: dict) -> dict:
    order = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    players = sorted(doc["players"], key=lambda p: order.index(p["seat"]))
    winner = players[0]["id"]
    out = []
    for number, deal in enumerate(doc["deals"], start=1):
        dealer = players[(number - 1) % len(players)]["id"]
        if deal.get("unrecorded"):          # a quick deal: counted, not judged
            out.append({"number": number, "dealer": dealer, "unrecorded": True,
                        "winners": list(deal.get("winners", [])), "pot": deal.get("pot", 0), "trace": []})
            continue
        bets = {p["id"]: deal["bets"].get(p["id"], 0) for p in players}
        pot = sum(bets.values())
        chips = {pid: (pot - bet if pid == winner else -bet) for pid, bet in bets.items()}
        out.append({
            "number": number, "dealer": dealer,
            "pattern": ["dark"] * 3 + ["open"] * 5 + ["dark"],
            "players": {p["id"]: {"cards": [], "hand": {"category": 30 + i, "name": f"hand-{30 + i}",
                                                          "cards": deal["cards"][i:i + 5]}}
                        for i, p in enumerate(players)},
            "winners": [winner], "chips": chips,
            "trace": [{"source": "M7", "cards": deal["cards"][:1], "change": "dead", "before": "natural",
                       "after": "dead", "player": winner, "text": "seven of clubs dies"},
                      {"source": "H30", "cards": [], "change": "winner", "player": winner, "text": ""}],
        })
    return {"deals": out}


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # The demo club's members have passwords; the production hasher would spend seconds on them.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # The advisor runs after a submission in a task that judges the deal again for every claim
    # (seconds); only the tests about it turn it on, so no worker is still busy when a test ends.
    settings.GAMES_ADVISE_AFTER_SUBMIT = False


@pytest.fixture
def quick_advice(monkeypatch):
    """The advisor judges every possible claim again (seconds per deal); tests of other things
    replace it with an empty answer."""
    monkeypatch.setattr(engine, "advice", lambda doc: {})


@pytest.fixture
def judge(settings):
    settings.CLUB_JUDGE = "tests.games.conftest.stand_in_judge"
    return stand_in_judge


@pytest.fixture
def real_judge(settings):
    settings.CLUB_JUDGE = ""


@pytest.fixture
def croupier(db):
    return factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)


PLAYERS = ("Skeeve", "Aahz", "Chumley", "Massha")


@pytest.fixture
def players(db):
    return [factories.member(display_name=name, password=None) for name in PLAYERS]


@pytest.fixture
def outsider(db):
    return factories.member(display_name="Outsider", password=None)


def seated_session(croupier, players):
    """Yesterday's session: ``players`` coming and seated North, East, South, West."""
    s = factories.session(actor=croupier, days=-1)
    for p in players:
        club_services.rsvp_set(session=s, member=p, actor=p, answer="going")
    club_services.seating_set(session=s, actor=croupier, assignments={p.pk: seat for p, seat in zip(players, SEATS, strict=False)})
    return s


@pytest.fixture
def session(croupier, players):
    return seated_session(croupier, players)


@pytest.fixture
def game(session, croupier):
    return services.game_start(session=session, actor=croupier)


def post_cards(client, deal, cards) -> str:
    """Tap ``cards`` into the recorder as the page does (htmx posts); the last panel drawn."""
    response = None
    for token in cards:
        response = client.post(reverse("games:deal_card", args=[deal.pk]), {"card": token}, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
    return response.content.decode()


def confirm_quick(deal, players, croupier):
    """A quick result of ``deal`` (the second player wins a pot of 8), submitted and confirmed."""
    result = services.result_submit_quick(deal=deal, actor=players[0], winners=[players[1]], pot=8)
    services.result_confirm(result=result, actor=croupier)


def full_deal(game, actor, *, seed="s1", started_at=None):
    """A digital deal of ``game`` (the engine deals it from the seed), begun now or at ``started_at``."""
    return services.deal_digital(game=game, actor=actor, seed=seed, started_at=started_at)


@pytest.fixture
def seen(judge):
    """The stand-in judge, remembering the documents it was given."""
    documents = []

    def remembering(doc):
        documents.append(doc)
        return judge(doc)

    with engine.judge_override(remembering):
        yield documents
