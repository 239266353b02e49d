"""Forms of the tournament pages; the services judge, the forms only collect."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from club.api_parsers import loads
from club.models import Member, Venue

from .models import SEAT_LABELS, Stage


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.ModelChoiceField(label=_("Venue"), queryset=Venue.objects.all(), required=False)
    seed = forms.CharField(label=_("Draw seed"), max_length=64, required=False)


class EntryForm(forms.Form):
    member = forms.ModelChoiceField(label=_("Player"), queryset=Member.objects.filter(active=True))


class StageForm(forms.Form):
    method = forms.ChoiceField(label=_("Seating"), choices=Stage.Method.choices)


class RoundForm(forms.Form):
    """One row of the score sheet: a bid and the tricks taken per seat, optionally the card play."""

    number = forms.IntegerField(label=_("Round"), min_value=1, max_value=30)
    play = forms.CharField(label=_("Card play (the engine's round document, JSON; optional)"), required=False,
                           widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for seat, label in enumerate(SEAT_LABELS):
            self.fields[f"bid_{seat}"] = forms.IntegerField(label=_("Bid %(seat)s") % {"seat": label}, required=False,
                                                            min_value=0, max_value=8)
            self.fields[f"taken_{seat}"] = forms.IntegerField(label=_("Tricks %(seat)s") % {"seat": label},
                                                              required=False, min_value=0, max_value=8)

    def clean_play(self):
        text = self.cleaned_data["play"].strip()
        if not text:
            return None
        try:
            return loads(text)
        except ValueError as error:
            raise forms.ValidationError(_("The card play is not JSON: %(error)s") % {"error": error})

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
        for seat, label in enumerate(SEAT_LABELS):
            self.fields[f"bid_{seat}"] = forms.IntegerField(label=_("Bid %(seat)s") % {"seat": label}, required=False,
                                                            min_value=0, max_value=8)
            self.fields[f"taken_{seat}"] = forms.IntegerField(label=_("Tricks %(seat)s") % {"seat": label},
                                                              required=False, min_value=0, max_value=8)

    def seat_fields(self):
        return [(label, self[f"bid_{s}"], self[f"taken_{s}"]) for s, label in enumerate(SEAT_LABELS)]

    def values(self) -> dict:
        data = self.cleaned_data
        bids = [data.get(f"bid_{s}") for s in range(4)]
        return {"bids": None if all(b is None for b in bids) else bids,
                "taken": [data.get(f"taken_{s}") for s in range(4)], "reason": data.get("reason") or ""}
