"""The one place the games app meets the Dragon Poker engine.

:func:`sitting_document` turns a Game's rows into the sitting document of the engines' contract
(engine-api.md, "Sitting documents"); :func:`judge` hands it to ``rules.engines.dragon.judge_game``;
:func:`dealing` replays the recorded cards through the engine's step API (``Dealing.next_circle``
/ ``Dealing.deal``) so the deal page knows the next circle and refuses a bad card; and
:func:`seeded_cards` lets the engine deal a whole deal from a seeded shuffle (the digital dealer).
Nothing here decides a rule: it only maps rows to the engine's inputs and back.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rest_framework import status

from club.errors import ApplicationError
from rules.engines import cards as card_lib
from rules.engines.errors import RulesError


class JudgeUnavailable(ApplicationError):
    """The engine cannot judge (not installed or not loadable): nothing is stored."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE


def player_key(member_id: int) -> str:
    """The id a member has in sitting documents and judgements."""
    return str(member_id)


# --- the sitting document -------------------------------------------------------------------------

def _player_doc(gp) -> dict:
    member = gp.member
    return {
        "id": player_key(member.pk), "seat": gp.seat,
        "dimension": member.dimension.name_en, "dimension_phonetic": member.dimension.phonetic,
        "sex": member.sex, "beard": member.beard,
        "glasses": gp.glasses, "headwear": gp.headwear, "clothing": gp.clothing, "drink": gp.drink,
        "spare_decks": gp.spare_decks,
    }


def deal_document(deal, tz) -> dict:
    """One deal of the document: its cards in dealing order, the bets (total per player, ante
    included) and the claims. Reads ``deal.cards``, ``deal.bets`` and ``deal.claims`` through
    ``.all()`` so prefetched rows are used."""
    bets: dict[str, int] = {}
    for bet in deal.bets.all():
        key = player_key(bet.member_id)
        bets[key] = bets.get(key, 0) + bet.amount
    claims = []
    for claim in deal.claims.all():
        row: dict[str, Any] = {"player": player_key(claim.member_id), "rule": claim.rule}
        if claim.card:
            row["card"] = claim.card
        if claim.suit:
            row["suit"] = claim.suit
        claims.append(row)
    return {
        "started_at": deal.started_at.astimezone(tz).isoformat(),
        "cards": [c.card for c in sorted(deal.cards.all(), key=lambda c: c.seq)],
        "bets": bets,
        "claims": claims,
    }


def sitting_document(game, deals: Iterable | None = None) -> dict:
    """The Game as the engine's sitting document. ``deals`` defaults to every deal of the Game
    whose cards were recorded (quick results carry no cards and are not judged)."""
    venue = game.session.venue
    tz = venue.tz
    if deals is None:
        deals = [d for d in game.deals.all() if d.mode != "quick"]
    doc = {
        "ruleset": game.ruleset,
        "readings": dict(game.readings or {}),
        "players": [_player_doc(gp) for gp in sorted(game.players.all(), key=lambda p: p.seat_index)],
        "room": game.room_facts(),
        "place": {"latitude": float(venue.latitude), "longitude": float(venue.longitude),
                  "timezone": venue.timezone},
        "weather": game.weather,
        "croupier": dict(game.croupier_calls or {}),
        "stakes": {"min": game.min_stake, "max": game.max_stake},
        "deals": [deal_document(d, tz) for d in sorted(deals, key=lambda d: d.number)],
    }
    return doc


# --- judging ----------------------------------------------------------------------------------------

def _judge_function():
    try:
        from rules.engines import dragon
        return dragon.judge_game
    except (ImportError, AttributeError) as exc:
        raise JudgeUnavailable(f"The Dragon Poker judge is not available: {exc}",
                               extra={"engine": "rules.engines.dragon.judge_game"})


def judge(doc: dict) -> dict:
    """The engine's judgement of every deal of ``doc``, with the readings the club's binding
    precedents put in force on the sitting's date (the trace names the precedents applied). A
    RulesError (a bad card, an unknown claim ...) propagates and becomes a 400 naming the value."""
    from rules.judging import judge_with_precedents

    judge_function = _judge_function()
    from rules.engines import dragon

    # The archive filters out readings the engine no longer knows only for the real judge.
    return judge_with_precedents(doc, judge=None if judge_function is dragon.judge_game else judge_function)


def judge_last_deal(doc: dict) -> dict:
    """The judgement of the last deal of ``doc`` (the earlier deals are its history)."""
    out = judge(doc)
    deals = out.get("deals") or []
    if len(deals) != len(doc["deals"]):
        raise RulesError(f"the judge returned {len(deals)} judgements for {len(doc['deals'])} deals",
                         value=len(deals))
    return deals[-1]


def best_category(judgement: dict) -> int | None:
    """The best (lowest) hand category of a judged deal."""
    cats = [p.get("hand", {}).get("category") for p in (judgement.get("players") or {}).values()]
    cats = [c for c in cats if isinstance(c, int)]
    return min(cats) if cats else None


# --- the step API -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class NextCircle:
    number: int
    kind: str                 # "open" | "dark"
    recipient: str            # player key
    recipients: tuple[str, ...]


def _engine_readings(doc: dict):
    """The readings of ``doc`` checked against the registry (the ruleset's own readings first)."""
    from rules.engines.dragon import judge as dragon_judge  # noqa: F401  (registers every point)
    from rules.engines.dragon.presets import ruleset as get_ruleset
    from rules.engines.readings import resolve

    rs = get_ruleset(doc.get("ruleset", "club-2.2.1"))
    return rs, resolve({**rs.readings, **dict(doc.get("readings") or {})}, games=("dragon",))


