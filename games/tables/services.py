"""Writes of the tables: casino hands against the house, dice poker matches, and their chip
postings; Draker games as the club played them (no stakes: the ledger is untouched). Each service is one transaction and the only place its change happens; the engines
decide, the services store what they return. An engine's RulesError propagates unchanged (the
API answers 400 with its message, the pages show it next to the field) and, raised inside the
transaction, leaves nothing half-written.
"""

from __future__ import annotations

import datetime as dt
import secrets
import uuid
import zoneinfo
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from club import states
from club.errors import Conflict, Forbidden, InvalidInput
from club.models import Member, ScheduledSession, Venue
from games.models import LedgerEntry
from rules.engines import casino as casino_engine
from rules.engines import dice as dice_engine
from rules.engines import draker as draker_engine

from .access import (
    access_casino_hand,
    access_dice_match,
    access_draker_game,
    check_casino_session,
    check_dice_mover,
    check_draker_record,
    check_means,
    check_session_stake,
)
from .models import CasinoHand, DiceMatch, DrakerGame, DrakerPlayer, DrakerTurn

Account = LedgerEntry.Account
Kind = LedgerEntry.Kind
# A leg of a posting: (account, member or None, kind, amount).
Leg = tuple[str, Member | None, str, int]

# The largest stake or raise of any table; a session's own limits and the casino table's are
# narrower.
MAX_STAKE = 1000
# The casino table's limit when the settings name none (CASINO_MAX_STAKE).
CASINO_MAX_STAKE = 100

_FIELD_NAMES = {"stake": gettext_lazy("stake"), "max_raise": gettext_lazy("largest raise"),
                "amount": gettext_lazy("raise")}


def _active(actor: Member | None) -> Member:
    if actor is None or not actor.active:
        raise Forbidden(_("Only an active club member may play at the tables."))
    return actor


def _check_stake(stake: object, field: str = "stake", *, maximum: int = MAX_STAKE) -> int:
    if isinstance(stake, bool) or not isinstance(stake, int) or not 1 <= stake <= maximum:
        shown = stake if isinstance(stake, int) and not isinstance(stake, bool) else str(stake)[:40]
        raise InvalidInput(_("The %(field)s must be a whole number of chips from 1 to %(max)s, not %(value)s.")
                           % {"field": _FIELD_NAMES.get(field, field), "max": maximum, "value": shown},
                           extra={"field": field, "value": shown, "max": maximum})
    return stake


def casino_max_stake() -> int:
    """The casino table's limit: the house takes no stake above it."""
    return int(getattr(settings, "CASINO_MAX_STAKE", CASINO_MAX_STAKE))


def _check_session_limit(value: int, field: str, session: ScheduledSession | None) -> int:
    """A match played at a session stays within the session's stakes: a stake from its minimum to
    its maximum, no largest raise or raise above its maximum."""
    return check_session_stake(value, field=field, what=_FIELD_NAMES.get(field, field), session=session)


def _new_seed() -> str:
    return secrets.token_hex(8)


# --- chip postings -----------------------------------------------------------------------------

def chips_post(*, postings: Iterable[Sequence[Leg]], casino_hand: CasinoHand | None = None,
               dice_match: DiceMatch | None = None, at: dt.datetime | None = None) -> list[LedgerEntry]:
    """Write balanced postings to the club's ledger: each is a list of legs summing to zero and
    gets one UUID; the rows name the hand or the match (and the match's session, if any). Call it
    inside the caller's transaction, so the chips move exactly when the play is stored."""
    if (casino_hand is None) == (dice_match is None):
        raise InvalidInput(_("A table posting belongs to one casino hand or one dice match."))
    now = at or timezone.now()
    session_id = dice_match.session_id if dice_match is not None else None
    rows: list[LedgerEntry] = []
    for legs in postings:
        legs = [leg for leg in legs if leg[3] != 0]
        if not legs:
            continue
        total = sum(leg[3] for leg in legs)
        if total != 0:
            raise InvalidInput(_("A posting must sum to zero, not %(total)s.") % {"total": total}, extra={"legs": len(legs)})
        posting = uuid.uuid4()
        for account, member, kind, amount in legs:
            rows.append(LedgerEntry(posting=posting, account=account, member=member, kind=kind, amount=amount,
                                    casino_hand=casino_hand, dice_match=dice_match, session_id=session_id,
                                    created_at=now))
    # save() rather than bulk_create: the ledger keeps each row's history (django-simple-history).
    for row in rows:
        row.save()
    return rows


