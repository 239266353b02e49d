"""Forms of the games pages; the services check everything again and name the bad value."""

from __future__ import annotations

import json

from django import forms
from django.forms.models import ModelChoiceIterator
from django.utils.translation import gettext_lazy as _

from club.models import Member
from club.seats import Seat

from . import engine, presenters
from .models import Clothing, Drink, Hue, Weather

ROOM_FIELDS = ("animals", "weather", "saint_images", "analog_clocks", "digital_clocks", "natural_table", "exits",
               "closed_room", "natural_surface", "doors_closed", "closed_throughout", "bearded_onlookers")
PLAYER_FIELDS = ("glasses", "headwear", "clothing", "drink", "spare_decks", "analog_watches", "digital_watches",
                 "clothing_hue")
# Counts a page may leave empty: empty is none.
_ZERO_WHEN_EMPTY = ("bearded_onlookers", "analog_watches", "digital_watches")

# A room fact the club may leave unrecorded: yes, no, or not recorded (None).
RECORDED_CHOICES = [("", _("not recorded")), ("yes", _("yes")), ("no", _("no"))]


def _recorded(label):
    return forms.TypedChoiceField(label=label, choices=RECORDED_CHOICES, coerce=lambda value: value == "yes",
                                  empty_value=None, required=False)


def _count(label, most):
    return forms.IntegerField(label=label, min_value=0, max_value=most, initial=0, required=False)


def _fact(name: str, value):
    """A field's value as the services take it: an empty count is none."""
    return 0 if value is None and name in _ZERO_WHEN_EMPTY else value


class GameStartForm(forms.Form):
    """The facts of the evening: stakes, the room (the venue's facts prefilled) and each player's."""

    min_stake = forms.IntegerField(label=_("Minimum stake"), min_value=1)
    max_stake = forms.IntegerField(label=_("Maximum stake"), min_value=1)
    animals = forms.IntegerField(label=_("Animals in the room"), min_value=0, required=False)   # empty: not counted
    weather = forms.ChoiceField(label=_("Weather"), choices=Weather.choices, initial=Weather.NOT_RECORDED)
    saint_images = forms.IntegerField(label=_("Images of saints"), min_value=0)
    analog_clocks = forms.IntegerField(label=_("Analog clocks"), min_value=0)
    digital_clocks = forms.IntegerField(label=_("Digital clocks"), min_value=0)
    natural_table = forms.BooleanField(label=_("Table of natural material"), required=False)
    exits = forms.IntegerField(label=_("Exits (doors, windows, chimneys)"), min_value=0)
    closed_room = forms.BooleanField(label=_("Closed room"), required=False)
    natural_surface = _recorded(_("The cards lie on natural material (a cloth or mat on the table)"))
    doors_closed = _recorded(_("Every door closed (windows and chimneys aside)"))
    closed_throughout = _recorded(_("The room stays closed for the whole game"))
    bearded_onlookers = _count(_("Bearded people present who do not play (the croupier, onlookers)"), 1000)

    def __init__(self, *args, session, seats, **kwargs):
        venue = session.venue
        initial = {"min_stake": session.min_stake, "max_stake": session.max_stake,
                   "saint_images": venue.saint_images, "analog_clocks": venue.analog_clocks,
                   "digital_clocks": venue.digital_clocks, "natural_table": venue.natural_table,
                   "exits": venue.exits, "closed_room": venue.closed_room}
        kwargs.setdefault("initial", initial)
        super().__init__(*args, **kwargs)
        self.seats = seats
        self.player_rows = []
        for row in seats:
            pid = row.member_id
            self.fields[f"glasses_{pid}"] = forms.BooleanField(label=_("Glasses"), required=False)
            self.fields[f"headwear_{pid}"] = forms.BooleanField(label=_("Headwear"), required=False)
            self.fields[f"clothing_{pid}"] = forms.ChoiceField(
                label=_("Clothing"), choices=[("", _("not recorded")), *Clothing.choices], required=False)
            self.fields[f"drink_{pid}"] = forms.ChoiceField(label=_("Drink"), choices=Drink.choices,
                                                            initial=Drink.NONE)
            self.fields[f"spare_decks_{pid}"] = forms.IntegerField(label=_("Spare decks"), min_value=0, initial=0)
            self.fields[f"analog_watches_{pid}"] = _count(_("Watches with hands (worn or carried)"), 20)
            self.fields[f"digital_watches_{pid}"] = _count(_("Digital watches (worn or carried)"), 20)
            self.fields[f"clothing_hue_{pid}"] = forms.ChoiceField(
                label=_("Colour of most of the clothing"), choices=[("", _("not recorded")), *Hue.choices],
                required=False)
            self.player_rows.append((row, [self[f"{name}_{pid}"] for name in PLAYER_FIELDS]))

    def stake_fields(self):
        return [self["min_stake"], self["max_stake"]]

    def room_fields(self):
        return [self[name] for name in ROOM_FIELDS]

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        return {
            "min_stake": data["min_stake"], "max_stake": data["max_stake"],
            "room": {name: _fact(name, data[name]) for name in ROOM_FIELDS},
            "player_facts": {row.member_id: {name: _fact(name, data[f"{name}_{row.member_id}"]) for name in
                                             PLAYER_FIELDS}
                             for row in self.seats},
        }


