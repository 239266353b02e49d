"""``manage.py release``: the Procfile's release step, every step the README asks for at each
release, in order, stopping loudly at the first that fails."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from club.management.commands import release

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def calls(monkeypatch):
    """The commands the release runs, by name with their options, instead of running them."""
    made = []

    def record(name, *args, **options):
        made.append((name, options))
        if name in failing:
            raise CommandError(f"{name} went wrong")

    failing: set[str] = set()
    monkeypatch.setattr(release, "call_command", record)
    record.failing = failing
    record.made = made
    return record


def test_the_steps_run_in_the_readme_order(calls):
    out = io.StringIO()
    call_command("release", stdout=out)
    assert [name for name, _options in calls.made] == ["migrate", "createcachetable", "collectstatic", "check"]
    options = dict(calls.made)
    assert options["migrate"]["interactive"] is False
    assert options["collectstatic"]["interactive"] is False
    assert options["check"]["deploy"] is True and options["check"]["fail_level"] == "WARNING"
    assert out.getvalue().splitlines() == ["release: migrate", "release: createcachetable",
                                           "release: collectstatic", "release: check --deploy", "release: done"]


def test_a_failing_step_stops_the_release_and_names_itself(calls):
    calls.failing.add("collectstatic")
    with pytest.raises(CommandError, match="the release stopped at collectstatic:\ncollectstatic went wrong"):
        call_command("release", stdout=io.StringIO())
    assert [name for name, _options in calls.made] == ["migrate", "createcachetable", "collectstatic"]


def test_the_fail_level_of_the_deploy_checks_can_be_lowered(calls):
    call_command("release", "--fail-level", "ERROR", stdout=io.StringIO())
    assert dict(calls.made)["check"]["fail_level"] == "ERROR"


def _production_static(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path / "staticfiles"
    settings.STORAGES = {**settings.STORAGES,
                         "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}}
    # The site's own static/ only: compressing the installed apps' files too (the API browser's
    # scripts, the admin's) is seconds of processor time for nothing these tests look at; the
    # production smoke (.ci/prod-smoke) collects them all.
    settings.STATICFILES_FINDERS = ["django.contrib.staticfiles.finders.FileSystemFinder"]
    # A database cache of its own, which nothing reads before its table is made.
    settings.CACHES = {**settings.CACHES, "release_test": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "club_release_test_cache"}}


def test_a_release_migrates_makes_the_cache_table_and_collects_the_static_files(settings, tmp_path):
    _production_static(settings, tmp_path)
    settings.SECURE_SSL_REDIRECT = True
    out = io.StringIO()
    call_command("release", stdout=out, stderr=io.StringIO())
    assert out.getvalue().rstrip().endswith("release: done")
    assert "club_release_test_cache" in connection.introspection.table_names()
    # Every file of static/, under its hashed name, compressed, and the manifest that names them.
    manifest = settings.STATIC_ROOT / "staticfiles.json"
    assert manifest.is_file()
    ours = [p.relative_to(ROOT / "static") for p in (ROOT / "static").rglob("*") if p.is_file()]
    assert ours
    for relative in ours:
        assert (settings.STATIC_ROOT / relative).is_file()
    assert list(settings.STATIC_ROOT.rglob("*.gz"))


def test_a_release_with_a_deploy_warning_fails_after_the_other_steps(settings, tmp_path):
    _production_static(settings, tmp_path)
    settings.SECURE_SSL_REDIRECT = False
    with pytest.raises(CommandError, match=r"(?s)the release stopped at check --deploy:.*security\.W008"):
        call_command("release", stdout=io.StringIO(), stderr=io.StringIO())
    assert (settings.STATIC_ROOT / "staticfiles.json").is_file()
