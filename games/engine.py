"""The one place the games app meets the Dragon Poker engine.

:func:`sitting_document` turns a Game's rows into the sitting document of the engines' contract
(engine-api.md, "Sitting documents"; a deal logged as a quick result is an unrecorded deal there, so
every deal keeps its number in the Game); :func:`judge` hands it to ``rules.engines.dragon.judge_game``;
:func:`dealing` replays the recorded cards through the engine's step API (``Dealing.next_circle``
/ ``Dealing.deal``) so the deal page knows the next circle and refuses a bad card; and
:func:`seeded_cards` lets the engine deal a whole deal from a seeded shuffle (the digital dealer).
Nothing here decides a rule: it only maps rows to the engine's inputs and back.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rest_framework import status

from club.errors import ApplicationError
from rules.engines import cards as card_lib
from rules.engines.errors import RulesError

logger = logging.getLogger(__name__)


class JudgeUnavailable(ApplicationError):
    """The engine cannot judge (not installed or not loadable): nothing is stored."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE


def player_key(member_id: int) -> str:
    """The id a member has in sitting documents and judgements."""
    return str(member_id)


# --- the sitting document -------------------------------------------------------------------------

def _player_doc(gp) -> dict:
    member = gp.member
    doc = {
        "id": player_key(member.pk), "seat": gp.seat,
        "dimension": member.dimension.name_en, "dimension_phonetic": member.dimension.phonetic,
        "sex": member.sex, "beard": member.beard,
        "glasses": gp.glasses, "headwear": gp.headwear, "clothing": gp.clothing, "drink": gp.drink,
        "spare_decks": gp.spare_decks, "analog_watches": gp.analog_watches, "digital_watches": gp.digital_watches,
    }
    if gp.clothing_hue:             # left out when not recorded
        doc["clothing_hue"] = gp.clothing_hue
    return doc


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
    """The Game as the engine's sitting document. ``deals`` are the deals judged from their cards
    (default: every deal of the Game whose cards were recorded). The deals logged as quick results
    were dealt all the same: each quick deal numbered before the last of ``deals`` is in the
    document as an unrecorded deal (its winners, pot and bets), so every deal has its number in the
    Game as its place in the document. With the default, the Game's quick deals come in whole but
    for a last one still waiting for its result."""
    venue = game.session.venue
    tz = venue.tz
    if deals is None:
        every = list(game.deals.all())
        deals = [d for d in every if d.mode != "quick"]
        last = max((d.number for d in every), default=0)
        others = [d for d in _other_deals(game, before=None, given=()) if d.number < last or d.live_results]
    else:
        deals = list(deals)
        last = max((d.number for d in deals), default=0)
        others = _other_deals(game, before=last, given={d.number for d in deals}) if deals else []
    rows = [(d.number, deal_document(d, tz)) for d in deals]
    rows += [(d.number, unrecorded_document(d, tz)) for d in others]
    return {
        "ruleset": game.ruleset,
        "readings": dict(game.readings or {}),
        "players": [_player_doc(gp) for gp in sorted(game.players.all(), key=lambda p: p.seat_index)],
        "room": game.room_facts(),
        "place": {"latitude": float(venue.latitude), "longitude": float(venue.longitude),
                  "timezone": venue.timezone},
        "weather": game.weather,
        "croupier": dict(game.croupier_calls or {}),
        "stakes": {"min": game.min_stake, "max": game.max_stake},
        "deals": [doc for _number, doc in sorted(rows, key=lambda row: row[0])],
    }


def _other_deals(game, *, before: int | None, given) -> list:
    """The Game's deals that stand in the document as unrecorded (numbered below ``before``): its
    quick deals, and, where only some deals are given (the archive's confirmed ones), every other
    deal, which was dealt all the same; each with ``live_results``: its confirmed and draft results
    with their winners, the confirmed first ("confirmed" sorts before "draft")."""
    from django.db.models import Prefetch

    from .models import Deal, Result

    if given:
        rows = Deal.objects.filter(game_id=game.pk).exclude(number__in=given)
    else:
        rows = Deal.objects.filter(game_id=game.pk, mode=Deal.Mode.QUICK)
    if before is not None:
        rows = rows.filter(number__lt=before)
    live = Result.objects.filter(status__in=Result.LIVE).prefetch_related("winners").order_by("status", "-version")
    return list(rows.prefetch_related(Prefetch("results", queryset=live, to_attr="live_results")).order_by("number"))