def _into_pot(account: str, member: Member | None, kind: str, amount: int) -> list[Leg]:
    return [(account, member, kind, -amount), (Account.POT, None, kind, amount)]


# --- the casino table --------------------------------------------------------------------------

def house_clock(*, venue: Venue | None, now: dt.datetime | None = None) -> tuple[str, dt.datetime]:
    """The house clock: the venue's local time, or the site's when the hand has no venue."""
    zone = venue.timezone if venue is not None else settings.TIME_ZONE
    moment = now or timezone.now()
    return zone, moment.astimezone(zoneinfo.ZoneInfo(zone))


def _odds_samples() -> int:
    return int(getattr(settings, "TABLES_CASINO_ODDS_SAMPLES", 2000))


def _engine_hand(hand: CasinoHand) -> casino_engine.CasinoHand:
    return casino_engine.CasinoHand.from_dict(hand.document)


def _locked_hand(hand: CasinoHand, actor: Member | None) -> CasinoHand:
    return access_casino_hand(actor, hand.pk, for_action="play", lock=True)


def _store_hand(hand: CasinoHand, engine: casino_engine.CasinoHand, before: dict) -> None:
    """Copy the engine's state to the row and move the chips the step put in the bank; on the
    settlement return the bank to both sides and pay the player's net from the house."""
    doc = engine.to_dict()
    postings: list[list[Leg]] = []
    player_more = doc["player_paid"] - before["player_paid"]
    house_more = doc["house_paid"] - before["house_paid"]
    if player_more:
        postings.append(_into_pot(Account.MEMBER, hand.player, Kind.BET, player_more))
    if house_more:
        postings.append(_into_pot(Account.CASINO, None, Kind.BET, house_more))
    if doc["phase"] == "settled":
        net = doc["net"]
        postings.append([(Account.POT, None, Kind.PAYOUT, -doc["player_paid"]),
                         (Account.MEMBER, hand.player, Kind.PAYOUT, doc["player_paid"])])
        postings.append([(Account.POT, None, Kind.PAYOUT, -doc["house_paid"]),
                         (Account.CASINO, None, Kind.PAYOUT, doc["house_paid"])])
        postings.append([(Account.CASINO, None, Kind.PAYOUT, -net),
                         (Account.MEMBER, hand.player, Kind.PAYOUT, net)])
        hand.net = net
        hand.outcome = doc["outcome"] or ""
        hand.settled_at = timezone.now()
    hand.document = doc
    hand.phase = doc["phase"]
    hand.player_paid = doc["player_paid"]
    hand.save()
    chips_post(postings=postings, casino_hand=hand)


@transaction.atomic
def casino_hand_start(*, actor: Member | None, stake: int = 1, venue: Venue | None = None,
                      seed: str | None = None, session: ScheduledSession | None = None,
                      now: dt.datetime | None = None) -> CasinoHand:
    """Sit down at the casino table: both sides ante ``stake`` (at most the table's limit,
    ``CASINO_MAX_STAKE``) and six cards are dealt. ``session`` is the club evening the hand is
    played at, as the player chose it (one in progress he takes part in; a croupier any in
    progress): the hand's net counts for that evening; the session's room gives the house clock
    when no venue is named. Without a session the hand counts for no evening."""
    actor = _active(actor)
    session = check_casino_session(actor, session, now=now)
    if session is not None and venue is None:
        venue = session.venue
    stake = _check_stake(stake, maximum=casino_max_stake())
    check_means(actor, stake, field="stake", what=_FIELD_NAMES["stake"])
    seed = seed or _new_seed()
    if CasinoHand.objects.filter(player=actor).exclude(phase=CasinoHand.Phase.SETTLED).exists():
        raise Conflict(_("Finish the hand in play before starting another."), extra={"player": actor.pk})
    engine = casino_engine.CasinoHand(seed=seed, stake=stake)
    doc = engine.to_dict()
    hand = CasinoHand(player=actor, venue=venue, session=session, seed=seed, stake=stake, order=engine.order,
                      readings=doc["readings"], phase=doc["phase"], document=doc,
                      player_paid=doc["player_paid"], started_at=now or timezone.now())
    try:
        with transaction.atomic():
            hand.save()
    except IntegrityError:
        raise Conflict(_("Finish the hand in play before starting another."), extra={"player": actor.pk})
    chips_post(postings=[_into_pot(Account.MEMBER, actor, Kind.ANTE, doc["player_paid"]),
                         _into_pot(Account.CASINO, None, Kind.ANTE, doc["house_paid"])],
               casino_hand=hand)
    return hand


