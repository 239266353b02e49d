"""The rulebook as data, the interpretation points and the precedent archive.

Rulebook rows and interpretation points are copies of the engines' registries, written only by
:func:`rules.rulebook.rulebook_sync`; precedents and disputes are written only by
:mod:`rules.services`. The games app refers to deals by a string reference and a JSON snapshot,
so nothing here depends on its models.
"""

from __future__ import annotations

from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from club.models import Member

from . import point_words
from .titles import is_russian


class RulebookEntry(models.Model):
    """One text of a rulebook: a base rule, a modifier, a hand, a table, a definition, or a rule
    of another game. ``key`` is the trace source name for the club rules (B12, M34, H30, T2) and
    ``<game>-...`` for the other games; it is the permanent address of the entry's page."""

    class Kind(models.TextChoices):
        DEFINITION = "definition", _("Definition")
        BASE_RULE = "base_rule", _("Base rule")
        MODIFIER = "modifier", _("Conditional modifier")
        HAND = "hand", _("Hand")
        TABLE = "table", _("Table")
        GAME_RULE = "game_rule", _("Rule of another game")

    key = models.CharField(_("key"), max_length=40, unique=True)
    game = models.CharField(_("game"), max_length=20, default="dragon", db_index=True)
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices, db_index=True)
    number = models.PositiveIntegerField(_("number"), default=0)
    title = models.CharField(_("title"), max_length=200)
    title_ru = models.CharField(_("Russian title"), max_length=200, blank=True)
    text_ru = models.TextField(_("Russian text (verbatim)"), blank=True)
    summary_en = models.TextField(_("English summary"), blank=True)
    data = models.JSONField(_("data"), default=dict, blank=True)
    position = models.PositiveIntegerField(_("position"), default=0)

    class Meta:
        ordering = ["game", "position", "number", "key"]
        verbose_name = _("rulebook entry")
        verbose_name_plural = _("rulebook entries")

    def __str__(self) -> str:
        return f"{self.key} {self.title}"

    def get_absolute_url(self) -> str:
        return reverse("rules:entry_detail", args=[self.key])

    @property
    def display_title(self) -> str:
        """The short title in the active language (Russian on a Russian page, else English)."""
        return self.title_ru if is_russian() and self.title_ru else self.title

    @property
    def shows_number(self) -> bool:
        """Named with its number ("Base rule 12"): a Dragon Poker rule, modifier, hand or
        definition; the tables and the other games' rules go by their titles alone."""
        return self.game == "dragon" and self.kind != self.Kind.TABLE


class InterpretationPoint(models.Model):
    """A copy of one point of :func:`rules.engines.readings.registry`."""

    point_id = models.CharField(_("id"), max_length=60, unique=True)
    game = models.CharField(_("game"), max_length=20, db_index=True)
    question = models.TextField(_("question"))
    seed_reference = models.TextField(_("seed reference"), blank=True)
    default = models.CharField(_("default reading"), max_length=60)
    readings = models.JSONField(_("readings"), default=list)
    readings_help = models.JSONField(_("what each reading means"), default=dict, blank=True)
    rules = models.ManyToManyField(RulebookEntry, blank=True, related_name="interpretation_points",
                                   verbose_name=_("rules it belongs to"))

    class Meta:
        ordering = ["point_id"]
        verbose_name = _("interpretation point")
        verbose_name_plural = _("interpretation points")

    def __str__(self) -> str:
        return self.point_id

    def get_absolute_url(self) -> str:
        return reverse("rules:point_detail", args=[self.point_id])

    @property
    def display_question(self) -> str:
        """The question in the active language (:mod:`rules.point_words`)."""
        return point_words.question(self)


