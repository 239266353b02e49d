"""The precedent archive's REST API: thin views over :mod:`rules.services` and :mod:`rules.selectors`.

Anyone may read the rulebook, the interpretation points and the published precedents; only
croupiers and admins write precedents; members raise disputes and croupiers rule on them.
"""

from __future__ import annotations

import datetime as dt

from django.core.cache import cache
from django.http import Http404
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field, inline_serializer
from rest_framework import generics, mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from club import selectors as club_selectors
from club.api import IsCroupierOrReadOnly, actor_of
from club.api_serializers import ModelSerializer
from club.errors import InvalidInput
from club.models import Member
from club.services import require_croupier
from club.validators import query_date, sane_date_range

from . import access, archive_cache, point_words, search, selectors, services
from .models import (
    Dispute,
    InterpretationPoint,
    Precedent,
    PrecedentCitation,
    PrecedentImpact,
    RulebookEntry,
    SavedSearch,
    SearchDocument,
)


def _member(request) -> Member | None:
    return club_selectors.member_for_user(request.user)


def _date_param(request, name: str) -> dt.date | None:
    return query_date(request.query_params, name)


class WriteThrottleMixin:
    """Throttle the actions that write (the club's "submissions" rate, counted per member)."""

    throttled_actions: tuple[str, ...] = ()

    def get_throttles(self):
        if self.action in self.throttled_actions and self.request.method not in permissions.SAFE_METHODS:
            self.throttle_scope = "submissions"
            return [ScopedRateThrottle()]
        return super().get_throttles()


def _bounded_mapping(limit: int):
    def check(value):
        if len(value) > limit:
            raise serializers.ValidationError(_("At most %(max)s items, not %(size)s.") % {"max": limit, "size": len(value)})
    return check


# ----------------------------------------------------------------------------- serializers
class RulebookEntrySerializer(ModelSerializer):
    class Meta:
        model = RulebookEntry
        fields = ["key", "game", "kind", "number", "title", "title_ru", "text_ru", "summary_en", "data"]


class InterpretationPointSerializer(ModelSerializer):
    id = serializers.CharField(source="point_id")
    rules = serializers.SlugRelatedField(slug_field="key", many=True, read_only=True)
    # The Russian beside the English, as a rulebook entry's title_ru.
    question_ru = serializers.SerializerMethodField()
    readings_help_ru = serializers.SerializerMethodField()

    class Meta:
        model = InterpretationPoint
        fields = ["id", "game", "question", "question_ru", "seed_reference", "default", "readings", "readings_help",
                  "readings_help_ru", "rules"]

    def get_question_ru(self, obj) -> str:
        return point_words.question_ru(obj)

    def get_readings_help_ru(self, obj) -> dict[str, str]:
        return point_words.readings_help_ru(obj)


class CitationSerializer(ModelSerializer):
    precedent = serializers.CharField(source="cited.permanent_id")

    class Meta:
        model = PrecedentCitation
        fields = ["precedent", "treatment"]


class CitedBySerializer(ModelSerializer):
    precedent = serializers.CharField(source="citing.permanent_id")

    class Meta:
        model = PrecedentCitation
        fields = ["precedent", "treatment"]


class StandingSerializer(serializers.Serializer):
    """How later published precedents treated this one (from their citations)."""

    word = serializers.ChoiceField(choices=["", *PrecedentCitation.Treatment.values],
                                   help_text="the strongest treatment received; empty when nothing cites it")
    followed_by = serializers.ListField(child=serializers.CharField())
    distinguished_by = serializers.ListField(child=serializers.CharField())
    overruled_by = serializers.ListField(child=serializers.CharField())
    superseded_by = serializers.ListField(child=serializers.CharField())


_STANDING_KEYS = {"follows": "followed_by", "distinguishes": "distinguished_by", "overrules": "overruled_by",
                  "supersedes": "superseded_by"}


