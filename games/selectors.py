"""Reads of the games app that are more than one line; each makes a fixed number of queries."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import Counter, defaultdict
from dataclasses import dataclass

from django.core.cache import cache
from django.db import connection
from django.db.models import (
    Case,
    Count,
    Exists,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Sum,
    Value,
    When,
)
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import RSVP, Member, ScheduledSession
from club.seats import CLOCKWISE
from rules import selectors as rules_selectors
from rules.models import Dispute

from . import access, engine, ratings
from .live import stamp
from .models import Bet, Claim, Deal, DealtCard, Game, GamePlayer, LedgerEntry, Result
from .sitting import DealInSitting, sitting_document
from .tables.models import CasinoHand, DiceMatch, DrakerGame, DrakerPlayer
from .tournaments.models import Round, TableScore, Tournament

SEAT_ORDER = Case(*[When(seat=seat, then=Value(i)) for i, seat in enumerate(CLOCKWISE)], output_field=IntegerField())


def _players_clockwise() -> QuerySet[GamePlayer]:
    return GamePlayer.objects.select_related("member__dimension").order_by(SEAT_ORDER)


# --- visibility ---------------------------------------------------------------------------------------


def plays_in(member: Member | int, game: str) -> Exists:
    """Whether ``member`` (or the member of that id) sits at the Game that ``game`` (a path from
    the rows filtered) leads to: one
    EXISTS, where a join on the players would repeat a row per player and a DISTINCT to undo it
    would compare every column, the JSON documents too."""
    return Exists(GamePlayer.objects.filter(game=OuterRef(game), member=member))


def games_with_players() -> QuerySet[Game]:
    """Games with their session, venue and players clockwise, whoever may see them."""
    return Game.objects.select_related("session__venue").prefetch_related(
        Prefetch("players", queryset=_players_clockwise()))


def games_visible_to(member: Member | None) -> QuerySet[Game]:
    """A croupier sees every table; a member the tables they sit at."""
    qs = games_with_players()
    if member is None:
        return qs.none()
    if member.is_croupier:
        return qs
    return qs.filter(plays_in(member, "pk"))


def deals_visible_to(member: Member | None) -> QuerySet[Deal]:
    qs = Deal.all_objects.select_related("game__session__venue")
    if member is None:
        return qs.none()
    if member.is_croupier:
        return qs
    return qs.filter(plays_in(member, "game"))


def results_visible_to(member: Member | None) -> QuerySet[Result]:
    qs = (Result.objects.select_related("deal__game__session", "submitted_by", "confirmed_by")
          .prefetch_related("winners"))
    if member is None:
        return qs.none()
    if member.is_croupier:
        return qs
    return qs.filter(plays_in(member, "deal__game"))


def ledger_visible_to(member: Member | None) -> QuerySet[LedgerEntry]:
    """A croupier sees the whole ledger (so does every member when the club opens balances); a
    member his own entries only: the other legs of a posting are other people's chips."""
    qs = LedgerEntry.objects.select_related("member", "deal__game")
    if member is None:
        return qs.none()
    if access.can_see_all_chips(member):
        return qs
    return qs.filter(account=LedgerEntry.Account.MEMBER, member=member)


# --- what the pages read (games.pages composes them) -----------------------------------------------------

def game_page_queryset() -> QuerySet[Game]:
    """What the game page reads of a Game (see :func:`games.access.access_game`)."""
    results = Result.objects.filter(status__in=Result.LIVE).prefetch_related("winners").order_by("version")
    # The voided deals too: the game page keeps them in its history.
    deals = (Deal.all_objects.select_related("voided_by").order_by("number", "pk")
             .prefetch_related(Prefetch("results", queryset=results)))
    return (Game.objects.select_related("session__venue")
            .prefetch_related(Prefetch("players", queryset=GamePlayer.objects.select_related("member__dimension")),
                              Prefetch("deals", queryset=deals)))


def game_detail(*, pk: int) -> Game:
    return game_page_queryset().get(pk=pk)


def deal_page_queryset() -> QuerySet[Deal]:
    """What the deal page reads of a Deal (see :func:`games.access.access_deal`)."""
    results = (Result.objects.select_related("submitted_by", "confirmed_by", "closed_by")
               .prefetch_related("winners").order_by("-version"))
    return (Deal.all_objects.select_related("game__session__venue")
            .prefetch_related(
                Prefetch("game__players", queryset=GamePlayer.objects.select_related("member__dimension")),
                Prefetch("cards", queryset=DealtCard.objects.order_by("seq")),
                Prefetch("bets", queryset=Bet.objects.select_related("member")),
                Prefetch("claims", queryset=Claim.objects.select_related("member")),
                Prefetch("results", queryset=results)))


