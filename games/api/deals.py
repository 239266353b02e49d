"""The games API's deals (``/api/deals/``): their cards, guided by the engine's circles, bets and
claims; and the withdrawal of a claim or a bet (``/api/claims/``, ``/api/bets/``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from club.api import actor_of
from club.errors import InvalidInput

from .. import access, selectors, services
from ..models import ActionReceipt, Bet, Claim, Deal
from ..sitting import sitting_for
from .common import IDEMPOTENCY, SubmissionThrottleMixin, idempotency_key
from .serializers import (
    BetInSerializer,
    BetSerializer,
    CardInSerializer,
    CircleSerializer,
    ClaimInSerializer,
    ClaimSerializer,
    DealCreateSerializer,
    DealSerializer,
    DealtCardSerializer,
    SetAsideInSerializer,
    SetAsideSerializer,
)


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
