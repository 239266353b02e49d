"""The pages a club prints carry a Print button run by the static script, and every page links the
print stylesheet for paper only."""

import pytest
from django.urls import reverse

from club import services as club_services
from club.models import Member
from tests import factories

pytestmark = pytest.mark.django_db


def test_every_page_links_the_print_stylesheet_for_paper(client):
    page = client.get(reverse("club:session_list")).content.decode()
    assert 'href="/static/css/print.css" media="print"' in page
    assert 'src="/static/js/print.js"' in page


def test_the_evenings_seating_has_a_print_button_for_members(client_as, client):
    croupier = factories.member(Member.Role.CROUPIER, password=None)
    skeeve, massha = (factories.member(display_name=n, password=None) for n in ("Skeeve", "Massha"))
    session = factories.session(actor=croupier)
    for m in (skeeve, massha):
        club_services.rsvp_set(session=session, member=m, actor=m, answer="going")
    club_services.seating_set(session=session, actor=croupier, assignments={skeeve.pk: "N", massha.pk: "S"})
    page = client_as(skeeve).get(session.get_absolute_url()).content.decode()
    assert 'data-print id="print-button"' in page and "onclick" not in page
    # Who sits where is for members: no names, nothing to print for a visitor.
    client.logout()
    assert 'id="print-button"' not in client.get(session.get_absolute_url()).content.decode()
