"""The demo club: dimensions of the Myth series, a dozen members, the Yellow Crescent Inn,
past and upcoming sessions with RSVPs and seatings. Loading twice changes nothing."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from . import services
from .models import RSVP, Dimension, Member, ScheduledSession, Venue

DEMO_PASSWORD = "dragon-poker-demo"

DIMENSIONS = [
    ("klah", "Klah", "Клах", "klah"),
    ("deva", "Deva", "Дева", "deva"),
    ("perv", "Perv", "Перв", "perv"),
    ("trollia", "Trollia", "Троллия", "trollia"),
    ("imper", "Imper", "Импер", "imper"),
    ("vilhan", "Vilhan", "Вилхан", "vilhan"),
    ("jahk", "Jahk", "Джак", "jahk"),
    ("limbo", "Limbo", "Лимбо", "limbo"),
]

# email, display name, dimension, sex, beard, role
MEMBERS = [
    ("admin@yellow-crescent.club", "Aahz", "perv", "m", False, Member.Role.ADMIN),
    ("croupier@yellow-crescent.club", "Tananda", "trollia", "f", False, Member.Role.CROUPIER),
    ("member@yellow-crescent.club", "Skeeve", "klah", "m", False, Member.Role.MEMBER),
    ("chumley@yellow-crescent.club", "Chumley", "trollia", "m", True, Member.Role.MEMBER),
    ("massha@yellow-crescent.club", "Massha", "jahk", "f", False, Member.Role.MEMBER),
    ("bunny@yellow-crescent.club", "Bunny", "klah", "f", False, Member.Role.MEMBER),
    ("guido@yellow-crescent.club", "Guido", "klah", "m", False, Member.Role.MEMBER),
    ("nunzio@yellow-crescent.club", "Nunzio", "klah", "m", False, Member.Role.MEMBER),
    ("pookie@yellow-crescent.club", "Pookie", "perv", "f", False, Member.Role.MEMBER),
    ("frumple@yellow-crescent.club", "Frumple", "deva", "m", True, Member.Role.MEMBER),
    ("markie@yellow-crescent.club", "Markie", "imper", "f", False, Member.Role.MEMBER),
    ("badaxe@yellow-crescent.club", "Hugh Badaxe", "vilhan", "m", True, Member.Role.MEMBER),
    ("vic@yellow-crescent.club", "Vic", "limbo", "m", False, Member.Role.MEMBER),
]

LOGINS = [(email, DEMO_PASSWORD, role) for email, _, _, _, _, role in MEMBERS[:3]]


def _evening(days_from_today: int, hour: int, tz) -> datetime:
    day = timezone.localdate(timezone=tz) + timedelta(days=days_from_today)
    return datetime.combine(day, time(hour, 0), tzinfo=tz)


@transaction.atomic
def load() -> dict:
    """Create what is missing of the demo club; return what exists."""
    dimensions = {}
    for slug, en, ru, phonetic in DIMENSIONS:
        dimension = Dimension.objects.filter(slug=slug).first() or services.dimension_create(
            slug=slug, name_en=en, name_ru=ru, phonetic=phonetic)
        dimensions[slug] = dimension

    members = {}
    for email, name, dim, sex, beard, role in MEMBERS:
        member = Member.objects.filter(user__email=email).first() or services.member_create(
            email=email, display_name=name, dimension=dimensions[dim], sex=sex, beard=beard, role=role,
            password=DEMO_PASSWORD)
        members[name] = member

    venue = Venue.objects.filter(slug="yellow-crescent-inn").first() or services.venue_create(
        slug="yellow-crescent-inn", name="The Yellow Crescent Inn", address="Bazaar-on-Deva, Tavern Row 1",
        latitude=Decimal("55.75580"), longitude=Decimal("37.61730"), timezone="Europe/Moscow",
        saint_images=1, analog_clocks=2, digital_clocks=1, natural_table=True, doors=2, windows=3,
        chimneys=1, closed_room=False)

    croupier = members["Tananda"]
    tz = venue.tz
    Kind = ScheduledSession.Kind
    plan = [  # title, days from today, kind, game, lowest stake, status, who is going
        ("Dragon Poker night I", -14, Kind.DRAGON, "dragon", 2, "closed",
         ["Aahz", "Skeeve", "Chumley", "Massha", "Bunny", "Guido"]),
        ("Dragon Poker night II", -7, Kind.DRAGON, "dragon", 2, "closed",
         ["Aahz", "Skeeve", "Tananda", "Massha", "Nunzio", "Pookie"]),
        # Dice for a single chip: the afternoon's matches are friendly.
        ("Dice and Draker afternoon", -3, Kind.TABLES, "dice", 1, "closed", ["Skeeve", "Guido", "Frumple", "Markie"]),
        ("Dragon Poker night III", 2, Kind.DRAGON, "dragon", 2, "open",
         ["Aahz", "Skeeve", "Tananda", "Chumley", "Massha", "Bunny", "Guido", "Nunzio", "Pookie", "Vic"]),
        ("Trick game tournament", 9, Kind.TOURNAMENT, "tricks", 2, "open",
         ["Skeeve", "Frumple", "Markie", "Hugh Badaxe"]),
        ("Casino evening", 16, Kind.TABLES, "casino", 2, "planned", []),
    ]
    sessions = []
    for title, days, kind, game, min_stake, status, going in plan:
        session = ScheduledSession.objects.filter(title=title).first()
        if session is None:
            start = _evening(days, 19, tz)
            session = services.session_create(actor=croupier, title=title, venue=venue, starts_at=start,
                                              ends_at=start + timedelta(hours=5), kind=kind, game=game,
                                              min_stake=min_stake, capacity=8)
            if going:
                # Each service returns the session as it left it: later calls are given that copy.
                session = services.session_transition(session=session, actor=croupier, to="open")
            for name in going:
                services.rsvp_set(session=session, member=members[name], actor=members[name],
                                  answer=RSVP.Answer.GOING)
            if 2 <= len(going):
                services.seating_apply_proposal(session=session, actor=croupier, seed=f"demo-{title}")
            if status == "closed":
                # Who came: all who said so but the last, and one who had not said he would.
                came = going[:-1] + [name for name in ("Chumley", "Markie") if name not in going][:1]
                for name in came:
                    services.checkin_record(session=session, actor=croupier, code=members[name].checkin_code)
                session = services.session_transition(session=session, actor=croupier, to="running")
                session = services.session_transition(session=session, actor=croupier, to="closed")
        sessions.append(session)
    return {"dimensions": dimensions, "members": members, "venue": venue, "sessions": sessions}