def deal_detail(*, pk: int) -> Deal:
    return deal_page_queryset().get(pk=pk)


def live_result(deal: Deal) -> Result | None:
    """The version that counts: the confirmed one, else the draft waiting for confirmation."""
    rows = [r for r in deal.results.all() if r.status in Result.LIVE]
    confirmed = [r for r in rows if r.status == Result.Status.CONFIRMED]
    return (confirmed or rows or [None])[0]


def sessions_for_games(*, limit: int = 30) -> QuerySet[ScheduledSession]:
    return (ScheduledSession.objects.select_related("venue")
            .annotate(game_count=Count("games", distinct=True))
            .exclude(status=ScheduledSession.Status.CANCELLED).order_by("-starts_at")[:limit])


def live_games() -> QuerySet[Game]:
    return (Game.objects.filter(status=Game.Status.LIVE).select_related("session__venue")
            .annotate(deal_count=Count("deals", distinct=True)).order_by("-started_at"))


# What games/_result_line.html shows of a result, its deal, game and session, and its winners: a
# line reads neither the judgement, the sitting document nor the advice (tens of kilobytes of JSON
# a row) nor the Game's forty columns of room and stakes.
_RESULT_LINE_FIELDS = ("deal", "version", "status", "kind", "pot", "confirmed_at", "deal__number", "deal__game",
                       "deal__game__number", "deal__game__session", "deal__game__session__title")


def _line_winners() -> Prefetch:
    return Prefetch("winners", queryset=Member.objects.only("display_name"))


def results_waiting() -> QuerySet[Result]:
    """Every draft waiting for a confirmation (a croupier's list), as the dashboards' result lines
    show them."""
    return (Result.objects.filter(status=Result.Status.DRAFT)
            .only(*_RESULT_LINE_FIELDS, "submitted_at", "submitted_by__display_name")
            .select_related("deal__game__session", "submitted_by").prefetch_related(_line_winners())
            .order_by("submitted_at"))


def results_waiting_for(member_id: int) -> list[Result]:
    """The drafts of a member's games that somebody else submitted, waiting for his confirmation."""
    return list(results_waiting().filter(plays_in(member_id, "deal__game")).exclude(submitted_by=member_id))


def _deal_id(ref: str) -> int | None:
    return int(ref[5:]) if ref.startswith("deal-") and ref[5:].isdigit() else None


def disputes_open() -> list[Dispute]:
    """The precedent archive's open disputes of recorded deals, oldest first, each with
    ``deal_id`` (the deal page to link to) read from its reference: one query."""
    rows = list(rules_selectors.disputes_list(status=Dispute.Status.OPEN)
                .filter(deal_ref__startswith="deal-").order_by("raised_at", "pk"))
    for dispute in rows:
        dispute.deal_id = _deal_id(dispute.deal_ref)
    return rows


def disputes_of_deal(deal: Deal) -> list[Dispute]:
    """The archive's disputes of one deal, newest first: one query."""
    return list(rules_selectors.disputes_list().filter(deal_ref=f"deal-{deal.pk}").order_by("-raised_at", "-pk"))


def results_today(*, now: dt.datetime | None = None) -> QuerySet[Result]:
    now = now or timezone.now()
    start = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    return (Result.objects.filter(status=Result.Status.CONFIRMED, confirmed_at__gte=start)
            .only(*_RESULT_LINE_FIELDS).select_related("deal__game__session").prefetch_related(_line_winners())
            .order_by("-confirmed_at"))




def results_of_member(*, member: Member) -> list[Result]:
    """The member's last ten confirmed results, read as far as their lines show them."""
    return _last_results(member.pk)


def _last_results(member_id: int) -> list[Result]:
    return list(Result.objects.filter(plays_in(member_id, "deal__game"), status=Result.Status.CONFIRMED)
                .only(*_RESULT_LINE_FIELDS).select_related("deal__game__session")
                .prefetch_related(_line_winners())
                .order_by("-confirmed_at")[:10])


def balance(*, member: Member, session: ScheduledSession | None = None) -> int:
    """The member's chips in the one ledger: Dragon Poker deals, casino hands and dice matches."""
    qs = LedgerEntry.objects.filter(account=LedgerEntry.Account.MEMBER, member=member)
    if session is not None:
        qs = qs.filter(session=session)
    return qs.aggregate(total=Sum("amount"))["total"] or 0