def _facts(doc: dict, number: int, started_at: dt.datetime):
    """The deal's facts exactly as the judge sets them up (``judge.setup_deal``): the table from
    the document, the dealer by the rotation reading, the modifiers' adjustments applied."""
    from rules.engines.dragon.facts import deal_facts
    from rules.engines.dragon.judge import table_from_doc
    from rules.engines.dragon.modifiers.base import apply_adjustments

    rs, rd = _engine_readings(doc)
    facts = deal_facts(table_from_doc(doc), number, started_at, rotation=rd["IP-DEAL-ROTATION"])
    apply_adjustments(facts, rd, rs.disabled)
    return rs, rd, facts


class DealStepper:
    """The engine's dealing of one deal, with the cards recorded so far replayed into it."""

    def __init__(self, doc: dict, number: int, started_at: dt.datetime, recorded: Sequence[str] = ()) -> None:
        from rules.engines.dragon.deal import Dealing

        rs, rd, self.facts = _facts(doc, number, started_at)
        self.dealing = Dealing(self.facts, rd, ruleset=rs)
        for token in recorded:
            self.dealing.deal(token)

    @property
    def dealer(self) -> str:
        return self.facts.dealer

    @property
    def complete(self) -> bool:
        return self.dealing.complete

    def next_circle(self) -> NextCircle | None:
        circle = self.dealing.next_circle()
        if circle is None:
            return None
        return NextCircle(circle.number, circle.kind, self.dealing.next_recipient(), tuple(circle.recipients))

    def deal(self, token: str):
        """Record one card; the engine refuses a non-card or a card already dealt, naming it."""
        return self.dealing.deal(token)

    def pattern_changes(self) -> list[dict]:
        """The modifiers that changed the open/dark pattern (known once every card is dealt)."""
        if not self.dealing.complete:
            return []
        return [{"source": source, "before": list(before), "after": list(after), "text": text}
                for source, before, after, text in self.dealing.final_notes()]


def seeded_cards(doc: dict, number: int, started_at: dt.datetime, seed: str):
    """The digital dealer: the engine's seeded shuffle dealt in full. Returns the DealtCards."""
    from rules.engines.dragon.deal import deal_from_seed

    rs, rd, facts = _facts(doc, number, started_at)
    return deal_from_seed(facts, seed, rd, ruleset=rs).dealt


# How many of a player's best suggestions the advisor looks for and the deal page shows.
ADVICE_SHOWN = 3


def advice(doc: dict) -> dict[str, list[dict]]:
    """The advisor (base rule 25) for the last deal of ``doc``: per player, the best
    ``ADVICE_SHOWN`` claims that would have beaten the hand, best first. The earlier deals are
    judged again as its history."""
    from rules.engines.dragon import advisor
    from rules.engines.dragon import judge as dragon_judge
    from rules.engines.dragon.game import GameHistory

    rs, _rd = _engine_readings(doc)
    readings = doc.get("readings") or {}
    table = dragon_judge.table_from_doc(doc)
    history = GameHistory()
    deals = doc["deals"]
    for number, d in enumerate(deals[:-1], start=1):
        judged = dragon_judge.judge_deal(table, number, d["started_at"], d["cards"], history=history,
                                         claims=[dragon_judge.claim_from_doc(c) for c in d.get("claims", [])],
                                         bets=d.get("bets", {}), bank=d.get("bank"), readings=readings, ruleset=rs)
        history.add(judged.record)
    last = deals[-1]
    out = advisor.advise(table, len(deals), last["started_at"], last["cards"], history=history,
                         claims=[dragon_judge.claim_from_doc(c) for c in last.get("claims", [])],
                         bets=last.get("bets", {}), readings=readings, ruleset=rs, limit=ADVICE_SHOWN)
    return {player: [s.as_dict() for s in adv.suggestions] for player, adv in out.items()}


def advice_lines(advice_doc: dict | None, names: dict[str, str]) -> list[dict]:
    """The stored advice as rows for the page: who, the claim, and the hand it would have made."""
    rows = []
    for player, suggestions in (advice_doc or {}).items():
        if player.startswith("_"):
            continue
        for s in suggestions[:ADVICE_SHOWN]:
            detail = " ".join(str(s[k]) for k in ("card", "target", "suit", "rank", "direction") if s.get(k))
            rows.append({"player": names.get(player, player), "rule": s.get("rule", ""), "detail": detail,
                         "hand": (s.get("hand") or {}).get("name", ""),
                         "category": (s.get("hand") or {}).get("category")})
    return rows


def parse_card(token: str) -> str:
    """A card typed in either notation (``10c``, ``Tc``, ``10т``), as the engine writes it."""
    return str(card_lib.parse_one(token.strip()))


def card_text(token: str, lang: str = "en") -> str:
    return card_lib.parse_one(token).text(lang)


def card_colour(token: str) -> str:
    return card_lib.parse_one(token).colour


def full_deck() -> tuple[str, ...]:
    return tuple(str(c) for c in card_lib.deck52())


def trace_lines(trace: list[dict], lang: str = "en", names: dict[str, str] | None = None) -> list[str]:
    """The trace of a judgement in the member's language, rendered by the engine's own renderer,
    players named by their display names."""
    names = names or {}
    from rules.engines.dragon.trace import TraceEntry, render_entry

    lines = []
    for row in trace or []:
        try:
            entry = TraceEntry(source=str(row.get("source", "")), change=str(row.get("change", "")),
                               cards=card_lib.parse(row.get("cards") or []), before=row.get("before"),
                               after=row.get("after"), player=names.get(row.get("player"), row.get("player")),
                               text=row.get("text") or "")
            lines.append(render_entry(entry, lang))
        except RulesError:
            lines.append(f"{row.get('source', '')}: {row.get('text', '')}")
    return lines

