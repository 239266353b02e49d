"""The tournament's refusals name a seat by its name in the reader's language (North / Север),
never by its code ("N") or its number: in the API, beside the sheet's inputs, in the message
shown after a redirect, and in whatever language is active when the refusal is read."""

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from club.errors import InvalidInput
from games.tournaments import services
from games.tournaments.presenters import problem_words
from rules.engines import tricks

from .conftest import make_tournament

pytestmark = pytest.mark.django_db

NAMES = {"en": ["North", "East", "South", "West"], "ru": ["Север", "Восток", "Юг", "Запад"]}
# A seat code or a seat number standing alone in a sentence.
SEAT_CODE = re.compile(r"(?<![\w-])(?:[NESW]|seat \d)(?![\w-])")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    translation.activate(settings.LANGUAGE_CODE)


def _table(croupier, seed):
    tournament = make_tournament(croupier, 4, seed=seed)
    table = tournament.stages.get().tables.get()
    return table, tricks.dealer_of(1, table.first_dealer, tournament.readings)


def _forbidden_bids(dealer: int) -> list[int]:
    """Round 1 (one card each): everyone else bids 0, so the dealer may not bid 1."""
    return [1 if seat == dealer else 0 for seat in range(4)]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_api_names_the_dealer_whose_bid_is_refused_in_the_readers_language(api_as, croupier, lang):
    table, dealer = _table(croupier, f"api-{lang}")
    taken = [1 if seat == dealer else 0 for seat in range(4)]
    answer = api_as(croupier).post(f"/api/tournament-tables/{table.pk}/rounds/",
                                   {"number": 1, "bids": _forbidden_bids(dealer), "taken": taken}, format="json",
                                   HTTP_ACCEPT_LANGUAGE=lang)
    assert answer.status_code == 400
    message = answer.json()["message"]
    assert f"({NAMES[lang][dealer]})" in message, message
    assert not SEAT_CODE.search(message), message
    assert answer.json()["extra"]["field"] == f"bids_{dealer}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_sheet_names_the_dealer_whose_bid_is_refused(client_as, croupier, lang):
    table, dealer = _table(croupier, f"sheet-{lang}")
    data = {"number": 1, **{f"bid_{s}": b for s, b in enumerate(_forbidden_bids(dealer))},
            **{f"taken_{s}": int(s == dealer) for s in range(4)}}
    client = client_as(croupier)
    answer = client.post(reverse("tournaments:sheet_record", args=[table.pk]), data, HTTP_HX_REQUEST="true",
                         HTTP_ACCEPT_LANGUAGE=lang)
    html = answer.content.decode()
    refusal = re.search(r'<small class="field-error" role="alert">([^<]*)</small>', html).group(1)
    assert f"({NAMES[lang][dealer]})" in refusal, refusal
    assert not SEAT_CODE.search(refusal), refusal
    # The same refusal after a redirect, as the message above the sheet.
    page = client.post(reverse("tournaments:sheet_record", args=[table.pk]), data, HTTP_ACCEPT_LANGUAGE=lang,
                       follow=True).content.decode()
    flashed = re.search(r'class="message error"[^>]*>([^<]*)<', page)
    assert flashed and f"({NAMES[lang][dealer]})" in flashed.group(1), page[:2000]
    # The card play's "led by" offers the seats by their names.
    options = re.findall(r'<option value="[0-3]"[^>]*>([^<]*)</option>', html)
    assert options[:4] == NAMES[lang]


def test_a_refusal_is_put_into_words_in_the_language_it_is_read_in():
    with translation.override("en"), pytest.raises(InvalidInput) as refused:
        services.check_round(number=1, dealer=0, bids=[1, 0, 0, 0], taken=[1, 0, 0, 0])
    with translation.override("ru"):
        assert str(refused.value.message).startswith("Сдающий (Север) не может заказать 1")
    with translation.override("en"):
        assert str(refused.value.message).startswith("The dealer (North) may not bid 1")


@pytest.mark.parametrize(("values", "field", "words"), [
    ({"bids": [0, None, 0, 0], "taken": [1, 0, 0, 0]}, "bids_1", {"en": "Round 1 needs a bid from East.",
                                                                  "ru": "В коне 1 нужен заказ от места Восток."}),
    ({"bids": [0, 0, 0, 0], "taken": [1, 0, None, 0]}, "taken_2", {"en": "The tricks South took are missing.",
                                                                   "ru": "Не записано, сколько взяток взял игрок на месте Юг."}),
    ({"bids": [0, 0, 0, "x"], "taken": [1, 0, 0, 0]}, "bids_3", {"en": "The bid of West, x, is not a whole number.",
                                                                 "ru": "Заказ игрока на месте Запад, x, — не целое число."}),
    ({"bids": [0, 0], "taken": [1, 0, 0, 0]}, "bids", {"en": "Four bids, one per seat.",
                                                       "ru": "Нужно четыре заказа, по одному на каждое место."}),
])
def test_the_sheets_checks_say_which_seat_in_words(values, field, words):
    with pytest.raises(InvalidInput) as refused:
        services.check_round(number=1, dealer=0, **values)
    assert refused.value.extra["field"] == field
    for lang, expected in words.items():
        with translation.override(lang):
            assert str(refused.value.message) == expected


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_flagged_rounds_problem_names_the_trick_and_the_seat(lang):
    with translation.override(lang):
        said = problem_words("round 4, trick 2, seat 3: the card is not in the hand")
    assert said.startswith({"en": "Trick 2, West:", "ru": "Взятка 2, Запад:"}[lang])
    assert "seat" not in said
