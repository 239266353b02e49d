"""The club's REST API: thin views over the services and selectors."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field, inline_serializer
from rest_framework import generics, mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from . import access, audit, member_import, selectors, services
from .anonymise import member_anonymise
from .api_serializers import ModelSerializer
from .errors import Forbidden, InvalidInput
from .member_data import member_data_zip
from .models import RSVP, Dimension, Invitation, Member, ScheduledSession, SeatAssignment, Venue
from .seats import Seat
from .validators import INT32_MAX, query_date, query_int, sane_date_range, shown


def actor_of(request) -> Member:
    member = selectors.member_for_user(request.user)
    if member is None:
        raise Forbidden(_("This account is not a club member."))
    return member


class IsCroupierOrReadOnly(permissions.BasePermission):
    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        member = selectors.member_for_user(request.user)
        return bool(member and member.is_croupier and member.active)


class IsAdminOrReadOnly(permissions.BasePermission):
    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        member = selectors.member_for_user(request.user)
        return bool(member and member.is_admin and member.active)


class SlugField(serializers.SlugRelatedField):
    """A slug with a NUL byte names nothing (PostgreSQL cannot compare it): a 400, not a 500."""

    def to_internal_value(self, data):
        if isinstance(data, str) and "\x00" in data:
            self.fail("does_not_exist", slug_name=self.slug_field, value=data.replace("\x00", "\\x00"))
        return super().to_internal_value(data)


class DimensionSerializer(ModelSerializer):
    class Meta:
        model = Dimension
        fields = ["id", "slug", "name_en", "name_ru", "phonetic", "description"]


class MemberSerializer(ModelSerializer):
    dimension = SlugField(slug_field="slug", queryset=Dimension.objects.all())

    class Meta:
        model = Member
        fields = ["id", "display_name", "dimension", "sex", "beard", "role", "joined", "active"]
        # A taken name is a conflict (409), which the service reports.
        extra_kwargs = {"display_name": {"validators": []}, "joined": {"validators": [sane_date_range]}}


class MemberCreateSerializer(MemberSerializer):
    email = serializers.EmailField(write_only=True)
    password = serializers.CharField(write_only=True, required=False, min_length=8)

    class Meta(MemberSerializer.Meta):
        fields = [*MemberSerializer.Meta.fields, "email", "password"]


class VenueSerializer(ModelSerializer):
    exits = serializers.IntegerField(read_only=True)

    class Meta:
        model = Venue
        fields = ["id", "slug", "name", "address", "latitude", "longitude", "timezone", "saint_images",
                  "analog_clocks", "digital_clocks", "natural_table", "doors", "windows", "chimneys",
                  "exits", "closed_room"]
        extra_kwargs = {name: {"max_value": 1000} for name in (
            "saint_images", "analog_clocks", "digital_clocks", "doors", "windows", "chimneys")}


class SeatSerializer(ModelSerializer):
    member_name = serializers.CharField(source="member.display_name", read_only=True)

    class Meta:
        model = SeatAssignment
        fields = ["seat", "member", "member_name"]


class RSVPSerializer(ModelSerializer):
    member_name = serializers.CharField(source="member.display_name", read_only=True)

    class Meta:
        model = RSVP
        fields = ["id", "session", "member", "member_name", "answer", "requested_at"]
        read_only_fields = fields


class SessionSerializer(ModelSerializer):
    venue = SlugField(slug_field="slug", queryset=Venue.objects.all())
    going_count = serializers.IntegerField(read_only=True)
    waitlist_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = ScheduledSession
        fields = ["id", "title", "venue", "starts_at", "ends_at", "kind", "game", "min_stake", "max_stake", "capacity",
                  "status", "notes", "going_count", "waitlist_count"]
        read_only_fields = ["status"]
        extra_kwargs = {"starts_at": {"validators": [sane_date_range]}, "ends_at": {"validators": [sane_date_range]},
                        "min_stake": {"max_value": 100000}, "max_stake": {"max_value": 100000}}


class SessionDetailSerializer(SessionSerializer):
    """Who answered and where they sit are for members' eyes: others get the counts only."""

    rsvps = serializers.SerializerMethodField()
    seats = serializers.SerializerMethodField()

    checked_in_count = serializers.SerializerMethodField(
        help_text="How many members were checked in at the door; set it against going_count, how many said they would come.")

    class Meta(SessionSerializer.Meta):
        fields = [*SessionSerializer.Meta.fields, "checked_in_count", "rsvps", "seats"]

    @extend_schema_field(serializers.IntegerField())
    def get_checked_in_count(self, session) -> int:
        return session.checkins.count()

    def _for_members(self) -> bool:
        request = self.context.get("request")
        return request is not None and selectors.member_for_user(request.user) is not None

    @extend_schema_field(RSVPSerializer(many=True))
    def get_rsvps(self, session) -> list:
        return RSVPSerializer(session.rsvps.all(), many=True).data if self._for_members() else []

    @extend_schema_field(SeatSerializer(many=True))
    def get_seats(self, session) -> list:
        return SeatSerializer(session.seats.all(), many=True).data if self._for_members() else []


