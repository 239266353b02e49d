"""A casino hand tied to the club evening it is played at: who may tie it to which session,
through the service, the API and the page; refusals store nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from club import services as club_services
from club.errors import Conflict, Forbidden
from club.models import RSVP
from games.models import LedgerEntry
from games.tables import access, services
from games.tables.models import CasinoHand
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(croupier):
    """A session in progress now (it started an hour ago), at which Skeeve said he is going."""
    return factories.session(actor=croupier, days=0, starts_at=timezone.now() - dt.timedelta(hours=1),
                             ends_at=timezone.now() + dt.timedelta(hours=3), kind="tables", game="casino")


@pytest.fixture
def going(player, evening):
    club_services.rsvp_set(session=evening, member=player, actor=player, answer=RSVP.Answer.GOING)
    return player


def _nothing_stored():
    assert not CasinoHand.objects.exists() and not LedgerEntry.objects.exists()


def test_a_member_going_to_the_evening_ties_his_hand_to_it(going, evening):
    hand = services.casino_hand_start(actor=going, stake=2, session=evening)
    assert hand.session == evening
    # No venue named: the evening's room gives the house clock.
    assert hand.venue == evening.venue


def test_a_member_checked_in_at_the_door_may_tie_his_hand(player, croupier, evening):
    club_services.checkin_record(session=evening, actor=croupier, code=player.checkin_code)
    assert services.casino_hand_start(actor=player, session=evening).session == evening


def test_a_member_who_takes_no_part_is_refused(player, evening):
    with pytest.raises(Forbidden) as caught:
        services.casino_hand_start(actor=player, session=evening)
    assert caught.value.extra == {"field": "session", "value": evening.pk}
    assert evening.title in caught.value.message
    _nothing_stored()


@pytest.mark.parametrize("answer", [RSVP.Answer.MAYBE, RSVP.Answer.DECLINED])
def test_a_member_not_going_is_refused(player, evening, answer):
    club_services.rsvp_set(session=evening, member=player, actor=player, answer=answer)
    with pytest.raises(Forbidden):
        services.casino_hand_start(actor=player, session=evening)
    _nothing_stored()


def test_a_croupier_ties_his_hand_to_any_evening_in_progress(croupier, evening):
    assert not evening.rsvps.exists()
    assert services.casino_hand_start(actor=croupier, session=evening).session == evening


@pytest.mark.parametrize("hours", [-6, 6])
def test_an_evening_not_in_progress_is_refused_even_to_a_croupier(croupier, going, evening, hours):
    now = timezone.now() + dt.timedelta(hours=hours)
    for actor in (going, croupier):
        with pytest.raises(Conflict):
            services.casino_hand_start(actor=actor, session=evening, now=now)
    _nothing_stored()


def test_an_hour_of_grace_each_side(going, evening):
    hand = services.casino_hand_start(actor=going, session=evening, now=evening.ends_at + dt.timedelta(minutes=50))
    assert hand.session == evening and hand.started_at == evening.ends_at + dt.timedelta(minutes=50)


def test_a_closed_evening_is_refused(croupier, going, evening):
    club_services.session_transition(session=evening, actor=croupier, to="running")
    club_services.session_transition(session=evening, actor=croupier, to="closed")
    with pytest.raises(Conflict):
        services.casino_hand_start(actor=going, session=evening)
    _nothing_stored()


def test_without_a_session_the_hand_counts_for_no_evening(going, evening):
    # Going to an evening in progress does not tie a hand the player did not tie.
    assert services.casino_hand_start(actor=going).session is None


def test_the_sessions_offered(player, croupier, evening):
    other = factories.session(actor=croupier, days=0, starts_at=timezone.now() - dt.timedelta(minutes=30),
                              ends_at=timezone.now() + dt.timedelta(hours=2))
    later = factories.session(actor=croupier, days=3)
    assert list(access.casino_sessions_for(player)) == []
    club_services.rsvp_set(session=evening, member=player, actor=player, answer=RSVP.Answer.GOING)
    club_services.rsvp_set(session=later, member=player, actor=player, answer=RSVP.Answer.GOING)
    assert list(access.casino_sessions_for(player)) == [evening]
    assert list(access.casino_sessions_for(croupier)) == [evening, other]


# --- the API ---------------------------------------------------------------------------------


def test_the_api_ties_the_hand_and_says_so(going, evening, api_as):
    client = api_as(going)
    answer = client.post("/api/casino-hands/", {"stake": 1, "session": evening.pk}, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["session"] == evening.pk
    hand = answer.json()["id"]
    assert client.get(f"/api/casino-hands/{hand}/").json()["session"] == evening.pk
    client.post(f"/api/casino-hands/{hand}/act/", {"action": "fold"}, format="json")
    untied = client.post("/api/casino-hands/", {"stake": 1}, format="json")
    assert untied.status_code == 201 and untied.json()["session"] is None


def test_the_api_refuses_a_session_the_member_takes_no_part_in(player, evening, api_as):
    answer = api_as(player).post("/api/casino-hands/", {"stake": 1, "session": evening.pk}, format="json")
    assert answer.status_code == 403
    assert set(answer.json()) == {"message", "extra"} and answer.json()["extra"]["field"] == "session"
    unknown = api_as(player).post("/api/casino-hands/", {"stake": 1, "session": evening.pk + 99}, format="json")
    assert unknown.status_code == 400
    _nothing_stored()


def test_the_schema_names_the_session(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    components = schema["components"]["schemas"]
    post = schema["paths"]["/api/casino-hands/"]["post"]
    request = post["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    answer = post["responses"]["201"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    assert "session" in components[request]["properties"]
    assert components[answer]["properties"]["session"]["nullable"] is True


# --- the page --------------------------------------------------------------------------------


def test_the_page_proposes_the_evening_and_the_hand_page_names_it(going, evening, client_as):
    client = client_as(going)
    page = client.get(reverse("tables:casino"))
    form = page.context["form"]
    assert list(form.fields["session"].queryset) == [evening]
    assert form["session"].value() == evening.pk
    answer = client.post(reverse("tables:casino"), {"stake": "1", "session": str(evening.pk)})
    hand = CasinoHand.objects.get()
    assert answer.status_code == 302 and hand.session == evening
    html = client.get(hand.get_absolute_url()).content.decode()
    assert 'id="hand-session"' in html and evening.get_absolute_url() in html


def test_the_page_refuses_a_session_the_member_takes_no_part_in(player, evening, client_as):
    client = client_as(player)
    assert list(client.get(reverse("tables:casino")).context["form"].fields["session"].queryset) == []
    answer = client.post(reverse("tables:casino"), {"stake": "1", "session": str(evening.pk)})
    assert answer.status_code == 403
    assert evening.title in " ".join(answer.context["form"].errors["session"])
    _nothing_stored()


def test_opened_from_a_session_the_page_proposes_that_evening(going, croupier, evening, client_as):
    other = factories.session(actor=croupier, days=0, starts_at=evening.starts_at - dt.timedelta(minutes=30),
                              ends_at=evening.ends_at)
    club_services.rsvp_set(session=other, member=going, actor=going, answer=RSVP.Answer.GOING)
    client = client_as(going)
    assert client.get(reverse("tables:casino")).context["form"]["session"].value() == other.pk
    page = client.get(reverse("tables:casino") + f"?session={evening.pk}")
    assert page.context["form"]["session"].value() == evening.pk
    # A session he may not choose is not proposed.
    stranger = factories.session(actor=croupier, days=0, starts_at=evening.starts_at, ends_at=evening.ends_at)
    page = client.get(reverse("tables:casino") + f"?session={stranger.pk}")
    assert page.context["form"]["session"].value() == other.pk
    index = client.get(reverse("tables:index") + f"?session={evening.pk}").content.decode()
    assert f'{reverse("tables:casino")}?session={evening.pk}"' in index


@pytest.mark.parametrize(("lang", "month"), [("en", "January"), ("ru", "января")])
def test_the_evening_to_choose_reads_its_date_in_words(going, evening, lang, month):
    """The session's choices (casino, dice, Draker forms) name it by title and date in words, not
    as 2027-01-05 20:30."""
    from django.utils import translation

    from games.tables.forms import CasinoStartForm

    local = timezone.localtime(timezone.now(), evening.venue.tz).replace(month=1, day=5, hour=20, minute=30)
    type(evening).objects.filter(pk=evening.pk).update(starts_at=local, ends_at=local + dt.timedelta(hours=3))
    evening.refresh_from_db()
    field = CasinoStartForm(sessions=type(evening).objects.filter(pk=evening.pk)).fields["session"]
    with translation.override(lang):
        assert [label for _pk, label in field.choices][1:] == [f"{evening.title} (5 {month} {local.year}, 20:30)"]
