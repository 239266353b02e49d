"""The judge explains everything it does (the pattern changes, the claims it refuses) and its sitting
document is a published format (``docs/sitting-document.schema.json``)."""

from __future__ import annotations

import pytest

from rules.engines.dragon import judge_game

from .helpers import layout, table

WEDNESDAY = "2026-03-04T10:30:00+03:00"
THURSDAY = "2026-03-05T10:30:00+03:00"
DEALERS = ("N", "E", "S", "W")           # deal n is dealt by the n-th seat (IP-DEAL-ROTATION default)


def sitting(hands: dict[str, str], *, number: int = 1, started_at: str = WEDNESDAY, readings=None,
            claims=None, **extra) -> dict:
    """A sitting of four players at N, E, S, W from four dimensions: ``number`` deals, the last one dealt
    ``hands`` (nine cards per seat in circle order, ``helpers.layout``) with ``claims``."""
    tbl = table()
    deals = []
    for n in range(1, number + 1):
        deal = {"started_at": started_at, "cards": layout(tbl, DEALERS[(n - 1) % 4], hands if n == number else {})}
        if n == number and claims is not None:
            deal["claims"] = claims
        deals.append(deal)
    doc = {"players": [{"id": seat, "seat": seat, "dimension": f"D{seat}"} for seat in DEALERS],
           "deals": deals, **extra}
    if readings:
        doc["readings"] = readings
    return doc


def _pattern_lines(deal: dict, source: str) -> list[dict]:
    return [e for e in deal["trace"] if e["source"] == source and e["change"] == "pattern"]


# ---------------------------------------------------------------------------- pattern changes in the trace
DK, OP = "dark", "open"


@pytest.mark.parametrize(("source", "hands", "number", "started_at", "readings", "pattern"), [
    ("M5", {"E": "- - - As - - - - -"}, 1, WEDNESDAY, None, [DK, DK, DK, OP, OP, OP, OP, DK, DK]),
    ("M6", {"E": "- - - 3h - - - - -", "W": "- - - 3s - - - - -"}, 1, WEDNESDAY, None,
     [DK, DK, DK, OP, OP, DK, OP, OP, DK]),
    ("M12", {"S": "- - - - 9d - - - -"}, 1, WEDNESDAY, None, [DK, DK, DK, OP, OP, DK, OP, DK, OP]),
    ("M75", {}, 3, THURSDAY, None, [OP, DK, DK, OP, OP, OP, OP, OP, DK]),
    ("M75", {}, 3, WEDNESDAY, {"IP-M75-RULE15": "m75_wins"}, [OP] + [DK] * 8),
])
def test_a_pattern_modifier_says_in_the_trace_which_circles_it_changed(source, hands, number, started_at,
                                                                       readings, pattern):
    """Modifiers 5, 6, 12 and 75 change which circles are dealt dark or open: the deal's trace has their
    line, with the pattern before and after it acted, which is the pattern dealt."""
    deal = judge_game(sitting(hands, number=number, started_at=started_at, readings=readings))["deals"][-1]
    assert deal["pattern"] == pattern
    lines = _pattern_lines(deal, source)
    assert len(lines) == 1, deal["trace"]
    assert lines[0]["after"] == pattern and lines[0]["before"] != pattern and lines[0]["text"]


def test_no_pattern_line_where_no_pattern_modifier_acts():
    deal = judge_game(sitting({"E": "- - - Ks - - - - -", "S": "- - - Ah - - - - -"}))["deals"][0]
    assert deal["pattern"] == [DK, DK, DK, OP, OP, OP, OP, OP, DK]
    assert [e for e in deal["trace"] if e["change"] == "pattern"] == []


# ---------------------------------------------------------------------------- illegal claims are refused
def _two_deals_with_claims(second_claims):
    doc = sitting({}, number=2)
    doc["deals"][0]["cards"] = layout(table(), "N", {"E": "4h - - - - - - - -"})
    doc["deals"][1]["cards"] = layout(table(), "E", {"E": "4d - - - - - - - -", "S": "9c - - - - - - - -"})
    doc["deals"][0]["claims"] = [{"player": "E", "rule": "B1", "card": "4h", "suit": "s"}]
    doc["deals"][1]["claims"] = second_claims
    return doc


def test_a_second_base_rule_1_change_in_a_game_is_refused_in_its_deal_and_the_rest_judged():
    """Base rule 1: one suit change per player per Game. E's second change is refused in deal 2's output
    with its code and reason; S's change in the same deal and deal 1 are judged as usual."""
    second = {"player": "E", "rule": "B1", "card": "4d", "suit": "s"}
    doc = _two_deals_with_claims([second, {"player": "S", "rule": "B1", "card": "9c", "suit": "h"}])
    first, deal = judge_game(doc)["deals"]
    assert first["refused_claims"] == []
    assert [(e["source"], e["change"], e["after"]) for e in first["trace"] if e["source"] == "B1"] == [
        ("B1", "suit", "4s")]
    assert deal["refused_claims"] == [{"claim": second, "code": "once_per_game",
                                       "reason": "E already changed a suit in this Game"}]
    cards = {c["card"]: c for c in deal["players"]["S"]["cards"] + deal["players"]["E"]["cards"]}
    assert cards["9c"]["suit"] == "h" and cards["4d"]["suit"] == "d"
    refused = [e for e in deal["trace"] if e["change"] == "refused" and e["source"] == "B1"]
    assert [(e["player"], e["after"]) for e in refused] == [("E", "once_per_game")]
    assert set(deal) == set(first) == {"number", "dealer", "pattern", "orders", "weakest_wins", "players",
                                       "winners", "chips", "trace", "refused_claims"}


