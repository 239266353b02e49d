"""Who may do what at the tables, written once: each helper fetches the hand or the match in one
query and raises NotFound (404) or Forbidden (403). The API views, the page views and the
services all go through it, so a refusal reads the same everywhere and no path forgets it.

Chips move only by their owner's action or a croupier's: a casino hand is its player's alone; a
dice match against another member waits for his own acceptance; in a match each player moves
only for himself, and a croupier who does not play in it may enter the moves of both.

A Draker game is recorded by a member who plays in it (or a croupier); it stays a draft until a
second person, another player of the game or a croupier, confirms it: nobody confirms his own
record, so nobody's placing is counted on one member's word.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.conf import settings
from django.db.models import Prefetch, Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.errors import Conflict, Forbidden, InvalidInput, NotFound
from club.models import RSVP, Member, ScheduledSession
from games.models import LedgerEntry

from .models import CasinoHand, DiceMatch, DrakerGame, DrakerPlayer


def _active(actor: Member | None) -> Member:
    if actor is None or not actor.active:
        raise Forbidden(_("Only an active club member may play at the tables."))
    return actor


def _plays_in(actor: Member, match: DiceMatch) -> bool:
    return actor.pk in (match.first_id, match.second_id)


def is_match_croupier(actor: Member | None, match: DiceMatch) -> bool:
    """A croupier acting as the table's croupier: one who plays in the match is a player there."""
    return bool(actor and actor.active and actor.is_croupier and not _plays_in(actor, match))


# action -> (who may, the reason given to anyone else). Reading is open to every member (the
# club's matches are public at the club); every write names its side.
_DICE_RULES: dict[str, tuple[Callable[[Member, DiceMatch], bool], Promise | None]] = {
    "view": (lambda actor, match: True, None),
    "move": (lambda actor, match: _plays_in(actor, match) or is_match_croupier(actor, match),
             gettext_lazy("Only the two players or a croupier may act on this match.")),
    "accept": (lambda actor, match: match.invitee_id == actor.pk,
               gettext_lazy("Only the invited player may accept or decline this match.")),
    "decline": (lambda actor, match: match.invitee_id == actor.pk,
                gettext_lazy("Only the invited player may accept or decline this match.")),
    "withdraw": (lambda actor, match: match.created_by_id == actor.pk and _plays_in(actor, match),
                 gettext_lazy("Only the member who sent the invitation may withdraw it.")),
}
DICE_ACTIONS = tuple(_DICE_RULES)


def check_dice_match(actor: Member | None, match: DiceMatch, *, for_action: str) -> Member:
    """Raise Forbidden unless ``actor`` may do ``for_action`` on the already fetched ``match``."""
    allowed, reason = _DICE_RULES[for_action]
    actor = _active(actor)
    if not allowed(actor, match):
        raise Forbidden(str(reason), extra={"match": match.pk, "action": for_action})
    return actor


def access_dice_match(actor: Member | None, match_id: object, *, for_action: str, lock: bool = False) -> DiceMatch:
    """Fetch the match (locked for the write when ``lock``) and check ``actor`` may do
    ``for_action`` on it: 404 when there is no such match, 403 when it is not his to do."""
    if for_action not in _DICE_RULES:
        raise ValueError(f"unknown dice match action {for_action!r}")
    actor = _active(actor)
    qs = DiceMatch.objects.select_related("first", "second", "winner", "session", "created_by", "invitee")
    if lock:
        qs = qs.select_for_update(of=("self",))
    try:
        match = qs.get(pk=int(match_id))
    except (DiceMatch.DoesNotExist, TypeError, ValueError):
        raise NotFound(_("There is no dice match %(id)s.") % {"id": str(match_id)[:40]},
                       extra={"match": str(match_id)[:40]})
    check_dice_match(actor, match, for_action=for_action)
    return match


def check_dice_mover(actor: Member, match: DiceMatch, player: Member) -> bool:
    """A player moves only for himself; a croupier who does not play in the match may enter
    either player's move. Returns whether the move is a croupier's entry for a player."""
    if not _plays_in(player, match):
        raise InvalidInput(_("%(name)s does not play in this match.") % {"name": player.display_name},
                           extra={"field": "player", "value": player.pk})
    if actor.pk == player.pk:
        return False
    if is_match_croupier(actor, match):
        return True
    raise Forbidden(_("You make only your own moves; %(name)s makes his.") % {"name": player.display_name},
                    extra={"field": "player", "value": player.pk})


# --- casino hands ------------------------------------------------------------------------------

CASINO_ACTIONS = ("view", "play")


