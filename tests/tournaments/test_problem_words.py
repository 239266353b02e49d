"""A flagged round's problems are said in the reader's language: the engine gives each a code and
values, the presenter turns them into a sentence with the cards drawn and the seats by name
(games/tournaments/presenters.py). Problems stored before they had codes keep the engine's line."""

from __future__ import annotations

import copy
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from games.tournaments import presenters, services
from games.tournaments.models import Round
from games.tournaments.presenters import problem_words
from rules.engines import tricks

from .conftest import make_tournament

# A word of two or more Latin letters: English left on a Russian page (a card's rank is one letter).
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    translation.activate(settings.LANGUAGE_CODE)


def round_two() -> dict:
    return {"number": 2, "dealer": 0, "trump_card": "9s", "bids": [0, 2, 0, 1],
            "tricks": [{"cards": ["Ah", "7h", "Jo", "4c"]}, {"cards": ["3d", "5c", "Kh", "2s"]}]}


def _with(**changes) -> dict:
    doc = copy.deepcopy(round_two())
    doc.update(changes)
    return doc


def _problem(doc: dict, code: str, readings=None) -> dict:
    found = [p for p in tricks.validate_round_play(doc, readings) if p.code == code]
    assert found, (code, tricks.validate_round_play(doc, readings))
    return found[0].to_dict()


def _illegal() -> dict:
    doc = round_two()
    doc["tricks"] = [{"cards": ["Ah", "2s", "Jo", "4c"]}, {"cards": ["3d", "5c", "Kh", "7h"]}]
    return _problem(doc, "illegal_play")


def _wrong_winner_and_leader() -> dict:
    doc = {**round_two(), "taken": [0, 1, 0, 1], "scores": [5, -20, 1, 99]}
    doc["tricks"][0]["winner"] = 1
    doc["tricks"][1]["leader"] = 1
    return doc


