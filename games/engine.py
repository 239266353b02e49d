"""The one place the games app meets the Dragon Poker engine.

:func:`sitting_document` turns a Game's rows into the sitting document of the engines' contract
(engine-api.md, "Sitting documents"; a deal logged as a quick result is an unrecorded deal there, so
every deal keeps its number in the Game). The engine's face for a deal read once as a
:class:`games.sitting.Sitting`: :func:`judge_deal` (the judgement), :func:`dealing` and
:func:`next_circle` (the step API: ``Dealing.next_circle`` / ``Dealing.deal``), :func:`preview_deal`
(the provisional judgement) and :func:`advice` (the advisor, from a stored document);
:func:`seeded_cards` lets the engine deal a whole deal from a seeded shuffle (the digital dealer).
The judge is ``rules.engines.dragon.judge_game``, or the callable named by ``settings.CLUB_JUDGE``
or given to :func:`judge_override` (a stand-in for tests). Nothing here decides a rule: it only
maps rows to the engine's inputs and back.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db.models import Prefetch
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from club.validators import shown
from rules.engines import cards as card_lib
from rules.engines import dragon
from rules.engines.dragon import advisor
from rules.engines.dragon import judge as dragon_judge
from rules.engines.dragon import preview as dragon_preview
from rules.engines.dragon.deal import Dealing, deal_from_seed
from rules.engines.dragon.game import GameHistory
from rules.engines.dragon.presets import ruleset as get_ruleset
from rules.engines.errors import RulesError
from rules.engines.readings import registry, resolve
from rules.judging import judge_with_precedents, sitting_date
from rules.selectors import readings_in_force

from .models import Deal, Game, Result, Weather

if TYPE_CHECKING:
    from .sitting import Sitting

logger = logging.getLogger(__name__)

Judge = Callable[[dict], dict]


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
        "glasses": gp.glasses, "headwear": gp.headwear, "drink": gp.drink,
        "spare_decks": gp.spare_decks, "analog_watches": gp.analog_watches, "digital_watches": gp.digital_watches,
    }
    if gp.clothing:                 # left out when not recorded
        doc["clothing"] = gp.clothing
    if gp.clothing_hue:
        doc["clothing_hue"] = gp.clothing_hue
    return doc


def deal_document(deal, tz, *, cards: Sequence[str] | None = None) -> dict:
    """One deal of the document: its cards in dealing order, the bets (total per player, ante
    included) and the claims. Reads ``deal.cards``, ``deal.bets`` and ``deal.claims`` through
    ``.all()`` so prefetched rows are used; ``cards``: the cards in dealing order, already read."""
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
        for name in ("target", "direction", "cancels"):
            if getattr(claim, name, ""):
                row[name] = getattr(claim, name)
        if getattr(claim, "rank", None) is not None:
            row["rank"] = claim.rank
        if getattr(claim, "cards", ""):
            row["cards"] = claim.cards.split()
        claims.append(row)
    return {
        "started_at": deal.started_at.astimezone(tz).isoformat(),
        "cards": list(cards) if cards is not None else [c.card for c in sorted(deal.cards.all(), key=lambda c: c.seq)],
        "bets": bets,
        "claims": claims,
    }


def sitting_document(game, deals: Iterable | None = None, *, others: Iterable | None = None,
                     cards: Mapping[int, Sequence[str]] | None = None) -> dict:
    """The Game as the engine's sitting document. ``deals`` are the deals judged from their cards
    (default: every deal of the Game whose cards were recorded). The deals logged as quick results
    were dealt all the same: each quick deal numbered before the last of ``deals`` is in the
    document as an unrecorded deal (its winners, pot and bets), so every deal has its number in the
    Game as its place in the document. With the default, the Game's quick deals come in whole but
    for a last one still waiting for its result. ``others`` gives those unrecorded deals already
    read (each with ``live_results``), so nothing is read here; ``cards`` the cards of ``deals``
    already read (deal id -> cards in dealing order), for the deals it names."""
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
        if not deals:
            others = []
        elif others is None:
            others = _other_deals(game, before=last, given={d.number for d in deals})
        else:
            others = [d for d in others if d.number < last]
    rows = [(d.number, deal_document(d, tz, cards=(cards or {}).get(d.pk))) for d in deals]
    rows += [(d.number, unrecorded_document(d, tz)) for d in others]
    return {
        "ruleset": game.ruleset,
        "readings": dict(game.readings or {}),
        "players": [_player_doc(gp) for gp in sorted(game.players.all(), key=lambda p: p.seat_index)],
        "room": game.room_facts(),
        "place": {"latitude": float(venue.latitude), "longitude": float(venue.longitude),
                  "timezone": venue.timezone},
        "croupier": dict(game.croupier_calls or {}),
        "stakes": {"min": game.min_stake, "max": game.max_stake},
        "deals": [doc for _number, doc in sorted(rows, key=lambda row: row[0])],
    } | ({} if game.weather == Weather.NOT_RECORDED else {"weather": game.weather})


def _other_deals(game, *, before: int | None, given) -> list:
    """The Game's deals that stand in the document as unrecorded (numbered below ``before``): its
    quick deals, and, where only some deals are given (the archive's confirmed ones), every other
    deal, which was dealt all the same; each with ``live_results``: its confirmed and draft results
    with their winners, the confirmed first ("confirmed" sorts before "draft")."""
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

def readings_from(doc: Mapping, in_force: Mapping[str, str]) -> dict[str, str]:
    """The readings the site judges ``doc`` by, given the readings the binding precedents put in
    force on its date: the points the engine knows, with the document's own readings over them, as
    ``rules.judging.judge_with_precedents`` merges them."""
    known = registry()
    return {**{k: v for k, v in in_force.items() if k in known}, **dict(doc.get("readings") or {})}


def readings_used(doc: dict) -> dict[str, str]:
    """:func:`readings_from` with the readings in force on the sitting's date looked up."""
    in_force, _applied = readings_in_force(sitting_date(doc), game="dragon")
    return readings_from(doc, in_force)


def reads_previous_game(doc: Mapping, readings: Mapping[str, str]) -> bool:
    """Whether the judge, with ``readings`` over the ruleset's own, reads the previous Game at the
    table (``rules.engines.dragon.judge.PREVIOUS_GAME_READINGS``); under any other reading it never
    looks at it."""
    try:
        own = get_ruleset(doc.get("ruleset", "club-2.2.1")).readings
    except RulesError:
        own = {}            # the judge refuses the unknown ruleset itself, naming it
    points = registry()
    for point_id, reading in dragon_judge.PREVIOUS_GAME_READINGS.items():
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


def with_previous_game(doc: dict, game, *, readings: Mapping[str, str] | None = None) -> dict:
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
    value = shown(exc.value if isinstance(exc.value, str) else repr(exc.value))
    messages = {
        "not_a_card": _("Not a card: %(value)s. Type e.g. Ah, 10c, Тч or 5♣."),
        "joker": _("A joker is not a Dragon Poker card: %(value)s."),
        "dealt_twice": _("%(value)s is already dealt in this deal."),
        "deal_complete": _("The deal is complete: %(value)s is one card too many."),
    }
    text = messages.get(exc.code or "")
    return text % {"value": value} if text else exc.message


# --- judging ----------------------------------------------------------------------------------------

_overrides: list[Judge] = []


@contextlib.contextmanager
def judge_override(judge_function: Judge) -> Iterator[Judge]:
    """Judge with ``judge_function`` instead of the engine inside the block (a stand-in in tests)."""
    _overrides.append(judge_function)
    try:
        yield judge_function
    finally:
        _overrides.remove(judge_function)


def judge_function() -> Judge:
    """The judge in use: an override, else ``settings.CLUB_JUDGE`` (a dotted path), else the
    engine's ``judge_game``."""
    if _overrides:
        return _overrides[-1]
    path = getattr(settings, "CLUB_JUDGE", "")
    return import_string(path) if path else dragon.judge_game


def judge(doc: dict, *, precedents: tuple[dict[str, str], list] | None = None) -> dict:
    """The judgement of every deal of ``doc``, with the readings the club's binding precedents put
    in force on the sitting's date (``precedents``: ``readings_in_force``'s answer when the caller
    read it already); the trace names the precedents applied. A RulesError (a bad card, an unknown
    claim ...) propagates and becomes a 400 naming the value."""
    function = judge_function()
    # The archive filters out readings the engine no longer knows only for the real judge.
    return judge_with_precedents(doc, judge=None if function is dragon.judge_game else function,
                                 readings=precedents)


def judge_last_deal(doc: dict, *, precedents: tuple[dict[str, str], list] | None = None) -> dict:
    """The judgement of the last deal of ``doc`` (the earlier deals are its history)."""
    out = judge(doc, precedents=precedents)
    deals = out.get("deals") or []
    if len(deals) != len(doc["deals"]):
        raise RulesError(f"the judge returned {len(deals)} judgements for {len(doc['deals'])} deals",
                         value=len(deals))
    return deals[-1]


def judge_deal(sitting: Sitting) -> dict:
    """The judgement of the sitting's deal, its earlier deals as history."""
    return judge_last_deal(sitting.judged_document, precedents=sitting.precedents)


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
    rs = get_ruleset(doc.get("ruleset", "club-2.2.1"))
    return rs, resolve({**rs.readings, **dict(doc.get("readings") or {})}, games=("dragon",))


def check_readings(readings: Mapping[str, str]) -> None:
    """Raise the engine's RulesError when a Game's own ``readings`` name an unknown point or reading."""
    _engine_readings({"readings": dict(readings)})


def _facts(doc: Mapping, number: int, started_at: dt.datetime, readings: Mapping[str, str] | None = None):
    """The facts of deal ``number`` of the Game (its number in the Game, quick deals counted, as in
    the document) exactly as the judge sets them up (``judge.deal_start``), with the readings the
    judgement uses (:func:`readings_used`, or ``readings`` already read: a precedent may change how
    a deal is dealt)."""
    return dragon_judge.deal_start(dragon_judge.table_from_doc(doc), number, started_at,
                                   readings=dict(readings_used(doc) if readings is None else readings),
                                   ruleset=doc.get("ruleset", "club-2.2.1"))


class DealStepper:
    """The engine's dealing of deal ``number`` of the Game (its true number: the quick deals before
    it count), with the cards recorded so far replayed into it."""

    def __init__(self, doc: Mapping, number: int, started_at: dt.datetime, recorded: Sequence[str] = (), *,
                 readings: Mapping[str, str] | None = None) -> None:
        rs, rd, self.facts = _facts(doc, number, started_at, readings)
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


def dealing(sitting: Sitting) -> DealStepper:
    """The sitting's deal as the engine deals it, its recorded cards replayed."""
    return DealStepper(sitting.document, sitting.deal.number, sitting.deal.started_at, sitting.recorded,
                       readings=sitting.readings)


def next_circle(sitting: Sitting) -> NextCircle | None:
    """Which circle comes next in the sitting's deal and who receives its next card."""
    return dealing(sitting).next_circle()


def seeded_cards(doc: dict, number: int, started_at: dt.datetime, seed: str):
    """The digital dealer: the engine's seeded shuffle for deal ``number`` of the Game (its true
    number, quick deals counted) dealt in full. Returns the DealtCards."""
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
    doc = {**doc, "readings": readings_used(doc)}
    table, rs, readings, deals, history = dragon_judge.sitting_start(doc, upto=len(doc["deals"]) - 1)
    last = deals[-1]
    if dragon_judge.is_unrecorded(last):
        return {}
    out = advisor.advise(table, len(deals), last["started_at"], last["cards"], history=history,
                         claims=[dragon_judge.claim_from_doc(c) for c in last.get("claims", [])],
                         bets=last.get("bets", {}), readings=readings, ruleset=rs, limit=ADVICE_SHOWN)
    return {player: [s.as_dict() for s in adv.suggestions] for player, adv in out.items()}


# The history a deal's provisional judgement starts from (every earlier deal of the Game judged
# in full) is the same for each card of the deal, and judging it again was most of a tap's time:
# it is kept here, by what it is judged from (the document without its last deal).
_HISTORIES: OrderedDict[bytes, GameHistory] = OrderedDict()
_HISTORIES_KEPT = 64
_histories_lock = threading.Lock()


def _history_before_last(doc: Mapping) -> GameHistory | None:
    """``rules.engines.dragon.judge.sitting_history`` of ``doc`` before its last deal, judged once
    for all the cards of that deal; a fresh :class:`GameHistory` each time (the engine only reads
    it, but a caller may add to it). None when ``doc`` has no deals to preview (the engine says so)."""
    deals = doc.get("deals")
    if not isinstance(deals, list) or not deals:
        return None
    earlier = json.dumps({**doc, "deals": deals[:-1]}, sort_keys=True, default=str, ensure_ascii=False)
    key = hashlib.blake2b(earlier.encode(), digest_size=16).digest()
    with _histories_lock:
        kept = _HISTORIES.get(key)
        if kept is not None:
            _HISTORIES.move_to_end(key)
    if kept is None:
        kept = dragon_judge.sitting_history(doc, upto=len(deals) - 1)
        with _histories_lock:
            _HISTORIES[key] = kept
            while len(_HISTORIES) > _HISTORIES_KEPT:
                _HISTORIES.popitem(last=False)
    return GameHistory(kept.deals, previous_game=kept.previous_game)


def preview(doc: dict, *, readings: Mapping[str, str] | None = None):
    """The last deal of ``doc``, whose cards are those dealt so far, judged provisionally as if
    it ended now (``rules.engines.dragon.preview``), with the readings the binding precedents put
    in force on its date as the judge uses them (``readings``, when the caller has them already:
    :func:`readings_used`). None when the engine cannot judge these cards yet: the page then
    shows nothing provisional."""
    document = {**doc, "readings": dict(readings_used(doc) if readings is None else readings)}
    try:
        return dragon_preview.preview_game(document, history=_history_before_last(document))
    except RulesError:
        return None
    except Exception:  # noqa: BLE001 - advisory only: a rule that cannot read a part-dealt hand
        logger.exception("no provisional judgement for %d card(s)", len(doc["deals"][-1].get("cards") or []))
        return None


def preview_deal(sitting: Sitting):
    """:func:`preview` of the sitting's deal as recorded so far."""
    return preview(sitting.judged_document, readings=sitting.readings)


def parse_card(token: str) -> str:
    """A card typed in either notation (``10c``, ``Tc``, ``10т``), as the engine writes it."""
    return str(card_lib.parse_one(token.strip()))


def claim_rule_problem(rule: str, ruleset: str) -> str | None:
    """Why no claim can be made under ``rule`` in a Game of ``ruleset`` (a code), or None: the
    judge's own check (``rules.engines.dragon.judge.claim_rule_problem``)."""
    try:
        return dragon_judge.claim_rule_problem(rule, ruleset)
    except RulesError:
        return dragon_judge.claim_rule_problem(rule)      # an unknown ruleset: the judge names it


def claim_takes_suit(rule: str) -> bool:
    """Whether a claim under ``rule`` names a suit the judge reads."""
    return rule in dragon_judge.SUIT_CLAIMS


def claim_needs(rule: str) -> tuple[str, ...]:
    """The fields a claim under ``rule`` must name whatever the deal ("card", "suit")."""
    return tuple(dragon_judge.CLAIM_NEEDS.get(rule, ()))


# What a claim names beside its rule, card and suit, and the rules that read each (the claim of
# the sitting document, rules/engines/dragon/document.py): another card it aims at, the way it
# goes, the rule modifier 23's claim cancels, the rank chosen and further cards.
CLAIM_TARGET_RULES = frozenset({"M22", "M28", "M29", "M30", "M31", "M32", "M43", "M44", "M52", "M74"})
CLAIM_DIRECTIONS: dict[str, tuple[str, ...]] = {
    "M20": ("up", "down"), "M21": ("up", "down"), "M32": ("up", "down"), "M52": ("up", "down"),
    "M45": ("incrementing", "decrementing"), "M46": ("incrementing", "decrementing", "free", "home"),
}
CLAIM_CANCELS_RULES = frozenset({"M23"})
DIRECTIONS = ("up", "down", "incrementing", "decrementing", "free", "home")
# The rank chosen: modifier 51 gives one of the claimant's cards a new real rank (2..14).
CLAIM_RANK_RULES = frozenset({"M51"})
RANKS = tuple(range(2, 15))
# Further cards, and how many at most: modifier 14 inverts the suit of two of the claimant's cards
# (the claim's card and the further ones count together), modifier 44 names the dead card it
# revives as wild beside the one it revives (``card``) and the one it frees (``target``).
CLAIM_CARDS_MOST: dict[str, int] = {"M14": 2, "M44": 1}
CLAIM_CARDS_WITH_CARD = frozenset({"M14"})


def claim_reads(rule: str) -> tuple[str, ...]:
    """Which of "target", "direction", "cancels", "rank" and "cards" a claim under ``rule`` names."""
    return tuple(name for name, rules in (("target", CLAIM_TARGET_RULES), ("direction", CLAIM_DIRECTIONS),
                                           ("cancels", CLAIM_CANCELS_RULES), ("rank", CLAIM_RANK_RULES),
                                           ("cards", CLAIM_CARDS_MOST)) if rule in rules)


def claim_reading_rules() -> frozenset[str]:
    """Every rule whose claim names one of the fields of :func:`claim_reads`."""
    return (CLAIM_TARGET_RULES | frozenset(CLAIM_DIRECTIONS) | CLAIM_CANCELS_RULES | CLAIM_RANK_RULES
            | frozenset(CLAIM_CARDS_MOST))


def claim_directions(rule: str) -> tuple[str, ...]:
    """The ways a claim under ``rule`` may go (empty where it names none)."""
    return CLAIM_DIRECTIONS.get(rule, ())


def claim_cards_most(rule: str, *, card_named: bool = False) -> int:
    """How many further cards a claim under ``rule`` may name (0 where it names none); fewer by
    the claim's own card where the two count together."""
    most = CLAIM_CARDS_MOST.get(rule, 0)
    return max(most - 1, 0) if card_named and rule in CLAIM_CARDS_WITH_CARD else most


def card_rank(token: str) -> int:
    """A card's rank (2..14) as dealt."""
    return card_lib.parse_one(token).rank


def parse_rank(text: str) -> int | None:
    """A rank written as on a card (2..10, J Q K A or T, the Russian В Д К Т), or None."""
    text = text.strip()
    if not text or len(text) > 2:
        return None
    try:
        return card_lib.parse_one(text + "s").rank
    except RulesError:
        return None


def rank_text(rank: int, lang: str = "en") -> str:
    """A rank as the site writes it on a card: 2..10, J Q K A, or the Russian В Д К Т."""
    return card_lib.card(rank, "s").text(lang)[:-1]


def card_text(token: str, lang: str = "en") -> str:
    return card_lib.parse_one(token).text(lang)


def card_colour(token: str) -> str:
    return card_lib.parse_one(token).colour


def full_deck() -> tuple[str, ...]:
    return tuple(str(c) for c in card_lib.deck52())
