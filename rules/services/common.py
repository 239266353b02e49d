"""What the archive's writes share: how long a text may be, and the refusal of a longer one. The
other service modules import this one; it imports none of them."""

from __future__ import annotations

from django.utils.translation import gettext as _

from club.errors import InvalidInput

# How long the texts of a dispute and a precedent may be: a page of prose, not a file. The API's
# serializers and the pages' forms say the same, so a long text is refused before it is read.
QUESTION_MAX_LENGTH = 2000
TEXT_MAX_LENGTH = 8000


def check_length(name: str, value: str, limit: int) -> None:
    """Refuse a text ``name`` longer than ``limit`` characters."""
    if len(value or "") > limit:
        raise InvalidInput(_("%(field)s: at most %(max)s characters, not %(size)s.")
                           % {"field": name, "max": limit, "size": len(value)},
                           extra={"field": name, "max": limit, "size": len(value)})