class PrecedentSerializer(ModelSerializer):
    # null for the founding precedents and a panel's rulings
    ruled_by = serializers.CharField(source="ruled_by.display_name", default=None, read_only=True, allow_null=True)
    cites_rules = serializers.SlugRelatedField(source="cited_entries", slug_field="key", many=True, read_only=True)
    cites_points = serializers.SlugRelatedField(source="cited_points", slug_field="point_id", many=True,
                                                read_only=True)
    fixes = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()
    standing = serializers.SerializerMethodField()

    class Meta:
        model = Precedent
        fields = ["permanent_id", "url", "title", "situation", "question", "ruling", "title_ru", "situation_ru",
                  "question_ru", "ruling_ru", "status", "ruled_by_kind",
                  "ruled_by", "ruled_on", "effective_from", "withdrawn_on", "founding", "deal_ref",
                  "cites_rules", "cites_points", "fixes", "standing", "updated_at"]

    @extend_schema_field(StandingSerializer)
    def get_standing(self, obj) -> dict:
        # A list sets every row's standing in one query (selectors.with_standing); one row alone
        # reads its own.
        standing = getattr(obj, "standing", None) or selectors.precedent_standings([obj])[obj.pk]
        out = {"word": standing.word}
        for treatment, key in _STANDING_KEYS.items():
            out[key] = [p.permanent_id for p in standing.by_treatment.get(treatment, [])]
        return out

    def get_fixes(self, obj) -> dict[str, str]:
        return {f.point.point_id: f.reading for f in obj.fixes.all()}

    def get_url(self, obj) -> str:
        return obj.get_absolute_url()


class PrecedentDetailSerializer(PrecedentSerializer):
    cites_precedents = CitationSerializer(source="citations", many=True, read_only=True)
    cited_by = CitedBySerializer(many=True, read_only=True)
    panel = serializers.SlugRelatedField(slug_field="display_name", many=True, read_only=True)

    class Meta(PrecedentSerializer.Meta):
        fields = [*PrecedentSerializer.Meta.fields, "deal_snapshot", "panel", "cites_precedents", "cited_by"]


_TEXT = services.TEXT_MAX_LENGTH
_MANY = 200        # rules, points, precedents or readings one precedent cites or fixes


class PrecedentInputSerializer(serializers.Serializer):
    title = serializers.CharField(max_length=200)
    situation = serializers.CharField(max_length=_TEXT)
    question = serializers.CharField(max_length=_TEXT)
    ruling = serializers.CharField(max_length=_TEXT)
    ruled_on = serializers.DateField(required=False, validators=[sane_date_range])
    effective_from = serializers.DateField(required=False, validators=[sane_date_range])
    status = serializers.ChoiceField(choices=["draft", "binding", "advisory"], default="draft")
    ruled_by_kind = serializers.ChoiceField(choices=Precedent.RuledBy.choices, default="croupier")
    panel = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all(), many=True, required=False)
    cites_rules = serializers.ListField(child=serializers.CharField(max_length=40), required=False,
                                        max_length=_MANY)
    cites_points = serializers.ListField(child=serializers.CharField(max_length=60), required=False,
                                         max_length=_MANY)
    cites_precedents = serializers.DictField(child=serializers.ChoiceField(
        choices=PrecedentCitation.Treatment.choices), required=False, validators=[_bounded_mapping(_MANY)])
    fixes = serializers.DictField(child=serializers.CharField(max_length=60), required=False,
                                  validators=[_bounded_mapping(_MANY)])
    deal_ref = serializers.CharField(max_length=120, required=False, allow_blank=True)
    deal_snapshot = serializers.JSONField(required=False)

    def validate_panel(self, value):
        _bounded_mapping(_MANY)(value)
        return value

    def validate_deal_snapshot(self, value):
        try:
            services.check_snapshot_size(value)
        except InvalidInput as exc:
            raise serializers.ValidationError(exc.message)
        return value


class PrecedentUpdateSerializer(serializers.Serializer):
    title = serializers.CharField(max_length=200, required=False)
    situation = serializers.CharField(required=False, max_length=_TEXT)
    question = serializers.CharField(required=False, max_length=_TEXT)
    ruling = serializers.CharField(required=False, max_length=_TEXT)


class PrecedentTransitionSerializer(serializers.Serializer):
    to = serializers.ChoiceField(choices=Precedent.Status.choices)
    on = serializers.DateField(required=False, validators=[sane_date_range])


class ImpactSerializer(ModelSerializer):
    class Meta:
        model = PrecedentImpact
        fields = ["deal_ref", "deal_number", "played_on", "before", "after", "computed_at"]