@transaction.atomic
def casino_hand_act(*, hand: CasinoHand, actor: Member | None, action: str) -> CasinoHand:
    """The player's decision (play, raise or fold) before or after the draw. The first decision
    also stores what the odds said about it, from the player's six cards alone."""
    hand = _locked_hand(hand, actor)
    engine = _engine_hand(hand)
    before = {"player_paid": engine.player_paid, "house_paid": engine.house_paid}
    first = engine.phase == "first_decision"
    cards = engine.player_cards
    if action == "raise" and engine.phase in ("first_decision", "second_decision"):
        # A raise puts one more stake in the bank: the player must have it.
        check_means(hand.player, hand.stake, field="action", what=_FIELD_NAMES["amount"])
    engine.act(action)
    if first and hand.odds is None:
        found = casino_engine.odds(cards, method="monte_carlo", samples=_odds_samples(), seed=hand.seed,
                                   stake=hand.stake, readings=hand.readings or None, order=hand.order)
        hand.odds = found.to_dict() | {"chosen": action}
    _store_hand(hand, engine, before)
    return hand


@transaction.atomic
def casino_hand_draw(*, hand: CasinoHand, actor: Member | None, discard: Iterable[str] = ()) -> CasinoHand:
    """The player discards any of their cards (possibly none); both sides draw replacements."""
    hand = _locked_hand(hand, actor)
    engine = _engine_hand(hand)
    before = {"player_paid": engine.player_paid, "house_paid": engine.house_paid}
    engine.draw(list(discard))
    _store_hand(hand, engine, before)
    return hand


@transaction.atomic
def casino_hand_reveal(*, hand: CasinoHand, actor: Member | None, now: dt.datetime | None = None) -> CasinoHand:
    """Show the cards: the minute on the house clock now fixes the situational rules; the bank is
    settled through the ledger."""
    hand = _locked_hand(hand, actor)
    engine = _engine_hand(hand)
    before = {"player_paid": engine.player_paid, "house_paid": engine.house_paid}
    zone, local = house_clock(venue=hand.venue, now=now)
    engine.reveal(local.minute)
    hand.time_zone = zone
    hand.revealed_at = local
    hand.minute = local.minute
    _store_hand(hand, engine, before)
    return hand


# --- dice poker --------------------------------------------------------------------------------

@transaction.atomic
def dice_match_create(*, actor: Member | None, first: Member, second: Member, stake: int = 1,
                      mode: str = DiceMatch.Mode.RECORDED, session: ScheduledSession | None = None,
                      seed: str | None = None, max_raise: int | None = None,
                      readings: Mapping[str, str] | None = None) -> DiceMatch:
    """Open a match. A member who plays in it invites the other player: only the creator's own
    stake goes into the pool now, the invitee's when he accepts. A croupier who does not play in
    it opens it with both stakes posted (the croupier's action, recorded as ``created_by``)."""
    actor = _active(actor)
    plays = actor.pk in (first.pk, second.pk)
    if not actor.is_croupier and not plays:
        raise Forbidden(_("Only a croupier or one of the two players may open a dice match."))
    if first.pk == second.pk:
        raise InvalidInput(_("The two players must differ, not %(name)s twice.") % {"name": first.display_name},
                           extra={"field": "second", "value": second.pk})
    for member, field in ((first, "first"), (second, "second")):
        if not member.active:
            raise InvalidInput(_("%(name)s is not an active member.") % {"name": member.display_name},
                               extra={"field": field, "value": member.pk})
    stake = _check_session_limit(_check_stake(stake), "stake", session)
    for member in ((actor,) if not actor.is_croupier or plays else (first, second)):
        check_means(member, stake, field="stake", what=_FIELD_NAMES["stake"])
    if max_raise is not None:
        _check_session_limit(_check_stake(max_raise, "max_raise"), "max_raise", session)
    if mode not in DiceMatch.Mode.values:
        raise InvalidInput(_("The dice are %(modes)s, not %(mode)s.")
                           % {"modes": pgettext("list of alternatives", " or ").join(DiceMatch.Mode.values),
                              "mode": repr(mode)[:40]},
                           extra={"field": "mode", "value": str(mode)[:40]})
    if mode == DiceMatch.Mode.SEEDED:
        seed = seed or _new_seed()
    elif seed:
        raise InvalidInput(_("A match with real dice has no seed: its rolls are typed in."),
                           extra={"field": "seed", "value": seed[:40]})
    engine = dice_engine.Match((first.display_name, second.display_name), stake=stake, seed=seed or None,
                               readings=readings or None, max_raise=max_raise)
    doc = engine.to_dict()
    invitee = (second if actor.pk == first.pk else first) if plays else None
    stakers = [actor] if invitee is not None else [first, second]
    match = DiceMatch.objects.create(
        first=first, second=second, session=session, mode=mode, seed=seed or "", stake=stake,
        max_raise=max_raise, readings=doc["readings"], document=doc,
        phase=DiceMatch.INVITED if invitee is not None else engine.phase,
        pool=stake * len(stakers), created_by=actor, invitee=invitee)
    chips_post(postings=[_into_pot(Account.MEMBER, m, Kind.ANTE, stake) for m in stakers], dice_match=match)
    return match


