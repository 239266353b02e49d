"""Writes of a deal being dealt: a deal begun, its cards, bets and claims."""

from __future__ import annotations

import datetime as dt
import re
import secrets

from django.db import IntegrityError, transaction
from django.db.models import Count, Max, OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.errors import Conflict, InvalidInput
from club.models import Member
from club.validators import shown
from rules.access import deal_id_of

from .. import access, engine
from ..engine import RulesError
from ..models import (
    Bet,
    Claim,
    Deal,
    DealtCard,
    Game,
    Result,
)
from ..presenters import lang
from ..sitting import DealInSitting, game_document, readings_used, sitting_for
from .common import (
    locked_deal,
    locked_live_game,
    refuse_while_disputed,
    require_no_live_result,
    result_transition,
)
from .sittings import require_table

# --- deals -----------------------------------------------------------------------------------------

def _new_deal(game: Game, actor: Member, mode: str, started_at: dt.datetime | None, seed: str = "") -> Deal:
    open_deal = (Deal.objects.filter(game=game).exclude(results__status__in=Result.LIVE)
                 .order_by("-number").first())
    if open_deal is not None:
        raise Conflict(_("Deal %(number)s has no live result yet; submit its result first, or a croupier voids "
                         "it or orders it replayed.") % {"number": open_deal.number},
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
    game = locked_live_game(game)
    return _new_deal(game, actor, Deal.Mode.QUICK if quick else Deal.Mode.RECORDED, started_at)


@transaction.atomic
def deal_digital(*, game: Game, actor: Member, seed: str | None = None,
                 started_at: dt.datetime | None = None) -> Deal:
    """A deal dealt by the site from a seeded shuffle; the seed is kept so it can be replayed."""
    require_table(actor, game)
    game = locked_live_game(game)
    if seed:
        access.check_seed_chooser(actor, game, seed)
    seed = seed or secrets.token_hex(8)
    if len(seed) > 64:
        raise InvalidInput(_("The seed %(seed)s... is longer than 64 characters.") % {"seed": repr(seed[:20])}, extra={"field": "seed"})
    deal = _new_deal(game, actor, Deal.Mode.DIGITAL, started_at, seed=seed)
    doc = game_document(game, previous_game=False)
    try:
        dealt = engine.seeded_cards(doc, deal.number, deal.started_at, seed, readings=readings_used(doc))
    except RulesError as exc:
        raise InvalidInput(engine.rules_message(exc), extra={"value": str(exc.value)})
    DealtCard.objects.bulk_create([
        DealtCard(deal=deal, seq=d.seq, card=str(d.card), member_id=int(d.player), circle=d.circle, open=d.open,
                  created_by=actor) for d in dealt])
    return deal


@transaction.atomic
def deal_card(*, deal: Deal, actor: Member, card: str, sitting: DealInSitting | None = None) -> DealtCard:
    """Record the next card of a deal, typed or tapped in either notation. The engine says which
    circle it belongs to and who receives it, and refuses a non-card or a card already dealt.
    ``sitting`` is the deal's sitting when the caller read it already (:func:`games.sitting.sitting_for`);
    the deal's row is locked and its state checked again here, so a card recorded or a result
    submitted meanwhile is refused. The row says the revision the card moved the deal to
    (``deal_revision``, games/live.py): one more than the sitting's when nothing else was written
    for the deal since the sitting was read."""
    if sitting is None:
        sitting = sitting_for(Deal.objects.select_related("game__session__venue").get(pk=deal.pk))
    deal = sitting.deal
    require_table(actor, sitting.game)
    live = Result.objects.filter(deal=OuterRef("pk"), status__in=Result.LIVE).order_by("-version")
    locked = (Deal.objects.select_for_update().filter(pk=deal.pk)
              .annotate(live_version=Subquery(live.values("version")[:1]),
                        live_status=Subquery(live.values("status")[:1]), live_pk=Subquery(live.values("pk")[:1]),
                        dealt=Subquery(DealtCard.objects.filter(deal=OuterRef("pk")).order_by().values("deal")
                                       .annotate(n=Count("pk")).values("n")))
              .values("revision", "live_version", "live_status", "live_pk", "dealt").get())
    if deal.mode != Deal.Mode.RECORDED:
        raise Conflict(_("Deal %(number)s is a %(mode)s: its cards are not typed in.")
                       % {"number": deal.number, "mode": deal.get_mode_display()},
                       extra={"mode": deal.mode})
    if locked["live_version"] is not None:
        raise Conflict(_("Deal %(number)s already has result version %(version)s (%(status)s); "
                         "the cards and bets cannot change.")
                       % {"number": deal.number, "version": locked["live_version"], "status": locked["live_status"]},
                       extra={"live_version": locked["live_version"], "result": locked["live_pk"]})
    if not isinstance(card, str) or not card.strip():
        raise InvalidInput(_("Name a card, e.g. Ah or Тч."), extra={"field": "card", "value": card})
    if (locked["dealt"] or 0) != len(sitting.cards):
        raise Conflict(_("Card %(seq)s of deal %(number)s was recorded at the same time; reload.")
                       % {"seq": len(sitting.cards) + 1, "number": deal.number}, extra={"seq": len(sitting.cards)})
    try:
        dealt = engine.dealing(sitting).deal(card.strip())
    except RulesError as exc:
        raise InvalidInput(engine.rules_message(exc), extra={"field": "card", "value": card})
    row = DealtCard(deal=deal, seq=dealt.seq, card=str(dealt.card), member_id=int(dealt.player),
                    circle=dealt.circle, open=dealt.open, created_by=actor)
    try:
        # No savepoint: a clash aborts this whole transaction, which the Conflict rolls back.
        row.save()
    except IntegrityError:
        raise Conflict(_("Card %(seq)s of deal %(number)s was recorded at the same time; reload.")
                       % {"seq": dealt.seq + 1, "number": deal.number},
                       extra={"seq": dealt.seq})
    # The deal's row is locked until this commits, so the card's own move is the only one.
    row.deal_revision = locked["revision"] + 1
    return row


@transaction.atomic
def deal_card_undo(*, deal: Deal, actor: Member) -> str:
    """Take back the last recorded card (its history row keeps it)."""
    require_table(actor, deal.game)
    deal = locked_deal(deal)
    require_no_live_result(deal)
    last = deal.cards.order_by("-seq").first()
    if last is None or deal.mode != Deal.Mode.RECORDED:
        raise Conflict(_("There is no recorded card to take back."))
    card = last.card
    last.delete()
    return card


def _open_for(deal: Deal, *, actor: Member, member: Member, what: str, quick: str) -> Deal:
    """The deal, locked, where ``actor`` may bet or claim for ``member``: at his table, a recorded
    deal with no live result, ``member`` one of its players, and his own (or a croupier's) act."""
    game = deal.game
    require_table(actor, game)
    deal = locked_deal(deal)
    if deal.mode == Deal.Mode.QUICK:
        raise Conflict(quick)
    require_no_live_result(deal)
    if not any(gp.member_id == member.pk for gp in game.players.all()):
        raise InvalidInput(_("%(name)s does not play in this deal.") % {"name": member},
                           extra={"field": "member", "value": member.pk})
    access.check_for_member(actor, member, game, what=what)
    return deal


@transaction.atomic
def bet_place(*, deal: Deal, actor: Member, member: Member, amount: int) -> Bet:
    """A bet in a deal: a whole number of chips up to the maximum stake."""
    game = deal.game
    deal = _open_for(deal, actor=actor, member=member, what="bet",
                     quick=_("A quick result records the pot only, not bets."))
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


_SUITS = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}


