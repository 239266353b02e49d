"""The judge's trace and the advisor's hints as a person reads them, in English and in Russian:
one presenter per kind of trace entry, cards and hands by name, rules with their titles."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games import presenters
from rules.engines import dragon
from rules.engines.cards import deck52, shuffled
from rules.engines.dragon.judge import judge_deal
from tests.engines.dragon.helpers import table

NAMES = {"1": "Skeeve", "2": "Aahz"}


def _lines(rows, lang):
    with translation.override(lang):
        return presenters.trace_lines(rows, lang, NAMES)


_GENERIC = re.compile(r"([BMTDH]\d{1,3}) · (?:Table|Modifier|Base rule|Таблица|Модификатор|Базовое правило) \d+")


def _titled(text: str, lang: str) -> str:
    """The expected line with each rule's real title: "T2 · Table 2" stands for "T2 · <title of T2>"."""
    with translation.override(lang):
        return _GENERIC.sub(lambda m: presenters.rule_label(m.group(1)), text)


@pytest.mark.parametrize(("row", "en", "ru"), [
    # Table 2 makes a rank wild for the hour.
    ({"source": "T2", "change": "wild", "cards": ["7s"], "player": "1", "before": "natural", "after": "wild"},
     "T2 · Table 2: the Seven of spades (Skeeve): now a wild card",
     "T2 · Таблица 2: семёрка пик (Skeeve): теперь дикая карта"),
    # Modifier 74 changes a rank.
    ({"source": "M74", "change": "rank", "cards": ["5s"], "player": "1", "before": "5s", "after": "4s"},
     "M74 · Modifier 74: the Five of spades (Skeeve) now plays as the Four of spades",
     "M74 · Модификатор 74: пятёрка пик (Skeeve) теперь играет как четвёрка пик"),
    # Base rule 5: the best hand wins.
    ({"source": "B5", "change": "winner", "cards": [], "before": None, "after": ["1"]},
     "B5 · Base rule 5: Skeeve wins the deal", "B5 · Базовое правило 5: сдачу выигрывает Skeeve"),
    # Base rule 2 after a deal played without recording its cards.
    ({"source": "B2", "change": "not recorded", "cards": []},
     "B2 · Base rule 2: the previous deal was played without recording its cards",
     "B2 · Базовое правило 2: предыдущая сдача сыграна без записи карт"),
    # Base rule 1 allows one suit change per Game: a second claim is refused.
    ({"source": "B1", "change": "refused", "cards": [], "player": "2", "after": "once_per_game"},
     "B1 · Base rule 1: the claim of Aahz is refused: the right was already used in this game",
     "B1 · Базовое правило 1: заявка игрока Aahz отклонена: право уже использовано в этой игре"),
    # Modifier 3 shifts the month Table 3 reads.
    ({"source": "M3", "change": "table3_month", "cards": [], "before": 12, "after": 1},
     "M3 · Modifier 3: Table 3 reads the month as January (it is December)",
     "M3 · Модификатор 3: таблица 3 читает месяц как «Январь» (сейчас «Декабрь»)"),
    # Modifier 33 cancels modifier 34.
    ({"source": "M33", "change": "cancelled", "cards": [], "after": "M34"},
     "M33 · Modifier 33: M34 · Modifier 34 does not act in this deal",
     "M33 · Модификатор 33: M34 · Модификатор 34 не действует в этой сдаче"),
])
def test_each_kind_of_entry_reads_as_a_sentence(row, en, ru):
    assert _lines([row], "en") == [_titled(en, "en")]
    assert _lines([row], "ru") == [_titled(ru, "ru")]