def statement(*, member: Member) -> list[dict]:
    """The member's chip statement: every entry of his account, oldest first, with what it came
    from (a deal, a casino hand or a dice match) and the running balance."""
    rows = (LedgerEntry.objects.filter(account=LedgerEntry.Account.MEMBER, member=member)
            .select_related("deal__game__session", "casino_hand", "dice_match__first", "dice_match__second")
            .order_by("created_at", "pk"))
    out, running = [], 0
    for entry in rows:
        running += entry.amount
        if entry.deal_id:
            source = entry.deal
            label = _("%(game)s, deal %(number)s") % {"game": entry.deal.game, "number": entry.deal.number}
        elif entry.casino_hand_id:
            source = entry.casino_hand
            label = _("Casino hand, stake %(stake)s") % {"stake": entry.casino_hand.stake}
        else:
            source = entry.dice_match
            label = _("Dice: %(first)s – %(second)s") % {"first": entry.dice_match.first.display_name,
                                                         "second": entry.dice_match.second.display_name}
        out.append({"entry": entry, "label": label, "url": source.get_absolute_url(), "balance": running})
    return out


def balances_by_session(*, member: Member) -> list[dict]:
    """The member's net chips per session; chips won or lost at the tables outside a session
    (casino hands, dice matches without one) come as a row whose ``session_id`` is None."""
    rows = list(LedgerEntry.objects.filter(account=LedgerEntry.Account.MEMBER, member=member)
                .values("session_id", "session__title", "session__starts_at")
                .annotate(total=Sum("amount")).order_by("-session__starts_at"))
    # Databases order NULLs differently: put the session-less row last on both.
    return [r for r in rows if r["session_id"] is not None] + [r for r in rows if r["session_id"] is None]


def deal_sums(*, deal: Deal) -> int:
    """The sum of every ledger row of a deal: zero in a sound ledger."""
    return LedgerEntry.objects.filter(deal=deal).aggregate(total=Sum("amount"))["total"] or 0


# --- statistics -----------------------------------------------------------------------------------------

def member_stats(*, member: Member, with_chips: bool = True) -> dict:
    """Deals played and won, net chips over time, hands by category, modifiers that fired for the
    member and the best hand ever: four queries whatever the history. Without ``with_chips`` (a
    reader who may not see the member's chips) the net chips are left out: no series, net None."""
    key = engine.player_key(member.pk)
    results = list(Result.objects.filter(plays_in(member, "deal__game"), status=Result.Status.CONFIRMED)
                   .select_related("deal__game__session").prefetch_related("winners").order_by("confirmed_at"))
    played = len(results)
    won = sum(1 for r in results if any(w.pk == member.pk for w in r.winners.all()))
    quick = sum(1 for r in results if r.kind == Result.Kind.QUICK)
    hands: Counter[str] = Counter()
    categories: dict[str, int] = {}
    modifiers: Counter[str] = Counter()
    best: dict | None = None
    for r in results:
        if not r.judgement:
            continue
        mine = (r.judgement.get("players") or {}).get(key) or {}
        hand = mine.get("hand") or {}
        if hand.get("name"):
            hands[hand["name"]] += 1
            categories[hand["name"]] = hand.get("category", 0)
            if isinstance(hand.get("category"), int) and (best is None or hand["category"] < best["category"]):
                best = {"category": hand["category"], "name": hand["name"], "cards": hand.get("cards") or [],
                        "deal": r.deal}
        for entry in r.judgement.get("trace") or []:
            source = str(entry.get("source", ""))
            if source.startswith("M") and source[1:].isdigit() and entry.get("player") == key:
                modifiers[source] += 1
    net_rows = list(LedgerEntry.objects.filter(account=LedgerEntry.Account.MEMBER, member=member,
                                               deal__isnull=False)
                    .values("deal_id", "deal__game__session__starts_at")
                    .annotate(total=Sum("amount")).order_by("deal__game__session__starts_at", "deal_id")) \
        if with_chips else []
    # The line starts at zero before the first deal, so a single deal still draws a line.
    running, series = 0, ([(0, 0)] if net_rows else [])
    for i, row in enumerate(net_rows, start=1):
        running += row["total"]
        series.append((i, running))
    return {
        "member": member, "played": played, "won": won, "quick": quick,
        "hands": sorted(((name, count, categories.get(name, 0)) for name, count in hands.items()),
                        key=lambda t: t[2]),
        "modifiers": sorted(modifiers.items(), key=lambda t: (-t[1], t[0])),
        "best": best, "net_series": series, "net": running if with_chips else None,
    }