class Precedent(models.Model):
    """A ruling on one situation (base rule 12). Binding precedents fix readings from their
    ``effective_from`` date on, until a later binding precedent overrules or supersedes them or
    they are withdrawn."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        BINDING = "binding", _("Binding")
        ADVISORY = "advisory", _("Advisory")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    class RuledBy(models.TextChoices):
        CROUPIER = "croupier", _("Croupier")
        PANEL = "panel", _("Panel")

    # States as data: what each status may become.
    TRANSITIONS: dict[str, tuple[str, ...]] = {
        Status.DRAFT: (Status.BINDING, Status.ADVISORY, Status.WITHDRAWN),
        Status.ADVISORY: (Status.BINDING, Status.WITHDRAWN),
        Status.BINDING: (Status.WITHDRAWN,),
        Status.WITHDRAWN: (),
    }
    PUBLISHED = (Status.BINDING, Status.ADVISORY, Status.WITHDRAWN)

    permanent_id = models.CharField(_("permanent id"), max_length=20, unique=True)
    title = models.CharField(_("title"), max_length=200)
    situation = models.TextField(_("situation"))
    question = models.TextField(_("question"))
    ruling = models.TextField(_("ruling"))
    # The Russian of a founding precedent (made from its point); a croupier's ruling is in the
    # language he wrote it, and these stay empty.
    title_ru = models.CharField(_("Russian title"), max_length=200, blank=True)
    situation_ru = models.TextField(_("Russian situation"), blank=True)
    question_ru = models.TextField(_("Russian question"), blank=True)
    ruling_ru = models.TextField(_("Russian ruling"), blank=True)
    deal_ref = models.CharField(_("deal reference"), max_length=120, blank=True, db_index=True)
    deal_snapshot = models.JSONField(_("deal snapshot"), default=dict, blank=True)
    ruled_by_kind = models.CharField(_("ruled by"), max_length=10, choices=RuledBy.choices,
                                     default=RuledBy.CROUPIER)
    ruled_by = models.ForeignKey(Member, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="precedents_ruled", verbose_name=_("croupier"))
    panel = models.ManyToManyField(Member, blank=True, related_name="precedent_panels",
                                   verbose_name=_("panel"))
    ruled_on = models.DateField(_("ruled on"))
    effective_from = models.DateField(_("in force from"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT,
                              db_index=True)
    withdrawn_on = models.DateField(_("withdrawn on"), null=True, blank=True)
    was_binding = models.BooleanField(_("was binding"), default=False)
    founding = models.BooleanField(_("founding precedent"), default=False)
    cited_entries = models.ManyToManyField(RulebookEntry, blank=True, related_name="precedents",
                                           verbose_name=_("cited rules"))
    cited_points = models.ManyToManyField(InterpretationPoint, blank=True, related_name="precedents",
                                          verbose_name=_("cited interpretation points"))
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    # Its texts, status or standing last changed (a later precedent citing it changes its
    # standing): what followed searches report as news.
    updated_at = models.DateTimeField(_("updated at"), default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-effective_from", "-permanent_id"]
        verbose_name = _("precedent")
        verbose_name_plural = _("precedents")

    def __str__(self) -> str:
        return f"{self.permanent_id} {self.title}"

    def get_absolute_url(self) -> str:
        return reverse("rules:precedent_detail", args=[self.permanent_id])

    @property
    def is_published(self) -> bool:
        return self.status in self.PUBLISHED

    @property
    def ruled_by_panel(self) -> bool:
        return self.ruled_by_kind == self.RuledBy.PANEL

    def _in_language(self, name: str) -> str:
        russian = getattr(self, f"{name}_ru")
        return russian if is_russian() and russian else getattr(self, name)

    @property
    def display_title(self) -> str:
        """The title in the active language (Russian on a Russian page where there is one)."""
        return self._in_language("title")

    @property
    def display_situation(self) -> str:
        return self._in_language("situation")

    @property
    def display_question(self) -> str:
        return self._in_language("question")

    @property
    def display_ruling(self) -> str:
        return self._in_language("ruling")


class PrecedentCitation(models.Model):
    """How a precedent treats an earlier one."""

    class Treatment(models.TextChoices):
        FOLLOWS = "follows", _("follows")
        DISTINGUISHES = "distinguishes", _("distinguishes")
        OVERRULES = "overrules", _("overrules")
        SUPERSEDES = "supersedes", _("supersedes")

    # A treatment that takes the earlier precedent out of force.
    ENDS_FORCE = (Treatment.OVERRULES, Treatment.SUPERSEDES)

    citing = models.ForeignKey(Precedent, on_delete=models.CASCADE, related_name="citations")
    cited = models.ForeignKey(Precedent, on_delete=models.PROTECT, related_name="cited_by")
    treatment = models.CharField(_("treatment"), max_length=14, choices=Treatment.choices)

    class Meta:
        ordering = ["citing", "cited"]
        constraints = [models.UniqueConstraint(fields=["citing", "cited"], name="precedent_citation_unique")]

    def __str__(self) -> str:
        return f"{self.citing_id} {self.treatment} {self.cited_id}"


class ReadingFix(models.Model):
    """The reading of one interpretation point that a precedent fixes."""

    precedent = models.ForeignKey(Precedent, on_delete=models.CASCADE, related_name="fixes")
    point = models.ForeignKey(InterpretationPoint, on_delete=models.PROTECT, related_name="fixes")
    reading = models.CharField(_("reading"), max_length=60)

    class Meta:
        ordering = ["point__point_id"]
        constraints = [models.UniqueConstraint(fields=["precedent", "point"], name="reading_fix_unique")]

    def __str__(self) -> str:
        return f"{self.point_id}={self.reading}"


class PrecedentImpact(models.Model):
    """A past deal that a binding precedent would judge differently (the what-if)."""

    precedent = models.ForeignKey(Precedent, on_delete=models.CASCADE, related_name="impacts")
    deal_ref = models.CharField(_("deal reference"), max_length=120)
    deal_number = models.PositiveIntegerField(_("deal number"), default=1)
    played_on = models.DateField(_("played on"), null=True, blank=True)
    before = models.JSONField(_("judged as"), default=dict)
    after = models.JSONField(_("would be judged as"), default=dict)
    computed_at = models.DateTimeField(_("computed at"), default=timezone.now)

    class Meta:
        ordering = ["precedent", "deal_ref", "deal_number"]
        constraints = [models.UniqueConstraint(fields=["precedent", "deal_ref", "deal_number"],
                                               name="precedent_impact_unique")]

    def __str__(self) -> str:
        return f"{self.precedent_id}: {self.deal_ref}#{self.deal_number}"


class Dispute(models.Model):
    """A call for the croupier on a recorded deal."""

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RULED = "ruled", _("Ruled")
        REPLAYED = "replayed", _("Replayed")

    TRANSITIONS: dict[str, tuple[str, ...]] = {
        Status.OPEN: (Status.RULED, Status.REPLAYED),
        Status.RULED: (),
        Status.REPLAYED: (),
    }

    deal_ref = models.CharField(_("deal reference"), max_length=120, db_index=True)
    deal_snapshot = models.JSONField(_("deal snapshot"), default=dict, blank=True)
    raised_by = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="disputes_raised",
                                  verbose_name=_("raised by"))
    raised_at = models.DateTimeField(_("raised at"), default=timezone.now)
    question = models.TextField(_("question"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN,
                              db_index=True)
    ruling = models.TextField(_("ruling"), blank=True)
    ruled_by = models.ForeignKey(Member, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="disputes_ruled", verbose_name=_("ruled by"))
    ruled_at = models.DateTimeField(_("ruled at"), null=True, blank=True)
    precedent = models.ForeignKey(Precedent, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="disputes", verbose_name=_("published as"))

    class Meta:
        ordering = ["-raised_at"]
        verbose_name = _("dispute")
        verbose_name_plural = _("disputes")

    def __str__(self) -> str:
        return f"#{self.pk} {self.deal_ref}"

    def get_absolute_url(self) -> str:
        return reverse("rules:dispute_detail", args=[self.pk])

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_ruled(self) -> bool:
        return self.status == self.Status.RULED


class SearchDocument(models.Model):
    """One searchable text (a precedent or a rulebook entry). On PostgreSQL ``vector`` holds the
    'russian' and 'english' tsvectors (GIN index); on SQLite an FTS5 table shadows these rows
    with stemmed text (see :mod:`rules.search`)."""

    class Kind(models.TextChoices):
        PRECEDENT = "precedent", _("Precedent")
        ENTRY = "entry", _("Rulebook entry")

    kind = models.CharField(max_length=10, choices=Kind.choices)
    ref = models.CharField(max_length=60)
    public = models.BooleanField(default=True)
    title = models.TextField()
    body = models.TextField()
    vector = SearchVectorField(null=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "ref"], name="search_document_unique")]

    def __str__(self) -> str:
        return f"{self.kind}:{self.ref}"


class SavedSearch(models.Model):
    """A search of the precedent archive somebody follows: an Atom feed at a secret address, and
    for a member a daily mail of what is new or changed. ``filters`` holds the precedent list's
    other filters as it takes them (rule, modifier, hand, point, status, from, to). A visitor
    without an account has only the token to find it again."""

    query = models.CharField(_("search"), max_length=200, blank=True)
    filters = models.JSONField(_("filters"), default=dict, blank=True)
    token = models.CharField(_("secret"), max_length=64, unique=True)
    owner = models.ForeignKey(Member, null=True, blank=True, on_delete=models.CASCADE,
                              related_name="saved_searches", verbose_name=_("member"))
    digest = models.BooleanField(_("daily mail"), default=False)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    last_digest_at = models.DateTimeField(_("last mail"), null=True, blank=True)
    # A keyed hash of the address it was saved from: bounds how many one address saves a day.
    address = models.CharField(max_length=64, blank=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("followed search")
        verbose_name_plural = _("followed searches")

    def __str__(self) -> str:
        return f"{self.query!r} {self.filters}"

    def get_absolute_url(self) -> str:
        return reverse("rules:followed_detail", args=[self.token])

    def params(self) -> dict:
        """The search as the precedent list takes its query string."""
        out = {k: v for k, v in (self.filters or {}).items() if v not in (None, "")}
        if self.query:
            out["q"] = self.query
        return out


class DigestSent(models.Model):
    """A day's mail of followed searches to one member: written in the transaction that sends it,
    so a second run of the day (or two at once) sends nothing more."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="digests_sent")
    day = models.DateField(_("day"))
    sent_at = models.DateTimeField(_("sent"), default=timezone.now)
    precedents = models.PositiveIntegerField(_("precedents"), default=0)

    class Meta:
        ordering = ["-day"]
        constraints = [models.UniqueConstraint(fields=["member", "day"], name="digest_sent_once_a_day")]

    def __str__(self) -> str:
        return f"{self.member_id} {self.day}"
