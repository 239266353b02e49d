"""The club's people and places: dimensions, members, venues, scheduled sessions, RSVPs, seating.

Writes go through :mod:`club.services`; these classes hold data and small derived facts.
"""

from __future__ import annotations

import functools
import re
import secrets
import zoneinfo
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from knox.models import AbstractAuthToken
from knox.settings import CONSTANTS as KNOX
from simple_history.models import HistoricalRecords

from .seats import Seat


def validate_timezone(value: str) -> None:
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ValidationError(_("Unknown time zone %(value)s"), params={"value": value})


class Dimension(models.Model):
    """A dimension of the Myth series; every player belongs to one."""

    slug = models.SlugField(unique=True)
    name_en = models.CharField(_("name (English)"), max_length=80, unique=True)
    name_ru = models.CharField(_("name (Russian)"), max_length=80, unique=True)
    phonetic = models.CharField(
        _("phonetic name"), max_length=80,
        help_text=_("The name as pronounced, in Latin letters: the rules count its vowels and consonants."),
    )
    description = models.TextField(_("description"), blank=True)

    class Meta:
        ordering = ["name_en"]
        verbose_name = _("dimension")
        verbose_name_plural = _("dimensions")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club:dimension_detail", args=[self.slug])

    @property
    def name(self) -> str:
        return self.name_ru if (get_language() or "en").startswith("ru") else self.name_en


def new_calendar_token() -> str:
    """The secret part of a member's own calendar feed address."""
    return secrets.token_urlsafe(24)


# No 0/O, 1/I/L, 2/Z, 5/S or 8/B: a code read off a screen or typed at the door cannot be misread.
CHECKIN_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
CHECKIN_CODE_LENGTH = 7


def new_checkin_code() -> str:
    """A member's short code for checking in at the door (in his QR code, or typed)."""
    while True:
        code = "".join(secrets.choice(CHECKIN_ALPHABET) for _ in range(CHECKIN_CODE_LENGTH))
        if not Member.objects.filter(checkin_code=code).exists():
            return code


def normalize_checkin_code(value: str) -> str:
    """What a croupier typed, as stored: spaces and dashes dropped, upper case."""
    return "".join(ch for ch in str(value).upper() if ch not in " -\t")


# An anonymised member's name is stored in this one form and read in the reader's language.
FORMER_MEMBER = "Former member %(number)s"
_FORMER_MEMBER_STORED = re.compile(r"^Former member (\d+)$")


def former_member_name(number: int) -> str:
    """The name an anonymised member goes by, in the active language."""
    return gettext(FORMER_MEMBER) % {"number": number}


@functools.cache
def _former_member_patterns(languages: tuple[str, ...]) -> tuple[re.Pattern, ...]:
    patterns = []
    for lang in languages:
        with translation.override(lang):
            text = re.escape(gettext(FORMER_MEMBER)).replace(re.escape("%(number)s"), r"(\d+)")
        patterns.append(re.compile(f"^{text}$"))
    return tuple(patterns)


class DisplayNameField(models.CharField):
    """A member's display name. An anonymised member's is stored as "Former member <number>"
    and read in the active language; written back in any language, it is stored in the one form."""

    def from_db_value(self, value, expression, connection):
        if value and value.startswith("Former member "):
            match = _FORMER_MEMBER_STORED.match(value)
            if match:
                return former_member_name(int(match.group(1)))
        return value

    def get_prep_value(self, value):
        value = super().get_prep_value(value)
        if isinstance(value, str):
            for pattern in _former_member_patterns(tuple(code for code, _name in settings.LANGUAGES)):
                match = pattern.match(value)
                if match:
                    return FORMER_MEMBER % {"number": match.group(1)}
        return value