class DisputeSerializer(ModelSerializer):
    raised_by = serializers.CharField(source="raised_by.display_name", read_only=True)
    # null until the dispute is ruled / published
    ruled_by = serializers.CharField(source="ruled_by.display_name", default=None, read_only=True, allow_null=True)
    precedent = serializers.CharField(source="precedent.permanent_id", default=None, read_only=True,
                                      allow_null=True)

    class Meta:
        model = Dispute
        fields = ["id", "deal_ref", "deal_snapshot", "raised_by", "raised_at", "question", "status", "ruling",
                  "ruled_by", "ruled_at", "precedent"]
        read_only_fields = fields


class DisputeInputSerializer(serializers.Serializer):
    """The deal is named; the archive builds its snapshot from the stored deal (a snapshot sent
    along is ignored)."""

    deal_ref = serializers.CharField(max_length=120)
    question = serializers.CharField(max_length=services.QUESTION_MAX_LENGTH)


class RulingInputSerializer(serializers.Serializer):
    ruling = serializers.CharField(required=False, allow_blank=True, default="", max_length=_TEXT)


class PublishInputSerializer(serializers.Serializer):
    title = serializers.CharField(max_length=200)
    status = serializers.ChoiceField(choices=["draft", "binding", "advisory"], default="binding")
    situation = serializers.CharField(required=False, max_length=_TEXT)
    cites_rules = serializers.ListField(child=serializers.CharField(max_length=40), required=False,
                                        max_length=_MANY)
    cites_points = serializers.ListField(child=serializers.CharField(max_length=60), required=False,
                                         max_length=_MANY)
    cites_precedents = serializers.DictField(child=serializers.ChoiceField(
        choices=PrecedentCitation.Treatment.choices), required=False, validators=[_bounded_mapping(_MANY)])
    fixes = serializers.DictField(child=serializers.CharField(max_length=60), required=False,
                                  validators=[_bounded_mapping(_MANY)])


class SearchHitSerializer(serializers.Serializer):
    kind = serializers.CharField()
    ref = serializers.CharField()
    title = serializers.CharField(help_text="in the language of the request (Accept-Language)")
    rank = serializers.FloatField()
    url = serializers.CharField()
    snippet = serializers.CharField(
        help_text="HTML: a passage of the text, escaped, with the matched words in <mark> elements")


# ----------------------------------------------------------------------------- views
class KeyLookupMixin:
    """A 404 for an address holding a control character, before the database is asked."""

    def get_object(self):
        if search.names_nothing(self.kwargs.get(self.lookup_url_kwarg or self.lookup_field, "")):
            raise Http404
        return super().get_object()


class RulebookViewSet(KeyLookupMixin, viewsets.ReadOnlyModelViewSet):
    """The rulebooks as loaded from the engines: base rules, modifiers, hands, tables, definitions
    and the other games' rules."""

    queryset = RulebookEntry.objects.all()
    serializer_class = RulebookEntrySerializer
    permission_classes = [permissions.AllowAny]
    lookup_field = "key"
    lookup_value_regex = "[^/]+"
    filterset_fields = ["game", "kind"]


class InterpretationPointViewSet(KeyLookupMixin, viewsets.ReadOnlyModelViewSet):
    queryset = InterpretationPoint.objects.prefetch_related("rules")
    serializer_class = InterpretationPointSerializer
    permission_classes = [permissions.AllowAny]
    lookup_field = "point_id"
    lookup_url_kwarg = "point_id"
    lookup_value_regex = "[^/]+"
    filterset_fields = ["game"]


_PRECEDENT_FILTERS = [
    OpenApiParameter("rule", OpenApiTypes.STR, description="a rulebook key: B12, M34, H30, T2, casino-H1 ..."),
    OpenApiParameter("modifier", OpenApiTypes.INT, description="a modifier number (1..100)"),
    OpenApiParameter("hand", OpenApiTypes.INT, description="a hand number (1..64)"),
    OpenApiParameter("point", OpenApiTypes.STR, description="an interpretation point id"),
    OpenApiParameter("status", OpenApiTypes.STR, enum=Precedent.Status.values),
    OpenApiParameter("from", OpenApiTypes.DATE), OpenApiParameter("to", OpenApiTypes.DATE),
    OpenApiParameter("q", OpenApiTypes.STR, description="full-text search, ranked"),
]


