"""The provisional judgement shown on the deal page while a deal is being dealt: the rules that have
acted on the cards so far, marked provisional, within a bounded number of queries."""

from __future__ import annotations

from collections import OrderedDict
from html import escape

import pytest
from django.urls import reverse

from games import engine, presenters, selectors, services
from games import sitting as sitting_reads
from games.sitting import sitting_for
from rules.engines.dragon import judge as dragon_judge
from rules.engines.dragon import preview as dragon_preview
from tests.games.conftest import full_deal, post_cards

pytestmark = pytest.mark.django_db


# --- the provisional judgement on the deal page --------------------------------------------------

def test_each_card_shows_the_rules_that_acted_so_far_marked_provisional(client_as, game, croupier, players):
    """Base rule 20 (an odd deal inverts the suit order) acts from the first card of deal 1; the
    panel swapped in after a card shows it, marked provisional, with what the engine's provisional
    judgement says of the cards so far."""
    deal = services.deal_start(game=game, actor=croupier)
    client = client_as(players[0])
    assert 'id="deal-preview"' not in client.get(deal.get_absolute_url()).content.decode()
    page = post_cards(client, deal, ["Kd"])
    assert 'id="deal-preview"' in page and "provisional" in page
    assert "As if the deal ended now, after 1 of 36 cards" in page
    rules = page.split('id="preview-rules"')[1].split("</p>")[0]
    assert f'<span class="badge">{presenters.rule_label("B20")}</span>' in rules and "suits inverted" in rules
    page = post_cards(client, deal, ["7c", "Ah", "2s", "10d"])
    found = selectors.deal_preview(sitting=sitting_for(deal))
    assert found is not None and found.dealt == 5
    rules = page.split('id="preview-rules"')[1].split("</p>")[0]
    for source in found.sources:
        assert f'<span class="badge">{presenters.rule_label(source)}</span>' in rules
    for c in found.cards:                       # the card tiles carry the provisional states
        if c.state != "natural":
            assert f'class="card {engine.card_colour(c.card)} {c.state}' in page
    # the full page shows the same panel; a submitted result replaces it by the judge's trace
    assert 'id="deal-preview"' in client.get(deal.get_absolute_url()).content.decode()


def test_the_provisional_trace_is_in_russian_for_russian_members(client_as, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    page = client_as(players[1]).get(deal.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    trace = page.split('id="preview-trace"')[1].split("</ol>")[0]
    found = selectors.deal_preview(sitting=sitting_for(deal))
    names = {engine.player_key(p.pk): p.display_name for p in players}
    lines = presenters.preview_lines(found, "ru", names)
    assert lines and all(escape(line) in trace for line in lines)
    assert lines != presenters.preview_lines(found, "en", names)


def test_a_partial_deal_the_engine_refuses_shows_nothing_provisional(monkeypatch, client_as, game, croupier,
                                                                     players):
    deal = services.deal_start(game=game, actor=croupier)
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    client = client_as(players[0])

    def refuses(doc, **kwargs):
        raise dragon_preview.PreviewUnavailable("the cards so far cannot be judged yet", value=1)

    monkeypatch.setattr(dragon_preview, "preview_game", refuses)
    page = client.get(deal.get_absolute_url())
    assert page.status_code == 200 and b'id="deal-preview"' not in page.content and b"next card to" in page.content

    def breaks(doc, **kwargs):
        raise IndexError("a rule read a tenth card")

    monkeypatch.setattr(dragon_preview, "preview_game", breaks)
    swapped = client.post(reverse("games:deal_card", args=[deal.pk]), {"card": "Qs"}, HTTP_HX_REQUEST="true")
    assert swapped.status_code == 200 and b'id="deal-preview"' not in swapped.content
    assert deal.cards.count() == 2


def test_no_preview_before_the_first_card_after_the_result_or_for_quick_deals(judge, game, croupier, players):
    deal = services.deal_start(game=game, actor=croupier)
    assert selectors.deal_preview(sitting=sitting_for(deal)) is None
    services.deal_card(deal=deal, actor=croupier, card="Kd")
    assert selectors.deal_preview(sitting=sitting_for(deal)).dealt == 1
    digital = full_deal_done(game, croupier, players, deal)
    assert selectors.deal_preview(sitting=sitting_for(digital)) is None
    services.result_submit(deal=digital, actor=players[0])
    quick = services.deal_start(game=game, actor=croupier, quick=True)
    assert selectors.deal_preview(sitting=sitting_for(quick)) is None


def full_deal_done(game, croupier, players, deal):
    """Finish ``deal`` by the engine's own dealing order and confirm its result; the next deal is
    dealt by the site."""
    for token in engine.full_deck():
        if selectors.next_circle(sitting=sitting_for(deal)) is None:
            break
        if not deal.cards.filter(card=token).exists():
            services.deal_card(deal=deal, actor=croupier, card=token)
    assert selectors.deal_preview(sitting=sitting_for(deal)).complete
    services.result_confirm(result=services.result_submit(deal=deal, actor=players[0]), actor=players[1])
    assert selectors.deal_preview(sitting=sitting_for(deal)) is None
    return full_deal(game, croupier)


def test_the_earlier_deals_are_judged_once_for_all_the_cards_of_a_deal(judge, monkeypatch, client_as, game, croupier,
                                                                       players):
    """Each tap's provisional judgement starts from the history of the earlier deals, which stays the
    same while the deal is dealt: they are judged for its first card only, and each card's panel
    is what judging them again gives."""
    done = full_deal(game, croupier, seed="h1")
    services.result_confirm(result=services.result_submit(deal=done, actor=players[0]), actor=players[1])
    judged = []
    real = dragon_judge.sitting_history

    def counting(doc, *, upto):
        judged.append(upto)
        return real(doc, upto=upto)

    monkeypatch.setattr(dragon_judge, "sitting_history", counting)
    monkeypatch.setattr(sitting_reads, "_HISTORIES", OrderedDict())
    deal = services.deal_start(game=game, actor=croupier)
    client = client_as(players[0])
    page = post_cards(client, deal, ["Kd", "7c", "Ah", "2s"])
    assert 'id="deal-preview"' in page and judged == [1]
    sitting = sitting_for(deal)
    again = dragon_preview.preview_game({**sitting.judged_document, "readings": dict(sitting.readings)})
    assert engine.preview_deal(sitting).as_dict() == again.as_dict() and judged == [1]


@pytest.mark.parametrize("earlier", [0, 3])
def test_the_recording_page_makes_a_bounded_number_of_queries(judge, django_assert_max_num_queries, client_as, game,
                                                              croupier, players, earlier):
    for n in range(earlier):
        done = full_deal(game, croupier, seed=f"q{n}")
        services.result_confirm(result=services.result_submit(deal=done, actor=players[0]), actor=players[1])
    deal = services.deal_start(game=game, actor=croupier)
    for token in ("Kd", "7c", "Ah", "2s", "10d", "Qh"):
        services.deal_card(deal=deal, actor=croupier, card=token)
    client = client_as(players[0])
    # The sitting is read once (players, deals, cards, bets, the precedents in force), whatever
    # the number of earlier deals; the precedents take one query with an empty archive and three
    # with the founding precedents (their fixes, and the citations that end another's force).
    with django_assert_max_num_queries(13):
        page = client.get(deal.get_absolute_url())
    assert page.status_code == 200 and b'id="deal-preview"' in page.content
