"""What was played: sittings (Game), their players, deals with their cards, bets and claims,
versioned results and the chip ledger.

Writes go through :mod:`games.services`; these classes hold data and small derived facts. Every
result, bet, claim and ledger row keeps its history (django-simple-history).
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from club.models import GameKind, Member, ScheduledSession
from club.seats import CLOCKWISE, Seat


class Weather(models.TextChoices):
    # Not recorded: the sitting document leaves the weather out, and no modifier reads it.
    NOT_RECORDED = "not_recorded", _("Weather not recorded")
    SUNNY = "sunny", _("Sunny")
    OVERCAST = "overcast", _("Overcast")
    OTHER = "other", _("Other")


class Clothing(models.TextChoices):
    LIGHT = "light", _("Light")
    DARK = "dark", _("Dark")
    NONE = "none", _("None")


class Drink(models.TextChoices):
    NONE = "none", _("None")
    SOFT = "soft", _("Soft")
    ALCOHOL = "alcohol", _("Alcohol")


class Hue(models.TextChoices):
    """The colour that covers most of a player's clothing (the engine's HUES)."""

    RED = "red", _("Red")
    ORANGE = "orange", _("Orange")
    YELLOW = "yellow", _("Yellow")
    GREEN = "green", _("Green")
    BLUE = "blue", _("Blue")
    PURPLE = "purple", _("Purple")
    PINK = "pink", _("Pink")
    BROWN = "brown", _("Brown")
    GREY = "grey", _("Grey")
    BLACK = "black", _("Black")
    WHITE = "white", _("White")


class Game(models.Model):
    """A sitting: the same players in the same seats with the same stakes. Changing a seat or a
    player ends it and starts the next one."""

    class Status(models.TextChoices):
        LIVE = "live", _("Live")
        ENDED = "ended", _("Ended")

    # The life of a sitting, as data (club.states.transition): status -> statuses it may become.
    TRANSITIONS: dict[str, tuple[str, ...]] = {
        Status.LIVE: (Status.ENDED,),
        Status.ENDED: (),
    }

    # The room's yes / no facts that may be left unrecorded (the engine's Room: None is "not recorded").
    OPTIONAL_ROOM_FACTS = ("natural_surface", "doors_closed", "closed_throughout")

    session = models.ForeignKey(ScheduledSession, on_delete=models.PROTECT, related_name="games",
                                verbose_name=_("session"))
    number = models.PositiveSmallIntegerField(_("number"))
    kind = models.CharField(_("game"), max_length=10, choices=GameKind.choices, default=GameKind.DRAGON)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.LIVE)
    ruleset = models.CharField(_("ruleset"), max_length=30, default="club-2.2.1")
    readings = models.JSONField(_("readings"), default=dict, blank=True)
    min_stake = models.PositiveIntegerField(_("minimum stake"))
    max_stake = models.PositiveIntegerField(_("maximum stake"))
    # The room of the evening: the venue's permanent facts prefilled, overridable for the evening.
    # None: not counted (a counted zero is even under IP-M37-ZERO zero_is_even; nobody's count is not).
    animals = models.PositiveSmallIntegerField(_("animals in the room"), null=True, blank=True, default=None)
    weather = models.CharField(_("weather"), max_length=12, choices=Weather.choices, default=Weather.NOT_RECORDED)
    saint_images = models.PositiveSmallIntegerField(_("images of saints"), default=0)
    analog_clocks = models.PositiveSmallIntegerField(_("analog clocks"), default=0)
    digital_clocks = models.PositiveSmallIntegerField(_("digital clocks"), default=0)
    natural_table = models.BooleanField(_("table of natural material"), default=True)
    exits = models.PositiveSmallIntegerField(_("exits"), default=1)
    closed_room = models.BooleanField(_("closed room"), default=False)
    # Facts some readings look at, recorded only when the club notes them (None: not recorded).
    natural_surface = models.BooleanField(_("cards lie on natural material"), null=True, blank=True, default=None)
    doors_closed = models.BooleanField(_("every door closed"), null=True, blank=True, default=None)
    closed_throughout = models.BooleanField(_("room closed throughout the game"), null=True, blank=True,
                                            default=None)
    # The people present who do not play (the croupier, onlookers) wearing a beard.
    bearded_onlookers = models.PositiveSmallIntegerField(_("bearded onlookers"), default=0)
    croupier_calls = models.JSONField(_("croupier's calls"), default=dict, blank=True)
    started_at = models.DateTimeField(_("started at"), default=timezone.now)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)
    started_by = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, related_name="+")
    history = HistoricalRecords()

    class Meta:
        ordering = ["session", "number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="game_number_once"),
            models.UniqueConstraint(fields=["session"], condition=Q(status="live"), name="game_one_live_per_session"),
            models.CheckConstraint(condition=Q(max_stake__gte=models.F("min_stake")), name="game_max_at_least_min"),
        ]

    def __str__(self) -> str:
        return f"{self.session.title} · {_('game')} {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("games:game_detail", args=[self.pk])

    @property
    def is_live(self) -> bool:
        return self.status == self.Status.LIVE

    @property
    def ante(self) -> int:
        """Half the minimum stake, rounded up so an odd stake still antes a whole chip."""
        return (self.min_stake + 1) // 2

    def room_facts(self) -> dict:
        """The room of the sitting document; a fact not recorded (None) is left out."""
        facts = {"saint_images": self.saint_images, "analog_clocks": self.analog_clocks,
                 "digital_clocks": self.digital_clocks, "natural_table": self.natural_table, "exits": self.exits,
                 "closed_room": self.closed_room, "bearded_onlookers": self.bearded_onlookers}
        for name in ("animals", *self.OPTIONAL_ROOM_FACTS):
            if getattr(self, name) is not None:
                facts[name] = getattr(self, name)
        return facts


class GamePlayer(models.Model):
    """A player of a Game in a seat, with the facts of the evening the modifiers read."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="game_seats")
    seat = models.CharField(_("seat"), max_length=2, choices=Seat.choices)
    glasses = models.BooleanField(_("glasses"), default=False)
    headwear = models.BooleanField(_("headwear"), default=False)
    # "": not recorded (modifiers 78-88 read a recorded tone; light is not assumed).
    clothing = models.CharField(_("clothing"), max_length=5, choices=Clothing.choices, blank=True, default="")
    drink = models.CharField(_("drink"), max_length=7, choices=Drink.choices, default=Drink.NONE)
    spare_decks = models.PositiveSmallIntegerField(_("spare decks"), default=0)
    # The clocks the player wears or carries, and his clothing's hue ("": not recorded).
    analog_watches = models.PositiveSmallIntegerField(_("watches with hands"), default=0)
    digital_watches = models.PositiveSmallIntegerField(_("digital watches"), default=0)
    clothing_hue = models.CharField(_("clothing hue"), max_length=6, choices=Hue.choices, blank=True, default="")
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("game player")
        verbose_name_plural = _("game players")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="game_seat_once"),
            models.UniqueConstraint(fields=["game", "member"], name="game_member_once"),
        ]

    def __str__(self) -> str:
        return f"{self.seat}: {self.member}"

    @property
    def seat_index(self) -> int:
        return CLOCKWISE.index(self.seat)


