"""The tournaments' REST API: thin views over the services and selectors.

Anyone reads; croupiers and admins run tournaments; a player at a table records its rounds.
"""

from __future__ import annotations

import uuid

from django.db.models import Count, Prefetch, Q
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_field, inline_serializer
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from club import outbox
from club.api import IsCroupierOrReadOnly, actor_of
from club.api_serializers import ModelSerializer
from club.models import Member, Venue
from club.validators import sane_date_range

from . import access, metrics, services, tasks
from .models import Entry, Rating, Round, Seat, Stage, Standing, Table, Tournament


def inline_choice(choices, **kwargs) -> serializers.ChoiceField:
    """A choice field described in place by a pattern of its values: the club's other "status" and
    "to" fields have other values, and the schema's enum components, named after the field, would
    collide."""
    values = [value for value, _label in choices]

    @extend_schema_field({"type": "string", "pattern": f"^({'|'.join(values)})$",
                          "description": "one of: " + ", ".join(values)})
    class InlineChoiceField(serializers.ChoiceField):
        pass

    return InlineChoiceField(choices=choices, **kwargs)


class TournamentSerializer(ModelSerializer):
    status = inline_choice(Tournament.Status.choices, read_only=True)
    venue = serializers.SlugRelatedField(slug_field="slug", queryset=Venue.objects.all(), required=False,
                                         allow_null=True)
    tiebreakers = serializers.ListField(child=serializers.ChoiceField(choices=list(metrics.METRICS)),
                                        required=False)
    players = serializers.IntegerField(read_only=True)

    class Meta:
        model = Tournament
        fields = ["id", "slug", "name", "date", "venue", "status", "seed", "tiebreakers", "players", "standings_at"]
        read_only_fields = ["status", "standings_at"]
        extra_kwargs = {"slug": {"required": False}, "date": {"validators": [sane_date_range]}}


class TournamentSeatSerializer(ModelSerializer):
    label = serializers.CharField(read_only=True)
    member = serializers.IntegerField(source="entry.member_id", read_only=True)
    member_name = serializers.CharField(source="entry.member.display_name", read_only=True)

    class Meta:
        model = Seat
        fields = ["position", "label", "member", "member_name"]


class TournamentTableSerializer(ModelSerializer):
    tournament = serializers.SlugRelatedField(source="stage.tournament", slug_field="slug", read_only=True)
    stage = serializers.IntegerField(source="stage.number", read_only=True)
    seats = TournamentSeatSerializer(many=True, read_only=True)
    played = serializers.IntegerField(read_only=True)

    class Meta:
        model = Table
        fields = ["id", "tournament", "stage", "number", "first_dealer", "seats", "played"]


class TournamentStageSerializer(ModelSerializer):
    tables = TournamentTableSerializer(many=True, read_only=True)

    class Meta:
        model = Stage
        fields = ["number", "method", "tables"]


class TournamentRoundSerializer(ModelSerializer):
    class Meta:
        model = Round
        fields = ["id", "table", "number", "version", "dealer", "bids", "taken", "scores", "flagged", "problems",
                  "play", "recorded_at"]
        read_only_fields = fields


class TournamentRoundInputSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1, max_value=30)
    bids = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=8), min_length=4,
                                 max_length=4, required=False, allow_null=True)
    taken = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=8), min_length=4,
                                  max_length=4, required=False, allow_null=True)
    play = serializers.JSONField(required=False, allow_null=True,
                                 help_text="The engine's played-round document (hands, trump card, tricks).")


class TournamentStandingSerializer(ModelSerializer):
    member = serializers.IntegerField(source="entry.member_id", read_only=True)
    member_name = serializers.CharField(source="entry.member.display_name", read_only=True)
    withdrawn = serializers.BooleanField(source="entry.withdrawn", read_only=True)

    class Meta:
        model = Standing
        fields = ["rank", "tied", "member", "member_name", "points", "rounds", "metrics", "withdrawn"]


class TournamentEntryInputSerializer(serializers.Serializer):
    member = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all())


class TournamentStageInputSerializer(serializers.Serializer):
    method = inline_choice(Stage.Method.choices)
    number = serializers.IntegerField(min_value=1, max_value=100, required=False)


class TournamentTransitionInputSerializer(serializers.Serializer):
    to = inline_choice(Tournament.Status.choices)


class TournamentRatingSerializer(ModelSerializer):
    member_name = serializers.CharField(source="member.display_name", read_only=True)
    tournament = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Rating
        fields = ["member", "member_name", "tournament", "mu", "sigma", "ordinal"]


QUEUED = inline_serializer("TournamentQueued", fields={"queued": serializers.CharField()})


