"""The tables' REST API: thin views over the services and selectors.

Who may do what is decided in one place, :mod:`games.tables.access`: a casino hand is its
player's (a croupier may read it); a dice match is read by any member, played by its two players
each for himself (a croupier who does not play in it may enter both sides' moves), accepted or
declined by the invited player and withdrawn by the member who invited him. The Draker calculator
needs no login. A Draker game is recorded by a member who plays in it (or a croupier) and
confirmed by another player of it or a croupier, never by the member who entered it.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from club.api import actor_of
from club.models import Member, ScheduledSession, Venue
from club.validators import INT32_BOUNDS, INT32_MIN, sane_date_range

from . import access, presenters, selectors, services
from .engines import casino as casino_engine
from .engines import dice as dice_engine
from .engines import draker as draker_engine
from .models import CasinoHand, DiceMatch, DrakerGame

# --- casino hands ------------------------------------------------------------------------------


class CasinoHandSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    stake = serializers.IntegerField()
    venue = serializers.CharField(allow_null=True, help_text="The slug of the venue whose clock is the house clock.")
    session = serializers.IntegerField(allow_null=True, help_text="The club session the hand counts for; "
                                                                  "null: it counts for no evening.")
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
    # The table's limit (CASINO_MAX_STAKE) is the service's to check, so the refusal names the value.
    stake = serializers.IntegerField(default=1, **INT32_BOUNDS, help_text="Chips, from 1 to the casino table's limit.")
    venue = serializers.SlugRelatedField(slug_field="slug", queryset=Venue.objects.all(), required=False,
                                         allow_null=True, help_text="Its time zone sets the house clock; "
                                                                    "left out, the session's venue.")
    session = serializers.PrimaryKeyRelatedField(
        queryset=ScheduledSession.objects.select_related("venue"), required=False, allow_null=True,
        help_text="The club session the hand is played at, so that it counts for that evening in a season: one "
                  "in progress (open or running, within its hours, an hour's grace each side) that the player "
                  "is going to or checked in at (a croupier: any in progress; 403 otherwise, 409 when it is "
                  "not in progress). Left out or null: the hand counts for no evening; the site never picks "
                  "one itself.")


class CasinoActSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=casino_engine.DECISIONS)


class CasinoDrawSerializer(serializers.Serializer):
    discard = serializers.ListField(child=serializers.CharField(max_length=4), default=list, max_length=6,
                                    help_text='The cards thrown, e.g. ["10h", "Kc"]; none to keep all.')


class CasinoHandViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                        viewsets.GenericViewSet):
    """Hands at the casino table: the list holds the caller's own hands."""

    serializer_class = CasinoHandSerializer
    permission_classes = [permissions.IsAuthenticated]
    queryset = CasinoHand.objects.none()

    def get_queryset(self):
        return selectors.casino_hands_of(member=actor_of(self.request))

    def get_object(self) -> CasinoHand:
        for_action = "view" if self.action == "retrieve" else "play"
        return access.access_casino_hand(actor_of(self.request), self.kwargs["pk"], for_action=for_action)

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
    phase = serializers.CharField(help_text="invited (waiting for the invitee), declined, withdrawn, "
                                            "or the match's own: roll, bargain, respond, reroll, over.")
    to_act = serializers.IntegerField(allow_null=True, help_text="The member whose move it is.")
    legal_actions = serializers.ListField(child=serializers.CharField())
    pool = serializers.IntegerField()
    winner = serializers.IntegerField(source="winner_id", allow_null=True)
    state = serializers.JSONField()
    moves = serializers.JSONField()
    trace = serializers.JSONField()
    odds = serializers.JSONField(help_text="For each player with both rolls on the table: the chances "
                                           "of the dice as they are and the best reroll.")
    created_by = serializers.IntegerField(help_text="The member who opened the match (a croupier's "
                                                    "opening posts both stakes).")
    invitee = serializers.IntegerField(allow_null=True, help_text="The player whose own acceptance the "
                                                                  "match needed; none when a croupier opened it.")
    accepted_at = serializers.DateTimeField(allow_null=True)
    entries = serializers.ListField(child=inline_serializer("DiceMoveEntry", {
        "move": serializers.IntegerField(help_text="The move's number in the record, from 1."),
        "player": serializers.IntegerField(help_text="The member whose move it is."),
        "entered_by": serializers.IntegerField(help_text="The member who entered it."),
        "by_croupier": serializers.BooleanField(help_text="Entered by a croupier for the player."),
    }))
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)

    def to_representation(self, instance: DiceMatch):
        # The odds enumerate every reroll: worth it for one match, not for a page of them.
        view = self.context.get("view")
        return presenters.dice_match_data(instance, odds=getattr(view, "action", None) != "list")


