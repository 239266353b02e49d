"""The games API's sittings (``/api/games/``): started, ended and reseated by a croupier."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from club.api import actor_of

from .. import access, selectors, services
from ..models import Game
from .serializers import GameCreateSerializer, GameSerializer, ReseatSerializer


def _facts_of(rows) -> tuple[dict[int, str], dict[int, dict]]:
    seats = {row["member"].pk: row["seat"] for row in rows}
    facts = {row["member"].pk: {k: v for k, v in row.items() if k not in ("member", "seat")} for row in rows}
    return seats, facts


class GameViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Sittings: the same players in the same seats with the same stakes."""

    serializer_class = GameSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["session", "status"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Game.objects.none()
        return selectors.games_visible_to(actor_of(self.request)).order_by("-started_at", "-pk")

    def get_object(self):
        return access.access_game(actor_of(self.request), self.kwargs["pk"],
                                  for_write=self.request.method not in permissions.SAFE_METHODS,
                                  queryset=selectors.games_with_players())

    @extend_schema(request=GameCreateSerializer, responses={201: GameSerializer})
    def create(self, request):
        data = GameCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        seats = facts = None
        if v.get("seats"):
            seats, facts = _facts_of(v["seats"])
        actor = actor_of(request)
        session = access.access_session(actor, v["session"].pk, for_write=True)
        game = services.game_start(session=session, actor=actor, seats=seats, player_facts=facts,
                                   room=v.get("room"), min_stake=v.get("min_stake"), max_stake=v.get("max_stake"),
                                   readings=v.get("readings"))
        return Response(GameSerializer(selectors.games_with_players().get(pk=game.pk)).data,
                        status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=GameSerializer)
    @action(detail=True, methods=["post"])
    def end(self, request, pk=None):
        game = services.game_end(game=self.get_object(), actor=actor_of(request))
        return Response(GameSerializer(selectors.games_with_players().get(pk=game.pk)).data)

    @extend_schema(request=ReseatSerializer, responses={201: GameSerializer})
    @action(detail=True, methods=["post"])
    def reseat(self, request, pk=None):
        """Change seats or players: this Game ends and the next starts."""
        game = self.get_object()  # who may act here, before what he sent is read
        data = ReseatSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seats, facts = _facts_of(data.validated_data["seats"])
        game = services.game_reseat(game=game, actor=actor_of(request), seats=seats, player_facts=facts)
        return Response(GameSerializer(selectors.games_with_players().get(pk=game.pk)).data,
                        status=status.HTTP_201_CREATED)
