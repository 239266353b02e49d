"""Forms of the table pages. They only shape input; the services and engines judge it, and an
engine's reason is put next to the field it concerns."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from club.models import Member, ScheduledSession, Venue

from .engines import draker as draker_engine
from .models import DiceMatch

FACE_CHOICES = [("", "–")] + [(str(v), f"{face} {v}") for v, face in
                               ((1, "⚀"), (2, "⚁"), (3, "⚂"), (4, "⚃"), (5, "⚄"), (6, "⚅"))]


class CasinoStartForm(forms.Form):
    # The table's limit is the service's to check, so the refusal beside the field names the value.
    stake = forms.IntegerField(label=_("Stake (chips)"), initial=1)
    session = forms.ModelChoiceField(
        label=_("Evening the hand counts for"), queryset=ScheduledSession.objects.none(), required=False,
        empty_label=_("No evening: the hand counts for no season"),
        help_text=_("The sessions in progress you are going to or checked in at (a croupier: any in progress). "
                    "A season that counts the casino game adds the hand's net to your chips of that evening."))
    venue = forms.ModelChoiceField(label=_("Venue (its clock is the house clock)"), queryset=Venue.objects.all(),
                                   required=False, to_field_name="slug",
                                   help_text=_("Left empty with an evening chosen: the evening's venue."))

    def __init__(self, *args, sessions=None, **kwargs):
        """``sessions``: the ones the member may tie the hand to; the first is proposed."""
        super().__init__(*args, **kwargs)
        field = self.fields["session"]
        field.queryset = sessions if sessions is not None else ScheduledSession.objects.none()
        if not self.is_bound:
            proposed = field.queryset.first()
            if proposed is not None:
                self.initial.setdefault("session", proposed.pk)


class CasinoDrawForm(forms.Form):
    """The cards to throw, ticked on the hand; their values come from the hand on the page."""

    discard = forms.MultipleChoiceField(label=_("Cards to discard"), required=False,
                                        widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, cards: list[str] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["discard"].choices = [(c, c) for c in cards]


class DiceMatchForm(forms.Form):
    first = forms.ModelChoiceField(label=_("First player"), queryset=Member.objects.filter(active=True))
    second = forms.ModelChoiceField(label=_("Second player"), queryset=Member.objects.filter(active=True))
    # The limits (the table's, the session's stakes) are the service's to check, naming the value.
    stake = forms.IntegerField(label=_("Stake (chips)"), initial=1)
    mode = forms.ChoiceField(label=_("Dice"), choices=DiceMatch.Mode.choices, initial=DiceMatch.Mode.RECORDED)
    session = forms.ModelChoiceField(label=_("Session"), queryset=ScheduledSession.objects.select_related("venue")
                                     .order_by("-starts_at"), required=False)
    max_raise = forms.IntegerField(label=_("Largest raise"), required=False)


class DiceMoveForm(forms.Form):
    """One move, as tapped on a phone: the action, the five faces of a roll, or the positions
    rerolled with their new faces (a face left at "–" at a rerolled position is rolled by the
    site in a seeded match)."""

    action = forms.ChoiceField(label=_("Move"), choices=[(a, a) for a in
                                                         ("roll", "raise", "no_raise", "accept", "decline",
                                                          "pass", "reroll")])
    player = forms.IntegerField(label=_("Player"), required=False, widget=forms.HiddenInput)
    amount = forms.IntegerField(label=_("Raise by"), required=False)
    reroll = forms.MultipleChoiceField(label=_("Dice to reroll"), required=False,
                                       choices=[(str(i), str(i + 1)) for i in range(5)],
                                       widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for i in range(5):
            self.fields[f"die{i}"] = forms.TypedChoiceField(label=_("Die %(n)s") % {"n": i + 1},
                                                             choices=FACE_CHOICES, coerce=int, empty_value=None,
                                                             required=False)

    def die_fields(self) -> list[forms.BoundField]:
        """The five faces' pickers, in the dice's order."""
        return [self[f"die{i}"] for i in range(5)]

    def faces(self) -> list[int | None]:
        return [self.cleaned_data.get(f"die{i}") for i in range(5)]

    def move(self) -> dict:
        """The move in the service's terms: a roll's dice, a reroll's positions and faces."""
        data = self.cleaned_data
        action = data["action"]
        faces = self.faces()
        move: dict = {"action": action}
        if action == "roll" and any(f is not None for f in faces):
            move["dice"] = faces
        elif action == "reroll":
            indices = sorted(int(i) for i in data.get("reroll") or [])
            move["indices"] = indices
            chosen = [faces[i] for i in indices]
            if any(f is not None for f in chosen):
                move["dice"] = chosen
        elif action == "raise":
            move["amount"] = data.get("amount")
        return move


