"""The rulebook is loaded from the engines' registries and cannot drift from them."""

import pytest
from django.core.management import call_command

from rules.engines import readings
from rules.engines.dragon import hands, seed_texts
from rules.models import InterpretationPoint, RulebookEntry
from rules.rulebook import expected_rows, import_engines, rulebook_differences, rulebook_sync

pytestmark = pytest.mark.django_db


def test_database_matches_the_engines_registries(archive):
    assert rulebook_differences() == []
    import_engines()
    assert set(InterpretationPoint.objects.values_list("point_id", flat=True)) == set(readings.registry())
    assert RulebookEntry.objects.filter(kind="base_rule", game="dragon").count() == len(seed_texts.BASE_RULES) == 25
    assert RulebookEntry.objects.filter(kind="modifier").count() == 100
    assert RulebookEntry.objects.filter(kind="hand", game="dragon").count() == 64
    assert RulebookEntry.objects.filter(kind="table", game="dragon").count() == 3
    for game in ("casino", "dice", "tricks", "draker"):
        assert RulebookEntry.objects.filter(key=game, kind="game_rule").exists(), game


def test_russian_text_is_verbatim_and_english_summary_kept(archive):
    h30 = RulebookEntry.objects.get(key="H30")
    assert h30.text_ru.startswith(hands.HANDS[30].seed_name)
    assert h30.data["name"] == hands.HANDS[30].name == "dragon"
    b12 = RulebookEntry.objects.get(key="B12")
    assert b12.text_ru == seed_texts.BASE_RULES[12]
    assert "precedent" in b12.summary_en
    assert RulebookEntry.objects.get(key="M7").text_ru == seed_texts.MODIFIERS[7]


def test_a_drifted_row_is_reported_and_the_sync_repairs_it(archive):
    RulebookEntry.objects.filter(key="B12").update(text_ru="переписано")
    InterpretationPoint.objects.filter(point_id="IP-DECKS").update(default="one_deck_only")
    RulebookEntry.objects.create(key="B99", game="dragon", kind="base_rule", number=99, title="Not a rule")
    problems = rulebook_differences()
    assert "rulebook entry B12: text_ru differs" in problems
    assert "interpretation point IP-DECKS: default differs" in problems
    assert "rulebook entry B99 is not in the engines" in problems
    counts = rulebook_sync()
    assert counts["updated"] == 1 and counts["deleted"] == 1
    assert rulebook_differences() == []


def test_sync_twice_changes_nothing(archive):
    before = RulebookEntry.objects.count()
    counts = rulebook_sync()
    assert (counts["created"], counts["updated"], counts["deleted"], counts["points"]) == (0, 0, 0, 0)
    assert RulebookEntry.objects.count() == before == len(expected_rows())


def test_management_command(archive, capsys):
    call_command("rulebook_sync")
    assert "interpretation points" in capsys.readouterr().out


def test_points_belong_to_their_rules(archive):
    point = InterpretationPoint.objects.get(point_id="IP-R2-WILD-CARD")
    assert [e.key for e in point.rules.all()] == ["B2"]
    assert InterpretationPoint.objects.get(point_id="IP-DICE-TIE").rules.filter(key="dice").exists()
