"""The seasons' REST API: thin views over the services and selectors. Members read; croupiers and
admins create and edit seasons and call the championship."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from club.api import IsCroupierOrReadOnly, actor_of
from club.api_serializers import ModelSerializer
from club.models import GameKind, Venue
from club.validators import sane_date_range

from . import access, selectors, services
from .models import SEASON_GAMES, Season


class SeasonSerializer(ModelSerializer):
    games = serializers.ListField(child=serializers.ChoiceField(
        choices=[(g, label) for g, label in GameKind.choices if g in SEASON_GAMES]), min_length=1,
        max_length=len(SEASON_GAMES),
        help_text="The games whose evenings count: the chip games (dragon, casino: the hands tied to the "
                  "session, dice) place the evening's players by net chips; tricks: a finished trick-game "
                  "tournament played at the session places its players by its final standings.")
    parts = serializers.JSONField(help_text='The points formula: {"placing": {"table": [10, 7, 5]}, '
                                            '"deal_won": {"points": 1}, "attendance": {"points": 1}}, any of them. '
                                            'placing: by the evening\'s net chips in the chip games, and by '
                                            'the final standings of each trick-game tournament of the evening; '
                                            'deal_won: Dragon Poker deals only; attendance: a check-in or play '
                                            'in any game that counts.')
    min_evenings = serializers.IntegerField(min_value=0, max_value=366, required=False)
    best_of = serializers.IntegerField(min_value=0, max_value=366, required=False,
                                       help_text="0: every evening counts.")
    championship_size = serializers.IntegerField(min_value=2, max_value=8, required=False)

    class Meta:
        model = Season
        fields = ["id", "name", "start_date", "end_date", "games", "parts", "min_evenings", "best_of",
                  "championship_size", "championship"]
        read_only_fields = ["championship"]
        extra_kwargs = {"start_date": {"validators": [sane_date_range]}, "end_date": {"validators": [sane_date_range]}}


class SeasonStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(source="line.rank")
    tied = serializers.BooleanField(source="line.tied")
    member = serializers.IntegerField(source="member.pk")
    member_name = serializers.CharField(source="member.display_name")
    points = serializers.IntegerField(source="line.points")
    evenings = serializers.IntegerField(source="line.evenings")
    evenings_counted = serializers.SerializerMethodField()
    deals_won = serializers.IntegerField(source="line.wins", help_text="Dragon Poker deals won.")
    tournaments = serializers.IntegerField(source="line.tournaments",
                                           help_text="Trick-game tournaments of the season he was placed in.")
    qualified = serializers.BooleanField(source="line.qualified")
    invited = serializers.BooleanField(source="line.invited")

    def get_evenings_counted(self, row) -> int:
        return len(row.line.counted)


class ChampionshipInputSerializer(serializers.Serializer):
    title = serializers.CharField(max_length=120, required=False, allow_blank=True)
    venue = serializers.SlugRelatedField(slug_field="slug", queryset=Venue.objects.all())
    starts_at = serializers.DateTimeField(validators=[sane_date_range])
    ends_at = serializers.DateTimeField(validators=[sane_date_range])


class ChampionshipSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    invited = serializers.ListField(child=serializers.IntegerField())


class IsMemberCroupierWrites(IsCroupierOrReadOnly):
    """Members read (the standings rank them by chips won); croupiers and admins write."""

    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated) and super().has_permission(request, view)


class SeasonViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                    mixins.UpdateModelMixin, viewsets.GenericViewSet):
    serializer_class = SeasonSerializer
    permission_classes = [permissions.IsAuthenticated, IsMemberCroupierWrites]
    http_method_names = ["get", "post", "patch", "head", "options"]

    def get_queryset(self):
        return selectors.seasons_list()

    def perform_create(self, serializer):
        access.check_season_editor(actor_of(self.request))
        serializer.instance = services.season_create(actor=actor_of(self.request), **serializer.validated_data)

    def perform_update(self, serializer):
        access.check_season_editor(actor_of(self.request))
        serializer.instance = services.season_update(season=serializer.instance, actor=actor_of(self.request),
                                                     **serializer.validated_data)

    @extend_schema(responses=SeasonStandingSerializer(many=True))
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        rows = selectors.standings(self.get_object()).rows
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(SeasonStandingSerializer(page, many=True).data)

    @extend_schema(request=ChampionshipInputSerializer, responses={201: ChampionshipSerializer})
    @action(detail=True, methods=["post"])
    def championship(self, request, pk=None):
        season = self.get_object()
        actor = access.check_championship(actor_of(request))  # before what he sent is read
        data = ChampionshipInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        session = services.championship_create(season=season, actor=actor, **data.validated_data)
        invited = list(session.rsvps.order_by("pk").values_list("member_id", flat=True))
        return Response({"session": session.pk, "invited": invited}, status=status.HTTP_201_CREATED)
