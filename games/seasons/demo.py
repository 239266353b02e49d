"""The demo season: the demo club's evenings of the last month and the next, Dragon Poker and
dice counted, points by placing, per deal won and for coming. Loading twice changes nothing."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from club import demo as club_demo
from club.models import Member

from . import services
from .models import Season

NAME = "Yellow Crescent season"


def load() -> Season:
    existing = Season.objects.filter(name=NAME).first()
    if existing is not None:
        return existing
    club_demo.load()
    croupier = Member.objects.get(display_name="Tananda")
    today = timezone.localdate()
    return services.season_create(
        actor=croupier, name=NAME, start_date=today - timedelta(days=30), end_date=today + timedelta(days=30),
        games=["dragon", "dice"],
        parts={"placing": {"table": [10, 7, 5, 3, 1]}, "deal_won": {"points": 2}, "attendance": {"points": 1}},
        min_evenings=2, best_of=3, championship_size=4)