class RSVPInputSerializer(serializers.Serializer):
    answer = serializers.ChoiceField(choices=[RSVP.Answer.GOING, RSVP.Answer.MAYBE, RSVP.Answer.DECLINED])
    member = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all(), required=False)


class TransitionInputSerializer(serializers.Serializer):
    to = serializers.ChoiceField(choices=ScheduledSession.Status.choices)


class SeatInputSerializer(serializers.Serializer):
    member = serializers.PrimaryKeyRelatedField(queryset=Member.objects.all())
    seat = serializers.ChoiceField(choices=Seat.choices)


class SeatingInputSerializer(serializers.Serializer):
    seats = SeatInputSerializer(many=True, required=False)
    seed = serializers.CharField(required=False, max_length=64)


class InvitationSerializer(ModelSerializer):
    dimension = SlugField(slug_field="slug", queryset=Dimension.objects.all())

    class Meta:
        model = Invitation
        fields = ["id", "email", "display_name", "dimension", "role", "created_at", "sent_at", "accepted_at"]
        read_only_fields = ["created_at", "sent_at", "accepted_at"]


class MemberImportSerializer(serializers.Serializer):
    file = serializers.FileField(required=False, allow_empty_file=True)
    csv = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False,
                                max_length=member_import.MAX_BYTES)
    dry_run = serializers.BooleanField(default=False)


class MemberImportResultSerializer(serializers.Serializer):
    dry_run = serializers.BooleanField()
    count = serializers.IntegerField()
    rows = inline_serializer("MemberImportRow", fields={
        "line": serializers.IntegerField(), "name": serializers.CharField(), "email": serializers.EmailField(),
        "dimension": serializers.CharField(), "role": serializers.CharField(), "language": serializers.CharField()},
        many=True)
    invitations = serializers.ListField(child=serializers.IntegerField())


class InvitationViewSet(mixins.ListModelMixin, mixins.CreateModelMixin, viewsets.GenericViewSet):
    """Admins invite new members; the invitation mail goes out after the request commits."""

    serializer_class = InvitationSerializer
    queryset = Invitation.objects.none()
    permission_classes = [permissions.IsAuthenticated]

    def create(self, request, *args, **kwargs):
        access.check_admin(actor_of(request))
        return super().create(request, *args, **kwargs)

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Invitation.objects.none()
        actor = actor_of(self.request)
        if not actor.is_admin:
            raise Forbidden(_("Only an admin may see invitations."))
        return Invitation.objects.select_related("dimension")

    def perform_create(self, serializer):
        serializer.instance = services.invitation_create(
            actor=actor_of(self.request), site_url=self.request.build_absolute_uri("/"), **serializer.validated_data)

    @extend_schema(request=MemberImportSerializer, responses={200: MemberImportResultSerializer})
    @action(detail=False, methods=["post"], url_path="import")
    def import_csv(self, request):
        """Members from a CSV file (``file``, or its text as ``csv``), one invitation each; with
        ``dry_run`` only the check. Any bad row refuses the whole file: a 400 whose ``extra.errors``
        names every bad cell by line and column."""
        actor = access.check_admin(actor_of(request))
        serializer = MemberImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        upload = serializer.validated_data.get("file")
        text = serializer.validated_data.get("csv")
        if upload is None and not text:
            raise InvalidInput(_("Send the CSV file as “file”, or its text as “csv”."), extra={"field": "file"})
        data = upload.read(member_import.MAX_BYTES + 1) if upload is not None else text.encode()
        plan, invitations = member_import.members_import(
            actor=actor, data=data, dry_run=serializer.validated_data["dry_run"],
            site_url=request.build_absolute_uri("/"))
        return Response({"dry_run": serializer.validated_data["dry_run"], "count": len(plan.rows),
                         "rows": [row.as_dict() for row in plan.rows],
                         "invitations": [invitation.pk for invitation in invitations]})


class DimensionViewSet(viewsets.ModelViewSet):
    queryset = Dimension.objects.all()
    serializer_class = DimensionSerializer
    permission_classes = [IsAdminOrReadOnly]
    lookup_field = "slug"

    def perform_create(self, serializer):
        serializer.instance = services.dimension_create(**serializer.validated_data)


class VenueViewSet(viewsets.ModelViewSet):
    queryset = Venue.objects.all()
    serializer_class = VenueSerializer
    permission_classes = [IsCroupierOrReadOnly]
    lookup_field = "slug"

    def perform_create(self, serializer):
        serializer.instance = services.venue_create(actor=actor_of(self.request), **serializer.validated_data)


