"""Writes of the club's places: the dimensions its members come from and the venues it plays at."""

from __future__ import annotations

from django.db import transaction

from ..models import Dimension, Member, Venue
from .common import require_croupier, require_valid


@transaction.atomic
def dimension_create(*, slug: str, name_en: str, name_ru: str, phonetic: str, description: str = "") -> Dimension:
    dimension = Dimension(slug=slug, name_en=name_en, name_ru=name_ru, phonetic=phonetic, description=description)
    require_valid(dimension)
    dimension.save()
    return dimension


@transaction.atomic
def venue_create(*, actor: Member | None = None, **fields) -> Venue:
    if actor is not None:
        require_croupier(actor)
    venue = Venue(**fields)
    require_valid(venue)
    venue.save()
    return venue
