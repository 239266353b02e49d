"""Writes of the games app. Each service is one transaction and the only place its change happens.

Results are versioned submissions: a result is submitted as a draft, confirmed by another person
(a croupier or another player of the table), and corrected by submitting a new version that
supersedes the confirmed one when it is confirmed in turn. Confirming posts the chips to the
double-entry ledger; superseding reverses the old postings and posts the new ones.
"""

from __future__ import annotations

import datetime as dt
import json
import secrets
import uuid
from collections.abc import Iterable, Mapping

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from club import outbox
from club.errors import Conflict, InvalidInput, NotFound
from club.errors import Forbidden as Forbidden  # callers catch it from here
from club.models import Member, ScheduledSession, SeatAssignment
from club.seats import CLOCKWISE, MAX_PLAYERS, MIN_PLAYERS
from rules import selectors as rules_selectors
from rules import services as rules_services
from rules.engines.errors import RulesError
from rules.models import Dispute

from . import access, engine
from .models import (
    Bet,
    Claim,
    Clothing,
    Deal,
    DealtCard,
    Drink,
    Game,
    GamePlayer,
    Hue,
    LedgerEntry,
    Result,
    Weather,
)

PLAYER_FACTS = ("glasses", "headwear", "clothing", "drink", "spare_decks", "analog_watches", "digital_watches",
                "clothing_hue")
ROOM_FACTS = ("animals", "weather", "saint_images", "analog_clocks", "digital_clocks", "natural_table", "exits",
              "closed_room", *Game.OPTIONAL_ROOM_FACTS, "bearded_onlookers")


# --- permissions -------------------------------------------------------------------------------------
# The rules live in games.access; these names stay for the callers that know them.

can_act_at = access.can_act_at
require_table = access.check_table


# --- games (sittings) --------------------------------------------------------------------------------

def _check_choice(field: str, value, choices) -> None:
    if value not in choices:
        raise InvalidInput(_("%(field)s: %(value)s is not one of %(choices)s.")
                           % {"field": field, "value": repr(value), "choices": ", ".join(map(str, choices))},
                           extra={"field": field, "value": value})


