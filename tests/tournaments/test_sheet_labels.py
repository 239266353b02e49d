"""The score sheet names the kind of each round (dark, minimum, maximum) in the page's language
instead of cutting the internal value short."""

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from .conftest import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_afterwards():
    """A request in Russian leaves Russian active in this thread; the next tests read English."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def test_the_sheet_names_the_kinds_of_round_in_both_languages(client, croupier):
    table = make_tournament(croupier, 4).stages.get().tables.get()
    client.force_login(croupier.user)
    url = reverse("tournaments:sheet", args=[table.pk])
    en = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert en.count('<abbr title="dark">dark</abbr>') == 4
    assert en.count('<abbr title="minimum">min</abbr>') == 4 and en.count('<abbr title="maximum">max</abbr>') == 4
    assert " dar<" not in en
    ru = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert ru.count('<abbr title="в тёмную">тём.</abbr>') == 4
    assert ru.count('<abbr title="по минимуму">мин.</abbr>') == 4
    assert ru.count('<abbr title="по максимуму">макс.</abbr>') == 4
    assert ru.count("<small>сдаёт</small>") == 30
