"""Writes of dice poker: a match opened (an invitation when a player opens it), accepted, declined
or withdrawn, its moves, and the chips they move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from club.errors import Conflict, Forbidden, InvalidInput
from club.models import Member, ScheduledSession

from ..access import access_dice_match, check_dice_mover, check_means, check_session_stake
from ..engines import dice as dice_engine
from ..models import DiceMatch
from .common import (
    FIELD_NAMES,
    MAX_STAKE,
    Account,
    Kind,
    Leg,
    active_player,
    check_stake,
    chips_post,
    into_pot,
    new_seed,
)


def _check_session_limit(value: int, field: str, session: ScheduledSession | None) -> int:
    """A match played at a session stays within the session's stakes: a stake from its minimum to
    its maximum, no largest raise or raise above its maximum."""
    return check_session_stake(value, field=field, what=FIELD_NAMES.get(field, field), session=session)


@transaction.atomic
def dice_match_create(*, actor: Member | None, first: Member, second: Member, stake: int = 1,
                      mode: str = DiceMatch.Mode.RECORDED, session: ScheduledSession | None = None,
                      seed: str | None = None, max_raise: int | None = None,
                      readings: Mapping[str, str] | None = None) -> DiceMatch:
    """Open a match. A member who plays in it invites the other player: only the creator's own
    stake goes into the pool now, the invitee's when he accepts. A croupier who does not play in
    it opens it with both stakes posted (the croupier's action, recorded as ``created_by``)."""
    actor = active_player(actor)
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
    stake = _check_session_limit(check_stake(stake), "stake", session)
    for member in ((actor,) if not actor.is_croupier or plays else (first, second)):
        check_means(member, stake, field="stake", what=FIELD_NAMES["stake"])
    if max_raise is not None:
        _check_session_limit(check_stake(max_raise, "max_raise"), "max_raise", session)
    if mode not in DiceMatch.Mode.values:
        raise InvalidInput(_("The dice are %(modes)s, not %(mode)s.")
                           % {"modes": pgettext("list of alternatives", " or ").join(DiceMatch.Mode.values),
                              "mode": repr(mode)[:40]},
                           extra={"field": "mode", "value": str(mode)[:40]})
    if mode == DiceMatch.Mode.SEEDED:
        seed = seed or new_seed()
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
    chips_post(postings=[into_pot(Account.MEMBER, m, Kind.ANTE, stake) for m in stakers], dice_match=match)
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
    check_means(match.invitee, match.stake, field="stake", what=FIELD_NAMES["stake"])
    engine = _engine_match(match)
    match.phase = engine.phase
    match.pool = engine.pool
    match.accepted_at = timezone.now()
    match.save(update_fields=["phase", "pool", "accepted_at"])
    chips_post(postings=[into_pot(Account.MEMBER, match.invitee, Kind.ANTE, match.stake)], dice_match=match)
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
        check_means(player, amount, field="amount", what=FIELD_NAMES["amount"])
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
            check_means(member, more, field="amount", what=FIELD_NAMES["amount"])
            postings.append(into_pot(Account.MEMBER, member, Kind.BET, more))
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

