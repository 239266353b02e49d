"""What the games' pages show, composed from the selectors' rows and the presenters' words: the
deal page, the correction waiting beside it, and the dashboards. The selectors read; nothing here
reads the database but through them, and nothing below the pages says a word to a person."""

from __future__ import annotations

from collections import Counter

from django.utils import timezone

from club.models import Member
from rules.models import Dispute

from . import access, engine, presenters, selectors
from .engine import RulesError
from .models import Bet, Deal, DealtCard, Game, GamePlayer, Result
from .sitting import DealInSitting

# --- the dashboards --------------------------------------------------------------------------------------


def croupier_dashboard() -> dict:
    return {
        "live_games": list(selectors.live_games()),
        "waiting": list(selectors.results_waiting()),
        "disputes": list(selectors.disputes_open()),
        "today": list(selectors.results_today()),
    }


def member_dashboard(*, member: Member) -> dict:
    return {
        "next_sessions": selectors.next_sessions_of(member.pk, timezone.now()),
        "last_results": selectors.results_of_member(member=member),
        "balance": selectors.balance(member=member),
        "waiting": (list(selectors.results_waiting()) if member.is_croupier
                    else selectors.results_waiting_for(member.pk)),
        "my_games": selectors.live_games_of(member.pk),
    }


# --- the deal page ---------------------------------------------------------------------------------------


def deal_page(*, sitting: DealInSitting, member: Member | None, lang: str = "en", disputes: bool = True) -> dict:
    """Everything the deal page shows, from the deal's sitting (:func:`games.sitting.sitting_for`):
    no query but the deal's disputes (left out with ``disputes=False``: the recording panel does
    not show them), the engine's next circle and the provisional judgement of a deal being
    recorded."""
    deal, players = sitting.deal, list(sitting.players)
    names = {engine.player_key(gp.member_id): gp.member.display_name for gp in players}
    live = sitting.live
    every = selectors.sees_every_card(sitting=sitting, member=member)
    cards = selectors.cards_seen_by(sitting.cards, member=member, every=every)
    results = list(sitting.results)
    by_player = {gp.member_id: [] for gp in players}
    for c in cards:
        by_player.setdefault(c.member_id, []).append(c)
    deal_bets = list(deal.bets.all()) if deal.mode != Deal.Mode.QUICK else []
    bets: dict[int, int] = {}
    for b in deal_bets:
        bets[b.member_id] = bets.get(b.member_id, 0) + b.amount
    rows = []
    judged = live.judgement if live is not None and live.judgement else None
    for gp in players:
        key = engine.player_key(gp.member_id)
        judged_player = (judged or {}).get("players", {}).get(key) if judged else None
        states = {}
        if judged_player:
            states = {c.get("card"): c.get("state", "") for c in judged_player.get("cards") or []}
        rows.append({
            "gp": gp, "cards": [(c, states.get(c.card, "")) for c in by_player.get(gp.member_id, [])],
            "bet": bets.get(gp.member_id, 0),
            "hand": (judged_player or {}).get("hand"),
            "chips": (live.chips.get(key) if live is not None else None),
            "won": live is not None and any(w.pk == gp.member_id for w in live.winners.all()),
        })
    voided = deal.is_voided
    recording = deal.mode == Deal.Mode.RECORDED and live is None and not voided
    nxt = None
    progress: dict = {"pattern": [], "changes": [], "dealer": None}
    complete = deal.mode != Deal.Mode.RECORDED
    if deal.mode != Deal.Mode.QUICK:
        try:
            progress = selectors.deal_progress(sitting=sitting)
        except RulesError as exc:
            # The stored cards no longer replay (the engine changed): show them, record no more.
            progress = {"next": None, "pattern": [], "changes": [], "dealer": None, "error": engine.rules_message(exc)}
        nxt = progress["next"] if deal.mode == Deal.Mode.RECORDED else None
        complete = nxt is None
    dealt = {c.card for c in sitting.cards} if recording else set()
    claims = list(sitting.claims) if deal.mode != Deal.Mode.QUICK else []
    can_act = member is not None and access.can_act_at(member, sitting.game)
    found = selectors.disputes_of_deal(deal) if disputes else []
    open_dispute = next((d for d in found if d.status == Dispute.Status.OPEN), None)
    return {
        "deal": deal, "game": sitting.game, "players": players, "rows": rows, "names": names, "cards": cards,
        "results": results, "live": live, "judged": judged,
        "trace": presenters.trace_lines((judged or {}).get("trace") or [], lang, names) if judged else [],
        "advice": presenters.advice_lines(live.advice, names) if live is not None else [],
        "recording": recording, "complete": complete, "next": nxt,
        "next_name": names.get(nxt.recipient) if nxt else None,
        # A change of the circles names the cards that made it: shown to those who see them all.
        "pattern": progress["pattern"], "pattern_changes": progress["changes"] if every else [],
        "sees_every_card": every,
        "engine_error": progress.get("error"),
        "dealer_name": names.get(progress["dealer"]) if progress["dealer"] else None,
        "plan": progress.get("plan"),
        "deck": [(c, c in dealt) for c in engine.full_deck()],
        "can_act": can_act,
        "can_confirm": bool(live and live.status == Result.Status.DRAFT and can_act
                            and member.pk != live.submitted_by_id and open_dispute is None),
        "claims": claims, "bets": deal_bets,
        "refusals": presenters.claim_refusals(judged, claims, lang) if judged else {},
        # Claims and bets change, and the croupier voids or replays the deal, until a result is in.
        "open_for_claims": can_act and live is None and not voided and deal.mode != Deal.Mode.QUICK,
        "can_void": (can_act and member.is_croupier and not voided and sitting.game.status == Game.Status.LIVE
                     and (live is None or live.status == Result.Status.DRAFT) and open_dispute is None),
        "voided": voided, "voided_by": sitting.deal.voided_by if voided else None,
        "replayed_by": selectors.deal_replayed_by(deal=deal) if voided else None,
        "replay_of": selectors.deal_replay_of(deal=deal),
        "pot": sum(bets.values()),
        "disputes": found, "open_dispute": open_dispute,
        "live_stamp": selectors.deal_stamp(deal=sitting.deal),
        "preview": (presenters.preview_panel(selectors.deal_preview(sitting=sitting, member=member), rows, names, lang)
                    if recording or (deal.mode == Deal.Mode.DIGITAL and live is None) else None),
    }


