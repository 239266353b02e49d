"""Test data built through the services, so tests see what users would."""

from __future__ import annotations

import itertools
from datetime import timedelta
from decimal import Decimal

from django.utils import timezone

from club import services
from club.models import Dimension, Member, ScheduledSession, Venue

_counter = itertools.count(1)


def dimension(**overrides) -> Dimension:
    n = next(_counter)
    fields = {"slug": f"dim-{n}", "name_en": f"Dimension {n}", "name_ru": f"Измерение {n}", "phonetic": f"dim{n}"}
    fields.update(overrides)
    return services.dimension_create(**fields)


def member(role: str = Member.Role.MEMBER, *, dim: Dimension | None = None, password: str | None = "pw-12345678",
           **overrides) -> Member:
    n = next(_counter)
    fields = {"email": f"m{n}@example.org", "display_name": f"Member {n}", "dimension": dim or dimension(),
              "sex": "m", "role": role, "password": password}
    fields.update(overrides)
    return services.member_create(**fields)


def venue(**overrides) -> Venue:
    n = next(_counter)
    fields = {"slug": f"venue-{n}", "name": f"Venue {n}", "latitude": Decimal("55.75"),
              "longitude": Decimal("37.62"), "timezone": "Europe/Moscow"}
    fields.update(overrides)
    return services.venue_create(**fields)


def session(*, actor: Member, venue_: Venue | None = None, days: int = 3, status: str = "open",
            **overrides) -> ScheduledSession:
    start = timezone.now() + timedelta(days=days)
    fields = {"title": f"Session {next(_counter)}", "venue": venue_ or venue(), "starts_at": start,
              "ends_at": start + timedelta(hours=4)}
    fields.update(overrides)
    created = services.session_create(actor=actor, **fields)
    if status != "planned":
        created = services.session_transition(session=created, actor=actor, to="open")
    return created