def test_a_claim_on_a_card_the_player_does_not_hold_is_refused_with_its_code():
    doc = _two_deals_with_claims([{"player": "W", "rule": "B1", "card": "4d", "suit": "c"}])
    deal = judge_game(doc)["deals"][1]
    assert deal["refused_claims"] == [{"claim": {"player": "W", "rule": "B1", "card": "4d", "suit": "c"},
                                       "code": "not_held", "reason": "W holds no 4d"}]


def test_the_deal_api_still_raises_for_an_illegal_claim():
    """The advisor tries claims through judge_deal and prepare_deal: there an illegal claim still raises,
    carrying the claim and its code."""
    from rules.engines.dragon.judge import judge_deal
    from rules.engines.dragon.state import Claim
    from rules.engines.errors import RulesError

    from .helpers import claim

    cards = layout(table(), "N", {"E": "4h - - - - - - - -"})
    twice = [claim("E", "B1", card="4h", suit="s"), claim("E", "B1", card="4h", suit="c")]
    with pytest.raises(RulesError) as refused:
        judge_deal(table(), 1, WEDNESDAY, cards, claims=twice)
    assert refused.value.code == "once_per_game" and isinstance(refused.value.claim, Claim)
    judged = judge_deal(table(), 1, WEDNESDAY, cards, claims=twice, refuse=True)
    assert [(r.claim.suit, r.code) for r in judged.refused] == [("c", "once_per_game")]


@pytest.mark.parametrize("bad", [{"player": "E", "rule": "B1", "colour": "h"}, {"player": "E", "rule": "M7"},
                                 {"player": "nobody", "rule": "B1", "card": "4d", "suit": "c"},
                                 {"player": "E", "rule": "B1", "card": "4d", "suit": "x"}])
def test_a_malformed_claim_is_still_an_error_of_the_document(bad):
    from rules.engines.errors import RulesError

    with pytest.raises(RulesError):
        judge_game(_two_deals_with_claims([bad]))


# ---------------------------------------------------------------------------- the published format
SCHEMA_DOCS = {"sitting-document.schema.json": "sitting_schema", "judge-output.schema.json": "output_schema"}


def _validator(name: str = "sitting_schema"):
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    from rules.engines.dragon import document

    sitting_schema = document.sitting_schema()
    registry = Registry().with_resource(sitting_schema["$id"], Resource.from_contents(sitting_schema))
    schema = getattr(document, name)()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=registry)


def _readme_example() -> dict:
    """The README's sitting, its three-dozen-card elision filled in."""
    from rules.engines.cards import deck52, shuffled

    return {
        "ruleset": "club-2.2.1",
        "players": [{"id": "skeeve", "seat": "N", "dimension": "Klah", "dimension_phonetic": "klah", "sex": "m"},
                    {"id": "aahz", "seat": "E", "dimension": "Perv", "dimension_phonetic": "perv", "sex": "m"},
                    {"id": "tananda", "seat": "S", "dimension": "Trollia", "dimension_phonetic": "trollia",
                     "sex": "f"}],
        "place": {"latitude": 55.75, "longitude": 37.62, "timezone": "Europe/Moscow"},
        "stakes": {"min": 2, "max": 20},
        "deals": [{"started_at": "2026-11-29T21:15:00+03:00",
                   "cards": [str(c) for c in shuffled(deck52(), 3)][:27],
                   "bets": {"skeeve": 6, "aahz": 6, "tananda": 6}}]}


def _documents() -> list[dict]:
    from . import test_judge, test_unrecorded

    busy = test_judge.doc(readings={"IP-M62-PREVIOUS": "last_at_table"}, weather="sunny",
                          croupier={"clothing": "hard_to_tell"},
                          room={"saint_images": 1, "exits": None, "natural_surface": False, "bearded_onlookers": 2})
    busy["previous_game"] = test_judge.doc()
    busy["players"] = [{**p, "clothing": "none", "clothing_hue": "red", "analog_watches": 1} for p in busy["players"]]
    unrecorded = test_unrecorded.sitting([test_unrecorded.played(1, "21:00"), test_unrecorded.quick("21:10")])
    claims = _two_deals_with_claims([{"player": "E", "rule": "B1", "card": "4d", "suit": "s"},
                                     {"player": "S", "rule": "M23", "card": "9c", "cancels": "M7",
                                      "shown_before_betting": False}])
    return [_readme_example(), test_judge.doc(), busy, unrecorded, claims, {**sitting({}), "version": 2},
            sitting({"E": "- - - As - - - - -"}, number=3, readings={"IP-M75-RULE15": "m75_wins"})]


