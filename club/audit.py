"""The club's history for its admins: who changed what and when, read from the history every
tracked model keeps (django-simple-history), across the models, the newest first.

One page of it takes a fixed number of queries whatever its size: the page's (kind, history id)
pairs come from one UNION over the historical tables, then each kind on the page is read once
with its previous versions, and the members, sessions, games, deals and venues the rows name are
read once each.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import models
from django.db.models import OuterRef, Q, Subquery, Value
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.models import Bet, Claim, Deal, DealtCard, Game, GamePlayer, LedgerEntry, Result
from games.seasons.models import Season
from games.tables.models import DrakerGame, DrakerPlayer, DrakerTurn

from .models import RSVP, Member, ScheduledSession, SeatAssignment, Venue

# kind key (in the URL and the API) -> the tracked model. Every model with HistoricalRecords is
# here (a test keeps the two in step).
KINDS: dict[str, type[models.Model]] = {
    "member": Member, "venue": Venue, "session": ScheduledSession, "rsvp": RSVP, "seat": SeatAssignment,
    "game": Game, "player": GamePlayer, "deal": Deal, "card": DealtCard, "bet": Bet, "claim": Claim,
    "result": Result, "ledger": LedgerEntry, "season": Season,
    "draker_game": DrakerGame, "draker_player": DrakerPlayer, "draker_turn": DrakerTurn,
}
KIND_OF_MODEL = {model: key for key, model in KINDS.items()}

# An object's history takes in the rows that belong to it: a session's RSVPs and seats, a game's
# players, a deal's cards, bets, claims and results. (kind, the field naming the object)
SCOPES: dict[str, tuple[tuple[str, str], ...]] = {
    "session": (("session", "id"), ("rsvp", "session_id"), ("seat", "session_id")),
    "game": (("game", "id"), ("player", "game_id")),
    "deal": (("deal", "id"), ("card", "deal_id"), ("bet", "deal_id"), ("claim", "deal_id"), ("result", "deal_id")),
    "draker_game": (("draker_game", "id"), ("draker_player", "game_id"), ("draker_turn", "game_id")),
}

CHANGES = {"+": gettext_lazy("created"), "~": gettext_lazy("changed"), "-": gettext_lazy("deleted")}

# Fields whose value is a document (JSON) or a secret: the row says they changed, not to what.
OPAQUE = (models.JSONField,)
HIDDEN_FIELDS = {"idempotency_key", "seating_seed", "seed"}

# Related models a row never names by value: the account behind a member.
NAMED_ELSEWHERE = {get_user_model()}

# The names of the fields whose model gives them none of their own, in the member's words.
FIELD_NAMES = {
    "casino_hand": pgettext_lazy("changed field", "casino hand"), "closed_at": pgettext_lazy("changed field", "closed at"),
    "closed_by": pgettext_lazy("changed field", "closed by"), "confirmed_at": pgettext_lazy("changed field", "confirmed at"),
    "confirmed_by": pgettext_lazy("changed field", "confirmed by"), "created_at": pgettext_lazy("changed field", "created at"),
    "created_by": pgettext_lazy("changed field", "created by"), "deal": pgettext_lazy("changed field", "deal"), "dice_match": pgettext_lazy("changed field", "dice match"),
    "game": pgettext_lazy("changed field", "game"), "member": pgettext_lazy("changed field", "member"), "requested_at": pgettext_lazy("changed field", "asked for a place at"),
    "result": pgettext_lazy("changed field", "result"), "session": pgettext_lazy("changed field", "session"), "slug": pgettext_lazy("changed field", "address name"),
    "started_by": pgettext_lazy("changed field", "started by"), "submitted_at": pgettext_lazy("changed field", "submitted at"),
    "submitted_by": pgettext_lazy("changed field", "submitted by"), "supersedes": pgettext_lazy("changed field", "corrects version"),
    "user": pgettext_lazy("changed field", "account"),
}

MAX_PAGE_SIZE = 100
PAGE_SIZES = (25, 50, 100)


def kind_name(key: str) -> str:
    return capfirst(str(KINDS[key]._meta.verbose_name))


def kind_choices() -> list[tuple[str, str]]:
    return sorted(((key, kind_name(key)) for key in KINDS), key=lambda c: c[1])


@dataclass
class Filters:
    member: Member | None = None
    kind: str | None = None
    since: dt.date | None = None
    until: dt.date | None = None
    # An object's history: its kind and primary key.
    object_kind: str | None = None
    object_id: int | None = None


def _history_qs(key: str, filters: Filters):
    rows = KINDS[key].history.order_by()
    if filters.member is not None:
        rows = rows.filter(history_user_id=filters.member.user_id)
    if filters.since is not None:
        rows = rows.filter(history_date__date__gte=filters.since)
    if filters.until is not None:
        rows = rows.filter(history_date__date__lte=filters.until)
    return rows


def history_rows(filters: Filters):
    """The matching history, the newest first, as (kind, history_id, history_date) values: one
    query over every historical table (a UNION ALL), which a paginator counts and slices."""
    parts = []
    if filters.object_kind:
        scope = SCOPES.get(filters.object_kind, ((filters.object_kind, "id"),))
        for key, name in scope:
            if filters.kind and key != filters.kind:
                continue
            parts.append((key, Q(**{name: filters.object_id})))
    else:
        parts = [(key, Q()) for key in KINDS if not filters.kind or key == filters.kind]
    if not parts:
        parts = [(next(iter(KINDS)), Q(pk__in=[]))]
    querysets = [_history_qs(key, filters).filter(q).annotate(audit_kind=Value(key, output_field=models.CharField()))
                 .values("audit_kind", "history_id", "history_date") for key, q in parts]
    first, rest = querysets[0], querysets[1:]
    combined = first.union(*rest, all=True) if rest else first
    return combined.order_by("-history_date", "-history_id")


# --- turning a page of (kind, history id) into rows a person reads --------------------------------

@dataclass
class Change:
    field: str
    name: str
    old: str
    new: str


@dataclass
class Row:
    when: dt.datetime
    kind: str
    kind_name: str
    change: str
    change_name: str
    object_id: int
    label: str
    url: str | None
    who: Member | None
    changes: list[Change] = field(default_factory=list)


class _Names:
    """The members, venues, sessions, games and deals a page names, read once each."""

    def __init__(self, records: list[Any]):
        wanted: dict[type, set[int]] = defaultdict(set)
        for record in records:
            for f in record.instance_type._meta.concrete_fields:
                if isinstance(f, models.ForeignKey):
                    value = getattr(record, f.attname, None)
                    if value is not None:
                        wanted[f.related_model].add(value)
            if record.instance_type in (Member, Venue, ScheduledSession, Game, Deal, DrakerGame):
                wanted[record.instance_type].add(record.id)
        # A deal names its game, a game its session, a session its day in its venue's zone: read
        # them with it.
        self.by_model: dict[type, dict[int, Any]] = {
            Member: Member.objects.in_bulk(wanted.pop(Member, ())),
            Venue: Venue.objects.in_bulk(wanted.pop(Venue, ())),
            ScheduledSession: ScheduledSession.objects.select_related("venue").in_bulk(
                wanted.pop(ScheduledSession, ())),
            Game: Game.objects.select_related("session__venue").in_bulk(wanted.pop(Game, ())),
            Deal: Deal.all_objects.select_related("game__session__venue").in_bulk(wanted.pop(Deal, ())),
        }
        # Whatever else a changed field names (a dimension, a result a correction supersedes).
        for model, ids in wanted.items():
            if model in NAMED_ELSEWHERE:
                continue
            self.by_model[model] = model._default_manager.in_bulk(ids)

    def get(self, model, pk):
        return self.by_model.get(model, {}).get(pk)

    def name(self, model, pk) -> str:
        obj = self.get(model, pk)
        if pk is None:
            return "—"
        if obj is None:
            return _("a deleted %(kind)s") % {"kind": model._meta.verbose_name}
        if model is Member:
            return obj.display_name
        if model is ScheduledSession:
            return _session(obj)
        if model is Game:
            return _game(obj)
        if model is Deal:
            return _deal(obj)
        if model is Result:
            return _("version %(n)s") % {"n": obj.version}
        if model is DrakerGame:
            return _draker_game(obj)
        return str(obj)


def _session(session) -> str:
    day = formats.date_format(timezone.localtime(session.starts_at, session.venue.tz), "SHORT_DATE_FORMAT")
    return _("%(title)s of %(day)s") % {"title": session.title, "day": day}


def _game(game) -> str:
    return _("game %(number)s of %(session)s") % {"number": game.number, "session": _session(game.session)}


def _draker_game(game) -> str:
    when = formats.date_format(timezone.localtime(game.played_at), "SHORT_DATETIME_FORMAT")
    return _("the Draker game of %(when)s") % {"when": when}


def _deal(deal) -> str:
    return _("deal %(number)s of %(game)s") % {"number": deal.number, "game": _game(deal.game)}


def _label(key: str, record, names: _Names) -> tuple[str, str | None]:
    """What the record is about, in words, and the page of it (None when it is gone)."""
    def url_of(model, pk):
        obj = names.get(model, pk)
        return obj.get_absolute_url() if obj is not None else None

    member = names.name(Member, record.member_id) if hasattr(record, "member_id") else ""
    if key == "member":
        return record.display_name, url_of(Member, record.id)
    if key == "venue":
        return record.name, url_of(Venue, record.id)
    if key == "season":
        return record.name, url_of(Season, record.id)
    if key == "session":
        obj = names.get(ScheduledSession, record.id)
        return (_session(obj) if obj else record.title), url_of(ScheduledSession, record.id)
    if key == "rsvp":
        return (_("%(member)s's answer for %(session)s") % {
            "member": member, "session": names.name(ScheduledSession, record.session_id)},
            url_of(ScheduledSession, record.session_id))
    if key == "seat":
        return (_("%(member)s's seat at %(session)s") % {
            "member": member, "session": names.name(ScheduledSession, record.session_id)},
            url_of(ScheduledSession, record.session_id))
    if key == "game":
        return capfirst(names.name(Game, record.id)), url_of(Game, record.id)
    if key == "player":
        return (_("%(member)s in %(game)s") % {"member": member, "game": names.name(Game, record.game_id)},
                url_of(Game, record.game_id))
    if key == "deal":
        return capfirst(names.name(Deal, record.id)), url_of(Deal, record.id)
    if key == "draker_game":
        return capfirst(names.name(DrakerGame, record.id)), url_of(DrakerGame, record.id)
    if key == "draker_player":
        return (_("%(member)s in %(game)s") % {"member": member, "game": names.name(DrakerGame, record.game_id)},
                url_of(DrakerGame, record.game_id))
    if key == "draker_turn":
        return (_("Turn %(number)s of %(game)s") % {"number": record.number,
                                                    "game": names.name(DrakerGame, record.game_id)},
                url_of(DrakerGame, record.game_id))
    deal = names.name(Deal, getattr(record, "deal_id", None))
    if key == "card":
        return (_("Card %(number)s of %(deal)s") % {"number": record.seq + 1, "deal": deal},
                url_of(Deal, record.deal_id))
    if key == "bet":
        return _("%(member)s's bet in %(deal)s") % {"member": member, "deal": deal}, url_of(Deal, record.deal_id)
    if key == "claim":
        return _("%(member)s's claim in %(deal)s") % {"member": member, "deal": deal}, url_of(Deal, record.deal_id)
    if key == "result":
        return (_("Result of %(deal)s, version %(version)s") % {"deal": deal, "version": record.version},
                url_of(Deal, record.deal_id))
    # A ledger row: whose account, and the deal it came from when it came from one.
    account = member if record.member_id else LedgerEntry.Account(record.account).label
    if record.deal_id:
        return (_("Ledger entry of %(account)s for %(deal)s") % {"account": account, "deal": deal},
                url_of(Deal, record.deal_id))
    return _("Ledger entry of %(account)s") % {"account": account}, reverse("games:ledger")


def _value(model, name: str, value, names: _Names) -> str:
    if value is None or value == "":
        return "—"
    f = model._meta.get_field(name)
    if isinstance(f, models.ForeignKey):
        return names.name(f.related_model, value)
    if f.choices:
        return str(dict(f.flatchoices).get(value, value))
    if isinstance(f, models.BooleanField):
        return _("yes") if value else _("no")
    if isinstance(f, models.DateTimeField):
        return formats.date_format(timezone.localtime(value), "SHORT_DATETIME_FORMAT")
    if isinstance(f, models.DateField):
        return formats.date_format(value, "SHORT_DATE_FORMAT")
    if isinstance(value, (int, float)) or hasattr(value, "as_tuple"):
        return formats.number_format(value)
    return str(value)


def _changes(key: str, record, previous, winners: dict[int, set[int]], names: _Names) -> list[Change]:
    model = KINDS[key]
    if previous is None or record.history_type != "~":
        return []
    delta = record.diff_against(previous, excluded_fields=["winners", *HIDDEN_FIELDS])
    out = []
    for change in delta.changes:
        f = model._meta.get_field(change.field)
        name = capfirst(str(FIELD_NAMES.get(change.field, f.verbose_name)))
        if isinstance(f, OPAQUE):
            out.append(Change(change.field, name, "", ""))
        else:
            out.append(Change(change.field, name, _value(model, change.field, change.old, names),
                              _value(model, change.field, change.new, names)))
    if key == "result":
        old, new = winners.get(previous.history_id, set()), winners.get(record.history_id, set())
        if old != new:
            def shown(ids):
                return ", ".join(sorted(names.name(Member, pk) for pk in ids)) or "—"
            out.append(Change("winners", capfirst(str(Result._meta.get_field("winners").verbose_name)),
                              shown(old), shown(new)))
    return out


def rows_for_page(page: list[dict]) -> list[Row]:
    """The page's history rows in words: one query per kind on the page (its records with their
    previous versions' ids), one for the previous versions, one per kind of object they name."""
    ids_by_kind: dict[str, list[int]] = defaultdict(list)
    for item in page:
        ids_by_kind[item["audit_kind"]].append(item["history_id"])
    records: dict[tuple[str, int], Any] = {}
    previous: dict[tuple[str, int], Any] = {}
    for key, ids in ids_by_kind.items():
        history = KINDS[key].history
        earlier = (history.model.objects.filter(id=OuterRef("id"))
                   .filter(Q(history_date__lt=OuterRef("history_date"))
                           | Q(history_date=OuterRef("history_date"), history_id__lt=OuterRef("history_id")))
                   .order_by("-history_date", "-history_id").values("history_id")[:1])
        found = list(history.filter(history_id__in=ids).select_related("history_user__member")
                     .annotate(previous_id=Subquery(earlier)))
        wanted = [r.previous_id for r in found if r.previous_id is not None and r.history_type == "~"]
        before = history.in_bulk(wanted, field_name="history_id") if wanted else {}
        for r in found:
            records[(key, r.history_id)] = r
            previous[(key, r.history_id)] = before.get(r.previous_id)
    winners: dict[int, set[int]] = defaultdict(set)
    result_ids = [k[1] for k in records if k[0] == "result"]
    result_ids += [p.history_id for k, p in previous.items() if k[0] == "result" and p is not None]
    if result_ids:
        through = apps.get_model("games", "HistoricalResult_winners")
        for history_id, member_id in through.objects.filter(history_id__in=result_ids).values_list(
                "history_id", "member_id"):
            winners[history_id].add(member_id)
    everything = list(records.values()) + [p for p in previous.values() if p is not None]
    for members in winners.values():
        for pk in members:
            # The winners are named like any member a row names.
            everything.append(_MemberRef(pk))
    names = _Names(everything)
    out = []
    for item in page:
        key = item["audit_kind"]
        record = records.get((key, item["history_id"]))
        if record is None:
            continue
        label, url = _label(key, record, names)
        user = record.history_user
        who = getattr(user, "member", None) if user is not None else None
        out.append(Row(
            when=record.history_date, kind=key, kind_name=kind_name(key), change=record.history_type,
            change_name=str(CHANGES[record.history_type]), object_id=record.id, label=label, url=url, who=who,
            changes=_changes(key, record, previous[(key, item["history_id"])], winners, names)))
    return out


class _MemberRef:
    """A member id to name, looking to _Names like a historical record with one foreign key."""

    class _Meta:
        concrete_fields = ()

    def __init__(self, pk: int):
        self.id = pk
        self.instance_type = Member


def object_title(key: str, pk: int) -> tuple[str, str | None] | None:
    """An object's name and page, from its latest history record (so a deleted object is still
    named); None when it has no history."""
    record = KINDS[key].history.filter(id=pk).order_by("-history_date", "-history_id").first()
    if record is None:
        return None
    return _label(key, record, _Names([record]))
