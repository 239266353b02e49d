from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from simple_history.admin import SimpleHistoryAdmin

from . import outbox, services
from .errors import Forbidden
from .models import (
    RSVP,
    CheckIn,
    Dimension,
    Invitation,
    Member,
    OutboxMessage,
    ScheduledSession,
    SeatAssignment,
    Venue,
)
from .selectors import member_for_user


@admin.register(Dimension)
class DimensionAdmin(admin.ModelAdmin):
    list_display = ["name_en", "name_ru", "phonetic", "slug"]
    prepopulated_fields = {"slug": ["name_en"]}
    search_fields = ["name_en", "name_ru"]


@admin.register(Member)
class MemberAdmin(SimpleHistoryAdmin):
    list_display = ["display_name", "dimension", "role", "sex", "beard", "active", "joined"]
    list_filter = ["role", "active", "dimension"]
    search_fields = ["display_name", "user__email"]
    list_select_related = ["dimension"]
    raw_id_fields = ["user"]


@admin.register(Venue)
class VenueAdmin(SimpleHistoryAdmin):
    list_display = ["name", "timezone", "saint_images", "analog_clocks", "digital_clocks", "closed_room"]
    prepopulated_fields = {"slug": ["name"]}


class RSVPInline(admin.TabularInline):
    model = RSVP
    extra = 0
    raw_id_fields = ["member"]


class SeatInline(admin.TabularInline):
    model = SeatAssignment
    extra = 0
    raw_id_fields = ["member"]


@admin.register(ScheduledSession)
class ScheduledSessionAdmin(SimpleHistoryAdmin):
    list_display = ["title", "venue", "starts_at", "game", "status", "capacity"]
    list_filter = ["status", "game", "venue"]
    list_select_related = ["venue"]
    inlines = [RSVPInline, SeatInline]


@admin.register(RSVP)
class RSVPAdmin(SimpleHistoryAdmin):
    list_display = ["session", "member", "answer", "requested_at"]
    list_filter = ["answer"]
    list_select_related = ["session__venue", "member"]


@admin.register(CheckIn)
class CheckInAdmin(admin.ModelAdmin):
    list_display = ["session", "member", "at", "by"]
    list_select_related = ["session__venue", "member", "by"]
    raw_id_fields = ["session", "member", "by"]


@admin.register(SeatAssignment)
class SeatAssignmentAdmin(SimpleHistoryAdmin):
    list_display = ["session", "seat", "member"]
    list_select_related = ["session__venue", "member"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["email", "display_name", "role", "created_at", "sent_at", "accepted_at"]
    fields = ["email", "display_name", "dimension", "role", "token", "sent_at", "accepted_at"]
    readonly_fields = ["token", "sent_at", "accepted_at"]

    def save_model(self, request, obj, form, change):
        if change:
            return super().save_model(request, obj, form, change)
        # New invitations go through the service, which makes the token and sends the mail.
        created = services.invitation_create(
            actor=member_for_user(request.user), email=obj.email, display_name=obj.display_name,
            dimension=obj.dimension, role=obj.role, site_url=request.build_absolute_uri("/"))
        obj.pk, obj.token = created.pk, created.token


class OutboxStateFilter(admin.SimpleListFilter):
    title = _("state")
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [("waiting", _("waiting")), ("dead", _("given up")), ("sent", _("sent"))]

    def queryset(self, request, queryset):
        if self.value() == "waiting":
            return queryset.filter(sent_at__isnull=True, dead_at__isnull=True)
        if self.value() == "dead":
            return queryset.filter(sent_at__isnull=True, dead_at__isnull=False)
        if self.value() == "sent":
            return queryset.filter(sent_at__isnull=False)
        return queryset


@admin.register(OutboxMessage)
class OutboxMessageAdmin(admin.ModelAdmin):
    """The outbox, read-only: what waits, what was sent, and the messages given up after
    OUTBOX_MAX_ATTEMPTS failures, which an admin sends again."""

    list_display = ["task", "created_at", "sent_at", "attempts", "dead_at", "last_error_start"]
    list_filter = [OutboxStateFilter]
    search_fields = ["task", "task_id"]
    readonly_fields = ["task", "task_id", "args", "kwargs", "created_at", "sent_at", "attempts", "last_error",
                       "dead_at"]
    actions = ["retry_dead"]

    @admin.display(description=_("last error"))
    def last_error_start(self, obj):
        return obj.last_error[:120]

    def has_add_permission(self, request):
        return False

    def changelist_view(self, request, extra_context=None):
        dead = outbox.dead_count()
        if dead and request.method == "GET":
            self.message_user(request, ngettext(
                "%(n)s message was given up after failing too often: select it and send it again.",
                "%(n)s messages were given up after failing too often: select them and send them again.",
                dead) % {"n": dead}, messages.WARNING)
        return super().changelist_view(request, extra_context)

    @admin.action(description=_("Send the given-up messages again"), permissions=["change"])
    def retry_dead(self, request, queryset):
        try:
            revived = outbox.outbox_retry(actor=member_for_user(request.user),
                                          pks=list(queryset.values_list("pk", flat=True)))
        except Forbidden as error:
            self.message_user(request, error.message, messages.ERROR)
            return
        self.message_user(request, ngettext("%(n)s message will be sent again.",
                                            "%(n)s messages will be sent again.", revived) % {"n": revived})