PERIODS = {"week": 7, "month": 30, "year": 365, "all": None}


def leaderboard(*, period: str = "month", now: dt.datetime | None = None, with_chips: bool = True) -> list[dict]:
    """Members by net chips over the period, with deals played and won; two queries. Without
    ``with_chips`` (a reader who may not see other members' chips) members rank by deals won and
    their net chips are None."""
    days = PERIODS.get(period, 30)
    now = now or timezone.now()
    entries = LedgerEntry.objects.filter(account=LedgerEntry.Account.MEMBER)
    results = Result.objects.filter(status=Result.Status.CONFIRMED)
    if days is not None:
        since = now - dt.timedelta(days=days)
        entries = entries.filter(created_at__gte=since)
        results = results.filter(confirmed_at__gte=since)
    net = ({row["member_id"]: row["total"] for row in entries.values("member_id").annotate(total=Sum("amount"))}
           if with_chips else {})
    played: dict[int, int] = defaultdict(int)
    won: dict[int, int] = defaultdict(int)
    for member_id, winner_ids in _played_and_won(results):
        played[member_id] += 1
        if member_id in winner_ids:
            won[member_id] += 1
    ids = set(net) | set(played)
    members = {m.pk: m for m in Member.objects.filter(pk__in=ids)}
    rows = [{"member": members[i], "net": net.get(i, 0), "played": played.get(i, 0), "won": won.get(i, 0)}
            for i in ids if i in members]
    if with_chips:
        rows.sort(key=lambda r: (-r["net"], -r["won"], r["member"].display_name))
    else:
        rows.sort(key=lambda r: (-r["won"], r["played"], r["member"].display_name))
        for row in rows:
            row["net"] = None
    for rank, row in enumerate(rows, start=1):
        row["rank"] = rank
    return rows


def _played_and_won(results: QuerySet[Result]):
    rows = list(results.values_list("pk", "deal__game_id"))
    games = {g for _, g in rows}
    seated: dict[int, list[int]] = defaultdict(list)
    for game_id, member_id in GamePlayer.objects.filter(game_id__in=games).values_list("game_id", "member_id"):
        seated[game_id].append(member_id)
    winners: dict[int, set[int]] = defaultdict(set)
    for result_id, member_id in Result.winners.through.objects.filter(
            result_id__in=[pk for pk, _winners in rows]).values_list("result_id", "member_id"):
        winners[result_id].add(member_id)
    for result_id, game_id in rows:
        for member_id in seated[game_id]:
            yield member_id, winners[result_id]


def next_sessions_of(member_id: int, now: dt.datetime) -> list[RSVP]:
    """The member's answers for the next five sessions not yet over, as the dashboard's lines
    show them: each names the session, when it starts where it is played, and the answer."""
    return list(RSVP.objects.filter(member=member_id, session__ends_at__gte=now).select_related("session__venue")
                .only("answer", "session__title", "session__starts_at", "session__venue__timezone")
                .order_by("session__starts_at")[:5])


def live_games_of(member_id: int) -> list[Game]:
    """The live Games a member sits at; the dashboard names each table and links to it: the
    players are not read."""
    return list(Game.objects.filter(status=Game.Status.LIVE).filter(plays_in(member_id, "pk"))
                .only("number", "session__title").select_related("session")
                .order_by("session__starts_at", "number"))


def deal_access_queryset() -> QuerySet[Deal]:
    """What :func:`games.access.access_deal` reads of a deal before :func:`games.sitting.sitting_for`
    reads its sitting: the deal with its Game, session and venue (a voided deal too: it stays in the
    history)."""
    return Deal.all_objects.select_related("game__session__venue", "voided_by", "replay_of")


def next_circle(*, sitting: DealInSitting) -> engine.NextCircle | None:
    """The engine's next circle of a recorded deal."""
    return engine.next_circle(sitting)


def deal_progress(*, sitting: DealInSitting) -> dict:
    """The engine's view of a deal being dealt: the next circle, the kinds of the circles begun so
    far, and the modifiers that changed the open/dark pattern once every card is down."""
    stepper = engine.dealing(sitting)
    return {"next": stepper.next_circle(), "pattern": list(stepper.dealing.pattern), "dealer": stepper.dealer,
            "changes": stepper.pattern_changes(),
            # What a phone checks by itself while offline: whose turn, how many cards, how many decks.
            "plan": {"order": [int(key) for key in stepper.dealing.facts.order], "total": stepper.dealing.total,
                     "decks": stepper.dealing.decks}}


