"""The club evening of bench/evening.py, made in its database through the club's own services, and
counted there afterwards. Run with the stack's environment (its DATABASE_URL); prints JSON.

``prepare``: ``--members`` members with accounts (made once: a later run finds them), a croupier
among every sixteen; ``--tables`` Dragon Poker tables, each a session of its own (a session plays
one Game at a time) with 4 or 5 of the members going, seated by the seating proposal, its Game
started and its first deal begun by the table's recorder. An evening is under way when the
measurement starts: each table's deal has some of its cards recorded already, from none to nearly
all, so that deals end, are judged and confirmed, and the next ones begin within the measured
minutes.

``count --games 1,2,...``: the recorded cards, deals and confirmed results of those Games.

    .venv/bin/python bench/evening_setup.py prepare --members 32 --tables 7 --seed 7
    .venv/bin/python bench/evening_setup.py count --games 12,13
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")

import django  # noqa: E402

django.setup()

from django.utils import timezone  # noqa: E402

from club import demo as club_demo  # noqa: E402
from club import services as club_services  # noqa: E402
from club.models import RSVP, Member, ScheduledSession  # noqa: E402
from games import engine, services  # noqa: E402
from games.models import Deal, DealtCard, Result  # noqa: E402
from games.sitting import sitting_for  # noqa: E402

PASSWORD = "evening-at-the-bench"
EMAIL = "evening-{:03d}@bench.yellow-crescent.club"
# One croupier among this many members: the club's staff walks between the tables.
MEMBERS_PER_CROUPIER = 16


def members(count: int, dimensions: list) -> list[Member]:
    """The evening's members, made with their accounts the first time (hashing each password is the
    slow part: a later run with as many members or fewer makes none)."""
    found = []
    for n in range(count):
        email = EMAIL.format(n + 1)
        member = Member.objects.filter(user__email=email).select_related("user").first()
        if member is None:
            member = club_services.member_create(
                email=email, display_name=f"Evening player {n + 1:03d}", dimension=dimensions[n % len(dimensions)],
                sex=(Member.Sex.MALE, Member.Sex.FEMALE)[n % 2], password=PASSWORD,
                role=Member.Role.CROUPIER if n % MEMBERS_PER_CROUPIER == 0 else Member.Role.MEMBER)
        found.append(member)
    return found


def table_sizes(members_count: int, tables: int) -> list[int]:
    """Players at each table: everyone seated, as evenly as the tables allow."""
    base, extra = divmod(members_count, tables)
    sizes = [base + (1 if t < extra else 0) for t in range(tables)]
    if min(sizes) < 2 or max(sizes) > 8:
        raise SystemExit(f"{members_count} members at {tables} tables: a table seats 2 to 8 players")
    return sizes


def deal_cards(deal: Deal, rng: random.Random) -> list[str]:
    """A whole deal's cards in an order the engine accepts, drawn at random: the engine replays the
    deal as dealt so far and takes card after card until it says the deal is complete."""
    stepper = engine.dealing(sitting_for(deal))
    cards: list[str] = []
    while not stepper.complete:
        token = rng.choice([c for c in engine.full_deck() if c not in cards])
        try:
            stepper.deal(token)
        except engine.RulesError:
            continue
        cards.append(token)
    return cards


def prepare(args) -> dict:
    club = club_demo.load()
    croupier = club["members"]["Tananda"]
    venue = club["venue"]
    people = members(args.members, list(club["dimensions"].values()))
    rng = random.Random(args.seed)
    # Each table at its own point of its deal: spread evenly over the deal, in a random order.
    progress = [(t + rng.random()) / args.tables for t in range(args.tables)]
    rng.shuffle(progress)
    now = timezone.now()
    stamp = now.strftime("%Y-%m-%d %H:%M:%S")
    tables = []
    start = 0
    for t, size in enumerate(table_sizes(args.members, args.tables)):
        seated = people[start:start + size]
        start += size
        session = club_services.session_create(
            actor=croupier, title=f"Bench evening {stamp}, table {t + 1}", venue=venue,
            starts_at=now - timedelta(minutes=30), ends_at=now + timedelta(hours=4), game="dragon", capacity=8)
        session = club_services.session_transition(session=session, actor=croupier, to="open")
        for member in seated:
            club_services.rsvp_set(session=session, member=member, actor=member, answer=RSVP.Answer.GOING)
        club_services.seating_apply_proposal(session=session, actor=croupier, seed=f"bench-evening-{t}")
        session = club_services.session_transition(session=session, actor=croupier,
                                                   to=ScheduledSession.Status.RUNNING)
        game = services.game_start(session=session, actor=croupier)
        players = [gp.member for gp in sorted(game.players.select_related("member__user"),
                                              key=lambda gp: gp.seat_index)]
        recorder, confirmer = players[0], players[1]
        deal = services.deal_start(game=game, actor=recorder)
        deal = Deal.objects.select_related("game__session__venue").get(pk=deal.pk)
        cards = deal_cards(deal, rng)
        # Never the whole deal: the table still has its last card to tap.
        already = min(int(progress[t] * len(cards)), len(cards) - 1)
        for token in cards[:already]:
            services.deal_card(deal=deal, actor=recorder, card=token)
        tables.append({
            "session": session.pk, "game": game.pk, "deal": deal.pk, "deal_cards": len(cards),
            "recorded": already, "players": [p.user.email for p in players],
            "recorder": recorder.user.email, "confirmer": confirmer.user.email})
    return {"password": PASSWORD, "tables": tables,
            "croupiers": [m.user.email for m in people if m.is_croupier],
            "cards": DealtCard.objects.filter(deal__game_id__in=[t["game"] for t in tables]).count()}


def count(args) -> dict:
    games = [int(g) for g in args.games.split(",") if g]
    return {"cards": DealtCard.objects.filter(deal__game_id__in=games).count(),
            "deals": Deal.objects.filter(game_id__in=games).count(),
            "confirmed": Result.objects.filter(deal__game_id__in=games, status=Result.Status.CONFIRMED).count()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    made = commands.add_parser("prepare", help="make the evening's members, tables, Games and deals")
    made.add_argument("--members", type=int, default=32)
    made.add_argument("--tables", type=int, default=7)
    made.add_argument("--seed", type=int, default=7)
    counted = commands.add_parser("count", help="count the cards and results of the evening's Games")
    counted.add_argument("--games", required=True, help="the Games' ids, comma-separated")
    args = parser.parse_args()
    print(json.dumps(prepare(args) if args.command == "prepare" else count(args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
