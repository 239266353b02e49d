"""The rulebook on a phone, in English and in Russian: the grouped index, a modifier's page with
its title above the seed's Russian text, and a search with marked passages and a second page."""

from __future__ import annotations

import pytest

from rules import titles
from rules.rulebook import rulebook_sync
from tests.e2e.conftest import PHONE


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("language", "group", "query"), [
    ("en", "Conditional modifiers", "card"),
    ("ru", "Условные модификаторы", "карты"),
])
def test_read_the_rulebook_on_a_phone(live_server, browser, language, group, query):
    rulebook_sync()
    page = browser.new_context(**PHONE, locale=language).new_page()
    page.goto(live_server.url + "/rules/")
    shot = f"/tmp/rulebook-{language}"

    # Modifier 15 (no open wild card: two Dragons wild) sits folded in its group of 25.
    modifiers = page.locator("#group-modifiers")
    assert not page.locator("#group-modifiers-1").is_visible()
    modifiers.locator("> summary").tap()
    assert group in modifiers.locator("> summary").inner_text()
    page.locator("#group-modifiers-1 > summary").tap()
    m15 = titles.title_in("M15", language)
    link = page.locator("#group-modifiers-1 a", has_text=m15)
    assert link.is_visible()
    page.screenshot(path=f"{shot}-index.png", full_page=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    link.tap()
    page.wait_for_selector("h1")
    assert page.inner_text("h1") == m15
    # The Russian title right above the seed's verbatim text: the section's own heading on an
    # English page, the page's heading on a Russian one.
    russian = page.locator('section[lang="ru"]')
    heading = russian.locator("h2") if language == "en" else page.locator("h1")
    assert heading.inner_text() == titles.MODIFIERS[15][1]
    assert russian.locator("blockquote").inner_text().startswith("Если в открытых кругах")
    assert heading.bounding_box()["y"] < russian.locator("blockquote").bounding_box()["y"]
    page.screenshot(path=f"{shot}-modifier.png", full_page=True)

    page.goto(live_server.url + "/rules/")
    page.fill('input[name="q"]', query)
    page.locator('form[role="search"] button').tap()
    page.wait_for_selector(".search-count")
    assert page.locator(".search-results mark").count() > 3
    count_line = page.inner_text(".search-count")
    assert ("results for" if language == "en" else "по запросу") in count_line
    page.screenshot(path=f"{shot}-search.png", full_page=False)
    page.locator('a[rel="next"]').tap()
    page.wait_for_selector('.search-results[start="21"]')
    assert page.locator(".search-results mark").count() > 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=f"{shot}-search-page2.png", full_page=False)