def _tables_queryset():
    seats = Seat.objects.select_related("entry__member").order_by("position")
    return (Table.objects.select_related("stage__tournament")
            .annotate(played=Count("rounds", filter=Q(rounds__live=True)))
            .prefetch_related(Prefetch("seats", queryset=seats)).order_by("stage__number", "number"))


class TournamentViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                        viewsets.GenericViewSet):
    serializer_class = TournamentSerializer
    permission_classes = [IsCroupierOrReadOnly]
    lookup_field = "slug"

    def get_queryset(self):
        return Tournament.objects.select_related("venue").annotate(players=Count("entries")).order_by("-date", "pk")

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.tournament_create(actor=actor_of(self.request), **data)
        serializer.instance.players = 0

    @extend_schema(responses=TournamentStandingSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def standings(self, request, slug=None):
        tournament = self.get_object()
        rows = Standing.objects.filter(tournament=tournament).select_related("entry__member").order_by("rank", "pk")
        return Response(TournamentStandingSerializer(rows, many=True).data)

    @extend_schema(responses=TournamentStageSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def stages(self, request, slug=None):
        tournament = self.get_object()
        stages = Stage.objects.filter(tournament=tournament).prefetch_related(
            Prefetch("tables", queryset=_tables_queryset())).order_by("number")
        return Response(TournamentStageSerializer(stages, many=True).data)

    @extend_schema(request=TournamentStageInputSerializer, responses={201: TournamentStageSerializer})
    @stages.mapping.post
    def seat_stage(self, request, slug=None):
        tournament = self.get_object()
        data = TournamentStageInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        stage = services.stage_seat(actor=actor_of(request), tournament=tournament, **data.validated_data)
        stage = Stage.objects.prefetch_related(Prefetch("tables", queryset=_tables_queryset())).get(pk=stage.pk)
        return Response(TournamentStageSerializer(stage).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=TournamentEntryInputSerializer, responses={201: inline_serializer(
        "TournamentEntryCreated", fields={"entry": serializers.IntegerField(), "member": serializers.IntegerField()})})
    @action(detail=True, methods=["post"])
    def entries(self, request, slug=None):
        tournament = self.get_object()
        data = TournamentEntryInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = services.entry_add(actor=actor_of(request), tournament=tournament, member=data.validated_data["member"])
        return Response({"entry": entry.pk, "member": entry.member_id}, status=status.HTTP_201_CREATED)

    @extend_schema(request=TournamentEntryInputSerializer, responses={200: QUEUED})
    @action(detail=True, methods=["post"])
    def withdraw(self, request, slug=None):
        tournament = self.get_object()
        data = TournamentEntryInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = get_object_or_404(Entry, tournament=tournament, member=data.validated_data["member"])
        services.entry_withdraw(actor=actor_of(request), entry=entry)
        return Response({"queued": "standings"})

    @extend_schema(request=TournamentTransitionInputSerializer, responses=TournamentSerializer)
    @action(detail=True, methods=["post"])
    def transition(self, request, slug=None):
        tournament = self.get_object()
        data = TournamentTransitionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.tournament_transition(actor=actor_of(request), tournament=tournament, to=data.validated_data["to"])
        return Response(TournamentSerializer(self.get_queryset().get(pk=tournament.pk)).data)

    @extend_schema(request=None, responses={202: QUEUED})
    @action(detail=True, methods=["post"])
    def rescore(self, request, slug=None):
        tournament = self.get_object()
        token = uuid.uuid4().hex
        outbox.enqueue(tasks.tournament_rescore, tournament.pk, token)
        return Response({"queued": token}, status=status.HTTP_202_ACCEPTED)


class TableViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = TournamentTableSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    filterset_fields = {"stage__tournament__slug": ["exact"], "stage__number": ["exact"]}

    def get_queryset(self):
        return _tables_queryset()

    @extend_schema(responses=TournamentRoundSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def rounds(self, request, pk=None):
        table = self.get_object()
        return Response(TournamentRoundSerializer(table.rounds.filter(live=True).order_by("number"), many=True).data)

    @extend_schema(request=TournamentRoundInputSerializer, responses={201: TournamentRoundSerializer})
    @rounds.mapping.post
    def record_round(self, request, pk=None):
        table = self.get_object()
        access.check_recorder(actor_of(request), table)  # before what he sent is read
        data = TournamentRoundInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        row = services.round_record(actor=actor_of(request), table=table, **data.validated_data)
        return Response(TournamentRoundSerializer(row).data, status=status.HTTP_201_CREATED)


class RoundViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = TournamentRoundSerializer
    queryset = Round.objects.all()


class RatingViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    serializer_class = TournamentRatingSerializer
    filterset_fields = ["member"]

    def get_queryset(self):
        return Rating.objects.select_related("member", "tournament").order_by("member", "tournament__date", "pk")
