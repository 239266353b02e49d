"""Who may see and act on what in the games app, in one place.

``access_*`` fetch an object for an actor and check it in the same query: an object the actor may
not see is a :class:`NotFound` (404), whether or not it exists, so ids reveal nothing; one he may
see but not change is a :class:`Forbidden` (403). ``check_*`` apply the same rules to an object
already in hand, for the services, which trust no caller. A croupier (or an admin) acts at every
table; a member at the tables he sits at; chips move only by their owner's hand or a croupier's.
"""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.db import connections, router
from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext as _

from club.access import check_croupier  # noqa: F401  (the games app's croupier rule is the club's)
from club.errors import Forbidden, NotFound
from club.models import RSVP, Member, ScheduledSession, SeatAssignment

from .models import Bet, Claim, Deal, Game, GamePlayer, Result

# --- who the actor is ------------------------------------------------------------------------------------


def check_active(actor: Member | None) -> Member:
    if actor is None or not actor.active:
        raise Forbidden(_("Only an active club member may do this."))
    return actor


def _seated(actor: Member, game_ref: str = "pk") -> Exists:
    return Exists(GamePlayer.objects.filter(game=OuterRef(game_ref), member=actor))


def _fetch(qs: QuerySet, pk, seated: Exists | None, missing: str):
    """One query: the row and whether the actor sits at its table (None: a croupier sees all)."""
    if seated is not None:
        qs = qs.annotate(actor_seated=seated).filter(actor_seated=True)
    try:
        return qs.get(pk=int(pk))
    except (qs.model.DoesNotExist, ValueError, TypeError, OverflowError):
        raise NotFound(missing % {"id": str(pk)[:40]}, extra={"value": str(pk)[:40]})


def _sees_every_table(actor: Member | None) -> bool:
    return actor is not None and actor.is_croupier


# --- tables (games) ----------------------------------------------------------------------------------------


def can_act_at(actor: Member | None, game: Game) -> bool:
    """A croupier acts at every table; a member at the tables they sit at."""
    if actor is None or not actor.active:
        return False
    if actor.is_croupier:
        return True
    return any(gp.member_id == actor.pk for gp in game.players.all())


def check_table(actor: Member | None, game: Game) -> Member:
    """The actor may record at this table: an active croupier or one of its players."""
    check_active(actor)
    if not can_act_at(actor, game):
        raise Forbidden(_("%(name)s does not sit at this table; only its players or a croupier may record here.")
                        % {"name": actor}, extra={"game": game.pk})
    return actor


def _access(actor: Member | None, pk, *, qs: QuerySet, game_ref: str, missing: str, for_write: bool):
    """The row ``pk`` of ``qs`` as ``actor`` may see it: a croupier sees every table, a member the
    tables he sits at (``game_ref`` leads from the row to its Game); anything else is a 404."""
    if actor is None:
        raise NotFound(missing % {"id": str(pk)[:40]})
    row = _fetch(qs, pk, None if _sees_every_table(actor) else _seated(actor, game_ref), missing)
    if for_write:
        check_active(actor)
    return row


def access_game(actor: Member | None, game_id, *, for_write: bool, queryset: QuerySet[Game] | None = None) -> Game:
    """The Game ``game_id`` as ``actor`` may see it (``queryset`` adds what the caller reads)."""
    return _access(actor, game_id, qs=Game.objects.all() if queryset is None else queryset, game_ref="pk",
                   missing=_("No game %(id)s at your tables."), for_write=for_write)


# --- deals ----------------------------------------------------------------------------------------------------


def access_deal(actor: Member | None, deal_id, *, for_write: bool, queryset: QuerySet[Deal] | None = None) -> Deal:
    qs = Deal.all_objects.select_related("game__session__venue") if queryset is None else queryset
    return _access(actor, deal_id, qs=qs, game_ref="game", missing=_("No deal %(id)s at your tables."),
                   for_write=for_write)


# What a poll reads of its deal, in the model's order of its fields (as ``Model.from_db`` takes
# them), then whether the reader is seated at it.
POLL_FIELDS = tuple(f.attname for f in Deal._meta.concrete_fields if f.name in ("id", "game", "revision", "mode"))


@cache
def _poll_read(alias: str) -> str:
    """The read of a polled deal, written once per database (see :func:`access_deal_poll`)."""
    quote = connections[alias].ops.quote_name
    deal, seat = quote(Deal._meta.db_table), quote(GamePlayer._meta.db_table)
    fields = {f.attname: quote(f.column) for f in Deal._meta.concrete_fields}
    seat_game, seat_member = (quote(GamePlayer._meta.get_field(name).column) for name in ("game", "member"))
    read = ", ".join(f"{deal}.{fields[name]}" for name in POLL_FIELDS)
    return (f"SELECT {read}, EXISTS(SELECT 1 FROM {seat} WHERE {seat}.{seat_game} = {deal}.{fields['game_id']} "
            f"AND {seat}.{seat_member} = %s) AS viewer_seated FROM {deal} WHERE {deal}.{fields['id']} = %s")


