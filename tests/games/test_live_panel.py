"""The recording panel drawn once per change and kind of viewer (games/panels.py): the phones at a
table that poll after a card take the first phone's drawing, each with its own CSRF token; a
phone that may see other dark cards than another never gets that other's drawing; a drawing is
per language; and a void moves the deal on, so no phone keeps a panel of the deal before it."""

from __future__ import annotations

import itertools
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.errors import NotFound
from club.models import Member
from games import access, panels, services
from games.models import Deal, DealtCard, GamePlayer
from games.sitting import sitting_for
from tests import factories
from tests.games.conftest import full_deal

pytestmark = pytest.mark.django_db

STAMP = re.compile(r'name="since" value="([^"]+)" id="deal-since"')
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def phone(member: Member, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(member.user)
    return client


def poll(client: Client, deal: Deal, since: str = "r-none"):
    return client.get(reverse("games:deal_live", args=[deal.pk]), {"since": since})


def _without_tokens(html: str) -> str:
    return TOKEN.sub('name="csrfmiddlewaretoken" value=""', html)


def test_the_second_phone_takes_the_first_phones_drawing_with_its_own_token(game, croupier, players,
                                                                             django_assert_max_num_queries):
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=players[0], card="Kd")
    first, second = phone(players[1]), phone(players[2])
    drawn = poll(first, deal)
    assert drawn.status_code == 200
    # The second phone of the same kind (a player who may record) reads its session (a row on
    # SQLite), the account and its member, and the deal: the drawing is kept, no sitting is read.
    with django_assert_max_num_queries(4) as captured:
        taken = poll(second, deal)
    assert taken.status_code == 200
    assert not any("dealtcard" in q["sql"].lower() for q in captured.captured_queries)
    one, two = drawn.content.decode(), taken.content.decode()
    assert 'title="Kd"' in two and 'id="card-input"' in two
    assert _without_tokens(one) == _without_tokens(two)
    tokens_one, tokens_two = set(TOKEN.findall(one)), set(TOKEN.findall(two))
    assert tokens_one and tokens_two and not tokens_one & tokens_two
    assert panels.CSRF_SLOT not in two
    # Its token is the second phone's own: a card it taps with it is taken.
    second.cookies.load(taken.cookies)
    tapped = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    tapped.force_login(players[2].user)
    tapped.cookies.update(second.cookies)
    response = tapped.post(reverse("games:deal_card", args=[deal.pk]),
                           {"card": "7s", "csrfmiddlewaretoken": tokens_two.pop()}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and 'title="7s"' in response.content.decode()


def test_the_next_change_is_drawn_afresh_and_says_its_own_stamp(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=players[0], card="Kd")
    watcher = phone(players[1])
    since = STAMP.search(poll(watcher, deal).content.decode()).group(1)
    assert poll(watcher, deal, since).status_code == 204
    services.deal_card(deal=deal, actor=players[0], card="Qh")
    html = poll(phone(players[2]), deal, since).content.decode()
    assert 'title="Qh"' in html and STAMP.search(html).group(1) != since
    again = poll(watcher, deal, since).content.decode()
    assert 'title="Qh"' in again and STAMP.search(again).group(1) == STAMP.search(html).group(1)


def test_a_phone_never_gets_another_players_drawing_of_a_dealt_deal(game, croupier, players):
    """The site's deal: each player sees his own dark cards only, so his drawing is his alone (the
    dark cards stay private whichever phone polled first)."""
    deal = full_deal(game, croupier)
    cards = list(DealtCard.objects.filter(deal=deal))
    for viewer, other in ((players[0], players[1]), (players[1], players[0])):
        html = poll(phone(viewer), deal).content.decode()
        theirs = [c.card for c in cards if c.member_id == other.pk and not c.open]
        mine = [c.card for c in cards if c.member_id == viewer.pk and not c.open]
        assert theirs and mine
        assert not any(f'title="{card}"' in html for card in theirs)
        assert all(f'title="{card}"' in html for card in mine)
    # The croupier who deals sees every card; a player polling after him still sees only his own.
    assert all(f'title="{c.card}"' in poll(phone(croupier), deal).content.decode() for c in cards)
    html = poll(phone(players[2]), deal).content.decode()
    assert not any(f'title="{c.card}"' in html for c in cards if c.member_id == players[0].pk and not c.open)


def test_a_drawing_is_kept_per_language(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=players[0], card="Kd")
    english = poll(phone(players[1], "en"), deal).content.decode()
    russian = poll(phone(players[2], "ru"), deal).content.decode()
    assert "Take back the last card" in english
    assert "Take back the last card" not in russian
    with translation.override("ru"):
        from django.utils.translation import gettext
        assert gettext("Take back the last card") in russian


def test_a_void_moves_the_deal_on_so_no_phone_keeps_the_panel_before_it(game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=players[0], card="Kd")
    watcher = phone(players[1])
    since = STAMP.search(poll(watcher, deal).content.decode()).group(1)
    services.deal_void(deal=deal, actor=croupier)
    after = poll(watcher, deal, since)
    assert after.status_code == 200
    assert 'id="card-input"' not in after.content.decode()


@pytest.mark.parametrize("role, seated, active, mode, over", list(itertools.product(
    (Member.Role.MEMBER, Member.Role.CROUPIER), (True, False), (True, False),
    (Deal.Mode.RECORDED, Deal.Mode.DIGITAL, Deal.Mode.QUICK), (True, False))))
def test_the_kind_of_viewer_follows_the_access_rules(game, players, role, seated, active, mode, over):
    """Two readers share a drawing only when the access rules give them the same panel: whether
    they may record (can_act_at) and which dark cards they see (sees_every_card)."""
    member = factories.member(role, password=None)
    if seated:
        GamePlayer.objects.create(game=game, member=member, seat="NW")
    Member.objects.filter(pk=member.pk).update(active=active)
    member.refresh_from_db()
    deal = Deal(game=game, mode=mode, number=99)
    player_ids = list(GamePlayer.objects.filter(game=game).values_list("member_id", flat=True))
    kind = panels.viewer_kind(member, mode=mode, over=over, seated=seated)
    can_act = access.can_act_at(member, game)
    every = access.sees_every_card(member, deal, player_ids=player_ids, over=over)
    assert kind.startswith("act-" if can_act else "see-")
    assert kind.endswith("-all") == every
    if not every:
        assert kind.endswith(f"-{member.pk}")


def test_the_phone_that_taps_draws_the_panel_the_others_take(game, croupier, players,
                                                             django_assert_max_num_queries):
    deal = services.deal_start(game=game, actor=croupier)
    recorder, watcher = phone(players[0]), phone(players[1])
    tapped = recorder.post(reverse("games:deal_card", args=[deal.pk]), {"card": "Kd"}, HTTP_HX_REQUEST="true")
    assert tapped.status_code == 200 and panels.CSRF_SLOT not in tapped.content.decode()
    with django_assert_max_num_queries(4):
        taken = poll(watcher, deal)
    html = taken.content.decode()
    assert 'title="Kd"' in html and STAMP.search(html).group(1) == STAMP.search(tapped.content.decode()).group(1)
    assert panels.CSRF_SLOT not in html and TOKEN.search(html)


def test_a_card_says_the_revision_it_moved_the_deal_to(game, croupier, players):
    """The tap's panel is kept for the table only when it is the deal at the card's revision:
    nothing else written between the sitting's read and the card."""
    deal = services.deal_start(game=game, actor=croupier)
    sitting = sitting_for(Deal.objects.select_related("game__session__venue").get(pk=deal.pk))
    row = services.deal_card(deal=deal, actor=players[0], card="Kd", sitting=sitting)
    deal.refresh_from_db()
    assert row.deal_revision == sitting.deal.revision + 1 == deal.revision
    sitting = sitting_for(Deal.objects.select_related("game__session__venue").get(pk=deal.pk))
    services.bet_place(deal=deal, actor=players[1], member=players[1], amount=game.min_stake)
    row = services.deal_card(deal=deal, actor=players[0], card="Qh", sitting=sitting)
    deal.refresh_from_db()
    assert row.deal_revision == sitting.deal.revision + 2 == deal.revision


@pytest.mark.parametrize("who", ["player", "croupier", "playing croupier", "outsider", "nobody"])
@pytest.mark.parametrize("which", ["deal", "voided", "missing", "not a number", "too large"])
def test_the_polls_read_follows_the_deal_pages_access_rule(game, croupier, players, who, which):
    """A poll reads its deal by a fixed query of its own (access_deal_poll): it lets in exactly whom
    access_deal lets in, refuses the rest with the same 404, and says whether the reader plays."""
    actor = {"player": players[0], "croupier": croupier, "outsider": factories.member(password=None),
             "nobody": None}.get(who)
    if who == "playing croupier":
        actor = factories.member(Member.Role.CROUPIER, password=None)
        GamePlayer.objects.create(game=game, member=actor, seat="NW")
    deal = services.deal_start(game=game, actor=croupier)
    if which == "voided":
        services.deal_void(deal=deal, actor=croupier)
    pk = {"deal": deal.pk, "voided": deal.pk, "missing": deal.pk + 1000, "not a number": "7x",
          "too large": str(2**70)}[which]
    try:
        expected = access.access_deal(actor, pk, for_write=False)
    except NotFound as exc:
        with pytest.raises(NotFound) as refused:
            access.access_deal_poll(actor, pk)
        assert refused.value.message == exc.message
        return
    polled = access.access_deal_poll(actor, pk)
    assert (polled.pk, polled.game_id, polled.revision, polled.mode) == (
        expected.pk, expected.game_id, expected.revision, expected.mode)
    assert polled.viewer_seated is GamePlayer.objects.filter(game=game, member=actor).exists()
