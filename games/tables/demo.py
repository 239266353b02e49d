"""Demo data of the tables: a few seeded casino hands for demo members, played with fixed
decisions and a fixed reveal time so they replay, and a dice poker match recorded at the demo
club's dice afternoon. Loading twice changes nothing."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from club import demo as club_demo
from club.models import Member, ScheduledSession, Venue

from . import services
from .models import CasinoHand, DiceMatch

# player, seed, stake, first decision, discard ("keep best" when None), second decision, minute
CASINO_HANDS = [
    ("Skeeve", "demo-casino-1", 1, "play", None, "play", 7),
    ("Skeeve", "demo-casino-2", 2, "raise", None, "raise", 23),
    ("Skeeve", "demo-casino-3", 1, "fold", None, None, None),
    ("Chumley", "demo-casino-4", 1, "play", None, "raise", 41),
    ("Chumley", "demo-casino-5", 3, "raise", None, "play", 58),
]

DICE_SESSION = "Dice and Draker afternoon"
DICE_PLAYERS = ("Guido", "Frumple")
# Moves of a match played with real dice: (player index, action, fields).
DICE_MOVES = [
    (0, "roll", {"dice": [6, 6, 6, 2, 3]}), (1, "roll", {"dice": [1, 2, 4, 4, 5]}),
    (0, "raise", {"amount": 2}), (1, "accept", {}),
    (0, "reroll", {"indices": [3, 4], "dice": [6, 1]}), (1, "reroll", {"indices": [0, 1, 4], "dice": [4, 3, 2]}),
    (0, "roll", {"dice": [5, 5, 3, 2, 1]}), (1, "roll", {"dice": [6, 6, 4, 4, 2]}),
    (0, "no_raise", {}), (1, "no_raise", {}),
    (0, "reroll", {"indices": [2, 3, 4], "dice": [5, 2, 2]}), (1, "reroll", {"indices": [4], "dice": [3]}),
]


def _reveal_time(venue: Venue | None, minute: int) -> dt.datetime:
    """A moment whose minute on the house clock is ``minute``."""
    return dt.datetime(2026, 1, 10, 20, minute, tzinfo=venue.tz if venue else dt.UTC)


def _casino_hand(member: Member, venue: Venue, seed: str, stake: int, first: str, discard, second, minute) -> CasinoHand:
    hand = CasinoHand.objects.filter(player=member, seed=seed).first()
    if hand is not None:
        return hand
    hand = services.casino_hand_start(actor=member, stake=stake, venue=venue, seed=seed)
    hand = services.casino_hand_act(hand=hand, actor=member, action=first)
    if hand.is_settled:
        return hand
    if discard is None:
        keep = set((hand.odds or {}).get("keep", []))
        discard = [c for c in hand.document["player_cards"] if c not in keep]
    hand = services.casino_hand_draw(hand=hand, actor=member, discard=discard)
    hand = services.casino_hand_act(hand=hand, actor=member, action=second)
    if hand.is_settled:
        return hand
    return services.casino_hand_reveal(hand=hand, actor=member, now=_reveal_time(venue, minute))


@transaction.atomic
def load() -> dict:
    """Create what is missing of the tables' demo data; return what exists."""
    club = club_demo.load()
    members: dict[str, Member] = club["members"]
    venue: Venue = club["venue"]
    hands = [_casino_hand(members[name], venue, seed, stake, first, discard, second, minute)
             for name, seed, stake, first, discard, second, minute in CASINO_HANDS]

    first, second = (members[name] for name in DICE_PLAYERS)
    session = ScheduledSession.objects.filter(title=DICE_SESSION).first()
    match = DiceMatch.objects.filter(first=first, second=second, session=session,
                                     mode=DiceMatch.Mode.RECORDED).first()
    if match is None:
        croupier = members["Tananda"]
        match = services.dice_match_create(actor=croupier, first=first, second=second, stake=1, session=session)
        players = (first, second)
        for who, action, fields in DICE_MOVES:
            match = services.dice_match_move(match=match, actor=croupier, player=players[who], action=action,
                                             **fields)
    seeded = DiceMatch.objects.filter(seed="demo-dice-1").first() or services.dice_match_create(
        actor=members["Skeeve"], first=members["Skeeve"], second=members["Massha"], stake=1,
        mode=DiceMatch.Mode.SEEDED, seed="demo-dice-1")
    return {"casino_hands": hands, "dice_matches": [match, seeded]}
