from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from .audit import PAGE_SIZES, kind_choices
from .models import RSVP, Dimension, Member, ScheduledSession, Venue
from .seats import Seat
from .validators import validate_club_date


class SeatForm(forms.Form):
    member = forms.ModelChoiceField(queryset=Member.objects.none(), label=_("Member"))
    seat = forms.ChoiceField(choices=Seat.choices, label=_("Seat"))

    def __init__(self, *args, session: ScheduledSession, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = Member.objects.filter(
            rsvps__session=session, rsvps__answer=RSVP.Answer.GOING).order_by("display_name")


class InvitationForm(forms.Form):
    email = forms.EmailField(label=_("Email"))
    display_name = forms.CharField(label=_("Display name"), max_length=80)
    dimension = forms.ModelChoiceField(queryset=Dimension.objects.all(), label=_("Dimension"))
    role = forms.ChoiceField(choices=Member.Role.choices, label=_("Role"), initial=Member.Role.MEMBER)


class MemberImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file"), allow_empty_file=True,
                           widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv,text/plain"}))


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ["display_name", "dimension", "sex", "beard"]


class SessionForm(forms.Form):
    """The fields of a session; the service checks them together and names what is wrong."""

    title = forms.CharField(label=_("Title"), max_length=120)
    venue = forms.ModelChoiceField(queryset=Venue.objects.all(), label=_("Venue"))
    starts_at = forms.DateTimeField(label=_("Starts at"), validators=[validate_club_date],
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    ends_at = forms.DateTimeField(label=_("Ends at"), validators=[validate_club_date],
                                  widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    kind = forms.ChoiceField(choices=ScheduledSession.Kind.choices, label=_("Kind of session"),
                             initial=ScheduledSession.Kind.DRAGON,
                             help_text=_("What the session page opens when play starts."))
    min_stake = forms.IntegerField(label=_("Minimum stake"), min_value=1, initial=2)
    max_stake = forms.IntegerField(label=_("Maximum stake"), min_value=1, initial=20)
    capacity = forms.IntegerField(label=_("Capacity"), min_value=2, max_value=8, initial=8)
    notes = forms.CharField(label=_("Notes"), widget=forms.Textarea(attrs={"rows": 3}), required=False)


class MailPreferencesForm(forms.ModelForm):
    """Which reminder mails the member gets, and in which language."""

    language = forms.ChoiceField(label=_("Language of mails"), required=False,
                                 choices=[("", _("The club's language")), *settings.LANGUAGES])

    class Meta:
        model = Member
        fields = ["language", "mail_session_day", "mail_session_soon", "mail_waitlist_place"]

    def mail_fields(self) -> list[forms.BoundField]:
        """The mails to tick, without the language they are written in."""
        return [field for field in self if field.name != "language"]


class AuditFilterForm(forms.Form):
    """The club's history: whose changes, of which kind of object, between which days (both
    included), how many rows a page."""

    member = forms.ModelChoiceField(label=_("Changed by"), queryset=Member.objects.order_by("display_name"),
                                    required=False, empty_label=_("anyone"))
    kind = forms.ChoiceField(label=_("Kind of object"), required=False)
    since = forms.DateField(label=_("From"), required=False, validators=[validate_club_date],
                            widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(label=_("To"), required=False, validators=[validate_club_date],
                            widget=forms.DateInput(attrs={"type": "date"}))
    size = forms.TypedChoiceField(label=_("Rows a page"), required=False, coerce=int, empty_value=25)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [("", _("every kind")), *kind_choices()]
        self.fields["size"].choices = [(n, n) for n in PAGE_SIZES]

    def clean(self):
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            self.add_error("until", _("%(until)s is before %(since)s.") % {"until": until, "since": since})
        return data