def _rule_error(rule: str, problem: str) -> str:
    """Why no claim can be made under ``rule`` (the judge's code ``problem``), in the member's words."""
    number = rule[1:]
    messages = {
        "not_a_claim_rule": _("%(rule)s is not a rule a claim is made under: name base rule 1 as B1 or a "
                              "modifier as M1..M100.") % {"rule": shown(rule)},
        "unknown_modifier": _("There is no modifier %(number)s: the modifiers are numbered 1 to 100.")
                            % {"number": shown(number)},
        "takes_no_claims": _("Modifier %(number)s acts by itself: nobody claims it.") % {"number": number},
        "not_played": _("Modifier %(number)s is not played in this game's rules.") % {"number": number},
    }
    return messages.get(problem, _("No claim can be made under %(rule)s.") % {"rule": shown(rule)})


def _check_claim(deal: Deal, member: Member, rule: str, card: str, suit: str) -> tuple[str, str, str]:
    """The claim as it is stored, checked against the engine when it is entered: a rule that takes
    claims in the ruleset in force (the judge's own check), a card the claimant may hold, and the
    card and suit the rule reads. Returns (rule, card, suit)."""
    rule = (rule or "").strip().upper().replace(" ", "")
    if rule.startswith("М"):                   # the Cyrillic letter a Russian keyboard types
        rule = "M" + rule[1:]
    if not rule:
        raise InvalidInput(_("Name the rule: B1 (base rule 1) or M1..M100 (a modifier)."),
                           extra={"field": "rule", "value": rule})
    problem = engine.claim_rule_problem(rule, deal.game.ruleset)
    if problem is not None:
        raise InvalidInput(_rule_error(rule, problem), extra={"field": "rule", "value": shown(rule), "code": problem})
    card = (card or "").strip()
    if card:
        try:
            card = engine.parse_card(card)
        except RulesError as exc:
            raise InvalidInput(engine.rules_message(exc), extra={"field": "card", "value": shown(card)})
        _check_own_card(deal, member, card, "card")
    suit = (suit or "").strip().lower()
    if suit and suit not in _SUITS:
        raise InvalidInput(_("Unknown suit %(suit)s: choose ♥, ♦, ♣ or ♠.") % {"suit": shown(suit)},
                           extra={"field": "suit", "value": shown(suit)})
    if suit and not engine.claim_takes_suit(rule):
        raise InvalidInput(_("A claim under %(rule)s names no suit: leave the suit empty.") % {"rule": rule},
                           extra={"field": "suit", "value": suit})
    needs = engine.claim_needs(rule)
    if "card" in needs and not card:
        raise InvalidInput(_("A claim under %(rule)s names the card whose suit changes.") % {"rule": rule},
                           extra={"field": "card", "value": ""})
    if "suit" in needs and not suit:
        raise InvalidInput(_("A claim under %(rule)s names the new suit.") % {"rule": rule},
                           extra={"field": "suit", "value": ""})
    if rule == "B1" and card and card[-1] == suit:
        raise InvalidInput(_("%(card)s is already of that suit: base rule 1 changes it to another.")
                           % {"card": engine.card_text(card, lang())}, extra={"field": "suit", "value": suit})
    return rule, card, suit


