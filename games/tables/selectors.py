"""Reads of the tables; each makes a fixed number of queries whatever the number of rows."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Count, Prefetch, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from club.models import Member
from games.models import LedgerEntry

from .engines import dice as dice_engine
from .models import CasinoHand, DiceMatch, DrakerGame, DrakerPlayer, DrakerTurn

# --- the casino table --------------------------------------------------------------------------


def casino_hands_of(*, member: Member) -> QuerySet[CasinoHand]:
    return CasinoHand.objects.filter(player=member).select_related("player", "venue", "session")


def casino_open_hand(*, member: Member) -> CasinoHand | None:
    return (casino_hands_of(member=member).exclude(phase=CasinoHand.Phase.SETTLED)
            .order_by("-started_at").first())


@dataclass(frozen=True)
class HouseEdge:
    """The house's net over the chips the player staked on settled hands."""

    hands: int
    staked: int
    house_net: int
    wins: int
    losses: int
    pushes: int

    @property
    def edge(self) -> float | None:
        return self.house_net / self.staked if self.staked else None


def casino_edge(*, member: Member | None = None) -> HouseEdge:
    qs = CasinoHand.objects.filter(phase=CasinoHand.Phase.SETTLED)
    if member is not None:
        qs = qs.filter(player=member)
    row = qs.aggregate(hands=Count("pk"), staked=Coalesce(Sum("player_paid"), 0),
                       player_net=Coalesce(Sum("net"), 0), wins=Count("pk", filter=Q(net__gt=0)),
                       losses=Count("pk", filter=Q(net__lt=0)), pushes=Count("pk", filter=Q(net=0)))
    return HouseEdge(hands=row["hands"], staked=row["staked"], house_net=-row["player_net"], wins=row["wins"],
                     losses=row["losses"], pushes=row["pushes"])


def casino_running_net(hands: list[CasinoHand]) -> list[dict]:
    """The player's cumulative net hand by hand (oldest first), for the history chart."""
    total = 0
    points = []
    for hand in sorted((h for h in hands if h.is_settled), key=lambda h: (h.started_at, h.pk)):
        total += hand.net or 0
        points.append({"hand": hand, "net": hand.net, "total": total})
    return points


def chart_points(values: list[int], *, width: int = 300, height: int = 120) -> dict:
    """SVG coordinates of a line through ``values`` with the zero line, drawn on the server."""
    if not values:
        return {"points": "", "zero": height / 2, "width": width, "height": height}
    low, high = min(0, *values), max(0, *values)
    span = (high - low) or 1
    step = width / max(len(values) - 1, 1)

    def y(v: int) -> float:
        return round(height - 4 - (v - low) * (height - 8) / span, 1)

    points = " ".join(f"{round(i * step, 1)},{y(v)}" for i, v in enumerate(values))
    return {"points": points, "zero": y(0), "width": width, "height": height, "low": low, "high": high}


# --- dice poker --------------------------------------------------------------------------------

def dice_matches(*, member: Member | None = None) -> QuerySet[DiceMatch]:
    qs = DiceMatch.objects.select_related("first", "second", "winner", "session", "created_by", "invitee")
    if member is not None:
        qs = qs.filter(Q(first=member) | Q(second=member))
    return qs


def dice_match_lines() -> QuerySet[DiceMatch]:
    """The matches as the dice page lists them (players, session, pool, winner or phase): not the
    engine's record of every move, nor who opened or was invited."""
    return (DiceMatch.objects.select_related("first", "second", "winner", "session")
            .defer("document", "readings", "entries"))


def dice_match_detail(*, pk: int) -> DiceMatch:
    return dice_matches().get(pk=pk)


def dice_invitations_for(*, member: Member) -> QuerySet[DiceMatch]:
    """The matches waiting for ``member`` to accept or decline, the newest first."""
    return (DiceMatch.objects.filter(invitee=member, phase=DiceMatch.INVITED)
            .select_related("first", "second", "created_by", "session").order_by("-created_at", "-pk"))


def dice_stamp(match: DiceMatch) -> str:
    """Where the match stands, as a page saw it: its phase and how many moves were made. No query:
    the match is read already."""
    return f"{match.phase}-{len(match.entries)}-{len(match.document.get('moves') or [])}"


