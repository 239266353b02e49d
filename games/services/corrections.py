"""Corrections of a deal whose cards were recorded: a recorded card replaced, bets and claims added,
changed or taken out, and the deal judged again as a new draft version of its result.

Nothing is changed on the deal until a second person confirms the correction: the draft carries
what it changes (``Result.correction``) and the judgement of the deal as corrected; confirming
applies it to the deal's rows (their history keeps the old values), reverses the old version's
postings and posts the new ones (:func:`games.services.results.result_confirm`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from club.errors import Conflict, InvalidInput
from club.models import Member

from .. import engine
from ..engine import RulesError
from ..models import Bet, Claim, Deal, Result
from ..presenters import lang
from ..sitting import sitting_for
from .common import check_version, create_result, locked_deal
from .recording import check_claim_extras, check_claim_rank_cards
from .sittings import require_table

SUITS = ("h", "d", "c", "s")


def _cut(value: Any) -> str:
    return str(value)[:40]


def _bet_rows(deal: Deal) -> list[dict]:
    return [{"member": b.member_id, "kind": b.kind, "amount": b.amount} for b in deal.bets.order_by("pk")]


def _claim_rows(deal: Deal) -> list[dict]:
    return [{"member": c.member_id, "rule": c.rule, "card": c.card, "suit": c.suit, **_extras(c.__dict__)}
            for c in deal.claims.order_by("pk")]


# What some rules read beside a claim's card and suit (games.engine.claim_reads), kept as the
# claim has it through a correction: texts, and the rank chosen (a number, or None).
CLAIM_EXTRAS = ("target", "direction", "cancels", "rank", "cards")


def _extras(row: Mapping) -> dict[str, Any]:
    """A claim row's extras as stored; a row kept before a rule read one has it empty."""
    out: dict[str, Any] = {name: str(row.get(name) or "") for name in CLAIM_EXTRAS if name != "rank"}
    rank = row.get("rank")
    out["rank"] = int(rank) if isinstance(rank, int) or (isinstance(rank, str) and rank.isdigit()) else None
    return out


def _claim_rows_kept(rows: Sequence[Mapping]) -> list[dict]:
    """Claim rows a correction kept, with every extra (a draft may be older than one of them)."""
    return [{**row, **_extras(row)} for row in rows]


def _claim_doc(row: Mapping) -> dict:
    """A claim row as the sitting document gives it to the judge."""
    doc: dict[str, Any] = {"player": engine.player_key(row["member"]), "rule": row["rule"]}
    for name in ("card", "suit", "target", "direction", "cancels"):
        if row.get(name):
            doc[name] = row[name]
    if row.get("rank") is not None:
        doc["rank"] = row["rank"]
    if row.get("cards"):
        doc["cards"] = str(row["cards"]).split()
    return doc


def _same(a: Sequence[Mapping], b: Sequence[Mapping]) -> bool:
    """The same rows, order aside."""
    def key(row):
        return tuple(sorted(row.items()))
    return Counter(map(key, a)) == Counter(map(key, b))


def _clean_bets(bets: Sequence[Mapping], *, players: set[int], min_stake: int, max_stake: int) -> list[dict]:
    """The bets as they should stand, each checked; a refusal names the form field it came from."""
    out: list[dict] = []
    antes: set[int] = set()
    staked: dict[int, int] = {}
    for row in bets:
        field = row.get("field") or "bets"
        member, kind, amount = row.get("member"), row.get("kind"), row.get("amount")
        if member is None:
            raise InvalidInput(_("Choose the player who bets."),
                               extra={"field": row.get("member_field") or field, "value": None})
        if member not in players:
            raise InvalidInput(_("Player %(value)s does not play in this deal.") % {"value": _cut(member)},
                               extra={"field": field, "value": member})
        if kind not in (Bet.Kind.ANTE, Bet.Kind.RAISE):
            raise InvalidInput(_("Unknown kind of bet %(value)s.") % {"value": _cut(kind)},
                               extra={"field": field, "value": kind})
        if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= max_stake:
            raise InvalidInput(_("A bet of %(amount)s is outside 1..%(max)s (the maximum stake).")
                               % {"amount": _cut(amount), "max": max_stake}, extra={"field": field, "value": amount})
        if kind == Bet.Kind.ANTE:
            if member in antes:
                raise InvalidInput(_("A player antes once in a deal."), extra={"field": field, "value": member})
            antes.add(member)
        else:
            staked[member] = staked.get(member, 0) + amount
            if staked[member] > max_stake:
                raise InvalidInput(_("A bet of %(amount)s would bring the stake to %(total)s, above the maximum "
                                     "stake %(max)s.") % {"amount": amount, "total": staked[member], "max": max_stake},
                                   extra={"field": field, "value": amount})
        out.append({"member": member, "kind": str(kind), "amount": amount})
    for member, total in staked.items():
        if total < min_stake:
            field = next(r.get("field") or "bets" for r in bets if r.get("member") == member
                         and r.get("kind") == Bet.Kind.RAISE)
            raise InvalidInput(_("A stake of %(amount)s is below the minimum stake %(min)s.")
                               % {"amount": total, "min": min_stake}, extra={"field": field, "value": total})
    return out


