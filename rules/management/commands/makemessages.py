"""Django's makemessages, which also carries the interpretation points into the catalogue.

A point's question and its readings' meanings are the engines' English (or ``rules.points_en``'s
wording), looked up by :mod:`rules.point_words` through ``pgettext`` with a context naming the
point (and the reading). xgettext cannot see such msgids in the source, so the plain command
would mark every point's Russian obsolete and, with ``--no-obsolete`` (``make messages``), drop
it. This one adds each registered point's English to the project catalogue's template before
msgmerge runs: a translated entry is kept, a point new to the engines gets an empty entry to
translate, an entry whose English changed turns fuzzy (shown in English until it is checked),
and the entry of a point the engines no longer declare goes obsolete.
"""

from __future__ import annotations

import os

from django.core.management.commands import makemessages

from rules.point_words import catalogue_messages
from rules.rulebook import expected_points

REFERENCE = "rules/point_words.py"


def po_string(text: str) -> str:
    """``text`` as a PO file's quoted string."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def po_entry(context: str, english: str, russian: str = "") -> str:
    """One catalogue entry for a point's text (``russian`` empty in a template)."""
    return (f"#: {REFERENCE}\nmsgctxt {po_string(context)}\nmsgid {po_string(english)}\n"
            f"msgstr {po_string(russian)}\n")


def point_template() -> str:
    """Every registered point's question and readings as template entries, in point id order."""
    return "\n".join(po_entry(context, english) for context, english in catalogue_messages(expected_points()))


class Command(makemessages.Command):
    help = makemessages.Command.help + " The interpretation points' texts are carried into the project catalogue."

    def build_potfiles(self):
        potfiles = super().build_potfiles()
        if self.domain == "django" and self.default_locale_path:
            project = os.path.join(self.default_locale_path, f"{self.domain}.pot")
            if project in potfiles:
                with open(project, "a", encoding="utf-8") as fp:
                    fp.write("\n" + point_template())
        return potfiles