def dice_entries(match: DiceMatch) -> list[dict]:
    """Each move of the match with the members who made it and who entered it (one query at most,
    for a croupier who entered moves and does not play)."""
    known = {match.first_id: match.first, match.second_id: match.second}
    others = {e["entered_by"] for e in match.entries} - set(known)
    known |= Member.objects.in_bulk(others) if others else {}
    moves = match.document["moves"]
    return [{"number": number, "move": moves[number - 1] if number <= len(moves) else {},
             "player": known.get(entry["player"]), "entered_by": known.get(entry["entered_by"]),
             "by_croupier": entry["by_croupier"]}
            for number, entry in enumerate(match.entries, start=1)]


def _percent(value: Fraction) -> float:
    return round(float(value) * 100, 1)


def dice_odds(match: DiceMatch) -> list[dict]:
    """For each player whose roll and whose opponent's roll are on the table: the chances of the
    dice as they are, and the reroll with the best chance against the opponent's current dice."""
    state = match.document["state"]
    if state["phase"] not in ("bargain", "respond", "reroll"):
        return []
    players = match.document["players"]
    members = dict(zip(players, match.members(), strict=True))
    readings = match.readings or None
    out = []
    for name in players:
        other = players[1 - players.index(name)]
        own, theirs = state["dice"][name], state["dice"][other]
        if own is None or theirs is None:
            continue
        options = dice_engine.all_rerolls(own, theirs, readings=readings)
        keep = options[0]
        best = dice_engine.best_reroll(own, theirs, readings=readings)
        out.append({
            "member": members[name], "name": name, "dice": own, "against": theirs,
            "hand": dice_engine.evaluate(own, readings=readings).name,
            "keep": {"win": _percent(keep.win), "draw": _percent(keep.draw), "loss": _percent(keep.loss)},
            "best": {"indices": list(best.subset), "positions": [i + 1 for i in best.subset],
                     "dice": [own[i] for i in best.subset], "win": _percent(best.win),
                     "draw": _percent(best.draw), "loss": _percent(best.loss), "outcomes": best.outcomes},
        })
    return out


# --- Draker games ------------------------------------------------------------------------------

def draker_games(*, status: str | None = None, member: Member | None = None) -> QuerySet[DrakerGame]:
    """Draker games, the latest played first, with their players in place order (two queries
    however many games)."""
    qs = DrakerGame.objects.select_related("session", "entered_by", "confirmed_by").prefetch_related(
        Prefetch("players", queryset=DrakerPlayer.objects.select_related("member").order_by("place")))
    if status is not None:
        qs = qs.filter(status=status)
    if member is not None:
        qs = qs.filter(players__member=member)
    return qs.order_by("-played_at", "-pk")


def draker_waiting_for(*, member: Member) -> QuerySet[DrakerGame]:
    """Drafts ``member`` may confirm: games he plays in that another member entered."""
    return draker_games(status=DrakerGame.Status.DRAFT, member=member).exclude(entered_by=member)


def draker_turns(game: DrakerGame) -> list[DrakerTurn]:
    """The game's recorded turns in order, with their players (one query)."""
    return list(game.turns.select_related("player").order_by("number"))


def draker_life_lost(turns: list[DrakerTurn]) -> dict[int, int]:
    """Life points each player lost through the recorded turns' balances (member id -> points)."""
    lost: dict[int, int] = {}
    for turn in turns:
        lost[turn.player_id] = lost.get(turn.player_id, 0) + turn.life_cost
    return lost


# --- the chips of the tables in the club's ledger ----------------------------------------------

TABLE_ROWS = Q(casino_hand__isnull=False) | Q(dice_match__isnull=False)


def table_balance(*, member: Member) -> int:
    """The member's net chips at the casino table and dice poker."""
    return (LedgerEntry.objects.filter(TABLE_ROWS, account=LedgerEntry.Account.MEMBER, member=member)
            .aggregate(total=Coalesce(Sum("amount"), 0))["total"])


def ledger_total(**filters) -> int:
    """The sum of the ledger rows of the tables (optionally filtered): zero in a sound ledger."""
    return LedgerEntry.objects.filter(TABLE_ROWS, **filters).aggregate(total=Coalesce(Sum("amount"), 0))["total"]


def unbalanced_postings() -> list:
    """Postings of the tables whose legs do not sum to zero: none in a sound ledger."""
    return list(LedgerEntry.objects.filter(TABLE_ROWS).values("posting").annotate(total=Sum("amount"))
                .exclude(total=0).values_list("posting", flat=True))
