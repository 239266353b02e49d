"""What the club's site-wide parts gather from the apps above it, which each app registers from its
AppConfig.ready() (the club imports none of them): the history's kinds, a member's data export,
his page and calendar, every page's offline words, and how the API answers an engine's refusal."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import date

import pytest
from django.urls import reverse

from club import audit
from club.api_errors import api_exception_handler
from club.member_data import member_data_zip
from games.tournaments.models import Rating, Tournament
from rules.engines.errors import RulesError

pytestmark = pytest.mark.django_db


def test_the_history_knows_every_apps_kinds_in_the_order_they_came():
    assert list(audit.KINDS) == [
        "member", "venue", "session", "rsvp", "seat",
        "game", "player", "deal", "card", "bet", "claim", "result", "ledger", "season",
        "draker_game", "draker_player", "draker_turn"]


def test_a_kind_is_registered_once():
    game = audit.KINDS["game"]
    kind = audit.register_kind("game", game, label=lambda record, names: ("", None))
    assert kind.label is not None and list(audit.KINDS).count("game") == 1
    with pytest.raises(ValueError, match="game"):
        audit.register_kind("game", audit.KINDS["deal"], label=lambda record, names: ("", None))


def test_the_export_holds_each_apps_tables_in_order(plain_member):
    with zipfile.ZipFile(io.BytesIO(member_data_zip(member=plain_member))) as archive:
        data = json.loads(archive.read("data.json"))
    assert list(data) == ["exported_at", "profile", "sessions", "seats", "results", "chip-statement", "claims",
                          "bets", "tournaments", "disputes", "precedents"]


def test_a_members_page_draws_his_rating_chart(client_as, plain_member, croupier):
    cup = Tournament.objects.create(name="Bazaar cup", slug="bazaar-cup", date=date.today())
    Rating.objects.create(member=plain_member, tournament=cup, mu=27.0, sigma=7.0, ordinal=6.0)
    page = client_as(croupier).get(reverse("club:member_detail", args=[plain_member.pk])).content.decode()
    assert f"Rating history of {plain_member.display_name}" in page


def test_a_members_pages_carry_the_offline_words_and_a_visitors_none(client, client_as, plain_member):
    response = client_as(plain_member).get(reverse("club:dashboard"))
    words = response.context["offline_words"]
    assert words["me"] == plain_member.pk and len(words) > 1
    assert 'id="offline-words"' in response.content.decode()
    client.logout()
    assert client.get(reverse("club:dashboard")).context["offline_words"] is None


def test_an_engines_refusal_is_a_400_naming_the_value_cut_and_the_rule():
    response = api_exception_handler(RulesError("Not a card.", value="Z" * 100, rule="B1"), {})
    assert response.status_code == 400
    assert response.data == {"message": "Not a card.", "extra": {"value": "Z" * 40 + "…", "rule": "B1"}}
    response = api_exception_handler(RulesError("Too many.", value=7), {})
    assert response.data == {"message": "Too many.", "extra": {"value": 7}}
