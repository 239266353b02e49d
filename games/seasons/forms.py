from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import GameKind, Venue
from club.validators import validate_club_date

from .models import SEASON_GAMES, Season
from .scoring import MAX_PLACES, MAX_POINTS


class SeasonForm(forms.Form):
    """A season and its formula: each part of the formula is a field; a part left empty (or at
    zero) gives no points. The service checks them together and names what is wrong."""

    name = forms.CharField(label=_("Name"), max_length=120)
    start_date = forms.DateField(label=_("First day"), validators=[validate_club_date],
                                 widget=forms.DateInput(attrs={"type": "date"}))
    end_date = forms.DateField(label=_("Last day"), validators=[validate_club_date],
                               widget=forms.DateInput(attrs={"type": "date"}))
    games = forms.MultipleChoiceField(
        label=_("Games that count"), widget=forms.CheckboxSelectMultiple, initial=[GameKind.DRAGON],
        choices=[(g, label) for g, label in GameKind.choices if g in SEASON_GAMES],
        help_text=_("Dragon Poker, casino hands tied to the session and dice matches place the evening's "
                    "players by their net chips together; a trick-game tournament played at the session "
                    "places its players by its final standings."))
    placing = forms.CharField(
        label=_("Points by the evening's placing"), required=False, max_length=200, initial="10, 7, 5, 3, 1",
        help_text=_("The points of the first, second, third... place by the evening's net chips, separated "
                    "by commas; equal chips share a place. Empty: no points for placing."))
    deal_won = forms.IntegerField(label=_("Points per deal won"), min_value=0, max_value=MAX_POINTS, initial=0,
                                  required=False, help_text=_("Dragon Poker deals: the other games have none."))
    attendance = forms.IntegerField(label=_("Points for coming"), min_value=0, max_value=MAX_POINTS, initial=1,
                                    required=False, help_text=_("For each evening the member checked in or played."))
    min_evenings = forms.IntegerField(label=_("Evenings to qualify"), min_value=0, max_value=366, initial=0)
    best_of = forms.IntegerField(label=_("Best evenings counted"), min_value=0, max_value=366, initial=0,
                                 help_text=_("0: every evening counts."))
    championship_size = forms.IntegerField(label=_("Players in the championship"), min_value=2, max_value=8,
                                           initial=8)

    def clean_placing(self) -> list[int]:
        text = self.cleaned_data["placing"].strip()
        if not text:
            return []
        table = []
        for piece in text.replace(";", ",").split(","):
            piece = piece.strip()
            if not piece.isdigit() or int(piece) > MAX_POINTS:
                raise forms.ValidationError(
                    _("Each place is worth a whole number of points from 0 to %(most)s, not “%(value)s”.")
                    % {"most": MAX_POINTS, "value": piece[:40]})
            table.append(int(piece))
        if len(table) > MAX_PLACES:
            raise forms.ValidationError(_("At most %(most)s places.") % {"most": MAX_PLACES})
        return table

    def clean(self):
        data = super().clean()
        if not self.errors and not (data.get("placing") or data.get("deal_won") or data.get("attendance")):
            raise forms.ValidationError(_("Choose at least one way to earn points."))
        return data

    def service_kwargs(self) -> dict:
        data = dict(self.cleaned_data)
        parts = {}
        if data.pop("placing"):
            parts["placing"] = {"table": self.cleaned_data["placing"]}
        for key in ("deal_won", "attendance"):
            points = data.pop(key)
            if points:
                parts[key] = {"points": points}
        data["parts"] = parts
        return data

    @classmethod
    def initial_of(cls, season: Season) -> dict:
        parts = season.parts or {}
        return {
            "name": season.name, "start_date": season.start_date, "end_date": season.end_date,
            "games": season.games,
            "placing": ", ".join(str(p) for p in parts.get("placing", {}).get("table", [])),
            "deal_won": parts.get("deal_won", {}).get("points", 0),
            "attendance": parts.get("attendance", {}).get("points", 0),
            "min_evenings": season.min_evenings, "best_of": season.best_of,
            "championship_size": season.championship_size,
        }


class ChampionshipForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=120, required=False)
    venue = forms.ModelChoiceField(queryset=Venue.objects.all(), label=_("Venue"))
    starts_at = forms.DateTimeField(label=_("Starts at"), validators=[validate_club_date],
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    ends_at = forms.DateTimeField(label=_("Ends at"), validators=[validate_club_date],
                                  widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
