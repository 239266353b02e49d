"""Writes of the casino table: a hand against the house (its ante, the player's decisions, the
draw, the reveal on the house clock) and the chips each step moves."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Iterable

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.errors import Conflict
from club.models import Member, ScheduledSession, Venue

from ..access import access_casino_hand, check_casino_session, check_means
from ..engines import casino as casino_engine
from ..models import CasinoHand
from .common import (
    CASINO_MAX_STAKE,
    FIELD_NAMES,
    Account,
    Kind,
    Leg,
    active_player,
    check_stake,
    chips_post,
    into_pot,
    new_seed,
)


def casino_max_stake() -> int:
    """The casino table's limit: the house takes no stake above it."""
    return int(getattr(settings, "CASINO_MAX_STAKE", CASINO_MAX_STAKE))


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
        postings.append(into_pot(Account.MEMBER, hand.player, Kind.BET, player_more))
    if house_more:
        postings.append(into_pot(Account.CASINO, None, Kind.BET, house_more))
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
    actor = active_player(actor)
    session = check_casino_session(actor, session, now=now)
    if session is not None and venue is None:
        venue = session.venue
    stake = check_stake(stake, maximum=casino_max_stake())
    check_means(actor, stake, field="stake", what=FIELD_NAMES["stake"])
    seed = seed or new_seed()
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
    chips_post(postings=[into_pot(Account.MEMBER, actor, Kind.ANTE, doc["player_paid"]),
                         into_pot(Account.CASINO, None, Kind.ANTE, doc["house_paid"])],
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
        check_means(hand.player, hand.stake, field="action", what=FIELD_NAMES["amount"])
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

