"""The games API's serializers: what each resource answers and what each write takes in."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field, inline_serializer
from rest_framework import serializers

from club.api_serializers import ModelSerializer
from club.models import GameKind, Member, ScheduledSession
from club.seats import Seat
from club.validators import sane_date_range

from .. import selectors
from ..models import (
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