def test_the_same_change_of_several_cards_by_one_rule_is_one_sentence():
    """Table 2 kills a rank: every Eight dealt is dead, told once."""
    rows = [{"source": "T2", "change": "dead", "cards": [card], "player": p, "after": "dead"}
            for card, p in (("8s", "1"), ("8d", "2"))]
    assert _lines(rows, "en") == [_titled("T2 · Table 2: the Eight of spades (Skeeve) and the Eight of diamonds (Aahz): "
                                  "now dead cards", "en")]
    assert _lines(rows, "ru") == [_titled("T2 · Таблица 2: восьмёрка пик (Skeeve) и восьмёрка бубен (Aahz): "
                                  "теперь мёртвые карты", "ru")]


def test_a_player_who_is_not_at_the_table_is_never_shown_by_id():
    rows = [{"source": "B5", "change": "winner", "cards": [], "after": ["17"]}]
    assert "17" not in _lines(rows, "en")[0]


def test_an_interpretation_point_is_shown_by_the_rule_it_reads():
    rows = [{"source": "IP-M5-AFTERMATH", "change": "pattern", "cards": [], "before": ["open"], "after": ["dark"]}]
    line = _lines(rows, "en")[0]
    assert "IP-" not in line and line.startswith(_titled("The club's reading of M5 · Modifier 5:", "en"))


def test_the_advice_is_a_hint_naming_the_claim_the_rule_and_the_hand():
    """Base rule 1: a suit change the player could have claimed, and the hand (#63) it makes."""
    s = {"rule": "B1", "player": "1", "card": "6s", "suit": "d", "hand": {"category": 63, "name": "pair"}}
    with translation.override("en"):
        assert presenters.advice_sentence(s, NAMES) == _titled(
            "Skeeve: playing the Six of spades as the Six of diamonds (B1 · Base rule 1) makes "
            f"{dragon.HANDS[63].english}", "en")
    with translation.override("ru"):
        assert presenters.advice_sentence(s, NAMES) == _titled(
            "Skeeve: сыграть карту «шестёрка пик» как «шестёрка бубен» (B1 · Базовое правило 1) — получится "
            f"«{dragon.HANDS[63].seed_name}»", "ru")


def test_every_entry_of_a_real_judgement_reads_without_codes():
    """Whatever the engine records, the presenters never show a snake_case code or a Python value."""
    judged = judge_deal(table(), 1, "2026-03-04T21:30:00", shuffled(deck52(), 5)[:36])
    rows = [e.as_dict() for e in judged.trace]
    assert rows
    for lang in ("en", "ru"):
        for line in _lines(rows, lang):
            assert "_" not in line and "[" not in line and "None" not in line and " -> " not in line, line


def test_many_cards_of_one_change_are_told_player_by_player():
    """Table 3 makes many cards home at once: each player's cards together, then his name."""
    rows = [{"source": "T3", "change": "home", "cards": [card], "player": p, "after": "home"}
            for card, p in (("Ah", "1"), ("6h", "2"), ("As", "1"))]
    assert _lines(rows, "en") == [_titled("T3 · Table 3: the Dragon of hearts and the Dragon of spades (Skeeve); "
                                  "the Six of hearts (Aahz): now home cards", "en")]


def test_m48_moved_clocks_read_by_date_and_by_seat():
    """Modifier 48 (watches with hands): the moved date in the reader's words (Russian months in the
    genitive) and each seat's own time, named by the seat, never by its code."""
    rows = [{"source": "M48", "change": "date", "cards": [], "before": "2026-01-31", "after": "2026-02-01"},
            {"source": "M48", "change": "clock_shifts", "cards": [], "before": {}, "after": {"N": 2, "E": 1}}]
    en, ru = _lines(rows, "en"), _lines(rows, "ru")
    assert en[0].endswith("the rules read the date as 1 February 2026 (it was 31 January 2026)")
    assert en[1].endswith("the time at North moves +2 hours and the time at East moves +1 hour")
    assert ru[0].endswith("правила читают дату как 1 февраля 2026 (было 31 января 2026)")
    assert ru[1].endswith("время на месте «Север» сдвигается на +2 часа и время на месте «Восток» сдвигается на +1 час")
