"""The games REST API: sittings, deals, circles, bets, claims, results, confirmations, the ledger
and statistics. Thin views over the services and selectors.

Lists come from the visibility querysets; a single object and every write go through
:mod:`games.access`: a member sees the tables they sit at, a croupier every table; anything else
is a 404, and what may be seen but not done is a 403. Submissions are throttled (scope "submissions")
and honour an ``Idempotency-Key`` header.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field, inline_serializer
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle

from club.api import actor_of
from club.api_serializers import ModelSerializer
from club.errors import InvalidInput, NotFound
from club.models import GameKind, Member, ScheduledSession
from club.seats import Seat
from club.validators import sane_date_range
from rules.api import DisputeSerializer

from . import access, selectors, services
from .models import (
    ActionReceipt,
    Bet,
    Claim,
    Clothing,
    Deal,
    DealtCard,
    Drink,
    Game,
    GamePlayer,
    Hue,
    LedgerEntry,
    Result,
    SetAside,
    Weather,
)
from .sitting import sitting_for

# --- serializers ----------------------------------------------------------------------------------------


def enum_field(choices, **kwargs) -> serializers.ChoiceField:
    """A choice field described in place by the pattern of its values: other apps have "kind",
    "mode" and "status" fields with other values, and the enum components the schema generator
    names after the field would collide."""
    values = [value for value, _label in choices]

    @extend_schema_field({"type": "string", "pattern": f"^({'|'.join(values)})$",
                          "description": "one of: " + ", ".join(values)})
    class InlineEnumField(serializers.ChoiceField):
        pass

    return InlineEnumField(choices=choices, **kwargs)



_HUE_SCHEMA = {"type": "string", "nullable": True, "pattern": f"^({'|'.join(Hue.values)})$",
               "description": "one of: " + ", ".join(Hue.values) + "; null when not recorded"}


class GamePlayerSerializer(ModelSerializer):
    member_name = serializers.CharField(source="member.display_name", read_only=True)
    clothing_hue = serializers.SerializerMethodField()

    class Meta:
        model = GamePlayer
        fields = ["member", "member_name", "seat", "glasses", "headwear", "clothing", "drink", "spare_decks",
                  "analog_watches", "digital_watches", "clothing_hue"]

    @extend_schema_field(_HUE_SCHEMA)
    def get_clothing_hue(self, gp: GamePlayer) -> str | None:
        return gp.clothing_hue or None


class GameSerializer(ModelSerializer):
    players = GamePlayerSerializer(many=True, read_only=True)
    kind = enum_field(GameKind.choices, read_only=True)
    status = enum_field(Game.Status.choices, read_only=True)
    weather = enum_field(Weather.choices, read_only=True)
    ante = serializers.IntegerField(read_only=True)

    class Meta:
        model = Game
        fields = ["id", "session", "number", "kind", "status", "ruleset", "readings", "min_stake", "max_stake", "ante",
                  "animals", "weather", "saint_images", "analog_clocks", "digital_clocks", "natural_table", "exits",
                  "closed_room", *Game.OPTIONAL_ROOM_FACTS, "bearded_onlookers", "croupier_calls", "started_at",
                  "ended_at", "players"]
        read_only_fields = fields


class SeatInSerializer(serializers.Serializer):
    member = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all())
    seat = serializers.ChoiceField(choices=Seat.choices)
    glasses = serializers.BooleanField(required=False)
    headwear = serializers.BooleanField(required=False)
    # the tone of the clothing: null, "" or left out when not recorded
    clothing = serializers.ChoiceField(choices=Clothing.choices, required=False, allow_null=True, allow_blank=True)
    drink = serializers.ChoiceField(choices=Drink.choices, required=False)
    spare_decks = serializers.IntegerField(required=False, min_value=0, max_value=20)
    # clocks with hands / digital clocks the player wears or carries
    analog_watches = serializers.IntegerField(required=False, min_value=0, max_value=20)
    digital_watches = serializers.IntegerField(required=False, min_value=0, max_value=20)
    # the colour of most of the clothing: null, "" or left out when not recorded
    clothing_hue = serializers.ChoiceField(choices=Hue.choices, required=False, allow_null=True, allow_blank=True)


class RoomInSerializer(serializers.Serializer):
    # null or left out: not counted
    animals = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=1000)
    weather = enum_field(Weather.choices, required=False)
    saint_images = serializers.IntegerField(required=False, min_value=0, max_value=1000)
    analog_clocks = serializers.IntegerField(required=False, min_value=0, max_value=1000)
    digital_clocks = serializers.IntegerField(required=False, min_value=0, max_value=1000)
    natural_table = serializers.BooleanField(required=False)
    exits = serializers.IntegerField(required=False, min_value=0, max_value=1000)
    closed_room = serializers.BooleanField(required=False)
    # modifiers 50 and 65: true, false, or null / left out when not recorded
    natural_surface = serializers.BooleanField(required=False, allow_null=True)
    doors_closed = serializers.BooleanField(required=False, allow_null=True)
    closed_throughout = serializers.BooleanField(required=False, allow_null=True)
    # people present who do not play (the croupier, onlookers) wearing a beard
    bearded_onlookers = serializers.IntegerField(required=False, min_value=0, max_value=1000)


class GameCreateSerializer(serializers.Serializer):
    session = serializers.PrimaryKeyRelatedField(queryset=ScheduledSession.objects.all())
    seats = SeatInSerializer(many=True, required=False,
                             help_text="The players and their facts of the evening; default: the session's seating.")
    room = RoomInSerializer(required=False)
    min_stake = serializers.IntegerField(required=False, min_value=1, max_value=100000)
    max_stake = serializers.IntegerField(required=False, min_value=1, max_value=100000)
    readings = serializers.DictField(child=serializers.CharField(max_length=60), required=False)


class ReseatSerializer(serializers.Serializer):
    seats = SeatInSerializer(many=True)


class DealtCardSerializer(ModelSerializer):
    # A card read through a deal may lie face down in front of another player: its face is then
    # null (see games.access.sees_every_card).
    card = serializers.CharField(read_only=True, allow_null=True,
                                 help_text="The card; null while it lies face down in front of another player.")
    member = serializers.IntegerField(source="member_id", read_only=True)

    class Meta:
        model = DealtCard
        fields = ["seq", "card", "member", "circle", "open"]


class BetSerializer(ModelSerializer):
    kind = enum_field(Bet.Kind.choices, read_only=True)

    class Meta:
        model = Bet
        fields = ["id", "deal", "member", "kind", "amount", "created_at"]
        read_only_fields = fields


class ClaimSerializer(ModelSerializer):
    # The further cards, as the engine writes them (stored separated by spaces).
    cards = serializers.SerializerMethodField()

    class Meta:
        model = Claim
        fields = ["id", "deal", "member", "rule", "card", "suit", "target", "direction", "cancels", "rank", "cards",
                  "created_at"]
        read_only_fields = fields

    def get_cards(self, claim: Claim) -> list[str]:
        return claim.cards.split()


class DealSerializer(ModelSerializer):
    """A deal as its reader may see it: the serializer's context names the reader ("actor"), and
    the deal is read by ``selectors.deals_with_seen_cards``."""

    cards = serializers.SerializerMethodField()
    seed = serializers.SerializerMethodField(
        help_text="The digital dealer's seed; null while it would tell a reader cards he may not see yet.")
    bets = BetSerializer(many=True, read_only=True)
    claims = ClaimSerializer(many=True, read_only=True)
    mode = enum_field(Deal.Mode.choices, read_only=True)

    class Meta:
        model = Deal
        fields = ["id", "game", "number", "mode", "seed", "started_at", "voided_at", "voided_by", "replay_of",
                  "cards", "bets", "claims"]
        read_only_fields = fields

    @extend_schema_field(DealtCardSerializer(many=True))
    def get_cards(self, deal: Deal) -> list:
        return DealtCardSerializer(selectors.deal_cards_for(deal, member=self.context.get("actor")), many=True).data

    @extend_schema_field({"type": "string", "nullable": True})
    def get_seed(self, deal: Deal) -> str | None:
        # The seed replays the whole shuffle: it is a dark card's face by another name.
        return deal.seed if selectors.deal_sees_every_card(deal, member=self.context.get("actor")) else None


class DealCreateSerializer(serializers.Serializer):
    # An id, not a related field: a table the member does not sit at answers 404 like one that
    # does not exist.
    game = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
    mode = enum_field(Deal.Mode.choices, default=Deal.Mode.RECORDED)
    seed = serializers.CharField(required=False, max_length=64, allow_blank=False,
                                 help_text="The digital dealer's seed; drawn at random when absent.")
    started_at = serializers.DateTimeField(required=False, validators=[sane_date_range])


class CardInSerializer(serializers.Serializer):
    card = serializers.CharField(max_length=8, help_text="Either notation: Ah, 10c, Tc, Тч, 10т.")
    seq = serializers.IntegerField(required=False, min_value=0, max_value=200,
                                   help_text="How many cards the sender saw dealt before this one; another "
                                             "count is a 409 naming the cards recorded meanwhile.")


class SetAsideInSerializer(serializers.Serializer):
    kept = serializers.ChoiceField(choices=SetAside.Kept.choices)
    from_seq = serializers.IntegerField(min_value=0, max_value=200)
    actions = serializers.ListField(child=serializers.DictField(), required=False, max_length=200,
                                    help_text="The phone's waiting taps, kept aside when the site's version is kept.")


class SetAsideSerializer(ModelSerializer):
    kept = enum_field(SetAside.Kept.choices, read_only=True)

    class Meta:
        model = SetAside
        fields = ["id", "deal", "chosen_by", "kept", "from_seq", "actions", "created_at"]
        read_only_fields = fields


class CircleSerializer(serializers.Serializer):
    complete = serializers.BooleanField()
    number = serializers.IntegerField(allow_null=True)
    kind = serializers.CharField(allow_null=True)
    recipient = serializers.IntegerField(allow_null=True)
    recipients = serializers.ListField(child=serializers.IntegerField())
    dealt = serializers.IntegerField()


class BetInSerializer(serializers.Serializer):
    member = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all(), required=False)
    amount = serializers.IntegerField(min_value=1, max_value=1000000)


class ClaimInSerializer(serializers.Serializer):
    member = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all(), required=False)
    rule = serializers.CharField(max_length=12)
    card = serializers.CharField(max_length=8, required=False, allow_blank=True)
    suit = serializers.ChoiceField(choices=[("h", "h"), ("d", "d"), ("c", "c"), ("s", "s")], required=False)
    # Read only by some rules: a target card (modifiers 22, 28-32, 43, 44, 52, 74), a direction
    # (modifiers 20, 21, 32, 52: up or down; 45, 46: incrementing or decrementing; 46: free or home)
    # and the rule modifier 23's claim cancels. Refused, naming the field, under any other rule.
    target = serializers.CharField(max_length=8, required=False, allow_blank=True)
    direction = serializers.ChoiceField(choices=[(d, d) for d in ("up", "down", "incrementing", "decrementing",
                                                                  "free", "home")], required=False)
    cancels = serializers.CharField(max_length=12, required=False, allow_blank=True)
    # Read only by some rules too: the rank chosen (modifier 51: 2..14, 14 the ace) and further
    # cards (modifier 14: the second card whose suit inverts; modifier 44: the dead card revived as
    # wild), in either notation. The service bounds how many each rule takes.
    rank = serializers.IntegerField(min_value=2, max_value=14, required=False, allow_null=True)
    cards = serializers.ListField(child=serializers.CharField(max_length=8), max_length=2, required=False)


class ResultSerializer(ModelSerializer):
    winners = serializers.PrimaryKeyRelatedField(many=True, read_only=True)
    supersedes_version = serializers.IntegerField(source="supersedes.version", read_only=True, allow_null=True,
                                                  default=None)
    status = enum_field(Result.Status.choices, read_only=True)
    kind = enum_field(Result.Kind.choices, read_only=True)

    class Meta:
        model = Result
        fields = ["id", "deal", "version", "status", "kind", "pot", "winners", "chips", "judgement", "best_category",
                  "note", "submitted_by", "submitted_at", "confirmed_by", "confirmed_at", "closed_by", "closed_at",
                  "supersedes_version"]
        read_only_fields = fields


class ResultCreateSerializer(serializers.Serializer):
    deal = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
    supersedes = serializers.IntegerField(required=False, min_value=1, max_value=32000,
                                          help_text="The confirmed version this submission corrects.")
    winners = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all(), many=True, required=False,
                                                 help_text="Quick results only: who won.")
    pot = serializers.IntegerField(required=False, min_value=0, max_value=1000000, help_text="Quick results only.")
    note = serializers.CharField(required=False, max_length=200, allow_blank=True)


class DisputeInSerializer(serializers.Serializer):
    question = serializers.CharField(max_length=2000, help_text="What the croupier is asked to rule on.")


class LedgerEntrySerializer(ModelSerializer):
    account = enum_field(LedgerEntry.Account.choices, read_only=True)
    kind = enum_field(LedgerEntry.Kind.choices, read_only=True)

    class Meta:
        model = LedgerEntry
        fields = ["id", "posting", "account", "member", "kind", "amount", "deal", "result", "session", "casino_hand",
                  "dice_match", "created_at"]
        read_only_fields = fields


def idempotency_key(request) -> str:
    """The request's ``Idempotency-Key`` header ("" when absent), at most 100 characters."""
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > 100:
        raise InvalidInput(_("The Idempotency-Key header is longer than 100 characters."),
                           extra={"field": "Idempotency-Key"})
    return key