def deal_preview(*, sitting: DealInSitting, member: Member | None = None):
    """The cards of a deal still being dealt (typed in, or dealt by the site), judged
    provisionally as if the deal ended now. None when no card is down, the deal already has a
    live result, the engine cannot judge the cards so far, or ``member`` may not see every card
    of it: the rules that acted on a dark card would tell what it is."""
    if sitting.deal.mode == Deal.Mode.QUICK or not sitting.cards or sitting.live is not None:
        return None
    if not sees_every_card(sitting=sitting, member=member):
        return None
    return engine.preview_deal(sitting)


@dataclass(frozen=True)
class HiddenCard:
    """A card lying face down in front of another player: where it lies, not what it is."""

    seq: int
    member_id: int
    circle: int
    open: bool = False
    card: None = None
    hidden: bool = True


def sees_every_card(*, sitting: DealInSitting, member: Member | None) -> bool:
    """:func:`games.access.sees_every_card` for a deal read with its sitting (no query)."""
    return access.sees_every_card(member, sitting.deal, player_ids=[gp.member_id for gp in sitting.players],
                                  over=sitting.live is not None)


def cards_seen_by(cards, *, member: Member | None, every: bool) -> list:
    """``cards`` (a deal's, in dealing order) as ``member`` sees them: a dark card he may not
    see becomes a :class:`HiddenCard`, which keeps its place and holder but not its face."""
    return [c if access.sees_card(member, c, every=every) else
            HiddenCard(seq=c.seq, member_id=c.member_id, circle=c.circle) for c in cards]


def deal_sees_every_card(deal: Deal, *, member: Member | None) -> bool:
    """:func:`games.access.sees_every_card` for a deal read by :func:`deals_with_seen_cards`."""
    return access.sees_every_card(member, deal, player_ids=[gp.member_id for gp in deal.game.players.all()],
                                  over=deal.has_live_result)


def deal_cards_for(deal: Deal, *, member: Member | None) -> list:
    """The cards of ``deal`` as ``member`` sees them, for the API: the deal read with its cards,
    its Game's players and ``has_live_result`` (see :func:`deals_with_seen_cards`)."""
    every = deal_sees_every_card(deal, member=member)
    return cards_seen_by(sorted(deal.cards.all(), key=lambda c: c.seq), member=member, every=every)


def deals_with_seen_cards(qs: QuerySet[Deal]) -> QuerySet[Deal]:
    """What :func:`deal_cards_for` reads of each deal: its cards, its Game's players and whether
    a live result stands."""
    live = Result.objects.filter(deal=OuterRef("pk"), status__in=Result.LIVE)
    return (qs.select_related("game").annotate(has_live_result=Exists(live))
            .prefetch_related(Prefetch("cards", queryset=DealtCard.objects.order_by("seq")), "game__players",
                              "bets", "claims"))


def deal_stamp(*, deal: Deal) -> str:
    """Where ``deal`` stands, as its polling page compares it: its revision (games/live.py), as
    read with the deal. :func:`games.pages.deal_page` gives the stamp of the sitting it draws."""
    return stamp(deal.revision)


def deal_replayed_by(*, deal: Deal) -> Deal | None:
    """The fresh deal that replays a voided ``deal``, if the croupier ordered one: one query."""
    return Deal.objects.filter(replay_of=deal).first()


def deal_replay_of(*, deal: Deal) -> Deal | None:
    """The voided deal that ``deal`` replays, if it is a replay: one query (none otherwise)."""
    return Deal.all_objects.filter(pk=deal.replay_of_id).first() if deal.replay_of_id else None


# --- what the rules archive reads (rules.whatif) ----------------------------------------------------

def archive_sittings(*, before: dt.date | None = None):
    """``(ref, sitting document)`` for every Game with confirmed judged deals, played before
    ``before``: the deals whose result counts, with their cards, bets and claims."""
    games = (Game.objects.filter(deals__results__status=Result.Status.CONFIRMED,
                                 deals__results__kind=Result.Kind.JUDGED)
             .select_related("session__venue").prefetch_related(
                 Prefetch("players", queryset=_players_clockwise())).distinct().order_by("pk"))
    if before is not None:
        games = games.filter(session__starts_at__date__lt=before)
    deals = (Deal.objects.filter(game__in=games, results__status=Result.Status.CONFIRMED,
                                 results__kind=Result.Kind.JUDGED)
             .prefetch_related("cards", "bets", "claims").order_by("game_id", "number"))
    by_game: dict[int, list[Deal]] = defaultdict(list)
    for deal in deals:
        by_game[deal.game_id].append(deal)
    for game in games:
        yield f"game-{game.pk}", sitting_document(game, by_game.get(game.pk, []))