# Each kind of problem as the engine reports it, and what the sentence says in both languages.
CASES = {
    "illegal_play": (_illegal,
                     {"en": "Trick 1, South: played 2♠, which is not allowed: the led suit ♥ must be followed "
                            "(allowed: 7♥)",
                      "ru": "Взятка 1, Юг: сыграна карта 2♠, так ходить нельзя: нужно ходить в масть ♥ "
                            "(можно: 7♥)"}),
    "wrong_winner": (lambda: _problem(_wrong_winner_and_leader(), "wrong_winner"),
                     {"en": "Trick 1: recorded as taken by East, but West takes it",
                      "ru": "Взятка 1: записано, что взятку взял игрок на месте Восток, а берёт её игрок на месте "
                            "Запад"}),
    "wrong_leader": (lambda: _problem(_wrong_winner_and_leader(), "wrong_leader"),
                     {"en": "Trick 2: East led, but West was to lead",
                      "ru": "Взятка 2: ход сделал игрок на месте Восток, а ходить должен был игрок на месте Запад"}),
    "taken_mismatch": (lambda: _problem(_wrong_winner_and_leader(), "taken_mismatch"),
                       {"en": "tricks taken recorded as North 0, East 1, South 0, West 1, the tricks give "
                              "North 1, East 0, South 0, West 1",
                        "ru": "взятки записаны так: Север 0, Восток 1, Юг 0, Запад 1, а по ходам выходит "
                              "Север 1, Восток 0, Юг 0, Запад 1"}),
    "scores_mismatch": (lambda: _problem(_wrong_winner_and_leader(), "scores_mismatch"),
                        {"en": "scores recorded as North 5, East -20, South 1, West 99, the tricks give "
                               "North 1, East -20, South 5, West 10",
                         "ru": "очки записаны так: Север 5, Восток -20, Юг 1, Запад 99, а по ходам выходит "
                               "Север 1, Восток -20, Юг 5, Запад 10"}),
    "dealer_bid": (lambda: _problem(_with(bids=[0, 1, 0, 1]), "dealer_bid"),
                   {"en": "the dealer (North) bid 0, which makes the bids add up to 2, the cards each player holds",
                    "ru": "сдающий (Север) заказал 0, и сумма заказов стала 2 — столько карт у каждого игрока"}),
    "hand_size": (lambda: _problem(_with(hands=[["4c", "5c", "6c"], ["Ah", "Kh"], ["7h", "2s"], ["Jo", "3d"]]),
                                   "hand_size"),
                  {"en": "North: cards in the hand: 3, but each player holds 2",
                   "ru": "Север: карт в руке: 3, а у каждого игрока их 2"}),
    "duplicate_card": (lambda: _problem(_with(hands=[["4c", "5c"], ["Ah", "Kh"], ["7h", "2s"], ["Jo", "9s"]]),
                                        "duplicate_card"),
                       {"en": "the card 9♠ appears twice", "ru": "карта 9♠ встречается дважды"}),
    "card_not_in_hand": (lambda: _problem(_with(hands=[["4c", "5c"], ["Ah", "Kh"], ["7h", "2s"], ["Jo", "9s"]]),
                                          "card_not_in_hand"),
                         {"en": "Trick 2, West: played 3♦, which is not in the hand",
                          "ru": "Взятка 2, Запад: сыграна карта 3♦, которой нет в руке"}),
    "trick_count": (lambda: _problem(_with(tricks=round_two()["tricks"][:1]), "trick_count"),
                    {"en": "tricks recorded: 1, but the round has 2", "ru": "записано взяток: 1, а в этом коне их 2"}),
    "demand_without_joker": (
        lambda: _problem(_with(tricks=[{**round_two()["tricks"][0], "demand": "highest"}, round_two()["tricks"][1]]),
                         "demand_without_joker"),
        {"en": "Trick 1, East: a demand (the joker asks for the highest card) goes only with a joker lead",
         "ru": "Взятка 1, Восток: требование (джокер требует старшую карту) бывает только при ходе с джокера"}),
    "not_a_card": (lambda: _problem(_with(trump_card="Zz"), "not_a_card"),
                   {"en": "Zz is not a card", "ru": "Zz — не карта"}),
    "unreadable": (lambda: _problem({"number": 2}, "unreadable"),
                   {"en": "the recording of this round cannot be read", "ru": "запись этого кона не читается"}),
    "bids_missing": (lambda: _problem({k: v for k, v in round_two().items() if k != "bids"}, "bids_missing"),
                     {"en": "the bids of round 2 are missing", "ru": "не записаны заказы кона 2"}),
    "bad_bid": (lambda: _problem(_with(bids=[0, 3, 0, 1]), "bad_bid"),
                {"en": "the bid 3 is not one of 0–2", "ru": "заказ 3 — не от 0 до 2"}),
}


@pytest.mark.parametrize("code", sorted(CASES))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_problem_is_said_in_the_readers_language(code, lang):
    make, said = CASES[code]
    stored = make()
    assert stored["code"] == code
    with translation.override(lang):
        words = problem_words(stored)
    assert words == said[lang]
    if lang == "ru":
        assert not LATIN_WORD.search(words.replace("Zz", "")), words


def test_a_problem_is_put_into_words_when_it_is_read():
    stored = _illegal()
    with translation.override("ru"):
        assert problem_words(stored).startswith("Взятка 1, Юг: сыграна карта")
    with translation.override("en"):
        assert problem_words(stored).startswith("Trick 1, South: played")


def _unfilled(sentence: str) -> str:
    return re.sub(r"%\(\w+\)s", "", sentence)


def test_every_code_the_engine_can_give_has_a_sentence_in_both_languages():
    with translation.override("en"):
        en_problems, en_rules = presenters._problem_sentences(), presenters._obligation_sentences()
    with translation.override("ru"):
        ru_problems, ru_rules = presenters._problem_sentences(), presenters._obligation_sentences()
    assert set(tricks.PROBLEM_CODES) <= set(en_problems)
    assert set(tricks.OBLIGATIONS) <= set(en_rules)
    for code in tricks.PROBLEM_CODES:
        assert ru_problems[code] != en_problems[code] and not LATIN_WORD.search(_unfilled(ru_problems[code])), code
    for code in tricks.OBLIGATIONS:
        en, ru = en_rules[code], ru_rules[code]
        if isinstance(en, dict):
            assert set(en) == set(tricks.DEMANDS) == set(ru), code
            pairs = [(en[d], ru[d]) for d in tricks.DEMANDS]
        else:
            pairs = [(en, ru)]
        for e, r in pairs:
            assert e != r and not LATIN_WORD.search(_unfilled(r)), code


