from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from .models import RSVP, CheckIn, Dimension, Invitation, Member, ScheduledSession, SeatAssignment, Venue


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
        from . import services
        from .selectors import member_for_user

        created = services.invitation_create(
            actor=member_for_user(request.user), email=obj.email, display_name=obj.display_name,
            dimension=obj.dimension, role=obj.role, site_url=request.build_absolute_uri("/"))
        obj.pk, obj.token = created.pk, created.token