def precedent_queryset(request, params):
    """The filtered precedent list shared by the API and the pages, with each row's standing."""
    return selectors.precedent_search(params, member=_member(request))


class PrecedentViewSet(WriteThrottleMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin,
                       viewsets.GenericViewSet):
    """Precedents: published ones for everybody, drafts for croupiers; croupiers file, edit
    drafts, move statuses and read the what-if of a binding precedent."""

    permission_classes = [IsCroupierOrReadOnly]
    throttled_actions = ("create", "partial_update", "transition", "what_if")
    lookup_field = "permanent_id"
    lookup_value_regex = "[^/]+"
    serializer_class = PrecedentSerializer

    def get_queryset(self):
        return selectors.precedent_list(member=_member(self.request))

    @extend_schema(parameters=_PRECEDENT_FILTERS)
    def list(self, request, *args, **kwargs):
        # The key is read before the rows: a write meanwhile moves the version on, and what was
        # read before it is kept under a version nobody asks for any more.
        key = self._kept_key(request)
        kept = cache.get(key) if key else None
        if kept is not None:
            paginator = self.paginator
            paginator.request, paginator.limit, paginator.count = request, paginator.get_limit(request), kept["count"]
            paginator.offset = paginator.get_offset(request)
            paginator.display_page_controls = paginator.count > paginator.limit and paginator.template is not None
            return self.get_paginated_response(kept["results"])
        items = precedent_queryset(request, request.query_params)
        page = self.paginate_queryset(items)
        if page is None:
            return Response(PrecedentSerializer(selectors.with_standing(items), many=True).data)
        data = PrecedentSerializer(selectors.with_standing(page), many=True).data
        if key and self.paginator.offset == LimitOffsetPagination.get_offset(self.paginator, request):
            cache.set(key, {"count": self.paginator.count, "results": data}, archive_cache.FRAGMENT_TIMEOUT)
        return self.get_paginated_response(data)

    def _kept_key(self, request) -> str | None:
        """Where a page of the unfiltered list is kept, with the list's count, under the archive's
        version (rules.archive_cache), for members and for croupiers (who also see drafts) apart: a
        kept page is answered without reading a precedent. A search or a filter is not kept, nor a
        page past the end (the offset asked for is in the key)."""
        if self.paginator is None or not set(request.query_params) <= {"limit", "offset"}:
            return None
        limit = self.paginator.get_limit(request)
        if limit is None:
            return None
        offset = LimitOffsetPagination.get_offset(self.paginator, request)
        member = _member(request)
        return (f"rules:api-precedent-page:{archive_cache.version()}:{translation.get_language()}:"
                f"{int(bool(member and member.is_croupier))}:{limit}:{offset}")

    def _detail(self, permanent_id: str) -> Precedent:
        if search.names_nothing(permanent_id):
            raise Http404
        try:
            return selectors.precedent_detail(permanent_id=permanent_id, member=_member(self.request))
        except Precedent.DoesNotExist:
            raise Http404

    @extend_schema(responses=PrecedentDetailSerializer)
    def retrieve(self, request, permanent_id=None):
        return Response(PrecedentDetailSerializer(self._detail(permanent_id)).data)

    @extend_schema(request=PrecedentInputSerializer, responses={201: PrecedentDetailSerializer})
    def create(self, request):
        data = PrecedentInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        precedent = services.precedent_file(actor=actor_of(request), **data.validated_data)
        return Response(PrecedentDetailSerializer(self._detail(precedent.permanent_id)).data,
                        status=status.HTTP_201_CREATED)

    @extend_schema(request=PrecedentUpdateSerializer, responses=PrecedentDetailSerializer)
    def partial_update(self, request, permanent_id=None):
        data = PrecedentUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        precedent = self._detail(permanent_id)
        services.precedent_update(precedent=precedent, actor=actor_of(request), **data.validated_data)
        return Response(PrecedentDetailSerializer(self._detail(permanent_id)).data)

    @extend_schema(request=PrecedentTransitionSerializer, responses=PrecedentDetailSerializer)
    @action(detail=True, methods=["post"])
    def transition(self, request, permanent_id=None):
        data = PrecedentTransitionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.precedent_transition(precedent=self._detail(permanent_id), actor=actor_of(request),
                                      to=data.validated_data["to"], on=data.validated_data.get("on"))
        return Response(PrecedentDetailSerializer(self._detail(permanent_id)).data)

    # A plain list, not a page: a binding precedent changes a bounded number of past deals.
    @extend_schema(request=None, responses=ImpactSerializer(many=True))
    @action(detail=True, methods=["get", "post"], url_path="what-if", pagination_class=None)
    def what_if(self, request, permanent_id=None):
        """GET: the past deals this precedent would judge differently (the croupier may re-judge
        them). POST (croupiers): compute them again now."""
        precedent = self._detail(permanent_id)
        if request.method == "POST":
            require_croupier(actor_of(request))
            services.precedent_whatif_compute(precedent=precedent)
        return Response(ImpactSerializer(precedent.impacts.all(), many=True).data)