class AnonymiseSerializer(serializers.Serializer):
    confirm = serializers.BooleanField(help_text="true: anonymising cannot be undone")


class MemberViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                    mixins.UpdateModelMixin, viewsets.GenericViewSet):
    queryset = selectors.members_list()
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["role", "active", "dimension__slug"]

    def get_serializer_class(self):
        return MemberCreateSerializer if self.action == "create" else MemberSerializer

    def create(self, request, *args, **kwargs):
        access.check_admin(actor_of(request))
        serializer = MemberCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        member = services.member_create(actor=actor_of(request), **serializer.validated_data)
        return Response(MemberSerializer(member).data, status=status.HTTP_201_CREATED)

    def update(self, request, *args, **kwargs):
        access.check_member_edit(actor_of(request), self.get_object())
        return super().update(request, *args, **kwargs)

    def perform_update(self, serializer):
        serializer.instance = services.member_update(member=serializer.instance, actor=actor_of(self.request),
                                                     **serializer.validated_data)

    @extend_schema(responses=MemberSerializer)
    @action(detail=False, methods=["get"])
    def me(self, request):
        return Response(MemberSerializer(actor_of(request)).data)

    @extend_schema(responses={(200, "application/zip"): OpenApiTypes.BINARY})
    @action(detail=False, methods=["get"], url_path="me/data")
    def my_data(self, request):
        """Everything the club keeps about the caller, as the zip of JSON and CSV files his
        profile offers; only ever his own."""
        member = actor_of(request)
        access.check_own_data(member, member)
        answer = HttpResponse(member_data_zip(member=member, site=request.build_absolute_uri("/")),
                              content_type="application/zip")
        answer["Content-Disposition"] = f'attachment; filename="my-data-{timezone.localdate().isoformat()}.zip"'
        return answer

    @extend_schema(request=AnonymiseSerializer, responses=MemberSerializer)
    @action(detail=True, methods=["post"])
    def anonymise(self, request, pk=None):
        """An admin anonymises a member who left, for good: his name, address, login, tokens and
        devices go; his ledger entries and results stay. ``confirm`` must be true."""
        actor = actor_of(request)
        access.check_admin(actor)
        member = self.get_object()
        data = AnonymiseSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if not data.validated_data["confirm"]:
            raise InvalidInput(_("Confirm with confirm: true; anonymising cannot be undone."),
                               extra={"field": "confirm", "value": False})
        member_anonymise(actor=actor, member=member)
        return Response(MemberSerializer(member).data)


class SessionViewSet(viewsets.ModelViewSet):
    permission_classes = [IsCroupierOrReadOnly]
    lookup_value_regex = r"[0-9]+"
    filterset_fields = ["status", "kind", "game", "venue__slug"]
    http_method_names = ["get", "post", "patch", "head", "options"]

    def get_queryset(self):
        if self.action == "retrieve":
            return selectors.sessions_with_counts().prefetch_related("rsvps__member", "seats__member")
        return selectors.sessions_with_counts().order_by("starts_at")

    def get_serializer_class(self):
        return SessionDetailSerializer if self.action == "retrieve" else SessionSerializer

    def perform_create(self, serializer):
        serializer.instance = services.session_create(actor=actor_of(self.request), **serializer.validated_data)

    def perform_update(self, serializer):
        session = services.session_update(session=serializer.instance, actor=actor_of(self.request),
                                          **serializer.validated_data)
        # Answered with its counts as they stand after the change (a larger capacity may have
        # given waitlisted members their places).
        serializer.instance = selectors.sessions_with_counts().get(pk=session.pk)

    def _detail(self, pk) -> Response:
        return Response(SessionDetailSerializer(selectors.session_detail(pk=pk), context={"request": self.request}).data)

    @extend_schema(request=RSVPInputSerializer, responses=RSVPSerializer)
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def rsvp(self, request, pk=None):
        session = get_object_or_404(ScheduledSession, pk=pk)
        data = RSVPInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        actor = actor_of(request)
        member = data.validated_data.get("member", actor)
        rsvp = services.rsvp_set(session=session, member=member, actor=actor, answer=data.validated_data["answer"])
        return Response(RSVPSerializer(rsvp).data)

    @extend_schema(request=TransitionInputSerializer, responses=SessionDetailSerializer)
    @action(detail=True, methods=["post"])
    def transition(self, request, pk=None):
        session = get_object_or_404(ScheduledSession, pk=pk)
        data = TransitionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.session_transition(session=session, actor=actor_of(request), to=data.validated_data["to"])
        return self._detail(pk)

    @extend_schema(
        request=SeatingInputSerializer,
        responses={200: inline_serializer("SeatingProposal", {"seats": SeatSerializer(many=True)})},
    )
    @action(detail=True, methods=["post"])
    def seating(self, request, pk=None):
        """Set the seating: give ``seats`` explicitly, or a ``seed`` (or nothing) to apply the
        proposed seating for the members who are going."""
        session = get_object_or_404(ScheduledSession, pk=pk)
        data = SeatingInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        actor = actor_of(request)
        if data.validated_data.get("seats"):
            rows = services.seating_set(session=session, actor=actor, assignments={
                row["member"].pk: row["seat"] for row in data.validated_data["seats"]})
        else:
            rows = services.seating_apply_proposal(session=session, actor=actor, seed=data.validated_data.get("seed"))
        return Response({"seats": SeatSerializer(rows, many=True).data})

    @extend_schema(request=SeatInputSerializer, responses=SeatSerializer)
    @action(detail=True, methods=["post"], url_path="seat")
    def seat(self, request, pk=None):
        session = get_object_or_404(ScheduledSession, pk=pk)
        data = SeatInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        row = services.seat_assign(session=session, actor=actor_of(request), member=data.validated_data["member"],
                                   seat=data.validated_data["seat"])
        return Response(SeatSerializer(row).data)


