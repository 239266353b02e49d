"""docs/rules-coverage.md is generated from the registries and cannot drift."""

from __future__ import annotations

from rules.engines.dragon.coverage import OUTPUT, ROOT, collect_tests, render


def test_rules_coverage_doc_is_up_to_date():
    """The committed table equals a fresh generation (run `python -m rules.engines.dragon.coverage`)."""
    committed = (ROOT / OUTPUT).read_text(encoding="utf-8")
    assert committed == render(), "docs/rules-coverage.md is stale: regenerate it"


def test_coverage_lists_unimplemented_modifiers_and_finds_citing_tests():
    """Every modifier 1-100 has a row; missing group modules show as not implemented; tests are found
    by name and by docstring (modifier 7 is cited by test_m07_... names)."""
    text = render()
    rows = [line for line in text.splitlines() if line.startswith("| M")]
    assert len(rows) == 100
    tests = collect_tests()
    assert any("test_m07_ten_in_first_open_circle_kills_sevens" in t for t in tests["M"][7])
    from rules.engines.dragon.modifiers.base import registry
    missing = [n for n in range(1, 101) if n not in registry()]
    for n in missing:
        assert f"| M{n} |" in text and "not implemented" in next(r for r in rows if r.startswith(f"| M{n} |"))


def test_readings_not_offered_are_not_registered_and_their_points_are():
    """The coverage table's "not offered" readings (they need an input the club does not record) are
    not readings of their registered point: one that gets implemented must leave the list."""
    from rules.engines.dragon.judge import prepare_deal  # noqa: F401  (registers every point)
    from rules.engines.dragon.modifiers.base import registry
    from rules.engines.dragon.readings_dragon import NOT_OFFERED
    from rules.engines.readings import get as point

    registry()
    assert isinstance(NOT_OFFERED, tuple)
    text = render()
    for point_id, reading, _ref, why in NOT_OFFERED:
        registered = point(point_id)
        assert reading not in (registered.default, *registered.alternatives), (point_id, reading)
        assert why and f"| {point_id} | `{reading}` |" in text
    # The table's section has one row per entry, none when every reading is offered.
    section = text.split("## Readings of the modifier notes not offered", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| IP-")]
    assert len(rows) == len(NOT_OFFERED)
    # Readings that left the list once their facts were recorded are readings of their point.
    for point_id, reading in (("IP-M48-COUNT", "per_player_own"), ("IP-M56-EVEN", "everyone_present"),
                              ("IP-M85-NO-DOMINANT", "hue")):
        assert reading in point(point_id).alternatives, (point_id, reading)
