"""Admin views of the tournaments: for looking; changes go through the site's pages and API,
where the services check them."""

from django.contrib import admin

from .models import Entry, Rating, Round, Stage, Standing, Table, Tournament


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    readonly_fields = ["member", "withdrawn_after_stage"]
    can_delete = False


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ["name", "date", "venue", "status"]
    list_filter = ["status"]
    search_fields = ["name", "slug"]
    inlines = [EntryInline]


@admin.register(Stage)
class StageAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "number", "method"]


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["stage", "number"]
    list_select_related = ["stage__tournament"]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["table", "number", "version", "live", "flagged", "recorded_by", "recorded_at"]
    list_filter = ["flagged", "live"]
    list_select_related = ["table__stage__tournament", "recorded_by"]


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "rank", "entry", "points", "tied"]
    list_select_related = ["tournament", "entry__member"]


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ["member", "tournament", "ordinal", "mu", "sigma"]
    list_select_related = ["member", "tournament"]
