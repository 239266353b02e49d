"""How the site's forms draw a field: its refusal stands under its input, in words, with what
the member typed echoed back (cut to 40 characters), wherever a form is drawn with ``as_div`` or
field by field; a secret (club.redaction) is neither echoed nor drawn back into its box."""

from __future__ import annotations

from pathlib import Path

import django.forms
from django.conf import settings
from django.forms.renderers import DjangoTemplates
from django.utils.functional import cached_property

from .redaction import is_secret_input


class ClubFormRenderer(DjangoTemplates):
    field_template_name = "club/forms/field.html"

    def render(self, template_name, context, request=None):
        # A secret typed into a visible box (a two-factor or recovery code; a password box never
        # keeps one) is not drawn back into it when the form is refused.
        widget = context.get("widget")
        if (isinstance(widget, dict) and widget.get("value") is not None and widget.get("type") != "hidden"
                and is_secret_input(widget.get("name", ""))):
            context = {**context, "widget": {**widget, "value": None}}
        return super().render(template_name, context, request)

    @cached_property
    def engine(self):
        # Django's own form templates, then the site's (which hold the field template above).
        return self.backend({"APP_DIRS": True, "NAME": "clubforms", "OPTIONS": {},
                             "DIRS": [Path(django.forms.__file__).parent / "templates", Path(settings.BASE_DIR) / "templates"]})
