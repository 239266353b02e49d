"""The one place the games app meets the Dragon Poker engine: pure functions over data.

The sitting document of the engines' contract (engine-api.md, "Sitting documents") is built from a
Game's rows by :mod:`games.sitting`, which also reads the readings the binding precedents put in
force and the previous Game; everything here takes what was read as its input and reads nothing
itself. The engine's face for a deal read once (a :class:`DealInSittingRead`, such as
:class:`games.sitting.DealInSitting`): :func:`judge_deal_in_sitting` (the judgement), :func:`dealing` and
:func:`next_circle` (the step API: ``Dealing.next_circle`` / ``Dealing.deal``), :func:`preview_deal`
(the provisional judgement) and :func:`advice` (the advisor, from a stored document);
:func:`seeded_cards` lets the engine deal a whole deal from a seeded shuffle (the digital dealer).
The judge is ``rules.engines.dragon.judge_game``, or the callable named by ``settings.CLUB_JUDGE``
or given to :func:`judge_override` (a stand-in for tests). The engine's refusal, :class:`RulesError`,
reaches the services and the pages (:mod:`games.selectors`, the cards of ``games_tags``) from here
too, and :mod:`games.presenters` takes the engine's names from here: the hand table :data:`HANDS`,
:class:`Card` and :func:`parse_one`, and :func:`interpretation_point`. Nothing here decides a rule:
it only maps the documents to the engine's inputs and back.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.conf import settings
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from club.validators import shown
from rules.engines import cards as card_lib
from rules.engines import dragon
from rules.engines.cards import Card, parse_one
from rules.engines.dragon import HANDS, advisor
from rules.engines.dragon import judge as dragon_judge
from rules.engines.dragon import preview as dragon_preview
from rules.engines.dragon.deal import Dealing, deal_from_seed
from rules.engines.dragon.game import GameHistory
from rules.engines.dragon.presets import ruleset as get_ruleset
from rules.engines.errors import RulesError
from rules.engines.readings import get as interpretation_point
from rules.engines.readings import registry, resolve
from rules.judging import judge_with_precedents

__all__ = [
    # the engine's names the services and pages use
    "HANDS", "Card", "GameHistory", "RulesError", "interpretation_point", "parse_one",
    # judging
    "Judge", "Precedents", "DealInSittingRead", "player_key", "readings_from", "reads_previous_game", "rules_message",
    "judge_override", "judge_function", "judge", "judge_last_deal", "judge_deal_in_sitting", "best_category",
    # the step API, the dealer, the advisor and the provisional judgement
    "NextCircle", "check_readings", "DealStepper", "dealing", "next_circle", "seeded_cards", "ADVICE_SHOWN",
    "advice", "history_before_last", "history_copy", "preview", "preview_deal",
    # claims and cards
    "parse_card", "claim_rule_problem", "claim_takes_suit", "claim_needs", "CLAIM_TARGET_RULES",
    "CLAIM_DIRECTIONS", "CLAIM_CANCELS_RULES", "DIRECTIONS", "CLAIM_RANK_RULES", "RANKS", "CLAIM_CARDS_MOST",
    "CLAIM_CARDS_WITH_CARD", "claim_reads", "claim_reading_rules", "claim_directions", "claim_cards_most",
    "card_rank", "parse_rank", "rank_text", "card_text", "card_colour", "full_deck",
]

logger = logging.getLogger(__name__)

Judge = Callable[[dict], dict]
# ``rules.selectors.readings_in_force``'s answer for a sitting's date: the readings the binding
# precedents put in force and the precedents behind them (``games.sitting.precedents_for``).
Precedents = tuple[dict[str, str], list]


class DealInSittingRead(Protocol):
    """A deal in its sitting as read once (:class:`games.sitting.DealInSitting` is one): what the
    engine's face takes of it, so that nothing here reads the database."""

    @property
    def deal(self) -> Any: ...                        # its ``number`` and ``started_at``

    @property
    def document(self) -> Mapping[str, Any]: ...

    @property
    def judged_document(self) -> dict: ...

    @property
    def precedents(self) -> Precedents: ...

    @property
    def readings(self) -> Mapping[str, str]: ...

    @property
    def recorded(self) -> tuple[str, ...]: ...

    def history_of(self, doc: Mapping) -> GameHistory | None: ...


def player_key(member_id: int) -> str:
    """The id a member has in sitting documents and judgements."""
    return str(member_id)


# --- the readings a judgement uses -----------------------------------------------------------------

def readings_from(doc: Mapping, in_force: Mapping[str, str]) -> dict[str, str]:
    """The readings the site judges ``doc`` by, given the readings the binding precedents put in
    force on its date: the points the engine knows, with the document's own readings over them, as
    ``rules.judging.judge_with_precedents`` merges them."""
    known = registry()
    return {**{k: v for k, v in in_force.items() if k in known}, **dict(doc.get("readings") or {})}


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


def judge(doc: dict, *, precedents: Precedents) -> dict:
    """The judgement of every deal of ``doc``, with the readings the club's binding precedents put
    in force on the sitting's date (``precedents``: ``readings_in_force``'s answer for that date,
    as :func:`games.sitting.precedents_for` reads it); the trace names the precedents applied. A
    RulesError (a bad card, an unknown claim ...) propagates and becomes a 400 naming the value."""
    function = judge_function()
    # The archive filters out readings the engine no longer knows only for the real judge.
    return judge_with_precedents(doc, judge=None if function is dragon.judge_game else function,
                                 readings=precedents)


