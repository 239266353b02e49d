"""The trick game's seats as a person reads them, and the tournament's refusals that name them.

The engine and the rows number the four seats 0-3 clockwise from North; a person reads the
seat's name (``club.seats.Seat``: North, East ... / Север, Восток ...). A refusal raised by a
service is kept lazy, so it is put into words in the language of whoever reads it (a page, an
API answer, a message shown after a redirect), not in the one active where it was raised. The
problems the engine finds in a round's card play are said here too, from their codes and values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext as _

from club.seats import Seat

from .engine import RulesError, parse_card
from .models import SEAT_LABELS, Tournament
from .selectors import DEMANDS, SUITS, card_view


def seat_name(position: int) -> str:
    """The seat at ``position`` (0-3) by its name, lazily in the reader's language."""
    return Seat(SEAT_LABELS[position]).label


def transition_buttons(tournament: Tournament) -> list[tuple[str, str]]:
    """The statuses a croupier may move the tournament to, each with its button's words: a
    finished tournament is reopened, a draft one is run, a running one is finished."""
    words = {Tournament.Status.RUNNING: _("Reopen") if tournament.is_finished else _("Run"),
             Tournament.Status.FINISHED: _("Finish")}
    return [(to, words[to]) for to in Tournament.TRANSITIONS.get(tournament.status, ())]


def _words(message: Any, params: Mapping[str, Any]) -> str:
    return str(message) % {key: str(value) for key, value in params.items()}


# A lazy message: both the sentence and the seat names in it wait for the reader's language.
words = lazy(_words, str)


# A stored problem of a round's card play. Rows judged before problems carried codes hold the
# engine's line ("round 3, trick 2, seat 1: <what>"); newer rows hold ``tricks.Problem.to_dict()``.
_PROBLEM = re.compile(r"round (?:\d+|\?)(?:, trick (?P<trick>\d+))?(?:, seat (?P<seat>[0-3]))?: (?P<what>.*)", re.S)


def _card(token: Any) -> str:
    """A card as the round page draws it (7♥, 🃏); anything else as it was written."""
    try:
        card = parse_card(str(token))
    except RulesError:
        return str(token)
    return card_view(str(card))["text"]


def _seat(position: Any) -> str:
    return seat_name(position) if isinstance(position, int) and 0 <= position < 4 else str(position)


def _by_seat(values: Any) -> str:
    """Four numbers by seat: "North 1, East 0, South 0, West 1"."""
    if isinstance(values, list) and len(values) == 4:
        return ", ".join(f"{seat_name(s)} {v}" for s, v in enumerate(values))
    return str(values)


def _suit(letter: Any) -> str:
    return SUITS[letter][0] if letter in SUITS else str(letter)


def _demand(demand: Any) -> str:
    return str(DEMANDS[demand]) if demand in DEMANDS else str(demand)