def archive_deal_snapshot(ref: str) -> dict | None:
    """A recorded deal (ref ``deal-<id>``) as the archive keeps it beside a dispute: its cards,
    the judge's trace, the players' hands and the date."""
    if not isinstance(ref, str) or not ref.startswith("deal-") or not ref[5:].isdigit():
        return None
    deal = (Deal.all_objects.filter(pk=int(ref[5:])).select_related("game__session")
            .prefetch_related(Prefetch("cards", queryset=DealtCard.objects.order_by("seq")),
                              Prefetch("results", queryset=Result.objects.filter(status__in=Result.LIVE)))
            .first())
    if deal is None:
        return None
    live = live_result(deal)
    judgement = (live.judgement if live is not None else None) or {}
    # The archive's dispute is read by every player of the table: a deal the site dealt that is
    # still open keeps its dark cards face down there too (the croupier sees them on the deal).
    every = access.sees_every_card(None, deal, player_ids=[], over=live is not None)
    return {"ref": ref, "number": deal.number, "date": deal.started_at.isoformat(),
            "cards": [c.card for c in deal.cards.all() if every or c.open], "trace": judgement.get("trace", []),
            "players": judgement.get("players", {}), "winners": judgement.get("winners", []),
            "result_version": live.version if live is not None else None}


def archive_deals_visible_to(actor: Member | None) -> QuerySet[Deal]:
    """The recorded deals whose disputes ``actor`` may see and raise in the archive
    (``rules.access``): every deal, voided ones too, for a croupier or an admin; the deals of the
    Games he plays in for a member; none for anybody else or a closed account."""
    if actor is None or not actor.active:
        return Deal.objects.none()
    if actor.is_croupier:
        return Deal.all_objects.all()
    return Deal.all_objects.filter(game__players__member=actor)


# --- the admins' ledger overview ------------------------------------------------------------------------

def _ledger_source(entry: LedgerEntry) -> tuple[str, str]:
    """What a ledger row came from, in words, and the page of it."""
    if entry.deal_id:
        return (_("%(game)s, deal %(number)s") % {"game": entry.deal.game, "number": entry.deal.number},
                entry.deal.get_absolute_url())
    if entry.casino_hand_id:
        return _("Casino hand, stake %(stake)s") % {"stake": entry.casino_hand.stake}, entry.casino_hand.get_absolute_url()
    return (_("Dice: %(first)s – %(second)s") % {"first": entry.dice_match.first.display_name,
                                                 "second": entry.dice_match.second.display_name},
            entry.dice_match.get_absolute_url())


def ledger_entries(*, member: Member | None = None, since: dt.date | None = None, until: dt.date | None = None,
                   limit: int | None = 200) -> list[dict]:
    """The ledger's rows, the newest first, of one member (his account's rows) or of every
    account, between two days of the club's time zone (both included), each with what it came
    from and a link to it: one query."""
    rows = (LedgerEntry.objects.select_related("member", "deal__game__session", "casino_hand", "dice_match__first",
                                               "dice_match__second").order_by("-created_at", "-pk"))
    if member is not None:
        rows = rows.filter(account=LedgerEntry.Account.MEMBER, member=member)
    if since is not None:
        rows = rows.filter(created_at__date__gte=since)
    if until is not None:
        rows = rows.filter(created_at__date__lte=until)
    if limit is not None:
        rows = rows[:limit]
    out = []
    for entry in rows:
        label, url = _ledger_source(entry)
        out.append({"entry": entry, "label": label, "url": url})
    return out


def ledger_overview(*, member: Member | None = None, since: dt.date | None = None, until: dt.date | None = None,
                    limit: int = 200) -> dict:
    """Every member's balance, the sum of the whole ledger (zero when every posting balances: a
    member's chips against the pot or the casino) and the latest rows as filtered: three queries."""
    balances = list(Member.objects.annotate(
        balance=Sum("ledger__amount", filter=Q(ledger__account=LedgerEntry.Account.MEMBER)))
        .order_by("display_name"))
    for m in balances:
        m.balance = m.balance or 0
    total = LedgerEntry.objects.aggregate(total=Sum("amount"))["total"] or 0
    return {"balances": balances, "total": total,
            "entries": ledger_entries(member=member, since=since, until=until, limit=limit), "limit": limit}