@pytest.mark.parametrize("reason", tricks.OBLIGATIONS)
def test_every_rule_of_play_reads_in_russian_inside_an_illegal_play(reason):
    stored = _illegal()
    stored["values"] = {**stored["values"], "reason": reason, "joker_any_time": True,
                        "reason_values": {"suit": "h", "trump": "s", "demand": "lowest"}}
    with translation.override("ru"):
        words = problem_words(stored)
    assert words.startswith("Взятка 1, Юг: сыграна карта 2♠, так ходить нельзя: ")
    assert words.endswith("; джокером можно ходить в любой момент (можно: 7♥)"), words
    assert not LATIN_WORD.search(words), words


def test_a_code_without_a_sentence_keeps_the_engines_english():
    stored = {"round": 2, "trick": 1, "seat": 0, "code": "something_new", "values": {}, "message": "a new check"}
    with translation.override("ru"):
        assert problem_words(stored) == "Взятка 1, Север: a new check"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_problem_stored_as_the_engines_line_still_reads(lang):
    with translation.override(lang):
        said = problem_words("round 4, trick 2, seat 3: the card is not in the hand")
    assert said == {"en": "Trick 2, West: the card is not in the hand",
                    "ru": "Взятка 2, Запад: the card is not in the hand"}[lang]


# --- the service stores codes, the round page says them -------------------------------------------

def _flagged_round(croupier) -> Round:
    tournament = make_tournament(croupier, 4, seed="problems")
    table = tournament.stages.get().tables.get()
    game = tricks.play_game("problems", first_dealer=table.first_dealer)
    for played in game.rounds[:4]:
        doc = played.to_dict()
        if played.number == 4:
            doc["tricks"][0]["winner"] = (doc["tricks"][0]["winner"] + 1) % 4
        services.round_record(actor=croupier, table=table, number=played.number, play=doc)
    services.table_rescore(table_id=table.pk)
    return Round.objects.get(table=table, number=4, live=True)


@pytest.mark.django_db
def test_the_service_stores_each_problem_with_its_code_and_values(croupier):
    row = _flagged_round(croupier)
    assert row.flagged
    [problem] = row.problems
    assert problem["code"] == "wrong_winner" and problem["trick"] == 1
    assert set(problem["values"]) == {"recorded", "winner"} and problem["message"].startswith("recorded as taken")


@pytest.mark.django_db
def test_a_row_judged_before_problems_had_codes_still_shows_them(client_as, croupier):
    row = _flagged_round(croupier)
    Round.objects.filter(pk=row.pk).update(problems=["round 4, trick 1, seat 2: the old words"])
    page = client_as(croupier).get(reverse("tournaments:round", args=[row.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Trick 1, South: the old words" in page.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_round_page_says_a_flagged_rounds_problems_in_the_readers_language(client_as, croupier, lang):
    row = _flagged_round(croupier)
    page = client_as(croupier).get(reverse("tournaments:round", args=[row.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    html = page.content.decode()
    alert = re.search(r'<div class="message error" role="alert">(.*?)</div>', html, re.S).group(1)
    items = re.findall(r"<li>(.*?)</li>", alert, re.S)
    assert len(items) == 1, alert
    expected = {"en": r"Trick 1: recorded as taken by (North|East|South|West), but (North|East|South|West) takes it",
                "ru": r"Взятка 1: записано, что взятку взял игрок на месте (Север|Восток|Юг|Запад), а берёт её "
                      r"игрок на месте (Север|Восток|Юг|Запад)"}[lang]
    assert re.fullmatch(expected, items[0]), items[0]
    if lang == "ru":
        main = re.search(r"<main[^>]*>(.*?)</main>", html, re.S).group(1)
        text = re.sub(r"<(script|style)[^>]*>.*?</\1>|<[^>]+>", " ", main, flags=re.S)
        assert not LATIN_WORD.search(text), LATIN_WORD.findall(text)
