"""Recorded play for the demo club: for its past Dragon Poker evenings, a Game from the evening's
seating, a quick result and deals dealt by the digital dealer (seeded, so they replay), judged by
the engine and confirmed by another member; and two disputes of those deals in the precedent
archive, one of them ruled. Loading twice changes nothing."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction

from club import demo as club_demo
from club.models import Member, ScheduledSession
from rules import services as rules_services
from rules.models import Dispute

from . import services
from .models import Deal, Game

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
    _raise_disputes(croupier)
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


def _raise_disputes(croupier: Member) -> None:
    """Two disputes raised by a player on deals the demo recorded at his table (the snapshot is the
    stored deal, built by the archive); the croupier rules on the first."""
    raiser = Member.objects.filter(display_name="Skeeve").first() or croupier
    deals = list(Deal.objects.filter(game__players__member=raiser, cards__isnull=False)
                 .distinct().order_by("started_at", "pk")[:2])
    first_question = "Was my Two wild at 00:30 if the previous hour's wild rank was dead?"
    if deals and not Dispute.objects.filter(question=first_question).exists():
        dispute = rules_services.dispute_raise(actor=raiser, deal_ref=services.deal_ref(deals[0]),
                                               question=first_question)
        rules_services.dispute_rule(dispute=dispute, actor=croupier,
                                    ruling="The Two is wild: Table 2's dead rank for 00:00 is the Queen, not the Two.")
    second_question = "Does modifier 7 kill the Seven dealt after the Ten in a dark circle?"
    if len(deals) > 1 and not Dispute.objects.filter(question=second_question).exists():
        rules_services.dispute_raise(actor=raiser, deal_ref=services.deal_ref(deals[1]), question=second_question)