# --- the results of a Game or a session as a table ---------------------------------------------------

def results_table(*, games: list[Game]) -> dict:
    """Every result of the deals of ``games`` (each version, the live one and those it replaced or
    that were discarded), oldest first, with the chips of each player seated at any of them: the
    players in seat order, game by game. Two queries."""
    players: dict[int, Member] = {}
    for game in games:
        for gp in sorted(game.players.all(), key=lambda gp: gp.seat_index):
            players.setdefault(gp.member_id, gp.member)
    results = (Result.objects.filter(deal__game__in=[g.pk for g in games])
               .select_related("deal__game__session").prefetch_related("winners")
               .order_by("deal__game__number", "deal__game_id", "deal__number", "version"))
    rows = []
    for result in results:
        rows.append({"result": result, "game": result.deal.game, "deal": result.deal,
                     "winners": ", ".join(w.display_name for w in sorted(result.winners.all(), key=lambda m: m.pk)),
                     "chips": [(result.chips or {}).get(engine.player_key(pk)) for pk in players]})
    return {"players": list(players.values()), "rows": rows}


# --- ratings ------------------------------------------------------------------------------------------
# What one match is in each game (see games.ratings for how matches become ratings):
#   Dragon Poker: a sitting (Game) with a confirmed deal, its players ranked by the net chips of its
#     confirmed, played deals (a sitting still under way counts with the deals confirmed so far);
#   casino: a settled hand, the player against the house (a win, a loss or a fold, a tie);
#   dice poker: a finished match, its winner first;
#   the trick game: a table of a finished tournament, its players ranked by their points there;
#   Draker: a confirmed Draker game, its players ranked by their placings as recorded (the winner,
#     the last one left, first).
# The replay is kept in the cache under a fingerprint of everything it reads (counts and latest
# times of confirmed results, voided deals, settled hands, finished dice matches, confirmed Draker
# games and finished tournaments' standings): a confirmed result or a correction changes the fingerprint, so
# a page never shows a stale rating and never replays the history while nothing changed.

RATINGS_CACHE_SECONDS = 7 * 24 * 3600


def _day(moment: dt.datetime | dt.date | None) -> dt.date | None:
    if isinstance(moment, dt.datetime):
        return timezone.localdate(moment)
    return moment


def rating_matches() -> list:
    """Every match of every game, as :class:`games.ratings.Match`; six queries."""
    matches: list[ratings.Match] = []
    chips: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    started: dict[int, dt.datetime] = {}
    for row in Result.objects.filter(status=Result.Status.CONFIRMED, deal__voided_at__isnull=True).values(
            "deal__game_id", "deal__game__started_at", "chips"):
        started[row["deal__game_id"]] = row["deal__game__started_at"]
        totals = chips[row["deal__game_id"]]
        for member_id, amount in (row["chips"] or {}).items():
            if str(member_id).isdigit():
                totals[int(member_id)] += int(amount)
    seated: dict[int, list[int]] = defaultdict(list)
    for game_id, member_id in GamePlayer.objects.filter(game_id__in=list(chips)).values_list("game_id", "member_id"):
        seated[game_id].append(member_id)
    for game_id, totals in chips.items():
        moment = started[game_id]
        scores = {member_id: totals.get(member_id, 0) for member_id in seated[game_id]}
        matches.append(ratings.Match("dragon", (moment,), _day(moment), game_id, tuple(sorted(scores.items()))))

    outcome_scores = {"player": (1, 0), "house": (0, 1), "fold": (0, 1), "tie": (0, 0)}
    for hand in CasinoHand.objects.filter(phase=CasinoHand.Phase.SETTLED).values(
            "pk", "player_id", "outcome", "settled_at", "started_at"):
        if hand["outcome"] not in outcome_scores:
            continue
        player, house = outcome_scores[hand["outcome"]]
        moment = hand["settled_at"] or hand["started_at"]
        matches.append(ratings.Match("casino", (moment,), _day(moment), hand["pk"],
                                     ((hand["player_id"], player), (ratings.HOUSE, house))))

    for match in DiceMatch.objects.filter(phase="over", winner__isnull=False).values(
            "pk", "first_id", "second_id", "winner_id", "finished_at", "created_at"):
        moment = match["finished_at"] or match["created_at"]
        matches.append(ratings.Match("dice", (moment,), _day(moment), match["pk"], tuple(
            (m, int(m == match["winner_id"])) for m in (match["first_id"], match["second_id"]))))

    draker: dict[int, dict] = {}
    for row in DrakerPlayer.objects.filter(game__status="confirmed").values(
            "game_id", "game__played_at", "member_id", "place"):
        game = draker.setdefault(row["game_id"], {"moment": row["game__played_at"], "places": []})
        game["places"].append((row["member_id"], row["place"]))
    for game_id, game in draker.items():
        # Higher is better: the winner (place 1) scores most; places are distinct, so no ties.
        worst = max(place for _member, place in game["places"])
        matches.append(ratings.Match("draker", (game["moment"],), _day(game["moment"]), game_id, tuple(
            (member_id, worst + 1 - place) for member_id, place in game["places"])))

    tables: dict[int, dict] = {}
    for row in TableScore.objects.filter(table__stage__tournament__status=Tournament.Status.FINISHED).values(
            "table_id", "table__stage__tournament__date", "table__stage__tournament_id", "table__stage__number",
            "table__number", "entry__member_id", "points"):
        table = tables.setdefault(row["table_id"], {
            "order": (row["table__stage__tournament__date"], row["table__stage__tournament_id"],
                      row["table__stage__number"], row["table__number"]),
            "when": row["table__stage__tournament__date"], "scores": []})
        table["scores"].append((row["entry__member_id"], row["points"]))
    for table_id, table in tables.items():
        matches.append(ratings.Match("tricks", table["order"], table["when"], table_id, tuple(table["scores"])))
    return matches


