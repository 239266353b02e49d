"""The beat schedule as the README tells it: every entry listed with its task, and every task one the
Celery app knows (a renamed task would otherwise be sent by beat and refused by every worker)."""

import re
from pathlib import Path

from django.conf import settings

from club.celery import app

README = Path(__file__).resolve().parents[2] / "README.md"


def _readme_rows() -> dict[str, str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("### What beat runs", 1)[1].split("\n#", 1)[0]
    return dict(re.findall(r"^\| `([a-z-]+)` \| `([a-z_.]+)` \|", section, flags=re.MULTILINE))


def test_the_readme_lists_every_beat_entry_with_its_task():
    scheduled = {name: entry["task"] for name, entry in settings.CELERY_BEAT_SCHEDULE.items()}
    assert _readme_rows() == scheduled


def test_every_scheduled_task_is_registered():
    app.loader.import_default_modules()
    missing = [entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values() if entry["task"] not in app.tasks]
    assert missing == []
