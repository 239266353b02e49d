"""What the writes of deals, results and corrections share: the rows they lock and the checks made
under the lock, and the making of a result version. The other service modules import this one;
it imports none of them."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from club import outbox
from club.errors import Conflict
from club.models import Member
from club.states import transition
from rules import selectors as rules_selectors
from rules.models import Dispute

from .. import task_names
from ..models import Deal, Game, Result

# --- the rows a write locks ---------------------------------------------------------------------------

def locked_live_game(game: Game) -> Game:
    """``game``, locked, while it is live (a Game that has ended deals no more)."""
    game = (Game.objects.select_for_update().select_related("session__venue").get(pk=game.pk))
    if game.status != Game.Status.LIVE:
        raise Conflict(_("Game %(number)s has ended; start the next one to deal again.") % {"number": game.number},
                       extra={"game": game.pk, "status": game.status})
    return game


def locked_deal(deal: Deal) -> Deal:
    """``deal``, locked, with its Game, session and venue."""
    return Deal.objects.select_for_update().select_related("game__session__venue").get(pk=deal.pk)


def require_no_live_result(deal: Deal) -> None:
    """Refuse a change of a deal's cards or bets once it has a live result."""
    live = deal.results.filter(status__in=Result.LIVE).order_by("-version").first()
    if live is not None:
        raise Conflict(_("Deal %(number)s already has result version %(version)s (%(status)s); "
                         "the cards and bets cannot change.")
                       % {"number": deal.number, "version": live.version, "status": live.status}, extra={"live_version": live.version,
                                                                    "result": live.pk})


# --- disputes (the precedent archive's process, base rule 12) ------------------------------------

def deal_ref(deal: Deal) -> str:
    """The reference under which the precedent archive knows a deal (see
    :func:`games.selectors.archive_deal_snapshot`)."""
    return f"deal-{deal.pk}"


def refuse_while_disputed(deal: Deal) -> None:
    """Refuse a change of a deal's result while the archive holds an open dispute of it."""
    ref = deal_ref(deal)
    if rules_selectors.deal_is_disputed(ref):
        dispute = rules_selectors.disputes_list(status=Dispute.Status.OPEN).filter(deal_ref=ref).first()
        number = dispute.pk if dispute is not None else "?"
        raise Conflict(_("Deal %(number)s is disputed (dispute #%(dispute)s); the croupier must rule first.")
                       % {"number": deal.number, "dispute": number},
                       extra={"dispute": dispute.pk if dispute is not None else None, "deal_ref": ref})


# --- result versions --------------------------------------------------------------------------------

def replayed_result(actor: Member, key: str, deal: Deal | None = None) -> Result | None:
    """The result this member already submitted with this Idempotency-Key, if any."""
    if not key:
        return None
    found = Result.objects.filter(submitted_by=actor, idempotency_key=key).first()
    if found is not None and deal is not None and found.deal_id != deal.pk:
        raise Conflict(_("The Idempotency-Key %(key)s was already used for another deal.") % {"key": repr(key)},
                       extra={"field": "Idempotency-Key", "value": key, "deal": found.deal_id})
    return found


def check_version(deal: Deal, supersedes: int | None) -> Result | None:
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


def create_result(deal: Deal, actor: Member, key: str, corrected: Result | None, winners: Iterable[Member],
                  **fields) -> Result:
    """The deal's next result version, written once: a second submission with the same key gives
    the first, a clash with another submission is refused naming the live version. A judged
    result asks for the advisor after the commit (a task, enqueued by its name)."""
    version = (deal.results.aggregate(v=Max("version"))["v"] or 0) + 1
    result = Result(deal=deal, version=version, submitted_by=actor, idempotency_key=key or "",
                    supersedes=corrected, **fields)
    try:
        with transaction.atomic():
            result.save()
    except IntegrityError:
        replay = replayed_result(actor, key)
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
        outbox.enqueue(task_names.RESULT_ADVISE, result.pk)
    return result


def result_transition(result: Result, to: str) -> None:
    """Move ``result`` along :attr:`Result.TRANSITIONS`; a refusal names its version."""
    try:
        transition(result, to, what=_("result"))
    except Conflict as exc:
        exc.extra["version"] = result.version
        raise
