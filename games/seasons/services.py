"""Writes of seasons. Each service is one transaction and the only place its change happens."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from club import services as club_services
from club.errors import Conflict, InvalidInput
from club.models import RSVP, GameKind, Member, ScheduledSession, Venue
from club.validators import sane_date_range, shown

from . import access, scoring, selectors
from .models import SEASON_GAMES, Season

SEASON_FIELDS = ("name", "start_date", "end_date", "games", "parts", "min_evenings", "best_of", "championship_size")


def _bounded(value: Any, *, field: str, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(_("%(what)s must be a whole number from %(low)s to %(high)s, not %(value)s.")
                           % {"what": what, "low": low, "high": high, "value": shown(value)},
                           extra={"field": field, "value": shown(value)})
    return value


def _check(season: Season) -> None:
    name = (season.name or "").strip()
    if not name or len(name) > 120:
        raise InvalidInput(_("A season needs a name of 1 to 120 characters."),
                           extra={"field": "name", "value": shown(season.name)})
    season.name = name
    for field in ("start_date", "end_date"):
        value = getattr(season, field)
        if not isinstance(value, dt.date):
            raise InvalidInput(_("%(value)s is not a date.") % {"value": shown(value)},
                               extra={"field": field, "value": shown(value)})
        try:
            sane_date_range(value)
        except ValidationError as exc:
            raise InvalidInput(exc.messages[0], extra={"field": field, "value": value.isoformat()})
    if season.end_date < season.start_date:
        raise InvalidInput(_("The season must end on or after its first day (%(start)s), not on %(end)s.")
                           % {"start": season.start_date.isoformat(), "end": season.end_date.isoformat()},
                           extra={"field": "end_date", "value": season.end_date.isoformat()})
    games = season.games
    if not isinstance(games, list) or not games or any(g not in SEASON_GAMES for g in games):
        raise InvalidInput(_("Choose the games that count, one or more of: %(games)s.")
                           % {"games": ", ".join(str(GameKind(g).label) for g in SEASON_GAMES)},
                           extra={"field": "games", "value": shown(games)})
    season.games = sorted(set(games), key=list(SEASON_GAMES).index)
    try:
        scoring.formula(season.parts)
    except scoring.FormulaError as exc:
        raise InvalidInput(exc.message, extra={"field": exc.field, "value": shown(exc.value)})
    season.parts = {part.key: part.params for part in scoring.formula(season.parts)}
    _bounded(season.min_evenings, field="min_evenings", low=0, high=366, what=_("Evenings to qualify"))
    _bounded(season.best_of, field="best_of", low=0, high=366, what=_("Best evenings counted"))
    _bounded(season.championship_size, field="championship_size", low=2, high=8, what=_("Players in the championship"))


@transaction.atomic
def season_create(*, actor: Member, name: str, start_date: dt.date, end_date: dt.date, games: list[str],
                  parts: dict, min_evenings: int = 0, best_of: int = 0, championship_size: int = 8) -> Season:
    access.check_season_editor(actor)
    season = Season(name=name, start_date=start_date, end_date=end_date, games=list(games), parts=parts,
                    min_evenings=min_evenings, best_of=best_of, championship_size=championship_size,
                    created_by=actor)
    _check(season)
    season.save()
    return season


@transaction.atomic
def season_update(*, season: Season, actor: Member, **changes) -> Season:
    access.check_season_editor(actor)
    season = Season.objects.select_for_update().get(pk=season.pk)
    for field, value in changes.items():
        if field not in SEASON_FIELDS:
            raise InvalidInput(_("%(field)s cannot be changed here.") % {"field": shown(field)},
                               extra={"field": field})
        setattr(season, field, list(value) if field == "games" else value)
    _check(season)
    if changes:
        season.save(update_fields=list(changes))
    return season


@transaction.atomic
def championship_create(*, season: Season, actor: Member, venue: Venue, starts_at: dt.datetime,
                        ends_at: dt.datetime, title: str = "") -> ScheduledSession:
    """Schedule the season's championship (a Dragon Poker evening) and put the invited players
    (the top qualifiers) down as going. Once per season."""
    access.check_championship(actor)
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.championship_id:
        raise Conflict(_("The championship of %(season)s is already scheduled.") % {"season": season.name},
                       extra={"session": season.championship_id})
    invited = [row for row in selectors.standings(season).invited if row.member.active]
    if len(invited) < 2:
        raise InvalidInput(_("Fewer than two players qualify yet: the championship needs at least two."),
                           extra={"field": None, "qualified": len(invited)})
    session = club_services.session_create(
        actor=actor, title=(title or "").strip() or _("%(season)s: championship") % {"season": season.name},
        venue=venue, starts_at=starts_at, ends_at=ends_at, kind=ScheduledSession.Kind.DRAGON,
        capacity=max(2, min(8, len(invited))))
    for row in invited:
        club_services.rsvp_set(session=session, member=row.member, actor=actor, answer=RSVP.Answer.GOING)
    season.championship = session
    season.save(update_fields=["championship"])
    return session
