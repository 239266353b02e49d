"""Recorded play for the demo club: for its past Dragon Poker evenings, a Game from the evening's
seating, a quick result and deals dealt by the digital dealer (seeded, so they replay), judged by
the engine and confirmed by another member. Loading twice changes nothing."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction

from club import demo as club_demo
from club.models import Member, ScheduledSession

from . import services
from .models import Game

EVENINGS = ("Dragon Poker night I", "Dragon Poker night II")
DIGITAL_DEALS = 2


@transaction.atomic
def load() -> dict:
    """Create what is missing; return the Games of the demo evenings."""
    club = club_demo.load()
    croupier: Member = club["members"]["Tananda"]
    games = []
    for title in EVENINGS:
        session = ScheduledSession.objects.filter(title=title).select_related("venue").first()
        if session is None:
            continue
        existing = Game.objects.filter(session=session).order_by("number").first()
        if existing is not None:
            games.append(existing)
            continue
        games.append(_record_evening(session, croupier))
    return {"games": games}


def _record_evening(session: ScheduledSession, croupier: Member) -> Game:
    game = services.game_start(session=session, actor=croupier, room={"animals": 1, "weather": "overcast"})
    players = [gp.member for gp in sorted(game.players.select_related("member"), key=lambda gp: gp.seat_index)]
    submitter, confirmer = players[0], players[1]
    moment = session.starts_at + timedelta(minutes=20)

    # A casual first deal: the cards were not recorded, only the winner and the pot.
    quick = services.deal_start(game=game, actor=submitter, quick=True, started_at=moment)
    result = services.result_submit_quick(deal=quick, actor=submitter, winners=[players[2]],
                                          pot=len(players) * game.min_stake, note="warm-up deal")
    services.result_confirm(result=result, actor=confirmer)

    # The seed replays a deal, so only a croupier who does not play at the table may choose it.
    seated = {p.pk for p in players}
    dealer = next((m for m in Member.objects.filter(role__in=(Member.Role.CROUPIER, Member.Role.ADMIN), active=True)
                   .order_by("pk") if m.pk not in seated), None)
    for n in range(1, DIGITAL_DEALS + 1):
        deal = services.deal_digital(game=game, actor=dealer or submitter,
                                     seed=f"demo-{session.pk}-{n}" if dealer else None,
                                     started_at=moment + timedelta(minutes=15 * n))
        services.bet_place(deal=deal, actor=croupier, member=players[n % len(players)], amount=game.min_stake)
        result = services.result_submit(deal=deal, actor=submitter, idempotency_key=f"demo-{deal.pk}")
        services.result_confirm(result=result, actor=croupier)
    return game