class _ListedChoices(ModelChoiceIterator):
    """The choices of a field whose members are in hand (``field.members``, set beside its
    queryset by :func:`_offer_players`): drawing the field asks the database nothing. What a form
    sends is still looked up in the queryset."""

    def __iter__(self):
        if self.field.members is None:
            yield from super().__iter__()
            return
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        for member in self.field.members:
            yield self.choice(member)

    def __len__(self):
        if self.field.members is None:
            return super().__len__()
        return len(self.field.members) + (self.field.empty_label is not None)


class _PlayerChoice(forms.ModelChoiceField):
    iterator = _ListedChoices
    members = None

    def label_from_instance(self, obj):
        return obj.display_name


class _PlayersChoice(forms.ModelMultipleChoiceField):
    iterator = _ListedChoices
    members = None

    def label_from_instance(self, obj):
        return obj.display_name


def _offer_players(field, players) -> None:
    """``field`` chooses among the table's ``players`` (read with their members), in the order of
    their names as the members' list has them."""
    field.queryset = Member.objects.filter(pk__in=[gp.member_id for gp in players])
    field.members = sorted((gp.member for gp in players), key=lambda member: member.display_name)


class BetForm(forms.Form):
    member = _PlayerChoice(label=_("Player"), queryset=Member.objects.none())
    amount = forms.IntegerField(label=_("Chips"), min_value=1)

    def __init__(self, *args, players, member, **kwargs):
        super().__init__(*args, **kwargs)
        _offer_players(self.fields["member"], players)
        self.fields["member"].initial = member.pk


class ClaimForm(forms.Form):
    member = _PlayerChoice(label=_("Player"), queryset=Member.objects.none())
    rule = forms.CharField(label=_("Rule"), max_length=12,
                           help_text=_("B1 (base rule 1: a card changes suit) or a modifier that takes claims, "
                                       "e.g. M42"))
    card = forms.CharField(label=_("Card"), max_length=8, required=False)
    suit = forms.ChoiceField(label=_("Suit"), required=False,
                             choices=[("", "—"), ("h", "♥"), ("d", "♦"), ("c", "♣"), ("s", "♠")])
    # Read only by some rules (games.engine.claim_reads); the page shows each where the rule typed
    # reads it.
    target = forms.CharField(label=_("Target card"), max_length=8, required=False,
                             help_text=_("The other card the claim aims at, e.g. 7♥ or 7h"))
    direction = forms.ChoiceField(label=_("Direction"), required=False, choices=[
        ("", "—"), ("up", _("up")), ("down", _("down")), ("incrementing", _("incrementing")),
        ("decrementing", _("decrementing")), ("free", _("free")), ("home", _("home"))])
    cancels = forms.CharField(label=_("Rule it cancels"), max_length=12, required=False,
                              help_text=_("A base rule or a modifier by its number, e.g. M7"))
    # The rank is a select of the ranks as the site writes them; the service refuses any other
    # value sent, naming it.
    rank = forms.CharField(label=_("Rank chosen"), required=False, widget=forms.Select)
    cards = forms.CharField(label=_("Further cards"), max_length=40, required=False,
                            help_text=_("Other cards of yours the claim names, separated by spaces, e.g. 7♥ 10♠ "
                                        "or 7h 10s"))

    # Which rules read each of the fields above: rule -> fields, for the page to show them.
    CONDITIONAL = ("target", "direction", "cancels", "rank", "cards")

    def __init__(self, *args, players, member, **kwargs):
        super().__init__(*args, **kwargs)
        _offer_players(self.fields["member"], players)
        self.fields["member"].initial = member.pk
        self.fields["rank"].widget.choices = rank_choices()

    @staticmethod
    def reads() -> dict[str, list[str]]:
        """rule -> the conditional fields a claim under it names (for the page's script)."""
        return claim_reads_table()

    def reads_json(self) -> str:
        return json.dumps(self.reads())

    def read_by_rule(self) -> tuple[str, ...]:
        """The conditional fields the rule sent reads (all hidden when none was sent)."""
        return _read_by_rule(self, "rule")