class ReadingsInForceView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("on", OpenApiTypes.DATE, description="the date (today by default)"),
                    OpenApiParameter("game", OpenApiTypes.STR)],
        responses=inline_serializer("ReadingsInForce", {
            "on": serializers.DateField(), "readings": serializers.DictField(child=serializers.CharField()),
            "precedents": serializers.DictField(child=serializers.ListField(child=serializers.CharField()))}))
    def get(self, request):
        on = _date_param(request, "on") or timezone.localdate()
        readings, applied = selectors.readings_in_force(on, game=request.query_params.get("game") or None)
        return Response({"on": on, "readings": readings,
                         "precedents": selectors.readings_by_precedent(applied, readings)})


class SearchView(generics.GenericAPIView):
    """Every hit of a search, best first, a page at a time (``limit`` / ``offset``; ``count`` says
    how many there are), each with a passage of its text with the matched words marked."""

    permission_classes = [permissions.AllowAny]
    serializer_class = SearchHitSerializer
    queryset = SearchDocument.objects.none()  # the hits come from rules.search; this only names the model

    @extend_schema(parameters=[OpenApiParameter("q", OpenApiTypes.STR, required=True),
                               OpenApiParameter("kind", OpenApiTypes.STR, enum=["precedent", "entry"])],
                   responses=SearchHitSerializer(many=True))
    def get(self, request):
        q = search.check_text(request.query_params.get("q", ""))
        kind = request.query_params.get("kind") or None
        if kind not in (None, "precedent", "entry"):
            raise InvalidInput(_("kind: unknown kind %(kind)s.") % {"kind": repr(kind[:40])},
                               extra={"field": "kind", "value": kind[:40]})
        member = _member(request)
        hits = search.search(q, kind=kind, include_private=bool(member and member.is_croupier))
        page = self.paginate_queryset(hits)
        snippets = search.snippets(q, page)
        out = [{"kind": h.kind, "ref": h.ref, "title": h.title, "rank": h.rank,
                "snippet": snippets.get(h.doc_id, ""),
                "url": reverse("rules:precedent_detail" if h.kind == "precedent" else "rules:entry_detail",
                               args=[h.ref])} for h in page]
        return self.get_paginated_response(SearchHitSerializer(out, many=True).data)


