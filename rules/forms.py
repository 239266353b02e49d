"""Forms of the archive's pages; the services check everything again and their messages are shown
next to the field."""

from __future__ import annotations

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from club.errors import InvalidInput

from . import search
from .models import Precedent, PrecedentCitation
from .services import QUESTION_MAX_LENGTH, TEXT_MAX_LENGTH


def _no_control_characters(value: str) -> None:
    try:
        search.check_text(value, max_length=len(value or ""))
    except InvalidInput as exc:
        # The form names the field itself: keep the reason only.
        raise forms.ValidationError(exc.message.split(": ", 1)[-1])


class PrecedentFilterForm(forms.Form):
    q = forms.CharField(label=_("Search"), required=False, max_length=search.QUERY_MAX_LENGTH,
                        validators=[_no_control_characters])
    rule = forms.CharField(label=_("Rule"), required=False, max_length=40, validators=[_no_control_characters],
                           help_text=_("B12, M34, H30, T2 ..."))
    modifier = forms.IntegerField(label=_("Modifier"), required=False, min_value=1, max_value=100)
    hand = forms.IntegerField(label=_("Hand"), required=False, min_value=1, max_value=64)
    point = forms.CharField(label=_("Interpretation point"), required=False, max_length=60,
                            validators=[_no_control_characters])
    status = forms.ChoiceField(label=_("Status"), required=False,
                               choices=[("", _("Any"))] + list(Precedent.Status.choices))
    date_from = forms.DateField(label=_("Ruled from"), required=False,
                                widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(label=_("Ruled until"), required=False,
                              widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The examples are the rulebook's keys, typed as they are: code, not words.
        self.fields["rule"].help_text = format_html('<code translate="no">{}</code>', _("B12, M34, H30, T2 ..."))

    def filter_fields(self) -> list[forms.BoundField]:
        """The fields that narrow the list, without the search box the page shows apart."""
        return [field for field in self if field.name != "q"]

    def params(self) -> dict:
        data = self.cleaned_data
        out = {k: data.get(k) for k in ("q", "rule", "point", "status")}
        out["modifier"] = data.get("modifier")
        out["hand"] = data.get("hand")
        out["from"] = data["date_from"].isoformat() if data.get("date_from") else None
        out["to"] = data["date_to"].isoformat() if data.get("date_to") else None
        return {k: v for k, v in out.items() if v not in (None, "")}


class DisputeForm(forms.Form):
    deal_ref = forms.CharField(label=_("Deal"), max_length=120)
    question = forms.CharField(label=_("What is disputed?"), widget=forms.Textarea(attrs={"rows": 3}),
                               max_length=QUESTION_MAX_LENGTH)


class RulingForm(forms.Form):
    ruling = forms.CharField(label=_("Ruling"), widget=forms.Textarea(attrs={"rows": 3}), required=False,
                             max_length=TEXT_MAX_LENGTH)


class PublishForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=200)
    status = forms.ChoiceField(label=_("Status"), choices=[
        (Precedent.Status.BINDING, _("Binding")), (Precedent.Status.ADVISORY, _("Advisory")),
        (Precedent.Status.DRAFT, _("Draft"))])


def _pairs(text: str, what: str) -> dict[str, str]:
    out = {}
    for line in (text or "").replace(",", "\n").splitlines():
        line = line.strip()
        if not line:
            continue
        if "=" not in line:
            raise forms.ValidationError(_("%(line)s: write %(what)s=value") % {"line": line, "what": what})
        key, value = (part.strip() for part in line.split("=", 1))
        out[key] = value
    return out


class PrecedentForm(forms.Form):
    """A croupier files a precedent from the site; lists are typed as text (one item a line)."""

    title = forms.CharField(label=_("Title"), max_length=200)
    situation = forms.CharField(label=_("Situation"), widget=forms.Textarea(attrs={"rows": 3}),
                                max_length=TEXT_MAX_LENGTH)
    question = forms.CharField(label=_("Question"), widget=forms.Textarea(attrs={"rows": 2}),
                               max_length=TEXT_MAX_LENGTH)
    ruling = forms.CharField(label=_("Ruling"), widget=forms.Textarea(attrs={"rows": 3}),
                             max_length=TEXT_MAX_LENGTH)
    ruled_on = forms.DateField(label=_("Ruled on"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    effective_from = forms.DateField(label=_("In force from"), required=False,
                                     widget=forms.DateInput(attrs={"type": "date"}))
    status = forms.ChoiceField(label=_("Status"), choices=[
        (Precedent.Status.DRAFT, _("Draft")), (Precedent.Status.BINDING, _("Binding")),
        (Precedent.Status.ADVISORY, _("Advisory"))])
    cites_rules = forms.CharField(label=_("Rules cited"), required=False, help_text=_("B2, M7, H30 ..."),
                                  max_length=TEXT_MAX_LENGTH)
    fixes = forms.CharField(label=_("Readings fixed"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
                            max_length=TEXT_MAX_LENGTH,
                            help_text=_("One a line: IP-R2-WILD-CARD=that_rank"))
    cites_precedents = forms.CharField(label=_("Earlier precedents"), required=False,
                                       widget=forms.Textarea(attrs={"rows": 2}), max_length=TEXT_MAX_LENGTH,
                                       help_text=_("One a line: P-2003-001=overrules (follows, distinguishes, "
                                                   "overrules, supersedes)"))
    deal_ref = forms.CharField(label=_("Deal"), required=False, max_length=120)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # What a croupier types here are codes (a rule's key, a point's id and reading, a treatment):
        # the examples show them as what to type (<kbd>), their meaning in words.
        code = '<kbd translate="no">{}</kbd>'
        self.fields["cites_rules"].help_text = format_html(code, _("B2, M7, H30 ..."))
        self.fields["fixes"].help_text = format_html("{} " + code, _("One a line, as in"), "IP-R2-WILD-CARD=that_rank")
        treatments = format_html_join(", ", code + " ({})", ((t.value, t.label) for t in PrecedentCitation.Treatment))
        self.fields["cites_precedents"].help_text = format_html("{} " + code + "; {} {}", _("One a line, as in"),
                                                                "P-2003-001=overrules", _("the treatments:"), treatments)

    def clean_cites_rules(self):
        return [k.strip() for k in self.cleaned_data["cites_rules"].replace(",", " ").split() if k.strip()]

    def clean_fixes(self):
        return _pairs(self.cleaned_data["fixes"], "IP-...")

    def clean_cites_precedents(self):
        return _pairs(self.cleaned_data["cites_precedents"], "P-...")
