"""Writes of a table's score sheet: a round recorded (its bids, tricks taken and card play checked
first), corrected or voided by a tournament director, or a whole game recorded at once. Each
enqueues the table's rescore by the task's name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club import outbox
from club.errors import Conflict, InvalidInput
from club.models import Member

from .. import access, task_names
from .. import engine as tricks
from ..engine import RulesError
from ..models import Round, Table, Tournament
from ..presenters import seat_name, words
from ..selectors import ROUND_KIND_NAMES

ROUNDS = tricks.ROUNDS

KIND_LABELS = ROUND_KIND_NAMES

# Kept under these names for the callers that read them from the services.
can_record = access.can_record
_require_recorder = access.check_recorder

# What a refusal of the bids or of the tricks taken says, by what was sent (``what``).
_SHEET_WORDS = {
    "bids": {"four": gettext_lazy("Four bids, one per seat."),
             "missing": gettext_lazy("The bid of %(seat)s is missing."),
             "not_whole": gettext_lazy("The bid of %(seat)s, %(value)s, is not a whole number.")},
    "taken": {"four": gettext_lazy("Four numbers of tricks taken, one per seat."),
              "missing": gettext_lazy("The tricks %(seat)s took are missing."),
              "not_whole": gettext_lazy("The tricks %(seat)s took, %(value)s, are not a whole number.")},
}


def _ints(values: Any, what: str, allow_none: bool = False) -> list[int | None]:
    said = _SHEET_WORDS[what]
    if not isinstance(values, list | tuple) or len(values) != 4:
        raise InvalidInput(said["four"], extra={"field": what, "value": str(values)})
    out = []
    for seat, v in enumerate(values):
        if v is None or v == "":
            if allow_none:
                out.append(None)
                continue
            raise InvalidInput(words(said["missing"], {"seat": seat_name(seat)}),
                               extra={"field": f"{what}_{seat}", "value": None})
        try:
            out.append(int(v))
        except (TypeError, ValueError):
            raise InvalidInput(words(said["not_whole"], {"seat": seat_name(seat), "value": str(v)[:40]}),
                               extra={"field": f"{what}_{seat}", "value": str(v)})
    return out


def check_round(*, number: int, dealer: int, bids: Any, taken: Any,
                readings: Mapping[str, str] | None = None) -> tricks.RoundRecord:
    """The refusals of the score sheet, each with its reason, then the engine's own checks."""
    if not isinstance(number, int) or not 1 <= number <= ROUNDS:
        raise InvalidInput(_("There is no round %(n)s: rounds are 1 to 30.") % {"n": number},
                           extra={"field": "number", "value": number})
    cards_each, kind = tricks.schedule(number)
    bid_list = _ints(bids if bids is not None else [None] * 4, "bids", allow_none=True)
    taken_list = _ints(taken, "taken")
    if not tricks.has_bids(number):
        if any(b is not None for b in bid_list):
            raise InvalidInput(
                _("Round %(n)s is a %(kind)s round: nobody bids.") % {"n": number, "kind": KIND_LABELS[kind]},
                extra={"field": "bids", "value": [b for b in bid_list], "rule": kind})
        bid_tuple = None
    else:
        for seat, b in enumerate(bid_list):
            if b is None:
                raise InvalidInput(words(gettext_lazy("Round %(n)s needs a bid from %(seat)s."),
                                         {"n": number, "seat": seat_name(seat)}),
                                   extra={"field": f"bids_{seat}", "value": None})
        earlier = [bid_list[s] for s in tricks.bidding_order(dealer)[:3]]
        if all(0 <= b <= cards_each for b in earlier):
            forbidden = tricks.forbidden_dealer_bid(cards_each, earlier)
            if forbidden is not None and bid_list[dealer] == forbidden:
                raise InvalidInput(
                    words(gettext_lazy("The dealer (%(seat)s) may not bid %(bid)s: the bids would add up to "
                                       "%(cards)s, the cards each player holds."),
                          {"seat": seat_name(dealer), "bid": forbidden, "cards": cards_each}),
                    extra={"field": f"bids_{dealer}", "value": forbidden, "rule": "dealer bid"})
        bid_tuple = tuple(bid_list)
    if sum(taken_list) != cards_each:
        raise InvalidInput(
            _("The tricks taken add up to %(sum)s; with %(cards)s cards each they must add up to %(cards)s.")
            % {"sum": sum(taken_list), "cards": cards_each},
            extra={"field": "taken", "value": taken_list, "rule": "tricks add up"})
    try:
        return tricks.RoundRecord(number, dealer, bid_tuple, tuple(taken_list))
    except RulesError as error:
        raise InvalidInput(error.message, extra={"field": "round", "value": str(error.value), "rule": error.rule})


