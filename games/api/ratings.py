"""The games API's ratings (``/api/game-ratings/``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, viewsets
from rest_framework.decorators import action

from club.errors import InvalidInput, NotFound
from club.models import GameKind, Member

from .. import selectors
from .serializers import RatingPointSerializer, RatingRowSerializer

# The games (GameKind, one enum in the schema) and "all": the all-rounder ranking.
RATED_GAMES = [value for value, _label in GameKind.choices]
RATING_GAMES = ["all", *RATED_GAMES]


def _rating_game(request, default: str | None) -> str | None:
    game = request.query_params.get("game", default)
    if game is not None and game not in RATING_GAMES:
        raise InvalidInput(_("Unknown game %(game)s: %(games)s.") % {"game": repr(game[:40]),
                                                                    "games": ", ".join(RATING_GAMES)},
                           extra={"field": "game", "value": game[:40]})
    return game


class RatingsViewSet(viewsets.GenericViewSet):
    """Each game's ratings (openskill, Plackett-Luce, replayed from every recorded match) and the
    all-rounder ranking; public to members. ``history`` lists one member's rating after each of
    his matches."""

    permission_classes = [permissions.IsAuthenticated]
    serializer_class = RatingRowSerializer
    queryset = Member.objects.none()    # the rows are computed; this only names the model for the schema

    @extend_schema(responses=RatingRowSerializer(many=True), parameters=[
        OpenApiParameter("game", OpenApiTypes.STR, enum=RATING_GAMES, required=False,
                         description="A game, or all (the all-rounder ranking, the default).")])
    def list(self, request):
        game = _rating_game(request, "all")
        rows = [{"rank": r["rank"], "member": r["member"], "rating": r.get("score", r.get("ordinal")),
                 "mu": r.get("mu"), "sigma": r.get("sigma"), "matches": r.get("played"), "games": r.get("games")}
                for r in selectors.ratings_board(game)]
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(RatingRowSerializer(page, many=True).data)

    @extend_schema(responses=RatingPointSerializer(many=True), parameters=[
        OpenApiParameter("member", OpenApiTypes.INT, required=True, description="A member's id."),
        OpenApiParameter("game", OpenApiTypes.STR, enum=RATED_GAMES, required=False,
                         description="One game only.")])
    @action(detail=False, methods=["get"], serializer_class=RatingPointSerializer)
    def history(self, request):
        raw = request.query_params.get("member", "")
        member = Member.objects.filter(pk=int(raw)).first() if raw.isdigit() and len(raw) < 12 else None
        if member is None:
            raise NotFound(_("No member %(id)s.") % {"id": raw[:40]}, extra={"field": "member", "value": raw[:40]})
        game = _rating_game(request, None)
        if game == "all":
            game = None
        points = [p for g, history in selectors.member_rating_history(member).items() if game in (None, g)
                  for p in history]
        page = self.paginate_queryset(points)
        return self.get_paginated_response(RatingPointSerializer(page, many=True).data)