IDEMPOTENCY = OpenApiParameter("Idempotency-Key", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
                               description="A retried submission with the same key returns the first response.")


# --- views ------------------------------------------------------------------------------------------------


class SubmissionThrottleMixin:
    """Throttle the actions that submit (scope "submissions" in settings)."""

    throttled_actions: tuple[str, ...] = ()

    def get_throttles(self):
        if self.action in self.throttled_actions:
            self.throttle_scope = "submissions"
            return [ScopedRateThrottle()]
        return super().get_throttles()


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


def _deal_response(deal_id: int, actor, code: int = status.HTTP_200_OK) -> Response:
    """A deal as the API answers a write on it: read afresh (voided deals too), its cards as the
    actor may see them."""
    deal = selectors.deals_with_seen_cards(Deal.all_objects.select_related("voided_by")).get(pk=deal_id)
    return Response(DealSerializer(deal, context={"actor": actor}).data, status=code)


class DealViewSet(SubmissionThrottleMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin,
                  viewsets.GenericViewSet):
    """Deals, their cards (guided by the engine's circles), bets and claims."""

    serializer_class = DealSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["game"]
    throttled_actions = ("create", "cards", "bets", "claims", "set_aside", "void", "replay")

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Deal.objects.none()
        return selectors.deals_with_seen_cards(selectors.deals_visible_to(actor_of(self.request))).order_by("-pk")

    def get_object(self):
        return access.access_deal(actor_of(self.request), self.kwargs["pk"],
                                  for_write=self.request.method not in permissions.SAFE_METHODS,
                                  queryset=selectors.deals_with_seen_cards(
                                      Deal.all_objects.select_related("game__session__venue")))

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if not getattr(self, "swagger_fake_view", False) and self.request.user.is_authenticated:
            context["actor"] = actor_of(self.request)
        return context

    @extend_schema(request=DealCreateSerializer, responses={201: DealSerializer})
    def create(self, request):
        data = DealCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        actor = actor_of(request)
        game = access.access_game(actor, v["game"], for_write=True)
        if v["mode"] == Deal.Mode.DIGITAL:
            deal = services.deal_digital(game=game, actor=actor, seed=v.get("seed"), started_at=v.get("started_at"))
        else:
            deal = services.deal_start(game=game, actor=actor, started_at=v.get("started_at"),
                                       quick=v["mode"] == Deal.Mode.QUICK)
        return _deal_response(deal.pk, actor, status.HTTP_201_CREATED)

    @extend_schema(responses=CircleSerializer)
    @action(detail=True, methods=["get"])
    def circle(self, request, pk=None):
        """The next circle: open or dark, who receives the next card (the engine's step API)."""
        deal = self.get_object()
        dealt = deal.cards.count()
        if deal.mode == Deal.Mode.QUICK:
            return Response({"complete": True, "number": None, "kind": None, "recipient": None, "recipients": [],
                             "dealt": 0})
        nxt = selectors.next_circle(sitting=sitting_for(deal))
        if nxt is None:
            return Response({"complete": True, "number": None, "kind": None, "recipient": None, "recipients": [],
                             "dealt": dealt})
        return Response({"complete": False, "number": nxt.number, "kind": nxt.kind, "recipient": int(nxt.recipient),
                         "recipients": [int(r) for r in nxt.recipients], "dealt": dealt})

    def _once(self, request, deal: Deal, kind: str, act) -> Response:
        """``act(deal)`` done once per ``Idempotency-Key`` (a phone replaying its waiting taps)."""
        answer, body = services.action_once(actor=actor_of(request), deal=deal, key=idempotency_key(request),
                                            kind=kind, act=act)
        return Response(body, status=answer)

    @extend_schema(request=CardInSerializer, responses={201: DealtCardSerializer}, parameters=[IDEMPOTENCY])
    @action(detail=True, methods=["post"])
    def cards(self, request, pk=None):
        deal = self.get_object()
        data = CardInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        actor = actor_of(request)

        def act(deal):
            services.require_next_seq(deal=deal, seq=data.validated_data.get("seq"))
            row = services.deal_card(deal=deal, actor=actor, card=data.validated_data["card"])
            return status.HTTP_201_CREATED, DealtCardSerializer(row).data
        return self._once(request, deal, ActionReceipt.Kind.CARD, act)

    @extend_schema(request=BetInSerializer, responses={201: BetSerializer}, parameters=[IDEMPOTENCY])
    @action(detail=True, methods=["post"])
    def bets(self, request, pk=None):
        deal = self.get_object()
        data = BetInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        actor = actor_of(request)

        def act(deal):
            bet = services.bet_place(deal=deal, actor=actor, member=data.validated_data.get("member", actor),
                                     amount=data.validated_data["amount"])
            return status.HTTP_201_CREATED, BetSerializer(bet).data
        return self._once(request, deal, ActionReceipt.Kind.BET, act)

    @extend_schema(request=ClaimInSerializer, responses={201: ClaimSerializer}, parameters=[IDEMPOTENCY])
    @action(detail=True, methods=["post"])
    def claims(self, request, pk=None):
        deal = self.get_object()
        data = ClaimInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        actor = actor_of(request)
        v = data.validated_data

        def act(deal):
            claim = services.claim_declare(deal=deal, actor=actor, member=v.get("member", actor),
                                           rule=v["rule"], card=v.get("card", ""), suit=v.get("suit", ""),
                                           target=v.get("target", ""), direction=v.get("direction", ""),
                                           cancels=v.get("cancels", ""), rank=v.get("rank"),
                                           cards=v.get("cards", []))
            return status.HTTP_201_CREATED, ClaimSerializer(claim).data
        return self._once(request, deal, ActionReceipt.Kind.CLAIM, act)

    @extend_schema(request=SetAsideInSerializer, responses={201: SetAsideSerializer}, parameters=[IDEMPOTENCY])
    @action(detail=True, methods=["post"], url_path="set-aside")
    def set_aside(self, request, pk=None):
        """Two phones recorded this deal, one offline: keep the site's cards from card ``from_seq`` + 1
        on and set the phone's waiting taps aside ("theirs"), or take the site's cards back from there,
        set them aside, and send the phone's ("mine"). Either version stays in the deal's history.
        An ``Idempotency-Key`` is required: choosing "mine" twice must not take back the phone's own cards."""
        deal = self.get_object()
        if not idempotency_key(request):
            raise InvalidInput(_("Send an Idempotency-Key header with the choice of a version."),
                               extra={"field": "Idempotency-Key"})
        data = SetAsideInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        actor = actor_of(request)
        v = data.validated_data

        def act(deal):
            aside = services.deal_set_aside(deal=deal, actor=actor, kept=v["kept"], from_seq=v["from_seq"],
                                            actions=v.get("actions") or [])
            return status.HTTP_201_CREATED, SetAsideSerializer(aside).data
        return self._once(request, deal, ActionReceipt.Kind.SET_ASIDE, act)

    @extend_schema(request=None, responses=DealSerializer)
    @action(detail=True, methods=["post"])
    def void(self, request, pk=None):
        """A croupier voids the last deal of a live Game: it counts as not played (nothing is
        posted), stays in the history, and the next deal takes its number."""
        actor = actor_of(request)
        deal = services.deal_void(deal=self.get_object(), actor=actor)
        return _deal_response(deal.pk, actor)

    @extend_schema(request=None, responses={201: DealSerializer})
    @action(detail=True, methods=["post"])
    def replay(self, request, pk=None):
        """A croupier orders the deal replayed: it is voided and a fresh deal starts at its number
        (the answer is the fresh deal)."""
        actor = actor_of(request)
        fresh = services.deal_replay(deal=self.get_object(), actor=actor)
        return _deal_response(fresh.pk, actor, status.HTTP_201_CREATED)