_CANCELLED_RULE = re.compile(r"^(?:B(?:[1-9]|1[0-9]|2[0-5])|M(?:[1-9][0-9]?|100))$")


def check_claim_extras(rule: str, target: str, direction: str, cancels: str) -> tuple[str, str, str]:
    """The target card, the direction and the cancelled rule of a claim, each only where ``rule``
    reads it (``engine.claim_reads``) and each a value the judge knows. Returns them as stored."""
    reads = engine.claim_reads(rule)
    target = (target or "").strip()
    if target:
        if "target" not in reads:
            raise InvalidInput(_("A claim under %(rule)s names no target card: leave it empty.") % {"rule": rule},
                               extra={"field": "target", "value": shown(target)})
        try:
            target = engine.parse_card(target)
        except RulesError as exc:
            raise InvalidInput(engine.rules_message(exc), extra={"field": "target", "value": shown(target)})
    direction = (direction or "").strip().lower()
    if direction:
        allowed = engine.claim_directions(rule)
        if not allowed:
            raise InvalidInput(_("A claim under %(rule)s names no direction: leave it empty.") % {"rule": rule},
                               extra={"field": "direction", "value": shown(direction)})
        if direction not in allowed:
            raise InvalidInput(_("%(rule)s does not go %(direction)s: choose %(allowed)s.")
                               % {"rule": rule, "direction": direction_words(direction),
                                  "allowed": ", ".join(str(direction_words(d)) for d in allowed)},
                               extra={"field": "direction", "value": shown(direction)})
    cancels = (cancels or "").strip().upper().replace(" ", "")
    if cancels.startswith("М"):                # the Cyrillic letter a Russian keyboard types
        cancels = "M" + cancels[1:]
    if cancels:
        if "cancels" not in reads:
            raise InvalidInput(_("A claim under %(rule)s cancels no rule: leave it empty.") % {"rule": rule},
                               extra={"field": "cancels", "value": shown(cancels)})
        if not _CANCELLED_RULE.match(cancels):
            raise InvalidInput(_("%(value)s is no rule: name a base rule (B1 to B25) or a modifier (M1 to M100).")
                               % {"value": shown(cancels)}, extra={"field": "cancels", "value": shown(cancels)})
    return target, direction, cancels


