"""Service errors reach the user in the request's language (English by default, Russian on
request) and still name the bad value."""

import pytest
from django.conf import settings
from django.utils import translation

from club import services
from club.errors import InvalidInput
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_afterwards():
    """A request in Russian leaves Russian active in this thread; the next tests read English."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def _taken_seat(croupier):
    session = factories.session(actor=croupier)
    a, b = factories.member(display_name="Aahz"), factories.member(display_name="Skeeve")
    for m in (a, b):
        services.rsvp_set(session=session, member=m, actor=m, answer="going")
    services.seat_assign(session=session, actor=croupier, member=a, seat="N")
    return session, b


def test_an_api_error_comes_out_in_russian_when_the_request_asks_for_it(api_as, croupier):
    session, b = _taken_seat(croupier)
    url = f"/api/sessions/{session.pk}/seat/"
    ru = api_as(croupier).post(url, {"member": b.pk, "seat": "N"}, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert ru.status_code == 409
    assert ru.json()["message"] == "Место «Север» занято: там сидит Aahz. Посадите Skeeve на другое место или сначала пересадите Aahz."
    assert ru.json()["extra"]["seat"] == "N"
    en = api_as(croupier).post(url, {"member": b.pk, "seat": "N"}, format="json")
    assert en.json()["message"] == "North is taken by Aahz: seat Skeeve elsewhere, or move Aahz first."


def test_a_refused_transition_names_both_statuses_in_russian(api_as, croupier):
    session = factories.session(actor=croupier, status="planned")
    response = api_as(croupier).post(f"/api/sessions/{session.pk}/transition/", {"to": "closed"}, format="json",
                                     HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 409
    assert response.json()["message"] == ("Нельзя: встреча сейчас в состоянии «запланирована» и не может перейти "
                                          "в «завершена» (можно: открыта запись, отменена).")
    assert response.json()["extra"] == {"field": "status", "value": "closed", "from": "planned", "to": "closed",
                                        "allowed": ["open", "cancelled"]}


def test_a_service_error_is_translated_where_it_is_raised(croupier):
    session = factories.session(actor=croupier)
    member = factories.member()
    with translation.override("ru"), pytest.raises(InvalidInput) as refused:
        services.rsvp_set(session=session, member=member, actor=member, answer="sometimes")
    assert refused.value.message.startswith("Неизвестный ответ 'sometimes'")
    assert refused.value.extra == {"field": "answer", "value": "sometimes"}
    with translation.override("en"), pytest.raises(InvalidInput, match="Unknown answer 'sometimes'"):
        services.rsvp_set(session=session, member=member, actor=member, answer="sometimes")