class ClaimViewSet(viewsets.GenericViewSet):
    """A claim of a deal: withdrawn by its owner or a croupier until the deal's result is submitted."""

    serializer_class = ClaimSerializer
    permission_classes = [permissions.IsAuthenticated]
    queryset = Claim.objects.none()

    @extend_schema(request=None, responses=DealSerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        """Withdraw the claim; the answer is its deal without it."""
        actor = actor_of(request)
        claim = access.access_claim(actor, pk, for_write=True)
        services.claim_withdraw(claim=claim, actor=actor)
        return _deal_response(claim.deal_id, actor)


class BetViewSet(viewsets.GenericViewSet):
    """A bet of a deal: withdrawn by its owner or a croupier until the deal's result is submitted
    (bets post to the ledger only when a result is confirmed: a withdrawn bet moves no chip)."""

    serializer_class = BetSerializer
    permission_classes = [permissions.IsAuthenticated]
    queryset = Bet.objects.none()

    @extend_schema(request=None, responses=DealSerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        """Withdraw the bet; the answer is its deal without it."""
        actor = actor_of(request)
        bet = access.access_bet(actor, pk, for_write=True)
        services.bet_withdraw(bet=bet, actor=actor)
        return _deal_response(bet.deal_id, actor)


class ResultViewSet(SubmissionThrottleMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin,
                    viewsets.GenericViewSet):
    """Versioned results: submitted as drafts, confirmed by a second person, corrected by new versions."""

    serializer_class = ResultSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["deal", "status", "kind"]
    throttled_actions = ("create", "confirm", "discard", "disputes")

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Result.objects.none()
        # The answer names the deal and the members by id and reads only the version it corrects: no
        # join but that one (each join costs PostgreSQL planning time on every request), and not the
        # sitting document or the advice, tens of kilobytes a row that the answer leaves out.
        return (selectors.results_visible_to(actor_of(self.request)).select_related(None).select_related("supersedes")
                .defer("document", "advice", "correction", "supersedes__document", "supersedes__judgement",
                       "supersedes__advice", "supersedes__correction").order_by("-pk"))

    def get_object(self):
        return access.access_result(actor_of(self.request), self.kwargs["pk"],
                                    for_write=self.request.method not in permissions.SAFE_METHODS,
                                    queryset=self._results())

    @staticmethod
    def _results():
        return (Result.objects.select_related("deal__game__session", "supersedes", "submitted_by", "confirmed_by")
                .prefetch_related("winners"))

    @extend_schema(request=ResultCreateSerializer, responses={201: ResultSerializer}, parameters=[IDEMPOTENCY])
    def create(self, request):
        key = idempotency_key(request)
        data = ResultCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        actor = actor_of(request)
        deal = access.access_deal(actor, v["deal"], for_write=True)
        if deal.mode == Deal.Mode.QUICK:
            if "pot" not in v:
                raise InvalidInput(_("pot: a quick result needs the pot."), extra={"field": "pot"})
            result = services.result_submit_quick(deal=deal, actor=actor, winners=v.get("winners") or [], pot=v["pot"],
                                                  idempotency_key=key, supersedes=v.get("supersedes"),
                                                  note=v.get("note", ""))
        else:
            if v.get("winners") or "pot" in v:
                raise InvalidInput(_("winners: the cards of this deal were recorded; the judge decides the winner."),
                                   extra={"field": "winners"})
            result = services.result_submit(deal=deal, actor=actor, idempotency_key=key,
                                            supersedes=v.get("supersedes"))
        return Response(ResultSerializer(self._results().get(pk=result.pk)).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=ResultSerializer)
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        result = services.result_confirm(result=self.get_object(), actor=actor_of(request))
        return Response(ResultSerializer(self._results().get(pk=result.pk)).data)

    @extend_schema(request=None, responses=ResultSerializer)
    @action(detail=True, methods=["post"])
    def discard(self, request, pk=None):
        result = services.result_discard(result=self.get_object(), actor=actor_of(request))
        return Response(ResultSerializer(self._results().get(pk=result.pk)).data)

    @extend_schema(request=DisputeInSerializer, responses={201: DisputeSerializer})
    @action(detail=True, methods=["post"])
    def disputes(self, request, pk=None):
        """Call the croupier on this result's deal: a dispute in the precedent archive
        (/api/disputes/), prefilled with the deal; confirming waits until the croupier rules."""
        result = self.get_object()
        data = DisputeInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        dispute = services.dispute_raise(deal=result.deal, actor=actor_of(request),
                                         question=data.validated_data["question"])
        return Response(DisputeSerializer(dispute).data, status=status.HTTP_201_CREATED)


class LedgerViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """The chip ledger, double entry: every posting is two rows summing to zero."""

    serializer_class = LedgerEntrySerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["member", "session", "deal", "casino_hand", "dice_match", "account", "kind"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return LedgerEntry.objects.none()
        return selectors.ledger_visible_to(actor_of(self.request)).order_by("-created_at", "-pk")


MemberStats = inline_serializer("MemberStats", {
    "member": serializers.IntegerField(), "played": serializers.IntegerField(), "won": serializers.IntegerField(),
    "quick": serializers.IntegerField(),
    # A member's chips are his, his croupiers' and admins' (or everyone's when the club opens them): null to others.
    "net": serializers.IntegerField(allow_null=True), "balance": serializers.IntegerField(allow_null=True),
    "hands": serializers.ListField(child=serializers.DictField()),
    "modifiers": serializers.ListField(child=serializers.DictField()),
    "best": serializers.DictField(allow_null=True),
    "net_series": serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()),
                                        allow_null=True),
})
LeaderboardRow = inline_serializer("LeaderboardRow", {
    "rank": serializers.IntegerField(), "member": serializers.IntegerField(),
    "member_name": serializers.CharField(), "net": serializers.IntegerField(allow_null=True),
    "played": serializers.IntegerField(), "won": serializers.IntegerField(),
}, many=True)


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


# --- ratings ----------------------------------------------------------------------------------------

# The games (GameKind, one enum in the schema) and "all": the all-rounder ranking.
RATED_GAMES = [value for value, _label in GameKind.choices]
RATING_GAMES = ["all", *RATED_GAMES]


class RatingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    member = serializers.IntegerField(source="member.pk")
    member_name = serializers.CharField(source="member.display_name")
    rating = serializers.FloatField(help_text="mu - 3 sigma; the all-rounder: the mean over the counted games")
    mu = serializers.FloatField(allow_null=True)
    sigma = serializers.FloatField(allow_null=True)
    matches = serializers.IntegerField(allow_null=True)
    games = serializers.ListField(child=serializers.ChoiceField(choices=GameKind.choices), allow_null=True)


class RatingPointSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GameKind.choices)
    match = serializers.IntegerField(source="played", help_text="the member's matches of the game so far")
    date = serializers.DateField(source="when")
    ref = serializers.IntegerField(help_text="the sitting, casino hand, dice match or tournament table")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    rating = serializers.FloatField(source="ordinal")


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