def access_casino_hand(actor: Member | None, hand_id: object, *, for_action: str, lock: bool = False) -> CasinoHand:
    """Fetch the hand and check ``actor`` may do ``for_action``: its player reads and plays it,
    a croupier reads it, nobody else does either (404 when there is no such hand)."""
    if for_action not in CASINO_ACTIONS:
        raise ValueError(f"unknown casino hand action {for_action!r}")
    actor = _active(actor)
    qs = CasinoHand.objects.select_related("player", "venue", "session")
    if lock:
        qs = qs.select_for_update(of=("self",))
    try:
        hand = qs.get(pk=int(hand_id))
    except (CasinoHand.DoesNotExist, TypeError, ValueError):
        raise NotFound(_("There is no casino hand %(id)s.") % {"id": str(hand_id)[:40]},
                       extra={"hand": str(hand_id)[:40]})
    if hand.player_id == actor.pk:
        return hand
    if for_action == "view" and actor.is_croupier:
        return hand
    if for_action == "view":
        raise Forbidden(_("Only the player or a croupier may see this hand."), extra={"hand": hand.pk})
    raise Forbidden(_("Only the player of this hand may act on it."), extra={"hand": hand.pk})


# --- the evening a casino hand is played at ------------------------------------------------------

# A hand belongs to an evening from an hour before the session starts to an hour after it ends:
# the room opens early and the last hands run late.
SESSION_GRACE = dt.timedelta(hours=1)


def sessions_in_progress(*, now: dt.datetime | None = None) -> QuerySet[ScheduledSession]:
    """The sessions being played now: open or running, and now within their hours (the grace
    included)."""
    now = now or timezone.now()
    return (ScheduledSession.objects.select_related("venue")
            .filter(status__in=(ScheduledSession.Status.OPEN, ScheduledSession.Status.RUNNING),
                    starts_at__lte=now + SESSION_GRACE, ends_at__gte=now - SESSION_GRACE)
            .order_by("starts_at", "pk"))


def casino_sessions_for(actor: Member, *, now: dt.datetime | None = None) -> QuerySet[ScheduledSession]:
    """The sessions ``actor`` may tie his casino hand to: a croupier any session in progress, a
    member those in progress he takes part in (he said "going" or was checked in at the door)."""
    sessions = sessions_in_progress(now=now)
    if actor.is_croupier:
        return sessions
    return sessions.filter(Q(rsvps__member=actor, rsvps__answer=RSVP.Answer.GOING)
                           | Q(checkins__member=actor)).distinct()


def check_casino_session(actor: Member, session: ScheduledSession | None, *,
                         now: dt.datetime | None = None) -> ScheduledSession | None:
    """Refuse a session the hand cannot count for: one not in progress (409), or, for a member
    who is not a croupier, one he does not take part in (403). ``None`` ties the hand to no
    evening and is always allowed."""
    if session is None:
        return None
    values = {"session": session.title}
    if not sessions_in_progress(now=now).filter(pk=session.pk).exists():
        raise Conflict(_("%(session)s is not in progress: a casino hand counts only for the evening it is "
                         "played at.") % values, extra={"field": "session", "value": session.pk})
    if not actor.is_croupier and not casino_sessions_for(actor, now=now).filter(pk=session.pk).exists():
        raise Forbidden(_("You take no part in %(session)s: say you are going or check in at the door, "
                          "then your hands count for it.") % values,
                        extra={"field": "session", "value": session.pk})
    return session


# --- chips: what a member can put on the table -------------------------------------------------

def credit_limit() -> int:
    """How many chips a member may owe the club (``CLUB_CREDIT_LIMIT``; 0: none)."""
    return max(0, int(getattr(settings, "CLUB_CREDIT_LIMIT", 100)))


def member_chips(member: Member) -> int:
    """The member's chips in the club's one ledger: deals, casino hands and dice matches."""
    return (LedgerEntry.objects.filter(account=LedgerEntry.Account.MEMBER, member=member)
            .aggregate(total=Coalesce(Sum("amount"), 0))["total"])


def check_means(member: Member, amount: int, *, field: str, what: str) -> int:
    """Refuse ``amount`` chips more on the table than ``member`` has, counting the club's credit:
    nobody plays with chips he does not have. ``what`` names the bet in the member's words (a
    stake, a raise); the refusal names the amount, the balance and the limit."""
    chips = member_chips(member)
    credit = credit_limit()
    most = max(0, chips + credit)
    if amount <= most:
        return amount
    values = {"what": what, "amount": amount, "name": member.display_name, "most": most, "chips": chips,
              "credit": credit}
    if credit:
        message = _("A %(what)s of %(amount)s chips is more than %(name)s can cover: %(most)s at most "
                    "(chips %(chips)s, club credit %(credit)s).") % values
    else:
        message = _("A %(what)s of %(amount)s chips is more than %(name)s can cover: %(most)s at most "
                    "(chips %(chips)s; the club gives no credit).") % values
    raise InvalidInput(message, extra={"field": field, "value": amount, "max": most, "member": member.pk})


