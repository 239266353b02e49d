"""The tables' REST API: thin views over the services and selectors.

Casino hands: only their player acts on them (others get 403). Dice matches: only the two
players or a croupier act on them. The Draker calculator needs no login.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from club.api import actor_of
from club.models import Member, ScheduledSession, Venue
from club.selectors import member_for_user
from rules.engines import casino as casino_engine
from rules.engines import dice as dice_engine
from rules.engines import draker as draker_engine

from . import presenters, selectors, services
from .models import CasinoHand, DiceMatch

# --- permissions -------------------------------------------------------------------------------


class IsHandPlayerOrCroupierReading(permissions.BasePermission):
    """The player acts on and reads their hand; a croupier may read it; nobody else."""

    def has_object_permission(self, request, view, obj: CasinoHand) -> bool:
        member = member_for_user(request.user)
        if member is None:
            return False
        if member.pk == obj.player_id:
            return True
        return request.method in permissions.SAFE_METHODS and member.is_croupier


class IsMatchPlayerOrCroupier(permissions.BasePermission):
    """Anyone signed in reads a match; only its two players or a croupier act on it."""

    def has_object_permission(self, request, view, obj: DiceMatch) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return services.can_act_on_match(member_for_user(request.user), obj)


# --- casino hands ------------------------------------------------------------------------------


class CasinoHandSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    stake = serializers.IntegerField()
    venue = serializers.CharField(allow_null=True, help_text="The slug of the venue whose clock is the house clock.")
    phase = serializers.CharField()
    legal_actions = serializers.ListField(child=serializers.CharField())
    seed = serializers.CharField(allow_null=True, help_text="Shown once the hand is settled.")
    hand = serializers.JSONField(help_text="The engine's record as the player may see it: the house's "
                                           "cards and the seed stay hidden until the hand is settled.")
    odds = serializers.JSONField(allow_null=True, help_text="What the odds said about the first "
                                                            "decision: EV of play / raise / fold with "
                                                            "its standard error (chips).")
    time_zone = serializers.CharField()
    revealed_at = serializers.DateTimeField(allow_null=True)
    minute = serializers.IntegerField(allow_null=True)
    net = serializers.IntegerField(allow_null=True)
    outcome = serializers.CharField()
    started_at = serializers.DateTimeField()
    settled_at = serializers.DateTimeField(allow_null=True)

    def to_representation(self, instance: CasinoHand):
        return presenters.casino_hand_data(instance)


class CasinoStartSerializer(serializers.Serializer):
    stake = serializers.IntegerField(default=1, min_value=1, max_value=services.MAX_STAKE)
    venue = serializers.SlugRelatedField(slug_field="slug", queryset=Venue.objects.all(), required=False,
                                         allow_null=True, help_text="Its time zone sets the house clock.")


class CasinoActSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=casino_engine.DECISIONS)


class CasinoDrawSerializer(serializers.Serializer):
    discard = serializers.ListField(child=serializers.CharField(max_length=4), default=list, max_length=6,
                                    help_text='The cards thrown, e.g. ["10h", "Kc"]; none to keep all.')


class CasinoHandViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                        viewsets.GenericViewSet):
    """Hands at the casino table: the list holds the caller's own hands."""

    serializer_class = CasinoHandSerializer
    permission_classes = [permissions.IsAuthenticated, IsHandPlayerOrCroupierReading]
    queryset = CasinoHand.objects.none()

    def get_queryset(self):
        qs = CasinoHand.objects.select_related("player", "venue")
        if self.action == "list":
            return qs.filter(player=actor_of(self.request))
        return qs

    def _answer(self, hand: CasinoHand, code: int = status.HTTP_200_OK) -> Response:
        return Response(presenters.casino_hand_data(hand), status=code)

    @extend_schema(request=CasinoStartSerializer, responses={201: CasinoHandSerializer})
    def create(self, request, *args, **kwargs):
        data = CasinoStartSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        hand = services.casino_hand_start(actor=actor_of(request), **data.validated_data)
        return self._answer(hand, status.HTTP_201_CREATED)

    @extend_schema(request=CasinoActSerializer, responses=CasinoHandSerializer)
    @action(detail=True, methods=["post"])
    def act(self, request, pk=None):
        hand = self.get_object()
        data = CasinoActSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return self._answer(services.casino_hand_act(hand=hand, actor=actor_of(request), **data.validated_data))

    @extend_schema(request=CasinoDrawSerializer, responses=CasinoHandSerializer)
    @action(detail=True, methods=["post"])
    def draw(self, request, pk=None):
        hand = self.get_object()
        data = CasinoDrawSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return self._answer(services.casino_hand_draw(hand=hand, actor=actor_of(request), **data.validated_data))

    @extend_schema(request=None, responses=CasinoHandSerializer,
                   description="Show the cards; the minute of the house clock now fixes the situational rules.")
    @action(detail=True, methods=["post"])
    def reveal(self, request, pk=None):
        hand = self.get_object()
        return self._answer(services.casino_hand_reveal(hand=hand, actor=actor_of(request)))


# --- dice matches ------------------------------------------------------------------------------


class DiceMatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    first = serializers.IntegerField(source="first_id")
    second = serializers.IntegerField(source="second_id")
    players = serializers.DictField(child=serializers.CharField(),
                                    help_text="Member id -> the name the match record uses.")
    session = serializers.IntegerField(source="session_id", allow_null=True)
    mode = serializers.ChoiceField(choices=DiceMatch.Mode.choices)
    seed = serializers.CharField(allow_null=True, help_text="Shown once the match is over.")
    stake = serializers.IntegerField()
    max_raise = serializers.IntegerField(allow_null=True)
    phase = serializers.CharField()
    to_act = serializers.IntegerField(allow_null=True, help_text="The member whose move it is.")
    legal_actions = serializers.ListField(child=serializers.CharField())
    pool = serializers.IntegerField()
    winner = serializers.IntegerField(source="winner_id", allow_null=True)
    state = serializers.JSONField()
    moves = serializers.JSONField()
    trace = serializers.JSONField()
    odds = serializers.JSONField(help_text="For each player with both rolls on the table: the chances "
                                           "of the dice as they are and the best reroll.")
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)

    def to_representation(self, instance: DiceMatch):
        # The odds enumerate every reroll: worth it for one match, not for a page of them.
        view = self.context.get("view")
        return presenters.dice_match_data(instance, odds=getattr(view, "action", None) != "list")


class DiceMatchCreateSerializer(serializers.Serializer):
    first = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all())
    second = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all())
    stake = serializers.IntegerField(default=1, min_value=1, max_value=services.MAX_STAKE)
    mode = serializers.ChoiceField(choices=DiceMatch.Mode.choices, default=DiceMatch.Mode.RECORDED)
    seed = serializers.CharField(required=False, allow_blank=True, max_length=64)
    session = serializers.PrimaryKeyRelatedField(queryset=ScheduledSession.objects.all(), required=False,
                                                 allow_null=True)
    max_raise = serializers.IntegerField(required=False, allow_null=True, min_value=1,
                                         max_value=services.MAX_STAKE)


class DiceMoveSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=dice_engine.ACTIONS)
    player = serializers.PrimaryKeyRelatedField(
        queryset=Member.objects.all(), required=False,
        help_text="The member making the move; by default the caller in a match rolled on the site, "
                  "else the member whose turn it is.")
    dice = serializers.ListField(child=serializers.IntegerField(), required=False, max_length=5,
                                 help_text="The faces rolled (real dice): five for a roll, one per "
                                           "rerolled position for a reroll.")
    indices = serializers.ListField(child=serializers.IntegerField(), required=False, max_length=5,
                                    help_text="The positions rerolled, 0..4.")
    amount = serializers.IntegerField(required=False, max_value=services.MAX_STAKE, help_text="The raise proposed.")


class DiceMatchViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                       viewsets.GenericViewSet):
    serializer_class = DiceMatchSerializer
    permission_classes = [permissions.IsAuthenticated, IsMatchPlayerOrCroupier]
    queryset = DiceMatch.objects.none()

    def get_queryset(self):
        return selectors.dice_matches()

    @extend_schema(request=DiceMatchCreateSerializer, responses={201: DiceMatchSerializer})
    def create(self, request, *args, **kwargs):
        data = DiceMatchCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        match = services.dice_match_create(actor=actor_of(request), **fields)
        return Response(presenters.dice_match_data(match), status=status.HTTP_201_CREATED)

    @extend_schema(request=DiceMoveSerializer, responses=DiceMatchSerializer)
    @action(detail=True, methods=["post"])
    def move(self, request, pk=None):
        match = self.get_object()
        actor = actor_of(request)
        data = DiceMoveSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        player = fields.pop("player", None) or presenters.default_mover(match, actor)
        match = services.dice_match_move(match=match, actor=actor, player=player, **fields)
        return Response(presenters.dice_match_data(selectors.dice_match_detail(pk=match.pk)))


# --- the Draker calculator ---------------------------------------------------------------------


class DrakerCardSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="2..14, the ace 14.")
    profession = serializers.IntegerField(help_text="1..10, the youngest first.")
    suit = serializers.CharField(max_length=1, help_text="h d c s e (elves) g (gnomes).")
    tokens = serializers.IntegerField(default=0, help_text='Net count of "+1" and "-1" tokens.')
    effects = serializers.IntegerField(default=0)
    pool = serializers.CharField(default="own", max_length=6, help_text="own or common.")


class DrakerScoreInputSerializer(serializers.Serializer):
    cards = DrakerCardSerializer(many=True, allow_empty=False, max_length=20)
    effects = serializers.IntegerField(default=0, help_text="Effects on the whole combination.")
    spent_attack = serializers.IntegerField(default=0)
    spent_defence = serializers.IntegerField(default=0)
    earned_attack = serializers.IntegerField(default=0, help_text="Earned besides this combination.")
    earned_defence = serializers.IntegerField(default=0, help_text="Earned besides this combination.")


class DrakerScoreView(APIView):
    """Score one Draker combination and the life-point balance of the turn."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []

    @extend_schema(request=DrakerScoreInputSerializer, responses=inline_serializer(
        "DrakerScore", {"score": serializers.JSONField(), "balance": serializers.JSONField(),
                        "names": serializers.JSONField()}))
    def post(self, request):
        data = DrakerScoreInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        cards = [dict(c) for c in fields.pop("cards")]
        result = services.draker_calculate(cards=cards, **fields)
        return Response({"score": result["score"].to_dict(), "balance": result["balance"].to_dict(),
                         "names": {"kinds": [str(presenters.KIND_NAMES[k]) for k in sorted(result["score"].kinds)],
                                   "professions": {str(k): v for k, v in draker_engine.PROFESSIONS.items()}}})