def access_deal_poll(actor: Member | None, deal_id) -> Deal:
    """The deal ``deal_id`` as its page's poll reads it, under :func:`access_deal`'s rule (a
    croupier sees every table, a member the tables he sits at; anything else is a 404): its
    revision, mode and Game, and ``viewer_seated`` (whether ``actor`` plays in its Game). Every
    phone asks this every few seconds, always of one shape, so it is one plain query written once,
    not the ORM's query built and compiled afresh each time."""
    missing = _("No deal %(id)s at your tables.")
    try:
        pk = int(deal_id)
    except (ValueError, TypeError, OverflowError):
        raise NotFound(missing % {"id": str(deal_id)[:40]}, extra={"value": str(deal_id)[:40]})
    alias = router.db_for_read(Deal)
    row = None
    if actor is not None and abs(pk) < 2**63:
        with connections[alias].cursor() as cursor:
            cursor.execute(_poll_read(alias), [actor.pk, pk])
            row = cursor.fetchone()
    if row is None or not (_sees_every_table(actor) or row[-1]):
        raise NotFound(missing % {"id": str(deal_id)[:40]}, extra={"value": str(deal_id)[:40]})
    # Integers and a string, which no backend converts: the model is made as a query makes it.
    deal = Deal.from_db(alias, POLL_FIELDS, row[:-1])
    deal.viewer_seated = bool(row[-1])
    return deal


def access_deals_upto(actor: Member | None, deal_id, *, for_write: bool, queryset) -> list[Deal]:
    """The deal ``deal_id`` with the deals read beside it by ``queryset(pk)`` (the deals of its Game
    up to it, :func:`games.sitting.deals_upto`), as ``actor`` may see them under
    :func:`access_deal`'s rule, in one query: the deal page and a tap read the sitting with it."""
    missing = _("No deal %(id)s at your tables.")
    pk = None
    try:
        pk = int(deal_id)
        qs = queryset(pk)
        if actor is not None and not _sees_every_table(actor):
            qs = qs.annotate(actor_seated=_seated(actor, "game")).filter(actor_seated=True)
        deals = list(qs) if actor is not None else []
    except (ValueError, TypeError, OverflowError):
        deals = []
    if not any(d.pk == pk for d in deals):
        raise NotFound(missing % {"id": str(deal_id)[:40]}, extra={"value": str(deal_id)[:40]})
    if for_write:
        check_active(actor)
    return deals


def access_claim(actor: Member | None, claim_id, *, for_write: bool) -> Claim:
    """A claim of a deal at the actor's tables (a croupier: any), with its deal, Game and owner."""
    qs = Claim.objects.select_related("deal__game__session__venue", "member")
    return _access(actor, claim_id, qs=qs, game_ref="deal__game", missing=_("No claim %(id)s at your tables."),
                   for_write=for_write)


def access_bet(actor: Member | None, bet_id, *, for_write: bool) -> Bet:
    """A bet of a deal at the actor's tables (a croupier: any), with its deal, Game and owner."""
    qs = Bet.objects.select_related("deal__game__session__venue", "member")
    return _access(actor, bet_id, qs=qs, game_ref="deal__game", missing=_("No bet %(id)s at your tables."),
                   for_write=for_write)


def check_for_member(actor: Member, member: Member, game: Game, *, what: str) -> None:
    """Chips and claims are a player's own: he acts for himself, a croupier for anyone at the table."""
    if actor.is_croupier or actor.pk == member.pk:
        return
    if what == "bet":
        raise Forbidden(_("A player bets for themself; the croupier for anyone."),
                        extra={"field": "member", "value": member.pk})
    raise Forbidden(_("A player declares their own claims."), extra={"field": "member", "value": member.pk})


def check_withdraw(actor: Member, owner: Member, *, what: str) -> None:
    """A claim or a bet is withdrawn by the player who made it or by a croupier."""
    if actor.is_croupier or actor.pk == owner.pk:
        return
    if what == "bet":
        raise Forbidden(_("Only %(name)s or a croupier may withdraw %(name)s's bet.") % {"name": owner},
                        extra={"field": "member", "value": owner.pk})
    raise Forbidden(_("Only %(name)s or a croupier may withdraw %(name)s's claim.") % {"name": owner},
                    extra={"field": "member", "value": owner.pk})


# --- results ---------------------------------------------------------------------------------------------------


def access_result(actor: Member | None, result_id, *, for_write: bool,
                  queryset: QuerySet[Result] | None = None) -> Result:
    qs = Result.objects.select_related("deal__game__session") if queryset is None else queryset
    return _access(actor, result_id, qs=qs, game_ref="deal__game", missing=_("No result %(id)s at your tables."),
                   for_write=for_write)