def _clean_claims(claims: Sequence[Mapping], *, players: set[int]) -> list[dict]:
    out: list[dict] = []
    for row in claims:
        field = row.get("field") or "claims"
        member = row.get("member")
        if member is None:
            raise InvalidInput(_("Choose the player who claims."), extra={"field": field, "value": None})
        if member not in players:
            raise InvalidInput(_("Player %(value)s does not play in this deal.") % {"value": _cut(member)},
                               extra={"field": field, "value": member})
        rule = (row.get("rule") or "").strip().upper().replace(" ", "")
        if rule.startswith("М"):               # the Cyrillic letter a Russian keyboard types
            rule = "M" + rule[1:]
        if not rule or len(rule) > 12 or not (rule[0] in "BMT" and rule[1:].isdigit() or rule.startswith("IP-")):
            raise InvalidInput(_("Unknown rule %(rule)s: name it as B1..B25 or M1..M100.") % {"rule": _cut(repr(rule))},
                               extra={"field": row.get("rule_field") or field, "value": rule})
        card = (row.get("card") or "").strip()
        if card:
            try:
                card = engine.parse_card(card)
            except RulesError as exc:
                raise InvalidInput(engine.rules_message(exc), extra={"field": row.get("card_field") or field,
                                                                     "value": card})
        suit = row.get("suit") or ""
        if suit and suit not in SUITS:
            raise InvalidInput(_("Unknown suit %(suit)s: h, d, c or s.") % {"suit": _cut(repr(suit))},
                               extra={"field": field, "value": suit})
        target, direction, cancels, rank, cards = _checked_extras(row, rule, card)
        out.append({"member": member, "rule": rule, "card": card, "suit": suit, "target": target,
                    "direction": direction, "cancels": cancels, "rank": rank, "cards": cards})
    return out


def _checked_extras(row: Mapping, rule: str, card: str) -> tuple:
    """A claim's target, direction, cancelled rule, rank and further cards, checked as a claim
    entered at the table is; a refusal names the form field it came from: the added claim's own
    field (its ``prefix`` and the field's name), or the row of a claim already recorded."""
    try:
        return (*check_claim_extras(rule, row.get("target") or "", row.get("direction") or "",
                                    row.get("cancels") or ""),
                *check_claim_rank_cards(None, None, rule, card, row.get("rank"), row.get("cards") or ""))
    except InvalidInput as exc:
        name = exc.extra.get("field")
        prefix = row.get("prefix")
        exc.extra["field"] = f"{prefix}{name}" if prefix and name else (row.get("field") or "claims")
        raise


def _check_claims_held(given: Sequence[Mapping], claims: Sequence[Mapping], dealt,
                       names: Mapping[int, Member]) -> None:
    """The cards an added claim names (``given``: the rows as sent, ``claims``: as cleaned), dealt
    to its claimant in the corrected dealing: a card dealt to another player is refused beside its
    field."""
    holders = {str(d.card): int(d.player) for d in dealt}
    for sent, row in zip(given, claims, strict=True):
        prefix = sent.get("prefix")
        if not prefix:
            continue
        for field, tokens in (("card", [row["card"]] if row["card"] else []), ("cards", row["cards"].split())):
            for token in tokens:
                holder = holders.get(token)
                if holder is not None and holder != row["member"]:
                    raise InvalidInput(_("%(card)s was dealt to %(holder)s, not to %(name)s: a claim names the "
                                         "claimant's own card.")
                                       % {"card": engine.card_text(token, lang()), "holder": names[holder],
                                          "name": names[row["member"]]},
                                       extra={"field": f"{prefix}{field}", "value": token})