def test_every_document_of_the_tests_validates_and_so_does_its_judgement():
    sitting_validator, output_validator = _validator(), _validator("output_schema")
    for doc in _documents():
        errors = [e.json_path for e in sitting_validator.iter_errors(doc)]
        assert errors == []
        out = judge_game(doc)
        assert [e.json_path for e in output_validator.iter_errors(out)] == []


@pytest.mark.parametrize(("patch", "path"), [
    (lambda d: d["players"][1].update(clothing="tartan"), "$.players[1].clothing"),
    (lambda d: d["deals"][1]["claims"][0].update(suit="x"), "$.deals[1].claims[0].suit"),
    (lambda d: d["deals"][0].update(bank=7), "$.deals[0]"),
    (lambda d: d.update(version=3), "$.version"),
    (lambda d: d["room"].update(doors=1), "$.room"),
])
def test_a_bad_document_is_refused_naming_the_json_path(patch, path):
    """The schema and the engine refuse the same document; validate_document names the JSON path."""
    from rules.engines.dragon.document import validate_document
    from rules.engines.errors import RulesError

    doc = _two_deals_with_claims([{"player": "E", "rule": "B1", "card": "4d", "suit": "s"}])
    doc["room"] = {}
    validate_document(doc)
    patch(doc)
    with pytest.raises(RulesError) as refused:
        validate_document(doc)
    assert refused.value.message.startswith(path + ":") or refused.value.message.startswith(path + "."), \
        refused.value.message
    if path != "$.deals[0]":                   # the engine reads a bank holder 7 as an unknown player
        with pytest.raises(RulesError):
            judge_game(doc)


def test_documents_without_a_version_are_version_1_and_still_read():
    from rules.engines.errors import RulesError

    doc = sitting({})
    plain = judge_game(doc)
    assert judge_game({**doc, "version": 1}) == plain == judge_game({**doc, "version": 2})
    for bad in (3, "2", True):
        with pytest.raises(RulesError, match="version"):
            judge_game({**doc, "version": bad})


def test_the_schemas_describe_every_key_the_judge_accepts():
    from rules.engines.dragon import judge
    from rules.engines.dragon.document import sitting_schema

    schema = sitting_schema()
    defs = schema["$defs"]
    for keys, found in ((judge._TOP_KEYS, schema), (judge._PLAYER_KEYS, defs["player"]),
                        (judge._ROOM_KEYS, defs["room"]), (judge._PLACE_KEYS, defs["place"]),
                        (judge._STAKE_KEYS, defs["stakes"]), (judge._DEAL_KEYS, defs["deal"]),
                        (judge._UNRECORDED_KEYS, defs["unrecorded_deal"]), (judge._CLAIM_KEYS, defs["claim"])):
        assert set(found["properties"]) == keys
        assert all(p["description"] for p in found["properties"].values())
        assert found["additionalProperties"] is False
    assert "first player in dealing order" in defs["deal"]["properties"]["bank"]["description"]
    assert "place.timezone" in defs["deal"]["properties"]["started_at"]["description"]
    assert "two 52-card decks" in schema["properties"]["players"]["description"]
    assert "recorded \"none\"" in defs["player"]["properties"]["clothing"]["description"]
    assert defs["player"]["properties"]["clothing"]["enum"] == ["light", "dark", "none", None]


def test_the_committed_schemas_equal_a_fresh_generation(tmp_path):
    from pathlib import Path

    from rules.engines.dragon.document import write_schemas

    write_schemas(tmp_path)
    docs = Path(__file__).resolve().parents[3] / "docs"
    for name in SCHEMA_DOCS:
        assert (docs / name).read_text(encoding="utf-8") == (tmp_path / name).read_text(encoding="utf-8"), (
            f"docs/{name} is stale: run python -m rules.engines.dragon.document")


def test_a_refused_claim_is_in_the_trace_with_its_reason_code():
    from rules.engines.dragon.judge import judge_deal

    from .helpers import claim

    cards = layout(table(), "N", {"E": "4h - - - - - - - -"})
    twice = [claim("E", "B1", card="4h", suit="s"), claim("E", "B1", card="4h", suit="c")]
    judged = judge_deal(table(), 1, WEDNESDAY, cards, claims=twice, refuse=True)
    en = judged.trace_text("en").splitlines()
    assert "B1: (E) refused: — -> once_per_game (claim B1 by E, card 4h, suit c: base rule 1 allows one suit " \
           "change per Game)" in en
    # The words of the refusal, in both languages, are the site's (tests/games/test_trace_words.py).
    assert {"source": "B1", "change": "refused", "player": "E", "after": "once_per_game"}.items() <= [
        t.as_dict() for t in judged.trace if t.change == "refused"][0].items()
