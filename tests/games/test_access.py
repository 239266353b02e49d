"""Who may do what at a table: every write of the games API and every form the games pages post,
tried by every kind of actor, (action, role, relation) -> allowed or denied. A denial changes
nothing; an allowed action changes what it says."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse
from rest_framework.test import APIClient

from club.models import Member, ScheduledSession
from games import access, engine, services
from games.models import Bet, Claim, Deal, Game, Result, SetAside
from games.sitting import game_document, readings_used
from rules.models import Dispute
from tests import factories
from tests.games.conftest import PLAYERS, full_deal, seated_session

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "outsider", "seated", "croupier", "admin")
SWAP = {0: "E", 1: "N", 2: "S", 3: "W"}


@pytest.fixture(autouse=True)
def no_throttle_carry_over():
    # The submission throttle counts in the cache; the table makes many submissions in a row.
    cache.clear()
    yield
    cache.clear()


@dataclass
class Table:
    session: object
    game: Game
    croupier: Member
    players: list
    outsider: Member
    admin: Member

    def actor(self, role: str) -> Member | None:
        return {"anonymous": None, "outsider": self.outsider, "seated": self.players[0],
                "croupier": self.croupier, "admin": self.admin}[role]


@pytest.fixture(scope="module")
def seated(django_db_setup, django_db_blocker):
    """The table's rows, made once for the module in a transaction rolled back after it: each
    test's own writes are rolled back after the test, so every test starts from these rows alone
    (making them took longer than most tests here). Their ids, by role."""
    with django_db_blocker.unblock(), transaction.atomic():
        croupier = factories.member(Member.Role.CROUPIER, display_name="Tananda", password=None)
        players = [factories.member(display_name=name, password=None) for name in PLAYERS]
        session = seated_session(croupier, players)
        game = services.game_start(session=session, actor=croupier)
        outsider = factories.member(display_name="Outsider", password=None)
        admin = factories.member(Member.Role.ADMIN, display_name="Admin", password=None)
        yield {"croupier": croupier.pk, "players": [p.pk for p in players], "outsider": outsider.pk,
               "admin": admin.pk, "session": session.pk, "game": game.pk}
        transaction.set_rollback(True)


# The games fixtures of tests/games/conftest.py, read afresh from the module's rows for each test:
# what one test changes in its instances is not seen by the next.
def _member(pk) -> Member:
    return Member.objects.select_related("user").get(pk=pk)


@pytest.fixture
def croupier(seated, db):
    return _member(seated["croupier"])


@pytest.fixture
def players(seated, db):
    return [_member(pk) for pk in seated["players"]]


@pytest.fixture
def outsider(seated, db):
    return _member(seated["outsider"])


@pytest.fixture
def session(seated, db):
    return ScheduledSession.objects.get(pk=seated["session"])


@pytest.fixture
def game(seated, db):
    return Game.objects.get(pk=seated["game"])


@pytest.fixture
def table(seated, session, game, croupier, players, outsider, judge):
    return Table(session, game, croupier, players, outsider, _member(seated["admin"]))


def _quick_result(t: Table, submitter: Member) -> Result:
    deal = services.deal_start(game=t.game, actor=t.croupier, quick=True)
    return services.result_submit_quick(deal=deal, actor=submitter, winners=[t.players[1]], pot=8)


def _target(t: Table, actor: Member | None, relation: str) -> Member:
    """Whose chips or claim: the actor's own, or another player's."""
    return actor if relation == "own" and actor is not None else t.players[1]


def _submitter(t: Table, actor: Member | None, relation: str) -> Member:
    return actor if relation == "own" and actor is not None else t.players[1]


def _start_form(session) -> dict:
    data = {"min_stake": session.min_stake, "max_stake": session.max_stake, "animals": 0, "weather": "sunny",
            "saint_images": 0, "analog_clocks": 0, "digital_clocks": 0, "exits": 1}
    for row in session.seats.all():
        data.update({f"clothing_{row.member_id}": "dark", f"drink_{row.member_id}": "soft",
                     f"spare_decks_{row.member_id}": 0})
    return data


@dataclass
class Action:
    """``prepare(table, actor, relation)`` -> (url, data, did), ``did()`` telling whether it happened."""

    prepare: Callable
    relations: tuple[str, ...] = ("-",)
    croupier_only: bool = False


def _games_count(t):
    return lambda: Game.objects.filter(session=t.session).count() == 2


def _api_start(t, actor, relation):
    return "/api/games/", {"session": t.session.pk}, _games_count(t)


def _page_start(t, actor, relation):
    return reverse("games:game_start", args=[t.session.pk]), _start_form(t.session), _games_count(t)


def _ended(t):
    return lambda: Game.objects.get(pk=t.game.pk).status == Game.Status.ENDED


def _api_end(t, actor, relation):
    return f"/api/games/{t.game.pk}/end/", {}, _ended(t)


def _page_end(t, actor, relation):
    return reverse("games:game_end", args=[t.game.pk]), {}, _ended(t)


def _api_reseat(t, actor, relation):
    seats = [{"member": p.pk, "seat": SWAP[i]} for i, p in enumerate(t.players)]
    return f"/api/games/{t.game.pk}/reseat/", {"seats": seats}, _games_count(t)


def _page_reseat(t, actor, relation):
    data = {f"seat_{p.pk}": SWAP[i] for i, p in enumerate(t.players)}
    return reverse("games:game_reseat", args=[t.game.pk]), data, _games_count(t)


def _dealt(t):
    return lambda: t.game.deals.exists()


def _api_deal(t, actor, relation):
    return "/api/deals/", {"game": t.game.pk, "mode": "quick"}, _dealt(t)


def _page_deal(t, actor, relation):
    return reverse("games:deal_new", args=[t.game.pk]), {"mode": "quick"}, _dealt(t)


def _recorded(t):
    return services.deal_start(game=t.game, actor=t.croupier)


def _api_card(t, actor, relation):
    deal = _recorded(t)
    return f"/api/deals/{deal.pk}/cards/", {"card": "Ah"}, lambda: deal.cards.exists()


def _api_set_aside(t, actor, relation):
    """Keep the phone's version: the site's cards from the first on are taken back, kept aside."""
    deal = _recorded(t)
    services.deal_card(deal=deal, actor=t.croupier, card="Ah")
    return (f"/api/deals/{deal.pk}/set-aside/", {"kept": "mine", "from_seq": 0},
            lambda: SetAside.objects.filter(deal=deal).exists() and not deal.cards.exists())


def _page_card(t, actor, relation):
    deal = _recorded(t)
    return reverse("games:deal_card", args=[deal.pk]), {"card": "Ah"}, lambda: deal.cards.exists()


def _bet_placed(deal):
    return lambda: Bet.objects.filter(deal=deal, kind=Bet.Kind.RAISE).exists()


def _api_bet(t, actor, relation):
    deal = _recorded(t)
    return (f"/api/deals/{deal.pk}/bets/", {"amount": 3, "member": _target(t, actor, relation).pk},
            _bet_placed(deal))


def _page_bet(t, actor, relation):
    deal = _recorded(t)
    return (reverse("games:deal_bet", args=[deal.pk]), {"amount": 3, "member": _target(t, actor, relation).pk},
            _bet_placed(deal))


def _api_claim(t, actor, relation):
    deal = _recorded(t)
    return (f"/api/deals/{deal.pk}/claims/", {"rule": "B1", "card": "7c", "suit": "h",
                                              "member": _target(t, actor, relation).pk},
            lambda: Claim.objects.filter(deal=deal).exists())


def _page_claim(t, actor, relation):
    deal = _recorded(t)
    return (reverse("games:deal_claim", args=[deal.pk]), {"rule": "B1", "card": "7c", "suit": "h",
                                                          "member": _target(t, actor, relation).pk},
            lambda: Claim.objects.filter(deal=deal).exists())


def _owner(t: Table, actor: Member | None, relation: str) -> Member:
    """Whose claim or bet is withdrawn: the actor's own when he sits at the table, else another's."""
    return actor if relation == "own" and actor in t.players else t.players[1]


def _a_claim(t, actor, relation):
    deal = _recorded(t)
    owner = _owner(t, actor, relation)
    # base rule 1: a card of the claimant changes suit
    claim = services.claim_declare(deal=deal, actor=owner, member=owner, rule="B1", card="7c", suit="h")
    return claim, lambda: not Claim.objects.filter(pk=claim.pk).exists()


def _a_bet(t, actor, relation):
    deal = _recorded(t)
    owner = _owner(t, actor, relation)
    bet = services.bet_place(deal=deal, actor=owner, member=owner, amount=t.game.min_stake)
    return bet, lambda: not Bet.objects.filter(pk=bet.pk).exists()


def _api_withdraw_claim(t, actor, relation):
    claim, did = _a_claim(t, actor, relation)
    return f"/api/claims/{claim.pk}/withdraw/", {}, did


def _page_withdraw_claim(t, actor, relation):
    claim, did = _a_claim(t, actor, relation)
    return reverse("games:claim_withdraw", args=[claim.pk]), {}, did


def _api_withdraw_bet(t, actor, relation):
    bet, did = _a_bet(t, actor, relation)
    return f"/api/bets/{bet.pk}/withdraw/", {}, did


def _page_withdraw_bet(t, actor, relation):
    bet, did = _a_bet(t, actor, relation)
    return reverse("games:bet_withdraw", args=[bet.pk]), {}, did


def _voided(deal):
    return lambda: Deal.all_objects.get(pk=deal.pk).voided_at is not None


def _api_void(t, actor, relation):
    deal = _recorded(t)
    return f"/api/deals/{deal.pk}/void/", {}, _voided(deal)


def _page_void(t, actor, relation):
    deal = _recorded(t)
    return reverse("games:deal_void", args=[deal.pk]), {}, _voided(deal)


def _api_replay(t, actor, relation):
    deal = _recorded(t)
    return f"/api/deals/{deal.pk}/replay/", {}, lambda: Deal.objects.filter(replay_of=deal).exists()


def _page_replay(t, actor, relation):
    deal = _recorded(t)
    return reverse("games:deal_replay", args=[deal.pk]), {}, lambda: Deal.objects.filter(replay_of=deal).exists()


def _api_submit(t, actor, relation):
    deal = services.deal_start(game=t.game, actor=t.croupier, quick=True)
    return ("/api/results/", {"deal": deal.pk, "winners": [t.players[1].pk], "pot": 8},
            lambda: deal.results.exists())


def _page_submit(t, actor, relation):
    deal = services.deal_start(game=t.game, actor=t.croupier, quick=True)
    return (reverse("games:deal_submit", args=[deal.pk]), {"winners": [t.players[1].pk], "pot": 8},
            lambda: deal.results.exists())


def _confirmed(result):
    return lambda: Result.objects.get(pk=result.pk).status == Result.Status.CONFIRMED


def _api_confirm(t, actor, relation):
    result = _quick_result(t, _submitter(t, actor, relation))
    return f"/api/results/{result.pk}/confirm/", {}, _confirmed(result)


def _page_confirm(t, actor, relation):
    result = _quick_result(t, _submitter(t, actor, relation))
    return reverse("games:result_confirm", args=[result.pk]), {}, _confirmed(result)


def _discarded(result):
    return lambda: Result.objects.get(pk=result.pk).status == Result.Status.DISCARDED


def _api_discard(t, actor, relation):
    result = _quick_result(t, t.players[1])
    return f"/api/results/{result.pk}/discard/", {}, _discarded(result)


def _page_discard(t, actor, relation):
    result = _quick_result(t, t.players[1])
    return reverse("games:result_discard", args=[result.pk]), {}, _discarded(result)


def _api_dispute(t, actor, relation):
    result = _quick_result(t, t.players[1])
    return f"/api/results/{result.pk}/disputes/", {"question": "Who won?"}, lambda: Dispute.objects.exists()


def _page_dispute(t, actor, relation):
    result = _quick_result(t, t.players[1])
    return (reverse("games:deal_dispute", args=[result.deal_id]), {"question": "Who won?"},
            lambda: Dispute.objects.exists())


def _page_rejudge(t, actor, relation):
    deal = full_deal(t.game, t.croupier)
    result = services.result_submit(deal=deal, actor=t.players[1])
    services.result_confirm(result=result, actor=t.players[2])
    return reverse("games:deal_rejudge", args=[deal.pk]), {}, lambda: deal.results.count() == 2


def _confirmed_deal(t):
    deal = services.deal_start(game=t.game, actor=t.croupier)
    doc = game_document(t.game, previous_game=False)
    for dealt in engine.seeded_cards(doc, deal.number, deal.started_at, "access", readings=readings_used(doc)):
        services.deal_card(deal=deal, actor=t.croupier, card=str(dealt.card))
    result = services.result_submit(deal=deal, actor=t.players[1])
    services.result_confirm(result=result, actor=t.players[2])
    return deal, result


def _unused_card(deal) -> str:
    dealt = set(deal.cards.values_list("card", flat=True))
    return next(c for c in engine.full_deck() if c not in dealt)


def _page_correct(t, actor, relation):
    deal, v1 = _confirmed_deal(t)
    data = {f"card_{c.seq}": c.card for c in deal.cards.all()}
    data.update({"card_0": _unused_card(deal), "supersedes": v1.version})
    return reverse("games:deal_correct", args=[deal.pk]), data, lambda: deal.results.count() == 2


def _page_confirm_correction(t, actor, relation):
    deal, v1 = _confirmed_deal(t)
    fix = services.result_correct(deal=deal, actor=_submitter(t, actor, relation), supersedes=v1.version,
                                  cards={0: _unused_card(deal)})
    return reverse("games:result_confirm", args=[fix.pk]), {}, _confirmed(fix)


API = {
    "start a game": Action(_api_start),
    "end a game": Action(_api_end),
    "reseat": Action(_api_reseat),
    "deal": Action(_api_deal),
    "record a card": Action(_api_card),
    "keep a version of the dealing": Action(_api_set_aside),
    "bet": Action(_api_bet, relations=("own", "another player's")),
    "claim": Action(_api_claim, relations=("own", "another player's")),
    "withdraw a claim": Action(_api_withdraw_claim, relations=("own", "another player's")),
    "withdraw a bet": Action(_api_withdraw_bet, relations=("own", "another player's")),
    "void a deal": Action(_api_void, croupier_only=True),
    "replay a deal": Action(_api_replay, croupier_only=True),
    "submit a result": Action(_api_submit),
    "confirm a result": Action(_api_confirm, relations=("own", "another's")),
    "discard a result": Action(_api_discard),
    "call the croupier": Action(_api_dispute),
}
PAGES = {
    "start a game": Action(_page_start),
    "end a game": Action(_page_end),
    "reseat": Action(_page_reseat),
    "deal": Action(_page_deal),
    "record a card": Action(_page_card),
    "bet": Action(_page_bet, relations=("own", "another player's")),
    "claim": Action(_page_claim, relations=("own", "another player's")),
    "withdraw a claim": Action(_page_withdraw_claim, relations=("own", "another player's")),
    "withdraw a bet": Action(_page_withdraw_bet, relations=("own", "another player's")),
    "void a deal": Action(_page_void, croupier_only=True),
    "replay a deal": Action(_page_replay, croupier_only=True),
    "submit a result": Action(_page_submit),
    "confirm a result": Action(_page_confirm, relations=("own", "another's")),
    "discard a result": Action(_page_discard),
    "call the croupier": Action(_page_dispute),
    "re-judge": Action(_page_rejudge, croupier_only=True),
    "correct a deal": Action(_page_correct),
    "confirm a correction": Action(_page_confirm_correction, relations=("own", "another's")),
}


def allowed(action: Action, role: str, relation: str) -> bool:
    if role in ("anonymous", "outsider"):
        return False
    if action.croupier_only:
        return role in ("croupier", "admin")
    if relation == "another player's":      # chips and claims move by their owner's hand or a croupier's
        return role in ("croupier", "admin")
    if relation == "own" and action.relations == ("own", "another's"):
        return False                       # a second person confirms
    return True


def _cases(actions: dict[str, Action]):
    for name, action in actions.items():
        for role in ROLES:
            for relation in action.relations:
                # A croupier sits at no table: he has no bets or claims of his own there.
                if relation == "own" and role in ("croupier", "admin") and "another's" not in action.relations:
                    continue
                if relation == "own" and role in ("anonymous", "outsider") and "another's" in action.relations:
                    continue
                yield pytest.param(name, role, relation, allowed(action, role, relation),
                                   id=f"{name}-{role}-{relation}")


@pytest.mark.parametrize(("name", "role", "relation", "ok"), list(_cases(API)))
def test_api_writes(table, name, role, relation, ok):
    actor = table.actor(role)
    url, data, did = API[name].prepare(table, actor, relation)
    client = APIClient()
    if actor is not None:
        client.force_authenticate(actor.user)
    # Every write takes an Idempotency-Key; choosing a version of a deal needs one.
    response = client.post(url, data, format="json", headers={"Idempotency-Key": f"{name}-{role}-{relation}"})
    if ok:
        assert response.status_code in (200, 201), response.content
        assert did()
    else:
        assert response.status_code in (401, 403, 404), response.content
        assert set(response.json()) == {"message", "extra"}
        assert not did()


@pytest.mark.parametrize(("name", "role", "relation", "ok"), list(_cases(PAGES)))
def test_page_posts(table, client, name, role, relation, ok):
    actor = table.actor(role)
    url, data, did = PAGES[name].prepare(table, actor, relation)
    if actor is not None:
        client.force_login(actor.user)
    response = client.post(url, data)
    if ok:
        assert response.status_code == 302, response.content[:500]
        assert did()
        return
    assert not did()
    if role == "anonymous":
        assert response.status_code == 302 and response["Location"].startswith(reverse("account_login"))
    elif role == "outsider":
        assert response.status_code in (403, 404)
    else:
        assert response.status_code in (302, 400, 403)


def test_access_fetches_and_authorizes_in_one_query(django_assert_num_queries, game, players, outsider):
    with django_assert_num_queries(1):
        assert access.access_game(players[0], game.pk, for_write=True).pk == game.pk
    with django_assert_num_queries(1), pytest.raises(access.NotFound):
        access.access_game(outsider, game.pk, for_write=False)
    with django_assert_num_queries(1), pytest.raises(access.NotFound):
        access.access_game(players[0], 10 ** 9, for_write=False)


def test_an_inactive_member_sees_his_table_but_does_not_act(game, players):
    players[0].active = False
    players[0].save(update_fields=["active"])
    assert access.access_game(players[0], game.pk, for_write=False).pk == game.pk
    with pytest.raises(access.Forbidden):
        access.access_game(players[0], game.pk, for_write=True)
