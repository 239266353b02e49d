"""Demo data of the tables: a few seeded casino hands for demo members, played with fixed
decisions and a fixed reveal time so they replay (some of them at the demo club's casino night,
tied to it, so the demo season that counts the casino game places its players), a dice poker
match recorded at the demo club's dice afternoon, and two Draker games played there, confirmed,
so the Draker rating shows. Loading twice changes nothing."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from club import demo as club_demo
from club import services as club_services
from club.models import RSVP, Member, ScheduledSession, Venue

from . import services
from .models import CasinoHand, DiceMatch, DrakerGame

# player, seed, stake, first decision, discard ("keep best" when None), second decision, minute,
# whether it is played at the casino night (tied to it) or on a quiet day (tied to no evening)
CASINO_HANDS = [
    ("Skeeve", "demo-casino-1", 1, "play", None, "play", 7, False),
    ("Skeeve", "demo-casino-2", 2, "raise", None, "raise", 23, False),
    ("Skeeve", "demo-casino-3", 1, "fold", None, None, None, False),
    ("Chumley", "demo-casino-4", 1, "play", None, "raise", 41, False),
    ("Chumley", "demo-casino-5", 3, "raise", None, "play", 58, False),
    ("Massha", "demo-casino-night-1", 2, "play", None, "play", 12, True),
    ("Skeeve", "demo-casino-night-2", 2, "raise", None, "play", 27, True),
    ("Bunny", "demo-casino-night-3", 1, "play", None, "raise", 44, True),
    ("Massha", "demo-casino-night-4", 1, "fold", None, None, None, True),
]

# The casino night: twelve days ago, its players said they were going and were checked in.
CASINO_NIGHT = "Casino night"
CASINO_NIGHT_DAYS = -12
CASINO_NIGHT_PLAYERS = ("Massha", "Skeeve", "Bunny")

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


# Draker games of the afternoon: the places (winner first), the life points noted at the end,
# who entered the record and who confirmed it, and the hour it was played (the session's local time).
DRAKER_GAMES = [
    ((("Frumple", 7), ("Skeeve", 0), ("Guido", -4)), "Skeeve", "Guido", 20),
    ((("Frumple", 3), ("Guido", 0), ("Skeeve", 0)), "Guido", "Frumple", 21),
]
# A combination noted in the first game: the seed's own example (a straight by rank and by
# profession, one "+1" token, a flush: 24 defence points), with 26 defence points spent.
DRAKER_TURN = ("Skeeve", [{"rank": 5, "profession": 1, "suit": "h", "tokens": 1},
                          {"rank": 6, "profession": 2, "suit": "h"}, {"rank": 7, "profession": 3, "suit": "h"}], 26)


def _draker_games(members: dict[str, Member], session: ScheduledSession | None) -> list[DrakerGame]:
    games = []
    for places, entered, confirmed, hour in DRAKER_GAMES:
        day = session.starts_at.astimezone(session.venue.tz) if session else dt.datetime(2026, 1, 10, tzinfo=dt.UTC)
        played_at = day.replace(hour=hour, minute=0, second=0, microsecond=0)
        game = DrakerGame.objects.filter(session=session, played_at=played_at).first()
        if game is None:
            game = services.draker_game_record(
                actor=members[entered], session=session, played_at=played_at,
                players=[{"member": members[name], "place": place, "life": life}
                         for place, (name, life) in enumerate(places, start=1)])
            if not games:
                name, cards, spent = DRAKER_TURN
                services.draker_turn_record(game=game, actor=members[entered], player=members[name], cards=cards,
                                            spent_defence=spent)
            game = services.draker_game_confirm(game=game, actor=members[confirmed])
        games.append(game)
    return games


def _reveal_time(venue: Venue | None, minute: int) -> dt.datetime:
    """A moment whose minute on the house clock is ``minute``."""
    return dt.datetime(2026, 1, 10, 20, minute, tzinfo=venue.tz if venue else dt.UTC)


def _casino_night(members: dict[str, Member], venue: Venue) -> tuple[ScheduledSession, bool]:
    """The casino night and whether it is new (its hands are to be played, then it is closed)."""
    session = ScheduledSession.objects.filter(title=CASINO_NIGHT).first()
    if session is not None:
        return session, False
    croupier = members["Tananda"]
    day = timezone.localdate(timezone=venue.tz) + dt.timedelta(days=CASINO_NIGHT_DAYS)
    start = dt.datetime.combine(day, dt.time(19, 0), tzinfo=venue.tz)
    session = club_services.session_create(actor=croupier, title=CASINO_NIGHT, venue=venue, starts_at=start,
                                           ends_at=start + dt.timedelta(hours=4), kind=ScheduledSession.Kind.TABLES,
                                           game="casino", min_stake=1)
    session = club_services.session_transition(session=session, actor=croupier, to="open")
    for name in CASINO_NIGHT_PLAYERS:
        club_services.rsvp_set(session=session, member=members[name], actor=members[name], answer=RSVP.Answer.GOING)
    return session, True


def _casino_night_close(session: ScheduledSession, members: dict[str, Member]) -> None:
    croupier = members["Tananda"]
    for name in CASINO_NIGHT_PLAYERS:
        club_services.checkin_record(session=session, actor=croupier, code=members[name].checkin_code)
    session = club_services.session_transition(session=session, actor=croupier, to="running")
    club_services.session_transition(session=session, actor=croupier, to="closed")


def _casino_hand(member: Member, venue: Venue, seed: str, stake: int, first: str, discard, second, minute,
                 session: ScheduledSession | None = None) -> CasinoHand:
    hand = CasinoHand.objects.filter(player=member, seed=seed).first()
    if hand is not None:
        return hand
    # At the casino night the hand is dealt an hour into the evening and shown at ``minute``.
    dealt = session.starts_at + dt.timedelta(hours=1) if session is not None else None
    hand = services.casino_hand_start(actor=member, stake=stake, venue=venue, seed=seed, session=session, now=dealt)
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
    shown = (timezone.localtime(dealt, venue.tz).replace(minute=minute) if dealt is not None
             else _reveal_time(venue, minute))
    return services.casino_hand_reveal(hand=hand, actor=member, now=shown)


@transaction.atomic
def load() -> dict:
    """Create what is missing of the tables' demo data; return what exists."""
    club = club_demo.load()
    members: dict[str, Member] = club["members"]
    venue: Venue = club["venue"]
    night, new_night = _casino_night(members, venue)
    hands = [_casino_hand(members[name], venue, seed, stake, first, discard, second, minute,
                          night if at_night else None)
             for name, seed, stake, first, discard, second, minute, at_night in CASINO_HANDS]
    if new_night:
        _casino_night_close(night, members)

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
    return {"casino_hands": hands, "dice_matches": [match, seeded],
            "draker_games": _draker_games(members, session)}
