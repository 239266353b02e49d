"""The games API's statistics (``/api/stats/``): a member's, and the club's leaderboard."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from club.api import actor_of
from club.errors import InvalidInput, NotFound
from club.models import Member

from .. import access, selectors
from .serializers import LeaderboardRow, MemberStats


class StatsViewSet(viewsets.ViewSet):
    """Member statistics and the club leaderboard."""

    permission_classes = [permissions.IsAuthenticated]
    lookup_value_regex = r"[0-9]+"

    @extend_schema(responses=MemberStats, parameters=[
        OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH, description="A member's id.")])
    def retrieve(self, request, pk=None):
        actor = actor_of(request)
        try:
            member = Member.objects.get(pk=int(pk))
        except (Member.DoesNotExist, ValueError, OverflowError):
            raise NotFound(_("No member %(id)s.") % {"id": pk}, extra={"value": pk})
        chips = access.can_see_chips_of(actor, member)
        stats = selectors.member_stats(member=member, with_chips=chips)
        best = stats["best"]
        return Response({
            "member": member.pk, "played": stats["played"], "won": stats["won"], "quick": stats["quick"],
            "net": stats["net"] if chips else None, "balance": selectors.balance(member=member) if chips else None,
            "hands": [{"name": n, "count": c, "category": cat} for n, c, cat in stats["hands"]],
            "modifiers": [{"source": s, "count": c} for s, c in stats["modifiers"]],
            "best": None if best is None else {"category": best["category"], "name": best["name"],
                                               "cards": best["cards"], "deal": best["deal"].pk},
            "net_series": [list(p) for p in stats["net_series"]] if chips else None,
        })

    @extend_schema(responses=LeaderboardRow, parameters=[
        OpenApiParameter("period", OpenApiTypes.STR, enum=list(selectors.PERIODS), required=False)])
    @action(detail=False, methods=["get"])
    def leaderboard(self, request):
        actor = actor_of(request)
        period = request.query_params.get("period", "month")
        if period not in selectors.PERIODS:
            raise InvalidInput(_("Unknown period %(period)s: %(periods)s.")
                               % {"period": repr(period), "periods": ", ".join(selectors.PERIODS)},
                               extra={"field": "period", "value": period})
        rows = selectors.leaderboard(period=period, now=timezone.now(), with_chips=access.can_see_all_chips(actor))
        return Response([{"rank": r["rank"], "member": r["member"].pk, "member_name": r["member"].display_name,
                          "net": r["net"], "played": r["played"], "won": r["won"]} for r in rows])
