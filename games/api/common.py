"""What the games API's writes share: the ``Idempotency-Key`` header and the throttle of submissions."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.throttling import ScopedRateThrottle

from club.errors import InvalidInput


def idempotency_key(request) -> str:
    """The request's ``Idempotency-Key`` header ("" when absent), at most 100 characters."""
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > 100:
        raise InvalidInput(_("The Idempotency-Key header is longer than 100 characters."),
                           extra={"field": "Idempotency-Key"})
    return key


IDEMPOTENCY = OpenApiParameter("Idempotency-Key", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
                               description="A retried submission with the same key returns the first response.")


class SubmissionThrottleMixin:
    """Throttle the actions that submit (scope "submissions" in settings)."""

    throttled_actions: tuple[str, ...] = ()

    def get_throttles(self):
        if self.action in self.throttled_actions:
            self.throttle_scope = "submissions"
            return [ScopedRateThrottle()]
        return super().get_throttles()
