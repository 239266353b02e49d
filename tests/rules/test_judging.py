"""Deals are judged with the readings in force on their date, and the trace names the precedents.

The first tests pass a stand-in judge whose winner depends on IP-R2-WILD-CARD, to check exactly
what the archive hands to the judge and adds to the judgement; the last ones run the engines'
own ``dragon.judge_game`` on a real sitting."""

import datetime as dt
import random

import pytest

from rules.judging import judge_with_precedents, sitting_date

from .helpers import FakeJudge, founding, ruling, sitting

pytestmark = pytest.mark.django_db
R2 = "IP-R2-WILD-CARD"


@pytest.fixture
def whole_rank(archive, croupier):
    return ruling(croupier, title="Whole rank", on=dt.date(2015, 3, 14), fixes={R2: "that_rank"},
                  cites={founding(R2).permanent_id: "overrules"})


def test_the_same_deal_is_judged_differently_before_and_after_a_ruling(whole_rank):
    judge = FakeJudge()
    before = judge_with_precedents(sitting("2015-03-13"), judge=judge)
    after = judge_with_precedents(sitting("2015-03-14"), judge=judge)
    assert judge.seen[0]["readings"][R2] == "that_card"
    assert judge.seen[1]["readings"][R2] == "that_rank"
    assert before["deals"][0]["winners"] == ["skeeve"]
    assert after["deals"][0]["winners"] == ["tananda"]
    sources = [t["source"] for t in after["deals"][0]["trace"]]
    assert "P-2015-001" in sources
    entry = next(t for t in after["deals"][0]["trace"] if t["source"] == "P-2015-001")
    assert entry["after"] == {R2: "that_rank"} and "Whole rank" in entry["text"]
    assert "P-2015-001" in after["precedents"]
    assert "P-2015-001" not in [t["source"] for t in before["deals"][0]["trace"]]


def test_every_dragon_reading_in_force_is_passed_and_only_dragon_ones(whole_rank):
    judge = FakeJudge()
    result = judge_with_precedents(sitting("2016-01-01"), judge=judge)
    passed = judge.seen[0]["readings"]
    assert passed[R2] == "that_rank" and passed["IP-DECKS"] == "two_decks_when_needed"
    assert not any(k.startswith(("IP-DICE", "IP-CASINO", "IP-TRICK")) for k in passed)
    assert result["readings"] == passed


def test_a_default_reading_is_traced_only_when_the_engine_names_its_point(archive):
    judge = FakeJudge()
    result = judge_with_precedents(sitting("2010-01-01"), judge=judge)
    sources = {t["source"] for t in result["deals"][0]["trace"]}
    assert not any(s.startswith("P-2003-") for s in sources)  # defaults left alone changed nothing

    def naming_judge(doc):
        out = judge(doc)
        out["deals"][0]["trace"].append({"source": "IP-DECKS", "cards": [], "change": "note", "text": ""})
        return out

    result = judge_with_precedents(sitting("2010-01-01"), judge=naming_judge)
    sources = [t["source"] for t in result["deals"][0]["trace"]]
    assert founding("IP-DECKS").permanent_id in sources


def test_the_documents_own_readings_win_and_are_not_credited_to_a_precedent(whole_rank):
    judge = FakeJudge()
    result = judge_with_precedents(sitting("2016-01-01", readings={R2: "that_card"}), judge=judge)
    assert judge.seen[0]["readings"][R2] == "that_card"
    assert "P-2015-001" not in result["precedents"]


def test_an_explicit_date_overrides_the_deals_date(whole_rank):
    judge = FakeJudge()
    judge_with_precedents(sitting("2016-01-01"), on=dt.date(2010, 1, 1), judge=judge)
    assert judge.seen[0]["readings"][R2] == "that_card"
    assert sitting_date(sitting("2016-01-01")) == dt.date(2016, 1, 1)
    assert sitting_date({"deals": []}) is None


def test_the_callers_document_is_not_changed(whole_rank):
    doc = sitting("2016-01-01")
    judge_with_precedents(doc, judge=FakeJudge())
    assert "readings" not in doc


# ----------------------------------------------------------------------------- the real engine
ROTATION = "IP-DEAL-ROTATION"


def _real_sitting():
    from rules.engines.cards import deck52

    deck = [str(c) for c in deck52()]
    deals = []
    for i in range(3):
        cards = deck[:]
        random.Random(i).shuffle(cards)
        deals.append({"started_at": f"2010-06-01T21:{10 + i:02d}:00+03:00", "cards": cards[:27],
                      "bets": {"skeeve": 2, "tananda": 2, "chumley": 2}})
    return {"ruleset": "club-2.2.1", "deals": deals,
            "players": [{"id": "skeeve", "seat": "N"}, {"id": "tananda", "seat": "E"},
                        {"id": "chumley", "seat": "S"}]}


@pytest.fixture
def north_deals(archive, croupier):
    return ruling(croupier, title="North deals every deal", on=dt.date(2015, 3, 14),
                  fixes={ROTATION: "north_always"}, cites={founding(ROTATION).permanent_id: "overrules"})


def _without_precedents(result):
    return [{**d, "trace": [t for t in d["trace"] if not str(t["source"]).startswith("P-")]}
            for d in result["deals"]]


def test_the_dragon_judge_judges_the_same_deal_differently_after_a_ruling(north_deals):
    from rules.engines import dragon

    doc = _real_sitting()
    before = judge_with_precedents(doc, on=dt.date(2015, 3, 13))
    after = judge_with_precedents(doc, on=dt.date(2015, 3, 14))
    assert [d["dealer"] for d in before["deals"]] == ["skeeve", "tananda", "chumley"]
    assert [d["dealer"] for d in after["deals"]] == ["skeeve", "skeeve", "skeeve"]
    assert before["readings"][ROTATION] == "clockwise" and after["readings"][ROTATION] == "north_always"
    # Exactly the engine's own judgement with the readings in force, plus the precedents named.
    assert _without_precedents(after) == dragon.judge_game({**doc, "readings": after["readings"]})["deals"]
    assert north_deals.permanent_id in [t["source"] for t in after["deals"][1]["trace"]]
    assert north_deals.permanent_id not in [t["source"] for t in before["deals"][1]["trace"]]


def test_the_whatif_with_the_dragon_judge(north_deals):
    from rules import services
    from rules.engines import dragon
    from rules.judging import outcome

    doc = _real_sitting()
    impacts = services.precedent_whatif_compute(precedent=north_deals, sittings=[("game-real", doc)])
    old = dragon.judge_game({**doc, "readings": {ROTATION: "clockwise"}})["deals"]
    new = dragon.judge_game({**doc, "readings": {ROTATION: "north_always"}})["deals"]
    expected = [o["number"] for o, n in zip(old, new, strict=True) if outcome(o) != outcome(n)]
    assert expected  # the dealer moves, so the cards reach other hands
    assert [i.deal_number for i in impacts] == expected