def _replay(sitting, cards: Sequence[str], *, blame: str):
    """The engine's dealing of the corrected cards: each card's recipient, circle and face."""
    try:
        stepper = engine.DealStepper(sitting.document, sitting.deal.number, sitting.deal.started_at, (),
                                     readings=sitting.readings)
        dealt = [stepper.deal(token) for token in cards]
    except RulesError as exc:
        raise InvalidInput(engine.rules_message(exc), extra={"field": blame, "value": _cut(exc.value)})
    if not stepper.complete:
        raise InvalidInput(_("With these cards deal %(number)s needs more than the %(count)s recorded; correct "
                             "another card or call the croupier.") % {"number": sitting.deal.number,
                                                                      "count": len(cards)},
                           extra={"field": blame, "value": len(cards)})
    return dealt


@transaction.atomic
def result_correct(*, deal: Deal, actor: Member, supersedes: int, cards: Mapping[int, str] | None = None,
                   bets: Sequence[Mapping] | None = None, claims: Sequence[Mapping] | None = None,
                   note: str = "") -> Result:
    """Correct the confirmed version ``supersedes`` of a deal whose cards were recorded: ``cards``
    replaces recorded cards (their place in the dealing order -> the card), ``bets`` and ``claims``
    are the deal's bets and claims as they should stand (None: unchanged). The deal is judged
    again with them; the judgement is a new draft version that a second person confirms, and the
    deal's rows change only then."""
    require_table(actor, deal.game)
    deal = locked_deal(deal)
    if deal.mode == Deal.Mode.QUICK:
        raise Conflict(_("This deal is a quick result: correct its winner and pot instead."), extra={"mode": deal.mode})
    corrected = check_version(deal, supersedes)
    if corrected is None:
        raise Conflict(_("Deal %(number)s has no confirmed version to correct.") % {"number": deal.number},
                       extra={"supersedes": supersedes})
    sitting = sitting_for(deal)
    game = sitting.game
    players = {gp.member_id for gp in sitting.players}
    recorded = list(sitting.cards)
    new_cards = [c.card for c in recorded]
    card_changes = []
    by_seq = {c.seq: c for c in recorded}
    for seq, token in sorted((cards or {}).items()):
        field = f"card_{seq}"
        row = by_seq.get(seq)
        if row is None:
            raise InvalidInput(_("Deal %(number)s has no card number %(value)s.") % {"number": deal.number,
                                                                                      "value": _cut(seq + 1)},
                               extra={"field": field, "value": seq})
        token = (token or "").strip()
        if not token:
            raise InvalidInput(_("Name a card, e.g. Ah or Тч."), extra={"field": field, "value": token})
        try:
            card = engine.parse_card(token)
        except RulesError as exc:
            raise InvalidInput(engine.rules_message(exc), extra={"field": field, "value": _cut(token)})
        if card != row.card and deal.mode == Deal.Mode.DIGITAL:
            raise InvalidInput(_("The digital dealer dealt %(card)s from its seed; its cards are not corrected.")
                               % {"card": row.card}, extra={"field": field, "value": _cut(token)})
        if card != row.card:
            card_changes.append({"seq": seq, "from": row.card, "to": card})
            new_cards[recorded.index(row)] = card
    bets_before, claims_before = _bet_rows(deal), _claim_rows(deal)
    new_bets = bets_before if bets is None else _clean_bets(bets, players=players, min_stake=game.min_stake,
                                                            max_stake=game.max_stake)
    new_claims = claims_before if claims is None else _clean_claims(claims, players=players)
    bets_changed, claims_changed = not _same(new_bets, bets_before), not _same(new_claims, claims_before)
    if not (card_changes or bets_changed or claims_changed):
        raise InvalidInput(_("The correction changes nothing: replace a card, or change a bet or a claim."),
                           extra={"field": "__all__", "value": None})
    blame = f"card_{card_changes[0]['seq']}" if card_changes else "__all__"
    dealt = _replay(sitting, new_cards, blame=blame)
    if claims is not None:
        _check_claims_held(claims, new_claims, dealt, {gp.member_id: gp.member for gp in sitting.players})
    doc = sitting.judged_document
    deals = list(doc["deals"])
    last = dict(deals[-1])
    totals: dict[str, int] = {}
    for b in new_bets:
        key = engine.player_key(b["member"])
        totals[key] = totals.get(key, 0) + b["amount"]
    last["cards"] = [str(d.card) for d in dealt]
    last["bets"] = totals
    last["claims"] = [_claim_doc(c) for c in new_claims]
    deals[-1] = last
    doc = {**doc, "deals": deals}
    try:
        judgement = engine.judge_last_deal(doc, precedents=sitting.precedents)
    except RulesError as exc:
        raise InvalidInput(engine.rules_message(exc), extra={"field": blame, "value": _cut(exc.value),
                                                             "rule": exc.rule})
    members = {engine.player_key(gp.member_id): gp.member for gp in sitting.players}
    chips = {str(k): int(v) for k, v in (judgement.get("chips") or {}).items()}
    unknown = [k for k in [*chips, *(judgement.get("winners") or [])] if k not in members]
    if unknown:
        raise InvalidInput(_("The judgement names %(player)s, who is not at the table.") % {"player": repr(unknown[0])},
                           extra={"value": unknown[0]})
    correction = {
        "cards": card_changes,
        "bets": new_bets if bets_changed else None, "bets_before": bets_before if bets_changed else None,
        "claims": new_claims if claims_changed else None,
        "claims_before": claims_before if claims_changed else None,
    }
    return create_result(deal, actor, "", corrected, [members[k] for k in judgement.get("winners") or []],
                          status=Result.Status.DRAFT, kind=Result.Kind.JUDGED, pot=sum(totals.values()), chips=chips,
                          judgement=judgement, document=doc, best_category=engine.best_category(judgement),
                          correction=correction, note=note[:200])