def _answer_invitation(match: DiceMatch, action: str) -> str:
    """The phase the invitation moves to, or a Conflict when it is no longer open."""
    step = DiceMatch.INVITATION_TRANSITIONS.get(match.phase, {}).get(action)
    if step is None:
        raise Conflict(_("This invitation is no longer open: the match was accepted, declined or withdrawn."),
                       extra={"match": match.pk, "phase": match.phase, "action": action})
    return step


@transaction.atomic
def dice_match_accept(*, match: DiceMatch, actor: Member | None) -> DiceMatch:
    """The invitee accepts: his own stake goes into the pool and the match starts."""
    match = access_dice_match(actor, match.pk, for_action="accept", lock=True)
    match.phase = _answer_invitation(match, "accept")
    check_means(match.invitee, match.stake, field="stake", what=_FIELD_NAMES["stake"])
    engine = _engine_match(match)
    match.phase = engine.phase
    match.pool = engine.pool
    match.accepted_at = timezone.now()
    match.save(update_fields=["phase", "pool", "accepted_at"])
    chips_post(postings=[_into_pot(Account.MEMBER, match.invitee, Kind.ANTE, match.stake)], dice_match=match)
    return match


def _close_invitation(match: DiceMatch, action: str) -> DiceMatch:
    """Decline or withdraw: the creator's stake comes back from the pool through the ledger."""
    match.phase = _answer_invitation(match, action)
    creator = match.second if match.invitee_id == match.first_id else match.first
    refund = match.pool
    match.pool = 0
    match.finished_at = timezone.now()
    match.save(update_fields=["phase", "pool", "finished_at"])
    chips_post(postings=[[(Account.POT, None, Kind.REVERSAL, -refund),
                          (Account.MEMBER, creator, Kind.REVERSAL, refund)]], dice_match=match)
    return match


@transaction.atomic
def dice_match_decline(*, match: DiceMatch, actor: Member | None) -> DiceMatch:
    """The invitee declines; none of his chips ever moved, the creator's come back."""
    return _close_invitation(access_dice_match(actor, match.pk, for_action="decline", lock=True), "decline")


@transaction.atomic
def dice_match_withdraw(*, match: DiceMatch, actor: Member | None) -> DiceMatch:
    """The creator takes the invitation back before it is answered; his stake comes back."""
    return _close_invitation(access_dice_match(actor, match.pk, for_action="withdraw", lock=True), "withdraw")


def _engine_match(match: DiceMatch) -> dice_engine.Match:
    return dice_engine.Match.from_dict(match.document)


MOVE_FIELDS = ("dice", "indices", "amount")


def raise_limit(match: DiceMatch) -> int:
    """The largest raise in the match: its own limit, else its session's largest stake."""
    if match.max_raise is not None:
        return match.max_raise
    return match.session.max_stake if match.session_id else MAX_STAKE


