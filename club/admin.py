from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from .models import RSVP, Dimension, Invitation, Member, ScheduledSession, SeatAssignment, Venue


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


@admin.register(SeatAssignment)
class SeatAssignmentAdmin(SimpleHistoryAdmin):
    list_display = ["session", "seat", "member"]
    list_select_related = ["session__venue", "member"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["email", "display_name", "role", "created_at", "accepted_at"]
    readonly_fields = ["token", "accepted_at"]
