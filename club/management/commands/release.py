"""``manage.py release``: what every release of the site needs before its processes start, as one
command (the ``release`` line of the Procfile, the ``club-release`` unit under ``deploy/``).

In order: the migrations, the database cache's table, the static files, and the deployment
checks. The first step that fails stops the release and the command exits non-zero, naming the
step: the web process must not start on a database, or with static files, that the code does
not match.
"""

from __future__ import annotations

from django.core.checks import CRITICAL, ERROR, INFO, WARNING
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

LEVELS = {"CRITICAL": CRITICAL, "ERROR": ERROR, "WARNING": WARNING, "INFO": INFO}


def steps(*, fail_level: str) -> list[tuple[str, str, dict]]:
    """``(what the log says, command, its options)`` in the order they run."""
    return [
        ("migrate", "migrate", {"interactive": False}),
        # The database cache (used without CACHE_URL) keeps its rows in a table of its own;
        # with another cache this does nothing.
        ("createcachetable", "createcachetable", {}),
        ("collectstatic", "collectstatic", {"interactive": False}),
        ("check --deploy", "check", {"deploy": True, "fail_level": fail_level}),
    ]


class Command(BaseCommand):
    help = ("Prepare a release: migrate, createcachetable, collectstatic and check --deploy, in this "
            "order; the first that fails stops the release with a non-zero exit.")

    def add_arguments(self, parser):
        parser.add_argument(
            "--fail-level", choices=list(LEVELS), default="WARNING",
            help="the least serious finding of check --deploy that stops the release (default: WARNING: "
                 "with production variables set the checks are clean)")

    def handle(self, *args, fail_level: str = "WARNING", **options):
        verbosity = options["verbosity"]
        for label, command, command_options in steps(fail_level=fail_level):
            self.stdout.write(f"release: {label}")
            try:
                call_command(command, verbosity=verbosity, stdout=self.stdout, stderr=self.stderr,
                             **command_options)
            except CommandError as error:
                raise CommandError(f"the release stopped at {label}:\n{error}") from error
        self.stdout.write(self.style.SUCCESS("release: done"))