def ratings_fingerprint() -> str:
    """What the replay read, summed up in one query: changes whenever a match is added,
    corrected or voided (counts and latest times of confirmed results, voided deals, settled
    casino hands, finished dice matches, confirmed Draker games and finished tournaments'
    standings)."""
    parts = [(Result, "confirmed_at", "status = %s", [Result.Status.CONFIRMED]),
             (Deal, "voided_at", "voided_at IS NOT NULL", []),
             (CasinoHand, "settled_at", "phase = %s", [CasinoHand.Phase.SETTLED]),
             (DiceMatch, "finished_at", "phase = %s", ["over"]),
             (DrakerGame, "confirmed_at", "status = %s", [DrakerGame.Status.CONFIRMED]),
             (Tournament, "standings_at", "status = %s", [Tournament.Status.FINISHED])]
    columns, params = [], []
    for model, moment, where, values in parts:
        table, column = model._meta.db_table, model._meta.get_field(moment).column
        columns += [f"(SELECT COUNT(*) FROM {table} WHERE {where})", f"(SELECT MAX({column}) FROM {table} WHERE {where})"]
        params += [*values, *values]
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(columns), [str(v) for v in params])
        row = cursor.fetchone()
    return "|".join(str(value) for value in row)


def rating_history() -> dict:
    """Every game's rating history (:func:`games.ratings.replay` of :func:`rating_matches`),
    from the cache while nothing it reads has changed."""
    key = "ratings:" + hashlib.sha256(ratings_fingerprint().encode()).hexdigest()[:32]
    history = cache.get(key)
    if history is None:
        history = ratings.replay(rating_matches())
        cache.set(key, history, RATINGS_CACHE_SECONDS)
    return history


def ratings_board(game: str) -> list[dict]:
    """The rows of one game's ratings (or, for ``"all"``, the all-rounder ranking), best first,
    with their members: the fingerprint's queries and one more (none more on a cold cache than
    the replay's seven)."""
    history = rating_history()
    if game == ratings.ALL_ROUNDER:
        rows = [{"member_id": r.member_id, "score": r.score, "games": r.games} for r in ratings.all_rounder(history)]
    else:
        rows = [{"member_id": r.member_id, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal, "played": r.played}
                for r in ratings.standings(history.get(game, ()))]
    members = Member.objects.in_bulk([row["member_id"] for row in rows])
    out = []
    for rank, row in enumerate((r for r in rows if r["member_id"] in members), start=1):
        out.append({**row, "rank": rank, "member": members[row["member_id"]]})
    return out


def member_rating_history(member: Member) -> dict[str, list]:
    """A member's rating points in each game he has played (games in the club's order)."""
    history = rating_history()
    return {game: [p for p in points if p.member_id == member.pk] for game, points in history.items()
            if any(p.member_id == member.pk for p in points)}


def member_bid_record(member: Member):
    """The member's bidding in the trick game, from the live rounds of every table he sat at; one
    query."""
    rounds = Round.objects.filter(table__seats__entry__member=member, live=True, voided=False).values_list(
        "table__seats__position", "number", "dealer", "bids", "taken")
    return ratings.bid_record(rounds)