class DiceMatchCreateSerializer(serializers.Serializer):
    first = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all())
    second = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all())
    # The limits (the table's, the session's stakes) are the service's to check, naming the value.
    stake = serializers.IntegerField(default=1, **INT32_BOUNDS, help_text="Chips, within the table's limits and the "
                                                          "session's stakes.")
    mode = serializers.ChoiceField(choices=DiceMatch.Mode.choices, default=DiceMatch.Mode.RECORDED)
    seed = serializers.CharField(required=False, allow_blank=True, max_length=64)
    session = serializers.PrimaryKeyRelatedField(queryset=ScheduledSession.objects.all(), required=False,
                                                 allow_null=True)
    max_raise = serializers.IntegerField(required=False, allow_null=True, **INT32_BOUNDS,
                                         help_text="At most the session's largest stake.")


class DiceMoveSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=dice_engine.ACTIONS)
    player = serializers.PrimaryKeyRelatedField(
        queryset=Member.objects.all(), required=False,
        help_text="The member whose move it is: a player moves only for himself (the default); a "
                  "croupier who does not play may enter either player's move (by default whose turn it is).")
    dice = serializers.ListField(child=serializers.IntegerField(**INT32_BOUNDS), required=False, max_length=5,
                                 help_text="The faces rolled (real dice): five for a roll, one per "
                                           "rerolled position for a reroll.")
    indices = serializers.ListField(child=serializers.IntegerField(**INT32_BOUNDS), required=False, max_length=5,
                                    help_text="The positions rerolled, 0..4.")
    amount = serializers.IntegerField(required=False, min_value=INT32_MIN, max_value=INT32_BOUNDS["max_value"], help_text="The raise proposed, at most the match's "
                                                                "largest raise or its session's largest stake.")


class DiceMatchViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                       viewsets.GenericViewSet):
    """Dice matches. A member opening a match against another member invites him: his stake moves
    only when he accepts; the creator may withdraw the invitation until then."""

    serializer_class = DiceMatchSerializer
    permission_classes = [permissions.IsAuthenticated]
    queryset = DiceMatch.objects.none()

    def get_queryset(self):
        return selectors.dice_matches()

    def get_object(self) -> DiceMatch:
        for_action = "view" if self.action == "retrieve" else self.action
        return access.access_dice_match(actor_of(self.request), self.kwargs["pk"], for_action=for_action)

    def _answer(self, match: DiceMatch) -> Response:
        return Response(presenters.dice_match_data(match))

    @extend_schema(request=DiceMatchCreateSerializer, responses={201: DiceMatchSerializer},
                   description="A player opening a match invites the other (only the creator's stake is "
                               "posted); a croupier who does not play opens it with both stakes posted.")
    def create(self, request, *args, **kwargs):
        data = DiceMatchCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        match = services.dice_match_create(actor=actor_of(request), **fields)
        return Response(presenters.dice_match_data(match), status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=DiceMatchSerializer,
                   description="The invited player accepts: his stake goes into the pool and the match starts.")
    @action(detail=True, methods=["post"])
    def accept(self, request, pk=None):
        match = services.dice_match_accept(match=self.get_object(), actor=actor_of(request))
        return self._answer(match)

    @extend_schema(request=None, responses=DiceMatchSerializer,
                   description="The invited player declines; the creator's stake comes back.")
    @action(detail=True, methods=["post"])
    def decline(self, request, pk=None):
        match = services.dice_match_decline(match=self.get_object(), actor=actor_of(request))
        return self._answer(match)

    @extend_schema(request=None, responses=DiceMatchSerializer,
                   description="The member who sent the invitation takes it back before it is answered; "
                               "his stake comes back.")
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        match = services.dice_match_withdraw(match=self.get_object(), actor=actor_of(request))
        return self._answer(match)

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
        return self._answer(match)