DRAKER_SUIT_NAMES = {"h": pgettext_lazy("draker suit", "hearts"), "d": pgettext_lazy("draker suit", "diamonds"),
                     "c": pgettext_lazy("draker suit", "clubs"), "s": pgettext_lazy("draker suit", "spades"),
                     "e": pgettext_lazy("draker suit", "elves"), "g": pgettext_lazy("draker suit", "gnomes")}
PROFESSION_NAMES = {
    "spearman": pgettext_lazy("draker profession", "spearman"),
    "swordsman": pgettext_lazy("draker profession", "swordsman"),
    "archer": pgettext_lazy("draker profession", "archer"),
    "field_musician": pgettext_lazy("draker profession", "field musician"),
    "healer": pgettext_lazy("draker profession", "healer"),
    "pathfinder": pgettext_lazy("draker profession", "pathfinder"),
    "mechanic": pgettext_lazy("draker profession", "mechanic"),
    "wizard": pgettext_lazy("draker profession", "wizard"),
    "giant": pgettext_lazy("draker profession", "giant"),
    "etsilop": pgettext_lazy("draker profession", "etsilop"),
}
SUIT_CHOICES = [(code, DRAKER_SUIT_NAMES[code]) for code in draker_engine.SUITS]
RANK_CHOICES = [("", "–")] + [(str(r), {11: "J", 12: "Q", 13: "K", 14: "A"}.get(r, str(r)))
                               for r in draker_engine.RANKS]
PROFESSION_CHOICES = [(str(n), format_lazy("{} {}", n, PROFESSION_NAMES[name]))
                      for n, name in draker_engine.PROFESSIONS.items()]


class DrakerCardForm(forms.Form):
    """One card of the combination; a row whose rank is left at "–" is not a card."""

    rank = forms.TypedChoiceField(label=_("Rank"), choices=RANK_CHOICES, coerce=int, empty_value=None,
                                  required=False)
    profession = forms.TypedChoiceField(label=_("Profession"), choices=PROFESSION_CHOICES, coerce=int,
                                        required=False, empty_value=1)
    suit = forms.ChoiceField(label=_("Suit"), choices=SUIT_CHOICES, required=False, initial="h")
    tokens = forms.IntegerField(label=_("Tokens (+1 / −1)"), initial=0, required=False)
    effects = forms.IntegerField(label=_("Effects"), initial=0, required=False)
    pool = forms.ChoiceField(label=_("Pool"), choices=[("own", _("own")), ("common", _("common"))],
                             required=False, initial="own")

    @property
    def card_given(self) -> bool:
        return self.is_bound and bool(self.data.get(self.add_prefix("rank")))

    def card(self) -> dict | None:
        data = self.cleaned_data
        if data.get("rank") is None:
            return None
        return {"rank": data["rank"], "profession": data.get("profession") or 1, "suit": data.get("suit") or "h",
                "tokens": data.get("tokens") or 0, "effects": data.get("effects") or 0,
                "pool": data.get("pool") or "own"}


