"""How the site's forms draw a field: its refusal stands under its input, in words, with what
the member typed echoed back (cut to 40 characters), wherever a form is drawn with ``as_div`` or
field by field."""

from __future__ import annotations

from pathlib import Path

import django.forms
from django.conf import settings
from django.forms.renderers import DjangoTemplates
from django.utils.functional import cached_property


class ClubFormRenderer(DjangoTemplates):
    field_template_name = "club/forms/field.html"

    @cached_property
    def engine(self):
        # Django's own form templates, then the site's (which hold the field template above).
        return self.backend({"APP_DIRS": True, "NAME": "clubforms", "OPTIONS": {},
                             "DIRS": [Path(django.forms.__file__).parent / "templates", Path(settings.BASE_DIR) / "templates"]})
