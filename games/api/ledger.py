"""The games API's chip ledger (``/api/ledger/``)."""

from __future__ import annotations

from rest_framework import mixins, permissions, viewsets

from club.api import actor_of

from .. import selectors
from ..models import LedgerEntry
from .serializers import LedgerEntrySerializer


class LedgerViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """The chip ledger, double entry: every posting is two rows summing to zero."""

    serializer_class = LedgerEntrySerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["member", "session", "deal", "casino_hand", "dice_match", "account", "kind"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return LedgerEntry.objects.none()
        return selectors.ledger_visible_to(actor_of(self.request)).order_by("-created_at", "-pk")