def judge_last_deal(doc: dict, *, precedents: Precedents) -> dict:
    """The judgement of the last deal of ``doc`` (the earlier deals are its history)."""
    out = judge(doc, precedents=precedents)
    deals = out.get("deals") or []
    if len(deals) != len(doc["deals"]):
        raise RulesError(f"the judge returned {len(deals)} judgements for {len(doc['deals'])} deals",
                         value=len(deals))
    return deals[-1]


def judge_deal_in_sitting(sitting: DealInSittingRead) -> dict:
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


def _facts(doc: Mapping, number: int, started_at: dt.datetime, readings: Mapping[str, str]):
    """The facts of deal ``number`` of the Game (its number in the Game, quick deals counted, as in
    the document) exactly as the judge sets them up (``judge.deal_start``), with the readings the
    judgement uses (``games.sitting.readings_used``: a precedent may change how a deal is dealt)."""
    return dragon_judge.deal_start(dragon_judge.table_from_doc(doc), number, started_at, readings=dict(readings),
                                   ruleset=doc.get("ruleset", "club-2.2.1"))


class DealStepper:
    """The engine's dealing of deal ``number`` of the Game (its true number: the quick deals before
    it count), with the cards recorded so far replayed into it."""

    def __init__(self, doc: Mapping, number: int, started_at: dt.datetime, recorded: Sequence[str] = (), *,
                 readings: Mapping[str, str]) -> None:
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


def dealing(sitting: DealInSittingRead) -> DealStepper:
    """The sitting's deal as the engine deals it, its recorded cards replayed."""
    return DealStepper(sitting.document, sitting.deal.number, sitting.deal.started_at, sitting.recorded,
                       readings=sitting.readings)


def next_circle(sitting: DealInSittingRead) -> NextCircle | None:
    """Which circle comes next in the sitting's deal and who receives its next card."""
    return dealing(sitting).next_circle()


def seeded_cards(doc: dict, number: int, started_at: dt.datetime, seed: str, *, readings: Mapping[str, str]):
    """The digital dealer: the engine's seeded shuffle for deal ``number`` of the Game (its true
    number, quick deals counted) dealt in full, under the ``readings`` the judgement uses
    (``games.sitting.readings_used``). Returns the DealtCards."""
    rs, rd, facts = _facts(doc, number, started_at, readings)
    return deal_from_seed(facts, seed, rd, ruleset=rs).dealt


# How many of a player's best suggestions the advisor looks for and the deal page shows.
ADVICE_SHOWN = 3


def advice(doc: dict, *, readings: Mapping[str, str]) -> dict[str, list[dict]]:
    """The advisor (base rule 25) for the last deal of ``doc``: per player, the best
    ``ADVICE_SHOWN`` claims that would have beaten the hand, best first. The earlier deals are
    judged again as its history (its unrecorded deals count), so the last deal's number is its
    place in the document. ``readings`` are those the judgement used
    (``games.sitting.readings_used``), so that declaring a suggested claim gives exactly the
    suggested hand."""
    doc = {**doc, "readings": dict(readings)}
    table, rs, readings, deals, history = dragon_judge.sitting_start(doc, upto=len(doc["deals"]) - 1)
    last = deals[-1]
    if dragon_judge.is_unrecorded(last):
        return {}
    out = advisor.advise(table, len(deals), last["started_at"], last["cards"], history=history,
                         claims=[dragon_judge.claim_from_doc(c) for c in last.get("claims", [])],
                         bets=last.get("bets", {}), readings=readings, ruleset=rs, limit=ADVICE_SHOWN)
    return {player: [s.as_dict() for s in adv.suggestions] for player, adv in out.items()}


def history_before_last(doc: Mapping) -> GameHistory | None:
    """``rules.engines.dragon.judge.sitting_history`` of ``doc`` before its last deal: every
    earlier deal judged in full, which a provisional judgement of the last deal starts from. None
    when ``doc`` has no deals to preview (the engine says so)."""
    deals = doc.get("deals")
    if not isinstance(deals, list) or not deals:
        return None
    return dragon_judge.sitting_history(doc, upto=len(deals) - 1)


def history_copy(history: GameHistory) -> GameHistory:
    """A fresh :class:`GameHistory` of the same deals: the engine only reads one, but a caller
    may add to it, so a history kept for later is handed out as a copy."""
    return GameHistory(history.deals, previous_game=history.previous_game)


def preview(doc: dict, *, readings: Mapping[str, str],
            history_of: Callable[[Mapping], GameHistory | None] = history_before_last):
    """The last deal of ``doc``, whose cards are those dealt so far, judged provisionally as if
    it ended now (``rules.engines.dragon.preview``), with ``readings``: those the binding
    precedents put in force on its date as the judge uses them (``games.sitting.readings_used``).
    ``history_of`` gives the earlier deals judged in full from the document (with ``readings``)
    whose last deal is previewed: :func:`history_before_last`, or a caller's copy of it kept from
    an earlier card of the deal. None when the engine cannot judge these cards yet: the page then
    shows nothing provisional."""
    document = {**doc, "readings": dict(readings)}
    try:
        return dragon_preview.preview_game(document, history=history_of(document))
    except RulesError:
        return None
    except Exception:  # noqa: BLE001 - advisory only: a rule that cannot read a part-dealt hand
        logger.exception("no provisional judgement for %d card(s)", len(doc["deals"][-1].get("cards") or []))
        return None


def preview_deal(sitting: DealInSittingRead):
    """:func:`preview` of the sitting's deal as recorded so far, from the earlier deals as its
    reader keeps them judged (``sitting.history_of``)."""
    return preview(sitting.judged_document, readings=sitting.readings, history_of=sitting.history_of)


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