def _problem_sentences() -> dict[str, str]:
    """What each problem code of the engine (``tricks.PROBLEM_CODES``) says, in the reader's language."""
    return {
        "unreadable": _("the recording of this round cannot be read"),
        "not_a_card": _("%(token)s is not a card"),
        "not_a_trump": _("%(trump)s is not a trump suit"),
        "bad_round_number": _("the round number %(value)s is not one of %(low)s–%(high)s"),
        "bad_readings": _("the tournament's readings of the rules cannot be applied to this round"),
        "hand_size": _("cards in the hand: %(held)s, but each player holds %(cards_each)s"),
        "duplicate_card": _("the card %(card)s appears twice"),
        "too_many_jokers": _("more jokers than the deck's two"),
        "trick_count": _("tricks recorded: %(recorded)s, but the round has %(cards_each)s"),
        "bids_in_unbid_round": _("nobody bids in round %(round)s, yet bids are recorded"),
        "bids_missing": _("the bids of round %(round)s are missing"),
        "bad_bid": _("the bid %(value)s is not one of %(low)s–%(high)s"),
        "dealer_bid": _("the dealer (%(dealer)s) bid %(bid)s, which makes the bids add up to %(cards_each)s, "
                        "the cards each player holds"),
        "wrong_leader": _("%(led)s led, but %(leader)s was to lead"),
        "short_trick": _("cards in the trick: %(cards)s, not %(players)s"),
        "demand_without_joker": _("a demand (%(demand)s) goes only with a joker lead"),
        "bad_demand": _("%(demand)s is not a demand: the joker asks for the highest or the lowest card"),
        "card_not_in_hand": _("played %(card)s, which is not in the hand"),
        "illegal_play": _("played %(card)s, which is not allowed: %(reason)s (allowed: %(legal)s)"),
        "trick_full": _("the trick already holds %(played)s cards"),
        "empty_hand": _("the hand is empty: nothing to play"),
        "trick_size": _("cards in the trick: %(cards)s, but a trick holds one to four"),
        "wrong_winner": _("recorded as taken by %(recorded)s, but %(winner)s takes it"),
        "taken_mismatch": _("tricks taken recorded as %(recorded)s, the tricks give %(counted)s"),
        "bad_taken": _("tricks taken: %(value)s, but a player takes %(low)s to %(high)s"),
        "scores_mismatch": _("scores recorded as %(recorded)s, the tricks give %(expected)s"),
        "not_a_game": _("this is not a record of a game"),
        "round_out_of_place": _("round %(round)s stands in place %(place)s: the rounds go in order, each once"),
        "round_count": _("rounds in the game: %(count)s, not %(rounds)s"),
        "dealer_rotation": _("round %(round)s is dealt by %(dealer)s, but the deal passes to %(expected)s"),
        "taken_sum": _("the tricks taken in round %(round)s add up to %(sum)s, not to %(cards_each)s"),
        "totals_mismatch": _("totals recorded as %(recorded)s, the rounds give %(totals)s"),
    }


def _obligation_sentences() -> dict[str, str | dict[str, str]]:
    """What each obligation of a play (``tricks.OBLIGATIONS``) says; those that follow the joker's
    demand are said per demand."""
    return {
        "lead_any": _("the leader may play any card"),
        "follow_suit": _("the led suit %(suit)s must be followed"),
        "trump_or_joker": _("with no %(suit)s, a trump (%(trump)s) or a joker must be played"),
        "void_any": _("with no %(suit)s, no trump and no joker, any card may be played"),
        "no_trump_joker": _("with no %(suit)s in a round without trumps, the joker must be played"),
        "no_trump_void_any": _("with no %(suit)s in a round without trumps, any card may be played"),
        "joker_lead_no_trump_demand": {
            "highest": _("the joker led in a round without trumps asks for the highest card"),
            "lowest": _("the joker led in a round without trumps asks for the lowest card")},
        "joker_lead_no_trump_any": _("the joker led in a round without trumps asks for nothing: any card "
                                     "may be played"),
        "joker_lead_trump": _("after a joker lead a trump (%(trump)s) must be played"),
        "joker_lead_highest_joker": _("the joker led asks for the highest card, and the joker is the highest "
                                      "trump: it must be played"),
        "joker_lead_trump_demand": {
            "highest": _("the joker led asks for the highest card: the highest trump (%(trump)s) must be played"),
            "lowest": _("the joker led asks for the lowest card: the lowest trump (%(trump)s) must be played")},
        "joker_lead_other_joker_first": _("after a joker lead, with no trump in the hand, the other joker must "
                                          "be played before the demand"),
        "joker_lead_demand_card": {
            "highest": _("the joker led asks for the highest card, and there is no trump in the hand: the "
                         "highest card must be played"),
            "lowest": _("the joker led asks for the lowest card, and there is no trump in the hand: the "
                        "lowest card must be played")},
        "joker_lead_other_joker": _("after a joker lead, with no trump in the hand, the other joker must be "
                                    "played"),
        "joker_lead_any": _("after a joker lead, with no trump and no joker in the hand, any card may be played"),
    }