def _check_own_card(deal: Deal, member: Member, card: str, field: str) -> None:
    """A card recorded in the deal must have been dealt to the claimant (a card not yet recorded
    the judge checks when the deal is complete)."""
    holder = next((c for c in deal.cards.all() if c.card == card), None)
    if holder is not None and holder.member_id != member.pk:
        raise InvalidInput(_("%(card)s was dealt to %(holder)s, not to %(name)s: a claim names the "
                             "claimant's own card.")
                           % {"card": engine.card_text(card, lang()), "holder": holder.member,
                              "name": member}, extra={"field": field, "value": card})


def _rank_choices_words() -> str:
    return ", ".join(engine.rank_text(r, lang()) for r in engine.RANKS)


def claim_rank(value) -> int | None:
    """A rank as typed or chosen: a number 2..14, or a rank as the site writes it on a card (2..10,
    J Q K A, the Russian В Д К Т). None when empty; a refusal names the ``rank`` field."""
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        rank = value
    else:
        text = str(value).strip()
        rank = int(text) if text.isdigit() and len(text) <= 2 else engine.parse_rank(text)
    if rank not in engine.RANKS:
        raise InvalidInput(_("%(value)s is not a rank: choose one of %(ranks)s.")
                           % {"value": shown(value), "ranks": _rank_choices_words()},
                           extra={"field": "rank", "value": shown(value)})
    return rank


def claim_card_list(value) -> list[str]:
    """Further cards as typed (separated by spaces or commas) or as a list, each as typed."""
    if value is None:
        return []
    if isinstance(value, str):
        return [t for t in re.split(r"[\s,;]+", value) if t]
    return [str(t).strip() for t in value if str(t).strip()]


def check_claim_rank_cards(deal: Deal | None, member: Member | None, rule: str, card: str, rank,
                            cards) -> tuple[int | None, str]:
    """The rank chosen and the further cards of a claim, each only where ``rule`` reads it
    (``engine.claim_reads``): a rank 2..14 other than the card's own, and at most as many further
    cards as the rule takes, each a card, named once, and (where the deal is given) not dealt to
    another player. Returns (rank, cards as stored: engine tokens separated by spaces)."""
    reads = engine.claim_reads(rule)
    if rank is not None and rank != "" and "rank" not in reads:
        raise InvalidInput(_("A claim under %(rule)s names no rank: leave it empty.") % {"rule": rule},
                           extra={"field": "rank", "value": shown(rank)})
    rank = claim_rank(rank)
    if rank is not None:
        if not card:
            raise InvalidInput(_("A claim under %(rule)s names the card whose rank changes.") % {"rule": rule},
                               extra={"field": "card", "value": ""})
        if engine.card_rank(card) == rank:
            raise InvalidInput(_("%(card)s already has that rank: choose another.")
                               % {"card": engine.card_text(card, lang())}, extra={"field": "rank", "value": rank})
    typed = claim_card_list(cards)
    if typed and "cards" not in reads:
        raise InvalidInput(_("A claim under %(rule)s names no further cards: leave them empty.") % {"rule": rule},
                           extra={"field": "cards", "value": shown(" ".join(typed))})
    most = engine.claim_cards_most(rule, card_named=bool(card))
    if len(typed) > most:
        raise InvalidInput(ngettext("A claim under %(rule)s names at most %(most)s further card.",
                                    "A claim under %(rule)s names at most %(most)s further cards.", most)
                           % {"rule": rule, "most": most}, extra={"field": "cards", "value": shown(" ".join(typed))})
    found: list[str] = []
    for token in typed:
        try:
            parsed = engine.parse_card(token)
        except RulesError as exc:
            raise InvalidInput(engine.rules_message(exc), extra={"field": "cards", "value": shown(token)})
        if parsed in found or parsed == card:
            raise InvalidInput(_("%(card)s is named twice: name each card once.")
                               % {"card": engine.card_text(parsed, lang())}, extra={"field": "cards", "value": parsed})
        if deal is not None and member is not None:
            _check_own_card(deal, member, parsed, "cards")
        found.append(parsed)
    return rank, " ".join(found)


