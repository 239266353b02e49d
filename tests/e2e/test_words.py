"""A finished deal of the demo club on a phone, in English and in Russian: the judge's trace and
the advisor's hints read as a croupier would say them, never as codes."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import phone_as

SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
REPR = re.compile(r"\[['\"]|\{['\"]|\bNone\b|\bTrue\b|\bFalse\b| -> ")
LATIN = re.compile(r"\b[A-Za-z]{2,}\b")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# A line starts with the rule that acted, its code and its title (base rule, modifier, table).
# Every line starts with its rule: the code and its title (a capital word), or the club's reading.
RULE = {"en": re.compile(r"^(?:[BMT]\d+ · [A-Z0-9]|The club's reading)"),
        "ru": re.compile(r"^(?:[BMT]\d+ · [А-ЯЁ0-9]|Толкование)", re.IGNORECASE)}


@pytest.mark.e2e
@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_finished_deal_reads_as_words_in_both_languages(live_server, browser, settings, celery_worker_process):
    settings.CLUB_JUDGE = ""          # the real judge and advisor (base rule 25)
    settings.GAMES_ADVISE_AFTER_SUBMIT = True
    from club.models import Member
    from games import demo
    from games.models import Result

    demo.load()
    if celery_worker_process is not None:
        # With a broker the advisor runs on the real worker, after the submissions' commits.
        from club.celery import app
        from club.pytest_plugin import _worker_idle

        _worker_idle(app, timeout=180)
    result = (Result.objects.filter(kind="judged", status="confirmed", advice__isnull=False)
              .select_related("deal").order_by("pk").first())
    assert result is not None and result.advice, "the demo's judged deals carry the advisor's hints"
    skeeve = Member.objects.get(display_name="Skeeve")
    names = set(Member.objects.values_list("display_name", flat=True))

    for lang in ("en", "ru"):
        page = phone_as(browser, live_server, skeeve, lang)
        page.goto(live_server.url + result.deal.get_absolute_url())
        assert page.get_attribute("html", "lang") == lang
        trace = [t.strip() for t in page.locator("#result ol.trace li").all_inner_texts()]
        assert len(trace) >= 3
        page.locator("#advice summary").tap()
        advice = [t.strip() for t in page.locator("#advice li").all_inner_texts()]
        assert advice
        page.locator("#result").screenshot(path=f"/tmp/words-deal-{lang}.png")
        page.locator("#advice").screenshot(path=f"/tmp/words-advice-{lang}.png")

        for line in trace + advice:
            assert not SNAKE.search(line) and not REPR.search(line), line
            assert "IP-" not in line, line
            text = line
            for name in sorted(names, key=len, reverse=True):
                text = text.replace(name, "")
            if lang == "en":
                assert not CYRILLIC.search(text), line
            else:
                assert not [w for w in LATIN.findall(text)], line
        for line in trace:
            assert RULE[lang].match(line), line
        # Base rule 5 (or Table 1 when the weakest wins): the last line names the winner by name.
        winner = result.winners.first().display_name
        assert winner in trace[-1]
        assert ("wins the deal" if lang == "en" else "выигрывает") in trace[-1] or len(result.winners.all()) > 1
        # The advice is a hint: who, what to claim, under which rule, and the hand it makes.
        hint = advice[0]
        assert any(hint.startswith(f"{n}:") for n in names), hint
        assert (" makes " in hint) if lang == "en" else ("получится" in hint), hint
        assert re.search(r"[BM]\d+ · ", hint), hint
        page.context.close()