class Member(models.Model):
    class Role(models.TextChoices):
        MEMBER = "member", _("Member")
        CROUPIER = "croupier", _("Croupier")
        ADMIN = "admin", _("Admin")

    class Sex(models.TextChoices):
        MALE = "m", _("Male")
        FEMALE = "f", _("Female")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="member")
    display_name = DisplayNameField(_("display name"), max_length=80)
    dimension = models.ForeignKey(Dimension, on_delete=models.PROTECT, related_name="members",
                                  verbose_name=_("dimension"))
    sex = models.CharField(_("sex"), max_length=1, choices=Sex.choices)
    beard = models.BooleanField(_("beard"), default=False)
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined = models.DateField(_("joined"), default=timezone.localdate)
    active = models.BooleanField(_("active"), default=True)
    # The secret in the address of the member's own calendar feed; a reset makes the old address
    # answer nothing.
    calendar_token = models.CharField(max_length=64, unique=True, default=new_calendar_token, editable=False)
    checkin_code = models.CharField(_("check-in code"), max_length=8, unique=True, default=new_checkin_code,
                                    editable=False)
    # Empty: the club's default language.
    language = models.CharField(_("language of mails"), max_length=8, choices=settings.LANGUAGES, blank=True)
    mail_session_day = models.BooleanField(_("a day before a session I am going to"), default=True)
    mail_session_soon = models.BooleanField(_("two hours before a session I am going to"), default=True)
    mail_waitlist_place = models.BooleanField(_("when I get a place from the waitlist"), default=True)
    # Set once, when an admin anonymised a member who left (club.anonymise): irreversible.
    anonymised_at = models.DateTimeField(_("anonymised at"), null=True, blank=True, editable=False)
    history = HistoricalRecords(excluded_fields=["calendar_token", "checkin_code"])

    class Meta:
        ordering = ["display_name"]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [models.UniqueConstraint(fields=["display_name"], name="member_display_name_unique")]

    def __str__(self) -> str:
        return self.display_name

    def get_absolute_url(self) -> str:
        return reverse("club:member_detail", args=[self.pk])

    @property
    def is_croupier(self) -> bool:
        """Croupiers and admins run sessions."""
        return self.role in (self.Role.CROUPIER, self.Role.ADMIN)

    @property
    def is_admin(self) -> bool:
        return self.role == self.Role.ADMIN


class Venue(models.Model):
    """A place the club plays, with the room facts the conditional modifiers read."""

    slug = models.SlugField(unique=True)
    name = models.CharField(_("name"), max_length=120)
    address = models.CharField(_("address"), max_length=250, blank=True)
    latitude = models.DecimalField(_("latitude"), max_digits=8, decimal_places=5,
                                   validators=[MinValueValidator(-90), MaxValueValidator(90)])
    longitude = models.DecimalField(_("longitude"), max_digits=8, decimal_places=5,
                                    validators=[MinValueValidator(-180), MaxValueValidator(180)])
    timezone = models.CharField(_("time zone"), max_length=64, validators=[validate_timezone])
    saint_images = models.PositiveSmallIntegerField(_("images of saints"), default=0)
    analog_clocks = models.PositiveSmallIntegerField(_("analog clocks"), default=0)
    digital_clocks = models.PositiveSmallIntegerField(_("digital clocks"), default=0)
    natural_table = models.BooleanField(_("table of natural material"), default=True)
    doors = models.PositiveSmallIntegerField(_("doors"), default=1)
    windows = models.PositiveSmallIntegerField(_("windows"), default=0)
    chimneys = models.PositiveSmallIntegerField(_("chimneys"), default=0)
    closed_room = models.BooleanField(_("closed room"), default=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]
        verbose_name = _("venue")
        verbose_name_plural = _("venues")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club:venue_detail", args=[self.slug])

    @property
    def exits(self) -> int:
        """The rules count doors, windows and chimneys together as exits."""
        return self.doors + self.windows + self.chimneys

    @property
    def tz(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.timezone)

    def room_facts(self) -> dict:
        """The room as the engines' sitting document names it."""
        return {
            "saint_images": self.saint_images, "analog_clocks": self.analog_clocks,
            "digital_clocks": self.digital_clocks, "natural_table": self.natural_table,
            "exits": self.exits, "closed_room": self.closed_room,
        }