class DrakerTurnForm(forms.Form):
    effects = forms.IntegerField(label=_("Effects on the combination"), initial=0, required=False)
    spent_attack = forms.IntegerField(label=_("Attack points spent"), initial=0, required=False)
    spent_defence = forms.IntegerField(label=_("Defence points spent"), initial=0, required=False)
    earned_attack = forms.IntegerField(label=_("Other attack points earned"), initial=0, required=False)
    earned_defence = forms.IntegerField(label=_("Other defence points earned"), initial=0, required=False)

    def numbers(self) -> dict[str, int]:
        return {name: self.cleaned_data.get(name) or 0 for name in self.fields}


DRAKER_GAME_ROWS = 8
# Rows shown open on a phone; the others fold under "More players".
DRAKER_GAME_OPEN_ROWS = 4


class DrakerGameForm(forms.Form):
    """A Draker game as played: one row per place, the winner (the last one left) first, each with
    its player and, if the table noted them, his life points at the end."""

    session = forms.ModelChoiceField(label=_("Session"), required=False, queryset=ScheduledSession.objects.filter(
        kind=ScheduledSession.Kind.TABLES).exclude(status=ScheduledSession.Status.CANCELLED).order_by("-starts_at"))
    note = forms.CharField(label=_("Note"), max_length=200, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # One query for the eight rows' choices.
        self.members = {m.pk: m for m in Member.objects.filter(active=True).order_by("display_name")}
        choices = [("", "–")] + [(pk, m.display_name) for pk, m in self.members.items()]
        for i in range(DRAKER_GAME_ROWS):
            label = _("Place 1: the winner, the last one left") if i == 0 else _("Place %(n)s") % {"n": i + 1}
            self.fields[f"member_{i}"] = forms.TypedChoiceField(label=label, choices=choices, coerce=self._member,
                                                                empty_value=None, required=False)
            self.fields[f"life_{i}"] = forms.IntegerField(label=_("Life points at the end"), required=False)

    def _member(self, value) -> Member | None:
        return self.members.get(int(value))

    def game_fields(self) -> list[forms.BoundField]:
        """What is said of the game as a whole, under its rows of places."""
        return [self["session"], self["note"]]

    def rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [(i + 1, self[f"member_{i}"], self[f"life_{i}"]) for i in range(DRAKER_GAME_ROWS)]

    def clean(self):
        data = super().clean()
        filled = [i for i in range(DRAKER_GAME_ROWS) if data.get(f"member_{i}") is not None]
        for i in range(DRAKER_GAME_ROWS):
            if data.get(f"member_{i}") is None and data.get(f"life_{i}") is not None:
                self.add_error(f"member_{i}", _("Choose the player whose life points these are."))
        gap = next((i for i in range(len(filled)) if i not in filled), None)
        if gap is not None and not self.has_error(f"member_{gap}"):
            self.add_error(f"member_{gap}", _("Fill the places in order: place %(n)s has no player.") % {"n": gap + 1})
        return data

    def players(self) -> list[dict]:
        """The rows with a player, as the service takes them: the row's number is the place."""
        data = self.cleaned_data
        return [{"member": data[f"member_{i}"], "place": i + 1, "life": data.get(f"life_{i}")}
                for i in range(DRAKER_GAME_ROWS) if data.get(f"member_{i}") is not None]

    def field_for(self, extra: dict) -> str | None:
        """The field a service's refusal concerns, so the reason stands next to it."""
        field = extra.get("field")
        if field == "players" and isinstance(extra.get("row"), int):
            column = "life" if extra.get("column") == "life" else "member"
            row = extra["row"]
            return f"{column}_{row}" if row < DRAKER_GAME_ROWS else None
        if field == "players":
            return "member_0"
        return field if field in self.fields else None


class DrakerTurnPlayerForm(forms.Form):
    """Whose combination a turn's entry is: one of the game's players."""

    player = forms.TypedChoiceField(label=_("Player"), coerce=int, choices=())

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(m.pk, m.display_name) for m in players]