# --- the Draker calculator ---------------------------------------------------------------------


class DrakerCardSerializer(serializers.Serializer):
    rank = serializers.IntegerField(**INT32_BOUNDS, help_text="2..14, the ace 14.")
    profession = serializers.IntegerField(**INT32_BOUNDS, help_text="1..10, the youngest first.")
    suit = serializers.CharField(max_length=1, help_text="h d c s e (elves) g (gnomes).")
    tokens = serializers.IntegerField(default=0, **INT32_BOUNDS, help_text='Net count of "+1" and "-1" tokens.')
    effects = serializers.IntegerField(default=0, **INT32_BOUNDS)
    pool = serializers.CharField(default="own", max_length=6, help_text="own or common.")


class DrakerScoreInputSerializer(serializers.Serializer):
    cards = DrakerCardSerializer(many=True, allow_empty=False, max_length=20)
    effects = serializers.IntegerField(default=0, **INT32_BOUNDS, help_text="Effects on the whole combination.")
    spent_attack = serializers.IntegerField(default=0, **INT32_BOUNDS)
    spent_defence = serializers.IntegerField(default=0, **INT32_BOUNDS)
    earned_attack = serializers.IntegerField(default=0, **INT32_BOUNDS, help_text="Earned besides this combination.")
    earned_defence = serializers.IntegerField(default=0, **INT32_BOUNDS, help_text="Earned besides this combination.")


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



# --- Draker games ------------------------------------------------------------------------------


class DrakerPlayerSerializer(serializers.Serializer):
    member = serializers.IntegerField()
    name = serializers.CharField()
    place = serializers.IntegerField(help_text="1 is the winner, the last one left in the game.")
    life = serializers.IntegerField(allow_null=True, help_text="Life points at the end, when noted.")
    life_lost_in_turns = serializers.IntegerField(allow_null=True, help_text="Life points lost through the "
                                                                             "recorded turns (not in a list).")


class DrakerTurnSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    player = serializers.IntegerField()
    declared = serializers.JSONField(help_text="The cards, the combination's effects and the turn's points.")
    score = serializers.JSONField(help_text="The engine's value of the combination.")
    balance = serializers.JSONField(help_text="The engine's life-point balance of the turn.")
    final = serializers.IntegerField()
    role = serializers.CharField(help_text="attack or defence.")
    life_cost = serializers.IntegerField()
    entered_by = serializers.IntegerField()
    entered_at = serializers.DateTimeField()


class DrakerGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=DrakerGame.Status.choices,
                                     help_text="draft until another player or a croupier confirms it; only a "
                                               "confirmed game is rated.")
    session = serializers.IntegerField(allow_null=True)
    played_at = serializers.DateTimeField()
    note = serializers.CharField()
    players = DrakerPlayerSerializer(many=True)
    turns = DrakerTurnSerializer(many=True, required=False, help_text="Left out of a list of games.")
    entered_by = serializers.IntegerField()
    entered_at = serializers.DateTimeField()
    confirmed_by = serializers.IntegerField(allow_null=True)
    confirmed_at = serializers.DateTimeField(allow_null=True)
    discarded_by = serializers.IntegerField(allow_null=True)
    discarded_at = serializers.DateTimeField(allow_null=True)

    def to_representation(self, instance: DrakerGame):
        return presenters.draker_game_data(instance)


