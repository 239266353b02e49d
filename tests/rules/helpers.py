"""Small builders for the archive's tests."""

from __future__ import annotations

import datetime as dt

from rules import services
from rules.models import Precedent


def founding(point_id: str) -> Precedent:
    return Precedent.objects.get(founding=True, fixes__point__point_id=point_id)


def ruling(croupier, *, title="A ruling", on=dt.date(2015, 3, 14), fixes=None, cites=None,
           status="binding", **fields) -> Precedent:
    values = {"situation": "A situation at the table.", "question": "What does the rule mean?",
              "ruling": "It means this."}
    values.update(fields)
    return services.precedent_file(actor=croupier, title=title, ruled_on=on, status=status,
                                   fixes=fixes or {}, cites_precedents=cites or {}, **values)


def sitting(day: str = "2010-06-01", deals: int = 1, **extra) -> dict:
    doc = {"ruleset": "club-2.2.1", "players": [{"id": "skeeve", "seat": "N"}, {"id": "tananda", "seat": "S"}],
           "deals": [{"started_at": f"{day}T21:15:00+03:00", "cards": ["Ah", "Kd"], "bets": {}}
                     for _ in range(deals)]}
    doc.update(extra)
    return doc


class FakeJudge:
    """Stands in for ``dragon.judge_game``: the winner follows IP-R2-WILD-CARD, so a test sees
    the readings the archive passed; it remembers every document it judged."""

    def __init__(self):
        self.seen: list[dict] = []

    def __call__(self, doc: dict) -> dict:
        self.seen.append(doc)
        reading = doc.get("readings", {}).get("IP-R2-WILD-CARD", "that_card")
        winner = "skeeve" if reading == "that_card" else "tananda"
        trace = [{"source": "B2", "cards": ["Ah"], "change": "wild", "text": ""}]
        if reading != "that_card":
            trace.append({"source": "IP-R2-WILD-CARD", "cards": ["Ad"], "change": "wild", "text": ""})
        return {"deals": [{"number": n, "winners": [winner], "chips": {winner: 6},
                           "players": {winner: {"hand": {"category": 30}}}, "trace": list(trace)}
                          for n in range(1, len(doc["deals"]) + 1)]}