# --- the club's history, for its admins ---------------------------------------------------------

AuditChange = inline_serializer("AuditChange", {
    "field": serializers.CharField(), "name": serializers.CharField(),
    "old": serializers.CharField(), "new": serializers.CharField()}, many=True)
AuditRow = inline_serializer("AuditRow", {
    "when": serializers.DateTimeField(),
    "who": inline_serializer("AuditWho", {"id": serializers.IntegerField(), "name": serializers.CharField()},
                             allow_null=True),
    "kind": serializers.CharField(), "kind_name": serializers.CharField(),
    "change": serializers.CharField(), "change_name": serializers.CharField(),
    "object": inline_serializer("AuditObject", {
        "id": serializers.IntegerField(), "label": serializers.CharField(),
        "url": serializers.CharField(allow_null=True)}),
    "changes": AuditChange,
}, many=True)


def _audit_filters(params) -> audit.Filters:
    kind = params.get("kind") or None
    if kind is not None and kind not in audit.KINDS:
        raise InvalidInput(_("kind: %(value)s is not a kind of object the club keeps a history of (%(kinds)s).")
                           % {"value": repr(shown(kind)), "kinds": ", ".join(audit.KINDS)},
                           extra={"field": "kind", "value": shown(kind)})
    member_id = query_int(params, "member", min_value=1, max_value=INT32_MAX)
    member = None
    if member_id is not None:
        member = Member.objects.filter(pk=member_id).first()
        if member is None:
            raise InvalidInput(_("member: there is no member %(value)s.") % {"value": member_id},
                               extra={"field": "member", "value": str(member_id)})
    object_id = query_int(params, "object", min_value=1, max_value=INT32_MAX)
    if object_id is not None and kind is None:
        raise InvalidInput(_("object: name the kind of object too (kind=...)."),
                           extra={"field": "object", "value": str(object_id)})
    since, until = query_date(params, "since"), query_date(params, "until")
    if since and until and since > until:
        raise InvalidInput(_("until: %(until)s is before %(since)s.") % {"until": until, "since": since},
                           extra={"field": "until", "value": str(until)})
    if object_id is not None:
        return audit.Filters(member=member, since=since, until=until, object_kind=kind, object_id=object_id)
    return audit.Filters(member=member, kind=kind, since=since, until=until)


@extend_schema(
    parameters=[
        OpenApiParameter("member", int, description="Who made the change (a member id)."),
        OpenApiParameter("kind", str, enum=list(audit.KINDS), description="The kind of object changed."),
        OpenApiParameter("object", int, description="One object's history (with kind): its own rows and those "
                                                    "that belong to it."),
        OpenApiParameter("since", OpenApiTypes.DATE), OpenApiParameter("until", OpenApiTypes.DATE),
    ],
    responses=AuditRow)
class AuditView(generics.GenericAPIView):
    """The club's history for its admins: who changed what and when, the newest first."""

    permission_classes = [permissions.IsAuthenticated]
    filter_backends: list = []

    def get(self, request):
        access.check_audit(selectors.member_for_user(request.user))
        filters = _audit_filters(request.query_params)
        page = self.paginate_queryset(audit.history_rows(filters))
        rows = audit.rows_for_page(list(page))
        return self.get_paginated_response([{
            "when": row.when.isoformat(),
            "who": {"id": row.who.pk, "name": row.who.display_name} if row.who else None,
            "kind": row.kind, "kind_name": row.kind_name, "change": {"+": "created", "~": "changed",
                                                                     "-": "deleted"}[row.change],
            "change_name": row.change_name,
            "object": {"id": row.object_id, "label": row.label, "url": row.url},
            "changes": [{"field": c.field, "name": c.name, "old": c.old, "new": c.new} for c in row.changes],
        } for row in rows])