def check_confirm(actor: Member | None, result: Result) -> Member:
    """A second person confirms: a croupier, or another player of the table than the submitter."""
    check_table(actor, result.deal.game)
    if actor.pk == result.submitted_by_id:
        raise Forbidden(_("%(name)s submitted version %(version)s; another player or a croupier must confirm it.")
                        % {"name": actor, "version": result.version}, extra={"version": result.version})
    return actor


# --- sessions (starting a game) ------------------------------------------------------------------------------


def check_session_start(actor: Member | None, session: ScheduledSession) -> Member:
    """A croupier or a member seated in the session starts its games."""
    check_active(actor)
    if actor.is_croupier or SeatAssignment.objects.filter(session=session, member=actor).exists():
        return actor
    raise Forbidden(_("%(name)s is not seated at this session; only its players or a croupier may start a game.")
                    % {"name": actor}, extra={"session": session.pk})


def access_session(actor: Member | None, session_id, *, for_write: bool,
                   queryset: QuerySet[ScheduledSession] | None = None) -> ScheduledSession:
    """A session as a place to start a game: any member finds it; only a croupier or a member
    seated in it may start one (``for_write``)."""
    if actor is None:
        raise NotFound(_("No session %(id)s.") % {"id": str(session_id)[:40]})
    qs = ScheduledSession.objects.select_related("venue") if queryset is None else queryset
    qs = qs.annotate(actor_seated=Exists(SeatAssignment.objects.filter(session=OuterRef("pk"), member=actor)))
    session = _fetch(qs, session_id, None, _("No session %(id)s."))
    if for_write:
        check_active(actor)
        if not (actor.is_croupier or session.actor_seated):
            raise Forbidden(_("%(name)s is not seated at this session; only its players or a croupier may start "
                              "a game.") % {"name": actor}, extra={"session": session.pk})
    return session


def members_who_may_sit(session: ScheduledSession) -> QuerySet[Member]:
    """The members a game of the session may seat: those going to it or seated in it. A croupier
    seats anyone else by answering for him or seating him first, so nobody is played for in his
    absence."""
    going = RSVP.objects.filter(session=session, member=OuterRef("pk"), answer=RSVP.Answer.GOING)
    seated = SeatAssignment.objects.filter(session=session, member=OuterRef("pk"))
    return Member.objects.filter(Exists(going) | Exists(seated))


# --- chips: balances and the ledger -------------------------------------------------------------------------


def balances_open() -> bool:
    """The club may let every member see every member's chips (settings.CLUB_OPEN_BALANCES)."""
    return bool(getattr(settings, "CLUB_OPEN_BALANCES", False))


def can_see_chips_of(actor: Member | None, member: Member) -> bool:
    """A member's balance and net chips are his, his croupiers' and admins' (or everyone's, when
    the club opens them)."""
    if actor is None:
        return False
    return actor.pk == member.pk or actor.is_croupier or balances_open()


def check_statement_of(actor: Member | None, member: Member) -> Member:
    """A member's chip statement, entry by entry, is his own and his croupiers' and admins' to
    read, even where the club opens balances to everyone."""
    if actor is None or not (actor.pk == member.pk or actor.is_croupier):
        raise Forbidden(_("A member's chip statement is his own and the croupiers'; yours is under My chips."),
                        extra={"member": member.pk})
    return actor


def can_see_all_chips(actor: Member | None) -> bool:
    return actor is not None and (actor.is_croupier or balances_open())


# --- cards: who sees a dark card -------------------------------------------------------------------------


def sees_every_card(actor: Member | None, deal: Deal, *, player_ids, over: bool) -> bool:
    """Whether ``actor`` sees every card of ``deal``, the dark ones of the other players too.

    Cards typed in at the table were seen by whoever typed them, so a recorded deal hides nothing.
    The site's own dealer deals face down: until the deal is ``over`` (a live result stands) each
    player sees his own dark cards and everyone's open ones. The croupier deals at a real table,
    so he sees every card, unless he plays in this Game himself: then he is a player like the
    others. Once the result is submitted every card is turned up for everyone."""
    if deal.mode != Deal.Mode.DIGITAL or over:
        return True
    return _deals_at(actor, player_ids)


def _deals_at(actor: Member | None, player_ids) -> bool:
    """The croupier of the table: one who does not play at it."""
    return actor is not None and actor.is_croupier and actor.pk not in set(player_ids)


def check_seed_chooser(actor: Member | None, game: Game, seed: str) -> None:
    """The seed of the site's deal replays its shuffle, so whoever chose it knows every dark
    card: only the table's croupier (one who does not play) chooses it; players leave it to the
    site."""
    if not _deals_at(actor, [gp.member_id for gp in game.players.all()]):
        raise Forbidden(_("Only a croupier who does not play here chooses the seed of the site's deal: whoever "
                          "knows it knows every card. Leave the seed out and the site draws one."),
                        extra={"field": "seed", "value": str(seed)[:40]})


def sees_card(actor: Member | None, card, *, every: bool) -> bool:
    """One card: open cards are seen by all, a dark one by its holder (or by one who sees all)."""
    return every or card.open or (actor is not None and card.member_id == actor.pk)