def _parse_play(play: Any, number: int, dealer: int) -> dict:
    if isinstance(play, tricks.PlayedRound):
        play = play.to_dict()
    try:
        parsed = tricks.PlayedRound.from_dict(play)
    except RulesError as error:
        raise InvalidInput(_("The card play is not readable: %(reason)s") % {"reason": error.message},
                           extra={"field": "play", "value": str(error.value)})
    if parsed.number != number or parsed.dealer != dealer:
        raise InvalidInput(words(gettext_lazy("The card play is of round %(n)s dealt by %(d)s, not round %(number)s "
                                              "dealt by %(dealer)s."),
                                 {"n": parsed.number, "d": seat_name(parsed.dealer), "number": number,
                                  "dealer": seat_name(dealer)}),
                           extra={"field": "play", "value": parsed.number})
    return parsed.to_dict()


@transaction.atomic
def round_record(*, actor: Member | None, table: Table, number: int, bids: Any = None, taken: Any = None,
                 play: Any = None) -> Round:
    """Record (or correct: a new live version) one round of a table's score sheet. Rounds are
    recorded in order; the table's rescore and then the standings are enqueued on commit."""
    table = Table.objects.select_for_update().select_related("stage__tournament").get(pk=table.pk)
    _require_recorder(actor, table)
    tournament = table.stage.tournament
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(_("Rounds are recorded only while the tournament is running."),
                       extra={"field": "tournament", "value": tournament.status})
    try:
        number = int(number)
    except (TypeError, ValueError):
        raise InvalidInput(_("There is no round %(n)s: rounds are 1 to 30.") % {"n": number},
                           extra={"field": "number", "value": str(number)})
    live = {r.number: r for r in table.rounds.filter(live=True)}
    next_number = max(live, default=0) + 1
    replayed = number not in live and number < next_number and table.rounds.filter(number=number, voided=True).exists()
    if replayed:
        access.check_director(actor, _("Only a tournament director (a croupier or an admin) records a voided round "
                                       "again."))
    if number not in live and number != next_number and not replayed:
        raise InvalidInput(_("Round %(n)s cannot be recorded yet: the next round of this table is %(next)s.")
                           % {"n": number, "next": next_number}, extra={"field": "number", "value": number})
    dealer = tricks.dealer_of(number, table.first_dealer, tournament.readings) if 1 <= number <= ROUNDS else 0
    play_doc = None
    if play not in (None, "", {}):
        play_doc = _parse_play(play, number, dealer)
        if taken is None:
            taken = play_doc["taken"]
            bids = play_doc["bids"]
    record = check_round(number=number, dealer=dealer, bids=bids, taken=taken, readings=tournament.readings)
    if play_doc is not None and (play_doc["bids"] != (list(record.bids) if record.bids is not None else None)
                                 or play_doc["taken"] != list(record.taken)):
        raise InvalidInput(_("The bids and tricks of the card play differ from the ones on the sheet."),
                           extra={"field": "play", "value": number})
    previous = live.get(number)
    if previous is not None:
        access.check_director(actor, _("Only a tournament director (a croupier or an admin) corrects a recorded "
                                       "round."))
    # A round voided earlier keeps its versions: the next one is numbered after them.
    version = (table.rounds.filter(number=number).order_by("-version").values_list("version", flat=True).first()
               or 0) + 1
    if previous is not None:
        previous.live = False
        previous.save(update_fields=["live"])
    row = Round.objects.create(
        table=table, number=number, version=version, dealer=dealer,
        bids=list(record.bids) if record.bids is not None else None, taken=list(record.taken),
        scores=list(record.scores(tournament.readings)), play=play_doc, recorded_by=actor)
    outbox.enqueue(task_names.TABLE_RESCORE, table.pk)
    return row


def is_open_void(row: Round) -> bool:
    """``row`` voids its round and nothing was recorded for the round since: the round may be
    recorded again from it."""
    return row.voided and not Round.objects.filter(table_id=row.table_id, number=row.number,
                                                    version__gt=row.version).exists()