@transaction.atomic
def dice_match_move(*, match: DiceMatch, actor: Member | None, player: Member, action: str,
                    dice: Sequence[int] | None = None, indices: Sequence[int] | None = None,
                    amount: int | None = None) -> DiceMatch:
    """One move of ``player``, made by ``player`` himself or entered by a croupier who does not
    play in the match (real dice typed in, or a seeded roll); who entered it is kept beside the
    record. Raises in the pool move chips when accepted; the winner takes the pool."""
    match = access_dice_match(actor, match.pk, for_action="move", lock=True)
    by_croupier = check_dice_mover(actor, match, player)
    if match.is_invited:
        invitee = match.invitee.display_name if match.invitee_id else ""
        raise Conflict(_("The match starts once %(name)s accepts the invitation.") % {"name": invitee},
                       extra={"match": match.pk, "phase": match.phase})
    if match.phase in (DiceMatch.DECLINED, DiceMatch.WITHDRAWN):
        raise Conflict(_("This match was declined or withdrawn; it is not played."),
                       extra={"match": match.pk, "phase": match.phase})
    if match.mode == DiceMatch.Mode.SEEDED and dice is not None:
        raise InvalidInput(_("A match rolled on the site rolls its own dice; leave the dice out."),
                           extra={"field": "dice", "value": str(list(dice))[:40]})
    if amount is not None and not isinstance(amount, bool) and isinstance(amount, int) and amount > raise_limit(match):
        raise InvalidInput(_("A raise is at most %(max)s chips, not %(amount)s.")
                           % {"max": raise_limit(match), "amount": amount},
                           extra={"field": "amount", "value": amount, "max": raise_limit(match)})
    if action == "raise" and isinstance(amount, int) and not isinstance(amount, bool) and amount > 0:
        # A raise is proposed only by a player who could put it in if the other accepts.
        check_means(player, amount, field="amount", what=_FIELD_NAMES["amount"])
    engine = _engine_match(match)
    name = engine.players[0 if player.pk == match.first_id else 1]
    move: dict[str, Any] = {"action": action, "player": name}
    if dice is not None:
        move["dice"] = list(dice)
    if indices is not None:
        move["indices"] = list(indices)
    if amount is not None:
        move["amount"] = amount
    if action == "reroll" and "indices" not in move:
        move["indices"] = []
    before = dict(engine.contributions)
    engine.apply(move)
    postings: list[list[Leg]] = []
    members = {engine.players[0]: match.first, engine.players[1]: match.second}
    for p, member in members.items():
        more = engine.contributions[p] - before[p]
        if more:
            check_means(member, more, field="amount", what=_FIELD_NAMES["amount"])
            postings.append(_into_pot(Account.MEMBER, member, Kind.BET, more))
    if engine.phase == "over" and match.phase != "over":
        winner = members[engine.winner]
        postings.append([(Account.POT, None, Kind.PAYOUT, -engine.pool),
                         (Account.MEMBER, winner, Kind.PAYOUT, engine.pool)])
        match.winner = winner
        match.finished_at = timezone.now()
    match.document = engine.to_dict()
    match.entries = [*match.entries, {"player": player.pk, "entered_by": actor.pk, "by_croupier": by_croupier}]
    match.phase = engine.phase
    match.pool = engine.pool
    match.save()
    chips_post(postings=postings, dice_match=match)
    return match


# --- the Draker calculator ---------------------------------------------------------------------

