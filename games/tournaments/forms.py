"""Forms of the tournament pages; the services judge, the forms only collect."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import Member, Venue

from . import engine as tricks
from .engine import Card, RulesError, parse_card
from .models import SEAT_LABELS, Stage
from .presenters import seat_name


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.ModelChoiceField(label=_("Venue"), queryset=Venue.objects.all(), required=False)
    seed = forms.CharField(label=_("Draw seed"), max_length=64, required=False)


class EntryForm(forms.Form):
    member = forms.ModelChoiceField(label=_("Player"), queryset=Member.objects.filter(active=True))


class StageForm(forms.Form):
    method = forms.ChoiceField(label=_("Seating"), choices=Stage.Method.choices)


DEMAND_CHOICES = [("", "—"), ("highest", _("the highest")), ("lowest", _("the lowest"))]


def _cut(value) -> str:
    return str(value)[:40]


class RoundForm(forms.Form):
    """One row of the score sheet: a bid and the tricks taken per seat, and optionally the card
    play trick by trick (who led, the cards in the order played, a joker leader's demand), from
    which the form builds the engine's played round (the hands are the cards each seat played)."""

    number = forms.IntegerField(label=_("Round"), min_value=1, max_value=30)
    trump_card = forms.CharField(label=_("Turned-up card (trumps)"), max_length=8, required=False,
                                 help_text=_("A joker turned up: no trumps."))

    def __init__(self, *args, table=None, **kwargs):
        super().__init__(*args, **kwargs)
        for seat in range(len(SEAT_LABELS)):
            self.fields[f"bid_{seat}"] = forms.IntegerField(label=_("Bid %(seat)s") % {"seat": seat_name(seat)},
                                                            required=False, min_value=0, max_value=8)
            self.fields[f"taken_{seat}"] = forms.IntegerField(label=_("Tricks %(seat)s") % {"seat": seat_name(seat)},
                                                              required=False, min_value=0, max_value=8)
        self.table = table
        self.readings = table.stage.tournament.readings if table is not None else {}
        self.round_number = self._number()
        self.cards_each = tricks.schedule(self.round_number)[0]
        seats = [("", _("as the rules say"))] + [(str(s), seat_name(s)) for s in range(len(SEAT_LABELS))]
        for k in range(1, self.cards_each + 1):
            self.fields[f"lead_{k}"] = forms.ChoiceField(label=_("Trick %(k)s: led by") % {"k": k}, choices=seats,
                                                         required=False)
            for place in range(4):
                self.fields[f"card_{k}_{place}"] = forms.CharField(
                    label=_("Trick %(k)s, card %(place)s") % {"k": k, "place": place + 1}, max_length=8,
                    required=False)
            self.fields[f"demand_{k}"] = forms.ChoiceField(label=_("A joker led asks for"), choices=DEMAND_CHOICES,
                                                           required=False)

    def _number(self) -> int:
        raw = self.data.get("number") if self.is_bound else self.initial.get("number")
        try:
            number = int(raw)
        except (TypeError, ValueError):
            return 1
        return number if 1 <= number <= tricks.ROUNDS else 1

    def trick_rows(self):
        return [(k, self[f"lead_{k}"], [self[f"card_{k}_{p}"] for p in range(4)], self[f"demand_{k}"])
                for k in range(1, self.cards_each + 1)]

    def _card(self, name: str, text: str, what) -> Card | None:
        try:
            return parse_card(text)
        except RulesError:
            self.add_error(name, _("%(what)s: %(value)s is not a card (e.g. Ah, 10c, Тч, Jo).")
                           % {"what": what, "value": _cut(text)})
            return None

    def clean(self):
        data = super().clean()
        names = [f"card_{k}_{p}" for k in range(1, self.cards_each + 1) for p in range(4)]
        if not (data.get("trump_card") or any(data.get(n) for n in names)):
            data["play"] = None
            return data
        number = data.get("number") or self.round_number
        dealer = tricks.dealer_of(number, self.table.first_dealer if self.table else 0, self.readings)
        trump = None
        if not data.get("trump_card"):
            self.add_error("trump_card", _("Name the turned-up card of the card play."))
        else:
            trump = self._card("trump_card", data["trump_card"], _("Turned-up card"))
        seen: dict[Card, int] = {} if trump is None or trump.is_joker else {trump: 0}
        hands: list[list[str]] = [[], [], [], []]
        played: list[dict] = []
        taken = [0, 0, 0, 0]
        leader = (dealer + 1) % 4
        for k in range(1, self.cards_each + 1):
            lead = data.get(f"lead_{k}")
            if lead not in (None, ""):
                leader = int(lead)
            cards = []
            for place in range(4):
                name = f"card_{k}_{place}"
                text = (data.get(name) or "").strip()
                seat = seat_name((leader + place) % 4)
                if not text:
                    self.add_error(name, _("Trick %(k)s: the card %(seat)s played is missing.") % {"k": k, "seat": seat})
                    continue
                card = self._card(name, text, _("Trick %(k)s") % {"k": k})
                if card is None:
                    continue
                if not card.is_joker and card in seen:
                    where = seen[card]
                    self.add_error(name, (_("%(card)s is played twice (trick %(first)s).") if where else
                                          _("%(card)s is the turned-up card, not in a hand."))
                                   % {"card": _cut(text), "first": where})
                    continue
                seen[card] = k
                cards.append(card)
            if len(cards) != 4:
                continue
            demand = data.get(f"demand_{k}") or None
            if demand and not cards[0].is_joker:
                self.add_error(f"demand_{k}", _("Trick %(k)s: only a joker led asks for a card; %(card)s was led.")
                               % {"k": k, "card": _cut(data.get(f"card_{k}_0"))})
            winner = (leader + tricks.trick_winner(cards, trump)) % 4
            for place, card in enumerate(cards):
                hands[(leader + place) % 4].append(str(card))
            played.append({"leader": leader, "cards": [str(c) for c in cards], "demand": demand, "winner": winner})
            taken[winner] += 1
            leader = winner
        if self.errors:
            return data
        bids = [data.get(f"bid_{s}") for s in range(4)]
        bids = None if all(b is None for b in bids) else bids
        sheet_taken = [data.get(f"taken_{s}") for s in range(4)]
        if any(t is not None for t in sheet_taken) and sheet_taken != taken:
            self.add_error("taken_0", _("The card play gives the tricks %(play)s, the sheet %(sheet)s.")
                           % {"play": "/".join(map(str, taken)),
                              "sheet": "/".join("–" if t is None else str(t) for t in sheet_taken)})
            return data
        try:
            scores = list(tricks.RoundRecord(number, dealer, None if bids is None else tuple(bids),
                                             tuple(taken)).scores(self.readings))
        except RulesError:
            scores = [0, 0, 0, 0]      # the sheet's own checks name what is wrong with the bids
        data["play"] = {"number": number, "dealer": dealer, "trump_card": str(trump), "hands": hands, "bids": bids,
                        "tricks": played, "taken": taken, "scores": scores}
        return data

    def values(self) -> dict:
        data = self.cleaned_data
        bids = [data.get(f"bid_{s}") for s in range(4)]
        taken = [data.get(f"taken_{s}") for s in range(4)]
        return {"number": data["number"], "bids": None if all(b is None for b in bids) else bids,
                "taken": None if all(t is None for t in taken) and data.get("play") else taken,
                "play": data.get("play")}


class RoundCorrectionForm(forms.Form):
    """A tournament director's correction of a recorded round: the bids and tricks per seat."""

    reason = forms.CharField(label=_("What was wrong"), max_length=200, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for seat in range(len(SEAT_LABELS)):
            self.fields[f"bid_{seat}"] = forms.IntegerField(label=_("Bid %(seat)s") % {"seat": seat_name(seat)},
                                                            required=False, min_value=0, max_value=8)
            self.fields[f"taken_{seat}"] = forms.IntegerField(label=_("Tricks %(seat)s") % {"seat": seat_name(seat)},
                                                              required=False, min_value=0, max_value=8)

    def seat_fields(self):
        return [(label, self[f"bid_{s}"], self[f"taken_{s}"]) for s, label in enumerate(SEAT_LABELS)]

    def values(self) -> dict:
        data = self.cleaned_data
        bids = [data.get(f"bid_{s}") for s in range(4)]
        return {"bids": None if all(b is None for b in bids) else bids,
                "taken": [data.get(f"taken_{s}") for s in range(4)], "reason": data.get("reason") or ""}
