"""The casino table and dice poker matches; their chip postings are rows of the club's one ledger
(``games.models.LedgerEntry``). Draker games are recorded as played at the club, for the Draker
rating: they carry no stakes, so no chips move.

Each row keeps the engine's own JSON record (``document``), from which the engine replays the
hand or match exactly; the columns beside it are copies for listing and summing. Writes go
through :mod:`games.tables.services`.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from club.models import Member, ScheduledSession, Venue


class CasinoHand(models.Model):
    """One hand of the casino variant: a member against the house."""

    class Phase(models.TextChoices):
        FIRST_DECISION = "first_decision", _("First decision")
        DRAW = "draw", _("Draw")
        SECOND_DECISION = "second_decision", _("Second decision")
        REVEAL = "reveal", _("Reveal")
        SETTLED = "settled", _("Settled")

    player = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="casino_hands",
                               verbose_name=_("player"))
    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                              verbose_name=_("venue"))
    # The club evening the hand was played at, chosen by the player when he sits down: a season
    # that counts the casino game adds the hand's net to his chips of that evening. None: the
    # hand belongs to no evening and counts for none.
    session = models.ForeignKey(ScheduledSession, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="casino_hands", verbose_name=_("session"))
    seed = models.CharField(_("seed"), max_length=64)
    stake = models.PositiveIntegerField(_("stake"))
    order = models.CharField(_("order of hands"), max_length=10, default="casino")
    readings = models.JSONField(_("readings"), default=dict, blank=True)
    phase = models.CharField(_("phase"), max_length=16, choices=Phase.choices, default=Phase.FIRST_DECISION)
    # The engine's record (inputs, actions, results, trace); CasinoHand.from_dict replays it.
    document = models.JSONField(_("record"))
    # What the odds said about the first decision, from the player's six cards only.
    odds = models.JSONField(_("odds before the draw"), null=True, blank=True)
    # The house clock at the reveal: the time zone read and the minute it showed.
    time_zone = models.CharField(_("time zone"), max_length=64, blank=True)
    revealed_at = models.DateTimeField(_("revealed at"), null=True, blank=True)
    minute = models.PositiveSmallIntegerField(_("reveal minute"), null=True, blank=True)
    player_paid = models.PositiveIntegerField(_("staked by the player"))
    net = models.IntegerField(_("player's net"), null=True, blank=True)
    outcome = models.CharField(_("outcome"), max_length=8, blank=True)
    started_at = models.DateTimeField(_("started at"), default=timezone.now)
    settled_at = models.DateTimeField(_("settled at"), null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-pk"]
        verbose_name = _("casino hand")
        verbose_name_plural = _("casino hands")
        constraints = [
            # A member plays one hand at a time at the casino table.
            models.UniqueConstraint(fields=["player"], condition=~Q(phase="settled"),
                                    name="casino_one_open_hand_per_player"),
            models.CheckConstraint(condition=Q(stake__gte=1), name="casino_stake_positive"),
        ]
        indexes = [models.Index(fields=["player", "phase"]), models.Index(fields=["session", "phase"])]

    def __str__(self) -> str:
        return f"{self.player} · {_('hand')} {self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("tables:casino_hand", args=[self.pk])

    @property
    def is_settled(self) -> bool:
        return self.phase == self.Phase.SETTLED

    @property
    def awaits_decision(self) -> bool:
        """The player plays, raises or folds: before the draw or after it."""
        return self.phase in (self.Phase.FIRST_DECISION, self.Phase.SECOND_DECISION)

    @property
    def awaits_draw(self) -> bool:
        return self.phase == self.Phase.DRAW

    @property
    def awaits_reveal(self) -> bool:
        return self.phase == self.Phase.REVEAL


class DiceMatch(models.Model):
    """A match of dice poker between two members, recorded from real dice or rolled here.

    A member who opens a match against another member invites him: only the creator's stake is
    in the pool until the invitee accepts (his own stake moves then) or declines; the creator may
    withdraw the invitation before that. A croupier who does not play in the match opens it with
    both stakes posted, as the croupier's action."""

    class Mode(models.TextChoices):
        RECORDED = "recorded", _("Real dice, typed in")
        SEEDED = "seeded", _("Rolled on the site")

    # The invitation's phases; once accepted the phase is the engine's (roll ... over).
    INVITED = "invited"
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"
    # The invitation's life, as data: phase -> (action, the phase it leads to).
    INVITATION_TRANSITIONS: dict[str, dict[str, str]] = {
        INVITED: {"accept": "roll", "decline": DECLINED, "withdraw": WITHDRAWN},
    }
    CLOSED_PHASES = ("over", DECLINED, WITHDRAWN)

    first = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+", verbose_name=_("first player"))
    second = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+",
                               verbose_name=_("second player"))
    session = models.ForeignKey(ScheduledSession, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="dice_matches", verbose_name=_("session"))
    mode = models.CharField(_("dice"), max_length=10, choices=Mode.choices, default=Mode.RECORDED)
    seed = models.CharField(_("seed"), max_length=64, blank=True)
    stake = models.PositiveIntegerField(_("stake"))
    max_raise = models.PositiveIntegerField(_("largest raise"), null=True, blank=True)
    readings = models.JSONField(_("readings"), default=dict, blank=True)
    # The engine's record (players, moves, state, trace); Match.from_dict replays it.
    document = models.JSONField(_("record"))
    phase = models.CharField(_("phase"), max_length=10, default="roll")
    pool = models.PositiveIntegerField(_("pool"))
    winner = models.ForeignKey(Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                               verbose_name=_("winner"))
    created_by = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+", verbose_name=_("opened by"))
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    # The player whose own acceptance the match needed; none when a croupier opened it.
    invitee = models.ForeignKey(Member, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="dice_invitations", verbose_name=_("invited player"))
    accepted_at = models.DateTimeField(_("accepted at"), null=True, blank=True)
    # Who entered each move, in the order of the record's moves: {"player", "entered_by",
    # "by_croupier"} with member ids, so a croupier's entry for a player stays visible.
    entries = models.JSONField(_("who entered the moves"), default=list, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("dice match")
        verbose_name_plural = _("dice matches")
        constraints = [
            models.CheckConstraint(condition=~Q(first=models.F("second")), name="dice_two_different_players"),
            models.CheckConstraint(condition=Q(stake__gte=1), name="dice_stake_positive"),
            models.CheckConstraint(condition=Q(mode="recorded") | ~Q(seed=""), name="dice_seeded_has_seed"),
            models.CheckConstraint(condition=Q(invitee__isnull=True) | Q(invitee=models.F("first"))
                                   | Q(invitee=models.F("second")), name="dice_invitee_plays"),
        ]
        indexes = [models.Index(fields=["invitee", "phase"])]

    def __str__(self) -> str:
        return f"{self.first} – {self.second}"

    def get_absolute_url(self) -> str:
        return reverse("tables:dice_match", args=[self.pk])

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def is_invited(self) -> bool:
        return self.phase == self.INVITED

    @property
    def is_declined(self) -> bool:
        return self.phase == self.DECLINED

    @property
    def is_withdrawn(self) -> bool:
        return self.phase == self.WITHDRAWN

    @property
    def is_recorded(self) -> bool:
        """Real dice: the faces rolled are typed in."""
        return self.mode == self.Mode.RECORDED

    @property
    def is_closed(self) -> bool:
        """Over, declined or withdrawn: nothing more happens in it."""
        return self.phase in self.CLOSED_PHASES

    @property
    def is_under_way(self) -> bool:
        return not self.is_invited and not self.is_closed

    def members(self) -> tuple[Member, Member]:
        return (self.first, self.second)



class DrakerGame(models.Model):
    """A Draker game played at the club, as the club records it: its players and their placings
    (and, if noted, their life points at the end), optionally each turn's combinations valued by
    the engine. The seed fixes neither the starting life nor how a game ends, so the site judges
    neither: the placings are the result as played. The entering member's record is a draft until
    another player of the game or a croupier confirms it; only a confirmed game is rated."""

    class Status(models.TextChoices):
        # In the game's own words: in Russian a game (партия) is feminine, a result masculine.
        DRAFT = "draft", pgettext_lazy("draker game", "Draft")
        CONFIRMED = "confirmed", pgettext_lazy("draker game", "Confirmed")
        DISCARDED = "discarded", pgettext_lazy("draker game", "Discarded")

    # The life of a recorded game, as data (club.states.transition): status -> statuses it may become.
    TRANSITIONS: dict[str, tuple[str, ...]] = {
        Status.DRAFT: (Status.CONFIRMED, Status.DISCARDED),
        Status.CONFIRMED: (),
        Status.DISCARDED: (),
    }

    session = models.ForeignKey(ScheduledSession, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="draker_games", verbose_name=_("session"))
    played_at = models.DateTimeField(_("played at"), default=timezone.now)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    note = models.CharField(_("note"), max_length=200, blank=True)
    entered_by = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+", verbose_name=_("entered by"))
    entered_at = models.DateTimeField(_("entered at"), default=timezone.now)
    confirmed_by = models.ForeignKey(Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                                     verbose_name=_("confirmed by"))
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    # Who discarded a draft, and when.
    closed_by = models.ForeignKey(Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                                  verbose_name=_("discarded by"))
    closed_at = models.DateTimeField(_("discarded at"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-played_at", "-pk"]
        verbose_name = _("Draker game")
        verbose_name_plural = _("Draker games")
        indexes = [models.Index(fields=["status", "played_at"])]

    def __str__(self) -> str:
        return f"{_('Draker game')} {self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("tables:draker_game", args=[self.pk])

    @property
    def is_draft(self) -> bool:
        return self.status == self.Status.DRAFT

    @property
    def is_confirmed(self) -> bool:
        return self.status == self.Status.CONFIRMED


class DrakerPlayer(models.Model):
    """A player of a Draker game and his placing: 1 is the winner (the last one left in the
    game), the last place the first to drop out."""

    game = models.ForeignKey(DrakerGame, on_delete=models.CASCADE, related_name="players", verbose_name=_("game"))
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="draker_places",
                               verbose_name=_("member"))
    place = models.PositiveSmallIntegerField(_("place"))
    # The life points he had at the end, when the table noted them.
    life = models.IntegerField(_("life points at the end"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["game", "place"]
        verbose_name = _("Draker player")
        verbose_name_plural = _("Draker players")
        constraints = [
            models.UniqueConstraint(fields=["game", "member"], name="draker_player_once"),
            models.UniqueConstraint(fields=["game", "place"], name="draker_place_once"),
            models.CheckConstraint(condition=Q(place__gte=1), name="draker_place_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.member} · {self.place}"


class DrakerTurn(models.Model):
    """One combination declared in a turn of a Draker game, valued by the engine: the cards as
    laid, the combination's value and role, and the turn's life-point balance (3 life points
    per point spent beyond those earned)."""

    game = models.ForeignKey(DrakerGame, on_delete=models.CASCADE, related_name="turns", verbose_name=_("game"))
    number = models.PositiveSmallIntegerField(_("number"))
    player = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+", verbose_name=_("player"))
    # What was declared: the cards (engine card dicts), the combination's effects and the points
    # of the turn, as the calculator takes them.
    declared = models.JSONField(_("declared"))
    # The engine's answer: Score.to_dict() and Balance.to_dict().
    score = models.JSONField(_("value"))
    balance = models.JSONField(_("balance"))
    final = models.IntegerField(_("final value"))
    role = models.CharField(_("role"), max_length=8)
    life_cost = models.PositiveIntegerField(_("life points lost"))
    entered_by = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+", verbose_name=_("entered by"))
    entered_at = models.DateTimeField(_("entered at"), default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        ordering = ["game", "number"]
        verbose_name = _("Draker turn")
        verbose_name_plural = _("Draker turns")
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="draker_turn_number_once")]

    def __str__(self) -> str:
        return f"{self.game} · {self.number}"