def direction_words(direction: str) -> str:
    """A claim's direction as a member reads it."""
    words = {"up": _("up"), "down": _("down"), "incrementing": _("incrementing"),
             "decrementing": _("decrementing"), "free": _("free"), "home": _("home")}
    return str(words.get(direction, direction))


@transaction.atomic
def claim_declare(*, deal: Deal, actor: Member, member: Member, rule: str, card: str = "", suit: str = "",
                  target: str = "", direction: str = "", cancels: str = "", rank: int | str | None = None,
                  cards: str | list[str] = "") -> Claim:
    """A claim a player declares, checked against the engine as it is entered; the judge decides
    in the deal whether it holds (a refused claim is listed with the judgement). ``target``,
    ``direction``, ``cancels``, ``rank`` (2..14, or as written on a card) and ``cards`` (further
    cards: a list, or typed separated by spaces) are named only under the rules that read them."""
    deal = _open_for(deal, actor=actor, member=member, what="claim",
                     quick=_("A quick result has no cards to claim on."))
    rule, card, suit = _check_claim(deal, member, rule, card, suit)
    target, direction, cancels = check_claim_extras(rule, target, direction, cancels)
    rank, cards = check_claim_rank_cards(deal, member, rule, card, rank, cards)
    claim = Claim(deal=deal, member=member, rule=rule, card=card, suit=suit, target=target, direction=direction,
                  cancels=cancels, rank=rank, cards=cards)
    claim.save()
    return claim


def _withdrawable(deal: Deal, actor: Member, owner: Member, what: str) -> Deal:
    """The deal, locked, where ``actor`` may withdraw ``owner``'s claim or bet: at his table,
    ``owner``'s own or a croupier's act, and no result submitted yet."""
    require_table(actor, deal.game)
    access.check_withdraw(actor, owner, what=what)
    deal = locked_deal(deal)
    if deal.is_voided:
        raise Conflict(_("Deal %(number)s is voided: nothing in it changes.") % {"number": deal.number},
                       extra={"deal": deal.pk})
    live = deal.results.filter(status__in=Result.LIVE).order_by("-version").first()
    if live is not None:
        raise Conflict(_("Deal %(number)s already has result version %(version)s: its claims and bets can no "
                         "longer be withdrawn (discard the draft first, or call the croupier).")
                       % {"number": deal.number, "version": live.version},
                       extra={"live_version": live.version, "result": live.pk, "status": live.status})
    return deal


@transaction.atomic
def claim_withdraw(*, claim: Claim, actor: Member) -> Claim:
    """Take back a claim before the deal's result is submitted: its owner or a croupier. The row
    goes; its history keeps it."""
    claim = Claim.objects.select_related("deal__game__session__venue", "member").get(pk=claim.pk)
    _withdrawable(claim.deal, actor, claim.member, "claim")
    claim.delete()
    return claim


