"""What a web worker would otherwise build on its first requests, built once before the workers
are forked (gunicorn's ``when_ready`` with ``preload_app``): the URL patterns, both languages'
catalogues, the compiled templates and the form widgets' templates. A worker replaced after its
``max_requests`` then answers its first requests as fast as its last ones."""

from __future__ import annotations

import logging
from pathlib import Path

from django import forms
from django.apps import apps
from django.conf import settings
from django.forms.renderers import get_default_renderer
from django.template import TemplateDoesNotExist, TemplateSyntaxError
from django.template.loader import get_template
from django.urls import resolve, reverse
from django.utils import translation

logger = logging.getLogger(__name__)


def warm() -> int:
    """Loads all of it; returns how many templates were compiled. Nothing here touches the
    database or the cache: forked workers must not share a connection."""
    resolve("/")
    reverse("club:dashboard")
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Sessions")
    compiled = 0
    for folder in _template_folders():
        for path in sorted(folder.rglob("*.html")):
            try:
                get_template(str(path.relative_to(folder)))
                compiled += 1
            except (TemplateDoesNotExist, TemplateSyntaxError) as exc:  # drawn, and refused, when asked for
                logger.warning("template %s not compiled ahead: %s", path.name, exc)

    class Every(forms.Form):
        text = forms.CharField()
        number = forms.IntegerField()
        choice = forms.ChoiceField(choices=[("a", "a")])
        many = forms.MultipleChoiceField(choices=[("a", "a")], widget=forms.CheckboxSelectMultiple)
        flag = forms.BooleanField()
        hidden = forms.CharField(widget=forms.HiddenInput)
        day = forms.DateField()
        note = forms.CharField(widget=forms.Textarea)

    Every(renderer=get_default_renderer()).as_div()
    return compiled


def _template_folders() -> list[Path]:
    folders = [Path(d) for engine in settings.TEMPLATES for d in engine.get("DIRS", [])]
    folders += [Path(app.path) / "templates" for app in apps.get_app_configs()
                if app.name.split(".")[0] in ("club", "games", "rules")]
    return [f for f in folders if f.is_dir()]
