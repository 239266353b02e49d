"""Checking members in at the door of a session: by the short code of their QR pass, by a
croupier only, once per member, and who came set against who said they would."""

import re

import pytest
from django.urls import reverse

from club import selectors, services
from club.errors import Conflict, Forbidden, InvalidInput
from club.models import CHECKIN_ALPHABET, CheckIn, Member
from club.qr import checkin_qr_svg
from tests import factories

pytestmark = pytest.mark.django_db


def _going(session, *members):
    for member in members:
        services.rsvp_set(session=session, member=member, actor=member, answer="going")


def test_every_member_gets_a_short_unambiguous_unique_code(croupier):
    members = [factories.member() for _ in range(20)] + [croupier]
    codes = [m.checkin_code for m in members]
    assert len(set(codes)) == len(codes)
    for code in codes:
        assert 6 <= len(code) <= 8 and set(code) <= set(CHECKIN_ALPHABET)
    assert not set("0O1IL") & set(CHECKIN_ALPHABET)


def test_a_croupier_checks_a_member_in_once(croupier):
    session = factories.session(actor=croupier)
    skeeve = factories.member(display_name="Skeeve")
    checkin, created = services.checkin_record(session=session, actor=croupier, code=skeeve.checkin_code)
    assert created and (checkin.member, checkin.by, checkin.session) == (skeeve, croupier, session)
    # Typed in lower case with a space, it is the same code; the first check-in stays.
    typed = skeeve.checkin_code.lower()[:3] + " " + skeeve.checkin_code.lower()[3:]
    again, created_again = services.checkin_record(session=session, actor=croupier, code=typed)
    assert not created_again and again.pk == checkin.pk
    assert CheckIn.objects.count() == 1


def test_a_member_cannot_check_anyone_in(croupier, plain_member):
    session = factories.session(actor=croupier)
    with pytest.raises(Forbidden, match="Only a croupier or an admin may check members in"):
        services.checkin_record(session=session, actor=plain_member, code=plain_member.checkin_code)
    assert not CheckIn.objects.exists()


def test_an_unknown_code_is_refused_naming_it_cut_to_40(croupier):
    session = factories.session(actor=croupier)
    with pytest.raises(InvalidInput, match="No member has the check-in code QQQQQQQ") as error:
        services.checkin_record(session=session, actor=croupier, code="QQQQQQQ")
    assert error.value.extra == {"field": "code", "value": "QQQQQQQ"}
    long = "X" * 100
    with pytest.raises(InvalidInput) as error:
        services.checkin_record(session=session, actor=croupier, code=long)
    assert "X" * 40 in error.value.message and "X" * 41 not in error.value.message
    with pytest.raises(InvalidInput, match="Type the member's check-in code"):
        services.checkin_record(session=session, actor=croupier, code="  ")
    assert not CheckIn.objects.exists()


def test_an_inactive_member_is_not_checked_in(croupier):
    session = factories.session(actor=croupier)
    gone = factories.member(display_name="Gone")
    Member.objects.filter(pk=gone.pk).update(active=False)
    with pytest.raises(InvalidInput, match="Gone is not an active member"):
        services.checkin_record(session=session, actor=croupier, code=gone.checkin_code)


@pytest.mark.parametrize("status", ["cancelled", "closed"])
def test_a_cancelled_or_closed_session_refuses_check_in(croupier, plain_member, status):
    session = factories.session(actor=croupier)
    if status == "closed":
        services.session_transition(session=session, actor=croupier, to="running")
    services.session_transition(session=session, actor=croupier, to=status)
    with pytest.raises(Conflict, match=f"is {status}: nobody checks in any more"):
        services.checkin_record(session=session, actor=croupier, code=plain_member.checkin_code)
    assert not CheckIn.objects.exists()


def test_who_came_is_set_against_who_said_they_would(croupier):
    session = factories.session(actor=croupier)
    aahz, skeeve, tananda, chumley = (factories.member(display_name=n) for n in ("Aahz", "Skeeve", "Tananda", "Chumley"))
    _going(session, aahz, skeeve, tananda)
    for member in (skeeve, chumley):
        services.checkin_record(session=session, actor=croupier, code=member.checkin_code)
    seen = selectors.attendance(selectors.session_detail(pk=session.pk))
    assert (seen["came_count"], seen["said_count"]) == (2, 3)
    assert [m.display_name for m in seen["came_and_said"]] == ["Skeeve"]
    assert [m.display_name for m in seen["came_unannounced"]] == ["Chumley"]
    assert sorted(m.display_name for m in seen["said_not_came"]) == ["Aahz", "Tananda"]


# --- pages ------------------------------------------------------------------------------------------