def correction_apply(result: Result, actor: Member) -> None:
    """Put a confirmed correction's cards, bets and claims on the deal (inside the confirmation's
    transaction). The deal must still stand as the correction found it."""
    correction = result.correction
    if not correction:
        return
    deal = result.deal
    stale = Conflict(_("Deal %(number)s changed after version %(version)s was submitted; discard it and "
                       "correct the deal again.") % {"number": deal.number, "version": result.version},
                     extra={"version": result.version})
    rows = {c.seq: c for c in deal.cards.select_for_update().order_by("seq")}
    for change in correction.get("cards") or []:
        row = rows.get(change["seq"])
        if row is None or row.card != change["from"]:
            raise stale
    if correction.get("bets") is not None and not _same(_bet_rows(deal), correction["bets_before"]):
        raise stale
    if correction.get("claims") is not None and not _same(_claim_rows(deal),
                                                          _claim_rows_kept(correction["claims_before"])):
        raise stale
    if correction.get("cards"):
        cards = [rows[seq].card for seq in sorted(rows)]
        order = sorted(rows)
        for change in correction["cards"]:
            cards[order.index(change["seq"])] = change["to"]
        dealt = _replay(sitting_for(deal), cards, blame="__all__")
        for seq, d in zip(order, dealt, strict=True):
            row = rows[seq]
            fresh = (str(d.card), int(d.player), d.circle, d.open)
            if fresh != (row.card, row.member_id, row.circle, row.open):
                row.card, row.member_id, row.circle, row.open = fresh
                row.save(update_fields=["card", "member", "circle", "open"])
    if correction.get("bets") is not None:
        _replace_rows(list(deal.bets.order_by("pk")), correction["bets"], ("member", "kind", "amount"),
                      lambda row: Bet(deal=deal, member_id=row["member"], kind=row["kind"], amount=row["amount"],
                                      created_by=actor))
    if correction.get("claims") is not None:
        _replace_rows(list(deal.claims.order_by("pk")), _claim_rows_kept(correction["claims"]),
                      ("member", "rule", "card", "suit", *CLAIM_EXTRAS),
                      lambda row: Claim(deal=deal, member_id=row["member"], rule=row["rule"], card=row["card"],
                                        suit=row["suit"], **_extras(row)))


def _replace_rows(existing: list, wanted: list[dict], fields: tuple[str, ...], make) -> None:
    """Delete the rows no longer wanted and create the new ones; rows that stay are left alone
    (each deletion and creation is kept in the rows' history)."""
    def key_of_row(row):
        return tuple(getattr(row, "member_id" if f == "member" else f) for f in fields)

    remaining = Counter(tuple(w[f] for f in fields) for w in wanted)
    for row in existing:
        key = key_of_row(row)
        if remaining[key] > 0:
            remaining[key] -= 1
        else:
            row.delete()
    for w in wanted:
        key = tuple(w[f] for f in fields)
        if remaining[key] > 0:
            remaining[key] -= 1
            make(w).save()



def correction_again(result: Result, actor: Member) -> Result:
    """Submit the changes of the discarded draft ``result`` again, judged afresh (after an earlier
    deal's correction changed its history)."""
    correction = result.correction or {}
    return result_correct(deal=result.deal, actor=actor, supersedes=result.supersedes.version,
                          cards={c["seq"]: c["to"] for c in correction.get("cards") or []},
                          bets=correction.get("bets"), claims=correction.get("claims"), note=result.note)