def rank_choices() -> list[tuple[str, str]]:
    """The ranks a claim may choose, as the site writes them in the member's language with their
    names: "Q · Unicorn", "Д · единорог"."""
    return [("", "—"), *((str(r), presenters.rank_label(r)) for r in range(2, 15))]


def claim_reads_table() -> dict[str, list[str]]:
    """rule -> the conditional fields a claim under it names (for the page's script)."""
    return {rule: list(engine.claim_reads(rule)) for rule in sorted(engine.claim_reading_rules())}


def _read_by_rule(form: forms.Form, rule_field: str) -> tuple[str, ...]:
    if not form.is_bound:
        return ()
    rule = (form.data.get(form.add_prefix(rule_field)) or "").strip().upper().replace(" ", "")
    return engine.claim_reads("M" + rule[1:] if rule.startswith("М") else rule)


class QuickResultForm(forms.Form):
    winners = _PlayersChoice(label=_("Winner"), queryset=Member.objects.none(), widget=forms.CheckboxSelectMultiple)
    pot = forms.IntegerField(label=_("Pot"), min_value=0)
    note = forms.CharField(label=_("Note"), max_length=200, required=False)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        _offer_players(self.fields["winners"], players)


class ReseatForm(forms.Form):
    """A seat or a player changes: each player's seat (or "leaves"), and a player who joins."""

    def __init__(self, *args, game, candidates, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = sorted(game.players.all(), key=lambda gp: gp.seat_index)
        leave = [("", _("leaves the table"))]
        for gp in self.players:
            self.fields[f"seat_{gp.member_id}"] = forms.ChoiceField(
                label=gp.member.display_name, choices=leave + list(Seat.choices), initial=gp.seat, required=False)
        self.fields["newcomer"] = _PlayerChoice(label=_("A player joins"), queryset=candidates, required=False)
        self.fields["newcomer_seat"] = forms.ChoiceField(label=_("in the seat"), choices=[("", "—")] + list(Seat.choices),
                                                         required=False)

    def seats(self) -> dict[int, str]:
        seats = {gp.member_id: self.cleaned_data.get(f"seat_{gp.member_id}") for gp in self.players}
        seats = {k: v for k, v in seats.items() if v}
        newcomer = self.cleaned_data.get("newcomer")
        if newcomer is not None:
            if not self.cleaned_data.get("newcomer_seat"):
                raise forms.ValidationError(_("Choose a seat for %(name)s.") % {"name": newcomer.display_name})
            seats[newcomer.pk] = self.cleaned_data["newcomer_seat"]
        return seats


class LedgerFilterForm(forms.Form):
    """The admin's ledger overview: whose entries, and between which days (both included)."""

    member = forms.ModelChoiceField(label=_("Member"), queryset=Member.objects.order_by("display_name"),
                                    required=False, empty_label=_("every member"))
    since = forms.DateField(label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self):
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            self.add_error("until", _("%(until)s is before %(since)s.") % {"until": until, "since": since})
        return data


class CorrectionForm(forms.Form):
    """A correction of a deal whose cards were recorded: every recorded card (type another in its
    place), every bet (a new amount, or 0 to take it out), every claim (tick to take it out), a
    bet and a claim to add. The service judges the deal again with them."""

    new_bet_member = _PlayerChoice(label=_("Player"), queryset=Member.objects.none(), required=False)
    new_bet_amount = forms.IntegerField(label=_("Chips"), min_value=1, required=False)
    new_claim_member = _PlayerChoice(label=_("Player"), queryset=Member.objects.none(), required=False)
    new_claim_rule = forms.CharField(label=_("Rule"), max_length=12, required=False, help_text=_("B1..B25 or M1..M100"))
    new_claim_card = forms.CharField(label=_("Card"), max_length=8, required=False)
    new_claim_suit = forms.ChoiceField(label=_("Suit"), required=False,
                                       choices=[("", "—"), ("h", "♥"), ("d", "♦"), ("c", "♣"), ("s", "♠")])
    # The claim added names what its rule reads, as the claim form asks it (games.engine.claim_reads).
    new_claim_target = ClaimForm.base_fields["target"]
    new_claim_direction = ClaimForm.base_fields["direction"]
    new_claim_cancels = ClaimForm.base_fields["cancels"]
    new_claim_rank = ClaimForm.base_fields["rank"]
    new_claim_cards = ClaimForm.base_fields["cards"]
    note = forms.CharField(label=_("What was wrong"), max_length=200, required=False)

    CONDITIONAL = ClaimForm.CONDITIONAL
    NEW_CLAIM = "new_claim_"

    def __init__(self, *args, players, cards, bets, claims, names, **kwargs):
        super().__init__(*args, **kwargs)
        self.cards, self.bets, self.claims = list(cards), list(bets), list(claims)
        for name in ("new_bet_member", "new_claim_member"):
            _offer_players(self.fields[name], players)
        self.fields["new_claim_rank"].widget.choices = rank_choices()
        self.card_rows = []
        for c in self.cards:
            field = f"card_{c.seq}"
            self.fields[field] = forms.CharField(
                label=_("Card %(number)s, to %(name)s") % {"number": c.seq + 1, "name": names.get(c.member_id, "")},
                max_length=8, initial=c.card)
            self.card_rows.append((c, self[field]))
        self.bet_rows = []
        for b in self.bets:
            field = f"bet_{b.pk}"
            self.fields[field] = forms.IntegerField(
                label=_("%(name)s: %(kind)s") % {"name": names.get(b.member_id, ""), "kind": b.get_kind_display()},
                min_value=0, initial=b.amount, required=False, help_text=_("0 takes the bet out"))
            self.bet_rows.append((b, self[field]))
        self.claim_rows = []
        for c in self.claims:
            field = f"remove_claim_{c.pk}"
            self.fields[field] = forms.BooleanField(label=_("Take out"), required=False)
            self.claim_rows.append((c, self[field]))

    def new_bet_fields(self):
        return [self["new_bet_member"], self["new_bet_amount"]]

    def new_claim_fields(self):
        """The added claim's fields: (bound field, the conditional field it is or "")."""
        return [(self[self.NEW_CLAIM + name], name if name in self.CONDITIONAL else "")
                for name in ("member", "rule", "card", "suit", *self.CONDITIONAL)]

    def reads_json(self) -> str:
        return json.dumps(claim_reads_table())

    def read_by_rule(self) -> tuple[str, ...]:
        return _read_by_rule(self, "new_claim_rule")

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        bets = []
        for b in self.bets:
            amount = data.get(f"bet_{b.pk}")
            if amount is None:
                amount = b.amount
            if amount:
                bets.append({"member": b.member_id, "kind": b.kind, "amount": amount, "field": f"bet_{b.pk}"})
        if data.get("new_bet_amount"):
            member = data.get("new_bet_member")
            bets.append({"member": member.pk if member else None, "kind": "raise", "amount": data["new_bet_amount"],
                         "field": "new_bet_amount", "member_field": "new_bet_member"})
        claims = [{"member": c.member_id, "rule": c.rule, "card": c.card, "suit": c.suit,
                   "target": c.target, "direction": c.direction, "cancels": c.cancels, "rank": c.rank,
                   "cards": c.cards, "field": f"remove_claim_{c.pk}"}
                  for c in self.claims if not data.get(f"remove_claim_{c.pk}")]
        if data.get("new_claim_rule"):
            member = data.get("new_claim_member")
            claims.append({"member": member.pk if member else None, "rule": data["new_claim_rule"],
                           "card": data.get("new_claim_card") or "", "suit": data.get("new_claim_suit") or "",
                           **{name: data.get(self.NEW_CLAIM + name) or "" for name in self.CONDITIONAL},
                           "field": "new_claim_member", "rule_field": "new_claim_rule",
                           "card_field": "new_claim_card", "prefix": self.NEW_CLAIM})
        return {"cards": {c.seq: data.get(f"card_{c.seq}") or "" for c in self.cards},
                "bets": bets, "claims": claims, "note": data.get("note") or ""}