class DisputeViewSet(WriteThrottleMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin,
                     viewsets.GenericViewSet):
    """Disputes ("call the croupier"): the players of a table raise them on its deals, croupiers
    rule or order a replay. A member sees the disputes of the deals at their tables
    (:mod:`rules.access`)."""

    serializer_class = DisputeSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["status", "deal_ref"]
    throttled_actions = ("create", "rule", "replay", "publish")

    def get_queryset(self):
        return access.disputes_visible_to(_member(self.request))

    def get_object(self):
        return self._access(for_write=False)

    def _access(self, *, for_write: bool) -> Dispute:
        return access.access_dispute(_member(self.request), self.kwargs.get("pk"), for_write=for_write)

    @extend_schema(request=DisputeInputSerializer, responses={201: DisputeSerializer})
    def create(self, request):
        data = DisputeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        dispute = services.dispute_raise(actor=actor_of(request), **data.validated_data)
        return Response(DisputeSerializer(dispute).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=RulingInputSerializer, responses=DisputeSerializer)
    @action(detail=True, methods=["post"])
    def rule(self, request, pk=None):
        dispute = self._access(for_write=True)
        data = RulingInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        dispute = services.dispute_rule(dispute=dispute, actor=actor_of(request),
                                        ruling=data.validated_data["ruling"])
        return Response(DisputeSerializer(dispute).data)

    @extend_schema(request=RulingInputSerializer, responses=DisputeSerializer)
    @action(detail=True, methods=["post"])
    def replay(self, request, pk=None):
        dispute = self._access(for_write=True)
        data = RulingInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        dispute = services.dispute_replay(dispute=dispute, actor=actor_of(request),
                                          reason=data.validated_data["ruling"])
        return Response(DisputeSerializer(dispute).data)

    @extend_schema(request=PublishInputSerializer, responses={201: PrecedentDetailSerializer})
    @action(detail=True, methods=["post"])
    def publish(self, request, pk=None):
        dispute = self._access(for_write=True)
        data = PublishInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        precedent = services.dispute_publish(dispute=dispute, actor=actor_of(request), **data.validated_data)
        detail = selectors.precedent_detail(permanent_id=precedent.permanent_id, member=_member(request))
        return Response(PrecedentDetailSerializer(detail).data, status=status.HTTP_201_CREATED)


# ----------------------------------------------------------------------------- followed searches
class SavedSearchSerializer(ModelSerializer):
    url = serializers.SerializerMethodField(help_text="the search's page (its secret address)")
    feed_url = serializers.SerializerMethodField(help_text="its Atom feed (the secret is the only key)")

    class Meta:
        model = SavedSearch
        fields = ["id", "query", "filters", "token", "url", "feed_url", "digest", "created_at", "last_digest_at"]
        read_only_fields = fields

    def get_url(self, obj) -> str:
        return obj.get_absolute_url()

    def get_feed_url(self, obj) -> str:
        return reverse("rules:followed_feed", args=[obj.token])


class SavedSearchInputSerializer(serializers.Serializer):
    """The search as the precedent list takes its query string."""

    q = serializers.CharField(required=False, allow_blank=True, max_length=search.QUERY_MAX_LENGTH, trim_whitespace=False)
    rule = serializers.CharField(required=False, allow_blank=True, max_length=40)
    modifier = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=100)
    hand = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=64)
    point = serializers.CharField(required=False, allow_blank=True, max_length=60)
    status = serializers.ChoiceField(required=False, allow_blank=True, choices=Precedent.Status.choices)
    digest = serializers.BooleanField(required=False, default=True, help_text="mail its news daily")

    def get_fields(self):
        # "from" and "to", as the precedent list names them (Python keeps "from" for itself).
        fields = super().get_fields()
        for name in ("from", "to"):
            fields[name] = serializers.DateField(required=False, allow_null=True, validators=[sane_date_range])
        return fields


class SavedSearchViewSet(WriteThrottleMixin, mixins.ListModelMixin, mixins.DestroyModelMixin,
                         viewsets.GenericViewSet):
    """A member's followed searches of the precedent archive: each has an Atom feed at a secret
    address and, while ``digest`` is on, a daily mail of its news. Only his own are listed or
    deleted (another's is a 404)."""

    serializer_class = SavedSearchSerializer
    permission_classes = [permissions.IsAuthenticated]
    throttled_actions = ("create", "destroy")

    def get_queryset(self):
        return selectors.saved_searches_of(_member(self.request))

    @extend_schema(request=SavedSearchInputSerializer, responses={201: SavedSearchSerializer})
    def create(self, request):
        data = SavedSearchInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        digest = values.pop("digest", True)
        actor = actor_of(request)
        saved = services.saved_search_create(actor=actor, params=values, address=request.META.get("REMOTE_ADDR", ""))
        if not digest:
            saved = services.saved_search_digest_set(saved=saved, actor=actor, on=False)
        return Response(SavedSearchSerializer(saved).data, status=status.HTTP_201_CREATED)

    def destroy(self, request, pk=None):
        saved = access.access_own_saved_search(_member(request), pk)
        services.saved_search_delete(saved=saved, actor=actor_of(request))
        return Response(status=status.HTTP_204_NO_CONTENT)