class GameKind(models.TextChoices):
    DRAGON = "dragon", _("Dragon Poker (club rules)")
    CASINO = "casino", _("Dragon Poker, casino variant")
    DICE = "dice", _("Dice poker")
    TRICKS = "tricks", _("The 30-round trick game")
    DRAKER = "draker", _("Draker")


class ScheduledSession(models.Model):
    class Kind(models.TextChoices):
        """What the evening is: it decides what "start play" opens on the session page."""

        DRAGON = "dragon", _("Dragon Poker evening")
        TOURNAMENT = "tournament", _("Trick game tournament")
        TABLES = "tables", _("Tables: casino, dice, Draker")

    # The game a session of each kind records by default; a tables session keeps the one chosen.
    KIND_GAMES: dict[str, str] = {Kind.DRAGON: GameKind.DRAGON, Kind.TOURNAMENT: GameKind.TRICKS}
    TABLE_GAMES = (GameKind.CASINO, GameKind.DICE, GameKind.DRAKER)

    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        OPEN = "open", _("Open for RSVPs")
        RUNNING = "running", _("Running")
        CLOSED = "closed", _("Closed")
        CANCELLED = "cancelled", _("Cancelled")

    # The life of a session, as data: status -> the statuses it may move to.
    TRANSITIONS: dict[str, tuple[str, ...]] = {
        Status.PLANNED: (Status.OPEN, Status.CANCELLED),
        Status.OPEN: (Status.RUNNING, Status.PLANNED, Status.CANCELLED),
        Status.RUNNING: (Status.CLOSED,),
        Status.CLOSED: (),
        Status.CANCELLED: (),
    }

    title = models.CharField(_("title"), max_length=120)
    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="sessions", verbose_name=_("venue"))
    starts_at = models.DateTimeField(_("starts at"))
    ends_at = models.DateTimeField(_("ends at"))
    kind = models.CharField(_("kind of session"), max_length=10, choices=Kind.choices, default=Kind.DRAGON)
    game = models.CharField(_("game"), max_length=10, choices=GameKind.choices, default=GameKind.DRAGON)
    min_stake = models.PositiveIntegerField(_("minimum stake"), default=2)
    max_stake = models.PositiveIntegerField(_("maximum stake"), default=20)
    capacity = models.PositiveSmallIntegerField(
        _("capacity"), default=8, validators=[MinValueValidator(2), MaxValueValidator(8)])
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PLANNED)
    notes = models.TextField(_("notes"), blank=True)
    created_by = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+")
    seating_seed = models.CharField(_("seating seed"), max_length=64, blank=True)
    # The iCalendar SEQUENCE: one more at each move (time or venue) and at a cancellation, so
    # subscribed calendars replace what they hold.
    sequence = models.PositiveIntegerField(_("revision"), default=0, editable=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["starts_at"]
        verbose_name = _("scheduled session")
        verbose_name_plural = _("scheduled sessions")
        constraints = [
            models.CheckConstraint(condition=models.Q(ends_at__gt=models.F("starts_at")),
                                   name="session_ends_after_start"),
            models.CheckConstraint(condition=models.Q(max_stake__gte=models.F("min_stake")),
                                   name="session_max_stake_at_least_min"),
            models.CheckConstraint(condition=models.Q(capacity__gte=2) & models.Q(capacity__lte=8),
                                   name="session_capacity_2_to_8"),
        ]

    def __str__(self) -> str:
        # Shown wherever a session is chosen (the casino's, dice and Draker forms): in the reader's words.
        return f"{self.title} ({date_format(self.local_start, 'j E Y, H:i')})"

    def get_absolute_url(self) -> str:
        return reverse("club:session_detail", args=[self.pk])

    @property
    def local_start(self):
        return timezone.localtime(self.starts_at, self.venue.tz)

    @property
    def local_end(self):
        return timezone.localtime(self.ends_at, self.venue.tz)

    @property
    def is_tournament(self) -> bool:
        return self.kind == self.Kind.TOURNAMENT

    @property
    def is_tables(self) -> bool:
        return self.kind == self.Kind.TABLES

    @property
    def accepts_rsvps(self) -> bool:
        return self.status in (self.Status.PLANNED, self.Status.OPEN)

    @property
    def accepts_play(self) -> bool:
        """Play starts once the session is open, and while it runs."""
        return self.status in (self.Status.OPEN, self.Status.RUNNING)

    @classmethod
    def game_for_kind(cls, kind: str, game: str | None = None) -> str:
        """The game a session of ``kind`` records: a Dragon Poker evening deals Dragon Poker, a
        tournament plays the trick game, a tables session keeps a table game (casino by default)."""
        if kind in cls.KIND_GAMES:
            return cls.KIND_GAMES[kind]
        return game if game in cls.TABLE_GAMES else GameKind.CASINO

    @classmethod
    def kind_for_game(cls, game: str) -> str:
        if game == GameKind.TRICKS:
            return cls.Kind.TOURNAMENT
        if game in cls.TABLE_GAMES:
            return cls.Kind.TABLES
        return cls.Kind.DRAGON


class RSVP(models.Model):
    class Answer(models.TextChoices):
        GOING = "going", _("Going")
        MAYBE = "maybe", _("Maybe")
        DECLINED = "declined", _("Declined")
        WAITLISTED = "waitlisted", _("Waitlisted")

    session = models.ForeignKey(ScheduledSession, on_delete=models.CASCADE, related_name="rsvps")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="rsvps")
    answer = models.CharField(_("answer"), max_length=10, choices=Answer.choices)
    # The time the member last asked for a place: the waitlist is promoted in this order.
    requested_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["requested_at", "pk"]
        verbose_name = _("RSVP")
        verbose_name_plural = _("RSVPs")
        constraints = [models.UniqueConstraint(fields=["session", "member"], name="rsvp_one_per_member")]

    def __str__(self) -> str:
        return f"{self.member} -> {self.session_id}: {self.answer}"