class PlayedDealManager(models.Manager):
    """The deals that count: a voided deal was not played (its cards, bets and claims stay, for
    the history, but no judgement, document or next deal reads it)."""

    def get_queryset(self):
        return super().get_queryset().filter(voided_at__isnull=True)


class Deal(models.Model):
    class Mode(models.TextChoices):
        RECORDED = "recorded", _("Cards recorded")
        DIGITAL = "digital", _("Digital dealer")
        QUICK = "quick", _("Quick result")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField(_("number"))
    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices, default=Mode.RECORDED)
    # The digital dealer's shuffle: the same seed deals the same cards again.
    seed = models.CharField(_("seed"), max_length=64, blank=True)
    started_at = models.DateTimeField(_("first card dealt at"), default=timezone.now)
    created_by = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, related_name="+")
    # A croupier voids a deal (it counts as not played) or orders it replayed: the fresh deal at
    # the same number names the one it replays.
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)
    voided_by = models.ForeignKey(Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                                  verbose_name=_("voided by"))
    replay_of = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True,
                                     related_name="replayed_by", verbose_name=_("replays"))
    # Moves on with every card, bet, claim or result written for the deal (games/live.py): a phone
    # polling the deal sends back the revision it last drew, and is answered "nothing new" by
    # comparing two numbers. Not a change of the deal itself, so not in its history.
    revision = models.PositiveIntegerField(default=0, editable=False)
    history = HistoricalRecords(excluded_fields=["revision"])

    all_objects = models.Manager()
    objects = PlayedDealManager()

    class Meta:
        ordering = ["game", "number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        default_manager_name = "objects"
        base_manager_name = "all_objects"
        constraints = [models.UniqueConstraint(fields=["game", "number"], condition=Q(voided_at__isnull=True),
                                               name="deal_number_once")]

    def __str__(self) -> str:
        return f"{self.game} · {_('deal')} {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("games:deal_detail", args=[self.pk])

    @property
    def is_quick(self) -> bool:
        return self.mode == self.Mode.QUICK

    @property
    def is_digital(self) -> bool:
        return self.mode == self.Mode.DIGITAL

    @property
    def is_voided(self) -> bool:
        return self.voided_at is not None


class DealtCard(models.Model):
    """One card in dealing order; the engine says which circle and who receives it."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="cards")
    seq = models.PositiveSmallIntegerField(_("order"))
    card = models.CharField(_("card"), max_length=3)
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+")
    circle = models.PositiveSmallIntegerField(_("circle"))
    open = models.BooleanField(_("face up"))
    created_by = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, related_name="+")
    history = HistoricalRecords()
    # A card shown as it is (games.selectors.HiddenCard stands for one a member may not see). The
    # deal page asks every card; a missing attribute would cost the template a dir() of the row.
    hidden = False

    class Meta:
        ordering = ["deal", "seq"]
        verbose_name = _("dealt card")
        verbose_name_plural = _("dealt cards")
        constraints = [models.UniqueConstraint(fields=["deal", "seq"], name="dealt_card_seq_once")]

    def __str__(self) -> str:
        return self.card


class Bet(models.Model):
    class Kind(models.TextChoices):
        ANTE = "ante", _("Ante")
        RAISE = "raise", _("Bet")

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="bets")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="bets")
    kind = models.CharField(_("kind"), max_length=5, choices=Kind.choices)
    amount = models.PositiveIntegerField(_("amount"))
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, related_name="+")
    history = HistoricalRecords()

    class Meta:
        ordering = ["deal", "created_at", "pk"]
        verbose_name = _("bet")
        verbose_name_plural = _("bets")
        constraints = [
            models.UniqueConstraint(fields=["deal", "member"], condition=Q(kind="ante"), name="bet_one_ante"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="bet_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.member} {self.kind} {self.amount}"

    @property
    def is_raise(self) -> bool:
        """A bet beyond the ante: its player or a croupier may withdraw it while claims are open."""
        return self.kind == self.Kind.RAISE


class Claim(models.Model):
    """A claim a player declares under a rule (base rule 1, modifiers ...): the judge reads it."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="claims")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="claims")
    rule = models.CharField(_("rule"), max_length=12)
    card = models.CharField(_("card"), max_length=3, blank=True)
    suit = models.CharField(_("suit"), max_length=1, blank=True)
    # What some rules read beside the card and suit (games.engine.claim_reads).
    target = models.CharField(_("target card"), max_length=3, blank=True)
    direction = models.CharField(_("direction"), max_length=12, blank=True)
    cancels = models.CharField(_("rule it cancels"), max_length=4, blank=True)
    rank = models.PositiveSmallIntegerField(_("rank chosen"), null=True, blank=True,
                                            validators=[MinValueValidator(2), MaxValueValidator(14)])
    # Further cards, as the engine writes them, separated by spaces (at most two: modifier 14).
    cards = models.CharField(_("further cards"), max_length=16, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        ordering = ["deal", "created_at", "pk"]
        verbose_name = _("claim")
        verbose_name_plural = _("claims")

    def __str__(self) -> str:
        return f"{self.member}: {self.rule}"


class Result(models.Model):
    """A versioned submission of a deal's result (Tabbycat's ballot submissions): a correction is
    a new version, the old one kept; at most one draft and one confirmed version per deal."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        CONFIRMED = "confirmed", _("Confirmed")
        SUPERSEDED = "superseded", _("Superseded")
        DISCARDED = "discarded", _("Discarded")

    # The life of a result, as data: status -> the statuses it may move to.
    TRANSITIONS: dict[str, tuple[str, ...]] = {
        Status.DRAFT: (Status.CONFIRMED, Status.DISCARDED),
        Status.CONFIRMED: (Status.SUPERSEDED,),
        Status.SUPERSEDED: (),
        Status.DISCARDED: (),
    }
    LIVE = (Status.DRAFT, Status.CONFIRMED)

    class Kind(models.TextChoices):
        JUDGED = "judged", _("Judged from the cards")
        QUICK = "quick", _("Quick result")

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="results")
    version = models.PositiveSmallIntegerField(_("version"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    kind = models.CharField(_("kind"), max_length=6, choices=Kind.choices)
    pot = models.PositiveIntegerField(_("pot"))
    winners = models.ManyToManyField(Member, related_name="won_results", verbose_name=_("winners"))
    # member id (as text) -> net chips of the deal; sums to zero.
    chips = models.JSONField(_("chips"), default=dict)
    judgement = models.JSONField(_("judgement"), null=True, blank=True)
    document = models.JSONField(_("sitting document"), null=True, blank=True)
    # The advisor's "you could have claimed ...", computed once when the deal is judged.
    advice = models.JSONField(_("advice"), null=True, blank=True)
    best_category = models.PositiveSmallIntegerField(_("best hand category"), null=True, blank=True)
    note = models.CharField(_("note"), max_length=200, blank=True)
    submitted_by = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="submitted_results")
    submitted_at = models.DateTimeField(default=timezone.now)
    confirmed_by = models.ForeignKey(Member, on_delete=models.PROTECT, null=True, blank=True,
                                     related_name="confirmed_results")
    confirmed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    closed_at = models.DateTimeField(null=True, blank=True)
    supersedes = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True,
                                      related_name="superseded_by")
    idempotency_key = models.CharField(max_length=100, blank=True)
    # What a correction of a recorded deal changes (cards replaced, the bets and claims as they
    # should stand), applied to the deal's rows when the version is confirmed; None otherwise.
    correction = models.JSONField(_("correction"), null=True, blank=True)
    history = HistoricalRecords(m2m_fields=[winners])

    class Meta:
        ordering = ["deal", "version"]
        verbose_name = _("result")
        verbose_name_plural = _("results")
        constraints = [
            models.UniqueConstraint(fields=["deal", "version"], name="result_version_once"),
            models.UniqueConstraint(fields=["deal"], condition=Q(status="draft"), name="result_one_draft"),
            models.UniqueConstraint(fields=["deal"], condition=Q(status="confirmed"), name="result_one_confirmed"),
            models.UniqueConstraint(fields=["submitted_by", "idempotency_key"], condition=~Q(idempotency_key=""),
                                    name="result_idempotency_key_once"),
        ]
        indexes = [models.Index(fields=["status", "submitted_at"])]

    def __str__(self) -> str:
        return f"{self.deal} · v{self.version} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("games:deal_detail", args=[self.deal_id])

    @property
    def is_live(self) -> bool:
        return self.status in self.LIVE

    @property
    def is_draft(self) -> bool:
        return self.status == self.Status.DRAFT

    @property
    def is_confirmed(self) -> bool:
        return self.status == self.Status.CONFIRMED

    @property
    def is_quick(self) -> bool:
        return self.kind == self.Kind.QUICK

    @property
    def is_judged(self) -> bool:
        return self.kind == self.Kind.JUDGED


class LedgerEntry(models.Model):
    """One leg of a double-entry chip posting: the club's one chip ledger. Every posting's legs sum
    to zero: a member's account against the pot (the house's "casino" account at the casino
    table). A row comes from exactly one source: a Dragon Poker deal (with its result and
    session), a casino hand or a dice match. Rows are never edited: a correction reverses and
    re-posts."""

    class Account(models.TextChoices):
        MEMBER = "member", _("Member")
        POT = "pot", _("Pot")
        CASINO = "casino", _("Casino")

    class Kind(models.TextChoices):
        ANTE = "ante", _("Ante")
        BET = "bet", _("Bet")
        PAYOUT = "payout", _("Payout")
        REVERSAL = "reversal", _("Reversal")

    posting = models.UUIDField(_("posting"), db_index=True)
    account = models.CharField(_("account"), max_length=8, choices=Account.choices)
    member = models.ForeignKey(Member, on_delete=models.PROTECT, null=True, blank=True, related_name="ledger")
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    amount = models.IntegerField(_("amount"))
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, null=True, blank=True, related_name="ledger")
    result = models.ForeignKey(Result, on_delete=models.PROTECT, null=True, blank=True, related_name="ledger")
    # A deal's rows carry its session; a dice match's rows the match's session when it has one.
    session = models.ForeignKey(ScheduledSession, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="ledger")
    # The tables app has no foreign key to games, so these references add no migration cycle.
    casino_hand = models.ForeignKey("tables.CasinoHand", on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="ledger")
    dice_match = models.ForeignKey("tables.DiceMatch", on_delete=models.PROTECT, null=True, blank=True,
                                   related_name="ledger")
    created_at = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("ledger entry")
        verbose_name_plural = _("ledger entries")
        constraints = [
            models.CheckConstraint(
                condition=(Q(account="member", member__isnull=False) | (~Q(account="member") & Q(member__isnull=True))),
                name="ledger_member_account_has_member"),
            models.CheckConstraint(
                condition=(Q(deal__isnull=False, result__isnull=False, session__isnull=False,
                             casino_hand__isnull=True, dice_match__isnull=True)
                           | Q(deal__isnull=True, result__isnull=True, casino_hand__isnull=False,
                               dice_match__isnull=True, session__isnull=True)
                           | Q(deal__isnull=True, result__isnull=True, casino_hand__isnull=True,
                               dice_match__isnull=False)),
                name="ledger_one_source"),
        ]
        indexes = [models.Index(fields=["member", "created_at"])]

    def __str__(self) -> str:
        return f"{self.account}:{self.member_id or '-'} {self.amount:+d}"


class ActionReceipt(models.Model):
    """What the site answered to a tap sent with an ``Idempotency-Key`` (a card, a bet, a claim
    recorded by a phone that was offline and replays its waiting taps): the same key sent again
    gets this answer back and changes nothing."""

    class Kind(models.TextChoices):
        CARD = "card", _("card")
        BET = "bet", _("bet")
        CLAIM = "claim", _("claim")
        SET_ASIDE = "set_aside", _("set aside")

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(_("idempotency key"), max_length=100)
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="receipts")
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    status = models.PositiveSmallIntegerField(_("status"))
    body = models.JSONField(_("answer"), default=dict)
    created_at = models.DateTimeField(_("received at"), auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("action receipt")
        verbose_name_plural = _("action receipts")
        constraints = [models.UniqueConstraint(fields=["member", "key"], name="action_receipt_key_once")]

    def __str__(self) -> str:
        return f"{self.kind} {self.key}"


class SetAside(models.Model):
    """A version of a deal's dealing that was not kept: two phones recorded the same deal, one of
    them offline, and a player chose which version counts. The other one stays here, in the deal's
    history, card by card."""

    class Kept(models.TextChoices):
        THEIRS = "theirs", _("the version already on the site")
        MINE = "mine", _("the version sent from the phone")

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="set_asides")
    chosen_by = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, related_name="+")
    kept = models.CharField(_("kept"), max_length=8, choices=Kept.choices)
    from_seq = models.PositiveSmallIntegerField(_("from card"))
    # [{"kind": "card", "card": "Ah", "member": 3, "by": 5}, {"kind": "bet", "amount": 10, ...}]
    actions = models.JSONField(_("actions set aside"), default=list)
    created_at = models.DateTimeField(_("set aside at"), auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("version set aside")
        verbose_name_plural = _("versions set aside")

    def __str__(self) -> str:
        return f"deal {self.deal_id} from card {self.from_seq + 1}"

    @property
    def kept_phone_version(self) -> bool:
        """The phone's version was kept, so what is set aside is the site's."""
        return self.kept == self.Kept.MINE

    @property
    def action_rows(self) -> list[dict]:
        """The actions set aside, each marked as what it is: a card dealt, a bet, or a claim."""
        return [{**a, "is_card": a.get("kind") == "card", "is_bet": a.get("kind") == "bet"} for a in self.actions]