def check_session_stake(value: int, *, field: str, what: str, session: ScheduledSession | None) -> int:
    """A match played at a session keeps to the session's stakes: a stake from its minimum to its
    maximum, a raise or a largest raise up to its maximum."""
    if session is None:
        return value
    values = {"session": session.title, "what": what, "value": value, "min": session.min_stake,
              "max": session.max_stake}
    if field == "stake" and value < session.min_stake:
        raise InvalidInput(_("At %(session)s the %(what)s is at least %(min)s chips, not %(value)s.") % values,
                           extra={"field": field, "value": value, "min": session.min_stake})
    if value > session.max_stake:
        raise InvalidInput(_("At %(session)s the %(what)s is at most %(max)s chips, not %(value)s.") % values,
                           extra={"field": field, "value": value, "max": session.max_stake})
    return value


# --- Draker games ------------------------------------------------------------------------------

def _plays_draker(actor: Member, game: DrakerGame) -> bool:
    # The players are prefetched by the access helper: no query here.
    return any(p.member_id == actor.pk for p in game.players.all())


def _second_person(actor: Member, game: DrakerGame) -> bool:
    return actor.pk != game.entered_by_id and (actor.is_croupier or _plays_draker(actor, game))


# action -> (who may, the reason given to anyone else). Reading is open to every member, as the
# club's dice matches are.
_DRAKER_RULES: dict[str, tuple[Callable[[Member, DrakerGame], bool], Promise | None]] = {
    "view": (lambda actor, game: True, None),
    "turn": (lambda actor, game: actor.is_croupier or _plays_draker(actor, game),
             gettext_lazy("Only the players of this game or a croupier may record its turns.")),
    "confirm": (_second_person,
                gettext_lazy("Another player of this game or a croupier confirms it, not the member who "
                             "entered it.")),
    "discard": (lambda actor, game: actor.is_croupier or _plays_draker(actor, game),
                gettext_lazy("Only the players of this game or a croupier may discard it.")),
}
DRAKER_ACTIONS = ("record", *_DRAKER_RULES)


def check_draker_record(actor: Member | None, member_ids) -> Member:
    """A member records a game he plays in; a croupier records any game."""
    actor = _active(actor)
    if actor.is_croupier or actor.pk in set(member_ids):
        return actor
    raise Forbidden(_("You record a Draker game you play in; a croupier records any game."),
                    extra={"field": "players", "value": actor.pk})


def check_draker_game(actor: Member | None, game: DrakerGame, *, for_action: str) -> Member:
    """Raise Forbidden unless ``actor`` may do ``for_action`` on the already fetched ``game``."""
    allowed, reason = _DRAKER_RULES[for_action]
    actor = _active(actor)
    if not allowed(actor, game):
        raise Forbidden(str(reason), extra={"game": game.pk, "action": for_action})
    return actor


def can_draker(actor: Member | None, game: DrakerGame, for_action: str) -> bool:
    """Whether the page offers ``for_action`` to ``actor`` (the same rules, without raising)."""
    return bool(actor and actor.active and _DRAKER_RULES[for_action][0](actor, game))


def access_draker_game(actor: Member | None, game_id: object, *, for_action: str, lock: bool = False) -> DrakerGame:
    """Fetch the game with its players (locked for the write when ``lock``) and check ``actor``
    may do ``for_action`` on it: 404 when there is no such game, 403 when it is not his to do."""
    if for_action not in _DRAKER_RULES:
        raise ValueError(f"unknown Draker game action {for_action!r}")
    actor = _active(actor)
    qs = DrakerGame.objects.select_related("session", "entered_by", "confirmed_by", "closed_by").prefetch_related(
        Prefetch("players", queryset=DrakerPlayer.objects.select_related("member").order_by("place")))
    if lock:
        qs = qs.select_for_update(of=("self",))
    try:
        game = qs.get(pk=int(game_id))
    except (DrakerGame.DoesNotExist, TypeError, ValueError, OverflowError):
        raise NotFound(_("There is no Draker game %(id)s.") % {"id": str(game_id)[:40]},
                       extra={"game": str(game_id)[:40]})
    check_draker_game(actor, game, for_action=for_action)
    return game