def test_the_croupier_checks_in_on_the_page_and_is_told_the_name(croupier, client_as):
    session = factories.session(actor=croupier)
    skeeve = factories.member(display_name="Skeeve")
    _going(session, skeeve, factories.member(display_name="Aahz"))
    client = client_as(croupier)
    url = reverse("club:session_checkin", args=[session.pk])
    page = client.get(url)
    assert page.status_code == 200 and 'name="code"' in page.content.decode()
    done = client.post(url, {"code": skeeve.checkin_code}, follow=True)
    text = done.content.decode()
    assert "Skeeve is checked in." in text
    assert re.search(r"1 came</strong> · 2 said they would come", text)
    twice = client.post(url, {"code": skeeve.checkin_code}, follow=True).content.decode()
    assert "Skeeve is already checked in" in twice
    assert CheckIn.objects.filter(session=session).count() == 1
    detail = client.get(session.get_absolute_url()).content.decode()
    assert 'id="attendance-counts"' in detail and "Aahz" in detail


def test_the_page_names_a_wrong_code_beside_the_field(croupier, client_as):
    session = factories.session(actor=croupier)
    response = client_as(croupier).post(reverse("club:session_checkin", args=[session.pk]), {"code": "NOPE-" + "Z" * 60})
    assert response.status_code == 400
    text = response.content.decode()
    assert 'id="checkin-error"' in text and "NOPE-" + "Z" * 35 in text and "Z" * 56 not in text


def test_a_member_sees_neither_the_door_nor_who_came(croupier, plain_member, client_as):
    session = factories.session(actor=croupier)
    client = client_as(plain_member)
    url = reverse("club:session_checkin", args=[session.pk])
    assert client.get(url).status_code == 403
    assert client.post(url, {"code": plain_member.checkin_code}).status_code == 403
    assert not CheckIn.objects.exists()
    assert 'id="attendance' not in client.get(session.get_absolute_url()).content.decode()


def test_a_cancelled_session_page_offers_the_way_back(croupier, client_as):
    session = factories.session(actor=croupier)
    services.session_transition(session=session, actor=croupier, to="cancelled")
    text = client_as(croupier).get(reverse("club:session_checkin", args=[session.pk])).content.decode()
    assert "nobody checks in any more" in text and 'name="code"' not in text
    assert session.get_absolute_url() in text


def test_the_checkin_page_makes_a_fixed_number_of_queries(croupier, client_as, django_assert_max_num_queries):
    session = factories.session(actor=croupier)
    members = [factories.member() for _ in range(6)]
    _going(session, *members)
    for member in members[:4]:
        services.checkin_record(session=session, actor=croupier, code=member.checkin_code)
    client = client_as(croupier)
    with django_assert_max_num_queries(12):
        assert client.get(reverse("club:session_checkin", args=[session.pk])).status_code == 200


# --- the QR pass on the profile ---------------------------------------------------------------------

def test_the_profile_shows_the_qr_code_of_the_members_code(plain_member, client_as):
    text = client_as(plain_member).get(reverse("club:profile_edit")).content.decode()
    code = plain_member.checkin_code
    assert f'<code id="checkin-code-text">{code}</code>' in text
    assert f"<title>Check-in code {code}</title>" in text
    svg = checkin_qr_svg(code)
    assert svg in text and svg.startswith("<svg") and 'class="qr"' in svg
    # The drawing is of the code itself: another code draws other modules.
    assert _modules(svg) != _modules(checkin_qr_svg(factories.member().checkin_code))
    assert "style=" not in svg and "<script" not in svg


def _modules(svg: str) -> str:
    return re.search(r'stroke="#000" d="([^"]+)"', svg).group(1)


def test_the_api_session_detail_counts_who_came_against_who_said(croupier, api_as):
    session = factories.session(actor=croupier)
    aahz, skeeve, walk_in = (factories.member() for _ in range(3))
    _going(session, aahz, skeeve)
    for member in (skeeve, walk_in):
        services.checkin_record(session=session, actor=croupier, code=member.checkin_code)
    data = api_as(aahz).get(f"/api/sessions/{session.pk}/").json()
    assert (data["checked_in_count"], data["going_count"]) == (2, 2)


def test_the_time_of_a_check_in_is_the_venues(croupier, client_as):
    from datetime import datetime
    from zoneinfo import ZoneInfo

    session = factories.session(actor=croupier, venue_=factories.venue(timezone="Asia/Tokyo"))
    member = factories.member(display_name="Pookie")
    services.checkin_record(session=session, actor=croupier, code=member.checkin_code)
    CheckIn.objects.filter(member=member).update(at=datetime(2026, 12, 1, 10, 5, tzinfo=ZoneInfo("UTC")))
    text = client_as(croupier).get(reverse("club:session_checkin", args=[session.pk])).content.decode()
    assert re.search(r"Pookie <small>19:05", text)