class CheckIn(models.Model):
    """A member who came to a session, checked in at the door by a croupier."""

    session = models.ForeignKey(ScheduledSession, on_delete=models.CASCADE, related_name="checkins")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="checkins")
    at = models.DateTimeField(_("checked in at"), default=timezone.now)
    by = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
                           verbose_name=_("checked in by"))

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")
        constraints = [models.UniqueConstraint(fields=["session", "member"], name="checkin_one_per_member")]

    def __str__(self) -> str:
        return f"{self.member} @ {self.session_id}"


class SeatAssignment(models.Model):
    session = models.ForeignKey(ScheduledSession, on_delete=models.CASCADE, related_name="seats")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="seat_assignments")
    seat = models.CharField(_("seat"), max_length=2, choices=Seat.choices)
    history = HistoricalRecords()

    class Meta:
        ordering = ["session", "seat"]
        verbose_name = _("seat assignment")
        verbose_name_plural = _("seat assignments")
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="seat_taken_once"),
            models.UniqueConstraint(fields=["session", "member"], name="member_seated_once"),
        ]

    def __str__(self) -> str:
        return f"{self.seat}: {self.member}"


class Invitation(models.Model):
    """An admin's invitation: the club is private, so signing up needs one (unless open signup)."""

    email = models.EmailField(_("email"))
    role = models.CharField(_("role"), max_length=10, choices=Member.Role.choices, default=Member.Role.MEMBER)
    dimension = models.ForeignKey(Dimension, on_delete=models.PROTECT, related_name="+")
    display_name = models.CharField(_("display name"), max_length=80)
    token = models.CharField(max_length=64, unique=True)
    invited_by = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    # The invitee asked for no reminder before the invitation expires.
    reminders_off = models.BooleanField(default=False)
    # The language of the invitation's mails and, once accepted, of the member's (empty: the club's).
    language = models.CharField(_("language of mails"), max_length=8, choices=settings.LANGUAGES, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return self.email

    @property
    def expires_at(self):
        return self.created_at + timedelta(days=settings.INVITATION_VALID_DAYS)


class MailSent(models.Model):
    """A reminder mail that went out: one row per (kind, member, object), written in the same
    transaction as the decision to send, so no reminder goes out twice. An invitation's reminder
    has no member; its object is the invitation."""

    class Kind(models.TextChoices):
        SESSION_DAY = "session_day", _("A day before a session")
        SESSION_SOON = "session_soon", _("Two hours before a session")
        WAITLIST_PLACE = "waitlist_place", _("A place from the waitlist")
        INVITATION_EXPIRY = "invitation_expiry", _("An invitation about to expire")

    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    member = models.ForeignKey(Member, on_delete=models.CASCADE, null=True, blank=True, related_name="mails_sent")
    # The session, or the invitation for an invitation's reminder.
    object_id = models.PositiveIntegerField()
    sent_at = models.DateTimeField(_("sent"), default=timezone.now)

    class Meta:
        ordering = ["-sent_at"]
        verbose_name = _("mail sent")
        verbose_name_plural = _("mails sent")
        constraints = [
            models.UniqueConstraint(fields=["kind", "member", "object_id"], condition=models.Q(member__isnull=False),
                                    name="mail_sent_once_per_member"),
            models.UniqueConstraint(fields=["kind", "object_id"], condition=models.Q(member__isnull=True),
                                    name="mail_sent_once_per_object"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.member_id} {self.object_id}"


class OutboxMessage(models.Model):
    """A task to publish to the broker, written in the same transaction as the change that asks
    for it (:func:`club.outbox.enqueue`) and published by the relay: a request never waits on the
    broker, and a task is not lost when the broker is down or the process dies after the commit."""

    task = models.CharField(_("task"), max_length=200)
    task_id = models.UUIDField(_("task id"), unique=True)
    args = models.JSONField(_("arguments"), default=list, blank=True)
    kwargs = models.JSONField(_("keyword arguments"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    sent_at = models.DateTimeField(_("sent"), null=True, blank=True)
    # Tries of this message: published, or run in-process. A broker that could not be reached
    # tried nothing, so an outage never counts against a message (its reason is kept all the same).
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    last_error = models.TextField(_("last error"), blank=True)
    # Set when the message failed OUTBOX_MAX_ATTEMPTS times (a dead letter): the relay leaves it
    # and goes on with the rows after it, until an admin sends it again.
    dead_at = models.DateTimeField(_("given up"), null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("outbox message")
        verbose_name_plural = _("outbox messages")
        indexes = [
            # The relay reads only the rows still to send, oldest first.
            models.Index(fields=["id"], condition=models.Q(sent_at__isnull=True, dead_at__isnull=True),
                         name="outbox_to_send"),
            # Pruning finds the rows sent before a date.
            models.Index(fields=["sent_at"], condition=models.Q(sent_at__isnull=False), name="outbox_sent"),
        ]

    def __str__(self) -> str:
        return f"{self.task} {self.task_id}"


class ApiToken(AbstractAuthToken):
    """A member's API token (django-rest-knox): only its digest and first characters are stored,
    the key itself is shown once, when it is issued. A member may hold several, each with a name."""

    # Knox keys its tokens by their digest; the club names them by a number, which an address or a
    # page may carry without telling anything of the key.
    id = models.BigAutoField(primary_key=True)
    digest = models.CharField(max_length=KNOX.DIGEST_LENGTH, unique=True)
    name = models.CharField(_("name"), max_length=100)
    # Written at most once every few minutes (club.accounts.LAST_USED_STEP).
    last_used = models.DateTimeField(_("last used"), null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return self.name