def _check_count(field: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value > 1000:
        raise InvalidInput(_("%(field)s: %(value)s must be a whole number from 0 to 1000.") % {"field": field, "value": repr(value)},
                           extra={"field": field, "value": value})
    return value


def _clean_player_facts(member_id: int, facts: Mapping) -> dict:
    out = {}
    for key, value in facts.items():
        if key not in PLAYER_FACTS:
            raise InvalidInput(_("Unknown player fact %(key)s.") % {"key": repr(key)}, extra={"field": key, "member": member_id})
        if key in ("glasses", "headwear"):
            out[key] = bool(value)
        elif key == "clothing":
            _check_choice("clothing", value, Clothing.values)
            out[key] = value
        elif key == "drink":
            _check_choice("drink", value, Drink.values)
            out[key] = value
        elif key == "clothing_hue":
            # None or "": not recorded.
            if value is not None and value != "":
                _check_choice("clothing_hue", value, Hue.values)
            out[key] = value or ""
        else:
            out[key] = _check_count(key, value)
    return out


def _clean_room(room: Mapping) -> dict:
    out = {}
    for key, value in room.items():
        if key not in ROOM_FACTS:
            raise InvalidInput(_("Unknown room fact %(key)s.") % {"key": repr(key)}, extra={"field": key})
        if key == "weather":
            _check_choice("weather", value, Weather.values)
            out[key] = value
        elif key in ("natural_table", "closed_room"):
            out[key] = bool(value)
        elif key in Game.OPTIONAL_ROOM_FACTS:
            if value is not None and not isinstance(value, bool):
                raise InvalidInput(_("%(field)s: %(value)s must be yes, no or not recorded.")
                                   % {"field": key, "value": repr(value)}, extra={"field": key, "value": value})
            out[key] = value
        else:
            out[key] = _check_count(key, value)
    return out


def _end_live(session: ScheduledSession, actor: Member) -> Game | None:
    live = Game.objects.select_for_update().filter(session=session, status=Game.Status.LIVE).first()
    if live is not None:
        live.status = Game.Status.ENDED
        live.ended_at = timezone.now()
        live.save(update_fields=["status", "ended_at"])
    return live


@transaction.atomic
def game_start(*, session: ScheduledSession, actor: Member, seats: Mapping[int, str] | None = None,
               player_facts: Mapping[int, Mapping] | None = None, room: Mapping | None = None,
               min_stake: int | None = None, max_stake: int | None = None,
               readings: Mapping[str, str] | None = None, croupier_calls: Mapping | None = None) -> Game:
    """Start the next Game of a session from its seating (or ``seats``: member id -> seat). A live
    Game of the session ends first: a changed seat, player or stake is a new Game."""
    access.check_session_start(actor, session)
    session = ScheduledSession.objects.select_for_update().select_related("venue").get(pk=session.pk)
    if session.status == ScheduledSession.Status.CANCELLED:
        raise Conflict(_("The session is cancelled: no game can start."), extra={"status": session.status})
    if seats is None:
        seats = dict(SeatAssignment.objects.filter(session=session).values_list("member_id", "seat"))
    seats = {int(k): v for k, v in seats.items()}
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise InvalidInput(_("A game needs 2 to 8 seated players, not %(count)s.") % {"count": len(seats)},
                           extra={"field": "seats", "value": len(seats)})
    taken: dict[str, int] = {}
    for member_id, seat in seats.items():
        if seat not in CLOCKWISE:
            raise InvalidInput(_("Unknown seat %(seat)s.") % {"seat": repr(seat)}, extra={"field": "seat", "value": seat})
        if seat in taken:
            raise Conflict(_("Seat %(seat)s is given twice.") % {"seat": seat}, extra={"seat": seat})
        taken[seat] = member_id
    members = {m.pk: m for m in Member.objects.filter(pk__in=list(seats))}
    for member_id in seats:
        if member_id not in members:
            raise NotFound(_("No member %(id)s.") % {"id": member_id}, extra={"field": "member", "value": member_id})
    # Nobody is played for in his absence: a game seats the session's people only.
    may_sit = set(access.members_who_may_sit(session).filter(pk__in=list(seats)).values_list("pk", flat=True))
    for member_id in seats:
        if member_id not in may_sit:
            raise InvalidInput(_("%(name)s is neither going to nor seated in this session; a croupier answers "
                                 "for him or seats him first.") % {"name": members[member_id]},
                               extra={"field": "seats", "value": member_id})
    min_stake = session.min_stake if min_stake is None else min_stake
    max_stake = session.max_stake if max_stake is None else max_stake
    if isinstance(min_stake, bool) or not isinstance(min_stake, int) or min_stake < 1:
        raise InvalidInput(_("The minimum stake %(min)s must be 1 or more.") % {"min": repr(min_stake)},
                           extra={"field": "min_stake", "value": min_stake})
    if isinstance(max_stake, bool) or not isinstance(max_stake, int) or max_stake < min_stake:
        raise InvalidInput(_("The maximum stake %(max)s is below the minimum %(min)s.") % {"max": repr(max_stake), "min": min_stake},
                           extra={"field": "max_stake", "value": max_stake})
    # A game plays for the stakes the session announced, never for more.
    if min_stake < session.min_stake:
        raise InvalidInput(_("The minimum stake %(min)s is below the session's minimum %(least)s.")
                           % {"min": min_stake, "least": session.min_stake},
                           extra={"field": "min_stake", "value": min_stake})
    if max_stake > session.max_stake:
        raise InvalidInput(_("The maximum stake %(max)s is above the session's maximum %(most)s.")
                           % {"max": max_stake, "most": session.max_stake},
                           extra={"field": "max_stake", "value": max_stake})
    venue = session.venue
    facts = {"saint_images": venue.saint_images, "analog_clocks": venue.analog_clocks,
             "digital_clocks": venue.digital_clocks, "natural_table": venue.natural_table,
             "exits": venue.exits, "closed_room": venue.closed_room}
    facts.update(_clean_room(room or {}))
    cleaned_facts = {int(k): _clean_player_facts(int(k), v) for k, v in (player_facts or {}).items()}
    for member_id in cleaned_facts:
        if member_id not in seats:
            raise InvalidInput(_("Member %(id)s has facts but no seat.") % {"id": member_id}, extra={"field": "player_facts",
                                                                                  "value": member_id})
    if readings:
        try:
            engine._engine_readings({"readings": dict(readings)})
        except RulesError as exc:
            raise InvalidInput(engine.rules_message(exc), extra={"field": "readings", "value": str(exc.value)})
    _end_live(session, actor)
    number = (Game.objects.filter(session=session).aggregate(n=Max("number"))["n"] or 0) + 1
    game = Game(session=session, number=number, kind=session.game, min_stake=min_stake, max_stake=max_stake,
                readings=dict(readings or {}), croupier_calls=dict(croupier_calls or {}), started_by=actor, **facts)
    game.save()
    for member_id, seat in seats.items():
        GamePlayer(game=game, member=members[member_id], seat=seat, **cleaned_facts.get(member_id, {})).save()
    return game


@transaction.atomic
def game_end(*, game: Game, actor: Member) -> Game:
    require_table(actor, game)
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.status != Game.Status.LIVE:
        raise Conflict(_("Game %(number)s has already ended.") % {"number": game.number}, extra={"status": game.status})
    game.status = Game.Status.ENDED
    game.ended_at = timezone.now()
    game.save(update_fields=["status", "ended_at"])
    return game


@transaction.atomic
def game_reseat(*, game: Game, actor: Member, seats: Mapping[int, str],
                player_facts: Mapping[int, Mapping] | None = None) -> Game:
    """A seat or a player changes: the Game ends and the next one starts with the same stakes and
    room, the players who stay keeping their facts of the evening."""
    require_table(actor, game)
    current = {gp.member_id: gp.seat for gp in game.players.all()}
    seats = {int(k): v for k, v in seats.items()}
    if seats == current:
        raise InvalidInput(_("The seating is unchanged: the Game goes on."), extra={"field": "seats"})
    facts = {gp.member_id: {k: getattr(gp, k) for k in PLAYER_FACTS} for gp in game.players.all()}
    for member_id, more in (player_facts or {}).items():
        facts.setdefault(int(member_id), {}).update(more)
    return game_start(session=game.session, actor=actor, seats=seats,
                      player_facts={k: v for k, v in facts.items() if k in seats},
                      room={k: getattr(game, k) for k in ROOM_FACTS}, min_stake=game.min_stake,
                      max_stake=game.max_stake, readings=game.readings, croupier_calls=game.croupier_calls)


# --- deals -----------------------------------------------------------------------------------------

def _locked_live_game(game: Game) -> Game:
    game = (Game.objects.select_for_update().select_related("session__venue").get(pk=game.pk))
    if game.status != Game.Status.LIVE:
        raise Conflict(_("Game %(number)s has ended; start the next one to deal again.") % {"number": game.number},
                       extra={"game": game.pk, "status": game.status})
    return game


def _new_deal(game: Game, actor: Member, mode: str, started_at: dt.datetime | None, seed: str = "") -> Deal:
    open_deal = (Deal.objects.filter(game=game).exclude(results__status__in=Result.LIVE)
                 .order_by("-number").first())
    if open_deal is not None:
        raise Conflict(_("Deal %(number)s has no live result yet; submit its result first.") % {"number": open_deal.number},
                       extra={"deal": open_deal.pk, "number": open_deal.number})
    number = (Deal.objects.filter(game=game).aggregate(n=Max("number"))["n"] or 0) + 1
    deal = Deal(game=game, number=number, mode=mode, seed=seed, started_at=started_at or timezone.now(),
                created_by=actor)
    deal.save()
    if mode != Deal.Mode.QUICK:
        for gp in game.players.all():
            Bet(deal=deal, member_id=gp.member_id, kind=Bet.Kind.ANTE, amount=game.ante, created_by=actor).save()
    return deal


@transaction.atomic
def deal_start(*, game: Game, actor: Member, started_at: dt.datetime | None = None,
               quick: bool = False) -> Deal:
    """The next deal of a live Game: every player antes half the minimum stake. A quick deal
    records no cards and no bets: only its winner and pot."""
    require_table(actor, game)
    game = _locked_live_game(game)
    return _new_deal(game, actor, Deal.Mode.QUICK if quick else Deal.Mode.RECORDED, started_at)


def _game_doc(game: Game, *, upto: Deal | None = None, extra: Deal | None = None,
              previous_game: bool = True) -> dict:
    """The Game's sitting document up to ``upto`` (its deals with cards; the quick deals before the
    last of them come in as unrecorded deals, see :func:`engine.sitting_document`), as the judgement
    and (through the stored document) the advisor read it: with the previous Game at the table when
    the readings in use read it (:func:`engine.with_previous_game`). The dealing, which never reads
    it, asks for none (``previous_game=False``); the provisional judgement adds it itself, so the
    readings in force are looked up once."""
    deals = list(Deal.objects.filter(game=game).exclude(mode=Deal.Mode.QUICK)
                 .prefetch_related("cards", "bets", "claims").order_by("number"))
    if upto is not None:
        deals = [d for d in deals if d.number <= upto.number]
    game = Game.objects.select_related("session__venue").prefetch_related("players__member__dimension").get(pk=game.pk)
    doc = engine.sitting_document(game, deals)
    return engine.with_previous_game(doc, game) if previous_game else doc


def _stepper(deal: Deal) -> engine.DealStepper:
    doc = _game_doc(deal.game, previous_game=False)
    recorded = [c.card for c in deal.cards.order_by("seq")]
    return engine.DealStepper(doc, deal.number, deal.started_at, recorded)


def next_circle(*, deal: Deal) -> engine.NextCircle | None:
    """The engine's next circle of a recorded deal (a read: nothing is written)."""
    return _stepper(deal).next_circle()


def deal_progress(*, deal: Deal) -> dict:
    """The engine's view of a deal being dealt (a read): the next circle, the kinds of the circles
    begun so far, and the modifiers that changed the open/dark pattern once every card is down."""
    stepper = _stepper(deal)
    nxt = stepper.next_circle()
    return {"next": nxt, "pattern": list(stepper.dealing.pattern), "dealer": stepper.dealer,
            "changes": stepper.pattern_changes()}


def deal_preview(*, deal: Deal):
    """The recorded cards of a deal still being dealt, judged provisionally as if the deal ended
    now (a read: nothing is written). None when no card is down, the deal already has a live
    result, or the engine cannot judge the cards so far."""
    if deal.mode != Deal.Mode.RECORDED or not deal.cards.exists() or deal.results.filter(
            status__in=Result.LIVE).exists():
        return None
    doc = _game_doc(deal.game, upto=deal, previous_game=False)
    readings = engine.readings_used(doc)
    return engine.preview(engine.with_previous_game(doc, deal.game, readings=readings), readings=readings)


@transaction.atomic
def deal_digital(*, game: Game, actor: Member, seed: str | None = None,
                 started_at: dt.datetime | None = None) -> Deal:
    """A deal dealt by the site from a seeded shuffle; the seed is kept so it can be replayed."""
    require_table(actor, game)
    game = _locked_live_game(game)
    seed = seed or secrets.token_hex(8)
    if len(seed) > 64:
        raise InvalidInput(_("The seed %(seed)s... is longer than 64 characters.") % {"seed": repr(seed[:20])}, extra={"field": "seed"})
    deal = _new_deal(game, actor, Deal.Mode.DIGITAL, started_at, seed=seed)
    doc = _game_doc(game, previous_game=False)
    try:
        dealt = engine.seeded_cards(doc, deal.number, deal.started_at, seed)
    except RulesError as exc:
        raise InvalidInput(engine.rules_message(exc), extra={"value": str(exc.value)})
    DealtCard.objects.bulk_create([
        DealtCard(deal=deal, seq=d.seq, card=str(d.card), member_id=int(d.player), circle=d.circle, open=d.open,
                  created_by=actor) for d in dealt])
    return deal


def _locked_deal(deal: Deal) -> Deal:
    deal = Deal.objects.select_for_update().select_related("game__session__venue").get(pk=deal.pk)
    return deal


def _require_no_live_result(deal: Deal) -> None:
    live = deal.results.filter(status__in=Result.LIVE).order_by("-version").first()
    if live is not None:
        raise Conflict(_("Deal %(number)s already has result version %(version)s (%(status)s); "
                         "the cards and bets cannot change.")
                       % {"number": deal.number, "version": live.version, "status": live.status}, extra={"live_version": live.version,
                                                                    "result": live.pk})


@transaction.atomic
def deal_card(*, deal: Deal, actor: Member, card: str) -> DealtCard:
    """Record the next card of a deal, typed or tapped in either notation. The engine says which
    circle it belongs to and who receives it, and refuses a non-card or a card already dealt."""
    require_table(actor, deal.game)
    deal = _locked_deal(deal)
    if deal.mode != Deal.Mode.RECORDED:
        raise Conflict(_("Deal %(number)s is a %(mode)s: its cards are not typed in.")
                       % {"number": deal.number, "mode": deal.get_mode_display()},
                       extra={"mode": deal.mode})
    _require_no_live_result(deal)
    if not isinstance(card, str) or not card.strip():
        raise InvalidInput(_("Name a card, e.g. Ah or Тч."), extra={"field": "card", "value": card})
    stepper = _stepper(deal)
    try:
        dealt = stepper.deal(card.strip())
    except RulesError as exc:
        raise InvalidInput(engine.rules_message(exc), extra={"field": "card", "value": card})
    row = DealtCard(deal=deal, seq=dealt.seq, card=str(dealt.card), member_id=int(dealt.player),
                    circle=dealt.circle, open=dealt.open, created_by=actor)
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        raise Conflict(_("Card %(seq)s of deal %(number)s was recorded at the same time; reload.")
                       % {"seq": dealt.seq + 1, "number": deal.number},
                       extra={"seq": dealt.seq})
    return row


@transaction.atomic
def deal_card_undo(*, deal: Deal, actor: Member) -> str:
    """Take back the last recorded card (its history row keeps it)."""
    require_table(actor, deal.game)
    deal = _locked_deal(deal)
    _require_no_live_result(deal)
    last = deal.cards.order_by("-seq").first()
    if last is None or deal.mode != Deal.Mode.RECORDED:
        raise Conflict(_("There is no recorded card to take back."))
    card = last.card
    last.delete()
    return card


@transaction.atomic
def bet_place(*, deal: Deal, actor: Member, member: Member, amount: int) -> Bet:
    """A bet in a deal: a whole number of chips up to the maximum stake."""
    game = deal.game
    require_table(actor, game)
    deal = _locked_deal(deal)
    if deal.mode == Deal.Mode.QUICK:
        raise Conflict(_("A quick result records the pot only, not bets."))
    _require_no_live_result(deal)
    if not any(gp.member_id == member.pk for gp in game.players.all()):
        raise InvalidInput(_("%(name)s does not play in this deal.") % {"name": member},
                           extra={"field": "member", "value": member.pk})
    access.check_for_member(actor, member, game, what="bet")
    if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= game.max_stake:
        raise InvalidInput(_("A bet of %(amount)s is outside 1..%(max)s (the maximum stake).")
                           % {"amount": repr(amount), "max": game.max_stake},
                           extra={"field": "amount", "value": amount})
    # A player's stake in a deal (his bets besides the ante) opens at the minimum stake at least;
    # matching a raise may add less, but the stake never passes the maximum.
    staked = sum(b.amount for b in deal.bets.all() if b.member_id == member.pk and b.kind == Bet.Kind.RAISE)
    if staked + amount < game.min_stake:
        raise InvalidInput(_("A bet of %(amount)s is below the minimum stake %(min)s.")
                           % {"amount": amount, "min": game.min_stake}, extra={"field": "amount", "value": amount})
    if staked + amount > game.max_stake:
        raise InvalidInput(_("A bet of %(amount)s would bring %(name)s's stake in this deal to %(total)s, above "
                             "the maximum stake %(max)s.")
                           % {"amount": amount, "name": member, "total": staked + amount, "max": game.max_stake},
                           extra={"field": "amount", "value": amount})
    bet = Bet(deal=deal, member=member, kind=Bet.Kind.RAISE, amount=amount, created_by=actor)
    bet.save()
    return bet


@transaction.atomic
def claim_declare(*, deal: Deal, actor: Member, member: Member, rule: str, card: str = "", suit: str = "") -> Claim:
    """A claim a player declares; the judge decides whether it holds."""
    game = deal.game
    require_table(actor, game)
    deal = _locked_deal(deal)
    if deal.mode == Deal.Mode.QUICK:
        raise Conflict(_("A quick result has no cards to claim on."))
    _require_no_live_result(deal)
    if not any(gp.member_id == member.pk for gp in game.players.all()):
        raise InvalidInput(_("%(name)s does not play in this deal.") % {"name": member},
                           extra={"field": "member", "value": member.pk})
    access.check_for_member(actor, member, game, what="claim")
    rule = (rule or "").strip().upper()
    if not rule or len(rule) > 12 or not (rule[0] in "BMT" and rule[1:].isdigit() or rule.startswith("IP-")):
        raise InvalidInput(_("Unknown rule %(rule)s: name it as B1..B25 or M1..M100.") % {"rule": repr(rule)},
                           extra={"field": "rule", "value": rule})
    if card:
        try:
            card = engine.parse_card(card)
        except RulesError as exc:
            raise InvalidInput(engine.rules_message(exc), extra={"field": "card", "value": card})
    if suit and suit not in ("h", "d", "c", "s"):
        raise InvalidInput(_("Unknown suit %(suit)s: h, d, c or s.") % {"suit": repr(suit)}, extra={"field": "suit", "value": suit})
    claim = Claim(deal=deal, member=member, rule=rule, card=card, suit=suit)
    claim.save()
    return claim


# --- results -----------------------------------------------------------------------------------------

def _replayed(actor: Member, key: str, deal: Deal | None = None) -> Result | None:
    """The result this member already submitted with this Idempotency-Key, if any."""
    if not key:
        return None
    found = Result.objects.filter(submitted_by=actor, idempotency_key=key).first()
    if found is not None and deal is not None and found.deal_id != deal.pk:
        raise Conflict(_("The Idempotency-Key %(key)s was already used for another deal.") % {"key": repr(key)},
                       extra={"field": "Idempotency-Key", "value": key, "deal": found.deal_id})
    return found


def _check_version(deal: Deal, supersedes: int | None) -> Result | None:
    """Refuse a submission while another is live, unless it names the confirmed version it
    corrects. Returns the version being corrected."""
    live = {r.status: r for r in deal.results.filter(status__in=Result.LIVE)}
    draft = live.get(Result.Status.DRAFT)
    confirmed = live.get(Result.Status.CONFIRMED)
    if draft is not None:
        raise Conflict(_("Deal %(number)s already has result version %(version)s waiting for "
                         "confirmation; confirm or discard it first.") % {"number": deal.number, "version": draft.version},
                       extra={"live_version": draft.version, "result": draft.pk, "status": draft.status})
    if confirmed is not None and supersedes != confirmed.version:
        raise Conflict(_("Deal %(number)s has confirmed result version %(version)s; a correction "
                         "must name it (supersedes=%(version)s).") % {"number": deal.number, "version": confirmed.version},
                       extra={"live_version": confirmed.version, "result": confirmed.pk, "status": confirmed.status})
    if confirmed is None and supersedes is not None:
        raise Conflict(_("Deal %(number)s has no confirmed version %(version)s to correct.")
                       % {"number": deal.number, "version": supersedes},
                       extra={"supersedes": supersedes})
    return confirmed


def _create_result(deal: Deal, actor: Member, key: str, corrected: Result | None, winners: Iterable[Member],
                   **fields) -> Result:
    version = (deal.results.aggregate(v=Max("version"))["v"] or 0) + 1
    result = Result(deal=deal, version=version, submitted_by=actor, idempotency_key=key or "",
                    supersedes=corrected, **fields)
    try:
        with transaction.atomic():
            result.save()
    except IntegrityError:
        replay = _replayed(actor, key)
        if replay is not None:
            return replay
        live = deal.results.filter(status__in=Result.LIVE).order_by("-version").first()
        raise Conflict((_("Deal %(number)s was submitted at the same time: live version %(version)s.")
                        % {"number": deal.number, "version": live.version}) if live
                       else _("Deal %(number)s was submitted at the same time.") % {"number": deal.number},
                       extra={"live_version": live.version if live else None,
                              "result": live.pk if live else None})
    result.winners.set(list(winners))
    if result.kind == Result.Kind.JUDGED and getattr(settings, "GAMES_ADVISE_AFTER_SUBMIT", True):
        from .tasks import result_advise_task

        outbox.enqueue(result_advise_task, result.pk)
    return result


def _bets_by_member(deal: Deal) -> dict[int, int]:
    totals: dict[int, int] = {}
    for bet in deal.bets.all():
        totals[bet.member_id] = totals.get(bet.member_id, 0) + bet.amount
    return totals


@transaction.atomic
def result_submit(*, deal: Deal, actor: Member, idempotency_key: str = "", supersedes: int | None = None) -> Result:
    """Judge a deal whose cards are recorded and submit the judgement as a draft result. The
    chips, winners and trace are the engine's; nothing is typed in."""
    require_table(actor, deal.game)
    deal = _locked_deal(deal)
    replay = _replayed(actor, idempotency_key, deal)
    if replay is not None:
        return replay
    if deal.mode == Deal.Mode.QUICK:
        raise Conflict(_("This deal is a quick result: submit its winner and pot instead."), extra={"mode": deal.mode})
    corrected = _check_version(deal, supersedes)
    game = deal.game
    doc = _game_doc(game, upto=deal)
    recorded = doc["deals"][-1]["cards"]
    # the engine knows the deal's length (nine circles, or eight or ten under a reading)
    dealing = engine.DealStepper(doc, deal.number, deal.started_at, recorded).dealing
    if not dealing.complete:
        count = len(recorded)
        raise InvalidInput(_("Deal %(number)s has %(count)s of %(expected)s cards; record them all first.")
                           % {"number": deal.number, "count": count, "expected": dealing.total},
                           extra={"field": "cards", "value": count})
    try:
        judgement = engine.judge_last_deal(doc)
    except RulesError as exc:
        raise InvalidInput(engine.rules_message(exc), extra={"value": str(exc.value), "rule": exc.rule})
    members = {str(gp.member_id): gp.member for gp in game.players.select_related("member")}
    chips = {str(k): int(v) for k, v in (judgement.get("chips") or {}).items()}
    unknown = [k for k in [*chips, *(judgement.get("winners") or [])] if k not in members]
    if unknown:
        raise InvalidInput(_("The judgement names %(player)s, who is not at the table.") % {"player": repr(unknown[0])},
                           extra={"value": unknown[0]})
    pot = sum(_bets_by_member(deal).values())
    return _create_result(deal, actor, idempotency_key, corrected,
                          [members[k] for k in judgement.get("winners") or []],
                          status=Result.Status.DRAFT, kind=Result.Kind.JUDGED, pot=pot, chips=chips,
                          judgement=judgement, document=doc, best_category=engine.best_category(judgement))


@transaction.atomic
def result_rejudge(*, deal: Deal, actor: Member) -> Result:
    """The croupier judges a confirmed deal again with the readings in force now (after a ruling
    that changes one): a new draft version that corrects the confirmed one, never an edit. A second
    person confirms it as any other correction."""
    access.check_croupier(actor, _("Only a croupier re-judges a deal."))
    live = Result.objects.filter(deal=deal, status=Result.Status.CONFIRMED, kind=Result.Kind.JUDGED).first()
    if live is None:
        raise Conflict(_("Deal %(number)s has no confirmed judged result to re-judge.") % {"number": deal.number}, extra={"deal": deal.pk})
    return result_submit(deal=deal, actor=actor, supersedes=live.version)


@transaction.atomic
def result_advise(*, result: Result) -> Result:
    """Attach the advisor's "you could have claimed ..." to a judged result. The advisor judges
    the deal again for every claim a player could have made, which takes seconds, so it runs in
    a task after the submission; running it twice stores the same advice."""
    result = Result.objects.select_for_update().get(pk=result.pk)
    if result.kind != Result.Kind.JUDGED or not result.document or result.advice is not None:
        return result
    try:
        advice = engine.advice(result.document)
    except (RulesError, ImportError, AttributeError) as exc:
        advice = {"_unavailable": [{"rule": "", "text": str(exc)}]}
    result.advice = advice
    result.save(update_fields=["advice"])
    return result


def quick_chips(*, players: list[int], winners: list[int], pot: int, bets: Mapping[int, int]) -> dict[str, int]:
    """Net chips of a quick result: the winners share the pot; each player put in their recorded
    bets, or an equal share of the pot when no bets were recorded."""
    if not winners:
        raise InvalidInput(_("Name the winner."), extra={"field": "winners"})
    if isinstance(pot, bool) or not isinstance(pot, int) or pot < 0:
        raise InvalidInput(_("The pot %(pot)s must be a whole number 0 or more.") % {"pot": repr(pot)}, extra={"field": "pot", "value": pot})
    if pot % len(winners):
        raise InvalidInput(_("A pot of %(pot)s cannot be shared equally by %(count)s winners.") % {"pot": pot, "count": len(winners)},
                           extra={"field": "pot", "value": pot})
    if bets:
        if sum(bets.values()) != pot:
            raise InvalidInput(_("The pot %(pot)s differs from the bets recorded (%(bets)s).") % {"pot": pot, "bets": sum(bets.values())},
                               extra={"field": "pot", "value": pot})
        paid = {m: bets.get(m, 0) for m in players}
    else:
        if pot % len(players):
            raise InvalidInput(_("A pot of %(pot)s cannot come equally from %(count)s players.") % {"pot": pot, "count": len(players)},
                               extra={"field": "pot", "value": pot})
        paid = {m: pot // len(players) for m in players}
    share = pot // len(winners)
    return {str(m): (share if m in winners else 0) - paid[m] for m in players}


def quick_pot_most(game: Game) -> int:
    """The largest pot a deal of ``game`` can hold: every player antes and then stakes at most the
    maximum stake (betting ends when the highest bet is matched)."""
    return len(game.players.all()) * (game.ante + game.max_stake)


@transaction.atomic
def result_submit_quick(*, deal: Deal, actor: Member, winners: Iterable[Member], pot: int,
                        idempotency_key: str = "", supersedes: int | None = None, note: str = "") -> Result:
    """A quick result: the winner and the pot only, for a table that did not record its cards."""
    require_table(actor, deal.game)
    deal = _locked_deal(deal)
    replay = _replayed(actor, idempotency_key, deal)
    if replay is not None:
        return replay
    if deal.mode != Deal.Mode.QUICK:
        raise Conflict(_("Deal %(number)s has its cards recorded: its result is judged, not typed in.") % {"number": deal.number},
                       extra={"mode": deal.mode})
    corrected = _check_version(deal, supersedes)
    players = [gp.member_id for gp in deal.game.players.all()]
    winners = list(winners)
    for w in winners:
        if w.pk not in players:
            raise InvalidInput(_("%(name)s does not play in this deal.") % {"name": w}, extra={"field": "winners", "value": w.pk})
    most = quick_pot_most(deal.game)
    if not isinstance(pot, bool) and isinstance(pot, int) and pot > most:
        raise InvalidInput(_("A pot of %(pot)s is more than %(most)s: %(count)s players each ante %(ante)s and "
                             "stake at most %(max)s.")
                           % {"pot": pot, "most": most, "count": len(players), "ante": deal.game.ante,
                              "max": deal.game.max_stake},
                           extra={"field": "pot", "value": pot})
    chips = quick_chips(players=players, winners=[w.pk for w in winners], pot=pot, bets=_bets_by_member(deal))
    return _create_result(deal, actor, idempotency_key, corrected, winners, status=Result.Status.DRAFT,
                          kind=Result.Kind.QUICK, pot=pot, chips=chips, note=note[:200])


def _transition(result: Result, to: str) -> None:
    allowed = Result.TRANSITIONS.get(result.status, ())
    if to not in allowed:
        raise Conflict(_("A result that is %(from)s cannot become %(to)s.") % {"from": result.status, "to": to},
                       extra={"from": result.status, "to": to, "allowed": list(allowed), "version": result.version})
    result.status = to


def _locked_result(result: Result) -> Result:
    return Result.objects.select_for_update().select_related("deal__game__session").get(pk=result.pk)


@transaction.atomic
def result_confirm(*, result: Result, actor: Member) -> Result:
    """A second person (a croupier or another player of the table) confirms a draft; the chips are
    posted. A confirmed correction supersedes the version it corrects, whose postings are reversed.
    A confirmed correction of a judged deal re-judges the later deals of the Game, which read it
    as their history (:func:`results_rejudge_later`)."""
    result = _confirm(result, actor)
    if result.supersedes_id and result.kind == Result.Kind.JUDGED:
        results_rejudge_later(result=result, actor=actor)
    return result


def _later_judged_deals(deal: Deal) -> list[Deal]:
    """The deals whose judgement may read ``deal``: the later deals of its Game, and the deals of the
    next Game of the session when the readings it is judged by look back at the previous Game."""
    later = list(Deal.objects.filter(game_id=deal.game_id, number__gt=deal.number)
                 .exclude(mode=Deal.Mode.QUICK).order_by("number"))
    following = (Game.objects.filter(session_id=deal.game.session_id, number__gt=deal.game.number)
                 .order_by("number").first())
    if following is not None:
        doc = engine.sitting_document(following)
        if engine.reads_previous_game(doc, engine.readings_used(doc)):
            later += list(following.deals.exclude(mode=Deal.Mode.QUICK).order_by("number"))
    return later


@transaction.atomic
def results_rejudge_later(*, result: Result, actor: Member) -> list[Result]:
    """After the confirmed correction ``result`` of deal N, judge every later deal of the Game
    with its cards recorded again, in order, with the corrected history (and the next Game's deals
    where its readings look back at this Game: :func:`_later_judged_deals`). A deal whose judgement
    changes gets a new version, never an edit: submitted in the name of the correction's author
    and confirmed by ``actor``, who confirmed the correction (two people agreed to it), so the
    ledger reverses the old postings and posts the new ones. A disputed deal's new version waits
    as a draft for the croupier's ruling; a draft waiting for confirmation that no longer matches
    is discarded and submitted again. Quick results are left as they are. Returns the new
    versions."""
    made: list[Result] = []
    author = result.submitted_by
    for deal in _later_judged_deals(result.deal):
        live = {r.status: r for r in deal.results.filter(status__in=Result.LIVE, kind=Result.Kind.JUDGED)}
        current = live.get(Result.Status.DRAFT) or live.get(Result.Status.CONFIRMED)
        if current is None:
            continue
        try:
            fresh = engine.judge_last_deal(_game_doc(deal.game, upto=deal))
        except RulesError as exc:
            raise InvalidInput(engine.rules_message(exc), extra={"value": str(exc.value), "deal": deal.number})
        if json.loads(json.dumps(fresh)) == current.judgement:      # as stored: JSON
            continue
        if current.status == Result.Status.DRAFT:
            confirmed = current.supersedes
            result_discard(result=current, actor=actor)
            new = result_submit(deal=deal, actor=current.submitted_by,
                                supersedes=confirmed.version if confirmed is not None else None)
        else:
            new = result_submit(deal=deal, actor=author, supersedes=current.version)
            if not rules_selectors.deal_is_disputed(deal_ref(deal)):
                new = _confirm(new, actor)
        made.append(new)
    return made


def _confirm(result: Result, actor: Member) -> Result:
    result = _locked_result(result)
    game = result.deal.game
    access.check_table(actor, game)
    _refuse_while_disputed(result.deal)
    access.check_confirm(actor, result)
    _transition(result, Result.Status.CONFIRMED)
    now = timezone.now()
    if result.supersedes_id:
        old = _locked_result(result.supersedes)
        _transition(old, Result.Status.SUPERSEDED)
        old.closed_by, old.closed_at = actor, now
        old.save(update_fields=["status", "closed_by", "closed_at"])
        _reverse(old)
    result.confirmed_by, result.confirmed_at = actor, now
    result.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    _post(result)
    return result


@transaction.atomic
def result_discard(*, result: Result, actor: Member) -> Result:
    result = _locked_result(result)
    require_table(actor, result.deal.game)
    _transition(result, Result.Status.DISCARDED)
    result.closed_by, result.closed_at = actor, timezone.now()
    result.save(update_fields=["status", "closed_by", "closed_at"])
    return result


# --- disputes (the precedent archive's process, base rule 12) ------------------------------------

def deal_ref(deal: Deal) -> str:
    """The reference under which the precedent archive knows a deal (see
    :func:`games.selectors.archive_deal_snapshot`)."""
    return f"deal-{deal.pk}"


@transaction.atomic
def dispute_raise(*, deal: Deal, actor: Member, question: str) -> Dispute:
    """Call the croupier on a deal: an archive dispute, prefilled with the deal as recorded. Only a
    player of the table or a croupier may dispute it; the archive allows one open dispute per deal."""
    require_table(actor, deal.game)
    return rules_services.dispute_raise(actor=actor, deal_ref=deal_ref(deal), question=question)


def _refuse_while_disputed(deal: Deal) -> None:
    ref = deal_ref(deal)
    if rules_selectors.deal_is_disputed(ref):
        dispute = rules_selectors.disputes_list(status=Dispute.Status.OPEN).filter(deal_ref=ref).first()
        number = dispute.pk if dispute is not None else "?"
        raise Conflict(_("Deal %(number)s is disputed (dispute #%(dispute)s); the croupier must rule first.")
                       % {"number": deal.number, "dispute": number},
                       extra={"dispute": dispute.pk if dispute is not None else None, "deal_ref": ref})


# --- the ledger ------------------------------------------------------------------------------------

def ledger_legs(*, chips: Mapping[str, int], bets: Mapping[int, list[tuple[str, int]]]) -> list[tuple[int | None, str, int]]:
    """The postings of a deal as pairs of legs (member id or None for the pot, kind, amount):
    every bet moves chips from the member to the pot, every payout from the pot to the member.
    A member's legs add up to their net chips; each pair adds up to zero."""
    legs: list[tuple[int | None, str, int]] = []
    for key, net in chips.items():
        member_id = int(key)
        put_in = 0
        for kind, amount in bets.get(member_id, []):
            legs += [(member_id, kind, -amount), (None, kind, amount)]
            put_in += amount
        payout = put_in + net
        if payout > 0:
            legs += [(None, LedgerEntry.Kind.PAYOUT, -payout), (member_id, LedgerEntry.Kind.PAYOUT, payout)]
        elif payout < 0:
            legs += [(member_id, LedgerEntry.Kind.BET, payout), (None, LedgerEntry.Kind.BET, -payout)]
    return legs


def _post(result: Result) -> None:
    deal = result.deal
    bets: dict[int, list[tuple[str, int]]] = {}
    if result.kind == Result.Kind.QUICK and not deal.bets.exists():
        # No bets were recorded: each player's share of the pot is their stake.
        for key, _net in result.chips.items():
            share = result.pot // max(len(result.chips), 1)
            bets[int(key)] = [(LedgerEntry.Kind.BET, share)] if share else []
    else:
        for bet in deal.bets.all():
            kind = LedgerEntry.Kind.ANTE if bet.kind == Bet.Kind.ANTE else LedgerEntry.Kind.BET
            bets.setdefault(bet.member_id, []).append((kind, bet.amount))
    legs = ledger_legs(chips=result.chips, bets=bets)
    now = timezone.now()
    rows = []
    session_id = deal.game.session_id
    for i in range(0, len(legs), 2):
        posting = uuid.uuid4()
        for member_id, kind, amount in legs[i:i + 2]:
            rows.append(LedgerEntry(posting=posting, account=LedgerEntry.Account.MEMBER if member_id else
                                    LedgerEntry.Account.POT, member_id=member_id, kind=kind, amount=amount,
                                    deal=deal, result=result, session_id=session_id, created_at=now))
    for row in rows:
        row.save()


def _reverse(result: Result) -> None:
    now = timezone.now()
    postings: dict[uuid.UUID, uuid.UUID] = {}
    for entry in list(result.ledger.exclude(kind=LedgerEntry.Kind.REVERSAL)):
        new_posting = postings.setdefault(entry.posting, uuid.uuid4())
        LedgerEntry(posting=new_posting, account=entry.account, member_id=entry.member_id,
                    kind=LedgerEntry.Kind.REVERSAL, amount=-entry.amount, deal_id=entry.deal_id, result=result,
                    session_id=entry.session_id, created_at=now).save()