def unrecorded_document(deal, tz) -> dict:
    """A deal logged as a quick result, as the document's unrecorded deal: who won, the pot and what
    each player put in (the quick result's accounting: the chips are each winner's share less what
    the player put in). A quick deal with no live result, or a deal of recorded cards left out of
    the document, counts with nothing known of it."""
    doc: dict[str, Any] = {"started_at": deal.started_at.astimezone(tz).isoformat(), "unrecorded": True}
    result = deal.live_results[0] if deal.live_results else None
    if result is None or deal.mode != "quick":
        return doc
    winners = [player_key(w.pk) for w in sorted(result.winners.all(), key=lambda m: m.pk)]
    share = result.pot // len(winners) if winners else 0
    doc.update(winners=winners, pot=result.pot,
               bets={player: (share if player in winners else 0) - int(chips)
                     for player, chips in sorted((result.chips or {}).items())})
    return doc


# --- the readings a judgement uses and the previous Game ------------------------------------------------

def readings_used(doc: dict) -> dict[str, str]:
    """The readings the site judges ``doc`` by: those the binding precedents put in force on the
    sitting's date (the points the engine knows), with the document's own readings over them, as
    ``rules.judging.judge_with_precedents`` merges them."""
    from rules.engines import dragon  # noqa: F401  (registers every point)
    from rules.engines.readings import registry
    from rules.judging import sitting_date
    from rules.selectors import readings_in_force

    in_force, _applied = readings_in_force(sitting_date(doc), game="dragon")
    known = registry()
    return {**{k: v for k, v in in_force.items() if k in known}, **dict(doc.get("readings") or {})}


def reads_previous_game(doc: dict, readings: dict[str, str]) -> bool:
    """Whether the judge, with ``readings`` over the ruleset's own, reads the previous Game at the
    table (``rules.engines.dragon.judge.PREVIOUS_GAME_READINGS``); under any other reading it never
    looks at it."""
    from rules.engines.dragon.judge import PREVIOUS_GAME_READINGS
    from rules.engines.dragon.presets import ruleset as get_ruleset
    from rules.engines.readings import registry

    try:
        own = get_ruleset(doc.get("ruleset", "club-2.2.1")).readings
    except RulesError:
        own = {}            # the judge refuses the unknown ruleset itself, naming it
    points = registry()
    for point_id, reading in PREVIOUS_GAME_READINGS.items():
        chosen = readings.get(point_id) or own.get(point_id)
        if chosen is None and point_id in points:
            chosen = points[point_id].default
        if chosen == reading:
            return True
    return False


def previous_game_document(game) -> dict | None:
    """The sitting document of the Game played before ``game`` at the same table (the Game of the
    same session it followed, after a reseat or a new start), or None for a session's first Game.
    Its deals are those that were played: every deal with a live result (a last deal left without
    one when the table changed was not), a quick deal as an unrecorded deal. Its readings are those
    it was judged by (:func:`readings_used`); it carries no ``previous_game`` of its own."""
    from .models import Deal, Game, Result

    previous = (Game.objects.filter(session_id=game.session_id, number__lt=game.number).order_by("-number")
                .select_related("session__venue").prefetch_related("players__member__dimension").first())
    if previous is None:
        return None
    recorded = list(Deal.objects.filter(game=previous, results__status__in=Result.LIVE)
                    .exclude(mode=Deal.Mode.QUICK).distinct().prefetch_related("cards", "bets", "claims")
                    .order_by("number"))
    doc = sitting_document(previous, recorded)
    last = max((d.number for d in recorded), default=0)
    tz = previous.session.venue.tz
    doc["deals"] += [unrecorded_document(d, tz) for d in _other_deals(previous, before=None, given=())
                     if d.number > last and d.live_results]
    doc["readings"] = readings_used(doc)
    return doc


def with_previous_game(doc: dict, game, *, readings: dict[str, str] | None = None) -> dict:
    """``doc`` (the sitting document of ``game``) as every judging path of the site hands it to the
    engine: with ``previous_game``, the previous Game's document at the same table, when the readings
    the judgement uses (:func:`readings_used`, or ``readings`` when the caller has them already) read
    it, and without it otherwise (judging the previous Game costs time and changes nothing then)."""
    if readings is None:
        readings = readings_used(doc)
    if "previous_game" in doc or not reads_previous_game(doc, readings):
        return doc
    previous = previous_game_document(game)
    return doc if previous is None else {**doc, "previous_game": previous}