def draker_calculate(*, cards: Sequence[Mapping[str, Any]], effects: int = 0, spent_attack: int = 0,
                     spent_defence: int = 0, earned_attack: int = 0, earned_defence: int = 0,
                     readings: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Score one combination and the turn's balance: the combination's final value counts as
    attack or defence points earned by its role, beside the points earned otherwise. Nothing is
    stored; the engine's RulesError names any bad card."""
    parsed = [draker_engine.Card.from_dict(card) for card in cards]
    found = draker_engine.score(parsed, effects=effects, readings=readings)
    balance = draker_engine.turn_balance(
        spent_attack=spent_attack, spent_defence=spent_defence,
        earned_attack=earned_attack + (found.final if found.role == "attack" else 0),
        earned_defence=earned_defence + (found.final if found.role == "defence" else 0),
        readings=readings)
    return {"score": found, "balance": balance}


# --- Draker games ------------------------------------------------------------------------------
# The seed values combinations and charges 3 life points per point spent beyond those earned; it
# fixes neither the starting life nor how a game ends. So a game is recorded as the club played
# it: its placings (1 the winner, the last one left), optionally each player's life points at the
# end, and optionally its turns valued by the engine. The bounds below are the site's, to catch
# typing slips, not rules of the game.

DRAKER_MAX_PLAYERS = 12
DRAKER_LIFE_BOUND = 9999


def _player_error(message: str, *, row: int, field: str, value: object) -> InvalidInput:
    return InvalidInput(message, extra={"field": "players", "row": row, "column": field, "value": value})


def _draker_players(players: Sequence[Mapping[str, Any]]) -> list[tuple[Member, int, int | None]]:
    """The players as (member, place, life), checked: two or more, each once, active, the places
    1..n each once, the life points a whole number within the site's bound."""
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise InvalidInput(_("Name the players of the game."), extra={"field": "players"})
    count = len(players)
    if count < 2:
        raise InvalidInput(_("A Draker game has two or more players, not %(n)s.") % {"n": count},
                           extra={"field": "players", "value": count, "min": 2})
    if count > DRAKER_MAX_PLAYERS:
        raise InvalidInput(_("A game records at most %(max)s players, not %(n)s.")
                           % {"max": DRAKER_MAX_PLAYERS, "n": count},
                           extra={"field": "players", "value": count, "max": DRAKER_MAX_PLAYERS})
    rows: list[tuple[Member, int, int | None]] = []
    seen_members: dict[int, int] = {}
    seen_places: dict[int, int] = {}
    for row, entry in enumerate(players):
        member, place, life = entry.get("member"), entry.get("place"), entry.get("life")
        if not isinstance(member, Member):
            raise _player_error(_("Choose the player of row %(row)s.") % {"row": row + 1}, row=row, field="member",
                                value=None)
        if not member.active:
            raise _player_error(_("%(name)s is not an active member.") % {"name": member.display_name}, row=row,
                                field="member", value=member.pk)
        if member.pk in seen_members:
            raise _player_error(_("%(name)s is named twice.") % {"name": member.display_name}, row=row,
                                field="member", value=member.pk)
        if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= count:
            shown = place if isinstance(place, int) and not isinstance(place, bool) else str(place)[:40]
            raise _player_error(_("A place is a whole number from 1 to %(n)s, not %(value)s.")
                                % {"n": count, "value": shown}, row=row, field="place", value=shown)
        if place in seen_places:
            raise _player_error(_("%(name)s and %(other)s cannot both have place %(place)s: each place is one "
                                  "player's.") % {"name": member.display_name, "place": place,
                                                  "other": rows[seen_places[place]][0].display_name},
                                row=row, field="place", value=place)
        if life is not None and (isinstance(life, bool) or not isinstance(life, int)
                                 or not -DRAKER_LIFE_BOUND <= life <= DRAKER_LIFE_BOUND):
            shown = life if isinstance(life, int) and not isinstance(life, bool) else str(life)[:40]
            raise _player_error(_("Life points are a whole number from %(min)s to %(max)s, not %(value)s.")
                                % {"min": -DRAKER_LIFE_BOUND, "max": DRAKER_LIFE_BOUND, "value": shown},
                                row=row, field="life", value=shown)
        seen_members[member.pk] = row
        seen_places[place] = row
        rows.append((member, place, life))
    return rows


def _check_draker_session(session: ScheduledSession, rows: list[tuple[Member, int, int | None]]) -> None:
    """A game of a session is played by members taking part in it: going to it or seated in it."""
    from games.access import members_who_may_sit

    if session.status == ScheduledSession.Status.CANCELLED:
        raise InvalidInput(_("%(session)s was cancelled; no game was played there.") % {"session": session.title},
                           extra={"field": "session", "value": session.pk})
    taking_part = set(members_who_may_sit(session).filter(pk__in=[m.pk for m, _p, _l in rows])
                      .values_list("pk", flat=True))
    for row, (member, _place, _life) in enumerate(rows):
        if member.pk not in taking_part:
            raise _player_error(_("%(name)s does not take part in %(session)s.")
                                % {"name": member.display_name, "session": session.title},
                                row=row, field="member", value=member.pk)


@transaction.atomic
def draker_game_record(*, actor: Member | None, players: Sequence[Mapping[str, Any]],
                       session: ScheduledSession | None = None, played_at: dt.datetime | None = None,
                       note: str = "") -> DrakerGame:
    """Record a Draker game: ``players`` as {"member", "place", "life" (optional)}, place 1 the
    winner. A member records a game he plays in, a croupier any game; the record is a draft until
    another player or a croupier confirms it (:func:`draker_game_confirm`)."""
    actor = _active(actor)
    rows = _draker_players(players)
    check_draker_record(actor, [m.pk for m, _p, _l in rows])
    if session is not None:
        _check_draker_session(session, rows)
    now = timezone.now()
    played_at = played_at or now
    if played_at > now + dt.timedelta(minutes=5):
        raise InvalidInput(_("A game is recorded once it is played, not for %(when)s.")
                           % {"when": timezone.localtime(played_at).strftime("%Y-%m-%d %H:%M")},
                           extra={"field": "played_at", "value": played_at.isoformat()})
    note = (note or "").strip()
    if len(note) > 200:
        raise InvalidInput(_("A note is at most 200 characters."), extra={"field": "note", "value": len(note)})
    game = DrakerGame.objects.create(session=session, played_at=played_at, note=note, entered_by=actor,
                                     entered_at=now)
    for member, place, life in sorted(rows, key=lambda r: r[1]):
        # save() rather than bulk_create: each row keeps its history (django-simple-history).
        DrakerPlayer(game=game, member=member, place=place, life=life).save()
    return game


def _draker_move(game: DrakerGame, actor: Member | None, action: str, to: str) -> tuple[DrakerGame, Member]:
    game = access_draker_game(actor, game.pk, for_action=action, lock=True)
    states.transition(game, to, what=pgettext("in a sentence", "Draker game"))
    return game, actor


@transaction.atomic
def draker_game_confirm(*, game: DrakerGame, actor: Member | None) -> DrakerGame:
    """A second person confirms the record: another player of the game or a croupier. From now
    on the game counts in the Draker rating."""
    game, actor = _draker_move(game, actor, "confirm", DrakerGame.Status.CONFIRMED)
    game.confirmed_by = actor
    game.confirmed_at = timezone.now()
    game.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    return game


@transaction.atomic
def draker_game_discard(*, game: DrakerGame, actor: Member | None) -> DrakerGame:
    """A player of the game or a croupier discards a draft that is wrong; it is kept, never rated."""
    game, actor = _draker_move(game, actor, "discard", DrakerGame.Status.DISCARDED)
    game.closed_by = actor
    game.closed_at = timezone.now()
    game.save(update_fields=["status", "closed_by", "closed_at"])
    return game


@transaction.atomic
def draker_turn_record(*, game: DrakerGame, actor: Member | None, player: Member,
                       cards: Sequence[Mapping[str, Any]], effects: int = 0, spent_attack: int = 0,
                       spent_defence: int = 0, earned_attack: int = 0, earned_defence: int = 0) -> DrakerTurn:
    """One combination declared in a turn of a draft game, valued by the engine as the calculator
    values it; the engine's RulesError names a bad card or number and nothing is stored."""
    game = access_draker_game(actor, game.pk, for_action="turn", lock=True)
    if not game.is_draft:
        raise Conflict(_("The game is %(status)s: its turns stand as they were recorded.")
                       % {"status": game.get_status_display().lower()},
                       extra={"game": game.pk, "status": game.status})
    if not any(p.member_id == player.pk for p in game.players.all()):
        raise InvalidInput(_("%(name)s does not play in this game.") % {"name": player.display_name},
                           extra={"field": "player", "value": player.pk})
    numbers = {"effects": effects, "spent_attack": spent_attack, "spent_defence": spent_defence,
               "earned_attack": earned_attack, "earned_defence": earned_defence}
    found = draker_calculate(cards=cards, **numbers)
    score, balance = found["score"], found["balance"]
    number = (game.turns.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    turn = DrakerTurn(game=game, number=number, player=player,
                      declared={"cards": [c.to_dict() for c in score.cards], **numbers},
                      score=score.to_dict(), balance=balance.to_dict(), final=score.final, role=score.role,
                      life_cost=balance.life_cost, entered_by=actor)
    turn.save()
    return turn
