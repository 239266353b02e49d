"""The games API's results (``/api/results/``): submitted, confirmed, discarded, disputed."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from club.api import actor_of
from club.errors import InvalidInput
from rules.api import DisputeSerializer

from .. import access, selectors, services
from ..models import Deal, Result
from .common import IDEMPOTENCY, SubmissionThrottleMixin, idempotency_key
from .serializers import DisputeInSerializer, ResultCreateSerializer, ResultSerializer


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
