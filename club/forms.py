from django import forms
from django.utils.translation import gettext_lazy as _

from .models import RSVP, Member, ScheduledSession
from .seats import Seat


class SeatForm(forms.Form):
    member = forms.ModelChoiceField(queryset=Member.objects.none(), label=_("Member"))
    seat = forms.ChoiceField(choices=Seat.choices, label=_("Seat"))

    def __init__(self, *args, session: ScheduledSession, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = Member.objects.filter(
            rsvps__session=session, rsvps__answer=RSVP.Answer.GOING).order_by("display_name")