# --- a correction waiting for confirmation ---------------------------------------------------------------


def _rows_gone_and_new(before: list[dict] | None, after: list[dict] | None) -> tuple[list[dict], list[dict]]:
    """The rows a correction takes out and the ones it adds (order aside)."""
    if after is None:
        return [], []
    def key(row):
        return tuple(sorted(row.items()))
    left, right = Counter(map(key, before or [])), Counter(map(key, after))
    gone = [dict(k) for k, n in (left - right).items() for _i in range(n)]
    new = [dict(k) for k, n in (right - left).items() for _i in range(n)]
    return gone, new


def correction_changes(result: Result, *, names: dict[str, str], cards: list[DealtCard]) -> dict:
    """What a correction changes, for a person to read: each card replaced (its number in the
    dealing order and who receives it), the bets and claims taken out and added."""
    correction = result.correction or {}
    recipients = {c.seq: names.get(engine.player_key(c.member_id), "") for c in cards}
    kinds = dict(Bet.Kind.choices)
    bets_gone, bets_new = _rows_gone_and_new(correction.get("bets_before"), correction.get("bets"))
    claims_gone, claims_new = _rows_gone_and_new(correction.get("claims_before"), correction.get("claims"))

    def bet(row):
        return {"name": names.get(engine.player_key(row["member"]), ""), "kind": kinds.get(row["kind"], ""),
                "amount": row["amount"]}

    def claim(row):
        return {"name": names.get(engine.player_key(row["member"]), ""), "rule": row["rule"], "card": row["card"],
                "suit": row["suit"], **{name: row.get(name) for name in ("target", "direction", "cancels", "rank",
                                                                          "cards")}}

    return {
        "cards": [{"number": c["seq"] + 1, "name": recipients.get(c["seq"], ""), "from": c["from"], "to": c["to"]}
                  for c in correction.get("cards") or []],
        "bets_gone": [bet(r) for r in bets_gone], "bets_new": [bet(r) for r in bets_new],
        "claims_gone": [claim(r) for r in claims_gone], "claims_new": [claim(r) for r in claims_new],
    }


def pending_correction(*, results: list[Result], players: list[GamePlayer], cards: list[DealtCard],
                       member: Member | None, can_act: bool, disputed: bool) -> dict:
    """The draft version that corrects the confirmed one, beside it: what it changes, the winners
    and each player's chips in both; who may confirm it (a second person: not its submitter)."""
    confirmed = next((r for r in results if r.status == Result.Status.CONFIRMED), None)
    draft = next((r for r in results if r.status == Result.Status.DRAFT), None)
    if confirmed is None or draft is None or draft.supersedes_id != confirmed.pk:
        return {"pending": None}
    names = {engine.player_key(gp.member_id): gp.member.display_name for gp in players}
    rows = []
    for gp in players:
        key = engine.player_key(gp.member_id)
        old, new = confirmed.chips.get(key, 0), draft.chips.get(key, 0)
        rows.append({"name": gp.member.display_name, "old": old, "new": new, "changed": old != new})
    return {
        "pending": draft, "pending_of": confirmed, "pending_rows": rows,
        "pending_changes": correction_changes(draft, names=names, cards=cards),
        "pending_winners_old": [w.display_name for w in confirmed.winners.all()],
        "pending_winners_new": [w.display_name for w in draft.winners.all()],
        "pending_mine": member is not None and member.pk == draft.submitted_by_id,
        "can_confirm_pending": bool(can_act and member is not None and member.pk != draft.submitted_by_id
                                    and not disputed),
    }
