"""A season: the evenings between two dates, the games that count and the points formula the
club chose from the parts of :mod:`games.seasons.scoring`. Writes go through
:mod:`games.seasons.services`."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from club.models import GameKind, Member, ScheduledSession

# The games a season may count, each played at a club session: the chip games (Dragon Poker
# deals, casino hands tied to the session, dice matches at it) place the evening's players by
# their net chips; a trick-game tournament played at the session places its players by its
# final standings.
SEASON_GAMES = (GameKind.DRAGON, GameKind.CASINO, GameKind.DICE, GameKind.TRICKS)
CHIP_GAMES = (GameKind.DRAGON, GameKind.CASINO, GameKind.DICE)


def default_parts() -> dict:
    return {"placing": {"table": [10, 7, 5, 3, 1]}, "attendance": {"points": 1}}


def default_games() -> list:
    return [GameKind.DRAGON]


class Season(models.Model):
    name = models.CharField(_("name"), max_length=120)
    start_date = models.DateField(_("first day"))
    end_date = models.DateField(_("last day"))
    games = models.JSONField(_("games that count"), default=default_games)
    # {part key: its parameters}, as games.seasons.scoring.PARTS reads them.
    parts = models.JSONField(_("points formula"), default=default_parts)
    min_evenings = models.PositiveSmallIntegerField(
        _("evenings to qualify"), default=0, validators=[MaxValueValidator(366)])
    # 0: every evening counts.
    best_of = models.PositiveSmallIntegerField(_("best evenings counted"), default=0,
                                               validators=[MaxValueValidator(366)])
    championship_size = models.PositiveSmallIntegerField(
        _("players in the championship"), default=8, validators=[MinValueValidator(2), MaxValueValidator(8)])
    championship = models.OneToOneField(ScheduledSession, on_delete=models.SET_NULL, null=True, blank=True,
                                        related_name="season_championship", verbose_name=_("championship session"))
    created_by = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-start_date", "pk"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.CheckConstraint(condition=models.Q(end_date__gte=models.F("start_date")),
                                   name="season_ends_after_start"),
            models.CheckConstraint(condition=models.Q(championship_size__gte=2) & models.Q(championship_size__lte=8),
                                   name="season_championship_2_to_8"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("seasons:detail", args=[self.pk])

    def game_names(self) -> list[str]:
        labels = dict(GameKind.choices)
        return [str(labels[g]) for g in self.games if g in labels]

    @property
    def counts_chips(self) -> bool:
        return any(g in CHIP_GAMES for g in self.games)

    @property
    def counts_deals(self) -> bool:
        """Deals are won at Dragon Poker only: the other games have no deal won."""
        return GameKind.DRAGON in self.games

    @property
    def counts_tournaments(self) -> bool:
        return GameKind.TRICKS in self.games
