"""The one paginator of the API: limit/offset with a largest page and a bounded offset.

Without a largest page ``?limit=100000`` returns every row, and a limit or offset past 64 bits
overflows the database's integer and ends in a server error.
"""

from __future__ import annotations

from django.conf import settings
from rest_framework.pagination import LimitOffsetPagination


class ClubPagination(LimitOffsetPagination):
    @property
    def max_limit(self) -> int:
        # Read per request, so the setting (API_MAX_PAGE_SIZE) can change without a restart of
        # the class, and tests can lower it.
        return settings.API_MAX_PAGE_SIZE

    def get_limit(self, request) -> int | None:
        limit = super().get_limit(request)
        return None if limit is None else min(limit, self.max_limit)

    def get_offset(self, request) -> int:
        # Past the last row every offset gives the same empty page; the count bounds it (it is
        # read before the offset), so no slice ever reaches the database with a huge number.
        offset = super().get_offset(request)
        return min(offset, getattr(self, "count", offset))
