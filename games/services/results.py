"""Writes of results: versioned submissions, confirmation, re-judging, and the disputes that hold them."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.errors import Conflict, InvalidInput
from club.models import Member
from rules import selectors as rules_selectors
from rules import services as rules_services
from rules.models import Dispute

from .. import access, engine
from ..engine import RulesError
from ..models import (
    Deal,
    Game,
    Result,
)
from ..sitting import game_document, precedents_for, readings_used, sitting_document, sitting_for
from .common import (
    check_version,
    create_result,
    deal_ref,
    locked_deal,
    refuse_while_disputed,
    replayed_result,
    result_transition,
)
from .corrections import correction_again, correction_apply
from .ledger import ledger_post, ledger_reverse
from .sittings import require_table

# --- results -----------------------------------------------------------------------------------------

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
    deal = locked_deal(deal)
    replay = replayed_result(actor, idempotency_key, deal)
    if replay is not None:
        return replay
    if deal.mode == Deal.Mode.QUICK:
        raise Conflict(_("This deal is a quick result: submit its winner and pot instead."), extra={"mode": deal.mode})
    corrected = check_version(deal, supersedes)
    game = deal.game
    sitting = sitting_for(deal)
    doc = sitting.judged_document
    # the engine knows the deal's length (nine circles, or eight or ten under a reading)
    dealing = engine.dealing(sitting).dealing
    if not dealing.complete:
        count = len(sitting.cards)
        raise InvalidInput(_("Deal %(number)s has %(count)s of %(expected)s cards; record them all first.")
                           % {"number": deal.number, "count": count, "expected": dealing.total},
                           extra={"field": "cards", "value": count})
    try:
        judgement = engine.judge_deal_in_sitting(sitting)
    except RulesError as exc:
        raise InvalidInput(engine.rules_message(exc), extra={"value": str(exc.value), "rule": exc.rule})
    members = {str(gp.member_id): gp.member for gp in game.players.select_related("member")}
    chips = {str(k): int(v) for k, v in (judgement.get("chips") or {}).items()}
    unknown = [k for k in [*chips, *(judgement.get("winners") or [])] if k not in members]
    if unknown:
        raise InvalidInput(_("The judgement names %(player)s, who is not at the table.") % {"player": repr(unknown[0])},
                           extra={"value": unknown[0]})
    pot = sum(_bets_by_member(deal).values())
    return create_result(deal, actor, idempotency_key, corrected,
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
        advice = engine.advice(result.document, readings=readings_used(result.document))
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
    deal = locked_deal(deal)
    replay = replayed_result(actor, idempotency_key, deal)
    if replay is not None:
        return replay
    if deal.mode != Deal.Mode.QUICK:
        raise Conflict(_("Deal %(number)s has its cards recorded: its result is judged, not typed in.") % {"number": deal.number},
                       extra={"mode": deal.mode})
    corrected = check_version(deal, supersedes)
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
    return create_result(deal, actor, idempotency_key, corrected, winners, status=Result.Status.DRAFT,
                         kind=Result.Kind.QUICK, pot=pot, chips=chips, note=note[:200])


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
        doc = sitting_document(following)
        if engine.reads_previous_game(doc, readings_used(doc)):
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
            doc = game_document(deal.game, upto=deal)
            fresh = engine.judge_last_deal(doc, precedents=precedents_for(doc))
        except RulesError as exc:
            raise InvalidInput(engine.rules_message(exc), extra={"value": str(exc.value), "deal": deal.number})
        if json.loads(json.dumps(fresh)) == current.judgement:      # as stored: JSON
            continue
        if current.status == Result.Status.DRAFT:
            confirmed = current.supersedes
            result_discard(result=current, actor=actor)
            if current.correction:
                new = correction_again(current, current.submitted_by)
            else:
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
    refuse_while_disputed(result.deal)
    access.check_confirm(actor, result)
    result_transition(result, Result.Status.CONFIRMED)
    now = timezone.now()
    if result.supersedes_id:
        old = _locked_result(result.supersedes)
        result_transition(old, Result.Status.SUPERSEDED)
        old.closed_by, old.closed_at = actor, now
        old.save(update_fields=["status", "closed_by", "closed_at"])
        ledger_reverse(old)
    if result.correction:
        correction_apply(result, actor)
    result.confirmed_by, result.confirmed_at = actor, now
    result.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    ledger_post(result)
    return result


@transaction.atomic
def result_discard(*, result: Result, actor: Member) -> Result:
    result = _locked_result(result)
    require_table(actor, result.deal.game)
    result_transition(result, Result.Status.DISCARDED)
    result.closed_by, result.closed_at = actor, timezone.now()
    result.save(update_fields=["status", "closed_by", "closed_at"])
    return result


# --- disputes (the precedent archive's process, base rule 12) ------------------------------------

@transaction.atomic
def dispute_raise(*, deal: Deal, actor: Member, question: str) -> Dispute:
    """Call the croupier on a deal: an archive dispute, prefilled with the deal as recorded. Only a
    player of the table or a croupier may dispute it; the archive allows one open dispute per deal."""
    require_table(actor, deal.game)
    return rules_services.dispute_raise(actor=actor, deal_ref=deal_ref(deal), question=question)