def _director_round(actor: Member | None, row: Round) -> tuple[Round, Table]:
    """The live round ``row``, locked with its table, where ``actor`` directs the tournament."""
    access.check_director(actor, _("Only a tournament director (a croupier or an admin) corrects or voids a "
                                   "recorded round."))
    table = Table.objects.select_for_update().select_related("stage__tournament").get(pk=row.table_id)
    row = Round.objects.select_for_update().get(pk=row.pk)
    if not (row.live or is_open_void(row)):
        raise Conflict(_("Version %(version)s of round %(n)s no longer counts; correct the version that does.")
                       % {"version": row.version, "n": row.number}, extra={"field": "round", "value": row.version})
    if table.stage.tournament.status != Tournament.Status.RUNNING:
        raise Conflict(_("The tournament is not running: reopen it to correct a round."),
                       extra={"field": "tournament", "value": table.stage.tournament.status})
    return row, table


@transaction.atomic
def round_correct(*, actor: Member | None, row: Round, bids: Any = None, taken: Any = None, play: Any = None,
                  reason: str = "") -> Round:
    """A tournament director corrects a recorded round: a new live version, the old one kept;
    the table and then the standings are rescored on commit."""
    row, table = _director_round(actor, row)
    if row.live and play is None and bids == row.bids and taken == row.taken:
        raise InvalidInput(_("The correction changes nothing: change a bid or the tricks taken."),
                           extra={"field": "taken", "value": taken})
    new = round_record(actor=actor, table=table, number=row.number, bids=bids, taken=taken, play=play)
    new.reason = (reason or "")[:200]
    new.save(update_fields=["reason"])
    return new


@transaction.atomic
def round_void(*, actor: Member | None, row: Round, reason: str = "") -> Round:
    """A tournament director voids a recorded round: a version that voids it is kept in the
    history, no version of the round counts any more, and the table and the standings are
    rescored on commit."""
    row, table = _director_round(actor, row)
    if not row.live:
        raise Conflict(_("Round %(n)s is voided already.") % {"n": row.number}, extra={"field": "round",
                                                                                      "value": row.version})
    version = table.rounds.filter(number=row.number).order_by("-version").values_list("version", flat=True)[0] + 1
    row.live = False
    row.save(update_fields=["live"])
    void = Round.objects.create(table=table, number=row.number, version=version, live=False, voided=True,
                                dealer=row.dealer, bids=row.bids, taken=row.taken, scores=[0, 0, 0, 0],
                                play=row.play, reason=(reason or "")[:200], recorded_by=actor)
    outbox.enqueue(task_names.TABLE_RESCORE, table.pk)
    return void


@transaction.atomic
def table_record_game(*, actor: Member | None, table: Table, game: Any, through: int = ROUNDS) -> list[Round]:
    """Record a whole game played elsewhere (the engine's game record: the bots, an import) on an
    empty table, rounds 1..``through`` with their card play."""
    table = Table.objects.select_for_update().select_related("stage__tournament").get(pk=table.pk)
    _require_recorder(actor, table)
    tournament = table.stage.tournament
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(_("Rounds are recorded only while the tournament is running."),
                       extra={"field": "tournament", "value": tournament.status})
    if table.rounds.exists():
        raise Conflict(_("Table %(n)s already has rounds recorded.") % {"n": table.number},
                       extra={"field": "table", "value": table.pk})
    try:
        record = game if isinstance(game, tricks.GameRecord) else tricks.GameRecord.from_dict(game)
    except RulesError as error:
        raise InvalidInput(error.message, extra={"field": "game", "value": str(error.value)})
    if record.first_dealer != table.first_dealer:
        raise InvalidInput(words(gettext_lazy("The game's first dealer is %(d)s, the table's %(t)s."),
                                 {"d": seat_name(record.first_dealer), "t": seat_name(table.first_dealer)}),
                           extra={"field": "game", "value": record.first_dealer})
    now = timezone.now()
    rows = Round.objects.bulk_create([
        Round(table=table, number=r.number, dealer=r.dealer, bids=list(r.bids) if r.bids is not None else None,
              taken=list(r.taken), scores=list(r.summary().scores(tournament.readings)), play=r.to_dict(),
              recorded_by=actor, recorded_at=now)
        for r in record.rounds[:through]])
    outbox.enqueue(task_names.TABLE_RESCORE, table.pk)
    return rows
