"""Tournaments of the 30-round trick game: stages, tables of four, recorded rounds, standings,
ratings and final reports.

Writes go through :mod:`games.tournaments.services`; these classes hold data and small facts.
Seats at a table are numbered 0..3 clockwise (the engine's numbering), shown as N, E, S, W.
"""

from __future__ import annotations

from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from club.models import Member, ScheduledSession, Venue

SEAT_LABELS = ("N", "E", "S", "W")


def default_tiebreakers() -> list[str]:
    return ["exact_bids", "positive_rounds", "best_round", "head_to_head"]


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    # The life of a tournament, as data: status -> the statuses it may move to.
    TRANSITIONS: dict[str, tuple[str, ...]] = {
        Status.DRAFT: (Status.RUNNING,),
        Status.RUNNING: (Status.FINISHED,),
        Status.FINISHED: (Status.RUNNING,),
    }

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), unique=True)
    date = models.DateField(_("date"))
    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, null=True, blank=True,
                              related_name="tournaments", verbose_name=_("venue"))
    # The club session the tournament is played at: its RSVPs are the players to register.
    session = models.ForeignKey(ScheduledSession, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="tournaments", verbose_name=_("session"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    seed = models.CharField(_("draw seed"), max_length=64, blank=True,
                            help_text=_("The seed of the first stage's draw: the same seed, the same draw."))
    tiebreakers = models.JSONField(_("tie-breakers"), default=default_tiebreakers,
                                   help_text=_("Metric keys, in order, that break ties on total points."))
    readings = models.JSONField(_("interpretation points"), default=dict, blank=True)
    created_by = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    standings_at = models.DateTimeField(_("standings computed at"), null=True, blank=True)
    # The token of the last full rescore whose standings are written: callers wait for it.
    rescore_token = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.slug])

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED


class Entry(models.Model):
    """A member playing in a tournament. A withdrawn entry keeps the points already earned and is
    not seated again."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="tournament_entries")
    withdrawn_after_stage = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "pk"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [models.UniqueConstraint(fields=["tournament", "member"], name="entry_once_per_member")]

    def __str__(self) -> str:
        return str(self.member)

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_after_stage is not None


class Stage(models.Model):
    class Method(models.TextChoices):
        DRAW = "draw", _("Seeded draw")
        STANDING = "standing", _("By standing")
        ROTATION = "rotation", _("Rotation avoiding repeat opponents")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField()
    method = models.CharField(_("seating"), max_length=10, choices=Method.choices)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="stage_number_once")]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"


class Table(models.Model):
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    first_dealer = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["stage", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [models.UniqueConstraint(fields=["stage", "number"], name="table_number_once")]

    def __str__(self) -> str:
        return f"{self.stage} · {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:sheet", args=[self.pk])


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="seats")

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="tournament_seat_once"),
            models.UniqueConstraint(fields=["table", "entry"], name="tournament_entry_once_per_table"),
            models.CheckConstraint(condition=models.Q(position__lte=3), name="tournament_seat_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.label}"

    @property
    def label(self) -> str:
        return SEAT_LABELS[self.position]


class Bye(models.Model):
    """A player left over when the players do not divide into fours sits the stage out."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="byes")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="byes")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["stage", "entry"], name="bye_once_per_stage")]

    def __str__(self) -> str:
        return f"{self.stage} · bye {self.entry}"


class Round(models.Model):
    """One recorded round of a table. A correction is a new version; only one version is live."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    version = models.PositiveSmallIntegerField(default=1)
    live = models.BooleanField(default=True)
    dealer = models.PositiveSmallIntegerField()
    bids = models.JSONField(null=True, blank=True)   # by seat; None in rounds 23-30
    taken = models.JSONField()                       # by seat
    scores = models.JSONField()                      # by seat, from the engine
    play = models.JSONField(null=True, blank=True)   # the engine's played-round document
    flagged = models.BooleanField(default=False)
    problems = models.JSONField(default=list, blank=True)
    play_checked = models.BooleanField(default=False)
    # A version that voids the round: kept in the history, never live; the round counts for nothing.
    voided = models.BooleanField(_("voided"), default=False)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    recorded_by = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["table", "number", "version"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], condition=models.Q(live=True),
                                    name="round_one_live_version"),
            models.UniqueConstraint(fields=["table", "number", "version"], name="round_version_once"),
            models.CheckConstraint(condition=models.Q(number__gte=1) & models.Q(number__lte=30),
                                   name="round_number_1_to_30"),
        ]
        indexes = [models.Index(fields=["table", "live"])]

    def __str__(self) -> str:
        return f"{self.table} · round {self.number} v{self.version}"


class TableScore(models.Model):
    """A player's result at one table, recomputed from the live rounds by the table rescore."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="scores")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="table_scores")
    position = models.PositiveSmallIntegerField()
    points = models.IntegerField(default=0)
    rounds = models.PositiveSmallIntegerField(default=0)
    stats = models.JSONField(default=dict)  # per-table facts the metrics read
    flagged_rounds = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["table", "position"]
        constraints = [models.UniqueConstraint(fields=["table", "entry"], name="table_score_once")]

    def __str__(self) -> str:
        return f"{self.table} · {self.entry}: {self.points}"


class Standing(models.Model):
    """A line of the standings, recomputed from the table scores (never incremented)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings")
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="standing")
    rank = models.PositiveIntegerField()
    points = models.IntegerField()
    rounds = models.PositiveIntegerField(default=0)
    metrics = models.JSONField(default=dict)
    tied = models.BooleanField(default=False)

    class Meta:
        ordering = ["tournament", "rank", "pk"]
        verbose_name = _("standing")
        verbose_name_plural = _("standings")

    def __str__(self) -> str:
        return f"{self.rank}. {self.entry}: {self.points}"


class Rating(models.Model):
    """A member's openskill (Plackett-Luce) rating after a tournament; recomputed from history."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="tournament_ratings")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()

    class Meta:
        ordering = ["member", "tournament__date", "tournament_id"]
        constraints = [models.UniqueConstraint(fields=["member", "tournament"], name="rating_once_per_tournament")]

    def __str__(self) -> str:
        return f"{self.member} after {self.tournament}: {self.ordinal:.1f}"


class Report(models.Model):
    """The final report of a tournament: its CSV and when it was made."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="report")
    csv = models.TextField()
    generated_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.tournament} report"