@transaction.atomic
def bet_withdraw(*, bet: Bet, actor: Member) -> Bet:
    """Take back a bet before the deal's result is submitted: its owner or a croupier. Bets post to
    the ledger only when a result is confirmed, so a withdrawn bet moves no chip."""
    bet = Bet.objects.select_related("deal__game__session__venue", "member").get(pk=bet.pk)
    if bet.kind == Bet.Kind.ANTE:
        raise Conflict(_("An ante is not withdrawn: every player antes half the minimum stake."),
                       extra={"field": "bet", "value": bet.pk})
    _withdrawable(bet.deal, actor, bet.member, "bet")
    bet.delete()
    return bet


# --- voiding and replaying a deal ---------------------------------------------------------------------

@transaction.atomic
def deal_void(*, deal: Deal, actor: Member) -> Deal:
    """A croupier voids the last deal of a live Game: it counts as not played (no judgement or
    document reads it, nothing is posted), stays in the history with who voided it, and the next
    deal takes its number. A draft result waiting for confirmation is discarded; a confirmed one
    is corrected instead, and a disputed deal waits for the croupier's ruling."""
    access.check_croupier(actor, _("Only a croupier voids a deal or orders it replayed."))
    require_table(actor, deal.game)
    game = locked_live_game(deal.game)
    deal = Deal.all_objects.select_for_update().select_related("game__session__venue").get(pk=deal.pk)
    if deal.is_voided:
        raise Conflict(_("Deal %(number)s is already voided.") % {"number": deal.number}, extra={"deal": deal.pk})
    later = Deal.objects.filter(game=game, number__gt=deal.number).order_by("number").first()
    if later is not None:
        raise Conflict(_("Deal %(number)s is followed by deal %(later)s: only the last deal of a game is voided.")
                       % {"number": deal.number, "later": later.number}, extra={"deal": deal.pk, "later": later.pk})
    refuse_while_disputed(deal)
    results = list(deal.results.select_for_update().filter(status__in=Result.LIVE))
    confirmed = next((r for r in results if r.status == Result.Status.CONFIRMED), None)
    if confirmed is not None:
        raise Conflict(_("Deal %(number)s has confirmed result version %(version)s and its chips are posted: "
                         "submit a correction instead of voiding it.")
                       % {"number": deal.number, "version": confirmed.version},
                       extra={"live_version": confirmed.version, "result": confirmed.pk})
    now = timezone.now()
    for draft in results:
        result_transition(draft, Result.Status.DISCARDED)
        draft.closed_by, draft.closed_at = actor, now
        draft.save(update_fields=["status", "closed_by", "closed_at"])
    deal.voided_at, deal.voided_by = now, actor
    deal.save(update_fields=["voided_at", "voided_by"])
    return deal


@transaction.atomic
def deal_replay(*, deal: Deal, actor: Member) -> Deal:
    """A croupier orders a deal replayed (base rule 12: no precedent and no agreement): the deal is
    voided (:func:`deal_void`) and a fresh deal of the same kind starts at its number (a digital
    deal with a fresh shuffle). Returns the fresh deal."""
    voided = deal_void(deal=deal, actor=actor)
    game = voided.game
    if voided.mode == Deal.Mode.DIGITAL:
        fresh = deal_digital(game=game, actor=actor)
    else:
        fresh = deal_start(game=game, actor=actor, quick=voided.mode == Deal.Mode.QUICK)
    fresh.replay_of = voided
    fresh.save(update_fields=["replay_of"])
    return fresh


@transaction.atomic
def deal_replay_by_ref(*, deal_ref: str, actor: Member) -> Deal | None:
    """The archive's ruling of base rule 12 on the deal ``deal_ref`` names (``deal-<id>``): the deal
    is replayed (:func:`deal_replay`), unless it is voided already or no recorded deal has that
    reference. A deal that cannot be replayed refuses, naming why, and with it the whole ruling
    (this runs inside the ruling's transaction: ``rules.services.dispute_replay``, through
    ``rules.hooks``). Returns the fresh deal, or None."""
    deal_id = deal_id_of(deal_ref)
    deal = Deal.all_objects.filter(pk=deal_id).select_related("game__session__venue").first() if deal_id else None
    if deal is None or deal.is_voided:
        return None
    return deal_replay(deal=deal, actor=actor)
