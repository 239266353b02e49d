"""Writes of the taps a phone recorded while it was offline and sends when it is back: each one
sent with an ``Idempotency-Key`` is done once (the key's first answer is kept and given again),
and a dealing recorded meanwhile by another phone is settled by keeping one version and setting
the other aside, in the deal's history."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.errors import Conflict, InvalidInput
from club.models import Member
from club.validators import shown

from ..models import ActionReceipt, Deal, DealtCard, SetAside
from .common import locked_deal, require_no_live_result
from .sittings import require_table

# The most taps one set-aside version may list (a deal has at most 10 circles of 8 players).
SET_ASIDE_MOST = 200


def _receipt(*, actor: Member, key: str, deal: Deal, kind: str) -> ActionReceipt | None:
    found = ActionReceipt.objects.filter(member=actor, key=key).first()
    if found is not None and (found.deal_id != deal.pk or found.kind != kind):
        raise Conflict(_("The Idempotency-Key %(key)s was already used for another action.") % {"key": shown(key)},
                       extra={"field": "Idempotency-Key", "deal": found.deal_id})
    return found


def action_once(*, actor: Member, deal: Deal, key: str, kind: str,
                act: Callable[[Deal], tuple[int, dict]]) -> tuple[int, dict]:
    """``act(deal)`` (a service call answering (status, body)) done once for ``key``: the deal's
    row is locked first, so the same key sent twice at once waits for the first and gets its
    answer. Only a success is kept: a refused tap changed nothing and may be sent again once the
    refusal is settled. Without a key, ``act`` simply runs."""
    if not key:
        return act(deal)
    try:
        with transaction.atomic():
            locked = locked_deal(deal)
            found = _receipt(actor=actor, key=key, deal=locked, kind=kind)
            if found is not None:
                return found.status, found.body
            status, body = act(locked)
            ActionReceipt.objects.create(member=actor, key=key, deal=locked, kind=kind, status=status, body=body)
    except IntegrityError:
        found = _receipt(actor=actor, key=key, deal=deal, kind=kind)
        if found is None:
            raise
        return found.status, found.body
    return status, body


def require_next_seq(*, deal: Deal, seq: int | None) -> None:
    """A card sent as the deal's card ``seq`` + 1 (counting from 0) is refused when another phone
    recorded cards meanwhile: the answer names the cards the site has from there on."""
    if seq is None:
        return
    recorded = list(DealtCard.objects.filter(deal=deal).select_related("member").order_by("seq"))
    if len(recorded) == seq:
        return
    raise Conflict(_("Card %(seq)s of deal %(number)s was recorded meanwhile by another phone.")
                   % {"seq": min(seq, len(recorded)) + 1, "number": deal.number},
                   extra={"code": "seq", "seq": seq, "dealt": len(recorded),
                          "recorded": [{"seq": c.seq, "card": c.card, "member": c.member_id,
                                        "member_name": c.member.display_name}
                                       for c in recorded if c.seq >= seq]})


def _clean_actions(actions) -> list[dict]:
    """The phone's waiting taps as they are kept aside: known kinds and short values only."""
    if not isinstance(actions, list) or len(actions) > SET_ASIDE_MOST:
        raise InvalidInput(_("actions: a list of at most %(most)s taps.") % {"most": SET_ASIDE_MOST},
                           extra={"field": "actions"})
    out = []
    for item in actions:
        if not isinstance(item, dict) or item.get("kind") not in ("card", "bet", "claim"):
            raise InvalidInput(_("actions: each tap is a card, a bet or a claim."), extra={"field": "actions"})
        row = {"kind": item["kind"]}
        for name in ("card", "rule", "suit", "target", "direction", "cancels"):
            if isinstance(item.get(name), str) and item[name]:
                row[name] = item[name][:12]
        cards = item.get("cards")
        if isinstance(cards, list) and cards:
            row["cards"] = [c[:8] for c in cards[:2] if isinstance(c, str) and c]
        for name in ("amount", "member", "seq", "rank"):
            value = item.get(name)
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**6:
                row[name] = value
        out.append(row)
    return out


@transaction.atomic
def deal_set_aside(*, deal: Deal, actor: Member, kept: str, from_seq: int, actions=None) -> SetAside:
    """Settle two versions of a deal's dealing from card ``from_seq`` + 1 on. ``kept`` "theirs":
    the site's cards stay and the phone's waiting taps (``actions``) are kept aside; "mine": the
    site's cards from there on are taken back and kept aside, and the phone sends its own next.
    Call it inside :func:`action_once`: a second "mine" must not take back the phone's own cards."""
    require_table(actor, deal.game)
    deal = locked_deal(deal)
    if kept not in SetAside.Kept.values:
        raise InvalidInput(_("kept: choose the version already on the site or the version of this phone."),
                           extra={"field": "kept", "value": shown(kept)})
    if kept == SetAside.Kept.MINE:
        require_no_live_result(deal)
        removed = list(DealtCard.objects.filter(deal=deal, seq__gte=from_seq).order_by("seq"))
        aside = [{"kind": "card", "seq": c.seq, "card": c.card, "member": c.member_id, "by": c.created_by_id}
                 for c in removed]
        for row in reversed(removed):
            row.delete()        # the card's history row keeps it too
        _restore_taken_back(deal, upto=from_seq)
    else:
        aside = _clean_actions(actions or [])
    return SetAside.objects.create(deal=deal, chosen_by=actor, kept=kept, from_seq=from_seq, actions=aside)


def _restore_taken_back(deal: Deal, *, upto: int) -> None:
    """The phone's version counts ``upto`` cards before its own waiting ones; where another phone
    took some of them back meanwhile, each comes back as it was when taken back (its history
    row). A card with no such row was never on the site: the phone's version cannot be kept."""
    dealt = DealtCard.objects.filter(deal=deal).count()
    for seq in range(dealt, upto):
        last = DealtCard.history.filter(deal_id=deal.pk, seq=seq).order_by("-history_date", "-history_id").first()
        if last is None or last.history_type != "-":
            raise Conflict(_("Card %(seq)s of deal %(number)s is not on the site: keep the site's version.")
                           % {"seq": seq + 1, "number": deal.number}, extra={"field": "from_seq", "value": upto})
        DealtCard.objects.create(deal=deal, seq=seq, card=last.card, member_id=last.member_id, circle=last.circle,
                                 open=last.open, created_by_id=last.created_by_id)


def receipts_prune(*, kept_days: int) -> int:
    """Forget the answers to taps older than ``kept_days`` days: by then their deal has a result,
    which refuses a late copy of the tap anyway. Returns how many were forgotten."""
    deleted, _by_model = ActionReceipt.objects.filter(
        created_at__lt=timezone.now() - dt.timedelta(days=kept_days)).delete()
    return deleted
