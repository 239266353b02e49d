"""Checks on values a member types that the models cannot make alone."""

from __future__ import annotations

from datetime import date, datetime

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# The years the club keeps: earlier or later dates are typing slips (year 0038 for 2038), and
# outside them time zone offsets are not known, so they cannot even be printed.
FIRST_YEAR = 1900
LAST_YEAR = 2200


def validate_club_date(value: date | datetime | None) -> None:
    if value is None:
        return
    if not FIRST_YEAR <= value.year <= LAST_YEAR:
        # Only the date: outside these years the time's offset is meaningless (an old local mean time).
        shown = f"{value.year:04d}-{value.month:02d}-{value.day:02d}"
        raise ValidationError(
            _("The date %(value)s is outside the years the club keeps (%(first)s to %(last)s).")
            % {"value": shown, "first": FIRST_YEAR, "last": LAST_YEAR},
            code="date_out_of_range", params={"value": shown})