# --- the engine's refusals in the member's language ----------------------------------------------

def rules_message(exc: RulesError) -> str:
    """What the engine refused, in the active language: the refusals met while recording cards have
    their own translated message naming the value; any other keeps the engine's English text."""
    from django.utils.translation import gettext as _

    value = exc.value if isinstance(exc.value, str) else repr(exc.value)
    messages = {
        "not_a_card": _("Not a card: %(value)s. Type e.g. Ah, 10c or Тч."),
        "joker": _("A joker is not a Dragon Poker card: %(value)s."),
        "dealt_twice": _("%(value)s is already dealt in this deal."),
        "deal_complete": _("The deal is complete: %(value)s is one card too many."),
    }
    text = messages.get(exc.code or "")
    return text % {"value": value} if text else exc.message


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
    """The facts of deal ``number`` of the Game (its number in the Game, quick deals counted, as in
    the document) exactly as the judge sets them up (``judge.deal_start``), with the readings the
    judgement uses (:func:`readings_used`: a precedent may change how a deal is dealt)."""
    from rules.engines.dragon.judge import deal_start, table_from_doc

    return deal_start(table_from_doc(doc), number, started_at, readings=readings_used(doc),
                      ruleset=doc.get("ruleset", "club-2.2.1"))


class DealStepper:
    """The engine's dealing of deal ``number`` of the Game (its true number: the quick deals before
    it count), with the cards recorded so far replayed into it."""

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
        recipient = self.dealing.next_recipient()
        return NextCircle(circle.number, circle.kind_for(recipient), recipient, tuple(circle.recipients))

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
    """The digital dealer: the engine's seeded shuffle for deal ``number`` of the Game (its true
    number, quick deals counted) dealt in full. Returns the DealtCards."""
    from rules.engines.dragon.deal import deal_from_seed

    rs, rd, facts = _facts(doc, number, started_at)
    return deal_from_seed(facts, seed, rd, ruleset=rs).dealt


# How many of a player's best suggestions the advisor looks for and the deal page shows.
ADVICE_SHOWN = 3


def advice(doc: dict) -> dict[str, list[dict]]:
    """The advisor (base rule 25) for the last deal of ``doc``: per player, the best
    ``ADVICE_SHOWN`` claims that would have beaten the hand, best first. The earlier deals are
    judged again as its history (its unrecorded deals count), so the last deal's number is its
    place in the document. The readings are those the judgement used (:func:`readings_used`), so
    that declaring a suggested claim gives exactly the suggested hand."""
    from rules.engines.dragon import advisor
    from rules.engines.dragon import judge as dragon_judge

    doc = {**doc, "readings": readings_used(doc)}
    table, rs, readings, deals, history = dragon_judge.sitting_start(doc, upto=len(doc["deals"]) - 1)
    last = deals[-1]
    if dragon_judge.is_unrecorded(last):
        return {}
    out = advisor.advise(table, len(deals), last["started_at"], last["cards"], history=history,
                         claims=[dragon_judge.claim_from_doc(c) for c in last.get("claims", [])],
                         bets=last.get("bets", {}), readings=readings, ruleset=rs, limit=ADVICE_SHOWN)
    return {player: [s.as_dict() for s in adv.suggestions] for player, adv in out.items()}


def preview(doc: dict, *, readings: dict[str, str] | None = None):
    """The last deal of ``doc``, whose cards are those dealt so far, judged provisionally as if
    it ended now (``rules.engines.dragon.preview``), with the readings the binding precedents put
    in force on its date as the judge uses them (``readings``, when the caller has them already:
    :func:`readings_used`). None when the engine cannot judge these cards yet or is not
    available: the page then shows nothing provisional."""
    try:
        from rules.engines.dragon.preview import preview_game
    except ImportError:
        return None
    document = {**doc, "readings": readings_used(doc) if readings is None else readings}
    try:
        return preview_game(document)
    except RulesError:
        return None
    except Exception:  # noqa: BLE001 - advisory only: a rule that cannot read a part-dealt hand
        logger.exception("no provisional judgement for %d card(s)", len(doc["deals"][-1].get("cards") or []))
        return None


def preview_lines(found, lang: str = "en", names: dict[str, str] | None = None) -> list[str]:
    """The rules a provisional judgement shows as fired, in the member's language."""
    if found is None:
        return []
    return trace_lines([e.as_dict() for e in found.fired], lang, names)


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