class DrakerPlaceSerializer(serializers.Serializer):
    member = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all())
    # The bounds are the service's to check, so the refusal names the row and the value.
    place = serializers.IntegerField(**INT32_BOUNDS, help_text="1 is the winner, the last one left; each place "
                                                               "once, from 1 to the number of players.")
    life = serializers.IntegerField(required=False, allow_null=True, **INT32_BOUNDS,
                                    help_text="Life points at the end, if the table noted them.")


class DrakerGameCreateSerializer(serializers.Serializer):
    players = DrakerPlaceSerializer(many=True, max_length=50, help_text="Two or more; the caller among them "
                                                                         "unless he is a croupier.")
    session = serializers.PrimaryKeyRelatedField(queryset=ScheduledSession.objects.all(), required=False,
                                                 allow_null=True, help_text="Its players must take part in it.")
    played_at = serializers.DateTimeField(required=False, validators=[sane_date_range], help_text="By default now.")
    note = serializers.CharField(required=False, allow_blank=True, max_length=200)


class DrakerTurnInputSerializer(DrakerScoreInputSerializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all(),
                                                help_text="The player of the game who declared the combination.")


class DrakerGameViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                        viewsets.GenericViewSet):
    """Draker games as played at the club: a member records a game he plays in (a croupier any);
    it is a draft until another player of it or a croupier confirms it, and then counts in the
    Draker rating. No stakes, no chips."""

    serializer_class = DrakerGameSerializer
    permission_classes = [permissions.IsAuthenticated]
    queryset = DrakerGame.objects.none()

    def get_queryset(self):
        actor_of(self.request)
        return selectors.draker_games()

    def get_object(self) -> DrakerGame:
        for_action = {"retrieve": "view", "turns": "turn"}.get(self.action, self.action)
        return access.access_draker_game(actor_of(self.request), self.kwargs["pk"], for_action=for_action)

    def _answer(self, game: DrakerGame, code: int = status.HTTP_200_OK) -> Response:
        game = access.access_draker_game(actor_of(self.request), game.pk, for_action="view")
        return Response(presenters.draker_game_data(game, selectors.draker_turns(game)), status=code)

    def retrieve(self, request, *args, **kwargs):
        return self._answer(self.get_object())

    @extend_schema(request=DrakerGameCreateSerializer, responses={201: DrakerGameSerializer},
                   description="Record a game as played: its placings and, optionally, the life points at the "
                               "end. The seed fixes neither the starting life nor how a game ends, so the site "
                               "judges neither.")
    def create(self, request, *args, **kwargs):
        data = DrakerGameCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        players = [dict(p) for p in fields.pop("players")]
        game = services.draker_game_record(actor=actor_of(request), players=players, **fields)
        return self._answer(game, status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=DrakerGameSerializer,
                   description="Another player of the game or a croupier confirms the draft; the member who "
                               "entered it cannot.")
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        return self._answer(services.draker_game_confirm(game=self.get_object(), actor=actor_of(request)))

    @extend_schema(request=None, responses=DrakerGameSerializer,
                   description="A player of the game or a croupier discards a wrong draft; it is kept, never rated.")
    @action(detail=True, methods=["post"])
    def discard(self, request, pk=None):
        return self._answer(services.draker_game_discard(game=self.get_object(), actor=actor_of(request)))

    @extend_schema(request=DrakerTurnInputSerializer, responses={201: DrakerGameSerializer},
                   description="A combination declared in a turn of a draft game, valued by the engine as the "
                               "calculator values it, with the turn's life-point balance.")
    @action(detail=True, methods=["post"])
    def turns(self, request, pk=None):
        game = self.get_object()
        data = DrakerTurnInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        cards = [dict(c) for c in fields.pop("cards")]
        services.draker_turn_record(game=game, actor=actor_of(request), cards=cards, **fields)
        return self._answer(game, status.HTTP_201_CREATED)