# Which values of a problem are seats (0-3) and which are four numbers by seat, per code.
_SEATS = {"wrong_winner": ("recorded", "winner"), "wrong_leader": ("led", "leader"), "dealer_bid": ("dealer",),
          "dealer_rotation": ("dealer", "expected")}
_BY_SEAT = {"taken_mismatch": ("recorded", "counted"), "scores_mismatch": ("recorded", "expected"),
            "totals_mismatch": ("recorded", "totals"), "taken_sum": ("taken",)}


def _params(code: Any, values: Mapping[str, Any]) -> dict[str, str]:
    """The values of a problem as its sentence reads them: cards drawn, seats by name, suits as symbols."""
    out: dict[str, str] = {}
    for key, value in values.items():
        if key in _SEATS.get(code, ()):
            out[key] = _seat(value)
        elif key in _BY_SEAT.get(code, ()):
            out[key] = _by_seat(value)
        elif key in ("card", "token"):
            out[key] = _card(value)
        elif key in ("suit", "trump"):
            out[key] = _suit(value)
        elif key == "demand":
            out[key] = _demand(value)
        elif key == "legal":
            out[key] = " ".join(_card(c) for c in value) if isinstance(value, list) else str(value)
        else:
            out[key] = str(value)
    return out


class _Missing(dict):
    """Leaves a placeholder a stored problem does not fill visible rather than failing the page."""

    def __missing__(self, key: str) -> str:
        return "?"


def _reason_words(code: Any, values: Mapping[str, Any], any_time: bool) -> str | None:
    sentence = _obligation_sentences().get(code)
    if isinstance(sentence, dict):
        sentence = sentence.get(values.get("demand"))
    if sentence is None:
        return None
    said = sentence % _Missing(_params(code, values))
    if any_time:
        said = _("%(reason)s; a joker may be played at any time") % {"reason": said}
    return said


def problem_text(code: Any, values: Mapping[str, Any] | None) -> str | None:
    """What a coded problem says in the reader's language; None for a code without a sentence."""
    values = values if isinstance(values, Mapping) else {}
    sentence = _problem_sentences().get(code)
    if sentence is None:
        return None
    params = _params(code, {k: v for k, v in values.items() if k not in ("reason", "reason_values", "joker_any_time")})
    if code == "illegal_play":
        reason = _reason_words(values.get("reason"), values.get("reason_values") or {},
                               bool(values.get("joker_any_time")))
        if reason is None:
            return None
        params["reason"] = reason
    return sentence % _Missing(params)


def _placed(trick: Any, seat: Any, what: str) -> str:
    trick = trick if isinstance(trick, int) else None
    seat = seat if isinstance(seat, int) and 0 <= seat < 4 else None
    if trick and seat is not None:
        return _("Trick %(trick)s, %(seat)s: %(what)s") % {"trick": trick, "seat": seat_name(seat), "what": what}
    if trick:
        return _("Trick %(trick)s: %(what)s") % {"trick": trick, "what": what}
    if seat is not None:
        return _("%(seat)s: %(what)s") % {"seat": seat_name(seat), "what": what}
    return what


def problem_words(problem: str | Mapping[str, Any]) -> str:
    """Where a problem of the card play is (the trick, the seat by its name) and what it is, in the
    reader's language; the round is the page's own. A stored problem whose code has no sentence
    here, and a problem stored as the engine's line, keep the engine's English for what it is."""
    if isinstance(problem, Mapping):
        what = problem_text(problem.get("code"), problem.get("values"))
        if what is None:
            what = str(problem.get("message", ""))
        return _placed(problem.get("trick"), problem.get("seat"), what)
    found = _PROBLEM.fullmatch(str(problem))
    if not found:
        return str(problem)
    trick, seat = found.group("trick"), found.group("seat")
    return _placed(int(trick) if trick else None, int(seat) if seat else None, found.group("what"))
